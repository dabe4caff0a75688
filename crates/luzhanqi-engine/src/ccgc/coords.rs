//! The competition's coordinates, given once: each engine names the points of the board as
//! it sees them, rows `A`–`L` from the far side to its own back row and columns `0`–`4` from
//! its own left, so that it always stands on rows `G`–`L`; the referee turns the board round
//! (row r ↔ 11 − r, column c ↔ 4 − c) between the two engines.
//!
//! The first player plays Red, whose own frame is the board's (L-4): for it row `L` is rank 1
//! and row `A` rank 12, column c is file c. The second player plays Blue, whose own frame is
//! the board turned round (L-4), so its `L0` is the board's `e12`.
//!
//! ```text
//!   what the first player (Red) calls each point   board    what the second player calls it
//!   A  0 1 2 3 4                                  rank 12    L 4 3 2 1 0
//!   …                                               …         …
//!   G  0 1 2 3 4                                  rank 6     F 4 3 2 1 0
//!   H  0 1 2 3 4                                  rank 5     E 4 3 2 1 0
//!   …                                               …         …
//!   L  0 1 2 3 4                                  rank 1     A 4 3 2 1 0
//!      a b c d e  (files)
//! ```

use std::fmt;
use std::str::FromStr;

use luzhanqi::deploy::{Deployment, OWN_POINTS};
use luzhanqi::{Kind, Move, Side, Square};

use super::error::{self, CcgcError};

/// A point as a competition engine names it (`G4`): a row `A`–`L` (0–11, far side first) and a
/// column `0`–`4` (from the engine's own left), in the frame of one engine.
///
/// ```
/// use luzhanqi::{Side, Square};
/// use luzhanqi_engine::ccgc::CcgcPoint;
/// let p: CcgcPoint = "G4".parse()?;
/// // The first player's G4 is the board's e6; the second player calls that point F0.
/// assert_eq!(p.to_square(Side::Red), "e6".parse::<Square>()?);
/// assert_eq!(p.rotate().to_string(), "F0");
/// assert_eq!(CcgcPoint::from_square("e6".parse()?, Side::Blue).to_string(), "F0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CcgcPoint {
    row: u8,
    column: u8,
}

impl CcgcPoint {
    /// The point on `row` (0 = `A` … 11 = `L`) and `column` (0 … 4), or `None` off the board.
    #[must_use]
    pub const fn new(row: u8, column: u8) -> Option<CcgcPoint> {
        if row < 12 && column < 5 {
            Some(CcgcPoint { row, column })
        } else {
            None
        }
    }

    /// The row, 0 (`A`) … 11 (`L`).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The column, 0 … 4.
    #[must_use]
    pub const fn column(self) -> u8 {
        self.column
    }

    /// The same point as the other engine names it: the board turned round.
    #[must_use]
    pub const fn rotate(self) -> CcgcPoint {
        CcgcPoint {
            row: 11 - self.row,
            column: 4 - self.column,
        }
    }

    /// The board's point that the engine playing `viewer` calls `self` (the first player is
    /// Red).
    #[must_use]
    pub fn to_square(self, viewer: Side) -> Square {
        let red = Square::new(self.column, 12 - self.row).expect("rows 0-11, columns 0-4");
        match viewer {
            Side::Red => red,
            Side::Blue => red.flip(),
        }
    }

    /// What the engine playing `viewer` calls the board's point `sq`.
    #[must_use]
    pub fn from_square(sq: Square, viewer: Side) -> CcgcPoint {
        let red = match viewer {
            Side::Red => sq,
            Side::Blue => sq.flip(),
        };
        CcgcPoint {
            row: 12 - red.rank(),
            column: red.file(),
        }
    }
}

impl fmt::Display for CcgcPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.row) as char, self.column)
    }
}

impl FromStr for CcgcPoint {
    type Err = CcgcError;

    /// `A0` … `L4`; a lower-case row letter is read too.
    fn from_str(s: &str) -> Result<CcgcPoint, CcgcError> {
        let b = s.as_bytes();
        let bad = || error::bad("point", s);
        if b.len() != 2 {
            return Err(bad());
        }
        let row = b[0].to_ascii_uppercase().wrapping_sub(b'A');
        let column = b[1].wrapping_sub(b'0');
        CcgcPoint::new(row, column).ok_or_else(bad)
    }
}

/// A move as a competition engine writes it: origin and destination in its own frame,
/// `G4H3`.
///
/// ```
/// use luzhanqi::Side;
/// use luzhanqi_engine::ccgc::CcgcMove;
/// let m: CcgcMove = "G4H3".parse()?;
/// assert_eq!(m.rotate().to_string(), "F0E1"); // what the other engine is told
/// assert_eq!(m.to_move(Side::Red).to_string(), "e6d5");
/// assert_eq!(CcgcMove::from_move(m.to_move(Side::Blue), Side::Blue), m);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CcgcMove {
    /// The origin.
    pub from: CcgcPoint,
    /// The destination.
    pub to: CcgcPoint,
}

impl CcgcMove {
    /// The move as the other engine is told it.
    #[must_use]
    pub const fn rotate(self) -> CcgcMove {
        CcgcMove {
            from: self.from.rotate(),
            to: self.to.rotate(),
        }
    }

    /// The board's move that the engine playing `viewer` writes as `self`.
    #[must_use]
    pub fn to_move(self, viewer: Side) -> Move {
        Move::new(self.from.to_square(viewer), self.to.to_square(viewer))
    }

    /// How the engine playing `viewer` writes the board's move `m`.
    #[must_use]
    pub fn from_move(m: Move, viewer: Side) -> CcgcMove {
        CcgcMove {
            from: CcgcPoint::from_square(m.from, viewer),
            to: CcgcPoint::from_square(m.to, viewer),
        }
    }
}

impl fmt::Display for CcgcMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl FromStr for CcgcMove {
    type Err = CcgcError;

    /// Four characters, two points: `G4H3`.
    fn from_str(s: &str) -> Result<CcgcMove, CcgcError> {
        let bad = || error::bad("move", s);
        if s.len() != 4 || !s.is_ascii() {
            return Err(bad());
        }
        Ok(CcgcMove {
            from: s[..2].parse().map_err(|_| bad())?,
            to: s[2..].parse().map_err(|_| bad())?,
        })
    }
}

/// The competition's letter of a kind: 司令 `a`, 军长 `b`, 师长 `c`, 旅长 `d`, 团长 `e`, 营长
/// `f`, 连长 `g`, 排长 `h`, 工兵 `i`, 地雷 `j`, 炸弹 `k`, 军旗 `l`.
#[must_use]
pub const fn kind_letter(kind: Kind) -> char {
    match kind {
        Kind::Marshal => 'a',
        Kind::General => 'b',
        Kind::Division => 'c',
        Kind::Brigade => 'd',
        Kind::Regiment => 'e',
        Kind::Battalion => 'f',
        Kind::Company => 'g',
        Kind::Platoon => 'h',
        Kind::Engineer => 'i',
        Kind::Landmine => 'j',
        Kind::Bomb => 'k',
        Kind::Flag => 'l',
    }
}

/// The kind of a competition letter (either case), or `None`.
#[must_use]
pub fn kind_of_letter(c: char) -> Option<Kind> {
    Kind::ALL
        .into_iter()
        .find(|&k| kind_letter(k) == c.to_ascii_lowercase())
}

/// The order of `ARRAY`'s 25 letters as indices into [`Deployment::pieces`]: rows `G` → `L`
/// (own rows 6 → 1), each from column 0 to 4, skipping the camps.
fn array_order() -> [usize; 25] {
    let mut order = [0; 25];
    let mut n = 0;
    for rank in (1..=6u8).rev() {
        for (i, sq) in OWN_POINTS.iter().enumerate() {
            if sq.rank() == rank {
                order[n] = i;
                n += 1;
            }
        }
    }
    order
}

/// The `ARRAY` letters of a deployment (rows `G` → `L`, columns 0 → 4, camps skipped).
///
/// ```
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi_engine::ccgc::{array_letters, parse_array};
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let text = array_letters(&d);
/// assert_eq!(text.len(), 25);
/// assert_eq!(parse_array(&text)?, d);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn array_letters(d: &Deployment) -> String {
    array_order()
        .iter()
        .map(|&i| kind_letter(d.pieces[i]))
        .collect()
}

/// A deployment from `ARRAY`'s 25 letters (not checked against L-17: see
/// [`Deployment::check`]).
///
/// # Errors
/// [`CcgcError::BadField`] for a text that is not 25 kind letters.
pub fn parse_array(text: &str) -> Result<Deployment, CcgcError> {
    let bad = || error::bad("deployment", text);
    let kinds: Vec<Kind> = text
        .chars()
        .map(kind_of_letter)
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    if kinds.len() != 25 {
        return Err(bad());
    }
    let mut pieces = [Kind::Flag; 25];
    for (&i, k) in array_order().iter().zip(kinds) {
        pieces[i] = k;
    }
    Ok(Deployment { pieces })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn pt(s: &str) -> CcgcPoint {
        s.parse().unwrap()
    }

    /// The issue's example: the first player's `G4H3` reaches the second as `F0E1`.
    #[test]
    fn the_first_players_g4h3_reaches_the_second_as_f0e1() {
        let m: CcgcMove = "G4H3".parse().unwrap();
        let board = m.to_move(Side::Red);
        assert_eq!(CcgcMove::from_move(board, Side::Blue).to_string(), "F0E1");
        assert_eq!(m.rotate().to_string(), "F0E1");
    }

    /// Both directions at the corners and the fronts, for both engines (L-4: Blue's own
    /// frame is the board turned round).
    #[test]
    fn points_map_to_the_board_both_ways() {
        for (name, red, blue) in [
            ("L0", "a1", "e12"),
            ("L4", "e1", "a12"),
            ("A0", "a12", "e1"),
            ("G0", "a6", "e7"),
            ("F2", "c7", "c6"),
            ("L1", "b1", "d12"),
            ("K2", "c2", "c11"),
        ] {
            assert_eq!(pt(name).to_square(Side::Red), sq(red), "{name} red");
            assert_eq!(pt(name).to_square(Side::Blue), sq(blue), "{name} blue");
            assert_eq!(CcgcPoint::from_square(sq(red), Side::Red), pt(name));
            assert_eq!(CcgcPoint::from_square(sq(blue), Side::Blue), pt(name));
        }
        for s in Square::all() {
            for side in Side::ALL {
                let p = CcgcPoint::from_square(s, side);
                assert_eq!(p.to_square(side), s);
                assert_eq!(p.rotate().to_square(side.other()), s);
                assert_eq!(p.to_string().parse::<CcgcPoint>(), Ok(p));
            }
        }
    }

    /// Each engine stands on its rows G–L: its own half.
    #[test]
    fn each_engine_sees_itself_on_rows_g_to_l() {
        for side in Side::ALL {
            for s in Square::all() {
                let own = CcgcPoint::from_square(s, side).row() >= 6;
                assert_eq!(own, s.half() == side, "{s} for {side:?}");
            }
        }
    }

    #[test]
    fn bad_points_and_moves_are_refused() {
        for bad in ["", "M0", "A5", "G", "G44", "@1"] {
            assert!(bad.parse::<CcgcPoint>().is_err(), "{bad}");
        }
        for bad in ["G4H", "G4H3X", "0000", "G4H9", "第四"] {
            assert!(bad.parse::<CcgcMove>().is_err(), "{bad}");
        }
        assert_eq!(pt("g4"), pt("G4"));
        // A long text is quoted clipped, not whole.
        let long = "G".repeat(1000);
        for e in [
            long.parse::<CcgcPoint>().unwrap_err(),
            long.parse::<CcgcMove>().unwrap_err(),
            parse_array(&long).unwrap_err(),
        ] {
            assert!(e.to_string().contains("… (1000 characters)"), "{e}");
        }
    }

    /// The camps H1 H3 I2 J1 J3 are skipped: row G has 5 letters, H 3, I 4, J 3, K 5, L 5,
    /// and each letter is the kind on that point of the engine's own frame.
    #[test]
    fn array_letters_follow_rows_g_to_l() {
        let d: Deployment = luzhanqi::deploy::DEFAULT_DEPLOYMENT.parse().unwrap();
        let text = array_letters(&d);
        let kind_at = |name: &str| {
            let at = pt(name).to_square(Side::Red);
            d.iter().find(|&(s, _)| s == at).unwrap().1
        };
        let names = [
            "G0", "G1", "G2", "G3", "G4", "H0", "H2", "H4", "I0", "I1", "I3", "I4", "J0", "J2",
            "J4", "K0", "K1", "K2", "K3", "K4", "L0", "L1", "L2", "L3", "L4",
        ];
        for (c, name) in text.chars().zip(names) {
            assert_eq!(kind_of_letter(c), Some(kind_at(name)), "{name}");
        }
        // The default deployment's flag stands on b1, the first player's L1.
        assert_eq!(&text[21..22], "l");
        assert_eq!(parse_array(&text).unwrap(), d);
        assert!(parse_array(&text[1..]).is_err());
        assert!(parse_array(&format!("{}z", &text[1..])).is_err());
    }

    #[test]
    fn letters_name_every_kind_once() {
        let letters: String = Kind::ALL.into_iter().map(kind_letter).collect();
        let mut sorted: Vec<char> = letters.chars().collect();
        sorted.sort_unstable();
        assert_eq!(sorted.into_iter().collect::<String>(), "abcdefghijkl");
        assert_eq!(kind_of_letter('J'), Some(Kind::Landmine));
        assert_eq!(kind_of_letter('k'), Some(Kind::Bomb));
        assert_eq!(kind_of_letter('m'), None);
    }
}
