//! Where games start: the opening of each game pair with its random plies, and openings files.

use gjjq_core::deploy::{Deployment, Opening};
use gjjq_core::{Move, Position, Ruleset, Setup, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::config::MatchConfig;

/// The start of game pair `pair` (games `2·pair + 1` and `2·pair + 2`): the index of its opening
/// and the position after the random plies, as the match plays it; for replaying one game.
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::{EngineSpec, MatchConfig, TimeControl, opening_for};
/// let mut c = MatchConfig::new([EngineSpec::new("a"), EngineSpec::new("b")], 4, TimeControl::MoveTime(10));
/// assert_eq!(opening_for(&c, 1), (0, gjjq_core::Position::default()));
/// c.random_plies = 4;
/// let (_, p) = opening_for(&c, 1);
/// assert_eq!(p.move_number(), 3);
/// assert_eq!(opening_for(&c, 1).1, p);
/// ```
#[must_use]
pub fn opening_for(config: &MatchConfig, pair: u32) -> (usize, Position) {
    let (index, line) = random_line(config, pair);
    let mut pos = config.openings[index].clone();
    for m in line {
        pos.play_unchecked(m);
    }
    (index, pos)
}

/// The opening of game pair `pair` and its random plies, drawn from the match seed.
pub(crate) fn random_line(config: &MatchConfig, pair: u32) -> (usize, Vec<Move>) {
    let index = pair as usize % config.openings.len();
    let mut line = Vec::new();
    if config.random_plies > 0 {
        let mut rng = StdRng::seed_from_u64(config.seed ^ (u64::from(pair) << 32));
        // Resample until the random plies leave a game still going.
        'attempt: for _ in 0..100 {
            let mut p = config.openings[index].clone();
            let mut moves = Vec::new();
            for _ in 0..config.random_plies {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    continue 'attempt;
                }
                let m = legal[rng.random_range(0..legal.len())];
                moves.push(m);
                p.play_unchecked(m);
            }
            if !p.legal_moves().is_empty() {
                line = moves;
                break;
            }
        }
    }
    (index, line)
}

/// The opening positions of an openings file, one a line; blank lines and lines starting
/// with `#` are skipped. A line is either a position string (R-31), or a deployment pair:
/// Red's and Green's deployment strings (R-33, each in its owner's frame) and optionally the
/// first mover, `red` (the default) or `green` (R-34) — a free-deployment or hidden opening.
///
/// # Errors
///
/// A message naming the line of the first entry that does not parse or is not a valid
/// position.
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::parse_openings;
/// use gjjq_core::Ruleset;
/// let text = "# two positions and a deployment pair\n\
///     fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1\n\n\
///     4k4/9/9/9/9/9/9/9/4I4/4K4 g -\n\
///     9/3III3/9/1DA3AD1/FPMGKGMPF 9/9/I2I2I2/D1AGKGA1D/FP1M1M1PF green\n";
/// let openings = parse_openings(text, Ruleset::STANDARD).unwrap();
/// assert_eq!(openings.len(), 3);
/// assert_eq!(openings[2].to_string(),
///     "fp1m1m1pf/d1agkga1d/2i2i2i/9/9/9/3III3/9/1DA3AD1/FPMGKGMPF g - 0 1");
/// assert!(parse_openings("x\n", Ruleset::STANDARD).unwrap_err().contains("line 1"));
/// assert!(parse_openings("9/9/9/9/9 9/9/9/9/9\n", Ruleset::STANDARD).unwrap_err().contains("Red's deployment"));
/// ```
pub fn parse_openings(text: &str, rules: Ruleset) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("openings line {}: {e}", i + 1);
        let pos = match deployment_pair(line) {
            Some((red, green, first)) => {
                let red = Deployment::parse_with(red, &rules)
                    .map_err(|e| at(format!("Red's deployment: {e}")))?;
                let green = Deployment::parse_with(green, &rules)
                    .map_err(|e| at(format!("Green's deployment: {e}")))?;
                let first = match first {
                    None | Some("red") => Side::Red,
                    Some("green") => Side::Green,
                    Some(other) => {
                        return Err(at(format!("first mover '{other}': expected red or green")));
                    }
                };
                Opening::new(red, green, first)
                    .position(rules)
                    .map_err(|e| at(e.to_string()))?
            }
            None => {
                let setup: Setup = line.parse().map_err(|e| at(format!("{e}")))?;
                Position::from_setup_with(setup, rules).map_err(|e| at(e.to_string()))?
            }
        };
        out.push(pos);
    }
    if out.is_empty() {
        return Err("the openings file holds no opening".to_string());
    }
    Ok(out)
}

/// A line of two deployment strings (five rows each) and an optional first mover, split; a
/// position string has ten rows and is left alone.
fn deployment_pair(line: &str) -> Option<(&str, &str, Option<&str>)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let rows = |w: &str| w.split('/').count();
    match words.as_slice() {
        [red, green] if rows(red) == 5 && rows(green) == 5 => Some((red, green, None)),
        [red, green, first] if rows(red) == 5 && rows(green) == 5 => {
            Some((red, green, Some(first)))
        }
        _ => None,
    }
}
