//! Where games start: the opening of each game pair with its random plies, and openings files.

use std::io::{BufRead, BufReader, Read};

use gjjq_core::deploy::{Deployment, DeploymentParseError, Opening, OpeningError};
use gjjq_core::position::PositionError;
use gjjq_core::setup::SetupParseError;
use gjjq_core::{Move, Position, Ruleset, Setup, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use thiserror::Error;

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

/// An openings file that cannot be used: why, and on which line (from 1).
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::openings::{OpeningLineError, OpeningsError, parse_openings};
/// use gjjq_core::Ruleset;
/// let e = parse_openings("# nothing\n", Ruleset::STANDARD).unwrap_err();
/// assert!(matches!(e, OpeningsError::Empty));
/// let e = parse_openings("\n9/9/9/9/9 9/9/9/9/9 blue\n", Ruleset::STANDARD).unwrap_err();
/// assert!(matches!(e, OpeningsError::Line { line: 2, .. }));
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum OpeningsError {
    /// No line holds an opening.
    #[error("the openings file holds no opening")]
    Empty,
    /// The file is longer than [`MAX_OPENINGS_BYTES`].
    #[error("the openings file is larger than {MAX_OPENINGS_BYTES} bytes")]
    TooLarge,
    /// Reading the line failed.
    #[error("openings line {line}: {source}")]
    Read {
        /// The line being read.
        line: usize,
        /// The reader's error.
        #[source]
        source: std::io::Error,
    },
    /// A line longer than [`MAX_OPENING_LINE`] bytes.
    #[error("openings line {line}: longer than {MAX_OPENING_LINE} bytes")]
    LineTooLong {
        /// The line.
        line: usize,
    },
    /// A line that is not UTF-8.
    #[error("openings line {line}: not UTF-8 ({source})")]
    NotUtf8 {
        /// The line.
        line: usize,
        /// Where the bytes stop being UTF-8.
        #[source]
        source: std::str::Utf8Error,
    },
    /// A line that is not an opening; the message shows the line's invisible characters
    /// escaped.
    #[error("openings line {line}: {}", escape_invisible(&reason.to_string()))]
    Line {
        /// The line.
        line: usize,
        /// Why it is not an opening.
        #[source]
        reason: OpeningLineError,
    },
}

/// Why a line of an openings file is not an opening.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum OpeningLineError {
    /// One of the two deployment strings does not parse (R-33).
    #[error("{}'s deployment: {error}", if *side == Side::Red { "Red" } else { "Green" })]
    Deployment {
        /// Whose deployment.
        side: Side,
        /// Why it does not parse.
        error: DeploymentParseError,
    },
    /// The word after the two deployments is not a side.
    #[error("first mover '{given}': expected red or green")]
    FirstMover {
        /// The word given.
        given: String,
    },
    /// The two deployments do not make an opening (R-32 … R-34).
    #[error("{0}")]
    Opening(Box<OpeningError>),
    /// The position string does not parse (R-31).
    #[error("{0}")]
    Setup(Box<SetupParseError>),
    /// The position string is not a valid position (R-26).
    #[error("{0}")]
    Position(Box<PositionError>),
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
/// assert!(parse_openings("x\n", Ruleset::STANDARD).unwrap_err().to_string().contains("line 1"));
/// assert!(parse_openings("9/9/9/9/9 9/9/9/9/9\n", Ruleset::STANDARD).unwrap_err().to_string().contains("Red's deployment"));
/// ```
pub fn parse_openings(text: &str, rules: Ruleset) -> Result<Vec<Position>, OpeningsError> {
    // A leading byte-order mark (as some editors write) is no part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(pos) = parse_line(line, i + 1, rules)? {
            out.push(pos);
        }
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(out)
}

/// The longest openings file [`read_openings`] reads, in bytes (about 200,000 openings).
pub const MAX_OPENINGS_BYTES: u64 = 16 << 20;

/// The longest line of an openings file [`read_openings`] reads, in bytes, its line end
/// excluded (a position string is under 100).
pub const MAX_OPENING_LINE: usize = 4096;

/// [`parse_openings`] for an openings file read from `reader`, with its limits applied while
/// it is read: at most [`MAX_OPENINGS_BYTES`] in all and [`MAX_OPENING_LINE`] a line, so that
/// an endless or binary input (`/dev/zero`) is refused without taking memory beyond them. A
/// leading byte-order mark is skipped.
///
/// # Errors
///
/// A message naming the line that is too long, not UTF-8, or not an opening; a file over
/// the limit; a read error.
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::openings::{MAX_OPENING_LINE, read_openings};
/// use gjjq_core::Ruleset;
/// let text = "\u{feff}4k4/9/9/9/9/9/9/9/4I4/4K4 g -\n";
/// assert_eq!(read_openings(text.as_bytes(), Ruleset::STANDARD).unwrap().len(), 1);
/// let long = "#".repeat(MAX_OPENING_LINE + 1);
/// let e = read_openings(long.as_bytes(), Ruleset::STANDARD).unwrap_err();
/// let e = e.to_string();
/// assert!(e.contains("line 1") && e.contains("longer than 4096 bytes"), "{e}");
/// ```
pub fn read_openings(reader: impl Read, rules: Ruleset) -> Result<Vec<Position>, OpeningsError> {
    let mut input = BufReader::new(reader.take(MAX_OPENINGS_BYTES + 1));
    let mut out = Vec::new();
    let mut buf = Vec::new();
    let mut total: u64 = 0;
    for number in 1usize.. {
        buf.clear();
        // The line limit is applied while the line is read: at most one byte beyond it is
        // kept.
        let n = (&mut input)
            .take(MAX_OPENING_LINE as u64 + 2)
            .read_until(b'\n', &mut buf)
            .map_err(|source| OpeningsError::Read {
                line: number,
                source,
            })?;
        if n == 0 {
            break;
        }
        total += n as u64;
        if total > MAX_OPENINGS_BYTES {
            return Err(OpeningsError::TooLarge);
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        if buf.len() > MAX_OPENING_LINE {
            return Err(OpeningsError::LineTooLong { line: number });
        }
        let mut line = std::str::from_utf8(&buf).map_err(|source| OpeningsError::NotUtf8 {
            line: number,
            source,
        })?;
        if number == 1 {
            line = line.strip_prefix('\u{feff}').unwrap_or(line);
        }
        if let Some(pos) = parse_line(line, number, rules)? {
            out.push(pos);
        }
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(out)
}

/// The opening of line `number` of an openings file; `None` for a blank line or a comment.
/// The message of a line that is not an opening shows its invisible characters escaped.
fn parse_line(
    line: &str,
    number: usize,
    rules: Ruleset,
) -> Result<Option<Position>, OpeningsError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let at = |reason: OpeningLineError| OpeningsError::Line {
        line: number,
        reason,
    };
    let deployment = |side: Side, text: &str| {
        Deployment::parse_with(text, &rules)
            .map_err(|error| at(OpeningLineError::Deployment { side, error }))
    };
    let pos = match deployment_pair(line) {
        Some((red, green, first)) => {
            let red = deployment(Side::Red, red)?;
            let green = deployment(Side::Green, green)?;
            let first = match first {
                None | Some("red") => Side::Red,
                Some("green") => Side::Green,
                Some(other) => {
                    return Err(at(OpeningLineError::FirstMover {
                        given: other.to_owned(),
                    }));
                }
            };
            Opening::new(red, green, first)
                .position(rules)
                .map_err(|e| at(OpeningLineError::Opening(Box::new(e))))?
        }
        None => {
            let setup: Setup = line
                .parse()
                .map_err(|e| at(OpeningLineError::Setup(Box::new(e))))?;
            Position::from_setup_with(setup, rules)
                .map_err(|e| at(OpeningLineError::Position(Box::new(e))))?
        }
    };
    Ok(Some(pos))
}

/// `text` with every control character and every invisible format character (a byte-order
/// mark, a zero-width space, a direction mark …) written as `\u{…}`, so that a message
/// quoting input shows what it refuses.
fn escape_invisible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_invisible(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `c` prints as nothing or moves the cursor: the control characters and Unicode's
/// default-ignorable format characters.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{34f}'
                | '\u{61c}'
                | '\u{115f}'..='\u{1160}'
                | '\u{17b4}'..='\u{17b5}'
                | '\u{180b}'..='\u{180f}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fffb}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e0fff}'
        )
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

#[cfg(test)]
mod tests {
    use super::*;

    fn line_error(text: &str) -> (usize, OpeningLineError) {
        match parse_openings(text, Ruleset::STANDARD) {
            Err(OpeningsError::Line { line, reason }) => (line, reason),
            other => panic!("{text:?}: {other:?}"),
        }
    }

    #[test]
    fn each_bad_line_is_its_own_typed_error_with_its_line() {
        let pair = "9/3III3/9/1DA3AD1/FPMGKGMPF 9/3III3/9/1DA3AD1/FPMGKGMPF";
        let (line, reason) = line_error(&format!("# c\n{pair} blue\n"));
        assert_eq!(line, 2);
        assert!(matches!(&reason, OpeningLineError::FirstMover { given } if given == "blue"));
        let (_, reason) = line_error("9/3III3/9/1DA3AD1/FPMGKGMPF 9/9/9/9/9\n");
        assert!(
            matches!(
                reason,
                OpeningLineError::Deployment {
                    side: Side::Green,
                    ..
                }
            ),
            "{reason}"
        );
        assert!(reason.to_string().starts_with("Green's deployment: "));
        assert!(matches!(line_error("x\n").1, OpeningLineError::Setup(_)));
        let (_, reason) = line_error("4k4/9/9/9/9/9/9/9/9/9 r -\n");
        assert!(matches!(reason, OpeningLineError::Position(_)), "{reason}");
        let e = parse_openings(
            "4k4/9/9/9/9/9/9/9/4I4/4K4\u{200b} r - 0 1\n",
            Ruleset::STANDARD,
        )
        .unwrap_err();
        assert!(e.to_string().contains("\\u{200b}"), "{e}");
        assert!(matches!(
            read_openings(&[0xff, b'\n'][..], Ruleset::STANDARD),
            Err(OpeningsError::NotUtf8 { line: 1, .. })
        ));
        assert!(matches!(
            read_openings(&b"\n# only a comment\n"[..], Ruleset::STANDARD),
            Err(OpeningsError::Empty)
        ));
    }
}
