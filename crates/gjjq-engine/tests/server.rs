//! The protocol server (docs/protocol.md), driven through a pipe as a controller would.

use std::io::{BufReader, Write};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use gjjq_core::Position;
use gjjq_engine::protocol::resolve_position;
use gjjq_engine::server::{Player, ServerOptions, Transcript, serve};
use junqi_protocol::{Command, parse_command};

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
        "Worlds",
        "Rules",
        "MultiPV",
        "Contempt",
        "NullMove",
        "LMR",
        "Aspiration",
        "CheckExtension",
        "Futility",
        "SEE",
        "Progress",
        "ReverseFutility",
        "LateMovePruning",
        "IIR",
        "Conversion",
        "QuiescenceTraps",
        "TablebaseDir",
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
fn multipv_sends_one_line_per_variation() {
    let mut s = Session::start(ServerOptions::default());
    s.send("setoption name MultiPV value 3");
    s.send("setoption name NullMove value false");
    s.send("setoption name MultiPV value 0");
    s.send("setoption name SEE value maybe");
    s.send("position startpos");
    s.send("go depth 3");
    s.wait_for("bestmove", 1);
    let lines = s.quit();
    // Two refused values, reported.
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string setoption:"))
            .count(),
        2,
        "{lines:?}"
    );
    for depth in 1..=3 {
        let at: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with(&format!("info depth {depth} ")))
            .collect();
        assert_eq!(at.len(), 3, "{lines:?}");
        for (k, l) in at.iter().enumerate() {
            assert!(l.contains(&format!(" multipv {} score ", k + 1)), "{l}");
            for field in [
                " seldepth ",
                " nodes ",
                " nps ",
                " hashfull ",
                " time ",
                " pv ",
            ] {
                assert!(l.contains(field), "{l}");
            }
        }
    }
}

#[test]
fn a_clock_search_ends_before_its_hard_limit() {
    // 2 s left, no increment: target 2000/30 ≈ 66 ms, hard limit 3× that; with a generous
    // bound for the shared machine.
    let mut s = Session::start(ServerOptions::default());
    s.send("position startpos");
    let t0 = Instant::now();
    s.send("go wtime 2000 btime 2000");
    s.wait_for("bestmove", 1);
    let t = t0.elapsed();
    assert!(t < Duration::from_millis(1_000), "{t:?}");
    s.quit();
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

// ---- 暗式 hidden play over the protocol (R-37 … R-41) ----

use gjjq_core::{
    Ruleset, Side,
    deploy::Opening,
    hidden::{Event, HiddenGame, InfoState, WorldSampler},
};
use gjjq_engine::hidden::untried_candidates;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The last `bestmove` of a transcript, as the move text.
fn last_bestmove(lines: &[String]) -> String {
    lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove")
        .to_string()
}

/// A hidden game from random deployments, played `plies` moves on by uniform proposers,
/// stopped with `side` to move.
fn hidden_game(seed: u64, plies: usize) -> HiddenGame {
    let rules = Ruleset::STANDARD;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = HiddenGame::new(Opening::random(&mut rng, Some(Side::Red), &rules), rules)
        .expect("a random opening is valid");
    game.play_out(&mut rng, plies);
    assert!(game.outcome().is_none(), "seed {seed}: the game goes on");
    game
}

/// Ask a fresh seeded server for a proposal in `state`; its whole transcript.
fn ask(state: &InfoState, go: &str, seed: u64) -> Vec<String> {
    let mut s = Session::start(ServerOptions::default());
    s.send(&format!("setoption name Seed value {seed}"));
    s.send("setoption name Worlds value 3");
    s.send(&format!("position hidden {state}"));
    s.send(go);
    s.wait_for("bestmove", 1);
    s.quit()
}

#[test]
fn a_hidden_position_is_answered_with_an_untried_candidate() {
    for seed in 1..=4 {
        let mut game = hidden_game(seed, 10);
        let side = game.turn();
        let state = game.info_state(side).clone();
        let lines = ask(&state, "go depth 2", seed);
        let m: gjjq_core::Move = last_bestmove(&lines).parse().expect("an ASCII move");
        assert!(untried_candidates(&state).contains(&m), "{m}: {lines:?}");
        // One info line per round (depth 1 and 2, each with the move voted after it: the
        // vote may change between rounds), the last one's pv the answer, then the vote.
        for d in [1, 2] {
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(&format!("info depth {d} ")) && l.contains(" pv ")),
                "{lines:?}"
            );
        }
        let last_info = lines
            .iter()
            .rfind(|l| l.starts_with("info depth "))
            .unwrap();
        assert!(last_info.ends_with(&format!(" pv {m}")), "{lines:?}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string worlds 3 votes ")),
            "{lines:?}"
        );
        // The referee takes it or refuses it; after a refusal the state is sent again with
        // the refusal appended, and the answer is another candidate.
        let told = game.propose(side, m).unwrap();
        if !told.played {
            let again = game.info_state(side).clone();
            assert!(again.to_string().ends_with(&format!(" ?{m}")));
            let lines = ask(&again, "go depth 2", seed);
            let m2: gjjq_core::Move = last_bestmove(&lines).parse().unwrap();
            assert_ne!(m2, m, "a refused proposal is not repeated");
            assert!(untried_candidates(&again).contains(&m2));
        }
    }
}

// the engine needs only the information state. Two true games that differ in the
// enemy's hidden kinds but give the side the same information get the same answer (the same
// seed, the same exchange).
#[test]
fn the_server_never_needs_the_true_position() {
    let seed = 17;
    let game = hidden_game(seed, 12);
    let side = game.turn();
    let state = game.info_state(side).clone();
    let sampler = WorldSampler::new(&state);
    let mut rng = StdRng::seed_from_u64(5);
    let worlds: Vec<_> = (0..20).map(|_| sampler.draw(&mut rng).unwrap()).collect();
    let (a, b) = (
        worlds[0],
        *worlds.iter().find(|w| **w != worlds[0]).unwrap(),
    );
    // Two true games, one per world, with the same moves and this side's refusals.
    let rebuild = |enemy| {
        let mut opening = *game.opening();
        match side {
            Side::Red => opening.green = enemy,
            Side::Green => opening.red = enemy,
        }
        let mut g = HiddenGame::new(opening, Ruleset::STANDARD).unwrap();
        let moves = game.game().moves().to_vec();
        for ply in 0..=moves.len() {
            for &(at, who, m) in game.refusals() {
                if at == ply && who == side {
                    assert!(!g.propose(side, m).unwrap().played);
                }
            }
            if let Some(&m) = moves.get(ply) {
                let turn = g.turn();
                assert!(g.propose(turn, m).unwrap().played, "a consistent world");
            }
        }
        g
    };
    let (ga, gb) = (rebuild(a), rebuild(b));
    assert_ne!(
        ga.game().position(),
        gb.game().position(),
        "different truths"
    );
    assert_eq!(ga.info_state(side), &state);
    assert_eq!(gb.info_state(side), &state);
    let strip = |lines: Vec<String>| -> Vec<String> {
        // Times and speeds differ from run to run; everything else must not.
        lines
            .into_iter()
            .map(|l| {
                let t: Vec<&str> = l.split(' ').collect();
                let mut out = Vec::new();
                let mut i = 0;
                while i < t.len() {
                    if t[i] == "nps" || t[i] == "time" {
                        i += 2;
                    } else {
                        out.push(t[i]);
                        i += 1;
                    }
                }
                out.join(" ")
            })
            .collect()
    };
    let line_a = format!("position hidden {}", ga.info_state(side));
    let line_b = format!("position hidden {}", gb.info_state(side));
    assert_eq!(line_a, line_b, "the controller sends the same line");
    let lines_a = strip(ask(ga.info_state(side), "go depth 2", 9));
    let lines_b = strip(ask(gb.info_state(side), "go depth 2", 9));
    assert_eq!(lines_a, lines_b);
    let m: gjjq_core::Move = last_bestmove(&lines_a).parse().unwrap();
    assert!(untried_candidates(&state).contains(&m));
}

#[test]
fn a_hidden_state_out_of_turn_or_finished_gets_bestmove_0000() {
    let game = hidden_game(3, 6);
    let waiting = game.info_state(game.turn().other()).clone();
    let lines = ask(&waiting, "go depth 2", 1);
    assert_eq!(last_bestmove(&lines), "0000");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string it is ") && l.contains("turn")),
        "{lines:?}"
    );
    // A finished game: the uniform proposers play it out.
    let mut rules = Ruleset::STANDARD;
    rules.no_capture_limit = std::num::NonZeroU32::new(30);
    let mut rng = StdRng::seed_from_u64(4);
    let mut game = HiddenGame::new(Opening::random(&mut rng, None, &rules), rules).unwrap();
    assert!(game.play_out(&mut rng, 100_000).is_some());
    let state = game.info_state(Side::Red);
    assert!(matches!(state.events().last(), Some(Event::End { .. })));
    let mut s = Session::start(ServerOptions::default());
    s.send(&format!("setoption name Rules value {}", rules.to_json()));
    s.send(&format!("position hidden {state}"));
    s.send("go depth 2");
    s.wait_for("bestmove", 1);
    let lines = s.quit();
    assert_eq!(last_bestmove(&lines), "0000");
    assert!(
        lines.iter().any(|l| l.contains("the game is over")),
        "{lines:?}"
    );
}

#[test]
fn hidden_positions_bad_input_and_options() {
    let game = hidden_game(8, 4);
    let state = game.info_state(game.turn()).clone();
    let mut s = Session::start(ServerOptions::default());
    s.send("position startpos moves 5B5A");
    // Malformed: reported and ignored (the open position stays).
    s.send("position hidden r r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx 5B5Q");
    s.send("setoption name Worlds value 0");
    s.send("go depth 1");
    s.wait_for("bestmove", 1);
    let open = last_bestmove(&s.out.lines());
    let mut green = Position::default();
    green.play_unchecked(
        green
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "5B5A")
            .unwrap(),
    );
    assert!(
        green.legal_moves().iter().any(|m| m.to_string() == open),
        "{open}"
    );
    // Worlds is applied and a good state is taken; an open position after it is open again.
    s.send("setoption name Worlds value 2");
    s.send(&format!("position hidden {state}"));
    s.send("go nodes 3000");
    s.wait_for("bestmove", 2);
    s.send("position startpos");
    s.send("go depth 1");
    s.wait_for("bestmove", 3);
    let lines = s.quit();
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert!(infos[0].contains("invalid information state"), "{infos:?}");
    assert!(infos[1].contains("Worlds"), "{infos:?}");
    assert!(
        infos[2].starts_with("info string worlds 2 votes "),
        "{infos:?}"
    );
    assert_eq!(infos.len(), 3, "{lines:?}");
    let first = last_bestmove(&lines);
    assert!(
        Position::default()
            .legal_moves()
            .iter()
            .any(|m| m.to_string() == first)
    );
}

// A whole hidden game through the protocol: the referee tells each side only its own state;
// the server (one per side, the random player for one of them) proposes, refusals come
// back appended, no refusal is ever repeated, and play goes on to the end or the cap.
#[test]
fn a_hidden_game_is_played_through_the_protocol() {
    // A seeded game in which the random proposer is refused at least once.
    const GAME_SEED: u64 = 23;
    let mut rules = Ruleset::STANDARD;
    rules.no_capture_limit = std::num::NonZeroU32::new(40);
    let mut rng = StdRng::seed_from_u64(GAME_SEED);
    let mut game = HiddenGame::new(Opening::random(&mut rng, None, &rules), rules).unwrap();
    let mut servers = [
        Session::start(ServerOptions {
            player: Player::Search,
            seed: 1,
        }),
        Session::start(ServerOptions {
            player: Player::Random,
            seed: 2,
        }),
    ];
    for s in &mut servers {
        s.send(&format!("setoption name Rules value {}", rules.to_json()));
        s.send("setoption name Worlds value 2");
    }
    let mut answers = [0usize; 2];
    let mut refusals = 0;
    while game.outcome().is_none() && game.game().moves().len() < 60 {
        let side = game.turn();
        let s = &mut servers[side.index()];
        let state = game.info_state(side).clone();
        s.send(&format!("position hidden {state}"));
        s.send("go nodes 1500");
        answers[side.index()] += 1;
        s.wait_for("bestmove", answers[side.index()]);
        let m: gjjq_core::Move = last_bestmove(&s.out.lines()).parse().unwrap();
        assert!(untried_candidates(&state).contains(&m), "{m} in {state}");
        if !game.propose(side, m).unwrap().played {
            refusals += 1;
        }
    }
    assert!(game.game().moves().len() == 60 || game.outcome().is_some());
    assert!(refusals > 0, "the refusal path was exercised");
    assert_eq!(
        answers[0] + answers[1],
        game.game().moves().len() + refusals
    );
    for s in servers {
        s.quit();
    }
}

/// Serve a whole input of bytes and return the transcript.
fn serve_bytes(input: &[u8]) -> Vec<String> {
    let out = Transcript::default();
    serve(input, out.clone(), ServerOptions::default()).expect("serving a byte slice");
    out.lines()
}

// Issue 26, item 13: bytes that are not UTF-8 are reported and ignored; the engine goes on.
#[test]
fn a_line_that_is_not_utf8_is_reported_and_ignored() {
    let lines = serve_bytes(b"isready\ndebug on \xe9t\xe9\nisready\n");
    assert_eq!(
        lines.iter().filter(|l| *l == "readyok").count(),
        2,
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string line 2: not UTF-8")),
        "{lines:?}"
    );
}

// Issue 26, item 13: a line past the limit is refused with a short echo, and memory stays
// bounded (the rest of the line is read and dropped).
#[test]
fn an_over_long_line_is_refused_with_a_short_echo() {
    let mut input = b"position fen ".to_vec();
    input.extend(std::iter::repeat_n(b'x', (4 << 20) + 10));
    input.extend_from_slice(b"\nisready\n");
    let lines = serve_bytes(&input);
    assert!(lines.contains(&"readyok".to_string()), "{:?}", &lines);
    let refusal = lines
        .iter()
        .find(|l| l.starts_with("info string line 1: longer than"))
        .expect("the long line is reported");
    assert!(
        refusal.len() < 200,
        "the echo is short: {} bytes",
        refusal.len()
    );
    // An error about a long (but admissible) line is clipped too.
    let long_fen = format!("position fen {}\nisready\n", "y".repeat(100_000));
    let lines = serve_bytes(long_fen.as_bytes());
    assert!(
        lines.iter().all(|l| l.len() < 1_000),
        "no line echoes the input whole"
    );
}

// Issue 26, item 14: after a threefold repetition the game is over for the engine.
#[test]
fn a_drawn_position_is_over_for_the_engine() {
    let moves = "5B5A 5b5a 5A5B 5a5b 5B5A 5b5a 5A5B 5a5b";
    let lines =
        serve_bytes(format!("position startpos moves {moves}\ngo depth 3\nquit\n").as_bytes());
    assert_eq!(
        lines.last().map(String::as_str),
        Some("bestmove 0000"),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("R-24")), "{lines:?}");
    // A move past the draw is refused, as `gjjq replay` refuses it.
    let cmd = parse_command(&format!("position startpos moves {moves} 5B5A"))
        .unwrap()
        .unwrap();
    let Command::Position(p) = cmd else {
        panic!("a position command")
    };
    let err = resolve_position(&p, gjjq_core::Ruleset::STANDARD).unwrap_err();
    assert!(
        err.to_string().contains("after the end of the game"),
        "{err}"
    );
    // Two occurrences are not a draw: the engine still moves.
    let lines = serve_bytes(b"position startpos moves 5B5A 5b5a 5A5B 5a5b\ngo depth 2\nquit\n");
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("bestmove ") && last != "bestmove 0000",
        "{lines:?}"
    );
}

// Issue 26, item 17: clock values past i64 are numbers (a long time), not "needs a number";
// the Seed option advertises the range it takes.
#[test]
fn clock_values_up_to_u64_max_are_numbers() {
    let lines = serve_bytes(
        b"uci\nposition startpos\ngo depth 1 wtime 18446744073709551615 btime 18446744073709551615\nquit\n",
    );
    assert!(
        lines.iter().all(|l| !l.contains("needs a number")),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    assert!(
        lines.contains(
            &"option name Seed type spin default 0 min 0 max 18446744073709551615".to_string()
        ),
        "{lines:?}"
    );
    let lines = serve_bytes(b"setoption name Seed value 18446744073709551615\nisready\n");
    assert!(
        lines.iter().all(|l| !l.contains("not a valid value")),
        "{lines:?}"
    );
}

/// `Contempt` takes -1000 to 1000 and refuses the rest, the extremes of an i32 included
/// (whose absolute value overflows), without a panic.
#[test]
fn contempt_option_takes_its_range_and_refuses_the_rest() {
    let lines = serve_bytes(
        b"uci\nsetoption name Contempt value -1000\nsetoption name Contempt value 1000\n\
          setoption name Contempt value 1001\nsetoption name Contempt value -2147483648\n\
          setoption name Contempt value 2147483647\nsetoption name Contempt value x\nisready\n",
    );
    assert!(
        lines.contains(&"option name Contempt type spin default 0 min -1000 max 1000".to_string()),
        "{lines:?}"
    );
    let refused: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("is not a valid value for Contempt"))
        .collect();
    assert_eq!(refused.len(), 4, "{lines:?}");
    for v in ["1001", "-2147483648", "2147483647", "x"] {
        assert!(
            refused.iter().any(|l| l.contains(&format!("'{v}'"))),
            "{v}: {lines:?}"
        );
    }
    assert_eq!(lines.last().unwrap(), "readyok");
}

#[test]
fn tablebase_dir_option_opens_tables_and_survives_bad_ones() {
    let base = std::env::temp_dir().join(format!("gjjq-engine-server-tb-{}", std::process::id()));
    let good = base.join("good");
    let bad = base.join("bad");
    let empty = base.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    gjjq_tablebase::Tablebase::new()
        .generate_in(&good, &["IvK".parse().unwrap()])
        .unwrap();
    gjjq_tablebase::Tablebase::new()
        .generate_in(&bad, &["IvK".parse().unwrap()])
        .unwrap();
    let file = bad.join("IvK.gjtb");
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x40;
    std::fs::write(&file, &bytes).unwrap();
    // IvK, Red to move: won in 27 plies (docs/endgames.md).
    let ivk = "position fen 9/9/5k3/9/9/9/9/9/9/I2K5 r -";
    let mut s = Session::start(ServerOptions::default());
    let mut answers = Vec::new();
    for (dir, go) in [
        (good.to_str().unwrap(), "go depth 1"),
        (bad.to_str().unwrap(), "go depth 1"),
        (base.join("missing").to_str().unwrap(), "go depth 1"),
        (empty.to_str().unwrap(), "go depth 1"),
        ("", "go depth 1"),
        (good.to_str().unwrap(), "go infinite"),
    ] {
        s.send(&format!("setoption name TablebaseDir value {dir}"));
        s.send(ivk);
        s.send(go);
        if go == "go infinite" {
            std::thread::sleep(Duration::from_millis(50));
            assert_eq!(
                s.count("bestmove"),
                answers.len(),
                "bestmove waits for stop"
            );
            s.send("stop");
        }
        answers.push(dir);
        s.wait_for("bestmove", answers.len());
    }
    let lines = s.quit();
    let pos: Position = resolve_position(
        &match parse_command(ivk).unwrap() {
            Some(Command::Position(p)) => p,
            _ => unreachable!(),
        },
        gjjq_core::Ruleset::STANDARD,
    )
    .unwrap()
    .0;
    // Every answer is a legal move, tables or not.
    let bestmoves: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove "))
        .collect();
    assert_eq!(bestmoves.len(), 6);
    for b in &bestmoves {
        let m = b.trim_start_matches("bestmove ");
        assert!(pos.legal_moves().iter().any(|x| x.to_string() == m), "{b}");
    }
    // The blocks of output between two `bestmove` lines, one per search.
    let mut blocks: Vec<Vec<&String>> = vec![Vec::new()];
    for l in &lines {
        blocks.last_mut().unwrap().push(l);
        if l.starts_with("bestmove ") {
            blocks.push(Vec::new());
        }
    }
    let has = |b: &Vec<&String>, text: &str| b.iter().any(|l| l.contains(text));
    // Good tables: announced, the root answered from them.
    assert!(
        has(
            &blocks[0],
            "info string TablebaseDir: 2 endings of up to 1 units"
        ),
        "{:?}",
        blocks[0]
    );
    assert!(has(&blocks[0], " score win 27 "), "{:?}", blocks[0]);
    // A damaged file, a missing directory: an error, no tables (a depth-1 search sees no win).
    for b in &blocks[1..3] {
        assert!(has(b, "info string setoption: TablebaseDir: "), "{b:?}");
        assert!(has(b, "searching without tables"), "{b:?}");
        assert!(!has(b, " score win "), "{b:?}");
    }
    assert!(has(&blocks[1], "corrupt"), "{:?}", blocks[1]);
    assert!(
        has(&blocks[3], "info string TablebaseDir: no endgame tables in"),
        "{:?}",
        blocks[3]
    );
    assert!(!has(&blocks[3], " score win "), "{:?}", blocks[3]);
    // An empty value turns probing off.
    assert!(!has(&blocks[4], " score win "), "{:?}", blocks[4]);
    assert!(!has(&blocks[4], "info string"), "{:?}", blocks[4]);
    assert!(has(&blocks[5], " score win 27 "), "{:?}", blocks[5]);
    std::fs::remove_dir_all(&base).unwrap();
}

// Issue 41, item 15: a position without a move is reported with the rules' outcome and its
// reason, the one `gjjq outcome` (`Position::outcome`) gives, by either player.
#[test]
fn a_finished_position_is_reported_with_the_rules_outcome() {
    for (fen, outcome) in [
        (
            "4k4/9/9/9/9/9/9/9/9/3K5 r - 0 1",
            "draw insufficient-material",
        ),
        ("3k5/4P4/9/9/9/9/9/9/9/4K4 g -", "red trapped-king"),
    ] {
        let pos = Position::from_setup(fen.parse().unwrap()).unwrap();
        assert_eq!(pos.outcome().unwrap().to_string(), outcome);
        for player in [Player::Search, Player::Random] {
            let mut s = Session::start(ServerOptions {
                player,
                ..ServerOptions::default()
            });
            s.send(&format!("position fen {fen}"));
            s.send("go depth 2");
            s.wait_for("bestmove", 1);
            let lines = s.quit();
            assert_eq!(last_bestmove(&lines), "0000");
            let expected = format!("info string the game is over: {outcome}");
            assert!(lines.contains(&expected), "{player:?} {fen}: {lines:?}");
            assert!(
                !lines.iter().any(|l| l.contains("no legal move")),
                "{lines:?}"
            );
        }
    }
}
