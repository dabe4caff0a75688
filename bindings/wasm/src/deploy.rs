//! Deployments (布陣, R-32 … R-35): the page's hook.
//!
//! [`position_from_deployments`] turns two deployment strings (R-33) into an opening position
//! here, with the library's own opening checks (R-26); [`random_deployment`] draws from the
//! library's deployment module (issue 12, `gjjq::deploy::DeploymentSampler`).

use gjjq::deploy::{Deployment, DeploymentError};
use gjjq::{Piece, PieceKind, Position, Ruleset, Setup, Side, Square};
use serde::Serialize;

use crate::session::WebError;

/// The opening position of two deployments (R-33: each in its owner's frame, front rank A to
/// base line E, files 1 to 9) with `first` to move (R-34: `red` or `green`).
///
/// # Errors
/// [`WebError::Deployment`] for a string that is not five rows of nine files of upper-case
/// letters, [`WebError::InvalidPosition`] for an opening that breaks R-26.
///
/// ```
/// use gjjq_wasm::deploy::position_from_deployments;
/// let r27 = "9/3III3/9/1DA3AD1/FPMGKGMPF";
/// assert_eq!(
///     position_from_deployments(r27, r27, "red")?,
///     "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1",
/// );
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
pub fn position_from_deployments(red: &str, green: &str, first: &str) -> Result<String, WebError> {
    let mut setup = Setup::empty();
    setup.turn = first.parse::<Side>().map_err(|_| WebError::Deployment {
        side: Side::Red,
        row: 0,
        detail: format!("first mover '{first}' is neither red nor green"),
    })?;
    for (side, text) in [(Side::Red, red), (Side::Green, green)] {
        place(&mut setup, side, text)?;
    }
    let pos = Position::from_opening_setup(setup, Ruleset::STANDARD)?;
    Ok(pos.to_setup().to_string())
}

fn place(setup: &mut Setup, side: Side, text: &str) -> Result<(), WebError> {
    let err = |row: usize, detail: String| WebError::Deployment { side, row, detail };
    let rows: Vec<&str> = text.trim().split('/').collect();
    if rows.len() != 5 {
        return Err(err(0, format!("{} rows, not 5", rows.len())));
    }
    for (r, row) in rows.iter().enumerate() {
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10).filter(|&d| d > 0) {
                file += d as u8;
            } else {
                let piece = Piece::from_ascii(c)
                    .filter(|_| c.is_ascii_uppercase())
                    .ok_or_else(|| err(r + 1, format!("'{c}' is not a piece letter")))?;
                if file >= 9 {
                    return Err(err(r + 1, "more than 9 files".to_owned()));
                }
                // Own frame (R-3, R-33): rank A is the front line, file 1 the owner's left.
                let (x, y) = match side {
                    Side::Red => (file, 4 - r as u8),
                    Side::Green => (8 - file, 5 + r as u8),
                };
                let sq = Square::new(x, y).ok_or_else(|| err(r + 1, "off the board".to_owned()))?;
                setup.set(sq, Some(Piece::new(side, piece.kind)));
                file += 1;
            }
            if file > 9 {
                return Err(err(r + 1, "more than 9 files".to_owned()));
            }
        }
        if file != 9 {
            return Err(err(r + 1, format!("{file} files, not 9")));
        }
    }
    Ok(())
}

/// A random deployment string (R-33) under the standard ruleset, every legal deployment
/// equally likely (R-35), drawn from a `StdRng` seeded with `seed`.
///
/// # Errors
/// None today; the `Result` keeps the page's error path.
///
/// ```
/// use gjjq_wasm::deploy::random_deployment;
/// let d = random_deployment(7)?;
/// assert!(d.parse::<gjjq::deploy::Deployment>().is_ok());
/// assert_eq!(random_deployment(7)?, d);
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
pub fn random_deployment(seed: u32) -> Result<String, WebError> {
    Ok(secret_deployment(u64::from(seed)))
}

/// A random deployment string (R-33, every legal one equally likely, R-35) drawn from a
/// 64-bit `secret`: the engine's deployment in a hidden game (R-37), drawn in the page's
/// hidden-game worker from `crypto.getRandomValues`, never from a seed the person types (the
/// 32-bit seeds of [`random_deployment`] are the low corner of this space).
///
/// ```
/// use gjjq_wasm::deploy::{random_deployment, secret_deployment};
/// assert_eq!(secret_deployment(7), random_deployment(7)?);
/// assert_ne!(secret_deployment(7 | 1 << 40), secret_deployment(7));
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
#[must_use]
pub fn secret_deployment(secret: u64) -> String {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(secret);
    gjjq::deploy::Deployment::random(&mut rng, &Ruleset::STANDARD).to_string()
}

/// One piece of a deployment on the board: its board point (Green's are lower case) and its
/// kind's letter (R-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeployedPiece {
    /// The board point (R-3), `5E` for Red's king, `5e` for Green's.
    pub point: String,
    /// The kind's ASCII letter, upper case (R-7).
    pub letter: String,
}

/// The pieces of `side`'s deployment string `text` (R-33) on the board, checked by R-32.
///
/// # Errors
/// [`WebError::DeploymentString`] with the column or the rule broken.
///
/// ```
/// use gjjq::Side;
/// use gjjq_wasm::deploy::deployment_points;
/// let green = deployment_points(Side::Green, "9/3III3/9/1DA3AD1/FPMGKGMPF")?;
/// assert_eq!(green.len(), 16);
/// assert!(green.iter().any(|p| p.point == "5e" && p.letter == "K"));
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
pub fn deployment_points(side: Side, text: &str) -> Result<Vec<DeployedPiece>, WebError> {
    let d = Deployment::parse_with(text.trim(), &Ruleset::STANDARD).map_err(|error| {
        WebError::DeploymentString {
            side,
            error: Box::new(error),
        }
    })?;
    Ok(d.iter()
        .map(|(own, kind)| DeployedPiece {
            point: Deployment::board_point(side, own).to_string(),
            letter: kind.ascii().to_string(),
        })
        .collect())
}

/// The library's verdict on an arrangement of one side's pieces (R-32): the deployment
/// string when it is legal, else the rule broken, in a shape the page can word in either
/// language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeploymentCheck {
    /// The deployment string (R-33) when the arrangement is legal.
    pub deployment: Option<String>,
    /// The rule broken, when it is not.
    pub problem: Option<DeploymentProblem>,
}

/// A rule of R-32 broken, from [`DeploymentError`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeploymentProblem {
    /// `outside-palace`, `missile-off-land`, `missile-beyond-back-ranks`, `fleet-inland`,
    /// `wrong-count` or `two-on-one-point`.
    pub code: String,
    /// The kind concerned (`king`, …), when one is.
    pub kind: Option<String>,
    /// The board point concerned, when one is.
    pub at: Option<String>,
    /// For `wrong-count`: how many were deployed, and how many R-7 gives.
    pub count: Option<(u32, u32)>,
    /// The library's own message (English).
    pub message: String,
}

/// Check `side`'s pieces `points` (board point, kind letter; in the side's own country) as a
/// deployment by R-32 with the library's check ([`Deployment::from_points`]).
///
/// # Errors
/// [`WebError::Deployment`] for a point or letter that does not parse or a point outside the
/// side's country; the rules of R-32 come back in [`DeploymentCheck::problem`].
///
/// ```
/// use gjjq::Side;
/// use gjjq_wasm::deploy::{check_deployment, deployment_points};
/// let r27 = "9/3III3/9/1DA3AD1/FPMGKGMPF";
/// let mut pieces: Vec<(String, String)> = deployment_points(Side::Red, r27)?
///     .into_iter().map(|p| (p.point, p.letter)).collect();
/// assert_eq!(check_deployment(Side::Red, &pieces)?.deployment.as_deref(), Some(r27));
/// // The king swapped with the front infantry on 5B: outside its palace.
/// for p in &mut pieces {
///     if p.0 == "5E" { p.0 = "5B".into() } else if p.0 == "5B" { p.0 = "5E".into() }
/// }
/// let problem = check_deployment(Side::Red, &pieces)?.problem.unwrap();
/// assert_eq!((problem.code.as_str(), problem.at.as_deref()), ("outside-palace", Some("5B")));
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
pub fn check_deployment(
    side: Side,
    points: &[(String, String)],
) -> Result<DeploymentCheck, WebError> {
    let err = |detail: String| WebError::Deployment {
        side,
        row: 0,
        detail,
    };
    let mut pairs = Vec::with_capacity(points.len());
    for (point, letter) in points {
        let sq: Square = point
            .parse()
            .map_err(|e| err(format!("point '{point}': {e}")))?;
        if sq.country() != side {
            return Err(err(format!("{point} is not in {side}'s country")));
        }
        let kind = letter
            .chars()
            .next()
            .filter(|_| letter.chars().count() == 1)
            .and_then(|c| PieceKind::from_ascii(c.to_ascii_uppercase()))
            .ok_or_else(|| err(format!("'{letter}' is not a piece letter")))?;
        pairs.push((sq, kind));
    }
    Ok(match Deployment::from_points(pairs, &Ruleset::STANDARD) {
        Ok(d) => DeploymentCheck {
            deployment: Some(d.to_string()),
            problem: None,
        },
        Err(e) => DeploymentCheck {
            deployment: None,
            problem: Some(problem(side, e)),
        },
    })
}

/// The check of a typed deployment string (R-33) for `side`, as [`check_deployment`] checks
/// an arrangement: a broken rule of R-32 comes back as a [`DeploymentProblem`] the page words
/// in its own language (the library's `2 division deployed, R-7 gives exactly 3` is not a
/// sentence for a player; issue 50 item 23).
///
/// # Errors
/// [`WebError::DeploymentString`] for a text that is not a deployment string (its column).
///
/// ```
/// use gjjq::Side;
/// use gjjq_wasm::deploy::check_deployment_string;
/// // An infantry where the formation has an aircraft: a count of R-7 broken.
/// let check = check_deployment_string(Side::Red, "9/3III3/9/1DA3AD1/FPMGKGMIF")?;
/// let p = check.problem.unwrap();
/// assert_eq!(p.code, "wrong-count");
/// let (found, expected) = p.count.unwrap();
/// assert_ne!(found, expected);
/// assert!(check_deployment_string(Side::Red, "9/9").is_err());
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
pub fn check_deployment_string(side: Side, text: &str) -> Result<DeploymentCheck, WebError> {
    match Deployment::parse_with(text.trim(), &Ruleset::STANDARD) {
        Ok(d) => Ok(DeploymentCheck {
            deployment: Some(d.to_string()),
            problem: None,
        }),
        Err(gjjq::deploy::DeploymentParseError::Invalid(e)) => Ok(DeploymentCheck {
            deployment: None,
            problem: Some(problem(side, e)),
        }),
        Err(error) => Err(WebError::DeploymentString {
            side,
            error: Box::new(error),
        }),
    }
}

fn problem(side: Side, e: DeploymentError) -> DeploymentProblem {
    let board = |at: Square| Some(Deployment::board_point(side, at).to_string());
    let (code, kind, at) = match e {
        DeploymentError::OutsidePalace { kind, at } => ("outside-palace", Some(kind), board(at)),
        DeploymentError::MissileOffLand { at } => {
            ("missile-off-land", Some(PieceKind::Missile), board(at))
        }
        DeploymentError::MissileBeyondBackRanks { at } => (
            "missile-beyond-back-ranks",
            Some(PieceKind::Missile),
            board(at),
        ),
        DeploymentError::FleetInland { at } => ("fleet-inland", Some(PieceKind::Fleet), board(at)),
        DeploymentError::WrongCount { kind, .. } => ("wrong-count", Some(kind), None),
        DeploymentError::TwoOnOnePoint { at } => ("two-on-one-point", None, board(at)),
        _ => ("other", None, None),
    };
    let count = match e {
        DeploymentError::WrongCount {
            found, expected, ..
        } => Some((found, expected)),
        _ => None,
    };
    DeploymentProblem {
        code: code.to_owned(),
        kind: kind.map(|k| k.name().to_owned()),
        at,
        count,
        message: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R27: &str = "9/3III3/9/1DA3AD1/FPMGKGMPF";

    #[test]
    fn the_first_mover_is_read_as_a_side() {
        for (first, turn) in [("red", " r "), ("r", " r "), ("green", " g "), ("g", " g ")] {
            let pos = position_from_deployments(R27, R27, first).unwrap();
            assert!(pos.contains(turn), "{first}: {pos}");
        }
        for bad in ["blue", "Red", ""] {
            let err = position_from_deployments(R27, R27, bad).unwrap_err();
            assert!(
                err.to_string()
                    .contains(&format!("first mover '{bad}' is neither red nor green")),
                "{err}"
            );
        }
    }

    #[test]
    fn mirrored_formations_and_first_mover_r33_r34() {
        // Green's file 1 is x = 8 and its rank A is y = 5 (R-3): a fleet moved from 9e to 1a.
        let green = "F8/3III3/9/1DA3AD1/FPMGKGMP1";
        let p = position_from_deployments(R27, green, "green").unwrap();
        assert_eq!(
            p,
            "1pmgkgmpf/1da3ad1/9/3iii3/8f/9/3III3/9/1DA3AD1/FPMGKGMPF g - 0 1"
        );
        let red = "F8/3III3/9/1DA3AD1/1PMGKGMPF";
        let p = position_from_deployments(red, R27, "r").unwrap();
        assert_eq!(
            p,
            "fpmgkgmpf/1da3ad1/9/3iii3/9/F8/3III3/9/1DA3AD1/1PMGKGMPF r - 0 1"
        );
        assert_eq!(
            position_from_deployments(R27, R27, "red").unwrap(),
            crate::session::default_position()
        );
    }

    #[test]
    fn bad_deployments_say_which_row() {
        let e = position_from_deployments("9/3III3/9/1DA3AD1", R27, "red").unwrap_err();
        assert!(e.to_string().contains("4 rows"), "{e}");
        let e = position_from_deployments(R27, "9/3III3/9/1DA3AD1/FPMGKGMPX", "red").unwrap_err();
        assert!(e.to_string().contains("green's deployment, row 5"), "{e}");
        let e = position_from_deployments(R27, "9/3III3/9/1DA3AD/FPMGKGMPF", "red").unwrap_err();
        assert!(e.to_string().contains("row 4: 8 files"), "{e}");
        // A king outside its palace breaks R-26.
        let e = position_from_deployments("9/3III3/9/KDA3AD1/FPMG1GMPF", R27, "red").unwrap_err();
        assert!(matches!(e, WebError::InvalidPosition(_)), "{e}");
        // A drawn deployment makes a valid opening for either side.
        let d = random_deployment(1).unwrap();
        assert!(position_from_deployments(&d, &d, "green").is_ok());
    }

    fn pairs(side: Side, text: &str) -> Vec<(String, String)> {
        deployment_points(side, text)
            .unwrap()
            .into_iter()
            .map(|p| (p.point, p.letter))
            .collect()
    }

    fn swap(pieces: &mut [(String, String)], a: &str, b: &str) {
        for p in pieces.iter_mut() {
            if p.0 == a {
                p.0 = b.to_owned();
            } else if p.0 == b {
                p.0 = a.to_owned();
            }
        }
    }

    #[test]
    fn every_rule_of_r32_comes_back_with_its_point_r32() {
        // Green's points carry its own labels (R-3, R-33): its king on 5e.
        for (side, king, front, fleet, coast_inland, missile, sea) in [
            (Side::Red, "5E", "5B", "1E", "4C", "3E", "1A"),
            (Side::Green, "5e", "5b", "1e", "4c", "3e", "1a"),
        ] {
            let base = pairs(side, R27);
            assert_eq!(
                check_deployment(side, &base).unwrap().deployment.as_deref(),
                Some(R27)
            );
            let cases = [
                (king, front, "outside-palace", Some("king"), front),
                (
                    fleet,
                    coast_inland,
                    "fleet-inland",
                    Some("fleet"),
                    coast_inland,
                ),
                (missile, sea, "missile-off-land", Some("missile"), sea),
            ];
            for (a, b, code, kind, at) in cases {
                let mut p = base.clone();
                swap(&mut p, a, b);
                let c = check_deployment(side, &p).unwrap();
                assert!(c.deployment.is_none(), "{side} {a}<->{b}");
                let problem = c.problem.unwrap();
                assert_eq!(
                    (
                        problem.code.as_str(),
                        problem.kind.as_deref(),
                        problem.at.as_deref()
                    ),
                    (code, kind, Some(at)),
                    "{side} {a}<->{b}: {}",
                    problem.message
                );
                assert!(problem.message.contains("R-32"), "{}", problem.message);
            }
            // A piece too many or too few: R-7's count.
            let mut p = base.clone();
            p.pop();
            let problem = check_deployment(side, &p).unwrap().problem.unwrap();
            assert_eq!(problem.code, "wrong-count");
            // Two pieces on one point.
            let mut p = base.clone();
            p[1].0 = p[0].0.clone();
            let problem = check_deployment(side, &p).unwrap().problem.unwrap();
            assert_eq!(problem.code, "two-on-one-point");
        }
        // Points outside the side's country, bad letters: typed errors, not verdicts.
        let mut p = pairs(Side::Red, R27);
        p[0].0 = "5e".into();
        assert!(check_deployment(Side::Red, &p).is_err());
        let mut p = pairs(Side::Red, R27);
        p[0].1 = "X".into();
        assert!(check_deployment(Side::Red, &p).is_err());
        assert!(deployment_points(Side::Red, "9/9").is_err());
    }
}
