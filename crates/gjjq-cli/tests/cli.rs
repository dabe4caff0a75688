//! The CLI's output formats, which other tools read (issues 2–4).

mod common;

use common::{gjjq, stdout};

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    let o = gjjq(&["perft", "2"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("2569"));
    let o = gjjq(&["perft", "3", "--threads", "2"]);
    assert_eq!(stdout(&o).lines().last(), Some("129372"));
}

#[test]
fn divide_lines_are_sorted_and_totalled() {
    let o = gjjq(&["divide", "2"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 52);
    assert_eq!(lines[51], "total 2569");
    let moves: Vec<&str> = lines[..51]
        .iter()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    let sum: u64 = lines[..51]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 2569);
}

#[test]
fn moves_are_sorted_by_ascii_form() {
    let o = gjjq(&["moves", "--position", "4k4/9/9/9/9/9/I8/9/9/4K4 r -"]);
    assert!(o.status.success());
    let ascii: Vec<String> = stdout(&o)
        .lines()
        .map(|l| l.split(' ').next().unwrap().to_owned())
        .collect();
    assert_eq!(
        ascii,
        ["1B1A", "1B1C", "1B2B", "5E4E", "5E5D", "5E5e", "5E6E"]
    );
}

#[test]
fn outcome_lines() {
    let cases = [
        (
            "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1",
            "ongoing",
        ),
        (
            "4k4/2M6/9/9/9/9/9/9/4G4/2p1K4 r r7d3E",
            "green trapped-king",
        ),
        (
            "3gk4/9/9/9/9/9/9/9/9/4KG3 r -",
            "draw insufficient-material",
        ),
    ];
    for (pos, want) in cases {
        let o = gjjq(&["outcome", "--position", pos]);
        assert!(o.status.success(), "{pos}");
        assert_eq!(stdout(&o).trim_end(), want, "{pos}");
    }
}

#[test]
fn bad_position_string_is_a_typed_error_and_non_zero_exit() {
    let o = gjjq(&["show", "--position", "9/9/7/9/9/9/9/9/9/9 r -"]);
    assert!(!o.status.success());
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("row 3 has 7 points, expected 9"), "{err}");
    let o = gjjq(&["moves", "--position", "9/9/9/9/9/9/9/9/9/4K4 r -"]);
    assert!(!o.status.success());
    assert!(String::from_utf8(o.stderr).unwrap().contains("no king"));
}

#[test]
fn bad_ruleset_file_names_the_field() {
    let dir = std::env::temp_dir().join(format!("gjjq-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rules.json");
    std::fs::write(&file, r#"{"return_rule": "sometimes"}"#).unwrap();
    let o = gjjq(&["selfplay", "--seed", "1", "--rules", file.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("sometimes"), "{err}");
    std::fs::write(&file, r#"{"no_capture_limt": 50}"#).unwrap();
    let o = gjjq(&["selfplay", "--seed", "1", "--rules", file.to_str().unwrap()]);
    assert!(
        String::from_utf8(o.stderr)
            .unwrap()
            .contains("no_capture_limt")
    );
}

#[test]
fn selfplay_ends_with_a_result_line() {
    let o = gjjq(&["selfplay", "--seed", "3", "--plies", "400"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let last = text.lines().last().unwrap();
    let ok = last.starts_with("ongoing")
        || ["red ", "green ", "draw "]
            .iter()
            .any(|p| last.starts_with(p));
    assert!(ok, "{last}");
    // Same seed, same game.
    assert_eq!(
        stdout(&gjjq(&["selfplay", "--seed", "3", "--plies", "400"])),
        text
    );
}

#[test]
fn svg_prints_the_picture_and_refuses_bad_last_moves() {
    let o = gjjq(&[
        "svg",
        "--last-move",
        "3E7d",
        "--script",
        "traditional",
        "--size",
        "300",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.starts_with("<svg ") && text.trim_end().ends_with("</svg>"));
    assert!(text.contains(r#"width="300""#));
    assert_eq!(text.matches(r#"<g class="piece "#).count(), 32);
    assert!(text.contains(">總</text>"));
    assert!(text.contains(r#"class="last-move to" data-square="7d""#));
    for bad in ["3E7", "3E7x", "0E7d"] {
        let o = gjjq(&["svg", "--last-move", bad]);
        assert!(!o.status.success(), "{bad}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("--last-move"),
            "{bad}"
        );
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn datagen_plays_with_either_evaluation_and_refuses_another() {
    let dir = std::env::temp_dir().join(format!("gjjq-datagen-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut sizes = Vec::new();
    for eval in ["classic", "nnue"] {
        let out = dir.join(format!("{eval}.gjjqd"));
        let o = gjjq(&[
            "datagen",
            "--out",
            out.to_str().unwrap(),
            "--games",
            "2",
            "--nodes",
            "200",
            "--max-plies",
            "12",
            "--eval",
            eval,
        ]);
        assert!(
            o.status.success(),
            "{eval}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        sizes.push(std::fs::read(&out).unwrap());
    }
    // Same games' openings, other scores: the two evaluations wrote different records.
    assert_eq!(sizes[0].len(), sizes[1].len());
    assert_ne!(sizes[0], sizes[1]);
    let o = gjjq(&["datagen", "--out", "x.gjjqd", "--eval", "neural"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("neural"));
    std::fs::remove_dir_all(&dir).unwrap();
}
