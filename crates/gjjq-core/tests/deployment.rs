//! Random deployments are exactly uniform: marginals with closed-form values, over
//! many draws, each within a stated statistical bound.

use gjjq_core::{
    PieceKind, Ruleset, Square,
    deploy::{Deployment, DeploymentSampler},
    ruleset::MissileDeployment,
    terrain::{COAST, PALACE},
};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Draws per test: enough that 5 standard deviations of a frequency near 1/9 are about
/// ±0.0035, so a sampler off by a few percent of the true value fails.
const DRAWS: usize = 200_000;

/// Whether `hits` out of `n` agrees with probability `p` within 5 binomial standard
/// deviations (a true sampler fails one such check with probability below 6e-7).
fn within_5_sigma(hits: usize, n: usize, p: f64) -> Result<(), String> {
    let mean = n as f64 * p;
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    let z = (hits as f64 - mean) / sd;
    if z.abs() < 5.0 {
        Ok(())
    } else {
        Err(format!(
            "{hits} of {n}, expected {mean:.0} ± {sd:.0} (z = {z:.2})"
        ))
    }
}

fn draws(rules: &Ruleset, seed: u64) -> Vec<Deployment> {
    let sampler = DeploymentSampler::new(rules);
    let mut rng = StdRng::seed_from_u64(seed);
    (0..DRAWS).map(|_| sampler.sample(&mut rng)).collect()
}

fn points_of(d: &Deployment, kind: PieceKind) -> Vec<Square> {
    d.iter()
        .filter(|&(_, k)| k == kind)
        .map(|(s, _)| s)
        .collect()
}

// the king stands on each of the 9 palace points with probability 1/9; both
// missiles stand on the coast with probability 13,608 / 86,166 (see docs/rules.md, R-35);
// every draw is a legal deployment.
#[test]
fn marginals_of_the_default_ruleset() {
    let all = draws(&Ruleset::STANDARD, 2026);
    for d in all.iter().take(1000) {
        assert!(d.validate(&Ruleset::STANDARD).is_ok(), "{d}");
    }
    for sq in PALACE[0] {
        let hits = all
            .iter()
            .filter(|d| d.piece_at(sq) == Some(PieceKind::King))
            .count();
        within_5_sigma(hits, DRAWS, 1.0 / 9.0).unwrap_or_else(|e| panic!("king on {sq}: {e}"));
    }
    let coast = |d: &Deployment| {
        points_of(d, PieceKind::Missile)
            .iter()
            .filter(|s| COAST[0].contains(**s))
            .count()
    };
    // By the number j of missiles on the coast: C(9, j) C(12, 2 − j) C(30 − j, 2) deployments
    // of missiles and fleets, 28,710 + 43,848 + 13,608 = 86,166 (the rest does not depend on j).
    let both = all.iter().filter(|d| coast(d) == 2).count();
    within_5_sigma(both, DRAWS, 13_608.0 / 86_166.0).unwrap();
    let one = all.iter().filter(|d| coast(d) == 1).count();
    within_5_sigma(one, DRAWS, 43_848.0 / 86_166.0).unwrap();
    // A fleet on a given coast point: with j missiles on the coast, the 2 fleets choose among
    // the 30 − j free sea and coast points, and a given coast point is free with probability
    // (9 − j) / 9; so P = Σ_j w_j (9 − j)/9 · 2 / (30 − j).
    let p_fleet = (28_710.0 * 2.0 / 30.0
        + 43_848.0 * (8.0 / 9.0) * 2.0 / 29.0
        + 13_608.0 * (7.0 / 9.0) * 2.0 / 28.0)
        / 86_166.0;
    let on_1e = all
        .iter()
        .filter(|d| d.piece_at("1E".parse().unwrap()) == Some(PieceKind::Fleet))
        .count();
    within_5_sigma(on_1e, DRAWS, p_fleet).unwrap();
}

// R-32 `back_ranks`: no missile beyond rank C; the coast has 6 points there, so both missiles
// stand on it with probability C(6,2) C(28,2) / (C(12,2) C(30,2) + 6·12 C(29,2) + C(6,2) C(28,2))
// = 5,670 / 63,612.
#[test]
fn marginals_of_back_ranks() {
    let mut rules = Ruleset::STANDARD;
    rules.deployment.missile_deployment = MissileDeployment::BackRanks;
    let all = draws(&rules, 7);
    let both = all
        .iter()
        .filter(|d| {
            points_of(d, PieceKind::Missile)
                .iter()
                .all(|s| COAST[0].contains(*s))
        })
        .count();
    within_5_sigma(both, DRAWS, 5_670.0 / 63_612.0).unwrap();
    for d in &all {
        for s in points_of(d, PieceKind::Missile) {
            assert!(s.y() <= 2, "{d}");
        }
    }
}

// the king and the two guards take each of the 9 · 28 = 252 palace patterns equally
// often (Pearson's chi-square, 251 degrees of freedom, under mean + 5 sd).
#[test]
fn king_and_guard_patterns_are_uniform() {
    let all = draws(&Ruleset::STANDARD, 11);
    let palace: Vec<Square> = PALACE[0].iter().collect();
    let mut counts = std::collections::HashMap::new();
    for d in &all {
        let pattern: Vec<Option<PieceKind>> = palace.iter().map(|&s| d.piece_at(s)).collect();
        let key: Vec<u8> = pattern
            .iter()
            .map(|k| match k {
                Some(PieceKind::King) => 2,
                Some(PieceKind::Guard) => 1,
                _ => 0,
            })
            .collect();
        *counts.entry(key).or_insert(0usize) += 1;
    }
    assert_eq!(counts.len(), 252);
    let expected = DRAWS as f64 / 252.0;
    let chi2: f64 = counts
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    let bound = 251.0 + 5.0 * (2.0 * 251.0f64).sqrt();
    assert!(chi2 < bound, "chi2 {chi2} ≥ {bound}");
}

#[test]
fn drawing_is_fast_enough_to_count_on() {
    // The figure the brief asks for is measured by `cargo bench --bench deployment`; here only
    // a loose sanity bound that a debug-ish test build still meets.
    let sampler = DeploymentSampler::new(&Ruleset::STANDARD);
    let mut rng = StdRng::seed_from_u64(1);
    let start = std::time::Instant::now();
    for _ in 0..10_000 {
        std::hint::black_box(sampler.sample(&mut rng));
    }
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
}
