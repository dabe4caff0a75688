//! `gjjq match --game siguo` (issue 53 item 3) through the binary: its arguments checked, and a
//! match between two shell "engines" that answer one fixed action each, every game forfeited
//! by the team to move first with a wrong action, the summary printed and the game file read
//! back as 四國 game files. (Matches of real `siguo engine` processes are
//! `crates/siguo-cli/tests/match.rs`.)

use std::process::Command;

const GJJQ: &str = env!("CARGO_BIN_EXE_gjjq");

/// A shell "engine" that completes the handshake and answers every `go` with `bestmove
/// <answer>`.
fn fixed(answer: &str) -> String {
    format!(
        r#"while read -r line; do case "$line" in uci) echo "id name fixed-{answer}"; echo uciok;; isready) echo readyok;; go*) echo "bestmove {answer}";; quit) exit 0;; esac; done"#
    )
}

#[test]
fn a_team_match_of_forfeits_writes_its_summary_and_siguo_game_files() {
    let dir = std::env::temp_dir().join(format!("gjjq-siguo-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("teams.siguo");
    let (zero, pass) = (fixed("0000"), fixed("pass"));
    let o = Command::new(GJJQ)
        .args(["match", "--game", "siguo", "--mode", "double_open"])
        .args(["--engine1", &zero, "--engine2", &pass, "--games", "2"])
        .args(["--movetime", "50", "--recover", "--pgn"])
        .arg(&pgn)
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    );
    assert!(o.status.success(), "{out}\n{err}");
    // Game 1: engine 1 is Red and answers 0000; game 2: engine 2 is Red and passes with no
    // pass to use (pass_limit 0, L-55). One win each, as one pair.
    assert!(out.contains("W 1 D 0 L 1"), "{out}");
    assert!(out.contains("pairs 1 pentanomial [0, 0, 1, 0, 0]"), "{out}");
    assert!(out.contains("terminations: illegal-move 2"), "{out}");
    assert!(err.contains("fixed-0000 (red) played '0000'"), "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = siguo::game_file::read_games(&text);
    assert_eq!(games.len(), 2, "{text}");
    for (g, loser_red) in games.into_iter().zip(["fixed-0000", "fixed-pass"]) {
        let g = g.unwrap_or_else(|e| panic!("{e}: {text}"));
        let tag = |n: &str| g.tags.iter().find(|(t, _)| t == n).map(|(_, v)| v.clone());
        assert_eq!(tag("Red").as_deref(), Some(loser_red));
        assert_eq!(tag("Result").as_deref(), Some("0-1"));
        assert_eq!(tag("Termination").as_deref(), Some("illegal-move"));
        assert_eq!(tag("Mode").as_deref(), Some("double_open"));
        assert!(g.entries.is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn siguo_match_arguments_are_checked() {
    let zero = fixed("0000");
    for (extra, expect) in [
        (
            &["--mode", "flip"][..],
            "expected dark, double_open or open",
        ),
        (&["--hidden"][..], "does not take --hidden"),
        (&["--openings", "random"][..], "does not take --openings"),
        (&["--rules", "{\"pass_limit\":99}"][..], "--rules"),
    ] {
        let o = Command::new(GJJQ)
            .args([
                "match",
                "--game",
                "siguo",
                "--engine1",
                &zero,
                "--engine2",
                &zero,
            ])
            .args(["--movetime", "10"])
            .args(extra)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{extra:?}");
        assert!(err.contains(expect), "{extra:?}: {err}");
    }
}
