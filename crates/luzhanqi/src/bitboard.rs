//! Sets of points as one `u64` (bits 0 … 59).

use std::fmt;

use crate::square::Square;

junqi_game::bitboard! {
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
    pub struct Bitboard(u64) of 60 Square;
    /// The members of a [`Bitboard`] in increasing index order.
    pub struct BitboardIter;
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
