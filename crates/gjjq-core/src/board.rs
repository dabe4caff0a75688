//! `Board`: the placement, which piece stands on each point, as five 128-bit sets: one per
//! side and three bit planes of the kind (bit-sliced). Shared by [`crate::Setup`] (plain data)
//! and [`crate::Position`] (validated), so neither rebuilds a 90-slot array.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::piece::{Piece, PieceKind};
use crate::square::{Side, Square};

/// The placement: which piece, if any, stands on each of the 90 points. 80 bytes.
///
/// Any placement is a `Board` (two kings of a side, a king abroad): the rules (R-26) are
/// checked by [`crate::Position::from_setup`], not here.
///
/// Representation (chosen by measurement, `benches/README.md`): each side's pieces as a
/// [`Bitboard`], and the kind as three bit planes, plane `i` holding the points whose piece's
/// [`PieceKind::index`] has bit `i` set. The set of a kind is three set operations; there is
/// no mailbox (a 90-byte mailbox would make a `Position` too large to copy inline).
///
/// `Display` and `FromStr` use the placement field of the position string (R-31).
///
/// ```
/// use gjjq_core::{Board, Piece, PieceKind, Side, Square};
/// let mut board = Board::EMPTY;
/// let sq: Square = "5E".parse()?;
/// board.set(sq, Some(Piece::new(Side::Red, PieceKind::King)));
/// assert_eq!(board.piece_at(sq), Some(Piece::new(Side::Red, PieceKind::King)));
/// assert_eq!(board.pieces(Side::Red, PieceKind::King).first(), Some(sq));
/// assert_eq!(board.to_string(), "9/9/9/9/9/9/9/9/9/4K4");
/// assert_eq!("9/9/9/9/9/9/9/9/9/4K4".parse::<Board>()?, board);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub(crate) sides: [Bitboard; 2],
    pub(crate) planes: [Bitboard; 3],
}

/// `mask` if bit `i` of `k` is set, else nothing (branch-free).
#[inline(always)]
const fn select(mask: u128, k: usize, i: usize) -> u128 {
    mask & 0u128.wrapping_sub(((k >> i) & 1) as u128)
}

impl Board {
    /// No piece anywhere.
    pub const EMPTY: Board = Board {
        sides: [Bitboard::EMPTY; 2],
        planes: [Bitboard::EMPTY; 3],
    };

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = Bitboard::point(sq);
        let side = if self.sides[0].intersects(bit) {
            Side::Red
        } else if self.sides[1].intersects(bit) {
            Side::Green
        } else {
            return None;
        };
        Some(Piece::new(side, self.kind_on(bit)))
    }

    /// The kind of the piece on the single point `bit` (meaningless on an empty point).
    #[inline(always)]
    pub(crate) fn kind_on(&self, bit: Bitboard) -> PieceKind {
        PieceKind::ALL[self.kind_index_on(bit)]
    }

    /// [`PieceKind::index`] of the piece on the single point `bit` (0 on an empty point).
    #[inline(always)]
    pub(crate) fn kind_index_on(&self, bit: Bitboard) -> usize {
        usize::from(self.planes[0].intersects(bit))
            | usize::from(self.planes[1].intersects(bit)) << 1
            | usize::from(self.planes[2].intersects(bit)) << 2
    }

    /// The kind of the piece on `sq` (meaningless on an empty point).
    #[inline(always)]
    pub(crate) fn kind_at(&self, sq: Square) -> PieceKind {
        self.kind_on(Bitboard::point(sq))
    }

    /// Put `piece` (or nothing) on `sq`, replacing whatever stood there.
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.clear(Bitboard::point(sq));
        if let Some(p) = piece {
            self.add(Bitboard::point(sq), p);
        }
    }

    /// Empty the points of `mask`.
    #[inline(always)]
    pub(crate) fn clear(&mut self, mask: Bitboard) {
        for s in &mut self.sides {
            *s = *s - mask;
        }
        for p in &mut self.planes {
            *p = *p - mask;
        }
    }

    /// Put `p` on the empty single point `bit`.
    #[inline(always)]
    pub(crate) fn add(&mut self, bit: Bitboard, p: Piece) {
        self.sides[p.side.index()] |= bit;
        self.xor_kind(bit, p.kind.index());
    }

    /// Flip the points of `mask` in the planes of kind index `k`.
    #[inline(always)]
    pub(crate) fn xor_kind(&mut self, mask: Bitboard, k: usize) {
        for (i, p) in self.planes.iter_mut().enumerate() {
            p.0 ^= select(mask.0, k, i);
        }
    }

    /// Move the piece of `side` and kind index `k` from one point of `mask` to the other (the
    /// other must be empty): one mask flips both points.
    #[inline(always)]
    pub(crate) fn shift(&mut self, side: usize, k: usize, mask: Bitboard) {
        self.sides[side] ^= mask;
        self.xor_kind(mask, k);
    }

    /// Every occupied point.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    /// `side`'s pieces.
    #[inline]
    #[must_use]
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        self.sides[side.index()]
    }

    /// Pieces of `kind`, both sides.
    #[inline(always)]
    #[must_use]
    pub fn kind_pieces(&self, kind: PieceKind) -> Bitboard {
        self.kind_within(self.occupied(), kind)
    }

    /// `side`'s pieces of `kind`.
    #[inline(always)]
    #[must_use]
    pub fn pieces(&self, side: Side, kind: PieceKind) -> Bitboard {
        self.kind_within(self.sides[side.index()], kind)
    }

    /// The points of `within` (occupied points) holding a piece of `kind`.
    #[inline(always)]
    fn kind_within(&self, within: Bitboard, kind: PieceKind) -> Bitboard {
        let k = kind.index();
        let mut bits = within.0;
        for (i, p) in self.planes.iter().enumerate() {
            // Keep the points whose plane bit equals the kind's bit `i`.
            bits &= !(p.0 ^ 0u128.wrapping_sub(((k >> i) & 1) as u128));
        }
        Bitboard(bits)
    }

    /// The missiles, fleets, aircraft, divisions and infantry of both sides (R-24): the
    /// kinds whose index has bit 1 set (2, 3, 6, 7) or is 4.
    #[inline(always)]
    pub(crate) fn kind_pieces_beyond_palace_and_army(&self) -> Bitboard {
        debug_assert_eq!(PieceKind::Aircraft.index(), 4);
        self.planes[1] | (self.planes[2] - self.planes[0])
    }

    /// `side`'s king, if it is on the board (the lowest point if there are several).
    #[inline]
    #[must_use]
    pub fn king(&self, side: Side) -> Option<Square> {
        self.pieces(side, PieceKind::King).first()
    }

    /// How many pieces `side` has on the board.
    #[inline]
    #[must_use]
    pub fn piece_count(&self, side: Side) -> u32 {
        self.sides[side.index()].count()
    }

    /// Whether no piece stands anywhere.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.occupied().is_empty()
    }

    /// Every piece with its point, in point order.
    #[must_use]
    pub fn iter(&self) -> BoardIter<'_> {
        BoardIter {
            board: self,
            points: self.occupied().iter(),
        }
    }

    /// The placement field of the position string (R-31), e.g. `9/9/9/9/9/9/9/9/9/4K4`.
    #[must_use]
    pub fn placement_string(&self) -> String {
        let mut out = String::with_capacity(100);
        write_rows(&mut out, 10, |sq| self.piece_at(sq).map(Piece::ascii))
            .expect("writing to a String cannot fail");
        out
    }
}

/// The pieces of a [`Board`] with their points: [`Board::iter`].
#[derive(Debug, Clone)]
pub struct BoardIter<'a> {
    board: &'a Board,
    points: crate::bitboard::BitboardIter,
}

impl Iterator for BoardIter<'_> {
    type Item = (Square, Piece);

    #[inline]
    fn next(&mut self) -> Option<(Square, Piece)> {
        let sq = self.points.next()?;
        Some((sq, self.board.piece_at(sq).expect("an occupied point")))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.points.size_hint()
    }
}

impl ExactSizeIterator for BoardIter<'_> {}

impl<'a> IntoIterator for &'a Board {
    type Item = (Square, Piece);
    type IntoIter = BoardIter<'a>;
    fn into_iter(self) -> BoardIter<'a> {
        self.iter()
    }
}

impl FromIterator<(Square, Piece)> for Board {
    /// The board with these pieces (a later piece on a point replaces an earlier one).
    fn from_iter<T: IntoIterator<Item = (Square, Piece)>>(iter: T) -> Board {
        let mut b = Board::EMPTY;
        for (sq, p) in iter {
            b.set(sq, Some(p));
        }
        b
    }
}

/// The placement field of the position string (R-31).
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.placement_string())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

/// Rows `rows − 1` down to 0 of the board (10 for a position string, R-31; 5 for a
/// deployment string, R-33, or a country), separated by `/`: `cell`'s character for each
/// point, a digit 1–9 for each run of points where it gives none.
pub(crate) fn write_rows(
    out: &mut impl fmt::Write,
    rows: u8,
    cell: impl Fn(Square) -> Option<char>,
) -> fmt::Result {
    for y in (0..rows).rev() {
        let mut empty = 0u8;
        for x in 0..9u8 {
            match cell(Square::new(x, y).expect("x < 9 and y < 10 is on the board")) {
                Some(c) => {
                    if empty > 0 {
                        out.write_char(char::from(b'0' + empty))?;
                        empty = 0;
                    }
                    out.write_char(c)?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.write_char(char::from(b'0' + empty))?;
        }
        if y > 0 {
            out.write_char('/')?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Copy-make copies the board with every position (docs/search.md quotes it).
    #[test]
    fn board_size_is_pinned() {
        assert_eq!(std::mem::size_of::<Board>(), 80);
    }

    #[test]
    fn every_piece_on_every_point() {
        let mut b = Board::EMPTY;
        for sq in Bitboard::FULL {
            for side in Side::ALL {
                for kind in PieceKind::ALL {
                    let p = Piece::new(side, kind);
                    b.set(sq, Some(p));
                    assert_eq!(b.piece_at(sq), Some(p));
                    assert_eq!(b.pieces(side, kind), Bitboard::from_square(sq));
                    assert_eq!(b.kind_pieces(kind), Bitboard::from_square(sq));
                    for other in PieceKind::ALL.into_iter().filter(|&k| k != kind) {
                        assert!(b.kind_pieces(other).is_empty());
                    }
                    assert!(b.pieces(side.other(), kind).is_empty());
                    let beyond =
                        !matches!(kind, PieceKind::King | PieceKind::Guard | PieceKind::Army);
                    assert_eq!(b.kind_pieces_beyond_palace_and_army().any(), beyond);
                }
            }
            b.set(sq, None);
            assert_eq!(b, Board::EMPTY);
        }
    }
}
