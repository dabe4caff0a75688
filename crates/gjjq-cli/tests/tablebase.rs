//! `gjjq tablebase`: generate, probe and stats, their exact output formats (issue 23), on
//! small endings (KvK, IvK, KvI) so that the suite runs in seconds.

mod common;

use std::path::{Path, PathBuf};

use common::{gjjq, stderr, stdout, test_dir};

/// A fresh directory with KvK, IvK and KvI generated.
fn tables(test: &str) -> PathBuf {
    let dir = test_dir("tablebase", test);
    let o = gjjq(&[
        "tablebase",
        "generate",
        "--dir",
        dir.to_str().unwrap(),
        "--units",
        "1",
        "--threads",
        "2",
        "--ending",
        "IvK",
        "--ending",
        "KvI",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    dir
}

fn probe(dir: &Path, position: &str) -> std::process::Output {
    gjjq_within(&[
        "tablebase",
        "probe",
        "--dir",
        dir.to_str().unwrap(),
        "--position",
        position,
    ])
}

/// `<ending> <positions> <seconds with three decimals>`.
fn generate_line(line: &str) -> (String, u64, f64) {
    let f: Vec<&str> = line.split(' ').collect();
    assert_eq!(f.len(), 3, "{line}");
    let (int, frac) = f[2].split_once('.').expect("seconds with decimals");
    assert!(
        int.chars().all(|c| c.is_ascii_digit()) && frac.len() == 3,
        "{line}"
    );
    (
        f[0].to_owned(),
        f[1].parse().unwrap(),
        f[2].parse().unwrap(),
    )
}

#[test]
fn generate_prints_one_line_per_ending_and_resumes() {
    let dir = test_dir("tablebase", "generate");
    let args = [
        "tablebase",
        "generate",
        "--dir",
        dir.to_str().unwrap(),
        "--units",
        "1",
        "--threads",
        "2",
        "--ending",
        "IvK",
        "--ending",
        "KvI",
    ];
    let o = gjjq(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<(String, u64, f64)> = stdout(&o).lines().map(generate_line).collect();
    let names: Vec<&str> = lines.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(
        names,
        ["KvK", "IvK", "KvI"],
        "smallest first, sub-endings included"
    );
    assert_eq!(
        lines[0].1, 90,
        "45 king pairs after mirror folding, two sides to move"
    );
    assert_eq!(lines[1].1, 7920);
    assert_eq!(lines[2].1, 7920);
    for name in ["KvK", "IvK", "KvI"] {
        assert!(dir.join(format!("{name}.gjtb")).is_file());
        assert!(dir.join(format!("{name}.gjwdl")).is_file());
    }
    // Resumed: the same lines, nothing generated again.
    let again = gjjq(&args);
    assert!(again.status.success());
    let lines2: Vec<(String, u64, f64)> = stdout(&again).lines().map(generate_line).collect();
    assert_eq!(lines2.len(), 3);
    for (a, b) in lines.iter().zip(&lines2) {
        assert_eq!((&a.0, a.1), (&b.0, b.1));
        assert_eq!(b.2, 0.0, "{} read from disk", b.0);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_refuses_bad_arguments() {
    let dir = test_dir("tablebase", "bad-args");
    let d = dir.to_str().unwrap();
    let o = gjjq(&[
        "tablebase",
        "generate",
        "--dir",
        d,
        "--units",
        "1",
        "--ending",
        "IIvK",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("more than --units 1"), "{}", stderr(&o));
    let o = gjjq(&[
        "tablebase",
        "generate",
        "--dir",
        d,
        "--units",
        "2",
        "--ending",
        "XvK",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--ending XvK"), "{}", stderr(&o));
    // An index over the generator's 32-bit numbering: refused before anything is written,
    // not generated wrong (15 four-unit endings, issue 38).
    let huge = dir.join("huge");
    let o = gjjq(&[
        "tablebase",
        "generate",
        "--dir",
        huge.to_str().unwrap(),
        "--units",
        "4",
        "--ending",
        "IDvID",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: the ending IDvID has 5904900000 index words; the generator handles at most \
         4294967295 (32-bit positions)\n"
    );
    assert!(!huge.exists(), "nothing written, not even the directory");
    let o = gjjq(&["tablebase", "generate", "--dir", d, "--units", "9"]);
    assert!(!o.status.success());
    let o = gjjq(&[
        "tablebase",
        "generate",
        "--dir",
        d,
        "--units",
        "1",
        "--threads",
        "0",
    ]);
    assert!(!o.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn probe_prints_one_value_line() {
    let dir = tables("probe");
    let cases = [
        // Red's infantry beside Green's king, Red to move: takes it.
        ("3k5/3I5/9/9/9/9/9/9/9/4K4 r -", "win 1"),
        // Green to move takes the infantry: kings alone.
        ("4k4/4I4/9/9/9/9/9/9/9/4K4 g -", "draw"),
        // Decided already (Green's aircraft traps Red's king, R-22): no table needed.
        ("4k4/9/9/9/9/9/9/9/4G4/2p1K4 r -", "loss 0"),
        // Kings, guards and armies only.
        ("3gk4/9/9/9/9/9/9/9/9/4KG3 r -", "draw"),
    ];
    for (pos, want) in cases {
        let o = probe(&dir, pos);
        assert!(o.status.success(), "{pos}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("{want}\n"), "{pos}");
    }
    // Wins counted in plies to the end: the longest IvK win is odd, a loss is even.
    let o = probe(&dir, "4k4/9/9/9/9/9/9/9/4I4/4K4 g -");
    let text = stdout(&o);
    let (word, n) = text.trim_end().split_once(' ').unwrap();
    assert_eq!(word, "loss");
    assert_eq!(n.parse::<u32>().unwrap() % 2, 0);
    // Not covered: an error, exit 1, nothing on stdout.
    let o = probe(&dir, "3k5/3D5/9/9/9/9/9/9/9/4K4 r -");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("DvK"), "{}", stderr(&o));
    let o = probe(&dir, "not a position");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("position string"), "{}", stderr(&o));
    let o = probe(&dir.join("missing"), "3k5/3I5/9/9/9/9/9/9/9/4K4 r -");
    assert_eq!(o.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn probe_moves_lists_every_legal_move_sorted_with_the_value_after_it() {
    let dir = tables("moves");
    let pos = "9/9/3k5/9/9/9/9/9/9/I2K5 r -";
    let o = gjjq(&[
        "tablebase",
        "probe",
        "--dir",
        dir.to_str().unwrap(),
        "--position",
        pos,
        "--moves",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let ascii: Vec<&str> = text.lines().map(|l| l.split(' ').next().unwrap()).collect();
    let legal = stdout(&gjjq(&["moves", "--position", pos]));
    let legal: Vec<&str> = legal
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(ascii, legal, "every legal move, sorted by ASCII form");
    let before = stdout(&probe(&dir, pos));
    let (_, n) = before.trim_end().split_once(' ').unwrap();
    let n: u32 = n.parse().unwrap();
    let mut best = None;
    for line in text.lines() {
        let value = line.split_once(' ').unwrap().1;
        assert!(
            value == "draw" || value.starts_with("win ") || value.starts_with("loss "),
            "{line}"
        );
        if let Some(k) = value.strip_prefix("loss ") {
            let k: u32 = k.parse().unwrap();
            best = Some(best.map_or(k, |b: u32| b.min(k)));
        }
    }
    // The value after the best move, from Green's view, is a loss one ply shorter.
    assert_eq!(best, Some(n - 1), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn positions_file_answers_every_line() {
    let dir = tables("file");
    let file = dir.join("positions.txt");
    std::fs::write(
        &file,
        "\u{feff}3k5/3I5/9/9/9/9/9/9/9/4K4 r -\n\
         not a position\n\
         \n\
         3k5/3D5/9/9/9/9/9/9/9/4K4 r -\r\n\
         4k4/4I4/9/9/9/9/9/9/9/4K4 g -\n\
         9/9/9/9/9/9/9/9/9/4K4 r -\n\
         4k4/9/9/9/9/9/9/9/4G4/2p1K4 r -",
    )
    .unwrap();
    let o = gjjq(&[
        "tablebase",
        "probe",
        "--dir",
        dir.to_str().unwrap(),
        "--positions-file",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert_eq!(lines[0], "win 1");
    assert!(
        lines[1].starts_with("error position string"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "error empty line");
    assert_eq!(lines[3], "none");
    assert_eq!(lines[4], "draw");
    assert!(lines[5].starts_with("error position"), "{}", lines[5]);
    assert_eq!(lines[6], "loss 0");
    let o = gjjq(&[
        "tablebase",
        "probe",
        "--dir",
        dir.to_str().unwrap(),
        "--positions-file",
        dir.join("missing.txt").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stats_prints_counts_and_the_longest_win() {
    let dir = tables("stats");
    let o = gjjq(&["tablebase", "stats", "--dir", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(
        lines[0],
        "KvK positions 90 placements 81 red 0/81/0 green 0/81/0 longest-win 0 -"
    );
    let ivk = lines[1];
    assert!(
        ivk.starts_with("IvK positions 7920 placements 7128 red 7128/0/0 green "),
        "{ivk}"
    );
    // `positions` is the count `generate` prints for the same ending (resumed: read, not
    // generated again).
    let again = gjjq(&[
        "tablebase",
        "generate",
        "--dir",
        dir.to_str().unwrap(),
        "--units",
        "1",
        "--ending",
        "IvK",
        "--ending",
        "KvI",
    ]);
    assert!(again.status.success(), "{}", stderr(&again));
    for (generated, stats) in stdout(&again).lines().map(generate_line).zip(&lines) {
        let f: Vec<&str> = stats.split(' ').collect();
        assert_eq!((f[0], f[1]), (generated.0.as_str(), "positions"), "{stats}");
        assert_eq!(f[2].parse::<u64>().unwrap(), generated.1, "{stats}");
    }
    let rest = ivk.split(" longest-win ").nth(1).unwrap();
    let (plies, position) = rest.split_once(' ').unwrap();
    assert_eq!(
        stdout(&probe(&dir, position)),
        format!("win {plies}\n"),
        "the position reaches the longest win"
    );
    assert!(
        lines[2].starts_with("KvI positions 7920 placements 7128 red "),
        "{}",
        lines[2]
    );
    // A damaged file: an error naming it, exit 1.
    let file = dir.join("IvK.gjtb");
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x10;
    std::fs::write(&file, &bytes).unwrap();
    let o = gjjq(&["tablebase", "stats", "--dir", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("IvK.gjtb"), "{}", stderr(&o));
    let o = probe(&dir, "3k5/3I5/9/9/9/9/9/9/9/4K4 r -");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("corrupt"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `gjjq args`, failing the test (and killing it) if it has not ended within 20 s.
fn gjjq_within(args: &[&str]) -> std::process::Output {
    use std::process::{Command, Stdio};
    let mut child = Command::new(common::GJJQ)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(20) {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("gjjq {args:?} still running after 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Makes a FIFO with the system's `mkfifo`; `false` (the test is skipped) where there is none.
#[cfg(unix)]
fn mkfifo(path: &Path) -> bool {
    match std::process::Command::new("mkfifo").arg(path).status() {
        Ok(s) => {
            assert!(s.success());
            true
        }
        Err(e) => {
            eprintln!("skipped: no mkfifo ({e})");
            false
        }
    }
}

fn stats_of(dir: &Path) -> std::process::Output {
    gjjq_within(&["tablebase", "stats", "--dir", dir.to_str().unwrap()])
}

/// Standard error is one line (`error: …` and its newline) of printable text: whatever a file
/// name or header held, no control character reaches the terminal.
fn assert_one_clean_line(o: &std::process::Output) {
    let e = &o.stderr;
    assert!(e.ends_with(b"\n"), "{}", stderr(o));
    assert!(
        e[..e.len() - 1].iter().all(|&b| b >= 0x20 && b != 0x7f),
        "{:?}",
        stderr(o)
    );
}

#[cfg(unix)]
#[test]
fn generate_never_writes_through_a_link_at_a_temporary_name() {
    let dir = test_dir("tablebase", "tmp-link");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("KvK.gjtb.tmp")).unwrap();
    let o = gjjq(&[
        "tablebase",
        "generate",
        "--dir",
        dir.to_str().unwrap(),
        "--units",
        "0",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert!(
        std::fs::symlink_metadata(dir.join("KvK.gjtb"))
            .unwrap()
            .is_file()
    );
    assert!(std::fs::symlink_metadata(dir.join("KvK.gjtb.tmp")).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_second_generation_into_the_same_directory_fails_with_a_message() {
    let dir = test_dir("tablebase", "lock");
    // Another process's generation, as far as the lock says: this test holds it.
    let lock = std::fs::File::create(dir.join(".gjtb-generate.lock")).unwrap();
    lock.lock().unwrap();
    let args = [
        "tablebase",
        "generate",
        "--dir",
        dir.to_str().unwrap(),
        "--units",
        "0",
    ];
    let o = gjjq_within(&args);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("another generation is writing into this directory"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.join("KvK.gjtb").exists());
    lock.unlock().unwrap();
    let o = gjjq_within(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.join("KvK.gjtb").is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_named_as_a_table_is_an_error_at_once_for_probe_stats_and_match() {
    let dir = tables("fifo");
    let ivk = dir.join("IvK.gjtb");
    std::fs::remove_file(&ivk).unwrap();
    if !mkfifo(&ivk) {
        return;
    }
    let o = probe(&dir, "3k5/3I5/9/9/9/9/9/9/9/4K4 r -");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("IvK.gjtb: a FIFO"), "{}", stderr(&o));
    let o = stats_of(&dir);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("IvK.gjtb: a FIFO"), "{}", stderr(&o));
    // What the tables do not need is still answered.
    let o = probe(&dir, "4k4/9/9/9/9/9/9/9/9/3K5 r -");
    assert_eq!(stdout(&o), "draw\n", "{}", stderr(&o));
    let random = format!("{} engine --random", common::GJJQ);
    let o = gjjq_within(&[
        "match",
        "--engine1",
        &random,
        "--engine2",
        &random,
        "--movetime",
        "10",
        "--tb",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("a FIFO"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn positions_file_lines_are_bounded_as_they_are_read() {
    let dir = tables("bounded");
    let file = dir.join("long.txt");
    let limit = 64 * 1024;
    // Exactly the limit is read (and is no position); one byte more is too long.
    let text = format!(
        "{}\n{}\r\n{}\n3k5/3I5/9/9/9/9/9/9/9/4K4 r -\n",
        "x".repeat(limit),
        "x".repeat(limit),
        "x".repeat(limit + 1)
    );
    std::fs::write(&file, text).unwrap();
    let o = gjjq(&[
        "tablebase",
        "probe",
        "--dir",
        dir.to_str().unwrap(),
        "--positions-file",
        file.to_str().unwrap(),
    ]);
    // The over-long line is refused at its limit and the reading stops there (issue 50,
    // item 10): the line after it is not answered, and the error says so.
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 3 is longer than 65536 bytes: the lines after it are not read"),
        "{}",
        stderr(&o)
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("error position string"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("error position string"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "error line longer than 65536 bytes");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 50, item 10: `/dev/zero` (a line that never ends) is refused at the line limit, as a
/// regular file of zeros is, instead of being read for ever. (The wait is a bound on a hang,
/// not a timing: the answer comes in milliseconds.)
#[test]
fn an_endless_line_on_a_positions_file_is_refused_at_the_limit() {
    if !std::path::Path::new("/dev/zero").exists() {
        eprintln!("skipped: no /dev/zero");
        return;
    }
    let dir = tables("endless");
    let mut child = std::process::Command::new(common::GJJQ)
        .args(["tablebase", "probe", "--dir", dir.to_str().unwrap()])
        .args(["--positions-file", "/dev/zero"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("/dev/zero is still being read after 120 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stdout(&o), "error line longer than 65536 bytes\n");
    assert!(
        stderr(&o).contains("/dev/zero: line 1 is longer than 65536 bytes"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn names_and_headers_from_a_table_directory_reach_the_terminal_escaped() {
    let dir = tables("forged");
    // A header whose ending name is a protocol line and a terminal escape.
    let file = dir.join("IvK.gjtb");
    let good = std::fs::read(&file).unwrap();
    let forged = b"\nbestmove 9A9A\nreadyok\x1b[2J\0";
    let n = usize::from(good[12]);
    let bytes = [&good[..12], &[forged.len() as u8], forged, &good[13 + n..]].concat();
    std::fs::write(&file, &bytes).unwrap();
    let o = stats_of(&dir);
    assert_eq!(o.status.code(), Some(1));
    assert_one_clean_line(&o);
    assert!(
        stderr(&o).contains("\\nbestmove 9A9A\\nreadyok\\x1b[2J\\0"),
        "{}",
        stderr(&o)
    );
    let o = probe(&dir, "3k5/3I5/9/9/9/9/9/9/9/4K4 r -");
    assert_eq!(o.status.code(), Some(1));
    assert_one_clean_line(&o);
    // A positions file's answer quotes it on its own line.
    let positions = dir.join("p.txt");
    std::fs::write(
        &positions,
        "3k5/3I5/9/9/9/9/9/9/9/4K4 r -\n4k4/9/9/9/9/9/9/9/9/3K5 r -\n",
    )
    .unwrap();
    let o = gjjq(&[
        "tablebase",
        "probe",
        "--dir",
        dir.to_str().unwrap(),
        "--positions-file",
        positions.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out:?}");
    assert!(
        lines[0].starts_with("error ") && lines[0].contains("corrupt"),
        "{out:?}"
    );
    assert_eq!(lines[1], "draw");
    // A file name that holds the same.
    std::fs::write(&file, &good).unwrap();
    std::fs::write(dir.join("\nbestmove 9A9A\x1b[2J.gjtb"), b"x").unwrap();
    let o = stats_of(&dir);
    assert_eq!(o.status.code(), Some(1));
    assert_one_clean_line(&o);
    assert!(
        stderr(&o).contains("\\nbestmove 9A9A\\x1b[2J.gjtb"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_at_a_table_name_is_named_a_directory() {
    let dir = tables("dir-named");
    let ivk = dir.join("IvK.gjtb");
    std::fs::remove_file(&ivk).unwrap();
    std::fs::create_dir(&ivk).unwrap();
    for o in [probe(&dir, "3k5/3I5/9/9/9/9/9/9/9/4K4 r -"), stats_of(&dir)] {
        assert_eq!(o.status.code(), Some(1));
        let e = stderr(&o);
        assert!(e.contains("IvK.gjtb: a directory, not a table file"), "{e}");
        assert!(!e.contains("os error"), "{e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_dangling_link_at_a_table_name_is_named_by_probe_and_stats_alike() {
    let dir = tables("dangling");
    let ivk = dir.join("IvK.gjtb");
    std::fs::remove_file(&ivk).unwrap();
    std::os::unix::fs::symlink(dir.join("elsewhere.gjtb"), &ivk).unwrap();
    for o in [probe(&dir, "3k5/3I5/9/9/9/9/9/9/9/4K4 r -"), stats_of(&dir)] {
        assert_eq!(o.status.code(), Some(1));
        let e = stderr(&o);
        assert!(e.contains("IvK.gjtb: a dangling symbolic link"), "{e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_position_beyond_the_tables_names_their_limit() {
    let dir = tables("beyond");
    // Five units against tables of one: the limit, not a missing table named `?vK`.
    let o = probe(&dir, "3k5/3I5/9/9/9/9/9/9/1IDAP4/4K4 r -");
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("IIDAPvK has 5 units"), "{e}");
    assert!(e.contains("the tables hold at most 1"), "{e}");
    assert!(!e.contains('?'), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_empty_directory_is_an_error_for_stats_probe_and_match() {
    let dir = test_dir("tablebase", "empty");
    let d = dir.to_str().unwrap();
    for o in [stats_of(&dir), probe(&dir, "3k5/3I5/9/9/9/9/9/9/9/4K4 r -")] {
        assert_eq!(o.status.code(), Some(1));
        assert!(stdout(&o).is_empty());
        assert!(
            stderr(&o).contains("no table files (*.gjtb)"),
            "{}",
            stderr(&o)
        );
    }
    let random = format!("{} engine --random", common::GJJQ);
    let o = gjjq_within(&[
        "match",
        "--engine1",
        &random,
        "--engine2",
        &random,
        "--movetime",
        "10",
        "--tb",
        d,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no table files"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The table files of `dir` and their bytes, by name.
fn table_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "gjtb"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_killed_generation_resumes_under_the_lock_to_the_same_bytes() {
    let fresh = test_dir("tablebase", "kill-fresh");
    let killed = test_dir("tablebase", "kill-resumed");
    let args = |dir: &Path| {
        [
            "tablebase",
            "generate",
            "--dir",
            dir.to_str().unwrap(),
            "--units",
            "1",
            "--threads",
            "1",
        ]
        .map(str::to_owned)
    };
    let mut child = std::process::Command::new(common::GJJQ)
        .args(args(&killed))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed (SIGKILL: no cleanup of its own) once a few tables are written.
    let start = std::time::Instant::now();
    while table_files(&killed).len() < 3 && child.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < std::time::Duration::from_secs(60));
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let _ = child.kill();
    child.wait().unwrap();
    // What a kill in the middle of a write leaves.
    std::fs::write(killed.join("KvF.gjtb.tmp"), b"half a table").unwrap();
    let o = gjjq_within(&args(&killed).each_ref().map(String::as_str));
    assert!(o.status.success(), "{}", stderr(&o));
    let o = gjjq_within(&args(&fresh).each_ref().map(String::as_str));
    assert!(o.status.success(), "{}", stderr(&o));
    let (a, b) = (table_files(&killed), table_files(&fresh));
    assert_eq!(a.len(), 15);
    assert!(
        a == b,
        "the resumed tables are the fresh ones, byte for byte"
    );
    assert!(
        !killed.join("KvF.gjtb.tmp").exists(),
        "the stopped run's temporary file is gone"
    );
    std::fs::remove_dir_all(&fresh).unwrap();
    std::fs::remove_dir_all(&killed).unwrap();
}

/// `plan`'s lines as (ending, index words, sub-endings).
fn plan_lines(args: &[&str]) -> Vec<(String, u64, Vec<String>)> {
    let mut all = vec!["tablebase", "plan"];
    all.extend_from_slice(args);
    let o = gjjq(&all);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 3, "{l}");
            let subs = if f[2] == "-" {
                Vec::new()
            } else {
                f[2].split(',').map(str::to_owned).collect()
            };
            (f[0].to_owned(), f[1].parse().unwrap(), subs)
        })
        .collect()
}

#[test]
fn plan_prints_the_task_graph_of_a_small_case_exactly() {
    // KvK: 45 king pairs (mirror folded) × 2 sides to move; an infantry anywhere (90
    // points), a guard in its palace (9).
    let o = gjjq(&["tablebase", "plan", "--units", "1", "--ending", "IvK"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "KvK 90 -\nIvK 8100 KvK\n");
    let o = gjjq(&["tablebase", "plan", "--units", "2", "--ending", "GvG"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "KvK 90 -\nGvK 810 KvK\nKvG 810 KvK\nGvG 7290 GvK,KvG\n"
    );
}

#[test]
fn plan_lists_every_ending_after_its_sub_endings() {
    let lines = plan_lines(&["--units", "3"]);
    // Issue 38: the ≤ 3-unit set is 668 endings.
    assert_eq!(lines.len(), 668);
    let mut seen = std::collections::HashSet::new();
    for (ending, words, subs) in &lines {
        assert!(*words > 0, "{ending}");
        for s in subs {
            assert!(seen.contains(s), "{ending} comes before its sub-ending {s}");
        }
        assert!(seen.insert(ending.clone()), "{ending} twice");
    }
    let iivk = lines.iter().find(|l| l.0 == "IIvK").expect("IIvK planned");
    assert_eq!(iivk.1, 2 * 45 * 4005);
    assert_eq!(iivk.2, ["IvK"]);
    // The plan of named endings is the same graph, cut to what they reach.
    let named = plan_lines(&["--units", "3", "--ending", "IIvD"]);
    let names: Vec<&str> = named.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(names, ["KvK", "IvK", "KvD", "IIvK", "IvD", "IIvD"]);
    for l in &named {
        assert!(lines.contains(l), "{l:?} as in the whole plan");
    }
}

#[test]
fn plan_refuses_bad_endings_with_a_message() {
    let o = gjjq(&["tablebase", "plan", "--units", "2", "--ending", "XvK"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--ending XvK"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    let o = gjjq(&["tablebase", "plan", "--units", "1", "--ending", "IIvK"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("more than --units 1"), "{}", stderr(&o));
    let o = gjjq(&["tablebase", "plan", "--units", "5"]);
    assert!(!o.status.success());
}

/// `probe --wdl` answers from the `.gjwdl` files alone, each answer the first word of the
/// `.gjtb` files' answer; a directory without them says so.
#[test]
fn probe_wdl_answers_from_the_wdl_files_alone() {
    let dir = tables("probe-wdl");
    let only = test_dir("tablebase", "probe-wdl-only");
    std::fs::create_dir_all(&only).unwrap();
    for name in ["KvK", "IvK", "KvI"] {
        let f = format!("{name}.gjwdl");
        std::fs::copy(dir.join(&f), only.join(&f)).unwrap();
    }
    let positions = [
        "3k5/3I5/9/9/9/9/9/9/9/4K4 r -",
        "3k5/3I5/9/9/9/9/9/9/9/4K4 g -",
        "4k4/9/9/9/9/9/9/9/9/3K5 r -",
        "3k5/9/9/9/9/9/9/9/4i4/4K4 r -",
        "3k5/9/9/9/9/9/9/9/4i4/4K4 g -",
        // Decided already, its ending's files not here: the rules answer.
        "4k4/9/9/9/9/9/9/9/4G4/2p1K4 r -",
    ];
    let mut seen = std::collections::BTreeSet::new();
    for p in positions {
        let full = probe(&dir, p);
        assert!(full.status.success(), "{}", stderr(&full));
        let want = stdout(&full).split(' ').next().unwrap().trim().to_owned();
        let o = gjjq_within(&[
            "tablebase",
            "probe",
            "--wdl",
            "--dir",
            only.to_str().unwrap(),
            "--position",
            p,
        ]);
        assert!(o.status.success(), "{p}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("{want}\n"), "{p}");
        seen.insert(want);
        // Every move's answer too.
        let moves = |d: &Path, wdl: bool| {
            let mut args = vec!["tablebase", "probe", "--dir", d.to_str().unwrap()];
            if wdl {
                args.push("--wdl");
            }
            args.extend(["--position", p, "--moves"]);
            let o = gjjq_within(&args);
            assert!(o.status.success(), "{p}: {}", stderr(&o));
            stdout(&o)
        };
        let full: Vec<String> = moves(&dir, false)
            .lines()
            .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect();
        let wdl: Vec<String> = moves(&only, true).lines().map(str::to_owned).collect();
        assert_eq!(wdl, full, "{p}");
        seen.extend(
            wdl.iter()
                .filter_map(|l| l.split(' ').nth(1))
                .map(str::to_owned),
        );
    }
    assert_eq!(seen.len(), 3, "wins, draws and losses: {seen:?}");
    // The `.gjtb` files alone do not serve `--wdl`.
    let none = test_dir("tablebase", "probe-wdl-none");
    std::fs::create_dir_all(&none).unwrap();
    std::fs::copy(dir.join("KvK.gjtb"), none.join("KvK.gjtb")).unwrap();
    let o = gjjq_within(&[
        "tablebase",
        "probe",
        "--wdl",
        "--dir",
        none.to_str().unwrap(),
        "--position",
        positions[2],
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no win/draw/loss files (*.gjwdl)"),
        "{}",
        stderr(&o)
    );
    for d in [dir, only, none] {
        std::fs::remove_dir_all(&d).unwrap();
    }
}
