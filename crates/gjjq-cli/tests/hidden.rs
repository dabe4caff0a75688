//! The output forms of `gjjq hidden` (issue 13, R-37 … R-41), which other tools read.

mod common;

use common::{gjjq, stdout};

use gjjq_core::{
    Side,
    deploy::Deployment,
    hidden::{HiddenGame, check_world},
};
use gjjq_notation::{GameReader, hidden_game_from_record};

fn record_file(seed: u64) -> (std::path::PathBuf, HiddenGame) {
    let dir = std::env::temp_dir().join(format!("gjjq-cli-hidden-{}", std::process::id()));
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
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.starts_with(&format!("seed {seed}\nopening ")));
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("red ") || last.starts_with("green ") || last.starts_with("draw "),
        "{last}"
    );
    let record = GameReader::new(std::fs::read_to_string(&file).unwrap().as_bytes())
        .next()
        .unwrap()
        .unwrap();
    let game = hidden_game_from_record(&record).unwrap();
    assert_eq!(game.outcome().unwrap().to_string(), last);
    (file, game)
}

// view, worlds and check agree with the library on a real game.
#[test]
fn view_worlds_and_check() {
    let (file, game) = record_file(49);
    let f = file.to_str().unwrap();
    let o = gjjq(&[
        "hidden", "view", "--record", f, "--side", "red", "--ply", "12",
    ]);
    assert!(o.status.success());
    let view = stdout(&o);
    assert!(view.contains("[Player \"red\"]"));
    assert!(view.contains('暗'));
    // The view is a player's record: replay reads it back.
    let vf = file.with_extension("red.txt");
    std::fs::write(&vf, &view).unwrap();
    let o = gjjq(&["replay", vf.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).starts_with("red r "));
    let o = gjjq(&["convert", vf.to_str().unwrap(), "--to", "traditional"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains('暗'));

    let o = gjjq(&[
        "hidden", "worlds", "--record", f, "--side", "green", "--ply", "12", "--count", "20",
        "--seed", "3",
    ]);
    assert!(o.status.success());
    let state = game.info_state(Side::Green).at_ply(12);
    let lines: Vec<String> = stdout(&o).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 20);
    for l in &lines {
        let d: Deployment = l.parse().unwrap();
        assert_eq!(check_world(&state, &d), Ok(()));
        let o = gjjq(&[
            "hidden", "check", "--record", f, "--side", "green", "--ply", "12", "--world", l,
        ]);
        assert_eq!(stdout(&o), "consistent\n");
    }
    // Consistent at ply 12, a random world usually differs later: the first ply is printed.
    let full = game.info_state(Side::Green);
    let k = full.plies();
    for l in &lines {
        let d: Deployment = l.parse().unwrap();
        let o = gjjq(&[
            "hidden",
            "check",
            "--record",
            f,
            "--side",
            "green",
            "--ply",
            &k.to_string(),
            "--world",
            l,
        ]);
        // Issue 26, item 17: the exit code tells the answer, as `deploy check`'s does.
        match check_world(full, &d) {
            Ok(()) => {
                assert_eq!(stdout(&o), "consistent\n");
                assert_eq!(o.status.code(), Some(0));
            }
            Err(e) => {
                assert_eq!(stdout(&o), format!("inconsistent {}\n", e.ply));
                assert_eq!(o.status.code(), Some(1));
            }
        }
    }
    // Bad input is an error with a message, never a panic.
    let o = gjjq(&[
        "hidden", "check", "--record", f, "--side", "green", "--ply", "3", "--world", "9/9",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("error: "));
}

// Issue 26, item 17: a ply past the record's end is an error naming the record's length,
// not the whole game without a word; an inconsistent world exits 1.
#[test]
fn a_ply_past_the_end_and_an_inconsistent_world_are_told() {
    let (file, game) = record_file(5);
    let f = file.to_str().unwrap();
    let plies = game.game().moves().len();
    let o = gjjq(&[
        "hidden", "view", "--record", f, "--side", "red", "--ply", "100000",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--ply 100000") && err.contains(&format!("only {plies} plies")),
        "{err}"
    );
    let o = gjjq(&[
        "hidden",
        "view",
        "--record",
        f,
        "--side",
        "red",
        "--ply",
        &plies.to_string(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}
