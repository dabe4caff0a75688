//! 四國軍棋 bulk perft beside 陸戰棋's in one group (issue 52): equal piece count first — 四國's
//! default opening with Blue and Yellow out (their pieces removed, L-51), so Red's and Green's
//! 50 pieces stand, at depth 3 (888,042 nodes), against 陸戰棋's default start (50 pieces) at
//! depth 4 (1,149,443 nodes) — then the full 100-piece default opening at depth 3 (154,487
//! nodes). Each bench has `Throughput::Elements(nodes)`, so nodes/s compare within one run
//! (the issue asks the four-player figure to be at least half the two-player one), and each
//! asserts its node count, so a fast wrong answer cannot pass. `crates/siguo/examples/
//! perft_speed.rs` makes the same comparison without criterion.
//!
//! `cargo bench -p gjjq-bench --bench siguo_perft -- --warm-up-time 1 --measurement-time 3`
mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// 四國's default opening (each seat deployed as 陸戰棋's default) with Blue and Yellow out.
const TWO_SEATS: &str = "5/5/5/5/5/5/9gPgSgCgDgEgP/6gT1gZ1gYgC/9gEgP1gZgEgL/6gC1gB1gLgF/\
                         9gYgJgDgBgTgL/rYrCrErTrP/rJ1rP1rS/rDrB1rZrC/rB1rZ1rD/rTrLrErYrE/\
                         rLrFrLrCrP r rg 0 1";

fn bench(c: &mut Criterion) {
    let mut group = common::configure(c, "siguo_perft");
    let two = siguo::Position::from_text(TWO_SEATS, siguo::Rules::default()).expect("position");
    let lz = luzhanqi::Position::default();
    let full = siguo::Position::default();
    group.throughput(Throughput::Elements(888_042));
    group.bench_with_input(BenchmarkId::new("siguo/two-seats-50", 3), &3, |b, &d| {
        b.iter(|| assert_eq!(siguo::perft(black_box(&two), d), 888_042));
    });
    group.throughput(Throughput::Elements(1_149_443));
    group.bench_with_input(
        BenchmarkId::new("luzhanqi/default-start-50", 4),
        &4,
        |b, &d| {
            b.iter(|| assert_eq!(luzhanqi::perft(black_box(&lz), d), 1_149_443));
        },
    );
    group.throughput(Throughput::Elements(154_487));
    group.bench_with_input(
        BenchmarkId::new("siguo/default-opening-100", 3),
        &3,
        |b, &d| {
            b.iter(|| assert_eq!(siguo::perft(black_box(&full), d), 154_487));
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
