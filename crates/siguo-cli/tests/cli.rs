//! The `siguo` command's exact outputs (issue 52, item 2).

mod common;

use common::{siguo, stdout};

const EXAMPLE: &str = "bPbCbLbFbL/bPbTbZbLbE/bY1bB1bD/bYbJ1bZbC/bT1bS1bE/bEbPbCbDbB/yLyEyDyCyEyB3gEgTgYgYgPgP/yFyL1yZ1yDgP1gJ1gTgC/yLyZyB1ySyC3gCgS1gBgZgL/yCyT1yJ1yPgD1gZ1gLgF/yPyPyYyYyTyE3gBgEgCgDgEgL/rBrDrCrPrE/rE1rS1rT/rCrZ1rJrY/rD1rB1rY/rErLrZrTrP/rLrFrLrCrP r rgby 0 1";
const DEP: &str = "LFLCP/ELZTP/D+B+Y/CZ+JY/E+S+T/BDCPE";

#[test]
fn moves_are_sorted_by_ascii_and_carry_the_record() {
    let text = stdout(&["moves", "--position", EXAMPLE]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 53);
    let ascii: Vec<&str> = lines.iter().map(|l| l.split(' ').next().unwrap()).collect();
    let mut sorted = ascii.clone();
    sorted.sort();
    assert_eq!(ascii, sorted);
    assert!(lines.contains(&"k6l7 工k6xl7"));
    assert!(lines.contains(&"g6g7 旅g6-g7"));
}

#[test]
fn pass_is_listed_where_l55_allows() {
    let rules = r#"{"pass_limit":3}"#;
    let pos = format!("{EXAMPLE} 0000");
    let text = stdout(&["moves", "--position", &pos, "--rules", rules]);
    assert_eq!(text.lines().count(), 54);
    assert!(text.lines().any(|l| l == "pass"));
    let played = stdout(&["play", "--position", &pos, "--rules", rules, "pass", "pass"]);
    assert!(played.trim_end().ends_with(" b rgby 2 1 1100"), "{played}");
}

#[test]
fn divide_and_perft() {
    let text = stdout(&["divide", "2", "--position", EXAMPLE]);
    assert_eq!(text.lines().count(), 54);
    assert_eq!(text.lines().last(), Some("total 2831"));
    assert_eq!(
        stdout(&["perft", "2", "--position", EXAMPLE]).trim_end(),
        "2831"
    );
}

#[test]
fn outcome_and_play() {
    assert_eq!(stdout(&["outcome", "--position", EXAMPLE]), "ongoing\n");
    let text = stdout(&["play", "--position", EXAMPLE, "k6l7", "l9k9"]);
    let last = text.lines().last().unwrap();
    assert!(last.ends_with(" b rgby 1 1"), "{last}");
    assert!(last.contains("/yLyZyB1ySyC2gC1gS1gBgZgL/"), "{last}");
    let bad = siguo(&["play", "--position", EXAMPLE, "k6k8"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("action 1 'k6k8'"));
    let early = siguo(&["play", "--position", EXAMPLE, "resign-g"]);
    assert_eq!(early.status.code(), Some(1));
    let text = stdout(&[
        "play",
        "--position",
        EXAMPLE,
        "--rules",
        r#"{"surrender_after":0}"#,
        "resign-g",
        "resign-y",
    ]);
    let last = text.lines().last().unwrap();
    let o = stdout(&["outcome", "--position", last]);
    assert_eq!(o, "red-blue team-out\n");
}

/// Issue 52's outcome words for positions decided as read, and L-57 from step 2 settling a
/// position string: `moves`, `perft` and `divide` answer for the seat that is really to move,
/// nothing for a decided position, and `play` with no action writes the settled string.
#[test]
fn outcome_words_and_settling_as_read() {
    let decided = [
        // Four flags and four marshals, 70 plies without an attack (L-56).
        (
            "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3 r rgby 70 1",
            "draw no-combat-limit",
        ),
        // Only flags (L-53).
        (
            "3bF1/5/5/5/5/5/15/yF11/15/11gF/15/5/5/5/5/5/1rF3 r rgby 0 1",
            "draw no-movable-pieces",
        ),
        // Yellow out; Green to move with a flag and a landmine only: out, and with it its
        // team (L-57 steps 4 and 2).
        (
            "3bF1/5/5/5/5/5/15/12/14gL/11gF/15/5/5/2rS2/5/5/1rF3 g rgb 0 1",
            "red-blue no-move",
        ),
    ];
    for (pos, word) in decided {
        assert_eq!(stdout(&["outcome", "--position", pos]), format!("{word}\n"));
        assert_eq!(stdout(&["moves", "--position", pos]), "");
        assert_eq!(stdout(&["perft", "1", "--position", pos]), "0\n");
        assert_eq!(stdout(&["divide", "1", "--position", pos]), "total 0\n");
    }
    // The seat to move stays in play in a decided position: Green went out, Blue is to move.
    let pos = decided[2].0;
    assert_eq!(
        stdout(&["play", "--position", pos]),
        "3bF1/5/5/5/5/5/15/12/15/12/15/5/5/2rS2/5/5/1rF3 b rb 0 1\n"
    );
    // Red to move with a flag and a landmine only: Red goes out as the string is read and
    // its pieces leave; Green's marshal on m9 answers.
    let pos = "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/5/5/5/rLrF3 r rgby 0 1";
    assert_eq!(stdout(&["outcome", "--position", pos]), "ongoing\n");
    assert_eq!(
        stdout(&["moves", "--position", pos]),
        "m9l9 司m9-l9\nm9m10 司m9-m10\nm9m8 司m9-m8\nm9n9 司m9-n9\n"
    );
    assert_eq!(stdout(&["perft", "1", "--position", pos]), "4\n");
    assert_eq!(
        stdout(&["divide", "1", "--position", pos]),
        "m9l9 1\nm9m10 1\nm9m8 1\nm9n9 1\ntotal 4\n"
    );
    assert_eq!(
        stdout(&["play", "--position", pos]),
        "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/5/5/5/5 g gby 0 1\n"
    );
}

#[test]
fn opening_of_four_deployments_is_the_l59_example() {
    let text = stdout(&[
        "opening", "--red", DEP, "--green", DEP, "--blue", DEP, "--yellow", DEP,
    ]);
    assert_eq!(text.trim_end(), EXAMPLE);
    let text = stdout(&["opening", "--seed", "5"]);
    assert_eq!(
        stdout(&["outcome", "--position", text.trim_end()]),
        "ongoing\n"
    );
}

#[test]
fn deployments() {
    assert_eq!(stdout(&["deploy", "count"]), "709596419051520000\n");
    assert_eq!(stdout(&["deploy", "check", DEP]), "ok\n");
    let bad = siguo(&["deploy", "check", "FLLCP/ELZTP/D+B+Y/CZ+JY/E+S+T/BDCPE"]);
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(
        stdout(&["deploy", "random", "--seed", "3", "--count", "4"])
            .lines()
            .count(),
        4
    );
}

#[test]
fn bad_input_is_a_typed_error_with_where() {
    let out = siguo(&["moves", "--position", "5/5 r rgby"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("column"));
    let out = siguo(&["moves", "--rules", "{\"pass_limit\": 12}"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pass_limit"));
}

#[test]
fn repetition_draws_before_the_no_combat_limit() {
    // Red's and Green's marshals step back and forth; Blue and Yellow likewise.
    let pos = "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3 r rgby 0 1";
    let moves = [
        "i4i5", "m9m10", "i14i13", "b9b10", "i5i4", "m10m9", "i13i14", "b10b9",
    ];
    let play = |rules: &str, extra: &[&str]| {
        let mut args = vec!["play", "--position", pos, "--rules", rules];
        args.extend(moves);
        args.extend(extra);
        siguo(&args)
    };
    let out = play(r#"{"repetition":2}"#, &[]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.ends_with(" r rgby 8 3"), "{last}");
    let o = play(r#"{"repetition":2}"#, &["i4i5"]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "the game is over after the repetition"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("repetition"));
    // With the limit at 8 plies as well, repetition is still the reason (L-57 step 5).
    let o = play(r#"{"repetition":2,"no_combat_limit":8}"#, &["i4i5"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("(draw repetition)"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn svg_draws_every_line_and_piece() {
    let text = stdout(&["svg", "--position", EXAMPLE]);
    assert!(text.starts_with("<svg"));
    assert_eq!(text.matches("<line ").count(), 288, "L-45: 288 lines");
    assert_eq!(text.matches("<text ").count(), 100, "four armies of 25");
}

#[test]
fn replay_a_game_file() {
    let dir = std::env::temp_dir().join(format!("siguo-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let text = format!(
        "[Game \"siguo\"]\n[Setup \"{EXAMPLE}\"]\n[Rules \"{{}}\"]\n[Mode \"dark\"]\n[Result \"*\"]\n\nk6l7 l9k9 {{a comment}} (l9l8)\n*\n"
    );
    std::fs::write(&file, text).unwrap();
    let out = stdout(&["replay", file.to_str().unwrap()]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].ends_with(" b rgby 1 1"), "{out}");
    assert!(lines[0].contains("/yLyZyB1ySyC2gC1gS1gBgZgL/"), "{out}");
    assert_eq!(lines[1], "*");
    std::fs::write(
        &file,
        format!("[Game \"siguo\"]\n[Setup \"{EXAMPLE}\"]\n\nk6k8 *\n"),
    )
    .unwrap();
    let bad = siguo(&["replay", file.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stdout).contains("game 1: error: 4:1"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `selfplay`: the first position string, one action a line, the outcome (or `unfinished`),
/// the final position string; `play` of the same actions reaches the same string, and the
/// game stops where L-56's repetition draws it, as `play` does.
#[test]
fn selfplay_is_a_game_that_play_replays() {
    let rules = r#"{"repetition":2}"#;
    for (seed, outcome) in [("2", "draw repetition"), ("1", "green-yellow no-move")] {
        let text = stdout(&["selfplay", "--seed", seed, "--rules", rules]);
        let lines: Vec<&str> = text.lines().collect();
        let n = lines.len();
        assert!(n > 4, "{text}");
        assert_eq!(lines[n - 2], outcome, "seed {seed}");
        let mut args = vec!["play", "--position", lines[0], "--rules", rules];
        args.extend(&lines[1..n - 2]);
        assert_eq!(stdout(&args), format!("{}\n", lines[n - 1]), "seed {seed}");
    }
    let text = stdout(&["selfplay", "--seed", "2", "--max-plies", "3"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!((lines.len(), lines[4]), (6, "unfinished"));
}

/// A ruleset file or game file that never ends (`/dev/zero`) is refused at the read limit
/// (junqi-cli's bounded reader), with the file named, instead of filling the memory.
#[cfg(unix)]
#[test]
fn endless_files_are_refused_at_their_limit() {
    for args in [
        &["moves", "--rules", "/dev/zero"][..],
        &["replay", "/dev/zero"][..],
    ] {
        let out = siguo(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("/dev/zero") && err.contains("bytes"),
            "{args:?}: {err}"
        );
    }
    let out = siguo(&["replay", ""]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("file name is empty"));
}
