//! What can be wrong with a line.

use thiserror::Error;

/// A line that names a known command or message but is malformed: what was expected, in
/// which command or message and at which parameter, and what stood there instead. An engine
/// reports a command's error as `info string <error>` and otherwise ignores the line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// A parameter is missing its value or has one that is not a number of its range.
    #[error("{command}: '{name}' needs a number, found '{found}'")]
    BadNumber {
        /// The command or message (`go`, `info`, `option`).
        command: &'static str,
        /// The parameter.
        name: String,
        /// What stood where the number should be (empty at the end of the line).
        found: String,
    },
    /// `position` without `startpos`, `fen` or `hidden`.
    #[error(
        "position: expected 'startpos', 'fen <position string>' or 'hidden <information state>', found '{found}'"
    )]
    PositionStart {
        /// What followed `position`.
        found: String,
    },
    /// `setoption` without `name`.
    #[error("setoption: expected 'name <name> [value <value>]'")]
    SetOption,
    /// `debug` without `on` or `off`.
    #[error("debug: expected 'on' or 'off', found '{found}'")]
    Debug {
        /// What followed `debug`.
        found: String,
    },
    /// A score other than `cp N`, `win N` or `loss N`.
    #[error("score: expected 'cp <n>', 'win <plies>' or 'loss <plies>', found '{found}'")]
    Score {
        /// The score's words as found.
        found: String,
    },
    /// A line from an engine whose first word is no message of the protocol.
    #[error(
        "expected an engine's message (id, uciok, readyok, option, info, bestmove, deployment), found '{found}'"
    )]
    UnknownMessage {
        /// The first word.
        found: String,
    },
    /// `id` without `name <text>` or `author <text>`.
    #[error("id: expected 'name <text>' or 'author <text>', found '{found}'")]
    Id {
        /// What followed `id`.
        found: String,
    },
    /// `bestmove` without a move, or with something other than `ponder <move>` after it.
    #[error("bestmove: expected '<move> [ponder <move>]', found '{found}'")]
    BestMove {
        /// What followed `bestmove`.
        found: String,
    },
    /// `deployment` without a deployment string.
    #[error("deployment: expected 'deployment <deployment string>'")]
    Deployment,
    /// An `option` line without a field it needs or with a field its type does not have.
    #[error("option: {field} {problem}")]
    OptionLine {
        /// The field (`name`, `type`, `default`, `min`, `max`, `var`).
        field: &'static str,
        /// What is wrong with it.
        problem: String,
    },
}
