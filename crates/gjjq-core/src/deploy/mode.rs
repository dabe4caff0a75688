//! How a game is played (對局陣法): the play modes and their names.

use super::*;

/// How a game is played (對局陣法, seed 000): the seed's 明式, 暗式 and 翻式.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum PlayMode {
    /// 明式, open play: both sides see every piece.
    #[default]
    Open,
    /// 翻式, face-down deployment turned up before play (R-36); then played open.
    Fanshi,
    /// 暗式, hidden play: the enemy's kinds stay hidden (R-37).
    Hidden,
}

impl PlayMode {
    /// The name used in game files and on the command line: `open`, `fanshi`, `hidden`.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::deploy::PlayMode;
    /// assert_eq!(PlayMode::Fanshi.name(), "fanshi");
    /// assert_eq!("fanshi".parse::<PlayMode>(), Ok(PlayMode::Fanshi));
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PlayMode::Open => "open",
            PlayMode::Fanshi => "fanshi",
            PlayMode::Hidden => "hidden",
        }
    }
}

impl fmt::Display for PlayMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Not a play mode name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{text}' is not a play mode (open, fanshi, hidden)")]
pub struct PlayModeParseError {
    text: String,
}

impl PlayModeParseError {
    /// The text that did not parse (as given, or clipped where the error says so).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl FromStr for PlayMode {
    type Err = PlayModeParseError;

    fn from_str(s: &str) -> Result<PlayMode, PlayModeParseError> {
        Ok(match s {
            "open" => PlayMode::Open,
            "fanshi" => PlayMode::Fanshi,
            "hidden" => PlayMode::Hidden,
            _ => return Err(PlayModeParseError { text: s.to_owned() }),
        })
    }
}

#[cfg(test)]
mod typed_error_tests {
    use super::*;

    #[test]
    fn play_mode_error_keeps_the_text() {
        let e = "blind".parse::<PlayMode>().unwrap_err();
        assert_eq!(e.text(), "blind");
        assert_eq!(
            e.to_string(),
            "'blind' is not a play mode (open, fanshi, hidden)"
        );
    }
}
