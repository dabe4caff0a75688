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

/// An output file replaced whole or not at all: written to a new temporary file beside it
/// (`<name>.partial-<pid>`, created exclusively, never through a link) and renamed over its
/// name by [`ReplacedFile::commit`]. Until then the old file (if any) is untouched and a
/// reader sees it whole; a failed run removes its temporary file, and a killed one leaves it
/// under a name that says it is incomplete, never under the output's name.
///
/// A link to a regular file has its target replaced (the link stays). A name that is not a
/// regular file (`/dev/null`, `/dev/stdout`, a FIFO) cannot be replaced by a rename and is
/// written directly.
pub struct ReplacedFile {
    /// The name given, for messages.
    name: String,
    /// The file written: the temporary one, or the output itself when written directly.
    file: std::io::BufWriter<std::fs::File>,
    /// The temporary file and the file it replaces; `None` when written directly.
    paths: Option<(std::path::PathBuf, std::path::PathBuf)>,
}

impl ReplacedFile {
    /// Starts replacing `name` (the option's value, `--out`, for messages: `what`); the
    /// temporary file is made at once, so an unwritable directory fails before any work.
    pub fn create(name: &str, what: &str) -> Result<ReplacedFile, CliError> {
        use std::path::{Path, PathBuf};
        let fail = |e: &dyn fmt::Display| CliError(format!("{what} {name}: {e}"));
        if name.is_empty() {
            return Err(CliError(format!("{what}: the file name is empty")));
        }
        let given = Path::new(name);
        let target: PathBuf = match std::fs::metadata(given) {
            Ok(m) if !m.is_file() => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(given)
                    .map_err(|e| fail(&e))?;
                return Ok(ReplacedFile {
                    name: format!("{what} {name}"),
                    file: std::io::BufWriter::new(file),
                    paths: None,
                });
            }
            // An existing file (or a link to one) is replaced where it is.
            Ok(_) => std::fs::canonicalize(given).map_err(|e| fail(&e))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => given.to_owned(),
            Err(e) => return Err(fail(&e)),
        };
        let file_name = target
            .file_name()
            .ok_or_else(|| fail(&"not a file name"))?
            .to_string_lossy()
            .into_owned();
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
            _ => PathBuf::from("."),
        };
        let mut n = 0u32;
        let (tmp, file) = loop {
            let suffix = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            let tmp = dir.join(format!(
                "{file_name}.partial-{}{suffix}",
                std::process::id()
            ));
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)
            {
                Ok(f) => break (tmp, f),
                // A name left by a killed run whose process id came back: take the next.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
                Err(e) => {
                    return Err(CliError(format!(
                        "{what} {name}: cannot create {}: {e}",
                        tmp.display()
                    )));
                }
            }
        };
        Ok(ReplacedFile {
            name: format!("{what} {name}"),
            file: std::io::BufWriter::new(file),
            paths: Some((tmp, target)),
        })
    }

    /// What an error while writing becomes: a message naming the output and, while it is
    /// replaced, saying that it is left as it was.
    pub fn failure(&self) -> impl Fn(&dyn fmt::Display) -> CliError + Clone + Send + Sync + use<> {
        let name = self.name.clone();
        let kept = if self.paths.is_some() {
            " (the file is left as it was)"
        } else {
            ""
        };
        move |e: &dyn fmt::Display| CliError(format!("{name}: {e}{kept}"))
    }

    /// Flushes, syncs and renames the temporary file over the output's name.
    pub fn commit(mut self) -> Result<(), CliError> {
        use std::io::Write as _;
        let failure = self.failure();
        self.file.flush().map_err(|e| failure(&e))?;
        let Some((tmp, target)) = self.paths.take() else {
            return Ok(());
        };
        let result = self
            .file
            .get_ref()
            .sync_all()
            .map_err(|e| failure(&e))
            .and_then(|()| {
                std::fs::rename(&tmp, &target)
                    .map_err(|e| failure(&format!("cannot rename {} to it: {e}", tmp.display())))
            });
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
}

impl std::io::Write for ReplacedFile {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.file.write(data)
    }

    fn write_all(&mut self, data: &[u8]) -> std::io::Result<()> {
        self.file.write_all(data)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl Drop for ReplacedFile {
    /// A file not committed (an error on the way) leaves no temporary file behind.
    fn drop(&mut self) {
        if let Some((tmp, _)) = &self.paths {
            let _ = std::fs::remove_file(tmp);
        }
    }
}
