//! The 60 points of the board (L-1): files `a`–`e` from Red's left, ranks `1`–`12` from Red's
//! back row.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::piece::Side;

junqi_game::point! {
    /// One of the 60 points (L-1), written file then rank: `a1`, `c6`, `e12`.
    ///
    /// Its index is `(rank - 1) * 5 + file` with file `a` = 0, so `a1` is 0, `e1` is 4, `a2` is 5
    /// and `e12` is 59: the bit of the point in a [`Bitboard`](crate::Bitboard).
    ///
    /// ```
    /// use luzhanqi::Square;
    /// let sq: Square = "b10".parse()?;
    /// assert_eq!((sq.file(), sq.rank(), sq.index()), (1, 10, 46));
    /// assert_eq!(sq.to_string(), "b10");
    /// # Ok::<(), luzhanqi::SquareParseError>(())
    /// ```
    pub struct Square(u8) of 60;
}

impl Square {
    /// The point on `file` (0 = `a` … 4 = `e`) and `rank` (1 … 12), or `None` off the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 5 && rank >= 1 && rank <= 12 {
            Some(Square((rank - 1) * 5 + file))
        } else {
            None
        }
    }

    /// The file, 0 (`a`) … 4 (`e`).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 5
    }

    /// The rank, 1 … 12.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 5 + 1
    }

    /// The side whose half holds the point: Red for ranks 1–6, Blue for 7–12 (L-1).
    #[must_use]
    pub const fn half(self) -> Side {
        if self.rank() <= 6 {
            Side::Red
        } else {
            Side::Blue
        }
    }

    /// The point seen from the other side: rank r ↔ 13 − r, file mirrored (L-4), so that a
    /// point's (file, row) in Blue's own frame is its flipped point's (file, rank).
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(59 - self.0)
    }

    /// The point's (file 0–4, row 1–6) in `side`'s own frame (L-4): files from its own left,
    /// rows from its own back row; rows above 6 lie in the enemy half (7–12).
    #[must_use]
    pub const fn own_frame(self, side: Side) -> (u8, u8) {
        let s = match side {
            Side::Red => self,
            Side::Blue => self.flip(),
        };
        (s.file(), s.rank())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// A text that is not a point label.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SquareParseError {
    /// The text is empty.
    #[error("column {column}: expected a point such as c6, found nothing")]
    Empty {
        /// 1-based column (in characters) where a point was expected.
        column: usize,
    },
    /// The first character is not a file `a`–`e`.
    #[error("column {column}: '{found}' is not a file a–e")]
    File {
        /// 1-based column of the character.
        column: usize,
        /// The character found.
        found: char,
    },
    /// The rank is missing or not 1 … 12.
    #[error("column {column}: '{found}' is not a rank 1–12")]
    Rank {
        /// 1-based column where the rank starts.
        column: usize,
        /// The text found there.
        found: String,
    },
    /// Characters follow the point.
    #[error("column {column}: unexpected '{found}' after the point")]
    Trailing {
        /// 1-based column of the first extra character.
        column: usize,
        /// The extra text.
        found: String,
    },
}

impl SquareParseError {
    /// The error with its column moved right by `by` (for a point inside a longer text).
    pub(crate) fn shifted(self, by: usize) -> SquareParseError {
        match self {
            SquareParseError::Empty { column } => SquareParseError::Empty {
                column: column + by,
            },
            SquareParseError::File { column, found } => SquareParseError::File {
                column: column + by,
                found,
            },
            SquareParseError::Rank { column, found } => SquareParseError::Rank {
                column: column + by,
                found,
            },
            SquareParseError::Trailing { column, found } => SquareParseError::Trailing {
                column: column + by,
                found,
            },
        }
    }

    /// The 1-based column (in characters) of the error.
    #[must_use]
    pub fn column(&self) -> usize {
        match self {
            SquareParseError::Empty { column }
            | SquareParseError::File { column, .. }
            | SquareParseError::Rank { column, .. }
            | SquareParseError::Trailing { column, .. } => *column,
        }
    }
}

/// `chars` as the text an error quotes, clipped to 40 characters (`junqi_game::clip`), so that
/// a long input is not echoed whole.
pub(crate) fn quote(chars: &[char]) -> String {
    junqi_game::clip(&chars.iter().collect::<String>(), 40)
}

/// Read a point at the start of `chars` (a file letter and a rank of one or two digits, the
/// longest that is a rank 1–12), returning it and the number of characters read. Columns in
/// errors are 1-based within `chars`.
pub(crate) fn parse_square_prefix(chars: &[char]) -> Result<(Square, usize), SquareParseError> {
    let Some(&c) = chars.first() else {
        return Err(SquareParseError::Empty { column: 1 });
    };
    let file = match c {
        'a'..='e' => c as u8 - b'a',
        _ => {
            return Err(SquareParseError::File {
                column: 1,
                found: c,
            });
        }
    };
    let digits: Vec<u8> = chars[1..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .map(|&c| c as u8 - b'0')
        .collect();
    let rank_err = || SquareParseError::Rank {
        column: 2,
        found: chars[1..].iter().take(2).collect(),
    };
    match digits.as_slice() {
        [] | [0, ..] => Err(rank_err()),
        [1, d] if *d <= 2 => Ok((Square::new(file, 10 + d).expect("rank 10-12"), 3)),
        [d, ..] => Ok((Square::new(file, *d).expect("rank 1-9"), 2)),
    }
}

impl FromStr for Square {
    type Err = SquareParseError;

    fn from_str(s: &str) -> Result<Square, SquareParseError> {
        let chars: Vec<char> = s.chars().collect();
        let (sq, n) = parse_square_prefix(&chars)?;
        if n < chars.len() {
            return Err(SquareParseError::Trailing {
                column: n + 1,
                found: quote(&chars[n..]),
            });
        }
        Ok(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn bad_labels_name_their_column() {
        assert_eq!("f1".parse::<Square>().unwrap_err().column(), 1);
        assert_eq!("a0".parse::<Square>().unwrap_err().column(), 2);
        assert_eq!("a13".parse::<Square>().unwrap_err().column(), 3);
        assert_eq!("a".parse::<Square>().unwrap_err().column(), 2);
        assert_eq!("".parse::<Square>().unwrap_err().column(), 1);
    }

    #[test]
    fn long_trailing_text_is_quoted_clipped() {
        let long = format!("c6{}", "x".repeat(1000));
        let msg = long.parse::<Square>().unwrap_err().to_string();
        let clipped = format!("{}… (1000 characters)", "x".repeat(40));
        assert_eq!(
            msg,
            format!("column 3: unexpected '{clipped}' after the point")
        );
        let msg = format!("c6c7{}", "y".repeat(100))
            .parse::<crate::Move>()
            .unwrap_err()
            .to_string();
        assert!(
            msg.ends_with("… (100 characters)' after the point"),
            "{msg}"
        );
    }

    #[test]
    fn own_frame_of_blue_starts_at_e12() {
        let e12: Square = "e12".parse().unwrap();
        assert_eq!(e12.own_frame(Side::Blue), (0, 1));
        assert_eq!(e12.own_frame(Side::Red), (4, 12));
    }
}
