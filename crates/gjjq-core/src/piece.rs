//! The eight kinds of unit and their names, characters and values (R-7).

use std::fmt;

use crate::bitboard::Bitboard;
use crate::square::{NameParseError, Side, Square};
use crate::terrain::{ALL_WATERS, COUNTRY, LAND, PALACE, Terrain};

/// One of the eight kinds of unit of the standard set (R-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PieceKind {
    /// King (總統 for Red, 主席 for Green). One step in its palace (R-9).
    King = 0,
    /// Guard (衛隊). Slides orthogonally in its palace (R-10).
    Guard = 1,
    /// Missile (彈隊). Walks on its own land, strikes over a screen and flies home (R-11).
    Missile = 2,
    /// Fleet (艦隊). Leaps to the far corner of a 1×3 rectangle (目), on sea and coast (R-12).
    Fleet = 3,
    /// Aircraft (機隊). One to three points in the 8 directions, over pieces (R-13).
    Aircraft = 4,
    /// Army (集團軍). One or two points in the 8 directions, at home (R-14).
    Army = 5,
    /// Armoured division (裝甲師). Leaps to the far corner of a 1×2 rectangle (日) (R-15).
    Division = 6,
    /// Infantry (步兵團). One orthogonal step; never backward abroad (R-16).
    Infantry = 7,
}

/// Writing system for record characters (R-30).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Script {
    /// Simplified characters (the default for writing).
    #[default]
    Simplified,
    /// Traditional characters, as seed 000 writes them.
    Traditional,
}

impl PieceKind {
    /// Where a piece of this kind of `side` may stand in a position without a pending return
    /// (R-26): kings and guards in the own palace (R-9, R-10), armies in the own country
    /// (R-14), missiles on the own land (R-11: quiet moves stay on land, a strike always
    /// returns), fleets on any sea or coast (R-12: an inland capture is a returning one),
    /// aircraft, divisions and infantry anywhere. Positions, endgame set-ups and the tablebase
    /// all read it here.
    ///
    /// ```
    /// use gjjq_core::{PieceKind, Side, Square};
    /// let palace = PieceKind::King.allowed_squares(Side::Red);
    /// assert_eq!(palace.count(), 9);
    /// let corner = Square::new(0, 0).unwrap();
    /// assert!(PieceKind::Infantry.allowed_squares(Side::Green).contains(corner));
    /// assert!(!PieceKind::Army.allowed_squares(Side::Green).contains(corner));
    /// ```
    #[must_use]
    pub const fn allowed_squares(self, side: Side) -> Bitboard {
        let s = side.index();
        match self {
            PieceKind::King | PieceKind::Guard => PALACE[s],
            PieceKind::Army => COUNTRY[s],
            PieceKind::Missile => LAND[s],
            PieceKind::Fleet => ALL_WATERS,
            PieceKind::Aircraft | PieceKind::Division | PieceKind::Infantry => Bitboard::FULL,
        }
    }

    /// All kinds, in index order.
    pub const ALL: [PieceKind; 8] = [
        PieceKind::King,
        PieceKind::Guard,
        PieceKind::Missile,
        PieceKind::Fleet,
        PieceKind::Aircraft,
        PieceKind::Army,
        PieceKind::Division,
        PieceKind::Infantry,
    ];

    /// Index 0..8 for per-kind tables.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind each side starts with (R-7).
    #[must_use]
    pub const fn count_per_side(self) -> u32 {
        match self {
            PieceKind::King => 1,
            PieceKind::Infantry => 3,
            _ => 2,
        }
    }

    /// The upper-case ASCII letter of position strings and engine protocols (R-7, R-31).
    ///
    /// ```
    /// use gjjq_core::PieceKind;
    /// assert_eq!(PieceKind::Aircraft.ascii(), 'P');
    /// ```
    #[must_use]
    pub const fn ascii(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Guard => 'G',
            PieceKind::Missile => 'M',
            PieceKind::Fleet => 'F',
            PieceKind::Aircraft => 'P',
            PieceKind::Army => 'A',
            PieceKind::Division => 'D',
            PieceKind::Infantry => 'I',
        }
    }

    /// The kind named by an ASCII letter of either case.
    #[must_use]
    pub const fn from_ascii(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'G' => PieceKind::Guard,
            'M' => PieceKind::Missile,
            'F' => PieceKind::Fleet,
            'P' => PieceKind::Aircraft,
            'A' => PieceKind::Army,
            'D' => PieceKind::Division,
            'I' => PieceKind::Infantry,
            _ => return None,
        })
    }

    /// The record character (R-28) of this kind for `side` in `script`.
    ///
    /// The king is 總/总 for Red and 主 for Green; every other kind has one character a script.
    ///
    /// ```
    /// use gjjq_core::{PieceKind, Script, Side};
    /// assert_eq!(PieceKind::Missile.record_char(Side::Red, Script::Simplified), '弹');
    /// assert_eq!(PieceKind::Missile.record_char(Side::Red, Script::Traditional), '彈');
    /// assert_eq!(PieceKind::King.record_char(Side::Green, Script::Simplified), '主');
    /// ```
    #[must_use]
    pub const fn record_char(self, side: Side, script: Script) -> char {
        let trad = matches!(script, Script::Traditional);
        match self {
            PieceKind::King => match side {
                Side::Red => {
                    if trad {
                        '總'
                    } else {
                        '总'
                    }
                }
                Side::Green => '主',
            },
            PieceKind::Guard => {
                if trad {
                    '衛'
                } else {
                    '卫'
                }
            }
            PieceKind::Missile => {
                if trad {
                    '彈'
                } else {
                    '弹'
                }
            }
            PieceKind::Fleet => {
                if trad {
                    '艦'
                } else {
                    '舰'
                }
            }
            PieceKind::Aircraft => {
                if trad {
                    '機'
                } else {
                    '机'
                }
            }
            PieceKind::Army => {
                if trad {
                    '軍'
                } else {
                    '军'
                }
            }
            PieceKind::Division => {
                if trad {
                    '師'
                } else {
                    '师'
                }
            }
            PieceKind::Infantry => {
                if trad {
                    '團'
                } else {
                    '团'
                }
            }
        }
    }

    /// The kind a record character names, in either script (R-30), with the side it implies
    /// for king characters (總/总 Red, 主 Green; 首 and 王 name either side's king: `None`).
    #[must_use]
    pub const fn from_record_char(c: char) -> Option<(PieceKind, Option<Side>)> {
        Some(match c {
            '總' | '总' => (PieceKind::King, Some(Side::Red)),
            '主' => (PieceKind::King, Some(Side::Green)),
            '首' | '王' => (PieceKind::King, None),
            '衛' | '卫' => (PieceKind::Guard, None),
            '彈' | '弹' => (PieceKind::Missile, None),
            '艦' | '舰' => (PieceKind::Fleet, None),
            '機' | '机' => (PieceKind::Aircraft, None),
            '軍' | '军' => (PieceKind::Army, None),
            '師' | '师' => (PieceKind::Division, None),
            '團' | '团' => (PieceKind::Infantry, None),
            _ => return None,
        })
    }

    /// The English name, lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Guard => "guard",
            PieceKind::Missile => "missile",
            PieceKind::Fleet => "fleet",
            PieceKind::Aircraft => "aircraft",
            PieceKind::Army => "army",
            PieceKind::Division => "division",
            PieceKind::Infantry => "infantry",
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The English name (`missile`), the ASCII letter in either case (`M`, `m`) or the record
/// character in either script (`弹`, `彈`; `总`, `主`, `首`, `王` for the king).
///
/// ```
/// use gjjq_core::PieceKind;
/// for text in ["missile", "M", "m", "弹", "彈"] {
///     assert_eq!(text.parse(), Ok(PieceKind::Missile));
/// }
/// assert!("queen".parse::<PieceKind>().is_err());
/// ```
impl std::str::FromStr for PieceKind {
    type Err = NameParseError;

    fn from_str(s: &str) -> Result<PieceKind, NameParseError> {
        if let Some(k) = PieceKind::ALL.into_iter().find(|k| k.name() == s) {
            return Ok(k);
        }
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(k) = PieceKind::from_ascii(c.to_ascii_uppercase()) {
                return Ok(k);
            }
            if let Some((k, _)) = PieceKind::from_record_char(c) {
                return Ok(k);
            }
        }
        Err(NameParseError::new(
            "a piece kind (a name like missile, an ASCII letter or a record character)",
            s,
        ))
    }
}

/// A unit of one side.
///
/// ```
/// use gjjq_core::{Piece, PieceKind, Side};
/// let p = Piece::from_ascii('m').unwrap();
/// assert_eq!(p, Piece { side: Side::Green, kind: PieceKind::Missile });
/// assert_eq!(p.ascii(), 'm');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The owner.
    pub side: Side,
    /// The kind.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `side` and `kind`.
    #[must_use]
    pub const fn new(side: Side, kind: PieceKind) -> Piece {
        Piece { side, kind }
    }

    /// Position-string letter (R-31): upper case Red, lower case Green.
    #[must_use]
    pub const fn ascii(self) -> char {
        let c = self.kind.ascii();
        match self.side {
            Side::Red => c,
            Side::Green => c.to_ascii_lowercase(),
        }
    }

    /// The piece a position-string letter names.
    #[must_use]
    pub const fn from_ascii(c: char) -> Option<Piece> {
        match PieceKind::from_ascii(c) {
            Some(kind) => {
                let side = if c.is_ascii_uppercase() {
                    Side::Red
                } else {
                    Side::Green
                };
                Some(Piece { side, kind })
            }
            None => None,
        }
    }

    /// The record character (R-28) in `script`.
    #[must_use]
    pub const fn record_char(self, script: Script) -> char {
        self.kind.record_char(self.side, script)
    }

    /// The value seed 000 gives this piece standing on `at` (R-7): the fleet is worth 8 at
    /// sea and 6 on land, infantry 6 at home and 5 abroad; the king has none.
    ///
    /// ```
    /// use gjjq_core::{Piece, PieceKind, Side, Square};
    /// let inf = Piece::new(Side::Red, PieceKind::Infantry);
    /// assert_eq!(inf.seed_value("5B".parse::<Square>().unwrap()), Some(6));
    /// assert_eq!(inf.seed_value("5a".parse::<Square>().unwrap()), Some(5));
    /// ```
    #[must_use]
    pub const fn seed_value(self, at: Square) -> Option<u8> {
        Some(match self.kind {
            PieceKind::King => return None,
            PieceKind::Guard => 6,
            PieceKind::Missile => 9,
            PieceKind::Fleet => match at.terrain() {
                Terrain::Sea => 8,
                _ => 6,
            },
            PieceKind::Aircraft | PieceKind::Army => 8,
            PieceKind::Division => 7,
            PieceKind::Infantry => {
                if at.country() as u8 == self.side as u8 {
                    6
                } else {
                    5
                }
            }
        })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.side, self.kind)
    }
}

/// `Display`'s form (`green missile`) or the ASCII letter of R-31 (`m`).
///
/// ```
/// use gjjq_core::{Piece, PieceKind, Side};
/// let p = Piece::new(Side::Green, PieceKind::Missile);
/// assert_eq!("green missile".parse(), Ok(p));
/// assert_eq!("m".parse(), Ok(p));
/// assert_eq!(p.to_string().parse(), Ok(p));
/// ```
impl std::str::FromStr for Piece {
    type Err = NameParseError;

    fn from_str(s: &str) -> Result<Piece, NameParseError> {
        let err =
            || NameParseError::new("a piece (like green missile, or an ASCII letter like m)", s);
        if let Some((side, kind)) = s.split_once(' ') {
            let side = side.parse().map_err(|_| err())?;
            let kind = PieceKind::ALL
                .into_iter()
                .find(|k| k.name() == kind)
                .ok_or_else(err)?;
            return Ok(Piece::new(side, kind));
        }
        let mut chars = s.chars();
        match (chars.next().and_then(Piece::from_ascii), chars.next()) {
            (Some(p), None) => Ok(p),
            _ => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_round_trip() {
        for side in Side::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(side, kind);
                assert_eq!(Piece::from_ascii(p.ascii()), Some(p));
            }
        }
        assert_eq!(Piece::from_ascii('x'), None);
    }

    // R-7 table, both scripts.
    #[test]
    fn record_chars_both_scripts() {
        let simp: String = PieceKind::ALL
            .iter()
            .map(|k| k.record_char(Side::Red, Script::Simplified))
            .collect();
        let trad: String = PieceKind::ALL
            .iter()
            .map(|k| k.record_char(Side::Red, Script::Traditional))
            .collect();
        assert_eq!(simp, "总卫弹舰机军师团");
        assert_eq!(trad, "總衛彈艦機軍師團");
        for c in simp.chars().chain(trad.chars()) {
            let (k, _) = PieceKind::from_record_char(c).unwrap();
            assert_eq!(
                k.record_char(Side::Red, Script::Simplified)
                    .to_string()
                    .len(),
                3
            );
        }
        assert_eq!(
            PieceKind::from_record_char('王'),
            Some((PieceKind::King, None))
        );
        assert_eq!(
            PieceKind::from_record_char('主'),
            Some((PieceKind::King, Some(Side::Green)))
        );
    }

    #[test]
    fn sixteen_pieces_per_side() {
        let n: u32 = PieceKind::ALL.iter().map(|k| k.count_per_side()).sum();
        assert_eq!(n, 16);
    }
}
