//! Text helpers shared by the parsers: character folding (R-30: full-width digits and letters
//! read as ASCII) and the cutting of echoed input in error messages.

/// The most characters of offending input an error message echoes.
pub(crate) const ECHO_LIMIT: usize = 40;

/// `s` cut to [`ECHO_LIMIT`] characters, with `…` and the full length when it was longer, so
/// that an error about a huge field stays short.
pub(crate) fn clip(s: &str) -> String {
    clip_to(s, ECHO_LIMIT)
}

/// `s` cut to `limit` characters as [`clip`] does.
pub(crate) fn clip_to(s: &str, limit: usize) -> String {
    gjjq_core::setup::clip(s, limit)
}

/// An error message of a token parser without its leading `column N: ` (the caller says where
/// in the file instead).
pub(crate) fn without_column(message: &str) -> &str {
    message
        .strip_prefix("column ")
        .and_then(|rest| {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            (digits > 0).then(|| rest[digits..].strip_prefix(": "))?
        })
        .unwrap_or(message)
}

/// The ASCII character a full-width digit or letter (`０`–`９`, `Ａ`–`Ｚ`, `ａ`–`ｚ`) stands
/// for; any other character unchanged.
pub(crate) fn fold_full_width(c: char) -> char {
    match c {
        '０'..='９' | 'Ａ'..='Ｚ' | 'ａ'..='ｚ' | '（' | '）' => {
            // The full-width forms block mirrors ASCII 0x21..=0x7E at offset 0xFEE0.
            char::from_u32(c as u32 - 0xFEE0).unwrap_or(c)
        }
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::{clip, fold_full_width, without_column};

    #[test]
    fn clip_cuts_long_input_and_says_how_long() {
        assert_eq!(clip("short"), "short");
        let long = "x".repeat(1 << 20);
        let cut = clip(&long);
        assert!(cut.len() < 80, "{cut}");
        assert!(cut.ends_with("(1048576 characters)"), "{cut}");
    }

    #[test]
    fn without_column_strips_only_the_prefix() {
        assert_eq!(without_column("column 12: bad"), "bad");
        assert_eq!(without_column("columns: bad"), "columns: bad");
        assert_eq!(without_column("an ASCII move"), "an ASCII move");
    }

    #[test]
    fn folds_full_width_forms() {
        assert_eq!(fold_full_width('５'), '5');
        assert_eq!(fold_full_width('Ｂ'), 'B');
        assert_eq!(fold_full_width('ｄ'), 'd');
        assert_eq!(fold_full_width('（'), '(');
        assert_eq!(fold_full_width('团'), '团');
    }
}
