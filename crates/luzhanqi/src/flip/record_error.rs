//! What goes wrong reading a flip game file: a token the file cannot hold
//! ([`FlipTokenError`]) and a file that does not read or replay ([`FlipRecordError`]). Apart
//! from [`super::record`] so that the game file's errors (`crate::game_file`) can hold them
//! without the reader and the dialect importing each other.

use junqi_gamefile::{ReadError, TextPos};
use thiserror::Error;

use super::game::FlipGameError;
use super::text::{FlipPlyParseError, FlipSetupParseError};

crate::game_file::token_error::token_error! {
    /// A token a flip game file cannot hold, found while reading (with its place).
    #[derive(Debug, Clone, PartialEq, Eq, Error)]
    #[non_exhaustive]
    pub enum FlipTokenError {
        BadSetup(FlipSetupParseError, "The `Setup` tag is not a flip state string."),
        /// A move token that is not a flip ply.
        #[error("{at}: '{token}' is not a flip ply: {error}")]
        Ply {
            /// Where the fault stands in the token.
            at: TextPos,
            /// The token (cut to 40 characters).
            token: String,
            /// Why.
            error: FlipPlyParseError,
        },
    }
}

/// A flip game file that does not read or replay.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum FlipRecordError {
    /// The grammar's error or a token's ([`FlipTokenError`]), with line:column.
    #[error(transparent)]
    Read(#[from] ReadError<FlipTokenError>),
    /// The file holds no game.
    #[error("the file holds no game")]
    Empty,
    /// A tag is missing or has a value the flip game cannot take.
    #[error("{at}: tag {tag}: {detail}")]
    Tag {
        /// Where the tag's value stands (line 1, column 1 when the tag is missing).
        at: TextPos,
        /// The tag.
        tag: &'static str,
        /// What is wrong.
        detail: String,
    },
    /// A ply the game refuses (illegal, or after the end).
    #[error("{at}: ply {ply} '{text}': {error}")]
    Ply {
        /// Where the ply stands.
        at: TextPos,
        /// Its index in the game (0 for the first ply).
        ply: usize,
        /// The ply as written.
        text: String,
        /// Why the game refuses it.
        error: FlipGameError,
    },
    /// The result contradicts the rules' verdict.
    #[error("{at}: the result {found} contradicts the rules' verdict {verdict}")]
    Result {
        /// Where the result token stands.
        at: TextPos,
        /// The token read.
        found: String,
        /// The token of the rules' verdict.
        verdict: String,
    },
}
