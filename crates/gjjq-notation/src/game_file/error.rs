//! The errors of reading a game file: the grammar's ([`junqi_gamefile::ReadError`]) with
//! 国际军棋's own ([`SyntaxError`]), and those of replaying.

use gjjq_core::setup::SetupParseError;
use thiserror::Error;

use super::{ReplayError, TextPos};
use crate::record::RecordParseError;
use crate::text::without_column;
use gjjq_core::MoveParseError;

/// A game file that does not read: the grammar's errors ([`junqi_gamefile::ReadError`]), and
/// in [`ReadError::Game`](junqi_gamefile::ReadError::Game) what 国际军棋's files refuse
/// ([`SyntaxError`]: a move that is not a record or an ASCII move, a `Setup` or `FirstMover`
/// tag that does not read). Every variant but `Io` says where.
pub type ReadError = junqi_gamefile::ReadError<SyntaxError>;

/// What a 国际军棋 game file refuses that the shared grammar accepts: the tags that set the
/// move numbers and the move tokens ([`GjjqDialect`](super::GjjqDialect)).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SyntaxError {
    /// The `Setup` tag is not a position string.
    #[error("{at}: Setup tag: {error}")]
    BadSetup {
        /// Where the value starts.
        at: TextPos,
        /// Why.
        error: SetupParseError,
    },
    /// The `FirstMover` tag is not `red` or `green`.
    #[error("{at}: FirstMover tag '{found}' is not red or green")]
    BadFirstMover {
        /// Where the value starts.
        at: TextPos,
        /// The value.
        found: String,
    },
    /// The `Game` tag names another game than 国际军棋 (`gjjq`).
    #[error("{at}: Game tag '{found}': this is not a 国际军棋 (gjjq) game file")]
    OtherGame {
        /// Where the value starts.
        at: TextPos,
        /// The value (cut to 40 characters).
        found: String,
    },
    /// A move record does not parse.
    #[error("{at}: {}", without_column(&error.to_string()))]
    Record {
        /// Where the error points.
        at: TextPos,
        /// Why (its column is within the record).
        error: RecordParseError,
    },
    /// An ASCII move does not parse.
    #[error("{at}: {}", error.reason())]
    Ascii {
        /// Where the error points.
        at: TextPos,
        /// Why (its column is within the move).
        error: MoveParseError,
    },
    /// A token that starts like an ASCII move (a digit) holds a character that is not ASCII,
    /// e.g. a Cyrillic `В` that looks like `B`.
    #[error(
        "{at}: '{found}' (U+{:04X}) is not ASCII; an ASCII move is two point labels such as 5B5A",
        u32::from(*found)
    )]
    NotAscii {
        /// Where the character stands.
        at: TextPos,
        /// The character.
        found: char,
    },
}

/// A game that does not read or does not replay: what [`GameReader::replay_next`](crate::GameReader::replay_next) returns.
#[derive(Debug, Error)]
pub enum GameFileError {
    /// The text is not a game file.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The game does not replay: the first bad move, reported before the rest is read.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}
