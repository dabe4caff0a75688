//! What the commands share: reading a position and a ruleset from arguments.

use std::fmt;

use clap::Args;
use gjjq_core::{Position, Ruleset, Setup, ruleset::RulesetError, setup::clip};

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

/// `--position`, `--position-file` and `--rules`, for every command that works on one
/// position.
#[derive(Debug, Clone, Args)]
pub struct PositionArgs {
    /// A position string, or `-` to read it from standard input; the default opening
    /// when left out.
    #[arg(long, value_name = "STRING|-", conflicts_with = "position_file")]
    pub position: Option<String>,
    /// A file holding a position string (for strings too long for an argument).
    #[arg(long, value_name = "FILE")]
    pub position_file: Option<String>,
    /// `standard`, or a ruleset JSON file (an object; a leading byte-order mark is skipped).
    #[arg(long, value_name = "standard|FILE", default_value = "standard")]
    pub rules: String,
}

impl PositionArgs {
    /// The position these arguments name, validated under their ruleset.
    pub fn position(&self) -> Result<Position, CliError> {
        let rules = load_rules(&self.rules)?;
        let (setup, place) = match (&self.position, &self.position_file) {
            (Some(s), _) if s == "-" => {
                let text = read_bounded(std::io::stdin().lock(), MAX_POSITION_BYTES, "stdin")?;
                (
                    parse_position_text(&text, "standard input")?,
                    "standard input".into(),
                )
            }
            (Some(s), _) => (
                s.parse::<Setup>()
                    .map_err(|e| CliError(format!("position string: {e}")))?,
                "--position".to_owned(),
            ),
            (None, Some(path)) => {
                let file = open_file(path)?;
                let text = read_bounded(file, MAX_POSITION_BYTES, path)?;
                (parse_position_text(&text, path)?, path.clone())
            }
            (None, None) => (Setup::default_opening(), "the default opening".into()),
        };
        Position::from_setup_with(setup, rules).map_err(|e| CliError(format!("{place}: {e}")))
    }
}

// Files and standard input are opened and read as by every command of both games.
pub use junqi_cli::{MAX_POSITION_BYTES, MAX_RULES_BYTES, open_file, read_bounded};

/// A position string given in a file or on standard input: one line, surrounding blank lines
/// and spaces and a byte-order mark allowed. Errors say the line and column in `what`.
fn parse_position_text(text: &str, what: &str) -> Result<Setup, CliError> {
    let (line_number, column, line) = junqi_cli::one_line(text, what)?;
    line.parse::<Setup>().map_err(|e| {
        CliError(format!(
            "{what}:{line_number}:{column}: position string: {e}"
        ))
    })
}

/// The rules spec `standard | FILE | JSON`: a preset name or a ruleset as JSON (the library's
/// one parser, [`Ruleset`]'s `FromStr`), else the path of a ruleset JSON file; errors name
/// the file, line and column.
pub fn load_rules(spec: &str) -> Result<Ruleset, CliError> {
    if Ruleset::preset(spec.trim()).is_some() || spec.trim_start().starts_with('{') {
        return spec.parse().map_err(|e: RulesetError| {
            CliError(format!("ruleset: {}", clip(&e.to_string(), 240)))
        });
    }
    let file = open_file(spec).map_err(|e| {
        CliError(format!(
            "ruleset: not a preset (standard) and not a readable file: {e}"
        ))
    })?;
    let text = read_bounded(file, MAX_RULES_BYTES, spec)?;
    Ruleset::from_json(&text).map_err(|e| match e {
        RulesetError::Json {
            line,
            column,
            message,
        } => CliError(format!(
            "ruleset file {spec}:{line}:{column}: {}",
            clip(&message, 240)
        )),
        other => CliError(format!("ruleset file {spec}: {other}")),
    })
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
