//! The annotated game at ply 10 and at ply 10,000 (issue 22): viewing a position of the main
//! line and playing a move at its end cost the same, since every node keeps its position and
//! the main line is indexed (no replay from the start). For contrast, `replay_from_start`
//! rebuilds the position the way a front end without the model did.
//!
//! `cargo bench -p gjjq-notation --bench annotated -- --warm-up-time 1 --measurement-time 2`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gjjq_core::{Game, Position, Ruleset, Setup};
use gjjq_notation::{AnnotatedGame, NodeId};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A game of `plies` random quiet moves (no captures, so it never runs out of pieces; no
/// no-capture limit; a move that would repeat a position a third time is not chosen).
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
        let mut played = false;
        for m in quiet {
            let node = game.push(end, m).expect("legal");
            if game.outcome_at(node).is_none() {
                played = true;
                break;
            }
            game.delete(node);
        }
        assert!(
            played,
            "a quiet move that does not end the game at ply {}",
            game.ply(end)
        );
        let _ = rng.random::<u8>();
    }
    game
}

fn bench(c: &mut Criterion) {
    let long = long_game(10_000);
    let mut group = c.benchmark_group("annotated");
    for ply in [10usize, 10_000] {
        let mut game = long.clone();
        game.truncate(game.main_at(ply).expect("long enough"));
        assert_eq!(game.ply(game.main_end()), ply);
        group.bench_function(format!("view_ply_{ply}"), |b| {
            b.iter(|| {
                let id = game.main_at(black_box(ply)).expect("on the main line");
                black_box(game.position_at(id).zobrist_hash())
            });
        });
        let end = game.main_end();
        let next = game.position_at(end).legal_moves()[0];
        group.bench_function(format!("play_ply_{ply}"), |b| {
            b.iter(|| {
                let node = game.push(end, black_box(next)).expect("legal");
                black_box(node);
                game.undo();
            });
        });
        let moves: Vec<_> = game
            .main_line()
            .map(|id| game.move_at(id).expect("a move"))
            .collect();
        let start = game.start().clone();
        group.bench_function(format!("replay_from_start_ply_{ply}"), |b| {
            b.iter(|| {
                let mut g = Game::new(start.clone());
                for &m in &moves {
                    g.play(m).expect("legal");
                }
                black_box(g.position().zobrist_hash())
            });
        });
        let _ = NodeId::ROOT;
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
