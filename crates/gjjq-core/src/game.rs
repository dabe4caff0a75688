//! `Game`: a position with its history, for the draws that need one (R-24 repetition, R-25
//! no-capture limit) and the results a record states (resignation, agreement).

use std::collections::HashMap;

use thiserror::Error;

use crate::moves::{Move, MoveList};
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::square::Side;

/// A game: the starting position, the moves played, and the Zobrist key of every position
/// reached.
///
/// Every per-ply check is O(1) amortised, so playing n plies takes O(n) time (R-24's
/// repetition count is a hash-map look-up, not a scan of the history). Next to the key history
/// the game counts the keys reached since the last capture: pieces never come back, so a
/// position with more pieces cannot recur and a capture empties the counts.
///
/// ```
/// use gjjq_core::{Game, Position};
/// let mut game = Game::new(Position::default());
/// let m = game.legal_moves()[0];
/// game.play(m)?;
/// assert_eq!(game.moves(), &[m]);
/// assert!(game.outcome().is_none());
/// # Ok::<(), gjjq_core::GameError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// The Zobrist key of every position reached, the start first.
    keys: Vec<u64>,
    /// How often each key occurs among the positions since the last capture (the tail of
    /// `keys` with as many pieces as the current position, the only ones it can repeat). An
    /// undo decrements the popped key, and after undoing a capture rebuilds from that tail.
    counts: HashMap<u64, u32>,
    declared: Option<Outcome>,
}

/// A move the game refuses.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The game is over.
    #[error("the game is over ({outcome}); no move may follow")]
    Finished {
        /// How it ended.
        outcome: Outcome,
    },
    /// The move is not legal in the current position.
    #[error("move {ply}: {mv} is not legal in {position}")]
    Illegal {
        /// The ply number the move would have had, from 1.
        ply: usize,
        /// The refused move.
        mv: Move,
        /// The position it was tried in.
        position: Box<Position>,
    },
}

impl Game {
    /// A game from `start`.
    #[must_use]
    pub fn new(start: Position) -> Game {
        let key = start.hash();
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            keys: vec![key],
            counts: HashMap::from([(key, 1)]),
            declared: None,
        }
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How often the current position has occurred (R-24: placement, side to move, pending
    /// returns), this time included.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        self.counts
            .get(&self.position.hash())
            .map_or(0, |&n| n as usize)
    }

    /// The result, if the game is over: a declared result first, then in the order of R-25
    /// king captured, trapped king, no move, insufficient material (the position's own
    /// [`Position::outcome`]), third repetition (R-24), the no-capture limit (R-25).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.declared {
            return Some(o);
        }
        match self.position.outcome() {
            // R-25's order puts repetition before the no-capture limit.
            Some(o) if o.reason == EndReason::NoCaptureLimit => {
                Some(self.repetition().unwrap_or(o))
            }
            Some(o) => Some(o),
            None => self.repetition(),
        }
    }

    /// The draw that needs the history: third repetition (R-24).
    fn repetition(&self) -> Option<Outcome> {
        (self.repetitions() >= 3).then_some(Outcome::draw(EndReason::Repetition))
    }

    /// The legal moves now: none once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        // The position's own outcomes (R-21 … R-25) are exactly an empty list.
        if self.declared.is_some() || self.repetition().is_some() {
            MoveList::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// Play `m`.
    ///
    /// # Errors
    /// [`GameError::Finished`] after the end, [`GameError::Illegal`] for a move that is not
    /// legal; the game is unchanged either way.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished { outcome });
        }
        if !self.position.is_legal(&m) {
            return Err(GameError::Illegal {
                ply: self.moves.len() + 1,
                mv: m,
                position: Box::new(self.position.clone()),
            });
        }
        let pieces = self.position.occupied().count();
        self.position.play_unchecked(m);
        self.moves.push(m);
        let key = self.position.hash();
        self.keys.push(key);
        if self.position.occupied().count() < pieces {
            // R-24 compares whole placements: none reached before this capture can recur.
            self.counts.clear();
        }
        *self.counts.entry(key).or_insert(0) += 1;
        Ok(())
    }

    /// `side` resigns: the other side wins.
    ///
    /// # Errors
    /// [`GameError::Finished`] if the game is already over.
    pub fn resign(&mut self, side: Side) -> Result<(), GameError> {
        self.declare(Outcome::win(side.other(), EndReason::Resignation))
    }

    /// The players agree a draw.
    ///
    /// # Errors
    /// [`GameError::Finished`] if the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.declare(Outcome::draw(EndReason::Agreement))
    }

    /// Record a result stated from outside the rules (a record's result tag).
    ///
    /// # Errors
    /// [`GameError::Finished`] if the game is already over.
    pub fn declare(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished { outcome });
        }
        self.declared = Some(outcome);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // R-24: the hash-map count equals a scan of the whole key history, captures included.
    #[test]
    fn repetition_count_matches_a_scan_of_the_history() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut captures = 0;
        for _ in 0..20 {
            let mut game = Game::new(Position::default());
            while game.moves().len() < 400 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let m = moves[(state % moves.len() as u64) as usize];
                captures += usize::from(game.position().piece_at(m.to()).is_some());
                game.play(m).unwrap();
                let now = game.position().hash();
                let scan = game.keys.iter().filter(|&&k| k == now).count();
                assert_eq!(game.repetitions(), scan);
            }
        }
        assert!(
            captures > 20,
            "the games capture, so the reset is exercised"
        );
    }
}
