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
    gjjq(&[
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
