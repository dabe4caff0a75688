//! Deployment (布陣): one side's sixteen pieces in its own country before play, its string
//! form, counting and uniform random drawing, and the opening two deployments and a first
//! mover make, 翻式 included (R-32 … R-36).
//!
//! A deployment is written and held in its owner's own frame (R-3, R-33): the point `5E` of a
//! deployment is Red's `5E` when Red deploys it and Green's `5e` when Green does, so one
//! deployment string describes the same formation for either side.
//!
//! One concept a file: the deployment and its check here; its string form in `text`, the
//! uniform sampler in `sampler`, the play modes in `mode`, openings in `opening`.

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

mod mode;
mod opening;
mod sampler;
#[cfg(test)]
mod tests;
mod text;

pub use mode::{PlayMode, PlayModeParseError};
pub use opening::{Opening, OpeningError};
pub use sampler::DeploymentSampler;
pub use text::DeploymentParseError;
use text::parse_rows;

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

impl Deployment {
    /// No pieces at all: not a deployment of R-32, only the stand-in of a hidden endgame
    /// (which starts from a position, with no deployment made) where a deployment is asked.
    pub(crate) const EMPTY: Deployment = Deployment { board: [None; 45] };

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
    /// use gjjq_core::{ruleset::MissileDeployment, Ruleset, deploy::Deployment};
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
