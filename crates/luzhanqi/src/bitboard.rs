//! Sets of points as one `u64` (bits 0 … 59).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::square::Square;

/// A set of points: bit `(rank - 1) * 5 + file` of a `u64` (bits 60 … 63 always clear).
///
/// `Display` draws the board with Blue's back row on top, `x` marking members, a blank line
/// for the mountains between the fronts:
///
/// ```text
/// . . . . .   12  Blue's headquarters row
/// . . . . .   11  Blue's back railway
/// . . . . .   10
/// . . . . .    9
/// . . . . .    8
/// . . . . .    7  Blue's front (railway)
///
/// . . . . .    6  Red's front (railway)
/// . . . . .    5
/// . . . . .    4
/// . . . . .    3
/// . . . . .    2  Red's back railway
/// x . . . .    1  Red's headquarters row (a1 marked)
/// a b c d e
/// ```
///
/// ```
/// use luzhanqi::{Bitboard, Square};
/// let a: Square = "a1".parse().unwrap();
/// let b: Square = "e12".parse().unwrap();
/// let set = Bitboard::from_square(a) | Bitboard::from_square(b);
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![a, b]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u64);

impl Bitboard {
    /// No points.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 60 points.
    pub const FULL: Bitboard = Bitboard((1u64 << 60) - 1);

    /// The set with these bits, or `None` if a bit above 59 is set.
    ///
    /// ```
    /// use luzhanqi::Bitboard;
    /// assert_eq!(Bitboard::from_bits(0b101).map(|b| b.count()), Some(2));
    /// assert_eq!(Bitboard::from_bits(1 << 60), None);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<Bitboard> {
        if bits & !Bitboard::FULL.0 == 0 {
            Some(Bitboard(bits))
        } else {
            None
        }
    }

    /// The bits of the set.
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding one point.
    #[inline]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The set of these points.
    #[must_use]
    pub fn from_squares(squares: &[Square]) -> Bitboard {
        squares
            .iter()
            .fold(Bitboard::EMPTY, |b, &s| b | Bitboard::from_square(s))
    }

    /// Whether `sq` is a member.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the sets share a point.
    #[inline]
    #[must_use]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Number of points.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The member of lowest index.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The member of highest index.
    #[inline]
    #[must_use]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                63 - self.0.leading_zeros() as u8,
            ))
        }
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// The members in increasing index order (`a1`, `b1`, …, `e12`).
    #[inline]
    #[must_use]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// The members of a [`Bitboard`] in increasing index order.
#[derive(Debug, Clone)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
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
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s))
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// The points of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 60 points.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (1..=12u8).rev() {
            for file in 0..5u8 {
                let sq = Square::new(file, rank).expect("on the board");
                let c = if self.contains(sq) { 'x' } else { '.' };
                if file > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            writeln!(f, "  {rank:>2}")?;
            if rank == 7 {
                writeln!(f)?;
            }
        }
        f.write_str("a b c d e")
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#x})", self.0)
    }
}
