//! `siguo engine` as a process (issue 53 item 2): the protocol session of docs/protocol.md
//! ("四國軍棋: `siguo engine`") in 全明, 四暗 and 雙明, spoken to by the controller side of
//! `junqi-protocol` ([`LineProcess`]): answers in every mode, `stop` and `isready` during a
//! search, bad input never an exit, a decided game and a seat not to move answered `0000`,
//! and how far `go movetime N` overshoots.

use std::time::{Duration, Instant};

use junqi_protocol::process::{LineProcess, LongLines};
use luzhanqi::deploy::Deployment;
use luzhanqi::rand::SeedableRng;
use luzhanqi::rand::rngs::StdRng;
use siguo::dark::DarkGame;
use siguo::{Position, Rules, Seat};

/// A `siguo engine` process.
struct Engine(LineProcess);

impl Engine {
    fn start() -> Engine {
        let command = format!("exec '{}' engine --seed 3", env!("CARGO_BIN_EXE_siguo"));
        let mut e = Engine(LineProcess::start(&command, 1 << 20, LongLines::Cut).unwrap());
        e.send("uci");
        e.until("uciok", Duration::from_secs(20));
        e
    }

    fn send(&mut self, line: &str) {
        self.0.send(format_args!("{line}\n")).unwrap();
    }

    /// The lines up to the first that starts with `prefix` (included), within `limit`.
    fn until(&mut self, prefix: &str, limit: Duration) -> Vec<String> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            match self.0.next_line(deadline) {
                Ok(l) => {
                    let done = l.starts_with(prefix);
                    seen.push(l);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no '{prefix}' within {limit:?} ({e:?}): {seen:?}"),
            }
        }
    }

    /// `go …` after `position`: the text of `bestmove`, the lines before it, and how long it
    /// took from `go` sent to `bestmove` read.
    fn go(&mut self, position: &str, go: &str) -> (String, Vec<String>, Duration) {
        self.send(position);
        let start = Instant::now();
        self.send(go);
        let lines = self.until("bestmove ", Duration::from_secs(60));
        let took = start.elapsed();
        let best = lines.last().unwrap()["bestmove ".len()..].to_string();
        (best, lines, took)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.0.send("quit\n");
        self.0.wait_exit(Duration::from_secs(2));
    }
}

/// Four uniform deployments from `seed`, Red first, under `rules`.
fn opening(seed: u64, rules: Rules) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let d: [Deployment; 4] = std::array::from_fn(|_| Deployment::random(&mut rng));
    siguo::deploy::opening([&d[0], &d[1], &d[2], &d[3]], Seat::Red, rules).unwrap()
}

/// A dark game (`mode`: `dark` or `double_open`) after `plies` random plies.
fn dark_game(mode: &str, plies: usize) -> DarkGame {
    let rules = Rules::parse(&format!(r#"{{"mode":"{mode}"}}"#)).unwrap();
    let mut g = DarkGame::new(opening(5, rules)).unwrap();
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..plies {
        if g.position().outcome().is_some() {
            break;
        }
        g.play_random(&mut rng).unwrap();
    }
    g
}

/// The `position` command of the seat to move in each mode, and whether an answer is a legal
/// action there.
/// A mode, its `position` command, and whether an answer is legal there.
type Case = (&'static str, String, Box<dyn Fn(&str) -> bool>);

fn cases() -> Vec<Case> {
    let open = opening(5, Rules::parse(r#"{"mode":"open"}"#).unwrap());
    let text = open.to_string();
    let legal_open = move |a: &str| open.find_action(a).is_ok();
    let mut v: Vec<Case> = vec![("open", format!("position fen {text}"), Box::new(legal_open))];
    for mode in ["dark", "double_open"] {
        let g = dark_game(mode, 40);
        let seat = g.position().turn();
        let state = g.info_state(seat);
        let pos = g.position().clone();
        v.push((
            mode,
            format!("position hidden {}", state.one_line()),
            Box::new(move |a: &str| pos.find_action(a).is_ok()),
        ));
    }
    v
}

/// Every mode answers `go movetime` with a legal action and an `info` line, in time.
#[test]
fn go_movetime_is_answered_in_every_mode() {
    for (mode, position, legal) in cases() {
        let mut e = Engine::start();
        e.send(&format!("setoption name Mode value {mode}"));
        let (best, lines, took) = e.go(&position, "go movetime 500");
        assert!(legal(&best), "{mode}: {best} {lines:?}");
        // The agent's `info depth …`, or the watchdog's `info string` on a very busy machine.
        assert!(lines.iter().any(|l| l.starts_with("info ")), "{lines:?}");
        assert!(took < Duration::from_secs(10), "{mode}: {took:?}");
    }
}

/// The seat's own clock is read (`gtime` for Green); the others' are not.
#[test]
fn the_seat_to_move_reads_its_own_clock() {
    let g = dark_game("dark", 1);
    assert_eq!(g.position().turn(), Seat::Green);
    let position = format!("position hidden {}", g.info_state(Seat::Green).one_line());
    let mut e = Engine::start();
    // Green has 1 ms: the budget's floor, an answer at once; Red's long clock is not Green's.
    let (best, _, took) = e.go(
        &position,
        "go rtime 600000 gtime 1 btime 600000 ytime 600000",
    );
    assert!(g.position().find_action(&best).is_ok(), "{best}");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// `isready` is answered during `go infinite`, and `stop` ends it with a legal action, in
/// every mode.
#[test]
fn isready_during_a_search_and_stop_ends_go_infinite() {
    for (mode, position, legal) in cases() {
        let mut e = Engine::start();
        e.send(&format!("setoption name Mode value {mode}"));
        e.send(&position);
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(300));
        let asked = Instant::now();
        e.send("isready");
        let lines = e.until("readyok", Duration::from_secs(5));
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{mode}: {lines:?}"
        );
        assert!(asked.elapsed() < Duration::from_secs(1), "{mode}");
        let stopped = Instant::now();
        e.send("stop");
        let lines = e.until("bestmove ", Duration::from_secs(10));
        let best = &lines.last().unwrap()["bestmove ".len()..];
        assert!(legal(best), "{mode}: {best}");
        // At once: the agent's answer, or the watchdog's 5 ms after `stop` (seconds allowed
        // for a loaded machine).
        assert!(
            stopped.elapsed() < Duration::from_secs(2),
            "{mode}: {:?}",
            stopped.elapsed()
        );
        println!("{mode}: stop answered in {:?}", stopped.elapsed());
    }
}

/// Bad input is an `info string` and never an exit; the engine answers after it.
#[test]
fn bad_input_is_reported_and_the_engine_plays_on() {
    let mut e = Engine::start();
    for (line, expect) in [
        (
            "setoption name Mode value quad",
            "not a valid value for Mode",
        ),
        ("setoption name Rules value {\"pass_limit\":99}", "Rules"),
        ("setoption name Nonsense value 1", "no option named"),
        ("position startpos", "expected 'position hidden"),
        (
            "position hidden siguo-info r | rules {} | start 5/5",
            "invalid information state",
        ),
        ("go depth x", "info string"),
    ] {
        e.send(line);
        e.send("isready");
        let lines = e.until("readyok", Duration::from_secs(5));
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string") && l.contains(expect)),
            "{line}: {lines:?}"
        );
    }
    e.send("setoption name Mode value open");
    e.send("position startpos moves g6g7 resign-r");
    e.send("isready");
    let lines = e.until("readyok", Duration::from_secs(5));
    assert!(
        lines.iter().any(|l| l.contains("move 2 'resign-r'")),
        "a surrender too early (L-54): {lines:?}"
    );
    let (best, ..) = e.go("position startpos moves g6g7", "go depth 1");
    assert_ne!(best, "0000");
}

/// A decided game, and an information state whose seat is not to move, are answered `info
/// string` and `bestmove 0000`.
#[test]
fn no_action_is_answered_0000() {
    let mut e = Engine::start();
    // Green to move, but the state is Red's.
    let g = dark_game("dark", 1);
    let (best, lines, _) = e.go(
        &format!("position hidden {}", g.info_state(Seat::Red).one_line()),
        "go movetime 50",
    );
    assert_eq!(best, "0000");
    assert!(lines.iter().any(|l| l.contains("turn")), "{lines:?}");
    // 全明: Red–Blue has won (Yellow and Green out, L-53).
    e.send("setoption name Mode value open");
    let won = "3bF1/5/5/2bS2/5/5/15/12/15/10rJ1/15/5/5/5/5/5/1rF3 r rb 0 1";
    let (best, lines, _) = e.go(&format!("position fen {won}"), "go movetime 50");
    assert_eq!(best, "0000", "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("over")), "{lines:?}");
}

/// Issue 53, Done when: `go movetime N` is answered within N + 20 ms in 全明, 四暗 and 雙明,
/// measured through the binary (the time from writing `go` to reading `bestmove`), whatever
/// the agent: the watchdog answers at the hard limit for an agent still building its sampler.
/// A timing test needs a quiet machine and a release build: `cargo test --release -p siguo-cli
/// --test engine -- --ignored --nocapture movetime` prints the worst overshoot per mode and
/// agent.
#[test]
#[ignore = "timing: run on a quiet machine, in release"]
fn movetime_overshoot() {
    let mut report = Vec::new();
    let mut worst_of_all = i64::MIN;
    for (mode, position, legal) in cases() {
        for agent in ["search", "determinized", "heuristic"] {
            let mut e = Engine::start();
            e.send(&format!("setoption name Mode value {mode}"));
            e.send(&format!("setoption name Agent value {agent}"));
            e.send("isready");
            e.until("readyok", Duration::from_secs(5));
            let mut worst = i64::MIN;
            for n in [20u64, 50, 100, 200] {
                for _ in 0..3 {
                    let (best, _, took) = e.go(&position, &format!("go movetime {n}"));
                    assert!(legal(&best), "{mode}: {best}");
                    worst = worst.max(took.as_millis() as i64 - n as i64);
                }
            }
            report.push(format!("{mode} {agent}: worst overshoot {worst} ms"));
            worst_of_all = worst_of_all.max(worst);
        }
    }
    println!("{}", report.join("\n"));
    assert!(worst_of_all <= 20, "{report:?}");
}
