//! Sides and the twelve kinds of piece (L-5).

use std::fmt;
use std::str::FromStr;

/// One of the two sides. Red sits at ranks 1–6 and moves first unless a game names the first
/// mover (L-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Red, ranks 1–6, upper-case letters.
    Red,
    /// Blue, ranks 7–12, lower-case letters.
    Blue,
}

impl Side {
    /// Both sides, Red first.
    pub const ALL: [Side; 2] = [Side::Red, Side::Blue];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// 0 for Red, 1 for Blue.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `r` or `b`, as in position strings (L-20).
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Side::Red => 'r',
            Side::Blue => 'b',
        }
    }

    /// The side of its letter in position strings, `r` or `b` ([`Side::char`]).
    ///
    /// ```
    /// use luzhanqi::Side;
    /// assert_eq!(Side::from_char('b'), Some(Side::Blue));
    /// assert_eq!(Side::from_char('g'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Side> {
        match c {
            'r' => Some(Side::Red),
            'b' => Some(Side::Blue),
            _ => None,
        }
    }

    /// The side of a one-letter field of a text form (`r`, `b`).
    pub(crate) fn from_letter(text: &str) -> Option<Side> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Side::from_char(c),
            _ => None,
        }
    }

    /// The English name, `red` or `blue`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }
}

impl fmt::Display for Side {
    /// The name, `red` or `blue`, as [`FromStr`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that is not a side's name (`red`, `blue`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{found}' is not a side (red or blue)")]
pub struct SideParseError {
    found: String,
}

impl SideParseError {
    /// The text refused, clipped to 40 characters.
    #[must_use]
    pub fn found(&self) -> &str {
        &self.found
    }
}

/// The side of its name as [`Display`](fmt::Display) writes it: `red` or `blue` (the letters
/// of position strings are [`Side::from_char`]'s).
///
/// ```
/// use luzhanqi::Side;
/// assert_eq!("blue".parse::<Side>()?, Side::Blue);
/// assert_eq!(Side::Red.to_string().parse::<Side>()?, Side::Red);
/// assert!("green".parse::<Side>().is_err());
/// # Ok::<(), luzhanqi::SideParseError>(())
/// ```
impl FromStr for Side {
    type Err = SideParseError;

    fn from_str(s: &str) -> Result<Side, SideParseError> {
        match s {
            "red" => Ok(Side::Red),
            "blue" => Ok(Side::Blue),
            _ => Err(SideParseError {
                found: junqi_game::clip(s, 40),
            }),
        }
    }
}

/// The script of the characters written in records (L-21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Script {
    /// Simplified characters (`军`, `师`), the default for writing.
    #[default]
    Simplified,
    /// Traditional characters (`軍`, `師`).
    Traditional,
}

/// A kind of piece (L-5), in order of rank from the field marshal down, then the three
/// unranked kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Field marshal (司令), rank 9.
    Marshal,
    /// General (軍長), rank 8.
    General,
    /// Division commander (師長), rank 7.
    Division,
    /// Brigade commander (旅長), rank 6.
    Brigade,
    /// Regiment commander (團長), rank 5.
    Regiment,
    /// Battalion commander (營長), rank 4.
    Battalion,
    /// Company commander (連長), rank 3.
    Company,
    /// Platoon commander (排長), rank 2.
    Platoon,
    /// Engineer (工兵), rank 1: runs any railway path (L-9) and clears landmines (L-11).
    Engineer,
    /// Bomb (炸彈): removed with whatever it meets (L-11).
    Bomb,
    /// Landmine (地雷): never moves (L-6).
    Landmine,
    /// Flag (軍旗): never moves; its capture ends the game (L-13).
    Flag,
}

impl Kind {
    /// The twelve kinds in the order of the enum.
    pub const ALL: [Kind; 12] = [
        Kind::Marshal,
        Kind::General,
        Kind::Division,
        Kind::Brigade,
        Kind::Regiment,
        Kind::Battalion,
        Kind::Company,
        Kind::Platoon,
        Kind::Engineer,
        Kind::Bomb,
        Kind::Landmine,
        Kind::Flag,
    ];

    /// Pieces of a side in all (L-5).
    pub const PIECES_PER_SIDE: u32 = 25;

    /// 0 … 11 in the order of [`Kind::ALL`].
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind of this index, or `None` above 11.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Kind> {
        if i < 12 { Some(Kind::ALL[i]) } else { None }
    }

    /// How many pieces of the kind a side has (L-5).
    ///
    /// ```
    /// use luzhanqi::Kind;
    /// assert_eq!(Kind::ALL.iter().map(|k| k.count()).sum::<u32>(), 25);
    /// ```
    #[must_use]
    pub const fn count(self) -> u32 {
        match self {
            Kind::Marshal | Kind::General | Kind::Flag => 1,
            Kind::Division | Kind::Brigade | Kind::Regiment | Kind::Battalion | Kind::Bomb => 2,
            Kind::Company | Kind::Platoon | Kind::Engineer | Kind::Landmine => 3,
        }
    }

    /// The rank of a ranked piece (9 for the field marshal … 1 for the engineer), `None` for
    /// bomb, landmine and flag.
    #[must_use]
    pub const fn rank(self) -> Option<u8> {
        match self {
            Kind::Bomb | Kind::Landmine | Kind::Flag => None,
            k => Some(9 - k as u8),
        }
    }

    /// Whether the kind may ever move (everything but landmine and flag, L-6).
    #[must_use]
    pub const fn is_mobile(self) -> bool {
        !matches!(self, Kind::Landmine | Kind::Flag)
    }

    /// The letter of the kind (L-5), upper case.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Kind::Marshal => 'S',
            Kind::General => 'J',
            Kind::Division => 'D',
            Kind::Brigade => 'B',
            Kind::Regiment => 'T',
            Kind::Battalion => 'Y',
            Kind::Company => 'C',
            Kind::Platoon => 'P',
            Kind::Engineer => 'E',
            Kind::Bomb => 'Z',
            Kind::Landmine => 'L',
            Kind::Flag => 'F',
        }
    }

    /// The kind of an upper-case letter.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }

    /// The character of the kind in a script (L-5).
    ///
    /// ```
    /// use luzhanqi::{Kind, Script};
    /// assert_eq!(Kind::General.char(Script::Simplified), '军');
    /// assert_eq!(Kind::General.char(Script::Traditional), '軍');
    /// ```
    #[must_use]
    pub const fn char(self, script: Script) -> char {
        let trad = matches!(script, Script::Traditional);
        match self {
            Kind::Marshal => '司',
            Kind::General => {
                if trad {
                    '軍'
                } else {
                    '军'
                }
            }
            Kind::Division => {
                if trad {
                    '師'
                } else {
                    '师'
                }
            }
            Kind::Brigade => '旅',
            Kind::Regiment => {
                if trad {
                    '團'
                } else {
                    '团'
                }
            }
            Kind::Battalion => {
                if trad {
                    '營'
                } else {
                    '营'
                }
            }
            Kind::Company => {
                if trad {
                    '連'
                } else {
                    '连'
                }
            }
            Kind::Platoon => '排',
            Kind::Engineer => '工',
            Kind::Bomb => '炸',
            Kind::Landmine => '雷',
            Kind::Flag => '旗',
        }
    }

    /// The kind of a character in either script.
    #[must_use]
    pub fn from_char(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.char(Script::Simplified) == c || k.char(Script::Traditional) == c)
    }

    /// The English name (`marshal`, `general`, …, `flag`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Marshal => "marshal",
            Kind::General => "general",
            Kind::Division => "division",
            Kind::Brigade => "brigade",
            Kind::Regiment => "regiment",
            Kind::Battalion => "battalion",
            Kind::Company => "company",
            Kind::Platoon => "platoon",
            Kind::Engineer => "engineer",
            Kind::Bomb => "bomb",
            Kind::Landmine => "landmine",
            Kind::Flag => "flag",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a side and a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its owner.
    pub side: Side,
    /// Its kind.
    pub kind: Kind,
}

impl Piece {
    /// The piece of this side and kind.
    #[must_use]
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// Its letter: upper case for Red, lower case for Blue (L-5).
    #[must_use]
    pub const fn letter(self) -> char {
        let c = self.kind.letter();
        match self.side {
            Side::Red => c,
            Side::Blue => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a letter (upper case Red, lower case Blue).
    ///
    /// ```
    /// use luzhanqi::{Kind, Piece, Side};
    /// assert_eq!(Piece::from_letter('e'), Some(Piece::new(Side::Blue, Kind::Engineer)));
    /// assert_eq!(Piece::from_letter('x'), None);
    /// ```
    #[must_use]
    pub fn from_letter(c: char) -> Option<Piece> {
        if c.is_ascii_uppercase() {
            Kind::from_letter(c).map(|k| Piece::new(Side::Red, k))
        } else {
            Kind::from_letter(c.to_ascii_uppercase()).map(|k| Piece::new(Side::Blue, k))
        }
    }

    /// 0 … 23: `side * 12 + kind` (the Zobrist table's row).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.side.index() * 12 + self.kind.index()
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
