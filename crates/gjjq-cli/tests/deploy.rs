//! The output forms of `deploy`, `opening`, `selfplay --fanshi` and `svg --deployment`, which
//! other tools read (issue 12, R-32 … R-36).

mod common;

use common::{gjjq, stdout};

use gjjq_core::{
    PieceKind, Position, Ruleset, Setup, Side,
    deploy::{Deployment, Opening},
    endgame::EndgameForce,
    ruleset::MissileDeployment,
};

/// A ruleset file with `back_ranks`, one per test (tests run in parallel).
fn back_ranks_file(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gjjq-cli-deploy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("back_ranks_{test}.json"));
    std::fs::write(&file, r#"{"missile_deployment": "back_ranks"}"#).unwrap();
    file
}

// R-35: K legal deployment strings, one a line; the same seed gives the same lines.
#[test]
fn deploy_random_prints_k_legal_strings() {
    let o = gjjq(&["deploy", "random", "--seed", "5", "--count", "50"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 50);
    for l in &lines {
        assert!(l.parse::<Deployment>().is_ok(), "{l}");
    }
    let distinct: std::collections::HashSet<_> = lines.iter().collect();
    assert_eq!(distinct.len(), 50);
    assert_eq!(
        stdout(&gjjq(&["deploy", "random", "--seed", "5", "--count", "50"])),
        text
    );
    let one = stdout(&gjjq(&["deploy", "random", "--seed", "5"]));
    assert_eq!(one.lines().count(), 1);
    assert_eq!(one.lines().next(), lines.first().copied());
    // Under back_ranks every missile stands on ranks C-E.
    let file = back_ranks_file("t1");
    let o = gjjq(&[
        "deploy",
        "random",
        "--seed",
        "1",
        "--count",
        "30",
        "--rules",
        file.to_str().unwrap(),
    ]);
    let mut back = Ruleset::STANDARD;
    back.deployment.missile_deployment = MissileDeployment::BackRanks;
    for l in stdout(&o).lines() {
        assert!(Deployment::parse_with(l, &back).is_ok(), "{l}");
    }
}

#[test]
fn deploy_check_prints_ok_or_the_error() {
    let o = gjjq(&["deploy", "check", "9/3III3/9/1DA3AD1/FPMGKGMPF"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "ok\n");
    let o = gjjq(&["deploy", "check", "9/3IKI3/9/1DA3AD1/FPMG1GMPF"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "the king on 5B stands outside its palace (R-32: king and guards in the palace)\n"
    );
    let o = gjjq(&["deploy", "check", "9/3III3/9/1DA3AD1/FPMGKGMPX"]);
    assert!(!o.status.success());
    assert!(
        stdout(&o).starts_with("column 27 (rank E):"),
        "{}",
        stdout(&o)
    );
    // A missile on 5B: fine on land, refused under back_ranks.
    let file = back_ranks_file("t2");
    assert!(
        gjjq(&["deploy", "check", "9/3IMI3/9/1DA3AD1/FPIGKGMPF"])
            .status
            .success()
    );
    let o = gjjq(&[
        "deploy",
        "check",
        "9/3IMI3/9/1DA3AD1/FPIGKGMPF",
        "--rules",
        file.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(stdout(&o).contains("missile on 5B"), "{}", stdout(&o));
}

// R-32: digits only, and the library's own count.
#[test]
fn deploy_count_prints_digits_only() {
    let o = gjjq(&["deploy", "count"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "26759431679433868800\n");
    let file = back_ranks_file("t3");
    let o = gjjq(&["deploy", "count", "--rules", file.to_str().unwrap()]);
    let text = stdout(&o);
    assert!(
        text.trim_end().bytes().all(|b| b.is_ascii_digit()),
        "{text}"
    );
    let mut back = Ruleset::STANDARD;
    back.deployment.missile_deployment = MissileDeployment::BackRanks;
    assert_eq!(text.trim_end(), Deployment::count(&back).to_string());
}

// R-33, R-34: the opening's position string, Green's deployment in Green's own frame.
#[test]
fn opening_prints_the_position_string() {
    let red = "9/2I1I1I2/3M1M3/1DA3AD1/FP1GKG1PF";
    let green = "F8/I1I1I4/2M3M1D/D3A1A2/1P1GKG1PF";
    let o = gjjq(&[
        "opening", "--red", red, "--green", green, "--first", "green",
    ]);
    assert!(o.status.success());
    let line = stdout(&o);
    let setup: Setup = line.trim_end().parse().unwrap();
    assert_eq!(setup.turn, Side::Green);
    let pos = Position::from_setup(setup).unwrap();
    let opening = Opening::from_position(&pos).unwrap();
    assert_eq!(opening.red.to_string(), red);
    assert_eq!(opening.green.to_string(), green);
    // Green's fleet on its own 1A is the board's 1a.
    assert_eq!(
        pos.piece_at("1a".parse().unwrap()).map(|p| p.kind),
        Some(PieceKind::Fleet)
    );
    let o = gjjq(&[
        "opening",
        "--red",
        "9/3III3/9/1DA3AD1/FPMGKGMPF",
        "--green",
        "9/3III3/9/1DA3AD1/FPMGKGMPF",
    ]);
    assert_eq!(stdout(&o).trim_end(), gjjq_core::setup::DEFAULT_OPENING);
    // Random deployments from a seed: reproducible, and legal.
    let a = gjjq(&[
        "opening", "--red", "random", "--green", "random", "--seed", "9",
    ]);
    let b = gjjq(&[
        "opening", "--red", "random", "--green", "random", "--seed", "9",
    ]);
    assert_eq!(stdout(&a), stdout(&b));
    let setup: Setup = stdout(&a).trim_end().parse().unwrap();
    assert!(Opening::from_setup(&setup, &Ruleset::STANDARD).is_ok());
    let o = gjjq(&["opening", "--red", "random", "--green", "9/9/9/9/9"]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--green '9/9/9/9/9'"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

// R-36: selfplay from two random deployments, the first mover drawn or given.
#[test]
fn selfplay_fanshi() {
    let o = gjjq(&["selfplay", "--fanshi", "--seed", "12", "--plies", "6"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let opening_line = text.lines().nth(1).unwrap();
    let pos = opening_line.strip_prefix("opening ").unwrap();
    let want = Opening::fanshi(12, None, &Ruleset::STANDARD)
        .position(Ruleset::STANDARD)
        .unwrap();
    assert_eq!(pos, want.to_string());
    let o = gjjq(&[
        "selfplay", "--fanshi", "--first", "green", "--seed", "12", "--plies", "2",
    ]);
    let text = stdout(&o);
    assert!(text.lines().nth(1).unwrap().contains(" g - 0 1"), "{text}");
    // --first alone: the default formations, Green to move.
    let o = gjjq(&[
        "selfplay", "--first", "green", "--seed", "1", "--plies", "1",
    ]);
    assert!(
        stdout(&o)
            .lines()
            .nth(1)
            .unwrap()
            .ends_with("FPMGKGMPF g - 0 1")
    );
}

#[test]
fn svg_draws_a_deployment() {
    let o = gjjq(&[
        "svg",
        "--deployment",
        "9/3III3/9/1DA3AD1/FPMGKGMPF",
        "--side",
        "green",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert_eq!(text.matches(r#"<g class="piece "#).count(), 16);
    assert!(text.contains(">主</text>"));
    assert!(!text.contains(">总</text>"));
    let o = gjjq(&["svg", "--deployment", "9/9/9/9/9"]);
    assert!(!o.status.success());
}

#[test]
fn endgame_list_and_positions() {
    let o = gjjq(&["deploy", "endgame", "--list"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), EndgameForce::all().len());
    assert!(lines.contains(&"IID 双团单师"));
    assert!(lines.contains(&"FF 双舰"));
    for (red, green) in [("雙團單師", "團師軍"), ("IID", "P"), ("FF", "MMG")] {
        let o = gjjq(&[
            "deploy", "endgame", "--red", red, "--green", green, "--seed", "3",
        ]);
        assert!(o.status.success(), "{red} {green}");
        let setup: Setup = stdout(&o).trim_end().parse().unwrap();
        let pos = Position::from_setup(setup).unwrap();
        assert!(pos.outcome().is_none());
        let (r, g): (EndgameForce, EndgameForce) = (red.parse().unwrap(), green.parse().unwrap());
        assert_eq!(pos.piece_count(Side::Red), 1 + r.size());
        assert_eq!(pos.piece_count(Side::Green), 1 + g.size());
        let king = pos.king(Side::Green).unwrap();
        assert!(pos.legal_moves().iter().all(|m| m.to() != king));
    }
    let o = gjjq(&["deploy", "endgame", "--red", "IIII", "--green", "I"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--red 'IIII'"));
}

// Issue 26, item 17: spaces around or inside a deployment string are refused (exit 1 with
// where), not trimmed silently; spaces inside an endgame force are refused too.
#[test]
fn spaces_in_deployments_and_endgame_forces_are_refused() {
    for bad in [
        " 9/3III3/9/1DA3AD1/FPMGKGMPF",
        "9/3III3/9/1DA3AD1/FPMGKGMPF ",
        "9/3III3/9/1DA3AD1/FPMG KGMPF",
    ] {
        let o = gjjq(&["deploy", "check", bad]);
        assert_eq!(o.status.code(), Some(1), "{bad:?}");
        assert!(
            stdout(&o).to_lowercase().contains("space"),
            "{bad:?}: {}",
            stdout(&o)
        );
    }
    let o = gjjq(&["deploy", "endgame", "--red", "I I", "--green", "D"]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("column 2"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let many = "I".repeat(10_000);
    let o = gjjq(&["deploy", "endgame", "--red", &many, "--green", "D"]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("10000 infantry"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
