//! The transposition table both alpha-beta searches share (open play's [`SearchAgent`] and
//! flip play's [`FlipSearchAgent`]): one entry a slot, indexed by the top bits of the
//! position's Zobrist key; a new result replaces the old except a shallower bound on the same
//! position; win scores are stored relative to the node, so that a win's distance in plies
//! stays right when the position is reached at another ply.
//!
//! It knows nothing of the game but the key and the move type, so other games' searches use
//! it too (四國's, in `siguo-engine`).
//!
//! [`SearchAgent`]: crate::SearchAgent
//! [`FlipSearchAgent`]: crate::flip::FlipSearchAgent

use crate::eval::WIN_BOUND;

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
    pub fn new(n: usize) -> Table<M> {
        Table {
            entries: vec![Entry::default(); n.max(1)],
        }
    }

    /// An empty table of `n` entries (at least one), or `None` when that much memory cannot
    /// be had (asked for fallibly: never an abort, issue 50 item 6).
    pub fn try_new(n: usize) -> Option<Table<M>> {
        junqi_protocol::hash::try_filled(n, Entry::default()).map(|entries| Table { entries })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no entries: never, since it has at least one.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn index(&self, key: u64) -> usize {
        // For 2^b entries this is the key's top b bits.
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry of the position `key`, if the table holds it.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let e = self.entries[self.index(key)];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Keep a result found `ply` plies from the root; a result without a best move keeps the
    /// one the slot had for the same position.
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
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score as seen `ply` plies from the root.
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::WIN;

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
    fn an_entry_takes_24_bytes_and_a_table_has_the_entries_asked() {
        assert_eq!(crate::SearchAgent::TT_ENTRY_BYTES, 24);
        assert_eq!(crate::flip::FlipSearchAgent::TT_ENTRY_BYTES, 24);
        let t: Table<u8> = Table::try_new(43_690).unwrap();
        assert_eq!(t.len(), 43_690);
        assert!(Table::<u8>::try_new(usize::MAX / 2).is_none());
    }
}
