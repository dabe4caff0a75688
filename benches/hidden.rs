//! 暗式 worlds: drawing 1,000 consistent worlds for Red at ply 60 of a hidden
//! self-play game (each drawn assignment replayed through the whole visible history, the
//! failing ones rejected), and candidate proposals of a view.
//!
//! `cargo bench -p gjjq-bench --bench hidden -- --warm-up-time 1 --measurement-time 3`
mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjjq::{
    Ruleset, Side,
    deploy::Opening,
    hidden::{HiddenGame, WorldSampler, check_world},
};
use rand::SeedableRng;
use rand::rngs::StdRng;

const WORLDS: u64 = 1_000;
const PLY: usize = 60;

fn mid_game() -> HiddenGame {
    let rules = Ruleset::STANDARD;
    (1u64..)
        .find_map(|seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = HiddenGame::new(Opening::random(&mut rng, None, &rules), rules).ok()?;
            game.play_out(&mut rng, PLY);
            (game.game().moves().len() == PLY).then_some(game)
        })
        .expect("some game lasts 60 plies")
}

fn bench_hidden(c: &mut Criterion) {
    let game = mid_game();
    let state = game.info_state(Side::Red).clone();
    let mut group = common::configure(c, "hidden worlds");
    group.throughput(Throughput::Elements(WORLDS));
    group.bench_function("1,000 worlds at ply 60 (sampler built once)", |b| {
        let sampler = WorldSampler::new(&state);
        let mut rng = StdRng::seed_from_u64(1);
        b.iter(|| {
            let mut last = None;
            for _ in 0..WORLDS {
                last = Some(black_box(sampler.draw(&mut rng).unwrap()));
            }
            // A fast wrong answer cannot pass: the last world is consistent.
            assert!(check_world(&state, &last.unwrap()).is_ok());
        })
    });
    group.bench_function("WorldSampler::new at ply 60", |b| {
        b.iter(|| black_box(WorldSampler::new(black_box(&state))).assignments())
    });
    group.finish();

    let mut group = common::configure(c, "hidden views");
    let view = game.view(game.turn());
    group.bench_function("candidates at ply 60", |b| {
        b.iter(|| {
            let list = black_box(&view).candidates();
            assert!(!list.is_empty());
        })
    });
    group.finish();
}

criterion_group!(benches, bench_hidden);
criterion_main!(benches);
