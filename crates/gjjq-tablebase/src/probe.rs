//! The probe for a search: [`Prober`], built once per search, and per node a population
//! count, an array lookup on the material, the index and one word.
//!
//! [`Tablebase::probe_dtm`] checks, at every call, that the position is played under the
//! standard ruleset (six fields compared), counts the units twice, asks the rules' verdict
//! (`Position::outcome`, a move generation) and finds the ending in a hash map. A search asks
//! the same tables millions of times about positions of one ruleset, so a [`Prober`] moves
//! what does not change to its construction:
//!
//! - **The ruleset** is checked once, when the prober is built for the search's root. The core
//!   interns rulesets (every position of a game, and every position played from it, holds the
//!   same `&'static Ruleset`), so per node one address comparison tells that the position is
//!   played under that ruleset; a position under another ruleset value gets the full check.
//! - **The endings held** become an array indexed by the material (the rank of the multiset of
//!   the units' side and kind, [`material_slot`]): no hash of a name or a struct.
//! - **The most units** is read from the prober: one population count of the occupied points
//!   rejects a position with more.
//! - **The rules' verdict is not asked** for a position the tables index. The generator
//!   (`retro.rs`, and the first generator in `reference.rs`) stores every terminal position of
//!   an ending with the rules' own verdict (`Position::outcome`: `Win(0)`, `Loss(0)` or a draw),
//!   and every other position with its solved value; the standard ruleset has no no-capture
//!   limit, so the verdict depends on nothing but the placement and the side to move, which is
//!   what the index holds. So the stored word of an indexed position is what
//!   [`Tablebase::probe_dtm`] answers, terminal or not (`tests/prober.rs` compares the two on
//!   every index of several endings).
//!
//! What the index does not hold takes [`Tablebase::probe_dtm`]'s own path, so that the answer
//! is the same: a pending return (R-19: the short search down to indexed positions), a king
//! missing (R-21: the rules' verdict), an ending not held (the rules' verdict if there is
//! one), a placement outside the index.

use gjjq_core::{Position, Ruleset, Side};

use crate::core::{self, Kind, Move};
use crate::ending::Ending;
use crate::tablebase::{Table, Tablebase, TablebaseError};
use crate::value::{Value, Wdl};

/// The most units (pieces besides the kings) a [`Prober`] looks up: its material array has
/// `C(14 + n, n)` entries for `n` units held (680 for three, 38 760 for six).
pub const MAX_PROBE_UNITS: u32 = 6;

/// The kinds of a unit (every kind but the king), times two sides.
const UNIT_TYPES: usize = 14;

/// `BINOM[n][k]` = C(n, k) for the ranks of [`material_slot`].
const BINOM: [[u32; MAX_PROBE_UNITS as usize + 1]; UNIT_TYPES + MAX_PROBE_UNITS as usize] = {
    const N: usize = UNIT_TYPES + MAX_PROBE_UNITS as usize;
    const K: usize = MAX_PROBE_UNITS as usize + 1;
    let mut t = [[0u32; K]; N];
    let mut n = 0;
    while n < N {
        t[n][0] = 1;
        let mut k = 1;
        while k < K {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `OFFSET[k]`: how many materials have fewer than `k` units (the multisets of fewer than `k`
/// of the 14 unit types), where the materials of `k` units start.
const OFFSET: [u32; MAX_PROBE_UNITS as usize + 2] = {
    let mut t = [0u32; MAX_PROBE_UNITS as usize + 2];
    let mut k = 1;
    while k < t.len() {
        // Multisets of k − 1 elements of 14 types: C(14 + k − 2, k − 1).
        t[k] = t[k - 1] + BINOM[UNIT_TYPES + k - 2][k - 1];
        k += 1;
    }
    t
};

/// A unit's type: side (Red 0 … 6, Green 7 … 13), then kind (`PieceKind::index` − 1).
#[inline]
fn unit_type(side: Side, kind: Kind) -> usize {
    let s = if side == Side::Red { 0 } else { 7 };
    s + kind.index() - 1
}

/// The slot of a material (units per type, at most [`MAX_PROBE_UNITS`] in all) in a
/// prober's array: the materials of fewer units first, then the rank of the multiset of unit
/// types in the combinatorial number system (type `tᵢ` of the `i`-th unit in ascending order
/// as the strictly ascending `tᵢ + i`, ranked `Σ C(tᵢ + i, i + 1)`). Distinct materials have
/// distinct slots below `C(14 + n, n)` for `n` units at most.
#[inline]
fn material_slot(counts: &[u8; UNIT_TYPES]) -> usize {
    let mut rank = 0u32;
    let mut i = 0usize;
    for (t, &c) in counts.iter().enumerate() {
        for _ in 0..c {
            rank += BINOM[t + i][i + 1];
            i += 1;
        }
    }
    (OFFSET[i] + rank) as usize
}

/// The units per type of an ending's material, as [`material_slot`] takes them.
fn material_counts(ending: &Ending) -> [u8; UNIT_TYPES] {
    let mut counts = [0u8; UNIT_TYPES];
    for (side, force) in [(Side::Red, ending.red), (Side::Green, ending.green)] {
        for kind in Kind::ALL.into_iter().filter(|&k| k != Kind::King) {
            counts[unit_type(side, kind)] = force.count(kind);
        }
    }
    counts
}

/// The number of slots for materials of at most `units` units: `C(14 + units, units)`.
fn slot_count(units: u32) -> usize {
    OFFSET[units as usize + 1] as usize
}

/// A probe of a [`Tablebase`] for one search: [`Tablebase::probe_dtm`]'s answers at a
/// fraction of its cost, with what does not change during a search checked once (see
/// [`Tablebase::prober`]).
///
/// For every position with at most [`Prober::max_units`] pieces besides two
/// (`occupied().count() − 2`), [`Prober::probe_dtm`] is [`Tablebase::probe_dtm`]`(pos).ok()`:
/// the same value, terminal positions and pending returns (R-19) included, and `None` where
/// that is an error. With more pieces it is `None` without looking further (where
/// [`Tablebase::probe_dtm`] would still give the rules' verdict on a decided position, which
/// a search finds by itself).
///
/// Per position without a pending return: one population count, one address comparison, a
/// walk over the few pieces for the material, an array lookup, the index and one word. No
/// move is generated and nothing is allocated.
///
/// # Examples
///
/// ```
/// use gjjq_tablebase::{Tablebase, Value};
/// use gjjq_core::{Position, Setup};
/// let mut tb = Tablebase::new();
/// tb.generate(&"IvK".parse()?)?;
/// let pos = Position::from_setup("3k5/3I5/9/9/9/9/9/9/9/4K4 r -".parse::<Setup>()?)?;
/// // Built once, at the root of a search, for the root's ruleset.
/// let prober = tb.prober(pos.ruleset())?;
/// assert_eq!(prober.probe_dtm(&pos), Some(Value::Win(1)));
/// assert_eq!(prober.probe_dtm(&pos), tb.probe_dtm(&pos).ok());
/// // More units than the tables hold: not covered, found out by one population count.
/// assert_eq!(prober.probe_dtm(&Position::default()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Prober<'a> {
    tb: &'a Tablebase,
    /// The address of the interned ruleset the prober was built for.
    rules: usize,
    /// The most units looked up: the set's, at most [`MAX_PROBE_UNITS`].
    max_units: u32,
    /// The table of each material slot ([`material_slot`]), if held.
    slots: Box<[Option<&'a Table>]>,
}

impl std::fmt::Debug for Prober<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prober")
            .field("max_units", &self.max_units)
            .field("endings", &self.slots.iter().flatten().count())
            .finish_non_exhaustive()
    }
}

impl Tablebase {
    /// A [`Prober`] for positions played under `rules`: the probe of a search, built once at
    /// its root (`rules` is the root position's [`Position::ruleset`]). Costs one pass over
    /// the endings held and an array of `C(14 + n, n)` entries for `n` units.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::OtherRuleset`] unless `rules` plays as the standard ruleset.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::{Tablebase, TablebaseError};
    /// use gjjq_core::Ruleset;
    /// let mut tb = Tablebase::new();
    /// tb.generate(&"KvK".parse()?)?;
    /// assert_eq!(tb.prober(&Ruleset::STANDARD)?.max_units(), 0);
    /// let mut other = Ruleset::STANDARD;
    /// other.king_palace_diagonals = true;
    /// assert!(matches!(tb.prober(&other), Err(TablebaseError::OtherRuleset)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prober(&self, rules: &Ruleset) -> Result<Prober<'_>, TablebaseError> {
        if !core::plays_as_standard(rules) {
            return Err(TablebaseError::OtherRuleset);
        }
        let max_units = self.max_units().min(MAX_PROBE_UNITS);
        let mut slots = vec![None; slot_count(max_units)].into_boxed_slice();
        for (ending, table) in &self.tables {
            if ending.units() > max_units {
                continue;
            }
            slots[material_slot(&material_counts(ending))] = Some(table.as_ref());
        }
        Ok(Prober {
            tb: self,
            rules: address(rules),
            max_units,
            slots,
        })
    }
}

/// The address of a ruleset (the core interns them: one address per ruleset value).
#[inline]
fn address(rules: &Ruleset) -> usize {
    std::ptr::from_ref(rules).addr()
}

impl Prober<'_> {
    /// The most units (pieces besides the kings) this prober looks up: the tables' most
    /// ([`Tablebase::max_units`]), at most [`MAX_PROBE_UNITS`].
    #[must_use]
    pub fn max_units(&self) -> u32 {
        self.max_units
    }

    /// The value of `pos` for the side to move, as [`Tablebase::probe_dtm`] gives it, if the
    /// tables cover it (see [`Prober`] for exactly when).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::{Tablebase, Value};
    /// use gjjq_core::{Position, Setup};
    /// let mut tb = Tablebase::new();
    /// tb.generate(&"KvI".parse()?)?;
    /// let pos = Position::from_setup("4k4/9/9/9/9/9/9/9/4i4/4K4 g -".parse::<Setup>()?)?;
    /// let prober = tb.prober(pos.ruleset())?;
    /// assert_eq!(prober.probe_dtm(&pos), Some(Value::Win(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn probe_dtm(&self, pos: &Position) -> Option<Value> {
        if !self.may_hold(pos) {
            return None;
        }
        if core::has_pending(pos) {
            // R-19: not indexed; resolved as `Tablebase::probe_dtm` resolves it.
            return self.slow(pos);
        }
        let mut counts = [0u8; UNIT_TYPES];
        let mut kings = 0u32;
        for sq in pos.occupied() {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            if piece.kind == Kind::King {
                kings += 1;
            } else {
                counts[unit_type(piece.side, piece.kind)] += 1;
            }
        }
        if kings != 2 {
            // A king taken (R-21): the rules' verdict.
            return self.slow(pos);
        }
        let Some(table) = self.slots[material_slot(&counts)] else {
            // Not held: the rules' verdict if they have one, as `Tablebase::probe_dtm`.
            return self.slow(pos);
        };
        // The stored word is the rules' verdict on a terminal position (see the module).
        table
            .index
            .index_of(pos)
            .and_then(|idx| Value::decode(table.values.get(idx)))
            .or_else(|| self.slow(pos))
    }

    /// Win, draw or loss for the side to move (as [`Prober::probe_dtm`], same cost).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::{Tablebase, Wdl};
    /// use gjjq_core::{Position, Setup};
    /// let mut tb = Tablebase::new();
    /// tb.generate(&"KvK".parse()?)?;
    /// let pos = Position::from_setup("4k4/9/9/9/9/9/9/9/9/3K5 g -".parse::<Setup>()?)?;
    /// assert_eq!(tb.prober(pos.ruleset())?.probe_wdl(&pos), Some(Wdl::Draw));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn probe_wdl(&self, pos: &Position) -> Option<Wdl> {
        self.probe_dtm(pos).map(Value::wdl)
    }

    /// Every legal move with the value of the position after it, from the mover's view, best
    /// first (among equal values in the core's move order): [`Tablebase::best_moves`]`(pos)
    /// .ok()` for a position of at most [`Prober::max_units`] units, `None` with more, or when
    /// a child is not covered.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::{Tablebase, Value};
    /// use gjjq_core::{Position, Setup};
    /// let mut tb = Tablebase::new();
    /// tb.generate(&"IvK".parse()?)?;
    /// let pos = Position::from_setup("3k5/3I5/9/9/9/9/9/9/9/4K4 r -".parse::<Setup>()?)?;
    /// let prober = tb.prober(pos.ruleset())?;
    /// let moves = prober.best_moves(&pos).expect("in the tables");
    /// assert_eq!(moves[0].1, Value::Win(1)); // the infantry takes the king
    /// assert_eq!(Some(moves), tb.best_moves(&pos).ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn best_moves(&self, pos: &Position) -> Option<Vec<(Move, Value)>> {
        if !self.may_hold(pos) {
            return None;
        }
        let mut out = Vec::new();
        for (m, child) in core::children(pos) {
            out.push((m, self.probe_dtm(&child)?.parent()));
        }
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        Some(out)
    }

    /// Whether the tables may hold `pos`: at most [`Prober::max_units`] units (one population
    /// count) and the standard ruleset's play (one address comparison while the position holds
    /// the prober's ruleset, as every position of its search does; the full check otherwise).
    #[inline]
    fn may_hold(&self, pos: &Position) -> bool {
        pos.occupied().count().saturating_sub(2) <= self.max_units
            && (address(pos.ruleset()) == self.rules || core::plays_as_standard(pos.ruleset()))
    }

    /// [`Tablebase::probe_dtm`]'s own path, for what the index does not hold.
    #[cold]
    fn slow(&self, pos: &Position) -> Option<Value> {
        self.tb.probe_dtm(pos).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_slots_are_distinct_and_dense() {
        // Every material of at most MAX_PROBE_UNITS units, by slot: each slot once, all of
        // 0..C(14 + n, n).
        let mut seen = vec![false; slot_count(MAX_PROBE_UNITS)];
        let mut counts = [0u8; UNIT_TYPES];
        fn walk(t: usize, left: u32, counts: &mut [u8; UNIT_TYPES], seen: &mut [bool]) {
            if t == UNIT_TYPES {
                let s = material_slot(counts);
                assert!(!seen[s], "slot {s} twice");
                seen[s] = true;
                return;
            }
            for c in 0..=left {
                counts[t] = c as u8;
                walk(t + 1, left - c, counts, seen);
            }
            counts[t] = 0;
        }
        walk(0, MAX_PROBE_UNITS, &mut counts, &mut seen);
        assert!(seen.iter().all(|&s| s));
        assert_eq!(slot_count(3), 680);
        assert_eq!(slot_count(MAX_PROBE_UNITS), 38_760);
        // The materials of fewer units come first.
        assert_eq!(material_slot(&[0; UNIT_TYPES]), 0);
        let mut one = [0u8; UNIT_TYPES];
        one[13] = 1;
        assert_eq!(material_slot(&one), 14);
    }

    #[test]
    fn every_ending_up_to_three_units_has_its_own_slot() {
        let mut slots = std::collections::HashMap::new();
        for e in Ending::all_up_to(3) {
            let s = material_slot(&material_counts(&e));
            assert!(s < slot_count(e.units()), "{e}");
            assert_eq!(slots.insert(s, e), None, "{e}");
        }
    }
}
