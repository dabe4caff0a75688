//! What an alpha-beta search keeps between its nodes and between its calls.

use std::time::Instant;

use crate::tt::Table;
use crate::{Budget, Limits, repeats};

/// The highest history score a quiet move reaches.
pub const HISTORY_CAP: i32 = 800_000;

/// An alpha-beta search's memory: the transposition table, two killer moves a ply, a history
/// score per quiet move (by an index the engine gives, from × to), the keys of the search
/// path (for repetition) and the node budget. The searches of 陸戰棋 (open and flip play) keep
/// theirs in one.
///
/// ```
/// use junqi_search::tt::Table;
/// use junqi_search::{Limits, Tables};
/// let mut t: Tables<u16> = Tables::new(Table::new(64), 8, 16, 256);
/// t.begin(&Limits::depth(3), None, &[11, 12, 13], 2, 14);
/// assert_eq!(t.path, [12, 13, 14]);
/// t.reward(1, 5, Some(3), 4);
/// assert_eq!((t.killers(1), t.history(3)), ([Some(5), None], 16));
/// ```
#[derive(Debug, Clone)]
pub struct Tables<M> {
    /// The transposition table.
    pub tt: Table<M>,
    /// The keys of the game's recent positions and of the search path, the node's own last.
    pub path: Vec<u64>,
    /// The node count and the stop rule.
    pub budget: Budget,
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + PartialEq> Tables<M> {
    /// Tables around `tt`: killers for `plies` plies (at least one), `history_len` history
    /// scores, a budget that looks at the signal and the clock every `interval` nodes.
    #[must_use]
    pub fn new(tt: Table<M>, plies: usize, history_len: usize, interval: u64) -> Tables<M> {
        Tables {
            tt,
            path: Vec::with_capacity(512),
            budget: Budget::new(interval),
            killers: vec![[None; 2]; plies.max(1)],
            history: vec![0; history_len],
        }
    }

    /// Begin a search under `limits` started at `start` ([`Budget::start`]): no killers, the
    /// history scores aged (divided by 8), and the path the last `window` keys of `game` (the
    /// positions since the last irreversible move) followed by the root's `key`.
    pub fn begin(
        &mut self,
        limits: &Limits,
        start: Option<Instant>,
        game: &[u64],
        window: usize,
        key: u64,
    ) {
        self.budget.start(limits, start);
        self.killers.fill([None; 2]);
        for h in &mut self.history {
            *h /= 8;
        }
        self.path.clear();
        let keep = game.len().min(window);
        self.path.extend_from_slice(&game[game.len() - keep..]);
        self.path.push(key);
    }

    /// The killer moves of `ply` (the deepest ply's beyond it).
    #[inline]
    #[must_use]
    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply.min(self.killers.len() - 1)]
    }

    /// The history score of the quiet move of index `i`, at most [`HISTORY_CAP`].
    #[inline]
    #[must_use]
    pub fn history(&self, i: usize) -> i32 {
        self.history[i].min(HISTORY_CAP)
    }

    /// A quiet move `m` (history index `i`, if it has one) cut off at `ply`, searched `depth`
    /// deep: the first killer of the ply, and `depth²` more history.
    #[inline]
    pub fn reward(&mut self, ply: usize, m: M, i: Option<usize>, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(i) = i {
            let h = &mut self.history[i];
            *h = (*h + depth * depth).min(HISTORY_CAP);
        }
    }

    /// Whether `key`, the node on top of the path, repeats a position among the `window` keys
    /// before it ([`repeats`]).
    #[inline]
    #[must_use]
    pub fn repeated(&self, key: u64, window: usize) -> bool {
        repeats(&self.path, key, window)
    }

    /// Forget an earlier game: the table emptied, the history scores zero.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.history.fill(0);
    }
}
