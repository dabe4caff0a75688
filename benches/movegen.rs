//! Move generation, play and Zobrist benches over a suite of 50 positions from seeded random
//! games (`common::movegen_suite`). Throughput is counted in moves, so the figures read as
//! moves generated (or played) per second.
//!
//! `cargo bench -p gjjq-bench --bench movegen -- --warm-up-time 1 --measurement-time 3`
mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjjq::{Move, Position};

fn bench_movegen(c: &mut Criterion) {
    let suite = common::movegen_suite();
    let moves: Vec<(Position, Vec<Move>)> = suite
        .iter()
        .map(|p| (p.clone(), p.legal_moves().into_vec()))
        .collect();
    let total: usize = moves.iter().map(|(_, m)| m.len()).sum();

    // Legal move generation alone: the list (`legal_moves`) and the bulk count.
    let mut group = common::configure(c, "movegen");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            let n: usize = suite.iter().map(|p| black_box(p).legal_moves().len()).sum();
            assert_eq!(n, total);
        })
    });
    group.bench_function("count_legal_moves", |b| {
        b.iter(|| {
            let n: usize = suite.iter().map(|p| black_box(p).count_legal_moves()).sum();
            assert_eq!(n, total);
        })
    });
    group.finish();

    // Every legal move of every position, played on a clone: checked against unchecked.
    let mut group = common::configure(c, "play");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("play", |b| {
        b.iter(|| {
            for (pos, ms) in &moves {
                for &m in ms {
                    let child = black_box(pos).clone().play(m).expect("legal");
                    black_box(child);
                }
            }
        })
    });
    group.bench_function("play_unchecked", |b| {
        b.iter(|| {
            for (pos, ms) in &moves {
                for &m in ms {
                    let mut child = black_box(pos).clone();
                    child.play_unchecked(m);
                    black_box(child);
                }
            }
        })
    });
    group.finish();

    // Zobrist: the key kept up to date by play (clone, play, `hash()`) against the key
    // recomputed from scratch for the same children (`compute_hash()`).
    let children: Vec<Position> = moves
        .iter()
        .flat_map(|(pos, ms)| {
            ms.iter().map(move |&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                child
            })
        })
        .collect();
    assert!(
        children
            .iter()
            .all(|c| c.zobrist_hash() == c.compute_hash())
    );
    let mut group = common::configure(c, "zobrist");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("incremental (play_unchecked + hash)", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for (pos, ms) in &moves {
                for &m in ms {
                    let mut child = black_box(pos).clone();
                    child.play_unchecked(m);
                    acc ^= child.zobrist_hash();
                }
            }
            black_box(acc)
        })
    });
    group.bench_function("compute_hash", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for child in &children {
                acc ^= black_box(child).compute_hash();
            }
            black_box(acc)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
