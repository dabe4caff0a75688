//! An engine run as a process and spoken to line by line, for any controller (the match
//! arbiter, the CCGC referee): started by the shell in a process group of its own, its output
//! read through a bounded queue of capped lines (issue 26, items 11 and 12), every wait with a
//! deadline that tells a crash from silence, and ended as a group together with every process
//! that carries its mark (issue 50, item 12: a child that left the group with `setsid`).
//!
//! What is said over the lines (a protocol, `quit` before the end) is the caller's.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use crate::line::{BoundedLine, read_line_bounded};

/// What becomes of a line longer than the limit of a [`LineProcess`] (the rest of it is read
/// and dropped either way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LongLines {
    /// Its first `max_line` bytes are passed on.
    Cut,
    /// An empty line is passed on in its place.
    Blank,
}

/// Why [`LineProcess::next_line`] has no line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoLine {
    /// The process exited (with this status) before a line came: a crash, even if a child of
    /// its own still holds its output open (issue 26, item 17).
    Exited(ExitStatus),
    /// Its output closed; the exit status if it has exited.
    Closed(Option<ExitStatus>),
    /// The deadline passed with the process still running.
    Timeout,
}

/// A running engine process: lines from its standard output arrive through a bounded
/// channel, so that every wait has a deadline; its standard error goes nowhere. Dropping it
/// ends the process, its group and every process that carries its mark.
#[derive(Debug)]
pub struct LineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The value of [`MARK_VAR`] in the engine's environment, and so in that of everything it
    /// starts (read back only where `/proc` is).
    #[cfg_attr(not(unix), allow(dead_code))]
    mark: String,
}

impl LineProcess {
    /// Start `command` by the shell (`sh -c`, in a process group of its own; `cmd /C`
    /// elsewhere than Unix, where the engine alone is ended at the end), its output read in
    /// lines of at most `max_line` bytes, longer ones passed on as `long_lines` says.
    ///
    /// # Errors
    ///
    /// The shell cannot be started.
    pub fn start(command: &str, max_line: usize, long_lines: LongLines) -> io::Result<Self> {
        let mark = new_mark();
        let mut child = shell(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .env(MARK_VAR, &mark)
            .spawn()?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::sync_channel(LINE_QUEUE);
        std::thread::spawn(move || forward_lines(stdout, &tx, max_line, long_lines));
        Ok(LineProcess {
            child,
            stdin,
            lines: rx,
            mark,
        })
    }

    /// Write `text` (with its line end: nothing is added) and flush it.
    ///
    /// # Errors
    ///
    /// The engine's input is closed.
    pub fn send(&mut self, text: impl fmt::Display) -> io::Result<()> {
        write!(self.stdin, "{text}")?;
        self.stdin.flush()
    }

    /// The next line of the engine's output (trimmed, lossily decoded), waited for until
    /// `deadline`; or why none came. The deadline is checked before every line, so an engine
    /// that keeps printing cannot keep the caller waiting past it (issue 26, item 11).
    ///
    /// # Errors
    ///
    /// [`NoLine`]: the engine exited, closed its output, or was silent until the deadline.
    pub fn next_line(&mut self, deadline: Instant) -> Result<String, NoLine> {
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(match self.child.try_wait() {
                    Ok(Some(status)) => NoLine::Exited(status),
                    _ => NoLine::Timeout,
                });
            }
            match self.lines.recv_timeout((deadline - now).min(POLL)) {
                Ok(line) => return Ok(line),
                Err(RecvTimeoutError::Timeout) => {
                    if let Ok(Some(status)) = self.child.try_wait() {
                        return Err(NoLine::Exited(status));
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(NoLine::Closed(self.child.try_wait().ok().flatten()));
                }
            }
        }
    }

    /// Drop the lines that wait to be read (what the engine said out of turn).
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Wait up to `grace` for the engine to exit by itself (after a `quit`); whether it did.
    pub fn wait_exit(&mut self, grace: Duration) -> bool {
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }
}

impl Drop for LineProcess {
    fn drop(&mut self) {
        #[cfg(unix)]
        end_group(&mut self.child, &self.mark);
        // Kills nothing if the engine has been reaped.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// End the engine's process group (its id is the group's), so that nothing the engine started
/// outlives it (issue 26, item 12), and every process that left the group but carries the
/// mark: TERM first, then KILL for whatever is left after a grace, so that a process that traps
/// or ignores TERM is not let off (issue 41, item 10).
#[cfg(unix)]
fn end_group(child: &mut Child, mark: &str) {
    let group = child.id();
    signal_group(group, "TERM");
    signal_marked(mark, "TERM");
    let deadline = Instant::now() + TERM_GRACE;
    while Instant::now() < deadline {
        // Reap the leader if it has gone, so that a zombie does not count as alive.
        let _ = child.try_wait();
        if !group_alive(group) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    signal_group(group, "KILL");
    // What left the group (`setsid`, a double fork) still carries the mark: KILL it too,
    // again until none is found (a marked process may have forked meanwhile).
    for _ in 0..MARK_ROUNDS {
        if !signal_marked(mark, "KILL") {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// How long an engine's waits are cut into, to see whether it has exited meanwhile.
const POLL: Duration = Duration::from_millis(50);

/// How long an engine's process group has to end after TERM before it is sent KILL.
#[cfg(unix)]
const TERM_GRACE: Duration = Duration::from_millis(200);

/// How many lines from an engine can wait for the caller; the reader blocks beyond that.
const LINE_QUEUE: usize = 256;

/// `command` run by the shell: `sh -c`, in a process group of its own.
#[cfg(unix)]
fn shell(command: &str) -> Command {
    use std::os::unix::process::CommandExt;
    let mut p = Command::new("sh");
    p.arg("-c").arg(command).process_group(0);
    p
}

/// `command` run by the shell: `cmd /C`.
#[cfg(not(unix))]
fn shell(command: &str) -> Command {
    let mut p = Command::new("cmd");
    p.arg("/C").arg(command);
    p
}

/// `kill(1)` with `args`, its output dropped: the standard library has no call for a signal
/// and the crate keeps no `libc` dependency for it. Whether it succeeded.
#[cfg(unix)]
fn kill(args: &[String]) -> bool {
    Command::new("kill")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Send a signal to the process group `pgid`. Failures (the group is already gone) are
/// ignored.
#[cfg(unix)]
fn signal_group(pgid: u32, signal: &str) {
    kill(&[format!("-{signal}"), "--".into(), format!("-{pgid}")]);
}

/// Whether the process group `pgid` still has a process (`kill -0`; a zombie counts until it
/// is reaped).
#[cfg(unix)]
fn group_alive(pgid: u32) -> bool {
    kill(&["-0".into(), "--".into(), format!("-{pgid}")])
}

/// The environment variable that marks an engine's processes: set on the engine's shell, it
/// is inherited by everything the engine starts, through `fork`, `exec`, `setsid` and double
/// forks alike (issue 50, item 12). Its name is the one the match arbiter gave it first.
///
/// Why a mark and not something else: a process group (kept as the first net) and a session
/// are both left by `setsid`; `prctl(PR_SET_PDEATHSIG)` in a `pre_exec` reaches only the
/// engine's own process (it is cleared in every child it forks) and would need `unsafe`;
/// cgroups need privileges a match should not. The environment is copied into every
/// descendant and read back from `/proc/PID/environ` (the environment each process started
/// with, readable for the user's own processes), so only a process that deliberately
/// replaces its environment escapes. On systems without `/proc` the process group alone is
/// ended.
pub const MARK_VAR: &str = "GJJQ_ARBITER_ENGINE";

/// How many times the marked processes are looked for and killed at the end of an engine.
#[cfg(unix)]
const MARK_ROUNDS: usize = 20;

/// A mark no other engine of any controller running now has: this process's id and a
/// counter.
fn new_mark() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}.{n}", std::process::id())
}

/// The processes whose environment holds `MARK_VAR=mark` (none where `/proc` cannot be read).
/// Zombies have no environment left and are not found.
#[cfg(unix)]
fn marked(mark: &str) -> Vec<String> {
    let needle = format!("{MARK_VAR}={mark}");
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(Result::ok)
        .filter_map(|e| Some(e.file_name().to_str()?.parse::<u32>().ok()?.to_string()))
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(|var| var == needle.as_bytes()))
        })
        .collect()
}

/// Send `signal` to every process marked `mark`; whether any was found.
#[cfg(unix)]
fn signal_marked(mark: &str, signal: &str) -> bool {
    let pids = marked(mark);
    if pids.is_empty() {
        return false;
    }
    let mut args = vec![format!("-{signal}"), "--".into()];
    args.extend(pids);
    kill(&args);
    true
}

/// Read lines from `from` and pass them to `to`, each of at most `max_line` bytes (longer ones
/// as `long_lines` says), until the stream ends or the receiver is gone. The queue is bounded,
/// so a flooding engine blocks here instead of growing the caller's memory.
fn forward_lines(from: impl Read, to: &SyncSender<String>, max_line: usize, long_lines: LongLines) {
    let mut reader = BufReader::new(from);
    let mut buf = Vec::new();
    while let Some(line) = read_capped_line(&mut reader, &mut buf, max_line, long_lines) {
        if to.send(line).is_err() {
            break;
        }
    }
}

/// One line of at most `cap` bytes (trimmed, lossily decoded), the rest of a longer line read
/// and dropped ([`read_line_bounded`]) and the line passed as `long_lines` says; `None` at the
/// end of the stream or on a read error.
fn read_capped_line(
    reader: &mut impl BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
    long_lines: LongLines,
) -> Option<String> {
    match read_line_bounded(reader, buf, cap) {
        Ok(Some(BoundedLine::TooLong)) if long_lines == LongLines::Blank => Some(String::new()),
        Ok(Some(BoundedLine::Complete | BoundedLine::TooLong)) => {
            Some(String::from_utf8_lossy(buf).trim().to_string())
        }
        Ok(None) | Err(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[test]
    fn an_over_long_line_is_cut_or_blanked_and_the_rest_dropped() {
        const MAX: usize = 64 * 1024;
        let mut text = vec![b'x'; 3 * MAX];
        text.extend_from_slice(b"\nbestmove 0000\n");
        for (long_lines, first) in [
            (LongLines::Cut, "x".repeat(MAX)),
            (LongLines::Blank, String::new()),
        ] {
            let mut reader = BufReader::with_capacity(1000, &text[..]);
            let mut buf = Vec::new();
            let mut next = || read_capped_line(&mut reader, &mut buf, MAX, long_lines);
            assert_eq!(next().as_deref(), Some(first.as_str()));
            assert_eq!(next().as_deref(), Some("bestmove 0000"));
            assert_eq!(next(), None);
        }
    }

    /// An endless stream of empty lines, one a read, counting its reads.
    struct Flood(Arc<AtomicUsize>);

    impl Read for Flood {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0.fetch_add(1, Ordering::SeqCst);
            buf[0] = b'\n';
            Ok(1)
        }
    }

    #[test]
    fn the_line_queue_is_bounded() {
        // Nobody reads the queue: the reader must block once it is full, not grow it.
        let reads = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = mpsc::sync_channel(LINE_QUEUE);
        let flood = Flood(reads.clone());
        std::thread::spawn(move || forward_lines(flood, &tx, 4096, LongLines::Cut));
        std::thread::sleep(Duration::from_millis(300));
        let n = reads.load(Ordering::SeqCst);
        assert!(n <= LINE_QUEUE + 2, "{n} lines read");
        drop(rx);
    }

    #[cfg(unix)]
    #[test]
    fn lines_are_read_and_silence_exit_and_a_closed_output_are_told_apart() {
        let far = || Instant::now() + Duration::from_secs(10);
        let mut p = LineProcess::start("read -r l; echo \"got $l\"; sleep 100", 64, LongLines::Cut)
            .unwrap();
        p.send("hello\n").unwrap();
        assert_eq!(p.next_line(far()).as_deref(), Ok("got hello"));
        let soon = Instant::now() + Duration::from_millis(100);
        assert_eq!(p.next_line(soon), Err(NoLine::Timeout));
        drop(p);

        // Exited while a child of its own holds the output open: a crash, not a timeout.
        let mut p = LineProcess::start("sleep 100 & exit 3", 64, LongLines::Cut).unwrap();
        assert!(matches!(p.next_line(far()), Err(NoLine::Exited(s)) if s.code() == Some(3)),);
        drop(p);

        let mut p = LineProcess::start("exec 1>&-; sleep 100", 64, LongLines::Cut).unwrap();
        assert_eq!(p.next_line(far()), Err(NoLine::Closed(None)));
    }

    /// Whether process `pid` is alive (a zombie counts as gone).
    #[cfg(unix)]
    fn alive(pid: &str) -> bool {
        let ps = Command::new("ps")
            .args(["-o", "stat=", "-p", pid.trim()])
            .output()
            .unwrap();
        let stat = String::from_utf8_lossy(&ps.stdout);
        !stat.trim().is_empty() && !stat.trim().starts_with('Z')
    }

    /// A child in the group, one that ignores TERM, and one that left with `setsid`: none
    /// survives the end.
    #[cfg(unix)]
    #[test]
    fn the_end_reaches_the_group_and_setsid_children() {
        let command = "sleep 100 & echo $!; (trap '' TERM; sleep 100) & echo $!; \
                       setsid sh -c 'echo $$; exec sleep 100' </dev/null & wait";
        let mut p = LineProcess::start(command, 64, LongLines::Cut).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let pids: Vec<String> = (0..3).map(|_| p.next_line(deadline).unwrap()).collect();
        assert!(pids.iter().all(|pid| alive(pid)), "{pids:?}");
        drop(p);
        let left: Vec<&String> = pids.iter().filter(|pid| alive(pid)).collect();
        for pid in &left {
            let _ = Command::new("kill").args(["-KILL", pid.as_str()]).status();
        }
        assert!(left.is_empty(), "{left:?} outlived the end");
    }
}
