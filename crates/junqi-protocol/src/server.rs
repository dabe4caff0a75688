//! The engine's side of a session, for any game: lines read within a bound, the commands
//! every engine answers alike (`isready`, `stop`, `quit`, `ponderhit`, `debug`) answered here,
//! every other command handed to the game's [`Session`], and bad input reported on one
//! `info string` line and ignored, never a reason to exit (docs/protocol.md).
//!
//! `gjjq engine` (国际军棋), `luzhanqi engine` (陸戰棋) and `siguo engine` (四國軍棋) are each
//! a [`Session`] over this loop: what they share is written here once. The two that keep
//! their agents from one search to the next are [`GameSession`](crate::session::GameSession)s,
//! whose search thread, stop and watchdog are [`crate::session`]'s.
//!
//! ```
//! use junqi_protocol::server::{Output, Session, serve};
//! use junqi_protocol::Command;
//!
//! /// An engine that knows one move.
//! struct OneMove {
//!     out: Output,
//! }
//!
//! impl Session for OneMove {
//!     fn apply(&mut self, cmd: Command) {
//!         match cmd {
//!             Command::Uci => self.out.send("uciok"),
//!             Command::Go(_) => self.out.send("bestmove a1a2"),
//!             _ => {}
//!         }
//!     }
//!     fn finish_search(&mut self) {}
//! }
//!
//! let transcript = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
//! struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
//! impl std::io::Write for Shared {
//!     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().write(b) }
//!     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
//! }
//! let out = Output::new(Shared(transcript.clone()));
//! let input = "uci\nisready\ngo depth x\ngo depth 1\nquit\n";
//! serve(input.as_bytes(), &out, &mut OneMove { out: out.clone() })?;
//! let text = String::from_utf8(transcript.lock().unwrap().clone()).unwrap();
//! let lines: Vec<&str> = text.lines().collect();
//! assert_eq!(lines[0..2], ["uciok", "readyok"]);
//! assert!(lines[2].starts_with("info string "), "{}", lines[2]);
//! assert_eq!(lines[3], "bestmove a1a2");
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex, PoisonError};

use crate::Command;
use crate::command::parse_command;
use crate::line::{BoundedLine, escape_for_line, read_line_limited, skip_line};

/// The longest input line read, in bytes, its newline excluded (a `position` with tens of
/// thousands of moves fits); a longer line is reported and ignored.
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// How many characters of a line that is not read (too long, not UTF-8) are echoed back.
pub const ECHO_CHARS: usize = 60;

/// How many characters of an error are reported.
pub const ERROR_CHARS: usize = 300;

/// Where the engine writes, shared by the reading loop and the search thread: whole lines,
/// flushed, write errors ignored (a controller that went away cannot be told anything).
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// An output writing to `w`.
    pub fn new<W: Write + Send + 'static>(w: W) -> Output {
        Output(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Write `line` and a newline, and flush.
    pub fn send(&self, line: &str) {
        let mut w = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }

    /// `info string <text>`, `text` escaped ([`escape_for_line`]): whatever it quotes (a
    /// refused line, a file's name or contents, an option's value) stays on this one line.
    pub fn info(&self, text: &str) {
        self.send(&format!("info string {}", escape_for_line(text)));
    }
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Output")
    }
}

/// What a game's engine does with the commands [`serve`] does not answer itself.
pub trait Session {
    /// Carry out `cmd`: `uci`, `setoption`, `ucinewgame`, `position`, `position hidden` or
    /// `go` (the others never reach it). A session ends its running search
    /// ([`Session::finish_search`]) before it changes its state, and reports what it refuses
    /// on an `info string` line.
    fn apply(&mut self, cmd: Command);

    /// Stop the running search, if any, and return once its `bestmove` is written.
    fn finish_search(&mut self);

    /// Get ready for `go` before `readyok` is answered to `isready`: allocate what the
    /// settings ask for (a transposition table), so that a timed `go` spends none of its time
    /// on it (issue 50, item 5). During a search it must return at once (`isready` is answered
    /// while the engine thinks). The default does nothing.
    fn ready(&mut self) {}

    /// A deployment for `deploy [<side>]` (`side` as written, `None` when none is given):
    /// `Ok(<deployment string>)`, answered `deployment <deployment string>`, or `Err(<why>)`,
    /// answered `info string <why>`. Answered at once, also during a search, which it leaves
    /// alone. The default: an engine that has no deployment to give says so.
    ///
    /// # Errors
    ///
    /// Why no deployment is given: the side is not one of the game's, or the engine has no
    /// deployment policy (the default).
    fn deploy(&mut self, side: Option<&str>) -> Result<String, String> {
        let _ = side;
        Err("deploy: this engine gives no deployment".to_string())
    }
}

/// The one clipping of echoed input (`junqi_game::clip`): `text` cut to `limit` characters,
/// with `…` and the full length when it was longer.
///
/// ```
/// use junqi_protocol::server::clip;
/// assert_eq!(clip("abcdef", 3), "abc… (6 characters)");
/// ```
pub use junqi_game::clip;

/// Serve the protocol on `input` until `quit` or the end of the input (which ends a running
/// search as `quit` does): `isready` is answered `readyok` once the session is ready
/// ([`Session::ready`]), at once during a search;
/// `stop` ends the search ([`Session::finish_search`]); `ponderhit` and `debug` are ignored;
/// every other command goes to `session`. A line too long (reported at its limit, the rest
/// skipped), not UTF-8 or not a command is reported (`info string`, with the line's number or
/// the parser's error) and ignored.
///
/// # Errors
///
/// Only a failure to read `input`.
pub fn serve<R: BufRead, S: Session>(
    mut input: R,
    out: &Output,
    session: &mut S,
) -> io::Result<()> {
    let mut buf = Vec::new();
    let mut number = 0usize;
    loop {
        number += 1;
        let why = match read_line_limited(&mut input, &mut buf, MAX_LINE_BYTES)? {
            None => break,
            Some(BoundedLine::TooLong) => {
                // Reported at the limit, before the rest is skipped: a line that never ends
                // is refused at once (issue 50, item 10).
                out.info(&too_long(number, &buf));
                skip_line(&mut input)?;
                continue;
            }
            Some(BoundedLine::Complete) => match std::str::from_utf8(&buf) {
                Ok(text) => {
                    if !handle(text, out, session) {
                        return Ok(());
                    }
                    continue;
                }
                Err(_) => "not UTF-8".to_string(),
            },
        };
        out.info(&ignored(number, &why, &buf));
    }
    session.finish_search();
    Ok(())
}

/// [`serve`] the session `make` builds on the output `output`: the loop of an engine binary.
///
/// # Errors
///
/// Only a failure to read `input`.
pub fn serve_new<R: BufRead, W: Write + Send + 'static, S: Session>(
    input: R,
    output: W,
    make: impl FnOnce(Output) -> S,
) -> io::Result<()> {
    let out = Output::new(output);
    let mut session = make(out.clone());
    serve(input, &out, &mut session)
}

/// The report of line `number`, not read for `why`: its first characters.
fn ignored(number: usize, why: &str, line: &[u8]) -> String {
    format!(
        "line {number}: {why}, ignored: '{}'",
        clip(&String::from_utf8_lossy(line), ECHO_CHARS)
    )
}

/// The report of line `number`, longer than [`MAX_LINE_BYTES`] (`start`: its first bytes).
fn too_long(number: usize, start: &[u8]) -> String {
    ignored(
        number,
        &format!("longer than {MAX_LINE_BYTES} bytes"),
        start,
    )
}

/// Handle one line; `false` after `quit`.
fn handle<S: Session>(line: &str, out: &Output, session: &mut S) -> bool {
    match parse_command(line) {
        Ok(None) => {}
        Err(e) => out.info(&clip(&e.to_string(), ERROR_CHARS)),
        Ok(Some(Command::IsReady)) => {
            session.ready();
            out.send("readyok");
        }
        Ok(Some(Command::Stop)) => session.finish_search(),
        Ok(Some(Command::PonderHit | Command::Debug(_))) => {}
        Ok(Some(Command::Deploy(side))) => match session.deploy(side.as_deref()) {
            Ok(d) => out.send(&crate::Reply::Deployment(d).to_string()),
            Err(why) => out.info(&clip(&why, ERROR_CHARS)),
        },
        Ok(Some(Command::Quit)) => {
            session.finish_search();
            return false;
        }
        Ok(Some(other)) => session.apply(other),
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Log {
        applied: Vec<String>,
        finished: usize,
        readied: usize,
    }

    impl Session for Log {
        fn apply(&mut self, cmd: Command) {
            self.applied.push(cmd.to_string());
        }
        fn finish_search(&mut self) {
            self.finished += 1;
        }
        fn ready(&mut self) {
            self.readied += 1;
        }
    }

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().write(b)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn run(input: &[u8]) -> (Log, Vec<String>) {
        let sink = Sink::default();
        let out = Output::new(sink.clone());
        let mut log = Log::default();
        serve(input, &out, &mut log).unwrap();
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        (log, text.lines().map(str::to_string).collect())
    }

    #[test]
    fn common_commands_are_answered_here_and_the_rest_go_to_the_session() {
        let (log, lines) = run(b"uci\nisready\nstop\nponderhit\ndebug on\ngo depth 2\nquit\ngo\n");
        assert_eq!(log.applied, ["uci", "go depth 2"]);
        // `stop`, then `quit`; nothing is read after `quit`.
        assert_eq!(log.finished, 2);
        assert_eq!(lines, ["readyok"]);
        // The session got ready before `readyok` (issue 50, item 5).
        assert_eq!(log.readied, 1);
    }

    /// `deploy` (issue 51 item 2(b)) never reaches `apply`: a session without deployments
    /// (the default, 国际军棋's `gjjq engine`) answers `info string`, one with them
    /// `deployment …` or its refusal, and a running search is left alone.
    #[test]
    fn deploy_is_answered_by_the_session_or_refused() {
        let (log, lines) = run(b"deploy\ndeploy red\n");
        assert!(log.applied.is_empty());
        assert_eq!(log.finished, 1); // the end of the input only
        assert_eq!(
            lines,
            [
                "info string deploy: this engine gives no deployment",
                "info string deploy: this engine gives no deployment"
            ]
        );
        struct Deploys;
        impl Session for Deploys {
            fn apply(&mut self, _: Command) {}
            fn finish_search(&mut self) {}
            fn deploy(&mut self, side: Option<&str>) -> Result<String, String> {
                match side {
                    None | Some("red") => Ok("LFL".into()),
                    Some(other) => Err(format!("deploy: no side '{other}'")),
                }
            }
        }
        let sink = Sink::default();
        let out = Output::new(sink.clone());
        serve(
            &b"deploy\ndeploy red\ndeploy gr\x1been\n"[..],
            &out,
            &mut Deploys,
        )
        .unwrap();
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert_eq!(
            text.lines().collect::<Vec<_>>(),
            [
                "deployment LFL",
                "deployment LFL",
                "info string deploy: no side 'gr\\x1been'"
            ]
        );
    }

    #[test]
    fn the_end_of_the_input_ends_the_search() {
        let (log, _) = run(b"go infinite\n");
        assert_eq!(log.finished, 1);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number_and_ignored() {
        let mut input = b"isready\n\xff\xfe\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 1));
        // An unknown word is ignored silently (UCI); a known command with a bad field is not.
        input.extend(b"\nnonsense here\ngo depth x\nisready\n");
        let (log, lines) = run(&input);
        assert!(log.applied.is_empty());
        assert_eq!(lines[0], "readyok");
        assert!(
            lines[1].starts_with("info string line 2: not UTF-8, ignored:"),
            "{lines:?}"
        );
        assert!(
            lines[2].starts_with("info string line 3: longer than 4194304 bytes, ignored: 'xxx"),
            "{lines:?}"
        );
        assert!(lines[2].contains("characters)"), "{lines:?}");
        assert!(lines[3].starts_with("info string "), "{lines:?}");
        assert_eq!(lines[4], "readyok");
        assert_eq!(lines.len(), 5);
    }

    /// Issue 50, item 10: a line that never ends is reported at its limit. The input gives
    /// endless bytes until the report is written (then a line end and `quit`), or gives up
    /// 64 MiB past the limit.
    #[test]
    fn an_endless_line_is_reported_at_its_limit() {
        struct Endless {
            sink: Sink,
            given: Arc<Mutex<usize>>,
            rest: &'static [u8],
        }
        impl io::Read for Endless {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let reported = !self.sink.0.lock().unwrap().is_empty();
                let mut given = self.given.lock().unwrap();
                if reported || *given > MAX_LINE_BYTES + (64 << 20) {
                    let n = self.rest.len().min(out.len());
                    out[..n].copy_from_slice(&self.rest[..n]);
                    self.rest = &self.rest[n..];
                    return Ok(n);
                }
                out.fill(b'x');
                *given += out.len();
                Ok(out.len())
            }
        }
        let sink = Sink::default();
        let out = Output::new(sink.clone());
        let given = Arc::new(Mutex::new(0));
        let input = Endless {
            sink: sink.clone(),
            given: given.clone(),
            rest: b"\nisready\nquit\n",
        };
        let mut log = Log::default();
        serve(io::BufReader::new(input), &out, &mut log).unwrap();
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(
            lines[0].starts_with("info string line 1: longer than 4194304 bytes, ignored: 'xxx"),
            "{lines:?}"
        );
        assert_eq!(lines[1], "readyok");
        // Reported at the limit, not after 64 MiB more.
        let given = *given.lock().unwrap();
        assert!(given <= MAX_LINE_BYTES + (64 << 10), "{given}");
    }
}
