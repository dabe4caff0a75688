//! Deployments (L-17 … L-19): check, count, uniform draw against exact marginals, openings.

mod common;

use luzhanqi::deploy::{
    DEFAULT_DEPLOYMENT, DEFAULT_START, Deployment, DeploymentViolation, OWN_POINTS,
    count_placements, default_start, opening,
};
use luzhanqi::{Bitboard, Kind, Ruleset, Side, Square};
use rand::{SeedableRng, rngs::StdRng};

fn factorial(n: u128) -> u128 {
    (1..=n).product()
}

fn choose(n: u128, k: u128) -> u128 {
    factorial(n) / (factorial(k) * factorial(n - k))
}

#[test]
fn l18_count_is_the_brief_formula() {
    let formula = 2 * choose(9, 3) * choose(16, 2) * factorial(19)
        / (factorial(2).pow(4) * factorial(3).pow(3));
    assert_eq!(u128::from(Deployment::count()), formula);
    assert_eq!(Deployment::count(), 709_596_419_051_520_000);
}

#[test]
fn l17_check_names_every_reason() {
    assert!(
        DEFAULT_DEPLOYMENT
            .parse::<Deployment>()
            .unwrap()
            .check()
            .is_ok()
    );
    // Flag on a1, a landmine on row 3 (a3), a bomb on the front row (a6), and so a
    // platoon fewer and a ... : swap pieces of the default.
    let d: Deployment = "FLLCP/TLEYE/L+Z+D/DB+ZC/J+P+S/ZCETP".parse().unwrap();
    let err = d.check().unwrap_err();
    let v = err.0;
    assert!(v.contains(&DeploymentViolation::FlagOffHeadquarters(
        "a1".parse().unwrap()
    )));
    assert!(v.contains(&DeploymentViolation::MineOffBackRows("a3".parse().unwrap())));
    assert!(v.contains(&DeploymentViolation::BombOnFrontRow("a6".parse().unwrap())));
    assert!(v.contains(&DeploymentViolation::Count {
        kind: Kind::Landmine,
        count: 4
    }));
    assert!(v.contains(&DeploymentViolation::Count {
        kind: Kind::Bomb,
        count: 3
    }));
    // A landmine may stand on the headquarters without the flag, a bomb on the back row.
    let d: Deployment = "ZFLLL/TPEYE/B+Z+D/DB+PC/J+C+S/YCETP".parse().unwrap();
    assert!(d.check().is_ok(), "{:?}", d.check());
}

#[test]
fn l19_deployment_strings_report_their_column() {
    let cases = [
        ("LFLCP/TLEYE/BZZ+D/DB+ZC/J+P+S/YCETP", 14), // piece on camp b3
        ("LFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCET+", 35), // '+' on e6
        ("LFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCETPX", 36),
        ("LFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S", 30),
        ("LFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCEtP", 34),
        ("LFLC/TLEYE/B+Z+D/DB+ZC/J+P+S/YCETP", 5),
    ];
    for (s, col) in cases {
        let e = s.parse::<Deployment>().unwrap_err();
        assert_eq!(e.column(), col, "{s}: {e}");
    }
}

/// Exact probability that `kind` stands on own point `p`: deployments with it there over all,
/// by counting placements of the rest on the other points.
fn exact(p: Square, kind: Kind) -> f64 {
    let allowed = match kind {
        Kind::Flag => ["b1", "d1"]
            .iter()
            .any(|s| s.parse::<Square>().unwrap() == p),
        Kind::Landmine => p.rank() <= 2,
        Kind::Bomb => p.rank() <= 5,
        _ => true,
    };
    if !allowed {
        return 0.0;
    }
    let all: Bitboard = OWN_POINTS.iter().copied().collect();
    let mut counts = Kind::ALL.map(Kind::count);
    counts[kind.index()] -= 1;
    let n = count_placements(all.without(p), counts);
    n as f64 / Deployment::count() as f64
}

#[test]
fn l18_random_deployments_match_exact_marginals() {
    // Spot values from the brief's reasoning: the flag on b1 1/2; a landmine on a1 1/3, on
    // d1 1/6; a bomb on c3 1/8; the marshal on a front point 1/19.
    let s = |x: &str| x.parse::<Square>().unwrap();
    assert!((exact(s("b1"), Kind::Flag) - 0.5).abs() < 1e-12);
    assert!((exact(s("a1"), Kind::Landmine) - 1.0 / 3.0).abs() < 1e-12);
    assert!((exact(s("d1"), Kind::Landmine) - 1.0 / 6.0).abs() < 1e-12);
    assert!((exact(s("c3"), Kind::Bomb) - 1.0 / 8.0).abs() < 1e-12);
    assert!((exact(s("c6"), Kind::Marshal) - 1.0 / 19.0).abs() < 1e-12);
    // Every (point, kind) sums to the kind's count over points and to 1 over kinds.
    for p in OWN_POINTS {
        let total: f64 = Kind::ALL.iter().map(|&k| exact(p, k)).sum();
        assert!((total - 1.0).abs() < 1e-9, "{p}");
    }
    let n = 40_000;
    let mut rng = StdRng::seed_from_u64(2024);
    let mut seen = vec![[0u32; 12]; 25];
    for _ in 0..n {
        let d = Deployment::random(&mut rng);
        assert!(d.check().is_ok());
        for (i, k) in d.pieces.iter().enumerate() {
            seen[i][k.index()] += 1;
        }
    }
    for (i, p) in OWN_POINTS.iter().enumerate() {
        for k in Kind::ALL {
            let q = exact(*p, k);
            let got = f64::from(seen[i][k.index()]) / f64::from(n);
            let sigma = (q * (1.0 - q) / f64::from(n)).sqrt();
            assert!(
                (got - q).abs() <= 5.0 * sigma + 1e-12,
                "{k} on {p}: {got} vs exact {q}"
            );
        }
    }
}

#[test]
fn openings_place_both_sides_in_their_frames() {
    let d: Deployment = DEFAULT_DEPLOYMENT.parse().unwrap();
    let p = default_start();
    assert_eq!(p.to_string(), DEFAULT_START);
    assert_eq!(p.piece_count(Side::Red), 25);
    assert_eq!(p.piece_count(Side::Blue), 25);
    // Blue's own (b, 1) is d12: its flag.
    assert_eq!(
        p.piece_at("d12".parse().unwrap()).map(|x| x.kind),
        Some(Kind::Flag)
    );
    let setup = p.to_setup();
    assert_eq!(Deployment::of_setup(&setup, Side::Red), Some(d));
    assert_eq!(Deployment::of_setup(&setup, Side::Blue), Some(d));
    let blue_first = opening(&d, &d, Side::Blue, Ruleset::STANDARD).unwrap();
    assert_eq!(blue_first.turn(), Side::Blue);
    let bad: Deployment = "FLLCP/TLEYE/L+Z+D/DB+ZC/J+P+S/ZCETP".parse().unwrap();
    assert!(opening(&d, &bad, Side::Red, Ruleset::STANDARD).is_err());
}
