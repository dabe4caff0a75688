//! The ASCII machine form (R-30): origin label then destination label, e.g. `5B5A`.

use std::fmt;
use std::str::FromStr;

use gjjq_core::{Move, Position, Square, SquareParseError};
use thiserror::Error;

use crate::record::{RecordError, find_legal, mover_at};

/// A move in the ASCII machine form (R-30): origin and destination labels, e.g. `5B5A` or
/// `3E7d` (upper-case ranks in Red's country, lower-case in Green's). Every legal move of a
/// position is named by these two points alone.
///
/// # Examples
///
/// ```
/// use gjjq_notation::AsciiMove;
/// use gjjq_core::Position;
/// let a: AsciiMove = "3E7d".parse()?;
/// let m = a.to_move(&Position::default()).unwrap();
/// assert_eq!(AsciiMove::from_move(m), a);
/// assert_eq!(a.to_string(), "3E7d");
/// # Ok::<(), gjjq_notation::AsciiParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AsciiMove {
    /// The origin.
    pub from: Square,
    /// The destination.
    pub to: Square,
}

/// An ASCII move that does not parse. Columns count characters from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum AsciiParseError {
    /// Not four ASCII characters.
    #[error("an ASCII move is four characters, origin and destination label (e.g. 5B5A)")]
    Shape,
    /// A label does not parse.
    #[error("column {column}: {error}")]
    Label {
        /// Where the label starts: 1 (origin) or 3 (destination).
        column: usize,
        /// What is wrong with it.
        error: SquareParseError,
    },
}

impl AsciiParseError {
    /// The column (from 1) the error points at, if it points at one.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::AsciiMove;
    /// assert_eq!("5B0A".parse::<AsciiMove>().unwrap_err().column(), Some(3));
    /// ```
    #[must_use]
    pub const fn column(&self) -> Option<usize> {
        match *self {
            AsciiParseError::Shape => None,
            AsciiParseError::Label { column, .. } => Some(column),
        }
    }
}

impl AsciiMove {
    /// The ASCII form of `m`.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::AsciiMove;
    /// use gjjq_core::Position;
    /// let m = Position::default().legal_moves()[0];
    /// assert_eq!(AsciiMove::from_move(m).to_string(), m.to_string());
    /// ```
    #[must_use]
    pub fn from_move(m: Move) -> AsciiMove {
        AsciiMove {
            from: m.from(),
            to: m.to(),
        }
    }

    /// The legal move of `pos` from this origin to this destination.
    ///
    /// # Errors
    ///
    /// [`RecordError::NoPiece`] or [`RecordError::NotToMove`] for the origin, else
    /// [`RecordError::Illegal`] when no legal move joins the two points.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AsciiMove, RecordError};
    /// use gjjq_core::Position;
    /// let a: AsciiMove = "5C5B".parse()?;
    /// assert!(matches!(a.to_move(&Position::default()), Err(RecordError::NoPiece { .. })));
    /// # Ok::<(), gjjq_notation::AsciiParseError>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, RecordError> {
        mover_at(pos, self.from)?;
        find_legal(pos, self.from, self.to)
    }
}

impl FromStr for AsciiMove {
    type Err = AsciiParseError;

    fn from_str(s: &str) -> Result<AsciiMove, AsciiParseError> {
        if s.len() != 4 || !s.is_ascii() {
            return Err(AsciiParseError::Shape);
        }
        let label = |column: usize| {
            s[column - 1..column + 1]
                .parse::<Square>()
                .map_err(|error| AsciiParseError::Label { column, error })
        };
        Ok(AsciiMove {
            from: label(1)?,
            to: label(3)?,
        })
    }
}

impl fmt::Display for AsciiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for AsciiMove {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for AsciiMove {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<AsciiMove, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors() {
        assert_eq!("5B5".parse::<AsciiMove>(), Err(AsciiParseError::Shape));
        assert_eq!("５B5A".parse::<AsciiMove>(), Err(AsciiParseError::Shape));
        assert_eq!(
            "5B0A".parse::<AsciiMove>(),
            Err(AsciiParseError::Label {
                column: 3,
                error: SquareParseError::BadFile
            })
        );
        assert_eq!(
            "5Z5A".parse::<AsciiMove>(),
            Err(AsciiParseError::Label {
                column: 1,
                error: SquareParseError::BadRank
            })
        );
    }
}
