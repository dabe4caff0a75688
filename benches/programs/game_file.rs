//! Print a game file of seeded random games (simplified script, at most 150 plies each) of
//! about `megabytes` MiB, for measuring how reading game files grows with their size
//! (benches/README.md). Larger files are concatenations of this one.
//!
//! `cargo run --release -p gjjq-bench --bin game_file -- 1 > /tmp/games-1m.gjjq`
use std::io::{BufWriter, Write};

use gjjq::notation::{GameRecord, MoveForm, MoveText, Record, RecordedMove, write_game};
use gjjq::{Game, Position, Script};
use gjjq_test_support::RandomMover;

fn main() -> std::io::Result<()> {
    let megabytes: usize = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(1);
    let limit = megabytes << 20;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut written = 0usize;
    let mut seed = 0u64;
    while written < limit {
        let mut mover = RandomMover::new(seed);
        let mut game = Game::new(Position::default());
        let mut record = GameRecord::default();
        record.set_tag("Event", &format!("random game {seed}"));
        while game.moves().len() < 150 {
            let moves = game.legal_moves();
            let Some(m) = mover.pick(game.position(), &moves) else {
                break;
            };
            let r = Record::from_move(game.position(), m);
            record.moves.push(RecordedMove::new(MoveText::Record(r)));
            game.play(m).expect("legal");
        }
        let mut text = Vec::new();
        write_game(&record, MoveForm::Script(Script::Simplified), &mut text).expect("written");
        text.push(b'\n');
        written += text.len();
        out.write_all(&text)?;
        seed += 1;
    }
    out.flush()
}
