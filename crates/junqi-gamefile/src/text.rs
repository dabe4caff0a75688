//! The cutting of echoed input in error messages.

/// The most characters of offending input an error message echoes.
pub(crate) const ECHO_LIMIT: usize = 40;

/// `s` cut to `limit` characters, with `…` and the full length when it was longer: errors
/// echo what they refuse, but never all of a huge field. (`gjjq_core::setup::clip` is the same rule
/// for the 国际军棋 crates, which the grammar does not depend on.)
///
/// # Examples
///
/// ```
/// assert_eq!(junqi_gamefile::clip("short", 40), "short");
/// assert_eq!(junqi_gamefile::clip("abcdef", 3), "abc… (6 characters)");
/// ```
#[must_use]
pub fn clip(s: &str, limit: usize) -> String {
    match s.char_indices().nth(limit) {
        None => s.to_owned(),
        Some((i, _)) => format!("{}… ({} characters)", &s[..i], s.chars().count()),
    }
}

/// `s` cut to [`ECHO_LIMIT`] characters.
pub(crate) fn clip40(s: &str) -> String {
    clip(s, ECHO_LIMIT)
}
