//! `is_legal` against `legal_moves`, and random-game invariants (R-8 … R-31).

use gjjq_core::{Move, MoveKind, Position, Removal, Setup, Side, Square};
use gjjq_test_support::random_game;
use proptest::prelude::*;

#[derive(Default, Debug)]
struct Stats {
    positions: usize,
    pending: usize,
    returns: usize,
    forfeits: usize,
    removals: usize,
    max_moves: usize,
    max_moves_pos: String,
}

/// Play one random game (`capture_bias` % captures), calling `visit` on every position before
/// its move and on the final position when it has no legal moves; count what the positions
/// offer in `stats`.
fn play_random_game(
    seed: u64,
    max_plies: usize,
    capture_bias: u32,
    stats: &mut Stats,
    mut visit: impl FnMut(&Position),
) {
    let mut game = random_game(seed, max_plies, capture_bias);
    let mut positions: Vec<Position> = Vec::new();
    for (pos, m) in game.by_ref() {
        let mut after = pos.clone();
        after.play_unchecked(m);
        assert_eq!(
            after.zobrist_hash(),
            after.compute_hash(),
            "after {m} in {pos}"
        );
        positions.push(pos);
    }
    if game.position().legal_moves().is_empty() {
        positions.push(game.position().clone());
    }
    for pos in &positions {
        visit(pos);
        let moves = pos.legal_moves();
        stats.positions += 1;
        if pos.pending_return(Side::Red).is_some() || pos.pending_return(Side::Green).is_some() {
            stats.pending += 1;
        }
        if moves.len() > stats.max_moves {
            stats.max_moves = moves.len();
            stats.max_moves_pos = pos.to_string();
        }
        for &m in &moves {
            let info = pos.classify(m).expect("a legal move has a mover");
            match (info.removal, info.kind) {
                (Some(Removal::Forfeit(_)), _) => stats.forfeits += 1,
                (Some(Removal::BeforeMove(_)), _) => stats.removals += 1,
                (None, MoveKind::Return) => stats.returns += 1,
                _ => {}
            }
        }
        if moves.is_empty() {
            assert!(pos.outcome().is_some(), "no moves but no outcome: {pos}");
        }
    }
}

/// `is_legal` accepts every listed move and refuses a Quiet move for every from/to pair that
/// is not listed.
fn check_is_legal(pos: &Position) {
    let moves = pos.legal_moves();
    let mut listed = [[false; 90]; 90];
    for m in &moves {
        assert!(pos.is_legal(*m), "listed move {m} refused in {pos}");
        let (f, t) = (m.from().index(), m.to().index());
        assert!(!listed[f][t], "two moves named {m} in {pos}");
        listed[f][t] = true;
    }
    // every other pair of points names no legal move.
    for from in Square::all() {
        for to in Square::all() {
            if listed[from.index()][to.index()] {
                continue;
            }
            let m = Move::new(from, to);
            assert!(!pos.is_legal(m), "unlisted {m} accepted in {pos}");
            assert_eq!(pos.find_move(from, to), None, "unlisted {m} found in {pos}");
        }
    }
}

#[test]
fn is_legal_agrees_with_legal_moves_on_random_positions() {
    let mut stats = Stats::default();
    let mut sampled = 0;
    let mut n = 0u64;
    for seed in 0..20u64 {
        play_random_game(seed, 400, 60, &mut stats, |pos| {
            n += 1;
            // Every 10th position, plus every position with a pending return.
            let pending = pos.pending_return(Side::Red).is_some()
                || pos.pending_return(Side::Green).is_some();
            if n.is_multiple_of(10) || (pending && n.is_multiple_of(2)) {
                check_is_legal(pos);
                sampled += 1;
            }
        });
    }
    assert!(sampled >= 200, "only {sampled} positions checked");
    eprintln!("is_legal checked on {sampled} positions");
}

/// Random games reach pending returns, returns, forfeits and removals.
#[test]
fn random_games_reach_every_return_case() {
    let mut stats = Stats::default();
    for seed in 0..1500u64 {
        play_random_game(seed + 1000, 400, 80, &mut stats, |_| {});
    }
    eprintln!("{stats:#?}");
    assert!(stats.pending > 0, "{stats:?}");
    assert!(stats.returns > 0, "{stats:?}");
    assert!(stats.forfeits > 0, "{stats:?}");
    assert!(stats.removals > 0, "{stats:?}");
    assert!(stats.max_moves <= 192, "{stats:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// R-31 round trip, Zobrist consistency and every legal move playable, along a random game.
    #[test]
    fn random_game_invariants(seed in any::<u64>(), bias in 0u32..100) {
        let mut game = random_game(seed, 300, bias);
        let mut positions: Vec<Position> = game.by_ref().map(|(before, _)| before).collect();
        positions.push(game.position().clone());
        for pos in positions {
            let text = pos.to_string();
            let setup: Setup = text.parse().unwrap();
            let back = Position::from_setup_with(setup, *pos.ruleset()).unwrap();
            prop_assert_eq!(&back, &pos);
            prop_assert_eq!(back.to_string(), text);
            prop_assert_eq!(pos.zobrist_hash(), pos.compute_hash());
            // after a king capture the side to move is kingless; the position still
            // round-trips (R-26's one exception) and has no legal moves.
            if pos.king(Side::Red).is_none() || pos.king(Side::Green).is_none() {
                prop_assert!(pos.legal_moves().is_empty());
                prop_assert!(pos.king(pos.turn()).is_none());
                break;
            }
            let moves = pos.legal_moves();
            for m in &moves {
                let after = pos.clone().play(*m);
                prop_assert!(after.is_ok());
                let after = after.unwrap();
                prop_assert_eq!(after.zobrist_hash(), after.compute_hash());
            }
            if moves.is_empty() {
                prop_assert!(pos.outcome().is_some());
                break;
            }
        }
    }
}
