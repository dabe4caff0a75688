//! # junqi-gamefile
//!
//! The game-file grammar of the 军棋 games — 国际军棋 (`gjjq-notation`) and 陸戰棋
//! (`luzhanqi`): tags, move numbers, comments, annotation glyphs, variations and results, read
//! one line at a time within stated limits ([`ReadLimits`]) and told to a [`Visitor`], the
//! shape of the `pgn-reader` crate's. The grammar knows nothing of the rules: it hands each
//! move token to the visitor as the text it is, with its place ([`TextPos`]), and each game
//! resolves its own moves. What differs between the games' files is a small [`Dialect`]: the
//! sides' names, the tags that say where the move numbers start, and which tokens are moves.
//! A `Game` tag names the game a file holds ([`GAME_TAG`], [`game_of`]).
//!
//! The formats are described in the repository's `docs/notation.md`.
//!
//! # Examples
//!
//! Counting the moves of every line of a tiny file, keeping nothing else:
//!
//! ```
//! use std::ops::ControlFlow;
//! use junqi_gamefile::{GameReader, TextPos, Visitor};
//!
//! #[derive(Default)]
//! struct Count {
//!     moves: usize,
//!     comments: usize,
//! }
//!
//! impl Visitor for Count {
//!     type Output = (usize, usize);
//!     fn begin_game(&mut self) {
//!         *self = Count::default();
//!     }
//!     fn mv(&mut self, _text: &str, _at: TextPos) -> ControlFlow<Self::Output> {
//!         self.moves += 1;
//!         ControlFlow::Continue(())
//!     }
//!     fn comment(&mut self, _text: &str, _at: TextPos) -> ControlFlow<Self::Output> {
//!         self.comments += 1;
//!         ControlFlow::Continue(())
//!     }
//!     fn end_game(&mut self) -> Self::Output {
//!         (self.moves, self.comments)
//!     }
//! }
//!
//! let text = "[Game \"luzhanqi\"]\n\n1. a6a7 {opening} (1. b6b7) 1... a7a6 *\n";
//! let mut reader = GameReader::new(text.as_bytes());
//! assert_eq!(reader.peek_game().as_deref(), Some("luzhanqi"));
//! assert_eq!(reader.read_with(&mut Count::default()).unwrap()?, (3, 1));
//! assert!(reader.read_with(&mut Count::default()).is_none());
//! # Ok::<(), junqi_gamefile::ReadError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod dialect;
mod error;
mod glyph;
mod lines;
mod parser;
mod reader;
mod text;
mod visitor;
mod writer;

use std::fmt;
use std::str::FromStr;

pub use dialect::{Dialect, Numbering, Plain, Tag};
pub use error::{ReadError, ReadLimits};
pub use glyph::{Glyph, GlyphParseError};
/// serde for a value as its text, for the games' own values (`junqi_game::serde_as_text`).
#[doc(inline)]
pub use junqi_game::serde_as_text;
pub use reader::GameReader;
pub use text::clip;
pub use visitor::{Discard, Skip, Visitor};
pub use writer::{WriteError, WriteMove, comment, write_movetext, write_tags};

/// A place in a game file: line and column, both counted from 1, columns in characters.
///
/// # Examples
///
/// ```
/// use junqi_gamefile::TextPos;
/// assert_eq!(TextPos { line: 3, column: 7 }.to_string(), "3:7");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TextPos {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl TextPos {
    /// The place of character `column` (from 1) of a text that starts here: the one
    /// placing of an error found within a token or a tag value (a column below 1 is the
    /// text's start).
    ///
    /// ```
    /// use junqi_gamefile::TextPos;
    /// let at = TextPos { line: 2, column: 5 };
    /// assert_eq!(at.offset(3), TextPos { line: 2, column: 7 });
    /// assert_eq!(at.offset(0), at);
    /// ```
    #[must_use]
    pub fn offset(self, column: usize) -> TextPos {
        TextPos {
            line: self.line,
            column: self.column + column.max(1) - 1,
        }
    }
}

impl fmt::Display for TextPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The result token that ends a game's movetext, neutral about the game: `1-0` is a win of
/// the side that [`Dialect::side_names`] names first (Red in both games), `0-1` of the other.
/// Each game keeps its own typed result beside it (`gjjq_notation::GameResult`).
///
/// # Examples
///
/// ```
/// use junqi_gamefile::ResultToken;
/// let r: ResultToken = "1/2-1/2".parse().unwrap();
/// assert_eq!(r, ResultToken::Draw);
/// assert_eq!(ResultToken::FirstWins.to_string(), "1-0");
/// assert_eq!(ResultToken::SecondWins.winner(), Some(Some(1)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ResultToken {
    /// `1-0`: the first side (Red) wins.
    FirstWins,
    /// `0-1`: the second side wins.
    SecondWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    #[default]
    Unknown,
}

impl ResultToken {
    /// The token.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::ResultToken;
    /// assert_eq!(ResultToken::Unknown.as_str(), "*");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ResultToken::FirstWins => "1-0",
            ResultToken::SecondWins => "0-1",
            ResultToken::Draw => "1/2-1/2",
            ResultToken::Unknown => "*",
        }
    }

    /// The winner a decided result names, as the index of its side (0 first, 1 second):
    /// `Some(None)` for a draw, `None` for `*`.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::ResultToken;
    /// assert_eq!(ResultToken::FirstWins.winner(), Some(Some(0)));
    /// assert_eq!(ResultToken::Draw.winner(), Some(None));
    /// assert_eq!(ResultToken::Unknown.winner(), None);
    /// ```
    #[must_use]
    pub const fn winner(self) -> Option<Option<usize>> {
        match self {
            ResultToken::FirstWins => Some(Some(0)),
            ResultToken::SecondWins => Some(Some(1)),
            ResultToken::Draw => Some(None),
            ResultToken::Unknown => None,
        }
    }
}

/// Not a result token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a result token (1-0, 0-1, 1/2-1/2, *)")]
pub struct ResultTokenParseError {
    text: String,
}

impl ResultTokenParseError {
    /// The text that did not parse (as given, or clipped where the error says so).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl FromStr for ResultToken {
    type Err = ResultTokenParseError;

    fn from_str(s: &str) -> Result<ResultToken, ResultTokenParseError> {
        Ok(match s {
            "1-0" => ResultToken::FirstWins,
            "0-1" => ResultToken::SecondWins,
            "1/2-1/2" => ResultToken::Draw,
            "*" => ResultToken::Unknown,
            _ => return Err(ResultTokenParseError { text: s.to_owned() }),
        })
    }
}

impl fmt::Display for ResultToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The tag that names the game a file holds: `[Game "luzhanqi"]` for 陸戰棋. A game without it
/// is 国际军棋 ([`DEFAULT_GAME`]), so the files written before the tag existed keep their
/// meaning.
pub const GAME_TAG: &str = "Game";

/// The game of a file without a [`GAME_TAG`]: 国际军棋, written `gjjq`.
pub const DEFAULT_GAME: &str = "gjjq";

/// The game that `tags` (a game's tags in file order, as a reader gives them) name: the
/// value of the first [`GAME_TAG`], else [`DEFAULT_GAME`].
///
/// # Examples
///
/// ```
/// use junqi_gamefile::game_of;
/// let tags = [("Event".to_string(), "x".to_string()), ("Game".to_string(), "luzhanqi".to_string())];
/// assert_eq!(game_of(&tags), "luzhanqi");
/// assert_eq!(game_of(&[]), "gjjq");
/// ```
#[must_use]
pub fn game_of(tags: &[(String, String)]) -> &str {
    tags.iter()
        .find(|(n, _)| n == GAME_TAG)
        .map_or(DEFAULT_GAME, |(_, v)| v.as_str())
}

#[cfg(test)]
mod typed_error_tests {
    use super::*;

    #[test]
    fn result_token_error_keeps_the_text() {
        let e = "2-0".parse::<ResultToken>().unwrap_err();
        assert_eq!(e.text(), "2-0");
        assert_eq!(
            e.to_string(),
            "'2-0' is not a result token (1-0, 0-1, 1/2-1/2, *)"
        );
    }
}
