//! Invariants over random games from random deployments: incremental key = key from scratch,
//! `is_legal` = `legal_moves` for all 60 × 60 pairs, counting = listing, position strings
//! and records round trip, `play` = `play_unchecked` on legal moves.

mod common;

use common::{random_line, random_opening};
use luzhanqi::{Move, Position, Script, Setup, Square};
use proptest::prelude::*;

fn check_position(p: &Position) {
    assert_eq!(p.zobrist_hash(), p.compute_hash(), "{p}");
    let moves = p.legal_moves();
    assert_eq!(moves.len() as u64, p.count_legal_moves(), "{p}");
    let mut n = 0;
    for from in Square::all() {
        for to in Square::all() {
            let m = Move::new(from, to);
            let listed = moves.contains(&m);
            assert_eq!(p.is_legal(m), listed, "{m} in {p}");
            n += usize::from(listed);
        }
    }
    assert_eq!(n, moves.len(), "duplicates in {p}");
    // Text round trips.
    let text = p.to_string();
    let back: Position = text.parse().unwrap();
    assert_eq!(&back.with_ruleset(*p.ruleset()), p);
    let setup: Setup = text.parse().unwrap();
    assert_eq!(setup, p.to_setup());
    for &m in &moves {
        for script in [Script::Simplified, Script::Traditional] {
            let rec = p.record(m, script).unwrap();
            assert_eq!(p.find_move(&rec), Ok(m), "{rec} in {p}");
        }
        assert_eq!(p.find_move(&m.to_string()), Ok(m));
        // play = play_unchecked, and the key from scratch.
        let mut q = p.clone();
        q.play_unchecked(m);
        assert_eq!(p.clone().play(m).unwrap(), q);
        assert_eq!(q.zobrist_hash(), q.compute_hash(), "after {m} in {p}");
    }
    // A decided position has no moves, an ongoing one has some (L-16).
    assert_eq!(p.outcome().is_some(), moves.is_empty(), "{p}");
}

#[test]
fn default_start_and_random_games() {
    let start = Position::default();
    for seed in 0..6 {
        for p in random_line(&start, seed, 300) {
            check_position(&p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_deployments_random_games(seed in any::<u64>(), plies in 0usize..400) {
        let start = random_opening(seed);
        for p in random_line(&start, seed ^ 0x5eed, plies).iter().step_by(3) {
            check_position(p);
        }
    }
}

#[test]
fn games_reach_their_ends() {
    // Random games from random deployments end by one of L-13 … L-15 within 2,000 plies.
    let mut reasons = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let line = random_line(&random_opening(seed), seed, 2000);
        let last = line.last().unwrap();
        let o = last.outcome().expect("the game ended");
        reasons.insert(o.reason_str());
    }
    assert!(reasons.contains("no-combat-limit"), "{reasons:?}");
}
