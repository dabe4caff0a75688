//! Deployment (布陣): one side's sixteen pieces in its own country before play, its string
//! form, counting and uniform random drawing, and the opening two deployments and a first
//! mover make, 翻式 included (R-32 … R-36).
//!
//! A deployment is written and held in its owner's own frame (R-3, R-33): the point `5E` of a
//! deployment is Red's `5E` when Red deploys it and Green's `5e` when Green does, so one
//! deployment string describes the same formation for either side.

use std::fmt;
use std::str::FromStr;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::piece::{Piece, PieceKind};
use crate::placement::{Group, Placer};
use crate::position::Position;
use crate::ruleset::{MissileDeployment, Ruleset};
use crate::setup::Setup;
use crate::square::{Side, Square};
use crate::terrain::{COUNTRY, INLAND, LAND, PALACE};

/// Points of Red's country, the owner's frame of every deployment.
const OWN: Bitboard = COUNTRY[0];

/// Red's ranks C–E (y = 0..=2): the `back_ranks` option's rows (R-32).
const BACK_RANKS: Bitboard = Bitboard((1u128 << 27) - 1);

/// The points of the owner's frame where `kind` may be deployed under `rules` (R-32).
fn domain(kind: PieceKind, rules: &Ruleset) -> Bitboard {
    match kind {
        PieceKind::King | PieceKind::Guard => PALACE[0],
        PieceKind::Missile => match rules.deployment.missile_deployment {
            MissileDeployment::Land => LAND[0],
            MissileDeployment::BackRanks => LAND[0] & BACK_RANKS,
        },
        PieceKind::Fleet => OWN & !INLAND[0],
        _ => OWN,
    }
}

/// The board point of `side`'s country that its owner labels like `own` (R-3): `own` itself
/// for Red, the point turned half round the board for Green.
fn board_point(side: Side, own: Square) -> Square {
    match side {
        Side::Red => own,
        Side::Green => Square::new(8 - own.x(), 9 - own.y()).expect("on board"),
    }
}

/// The owner's-frame point (in Red's country) that `sq` is labelled like: `5e` → `5E`.
fn own_point(sq: Square) -> Square {
    board_point(sq.country(), sq)
}

/// One side's deployment (布陣): sixteen pieces in its own country, valid by R-32.
///
/// Points are named in the owner's own frame (R-3): `5E` is the middle of the owner's base
/// line whichever side deploys; a lower-case label names the same point (`5e` = `5E`).
/// Its string form is the deployment string of R-33: five rows from the owner's front rank
/// (A) to its base line (E), files 1 to 9, upper-case letters of R-7 and digits for empty
/// runs. [`FromStr`] checks the rules of [`Ruleset::STANDARD`]; [`Deployment::parse_with`]
/// takes a ruleset.
///
/// # Examples
///
/// ```
/// use gjjq_core::{PieceKind, Side, deploy::Deployment};
/// let d: Deployment = "9/3III3/9/1DA3AD1/FPMGKGMPF".parse()?;
/// assert_eq!(d, Deployment::default_formation());
/// assert_eq!(d.piece_at("5E".parse()?), Some(PieceKind::King));
/// assert_eq!(d.to_string(), "9/3III3/9/1DA3AD1/FPMGKGMPF");
/// // Green's copy stands on Green's own labels: its king on 5e.
/// assert_eq!(Deployment::board_point(Side::Green, "5E".parse()?).to_string(), "5e");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deployment {
    /// The kind on each point of the owner's frame, indexed by the Red-country [`Square`].
    board: [Option<PieceKind>; 45],
}

/// A deployment that breaks R-32. Points are labels in the owner's own frame (upper case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DeploymentError {
    /// A king or guard stands outside the owner's palace (R-32, R-26).
    #[error("the {kind} on {at} stands outside its palace (R-32: king and guards in the palace)")]
    OutsidePalace {
        /// King or guard.
        kind: PieceKind,
        /// Where it stands.
        at: Square,
    },
    /// A missile stands on sea (R-32: 彈隊只準布設在陸地).
    #[error("the missile on {at} stands on sea (R-32: missiles on the own land)")]
    MissileOffLand {
        /// Where it stands.
        at: Square,
    },
    /// Under `missile_deployment: back_ranks`, a missile stands on land in rank B (R-32).
    #[error(
        "the missile on {at} stands beyond rank C (R-32, missile_deployment back_ranks: land on ranks C-E)"
    )]
    MissileBeyondBackRanks {
        /// Where it stands.
        at: Square,
    },
    /// A fleet stands inland (R-32: fleets on the own sea or coast).
    #[error("the fleet on {at} stands inland (R-32: fleets on sea or coast)")]
    FleetInland {
        /// Where it stands.
        at: Square,
    },
    /// A kind is not deployed exactly as often as R-7 gives.
    #[error("{found} {kind} deployed, R-7 gives exactly {expected}")]
    WrongCount {
        /// The kind.
        kind: PieceKind,
        /// R-7's number.
        expected: u32,
        /// The number deployed.
        found: u32,
    },
    /// Two pieces were given for one point.
    #[error("two pieces on {at}")]
    TwoOnOnePoint {
        /// The point.
        at: Square,
    },
}

/// A deployment string that does not parse (R-33), or breaks R-32. Columns count characters
/// of the whole string from 1; ranks are the owner's rank letters, A (first row) to E.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DeploymentParseError {
    /// Not five rows separated by `/`.
    #[error("a deployment string has 5 rows (ranks A to E) separated by '/', found {found}")]
    RowCount {
        /// How many were found.
        found: usize,
    },
    /// A character is neither a piece letter nor a digit 1–9.
    #[error(
        "column {column} (rank {rank}): '{found}' is not a piece letter (KGMFPADI) or a digit 1-9"
    )]
    BadChar {
        /// The rank of the row.
        rank: char,
        /// The character's column in the string.
        column: usize,
        /// The character.
        found: char,
    },
    /// A space (or other white space), before, inside or after the string: a deployment
    /// string has none (R-33).
    #[error("column {column} (rank {rank}): a space; a deployment string has no spaces (R-33)")]
    Space {
        /// The rank of the row.
        rank: char,
        /// The space's column in the string.
        column: usize,
    },
    /// A lower-case piece letter: deployment strings are upper case in either side's frame.
    #[error(
        "column {column} (rank {rank}): '{found}' is lower case; a deployment string is written in upper case for either side (R-33)"
    )]
    LowerCase {
        /// The rank of the row.
        rank: char,
        /// The character's column in the string.
        column: usize,
        /// The character.
        found: char,
    },
    /// A row does not describe nine points.
    #[error("column {column} (rank {rank}): the row describes {found} points, expected 9")]
    RowWidth {
        /// The rank of the row.
        rank: char,
        /// The column where the row ends (or overflows).
        column: usize,
        /// The number of points described so far.
        found: usize,
    },
    /// The string is well formed but the deployment breaks R-32.
    #[error("{0}")]
    Invalid(#[from] DeploymentError),
}

impl Deployment {
    /// The library's prescribed formation (規定布陣法), R-27: `9/3III3/9/1DA3AD1/FPMGKGMPF`.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Side, Setup, deploy::{Deployment, Opening}};
    /// let d = Deployment::default_formation();
    /// let opening = Opening::new(d, d, Side::Red);
    /// assert_eq!(opening.setup(), Setup::default_opening());
    /// ```
    #[must_use]
    pub fn default_formation() -> Deployment {
        "9/3III3/9/1DA3AD1/FPMGKGMPF"
            .parse()
            .expect("R-27 is a valid deployment")
    }

    /// A deployment from (point, kind) pairs in the owner's frame, checked by R-32 under
    /// `rules`. A lower-case label names the same point as its upper-case form.
    ///
    /// # Errors
    ///
    /// [`DeploymentError::TwoOnOnePoint`] for a repeated point, then the first rule broken:
    /// points in the order of the string (rank A first, files 1 to 9), then counts in R-7's
    /// order.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{PieceKind, Ruleset, deploy::{Deployment, DeploymentError}};
    /// let d = Deployment::default_formation();
    /// let mut points: Vec<_> = d.iter().collect();
    /// assert!(Deployment::from_points(points.clone(), &Ruleset::STANDARD).is_ok());
    /// points[0].1 = PieceKind::King; // a second king, on the front infantry's point
    /// let err = Deployment::from_points(points, &Ruleset::STANDARD).unwrap_err();
    /// assert!(matches!(err, DeploymentError::OutsidePalace { kind: PieceKind::King, .. }));
    /// ```
    pub fn from_points(
        points: impl IntoIterator<Item = (Square, PieceKind)>,
        rules: &Ruleset,
    ) -> Result<Deployment, DeploymentError> {
        let mut board = [None; 45];
        for (sq, kind) in points {
            let own = own_point(sq);
            let cell = &mut board[own.index()];
            if cell.is_some() {
                return Err(DeploymentError::TwoOnOnePoint { at: own });
            }
            *cell = Some(kind);
        }
        let d = Deployment { board };
        d.validate(rules)?;
        Ok(d)
    }

    /// Check this deployment by R-32 under `rules` (it may have been made under another
    /// `missile_deployment`).
    ///
    /// # Errors
    ///
    /// The first rule broken, in the order of [`Deployment::from_points`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{MissileDeployment, Ruleset, deploy::Deployment};
    /// let d: Deployment = "9/3IMI3/9/1DA3AD1/FPIGKGMPF".parse()?; // a missile on 5B
    /// let mut back = Ruleset::STANDARD;
    /// back.deployment.missile_deployment = MissileDeployment::BackRanks;
    /// assert!(d.validate(&back).is_err());
    /// # Ok::<(), gjjq_core::deploy::DeploymentParseError>(())
    /// ```
    pub fn validate(&self, rules: &Ruleset) -> Result<(), DeploymentError> {
        let mut counts = [0u32; 8];
        for (at, kind) in self.iter() {
            counts[kind.index()] += 1;
            if domain(kind, rules).contains(at) {
                continue;
            }
            return Err(match kind {
                PieceKind::King | PieceKind::Guard => DeploymentError::OutsidePalace { kind, at },
                PieceKind::Missile if LAND[0].contains(at) => {
                    DeploymentError::MissileBeyondBackRanks { at }
                }
                PieceKind::Missile => DeploymentError::MissileOffLand { at },
                PieceKind::Fleet => DeploymentError::FleetInland { at },
                _ => unreachable!("other kinds may stand anywhere in the own country"),
            });
        }
        for kind in PieceKind::ALL {
            let (found, expected) = (counts[kind.index()], kind.count_per_side());
            if found != expected {
                return Err(DeploymentError::WrongCount {
                    kind,
                    expected,
                    found,
                });
            }
        }
        Ok(())
    }

    /// Parse a deployment string (R-33) and check it by R-32 under `rules`.
    ///
    /// # Errors
    ///
    /// [`DeploymentParseError`]: the syntax with its column, or
    /// [`DeploymentParseError::Invalid`] with the rule broken.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, deploy::{Deployment, DeploymentError, DeploymentParseError}};
    /// let err = Deployment::parse_with("9/3III3/9/1DA3AD1/FPMGKGMPX", &Ruleset::STANDARD);
    /// assert_eq!(err.unwrap_err().to_string(),
    ///     "column 27 (rank E): 'X' is not a piece letter (KGMFPADI) or a digit 1-9");
    /// let err = Deployment::parse_with("9/3III3/9/1DA3AD1/PFMGKGMPF", &Ruleset::STANDARD);
    /// assert!(matches!(err, Err(DeploymentParseError::Invalid(DeploymentError::FleetInland { .. }))));
    /// ```
    pub fn parse_with(s: &str, rules: &Ruleset) -> Result<Deployment, DeploymentParseError> {
        let d = Deployment {
            board: parse_rows(s)?,
        };
        d.validate(rules)?;
        Ok(d)
    }

    /// The kind on `at`, read in the owner's frame (`5e` names the same point as `5E`).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{PieceKind, deploy::Deployment};
    /// let d = Deployment::default_formation();
    /// assert_eq!(d.piece_at("3e".parse()?), Some(PieceKind::Missile));
    /// assert_eq!(d.piece_at("5A".parse()?), None);
    /// # Ok::<(), gjjq_core::SquareParseError>(())
    /// ```
    #[must_use]
    pub fn piece_at(&self, at: Square) -> Option<PieceKind> {
        self.board[own_point(at).index()]
    }

    /// The sixteen (point, kind) pairs, points in the owner's frame (upper-case labels), in
    /// the order of the string: rank A first, files 1 to 9.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::deploy::Deployment;
    /// let d = Deployment::default_formation();
    /// let first = d.iter().next().unwrap();
    /// assert_eq!(first.0.to_string(), "4B");
    /// assert_eq!(d.iter().count(), 16);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Square, PieceKind)> + '_ {
        (0..5u8).rev().flat_map(move |y| {
            (0..9u8).filter_map(move |x| {
                let sq = Square::new(x, y).expect("on board");
                self.board[sq.index()].map(|k| (sq, k))
            })
        })
    }

    /// The board point of `side`'s country that the owner labels like `own` (R-3): `own`
    /// for Red; for Green the point with the same digit and the lower-case letter, i.e. the
    /// point turned half round the board (`2D` → `2d`, internally (1, 1) → (7, 8)).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Side, Square, deploy::Deployment};
    /// let own: Square = "2D".parse()?;
    /// assert_eq!(Deployment::board_point(Side::Red, own), own);
    /// let g = Deployment::board_point(Side::Green, own);
    /// assert_eq!((g.to_string(), g.x(), g.y()), ("2d".to_string(), 7, 8));
    /// # Ok::<(), gjjq_core::SquareParseError>(())
    /// ```
    #[must_use]
    pub fn board_point(side: Side, own: Square) -> Square {
        board_point(side, own_point(own))
    }

    /// Put this deployment on `setup`'s board as `side`'s, in `side`'s country.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Piece, PieceKind, Setup, Side, deploy::Deployment};
    /// let mut setup = Setup::empty();
    /// Deployment::default_formation().place(Side::Green, &mut setup);
    /// assert_eq!(setup.piece_at("5e".parse()?), Some(Piece::new(Side::Green, PieceKind::King)));
    /// # Ok::<(), gjjq_core::SquareParseError>(())
    /// ```
    pub fn place(&self, side: Side, setup: &mut Setup) {
        for (own, kind) in self.iter() {
            setup.set(board_point(side, own), Some(Piece::new(side, kind)));
        }
    }

    /// The number of legal deployments of one side under `rules` (R-32), pieces of one kind
    /// interchangeable, counted from the rules (see [`DeploymentSampler`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, deploy::Deployment};
    /// assert_eq!(Deployment::count(&Ruleset::STANDARD), 26_759_431_679_433_868_800);
    /// ```
    #[must_use]
    pub fn count(rules: &Ruleset) -> u128 {
        DeploymentSampler::new(rules).count()
    }

    /// A deployment drawn from `rng`, every legal one (R-32) equally likely (R-35). To draw
    /// many, build a [`DeploymentSampler`] once.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, deploy::Deployment};
    /// use gjjq_core::rand::{SeedableRng, rngs::StdRng};
    /// let mut rng = StdRng::seed_from_u64(7);
    /// let d = Deployment::random(&mut rng, &Ruleset::STANDARD);
    /// assert!(d.validate(&Ruleset::STANDARD).is_ok());
    /// ```
    pub fn random<R: Rng + ?Sized>(rng: &mut R, rules: &Ruleset) -> Deployment {
        DeploymentSampler::new(rules).sample(rng)
    }
}

fn parse_rows(s: &str) -> Result<[Option<PieceKind>; 45], DeploymentParseError> {
    let rows: Vec<&str> = s.split('/').collect();
    if rows.len() != 5 {
        return Err(DeploymentParseError::RowCount { found: rows.len() });
    }
    let mut board = [None; 45];
    let mut column = 0;
    for (r, row) in rows.iter().enumerate() {
        let y = 4 - r as u8;
        let rank = (b'A' + r as u8) as char;
        let mut x = 0usize;
        for c in row.chars() {
            column += 1;
            if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                x += d as usize;
            } else if let Some(kind) = PieceKind::from_ascii(c) {
                if c.is_ascii_lowercase() {
                    return Err(DeploymentParseError::LowerCase {
                        rank,
                        column,
                        found: c,
                    });
                }
                if x < 9 {
                    board[Square::new(x as u8, y).expect("on board").index()] = Some(kind);
                }
                x += 1;
            } else if c.is_whitespace() {
                return Err(DeploymentParseError::Space { rank, column });
            } else {
                return Err(DeploymentParseError::BadChar {
                    rank,
                    column,
                    found: c,
                });
            }
            if x > 9 {
                return Err(DeploymentParseError::RowWidth {
                    rank,
                    column,
                    found: x,
                });
            }
        }
        if x != 9 {
            return Err(DeploymentParseError::RowWidth {
                rank,
                column: column + 1,
                found: x,
            });
        }
        column += 1; // the '/'
    }
    Ok(board)
}

/// Parse and check under [`Ruleset::STANDARD`]; see [`Deployment::parse_with`].
impl FromStr for Deployment {
    type Err = DeploymentParseError;

    fn from_str(s: &str) -> Result<Deployment, DeploymentParseError> {
        Deployment::parse_with(s, &Ruleset::STANDARD)
    }
}

/// The deployment string (R-33).
impl fmt::Display for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..5u8).rev() {
            let mut empty = 0u8;
            for x in 0..9u8 {
                match self.board[Square::new(x, y).expect("on board").index()] {
                    Some(k) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", k.ascii())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if y > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deployment({self})")
    }
}

/// Counts and draws the deployments of one side under a ruleset (R-32, R-35).
///
/// The count comes from the rules: the king and guards choose points of the palace, the
/// missiles of their land, the fleets of sea and coast, each group split over the terrain
/// classes it may use, and the other kinds take any of the points left (pieces of one kind
/// interchangeable). A draw makes the same choices, each split weighted by the exact number
/// of deployments that complete it and points uniform within a class, so every legal
/// deployment is equally likely (R-35): no rejection, no order of preference.
///
/// # Examples
///
/// ```
/// use gjjq_core::{MissileDeployment, Ruleset, deploy::DeploymentSampler};
/// use gjjq_core::rand::{SeedableRng, rngs::StdRng};
/// let mut back = Ruleset::STANDARD;
/// back.deployment.missile_deployment = MissileDeployment::BackRanks;
/// let sampler = DeploymentSampler::new(&back);
/// assert!(sampler.count() < DeploymentSampler::new(&Ruleset::STANDARD).count());
/// let mut rng = StdRng::seed_from_u64(1);
/// for _ in 0..100 {
///     assert!(sampler.sample(&mut rng).validate(&back).is_ok());
/// }
/// ```
#[derive(Debug, Clone)]
pub struct DeploymentSampler {
    placer: Placer,
}

impl DeploymentSampler {
    /// The sampler of `rules`' deployments (only `missile_deployment` matters).
    #[must_use]
    pub fn new(rules: &Ruleset) -> DeploymentSampler {
        let groups: Vec<Group> = PieceKind::ALL
            .iter()
            .map(|&kind| Group {
                piece: Piece::new(Side::Red, kind),
                count: kind.count_per_side() as u8,
                domain: domain(kind, rules),
            })
            .collect();
        DeploymentSampler {
            placer: Placer::new(OWN, &groups),
        }
    }

    /// The number of legal deployments of one side.
    #[must_use]
    pub fn count(&self) -> u128 {
        self.placer.count()
    }

    /// A deployment drawn uniformly from all legal ones (R-35).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Deployment {
        let mut board = [None; 45];
        self.placer
            .sample(rng, |sq, p| board[sq.index()] = Some(p.kind))
            .expect("every ruleset has legal deployments");
        Deployment { board }
    }
}

/// How a game is played (對局陣法, seed 000): the seed's 明式, 暗式 and 翻式.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum PlayMode {
    /// 明式, open play: both sides see every piece.
    #[default]
    Open,
    /// 翻式, face-down deployment turned up before play (R-36); then played open.
    Fanshi,
    /// 暗式, hidden play: the enemy's kinds stay hidden (R-37).
    Hidden,
}

impl PlayMode {
    /// The name used in game files and on the command line: `open`, `fanshi`, `hidden`.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::deploy::PlayMode;
    /// assert_eq!(PlayMode::Fanshi.name(), "fanshi");
    /// assert_eq!("fanshi".parse::<PlayMode>(), Ok(PlayMode::Fanshi));
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PlayMode::Open => "open",
            PlayMode::Fanshi => "fanshi",
            PlayMode::Hidden => "hidden",
        }
    }
}

impl fmt::Display for PlayMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Not a play mode name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a play mode (open, fanshi, hidden)")]
pub struct PlayModeParseError(pub String);

impl FromStr for PlayMode {
    type Err = PlayModeParseError;

    fn from_str(s: &str) -> Result<PlayMode, PlayModeParseError> {
        Ok(match s {
            "open" => PlayMode::Open,
            "fanshi" => PlayMode::Fanshi,
            "hidden" => PlayMode::Hidden,
            _ => return Err(PlayModeParseError(s.to_owned())),
        })
    }
}

/// An opening: both deployments and the side that moves first (R-32 … R-34).
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::{Deployment, Opening}};
/// let red: Deployment = "9/3III3/9/1DA3AD1/FPMGKGMPF".parse()?;
/// let green: Deployment = "9/9/I2I2I2/D1AGKGA1D/FP1M1M1PF".parse()?;
/// let opening = Opening::new(red, green, Side::Green);
/// let pos = opening.position(Ruleset::STANDARD)?;
/// assert_eq!(pos.to_string(),
///     "fp1m1m1pf/d1agkga1d/2i2i2i/9/9/9/3III3/9/1DA3AD1/FPMGKGMPF g - 0 1");
/// assert_eq!(Opening::from_position(&pos)?, opening);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Opening {
    /// Red's deployment.
    pub red: Deployment,
    /// Green's deployment.
    pub green: Deployment,
    /// The side that moves first (R-34): Red by default, Green allowed.
    pub first: Side,
}

/// A setup or position that is not an opening, or whose deployments break R-32.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum OpeningError {
    /// One side's deployment breaks R-32 (points in that side's own frame).
    #[error("{side}'s deployment: {error}")]
    Deployment {
        /// Whose deployment.
        side: Side,
        /// The rule broken.
        error: DeploymentError,
    },
    /// A piece stands outside its own country.
    #[error("the {piece} on {at} stands outside its own country (R-32)")]
    PieceAbroad {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        at: Square,
    },
    /// A return is pending, which no opening has.
    #[error("an opening has no pending return")]
    PendingReturn,
    /// The counters are not those of a first move (R-31: 0 and 1).
    #[error(
        "the counters are {plies_since_capture} and {move_number}; an opening has 0 plies since a capture and move number 1"
    )]
    NotAtStart {
        /// Plies since the last capture.
        plies_since_capture: u32,
        /// The move number.
        move_number: u32,
    },
}

impl Opening {
    /// The opening of `red` and `green` with `first` to move.
    #[must_use]
    pub const fn new(red: Deployment, green: Deployment, first: Side) -> Opening {
        Opening { red, green, first }
    }

    /// The library's default opening (R-27): the prescribed formation for both, Red first.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Position, Ruleset, deploy::Opening};
    /// let pos = Opening::default_opening().position(Ruleset::STANDARD)?;
    /// assert_eq!(pos, Position::default());
    /// # Ok::<(), gjjq_core::deploy::OpeningError>(())
    /// ```
    #[must_use]
    pub fn default_opening() -> Opening {
        let d = Deployment::default_formation();
        Opening::new(d, d, Side::Red)
    }

    /// Whether this is the default opening (R-27 for both, Red first).
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == Opening::default_opening()
    }

    /// The deployment of `side`.
    #[must_use]
    pub const fn deployment(&self, side: Side) -> &Deployment {
        match side {
            Side::Red => &self.red,
            Side::Green => &self.green,
        }
    }

    /// The opening's setup: both deployments on the board, `first` to move, no pending
    /// return, counters 0 and 1 (R-31, R-34).
    #[must_use]
    pub fn setup(&self) -> Setup {
        let mut setup = Setup::empty();
        self.red.place(Side::Red, &mut setup);
        self.green.place(Side::Green, &mut setup);
        setup.turn = self.first;
        setup
    }

    /// The opening position under `rules` ([`Position::from_opening_setup`]).
    ///
    /// # Errors
    ///
    /// [`OpeningError::Deployment`] when a deployment breaks R-32 under `rules` (its
    /// `missile_deployment` may be stricter than the one it was made under).
    pub fn position(&self, rules: Ruleset) -> Result<Position, OpeningError> {
        for side in Side::ALL {
            self.deployment(side)
                .validate(&rules)
                .map_err(|error| OpeningError::Deployment { side, error })?;
        }
        Ok(Position::from_opening_setup(self.setup(), rules)
            .expect("two valid deployments make a valid opening (R-26, R-32)"))
    }

    /// The two deployments and the first mover of a setup at its opening, checked under
    /// `rules`.
    ///
    /// # Errors
    ///
    /// [`OpeningError::PendingReturn`], [`OpeningError::NotAtStart`],
    /// [`OpeningError::PieceAbroad`] (the first in index order), then
    /// [`OpeningError::Deployment`] (Red's first).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, Setup, deploy::{Opening, OpeningError}};
    /// let o = Opening::from_setup(&Setup::default_opening(), &Ruleset::STANDARD)?;
    /// assert!(o.is_default());
    /// let later: Setup = "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 2 2".parse().unwrap();
    /// assert!(matches!(Opening::from_setup(&later, &Ruleset::STANDARD),
    ///     Err(OpeningError::NotAtStart { .. })));
    /// # Ok::<(), OpeningError>(())
    /// ```
    pub fn from_setup(setup: &Setup, rules: &Ruleset) -> Result<Opening, OpeningError> {
        if setup.pending.iter().any(Option::is_some) {
            return Err(OpeningError::PendingReturn);
        }
        if setup.plies_since_capture != 0 || setup.move_number != 1 {
            return Err(OpeningError::NotAtStart {
                plies_since_capture: setup.plies_since_capture,
                move_number: setup.move_number,
            });
        }
        let mut points: [Vec<(Square, PieceKind)>; 2] = [Vec::new(), Vec::new()];
        for sq in Square::all() {
            if let Some(piece) = setup.piece_at(sq) {
                if sq.country() != piece.side {
                    return Err(OpeningError::PieceAbroad { piece, at: sq });
                }
                points[piece.side.index()].push((sq, piece.kind));
            }
        }
        let [red, green] = points;
        let deploy = |side: Side, pts: Vec<(Square, PieceKind)>| {
            Deployment::from_points(pts, rules)
                .map_err(|error| OpeningError::Deployment { side, error })
        };
        Ok(Opening {
            red: deploy(Side::Red, red)?,
            green: deploy(Side::Green, green)?,
            first: setup.turn,
        })
    }

    /// The opening of a position at its start, under the position's ruleset.
    ///
    /// # Errors
    ///
    /// Those of [`Opening::from_setup`].
    pub fn from_position(pos: &Position) -> Result<Opening, OpeningError> {
        Opening::from_setup(&pos.to_setup(), pos.ruleset())
    }

    /// Two deployments drawn from `rng` (Red's, then Green's, each uniform, R-35), and the
    /// first mover `first` or, when `None`, drawn next from `rng` (each side with
    /// probability 1/2).
    pub fn random<R: Rng + ?Sized>(rng: &mut R, first: Option<Side>, rules: &Ruleset) -> Opening {
        let sampler = DeploymentSampler::new(rules);
        let red = sampler.sample(rng);
        let green = sampler.sample(rng);
        let first = first.unwrap_or_else(|| {
            if rng.random::<bool>() {
                Side::Green
            } else {
                Side::Red
            }
        });
        Opening { red, green, first }
    }

    /// 翻式 (face-down play, R-36): both sides deploy face down, the pieces are turned up,
    /// and the first mover is drawn by lot or agreed. The library plays it as an open game
    /// from two random deployments drawn from one seed — [`Opening::random`] with a
    /// [`StdRng`] seeded by `seed`: Red's deployment, then Green's, then, when `first` is
    /// `None`, the first mover. Chance enters only here; the same seed gives the same opening
    /// (with the same version of `rand`).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, Side, deploy::Opening};
    /// let a = Opening::fanshi(42, None, &Ruleset::STANDARD);
    /// assert_eq!(a, Opening::fanshi(42, None, &Ruleset::STANDARD));
    /// let b = Opening::fanshi(42, Some(Side::Green), &Ruleset::STANDARD);
    /// assert_eq!((b.red, b.green, b.first), (a.red, a.green, Side::Green));
    /// assert!(a.position(Ruleset::STANDARD).is_ok());
    /// ```
    #[must_use]
    pub fn fanshi(seed: u64, first: Option<Side>, rules: &Ruleset) -> Opening {
        Opening::random(&mut StdRng::seed_from_u64(seed), first, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::MissileDeployment;

    fn sq(l: &str) -> Square {
        l.parse().unwrap()
    }

    const BACK: Ruleset = Ruleset {
        deployment: crate::ruleset::DeploymentRules {
            missile_deployment: MissileDeployment::BackRanks,
        },
        ..Ruleset::STANDARD
    };

    // R-32: the default count, derived from the rules, and the back_ranks one.
    #[test]
    fn counts() {
        assert_eq!(
            Deployment::count(&Ruleset::STANDARD),
            26_759_431_679_433_868_800
        );
        // By hand: king and guards 9 · C(8,2); then missiles and fleets by the number j of
        // missiles on the coast: C(c, j) · C(i, 2 − j) · C(30 − j, 2), with c the coast points
        // missiles may use and i = 12 the inland points left to them (6 outside the palace,
        // 6 palace points the king and guards left); then the other 9 pieces on the 38 points
        // left, 38! / (29! 2! 2! 2! 3!).
        let rest = 38u128 * 37 * 36 * 35 * 34 * 33 * 32 * 31 * 30 / (2 * 2 * 2 * 6);
        let mf = |c: u32| {
            let ch = crate::placement::binomial;
            (0..=2)
                .map(|j| ch(c, j) * ch(12, 2 - j) * ch(30 - j, 2))
                .sum::<u128>()
        };
        assert_eq!(mf(9), 86_166);
        assert_eq!(9 * 28 * mf(9) * rest, 26_759_431_679_433_868_800);
        // back_ranks: every inland point is on ranks C–E already; the coast loses 4B 5B 6B.
        assert_eq!(Deployment::count(&BACK), 9 * 28 * mf(6) * rest);
        assert_eq!(Deployment::count(&BACK), 19_755_135_064_783_641_600);
    }

    #[test]
    fn default_formation_round_trips() {
        let d = Deployment::default_formation();
        assert_eq!(d.to_string(), "9/3III3/9/1DA3AD1/FPMGKGMPF");
        assert_eq!(d.iter().count(), 16);
        assert_eq!(d.piece_at(sq("1E")), Some(PieceKind::Fleet));
        assert_eq!(d.piece_at(sq("2D")), Some(PieceKind::Division));
    }

    // R-33: one string, the same formation for either side; Green's points are the mirrored
    // (half-turned) board points with lower-case labels.
    #[test]
    fn strings_place_each_side_in_its_own_frame() {
        let d: Deployment = "F8/I1I1I4/2M3M1D/D3A1A2/1P1GKG1PF".parse().unwrap();
        let mut setup = Setup::empty();
        d.place(Side::Red, &mut setup);
        d.place(Side::Green, &mut setup);
        for (own, kind) in d.iter() {
            let red = setup.piece_at(own).unwrap();
            assert_eq!(red, Piece::new(Side::Red, kind));
            let lower: Square = own.to_string().to_lowercase().parse().unwrap();
            assert_eq!(setup.piece_at(lower), Some(Piece::new(Side::Green, kind)));
            assert_eq!((lower.x(), lower.y()), (8 - own.x(), 9 - own.y()));
        }
        assert_eq!(
            Opening::from_setup(&setup, &Ruleset::STANDARD),
            Ok(Opening::new(d, d, Side::Red))
        );
    }

    #[test]
    fn round_trip_through_an_opening_for_both_sides() {
        let red: Deployment = "9/2I1I1I2/3M1M3/1DA3AD1/FP1GKG1PF".parse().unwrap();
        let green: Deployment = "F8/I1I1I4/2M3M1D/D3A1A2/1P1GKG1PF".parse().unwrap();
        for first in Side::ALL {
            let o = Opening::new(red, green, first);
            let pos = o.position(Ruleset::STANDARD).unwrap();
            assert_eq!(pos.turn(), first);
            assert_eq!(Opening::from_position(&pos).unwrap(), o);
            // Green's fleet written on its own 1A stands on the board's 1a, x = 8, y = 5.
            assert_eq!(
                pos.piece_at(Square::new(8, 5).unwrap()),
                Some(Piece::new(Side::Green, PieceKind::Fleet))
            );
            assert_eq!(
                pos.piece_at(sq("1a")),
                Some(Piece::new(Side::Green, PieceKind::Fleet))
            );
            let text = o.setup().to_string();
            let back: Setup = text.parse().unwrap();
            assert_eq!(Opening::from_setup(&back, &Ruleset::STANDARD).unwrap(), o);
        }
        for d in [red, green] {
            assert_eq!(d.to_string().parse::<Deployment>().unwrap(), d);
        }
    }

    // R-32: each rule's error names the piece and the point.
    #[test]
    fn validity_errors() {
        use DeploymentError as E;
        let cases: [(&str, Ruleset, DeploymentError); 8] = [
            (
                "9/3IKI3/9/1DA3AD1/FPMG1GMPF",
                Ruleset::STANDARD,
                E::OutsidePalace {
                    kind: PieceKind::King,
                    at: sq("5B"),
                },
            ),
            (
                "9/3III3/9/1DA3AD1/FPMGKMGPF",
                Ruleset::STANDARD,
                E::OutsidePalace {
                    kind: PieceKind::Guard,
                    at: sq("7E"),
                },
            ),
            (
                "M8/3III3/9/1DA3AD1/FP1GKGMPF",
                Ruleset::STANDARD,
                E::MissileOffLand { at: sq("1A") },
            ),
            (
                "9/3IMI3/9/1DA3AD1/FPIGKGMPF",
                BACK,
                E::MissileBeyondBackRanks { at: sq("5B") },
            ),
            (
                "9/3III3/9/1DA3AD1/PFMGKGMPF",
                Ruleset::STANDARD,
                E::FleetInland { at: sq("2E") },
            ),
            (
                "9/3III3/9/1DA3AD1/FPMGKGMP1",
                Ruleset::STANDARD,
                E::WrongCount {
                    kind: PieceKind::Fleet,
                    expected: 2,
                    found: 1,
                },
            ),
            (
                "I8/3III3/9/1DA3AD1/FPMGKGMPF",
                Ruleset::STANDARD,
                E::WrongCount {
                    kind: PieceKind::Infantry,
                    expected: 3,
                    found: 4,
                },
            ),
            (
                "9/3III3/9/1DA3AD1/FPMG1GMPF",
                Ruleset::STANDARD,
                E::WrongCount {
                    kind: PieceKind::King,
                    expected: 1,
                    found: 0,
                },
            ),
        ];
        for (text, rules, want) in cases {
            assert_eq!(
                Deployment::parse_with(text, &rules),
                Err(DeploymentParseError::Invalid(want)),
                "{text}"
            );
        }
        // The same missile on 5B is fine under the default.
        assert!("9/3IMI3/9/1DA3AD1/FPIGKGMPF".parse::<Deployment>().is_ok());
        let err = "9/3IKI3/9/1DA3AD1/FPMG1GMPF"
            .parse::<Deployment>()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the king on 5B stands outside its palace (R-32: king and guards in the palace)"
        );
        let d = Deployment::default_formation();
        let mut pts: Vec<_> = d.iter().collect();
        pts.push((sq("5e"), PieceKind::Infantry));
        assert_eq!(
            Deployment::from_points(pts, &Ruleset::STANDARD),
            Err(E::TwoOnOnePoint { at: sq("5E") })
        );
    }

    #[test]
    fn parse_errors_give_the_column() {
        use DeploymentParseError as E;
        let cases = [
            ("9/9/9/9", E::RowCount { found: 4 }),
            (
                "9/3III3/9/1DA3AD1/FPMGKGMPX",
                E::BadChar {
                    rank: 'E',
                    column: 27,
                    found: 'X',
                },
            ),
            (
                "9/3iII3/9/1DA3AD1/FPMGKGMPF",
                E::LowerCase {
                    rank: 'B',
                    column: 4,
                    found: 'i',
                },
            ),
            (
                "9/3III3/8/1DA3AD1/FPMGKGMPF",
                E::RowWidth {
                    rank: 'C',
                    column: 10,
                    found: 8,
                },
            ),
            (
                "9/3III4/9/1DA3AD1/FPMGKGMPF",
                E::RowWidth {
                    rank: 'B',
                    column: 7,
                    found: 10,
                },
            ),
            (
                "0/3III3/9/1DA3AD1/FPMGKGMPF",
                E::BadChar {
                    rank: 'A',
                    column: 1,
                    found: '0',
                },
            ),
            // Issue 26 item 17: spaces around or inside are refused where they stand.
            (
                " 9/3III3/9/1DA3AD1/FPMGKGMPF",
                E::Space {
                    rank: 'A',
                    column: 1,
                },
            ),
            (
                "9/3III3/9/1DA3AD1/FPMGKGMPF\n",
                E::Space {
                    rank: 'E',
                    column: 28,
                },
            ),
            (
                "9/3I II3/9/1DA3AD1/FPMGKGMPF",
                E::Space {
                    rank: 'B',
                    column: 5,
                },
            ),
        ];
        for (text, want) in cases {
            assert_eq!(text.parse::<Deployment>(), Err(want), "{text}");
        }
    }

    #[test]
    fn opening_errors() {
        let mut s = Setup::default_opening();
        s.set(sq("5A"), s.piece_at(sq("5B")));
        s.set(sq("5B"), None);
        assert!(Opening::from_setup(&s, &Ruleset::STANDARD).is_ok());
        s.set(sq("5a"), s.piece_at(sq("5A")));
        s.set(sq("5A"), None);
        assert_eq!(
            Opening::from_setup(&s, &Ruleset::STANDARD),
            Err(OpeningError::PieceAbroad {
                piece: Piece::new(Side::Red, PieceKind::Infantry),
                at: sq("5a")
            })
        );
        let mut s = Setup::default_opening();
        s.set(sq("3e"), None); // Green's missile
        s.set(sq("5a"), Some(Piece::new(Side::Green, PieceKind::Missile)));
        assert_eq!(
            Opening::from_setup(&s, &Ruleset::STANDARD),
            Err(OpeningError::Deployment {
                side: Side::Green,
                error: DeploymentError::MissileOffLand { at: sq("5A") }
            })
        );
        // A deployment valid under land is refused by a back_ranks opening.
        let d: Deployment = "9/3IMI3/9/1DA3AD1/FPIGKGMPF".parse().unwrap();
        let o = Opening::new(Deployment::default_formation(), d, Side::Red);
        assert!(o.position(Ruleset::STANDARD).is_ok());
        assert!(matches!(
            o.position(BACK),
            Err(OpeningError::Deployment {
                side: Side::Green,
                error: DeploymentError::MissileBeyondBackRanks { .. }
            })
        ));
    }

    // R-34: Green may open; the position string says so and play starts with Green.
    #[test]
    fn green_opens() {
        let o = Opening::new(
            Deployment::default_formation(),
            Deployment::default_formation(),
            Side::Green,
        );
        let pos = o.position(Ruleset::STANDARD).unwrap();
        assert_eq!(
            pos.to_string(),
            "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF g - 0 1"
        );
        let m = pos.legal_moves()[0];
        assert_eq!(pos.piece_at(m.from()).unwrap().side, Side::Green);
        let after = pos.play(m).unwrap();
        assert_eq!((after.turn(), after.move_number()), (Side::Red, 2));
    }

    // R-36: the same seed gives the same opening; the first mover is drawn when not given.
    #[test]
    fn fanshi_draws_from_one_seed() {
        let a = Opening::fanshi(9, None, &Ruleset::STANDARD);
        assert_eq!(a, Opening::fanshi(9, None, &Ruleset::STANDARD));
        assert_ne!(a.red, a.green);
        let firsts: std::collections::HashSet<Side> = (0..40)
            .map(|s| Opening::fanshi(s, None, &Ruleset::STANDARD).first)
            .collect();
        assert_eq!(firsts.len(), 2, "both sides open for some seed");
        assert_eq!(
            Opening::fanshi(9, Some(Side::Red), &Ruleset::STANDARD).first,
            Side::Red
        );
    }

    #[test]
    fn play_mode_names() {
        for m in [PlayMode::Open, PlayMode::Fanshi, PlayMode::Hidden] {
            assert_eq!(m.name().parse::<PlayMode>(), Ok(m));
        }
        assert!("face-down".parse::<PlayMode>().is_err());
    }
}
