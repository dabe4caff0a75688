//! Property: 陸戰棋 move texts (L-21, ASCII and records in either script) never panic, every
//! error names a column within the text, and a text that resolves against the default start
//! names a legal move whose record resolves back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use luzhanqi::{MoveText, Position, Script};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let len = text.chars().count();
    match text.parse::<MoveText>() {
        Ok(t) => assert_eq!(t.mv.to_string().parse::<luzhanqi::Move>(), Ok(t.mv)),
        Err(e) => {
            let c = e.column().expect("a syntax error has a column");
            assert!(c >= 1 && c <= len + 1, "{e}");
        }
    }
    let pos = Position::default();
    if let Ok(m) = pos.find_move(text) {
        assert!(pos.is_legal(m));
        for script in [Script::Simplified, Script::Traditional] {
            let rec = pos.record(m, script).expect("a legal move has a mover");
            assert_eq!(pos.find_move(&rec), Ok(m), "{rec}");
        }
    }
});
