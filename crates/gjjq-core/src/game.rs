//! `Game`: a position with its history, for the draws that need one (R-24 repetition, R-25
//! no-capture limit) and the results a record states (resignation, agreement).

use junqi_game::History;
use thiserror::Error;

use crate::moves::{Move, MoveList};
use crate::outcome::{DrawReason, Outcome, WinReason, is_third_repetition};
use crate::position::Position;
use crate::square::Side;

/// A game: the starting position, the moves played, and the Zobrist key of every position
/// reached, kept in the shared model's [`History`], and a stated result.
///
/// Every per-ply operation is O(1) amortised: repetition (R-24) is counted in the history's
/// hash map of keys, so a game of a million plies replays in time linear in its length.
///
/// ```
/// use gjjq_core::{Game, Position, Undone};
/// let mut game = Game::new(Position::default());
/// let m = game.legal_moves()[0];
/// game.play(m)?;
/// assert_eq!(game.moves(), &[m]);
/// assert!(game.outcome().is_none());
/// assert_eq!(game.undo(), Some(Undone::Move(m)));
/// assert_eq!(game.position(), &Position::default());
/// # Ok::<(), gjjq_core::GameError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    history: History<Position>,
    stated: Option<Outcome>,
}

/// What [`Game::undo`] took back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undone {
    /// The last move, now taken back.
    Move(Move),
    /// A stated result (resignation or agreed draw), removed; the moves are unchanged.
    Result(Outcome),
}

impl Undone {
    /// The move taken back, if it was a move.
    #[must_use]
    pub const fn into_move(self) -> Option<Move> {
        match self {
            Undone::Move(m) => Some(m),
            Undone::Result(_) => None,
        }
    }
}

/// A move or a stated result that the game refuses.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
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
        Game {
            history: History::new(start),
            stated: None,
        }
    }
}

// `keys` are the Zobrist keys ([`Position::zobrist_hash`]): a search extends repetition (R-24)
// beyond the game by counting its own keys together with these.
junqi_game::history_getters!(Game: Position);

junqi_game::getters! {
    impl Game {
        /// The moves played so far.
        pub moves -> &[Move] = history.actions();
    }
}

impl Game {
    /// Each position before a move, with that move, from the start.
    ///
    /// ```
    /// use gjjq_core::{Game, Position};
    /// let mut game = Game::new(Position::default());
    /// for _ in 0..3 {
    ///     let m = game.legal_moves()[0];
    ///     game.play(m)?;
    /// }
    /// let plies: Vec<_> = game.plies().collect();
    /// assert_eq!(plies.len(), 3);
    /// assert_eq!(plies[0].0, Position::default());
    /// # Ok::<(), gjjq_core::GameError>(())
    /// ```
    pub fn plies(&self) -> impl Iterator<Item = (Position, Move)> + '_ {
        let mut pos = self.start().clone();
        self.moves().iter().map(move |&m| {
            let before = pos.clone();
            pos.play_unchecked(m);
            (before, m)
        })
    }

    /// How often the current position has occurred (R-24: placement, side to move, pending
    /// returns), this time included. O(1).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        self.history.occurrences()
    }

    /// The result, if the game is over: a stated result first (resignation, agreement), then
    /// in the order of R-25 king captured, trapped king, no move, insufficient material (the
    /// position's own [`Position::outcome`]), third repetition (R-24), the no-capture limit
    /// (R-25, which the position's own counter decides): [`Position::outcome_with_repetitions`]
    /// with this position's count.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.stated {
            return Some(o);
        }
        self.position().outcome_with_repetitions(self.repetitions())
    }

    /// The legal moves now: none once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        // The position's own outcomes (R-21 … R-25) are exactly an empty list.
        if self.stated.is_some() || is_third_repetition(self.repetitions()) {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Play `m`. Cost: the game's outcome (one adjudication of the position), a legality test
    /// of `m` ([`Position::is_legal`]) and the move itself.
    ///
    /// # Errors
    /// [`GameError::Finished`] after the end, [`GameError::Illegal`] for a move that is not
    /// legal; the game is unchanged either way.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished { outcome });
        }
        if !self.position().is_legal(m) {
            return Err(GameError::Illegal {
                ply: self.history.len() + 1,
                mv: m,
                position: Box::new(self.position().clone()),
            });
        }
        self.history.push(m, None);
        Ok(())
    }

    /// Take back the last move, or a stated result (a resignation or an agreed draw), which
    /// goes first: [`Undone::Result`] when a stated result was removed (the moves stay),
    /// [`Undone::Move`] with the move taken back, `None` only when nothing is left to take
    /// back. Cost: at most 256 moves replayed from a stored position.
    pub fn undo(&mut self) -> Option<Undone> {
        if let Some(outcome) = self.stated.take() {
            return Some(Undone::Result(outcome));
        }
        let (m, _) = self.history.pop()?;
        Some(Undone::Move(m))
    }

    /// `side` resigns: the other side wins.
    ///
    /// # Errors
    /// [`GameError::Finished`] if the game is already over.
    pub fn resign(&mut self, side: Side) -> Result<(), GameError> {
        self.state(Outcome::win(side.other(), WinReason::Resignation))
    }

    /// The players agree a draw.
    ///
    /// # Errors
    /// [`GameError::Finished`] if the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.state(Outcome::Draw(DrawReason::Agreement))
    }

    fn state(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished { outcome });
        }
        self.stated = Some(outcome);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Undo across snapshot boundaries gives back exactly the positions and keys played.
    #[test]
    fn undo_restores_every_position() {
        // Random quiet moves: the seal holds and the game goes on long enough to cross
        // several snapshots.
        let mut game = Game::new(Position::default());
        let mut positions = vec![game.position().clone()];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        while game.moves().len() < 3 * 256 + 10 {
            let pos = game.position();
            let quiet: Vec<Move> = game
                .legal_moves()
                .into_iter()
                .filter(|&m| pos.piece_at(m.to()).is_none())
                .collect();
            if quiet.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            game.play(quiet[(state % quiet.len() as u64) as usize])
                .unwrap();
            positions.push(game.position().clone());
        }
        let played = game.moves().len();
        assert!(played > 2 * 256, "{played} plies");
        while game.undo().is_some() {
            assert_eq!(game.position(), &positions[game.moves().len()]);
            assert_eq!(game.keys().len(), game.moves().len() + 1);
            let now = game.position().zobrist_hash();
            let scanned = game.keys().iter().filter(|&&k| k == now).count();
            assert_eq!(
                game.repetitions(),
                scanned,
                "counts kept in step after undo"
            );
        }
        assert_eq!(game.position(), &Position::default());
        assert_eq!(game.keys(), &[Position::default().zobrist_hash()]);
    }

    #[test]
    fn a_stated_result_is_undone_first() {
        let mut game = Game::new(Position::default());
        game.resign(Side::Red).unwrap();
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Side::Green,
                reason: WinReason::Resignation
            })
        );
        assert!(game.agree_draw().is_err());
        // Issue 26 item 16: removing the stated result is told apart from nothing left.
        assert_eq!(
            game.undo(),
            Some(Undone::Result(Outcome::Win {
                winner: Side::Green,
                reason: WinReason::Resignation
            }))
        );
        assert_eq!(game.outcome(), None);
        assert_eq!(game.undo(), None, "nothing left to take back");
    }

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
                let now = game.position().zobrist_hash();
                let scan = game.keys().iter().filter(|&&k| k == now).count();
                assert_eq!(game.repetitions(), scan);
            }
        }
        assert!(captures > 20, "the games capture");
    }
}
