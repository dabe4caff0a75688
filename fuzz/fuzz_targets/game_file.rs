//! Property: any bytes through the game-file reader and replay give games or typed errors,
//! never a panic, and:
//!
//! - read through a 1- to 16-byte buffer (streaming), the file gives the same games and the
//!   same errors in the same places as read from memory;
//! - the streaming replay (`replay_next`) and the replay of the whole record agree;
//! - every game that reads writes back, in the simplified and traditional scripts (after
//!   resolving it, when it replays) and in the ASCII form, to text that reads back to the same
//!   game: tags, comments, moves and result.
#![no_main]

use std::io::BufReader;

use gjjq_core::Script;
use gjjq_fuzz::{read_one, write_one};
use gjjq_notation::{GameReader, MoveForm, MoveText};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&cap, data)) = data.split_first() else {
        return;
    };
    let streamed: Vec<_> =
        GameReader::new(BufReader::with_capacity(usize::from(cap % 16) + 1, data)).collect();
    let in_memory: Vec<_> = GameReader::new(data).collect();
    assert_eq!(streamed.len(), in_memory.len());
    let mut replayer = GameReader::new(data);
    for (s, game) in streamed.iter().zip(in_memory) {
        let streamed_replay = replayer.replay_next(None);
        match (s, &game) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
            _ => panic!("streamed {s:?}, from memory {game:?}"),
        }
        let Ok(record) = game else { continue };
        let played = record.replay(None);
        match (&played, streamed_replay) {
            (Ok(a), Some(Ok(b))) => {
                assert_eq!(a.moves(), b.moves());
                assert_eq!(a.outcome(), b.outcome());
            }
            // The same fault; only the streaming replay knows where the tags stand in the file,
            // so its message may add a place that the in-memory record cannot give.
            (Err(a), Some(Err(b))) => {
                assert_eq!(
                    unplaced(&a.to_string()),
                    unplaced(&b.to_string()),
                    "{a} / {b}"
                );
            }
            (a, b) => panic!("whole replay {a:?}, streaming replay {b:?}"),
        }
        // ASCII: everything but the move texts' scripts comes back.
        let back = read_one(&write_one(&record, MoveForm::Ascii));
        assert_eq!(back.tags, record.tags);
        assert_eq!(back.comments_before, record.comments_before);
        assert_eq!(back.result, record.result);
        assert_eq!(back.moves.len(), record.moves.len());
        for (b, r) in back.moves.iter().zip(&record.moves) {
            assert_eq!(b.text.ascii(), r.text.ascii());
            assert_eq!(b.comments, r.comments);
        }
        // Records: a game with ASCII moves is resolved first (which needs it to replay).
        let has_ascii = record
            .moves
            .iter()
            .any(|m| matches!(m.text, MoveText::Ascii(_)));
        let recorded = if has_ascii {
            match record.resolve(None) {
                Ok(r) => r,
                Err(_) => continue,
            }
        } else {
            record.clone()
        };
        for script in [Script::Simplified, Script::Traditional] {
            let back = read_one(&write_one(&recorded, MoveForm::Script(script)));
            assert_eq!(back, recorded, "{script:?}");
            if let Ok(played) = &played {
                let again = back
                    .replay(None)
                    .unwrap_or_else(|e| panic!("does not replay: {e}"));
                assert_eq!(again.moves(), played.moves());
            }
        }
    }
});

/// `message` without its places in the file (`L:C:` and `at L:C`): the streaming replay knows
/// where the tags stand, an in-memory record does not.
fn unplaced(message: &str) -> String {
    let is_place = |w: &str| {
        let w = w.trim_end_matches([':', ',', ')', ';']);
        let mut parts = w.split(':');
        matches!(
            (parts.next(), parts.next(), parts.next()),
            (Some(l), Some(c), None)
                if !l.is_empty() && !c.is_empty()
                    && l.bytes().all(|b| b.is_ascii_digit())
                    && c.bytes().all(|b| b.is_ascii_digit())
        )
    };
    let words: Vec<&str> = message.split(' ').collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if is_place(words[i]) {
            i += 1;
        } else if words[i] == "at" && words.get(i + 1).is_some_and(|w| is_place(w)) {
            i += 2;
        } else {
            kept.push(words[i]);
            i += 1;
        }
    }
    kept.join(" ")
}
