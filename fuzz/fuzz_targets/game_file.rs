//! Property: any bytes through the game-file reader and replay give games or typed errors,
//! never a panic; a game that reads and replays writes back to text that reads and replays to
//! the same moves.
#![no_main]

use gjjq_core::Script;
use gjjq_notation::{GameReader, MoveForm, write_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for (n, game) in GameReader::new(data).enumerate() {
        if n > 8 {
            break;
        }
        let Ok(record) = game else { continue };
        let Ok(played) = record.replay(None) else {
            continue;
        };
        let mut out = Vec::new();
        if write_game(&record, MoveForm::Script(Script::Simplified), &mut out).is_err() {
            continue;
        }
        let again = GameReader::new(out.as_slice())
            .next()
            .expect("one game written")
            .unwrap_or_else(|e| {
                panic!(
                    "written game does not read back: {e}\n{}",
                    String::from_utf8_lossy(&out)
                )
            });
        let replayed = again
            .replay(None)
            .unwrap_or_else(|e| panic!("written game does not replay: {e}"));
        assert_eq!(replayed.moves(), played.moves());
    }
});
