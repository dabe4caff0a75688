//! The trait a game's state implements.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use crate::outcome::Outcome;
use crate::seat::Seat;

/// What chance decides in a game without chance: nothing (no value of this type exists, and
/// `Option<NoChance>` takes no space).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NoChance {}

/// The state of a game: what a game implements to be played, recorded and searched by the
/// shared crates (OpenSpiel's `State` and shakmaty's `Position` are the models).
///
/// A player's choice is an [`Action`](GameState::Action), with a dense index in
/// `0..`[`ACTIONS`](GameState::ACTIONS); an action may need a [`Chance`](GameState::Chance)
/// outcome to complete it (the piece a flip turns up), listed by
/// [`chance_outcomes`](GameState::chance_outcomes). The outcome is the position's own verdict
/// with the number of times it has occurred, which the game's rules place in their own order
/// (a [`History`](crate::History) counts the occurrences). Text forms are the state's
/// `FromStr` and `Display`.
///
/// # Examples
///
/// A counting game: each seat in turn adds 1 or 2; whoever reaches 5 wins.
///
/// ```
/// use std::{fmt, str::FromStr};
/// use junqi_game::{GameState, History, NoChance, Outcome, Seat};
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct Count { total: u8, turn: usize }
///
/// impl fmt::Display for Count {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "{} {}", self.total, self.turn)
///     }
/// }
/// impl FromStr for Count {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Count, String> {
///         let (t, p) = s.split_once(' ').ok_or_else(|| junqi_game::clip(s, 40))?;
///         Ok(Count { total: t.parse().map_err(|_| t.to_owned())?, turn: p.parse().map_err(|_| p.to_owned())? })
///     }
/// }
///
/// impl GameState for Count {
///     const SEATS: usize = 2;
///     const ACTIONS: usize = 2;
///     type Action = u8;
///     type ActionList = Vec<u8>;
///     type Chance = NoChance;
///     type WinReason = &'static str;
///     type DrawReason = &'static str;
///     type InfoState = Count;
///     fn to_move(&self) -> Seat { Seat::new(self.turn, 2).unwrap() }
///     fn legal_actions(&self) -> Vec<u8> {
///         if self.total >= 5 { vec![] } else { vec![1, 2] }
///     }
///     fn action_index(a: u8) -> usize { usize::from(a - 1) }
///     fn action_from_index(i: usize) -> Option<u8> { (i < 2).then(|| i as u8 + 1) }
///     fn apply(&mut self, a: u8, _: Option<NoChance>) { self.total += a; self.turn ^= 1; }
///     fn outcome_with_occurrences(&self, _: usize) -> Option<Outcome<&'static str, &'static str>> {
///         // The seat that just moved reached 5.
///         (self.total >= 5).then(|| Outcome::Decisive {
///             winner: Seat::new(self.turn ^ 1, 2).unwrap().alliance(),
///             reason: "five",
///         })
///     }
///     fn key(&self) -> u64 { u64::from(self.total) << 1 | self.turn as u64 }
///     fn information_state(&self, _: Seat) -> Count { self.clone() }
/// }
///
/// let start = Count { total: 0, turn: 0 };
/// assert_eq!(start.clone().try_play(2).map(|c| c.total), Ok(2));
/// assert_eq!(start.clone().try_play(3), Err(start.clone()), "only 1 or 2");
/// let mut game = History::new(start);
/// for a in [2, 2, 1] {
///     game.push(a, None);
/// }
/// let o = game.position().outcome().unwrap();
/// assert!(o.is_winner(Seat::new(0, 2).unwrap()));
/// assert_eq!(game.position().to_string().parse::<Count>().unwrap(), *game.position());
/// ```
pub trait GameState: Clone + FromStr + fmt::Display {
    /// How many seats play.
    const SEATS: usize;
    /// The size of the action space: every action's index is below it.
    const ACTIONS: usize;

    /// What a player chooses (a move, a flip).
    type Action: Copy + Eq + fmt::Debug;
    /// A list of legal actions (a `SmallVec` or a `Vec`).
    type ActionList: Deref<Target = [Self::Action]>;
    /// What chance decides to complete an action ([`NoChance`] in a game without chance).
    type Chance: Copy + Eq + fmt::Debug;
    /// Why an alliance wins.
    type WinReason: Copy + Eq + fmt::Debug;
    /// Why a game is drawn.
    type DrawReason: Copy + Eq + fmt::Debug;
    /// What one seat knows of the state (the state itself in a game of perfect information).
    type InfoState;

    /// The seat to move.
    fn to_move(&self) -> Seat;

    /// The legal actions, none once the position alone decides the game.
    fn legal_actions(&self) -> Self::ActionList;

    /// The dense index of `action`, in `0..Self::ACTIONS`.
    fn action_index(action: Self::Action) -> usize;

    /// The action of a dense index, `None` outside the action space (the action need not be
    /// legal anywhere).
    fn action_from_index(index: usize) -> Option<Self::Action>;

    /// Whether `action` is legal here. The default looks it up in
    /// [`legal_actions`](GameState::legal_actions).
    fn is_legal(&self, action: Self::Action) -> bool {
        self.legal_actions().contains(&action)
    }

    /// The outcomes chance may give `action`, each with its probability; empty when the action
    /// needs none (the default).
    fn chance_outcomes(&self, action: Self::Action) -> Vec<(Self::Chance, f64)> {
        let _ = action;
        Vec::new()
    }

    /// Play `action`, completed by `chance` where it needs one. Garbage in, garbage out: the
    /// action must be legal and `chance` one of its
    /// [`chance_outcomes`](GameState::chance_outcomes).
    fn apply(&mut self, action: Self::Action, chance: Option<Self::Chance>);

    /// This state after `action` when it is legal ([`is_legal`](GameState::is_legal)) and
    /// needs no chance outcome, else the state unchanged as the error: the checked play that
    /// a game's own `play` gives its own error. Cost: one legality test and the action.
    ///
    /// # Errors
    /// The state, unchanged, for an action that is not legal here or needs chance to complete
    /// it.
    fn try_play(mut self, action: Self::Action) -> Result<Self, Self> {
        if self.is_legal(action) && self.chance_outcomes(action).is_empty() {
            self.apply(action, None);
            Ok(self)
        } else {
            Err(self)
        }
    }

    /// The verdict of the position when it has occurred `occurrences` times in the game (1 the
    /// first time), in the game's own order of rules; `None` while the game goes on.
    fn outcome_with_occurrences(
        &self,
        occurrences: usize,
    ) -> Option<Outcome<Self::WinReason, Self::DrawReason>>;

    /// The verdict of the position alone (its first occurrence).
    fn outcome(&self) -> Option<Outcome<Self::WinReason, Self::DrawReason>> {
        self.outcome_with_occurrences(1)
    }

    /// The Zobrist key: equal for positions that repetition counts as one.
    fn key(&self) -> u64;

    /// What `seat` knows of the state.
    fn information_state(&self, seat: Seat) -> Self::InfoState;
}
