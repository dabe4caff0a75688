//! 四國軍棋 in the shared model (`junqi-game`): a [`Seat`] is one of four seats of the model
//! (Red 0, Green 1, Blue 2, Yellow 3, the order of L-50's counter-clockwise turns), a
//! [`Team`] is an alliance of the model (its partners sit opposite: Red–Blue is alliance 0,
//! Green–Yellow alliance 1), and a [`Position`] (全明, L-62) is a [`GameState`]. An action's
//! dense index is `from × 129 + to` for a move and 16,641 for the pass (L-55), the action
//! space of the Python bindings.

use std::str::FromStr;

use junqi_game::{Alliance, GameState, NoChance};

use crate::board::{POINT_COUNT, Point};
use crate::position::{Action, DrawReason, Move, Outcome, Position, WinReason};
use crate::ruleset::Rules;
use crate::seat::{Seat, Team};
use crate::text::PositionTextError;

/// Move actions: every (from, to) pair, `from × 129 + to`.
const MOVE_ACTIONS: usize = POINT_COUNT * POINT_COUNT;
/// The pass's index, after every move.
const PASS_INDEX: usize = MOVE_ACTIONS;

impl Seat {
    /// The seat of the shared model: one of four, in turn order from Red.
    ///
    /// ```
    /// use siguo::Seat;
    /// assert_eq!(Seat::Blue.seat().index(), 2);
    /// assert!(Seat::Red.seat().is_partner(Seat::Blue.seat()));
    /// assert_eq!(Seat::from_seat(Seat::Yellow.seat()), Some(Seat::Yellow));
    /// ```
    #[must_use]
    pub const fn seat(self) -> junqi_game::Seat {
        junqi_game::Seat::table::<4>()[self.index()]
    }

    /// The seat of a four-seat game's model seat, `None` for another game's seat.
    #[must_use]
    pub const fn from_seat(seat: junqi_game::Seat) -> Option<Seat> {
        match seat.index_in(4) {
            Some(i) => Some(Seat::ALL[i]),
            None => None,
        }
    }
}

impl Team {
    /// The alliance of the shared model: the alliance of its seats (Red–Blue 0,
    /// Green–Yellow 1).
    ///
    /// ```
    /// use siguo::{Seat, Team};
    /// assert!(Team::RedBlue.alliance().contains(Seat::Blue.seat()));
    /// assert!(!Team::GreenYellow.alliance().contains(Seat::Red.seat()));
    /// ```
    #[must_use]
    pub const fn alliance(self) -> Alliance {
        match self {
            Team::RedBlue => Seat::Red.seat().alliance(),
            Team::GreenYellow => Seat::Green.seat().alliance(),
        }
    }
}

impl From<Outcome> for junqi_game::Outcome<WinReason, DrawReason> {
    /// The winning team's alliance and the reason.
    fn from(o: Outcome) -> Self {
        match o {
            Outcome::Win { team, reason } => junqi_game::Outcome::Decisive {
                winner: team.alliance(),
                reason,
            },
            Outcome::Draw(reason) => junqi_game::Outcome::Draw { reason },
        }
    }
}

impl FromStr for Position {
    type Err = PositionTextError;

    /// A position string (L-59) under the standard rules ([`Rules::STANDARD`]); a position
    /// string does not say its rules, so other rules go through [`Position::from_text`].
    ///
    /// ```
    /// use siguo::Position;
    /// let p: Position = Position::default().to_string().parse()?;
    /// assert_eq!(p, Position::default());
    /// # Ok::<(), siguo::PositionTextError>(())
    /// ```
    fn from_str(text: &str) -> Result<Position, PositionTextError> {
        Position::from_text(text, Rules::STANDARD)
    }
}

/// The open game (全明, L-62) is a game of perfect information without chance; a position
/// is its own information state. Repetition (L-56) is judged from the occurrences a
/// [`History`](junqi_game::History) counts, at step (5) of L-57: it replaces a draw by the
/// no-combat limit and leaves any earlier verdict.
///
/// ```
/// use junqi_game::{GameState, History};
/// use siguo::{Position, Seat};
/// let mut h = History::new(Position::default());
/// let a = GameState::legal_actions(h.position())[0];
/// assert_eq!(Position::action_from_index(Position::action_index(a)), Some(a));
/// h.push(a, None);
/// assert_eq!(Seat::from_seat(h.position().to_move()), Some(Seat::Green));
/// ```
impl GameState for Position {
    const SEATS: usize = 4;
    const ACTIONS: usize = MOVE_ACTIONS + 1;
    type Action = Action;
    type ActionList = Vec<Action>;
    type Chance = NoChance;
    type WinReason = WinReason;
    type DrawReason = DrawReason;
    type InfoState = Position;

    fn to_move(&self) -> junqi_game::Seat {
        self.turn().seat()
    }

    fn legal_actions(&self) -> Vec<Action> {
        Position::legal_actions(self)
    }

    fn action_index(action: Action) -> usize {
        match action {
            Action::Move(m) => m.from.index() * POINT_COUNT + m.to.index(),
            Action::Pass => PASS_INDEX,
        }
    }

    fn action_from_index(index: usize) -> Option<Action> {
        if index == PASS_INDEX {
            return Some(Action::Pass);
        }
        if index > PASS_INDEX {
            return None;
        }
        let from = Point::from_index(index / POINT_COUNT)?;
        let to = Point::from_index(index % POINT_COUNT)?;
        (from != to).then_some(Action::Move(Move { from, to }))
    }

    fn is_legal(&self, action: Action) -> bool {
        Position::is_legal(self, action)
    }

    fn apply(&mut self, action: Action, _chance: Option<NoChance>) {
        self.play_unchecked(action);
    }

    fn outcome_with_occurrences(
        &self,
        occurrences: usize,
    ) -> Option<junqi_game::Outcome<WinReason, DrawReason>> {
        let repeated = self.rules().base.repeated(occurrences);
        let own = self.outcome();
        match own {
            None | Some(Outcome::Draw(DrawReason::NoCombatLimit)) if repeated => {
                Some(junqi_game::Outcome::Draw {
                    reason: DrawReason::Repetition,
                })
            }
            o => o.map(Into::into),
        }
    }

    fn key(&self) -> u64 {
        self.zobrist()
    }

    fn information_state(&self, _seat: junqi_game::Seat) -> Position {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use junqi_game::{GameState, History};

    use super::*;

    /// Every index of the action space reads back to itself or to nothing, and every legal
    /// action of a few positions has an index that reads back to it.
    #[test]
    fn action_indices_round_trip() {
        for i in 0..Position::ACTIONS + 3 {
            if let Some(a) = Position::action_from_index(i) {
                assert_eq!(Position::action_index(a), i);
            } else {
                assert!(
                    i >= Position::ACTIONS || i / POINT_COUNT == i % POINT_COUNT,
                    "{i}"
                );
            }
        }
        let mut pos = Position::default();
        for _ in 0..40 {
            let actions = GameState::legal_actions(&pos);
            let Some(&a) = actions.first() else { break };
            for &b in &actions {
                assert_eq!(
                    Position::action_from_index(Position::action_index(b)),
                    Some(b)
                );
                assert!(GameState::is_legal(&pos, b));
            }
            GameState::apply(&mut pos, a, None);
        }
    }

    /// L-50, L-53: seats map to the model's in turn order, teams to alliances of partners
    /// opposite, and a team's win gives both its seats the point.
    #[test]
    fn seats_teams_and_outcomes() {
        for s in Seat::ALL {
            assert_eq!(Seat::from_seat(s.seat()), Some(s));
            assert_eq!(s.team().alliance(), s.seat().alliance());
        }
        assert_eq!(Seat::from_seat(junqi_game::Seat::new(1, 2).unwrap()), None);
        let o: junqi_game::Outcome<WinReason, DrawReason> = Outcome::Win {
            team: Team::GreenYellow,
            reason: WinReason::FlagCaptured,
        }
        .into();
        assert_eq!(o.returns(4), Some(vec![-1.0, 1.0, -1.0, 1.0]));
    }

    /// L-56 through the shared history: four seats step out and back, and the start's second
    /// occurrence draws under `repetition: 2` (and not without it).
    #[test]
    fn repetition_through_the_history() {
        let shuttle = |repetition: Option<u8>| {
            let mut rules = Rules::STANDARD;
            rules.base.repetition = repetition.and_then(std::num::NonZeroU8::new);
            let start = Position::from_setup(Position::default().to_setup(), rules).unwrap();
            let mut h = History::new(start);
            let mut out = Vec::new();
            for _ in 0..4 {
                let pos = h.position();
                let m = pos
                    .legal_moves()
                    .into_iter()
                    .find(|&m| pos.combat(m).is_none())
                    .expect("a quiet move");
                out.push(m);
                h.push(Action::Move(m), None);
            }
            for m in out {
                let back = Action::Move(Move {
                    from: m.to,
                    to: m.from,
                });
                assert!(GameState::is_legal(h.position(), back), "{back}");
                assert!(h.outcome().is_none());
                h.push(back, None);
            }
            h.outcome()
        };
        assert_eq!(
            shuttle(Some(2)),
            Some(junqi_game::Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
        assert_eq!(shuttle(None), None);
    }
}
