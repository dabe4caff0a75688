//! What a line of the protocol that cannot be read becomes: one error type for the messages
//! and the coordinates, naming the field and clipping what was found.

use thiserror::Error;

/// A line of the protocol that cannot be read: what and where (the field's name).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CcgcError {
    /// The first word is no message of the protocol.
    #[error("unknown message '{0}'")]
    Unknown(String),
    /// A field is missing.
    #[error("{message}: the field '{field}' is missing")]
    Missing {
        /// The message word.
        message: &'static str,
        /// The field's name.
        field: &'static str,
    },
    /// A field is not what the protocol allows there.
    #[error("the field '{field}' cannot be '{found}'")]
    BadField {
        /// The field's name.
        field: &'static str,
        /// The text found, clipped to 40 characters (`junqi_game::clip`).
        found: String,
    },
}

/// A field that is not what the protocol allows there, the text found clipped to 40
/// characters.
pub(super) fn bad(field: &'static str, found: &str) -> CcgcError {
    CcgcError::BadField {
        field,
        found: junqi_game::clip(found, 40),
    }
}
