//! The transposition table every alpha-beta search shares (陸戰棋's open and flip searches in
//! `luzhanqi-engine`, 四國's team search in `siguo-engine`): one entry a slot, indexed by the
//! top bits of the position's Zobrist key; a new result replaces the old except a shallower
//! bound on the same position; win scores are stored relative to the node, so that a win's
//! distance in plies stays right when the position is reached at another ply.
//!
//! It knows nothing of the game but the key and the move type `M`.
//!
//! ```
//! use junqi_search::tt::{Bound, Table};
//! let mut t: Table<u16> = Table::new(1 << 10);
//! // A node searched 3 deep whose best move (7) failed high at 40, with beta 30.
//! t.store(0xABCD, 3, 40, Bound::of(40, 0, 30), Some(7), 2);
//! let e = t.probe(0xABCD).unwrap();
//! assert_eq!((e.best, e.bound), (Some(7), Bound::Lower));
//! // Enough for a cut-off at depth 3 with beta 35, not at depth 4.
//! assert_eq!(e.cutoff(3, 0, 35, 2), Some(40));
//! assert_eq!(e.cutoff(4, 0, 35, 2), None);
//! ```

use crate::WIN_BOUND;

/// What an entry's score is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Bound {
    /// An empty slot.
    #[default]
    None,
    /// The exact value.
    Exact,
    /// At least the score (a cut-off above beta).
    Lower,
    /// At most the score (nothing above alpha).
    Upper,
}

impl Bound {
    /// What a node's `best` score is, searched in the window (`alpha`, `beta`) (`alpha` as it
    /// was on entry): a lower bound at or above beta, exact above alpha, else an upper bound.
    #[inline]
    #[must_use]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One slot: the position's key, its best move or action (`M`), score, depth and bound.
#[derive(Debug, Clone, Copy)]
pub struct Entry<M> {
    /// The position's Zobrist key.
    pub key: u64,
    /// The best move (or action) found, if any.
    pub best: Option<M>,
    /// Relative to the node ([`from_tt`] turns it back).
    pub score: i32,
    /// The depth searched, in plies.
    pub depth: i16,
    /// What the score is.
    pub bound: Bound,
}

impl<M> Entry<M> {
    /// The entry's score seen `ply` plies from the root, if it settles a node to be searched
    /// `depth` deep in the window (`alpha`, `beta`): searched at least as deep, and exact, or
    /// a lower bound at or above beta, or an upper bound at or below alpha.
    #[inline]
    #[must_use]
    pub fn cutoff(&self, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        if i32::from(self.depth) < depth {
            return None;
        }
        let s = from_tt(self.score, ply);
        match self.bound {
            Bound::Exact => Some(s),
            Bound::Lower if s >= beta => Some(s),
            Bound::Upper if s <= alpha => Some(s),
            _ => None,
        }
    }
}

impl<M> Default for Entry<M> {
    fn default() -> Entry<M> {
        Entry {
            key: 0,
            best: None,
            score: 0,
            depth: 0,
            bound: Bound::None,
        }
    }
}

/// A fixed number of entries (any number from one): a key's slot is its multiply-shift
/// hash, uniform over the table whatever its size.
#[derive(Debug, Clone)]
pub struct Table<M> {
    entries: Vec<Entry<M>>,
}

impl<M: Copy> Table<M> {
    /// An empty table of `n` entries (at least one); an allocation that fails aborts (the
    /// library's own small tables: the engine's sized ones use [`Table::try_new`]).
    #[must_use]
    pub fn new(n: usize) -> Table<M> {
        Table {
            entries: vec![Entry::default(); n.max(1)],
        }
    }

    /// An empty table of `n` entries (at least one), or `None` when that much memory cannot
    /// be had (asked for fallibly: never an abort, issue 50 item 6).
    #[must_use]
    pub fn try_new(n: usize) -> Option<Table<M>> {
        junqi_protocol::hash::try_filled(n, Entry::default()).map(|entries| Table { entries })
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no entries: never, since it has at least one.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // For 2^b entries this is the key's top b bits.
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry of the position `key`, if the table holds it.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let e = self.entries[self.index(key)];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Keep a result found `ply` plies from the root; a result without a best move keeps the
    /// one the slot had for the same position.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        depth: i32,
        score: i32,
        bound: Bound,
        best: Option<M>,
        ply: usize,
    ) {
        let i = self.index(key);
        let old = self.entries[i];
        if old.key == key && i32::from(old.depth) > depth && bound != Bound::Exact {
            return;
        }
        self.entries[i] = Entry {
            key,
            best: best.or(if old.key == key { old.best } else { None }),
            score: to_tt(score, ply),
            depth: depth.clamp(-1, i32::from(i16::MAX)) as i16,
            bound,
        };
    }

    /// Empty every slot (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }
}

/// A score as stored: a win's distance counted from the node, not the root.
#[inline]
#[must_use]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    relative_to_node(score, ply, WIN_BOUND + 1)
}

/// A stored score as seen `ply` plies from the root.
#[inline]
#[must_use]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    relative_to_root(score, ply, WIN_BOUND + 1)
}

/// A score found `ply` plies from the root as a table keeps it, on a scale whose wins are the
/// scores from `win_from` up (losses from `-win_from` down): a win's distance counted from
/// the node, not the root. [`to_tt`] on [`WIN`](crate::WIN)'s scale; an engine with its own
/// scale (`gjjq-engine`'s mate scores) gives its own threshold.
///
/// ```
/// use junqi_search::tt::{relative_to_node, relative_to_root};
/// // A win in 7 plies from the root, found 3 plies down: a win in 4 from the node.
/// assert_eq!(relative_to_node(30_000 - 7, 3, 29_000), 30_000 - 4);
/// assert_eq!(relative_to_root(30_000 - 4, 5, 29_000), 30_000 - 9);
/// assert_eq!(relative_to_node(-28_999, 3, 29_000), -28_999); // not a loss: as it is
/// ```
#[inline]
#[must_use]
pub fn relative_to_node(score: i32, ply: usize, win_from: i32) -> i32 {
    if score >= win_from {
        score + ply as i32
    } else if score <= -win_from {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score (see [`relative_to_node`]) as seen `ply` plies from the root.
#[inline]
#[must_use]
pub fn relative_to_root(score: i32, ply: usize, win_from: i32) -> i32 {
    if score >= win_from {
        score - ply as i32
    } else if score <= -win_from {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WIN;

    #[test]
    fn a_win_keeps_its_distance_from_the_node() {
        let mut t: Table<u8> = Table::new(16);
        let key = 0xF000_0000_0000_0001;
        // A win in 3 plies seen 2 plies below the root: the root saw WIN - 5.
        t.store(key, 4, WIN - 5, Bound::Exact, Some(1), 2);
        let e = t.probe(key).unwrap();
        // Reached again 6 plies below the root it is a win in 9 from the root.
        assert_eq!(from_tt(e.score, 6), WIN - 9);
        assert_eq!(e.best, Some(1));
    }

    #[test]
    fn bounds_and_cutoffs_follow_the_window() {
        assert_eq!(Bound::of(50, 0, 50), Bound::Lower);
        assert_eq!(Bound::of(10, 0, 50), Bound::Exact);
        assert_eq!(Bound::of(0, 0, 50), Bound::Upper);
        let e = |bound| Entry {
            key: 1,
            best: Some(0u8),
            score: 20,
            depth: 3,
            bound,
        };
        assert_eq!(e(Bound::Exact).cutoff(3, 0, 50, 0), Some(20));
        assert_eq!(e(Bound::Exact).cutoff(4, 0, 50, 0), None);
        assert_eq!(e(Bound::Lower).cutoff(2, 0, 20, 0), Some(20));
        assert_eq!(e(Bound::Lower).cutoff(2, 0, 21, 0), None);
        assert_eq!(e(Bound::Upper).cutoff(2, 20, 50, 0), Some(20));
        assert_eq!(e(Bound::Upper).cutoff(2, 19, 50, 0), None);
        assert_eq!(e(Bound::None).cutoff(2, 0, 50, 0), None);
    }

    #[test]
    fn a_shallower_bound_does_not_replace_a_deeper_result() {
        let mut t: Table<u8> = Table::new(16);
        let key = 0x1000_0000_0000_0000;
        t.store(key, 6, 10, Bound::Exact, Some(1), 0);
        t.store(key, 2, 99, Bound::Lower, None, 0);
        assert_eq!(t.probe(key).unwrap().score, 10);
        // An exact result always does, and keeps the old best move when it has none.
        t.store(key, 2, 7, Bound::Exact, None, 0);
        let e = t.probe(key).unwrap();
        assert_eq!((e.score, e.best), (7, Some(1)));
        // Another position in the slot is not this one.
        assert!(t.probe(key + 1).is_none());
        t.clear();
        assert!(t.probe(key).is_none());
    }

    /// Issue 50, item 5: the entry size the documentation and the `Hash` option count with.
    #[test]
    fn an_entry_of_a_small_move_takes_24_bytes_and_a_table_has_the_entries_asked() {
        // A move of two bytes (陸戰棋's `Move`): 8 + 4 + 4 + 2 + 1, aligned to 8.
        assert_eq!(size_of::<Entry<[u8; 2]>>(), 24);
        let t: Table<u8> = Table::try_new(43_690).unwrap();
        assert_eq!(t.len(), 43_690);
        assert!(Table::<u8>::try_new(usize::MAX / 2).is_none());
    }
}
