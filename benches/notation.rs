//! Notation benches: records (parse and write), the ASCII form, position strings (items/s), and
//! reading a generated game file of 10,000 games (bytes/s).
//!
//! `cargo bench -p gjjq-bench --bench notation -- --warm-up-time 1 --measurement-time 3`
mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjjq::notation::{
    GameReader, GameRecord, MoveForm, MoveText, Record, RecordedMove, write_game,
};
use gjjq::{Game, Move, Position, Ruleset, Script, Setup};
use gjjq_test_support::RandomMover;

/// `games` random games of at most `plies` plies (no-capture limit 60), as a game file.
fn game_file(games: u64, plies: usize) -> (Vec<u8>, Vec<(Position, Record)>) {
    let mut rules = Ruleset::STANDARD;
    rules.no_capture_limit = std::num::NonZeroU32::new(60);
    let start = Position::from_setup_with(Setup::default_opening(), rules).expect("valid");
    let mut file = Vec::new();
    let mut samples = Vec::new();
    for seed in 0..games {
        let mut mover = RandomMover::new(seed);
        let mut game = Game::new(start.clone());
        let mut record = GameRecord::default();
        record.set_tag("Event", &format!("bench game {seed}"));
        while game.moves().len() < plies {
            let moves = game.legal_moves();
            let Some(m) = mover.pick(game.position(), &moves) else {
                break;
            };
            let r = Record::from_move(game.position(), m);
            if seed < 20 {
                samples.push((game.position().clone(), r));
            }
            record.moves.push(RecordedMove::new(MoveText::Record(r)));
            game.play(m).expect("legal");
        }
        write_game(&record, MoveForm::Script(Script::Simplified), &mut file).expect("written");
        file.push(b'\n');
    }
    (file, samples)
}

fn bench_notation(c: &mut Criterion) {
    let (file, samples) = game_file(10_000, 80);
    let texts: Vec<String> = samples.iter().map(|(_, r)| r.to_string()).collect();
    let ascii: Vec<String> = samples
        .iter()
        .map(|(p, r)| r.to_move(p).expect("resolves").to_string())
        .collect();
    let strings: Vec<String> = samples.iter().map(|(p, _)| p.to_string()).collect();

    let mut group = common::configure(c, "notation");
    group.throughput(Throughput::Elements(texts.len() as u64));
    group.bench_function("record_parse", |b| {
        b.iter(|| texts.iter().filter(|t| t.parse::<Record>().is_ok()).count())
    });
    group.bench_function("record_write", |b| {
        b.iter(|| {
            samples
                .iter()
                .map(|(_, r)| black_box(r).to_script(Script::Traditional).len())
                .sum::<usize>()
        })
    });
    group.bench_function("record_to_move", |b| {
        b.iter(|| samples.iter().filter(|(p, r)| r.to_move(p).is_ok()).count())
    });
    group.bench_function("ascii_parse", |b| {
        b.iter(|| ascii.iter().filter(|t| t.parse::<Move>().is_ok()).count())
    });
    group.bench_function("position_string_parse", |b| {
        b.iter(|| {
            strings
                .iter()
                .filter(|t| t.parse::<Setup>().is_ok())
                .count()
        })
    });
    group.finish();

    let mut group = common::configure(c, "game_file");
    group.throughput(Throughput::Bytes(file.len() as u64));
    group.bench_function("read_10000_games", |b| {
        b.iter(|| {
            let n = GameReader::new(black_box(file.as_slice()))
                .filter(|g| g.is_ok())
                .count();
            assert_eq!(n, 10_000);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_notation);
criterion_main!(benches);
