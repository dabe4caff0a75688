//! The match arbiter: plays two engine programs against each other over the protocol, with the
//! library adjudicating every move and every end. Native only (processes, threads, clocks).
//!
//! Each game starts both engines afresh, so a crash, a hang or garbage in one game cannot touch
//! the next. Each opening is played twice, the engines swapping colours.
//!
//! In a hidden match ([`MatchConfig::hidden`], 暗式, R-37 … R-41) a referee
//! ([`HiddenGame`]) holds the true game and each engine is sent only its own information
//! state (`position hidden`, `docs/protocol.md`); a refused proposal is sent back, appended
//! to the state, for another `go`.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use gjjq_core::{Game, Move, Position, Ruleset, Setup, Side, deploy::Opening, hidden::HiddenGame};
use gjjq_notation::{
    AsciiMove, GameRecord, GameResult, MoveText, Record, RecordedMove, referee_record,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use thiserror::Error;

use crate::protocol::{hidden_position_line, parse_score};
use crate::search::{outcome_reason, outcome_winner};
use crate::stats::{Sprt, SprtDecision, Tally};

/// One engine of a match: a shell command and how it is asked to search.
///
/// # Examples
///
/// ```
/// use gjjq_engine::arbiter::EngineSpec;
/// let e = EngineSpec::new("gjjq engine").with_depth(4);
/// assert_eq!((e.command.as_str(), e.depth, e.name), ("gjjq engine", Some(4), None));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line, run by `sh -c`.
    pub command: String,
    /// The name in the game file; the engine's `id name` when `None`.
    pub name: Option<String>,
    /// `go depth D` for this engine.
    pub depth: Option<u32>,
    /// `go nodes N` for this engine.
    pub nodes: Option<u64>,
    /// `setoption name N value V` sent after the handshake, in order.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// An engine run by `command`, with no limits of its own.
    #[must_use]
    pub fn new(command: &str) -> EngineSpec {
        EngineSpec {
            command: command.to_string(),
            name: None,
            depth: None,
            nodes: None,
            options: Vec::new(),
        }
    }

    /// The same engine searching to `depth` plies.
    #[must_use]
    pub fn with_depth(mut self, depth: u32) -> EngineSpec {
        self.depth = Some(depth);
        self
    }
}

/// The time control of a match.
///
/// # Examples
///
/// ```
/// use gjjq_engine::arbiter::TimeControl;
/// assert_eq!("10+0.1".parse(), Ok(TimeControl::Clock { base_ms: 10_000, inc_ms: 100 }));
/// assert_eq!("40".parse(), Ok(TimeControl::Clock { base_ms: 40_000, inc_ms: 0 }));
/// assert_eq!(TimeControl::Clock { base_ms: 10_000, inc_ms: 100 }.to_string(), "10+0.1");
/// assert_eq!(TimeControl::MoveTime(250).to_string(), "movetime=0.25");
/// assert!("10+x".parse::<TimeControl>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock per side: base time and increment per move.
    Clock {
        /// Initial time in milliseconds.
        base_ms: u64,
        /// Increment per move in milliseconds.
        inc_ms: u64,
    },
    /// A fixed time per move, in milliseconds (`go movetime`).
    MoveTime(u64),
    /// No clock: the engines' own depth or node limits end their searches.
    None,
}

/// A time control that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("time control '{0}': expected SECONDS or SECONDS+INCREMENT, e.g. 10+0.1")]
pub struct TimeControlError(pub String);

impl std::str::FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let ms = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .map(|v| (v * 1000.0).round() as u64)
                .ok_or_else(|| TimeControlError(s.to_string()))
        };
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let base_ms = ms(base)?;
        if base_ms == 0 {
            return Err(TimeControlError(s.to_string()));
        }
        Ok(TimeControl::Clock {
            base_ms,
            inc_ms: ms(inc)?,
        })
    }
}

impl fmt::Display for TimeControl {
    /// The game file's `TimeControl` tag: `10+0.1` (seconds), `movetime=0.25`, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Clock { base_ms, inc_ms } => {
                write!(f, "{}+{}", seconds(base_ms), seconds(inc_ms))
            }
            TimeControl::MoveTime(ms) => write!(f, "movetime={}", seconds(ms)),
            TimeControl::None => f.write_str("-"),
        }
    }
}

fn seconds(ms: u64) -> String {
    let s = format!("{}.{:03}", ms / 1000, ms % 1000);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Everything a match needs.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    /// The two engines; results are counted for the first.
    pub engines: [EngineSpec; 2],
    /// Games to play (each opening twice, so an even number is fair).
    pub games: u32,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Opening positions, used in turn, each for two games with colours swapped.
    pub openings: Vec<Position>,
    /// Random legal plies played from each opening before the game (0: none), drawn from
    /// `seed`; both games of a pair start from the same position.
    pub random_plies: u32,
    /// Seed of the random plies.
    pub seed: u64,
    /// The time control.
    pub time_control: TimeControl,
    /// Grace beyond the clock or `movetime` before a move counts as too late.
    pub time_margin_ms: u64,
    /// How long an engine may take for a move when no clock bounds it, and to start.
    pub move_timeout_ms: u64,
    /// Games still going after this many plies are adjudicated drawn (`ply-limit`).
    pub max_plies: u32,
    /// Stop early once this test decides.
    pub sprt: Option<Sprt>,
    /// The `Event` tag.
    pub event: String,
    /// Hidden play (暗式, R-37 … R-41): each opening must be an opening (R-32: two
    /// deployments, no move played); a referee runs each game and the engines see only their
    /// own information states. The random plies are played through the referee.
    pub hidden: bool,
}

impl MatchConfig {
    /// A match of `games` games between `engines` from the default opening (R-27), one at a
    /// time, at `time_control`, with a 100 ms time margin, 60 s move timeout and 1000 plies.
    #[must_use]
    pub fn new(engines: [EngineSpec; 2], games: u32, time_control: TimeControl) -> MatchConfig {
        MatchConfig {
            engines,
            games,
            concurrency: 1,
            openings: vec![Position::default()],
            random_plies: 0,
            seed: 1,
            time_control,
            time_margin_ms: 100,
            move_timeout_ms: 60_000,
            max_plies: 1000,
            sprt: None,
            event: "gjjq match".to_string(),
            hidden: false,
        }
    }
}

/// Why a game ended, beyond the rules' own reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The rules decided (R-21 … R-25): king captured, trapped king, no move, insufficient
    /// material, repetition, no-capture limit; the word is the rule's.
    Rules(&'static str),
    /// An engine answered with a move that is malformed or (in open play) not legal.
    IllegalMove,
    /// In hidden play (暗式), an engine proposed again a move the referee had refused it
    /// this turn (R-38).
    RepeatedRefusal,
    /// An engine exited or closed its output.
    Crash,
    /// An engine answered too late or not at all.
    Timeout,
    /// An engine did not complete the handshake (`uciok`, `readyok`).
    StartupFailure,
    /// The game reached the match's ply limit: drawn.
    PlyLimit,
}

impl Termination {
    /// The word of the game file's `Termination` tag.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_engine::arbiter::Termination;
    /// assert_eq!(Termination::IllegalMove.as_str(), "illegal-move");
    /// assert_eq!(Termination::Rules("trapped-king").as_str(), "trapped-king");
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Rules(w) => w,
            Termination::IllegalMove => "illegal-move",
            Termination::RepeatedRefusal => "repeated-refusal",
            Termination::Crash => "crash",
            Termination::Timeout => "timeout",
            Termination::StartupFailure => "startup-failure",
            Termination::PlyLimit => "ply-limit",
        }
    }
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// Its number, from 1.
    pub round: u32,
    /// The index of its opening in [`MatchConfig::openings`].
    pub opening: usize,
    /// Which engine (0 or 1) played Red.
    pub red_engine: usize,
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// Why it ended.
    pub termination: Termination,
    /// What happened, in words (which engine, what it sent).
    pub detail: String,
    /// The game file record (tags, moves, result).
    pub record: GameRecord,
}

impl GameReport {
    /// The points of engine 0: 1, ½ or 0.
    #[must_use]
    pub fn first_engine_points(&self) -> f64 {
        match self.winner {
            None => 0.5,
            Some(w) => {
                let first_is_red = self.red_engine == 0;
                if (w == Side::Red) == first_is_red {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}

/// The end of a match.
#[derive(Debug, Clone)]
pub struct MatchSummary {
    /// The engines' names.
    pub names: [String; 2],
    /// The first engine's wins, draws and losses.
    pub tally: Tally,
    /// How many games ended for each reason, in order of first appearance.
    pub terminations: Vec<(&'static str, u32)>,
    /// The SPRT's decision, if a test was asked for and decided.
    pub sprt_decision: Option<SprtDecision>,
}

/// A match that cannot start.
#[derive(Debug, Error)]
pub enum MatchError {
    /// An engine does not complete the handshake on its own before the match.
    #[error("engine {index} ('{command}') does not start: {detail}")]
    EngineStart {
        /// 1 or 2.
        index: usize,
        /// Its command.
        command: String,
        /// What went wrong.
        detail: String,
    },
    /// The configuration has no games, no openings or no concurrency.
    #[error("nothing to play: {0}")]
    Empty(&'static str),
    /// A hidden match's opening is not an opening (R-32), or its random plies do not replay
    /// through the referee.
    #[error("opening {index} cannot start a hidden game: {detail}")]
    NotAnOpening {
        /// Its number in [`MatchConfig::openings`], from 1.
        index: usize,
        /// Why.
        detail: String,
    },
}

/// What can go wrong talking to an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Failure {
    Crash(String),
    Timeout(String),
}

/// A running engine process: lines from its standard output arrive through a channel, so that
/// every wait has a deadline.
struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: Option<String>,
}

impl EngineProcess {
    fn start(spec: &EngineSpec, timeout: Duration) -> Result<EngineProcess, Failure> {
        let mut child = Process::new("sh")
            .arg("-c")
            .arg(&spec.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
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
        };
        p.send("uci")?;
        let deadline = Instant::now() + timeout;
        loop {
            let line = p.next_line(deadline, "uciok")?;
            if let Some(n) = line.strip_prefix("id name ") {
                p.name = Some(n.trim().to_string());
            }
            if line == "uciok" {
                break;
            }
        }
        for (name, value) in &spec.options {
            p.send(&format!("setoption name {name} value {value}"))?;
        }
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
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
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        while self.next_line(deadline, "readyok")? != "readyok" {}
        Ok(())
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
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
        signal_group(self.child.id(), "TERM");
        if !exited {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

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
/// and dropped; `None` at the end of the stream or on a read error.
fn read_capped_line(reader: &mut impl BufRead, buf: &mut Vec<u8>, cap: usize) -> Option<String> {
    buf.clear();
    let mut seen = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if chunk.is_empty() {
            return seen.then(|| String::from_utf8_lossy(buf).trim().to_string());
        }
        seen = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..=i], true),
            None => (chunk, false),
        };
        let room = cap.saturating_sub(buf.len());
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let n = part.len();
        reader.consume(n);
        if done {
            return Some(String::from_utf8_lossy(buf).trim().to_string());
        }
    }
}

/// Check that both engines start, and learn their names.
fn probe(config: &MatchConfig) -> Result<[String; 2], MatchError> {
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

/// The start of game pair `pair` (games `2·pair + 1` and `2·pair + 2`): the index of its opening
/// and the position after the random plies, as the match plays it; for replaying one game.
///
/// # Examples
///
/// ```
/// use gjjq_engine::arbiter::{EngineSpec, MatchConfig, TimeControl, opening_for};
/// let mut c = MatchConfig::new([EngineSpec::new("a"), EngineSpec::new("b")], 4, TimeControl::MoveTime(10));
/// assert_eq!(opening_for(&c, 1), (0, gjjq_core::Position::default()));
/// c.random_plies = 4;
/// let (_, p) = opening_for(&c, 1);
/// assert_eq!(p.move_number(), 3);
/// assert_eq!(opening_for(&c, 1).1, p);
/// ```
#[must_use]
pub fn opening_for(config: &MatchConfig, pair: u32) -> (usize, Position) {
    let (index, line) = random_line(config, pair);
    let mut pos = config.openings[index].clone();
    for m in line {
        pos.play_unchecked(m);
    }
    (index, pos)
}

/// The opening of game pair `pair` and its random plies, drawn from the match seed.
fn random_line(config: &MatchConfig, pair: u32) -> (usize, Vec<Move>) {
    let index = pair as usize % config.openings.len();
    let mut line = Vec::new();
    if config.random_plies > 0 {
        let mut rng = StdRng::seed_from_u64(config.seed ^ (u64::from(pair) << 32));
        // Resample until the random plies leave a game still going.
        'attempt: for _ in 0..100 {
            let mut p = config.openings[index].clone();
            let mut moves = Vec::new();
            for _ in 0..config.random_plies {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    continue 'attempt;
                }
                let m = legal[rng.random_range(0..legal.len())];
                moves.push(m);
                p.play_unchecked(m);
            }
            if !p.legal_moves().is_empty() {
                line = moves;
                break;
            }
        }
    }
    (index, line)
}

/// How a game ended: the winner (`None` a draw), the reason and the details in words.
type Ending = (Option<Side>, Termination, String);

/// Start both engines for a game (`engine_of` names the engine of each side), tell them the
/// ruleset when it is not the standard one, and start a new game in each; the processes in
/// Red, Green order, or the ending of a side that failed to start.
fn start_engines(
    config: &MatchConfig,
    names: &[String; 2],
    engine_of: impl Fn(Side) -> usize,
    rules: &Ruleset,
) -> Result<Vec<EngineProcess>, Ending> {
    let timeout = Duration::from_millis(config.move_timeout_ms);
    let mut procs: Vec<EngineProcess> = Vec::with_capacity(2);
    for side in [Side::Red, Side::Green] {
        let e = engine_of(side);
        match EngineProcess::start(&config.engines[e], timeout).and_then(|mut p| {
            if *rules != Ruleset::STANDARD {
                p.send(&format!("setoption name Rules value {}", rules.to_json()))?;
            }
            p.send("ucinewgame")?;
            p.ready(timeout)?;
            Ok(p)
        }) {
            Ok(p) => procs.push(p),
            Err(Failure::Crash(d) | Failure::Timeout(d)) => {
                return Err((
                    Some(side.other()),
                    Termination::StartupFailure,
                    format!("{} ({side}) failed to start: {d}", names[e]),
                ));
            }
        }
    }
    Ok(procs)
}

/// The `go` command for `side`'s engine and the milliseconds it has to answer.
fn go_command(
    config: &MatchConfig,
    spec: &EngineSpec,
    clock: &[u64; 2],
    side: Side,
) -> (String, u64) {
    let mut go = String::from("go");
    if let Some(d) = spec.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = spec.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    let deadline_ms = match config.time_control {
        TimeControl::Clock { inc_ms, .. } => {
            go.push_str(&format!(
                " wtime {} btime {} winc {inc_ms} binc {inc_ms}",
                clock[0], clock[1]
            ));
            clock[side.index()] + config.time_margin_ms
        }
        TimeControl::MoveTime(ms) => {
            go.push_str(&format!(" movetime {ms}"));
            ms + config.time_margin_ms
        }
        TimeControl::None => config.move_timeout_ms,
    };
    (go, deadline_ms)
}

/// Send `position` and `go`, and wait until `deadline` for the `bestmove`: its move text and
/// the last score of the `info` lines before it.
fn ask(
    p: &mut EngineProcess,
    position: &str,
    go: &str,
    deadline: Instant,
) -> Result<(String, Option<crate::Score>), Failure> {
    p.send(position)?;
    p.send(go)?;
    let mut score = None;
    loop {
        let line = p.next_line(deadline, "bestmove")?;
        if line.starts_with("info") {
            score = parse_score(&line).or(score);
        } else if let Some(rest) = line.strip_prefix("bestmove") {
            return Ok((
                rest.split_whitespace().next().unwrap_or("").to_string(),
                score,
            ));
        }
    }
}

/// One answer of an engine: the move text and score, and the time it took; or the ending
/// when it crashed or was too late.
fn answer(
    p: &mut EngineProcess,
    position: &str,
    go: &str,
    deadline_ms: u64,
    who: &str,
    side: Side,
) -> Result<(String, Option<crate::Score>, u64), Ending> {
    let asked = Instant::now();
    let deadline = asked + Duration::from_millis(deadline_ms);
    let result = ask(p, position, go, deadline);
    let used = asked.elapsed().as_millis() as u64;
    let (text, score) = match result {
        Ok(a) => a,
        Err(Failure::Crash(d)) => {
            return Err((
                Some(side.other()),
                Termination::Crash,
                format!("{who} ({side}) {d}"),
            ));
        }
        Err(Failure::Timeout(_)) => {
            return Err((
                Some(side.other()),
                Termination::Timeout,
                format!("{who} ({side}) sent no move within {deadline_ms} ms"),
            ));
        }
    };
    if used > deadline_ms {
        return Err((
            Some(side.other()),
            Termination::Timeout,
            format!("{who} ({side}) took {used} ms of {deadline_ms} ms"),
        ));
    }
    Ok((text, score, used))
}

/// The report of a finished game, with its game file record: the match's tags around
/// `start_tags` (the `Setup` of an open game, the referee's tags of a hidden one), the moves
/// and the result.
#[allow(clippy::too_many_arguments)]
fn game_report(
    config: &MatchConfig,
    names: &[String; 2],
    round: u32,
    opening: usize,
    red: usize,
    start_tags: Vec<(String, String)>,
    (winner, termination, detail): Ending,
    moves: Vec<RecordedMove>,
    comments_before: Vec<String>,
) -> GameReport {
    let engine_of = |side: Side| if side == Side::Red { red } else { 1 - red };
    let mut record = GameRecord::default();
    record.set_tag("Event", &config.event);
    record.set_tag("Round", &round.to_string());
    record.set_tag("Red", &names[red]);
    record.set_tag("Green", &names[1 - red]);
    for (name, value) in start_tags {
        record.set_tag(&name, &value);
    }
    record.set_tag("TimeControl", &config.time_control.to_string());
    for (side, tag) in [(Side::Red, "RedLimits"), (Side::Green, "GreenLimits")] {
        let spec = &config.engines[engine_of(side)];
        let mut limits = Vec::new();
        if let Some(d) = spec.depth {
            limits.push(format!("depth {d}"));
        }
        if let Some(n) = spec.nodes {
            limits.push(format!("nodes {n}"));
        }
        if !limits.is_empty() {
            record.set_tag(tag, &limits.join(" "));
        }
    }
    record.set_tag("Opening", &opening.to_string());
    let result = match winner {
        Some(Side::Red) => GameResult::RedWins,
        Some(Side::Green) => GameResult::GreenWins,
        None => GameResult::Draw,
    };
    record.set_tag("Result", result.as_str());
    record.set_tag("Termination", termination.as_str());
    if !detail.is_empty() {
        record.set_tag("TerminationDetail", &detail.replace(['\n', '\r'], " "));
    }
    record.set_tag("PlyCount", &moves.len().to_string());
    record.comments_before = comments_before;
    record.moves = moves;
    record.result = result;
    GameReport {
        round,
        opening,
        red_engine: red,
        winner,
        termination,
        detail,
        record,
    }
}

/// Play one game: `red` is the index of the engine playing Red.
fn play_game(
    config: &MatchConfig,
    names: &[String; 2],
    round: u32,
    opening: usize,
    start: &Position,
    red: usize,
) -> GameReport {
    let engine_of = |side: Side| if side == Side::Red { red } else { 1 - red };
    let mut game = Game::new(start.clone());
    let mut moves: Vec<RecordedMove> = Vec::new();
    let ending: Ending = 'game: {
        let mut procs = match start_engines(config, names, engine_of, start.ruleset()) {
            Ok(p) => p,
            Err(ending) => break 'game ending,
        };
        let mut clock = [0u64; 2];
        if let TimeControl::Clock { base_ms, .. } = config.time_control {
            clock = [base_ms, base_ms];
        }
        let start_text = if *start == Position::default() {
            "startpos".to_string()
        } else {
            format!("fen {start}")
        };
        let mut ascii: Vec<String> = Vec::new();
        loop {
            if let Some(o) = game.outcome() {
                break 'game (
                    outcome_winner(&o),
                    Termination::Rules(outcome_reason(&o)),
                    String::new(),
                );
            }
            if game.moves().len() >= config.max_plies as usize {
                break 'game (
                    None,
                    Termination::PlyLimit,
                    format!("{} plies played", config.max_plies),
                );
            }
            let side = game.position().turn();
            let e = engine_of(side);
            let p = &mut procs[side.index()];
            let (go, deadline_ms) = go_command(config, &config.engines[e], &clock, side);
            let position_cmd = if ascii.is_empty() {
                format!("position {start_text}")
            } else {
                format!("position {start_text} moves {}", ascii.join(" "))
            };
            let (text, score, used) =
                match answer(p, &position_cmd, &go, deadline_ms, &names[e], side) {
                    Ok(a) => a,
                    Err(ending) => break 'game ending,
                };
            if let TimeControl::Clock { inc_ms, .. } = config.time_control {
                let c = &mut clock[side.index()];
                *c = c.saturating_sub(used) + inc_ms;
            }
            let pos = game.position().clone();
            let m = match text.parse::<AsciiMove>() {
                Ok(a) => match a.to_move(&pos) {
                    Ok(m) => m,
                    Err(err) => {
                        break 'game (
                            Some(side.other()),
                            Termination::IllegalMove,
                            format!("{} ({side}) played '{text}': {err}", names[e]),
                        );
                    }
                },
                Err(err) => {
                    break 'game (
                        Some(side.other()),
                        Termination::IllegalMove,
                        format!("{} ({side}) sent 'bestmove {text}': {err}", names[e]),
                    );
                }
            };
            let mut recorded = RecordedMove::new(MoveText::Record(Record::from_move(&pos, m)));
            recorded.comments.push(match score {
                Some(s) => format!("{s} {used}ms"),
                None => format!("{used}ms"),
            });
            moves.push(recorded);
            ascii.push(m.to_string());
            if game.play(m).is_err() {
                // `to_move` found it among the legal moves; the game refuses only after its
                // end, which the loop checks first.
                break 'game (None, Termination::PlyLimit, "internal: move refused".into());
            }
        }
    };
    let mut start_tags = Vec::new();
    if *start != Position::default() {
        start_tags.push(("Setup".to_string(), start.to_string()));
    }
    game_report(
        config,
        names,
        round,
        opening,
        red,
        start_tags,
        ending,
        moves,
        Vec::new(),
    )
}

/// The referee of hidden game pair `pair` (暗式): the opening's deployments, first mover and
/// ruleset, and the pair's random plies played through the referee.
fn hidden_start(config: &MatchConfig, pair: u32) -> Result<(usize, HiddenGame), MatchError> {
    let (index, line) = random_line(config, pair);
    let start = &config.openings[index];
    let bad = |detail: String| MatchError::NotAnOpening {
        index: index + 1,
        detail,
    };
    let opening = Opening::from_position(start).map_err(|e| bad(e.to_string()))?;
    let mut game = HiddenGame::new(opening, *start.ruleset()).map_err(|e| bad(e.to_string()))?;
    for m in line {
        let side = game.turn();
        game.propose(side, m).map_err(|e| bad(e.to_string()))?;
    }
    Ok((index, game))
}

/// Play one hidden game (暗式, R-37 … R-41) from `game` (the referee at the start): each
/// engine is sent only its own information state (`position hidden`), a refused proposal
/// is sent back appended to the state for another `go`, and the referee decides. `red` is the
/// index of the engine playing Red.
fn play_hidden_game(
    config: &MatchConfig,
    names: &[String; 2],
    round: u32,
    opening: usize,
    mut game: HiddenGame,
    red: usize,
) -> GameReport {
    let engine_of = |side: Side| if side == Side::Red { red } else { 1 - red };
    let rules = *game.game().position().ruleset();
    let ending: Ending = 'game: {
        let mut procs = match start_engines(config, names, engine_of, &rules) {
            Ok(p) => p,
            Err(ending) => break 'game ending,
        };
        let mut clock = [0u64; 2];
        if let TimeControl::Clock { base_ms, .. } = config.time_control {
            clock = [base_ms, base_ms];
        }
        // Proposals refused since the side's last move (R-38): proposing one again loses.
        let mut refused: Vec<Move> = Vec::new();
        loop {
            if let Some(o) = game.outcome() {
                break 'game (
                    outcome_winner(&o),
                    Termination::Rules(outcome_reason(&o)),
                    String::new(),
                );
            }
            if game.game().moves().len() >= config.max_plies as usize {
                break 'game (
                    None,
                    Termination::PlyLimit,
                    format!("{} plies played", config.max_plies),
                );
            }
            let side = game.turn();
            let e = engine_of(side);
            let p = &mut procs[side.index()];
            let (go, deadline_ms) = go_command(config, &config.engines[e], &clock, side);
            let position_cmd = hidden_position_line(game.info_state(side));
            let (text, _score, used) =
                match answer(p, &position_cmd, &go, deadline_ms, &names[e], side) {
                    Ok(a) => a,
                    Err(ending) => break 'game ending,
                };
            let c = &mut clock[side.index()];
            *c = c.saturating_sub(used);
            let m = match text.parse::<Move>() {
                Ok(m) => m,
                Err(err) => {
                    break 'game (
                        Some(side.other()),
                        Termination::IllegalMove,
                        format!("{} ({side}) sent 'bestmove {text}': {err}", names[e]),
                    );
                }
            };
            if refused.contains(&m) {
                break 'game (
                    Some(side.other()),
                    Termination::RepeatedRefusal,
                    format!(
                        "{} ({side}) proposed {m} again after the referee refused it",
                        names[e]
                    ),
                );
            }
            match game.propose(side, m) {
                Ok(told) if told.played => {
                    refused.clear();
                    // The increment comes with a move played, not with each proposal.
                    if let TimeControl::Clock { inc_ms, .. } = config.time_control {
                        clock[side.index()] += inc_ms;
                    }
                }
                Ok(_) => refused.push(m),
                // The loop checked the end and the turn first.
                Err(e) => break 'game (None, Termination::PlyLimit, format!("internal: {e}")),
            }
        }
    };
    let referee = referee_record(&game);
    let start_tags = referee
        .tags
        .into_iter()
        .filter(|(name, _)| name != "Result" && name != "Termination")
        .collect();
    game_report(
        config,
        names,
        round,
        opening,
        red,
        start_tags,
        ending,
        referee.moves,
        referee.comments_before,
    )
}

/// Play the match. `on_game` is called in the calling thread after each game (in the order
/// games finish) with the report and the running tally; the game file is the caller's to
/// write. With an SPRT, no new game starts once it decides (games under way finish and count).
///
/// # Errors
///
/// [`MatchError::EngineStart`] if an engine does not complete the handshake before the
/// match, [`MatchError::Empty`] for a configuration with nothing to play,
/// [`MatchError::NotAnOpening`] for a hidden match from a position that is not an opening.
pub fn run_match(
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameReport, &Tally),
) -> Result<MatchSummary, MatchError> {
    if config.games == 0 {
        return Err(MatchError::Empty("0 games"));
    }
    if config.openings.is_empty() {
        return Err(MatchError::Empty("no openings"));
    }
    if config.concurrency == 0 {
        return Err(MatchError::Empty("concurrency 0"));
    }
    let hidden_starts = if config.hidden {
        (0..config.games.div_ceil(2))
            .map(|pair| hidden_start(config, pair))
            .collect::<Result<Vec<_>, _>>()?
    } else {
        Vec::new()
    };
    let names = probe(config)?;
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut terminations: Vec<(&'static str, u32)> = Vec::new();
    let mut decision = None;
    let (tx, rx) = mpsc::channel::<GameReport>();
    let openings: Mutex<Vec<Option<(usize, Position)>>> =
        Mutex::new(vec![None; config.games.div_ceil(2) as usize]);
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.min(config.games as usize) {
            let tx = tx.clone();
            let (next, stop, names, openings, hidden_starts) =
                (&next, &stop, &names, &openings, &hidden_starts);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games {
                        break;
                    }
                    let pair = i / 2;
                    let red = (i % 2) as usize;
                    if config.hidden {
                        let (opening, game) = hidden_starts[pair as usize].clone();
                        let report = play_hidden_game(config, names, i + 1, opening, game, red);
                        if tx.send(report).is_err() {
                            break;
                        }
                        continue;
                    }
                    let (opening, start) = {
                        let mut o = openings.lock().unwrap_or_else(|e| e.into_inner());
                        o[pair as usize]
                            .get_or_insert_with(|| opening_for(config, pair))
                            .clone()
                    };
                    let report = play_game(config, names, i + 1, opening, &start, (i % 2) as usize);
                    if tx.send(report).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for report in rx {
            match report.first_engine_points() {
                1.0 => tally.wins += 1,
                0.0 => tally.losses += 1,
                _ => tally.draws += 1,
            }
            let word = report.termination.as_str();
            match terminations.iter_mut().find(|(w, _)| *w == word) {
                Some((_, n)) => *n += 1,
                None => terminations.push((word, 1)),
            }
            on_game(&report, &tally);
            if let Some(s) = config.sprt
                && decision.is_none()
            {
                decision = s.status(&tally).decision;
                if decision.is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    Ok(MatchSummary {
        names,
        tally,
        terminations,
        sprt_decision: decision,
    })
}

/// The opening positions of a file of position strings (R-31), one a line; blank lines and
/// lines starting with `#` are skipped.
///
/// # Errors
///
/// A message naming the line of the first string that does not parse or is not a valid
/// position.
///
/// # Examples
///
/// ```
/// use gjjq_engine::arbiter::parse_openings;
/// let text = "# two openings\nfpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1\n\n4k4/9/9/9/9/9/9/9/4I4/4K4 g -\n";
/// assert_eq!(parse_openings(text, gjjq_core::Ruleset::STANDARD).unwrap().len(), 2);
/// assert!(parse_openings("x\n", gjjq_core::Ruleset::STANDARD).unwrap_err().contains("line 1"));
/// ```
pub fn parse_openings(text: &str, rules: Ruleset) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let setup: Setup = line
            .parse()
            .map_err(|e| format!("openings line {}: {e}", i + 1))?;
        let pos = Position::from_setup_with(setup, rules)
            .map_err(|e| format!("openings line {}: {e}", i + 1))?;
        out.push(pos);
    }
    if out.is_empty() {
        return Err("the openings file holds no position string".to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
