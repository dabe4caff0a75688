//! A ruleset as JSON: the one parser behind the `Rules` tag of game files and the CLI's
//! `--rules FILE`.

use gjjq_core::Ruleset;
use thiserror::Error;

use crate::text::clip_to;

/// A JSON ruleset that does not parse or breaks the rules' bounds, with its place in the text.
///
/// # Examples
///
/// ```
/// use gjjq_notation::ruleset_from_json;
/// let err = ruleset_from_json("[]").unwrap_err();
/// assert_eq!((err.line, err.column), (1, 1));
/// assert!(err.to_string().contains("JSON object"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{line}:{column}: {message}")]
pub struct RulesJsonError {
    /// The line in the JSON text, from 1.
    pub line: usize,
    /// The column in that line, from 1, in characters.
    pub column: usize,
    /// What is wrong, naming the field (echoed input cut to a bounded length).
    pub message: String,
}

/// The longest error message echoed from the JSON parser.
const MESSAGE_LIMIT: usize = 240;

/// Parse a ruleset given as a JSON object: fields as in [`Ruleset`] (missing ones standard,
/// unknown ones an error naming them), then [`Ruleset::validate`]. A leading byte-order mark
/// is skipped. Arrays and other JSON values are refused, though serde would read an array
/// field by field.
///
/// # Errors
///
/// [`RulesJsonError`] with the line and column of the fault in `text`.
///
/// # Examples
///
/// ```
/// use gjjq_notation::ruleset_from_json;
/// use gjjq_core::ReturnRule;
/// let r = ruleset_from_json("\u{feff}{\"return_rule\": \"immediate\"}")?;
/// assert_eq!(r.return_rule, ReturnRule::Immediate);
/// let err = ruleset_from_json("{\n  \"return_rul\": 1\n}").unwrap_err();
/// assert_eq!(err.line, 2);
/// assert!(err.message.contains("return_rul"));
/// # Ok::<(), gjjq_notation::RulesJsonError>(())
/// ```
pub fn ruleset_from_json(text: &str) -> Result<Ruleset, RulesJsonError> {
    let bom = text.starts_with('\u{feff}');
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let place = |line: usize, byte_col: usize| {
        // serde_json counts columns in bytes; report characters, the BOM included.
        let line_text = body.lines().nth(line.saturating_sub(1)).unwrap_or("");
        let end = byte_col.saturating_sub(1).min(line_text.len());
        let chars = line_text
            .char_indices()
            .take_while(|&(i, _)| i < end)
            .count();
        (line.max(1), chars + 1 + usize::from(bom && line <= 1))
    };
    let first = body.char_indices().find(|(_, c)| !c.is_whitespace());
    if !matches!(first, Some((_, '{'))) {
        let (line, column) = match first {
            Some((i, _)) => {
                let line = body[..i].matches('\n').count() + 1;
                let line_start = body[..i].rfind('\n').map_or(0, |k| k + 1);
                place(line, i - line_start + 1)
            }
            None => place(1, 1),
        };
        return Err(RulesJsonError {
            line,
            column,
            message: "a ruleset is a JSON object ({\"field\": value, ...})".into(),
        });
    }
    let rules: Ruleset = serde_json::from_str(body).map_err(|e| {
        let (line, column) = place(e.line(), e.column());
        let full = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = full.strip_suffix(&suffix).unwrap_or(&full);
        RulesJsonError {
            line,
            column,
            message: clip_to(message, MESSAGE_LIMIT),
        }
    })?;
    rules.validate().map_err(|message| {
        let (line, column) = first.map_or((1, 1), |(i, _)| {
            let line = body[..i].matches('\n').count() + 1;
            let line_start = body[..i].rfind('\n').map_or(0, |k| k + 1);
            place(line, i - line_start + 1)
        });
        RulesJsonError {
            line,
            column,
            message,
        }
    })?;
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_objects_are_refused_where_they_start() {
        for (text, line, column) in [("[]", 1, 1), ("  \n  [1]", 2, 3), ("", 1, 1), ("7", 1, 1)] {
            let err = ruleset_from_json(text).unwrap_err();
            assert_eq!((err.line, err.column), (line, column), "{text:?}");
        }
        let err = ruleset_from_json("\u{feff}[]").unwrap_err();
        assert_eq!((err.line, err.column), (1, 2));
    }

    #[test]
    fn long_unknown_fields_are_cut() {
        let text = format!("{{\"{}\": 1}}", "x".repeat(100_000));
        let err = ruleset_from_json(&text).unwrap_err();
        assert!(err.message.len() < 400, "{}", err.message.len());
        assert!(err.message.contains("unknown field"), "{}", err.message);
    }

    #[test]
    fn bounds_are_checked() {
        let err = ruleset_from_json("{\"no_capture_limit\": 0}").unwrap_err();
        assert!(err.message.contains("no_capture_limit"));
    }
}
