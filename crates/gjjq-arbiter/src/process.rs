//! The engine processes of a match: a [`LineProcess`] each (a process group of its own, a
//! deadline on every wait, lines capped at [`MAX_LINE`] bytes, ended with everything it
//! started: issue 26, items 11 and 12; issue 50, item 12), spoken to over the protocol and sent
//! `quit` before they are ended.

use std::time::{Duration, Instant};

use junqi_game::Seat;
use junqi_protocol::process::{LineProcess, LongLines, NoLine};
use junqi_protocol::{Command, GoParams, Id, Reply, Score};

use crate::config::{EngineSpec, MatchConfig, TimeControl};
use crate::report::{Ending, MatchError, Termination};
use crate::seats::{SEATS, opponent};

/// What can go wrong talking to an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Failure {
    Crash(String),
    Timeout(String),
}

/// A running engine process of the match and the name it gave.
pub(crate) struct EngineProcess {
    process: LineProcess,
    name: Option<String>,
}

impl EngineProcess {
    pub(crate) fn start(spec: &EngineSpec, timeout: Duration) -> Result<EngineProcess, Failure> {
        let process = LineProcess::start(&spec.command, MAX_LINE, LongLines::Cut)
            .map_err(|e| Failure::Crash(format!("cannot run '{}': {e}", spec.command)))?;
        let mut p = EngineProcess {
            process,
            name: None,
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

    pub(crate) fn send(&mut self, command: &Command) -> Result<(), Failure> {
        self.process
            .send(format_args!("{command}\n"))
            .map_err(|e| Failure::Crash(format!("cannot be written to ({e})")))
    }

    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, Failure> {
        self.process.next_line(deadline).map_err(|no| match no {
            NoLine::Exited(status) => Failure::Crash(format!(
                "exited ({status}) while the arbiter waited for '{waiting_for}'"
            )),
            NoLine::Closed(status) => Failure::Crash(format!(
                "closed its output{} while the arbiter waited for '{waiting_for}'",
                status.map_or_else(String::new, |s| format!(" ({s})"))
            )),
            NoLine::Timeout => Failure::Timeout(format!("no '{waiting_for}' in time")),
        })
    }

    pub(crate) fn ready(&mut self, timeout: Duration) -> Result<(), Failure> {
        self.send(&Command::IsReady)?;
        let deadline = Instant::now() + timeout;
        while self.next_line(deadline, "readyok")?.parse() != Ok(Reply::ReadyOk) {}
        Ok(())
    }
}

impl Drop for EngineProcess {
    /// `quit`, a grace to leave by itself, then the process is ended with everything it
    /// started (as its field is dropped).
    fn drop(&mut self) {
        let _ = self.send(&Command::Quit);
        self.process.wait_exit(QUIT_GRACE);
    }
}

/// How long an engine has to leave after `quit` before its process group gets a signal.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// The longest line the arbiter keeps from an engine, in bytes; the rest of a longer line is
/// read and dropped.
const MAX_LINE: usize = 64 * 1024;

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

/// Start the engine of each of `seats` for a game (`engine_of` names it, by its index in
/// [`MatchConfig::engines`]), send each the game's `setup` commands (its mode, a ruleset other
/// than the standard one) and start a new game in each: the processes in the order of `seats`,
/// or `failed(seat, engine, why)` for the first seat whose engine failed to start. Every match
/// starts its engines here, whatever its seats (two, or 四國's four).
pub(crate) fn start_seats<S: Copy, E>(
    config: &MatchConfig,
    seats: impl IntoIterator<Item = S>,
    engine_of: impl Fn(S) -> usize,
    setup: &[Command],
    failed: impl Fn(S, usize, String) -> E,
) -> Result<Vec<EngineProcess>, E> {
    let timeout = Duration::from_millis(config.move_timeout_ms);
    let mut procs = Vec::new();
    for seat in seats {
        let e = engine_of(seat);
        match EngineProcess::start(&config.engines[e], timeout).and_then(|mut p| {
            for command in setup {
                p.send(command)?;
            }
            p.send(&Command::NewGame)?;
            p.ready(timeout)?;
            Ok(p)
        }) {
            Ok(p) => procs.push(p),
            Err(Failure::Crash(d) | Failure::Timeout(d)) => return Err(failed(seat, e, d)),
        }
    }
    Ok(procs)
}

/// Start both engines of a two-seat game ([`start_seats`]); the ending of a seat that failed
/// to start: a loss, `side_name` naming the seat in its detail.
pub(crate) fn start_engines(
    config: &MatchConfig,
    names: &[String; 2],
    engine_of: impl Fn(Seat) -> usize,
    side_name: impl Fn(Seat) -> &'static str,
    setup: &[Command],
) -> Result<Vec<EngineProcess>, Ending> {
    start_seats(config, SEATS, engine_of, setup, |side, e, d| {
        (
            Some(opponent(side)),
            Termination::StartupFailure,
            format!("{} ({}) failed to start: {d}", names[e], side_name(side)),
        )
    })
}

/// The `go` command for `side`'s engine and the milliseconds it has to answer. `clock` is
/// in the order of [`Seat::index`]: seat 0's time is `wtime`, seat 1's `btime`.
pub(crate) fn go_command(
    config: &MatchConfig,
    spec: &EngineSpec,
    clock: &[u64; 2],
    side: Seat,
) -> (Command, u64) {
    go_command_with(config, spec, clock[side.index()], |go, inc_ms| {
        [go.wtime, go.btime] = clock.map(Some);
        go.winc = Some(inc_ms);
        go.binc = Some(inc_ms);
    })
}

/// The `go` command for an engine whose own clock shows `mover_clock_ms`, and the
/// milliseconds it has to answer, for any number of seats: under a clock `set_clocks` writes
/// every seat's time and the increment into `go`; under `movetime` the arbiter waits that
/// long, and without a time control the move timeout, each with the margin.
pub(crate) fn go_command_with(
    config: &MatchConfig,
    spec: &EngineSpec,
    mover_clock_ms: u64,
    set_clocks: impl FnOnce(&mut GoParams, u64),
) -> (Command, u64) {
    let mut go = GoParams {
        depth: spec.depth,
        nodes: spec.nodes,
        ..GoParams::default()
    };
    let deadline_ms = match config.time_control {
        TimeControl::Clock { inc_ms, .. } => {
            set_clocks(&mut go, inc_ms);
            mover_clock_ms + config.time_margin_ms
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
pub(crate) fn ask(
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
    (side, side_name): (Seat, &str),
) -> Result<Answer, Ending> {
    let asked = Instant::now();
    let deadline = asked + Duration::from_millis(deadline_ms);
    let result = ask(p, position, go, deadline);
    let used = asked.elapsed().as_millis() as u64;
    let (text, score, depth) = match result {
        Ok(a) => a,
        Err(Failure::Crash(d)) => {
            return Err((
                Some(opponent(side)),
                Termination::Crash,
                format!("{who} ({side_name}) {d}"),
            ));
        }
        Err(Failure::Timeout(_)) => {
            return Err((
                Some(opponent(side)),
                Termination::Timeout,
                format!("{who} ({side_name}) sent no move within {deadline_ms} ms"),
            ));
        }
    };
    if used > deadline_ms {
        return Err((
            Some(opponent(side)),
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
}
