//! `--rules ccgc` (issue 51 item 1): the preset by name in every command that takes `--rules`,
//! and `outcome` answering the preset's hand-derived positions (L-14, L-15, L-13).

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_luzhanqi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn outcome(pos: &str, rules: &str) -> String {
    ok(&["outcome", "--position", pos, "--rules", rules])
}

#[test]
fn outcome_rules_ccgc_answers_the_presets_positions() {
    // 31 quiet plies, the 31st made by Red (Blue to move): Red loses under ccgc, a draw by
    // the standard result.
    let limit = "1f2p/5/2c2/5/2J2/5/5/5/5/5/5/1F3 b 31 16";
    assert_eq!(outcome(limit, "ccgc"), "blue no-combat-limit\n");
    assert_eq!(outcome(limit, "standard"), "ongoing\n");
    assert_eq!(
        outcome(limit, r#"{"no_combat_limit": 31}"#),
        "draw no-combat-limit\n"
    );
    // One short of the limit: the game goes on.
    assert_eq!(
        outcome("1f2p/5/2c2/2J2/5/5/5/5/5/5/5/1F3 r 30 16", "ccgc"),
        "ongoing\n"
    );
    // Both sides stuck: a draw under ccgc, a loss for the side to move by default.
    let stuck = "cf3/l4/5/5/5/5/5/5/5/5/L4/CF3 r";
    assert_eq!(outcome(stuck, "ccgc"), "draw both-stuck\n");
    assert_eq!(outcome(stuck, "standard"), "blue no-move\n");
    // Blue's flag is gone (a bomb took it, both removed: Combat::flag_captured): Red won.
    assert_eq!(
        outcome("4p/5/5/5/5/5/5/5/5/5/5/1F3 b", "ccgc"),
        "red flag-captured\n"
    );
}

#[test]
fn every_command_with_rules_takes_ccgc() {
    assert_eq!(
        ok(&["perft", "1", "--rules", "ccgc"]),
        ok(&["perft", "1"]),
        "movement is standard"
    );
    let opening = ok(&[
        "opening", "--red", "random", "--blue", "random", "--seed", "3", "--rules", "ccgc",
    ]);
    assert_eq!(opening.lines().count(), 1);
    let game = ok(&["selfplay", "--seed", "5", "--rules", "ccgc"]);
    let verdict = game.lines().last().unwrap();
    assert!(!verdict.starts_with("ongoing"), "{verdict}");
    // A misspelt preset is refused, naming the presets.
    let o = run(&["outcome", "--rules", "cgcc"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("`ccgc`"), "{err}");
}
