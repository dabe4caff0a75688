//! The index of an ending's positions without a pending return.
//!
//! A position of an ending is its placement and the side to move; nothing else a
//! [`gjjq_core::Position`] holds changes play under the standard ruleset in an ending: the
//! palace seal and facing kings follow from the piece counts, the no-capture
//! counter and move number do not count without a `no_capture_limit`, and repetition is the
//! tables' own business (a cycle is a draw). Pending returns are not indexed: a
//! position with one arises only from a capture, so it belongs to a smaller ending, and it
//! resolves within at most three plies (the owner's next turn returns, forfeits or removes);
//! the tables value it by that short search down to indexed positions (see
//! [`crate::Tablebase`]).
//!
//! Layout: one slot per piece, Red's king, Red's other pieces in `PieceKind` order, Green's
//! king, Green's others. Each slot ranges over the points its kind may stand on (R-26, as
//! derived in `core::domain`: 9 palace points for kings and guards, 45 for armies, 24 land
//! points for missiles, 60 sea and coast points for fleets, 90 for the rest). The index is
//! `turn + 2 × (s₀ + n₀ × (s₁ + n₁ × …))`, `turn` 0 for Red to move, `sᵢ` the slot's point
//! number in its range. Pieces of one kind are interchangeable: only ascending point numbers
//! are positions (the rest, like two pieces on one point or a placement the core refuses, are
//! stored as "not a position"). Mirror symmetry is not used yet (see the crate docs).

use gjjq_core::{Position, Side};

use crate::core::{self, Kind};
use crate::ending::Ending;

/// One piece's slot.
#[derive(Debug, Clone)]
struct Slot {
    side: Side,
    kind: Kind,
    /// Point indices the piece may stand on, ascending.
    domain: Vec<u8>,
    /// Point index → number in `domain`, `u8::MAX` if outside.
    number: [u8; 90],
    /// Same side and kind as the slot before: squares must ascend.
    same_as_previous: bool,
}

/// The index of one ending.
#[derive(Debug, Clone)]
pub struct EndingIndex {
    ending: Ending,
    slots: Vec<Slot>,
    size: usize,
}

impl EndingIndex {
    /// The index of `ending`.
    #[must_use]
    pub fn new(ending: Ending) -> EndingIndex {
        let mut slots: Vec<Slot> = Vec::new();
        for (side, force) in [(Side::Red, ending.red), (Side::Green, ending.green)] {
            let mut kinds = vec![Kind::King];
            for k in Kind::ALL {
                for _ in 0..force.count(k) {
                    kinds.push(k);
                }
            }
            for kind in kinds {
                let domain = core::domain(side, kind);
                let mut number = [u8::MAX; 90];
                for (i, &sq) in domain.iter().enumerate() {
                    number[usize::from(sq)] = i as u8;
                }
                let same_as_previous = slots
                    .last()
                    .is_some_and(|s: &Slot| s.side == side && s.kind == kind);
                slots.push(Slot {
                    side,
                    kind,
                    domain,
                    number,
                    same_as_previous,
                });
            }
        }
        let size = slots.iter().fold(2usize, |n, s| n * s.domain.len());
        EndingIndex {
            ending,
            slots,
            size,
        }
    }

    /// The ending.
    #[must_use]
    pub fn ending(&self) -> Ending {
        self.ending
    }

    /// Index size, placements that are not positions included.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The position at `idx`, if the placement there is one (in range, ascending for pieces of
    /// one kind, accepted by the core).
    #[must_use]
    pub fn position(&self, idx: usize) -> Option<Position> {
        if idx >= self.size {
            return None;
        }
        let red_to_move = idx.is_multiple_of(2);
        let mut rest = idx / 2;
        let mut pieces = Vec::with_capacity(self.slots.len());
        let mut previous = 0u8;
        for slot in &self.slots {
            let n = slot.domain.len();
            let sq = slot.domain[rest % n];
            rest /= n;
            if slot.same_as_previous && sq <= previous {
                return None;
            }
            previous = sq;
            pieces.push((slot.side, slot.kind, sq));
        }
        core::build(&pieces, red_to_move)
    }

    /// The index of `pos`, which must have this ending's material and no pending return;
    /// `None` if a piece stands outside its slot's range.
    #[must_use]
    pub fn index_of(&self, pos: &Position) -> Option<usize> {
        let mut idx = 0usize;
        let mut scale = 1usize;
        let mut i = 0;
        while i < self.slots.len() {
            let slot = &self.slots[i];
            let mut group = 1;
            while i + group < self.slots.len() && self.slots[i + group].same_as_previous {
                group += 1;
            }
            let squares: Vec<u8> = core::squares(pos, slot.side, slot.kind).collect();
            if squares.len() != group {
                return None;
            }
            for (j, &sq) in squares.iter().enumerate() {
                let s = &self.slots[i + j];
                let number = s.number[usize::from(sq)];
                if number == u8::MAX {
                    return None;
                }
                idx += usize::from(number) * scale;
                scale *= s.domain.len();
            }
            i += group;
        }
        Some(2 * idx + usize::from(!core::red_to_move(pos)))
    }
}
