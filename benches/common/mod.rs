//! Helpers shared by the benches (and by `examples/bench_positions.rs`, which includes this
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
    gjjq_test_support::parse_perft_file(include_str!("../../tests/data/bench.perft"))
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
