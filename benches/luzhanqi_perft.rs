//! 陸戰棋 bulk perft beside 国际军棋's in one group (issue 37, item 4): the luzhanqi default
//! start at depths 3 and 4 (36,430 and 1,149,443 nodes), a random-deployment pair and a
//! mid-game position from `crates/luzhanqi/tests/data/luzhanqi.perft` at depth 4, and gjjq's
//! default opening at depths 3 and 4 (129,372 and 6,519,892 nodes), each with
//! `Throughput::Elements(nodes)` so nodes/s compare within one run. Every bench asserts its
//! node count, so a fast wrong answer cannot pass.
//!
//! `cargo bench -p gjjq-bench --bench luzhanqi_perft -- --warm-up-time 1 --measurement-time 3`
mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let mut group = common::configure(c, "luzhanqi_perft");
    let lz = luzhanqi::Position::default();
    let cases: [(&str, luzhanqi::Position, u32, u64); 4] = [
        ("luzhanqi/default-start", lz.clone(), 3, 36_430),
        ("luzhanqi/default-start", lz, 4, 1_149_443),
        (
            "luzhanqi/random-deployments-1",
            "pllfc/lcepj/t1z1z/dy1ec/y1b1d/bpest/BCEYB/J1E1P/DC1PZ/D1P1E/LZCYS/TLTFL r 0 1"
                .parse()
                .expect("position"),
            4,
            1_158_746,
        ),
        (
            "luzhanqi/midgame-2-ply140",
            "1lcfj/1l1l1/t1pe1/Bbz2/3d1/3sC/5/1C3/1d1Z1/Y1STZ/LL2C/EFPLT r 4 71"
                .parse()
                .expect("position"),
            4,
            2_319_232,
        ),
    ];
    for (name, pos, depth, nodes) in cases {
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &depth, |b, &d| {
            b.iter(|| assert_eq!(luzhanqi::perft(black_box(&pos), d), nodes));
        });
    }
    let gj = gjjq::Position::default();
    for (depth, nodes) in [(3, 129_372u64), (4, 6_519_892)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new("gjjq/default-opening", depth),
            &depth,
            |b, &d| b.iter(|| assert_eq!(gjjq::perft::perft(black_box(&gj), d), nodes)),
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
