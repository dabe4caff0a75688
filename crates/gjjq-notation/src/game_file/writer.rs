//! Writing game records in one script or in the ASCII form.

use std::fmt;
use std::io::Write;

use gjjq_core::{Script, Setup, Side};
use junqi_gamefile::{Numbering, comment, write_movetext, write_tags};
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

/// A game that cannot be written: the grammar's [`junqi_gamefile::WriteError`] (the output
/// failed, a tag a file cannot hold) with 国际军棋's own in
/// [`WriteError::Move`](junqi_gamefile::WriteError::Move): an ASCII move where records were
/// asked for ([`AsciiMoveError`]).
pub type WriteError = junqi_gamefile::WriteError<AsciiMoveError>;

/// A move is in the ASCII form and records were asked for: the piece and direction need the
/// position (see [`GameRecord::resolve`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "move {ply} ({text}) is in the ASCII form; resolve the game against its positions to write records"
)]
pub struct AsciiMoveError {
    /// The ply, from 1, counted from the start of the game along the move's line (a
    /// variation's first move has the ply of the move it replaces).
    pub ply: usize,
    /// The move as given.
    pub text: String,
}

junqi_gamefile::impl_write_move!(RecordedMove {
    glyphs,
    comments,
    variations: variations {
        comments_before,
        moves
    }
});

/// Write one game: the tags, a blank line, the movetext with one move number a line (each
/// variation on the line of its move), the result token after the last move. Separate games with a blank line.
///
/// # Errors
///
/// [`WriteError::Move`](junqi_gamefile::WriteError::Move) when records are asked for and a
/// move is in the ASCII form, [`WriteError::TagName`](junqi_gamefile::WriteError::TagName)
/// and [`WriteError::TagValue`](junqi_gamefile::WriteError::TagValue) for tags a file cannot
/// hold, [`WriteError::Io`](junqi_gamefile::WriteError::Io) when the output fails.
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
    write_tags(&mut text, &game.tags)?;
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
    let start = Numbering {
        second: turn == Side::Green,
        number,
        fixed: false,
    };
    write_movetext(&mut text, &game.moves, start, true, &mut |text, m, ply| {
        match (form, m.text) {
            (MoveForm::Ascii, t) => text.push_str(&t.ascii().to_string()),
            (MoveForm::Script(s), MoveText::Record(r)) => text.push_str(&r.to_script(s)),
            (MoveForm::Script(s), MoveText::Hidden(h)) => text.push_str(&h.to_script(s)),
            (MoveForm::Script(_), MoveText::Ascii(a)) => {
                return Err(WriteError::Move(AsciiMoveError {
                    ply,
                    text: a.to_string(),
                }));
            }
        }
        Ok(())
    })?;
    if !game.moves.is_empty() {
        text.push(' ');
    }
    text.push_str(game.result.as_str());
    text.push('\n');
    out.write_all(text.as_bytes())?;
    Ok(())
}
