//! Helpers shared by the tests.
#![allow(dead_code)]

use luzhanqi::{Position, Ruleset, Setup, Square};

pub fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn pos_with(s: &str, rules: Ruleset) -> Position {
    let setup: Setup = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
    Position::from_setup_with(setup, rules).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The destinations of the piece on `from`, sorted labels.
pub fn dests(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .moves_from(sq(from))
        .iter()
        .map(|s| s.to_string())
        .collect();
    v.sort();
    v
}

pub fn set(labels: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = labels.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A random game: `plies` random legal moves from `start` (stopping when none), seeded.
pub fn random_line(start: &Position, seed: u64, plies: usize) -> Vec<Position> {
    use rand::{Rng, SeedableRng, rngs::StdRng};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = vec![start.clone()];
    let mut p = start.clone();
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        p.play_unchecked(m);
        out.push(p.clone());
    }
    out
}

/// A random opening from two random deployments.
pub fn random_opening(seed: u64) -> Position {
    use luzhanqi::deploy::{Deployment, opening};
    use rand::{SeedableRng, rngs::StdRng};
    let mut rng = StdRng::seed_from_u64(seed);
    let red = Deployment::random(&mut rng);
    let blue = Deployment::random(&mut rng);
    opening(&red, &blue, luzhanqi::Side::Red, Ruleset::STANDARD).expect("legal deployments")
}

/// The standard ruleset changed by `f`.
pub fn rules(f: impl FnOnce(&mut Ruleset)) -> Ruleset {
    let mut r = Ruleset::STANDARD;
    f(&mut r);
    r
}
