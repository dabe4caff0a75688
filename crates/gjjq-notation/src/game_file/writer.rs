//! Writing game records in one script or in the ASCII form.

use std::fmt;
use std::io::{self, Write};

use gjjq_core::{Script, Setup, Side};
use thiserror::Error;

use super::{GameRecord, MoveText, RecordedMove};

/// How [`write_game`] writes moves.
///
/// # Examples
///
/// ```
/// use gjjq_notation::MoveForm;
/// use gjjq_core::Script;
/// assert_eq!(MoveForm::default(), MoveForm::Script(Script::Simplified));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveForm {
    /// Six-character records in this script (R-28, R-30).
    Script(Script),
    /// The ASCII machine form (R-30).
    Ascii,
}

impl Default for MoveForm {
    fn default() -> MoveForm {
        MoveForm::Script(Script::Simplified)
    }
}

impl MoveForm {
    /// The forms by name, as every front end spells them (CLI `--to`, Python `form=`, the
    /// web board's export).
    pub const NAMES: [&'static str; 3] = ["simplified", "traditional", "ascii"];

    /// The form's name: `simplified`, `traditional` or `ascii`.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::MoveForm;
    /// assert_eq!(MoveForm::Ascii.name(), "ascii");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MoveForm::Script(Script::Simplified) => "simplified",
            MoveForm::Script(Script::Traditional) => "traditional",
            MoveForm::Ascii => "ascii",
        }
    }
}

/// `simplified`, `traditional` or `ascii`: the one parser of a move form's name.
///
/// # Examples
///
/// ```
/// use gjjq_notation::MoveForm;
/// use gjjq_core::Script;
/// assert_eq!("traditional".parse(), Ok(MoveForm::Script(Script::Traditional)));
/// assert_eq!("ascii".parse(), Ok(MoveForm::Ascii));
/// let e = "klingon".parse::<MoveForm>().unwrap_err();
/// assert_eq!(e.to_string(), "'klingon' is not a move form (simplified, traditional, ascii)");
/// ```
impl std::str::FromStr for MoveForm {
    type Err = gjjq_core::NameParseError;

    fn from_str(s: &str) -> Result<MoveForm, gjjq_core::NameParseError> {
        match s {
            "simplified" => Ok(MoveForm::Script(Script::Simplified)),
            "traditional" => Ok(MoveForm::Script(Script::Traditional)),
            "ascii" => Ok(MoveForm::Ascii),
            _ => Err(gjjq_core::NameParseError {
                expected: "a move form (simplified, traditional, ascii)",
                text: s.chars().take(40).collect(),
            }),
        }
    }
}

impl fmt::Display for MoveForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game that cannot be written.
#[derive(Debug, Error)]
pub enum WriteError {
    /// The output failed.
    #[error("write error: {0}")]
    Io(#[from] io::Error),
    /// A move is in the ASCII form and records were asked for: the piece and direction need
    /// the position (see [`GameRecord::resolve`]).
    #[error(
        "move {ply} ({text}) is in the ASCII form; resolve the game against its positions to write records"
    )]
    AsciiMove {
        /// The ply, from 1.
        ply: usize,
        /// The move as given.
        text: String,
    },
    /// A tag name is empty or has characters other than ASCII letters, digits and `_`.
    #[error("tag name '{name}' is not letters, digits and '_'")]
    TagName {
        /// The name.
        name: String,
    },
    /// A tag value holds a line break, which a tag line cannot.
    #[error("the value of tag '{name}' holds a line break")]
    TagValue {
        /// The tag's name.
        name: String,
    },
}

/// Write one game: the tags, a blank line, the movetext with one move number a line (each
/// variation on the line of its move), the result token after the last move. Separate games with a blank line.
///
/// # Errors
///
/// [`WriteError::AsciiMove`] when records are asked for and a move is in the ASCII form,
/// [`WriteError::TagName`] and [`WriteError::TagValue`] for tags a file cannot hold,
/// [`WriteError::Io`] when the output fails.
///
/// # Examples
///
/// ```
/// use gjjq_notation::{GameReader, MoveForm, write_game};
/// use gjjq_core::Script;
/// let text = "[Red \"张\"]\n\n1. 团5B进5A {a \\} b} 1... 团5b进5a\n2. 团5A侵5a *\n";
/// let game = GameReader::new(text.as_bytes()).next().unwrap()?;
/// let mut out = Vec::new();
/// write_game(&game, MoveForm::Script(Script::Simplified), &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), text);
/// let mut out = Vec::new();
/// write_game(&game, MoveForm::Ascii, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().contains("1. 5B5A {a \\} b} 1... 5b5a"));
/// # Ok::<(), gjjq_notation::ReadError>(())
/// ```
pub fn write_game<W: Write>(
    game: &GameRecord,
    form: MoveForm,
    mut out: W,
) -> Result<(), WriteError> {
    let mut text = String::new();
    for (name, value) in &game.tags {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(WriteError::TagName { name: name.clone() });
        }
        if value.contains(['\n', '\r']) {
            return Err(WriteError::TagValue { name: name.clone() });
        }
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[{name} \"{escaped}\"]\n"));
    }
    if !game.tags.is_empty() {
        text.push('\n');
    }
    if !game.comments_before.is_empty() {
        let parts: Vec<String> = game.comments_before.iter().map(|c| comment(c)).collect();
        text.push_str(&parts.join(" "));
        text.push('\n');
    }
    // The first move's number and side: the Setup tag's, else the FirstMover tag's (R-34),
    // else Red's move 1.
    let first_mover = game
        .tag("FirstMover")
        .and_then(super::parse_side)
        .unwrap_or(Side::Red);
    let (turn, number) = game
        .tag("Setup")
        .and_then(|s| s.parse::<Setup>().ok())
        .map_or((first_mover, 1), |s| (s.turn, s.move_number));
    write_line(&mut text, &game.moves, form, turn, number, true)?;
    if !game.moves.is_empty() {
        text.push(' ');
    }
    text.push_str(game.result.as_str());
    text.push('\n');
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// Write a line of moves from `turn`'s move `number`: the main line with one move number a
/// line (as files without variations have always been written), a variation on one line.
/// After each move its glyphs (a first symbolic one glued: `团5B进5A!?`), its comments and
/// its variations `( … )`.
fn write_line(
    text: &mut String,
    moves: &[RecordedMove],
    form: MoveForm,
    mut turn: Side,
    mut number: u32,
    main: bool,
) -> Result<(), WriteError> {
    let mut after_aside = false;
    for (i, m) in moves.iter().enumerate() {
        match turn {
            Side::Red => {
                if i > 0 {
                    text.push(if main { '\n' } else { ' ' });
                }
                text.push_str(&format!("{number}. "));
            }
            Side::Green => {
                if i == 0 {
                    text.push_str(&format!("{number}... "));
                } else if after_aside {
                    text.push_str(&format!(" {number}... "));
                } else {
                    text.push(' ');
                }
            }
        }
        match (form, m.text) {
            (MoveForm::Ascii, t) => text.push_str(&t.ascii().to_string()),
            (MoveForm::Script(s), MoveText::Record(r)) => text.push_str(&r.to_script(s)),
            (MoveForm::Script(s), MoveText::Hidden(h)) => text.push_str(&h.to_script(s)),
            (MoveForm::Script(_), MoveText::Ascii(a)) => {
                return Err(WriteError::AsciiMove {
                    ply: i + 1,
                    text: a.to_string(),
                });
            }
        }
        for (k, g) in m.glyphs.iter().enumerate() {
            if k > 0 || g.symbol().is_none() {
                text.push(' ');
            }
            text.push_str(&g.to_string());
        }
        for c in &m.comments {
            text.push(' ');
            text.push_str(&comment(c));
        }
        for v in &m.variations {
            text.push_str(" (");
            for c in &v.comments_before {
                text.push_str(&comment(c));
                text.push(' ');
            }
            write_line(text, &v.moves, form, turn, number, false)?;
            if text.ends_with(' ') {
                text.pop();
            }
            text.push(')');
        }
        after_aside = !m.comments.is_empty() || !m.variations.is_empty();
        if turn == Side::Green {
            number = number.saturating_add(1);
        }
        turn = turn.other();
    }
    Ok(())
}

/// `{text}` with `\` and `}` escaped by a backslash. Files are read line by line, so a
/// comment's line breaks are `\n`: carriage returns are dropped.
fn comment(text: &str) -> String {
    let text = text.replace('\r', "");
    format!("{{{}}}", text.replace('\\', "\\\\").replace('}', "\\}"))
}
