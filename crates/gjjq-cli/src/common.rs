//! What the commands share: reading a position and a ruleset from arguments.

use std::fmt;

use clap::Args;
use gjjq_core::{Position, Ruleset, Setup};

/// A failed command: a message for stderr, the exit code is non-zero.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

/// `--position` and `--rules`, for every command that works on one position.
#[derive(Debug, Clone, Args)]
pub struct PositionArgs {
    /// A position string; the default opening when left out.
    #[arg(long, value_name = "STRING")]
    pub position: Option<String>,
    /// `standard`, or a ruleset JSON file.
    #[arg(long, value_name = "standard|FILE", default_value = "standard")]
    pub rules: String,
}

impl PositionArgs {
    /// The position these arguments name, validated under their ruleset.
    pub fn position(&self) -> Result<Position, CliError> {
        let rules = load_rules(&self.rules)?;
        let setup = match &self.position {
            Some(s) => s
                .parse::<Setup>()
                .map_err(|e| CliError(format!("position string: {e}")))?,
            None => Setup::default_opening(),
        };
        Position::from_setup_with(setup, rules).map_err(|e| CliError(e.to_string()))
    }
}

/// `standard` or the path of a ruleset JSON file; errors name the file and the field.
pub fn load_rules(spec: &str) -> Result<Ruleset, CliError> {
    if let Some(r) = Ruleset::preset(spec) {
        return Ok(r);
    }
    let text = std::fs::read_to_string(spec).map_err(|e| {
        CliError(format!(
            "ruleset '{spec}': not a preset (standard) and not a readable file: {e}"
        ))
    })?;
    let rules: Ruleset =
        serde_json::from_str(&text).map_err(|e| CliError(format!("ruleset file {spec}: {e}")))?;
    rules
        .validate()
        .map_err(|e| CliError(format!("ruleset file {spec}: {e}")))?;
    Ok(rules)
}
