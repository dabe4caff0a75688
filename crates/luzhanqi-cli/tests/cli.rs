//! The `luzhanqi` command's exact output formats, exit codes and hostile input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_luzhanqi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_luzhanqi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The command may stop reading early (an input past its limit): a closed pipe here.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
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

/// Exit 1 with `error: …` on stderr; the message.
fn fails(args: &[&str]) -> String {
    let o = run(args);
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

fn usage(args: &[&str]) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
}

const START: &str = luzhanqi::deploy::DEFAULT_START;

#[test]
fn moves_of_the_default_start() {
    let text = ok(&["moves"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 34);
    assert_eq!(lines[0], "a2b3 团a2-b3");
    let ascii: Vec<&str> = lines.iter().map(|l| l.split(' ').next().unwrap()).collect();
    let mut sorted = ascii.clone();
    sorted.sort_unstable();
    assert_eq!(ascii, sorted, "sorted by the ASCII form, byte order");
    assert!(lines.contains(&"c6c7 工c6xc7"));
    assert!(lines.contains(&"c5b5 排c5-b5"));
    for l in &lines {
        let (a, r) = l.split_once(' ').unwrap();
        // The record's origin and destination are the ASCII form's.
        let rest: String = r
            .chars()
            .skip(1)
            .filter(|c| *c != '-' && *c != 'x')
            .collect();
        assert_eq!(rest, a, "{l}");
    }
    // The same with the start given explicitly, and from standard input.
    assert_eq!(ok(&["moves", "--position", START]), text);
    let o = run_stdin(&["moves", "--position", "-"], &format!("\n  {START}\n"));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), text);
}

#[test]
fn moves_sort_a10_before_a1() {
    // Red engineers on a10 and a1 (a station of the back row: a1 is not a headquarters).
    let pos = "1f3/5/E4/5/5/5/5/5/5/5/5/EF3 r";
    let text = ok(&["moves", "--position", pos]);
    let first: Vec<&str> = text.lines().map(|l| l.split(' ').next().unwrap()).collect();
    let a10 = first.iter().position(|m| m.starts_with("a10")).unwrap();
    let a1 = first
        .iter()
        .position(|m| m.starts_with("a1a") || m.starts_with("a1b"))
        .unwrap();
    assert!(a10 < a1, "{text}");
    let divide = ok(&["divide", "1", "--position", pos]);
    let order: Vec<&str> = divide
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(&order[..order.len() - 1], &first[..]);
}

#[test]
fn perft_and_divide_of_the_default_start() {
    assert_eq!(ok(&["perft", "0"]), "1\n");
    assert_eq!(ok(&["perft", "1"]), "34\n");
    assert_eq!(ok(&["perft", "2"]), "1163\n");
    let divide = ok(&["divide", "2"]);
    let lines: Vec<&str> = divide.lines().collect();
    assert_eq!(lines.len(), 35);
    assert_eq!(*lines.last().unwrap(), "total 1163");
    let sum: u64 = lines[..34]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1163);
    let moves = ok(&["moves"]);
    let from_moves: Vec<&str> = moves
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    let from_divide: Vec<&str> = lines[..34]
        .iter()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(from_moves, from_divide);
}

#[test]
fn depths_are_bounded() {
    usage(&["perft", "21"]);
    usage(&["perft", "-1"]);
    usage(&["perft", "99999999999999999999999"]);
    usage(&["divide", "0"]);
    usage(&["divide", "21"]);
    usage(&["perft"]);
    usage(&["nonsense"]);
    usage(&["deploy", "random", "--count", "0"]);
    usage(&["deploy", "random", "--seed", "99999999999999999999999"]);
    usage(&["convert", "-", "--to", "klingon"]);
    usage(&["opening", "--red", "random"]);
}

#[test]
fn outcome_of_decided_positions() {
    assert_eq!(ok(&["outcome"]), "ongoing\n");
    let cases = [
        // Blue has no flag.
        ("5/5/5/5/5/5/5/5/5/5/5/1F1S1 b", "red flag-captured"),
        // Blue, to move, has only its flag; Red's general can move.
        ("1f3/5/5/5/5/5/5/5/5/5/5/1FJ2 b", "red no-move"),
        // Red, to move, has only its flag.
        ("1fj2/5/5/5/5/5/5/5/5/5/5/1F3 r", "blue no-move"),
        // Neither side has a movable piece (a general on a headquarters is locked).
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F1J1 b", "draw no-movable-pieces"),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3 r", "draw no-movable-pieces"),
        // The no-combat limit (70 plies by default).
        (
            "1f3/1j3/5/5/5/5/5/5/5/5/1J3/1F3 r 70 40",
            "draw no-combat-limit",
        ),
    ];
    for (pos, verdict) in cases {
        assert_eq!(
            ok(&["outcome", "--position", pos]),
            format!("{verdict}\n"),
            "{pos}"
        );
        // A decided position has no moves, and perft counts none.
        assert_eq!(ok(&["moves", "--position", pos]), "", "{pos}");
    }
    // One ply short of the limit: still on.
    let pos = "1f3/1j3/5/5/5/5/5/5/5/5/1J3/1F3 r 69 40";
    assert_eq!(ok(&["outcome", "--position", pos]), "ongoing\n");
    // The limit is the ruleset's.
    let rules = r#"{"no_combat_limit": 100}"#;
    let pos = "1f3/1j3/5/5/5/5/5/5/5/5/1J3/1F3 r 70 40";
    assert_eq!(
        ok(&["outcome", "--position", pos, "--rules", rules]),
        "ongoing\n"
    );
}

#[test]
fn hostile_positions_fail_with_a_column() {
    let cases: [(&str, &str); 6] = [
        ("xx", "column 1"),
        ("軍軍軍", "column 1"),
        ("5/5/5", "column 6"),
        (
            "5/5/5/5/5/5/5/5/5/5/5/1F1S1 r 99999999999999999999 1",
            "column 31",
        ),
        ("5/5/5/5/5/5/5/5/5/5/5/1F1S1 q", "column 29"),
        ("55/5/5/5/5/5/5/5/5/5/5/1F1S1 r", "column 2"),
    ];
    for (pos, col) in cases {
        let err = fails(&["moves", "--position", pos]);
        assert!(err.contains(col), "{pos}: {err}");
    }
    // Valid syntax, invalid placement: every reason said.
    let err = fails(&["outcome", "--position", "1f3/5/5/5/5/5/5/5/5/5/5/1F1F1 r"]);
    assert!(err.contains("flag"), "{err}");
    // From standard input: line and column.
    let o = run_stdin(&["show", "--position", "-"], "\n\n  5/5/x\n");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(err.contains("standard input:3:3:"), "{err}");
    // Too long.
    let o = run_stdin(&["show", "--position", "-"], &"5/".repeat(40_000));
    assert_eq!(o.status.code(), Some(1));
    // Rules: unknown fields refused with their place; nonsense refused.
    let err = fails(&["perft", "1", "--rules", "{\n \"hq_lok\": true}"]);
    assert!(err.contains("line 2, column"), "{err}");
    fails(&["perft", "1", "--rules", "/nonexistent/rules.json"]);
    fails(&["perft", "1", "--rules", ""]);
}

#[test]
fn show_and_svg() {
    let text = ok(&["show"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "12  p c l f l");
    assert_eq!(lines[2], "10  d + z + b");
    assert_eq!(lines[6], "    ~ ~ ~ ~ ~");
    assert_eq!(lines[7], " 6  Y C E T P");
    assert_eq!(lines[12], " 1  L F L C P");
    assert_eq!(lines[13], "    a b c d e");
    assert_eq!(lines[14], START);
    let empty = ok(&["show", "--position", "1f3/5/5/5/5/5/5/5/5/5/5/1F3 r"]);
    assert!(empty.starts_with("12  . f . # .\n"), "{empty}");
    let svg = ok(&["svg"]);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
}

#[test]
fn deployments() {
    assert_eq!(ok(&["deploy", "count"]), "709596419051520000\n");
    let a = ok(&["deploy", "random", "--seed", "7", "--count", "5"]);
    assert_eq!(a.lines().count(), 5);
    assert_eq!(a, ok(&["deploy", "random", "--seed", "7", "--count", "5"]));
    assert_ne!(a, ok(&["deploy", "random", "--seed", "8", "--count", "5"]));
    for d in a.lines() {
        assert_eq!(ok(&["deploy", "check", d]), "ok\n");
    }
    let dep = luzhanqi::deploy::DEFAULT_DEPLOYMENT;
    assert_eq!(ok(&["deploy", "check", dep]), "ok\n");
    // Two flags and one mine too few: every reason, one a line, exit 1.
    let bad = "FFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCETP";
    let o = run(&["deploy", "check", bad]);
    assert_eq!(o.status.code(), Some(1));
    let reasons = String::from_utf8(o.stdout).unwrap();
    assert_eq!(reasons.lines().count(), 3, "{reasons}");
    assert!(reasons.contains("2 of flag, not 1"), "{reasons}");
    // A malformed string: its column.
    let err = fails(&["deploy", "check", "LFLCP/TLEYE/BxZ+D"]);
    assert!(err.contains("column 14"), "{err}");
}

#[test]
fn openings() {
    let dep = luzhanqi::deploy::DEFAULT_DEPLOYMENT;
    assert_eq!(
        ok(&["opening", "--red", dep, "--blue", dep]),
        format!("{START}\n")
    );
    let blue_first = ok(&["opening", "--red", dep, "--blue", dep, "--first", "blue"]);
    assert_eq!(blue_first, START.replace(" r ", " b ") + "\n");
    let r = ok(&[
        "opening", "--red", "random", "--blue", "random", "--seed", "3",
    ]);
    assert_eq!(
        r,
        ok(&[
            "opening", "--red", "random", "--blue", "random", "--seed", "3"
        ])
    );
    assert_eq!(ok(&["outcome", "--position", r.trim()]), "ongoing\n");
    let err = fails(&[
        "opening",
        "--red",
        "FFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCETP",
        "--blue",
        dep,
    ]);
    assert!(err.contains("--red"), "{err}");
}

#[test]
fn selfplay_is_deterministic_per_seed() {
    let a = ok(&["selfplay", "--seed", "5"]);
    assert_eq!(a, ok(&["selfplay", "--seed", "5", "--random"]));
    assert_ne!(a, ok(&["selfplay", "--seed", "6"]));
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines[0], "seed 5");
    let opening = lines[1].strip_prefix("opening ").unwrap();
    let last = *lines.last().unwrap();
    let verdict = ok(&["outcome", "--position", lines[lines.len() - 2]]);
    // The final position's verdict is the game's (repetition is off by default).
    assert_eq!(format!("{last}\n"), verdict);
    // Every move line is `<n>. <ascii> <record>`, and replays from the opening.
    let moves: Vec<&str> = lines[2..]
        .iter()
        .take_while(|l| {
            l.split_whitespace().next().is_some_and(|t| {
                t.strip_suffix('.')
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            })
        })
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert!(!moves.is_empty());
    let mut pos: luzhanqi::Position = opening.parse().unwrap();
    for m in &moves {
        let mv = pos.find_move(m).unwrap();
        pos = pos.play(mv).unwrap();
    }
    assert_eq!(pos.to_string(), lines[lines.len() - 2]);
}

const FILE: &str = "[Game \"luzhanqi\"]
[Event \"Test\"]

{start} 1. 排c5-b5 {camp} (1. c5d5 !?) 1... 排c8-b8 2. c6c7 $1 *
";

#[test]
fn game_files_convert_and_replay() {
    let dir = std::env::temp_dir().join(format!("luzhanqi-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    std::fs::write(&path, FILE).unwrap();
    let p = path.to_str().unwrap();
    let trad = ok(&["convert", p, "--to", "traditional"]);
    assert!(
        trad.contains("1. 排c5-b5 {camp} (1. 排c5-d5!?) 1... 排c8-b8\n2. 工c6xc7 $1 *"),
        "{trad}"
    );
    let ascii = ok(&["convert", p, "--to", "ascii"]);
    assert!(
        ascii.contains("{start} 1. c5b5 {camp} (1. c5d5!?) 1... c8b8\n2. c6c7 $1 *"),
        "{ascii}"
    );
    assert!(ascii.starts_with("[Game \"luzhanqi\"]\n[Event \"Test\"]\n[Result \"*\"]\n\n"));
    // Converted back: the same file whatever the way.
    let o = run_stdin(&["convert", "-", "--to", "simplified"], &ascii);
    let simp = String::from_utf8(o.stdout).unwrap();
    let o2 = run_stdin(&["convert", "-", "--to", "simplified"], &trad);
    assert_eq!(simp, String::from_utf8(o2.stdout).unwrap());
    let o3 = run_stdin(&["convert", "-", "--to", "ascii"], &simp);
    assert_eq!(String::from_utf8(o3.stdout).unwrap(), ascii);
    // Replay: the final board, position string, result token and verdict.
    let o = run_stdin(&["replay", "-"], &simp);
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 17, "{text}");
    assert_eq!(
        lines[14],
        "pclfl/eyelt/d1z1b/cz1bd/sp2j/pt1cy/YC1TP/JP2S/DB1ZC/B1Z1D/TLEYE/LFLCP b 0 2"
    );
    assert_eq!(lines[15], "result *");
    assert_eq!(lines[16], "ongoing");
    assert_eq!(ok(&["replay", p]), text);
    // Errors: line and column, exit 1.
    std::fs::write(&path, FILE.replace("2. c6c7", "2. c6c9")).unwrap();
    let err = fails(&["replay", p]);
    assert!(err.contains(":4:"), "{err}");
    let err = fails(&["convert", p, "--to", "ascii"]);
    assert!(err.contains(":4:"), "{err}");
    // The other game's file.
    std::fs::write(&path, "[Game \"gjjq\"]\n\n1. 团5B进5A *\n").unwrap();
    let err = fails(&["replay", p]);
    assert!(err.contains(":1:7: the Game tag names 'gjjq'"), "{err}");
    // No such file; bytes that are not UTF-8.
    fails(&["replay", "/nonexistent/game.txt"]);
    std::fs::write(&path, b"[Game \"luzhanqi\"]\n\n1. \xff *\n").unwrap();
    let err = fails(&["replay", p]);
    assert!(err.contains("3:4"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_pipe_is_a_quiet_end() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_luzhanqi"))
        .args(["deploy", "random", "--seed", "1", "--count", "200000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stderr.is_empty());
}
