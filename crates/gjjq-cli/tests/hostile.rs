//! Hostile input to the command line (issue 11): no crash, bounded memory, errors that say
//! where. One test per numbered finding, named for it.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use common::{GJJQ, gjjq, gjjq_stdin, stderr, stdout, test_dir};
use std::time::{Duration, Instant};

/// A fresh directory for this test's files.
fn dir(test: &str) -> PathBuf {
    test_dir("hostile", test)
}

fn file(test: &str, name: &str, bytes: &[u8]) -> String {
    let p = dir(test).join(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_owned()
}

/// A failure with exit code 1 and one `error:` line, no panic.
fn assert_clean_failure(o: &Output, what: &str) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{what}: {err}");
    assert!(err.starts_with("error: "), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
    err
}

const GAME: &str = "[Event \"x\"]\n\n1. 5B5A 5b5a\n2. 5A5B *\n";

/// Every command, with the arguments that make it print something.
fn every_command(game_file: &str) -> Vec<Vec<String>> {
    let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        v(&["show"]),
        v(&["moves"]),
        v(&["outcome"]),
        v(&["perft", "2"]),
        v(&["perft", "2", "--threads", "2"]),
        v(&["divide", "2"]),
        v(&["svg"]),
        v(&["selfplay", "--seed", "1", "--plies", "50"]),
        v(&["replay", game_file]),
        v(&["convert", game_file]),
        v(&["convert", game_file, "--to", "ascii"]),
        // clap's own output, which `Cli::parse` would write ignoring errors.
        v(&["--help"]),
        v(&["--version"]),
        v(&["help", "perft"]),
    ]
}

#[test]
fn finding_1_every_output_handles_write_errors() {
    let game = file("f1", "g.gjjq", GAME.as_bytes());
    for args in every_command(&game) {
        // A full disk: an error and a non-zero exit.
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = Command::new(GJJQ)
            .args(&args)
            .stdout(full)
            .output()
            .unwrap();
        let err = assert_clean_failure(&o, &args.join(" "));
        assert!(err.contains("No space left"), "{args:?}: {err}");
        // A pipe closed before anything is read: a quiet, clean exit.
        let mut child = Command::new(GJJQ)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(o.stderr.is_empty(), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn finding_2_numeric_arguments_have_ranges() {
    for args in [
        &["perft", "5000"][..],
        &["divide", "5000"],
        &["perft", "1300", "--threads", "2"],
        &["perft", "21"],
        &["divide", "0"],
        &["perft", "2", "--threads", "0"],
        &["perft", "2", "--threads", "100000"],
        &["perft", "99999999999999999999"],
        &["selfplay", "--plies", "4000000000"],
        &["svg", "--size", "0"],
    ] {
        let t = Instant::now();
        let o = gjjq(args);
        // clap's usage error: exit 2, the argument and its range named.
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("is not in") || err.contains("invalid"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("overflow"), "{args:?}: {err}");
        assert!(t.elapsed() < Duration::from_secs(5));
    }
    // The edges of the ranges run.
    assert!(gjjq(&["perft", "0"]).status.success());
    assert_eq!(stdout(&gjjq(&["perft", "0"])).trim(), "1");
    assert!(
        gjjq(&["divide", "1", "--position", "4k4/9/9/9/9/9/I8/9/9/4K4 r -"])
            .status
            .success()
    );
    // A deep perft on a position with no moves finishes at once: the cap is on the argument,
    // and the recursion stops at the first leaf.
    let o = gjjq(&["perft", "20", "--position", "3gk4/9/9/9/9/9/9/9/9/4KG3 r -"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "0");
}

#[test]
fn finding_3_an_endless_line_is_refused_quickly() {
    let t = Instant::now();
    let o = gjjq(&["replay", "/dev/zero"]);
    let err = assert_clean_failure(&o, "replay /dev/zero");
    assert!(err.contains("line 1: longer than 1048576 bytes"), "{err}");
    let o = gjjq(&["convert", "/dev/zero"]);
    assert_clean_failure(&o, "convert /dev/zero");
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
}

#[test]
fn finding_4_a_huge_game_fails_at_its_first_bad_move() {
    // 400,000 moves, the first illegal: replay stops at 1:4 without reading on.
    let mut text = String::from("1. 5B4A 5b5a\n");
    for n in 2..=200_000 {
        text.push_str(&format!("{n}. 5A5B 5a5b\n"));
    }
    let path = file("f4", "huge.gjjq", text.as_bytes());
    let t = Instant::now();
    let o = gjjq(&["replay", &path]);
    let err = assert_clean_failure(&o, "replay huge");
    assert!(err.contains("move 1 '5B4A' at 1:4"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    // More moves than the reader holds: a typed error at the move past the limit.
    let mut text = String::new();
    for n in 1..=500_001 {
        text.push_str(&format!("{n}. 5B5A 5b5a\n"));
    }
    let path = file("f4", "over.gjjq", text.as_bytes());
    let o = gjjq(&["convert", &path]);
    let err = assert_clean_failure(&o, "convert over the limit");
    assert!(
        err.contains("500001:9: more than 1000000 moves in one game"),
        "{err}"
    );
}

// Finding 5 (replay quadratic in plies) is tested in gjjq-notation/tests/hostile.rs and
// measured by benches/replay.rs.

#[test]
fn finding_6_a_second_setup_tag_is_refused_with_both_lines() {
    let text = "[Setup \"4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 1\"]\n[Event \"x\"]\n\
                [Setup \"4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 7\"]\n\n7. 5B5A *\n";
    let path = file("f6", "two.gjjq", text.as_bytes());
    for cmd in ["replay", "convert"] {
        let o = gjjq(&[cmd, &path]);
        let err = assert_clean_failure(&o, cmd);
        assert!(
            err.contains("3:1: a second Setup tag; the first is on line 1"),
            "{err}"
        );
    }
}

#[test]
fn finding_7_convert_keeps_backslashes_in_comments() {
    let path = file("f7", "c.gjjq", b"1. 5B5A {C:\\temp \\} x \\\\ y} *\n");
    let o = gjjq(&["convert", &path, "--to", "ascii"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let once = stdout(&o);
    assert!(once.contains("{C:\\\\temp \\} x \\\\ y}"), "{once}");
    // And the rewritten text converts to itself.
    let again = file("f7", "again.gjjq", once.as_bytes());
    assert_eq!(stdout(&gjjq(&["convert", &again, "--to", "ascii"])), once);
}

#[test]
fn finding_8_rules_json_must_be_an_object() {
    for (name, json) in [
        ("arr.json", "[]"),
        ("arr2.json", "[true]"),
        ("num.json", "\n 7"),
    ] {
        let rules = file("f8", name, json.as_bytes());
        let o = gjjq(&["show", "--rules", &rules]);
        let err = assert_clean_failure(&o, name);
        assert!(err.contains("a ruleset is a JSON object"), "{err}");
    }
    let rules = file("f8", "num2.json", b"\n 7");
    let err = stderr(&gjjq(&["show", "--rules", &rules]));
    assert!(err.contains("num2.json:2:2:"), "{err}");
    // The Rules tag says the same, through the same parser.
    let game = file("f8", "g.gjjq", b"[Rules \"[]\"]\n\n*\n");
    let err = assert_clean_failure(&gjjq(&["replay", &game]), "Rules tag");
    assert!(
        err.contains("1:9: Rules tag: a ruleset is a JSON object"),
        "{err}"
    );
}

#[test]
fn finding_9_a_bare_carriage_return_is_refused_alike_with_its_place() {
    let path = file("f9", "cr.gjjq", b"[Event \"a\rb\"]\r\n\r\n1. 5B5A *\r\n");
    for cmd in ["replay", "convert"] {
        let err = assert_clean_failure(&gjjq(&[cmd, &path]), cmd);
        assert!(
            err.contains("1:10: a carriage return inside a line"),
            "{cmd}: {err}"
        );
    }
    // CR LF line ends are fine.
    let path = file("f9", "crlf.gjjq", b"[Event \"ab\"]\r\n\r\n1. 5B5A *\r\n");
    assert!(gjjq(&["replay", &path]).status.success());
}

#[test]
fn finding_10_no_capture_limit_and_kingless_positions() {
    let rules = file("f10", "limit.json", br#"{"no_capture_limit": 10}"#);
    let past = "5k3/9/9/9/9/9/I8/9/9/3K5 r - 12 40";
    let o = gjjq(&["outcome", "--position", past, "--rules", &rules]);
    assert_eq!(stdout(&o).trim(), "draw no-capture-limit", "{}", stderr(&o));
    let o = gjjq(&["moves", "--position", past, "--rules", &rules]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stdout(&gjjq(&[
            "perft",
            "3",
            "--position",
            past,
            "--rules",
            &rules
        ]))
        .trim(),
        "0"
    );
    // Without the option the same position plays on.
    assert_eq!(
        stdout(&gjjq(&["outcome", "--position", past])).trim(),
        "ongoing"
    );
    // A kingless side to move needs a piece of the winner that could have taken its king.
    let o = gjjq(&["outcome", "--position", "4k4/9/9/9/9/9/9/9/4I4/9 r -"]);
    let err = assert_clean_failure(&o, "kingless");
    assert!(err.contains("red has no king"), "{err}");
    let o = gjjq(&["outcome", "--position", "4k4/9/9/9/9/9/9/9/4I4/4i4 r -"]);
    assert_eq!(stdout(&o).trim(), "green king-captured", "{}", stderr(&o));
}

#[test]
fn finding_11_no_games_is_an_error() {
    let empty = file("f11", "empty.gjjq", b"");
    let blank = file("f11", "blank.gjjq", b"\n\n  \n");
    for cmd in ["replay", "convert"] {
        for path in [&empty, &blank] {
            let err = assert_clean_failure(&gjjq(&[cmd, path]), cmd);
            assert!(err.contains("no games"), "{err}");
        }
        let o = gjjq_stdin(&[cmd, "-"], b"");
        let err = assert_clean_failure(&o, cmd);
        assert!(err.contains("standard input: no games"), "{err}");
    }
}

#[test]
fn finding_12_messages_say_what_and_where() {
    // A huge number is too large, not "not a whole number".
    let o = gjjq(&[
        "show",
        "--position",
        "4k4/9/9/9/9/9/I8/9/9/4K4 r - 99999999999999999999",
    ]);
    let err = assert_clean_failure(&o, "huge counter");
    assert!(err.contains("'99999999999999999999' is too large"), "{err}");
    // A ruleset file with a byte-order mark reads.
    let bom = file(
        "f12",
        "bom.json",
        "\u{feff}{\"return_rule\": \"immediate\"}".as_bytes(),
    );
    assert!(gjjq(&["show", "--rules", &bom]).status.success());
    // A ruleset error names the file, line and column.
    let bad = file("f12", "bad.json", b"{\n  \"return_rule\": \"sometimes\"\n}");
    let err = assert_clean_failure(&gjjq(&["show", "--rules", &bad]), "bad rules");
    assert!(err.contains("bad.json:2:"), "{err}");
    assert!(err.contains("sometimes"), "{err}");
    // Cyrillic lookalikes: one message, one column, the character named.
    let cyr = file("f12", "cyr.gjjq", "1. 5В5А *\n".as_bytes());
    let err = assert_clean_failure(&gjjq(&["replay", &cyr]), "cyrillic");
    assert!(err.contains("1:5: 'В' (U+0412) is not ASCII"), "{err}");
    assert_eq!(err.matches("column").count(), 0, "{err}");
    // Bad UTF-8: line and column.
    let utf = file("f12", "utf.gjjq", b"\n\n1. 5B5A \xff *\n");
    let err = assert_clean_failure(&gjjq(&["replay", &utf]), "utf-8");
    assert!(err.contains("3:9: not valid UTF-8"), "{err}");
    // An invalid Setup position: the line, the side and the point.
    let setup = file(
        "f12",
        "setup.gjjq",
        b"\n[Setup \"4k4/9/9/9/9/9/4K4/9/9/9 r -\"]\n\n*\n",
    );
    let err = assert_clean_failure(&gjjq(&["replay", &setup]), "setup");
    assert!(
        err.contains("2:8: Setup tag: invalid position: red king on 5B is outside its palace"),
        "{err}"
    );
    // An empty path is named as such.
    for args in [
        &["replay", ""][..],
        &["convert", ""],
        &["show", "--rules", ""],
        &["show", "--position-file", ""],
    ] {
        let err = assert_clean_failure(&gjjq(args), "empty path");
        assert!(err.contains("the file name is empty"), "{args:?}: {err}");
    }
    // A Rules-tag JSON error points into the file.
    let rules = file(
        "f12",
        "rules.gjjq",
        b"[Event \"x\"]\n[Rules \"{\\\"return_rul\\\": 1}\"]\n\n*\n",
    );
    let err = assert_clean_failure(&gjjq(&["replay", &rules]), "rules tag");
    assert!(
        err.contains("2:22: Rules tag: unknown field `return_rul`"),
        "{err}"
    );
    // Echoed fields are cut.
    // (One argument holds at most 128 KiB on Linux.)
    let side = "x".repeat(100_000);
    let o = gjjq(&[
        "show",
        "--position",
        &format!("4k4/9/9/9/9/9/I8/9/9/4K4 {side} -"),
    ]);
    assert!(assert_clean_failure(&o, "huge side").len() < 300);
    let huge = "x".repeat(1 << 20);
    let tag = file(
        "f12",
        "huge.gjjq",
        format!("[Rules \"{huge}\"]\n\n*\n").as_bytes(),
    );
    assert!(assert_clean_failure(&gjjq(&["replay", &tag]), "huge tag").len() < 300);
    let num = file("f12", "num.gjjq", format!("1{huge}. 5B5A *\n").as_bytes());
    assert!(assert_clean_failure(&gjjq(&["replay", &num]), "huge number").len() < 300);
}

#[test]
fn finding_13_positions_from_stdin_and_files() {
    let pos = "4k4/9/9/9/9/9/I8/9/9/4K4 r -";
    let path = file(
        "f13",
        "pos.txt",
        format!("\u{feff}\n  {pos}\n\n").as_bytes(),
    );
    for cmd in [
        &["show"][..],
        &["moves"],
        &["outcome"],
        &["perft", "2"],
        &["divide", "2"],
        &["svg"],
    ] {
        let direct = gjjq(&[cmd, &["--position", pos]].concat());
        assert!(direct.status.success(), "{cmd:?}");
        let piped = gjjq_stdin(
            &[cmd, &["--position", "-"]].concat(),
            format!("{pos}\n").as_bytes(),
        );
        assert_eq!(
            stdout(&piped),
            stdout(&direct),
            "{cmd:?}: {}",
            stderr(&piped)
        );
        let from_file = gjjq(&[cmd, &["--position-file", path.as_str()]].concat());
        assert_eq!(
            stdout(&from_file),
            stdout(&direct),
            "{cmd:?}: {}",
            stderr(&from_file)
        );
    }
    // Errors say the line and column in the file.
    let bad = file("f13", "bad.txt", b"\n\n  9/9/7/9/9/9/9/9/9/9 r -\n");
    let err = assert_clean_failure(&gjjq(&["show", "--position-file", &bad]), "bad file");
    assert!(
        err.contains("bad.txt:3:3: position string: placement: row 3 has 7 points"),
        "{err}"
    );
    let err = assert_clean_failure(
        &gjjq_stdin(&["show", "--position", "-"], b""),
        "empty stdin",
    );
    assert!(err.contains("standard input: no position string"), "{err}");
    // Both at once is a usage error.
    let o = gjjq(&["show", "--position", pos, "--position-file", &path]);
    assert_eq!(o.status.code(), Some(2));
    // A position longer than any argument list can be given in a file; its size is bounded.
    let long = file(
        "f13",
        "long.txt",
        format!("{pos}{}", " ".repeat(200_000)).as_bytes(),
    );
    let err = assert_clean_failure(&gjjq(&["show", "--position-file", &long]), "long");
    assert!(err.contains("longer than 65536 bytes"), "{err}");
}

// Issue 41 item 12: `convert` accepts exactly what `replay` accepts. An ASCII move inside a
// variation of a file whose main line is records replays, so it converts (resolved to a
// record); an illegal move in a variation is refused by both, naming its ply along its line.
#[test]
fn issue41_12_convert_accepts_what_replay_accepts() {
    let path = file(
        "i12",
        "v.gjjq",
        "1. 团5B进5A 1... 团5b进5a (1... 5b5c) 2. 团5A退5B *\n".as_bytes(),
    );
    assert!(gjjq(&["replay", &path]).status.success());
    let o = gjjq(&["convert", &path]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("(1... 团5b退5c)"), "{}", stdout(&o));
    let bad = file(
        "i12",
        "bad.gjjq",
        "1. 团5B进5A 1... 团5b进5a 2. 团5A退5B (2. 5A5C) *\n".as_bytes(),
    );
    for cmd in ["replay", "convert"] {
        let err = assert_clean_failure(&gjjq(&[cmd, &bad]), cmd);
        assert!(err.contains("move 3 '5A5C' at 1:37"), "{cmd}: {err}");
    }
    let o = gjjq(&["convert", &bad, "--to", "ascii"]);
    assert_clean_failure(&o, "convert --to ascii");
}
