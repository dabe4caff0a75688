//! `Move`: what a player says, an origin and a destination (R-30); and [`MoveInfo`], what the
//! rules make of it in a given position (R-8, R-19).

use std::str::FromStr;

use smallvec::SmallVec;
use thiserror::Error;

use crate::piece::PieceKind;
use crate::square::{Square, SquareParseError};

/// A move: an origin and a destination, 2 bytes, exactly its ASCII form (R-30).
///
/// R-30 guarantees that in any position an origin and a destination name at most one legal
/// move, so the pair *is* the move. What kind of move it is (quiet, capture, returning capture,
/// return, forfeit, after a removal) depends on the position and comes from
/// [`Position::classify`](crate::Position::classify); whether it is legal from
/// [`Position::is_legal`](crate::Position::is_legal). Any pair of points is a `Move`; no value
/// of this type is invalid, only illegal in a position.
///
/// `Display` and `Debug` print the ASCII form; `FromStr` parses it.
///
/// ```
/// use gjjq_core::{Move, MoveKind, PieceKind, Position};
/// let pos = Position::default();
/// let strike: Move = "3E7d".parse()?;
/// assert!(pos.is_legal(strike));
/// let info = pos.classify(strike).unwrap();
/// assert_eq!(info.kind, MoveKind::ReturningCapture);
/// assert_eq!((info.piece, info.captured), (PieceKind::Missile, Some(PieceKind::Army)));
/// assert_eq!(format!("{strike:?}"), "3E7d");
/// # Ok::<(), gjjq_core::MoveParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: Square,
    to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The origin of the moving piece (the king for a forfeit, the striker for a return).
    #[inline]
    #[must_use]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The destination of the moving piece.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The number of action indices: every `Move` has one in `0..Move::INDEX_COUNT`
    /// (90 × 90 = 8,100), and every index in that range is a `Move`.
    pub const INDEX_COUNT: u16 = 90 * 90;

    /// The action index of the move, `from.index() * 90 + to.index()`, dense in
    /// `0..`[`Move::INDEX_COUNT`]. It is the one integer encoding of a move in the project:
    /// the engine's transposition table, the Python tensors and OpenSpiel actions, and the
    /// web client all use it.
    ///
    /// ```
    /// use gjjq_core::Move;
    /// let m: Move = "5B5A".parse()?;
    /// assert_eq!(m.index(), m.from().index() as u16 * 90 + m.to().index() as u16);
    /// assert_eq!(Move::from_index(m.index()), Some(m));
    /// assert_eq!(Move::from_index(Move::INDEX_COUNT), None);
    /// # Ok::<(), gjjq_core::MoveParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> u16 {
        self.from.index() as u16 * 90 + self.to.index() as u16
    }

    /// The move of an action index ([`Move::index`]), or `None` outside
    /// `0..`[`Move::INDEX_COUNT`].
    #[inline]
    #[must_use]
    pub const fn from_index(index: u16) -> Option<Move> {
        if index >= Move::INDEX_COUNT {
            return None;
        }
        Some(Move {
            from: Square::from_index_unchecked((index / 90) as usize),
            to: Square::from_index_unchecked((index % 90) as usize),
        })
    }
}

// The ASCII machine form (R-30) for `Display` and `Debug`: origin label then destination
// label, e.g. `5B5A`.
junqi_game::move_text!(Move);

/// A string that is not an ASCII move (two point labels, R-30).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoveParseError {
    /// The text is not four characters long.
    #[error("an ASCII move is two point labels, four characters (like 5B5A); got {len}")]
    Length {
        /// The number of characters found.
        len: usize,
    },
    /// One of the two labels is not a point.
    #[error("{which} (column {column}): {source}")]
    Label {
        /// `origin` or `destination`.
        which: &'static str,
        /// 1-based column of the label's first character.
        column: usize,
        /// Why it is not a point.
        source: SquareParseError,
    },
}

impl MoveParseError {
    /// The column (from 1) the error points at: the start of the label that is not a point,
    /// or `None` when the text is not four characters.
    ///
    /// ```
    /// use gjjq_core::Move;
    /// assert_eq!("5B0A".parse::<Move>().unwrap_err().column(), Some(3));
    /// assert_eq!("5B5".parse::<Move>().unwrap_err().column(), None);
    /// ```
    #[must_use]
    pub const fn column(&self) -> Option<usize> {
        match *self {
            MoveParseError::Length { .. } => None,
            MoveParseError::Label { column, .. } => Some(column),
        }
    }

    /// The reason without the column: what a message that already points at the label
    /// (a game file's line and column) says.
    ///
    /// ```
    /// use gjjq_core::Move;
    /// let e = "5B0A".parse::<Move>().unwrap_err();
    /// assert_eq!(e.to_string(), "destination (column 3): the file of a point label must be a digit 1-9");
    /// assert_eq!(e.reason(), "the file of a point label must be a digit 1-9");
    /// ```
    #[must_use]
    pub fn reason(&self) -> String {
        match self {
            MoveParseError::Length { .. } => self.to_string(),
            MoveParseError::Label { source, .. } => source.to_string(),
        }
    }
}

impl FromStr for Move {
    type Err = MoveParseError;

    /// Parses the ASCII form, `5B5A` (strictly: ASCII digits and letters, no spaces).
    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        let len = s.chars().count();
        if len != 4 || !s.is_ascii() {
            return Err(MoveParseError::Length { len });
        }
        let label = |which, column: usize| {
            s[column - 1..column + 1]
                .parse::<Square>()
                .map_err(|source| MoveParseError::Label {
                    which,
                    column,
                    source,
                })
        };
        Ok(Move::new(label("origin", 1)?, label("destination", 3)?))
    }
}

/// The rule a move follows (R-8 … R-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum MoveKind {
    /// A move onto an empty point.
    Quiet,
    /// A capture after which the capturing piece stays on the captured point.
    Capture,
    /// A returning capture (R-19): a missile strike (R-11) or a fleet capturing inland (R-12).
    /// Under `return_rule = next_turn` the striker then stands on the struck point and owes a
    /// return to its origin; under `immediate` it stays on its origin.
    ReturningCapture,
    /// The return (R-19): the striker flies home from the struck point to its origin.
    Return,
}

/// What happens to a striker that owes a return and cannot or does not make it (R-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Removal {
    /// 棄彈保王 / 棄艦保王: the king, attacked while the return is owed, moves instead; the
    /// striker on this point is removed after the king has moved.
    Forfeit(Square),
    /// 取出: the striker's origin is occupied, so the striker on this point is removed before
    /// the move, which is judged on the board without it.
    BeforeMove(Square),
}

impl Removal {
    /// The striker point emptied by the removal.
    #[must_use]
    pub const fn striker(self) -> Square {
        match self {
            Removal::Forfeit(s) | Removal::BeforeMove(s) => s,
        }
    }
}

/// What a move is in a given position: [`Position::classify`](crate::Position::classify).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub struct MoveInfo {
    /// The kind of the moving piece (the king for a forfeit).
    pub piece: PieceKind,
    /// The rule the moving piece follows.
    pub kind: MoveKind,
    /// The captured kind, if the move captures an enemy piece.
    pub captured: Option<PieceKind>,
    /// A striker removed with this move (a forfeit or a removal, R-19).
    pub removal: Option<Removal>,
}

impl MoveInfo {
    /// Whether the move captures an enemy piece.
    #[inline]
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured.is_some()
    }

    /// Whether the move is a forfeit (棄彈保王 / 棄艦保王, R-19).
    #[inline]
    #[must_use]
    pub const fn is_forfeit(&self) -> bool {
        matches!(self.removal, Some(Removal::Forfeit(_)))
    }
}

/// A list of moves, kept inline. 128 is above the largest count we know: 109 moves in the
/// constructed position `4k4/9/2D3D2/9/2P3P2/FI2I2IF/9/2A3A2/3G1G3/2M1K1M2 r -` (every Red
/// piece out in the open against a bare king), and 103 in 20,000 random games. A longer list
/// would spill to the heap, not fail.
pub type MoveList = SmallVec<[Move; 128]>;

#[cfg(test)]
mod tests {
    use super::*;

    // The action index round-trips for every move (every pair of points) and is dense.
    #[test]
    fn action_index_round_trips() {
        let mut seen = vec![false; Move::INDEX_COUNT as usize];
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                let i = m.index();
                assert!(i < Move::INDEX_COUNT);
                assert!(!seen[i as usize], "{m}");
                seen[i as usize] = true;
                assert_eq!(Move::from_index(i), Some(m));
            }
        }
        assert!(seen.iter().all(|&s| s));
        for i in Move::INDEX_COUNT..=u16::MAX {
            assert_eq!(Move::from_index(i), None);
        }
    }

    #[test]
    fn move_is_two_bytes() {
        assert_eq!(std::mem::size_of::<Move>(), 2);
    }

    #[test]
    fn ascii_round_trip_and_errors() {
        let m: Move = "5B5A".parse().unwrap();
        assert_eq!(m.to_string(), "5B5A");
        assert_eq!(format!("{m:?}"), "5B5A");
        assert_eq!(
            "5B5".parse::<Move>(),
            Err(MoveParseError::Length { len: 3 })
        );
        assert!(matches!(
            "5B0A".parse::<Move>(),
            Err(MoveParseError::Label { column: 3, .. })
        ));
        assert!(matches!(
            "5В5А".parse::<Move>(),
            Err(MoveParseError::Length { len: 4 })
        ));
    }

    #[test]
    fn moves_order_by_origin_then_destination() {
        // Internal indices: 1E is 0, 2E is 1, 1D is 9.
        let a: Move = "1E2E".parse().unwrap();
        let b: Move = "1E1D".parse().unwrap();
        let c: Move = "2E1E".parse().unwrap();
        assert!(a < b && b < c);
    }
}
