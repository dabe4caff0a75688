//! Writing a game record in either script or in ASCII.

use std::convert::Infallible;
use std::str::FromStr;

use junqi_gamefile::{Numbering, WriteError, comment, write_movetext, write_tags};

use super::{GAME_NAME, GameRecord, RecordedMove, result_token};
use crate::{Game, Ruleset, Script, Side};

/// The form a writer gives the moves: records (L-21) in simplified or traditional
/// characters, or the ASCII form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MoveForm {
    /// `工c6xc7` (simplified characters; the default).
    #[default]
    Simplified,
    /// `工c6xc7` in traditional characters (`軍`, `師`).
    Traditional,
    /// `c6c7`.
    Ascii,
}

/// Not a move form: the text given (`simplified`, `traditional` or `ascii` was expected).
///
/// # Examples
///
/// ```
/// use luzhanqi::game_file::{MoveForm, MoveFormParseError};
/// let e: MoveFormParseError = "pinyin".parse::<MoveForm>().unwrap_err();
/// assert_eq!(e.given, "pinyin");
/// assert_eq!(e.to_string(), "'pinyin' is not a move form (simplified, traditional, ascii)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{given}' is not a move form (simplified, traditional, ascii)")]
#[non_exhaustive]
pub struct MoveFormParseError {
    /// The text given (at most its first 40 characters).
    pub given: String,
}

impl FromStr for MoveForm {
    type Err = MoveFormParseError;

    fn from_str(s: &str) -> Result<MoveForm, MoveFormParseError> {
        match s {
            "simplified" => Ok(MoveForm::Simplified),
            "traditional" => Ok(MoveForm::Traditional),
            "ascii" => Ok(MoveForm::Ascii),
            _ => Err(MoveFormParseError {
                given: super::clip(s),
            }),
        }
    }
}

impl RecordedMove {
    /// The move in `form`.
    ///
    /// ```
    /// use luzhanqi::game_file::{MoveForm, RecordedMove};
    /// use luzhanqi::Kind;
    /// let m = RecordedMove::new("c6c7".parse()?, Kind::Engineer, true);
    /// assert_eq!(m.text(MoveForm::Simplified), "工c6xc7");
    /// assert_eq!(m.text(MoveForm::Ascii), "c6c7");
    /// # Ok::<(), luzhanqi::MoveParseError>(())
    /// ```
    #[must_use]
    pub fn text(&self, form: MoveForm) -> String {
        let script = match form {
            MoveForm::Ascii => return self.mv.to_string(),
            MoveForm::Simplified => Script::Simplified,
            MoveForm::Traditional => Script::Traditional,
        };
        format!(
            "{}{}{}{}",
            self.kind.char(script),
            self.mv.from,
            if self.attack { 'x' } else { '-' },
            self.mv.to
        )
    }

    /// A move with no notes.
    #[must_use]
    pub fn new(mv: crate::Move, kind: crate::Kind, attack: bool) -> RecordedMove {
        RecordedMove {
            mv,
            kind,
            attack,
            glyphs: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }
}

impl GameRecord {
    /// The record of a game without notes: tags `Event`, `Red`, `Blue` as `?`, the result
    /// and, for a game that ended by the rules, `Termination` (the reason, as `outcome`
    /// writes it: `flag-captured`, …).
    ///
    /// ```
    /// use luzhanqi::game_file::GameRecord;
    /// use luzhanqi::{Game, Position};
    /// let record = GameRecord::from_game(&Game::new(Position::default()));
    /// assert_eq!(record.result, junqi_gamefile::ResultToken::Unknown);
    /// ```
    #[must_use]
    pub fn from_game(game: &Game) -> GameRecord {
        let mut pos = game.start().clone();
        let mut moves = Vec::with_capacity(game.moves().len());
        for &m in game.moves() {
            let kind = pos.piece_at(m.from).map_or(crate::Kind::Flag, |p| p.kind);
            let attack = pos.piece_at(m.to).is_some();
            moves.push(RecordedMove::new(m, kind, attack));
            pos.play_unchecked(m);
        }
        let outcome = game.outcome();
        let mut tags: Vec<(String, String)> = ["Event", "Red", "Blue"]
            .iter()
            .map(|t| ((*t).to_owned(), "?".to_owned()))
            .collect();
        if let Some(o) = outcome {
            tags.push(("Termination".into(), o.reason_str().into()));
        }
        GameRecord {
            tags,
            intro: Vec::new(),
            moves,
            result: result_token(outcome),
            game: game.clone(),
        }
    }

    /// The game as a file: `[Game "luzhanqi"]`, then `Event`, `Red`, `Blue` (from
    /// [`GameRecord::tags`] when there), `Result`, `Setup` (when the start is not the default
    /// start), `Rules` (when not standard), `Termination` and the other tags in order, a blank
    /// line, the comments before the first move, the movetext in `form` with its notes and
    /// variations, the result, a line break.
    ///
    /// # Errors
    /// [`WriteError::TagName`] or [`WriteError::TagValue`] for a tag that cannot be written.
    pub fn write(&self, form: MoveForm) -> Result<String, WriteError<Infallible>> {
        let start = self.game.start();
        let mut tags = vec![(junqi_gamefile::GAME_TAG.to_owned(), GAME_NAME.to_owned())];
        let find = |name: &str| self.tags.iter().find(|(n, _)| n == name).cloned();
        for name in ["Event", "Red", "Blue"] {
            if let Some(t) = find(name) {
                tags.push(t);
            }
        }
        tags.push(("Result".into(), self.result.to_string()));
        if start.to_string() != crate::deploy::DEFAULT_START {
            tags.push(("Setup".into(), start.to_string()));
        }
        if *start.ruleset() != Ruleset::STANDARD {
            tags.push(("Rules".into(), start.ruleset().to_json().replace('\n', " ")));
        }
        if let Some(t) = find("Termination") {
            tags.push(t);
        }
        for (n, v) in &self.tags {
            if ![
                "Event",
                "Red",
                "Blue",
                "Termination",
                "Game",
                "Result",
                "Setup",
                "Rules",
            ]
            .contains(&n.as_str())
            {
                tags.push((n.clone(), v.clone()));
            }
        }
        let mut text = String::new();
        write_tags(&mut text, &tags)?;
        for c in &self.intro {
            text.push_str(&comment(c));
            text.push(' ');
        }
        let numbering = Numbering {
            second: start.turn() == Side::Blue,
            number: start.move_number(),
            fixed: true,
        };
        let _ = write_movetext(
            &mut text,
            &self.moves,
            numbering,
            true,
            &mut |t: &mut String, m: &RecordedMove, _| {
                t.push_str(&m.text(form));
                Ok::<(), Infallible>(())
            },
        );
        if !(text.ends_with('\n') || text.ends_with(' ') || text.is_empty()) {
            text.push(' ');
        }
        text.push_str(self.result.as_str());
        text.push('\n');
        Ok(text)
    }
}
