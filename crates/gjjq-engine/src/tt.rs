//! The transposition table: search results keyed on the position's Zobrist key.

use crate::search::NO_MOVE;

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub key: u64,
    /// The best move's action index ([`gjjq_core::Move::index`]), or [`NO_MOVE`].
    pub mv: u16,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: NO_MOVE,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
};

/// A fixed-size, always-or-deeper replacing table.
pub(crate) struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one entry).
    pub fn new(megabytes: usize) -> Table {
        let n = (megabytes * 1024 * 1024 / size_of::<Entry>()).max(1);
        Table {
            entries: vec![EMPTY; n],
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    fn slot(&self, key: u64) -> usize {
        // Multiply-shift: uniform over the table whatever its size.
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// How full the table is, in permille: used entries among the first thousand.
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n].iter().filter(|e| e.depth >= 0).count();
        (used * 1000 / n.max(1)) as u32
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    pub fn store(&mut self, key: u64, mv: u16, score: i32, depth: i32, bound: Bound) {
        let i = self.slot(key);
        let old = self.entries[i];
        if old.key == key && i32::from(old.depth) > depth && bound != Bound::Exact {
            return;
        }
        let mv = if mv == NO_MOVE && old.key == key {
            old.mv
        } else {
            mv
        };
        self.entries[i] = Entry {
            key,
            mv,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(0, i32::from(i8::MAX)) as i8,
            bound,
        };
    }
}
