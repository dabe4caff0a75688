//! Position strings (R-31) as a value with a string serde form.

use std::fmt;
use std::str::FromStr;

use gjjq_core::{Position, Ruleset, Setup, position::PositionError, setup::SetupParseError};

/// A position string (R-31), held as the [`Setup`] it describes. Serde reads and writes it as
/// the string, so a JSON document can carry positions readably.
///
/// # Examples
///
/// ```
/// use gjjq_notation::PositionString;
/// use gjjq_core::{Ruleset, setup::DEFAULT_OPENING};
/// let p: PositionString = DEFAULT_OPENING.parse()?;
/// assert_eq!(p.to_string(), DEFAULT_OPENING);
/// let pos = p.to_position(Ruleset::STANDARD).unwrap();
/// assert_eq!(pos.legal_moves().len(), 51);
/// assert_eq!(serde_json::to_string(&p).unwrap(), format!("\"{DEFAULT_OPENING}\""));
/// # Ok::<(), gjjq_core::setup::SetupParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PositionString(pub Setup);

impl PositionString {
    /// The setup.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::PositionString;
    /// use gjjq_core::Setup;
    /// assert_eq!(PositionString(Setup::default_opening()).setup(), &Setup::default_opening());
    /// ```
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.0
    }

    /// The validated position under `rules` (R-26).
    ///
    /// # Errors
    ///
    /// The [`PositionError`] of [`Position::from_setup_with`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::PositionString;
    /// use gjjq_core::Ruleset;
    /// let p: PositionString = "9/9/9/9/9/9/9/9/9/9 r -".parse()?;
    /// assert!(p.to_position(Ruleset::STANDARD).is_err()); // no kings
    /// # Ok::<(), gjjq_core::setup::SetupParseError>(())
    /// ```
    pub fn to_position(&self, rules: Ruleset) -> Result<Position, PositionError> {
        Position::from_setup_with(self.0.clone(), rules)
    }
}

impl From<Setup> for PositionString {
    fn from(setup: Setup) -> PositionString {
        PositionString(setup)
    }
}

impl From<&Position> for PositionString {
    fn from(pos: &Position) -> PositionString {
        PositionString(pos.to_setup())
    }
}

impl FromStr for PositionString {
    type Err = SetupParseError;

    fn from_str(s: &str) -> Result<PositionString, SetupParseError> {
        s.parse().map(PositionString)
    }
}

impl fmt::Display for PositionString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
