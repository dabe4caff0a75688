//! Tablebase probes per second (issue 38 item 5): `Tablebase::probe_dtm` (the probe the
//! engine called at every node before, with its ruleset check, unit counts, `Position::outcome`
//! and hash lookup per call) against `Prober::probe_dtm` (built once per search), on the same
//! positions in one run. `Throughput::Elements(positions)`, so criterion's elements/s is probes
//! per second.
//!
//! The positions: tables of two- and three-unit endings generated in memory at the start
//! (`IvD`, `PvF`, `IIvK`, `MGvI`, `GvMI` and the endings they reach), and from each ending 500
//! random stored positions (`stored`, terminal ones among them) and the positions of random
//! games of up to 12 plies out of 100 random stored positions (`games`: captures into smaller
//! endings, pending returns R-19, taken kings R-21). Both probes are checked to agree on every
//! position before timing.
//!
//! `cargo bench -p gjjq-bench --bench tb_probe -- --warm-up-time 1 --measurement-time 3`
mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjjq_core::{Position, Ruleset};
use gjjq_tablebase::{Ending, Tablebase};
use rand::{Rng, SeedableRng, rngs::StdRng};

const ENDINGS: [&str; 5] = ["IvD", "PvF", "IIvK", "MGvI", "GvMI"];

/// The stored positions and the positions of random games, per the module's description.
fn positions(tb: &Tablebase) -> (Vec<Position>, Vec<Position>) {
    let mut rng = StdRng::seed_from_u64(385);
    let (mut stored, mut games) = (Vec::new(), Vec::new());
    for name in ENDINGS {
        let ending: Ending = name.parse().expect("an ending");
        let (index, _) = tb.raw(&ending).expect("generated");
        let random_position = |rng: &mut StdRng| loop {
            if let Some(pos) = index.position(rng.random_range(0..index.size())) {
                break pos;
            }
        };
        for _ in 0..500 {
            stored.push(random_position(&mut rng));
        }
        for _ in 0..100 {
            let mut pos = random_position(&mut rng);
            for _ in 0..12 {
                games.push(pos.clone());
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
    (stored, games)
}

fn tb_probe(c: &mut Criterion) {
    let mut tb = Tablebase::new();
    for name in ENDINGS {
        tb.generate(&name.parse().expect("an ending"))
            .expect("generates");
    }
    let prober = tb.prober(&Ruleset::STANDARD).expect("the standard ruleset");
    let (stored, games) = positions(&tb);
    let mut group = common::configure(c, "tb_probe");
    for (set, positions) in [("stored", &stored), ("games", &games)] {
        for pos in positions {
            assert_eq!(prober.probe_dtm(pos), tb.probe_dtm(pos).ok(), "{pos}");
        }
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("{set}/tablebase_probe_dtm"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .filter(|p| tb.probe_dtm(black_box(p)).is_ok())
                    .count()
            });
        });
        group.bench_function(format!("{set}/prober_probe_dtm"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .filter(|p| prober.probe_dtm(black_box(p)).is_some())
                    .count()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, tb_probe);
criterion_main!(benches);
