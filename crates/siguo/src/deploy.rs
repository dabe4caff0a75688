//! Deployments per seat (L-58): 陸戰棋's deployments (L-17 … L-19), checked, counted and drawn
//! by `luzhanqi`, placed in each seat's own frame (L-41).

use luzhanqi::deploy::Deployment;
use thiserror::Error;

use crate::board::Point;
use crate::position::{Position, PositionError, Setup};
use crate::ruleset::Rules;
use crate::seat::{Piece, Seat};

/// The board point of a deployment's own-frame point.
pub(crate) fn own_point(seat: Seat, sq: luzhanqi::Square) -> Point {
    Point::from_own(seat, sq.file() + 1, sq.rank()).expect("an own-frame point of a half")
}

/// Put a seat's deployment on a setup, in the seat's own frame (L-41, L-58).
pub fn place(seat: Seat, d: &Deployment, setup: &mut Setup) {
    for (sq, kind) in d.iter() {
        setup.put(own_point(seat, sq), Some(Piece::new(seat, kind)));
    }
}

/// The deployment a seat has on a setup, if every non-camp point of its half holds one of its
/// pieces.
#[must_use]
pub fn of_setup(setup: &Setup, seat: Seat) -> Option<Deployment> {
    let mut d: Deployment = luzhanqi::deploy::DEFAULT_DEPLOYMENT.parse().ok()?;
    for (i, sq) in luzhanqi::deploy::OWN_POINTS.iter().enumerate() {
        d.pieces[i] = setup
            .piece_at(own_point(seat, *sq))
            .filter(|p| p.seat == seat)?
            .kind;
    }
    Some(d)
}

/// Four deployments that cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum OpeningError {
    /// A seat's deployment breaks L-17.
    #[error("{seat}'s deployment: {error}")]
    Deployment {
        /// The seat.
        seat: Seat,
        /// Why.
        error: luzhanqi::deploy::DeploymentError,
    },
    /// The position is not valid (cannot happen for checked deployments).
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The starting position of four deployments (r, g, b, y) and the first seat (L-58).
///
/// # Errors
/// [`OpeningError`] naming the seat whose deployment breaks L-17.
pub fn opening(
    deployments: [&Deployment; 4],
    first: Seat,
    rules: Rules,
) -> Result<Position, OpeningError> {
    let mut setup = Setup::empty();
    for seat in Seat::ALL {
        let d = deployments[seat.index()];
        d.check()
            .map_err(|error| OpeningError::Deployment { seat, error })?;
        place(seat, d, &mut setup);
    }
    setup.turn = first;
    if rules.pass_limit > 0 {
        setup.passes_used = Some([0; 4]);
    }
    Ok(Position::from_setup(setup, rules)?)
}

impl Default for Position {
    /// Each seat deployed as 陸戰棋's default deployment, Red to move, standard rules.
    fn default() -> Position {
        let d: Deployment = luzhanqi::deploy::DEFAULT_DEPLOYMENT
            .parse()
            .expect("the default deployment");
        opening([&d; 4], Seat::Red, Rules::STANDARD).expect("a legal opening")
    }
}
