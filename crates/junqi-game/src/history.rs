//! `History`: a start, the plies played, and how often each position occurred.

use std::collections::HashMap;

use crate::outcome::Outcome;
use crate::state::GameState;

/// How many plies lie between two stored positions: [`History::pop`] replays at most this many
/// plies.
const SNAPSHOT_EVERY: usize = 256;

/// A game's history: the start, the actions played with what chance gave them, the key of
/// every position reached and how often each key occurred.
///
/// Every per-ply operation is O(1) amortised: occurrences are counted in a hash map of keys,
/// so a repetition rule costs a lookup per ply and a game of any length replays in time linear
/// in its length. [`History::pop`] replays at most 256 plies from a stored position.
///
/// It applies what it is given ([`History::push`] is unchecked): legality and the end of the
/// game are the owner's to check, as each game's `Game` does.
///
/// # Examples
///
/// See [`GameState`] for a game to play; with any state `S`:
///
/// ```
/// # use junqi_game::{GameState, History};
/// fn replay<S: GameState>(start: S, actions: &[S::Action]) -> History<S> {
///     let mut h = History::new(start);
///     for &a in actions {
///         h.push(a, None);
///     }
///     h
/// }
/// ```
#[derive(Debug, Clone)]
pub struct History<S: GameState> {
    start: S,
    position: S,
    actions: Vec<S::Action>,
    /// What chance gave each action (`None` where it needed nothing).
    chances: Vec<Option<S::Chance>>,
    keys: Vec<u64>,
    /// How often each key occurs in `keys`.
    seen: HashMap<u64, u32>,
    /// The position before ply `i * SNAPSHOT_EVERY`, for `i ≥ 1`.
    snapshots: Vec<S>,
}

impl<S: GameState> History<S> {
    /// A history from `start`.
    #[must_use]
    pub fn new(start: S) -> History<S> {
        let key = start.key();
        History {
            position: start.clone(),
            start,
            actions: Vec::new(),
            chances: Vec::new(),
            keys: vec![key],
            seen: HashMap::from([(key, 1)]),
            snapshots: Vec::new(),
        }
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &S {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &S {
        &self.position
    }

    /// The actions played, from the start.
    #[must_use]
    pub fn actions(&self) -> &[S::Action] {
        &self.actions
    }

    /// For each action played, what chance gave it (`None` where it needed nothing).
    #[must_use]
    pub fn chances(&self) -> &[Option<S::Chance>] {
        &self.chances
    }

    /// The key of every position reached, the start first and the current position last: one
    /// more than [`History::actions`].
    #[must_use]
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The number of plies played.
    #[must_use]
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether no ply has been played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// How often the position with `key` has occurred. O(1).
    #[must_use]
    pub fn occurrences_of(&self, key: u64) -> usize {
        self.seen.get(&key).map_or(0, |&n| n as usize)
    }

    /// How often the current position has occurred, this time included (at least 1). O(1).
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.occurrences_of(self.keys[self.keys.len() - 1])
    }

    /// The verdict of the current position with its occurrences counted
    /// ([`GameState::outcome_with_occurrences`]).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome<S::WinReason, S::DrawReason>> {
        self.position.outcome_with_occurrences(self.occurrences())
    }

    /// The legal actions of the current position, none once [`History::outcome`] has a
    /// verdict (repetition included): what a game's own `legal_moves` answers.
    #[must_use]
    pub fn legal_actions(&self) -> S::ActionList
    where
        S::ActionList: Default,
    {
        if self.outcome().is_some() {
            S::ActionList::default()
        } else {
            self.position.legal_actions()
        }
    }

    /// Play `action`, completed by `chance`. Unchecked, as [`GameState::apply`]: the owner
    /// checks legality and the end of the game first.
    pub fn push(&mut self, action: S::Action, chance: Option<S::Chance>) {
        self.snapshot();
        self.position.apply(action, chance);
        self.record(action, chance);
    }

    /// Record `action`, completed by `chance`, whose resulting position `next` the caller has
    /// already computed (a game whose checked play returns the next position). `next` must be
    /// what [`GameState::apply`] gives: [`History::pop`] replays the actions.
    pub fn push_position(&mut self, action: S::Action, chance: Option<S::Chance>, next: S) {
        self.snapshot();
        self.position = next;
        self.record(action, chance);
    }

    /// Store the current position when a snapshot falls due before the next ply.
    fn snapshot(&mut self) {
        if !self.actions.is_empty() && self.actions.len().is_multiple_of(SNAPSHOT_EVERY) {
            self.snapshots.push(self.position.clone());
        }
    }

    /// Append a ply played into `self.position`, with its key.
    fn record(&mut self, action: S::Action, chance: Option<S::Chance>) {
        self.actions.push(action);
        self.chances.push(chance);
        let key = self.position.key();
        self.keys.push(key);
        *self.seen.entry(key).or_insert(0) += 1;
    }

    /// Take back the last ply, returning it; `None` at the start.
    pub fn pop(&mut self) -> Option<(S::Action, Option<S::Chance>)> {
        let action = self.actions.pop()?;
        let chance = self.chances.pop().expect("one chance an action");
        let key = self.keys.pop().expect("one key an action, and the start's");
        if let Some(n) = self.seen.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.seen.remove(&key);
            }
        }
        let ply = self.actions.len();
        let base = ply / SNAPSHOT_EVERY * SNAPSHOT_EVERY;
        let mut pos = match base {
            0 => self.start.clone(),
            _ => self.snapshots[base / SNAPSHOT_EVERY - 1].clone(),
        };
        for (&a, &c) in self.actions[base..].iter().zip(&self.chances[base..]) {
            pos.apply(a, c);
        }
        self.position = pos;
        // Keep the snapshots of positions before this ply; `push` stores this ply's again.
        self.snapshots
            .truncate(ply.saturating_sub(1) / SNAPSHOT_EVERY);
        Some((action, chance))
    }
}
