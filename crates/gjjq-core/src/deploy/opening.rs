//! Openings: two deployments and the side that moves first (R-34), as a position; 翻式
//! (R-36).

use super::*;

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

junqi_game::opening_error! {
    /// A setup or position that is not an opening, or whose deployments break R-32.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
    #[non_exhaustive]
    pub enum OpeningError {
        /// One side's deployment breaks R-32 (points in that side's own frame).
        Deployment { side: Side, error: DeploymentError },
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
