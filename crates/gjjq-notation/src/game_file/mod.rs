//! Game record files: tags, movetext of records with comments, glyphs and variations, a
//! result (see `docs/notation.md`).
//!
//! The grammar (lines, tags, move numbers, comments, glyphs, variations, results, limits,
//! the streaming [`Visitor`]) is the crate `junqi-gamefile`, shared with 陸戰棋; this module is
//! 国际军棋's part. One concept a module: `dialect` (the tags and move tokens of 国际军棋's
//! files), `error` (what they refuse), `collect` (the visitor that builds a [`GameRecord`]),
//! `reader` (the [`GameReader`]), `replay` (a record on the board, and the replaying
//! visitor), `writer`, `from_game`.

mod collect;
mod dialect;
mod error;
mod from_game;
mod reader;
mod replay;
mod writer;

use std::fmt;
use std::str::FromStr;

pub use collect::CollectRecord;
pub use dialect::GjjqDialect;
pub use error::{GameFileError, ReadError, SyntaxError};
pub use from_game::DerivedTags;
pub use junqi_gamefile::{Glyph, GlyphParseError, ReadLimits, ResultToken, Skip, TextPos, Visitor};
pub use reader::GameReader;
pub use replay::ReplayError;
pub(crate) use replay::{TagPlaces, parse_side, read_token};
pub use writer::{AsciiMoveError, MoveForm, WriteError, write_game};

use gjjq_core::{Outcome, Position, Side};

use crate::hidden_record::HiddenRecord;
use crate::record::{Record, RecordError, RecordParseError};
use gjjq_core::{Move, MoveParseError};

/// A move as a game file writes it: a six-character record or the ASCII form.
///
/// # Examples
///
/// ```
/// use gjjq_notation::MoveText;
/// use gjjq_core::Position;
/// let t: MoveText = "5B5A".parse()?;
/// assert!(matches!(t, MoveText::Ascii(_)));
/// let t: MoveText = "团5B进5A".parse()?;
/// assert_eq!(t.to_string(), "团5B进5A");
/// assert!(t.to_move(&Position::default()).is_ok());
/// # Ok::<(), gjjq_notation::MoveTextParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveText {
    /// A six-character record (R-28).
    Record(Record),
    /// The ASCII machine form (R-30): a [`Move`], which is its own ASCII form.
    Ascii(Move),
    /// An enemy move in a player's record of a hidden game (`暗5b攻5B`, R-40).
    Hidden(HiddenRecord),
}

impl MoveText {
    /// The legal move of `pos` this text names.
    ///
    /// # Errors
    ///
    /// The [`RecordError`] of [`Record::to_move`]; for an ASCII move the same errors without
    /// the piece and word checks ([`RecordError::NoPiece`], [`RecordError::NotToMove`],
    /// [`RecordError::Illegal`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::MoveText;
    /// use gjjq_core::Position;
    /// let pos = Position::default();
    /// let t: MoveText = "3E7d".parse()?;
    /// let m = t.to_move(&pos).unwrap();
    /// assert!(pos.classify(m).unwrap().is_capture());
    /// # Ok::<(), gjjq_notation::MoveTextParseError>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<gjjq_core::Move, RecordError> {
        match self {
            MoveText::Record(r) => r.to_move(pos),
            MoveText::Ascii(m) => crate::record::resolve(pos, *m),
            MoveText::Hidden(h) => h.to_move(pos),
        }
    }

    /// The ASCII form (no position needed).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::MoveText;
    /// let t: MoveText = "团5B进5A".parse()?;
    /// assert_eq!(t.ascii().to_string(), "5B5A");
    /// # Ok::<(), gjjq_notation::MoveTextParseError>(())
    /// ```
    #[must_use]
    pub fn ascii(&self) -> Move {
        match *self {
            MoveText::Record(r) => Move::new(r.from, r.to),
            MoveText::Ascii(m) => m,
            MoveText::Hidden(h) => Move::new(h.from, h.to),
        }
    }
}

/// A move text that parses neither as the ASCII form nor as a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextParseError {
    /// All-ASCII text that is not an ASCII move.
    #[error("ASCII move: {0}")]
    Ascii(#[from] MoveParseError),
    /// Other text that is not a record.
    #[error("record: {0}")]
    Record(#[from] RecordParseError),
}

/// All-ASCII text parses as the ASCII form (a record always starts with a CJK character),
/// anything else as a lenient record ([`Record::parse_lenient`]).
impl FromStr for MoveText {
    type Err = MoveTextParseError;

    fn from_str(s: &str) -> Result<MoveText, MoveTextParseError> {
        if s.is_ascii() {
            Ok(MoveText::Ascii(s.parse()?))
        } else if s.trim_start().starts_with(crate::HIDDEN_PIECE) {
            Ok(MoveText::Hidden(HiddenRecord::parse_lenient(s)?))
        } else {
            Ok(MoveText::Record(Record::parse_lenient(s)?))
        }
    }
}

/// A record in simplified characters, or the ASCII form.
impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveText::Record(r) => r.fmt(f),
            MoveText::Ascii(a) => a.fmt(f),
            MoveText::Hidden(h) => h.fmt(f),
        }
    }
}

/// One move of a game record with the comments, glyphs and variations that follow it.
///
/// Equality ignores [`RecordedMove::at`], so a game read back from a rewritten file equals
/// the original.
///
/// # Examples
///
/// ```
/// use gjjq_notation::{RecordedMove, MoveText};
/// let m = RecordedMove::new("团5B进5A".parse::<MoveText>()?);
/// assert!(m.comments.is_empty());
/// # Ok::<(), gjjq_notation::MoveTextParseError>(())
/// ```
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RecordedMove {
    /// The move as written.
    pub text: MoveText,
    /// Comments after the move, in order, each without its braces.
    pub comments: Vec<String>,
    /// Annotation glyphs of the move, in order (`!`, `?!`, `$14`, …).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub glyphs: Vec<Glyph>,
    /// Alternatives to this move: each a line that starts from the position before it.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub variations: Vec<Variation>,
    /// Where the move stands in the file it was read from.
    pub at: Option<TextPos>,
}

/// A variation: a line of moves instead of the move it belongs to, written `( … )` after
/// that move.
///
/// # Examples
///
/// ```
/// use gjjq_notation::GameReader;
/// let text = "1. 团5B进5A ({or} 1. 团5B进5C!? 1... 团5b进5a) 1... 团5b进5a *\n";
/// let game = GameReader::new(text.as_bytes()).next().unwrap()?;
/// let v = &game.moves[0].variations[0];
/// assert_eq!(v.comments_before, ["or"]);
/// assert_eq!(v.moves.len(), 2);
/// assert_eq!(v.moves[0].glyphs[0].to_string(), "!?");
/// # Ok::<(), gjjq_notation::ReadError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Variation {
    /// Comments before its first move.
    pub comments_before: Vec<String>,
    /// Its moves, each with its own comments, glyphs and variations.
    pub moves: Vec<RecordedMove>,
}

impl RecordedMove {
    /// A move without comments or file position.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{RecordedMove, MoveText};
    /// let m = RecordedMove::new("5B5A".parse::<MoveText>()?);
    /// assert_eq!(m.at, None);
    /// # Ok::<(), gjjq_notation::MoveTextParseError>(())
    /// ```
    #[must_use]
    pub fn new(text: MoveText) -> RecordedMove {
        RecordedMove {
            text,
            comments: Vec::new(),
            glyphs: Vec::new(),
            variations: Vec::new(),
            at: None,
        }
    }
}

impl PartialEq for RecordedMove {
    fn eq(&self, other: &RecordedMove) -> bool {
        self.text == other.text
            && self.comments == other.comments
            && self.glyphs == other.glyphs
            && self.variations == other.variations
    }
}

impl Eq for RecordedMove {}

/// The result token that ends a game's movetext.
///
/// # Examples
///
/// ```
/// use gjjq_notation::GameResult;
/// let r: GameResult = "1/2-1/2".parse().unwrap();
/// assert_eq!(r, GameResult::Draw);
/// assert_eq!(GameResult::RedWins.to_string(), "1-0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    GreenWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    #[default]
    Unknown,
}

impl GameResult {
    /// The token.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameResult;
    /// assert_eq!(GameResult::Unknown.as_str(), "*");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::GreenWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result token for an outcome (or `*` for none).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameResult;
    /// use gjjq_core::{Outcome, Side, outcome::WinReason};
    /// let o = Outcome::Win { winner: Side::Green, reason: WinReason::KingCaptured };
    /// assert_eq!(GameResult::from_outcome(Some(o)), GameResult::GreenWins);
    /// ```
    #[must_use]
    pub fn from_outcome(outcome: Option<Outcome>) -> GameResult {
        match outcome.map(Outcome::winner) {
            Some(Some(Side::Red)) => GameResult::RedWins,
            Some(Some(Side::Green)) => GameResult::GreenWins,
            Some(None) => GameResult::Draw,
            None => GameResult::Unknown,
        }
    }

    /// The winner a decided result names: `Some(None)` for a draw, `None` for `*`.
    pub(crate) fn stated_winner(self) -> Option<Option<Side>> {
        match self {
            GameResult::RedWins => Some(Some(Side::Red)),
            GameResult::GreenWins => Some(Some(Side::Green)),
            GameResult::Draw => Some(None),
            GameResult::Unknown => None,
        }
    }
}

/// The game's typed result of the grammar's neutral token: the first side is Red.
///
/// # Examples
///
/// ```
/// use gjjq_notation::{GameResult, ResultToken};
/// assert_eq!(GameResult::from(ResultToken::SecondWins), GameResult::GreenWins);
/// assert_eq!(ResultToken::from(GameResult::RedWins), ResultToken::FirstWins);
/// ```
impl From<ResultToken> for GameResult {
    fn from(t: ResultToken) -> GameResult {
        match t {
            ResultToken::FirstWins => GameResult::RedWins,
            ResultToken::SecondWins => GameResult::GreenWins,
            ResultToken::Draw => GameResult::Draw,
            ResultToken::Unknown => GameResult::Unknown,
        }
    }
}

impl From<GameResult> for ResultToken {
    fn from(r: GameResult) -> ResultToken {
        match r {
            GameResult::RedWins => ResultToken::FirstWins,
            GameResult::GreenWins => ResultToken::SecondWins,
            GameResult::Draw => ResultToken::Draw,
            GameResult::Unknown => ResultToken::Unknown,
        }
    }
}

/// Not a result token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a result token (1-0, 0-1, 1/2-1/2, *)")]
pub struct GameResultParseError {
    text: String,
}

impl GameResultParseError {
    /// The text that did not parse (as given, or clipped where the error says so).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl FromStr for GameResult {
    type Err = GameResultParseError;

    fn from_str(s: &str) -> Result<GameResult, GameResultParseError> {
        Ok(match s {
            "1-0" => GameResult::RedWins,
            "0-1" => GameResult::GreenWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return Err(GameResultParseError { text: s.to_owned() }),
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One game of a game record file: its tags, its moves with comments, its result token.
///
/// # Examples
///
/// ```
/// use gjjq_notation::{GameReader, GameResult};
/// let text = "[Event \"Demo\"]\n\n1. 团5B进5A {opening} 团5b进5a *\n";
/// let game = GameReader::new(text.as_bytes()).next().unwrap()?;
/// assert_eq!(game.tag("Event"), Some("Demo"));
/// assert_eq!(game.moves.len(), 2);
/// assert_eq!(game.moves[0].comments, ["opening"]);
/// assert_eq!(game.result, GameResult::Unknown);
/// # Ok::<(), gjjq_notation::ReadError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The tags in file order: (name, value), values unescaped.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub comments_before: Vec<String>,
    /// The moves.
    pub moves: Vec<RecordedMove>,
    /// The result token.
    pub result: GameResult,
}

impl GameRecord {
    /// The value of the first tag called `name`.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameRecord;
    /// let mut g = GameRecord::default();
    /// g.set_tag("Red", "Zhang");
    /// assert_eq!(g.tag("Red"), Some("Zhang"));
    /// assert_eq!(g.tag("Green"), None);
    /// ```
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }

    /// Set the first tag called `name` to `value`, or append it.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameRecord;
    /// let mut g = GameRecord::default();
    /// g.set_tag("Result", "*");
    /// g.set_tag("Result", "1-0");
    /// assert_eq!(g.tags, [("Result".to_string(), "1-0".to_string())]);
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag(&mut self.tags, name, value);
    }
}

/// The value of the first tag called `name` in `tags`: the one spelling of
/// [`GameRecord::tag`], [`crate::AnnotatedGame::tag`] and the tags a record's kind is read
/// from.
pub(crate) fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Set the tag called `name` to `value` where it stands in `tags`, or append it: the one
/// spelling of [`GameRecord::set_tag`], [`crate::AnnotatedGame::set_tag`] and the derived
/// tags.
pub(crate) fn set_tag(tags: &mut Vec<(String, String)>, name: &str, value: &str) {
    match tags.iter_mut().find(|(n, _)| n == name) {
        Some((_, v)) => value.clone_into(v),
        None => tags.push((name.to_owned(), value.to_owned())),
    }
}

/// What kind of record a game file holds (R-40): an ordinary game, or one of the two records
/// of a hidden game. [`GameRecord::kind`] asks a record, [`GameReader::peek_kind`] the next
/// game of a file before it is read.
///
/// # Examples
///
/// ```
/// use gjjq_notation::{GameRecord, RecordKind};
/// let mut g = GameRecord::default();
/// assert_eq!(g.kind(), RecordKind::Open);
/// g.set_tag("Mode", "hidden");
/// assert_eq!(g.kind(), RecordKind::HiddenReferee);
/// g.set_tag("Player", "green");
/// assert_eq!(g.kind(), RecordKind::HiddenPlayer);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordKind {
    /// An ordinary (open, 翻式, or from a position) game record: every move in full.
    Open,
    /// The referee's record of a hidden game (`[Mode "hidden"]`, no `Player` tag): an
    /// ordinary record whose refused proposals are comments.
    HiddenReferee,
    /// A player's record of a hidden game (a `Player` tag): enemy moves as `暗` records.
    HiddenPlayer,
}

impl RecordKind {
    /// The kind the tags name: a `Player` tag makes a player's record, else `[Mode "hidden"]`
    /// the referee's, else an open record.
    pub(crate) fn of_tags(tags: &[(String, String)]) -> RecordKind {
        if tag(tags, "Player").is_some() {
            RecordKind::HiddenPlayer
        } else if tag(tags, "Mode") == Some("hidden") {
            RecordKind::HiddenReferee
        } else {
            RecordKind::Open
        }
    }
}

impl GameRecord {
    /// What kind of record this is ([`RecordKind`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{GameRecord, RecordKind};
    /// assert_eq!(GameRecord::default().kind(), RecordKind::Open);
    /// ```
    #[must_use]
    pub fn kind(&self) -> RecordKind {
        RecordKind::of_tags(&self.tags)
    }
}

#[cfg(test)]
mod typed_error_tests {
    use super::*;

    #[test]
    fn game_result_error_keeps_the_text() {
        let e = "2-0".parse::<GameResult>().unwrap_err();
        assert_eq!(e.text(), "2-0");
        assert_eq!(
            e.to_string(),
            "'2-0' is not a result token (1-0, 0-1, 1/2-1/2, *)"
        );
    }
}
