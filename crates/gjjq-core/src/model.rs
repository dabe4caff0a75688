//! 国际军棋 in the shared model (`junqi-game`): a [`Side`] is a [`Seat`](junqi_game::Seat) of
//! two, a [`Position`] is a [`GameState`](junqi_game::GameState) whose actions are moves by their
//! [`Move::index`], and an [`Outcome`] converts to the model's.

use crate::moves::{Move, MoveList};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::Position;
use crate::square::Side;

junqi_game::seats! {
    /// The side's seat: Red is seat 0 and Green seat 1 of two.
    ///
    /// ```
    /// use gjjq_core::Side;
    /// assert_eq!(Side::Green.seat().index(), 1);
    /// assert_eq!(Side::from_seat(Side::Green.seat()), Some(Side::Green));
    /// ```
    Side of 2
}

impl From<Outcome> for junqi_game::Outcome<WinReason, DrawReason> {
    /// The winner's alliance (its one seat) and the reason.
    fn from(o: Outcome) -> Self {
        match o {
            Outcome::Win { winner, reason } => junqi_game::Outcome::Decisive {
                winner: winner.seat().alliance(),
                reason,
            },
            Outcome::Draw(reason) => junqi_game::Outcome::Draw { reason },
        }
    }
}

junqi_game::open_game_state! {
    /// 国际军棋 is a game of perfect information without chance; a position is its own
    /// information state. The hidden game's referee and information states are other types
    /// ([`crate::hidden`]).
    ///
    /// ```
    /// use gjjq_core::{Move, Position};
    /// use junqi_game::{GameState, History};
    /// let mut h = History::new(Position::default());
    /// let m = GameState::legal_actions(h.position())[0];
    /// assert_eq!(Position::action_from_index(Position::action_index(m)), Some(m));
    /// h.push(m, None);
    /// assert_eq!(h.position().to_move().index(), 1);
    /// assert_eq!(Position::ACTIONS, usize::from(Move::INDEX_COUNT));
    /// ```
    impl GameState for Position {
        actions: Move::INDEX_COUNT as usize,
        action: Move,
        list: MoveList,
        win: WinReason,
        draw: DrawReason,
        index: |m: Move| usize::from(m.index()),
        from_index: |i: usize| u16::try_from(i).ok().and_then(Move::from_index),
        // R-24's third repetition in R-25's order.
        outcome: Position::outcome_with_repetitions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_game::{GameState, Seat};

    #[test]
    fn sides_and_seats_round_trip() {
        for side in Side::ALL {
            assert_eq!(Side::from_seat(side.seat()), Some(side));
        }
        assert_eq!(Side::from_seat(Seat::new(0, 4).unwrap()), None);
    }

    // Every dense index names one move, and the trait's legal actions are the position's.
    #[test]
    fn actions_are_the_moves_by_index() {
        for i in 0..Position::ACTIONS {
            let m = Position::action_from_index(i).unwrap();
            assert_eq!(Position::action_index(m), i);
        }
        assert_eq!(Position::action_from_index(Position::ACTIONS), None);
        assert_eq!(Position::action_from_index(usize::MAX), None);
        let pos = Position::default();
        assert_eq!(&*GameState::legal_actions(&pos), &*pos.legal_moves());
    }

    // R-24: the third occurrence is a draw, through the trait as through the position.
    #[test]
    fn outcomes_convert_with_their_reasons() {
        let pos = Position::default();
        assert_eq!(GameState::outcome(&pos), None);
        assert_eq!(
            pos.outcome_with_occurrences(3),
            Some(junqi_game::Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
        let win: junqi_game::Outcome<_, DrawReason> =
            Outcome::win(Side::Green, WinReason::KingCaptured).into();
        assert_eq!(win.returns(2), Some(vec![-1.0, 1.0]));
    }
}
