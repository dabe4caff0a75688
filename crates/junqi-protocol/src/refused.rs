//! What a game refuses in a `position` command that parsed, worded once for every game's
//! engine (`gjjq-engine` for 国际军棋, `luzhanqi engine` for 陸戰棋).

use std::fmt;

use thiserror::Error;

/// The most characters of an information state a [`PositionRefused::InfoState`] echoes.
pub const STATE_ECHO_CHARS: usize = 200;

/// A `position` command that parsed ([`crate::parse_command`]) but names an information state
/// or a move the game refuses. An engine reports it as `info string <error>` and otherwise
/// ignores the line.
///
/// # Examples
///
/// ```
/// use junqi_protocol::PositionRefused;
/// let e = PositionRefused::info_state("r r", "expected 4 fields");
/// assert_eq!(e.to_string(), "position: invalid information state 'r r': expected 4 fields");
/// let e = PositionRefused::at_move(0, "5B5A", "is malformed: no such point".to_string());
/// assert_eq!(e.to_string(), "position: move 1 '5B5A' is malformed: no such point");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionRefused {
    /// The information state after `position hidden` is malformed or not one a referee could
    /// have told.
    #[error("position: invalid information state '{state}': {detail}")]
    InfoState {
        /// The state as given (its first [`STATE_ECHO_CHARS`] characters).
        state: String,
        /// Why.
        detail: String,
    },
    /// A move after `moves` is malformed or not legal where it stands.
    #[error("position: move {index} '{text}' {detail}")]
    Move {
        /// Its number in the list, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// Why it was refused.
        detail: String,
    },
}

impl PositionRefused {
    /// The information state `text` refused for `detail` (`text` cut to its first
    /// [`STATE_ECHO_CHARS`] characters).
    #[must_use]
    pub fn info_state(text: &str, detail: impl fmt::Display) -> PositionRefused {
        PositionRefused::InfoState {
            state: text.chars().take(STATE_ECHO_CHARS).collect(),
            detail: detail.to_string(),
        }
    }

    /// The move `text` at place `i` of the list (counted from 0; the message counts from 1)
    /// refused for `detail`.
    #[must_use]
    pub fn at_move(i: usize, text: &str, detail: String) -> PositionRefused {
        PositionRefused::Move {
            index: i + 1,
            text: text.to_string(),
            detail,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_state_is_echoed_to_its_limit() {
        let text = "x".repeat(STATE_ECHO_CHARS + 50);
        let PositionRefused::InfoState { state, .. } = PositionRefused::info_state(&text, "bad")
        else {
            panic!("not an information state error");
        };
        assert_eq!(state.chars().count(), STATE_ECHO_CHARS);
    }
}
