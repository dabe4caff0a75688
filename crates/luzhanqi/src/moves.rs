//! `Move`: what a player says, an origin and a destination (L-21's ASCII form).

use std::str::FromStr;

use smallvec::SmallVec;
use thiserror::Error;

use crate::square::{Square, SquareParseError, parse_square_prefix};

/// A move: origin and destination, 2 bytes. Whether it is an attack, and what the attack does,
/// is derived from the position ([`Position::combat`](crate::Position::combat)).
///
/// Its text is L-21's ASCII form, origin then destination:
///
/// ```
/// use luzhanqi::Move;
/// let m: Move = "b10b11".parse()?;
/// assert_eq!((m.from.to_string(), m.to.to_string()), ("b10".into(), "b11".into()));
/// assert_eq!(m.to_string(), "b10b11");
/// assert_eq!("c6c13".parse::<Move>().unwrap_err().column(), 5);
/// # Ok::<(), luzhanqi::MoveParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (or whom it attacks).
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

// L-21's ASCII form, origin then destination (`b10b11`), for `Display` and `Debug`.
junqi_game::move_text!(Move);

/// A text that is not an ASCII move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoveParseError {
    /// A point is malformed (its column is within the whole text).
    #[error("{0}")]
    Square(SquareParseError),
    /// Origin and destination are the same point.
    #[error("column 1: origin and destination are the same point {0}")]
    Null(Square),
}

impl MoveParseError {
    /// The 1-based column (in characters) of the error.
    #[must_use]
    pub fn column(&self) -> usize {
        match self {
            MoveParseError::Square(e) => e.column(),
            MoveParseError::Null(_) => 1,
        }
    }
}

/// Read `<from><to>` from the start of `chars`; returns the move and characters read.
pub(crate) fn parse_move_prefix(chars: &[char]) -> Result<(Move, usize), MoveParseError> {
    let (from, n) = parse_square_prefix(chars).map_err(MoveParseError::Square)?;
    let (to, k) =
        parse_square_prefix(&chars[n..]).map_err(|e| MoveParseError::Square(e.shifted(n)))?;
    if from == to {
        return Err(MoveParseError::Null(from));
    }
    Ok((Move { from, to }, n + k))
}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        let chars: Vec<char> = s.chars().collect();
        let (m, n) = parse_move_prefix(&chars)?;
        if n < chars.len() {
            return Err(MoveParseError::Square(SquareParseError::Trailing {
                column: n + 1,
                found: crate::square::quote(&chars[n..]),
            }));
        }
        Ok(m)
    }
}

/// A list of moves, inline up to 128, spilling to the heap beyond. The most legal moves seen in
/// 3,000 random games from random deployments is 102, in
/// `lclf1/3lE/5/2JD1/5/5/2E2/1Y1j1/1d3/5/1L1ZE/LTLF1 r 14 124` (three engineers with open
/// railways); a contrived position with every ranked piece free on an empty railway could
/// exceed 128, hence a `SmallVec` rather than an array.
pub type MoveList = SmallVec<[Move; 128]>;
