//! Sets of points as 128-bit masks.

use std::fmt;

use crate::square::Square;

junqi_game::bitboard! {
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
    pub struct Bitboard(u128) of 90 Square;
    /// Iterator over the points of a [`Bitboard`], lowest index first.
    pub struct BitboardIter;
}

impl Bitboard {
    /// The set holding one point, read from a table: two loads instead of a variable
    /// 128-bit shift (about seven instructions), for the hot paths of playing a move.
    #[inline(always)]
    pub(crate) fn point(sq: Square) -> Bitboard {
        SQUARE_BITS[sq.index()]
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
