//! The transposition table both alpha-beta searches share (open play's [`SearchAgent`] and
//! flip play's [`FlipSearchAgent`]): one entry a slot, indexed by the top bits of the
//! position's Zobrist key; a new result replaces the old except a shallower bound on the same
//! position; win scores are stored relative to the node, so that a win's distance in plies
//! stays right when the position is reached at another ply.
//!
//! [`SearchAgent`]: crate::SearchAgent
//! [`FlipSearchAgent`]: crate::flip::FlipSearchAgent

use crate::eval::WIN_BOUND;

/// What an entry's score is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Bound {
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
pub(crate) struct Entry<M> {
    pub(crate) key: u64,
    pub(crate) best: Option<M>,
    /// Relative to the node ([`from_tt`] turns it back).
    pub(crate) score: i32,
    pub(crate) depth: i16,
    pub(crate) bound: Bound,
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

/// 2^`bits` entries.
#[derive(Debug, Clone)]
pub(crate) struct Table<M> {
    entries: Vec<Entry<M>>,
    bits: u32,
}

impl<M: Copy> Table<M> {
    /// An empty table of 2^`bits` entries (`bits` in 1 … 63).
    pub(crate) fn new(bits: u32) -> Table<M> {
        Table {
            entries: vec![Entry::default(); 1 << bits],
            bits,
        }
    }

    fn index(&self, key: u64) -> usize {
        (key >> (64 - self.bits)) as usize
    }

    /// The entry of the position `key`, if the table holds it.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        let e = self.entries[self.index(key)];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Keep a result found `ply` plies from the root; a result without a best move keeps the
    /// one the slot had for the same position.
    pub(crate) fn store(
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
    pub(crate) fn clear(&mut self) {
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
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
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
        let mut t: Table<u8> = Table::new(4);
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
        let mut t: Table<u8> = Table::new(4);
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
}
