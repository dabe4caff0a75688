//! Annotation glyphs: `!`, `?`, `!!`, `??`, `!?`, `?!` and numeric `$N`.

use std::fmt;
use std::str::FromStr;

/// An annotation glyph of a move, as PGN writes them. The six symbols are kept apart from
/// their numeric equivalents (`!` is not `$1`) so that a file is written back as it was.
///
/// # Examples
///
/// ```
/// use junqi_gamefile::Glyph;
/// let g: Glyph = "!?".parse()?;
/// assert_eq!(g, Glyph::Interesting);
/// assert_eq!(g.nag(), 5);
/// assert_eq!("$14".parse::<Glyph>()?, Glyph::Numeric(14));
/// assert_eq!(Glyph::Numeric(14).to_string(), "$14");
/// assert!("!!!".parse::<Glyph>().is_err());
/// assert!("$256".parse::<Glyph>().is_err());
/// assert!("$01".parse::<Glyph>().is_err(), "written back as it was read");
/// # Ok::<(), junqi_gamefile::GlyphParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!`: a good move.
    Good,
    /// `?`: a mistake.
    Mistake,
    /// `!!`: a brilliant move.
    Brilliant,
    /// `??`: a blunder.
    Blunder,
    /// `!?`: an interesting move.
    Interesting,
    /// `?!`: a dubious move.
    Dubious,
    /// `$N`: a numeric annotation glyph (PGN's NAG), 0 … 255.
    Numeric(u8),
}

impl Glyph {
    /// The glyph's number: 1 … 6 for the symbols (PGN's numbering), `N` for `$N`.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::Glyph;
    /// assert_eq!(Glyph::Blunder.nag(), 4);
    /// ```
    #[must_use]
    pub const fn nag(self) -> u8 {
        match self {
            Glyph::Good => 1,
            Glyph::Mistake => 2,
            Glyph::Brilliant => 3,
            Glyph::Blunder => 4,
            Glyph::Interesting => 5,
            Glyph::Dubious => 6,
            Glyph::Numeric(n) => n,
        }
    }

    /// The symbol, `None` for a numeric glyph.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::Glyph;
    /// assert_eq!(Glyph::Dubious.symbol(), Some("?!"));
    /// assert_eq!(Glyph::Numeric(1).symbol(), None);
    /// ```
    #[must_use]
    pub const fn symbol(self) -> Option<&'static str> {
        Some(match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
            Glyph::Numeric(_) => return None,
        })
    }

    /// The symbolic glyph `s` names (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    pub(crate) fn from_symbol(s: &str) -> Option<Glyph> {
        Some(match s {
            "!" => Glyph::Good,
            "?" => Glyph::Mistake,
            "!!" => Glyph::Brilliant,
            "??" => Glyph::Blunder,
            "!?" => Glyph::Interesting,
            "?!" => Glyph::Dubious,
            _ => return None,
        })
    }
}

/// Text that is not an annotation glyph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not an annotation glyph (!, ?, !!, ??, !?, ?! or $0 … $255)")]
pub struct GlyphParseError {
    text: String,
}

impl GlyphParseError {
    /// The text that did not parse (as given, or clipped where the error says so).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl FromStr for Glyph {
    type Err = GlyphParseError;

    fn from_str(s: &str) -> Result<Glyph, GlyphParseError> {
        if let Some(g) = Glyph::from_symbol(s) {
            return Ok(g);
        }
        let bad = || GlyphParseError {
            text: crate::text::clip40(s),
        };
        let digits = s.strip_prefix('$').ok_or_else(bad)?;
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.len() > 3
            || (digits.len() > 1 && digits.starts_with('0'))
        {
            return Err(bad());
        }
        digits.parse::<u8>().map(Glyph::Numeric).map_err(|_| bad())
    }
}

impl fmt::Display for Glyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.symbol() {
            Some(s) => f.write_str(s),
            None => write!(f, "${}", self.nag()),
        }
    }
}

// A glyph is written as its text (`"!?"`, `"$14"`) and read back through its parser.
#[cfg(feature = "serde")]
junqi_game::serde_as_text!(Glyph);

#[cfg(test)]
mod typed_error_tests {
    use super::*;

    #[test]
    fn glyph_error_keeps_the_text() {
        let e = "!!!".parse::<Glyph>().unwrap_err();
        assert_eq!(e.text(), "!!!");
        assert!(
            e.to_string()
                .starts_with("'!!!' is not an annotation glyph")
        );
    }
}
