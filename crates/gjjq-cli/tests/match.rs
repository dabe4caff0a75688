//! `gjjq match` against deliberately broken engines: each failure is adjudicated as a loss
//! with its reason recorded, and the match goes on.

use std::process::Command;

use gjjq_notation::GameReader;

const GJJQ: &str = env!("CARGO_BIN_EXE_gjjq");

/// A shell "engine" that completes the handshake and answers `go` with `on_go`.
fn broken(on_go: &str) -> String {
    format!(
        r#"while read -r line; do case "$line" in uci) echo "id name broken"; echo uciok;; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done"#
    )
}

struct Played {
    stdout: String,
    games: Vec<gjjq_notation::GameRecord>,
}

fn run_match(engine1: &str, extra: &[&str]) -> Played {
    let dir = std::env::temp_dir().join(format!(
        "gjjq-match-{}-{}",
        std::process::id(),
        extra.join("_").replace(['/', ' '], "")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join(format!("games-{}.gjjq", engine1.len()));
    let random = format!("{GJJQ} engine --random --seed 3");
    let mut args = vec![
        "match",
        "--engine1",
        engine1,
        "--engine2",
        &random,
        "--games",
        "2",
        "--concurrency",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let o = Command::new(GJJQ).args(&args).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = GameReader::new(text.as_bytes())
        .map(|g| g.expect("the game file reads back"))
        .collect();
    Played {
        stdout: String::from_utf8(o.stdout).unwrap(),
        games,
    }
}

fn assert_lost_all(p: &Played, reason: &str) {
    assert_eq!(p.games.len(), 2, "{}", p.stdout);
    assert!(p.stdout.contains("W 0 D 0 L 2"), "{}", p.stdout);
    assert!(
        p.stdout.contains(&format!("terminations: {reason} 2")),
        "{}",
        p.stdout
    );
    for g in &p.games {
        assert_eq!(g.tag("Termination"), Some(reason));
        assert!(g.tag("TerminationDetail").unwrap().contains("broken"));
        // The broken engine loses with either colour; the game file replays to its result.
        let broken_is_red = g.tag("Red") == Some("broken");
        assert_eq!(
            g.tag("Result"),
            Some(if broken_is_red { "0-1" } else { "1-0" })
        );
        let replayed = g.replay(None).expect("the recorded moves are legal");
        assert!(replayed.moves().len() <= 1);
    }
}

#[test]
fn an_illegal_move_loses() {
    let p = run_match(&broken(r#"echo "bestmove 5E5e""#), &["--movetime", "20"]);
    assert_lost_all(&p, "illegal-move");
}

#[test]
fn a_crash_loses() {
    let p = run_match(&broken("exit 3"), &["--movetime", "20"]);
    assert_lost_all(&p, "crash");
}

#[test]
fn silence_loses_on_time() {
    let p = run_match(&broken(":"), &["--tc", "0.2+0.01", "--timemargin", "50"]);
    assert_lost_all(&p, "timeout");
}

#[test]
fn garbage_output_loses() {
    let p = run_match(
        &broken(r#"echo "info ??? 12"; echo "lorem ipsum"; echo "bestmove 12345""#),
        &["--movetime", "20"],
    );
    assert_lost_all(&p, "illegal-move");
}

#[test]
fn a_handshake_failure_stops_the_match_before_it_starts() {
    let o = Command::new(GJJQ)
        .args([
            "match",
            "--engine1",
            "exit 0",
            "--engine2",
            "exit 0",
            "--movetime",
            "10",
        ])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("engine 1"));
}

#[test]
fn the_engine_beats_the_random_mover() {
    let engine = format!("{GJJQ} engine");
    let p = run_match(
        &engine,
        &["--depth1", "2", "--movetime", "200", "--max-plies", "300"],
    );
    assert!(p.stdout.contains("W 2 D 0 L 0"), "{}", p.stdout);
    assert!(p.stdout.contains("los "), "{}", p.stdout);
    for g in &p.games {
        let game = g.replay(None).expect("legal game");
        let o = game.outcome().expect("decided by the rules");
        assert_eq!(
            g.tag("Termination"),
            Some(o.reason().as_str()),
            "the recorded reason is the library's"
        );
        assert_eq!(g.tag("TimeControl"), Some("movetime=0.2"));
    }
}

#[test]
fn sprt_is_reported_and_bad_specs_refused() {
    let p = run_match(
        &broken("exit 3"),
        &[
            "--movetime",
            "20",
            "--sprt",
            "elo0=0 elo1=10 alpha=0.05 beta=0.05",
        ],
    );
    // Two losses and nothing else: the BayesElo model needs wins, draws and losses.
    assert!(
        p.stdout
            .contains("sprt elo0=0 elo1=10 alpha=0.05 beta=0.05: llr 0.00 (-2.94, 2.94) undecided"),
        "{}",
        p.stdout
    );
    let o = Command::new(GJJQ)
        .args([
            "match",
            "--engine1",
            "x",
            "--engine2",
            "y",
            "--movetime",
            "10",
            "--sprt",
            "elo0=10 elo1=0 alpha=0.05 beta=0.05",
        ])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("SPRT"));
}

#[test]
fn sprt_stops_the_match_once_decided() {
    // Random against random with short games gives wins, draws (ply limit) and losses, and an
    // Elo near 0: far nearer H1 (-300) than H0 (-600), so the test decides after a few games.
    let e1 = format!("{GJJQ} engine --random --seed 1");
    let e2 = format!("{GJJQ} engine --random --seed 2");
    let o = Command::new(GJJQ)
        .args([
            "match",
            "--engine1",
            &e1,
            "--engine2",
            &e2,
            "--movetime",
            "50",
            "--games",
            "200",
            "--random-plies",
            "4",
            "--max-plies",
            "150",
            "--sprt",
            "elo0=-600 elo1=-300 alpha=0.2 beta=0.2",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("H1 accepted"), "{out}");
    let games: u32 = out
        .lines()
        .next()
        .and_then(|l| l.split(": ").nth(1))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(games < 200, "{out}");
}
