//! Helpers shared by the benches (and by the programs in `programs/`, which include this
//! file by path): seeded random games from the default opening, and the
//! perft file `tests/data/bench.perft`.
#![allow(dead_code)]

use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
use gjjq::Position;

/// The positions of one random game from the default opening with `seed`
/// (`gjjq_test_support::random_game`, uniform): at most `plies` moves, stopping early at a
/// position without legal moves. The first entry is the opening.
pub fn random_game(seed: u64, plies: usize) -> Vec<Position> {
    let mut game = gjjq_test_support::random_game(seed, plies, 0);
    let mut out: Vec<Position> = game.by_ref().map(|(before, _)| before).collect();
    out.push(game.position().clone());
    out
}

/// The movegen suite: 50 positions from random games of 8 to 97 plies (seeds 1 … 50), each
/// the last position of its game that has legal moves.
pub fn movegen_suite() -> Vec<Position> {
    (1..=50u64)
        .map(|seed| {
            let plies = 8 + (seed as usize * 13) % 90;
            random_game(seed, plies)
                .into_iter()
                .rev()
                .find(|p| !p.legal_moves().is_empty())
                .expect("the opening has moves")
        })
        .collect()
}

/// The perft file of the benches, parsed by `gjjq_test_support::parse_perft_file`.
pub fn bench_perft_file() -> Vec<gjjq_test_support::PerftEntry> {
    gjjq_test_support::parse_perft_file(include_str!(
        "../../crates/gjjq-core/tests/data/bench.perft"
    ))
    .expect("a valid perft file")
}

/// A criterion group with short timings: the bench machine is shared.
pub fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    group
}

/// Chess perft with cozy-chess, counted in bulk at the last ply the same way as gjjq's
/// [`perft`]: `generate_moves` hands over one piece's destinations at a time, and depth 1 adds
/// up their lengths without playing them.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// Chess perft with cozy-chess with every leaf move played (no bulk counting): the
/// comparison for gjjq's [`make_perft`].
pub fn cozy_make_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_make_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// Perft with every leaf move played (copy-make, no bulk counting): what a search does at
/// each node, and the same count as [`gjjq::perft::perft`].
pub fn make_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            make_perft(&child, depth - 1)
        })
        .sum()
}

/// A game of `plies` quiet moves from the default opening that never ends and never repeats
/// a position a third time: at each ply a seeded random quiet move whose position is
/// live and has occurred at most once. The long games of the replay bench.
pub fn long_quiet_game(plies: usize, seed: u64) -> Vec<gjjq::Move> {
    use rand::rngs::StdRng;
    use rand::{Rng as _, SeedableRng};
    use std::collections::HashMap;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::default();
    let mut seen: HashMap<u64, u32> = HashMap::from([(pos.zobrist_hash(), 1)]);
    let mut out = Vec::with_capacity(plies);
    while out.len() < plies {
        let moves = pos.legal_moves();
        let k = rng.random_range(0..moves.len());
        let next = (0..moves.len())
            .map(|i| moves[(k + i) % moves.len()])
            .filter(|m| pos.piece_at(m.to()).is_none())
            .find_map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let live = child.outcome().is_none();
                (live && seen.get(&child.zobrist_hash()).copied().unwrap_or(0) < 2)
                    .then_some((m, child))
            });
        let (m, child) = next.expect("a quiet move that keeps the game going");
        *seen.entry(child.zobrist_hash()).or_insert(0) += 1;
        out.push(m);
        pos = child;
    }
    out
}
