//! Game files of 陸戰棋 (L-22): the 军棋 game-file grammar of `junqi-gamefile` (tags, move
//! numbers, comments, glyphs, variations, results) with a `[Game "luzhanqi"]` tag, read and
//! written. [`LuzhanqiDialect`] is this game's part of the grammar; [`GameFileReader`]
//! replays each game into a [`Game`] (the main line) and checks every variation against its
//! own positions; [`GameRecord::write`] writes a game back in either script or in ASCII.
//! [`GameFileReader::next_record`] reads every game a match writes, flip records
//! (`[Mode "flip"]`, [`crate::flip::record`]) among the others, each as its mode says.
//!
//! ```
//! use luzhanqi::game_file::{read_games, GameRecord, MoveForm};
//! use luzhanqi::{Game, Position};
//!
//! let mut game = Game::new(Position::default());
//! game.play("c6c7".parse()?)?;
//! let text = GameRecord::from_game(&game).write(MoveForm::Simplified)?;
//! assert!(text.starts_with("[Game \"luzhanqi\"]\n"));
//! assert!(text.contains("1. 工c6xc7 *"));
//! let games = read_games(text.as_bytes())?;
//! assert_eq!(games[0].game.moves(), game.moves());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod reader;
pub(crate) mod token_error;
mod writer;

use junqi_gamefile::{Dialect, Glyph, Numbering, ReadError, ResultToken, Tag, TextPos};
use thiserror::Error;

use crate::{
    Game, Kind, Move, MoveText, Outcome, PositionError, RecordError, SetupParseError, Side,
};

pub(crate) use reader::FileDialect;
pub use reader::{GameFileReader, Record, read_games, read_records};
pub use writer::{MoveForm, MoveFormParseError};

/// The value of the `Game` tag of a 陸戰棋 file.
pub const GAME_NAME: &str = "luzhanqi";

token_error::token_error! {
    /// What this game's part of the grammar refuses as it reads a tag or a move token: each
    /// with its place in the file (line:column).
    #[derive(Debug, Clone, PartialEq, Eq, Error)]
    #[non_exhaustive]
    pub enum TokenError {
        BadSetup(SetupParseError, "The `Setup` tag is not a position string (L-20)."),
        /// A token or tag of a flip record (`[Mode "flip"]`, read by
        /// [`GameFileReader::next_record`]) that a flip game cannot hold.
        #[error(transparent)]
        Flip(#[from] crate::flip::record_error::FlipTokenError),
        /// A move token is neither an ASCII move nor a record (L-21).
        #[error("{at}: '{token}' is not a move: {error}")]
        Move {
            /// Where the fault stands in the token.
            at: TextPos,
            /// The token (cut to 40 characters).
            token: String,
            /// Why.
            error: RecordError,
        },
    }
}

/// A game of a file that reads but does not replay: each with its place (line:column).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The game has no `[Game "luzhanqi"]` tag (without it a file is 国际军棋's).
    #[error("{at}: no Game tag; a luzhanqi game starts with [Game \"luzhanqi\"]")]
    MissingGameTag {
        /// Where the movetext starts.
        at: TextPos,
    },
    /// The `Setup` tag is a position string but not a valid position (L-20).
    #[error("{at}: Setup tag: {error}")]
    InvalidSetup {
        /// Where the tag's value stands.
        at: TextPos,
        /// Every reason.
        error: PositionError,
    },
    /// A move that does not fit its position.
    #[error("{at}: move {ply} '{text}': {error}")]
    Move {
        /// Where the move stands.
        at: TextPos,
        /// Its ply along its line, from 1.
        ply: usize,
        /// The token (cut to 40 characters).
        text: String,
        /// Why.
        error: RecordError,
    },
    /// A move after the end of the game (on its line).
    #[error("{at}: move {ply} '{text}': the game is already over ({outcome})")]
    AfterEnd {
        /// Where the move stands.
        at: TextPos,
        /// Its ply along its line, from 1.
        ply: usize,
        /// The token (cut to 40 characters).
        text: String,
        /// How the game ended.
        outcome: Outcome,
    },
    /// The result contradicts the rules' verdict of the final position.
    #[error("{at}: the result {stated} contradicts the position ({outcome})")]
    ResultContradicts {
        /// Where the result token (or the `Result` tag) stands.
        at: TextPos,
        /// The result written.
        stated: ResultToken,
        /// The verdict.
        outcome: Outcome,
    },
}

impl ReplayError {
    /// Where the error stands in the file.
    #[must_use]
    pub fn at(&self) -> TextPos {
        match self {
            ReplayError::MissingGameTag { at }
            | ReplayError::InvalidSetup { at, .. }
            | ReplayError::Move { at, .. }
            | ReplayError::AfterEnd { at, .. }
            | ReplayError::ResultContradicts { at, .. } => *at,
        }
    }
}

/// A 陸戰棋 game file that does not read: the grammar's error (with this game's
/// [`TokenError`]), or a game that does not replay.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum GameFileError {
    /// Not a game file of this game.
    #[error(transparent)]
    Read(#[from] ReadError<TokenError>),
    /// A game that does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A flip record (`[Mode "flip"]`) that does not replay
    /// ([`GameFileReader::next_record`]).
    #[error(transparent)]
    Flip(#[from] crate::flip::record_error::FlipRecordError),
}

/// The files of 陸戰棋 as a [`Dialect`] of the shared grammar: Red and Blue; the `Setup` tag
/// (a position string, L-20) sets where the move numbers start; a `Game` tag other than
/// `luzhanqi` is refused; a `Rules` tag is `standard` or a ruleset JSON object; a move is an
/// ASCII move or a record in either script ([`MoveText`], L-21).
///
/// ```
/// use junqi_gamefile::{Dialect, Numbering, Tag, TextPos};
/// use luzhanqi::game_file::LuzhanqiDialect;
/// let at = TextPos { line: 1, column: 7 };
/// assert!(LuzhanqiDialect.check_move("工a6xa7", at).is_ok());
/// assert!(LuzhanqiDialect.check_move("a6a7", at).is_ok());
/// let err = LuzhanqiDialect.check_move("a6z7", at).unwrap_err();
/// assert!(err.to_string().starts_with("1:9: "));
/// let game = Tag { name: "Game", value: "gjjq", at };
/// assert!(LuzhanqiDialect.tag(game, &mut Numbering::default()).is_err());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct LuzhanqiDialect;

pub(crate) fn clip(text: &str) -> String {
    junqi_gamefile::clip(text, 40)
}

impl Dialect for LuzhanqiDialect {
    type Error = TokenError;

    fn side_names(&self) -> [&'static str; 2] {
        ["Red", "Blue"]
    }

    fn tag(&self, tag: Tag<'_>, numbering: &mut Numbering) -> Result<(), TokenError> {
        if let Some(found) = tag.other_game(GAME_NAME) {
            return Err(TokenError::OtherGame { at: tag.at, found });
        }
        match tag.name {
            "Setup" => {
                let setup: crate::Setup =
                    tag.value
                        .parse()
                        .map_err(|error: SetupParseError| TokenError::BadSetup {
                            at: tag.value_pos(error.column()),
                            error,
                        })?;
                numbering.set_position(setup.turn == Side::Blue, setup.move_number);
            }
            "Rules" => {
                crate::Ruleset::parse(tag.value)
                    .map_err(|error| TokenError::BadRules { at: tag.at, error })?;
            }
            _ => {}
        }
        Ok(())
    }

    fn check_move(&self, token: &str, at: TextPos) -> Result<(), TokenError> {
        token
            .parse::<MoveText>()
            .map(|_| ())
            .map_err(|error| TokenError::Move {
                at: at.offset(error.column().unwrap_or(1)),
                token: clip(token),
                error,
            })
    }
}

/// A move of a game record: the move, the kind that made it and whether it attacked (so that
/// it can be written in any form without its position), and what the file said about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedMove {
    /// The move.
    pub mv: Move,
    /// The kind of the moving piece.
    pub kind: Kind,
    /// Whether it attacked.
    pub attack: bool,
    /// Its annotation glyphs.
    pub glyphs: Vec<Glyph>,
    /// The comments after it.
    pub comments: Vec<String>,
    /// Its alternatives.
    pub variations: Vec<Variation>,
}

/// Alternatives to a move: the comments before the variation's first move, and its moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Variation {
    /// Comments before its first move.
    pub before: Vec<String>,
    /// Its moves, from the position before the move it replaces.
    pub moves: Vec<RecordedMove>,
}

junqi_gamefile::impl_write_move!(RecordedMove {
    glyphs,
    comments,
    variations: variations { before, moves }
});

/// A game of a file: its tags (other than `Game`, `Setup`, `Rules` and `Result`, which the
/// other fields hold), the comments before its first move, the main line with its notes and
/// variations, the result token and the game replayed (start position, ruleset, moves).
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The other tags, in file order (`Event`, `Red`, `Blue`, `Termination`, …).
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub intro: Vec<String>,
    /// The main line.
    pub moves: Vec<RecordedMove>,
    /// The result.
    pub result: ResultToken,
    /// The main line played from the start position (under the `Rules` tag's ruleset).
    pub game: Game,
}

/// The result token of an outcome (`*` while the game goes on).
#[must_use]
pub fn result_token(outcome: Option<Outcome>) -> ResultToken {
    match outcome {
        None => ResultToken::Unknown,
        Some(o) => match o.winner() {
            Some(Side::Red) => ResultToken::FirstWins,
            Some(Side::Blue) => ResultToken::SecondWins,
            None => ResultToken::Draw,
        },
    }
}
