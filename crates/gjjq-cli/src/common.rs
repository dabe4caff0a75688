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

impl<E: std::error::Error + 'static> From<E> for CliError {
    fn from(e: E) -> CliError {
        // A closed pipe (`gjjq moves | head`) means the reader has all it wants: stop quietly,
        // as Unix tools do, rather than report an error.
        if (&e as &dyn std::any::Any)
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
        {
            std::process::exit(0);
        }
        CliError(e.to_string())
    }
}

/// `println!` that returns a write error (a closed pipe) through `?` instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)?;
    }};
}

/// `print!` that returns a write error through `?` instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*)?;
    }};
}

pub(crate) use {out, outln};

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
    // The error carries its line and column in the file.
    Ruleset::from_json(&text).map_err(|e| CliError(format!("ruleset file {spec}: {e}")))
}

/// `red` or `green` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SideArg {
    /// Red (紅).
    Red,
    /// Green (綠).
    Green,
}

impl From<SideArg> for gjjq_core::Side {
    fn from(s: SideArg) -> gjjq_core::Side {
        match s {
            SideArg::Red => gjjq_core::Side::Red,
            SideArg::Green => gjjq_core::Side::Green,
        }
    }
}
