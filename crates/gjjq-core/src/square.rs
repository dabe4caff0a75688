//! Sides, files, ranks and the 90 points of the board (R-1 … R-3).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// One of the two countries and the side that owns it (R-2).
///
/// Red (紅) moves first and owns `y = 0..=4`; Green (綠) owns `y = 5..=9`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Side {
    /// Red (紅): moves first, country at the bottom of the internal frame.
    Red = 0,
    /// Green (綠): country at the top of the internal frame.
    Green = 1,
}

impl Side {
    /// Both sides, Red first.
    pub const ALL: [Side; 2] = [Side::Red, Side::Green];

    /// The other side.
    ///
    /// ```
    /// use gjjq_core::Side;
    /// assert_eq!(Side::Red.other(), Side::Green);
    /// ```
    #[inline]
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::Green,
            Side::Green => Side::Red,
        }
    }

    /// 0 for Red, 1 for Green: an index for per-side tables.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter of position strings (R-31): `r` or `g`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::Red => 'r',
            Side::Green => 'g',
        }
    }

    /// The side's name as the text formats write it: `red` or `green` (what [`Display`]
    /// shows and [`FromStr`] reads back).
    ///
    /// ```
    /// use gjjq_core::Side;
    /// assert_eq!(Side::Green.name(), "green");
    /// assert_eq!(Side::Red.name().parse(), Ok(Side::Red));
    /// ```
    ///
    /// [`Display`]: fmt::Display
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Green => "green",
        }
    }

    /// The `y` step that is "forward" for this side (R-2): +1 for Red, −1 for Green.
    #[inline]
    #[must_use]
    pub const fn forward(self) -> i8 {
        match self {
            Side::Red => 1,
            Side::Green => -1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a side, piece kind or piece: what was expected and what was given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{text}' is not {expected}")]
pub struct NameParseError {
    /// What the text should have named, e.g. `a side (red, green, r, g)`.
    pub expected: &'static str,
    /// The text given (at most 40 characters of it).
    pub text: String,
}

impl NameParseError {
    pub(crate) fn new(expected: &'static str, text: &str) -> NameParseError {
        NameParseError {
            expected,
            text: text.chars().take(40).collect(),
        }
    }
}

/// `red` or `green`, or the position string's letters `r` and `g`.
///
/// ```
/// use gjjq_core::Side;
/// assert_eq!("green".parse(), Ok(Side::Green));
/// assert_eq!("r".parse(), Ok(Side::Red));
/// assert!("blue".parse::<Side>().is_err());
/// ```
impl FromStr for Side {
    type Err = NameParseError;

    fn from_str(s: &str) -> Result<Side, NameParseError> {
        match s {
            "red" | "r" => Ok(Side::Red),
            "green" | "g" => Ok(Side::Green),
            _ => Err(NameParseError::new("a side (red, green, r, g)", s)),
        }
    }
}

/// A vertical line of the internal frame: `x = 0..=8` from Red's left (R-2).
///
/// The digit a label shows depends on the country (R-3): see [`Square`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    /// The file at `x`, if `x < 9`.
    #[must_use]
    pub const fn new(x: u8) -> Option<File> {
        if x < 9 { Some(File(x)) } else { None }
    }

    /// The internal coordinate `x`.
    #[must_use]
    pub const fn x(self) -> u8 {
        self.0
    }
}

/// A horizontal line of the internal frame: `y = 0..=9` from Red's base line (R-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The rank at `y`, if `y < 10`.
    #[must_use]
    pub const fn new(y: u8) -> Option<Rank> {
        if y < 10 { Some(Rank(y)) } else { None }
    }

    /// The internal coordinate `y`.
    #[must_use]
    pub const fn y(self) -> u8 {
        self.0
    }

    /// The country this rank lies in.
    #[must_use]
    pub const fn country(self) -> Side {
        if self.0 < 5 { Side::Red } else { Side::Green }
    }
}

junqi_game::point! {
    /// One of the 90 points (R-1), indexed `y * 9 + x`.
    ///
    /// Its label (R-3) is a file digit and a rank letter in the frame of the country it lies in:
    /// upper case `E D C B A` for Red's `y = 0..=4` with digit `x + 1`, lower case `a b c d e` for
    /// Green's `y = 5..=9` with digit `9 − x`.
    ///
    /// ```
    /// use gjjq_core::Square;
    /// let sq: Square = "5E".parse()?;
    /// assert_eq!((sq.x(), sq.y()), (4, 0));
    /// let g: Square = "7d".parse()?;
    /// assert_eq!((g.x(), g.y()), (2, 8));
    /// assert_eq!(g.to_string(), "7d");
    /// # Ok::<(), gjjq_core::SquareParseError>(())
    /// ```
    pub struct Square(u8) of 90;
}

impl Square {
    /// The point `(x, y)`, if on the board.
    #[inline]
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Option<Square> {
        if x < 9 && y < 10 {
            Some(Square(y * 9 + x))
        } else {
            None
        }
    }

    /// The point from file and rank.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// `x`, 0..=8.
    #[inline]
    #[must_use]
    pub const fn x(self) -> u8 {
        self.0 % 9
    }

    /// `y`, 0..=9.
    #[inline]
    #[must_use]
    pub const fn y(self) -> u8 {
        self.0 / 9
    }

    /// The file of this point.
    #[must_use]
    pub const fn file(self) -> File {
        File(self.x())
    }

    /// The rank of this point.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank(self.y())
    }

    /// The country the point lies in (R-2).
    #[inline]
    #[must_use]
    pub const fn country(self) -> Side {
        if self.0 < 45 { Side::Red } else { Side::Green }
    }

    /// The point moved by `(dx, dy)`, if still on the board. Any `i8` offsets are accepted:
    /// the sum is taken in `i16`, so it cannot overflow (`offset(127, 0)` from 9e is `None`).
    #[inline]
    #[must_use]
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        let x = self.x() as i16 + dx as i16;
        let y = self.y() as i16 + dy as i16;
        if x >= 0 && x < 9 && y >= 0 && y < 10 {
            Some(Square((y * 9 + x) as u8))
        } else {
            None
        }
    }

    /// The label digit (R-3): `x + 1` in Red's country, `9 − x` in Green's.
    #[must_use]
    pub const fn label_digit(self) -> u8 {
        match self.country() {
            Side::Red => self.x() + 1,
            Side::Green => 9 - self.x(),
        }
    }

    /// The label letter (R-3): `E D C B A` for `y = 0..=4`, `a b c d e` for `y = 5..=9`.
    #[must_use]
    pub const fn label_letter(self) -> char {
        let y = self.y();
        if y < 5 {
            (b'E' - y) as char
        } else {
            (b'a' + (y - 5)) as char
        }
    }

    /// The point with label digit `digit` (1..=9) and rank letter `letter` (`A`–`E`, `a`–`e`).
    ///
    /// # Errors
    /// [`SquareParseError`] when either is out of range.
    pub const fn from_label(digit: u8, letter: char) -> Result<Square, SquareParseError> {
        if digit < 1 || digit > 9 {
            return Err(SquareParseError::BadFile);
        }
        match letter {
            'A'..='E' => {
                let y = b'E' - letter as u8;
                Ok(Square(y * 9 + (digit - 1)))
            }
            'a'..='e' => {
                let y = 5 + (letter as u8 - b'a');
                Ok(Square(y * 9 + (9 - digit)))
            }
            _ => Err(SquareParseError::BadRank),
        }
    }

    /// Chebyshev distance between two points (number of king steps).
    #[must_use]
    pub const fn distance(self, other: Square) -> u8 {
        let dx = self.x().abs_diff(other.x());
        let dy = self.y().abs_diff(other.y());
        if dx > dy { dx } else { dy }
    }
}

/// A point label that does not parse (R-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum SquareParseError {
    /// Not exactly two characters.
    #[error("a point label is a digit 1-9 and a rank letter A-E or a-e, e.g. 5E or 7d")]
    BadLength,
    /// The first character is not a digit 1–9.
    #[error("the file of a point label must be a digit 1-9")]
    BadFile,
    /// The second character is not a rank letter.
    #[error("the rank of a point label must be a letter A-E (Red) or a-e (Green)")]
    BadRank,
}

impl FromStr for Square {
    type Err = SquareParseError;

    fn from_str(s: &str) -> Result<Square, SquareParseError> {
        let mut chars = s.chars();
        let (Some(d), Some(l), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(SquareParseError::BadLength);
        };
        let digit = d.to_digit(10).ok_or(SquareParseError::BadFile)?;
        Square::from_label(digit as u8, l)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.label_digit(), self.label_letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // R-3: labels in each owner's frame.
    #[test]
    fn labels_follow_each_countrys_frame() {
        let cases = [
            ("1E", 0, 0),
            ("9E", 8, 0),
            ("5E", 4, 0),
            ("5A", 4, 4),
            ("1A", 0, 4),
            ("9a", 0, 5),
            ("1a", 8, 5),
            ("5e", 4, 9),
            ("7d", 2, 8),
            ("1e", 8, 9),
            ("9e", 0, 9),
        ];
        for (label, x, y) in cases {
            let sq: Square = label.parse().unwrap();
            assert_eq!((sq.x(), sq.y()), (x, y), "{label}");
            assert_eq!(sq.to_string(), label);
        }
    }

    #[test]
    fn all_labels_round_trip_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for sq in Square::all() {
            let label = sq.to_string();
            assert!(seen.insert(label.clone()));
            assert_eq!(label.parse::<Square>().unwrap(), sq);
        }
        assert_eq!(seen.len(), 90);
    }

    #[test]
    fn bad_labels() {
        assert_eq!("".parse::<Square>(), Err(SquareParseError::BadLength));
        assert_eq!("5E1".parse::<Square>(), Err(SquareParseError::BadLength));
        assert_eq!("0E".parse::<Square>(), Err(SquareParseError::BadFile));
        assert_eq!("xE".parse::<Square>(), Err(SquareParseError::BadFile));
        assert_eq!("5F".parse::<Square>(), Err(SquareParseError::BadRank));
        assert_eq!("5f".parse::<Square>(), Err(SquareParseError::BadRank));
    }

    // Issue 26 item 16: `offset(127, 0)` from 9e (index 89) overflowed `i8` in debug builds.
    // Every square with every pair of `i8` offsets: no panic, and the answer is the point at
    // `(x + dx, y + dy)` exactly when that lies on the board.
    #[test]
    fn offset_never_overflows_and_stays_on_the_board() {
        let nine_e = Square::from_index(89).unwrap();
        assert_eq!(nine_e.offset(127, 0), None);
        assert_eq!(nine_e.offset(-128, -128), None);
        assert_eq!(nine_e.offset(-8, -9), Square::from_index(0));
        for sq in Square::all() {
            for dx in i8::MIN..=i8::MAX {
                for dy in i8::MIN..=i8::MAX {
                    let (x, y) = (
                        i32::from(sq.x()) + i32::from(dx),
                        i32::from(sq.y()) + i32::from(dy),
                    );
                    let expected = if (0..9).contains(&x) && (0..10).contains(&y) {
                        Square::new(x as u8, y as u8)
                    } else {
                        None
                    };
                    assert_eq!(sq.offset(dx, dy), expected, "{sq:?} + ({dx}, {dy})");
                }
            }
        }
    }
}
