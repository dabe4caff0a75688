//! The engine processes: started by `sh -c` in a process group of their own, spoken to over
//! the protocol with a deadline on every wait, their output read through a bounded queue of
//! capped lines (issue 26, items 11 and 12), and ended as a group together with every
//! process that carries its mark (issue 50, item 12: a child that left the group with `setsid`).

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use gjjq_core::Side;
use junqi_protocol::line::{BoundedLine, read_line_bounded};
use junqi_protocol::{Command, GoParams, Id, Reply, Score};

use crate::config::{EngineSpec, MatchConfig, TimeControl};
use crate::report::{Ending, MatchError, Termination};

/// What can go wrong talking to an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Failure {
    Crash(String),
    Timeout(String),
}

/// A running engine process: lines from its standard output arrive through a channel, so that
/// every wait has a deadline.
pub(crate) struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: Option<String>,
    /// The value of [`MARK_VAR`] in the engine's environment, and so in that of everything it
    /// starts.
    mark: String,
}

impl EngineProcess {
    fn start(spec: &EngineSpec, timeout: Duration) -> Result<EngineProcess, Failure> {
        let mark = new_mark();
        let mut child = Process::new("sh")
            .arg("-c")
            .arg(&spec.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .env(MARK_VAR, &mark)
            .spawn()
            .map_err(|e| Failure::Crash(format!("cannot run '{}': {e}", spec.command)))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::sync_channel(LINE_QUEUE);
        std::thread::spawn(move || forward_lines(stdout, &tx));
        let mut p = EngineProcess {
            child,
            stdin,
            lines: rx,
            name: None,
            mark,
        };
        p.send(&Command::Uci)?;
        let deadline = Instant::now() + timeout;
        loop {
            match p.next_line(deadline, "uciok")?.parse() {
                Ok(Reply::Id(Id::Name(n))) => p.name = Some(n),
                Ok(Reply::UciOk) => break,
                _ => {}
            }
        }
        for (name, value) in &spec.options {
            p.send(&Command::SetOption {
                name: name.clone(),
                value: Some(value.clone()),
            })?;
        }
        Ok(p)
    }

    fn send(&mut self, command: &Command) -> Result<(), Failure> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Failure::Crash(format!("cannot be written to ({e})")))
    }

    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, Failure> {
        // The deadline is checked before every line, so an engine that keeps printing cannot
        // keep the arbiter waiting past it (issue 26, item 11).
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(self.timeout_or_exit(waiting_for));
            }
            let left = (deadline - now).min(Duration::from_millis(50));
            match self.lines.recv_timeout(left) {
                Ok(l) => return Ok(l),
                Err(RecvTimeoutError::Timeout) => {
                    // An engine that has exited while a child of its own still holds its output
                    // open is a crash, not a timeout (issue 26, item 17).
                    if let Ok(Some(status)) = self.child.try_wait() {
                        return Err(Failure::Crash(format!(
                            "exited ({status}) while the arbiter waited for '{waiting_for}'"
                        )));
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self
                        .child
                        .try_wait()
                        .ok()
                        .flatten()
                        .map_or_else(String::new, |s| format!(" ({s})"));
                    return Err(Failure::Crash(format!(
                        "closed its output{status} while the arbiter waited for '{waiting_for}'"
                    )));
                }
            }
        }
    }

    fn timeout_or_exit(&mut self, waiting_for: &str) -> Failure {
        match self.child.try_wait() {
            Ok(Some(status)) => Failure::Crash(format!(
                "exited ({status}) while the arbiter waited for '{waiting_for}'"
            )),
            _ => Failure::Timeout(format!("no '{waiting_for}' in time")),
        }
    }

    fn ready(&mut self, timeout: Duration) -> Result<(), Failure> {
        self.send(&Command::IsReady)?;
        let deadline = Instant::now() + timeout;
        while self.next_line(deadline, "readyok")?.parse() != Ok(Reply::ReadyOk) {}
        Ok(())
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "{}", Command::Quit);
        let _ = self.stdin.flush();
        let deadline = Instant::now() + QUIT_GRACE;
        let mut exited = false;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                exited = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        // The engine runs in its own process group (its id is the group's): end the whole
        // group, so that nothing the engine started outlives the match (issue 26, item 12).
        // TERM first, then KILL for whatever is left after a grace: a process that traps or
        // ignores TERM is not let off (issue 41, item 10).
        let group = self.child.id();
        signal_group(group, "TERM");
        signal_marked(&self.mark, "TERM");
        let deadline = Instant::now() + TERM_GRACE;
        while Instant::now() < deadline {
            // Reap the leader if it has gone, so that a zombie does not count as alive.
            if let Ok(Some(_)) = self.child.try_wait() {
                exited = true;
            }
            if !group_alive(group) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        signal_group(group, "KILL");
        // What left the group (`setsid`, a double fork) still carries the mark: KILL it too,
        // again until none is found (a marked process may have forked meanwhile).
        for _ in 0..MARK_ROUNDS {
            if !signal_marked(&self.mark, "KILL") {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        if !exited {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// How long an engine's process group has to end after TERM before it is sent KILL.
const TERM_GRACE: Duration = Duration::from_millis(200);

/// How long an engine has to leave after `quit` before its process group gets a signal.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// How many lines from an engine can wait for the arbiter; the reader blocks beyond that.
const LINE_QUEUE: usize = 256;

/// The longest line the arbiter keeps from an engine, in bytes; the rest of a longer line is
/// read and dropped.
const MAX_LINE: usize = 64 * 1024;

/// Send a signal to the process group `pgid` with `kill(1)`: the standard library has no call
/// for it and the crate keeps no `libc` dependency for this one use. Failures (the group is
/// already gone) are ignored.
fn signal_group(pgid: u32, signal: &str) {
    let _ = Process::new("kill")
        .arg(format!("-{signal}"))
        .arg("--")
        .arg(format!("-{pgid}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// The environment variable that marks an engine's processes: set on the engine's `sh`, it is
/// inherited by everything the engine starts, through `fork`, `exec`, `setsid` and double
/// forks alike (issue 50, item 12).
///
/// Why a mark and not something else: a process group (kept as the first net) and a session
/// are both left by `setsid`; `prctl(PR_SET_PDEATHSIG)` in a `pre_exec` reaches only the
/// engine's own process (it is cleared in every child it forks) and would need `unsafe`;
/// cgroups need privileges a match should not. The environment is copied into every
/// descendant and read back from `/proc/PID/environ` (the environment each process started
/// with, readable for the user's own processes), so only a process that deliberately
/// replaces its environment escapes. On systems without `/proc` the process group alone is
/// ended.
const MARK_VAR: &str = "GJJQ_ARBITER_ENGINE";

/// How many times the marked processes are looked for and killed at the end of an engine.
const MARK_ROUNDS: usize = 20;

/// A mark no other engine of any match running now has: the arbiter's process id and a
/// counter.
fn new_mark() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}.{n}", std::process::id())
}

/// The processes whose environment holds `MARK_VAR=mark` (none where `/proc` cannot be read).
/// Zombies have no environment left and are not found.
fn marked(mark: &str) -> Vec<u32> {
    let needle = format!("{MARK_VAR}={mark}");
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(|var| var == needle.as_bytes()))
        })
        .collect()
}

/// Send `signal` to every process marked `mark` with `kill(1)`; whether any was found.
fn signal_marked(mark: &str, signal: &str) -> bool {
    let pids = marked(mark);
    if pids.is_empty() {
        return false;
    }
    let _ = Process::new("kill")
        .arg(format!("-{signal}"))
        .arg("--")
        .args(pids.iter().map(u32::to_string))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    true
}

/// Whether the process group `pgid` still has a process (`kill -0`; a zombie counts until it
/// is reaped).
fn group_alive(pgid: u32) -> bool {
    Process::new("kill")
        .arg("-0")
        .arg("--")
        .arg(format!("-{pgid}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Read lines from `from` and pass them to `to`, each cut to [`MAX_LINE`] bytes, until the
/// stream ends or the receiver is gone. The queue is bounded, so a flooding engine blocks here
/// instead of growing the arbiter's memory.
fn forward_lines(from: impl Read, to: &SyncSender<String>) {
    let mut reader = BufReader::new(from);
    let mut buf = Vec::new();
    while let Some(line) = read_capped_line(&mut reader, &mut buf, MAX_LINE) {
        if to.send(line).is_err() {
            break;
        }
    }
}

/// One line of at most `cap` bytes (trimmed, lossily decoded), the rest of a longer line read
/// and dropped ([`read_line_bounded`]); `None` at the end of the stream or on a read error.
fn read_capped_line(reader: &mut impl BufRead, buf: &mut Vec<u8>, cap: usize) -> Option<String> {
    match read_line_bounded(reader, buf, cap) {
        Ok(Some(BoundedLine::Complete | BoundedLine::TooLong)) => {
            Some(String::from_utf8_lossy(buf).trim().to_string())
        }
        Ok(None) | Err(_) => None,
    }
}

/// Check that both engines start, and learn their names.
pub(crate) fn probe(config: &MatchConfig) -> Result<[String; 2], MatchError> {
    let mut names = [String::new(), String::new()];
    for (i, spec) in config.engines.iter().enumerate() {
        let p = EngineProcess::start(spec, Duration::from_millis(config.move_timeout_ms))
            .and_then(|mut p| {
                p.ready(Duration::from_millis(config.move_timeout_ms))?;
                Ok(p)
            })
            .map_err(|f| MatchError::EngineStart {
                index: i + 1,
                command: spec.command.clone(),
                detail: match f {
                    Failure::Crash(d) | Failure::Timeout(d) => d,
                },
            })?;
        names[i] = spec
            .name
            .clone()
            .or_else(|| p.name.clone())
            .unwrap_or_else(|| format!("engine{}", i + 1));
    }
    if names[0] == names[1] {
        names[0].push_str(" #1");
        names[1].push_str(" #2");
    }
    Ok(names)
}

/// Start both engines for a game (`engine_of` names the engine of each side), send each the
/// game's `setup` commands (a ruleset other than the standard one) and start a new game in
/// each; the processes in Red, Green order, or the ending of a side that failed to start
/// (`side_name` names the side in its detail).
pub(crate) fn start_engines(
    config: &MatchConfig,
    names: &[String; 2],
    engine_of: impl Fn(Side) -> usize,
    side_name: impl Fn(Side) -> &'static str,
    setup: &[Command],
) -> Result<Vec<EngineProcess>, Ending> {
    let timeout = Duration::from_millis(config.move_timeout_ms);
    let mut procs: Vec<EngineProcess> = Vec::with_capacity(2);
    for side in [Side::Red, Side::Green] {
        let e = engine_of(side);
        match EngineProcess::start(&config.engines[e], timeout).and_then(|mut p| {
            for command in setup {
                p.send(command)?;
            }
            p.send(&Command::NewGame)?;
            p.ready(timeout)?;
            Ok(p)
        }) {
            Ok(p) => procs.push(p),
            Err(Failure::Crash(d) | Failure::Timeout(d)) => {
                return Err((
                    Some(side.other()),
                    Termination::StartupFailure,
                    format!("{} ({}) failed to start: {d}", names[e], side_name(side)),
                ));
            }
        }
    }
    Ok(procs)
}

/// The `go` command for `side`'s engine and the milliseconds it has to answer. `clock` is
/// in the order of [`Side::index`]: Red's time is `wtime`, Green's `btime`.
pub(crate) fn go_command(
    config: &MatchConfig,
    spec: &EngineSpec,
    clock: &[u64; 2],
    side: Side,
) -> (Command, u64) {
    let mut go = GoParams {
        depth: spec.depth,
        nodes: spec.nodes,
        ..GoParams::default()
    };
    let deadline_ms = match config.time_control {
        TimeControl::Clock { inc_ms, .. } => {
            go.wtime = Some(clock[Side::Red.index()]);
            go.btime = Some(clock[Side::Green.index()]);
            go.winc = Some(inc_ms);
            go.binc = Some(inc_ms);
            clock[side.index()] + config.time_margin_ms
        }
        TimeControl::MoveTime(ms) => {
            go.movetime = Some(ms);
            ms + config.time_margin_ms
        }
        TimeControl::None => config.move_timeout_ms,
    };
    (Command::Go(go), deadline_ms)
}

/// An engine's answer to `go`: the move text, the score and depth of its last `info` line
/// that gave a score, and the milliseconds it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Answer {
    pub(crate) text: String,
    pub(crate) score: Option<Score>,
    pub(crate) depth: Option<u32>,
    pub(crate) used_ms: u64,
}

impl Answer {
    /// The game file comment of the move: score, depth and time, e.g. `cp 35 d12 105ms`
    /// (fastchess writes the same three).
    pub(crate) fn comment(&self) -> String {
        let mut c = String::new();
        if let Some(s) = self.score {
            c.push_str(&format!("{s} "));
        }
        if let Some(d) = self.depth {
            c.push_str(&format!("d{d} "));
        }
        c.push_str(&format!("{}ms", self.used_ms));
        c
    }
}

/// Send `position` and `go`, and wait until `deadline` for the `bestmove`: its move text and
/// the last score (with its depth) of the `info` lines before it. A malformed `info` line
/// counts as one without a score; a malformed `bestmove` line answers the word after
/// `bestmove` (empty if none), for the game to judge.
fn ask(
    p: &mut EngineProcess,
    position: &Command,
    go: &Command,
    deadline: Instant,
) -> Result<(String, Option<Score>, Option<u32>), Failure> {
    p.send(position)?;
    p.send(go)?;
    let (mut score, mut depth) = (None, None);
    loop {
        let line = p.next_line(deadline, "bestmove")?;
        match line.parse::<Reply>() {
            Ok(Reply::Info(info)) if info.score.is_some() => {
                score = info.score;
                depth = info.depth;
            }
            Ok(Reply::BestMove(b)) => return Ok((b.mv, score, depth)),
            Err(_) if line.split_whitespace().next() == Some("bestmove") => {
                let mv = line.split_whitespace().nth(1).unwrap_or("");
                return Ok((mv.to_string(), score, depth));
            }
            _ => {}
        }
    }
}

/// One answer of an engine; or the ending when it crashed or was too late (`side_name`
/// names the side in its detail).
pub(crate) fn answer(
    p: &mut EngineProcess,
    position: &Command,
    go: &Command,
    deadline_ms: u64,
    who: &str,
    (side, side_name): (Side, &str),
) -> Result<Answer, Ending> {
    let asked = Instant::now();
    let deadline = asked + Duration::from_millis(deadline_ms);
    let result = ask(p, position, go, deadline);
    let used = asked.elapsed().as_millis() as u64;
    let (text, score, depth) = match result {
        Ok(a) => a,
        Err(Failure::Crash(d)) => {
            return Err((
                Some(side.other()),
                Termination::Crash,
                format!("{who} ({side_name}) {d}"),
            ));
        }
        Err(Failure::Timeout(_)) => {
            return Err((
                Some(side.other()),
                Termination::Timeout,
                format!("{who} ({side_name}) sent no move within {deadline_ms} ms"),
            ));
        }
    };
    if used > deadline_ms {
        return Err((
            Some(side.other()),
            Termination::Timeout,
            format!("{who} ({side_name}) took {used} ms of {deadline_ms} ms"),
        ));
    }
    Ok(Answer {
        text,
        score,
        depth,
        used_ms: used,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;

    #[test]
    fn a_move_comment_has_score_depth_and_time() {
        let line = "info depth 7 seldepth 9 score cp -35 nodes 100 pv 5B5A";
        let Ok(Reply::Info(info)) = line.parse() else {
            panic!("{line}")
        };
        let a = Answer {
            text: "5B5A".into(),
            score: info.score,
            depth: info.depth,
            used_ms: 105,
        };
        assert_eq!(a.comment(), "cp -35 d7 105ms");
    }

    #[test]
    fn an_over_long_line_is_cut_and_the_rest_dropped() {
        let mut text = vec![b'x'; 3 * MAX_LINE];
        text.extend_from_slice(b"\nbestmove 0000\n");
        let mut reader = BufReader::with_capacity(1000, &text[..]);
        let mut buf = Vec::new();
        let first = read_capped_line(&mut reader, &mut buf, MAX_LINE).unwrap();
        assert_eq!(first.len(), MAX_LINE);
        assert_eq!(
            read_capped_line(&mut reader, &mut buf, MAX_LINE).as_deref(),
            Some("bestmove 0000")
        );
        assert_eq!(read_capped_line(&mut reader, &mut buf, MAX_LINE), None);
    }

    /// An endless stream of empty lines, one a read, counting its reads.
    struct Flood(std::sync::Arc<std::sync::atomic::AtomicUsize>);

    impl Read for Flood {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.0.fetch_add(1, Ordering::SeqCst);
            buf[0] = b'\n';
            Ok(1)
        }
    }

    #[test]
    fn the_line_queue_is_bounded() {
        // Nobody reads the queue: the reader must block once it is full, not grow it.
        let reads = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (tx, rx) = mpsc::sync_channel(LINE_QUEUE);
        let flood = Flood(reads.clone());
        std::thread::spawn(move || forward_lines(flood, &tx));
        std::thread::sleep(Duration::from_millis(300));
        let n = reads.load(Ordering::SeqCst);
        assert!(n <= LINE_QUEUE + 2, "{n} lines read");
        drop(rx);
    }
}
