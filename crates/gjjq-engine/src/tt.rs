//! The transposition table: search results keyed on the position's Zobrist key.

use crate::vocabulary::NO_MOVE;

/// What a stored score says about the true value: every engine's (`junqi-search`'s); this
/// table's empty slot is an upper bound of depth −1, so `Bound::None` is never stored.
pub(crate) use junqi_search::tt::Bound;

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
    /// A table of about `megabytes` MiB (at least one entry) if that much memory can be had;
    /// `None` when it cannot (the allocation is asked for fallibly, never an abort).
    pub fn try_new(megabytes: usize) -> Option<Table> {
        let n = junqi_protocol::hash::entries_in(megabytes, size_of::<Entry>());
        junqi_protocol::hash::try_filled(n, EMPTY).map(|entries| Table { entries })
    }

    /// A table of about `megabytes` MiB, or when that cannot be allocated the largest that can
    /// of `fallback_mb` (less than `megabytes`) halved in turn down to 1 MiB, or at last one
    /// entry; with its size in MiB (0 for the one entry). The policy every engine shares
    /// ([`junqi_protocol::hash::allocate`]). The caller frees its old table first, so that old
    /// and new are never held together.
    pub fn allocate(megabytes: usize, fallback_mb: usize) -> (Table, usize) {
        junqi_protocol::hash::allocate(megabytes, fallback_mb, Table::try_new)
            .unwrap_or_else(|| (Table::tiny(), 0))
    }

    /// A table of one entry: what is held while a table is replaced.
    pub fn tiny() -> Table {
        Table {
            entries: vec![EMPTY],
        }
    }

    /// The number of entries.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_that_cannot_be_allocated_falls_back_instead_of_aborting() {
        // More than the address space: the fallible allocation refuses it at once.
        assert!(Table::try_new(usize::MAX).is_none());
        assert!(Table::try_new(usize::MAX / 2).is_none());
        let (t, mb) = Table::allocate(usize::MAX, 2);
        assert_eq!(mb, 2);
        assert_eq!(t.len(), 2 * (1 << 20) / size_of::<Entry>());
        // No fallback left: one entry, and the table still works.
        let (mut t, mb) = Table::allocate(usize::MAX, 0);
        assert_eq!((mb, t.len()), (0, 1));
        t.store(7, NO_MOVE, 5, 3, Bound::Exact);
        assert_eq!(t.probe(7).map(|e| e.score), Some(5));
        // What can be had is had.
        assert_eq!(Table::allocate(1, 16).1, 1);
    }
}
