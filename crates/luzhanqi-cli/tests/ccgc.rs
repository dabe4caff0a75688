//! `luzhanqi referee` over competition engines (`luzhanqi ccgc`, its stand-in, and broken
//! shell entries): whole games by the CCGC protocol, the platform's record, our game file,
//! and forfeits for `A0A0`, silence, crashes, floods, garbage and bad deployments.

use std::process::Command;

use luzhanqi::deploy::{DEFAULT_DEPLOYMENT, Deployment};
use luzhanqi_engine::ccgc::array_letters;

fn lz() -> &'static str {
    env!("CARGO_BIN_EXE_luzhanqi")
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("lz-ccgc-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run the referee; its standard output's lines.
fn referee(a: &str, b: &str, extra: &[&str]) -> Vec<String> {
    let out = Command::new(lz())
        .args(["referee", "--a", a, "--b", b])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// A shell entry that greets and deploys properly (the default deployment) and answers `GO`
/// with `on_go`.
fn broken(on_go: &str) -> String {
    let d: Deployment = DEFAULT_DEPLOYMENT.parse().unwrap();
    format!(
        r#"while read -r line; do case "$line" in I*) echo "NAME broken";; S*) echo "ARRAY {}";; G*) {on_go};; esac; done"#,
        array_letters(&d)
    )
}

fn stand_in() -> String {
    format!("{} ccgc --stand-in", lz())
}

/// Our engine against the stand-in, both orders, greeted with `INFORMATION` and CRLF line
/// ends: whole games ended by the rules, no protocol error, the platform's record and our
/// game file written for each. (The score is measured in release builds: docs/ccgc.md.)
#[test]
fn our_engine_plays_the_stand_in_through_the_protocol() {
    let dir = scratch("play");
    let (rec, games) = (dir.join("rec.ccgc"), dir.join("games.lzq"));
    let ours = format!("{} ccgc --seed 3 --max-move-ms 100", lz());
    let lines = referee(
        &ours,
        &stand_in(),
        &[
            "--games",
            "2",
            "--time",
            "60",
            "--hello",
            "INFORMATION",
            "--crlf",
            "--record",
            rec.to_str().unwrap(),
            "--game-file",
            games.to_str().unwrap(),
        ],
    );
    assert_eq!(lines.len(), 3, "{lines:?}");
    for l in &lines[..2] {
        let by_rules = [
            "flag-captured",
            "no-move",
            "no-combat-limit",
            "no-movable-pieces",
        ];
        assert!(
            by_rules.iter().any(|r| l.contains(&format!(", {r}"))),
            "{l}"
        );
        assert!(l.contains("(gjjq)") && l.contains("(stand-in)"), "{l}");
    }
    assert!(
        lines[2].starts_with("score A ") && lines[2].contains(" of 2: "),
        "{}",
        lines[2]
    );
    let rec = std::fs::read_to_string(rec).unwrap();
    let recs: Vec<&str> = rec.lines().collect();
    assert_eq!(recs.len(), 2);
    assert!(
        recs[0].starts_with("(;INFO[1.0]PA[gjjq]PB[stand-in]TL[60]SL[31];AA["),
        "{}",
        recs[0]
    );
    assert!(
        recs[1].starts_with("(;INFO[1.0]PA[stand-in]PB[gjjq]"),
        "{}",
        recs[1]
    );
    for r in &recs {
        assert!(
            r.ends_with(";EA[1]EB[0])") || r.ends_with(";EA[0]EB[1])"),
            "{r}"
        );
    }
    assert!(recs[0].contains(";MA[") && recs[0].contains("]RA[") && recs[0].contains(";MB["));
    // Our game file replays under the library's rules.
    let out = Command::new(lz())
        .args(["replay", games.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `BESTMOVE A0A0` loses the game at once, as on the platform; both orders.
#[test]
fn a0a0_forfeits() {
    let lines = referee(
        &stand_in(),
        &broken("echo BESTMOVE A0A0"),
        &["--games", "2"],
    );
    for l in &lines[..2] {
        assert!(l.contains("A wins, illegal: A0A0 (no move)"), "{l}");
    }
    assert_eq!(lines[2], "score A 2 wins 0 draws 0 losses of 2: 100.0 %");
}

/// Silence loses on time (the wait is bounded by the clock: 2 s here); garbage and a flood
/// of lines that are no reply do too; an engine that exits loses as crashed; the referee
/// goes on to the next game every time.
#[test]
fn silence_garbage_floods_and_crashes_forfeit() {
    for (on_go, why) in [
        (":", "time: no BESTMOVE in time"),
        ("echo 'garbage $%^'", "time: no BESTMOVE in time"),
        ("yes FLOOD", "time: no BESTMOVE in time"),
        ("exit 3", "crash:"),
        ("echo BESTMOVE G4", "illegal: 'BESTMOVE G4'"),
        ("echo BESTMOVE L0L1", "illegal: the move L0L1"),
    ] {
        let started = std::time::Instant::now();
        let lines = referee(
            &stand_in(),
            &broken(on_go),
            &["--games", "2", "--time", "2"],
        );
        assert_eq!(lines.len(), 3, "{on_go}: {lines:?}");
        for l in &lines[..2] {
            assert!(l.contains("A wins, ") && l.contains(why), "{on_go}: {l}");
        }
        assert!(started.elapsed().as_secs() < 20, "{on_go}");
    }
}

/// A deployment that breaks L-17 (the flag off the headquarters) loses before the first move;
/// an engine that never answers `INFO` loses too.
#[test]
fn bad_deployments_and_silent_greetings_forfeit() {
    let d: Deployment = DEFAULT_DEPLOYMENT.parse().unwrap();
    let mut bad = array_letters(&d).into_bytes();
    // Swap the first letter (row G, a front-row piece) with the flag.
    let flag = bad.iter().position(|&c| c == b'l').unwrap();
    bad.swap(0, flag);
    let bad = String::from_utf8(bad).unwrap();
    let entry = format!(
        r#"while read -r line; do case "$line" in I*) echo "NAME bad";; S*) echo "ARRAY {bad}";; esac; done"#
    );
    let lines = referee(&stand_in(), &entry, &["--games", "2"]);
    for l in &lines[..2] {
        assert!(l.contains("A wins, illegal: deployment"), "{l}");
    }
    let mute = "while read -r line; do :; done";
    let lines = referee(&stand_in(), mute, &["--games", "1", "--setup-timeout", "1"]);
    assert!(lines[0].contains("A wins, at INFO: time"), "{lines:?}");
}
