//! # junqi-cli
//!
//! The command-line plumbing that the `gjjq` (国际军棋), `luzhanqi` (陸戰棋) and `siguo`
//! (四國軍棋) commands share, so that they read input, list moves and exit the same way: a
//! file opened with its name in the error, whole small inputs read within a limit applied while
//! reading, the one line of a position string, listings and `divide` sorted by byte order, a
//! seed when none is given, `deploy`'s arguments and answers, and clap's help and usage errors
//! printed with write errors handled.
//!
//! ```
//! let text = junqi_cli::read_bounded("  r1/9 r\n\n".as_bytes(), 64, "stdin")?;
//! let (line, column, position) = junqi_cli::one_line(&text, "stdin")?;
//! assert_eq!((line, column, position.trim()), (1, 3, "r1/9 r"));
//! # Ok::<(), junqi_cli::InputError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::fmt;
use std::io::{Read, Write};
use std::process::ExitCode;

mod deploy;

pub use deploy::{
    DeployArgs, DeployCommand, NoArgs, SeededArgs, SelfplayArgs, write_check, write_random,
};

/// The longest position string the commands read from a file or standard input (a valid one
/// is under 300 bytes in every game; this bounds what a wrong file can make a command read).
pub const MAX_POSITION_BYTES: u64 = 64 * 1024;

/// The longest ruleset file the commands read (a full ruleset is under 1 KiB in every game).
pub const MAX_RULES_BYTES: u64 = 1024 * 1024;

/// The longest game file read whole (`siguo replay`): a 四國 game of 10,000 plies is about
/// 100 KiB, so this holds thousands of games while a device that never ends (`/dev/zero`) or a
/// wrong file is refused before it fills the memory.
pub const MAX_GAME_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// Input that cannot be read or is not what a command takes; the message names `what` (a file
/// name or `stdin`) and, where it applies, the line and column.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// The path is empty.
    #[error("the file name is empty (give a path, or - for standard input where allowed)")]
    EmptyPath,
    /// Opening or reading failed.
    #[error("{what}: {error}")]
    Io {
        /// The file or stream.
        what: String,
        /// The operating system's error.
        error: std::io::Error,
    },
    /// More than the limit.
    #[error("{what}: longer than {limit} bytes")]
    TooLong {
        /// The file or stream.
        what: String,
        /// The limit in bytes.
        limit: u64,
    },
    /// Not UTF-8 from the given line and column on.
    #[error("{what}:{line}:{column}: not valid UTF-8")]
    NotUtf8 {
        /// The file or stream.
        what: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
    },
    /// No text but blank lines.
    #[error("{what}: no position string (the input is empty)")]
    Empty {
        /// The file or stream.
        what: String,
    },
    /// A second non-blank line where one was expected.
    #[error("{what}:{line}:1: a second line of text; a position string is one line")]
    SecondLine {
        /// The file or stream.
        what: String,
        /// 1-based line of the second line.
        line: usize,
    },
}

/// Open a file for reading; an empty path is named as such.
///
/// # Errors
///
/// [`InputError::EmptyPath`], or [`InputError::Io`] naming the path.
pub fn open_file(path: &str) -> Result<std::fs::File, InputError> {
    if path.is_empty() {
        return Err(InputError::EmptyPath);
    }
    std::fs::File::open(path).map_err(|error| InputError::Io {
        what: path.to_owned(),
        error,
    })
}

/// At most `limit` bytes of `reader` as UTF-8 text; more is an error naming `what`. The limit
/// is applied while reading (`take(limit + 1)`), so an endless input takes no more memory.
///
/// # Errors
///
/// [`InputError::Io`], [`InputError::TooLong`] or [`InputError::NotUtf8`] (with the line and
/// column of the first bad byte).
///
/// ```
/// assert!(junqi_cli::read_bounded(std::io::repeat(b'x'), 16, "stdin").is_err());
/// assert_eq!(junqi_cli::read_bounded(&b"abc"[..], 3, "stdin").unwrap(), "abc");
/// ```
pub fn read_bounded(reader: impl Read, limit: u64, what: &str) -> Result<String, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|error| InputError::Io {
            what: what.to_owned(),
            error,
        })?;
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLong {
            what: what.to_owned(),
            limit,
        });
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[start..]).chars().count() + 1;
        InputError::NotUtf8 {
            what: what.to_owned(),
            line,
            column,
        }
    })
}

/// The one non-blank line of `text` (a position string given in a file or on standard
/// input; a leading byte-order mark and blank lines allowed): its 1-based line number, the
/// 1-based column of its first non-blank character, and the line as written (each game's
/// parser decides what surrounding spaces mean).
///
/// # Errors
///
/// [`InputError::Empty`] or [`InputError::SecondLine`].
pub fn one_line<'a>(text: &'a str, what: &str) -> Result<(usize, usize, &'a str), InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((n, line)) = lines.next() else {
        return Err(InputError::Empty {
            what: what.to_owned(),
        });
    };
    if let Some((m, _)) = lines.next() {
        return Err(InputError::SecondLine {
            what: what.to_owned(),
            line: m + 1,
        });
    }
    let lead = line.chars().take_while(|c| c.is_whitespace()).count();
    Ok((n + 1, lead + 1, line))
}

/// `items` with their text forms, sorted by plain byte order of the text: the order of every
/// listing of moves and of `divide` (tools compare them line by line).
///
/// ```
/// let v = junqi_cli::sorted_by_text(["b2", "B1", "a9"]);
/// assert_eq!(v.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(), ["B1", "a9", "b2"]);
/// ```
pub fn sorted_by_text<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> Vec<(String, T)> {
    let mut v: Vec<_> = items.into_iter().map(|t| (t.to_string(), t)).collect();
    v.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    v
}

/// `divide`'s output from each root action's count: `<text> <count>` a line, sorted as
/// [`sorted_by_text`], then `total <sum>`.
///
/// # Errors
///
/// A write error.
///
/// ```
/// let mut out = Vec::new();
/// junqi_cli::write_divide(&mut out, [("b1", 3), ("a2", 4)])?;
/// assert_eq!(String::from_utf8(out).unwrap(), "a2 4\nb1 3\ntotal 7\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_divide<T: fmt::Display>(
    out: &mut impl Write,
    split: impl IntoIterator<Item = (T, u64)>,
) -> std::io::Result<()> {
    let mut rows: Vec<(String, u64)> = split.into_iter().map(|(a, n)| (a.to_string(), n)).collect();
    rows.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let mut total = 0u64;
    for (text, n) in rows {
        total += n;
        writeln!(out, "{text} {n}")?;
    }
    writeln!(out, "total {total}")
}

/// A seed drawn from the clock and the process, never 0: what a command uses when no seed is
/// given.
#[must_use]
pub fn fresh_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    ((t as u64) ^ u64::from(std::process::id()).rotate_left(32)).max(1)
}

/// Run an engine on the standard streams, as the `engine` commands do: `serve` reads
/// standard input and writes standard output unbuffered (the protocol writes line by line and
/// the controller waits for each line). Success, or `error: reading standard input: …` on
/// standard error and failure.
///
/// ```no_run
/// use std::io::{BufRead, Write};
/// fn main() -> std::process::ExitCode {
///     junqi_cli::serve_stdio(|input, mut output| {
///         for line in input.lines() {
///             writeln!(output, "{}", line?)?;
///         }
///         Ok(())
///     })
/// }
/// ```
pub fn serve_stdio(
    serve: impl FnOnce(std::io::StdinLock<'static>, std::io::Stdout) -> std::io::Result<()>,
) -> ExitCode {
    match serve(std::io::stdin().lock(), std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: reading standard input: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Print clap's help, version or usage error as `Parser::parse` would, with the write errors
/// handled like every other output: a usage error goes to stderr with clap's exit code (2);
/// help to a closed pipe is a quiet end (0), to a full disk an error (1).
#[must_use]
pub fn clap_exit(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    if e.use_stderr() {
        // A usage error: if stderr fails too, the exit code still says so.
        let _ = write!(std::io::stderr(), "{text}");
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    }
    let mut out = std::io::stdout();
    match write!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(io) if io.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(io) => {
            let _ = writeln!(std::io::stderr(), "error: {io}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_of_exactly_the_input_is_allowed_and_one_byte_more_is_not() {
        assert_eq!(read_bounded(&b"abcd"[..], 4, "f").unwrap(), "abcd");
        let e = read_bounded(&b"abcde"[..], 4, "f").unwrap_err();
        assert_eq!(e.to_string(), "f: longer than 4 bytes");
    }

    #[test]
    fn bad_utf8_is_named_by_line_and_column() {
        let e = read_bounded(&b"ab\ncd\xff"[..], 64, "f").unwrap_err();
        assert_eq!(e.to_string(), "f:2:3: not valid UTF-8");
    }

    #[test]
    fn one_line_allows_a_bom_and_blank_lines_and_refuses_a_second_line() {
        assert_eq!(
            one_line("\u{feff}\n  x y \n\n", "f").unwrap(),
            (2, 3, "  x y ")
        );
        assert_eq!(
            one_line("a\n\nb", "f").unwrap_err().to_string(),
            "f:3:1: a second line of text; a position string is one line"
        );
        assert_eq!(
            one_line(" \n", "f").unwrap_err().to_string(),
            "f: no position string (the input is empty)"
        );
        assert!(matches!(open_file(""), Err(InputError::EmptyPath)));
    }
}
