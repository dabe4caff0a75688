//! The web board's session at ply 10 and at ply 10,000 (issue 22): `view(ply)` reads the
//! position its node stores and `play` pushes on the node, so both cost the same at either
//! ply (no replay from the start). Each row pair is read as a ratio (ply 10,000 / ply 10).
//!
//! `cargo bench -p gjjq-wasm --bench session -- --warm-up-time 1 --measurement-time 2`

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use gjjq::notation::AnnotatedGame;
use gjjq::{Position, Ruleset, Setup};
use gjjq_wasm::session::Session;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// A game of `plies` random quiet moves (no captures, so it never runs out of pieces; no
/// no-capture limit; a move that would end the game, by repetition too, is not chosen).
fn long_game(plies: usize) -> AnnotatedGame {
    let mut rules = Ruleset::STANDARD;
    rules.no_capture_limit = None;
    let start = Position::from_setup_with(Setup::default_opening(), rules).expect("valid");
    let mut game = AnnotatedGame::new(start);
    let mut rng = StdRng::seed_from_u64(22);
    while game.ply(game.main_end()) < plies {
        let end = game.main_end();
        let pos = game.position_at(end).clone();
        let mut quiet: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| pos.piece_at(m.to()).is_none())
            .collect();
        quiet.shuffle(&mut rng);
        let played = quiet.into_iter().any(|m| {
            let node = game.push(end, m).expect("legal");
            let ok = game.outcome_at(node).is_none();
            if !ok {
                game.delete(node);
            }
            ok
        });
        assert!(played, "a quiet move at ply {}", game.ply(end));
    }
    game
}

/// A legal move at `ply` of the session's line other than the line's next move: playing it
/// starts a variation.
fn other_move(s: &Session, ply: usize) -> String {
    let v = s.view(ply).expect("on the line");
    let next = s.moves().get(ply).map(|m| m.ascii.clone());
    v.legal
        .iter()
        .map(|m| m.ascii.clone())
        .find(|a| Some(a) != next.as_ref())
        .expect("another legal move")
}

fn bench(c: &mut Criterion) {
    let long = Session::from_annotated(long_game(10_000));
    assert_eq!(long.plies(), 10_000);
    let mut group = c.benchmark_group("wasm_session");
    for ply in [10usize, 10_000] {
        group.bench_function(format!("view_ply_{ply}"), |b| {
            b.iter(|| black_box(long.view(black_box(ply)).expect("on the line")));
        });
        // Reviewing `ply` of the 10,000-ply game and playing another move: a new variation
        // (at 10,000, the end: a new main move). Setup (a clone) is not timed.
        let mv = other_move(&long, ply);
        group.bench_function(format!("play_ply_{ply}"), |b| {
            b.iter_batched_ref(
                || long.clone(),
                |s| black_box(s.play(ply, &mv).expect("legal")),
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
