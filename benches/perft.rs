//! Perft benches: the default opening at depths 3 and 4, mid-game positions from
//! `tests/data/bench.perft`, and beside them cozy-chess's chess perft from the start position at
//! a depth of similar node count, all in one group with `Throughput::Elements(nodes)` so the
//! nodes/s of both libraries come from the same run. Every bench asserts its node count, so a
//! fast wrong answer cannot pass.
//!
//! `cargo bench -p gjjq-bench --bench perft -- --warm-up-time 1 --measurement-time 3`
mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gjjq::{Position, perft::perft};

/// Mid-game positions are benched at the deepest recorded depth with at most this many nodes.
const MIDGAME_NODE_BUDGET: u64 = 2_500_000;

fn bench_perft(c: &mut Criterion) {
    let mut group = common::configure(c, "perft");

    let opening = Position::default();
    for (depth, nodes) in [(3, 129_372u64), (4, 6_519_892)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new("gjjq/default-opening", depth),
            &depth,
            |b, &d| b.iter(|| assert_eq!(perft(black_box(&opening), d), nodes)),
        );
    }

    // Chess start position, depth 5: 4,865,609 nodes, near gjjq's depth 4 (6,519,892).
    let board = cozy_chess::Board::default();
    let (depth, nodes) = (5, 4_865_609u64);
    group.throughput(Throughput::Elements(nodes));
    group.bench_with_input(
        BenchmarkId::new("cozy-chess/startpos", depth),
        &depth,
        |b, &d| b.iter(|| assert_eq!(common::cozy_perft(black_box(&board), d), nodes)),
    );

    let cases = common::bench_perft_file();
    for case in cases.iter().filter(|c| c.id != "default-opening") {
        let &(depth, nodes) = case
            .counts
            .iter()
            .filter(|(_, n)| *n <= MIDGAME_NODE_BUDGET)
            .max_by_key(|(d, _)| *d)
            .expect("a count within the node budget");
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new(format!("gjjq/{}", case.id), depth),
            &depth,
            |b, &d| b.iter(|| assert_eq!(perft(black_box(&case.position), d), nodes)),
        );
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
