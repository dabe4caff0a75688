//! The cutting of echoed input in error messages.

/// `text` cut to `limit` characters, with `…` and the full length when it was longer: errors
/// echo what they refuse, but never all of a huge field. The one clipping of echoed input,
/// used by every parser and front end of every game.
///
/// # Examples
///
/// ```
/// use junqi_game::clip;
/// assert_eq!(clip("short", 40), "short");
/// assert_eq!(clip("abcdef", 3), "abc… (6 characters)");
/// assert_eq!(clip("軍旗軍旗", 2), "軍旗… (4 characters)");
/// ```
#[must_use]
pub fn clip(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        None => text.to_owned(),
        Some((i, _)) => format!("{}… ({} characters)", &text[..i], text.chars().count()),
    }
}

#[cfg(test)]
mod tests {
    use super::clip;

    #[test]
    fn clip_keeps_what_fits_and_counts_what_it_cut() {
        assert_eq!(clip("", 0), "");
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abcd", 3), "abc… (4 characters)");
        assert_eq!(clip("abcd", 0), "… (4 characters)");
        // Characters, not bytes: a cut never splits a character.
        assert_eq!(clip("陸戰棋", 1), "陸… (3 characters)");
    }
}
