//! The protocol server (docs/protocol.md), driven through a pipe as a controller would.

use std::io::{BufReader, Write};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use gjjq_core::Position;
use gjjq_engine::protocol::{Command, parse_command, resolve_position};
use gjjq_engine::server::{Player, ServerOptions, Transcript, serve};

struct Session {
    input: std::io::PipeWriter,
    out: Transcript,
    handle: Option<JoinHandle<()>>,
}

impl Session {
    fn start(options: ServerOptions) -> Session {
        let (reader, input) = std::io::pipe().unwrap();
        let out = Transcript::default();
        let o = out.clone();
        let handle = std::thread::spawn(move || serve(BufReader::new(reader), o, options).unwrap());
        Session {
            input,
            out,
            handle: Some(handle),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Wait (at most 10 s) until the transcript has `n` lines starting with `prefix`; the
    /// time waited.
    fn wait_for(&self, prefix: &str, n: usize) -> Duration {
        let start = Instant::now();
        while self.count(prefix) < n {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "no '{prefix}' in {:?}",
                self.out.lines()
            );
            std::thread::sleep(Duration::from_micros(200));
        }
        start.elapsed()
    }

    fn count(&self, prefix: &str) -> usize {
        self.out
            .lines()
            .iter()
            .filter(|l| l.starts_with(prefix))
            .count()
    }

    fn quit(mut self) -> Vec<String> {
        self.send("quit");
        self.handle.take().unwrap().join().unwrap();
        self.out.lines()
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

#[test]
fn handshake_advertises_options() {
    let mut s = Session::start(ServerOptions::default());
    s.send("uci");
    s.wait_for("uciok", 1);
    let lines = s.quit();
    assert!(lines[0].starts_with("id name gjjq-engine"));
    for opt in [
        "Hash",
        "Clear Hash",
        "Tropism",
        "Move Overhead",
        "Seed",
        "Rules",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} type "))),
            "{opt}: {lines:?}"
        );
    }
    assert_eq!(lines.last().unwrap(), "uciok");
}

#[test]
fn movetime_100_is_answered_within_150_ms() {
    let mut s = Session::start(ServerOptions::default());
    s.send("isready");
    s.wait_for("readyok", 1);
    let mut times = Vec::new();
    for i in 1..=5 {
        s.send("position startpos moves 5B5A 5b5a");
        let t0 = Instant::now();
        s.send("go movetime 100");
        s.wait_for("bestmove", i);
        times.push(t0.elapsed());
    }
    // The machine is shared: every answer within a generous bound, the median within 150 ms.
    assert!(
        times.iter().all(|t| *t < Duration::from_millis(600)),
        "{times:?}"
    );
    assert!(
        median(times.clone()) < Duration::from_millis(150),
        "{times:?}"
    );
    assert!(
        median(times.clone()) >= Duration::from_millis(80),
        "{times:?}: it used its time"
    );
    s.quit();
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut s = Session::start(ServerOptions::default());
    let mut times = Vec::new();
    for i in 1..=5 {
        s.send("position startpos");
        s.send("go infinite");
        s.wait_for("info depth 3", i);
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(
            s.count("bestmove"),
            i - 1,
            "infinite answers only after stop"
        );
        let t0 = Instant::now();
        s.send("stop");
        s.wait_for("bestmove", i);
        times.push(t0.elapsed());
    }
    assert!(
        times.iter().all(|t| *t < Duration::from_millis(300)),
        "{times:?}"
    );
    assert!(
        median(times.clone()) < Duration::from_millis(30),
        "{times:?}"
    );
    let lines = s.quit();
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("bestmove"))
        .unwrap();
    let m = last.split_whitespace().nth(1).unwrap();
    assert!(
        Position::default()
            .legal_moves()
            .iter()
            .any(|x| x.to_string() == m)
    );
}

#[test]
fn unknown_commands_are_ignored_and_errors_reported() {
    let mut s = Session::start(ServerOptions::default());
    s.send("hello there");
    s.send("go depth x");
    s.send("position startpos moves 5B5A 9z9z");
    s.send("setoption name Colour value blue");
    s.send("setoption name Hash value 0");
    s.send("isready");
    s.wait_for("readyok", 1);
    let lines = s.quit();
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string "))
        .collect();
    assert_eq!(infos.len(), 4, "{lines:?}");
    assert!(infos[0].contains("'depth' needs a number"));
    assert!(infos[1].contains("move 2 '9z9z'"));
    assert!(infos[2].contains("no option named 'Colour'"));
    assert!(infos[3].contains("Hash"));
    assert_eq!(
        lines.len(),
        5,
        "nothing but the errors and readyok: {lines:?}"
    );
}

#[test]
fn a_pending_return_is_answered_with_the_return() {
    // after Red's strike 3E7d and Green's 4b4a, Red owes the return 7d3E.
    let mut s = Session::start(ServerOptions::default());
    s.send("position startpos moves 3E7d 4b4a");
    s.send("go depth 3");
    s.wait_for("bestmove", 1);
    let lines = s.quit();
    assert_eq!(lines.last().unwrap(), "bestmove 7d3E");
}

#[test]
fn depth_and_nodes_limits_and_game_over() {
    let mut s = Session::start(ServerOptions::default());
    s.send("position startpos");
    s.send("go depth 3");
    s.wait_for("bestmove", 1);
    s.send("go nodes 2000");
    s.wait_for("bestmove", 2);
    // Trapped king: no legal move, `bestmove 0000`.
    s.send("position fen 3k5/4P4/9/9/9/9/9/9/9/4K4 g -");
    s.send("go depth 2");
    s.wait_for("bestmove", 3);
    let lines = s.quit();
    let depths: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(
        depths.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    // `go depth 3` stops at depth 3: no depth 4 before the second search's lines.
    let first_best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    assert!(
        !lines[..first_best]
            .iter()
            .any(|l| l.starts_with("info depth 4 "))
    );
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
}

#[test]
fn the_random_mover_is_seeded_and_legal() {
    let play = |seed: u64| {
        let mut s = Session::start(ServerOptions {
            player: Player::Random,
            seed: 0,
        });
        s.send(&format!("setoption name Seed value {seed}"));
        let mut moves: Vec<String> = Vec::new();
        for i in 1..=20 {
            if moves.is_empty() {
                s.send("position startpos");
            } else {
                s.send(&format!("position startpos moves {}", moves.join(" ")));
            }
            s.send("go movetime 10");
            s.wait_for("bestmove", i);
            let last = s
                .out
                .lines()
                .into_iter()
                .rev()
                .find(|l| l.starts_with("bestmove"))
                .unwrap();
            let m = last.split_whitespace().nth(1).unwrap().to_string();
            moves.push(m);
            // Every answer is legal where it was played.
            let Ok(Some(Command::Position(p))) =
                parse_command(&format!("position startpos moves {}", moves.join(" ")))
            else {
                panic!()
            };
            if resolve_position(&p, gjjq_core::Ruleset::STANDARD).is_err() {
                panic!("illegal random move in {moves:?}");
            }
        }
        s.quit();
        moves
    };
    assert_eq!(play(5), play(5));
    assert_ne!(play(5), play(6));
}
