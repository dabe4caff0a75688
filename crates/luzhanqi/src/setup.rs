//! `Setup`: a plain placement with counters, which may be nonsense (L-20's fields before
//! validation).

use crate::bitboard::Bitboard;
use crate::piece::{Kind, Piece, Side};
use crate::square::Square;

/// A placement of pieces, the side to move and the two counters of a position string (L-20),
/// not validated: any value can be built, and [`Position::from_setup`](crate::Position::from_setup)
/// says every reason it is not a position.
///
/// ```
/// use luzhanqi::{Kind, Piece, Setup, Side};
/// let mut setup = Setup::empty();
/// setup.put("c6".parse().unwrap(), Some(Piece::new(Side::Red, Kind::Engineer)));
/// assert_eq!(setup.to_string(), "5/5/5/5/5/5/2E2/5/5/5/5/5 r 0 1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each point, by [`Square::index`].
    pub board: [Option<Piece>; 60],
    /// The side to move.
    pub turn: Side,
    /// Plies since the last attack (L-15).
    pub plies_since_attack: u32,
    /// The move number: starts at 1, rises after each Blue move.
    pub move_number: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, Red to move, counters 0 and 1.
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 60],
            turn: Side::Red,
            plies_since_attack: 0,
            move_number: 1,
        }
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Put `piece` (or nothing) on `sq`.
    pub fn put(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// The points holding `piece`.
    #[must_use]
    pub fn squares_of(&self, piece: Piece) -> Bitboard {
        Square::all()
            .filter(|&s| self.board[s.index()] == Some(piece))
            .collect()
    }

    /// How many pieces of `side` and `kind` stand on the board.
    #[must_use]
    pub fn count(&self, side: Side, kind: Kind) -> u32 {
        self.squares_of(Piece::new(side, kind)).count()
    }
}
