//! Character folding shared by the parsers: full-width digits and letters read as ASCII.

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
    use super::fold_full_width;

    #[test]
    fn folds_full_width_forms() {
        assert_eq!(fold_full_width('５'), '5');
        assert_eq!(fold_full_width('Ｂ'), 'B');
        assert_eq!(fold_full_width('ｄ'), 'd');
        assert_eq!(fold_full_width('（'), '(');
        assert_eq!(fold_full_width('团'), '团');
    }
}
