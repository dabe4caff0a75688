//! Property: a long game (up to 20,000 plies chosen by a seeded generator, the input choosing
//! the seed, ruleset and no-capture limit) keeps `Game`'s per-ply checks right:
//!
//! - `repetitions()` equals a count over every position reached (the hash map reset at
//!   captures loses nothing, R-24);
//! - `outcome()` is `Some` exactly when `legal_moves()` is empty, and a game that ended by
//!   repetition has a position seen three times;
//! - the game written as a file and replayed through a small buffer by the streaming
//!   `replay_next` ends in the same position with the same outcome.
#![no_main]

use std::collections::HashMap;
use std::io::BufReader;
use std::num::NonZeroU32;

use arbitrary::Unstructured;
use gjjq_core::{Game, Position, Setup, outcome::EndReason};
use gjjq_fuzz::arbitrary_ruleset;
use gjjq_notation::{GameReader, GameRecord, MoveForm, MoveText, RecordedMove, write_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let (Ok(rules), Ok(seed), Ok(plies), Ok(limit)) = (
        arbitrary_ruleset(&mut u),
        u.arbitrary::<u64>(),
        u.int_in_range(0u32..=20_000),
        u.arbitrary::<Option<u16>>(),
    ) else {
        return;
    };
    let mut rules = rules;
    rules.no_capture_limit = limit.and_then(|l| NonZeroU32::new(u32::from(l)));
    let start = Position::from_setup_with(Setup::default_opening(), rules).expect("valid");
    let mut game = Game::new(start);
    let mut seen: HashMap<u64, usize> = HashMap::from([(game.position().zobrist_hash(), 1)]);
    let mut record = GameRecord::default();
    record.set_tag("Rules", &rules.to_json());
    let mut x = seed | 1;
    for _ in 0..plies {
        let moves = game.legal_moves();
        assert_eq!(moves.is_empty(), game.outcome().is_some());
        if moves.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = moves[(x % moves.len() as u64) as usize];
        game.play(m).expect("a listed move plays");
        record.moves.push(RecordedMove::new(MoveText::Ascii(m)));
        let n = seen.entry(game.position().zobrist_hash()).or_insert(0);
        *n += 1;
        assert_eq!(game.repetitions(), *n);
    }
    if let Some(o) = game.outcome()
        && o.reason() == EndReason::Repetition
    {
        assert!(game.repetitions() >= 3);
    }
    let mut text = Vec::new();
    write_game(&record, MoveForm::Ascii, &mut text).expect("writes");
    let replayed = GameReader::new(BufReader::with_capacity(7, text.as_slice()))
        .replay_next(None)
        .expect("one game")
        .unwrap_or_else(|e| panic!("does not replay: {e}"));
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.outcome(), game.outcome());
});
