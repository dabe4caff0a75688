//! Replay time per ply from 1,000 to 1,000,000 plies (issue 11 finding 5): a game of quiet
//! moves that never ends (`common::long_quiet_game`), played by `Game::play` and replayed from
//! its game file by the streaming `GameReader::replay_next`. `Throughput::Elements(plies)`, so
//! criterion's elements/s is plies/s and a flat figure across sizes means linear time.
//!
//! `cargo bench -p gjjq-bench --bench replay -- --warm-up-time 1 --measurement-time 3`
mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjjq::notation::GameReader;
use gjjq::{Game, Position};

const SIZES: [usize; 4] = [1_000, 10_000, 100_000, 1_000_000];

/// The movetext of `moves` in the ASCII form, one move number a line.
fn movetext(moves: &[gjjq::Move]) -> Vec<u8> {
    let mut text = String::with_capacity(moves.len() * 8);
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. {m}", i / 2 + 1));
        } else {
            text.push_str(&format!(" {m}\n"));
        }
    }
    text.push_str(" *\n");
    text.into_bytes()
}

fn replay(c: &mut Criterion) {
    let all = common::long_quiet_game(SIZES[SIZES.len() - 1], 11);
    let mut group = common::configure(c, "replay");
    for n in SIZES {
        let moves = &all[..n];
        let text = movetext(moves);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("game_play/{n}"), |b| {
            b.iter(|| {
                let mut game = Game::new(Position::default());
                for &m in moves {
                    game.play(m).expect("legal");
                }
                assert_eq!(game.moves().len(), n);
                black_box(game.repetitions())
            });
        });
        group.bench_function(format!("game_file/{n}"), |b| {
            b.iter(|| {
                let game = GameReader::new(&text[..])
                    .replay_next(None)
                    .expect("a game")
                    .expect("replays");
                assert_eq!(game.moves().len(), n);
                black_box(game.position().zobrist_hash())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
