//! Perft files: plain-text suites of positions with their perft node counts, the form in which
//! move generators are compared (ours: `tests/data/positions.perft` and
//! `tests/data/bench.perft`; the format is also described in `docs/notation.md`).
//!
//! A file is a sequence of blocks, one per position. Blank lines and lines starting with `#`
//! are ignored; every other line is a key, one space, and a value:
//!
//! | key | value | |
//! |---|---|---|
//! | `id` | the entry's name; starts a new block | required, first |
//! | `position` | a position string (R-31) | required, once |
//! | `rules` | a ruleset as a JSON object, e.g. `{"return_rule":"immediate"}` | optional; standard when absent |
//! | `perft` | `<depth> <nodes>`: the perft node count at that depth | any number, in file order |
//!
//! ```text
//! # comment
//! id default-opening
//! position fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1
//! rules {"return_rule":"immediate"}
//! perft 1 51
//! perft 2 2569
//! ```
//!
//! The position must be valid under its ruleset (R-26); errors name the line.

use std::str::FromStr;

use gjjq_core::{Position, Ruleset, Setup};
use thiserror::Error;

/// One position of a perft file with its expected counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftEntry {
    /// The entry's name.
    pub id: String,
    /// The position, under the entry's ruleset.
    pub position: Position,
    /// `(depth, nodes)` pairs, in file order.
    pub counts: Vec<(u32, u64)>,
}

/// A perft file that does not parse: what and on which line (1-based).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("perft file line {line}: {problem}")]
pub struct PerftFileError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// Parse a perft file: blocks of `id`, `position`, optional `rules` and `perft <depth> <nodes>`
/// lines; blank lines and `#` comments are ignored.
///
/// # Errors
/// [`PerftFileError`] for an unknown key, a line before the first `id`, a position string or
/// ruleset that does not parse or validate, a malformed count, or an entry without a position.
///
/// # Examples
///
/// ```
/// use gjjq_test_support::parse_perft_file;
/// let text = "id opening\nposition fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r -\nperft 1 51\n";
/// let suite = parse_perft_file(text)?;
/// assert_eq!(suite[0].counts, vec![(1, 51)]);
/// assert_eq!(gjjq_core::perft::perft(&suite[0].position, 1), 51);
/// assert!(parse_perft_file("perft 1 51").is_err());
/// # Ok::<(), gjjq_test_support::PerftFileError>(())
/// ```
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftEntry>, PerftFileError> {
    struct Partial {
        id: String,
        setup: Option<Setup>,
        rules: Ruleset,
        counts: Vec<(u32, u64)>,
        line: usize,
    }
    let finish = |p: Partial| -> Result<PerftEntry, PerftFileError> {
        let err = |problem: String| PerftFileError {
            line: p.line,
            problem,
        };
        let setup = p
            .setup
            .ok_or_else(|| err(format!("entry '{}' has no position", p.id)))?;
        let position = Position::from_setup_with(setup, p.rules)
            .map_err(|e| err(format!("entry '{}': {e}", p.id)))?;
        Ok(PerftEntry {
            id: p.id,
            position,
            counts: p.counts,
        })
    };
    let mut out = Vec::new();
    let mut current: Option<Partial> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |problem: String| PerftFileError { line, problem };
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (key, value) = trimmed
            .split_once(' ')
            .map_or((trimmed, ""), |(k, v)| (k, v.trim()));
        if key == "id" {
            if let Some(p) = current.take() {
                out.push(finish(p)?);
            }
            current = Some(Partial {
                id: value.to_owned(),
                setup: None,
                rules: Ruleset::STANDARD,
                counts: Vec::new(),
                line,
            });
            continue;
        }
        let Some(entry) = current.as_mut() else {
            return Err(err(format!("'{}' before the first 'id' line", clip(key))));
        };
        match key {
            "position" => {
                entry.setup =
                    Some(Setup::from_str(value).map_err(|e| err(format!("position: {e}")))?)
            }
            "rules" => {
                entry.rules = Ruleset::from_json(value).map_err(|e| err(format!("rules: {e}")))?;
            }
            "perft" => {
                let mut parts = value.split_ascii_whitespace();
                let (Some(d), Some(n), None) = (parts.next(), parts.next(), parts.next()) else {
                    return Err(err(format!(
                        "expected 'perft <depth> <nodes>', found 'perft {}'",
                        clip(value)
                    )));
                };
                let depth = d.parse().map_err(|_| err(number_error("depth", d)))?;
                let nodes = n.parse().map_err(|_| err(number_error("node count", n)))?;
                entry.counts.push((depth, nodes));
            }
            other => {
                return Err(err(format!(
                    "unknown key '{}' (id, position, rules, perft)",
                    clip(other)
                )));
            }
        }
    }
    if let Some(p) = current.take() {
        out.push(finish(p)?);
    }
    Ok(out)
}

/// Why `s` is not a count: too large when it is all digits, else not a whole number.
fn number_error(what: &str, s: &str) -> String {
    let shown = clip(s);
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        format!("{what} '{shown}' is too large")
    } else {
        format!("{what} '{shown}' is not a whole number")
    }
}

/// `s` cut to 40 characters for an error message, with its full length when cut.
fn clip(s: &str) -> String {
    gjjq_core::setup::clip(s, 40)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("perft 1 2", 1, "before the first"),
            ("id a\nposition 9/9 r -", 2, "position"),
            (
                "id a\nposition 4k4/9/9/9/9/9/9/9/9/4K4 r -\nperft x 2",
                3,
                "depth",
            ),
            (
                "id a\nposition 4k4/9/9/9/9/9/9/9/9/4K4 r -\nperft 1",
                3,
                "expected",
            ),
            ("id a\nrules {\"x\":1}", 2, "rules"),
            ("id a\nfoo bar", 2, "unknown key"),
            ("id a\nperft 1 1\n", 1, "no position"),
            ("id a\nposition 9/9/9/9/9/9/9/9/9/4K4 r -\n", 1, "no king"),
        ];
        for (text, line, word) in cases {
            let e = parse_perft_file(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.to_string().contains(word), "{text:?}: {e}");
        }
    }
}
