//! 陸戰棋 in the shared model (`junqi-game`): a [`Side`] is a [`Seat`] of two, and a
//! [`Position`] (open game) and a [`FlipPosition`] (翻棋) are [`GameState`]s. A move's dense
//! index is `from × 60 + to`; a flip's is `3600 + point` (the action space of the Python
//! bindings).

use junqi_game::{GameState, Seat};

use crate::flip::{FlipAction, FlipActionList, FlipPosition, Player};
use crate::moves::{Move, MoveList};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::{Piece, Side};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::square::Square;

/// Points on the board.
const POINTS: usize = 60;
/// Move actions: every (from, to) pair, `from × 60 + to`.
const MOVE_ACTIONS: usize = POINTS * POINTS;

junqi_game::seats! {
    /// The side's seat: Red is seat 0 and Blue seat 1 of two.
    ///
    /// ```
    /// use luzhanqi::Side;
    /// assert_eq!(Side::Blue.seat().index(), 1);
    /// assert_eq!(Side::from_seat(Side::Blue.seat()), Some(Side::Blue));
    /// ```
    Side of 2
}

impl From<Outcome> for junqi_game::Outcome<WinReason, DrawReason> {
    /// The winning side's alliance (its one seat) and the reason.
    fn from(o: Outcome) -> Self {
        match o {
            Outcome::Decisive { winner, reason } => junqi_game::Outcome::Decisive {
                winner: winner.seat().alliance(),
                reason,
            },
            Outcome::Draw { reason } => junqi_game::Outcome::Draw { reason },
        }
    }
}

/// The dense index of a move, `from × 60 + to`.
const fn move_index(m: Move) -> usize {
    m.from.index() * POINTS + m.to.index()
}

/// The move of an index below 3600; `None` for a move from a point to itself.
fn move_of_index(index: usize) -> Option<Move> {
    let from = Square::from_index(index / POINTS)?;
    let to = Square::from_index(index % POINTS)?;
    (from != to).then_some(Move::new(from, to))
}

impl Ruleset {
    /// Whether a position that has occurred `occurrences` times in the game (this time
    /// included) is drawn by repetition (L-15; L-56 for 四國軍棋, whose rules hold this
    /// ruleset): the ruleset's `repetition` is on and reached. The one reading of the count,
    /// for both games of this crate and 四國軍棋's.
    ///
    /// ```
    /// use luzhanqi::Ruleset;
    /// let mut rules = Ruleset::STANDARD;
    /// rules.repetition = std::num::NonZeroU8::new(3);
    /// assert!(!rules.repeated(2) && rules.repeated(3) && rules.repeated(4));
    /// rules.repetition = None;
    /// assert!(!rules.repeated(100));
    /// ```
    #[must_use]
    pub fn repeated(&self, occurrences: usize) -> bool {
        self.repetition
            .is_some_and(|n| occurrences >= usize::from(n.get()))
    }
}

impl Position {
    /// L-16's order with repetition (L-15) judged from `occurrences`, how often this position
    /// has occurred in the game, this time included: a draw once it reaches the ruleset's
    /// `repetition`, when that is on.
    #[must_use]
    pub(crate) fn outcome_with_occurrences(&self, occurrences: usize) -> Option<Outcome> {
        self.outcome_with(|| self.ruleset().repeated(occurrences))
    }
}

junqi_game::open_game_state! {
    /// The open game (明棋) is a game of perfect information without chance; a position is its
    /// own information state. Actions are moves, `from × 60 + to`.
    ///
    /// ```
    /// use luzhanqi::Position;
    /// use junqi_game::{GameState, History};
    /// let mut h = History::new(Position::default());
    /// let m = GameState::legal_actions(h.position())[0];
    /// assert_eq!(Position::action_from_index(Position::action_index(m)), Some(m));
    /// h.push(m, None);
    /// assert_eq!(h.position().to_move().index(), 1);
    /// ```
    impl GameState for Position {
        actions: MOVE_ACTIONS,
        action: Move,
        list: MoveList,
        win: WinReason,
        draw: DrawReason,
        index: move_index,
        from_index: |i| if i < MOVE_ACTIONS { move_of_index(i) } else { None },
        // L-16's order, repetition (L-15) in its place.
        outcome: Position::outcome_with_occurrences,
    }
}

junqi_game::seats! {
    /// The player's seat: the first player is seat 0 of two.
    Player of 2
}

impl FlipPosition {
    /// [`FlipPosition::outcome`] with repetition (L-15) judged from `occurrences`, as
    /// [`Position`] does.
    #[must_use]
    pub(crate) fn outcome_with_occurrences(&self, occurrences: usize) -> Option<Outcome> {
        self.outcome_with(|| self.ruleset().repeated(occurrences))
    }
}

/// 翻棋 (L-32): seats are the players in order of play (the colours are settled by the first
/// flip); a flip, or with `attack_face_down` a move onto a face-down piece, is completed by
/// chance with the piece it reveals. Everything a player sees is public (face-down pieces are
/// unknown to both), so a position is its own information state. Actions: moves
/// `from × 60 + to`, flips `3600 + point`.
///
/// ```
/// use luzhanqi::flip::FlipPosition;
/// use junqi_game::{GameState, History};
/// let mut h = History::new(FlipPosition::start());
/// let flip = GameState::legal_actions(h.position())[0];
/// let outcomes = h.position().chance_outcomes_of(flip);
/// assert_eq!(outcomes.iter().map(|&(_, p)| p).sum::<f64>().round(), 1.0);
/// h.push(flip, Some(outcomes[0].0));
/// assert_eq!(h.position().to_move().index(), 1);
/// ```
impl GameState for FlipPosition {
    const SEATS: usize = 2;
    const ACTIONS: usize = MOVE_ACTIONS + POINTS;
    type Action = FlipAction;
    type ActionList = FlipActionList;
    type Chance = Piece;
    type WinReason = WinReason;
    type DrawReason = DrawReason;
    type InfoState = FlipPosition;

    fn to_move(&self) -> Seat {
        self.player_to_act().seat()
    }

    fn legal_actions(&self) -> FlipActionList {
        FlipPosition::legal_actions(self)
    }

    fn action_index(action: FlipAction) -> usize {
        match action {
            FlipAction::Move(m) => move_index(m),
            FlipAction::Flip(sq) => MOVE_ACTIONS + sq.index(),
        }
    }

    fn action_from_index(index: usize) -> Option<FlipAction> {
        if index < MOVE_ACTIONS {
            move_of_index(index).map(FlipAction::Move)
        } else {
            Square::from_index(index - MOVE_ACTIONS).map(FlipAction::Flip)
        }
    }

    fn is_legal(&self, action: FlipAction) -> bool {
        FlipPosition::is_legal(self, action)
    }

    fn chance_outcomes(&self, action: FlipAction) -> Vec<(Piece, f64)> {
        self.chance_outcomes_of(action)
    }

    fn apply(&mut self, action: FlipAction, chance: Option<Piece>) {
        self.apply_unchecked(action, chance);
    }

    /// L-16's order with the face-down pieces (L-32), repetition (L-15) in its place; the
    /// winner's seat is the player who plays its colour.
    fn outcome_with_occurrences(
        &self,
        occurrences: usize,
    ) -> Option<junqi_game::Outcome<WinReason, DrawReason>> {
        Some(
            match FlipPosition::outcome_with_occurrences(self, occurrences)? {
                Outcome::Decisive { winner, reason } => junqi_game::Outcome::Decisive {
                    // A decided game has settled colours (a flag is face up or gone).
                    winner: self
                        .player_of(winner)
                        .map_or(winner.seat(), Player::seat)
                        .alliance(),
                    reason,
                },
                Outcome::Draw { reason } => junqi_game::Outcome::Draw { reason },
            },
        )
    }

    fn key(&self) -> u64 {
        self.zobrist_hash()
    }

    fn information_state(&self, _: Seat) -> FlipPosition {
        self.clone()
    }
}

impl FlipPosition {
    /// The pieces `action` may reveal with their probabilities: the unseen pieces in
    /// proportion to their counts for a chance action ([`FlipPosition::is_chance`]), none
    /// otherwise.
    #[must_use]
    pub fn chance_outcomes_of(&self, action: FlipAction) -> Vec<(Piece, f64)> {
        if !self.is_chance(action) {
            return Vec::new();
        }
        self.chance_outcomes()
            .into_iter()
            .map(|c| (c.piece, c.probability))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_players_and_seats() {
        for side in Side::ALL {
            assert_eq!(Side::from_seat(side.seat()), Some(side));
        }
        assert_eq!(Side::from_seat(Seat::new(1, 4).unwrap()), None);
        assert_eq!(Player::Second.seat().index(), 1);
    }

    // Every index names at most one action and back; a move from a point to itself has none.
    #[test]
    fn action_indices_round_trip() {
        let mut moves = 0;
        for i in 0..<FlipPosition as GameState>::ACTIONS + 5 {
            let a = <FlipPosition as GameState>::action_from_index(i);
            if let Some(a) = a {
                assert_eq!(<FlipPosition as GameState>::action_index(a), i);
            }
            if i < MOVE_ACTIONS {
                assert_eq!(
                    a.is_none(),
                    i / POINTS == i % POINTS,
                    "index {i}: only a move to its own point has no action"
                );
                let m = <Position as GameState>::action_from_index(i);
                assert_eq!(m.map(FlipAction::Move), a);
                moves += usize::from(m.is_some());
            } else {
                assert_eq!(a.is_none(), i >= <FlipPosition as GameState>::ACTIONS);
            }
        }
        assert_eq!(moves, POINTS * (POINTS - 1));
        assert_eq!(
            <Position as GameState>::action_from_index(MOVE_ACTIONS),
            None
        );
    }

    // The trait's actions are the positions' own, and a flip's chance outcomes are the pool's.
    #[test]
    fn trait_agrees_with_the_positions() {
        let pos = Position::default();
        assert_eq!(&*GameState::legal_actions(&pos), &*pos.legal_moves());
        let flip = FlipPosition::start();
        let actions = GameState::legal_actions(&flip);
        assert_eq!(&*actions, &*flip.legal_actions());
        let outcomes = flip.chance_outcomes_of(actions[0]);
        assert_eq!(outcomes.len(), flip.chance_outcomes().len());
        assert!((outcomes.iter().map(|&(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
    }
}
