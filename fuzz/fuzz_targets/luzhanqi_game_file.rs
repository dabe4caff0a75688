//! Property: any bytes read as a 陸戰棋 game file never panic; every game that reads writes
//! back (in each form) to a file that reads to the same moves, notes and final position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use luzhanqi::game_file::{GameFileReader, MoveForm};

fuzz_target!(|data: &[u8]| {
    let mut reader = GameFileReader::new(data);
    let mut games = 0;
    while let Some(game) = reader.next_game() {
        games += 1;
        if games > 64 {
            break;
        }
        let Ok(record) = game else {
            continue;
        };
        for form in [MoveForm::Simplified, MoveForm::Traditional, MoveForm::Ascii] {
            let Ok(text) = record.write(form) else {
                // A tag name or value the grammar cannot write (only from a file that read).
                continue;
            };
            let back = GameFileReader::new(text.as_bytes())
                .next_game()
                .expect("a written game")
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.game.moves(), record.game.moves());
            assert_eq!(back.game.position(), record.game.position());
            assert_eq!(back.moves, record.moves);
            assert_eq!(back.result, record.result);
        }
    }
});
