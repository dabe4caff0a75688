//! Where games start: the opening of each game pair with its random plies, and openings files.

use gjjq_core::{Move, Position, Ruleset, Setup};
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

/// The opening positions of a file of position strings (R-31), one a line; blank lines and
/// lines starting with `#` are skipped.
///
/// # Errors
///
/// A message naming the line of the first string that does not parse or is not a valid
/// position.
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::parse_openings;
/// let text = "# two openings\nfpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1\n\n4k4/9/9/9/9/9/9/9/4I4/4K4 g -\n";
/// assert_eq!(parse_openings(text, gjjq_core::Ruleset::STANDARD).unwrap().len(), 2);
/// assert!(parse_openings("x\n", gjjq_core::Ruleset::STANDARD).unwrap_err().contains("line 1"));
/// ```
pub fn parse_openings(text: &str, rules: Ruleset) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let setup: Setup = line
            .parse()
            .map_err(|e| format!("openings line {}: {e}", i + 1))?;
        let pos = Position::from_setup_with(setup, rules)
            .map_err(|e| format!("openings line {}: {e}", i + 1))?;
        out.push(pos);
    }
    if out.is_empty() {
        return Err("the openings file holds no position string".to_string());
    }
    Ok(out)
}
