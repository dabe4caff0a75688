//! Deployments (布陣, R-32 … R-35): the page's hook.
//!
//! [`position_from_deployments`] turns two deployment strings (R-33) into an opening position
//! here, with the library's own opening checks (R-26); [`random_deployment`] draws from the
//! library's deployment module (issue 12, `gjjq::deploy::DeploymentSampler`).

use gjjq::{Piece, Position, Ruleset, Setup, Side, Square};

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
    setup.turn = match first {
        "red" | "r" => Side::Red,
        "green" | "g" => Side::Green,
        other => {
            return Err(WebError::Deployment {
                side: Side::Red,
                row: 0,
                detail: format!("first mover '{other}' is neither red nor green"),
            });
        }
    };
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
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(u64::from(seed));
    Ok(gjjq::deploy::Deployment::random(&mut rng, &Ruleset::STANDARD).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const R27: &str = "9/3III3/9/1DA3AD1/FPMGKGMPF";

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
}
