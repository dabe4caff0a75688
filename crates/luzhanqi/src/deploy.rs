//! Deployments (L-17 … L-19): a side's 25 pieces on the 25 non-camp points of its half, in
//! its own frame; the check, the exact count, a uniform random draw, starting positions.

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::board::{CAMPS, HEADQUARTERS, RED_HALF};
use crate::piece::{Kind, Piece, Side};
use crate::position::{Position, PositionError};
use crate::ruleset::Ruleset;
use crate::setup::Setup;
use crate::square::Square;

/// The 25 non-camp points of a half in its own frame, as Red's points (own file, own row =
/// board file, rank), row 1 first, each row from its own left: the order of
/// [`Deployment::pieces`].
pub const OWN_POINTS: [Square; 25] = own_points();

const fn own_points() -> [Square; 25] {
    let mut out = [Square::from_index_unchecked(0); 25];
    let mut i = 0;
    let mut n = 0;
    while i < 30 {
        if CAMPS.0 >> i & 1 == 0 {
            out[n] = Square::from_index_unchecked(i);
            n += 1;
        }
        i += 1;
    }
    out
}

/// Own-frame points of the back two rows (rows 1–2), where landmines may stand (L-17).
const BACK_ROWS: Bitboard = Bitboard((1 << 10) - 1);
/// Own-frame points off the front row (rows 1–5), where bombs may stand (L-17).
const OFF_FRONT: Bitboard = Bitboard((1 << 25) - 1);
/// Own-frame headquarters, where the flag stands (L-17).
const OWN_HQ: Bitboard = Bitboard(HEADQUARTERS.0 & RED_HALF.0);
/// All own-frame deployment points.
const ALL_POINTS: Bitboard = Bitboard(RED_HALF.0 & !CAMPS.0);

/// A side's deployment in its own frame (L-19): the kind on each of the 25 non-camp points of
/// [`OWN_POINTS`]. Any value can be built; [`Deployment::check`] says every way it breaks
/// L-17.
///
/// Its text (L-19): 6 rows from the own back row, each its 5 points from the own left, `/`
/// between rows, `+` for camps, upper-case letters for either side:
///
/// ```
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// assert!(d.check().is_ok());
/// assert_eq!(d.to_string(), DEFAULT_DEPLOYMENT);
/// # Ok::<(), luzhanqi::deploy::DeploymentParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deployment {
    /// The kind on each point of [`OWN_POINTS`], in that order.
    pub pieces: [Kind; 25],
}

/// The library's default deployment (a documented choice; the game has no fixed opening): flag
/// on the left headquarters behind a "triangle" of landmines (旗臺 b2, 左底 a1, 中底 c1),
/// bombs in the middle, the field marshal and general on the flanks, an engineer in the centre
/// of the front. Both sides use it in [`default_start`].
pub const DEFAULT_DEPLOYMENT: &str = "LFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCETP";

/// A reason a deployment breaks L-17.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum DeploymentViolation {
    /// The deployment has `count` pieces of `kind`, not L-5's number.
    #[error("{count} of {kind}, not {}", kind.count())]
    Count {
        /// The kind.
        kind: Kind,
        /// How many.
        count: u32,
    },
    /// The flag off the headquarters (own-frame point, Red's label).
    #[error("the flag on {0} is not on a headquarters")]
    FlagOffHeadquarters(Square),
    /// A landmine off the back two rows (own-frame point).
    #[error("a landmine on {0} is off the back two rows")]
    MineOffBackRows(Square),
    /// A bomb on the front row (own-frame point).
    #[error("a bomb on {0} is on the front row")]
    BombOnFrontRow(Square),
}

/// A deployment that breaks L-17: every reason at once.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("not a legal deployment: {}", .0.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("; "))]
pub struct DeploymentError(pub Vec<DeploymentViolation>);

/// A text that is not a deployment string (L-19); every variant names its 1-based column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DeploymentParseError {
    /// A character that is not a piece letter (upper case), `+` or `/`.
    #[error("column {column}: '{found}' is not an upper-case piece letter, '+' or '/'")]
    BadChar {
        /// Column.
        column: usize,
        /// The character.
        found: char,
    },
    /// A piece where the point is a camp.
    #[error("column {column}: row {row}, file {file} is a camp: write '+'")]
    CampExpected {
        /// Column.
        column: usize,
        /// Own row 1–6.
        row: u8,
        /// Own file a–e.
        file: char,
    },
    /// `+` where the point is not a camp.
    #[error("column {column}: row {row}, file {file} is not a camp: write a piece")]
    NotACamp {
        /// Column.
        column: usize,
        /// Own row 1–6.
        row: u8,
        /// Own file a–e.
        file: char,
    },
    /// A row of more or fewer than 5 points.
    #[error("column {column}: row {row} has {points} points, not 5")]
    RowLength {
        /// Column.
        column: usize,
        /// Own row.
        row: u8,
        /// Points given.
        points: usize,
    },
    /// More or fewer than 6 rows.
    #[error("column {column}: {rows} rows, not 6")]
    RowCount {
        /// Column.
        column: usize,
        /// Rows given.
        rows: usize,
    },
}

impl DeploymentParseError {
    /// The 1-based column of the error.
    #[must_use]
    pub fn column(&self) -> usize {
        match self {
            DeploymentParseError::BadChar { column, .. }
            | DeploymentParseError::CampExpected { column, .. }
            | DeploymentParseError::NotACamp { column, .. }
            | DeploymentParseError::RowLength { column, .. }
            | DeploymentParseError::RowCount { column, .. } => *column,
        }
    }
}

impl FromStr for Deployment {
    type Err = DeploymentParseError;

    fn from_str(s: &str) -> Result<Deployment, DeploymentParseError> {
        let chars: Vec<char> = s.chars().collect();
        let mut pieces = [Kind::Flag; 25];
        let (mut row, mut file, mut n) = (1u8, 0usize, 0usize);
        for (i, &c) in chars.iter().enumerate() {
            let column = i + 1;
            if c == '/' {
                if file != 5 {
                    return Err(DeploymentParseError::RowLength {
                        column,
                        row,
                        points: file,
                    });
                }
                if row == 6 {
                    return Err(DeploymentParseError::RowCount { column, rows: 7 });
                }
                row += 1;
                file = 0;
                continue;
            }
            if c != '+' && Kind::from_letter(c).is_none() {
                return Err(DeploymentParseError::BadChar { column, found: c });
            }
            if file >= 5 {
                return Err(DeploymentParseError::RowLength {
                    column,
                    row,
                    points: file + 1,
                });
            }
            let sq = Square::new(file as u8, row).expect("in the half");
            let fc = (b'a' + file as u8) as char;
            match (c, CAMPS.contains(sq)) {
                ('+', true) => {}
                ('+', false) => {
                    return Err(DeploymentParseError::NotACamp {
                        column,
                        row,
                        file: fc,
                    });
                }
                (_, true) => {
                    return Err(DeploymentParseError::CampExpected {
                        column,
                        row,
                        file: fc,
                    });
                }
                (c, false) => {
                    pieces[n] = Kind::from_letter(c).expect("checked");
                    n += 1;
                }
            }
            file += 1;
        }
        let end = chars.len() + 1;
        if row < 6 {
            return Err(DeploymentParseError::RowCount {
                column: end,
                rows: row as usize,
            });
        }
        if file != 5 {
            return Err(DeploymentParseError::RowLength {
                column: end,
                row,
                points: file,
            });
        }
        Ok(Deployment { pieces })
    }
}

impl fmt::Display for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut n = 0;
        for row in 1..=6u8 {
            if row > 1 {
                f.write_str("/")?;
            }
            for file in 0..5u8 {
                let sq = Square::new(file, row).expect("in the half");
                if CAMPS.contains(sq) {
                    f.write_str("+")?;
                } else {
                    write!(f, "{}", self.pieces[n].letter())?;
                    n += 1;
                }
            }
        }
        Ok(())
    }
}

fn binomial(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
}

fn factorial(n: u32) -> u128 {
    (1..=u128::from(n)).product()
}

/// The number of ways to place pieces of `counts` (by kind index) one to a point on the
/// own-frame points `free` under L-17's limits. Landmine points lie off the front row, so the
/// bombs' room does not depend on where the mines went: for each flag point, C(mine room, m) ×
/// C(bomb room − m, b) × the multinomial of the rest.
#[must_use]
pub fn count_placements(free: Bitboard, counts: [u32; 12]) -> u128 {
    let free = free & ALL_POINTS;
    let flag_points: Vec<Option<Square>> = match counts[Kind::Flag.index()] {
        0 => vec![None],
        1 => (free & OWN_HQ).iter().map(Some).collect(),
        _ => return 0,
    };
    let m = counts[Kind::Landmine.index()];
    let b = counts[Kind::Bomb.index()];
    let rest: Vec<u32> = Kind::ALL
        .iter()
        .filter(|k| !matches!(k, Kind::Flag | Kind::Landmine | Kind::Bomb))
        .map(|k| counts[k.index()])
        .collect();
    let rest_total: u32 = rest.iter().sum();
    let mut total = 0;
    for f in flag_points {
        let free = match f {
            Some(f) => free.without(f),
            None => free,
        };
        if free.count() != m + b + rest_total {
            continue;
        }
        let mines = binomial((free & BACK_ROWS).count(), m);
        let bombs = binomial((free & OFF_FRONT).count().saturating_sub(m), b);
        let multi = rest
            .iter()
            .fold(factorial(rest_total), |acc, &c| acc / factorial(c));
        total += mines * bombs * multi;
    }
    total
}

impl Deployment {
    /// The number of legal deployments of one side (L-18), counted from the board:
    /// 709,596,419,051,520,000.
    ///
    /// ```
    /// assert_eq!(luzhanqi::deploy::Deployment::count(), 709_596_419_051_520_000);
    /// ```
    #[must_use]
    pub fn count() -> u64 {
        let counts = Kind::ALL.map(Kind::count);
        u64::try_from(count_placements(ALL_POINTS, counts)).expect("fits a u64")
    }

    /// The own-frame point of each piece, in [`OWN_POINTS`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Kind)> + '_ {
        OWN_POINTS.iter().copied().zip(self.pieces.iter().copied())
    }

    /// Every way the deployment breaks L-17.
    ///
    /// # Errors
    /// [`DeploymentError`] with every reason.
    pub fn check(&self) -> Result<(), DeploymentError> {
        let mut v = Vec::new();
        for kind in Kind::ALL {
            let count = self.pieces.iter().filter(|&&k| k == kind).count() as u32;
            if count != kind.count() {
                v.push(DeploymentViolation::Count { kind, count });
            }
        }
        for (sq, k) in self.iter() {
            match k {
                Kind::Flag if !OWN_HQ.contains(sq) => {
                    v.push(DeploymentViolation::FlagOffHeadquarters(sq))
                }
                Kind::Landmine if !BACK_ROWS.contains(sq) => {
                    v.push(DeploymentViolation::MineOffBackRows(sq));
                }
                Kind::Bomb if !OFF_FRONT.contains(sq) => {
                    v.push(DeploymentViolation::BombOnFrontRow(sq))
                }
                _ => {}
            }
        }
        if v.is_empty() {
            Ok(())
        } else {
            Err(DeploymentError(v))
        }
    }

    /// A deployment drawn uniformly from the legal ones (L-18), exactly: the flag's
    /// headquarters by the number of deployments each leaves, then the landmines uniformly
    /// among their free points, the bombs uniformly among theirs, the other 19 pieces shuffled
    /// over the rest (every choice leaves the same number of completions, so each deployment
    /// has the same chance).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    /// let d = luzhanqi::deploy::Deployment::random(&mut rng);
    /// assert!(d.check().is_ok());
    /// ```
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Deployment {
        let counts = Kind::ALL.map(Kind::count);
        let mut after_flag = counts;
        after_flag[Kind::Flag.index()] = 0;
        let hqs: Vec<Square> = OWN_HQ.iter().collect();
        let weights: Vec<u128> = hqs
            .iter()
            .map(|&h| count_placements(ALL_POINTS.without(h), after_flag))
            .collect();
        let total: u128 = weights.iter().sum();
        let mut pick = rng.random_range(0..total);
        let mut flag = hqs[0];
        for (h, w) in hqs.iter().zip(&weights) {
            if pick < *w {
                flag = *h;
                break;
            }
            pick -= w;
        }
        let mut board: [Option<Kind>; 30] = [None; 30];
        board[flag.index()] = Some(Kind::Flag);
        let mut free = ALL_POINTS.without(flag);
        for (kind, room) in [(Kind::Landmine, BACK_ROWS), (Kind::Bomb, OFF_FRONT)] {
            let mut pts: Vec<Square> = (free & room).iter().collect();
            for i in 0..kind.count() as usize {
                let j = rng.random_range(i..pts.len());
                pts.swap(i, j);
                board[pts[i].index()] = Some(kind);
                free = free.without(pts[i]);
            }
        }
        let mut rest: Vec<Kind> = Kind::ALL
            .iter()
            .filter(|k| !matches!(k, Kind::Flag | Kind::Landmine | Kind::Bomb))
            .flat_map(|&k| std::iter::repeat_n(k, k.count() as usize))
            .collect();
        for i in (1..rest.len()).rev() {
            let j = rng.random_range(0..=i);
            rest.swap(i, j);
        }
        for (sq, k) in free.iter().zip(rest) {
            board[sq.index()] = Some(k);
        }
        Deployment {
            pieces: OWN_POINTS.map(|s| board[s.index()].expect("every point filled")),
        }
    }

    /// Put the deployment of `side` on a setup: own-frame point → board point (Blue's own
    /// frame is Red's turned round, L-4).
    pub fn place(&self, side: Side, setup: &mut Setup) {
        for (sq, k) in self.iter() {
            let at = match side {
                Side::Red => sq,
                Side::Blue => sq.flip(),
            };
            setup.put(at, Some(Piece::new(side, k)));
        }
    }

    /// The deployment `side` has on `setup`, if every own non-camp point holds one of its
    /// pieces.
    #[must_use]
    pub fn of_setup(setup: &Setup, side: Side) -> Option<Deployment> {
        let mut pieces = [Kind::Flag; 25];
        for (i, sq) in OWN_POINTS.iter().enumerate() {
            let at = match side {
                Side::Red => *sq,
                Side::Blue => sq.flip(),
            };
            pieces[i] = setup.piece_at(at).filter(|p| p.side == side)?.kind;
        }
        Some(Deployment { pieces })
    }
}

junqi_game::opening_error! {
    /// A deployment that cannot start a game: which side's, and why.
    #[derive(Debug, Clone, PartialEq, Eq, Error)]
    #[non_exhaustive]
    pub enum OpeningError {
        /// A side's deployment breaks L-17.
        Deployment { side: Side, error: DeploymentError },
        /// The placement is not a valid position (cannot happen for legal deployments).
        #[error("{0}")]
        Position(PositionError),
    }
}

/// The starting position of two deployments with `first` to move (L-19), under `rules`.
///
/// # Errors
/// [`OpeningError::Deployment`] when a deployment breaks L-17 (Red's reasons first).
pub fn opening(
    red: &Deployment,
    blue: &Deployment,
    first: Side,
    rules: Ruleset,
) -> Result<Position, OpeningError> {
    for (side, d) in [(Side::Red, red), (Side::Blue, blue)] {
        d.check()
            .map_err(|error| OpeningError::Deployment { side, error })?;
    }
    let mut setup = Setup::empty();
    red.place(Side::Red, &mut setup);
    blue.place(Side::Blue, &mut setup);
    setup.turn = first;
    Position::from_setup_with(setup, rules).map_err(OpeningError::Position)
}

impl Default for Position {
    /// The library's default start ([`default_start`]).
    fn default() -> Position {
        crate::deploy::default_start()
    }
}

/// The library's default start: [`DEFAULT_DEPLOYMENT`] for both sides, Red to move, standard
/// rules. Its position string is [`DEFAULT_START`].
#[must_use]
pub fn default_start() -> Position {
    let d: Deployment = DEFAULT_DEPLOYMENT
        .parse()
        .expect("the default deployment parses");
    opening(&d, &d, Side::Red, Ruleset::STANDARD).expect("the default deployment is legal")
}

/// The position string of [`default_start`].
///
/// ```
/// assert_eq!(luzhanqi::Position::default().to_string(), luzhanqi::deploy::DEFAULT_START);
/// ```
pub const DEFAULT_START: &str =
    "pclfl/eyelt/d1z1b/cz1bd/s1p1j/ptecy/YCETP/J1P1S/DB1ZC/B1Z1D/TLEYE/LFLCP r 0 1";
