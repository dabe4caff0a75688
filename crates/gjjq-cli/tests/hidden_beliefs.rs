//! `gjjq hidden beliefs` (issue 25 item 3): exact beliefs, in the exact format tools parse.

mod common;

use common::{gjjq, stderr, stdout};

use gjjq_core::{
    PieceKind, Side, Square,
    hidden::{Beliefs, HiddenGame},
};
use gjjq_notation::{GameReader, hidden_game_from_record};

fn record_file(seed: u64) -> (std::path::PathBuf, HiddenGame) {
    let dir = std::env::temp_dir().join(format!("gjjq-cli-beliefs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("game{seed}.txt"));
    let o = gjjq(&[
        "hidden",
        "selfplay",
        "--seed",
        &seed.to_string(),
        "--record",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let record = GameReader::new(std::fs::read_to_string(&file).unwrap().as_bytes())
        .next()
        .unwrap()
        .unwrap();
    (file, hidden_game_from_record(&record).unwrap())
}

/// One line: the point, then `kind=probability` pairs.
fn parse_line(line: &str) -> (Square, Vec<(PieceKind, &str)>) {
    let mut fields = line.split(' ');
    let at: Square = fields.next().unwrap().parse().unwrap();
    let kinds = fields
        .map(|f| {
            let (k, p) = f.split_once('=').unwrap();
            assert_eq!(k.len(), 1, "{line}");
            (PieceKind::from_ascii(k.chars().next().unwrap()).unwrap(), p)
        })
        .collect();
    (at, kinds)
}

// The output is the library's figures, one line per enemy piece on the board, sorted by
// point, kinds in K G M F P A D I order with six decimals, the zeros left out.
#[test]
fn beliefs_print_the_library_figures() {
    let (file, game) = record_file(49);
    let f = file.to_str().unwrap();
    let plies = game.game().moves().len();
    for (side, ply) in [
        (Side::Red, 0),
        (Side::Green, 30),
        (Side::Red, 41),
        (Side::Green, plies),
    ] {
        let ply = ply.min(plies);
        let o = gjjq(&[
            "hidden",
            "beliefs",
            "--record",
            f,
            "--side",
            &side.to_string(),
            "--ply",
            &ply.to_string(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let state = game.info_state(side).at_ply(ply);
        let lib = Beliefs::new(&state).unwrap();
        assert_eq!(stderr(&o).is_empty(), lib.is_exact(), "{}", stderr(&o));
        let text = stdout(&o);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), lib.pieces().len());
        let mut last = None;
        for (line, p) in lines.iter().zip(lib.pieces()) {
            let (at, kinds) = parse_line(line);
            assert_eq!(at, p.at);
            assert!(last < Some(at), "not sorted: {text}");
            last = Some(at);
            let expected: Vec<PieceKind> = PieceKind::ALL
                .into_iter()
                .filter(|&k| p.counts[k.index()] > 0)
                .collect();
            assert_eq!(kinds.iter().map(|k| k.0).collect::<Vec<_>>(), expected);
            let mut sum = 0.0;
            for (k, text) in kinds {
                let (int, frac) = text.split_once('.').unwrap();
                assert!(int.len() == 1 && frac.len() == 6, "{line}");
                assert_eq!(text, format!("{:.6}", p.probability(k)));
                sum += text.parse::<f64>().unwrap();
            }
            assert!((sum - 1.0).abs() < 1e-5, "{line}");
        }
    }
    // Without --ply: the end, where every kind on the board was told.
    let o = gjjq(&["hidden", "beliefs", "--record", f, "--side", "green"]);
    assert!(o.status.success(), "{}", stderr(&o));
    for line in stdout(&o).lines() {
        let (at, kinds) = parse_line(line);
        let truth = game.game().position().piece_at(at).unwrap().kind;
        assert_eq!(kinds, [(truth, "1.000000")], "{line}");
    }
}

// Errors exit 1 with a message naming what and where, never a panic.
#[test]
fn bad_input_is_told() {
    let (file, game) = record_file(5);
    let f = file.to_str().unwrap();
    let plies = game.game().moves().len();
    let o = gjjq(&[
        "hidden", "beliefs", "--record", f, "--side", "red", "--ply", "100000",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("--ply 100000") && err.contains(&format!("only {plies} plies")),
        "{err}"
    );
    let o = gjjq(&[
        "hidden",
        "beliefs",
        "--record",
        "/nonexistent/x.txt",
        "--side",
        "red",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("/nonexistent/x.txt"), "{}", stderr(&o));
    let bad = file.with_extension("bad.txt");
    std::fs::write(&bad, "[Event \"x\"]\n1. 5B5A 5b5a 9Z9Z\n").unwrap();
    let o = gjjq(&[
        "hidden",
        "beliefs",
        "--record",
        bad.to_str().unwrap(),
        "--side",
        "red",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
    // A side that is not one is a usage error, as for every option.
    let o = gjjq(&["hidden", "beliefs", "--record", f, "--side", "blue"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("blue"));
    // --exact refuses figures exact only over the domains.
    let o = gjjq(&[
        "hidden", "beliefs", "--record", f, "--side", "green", "--ply", "1", "--exact",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("exact only over"), "{}", stderr(&o));
}
