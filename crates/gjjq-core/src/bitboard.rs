//! Sets of points as 128-bit masks.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::square::Square;

/// A set of points: bit `y * 9 + x` of a `u128` (bits 90..128 always clear).
///
/// `Display` draws the 9×10 board with Green's base line on top, `x` marking members:
///
/// ```text
/// . . . . . . . . .   y = 9 (Green's base line, rank e)
/// ...
/// x . . . . . . . .   y = 0 (Red's base line, rank E)
/// ```
///
/// ```
/// use gjjq_core::{Bitboard, Square};
/// let a: Square = "5E".parse().unwrap();
/// let b: Square = "5e".parse().unwrap();
/// let set = Bitboard::from_square(a) | Bitboard::from_square(b);
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![a, b]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u128);

impl Bitboard {
    /// No points.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 points.
    pub const FULL: Bitboard = Bitboard((1u128 << 90) - 1);

    /// The set with these bits (bit `y * 9 + x`), or `None` if a bit above 89 is set: a
    /// `Bitboard` only ever holds points.
    ///
    /// ```
    /// use gjjq_core::Bitboard;
    /// assert_eq!(Bitboard::from_bits(0b101).map(|b| b.count()), Some(2));
    /// assert_eq!(Bitboard::from_bits(1 << 90), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u128) -> Option<Bitboard> {
        if bits & !Bitboard::FULL.0 == 0 {
            Some(Bitboard(bits))
        } else {
            None
        }
    }

    /// The set with the bits of `bits` that are points (bits above 89 dropped).
    #[inline]
    #[must_use]
    pub const fn from_bits_truncate(bits: u128) -> Bitboard {
        Bitboard(bits & Bitboard::FULL.0)
    }

    /// The bits of the set: bit `y * 9 + x` for each member point.
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding one point.
    #[inline]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// The set holding one point, read from a table: two loads instead of a variable
    /// 128-bit shift (about seven instructions), for the hot paths of playing a move.
    #[inline(always)]
    pub(crate) fn point(sq: Square) -> Bitboard {
        SQUARE_BITS[sq.index()]
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.index()) != 0
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1u128 << sq.index()))
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    /// Add `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    /// Remove `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one point.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of points in the set.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The point with the lowest index, if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                self.0.trailing_zeros() as usize
            ))
        }
    }

    /// The point with the highest index, if any.
    #[inline]
    #[must_use]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                127 - self.0.leading_zeros() as usize,
            ))
        }
    }

    /// Whether the two sets share a point.
    #[inline]
    #[must_use]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Iterate over the points, lowest index first.
    #[inline]
    pub fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// Each point alone, for [`Bitboard::point`]; 256 entries (the rest empty) so that indexing
/// by a `Square`'s `u8` needs no bounds check.
static SQUARE_BITS: [Bitboard; 256] = {
    let mut out = [Bitboard::EMPTY; 256];
    let mut i = 0;
    while i < 90 {
        out[i] = Bitboard(1u128 << i);
        i += 1;
    }
    out
};

/// Iterator over the points of a [`Bitboard`], lowest index first.
#[derive(Debug, Clone)]
pub struct BitboardIter(u128);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<T: IntoIterator<Item = Square>>(iter: T) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for sq in iter {
            b.insert(sq);
        }
        b
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the 90 points.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..10u8).rev() {
            for x in 0..9u8 {
                let sq = Square::new(x, y).expect("on board");
                f.write_str(if self.contains(sq) { "x" } else { "." })?;
                if x < 8 {
                    f.write_str(" ")?;
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#x})\n{}", self.0, self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = Square::new(0, 0).unwrap();
        let b = Square::new(8, 9).unwrap();
        let s = Bitboard::EMPTY.with(a).with(b);
        assert_eq!(s.count(), 2);
        assert_eq!(s.first(), Some(a));
        assert_eq!(s.last(), Some(b));
        assert_eq!((!s).count(), 88);
        assert_eq!(s - Bitboard::from_square(a), Bitboard::from_square(b));
        assert!(s.without(a).without(b).is_empty());
        assert_eq!(Bitboard::FULL.iter().count(), 90);
    }

    #[test]
    fn display_draws_ten_rows_of_nine() {
        let s = Bitboard::from_square(Square::new(0, 0).unwrap());
        let text = s.to_string();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 10);
        assert_eq!(rows[9], "x . . . . . . . .");
        assert_eq!(rows[0], ". . . . . . . . .");
    }
}
