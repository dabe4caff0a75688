//! The cutting of echoed input in error messages.

/// The most characters of offending input an error message echoes.
pub(crate) const ECHO_LIMIT: usize = 40;

/// The one clipping of echoed input (`junqi_game::clip`): `s` cut to `limit` characters, with
/// `…` and the full length when it was longer.
///
/// # Examples
///
/// ```
/// assert_eq!(junqi_gamefile::clip("abcdef", 3), "abc… (6 characters)");
/// ```
pub use junqi_game::clip;

/// `s` cut to [`ECHO_LIMIT`] characters.
pub(crate) fn clip40(s: &str) -> String {
    clip(s, ECHO_LIMIT)
}
