//! Property: 陸戰棋 position strings (L-20) round-trip, and parsing never panics.
//!
//! For any bytes: if they are UTF-8 and parse as a `Setup`, writing it and parsing the text
//! again gives the same `Setup`; if `Position::from_setup` accepts it, the position's string
//! parses back to an equal position (Zobrist key included), and its legal moves are legal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use luzhanqi::{Position, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let setup = match text.parse::<Setup>() {
        Ok(s) => s,
        Err(e) => {
            assert!(
                e.column() >= 1 && e.column() <= text.chars().count() + 1,
                "{e}"
            );
            return;
        }
    };
    let written = setup.to_string();
    let reparsed: Setup = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} does not parse back: {e}"));
    assert_eq!(reparsed, setup, "{written:?}");
    if let Ok(pos) = Position::from_setup(setup) {
        let s = pos.to_string();
        let again: Position = s.parse().expect("a position's own string is valid");
        assert_eq!(again, pos, "{s}");
        assert_eq!(again.zobrist_hash(), again.compute_hash());
        for m in pos.legal_moves() {
            assert!(pos.is_legal(m), "{m} in {s}");
        }
    }
});
