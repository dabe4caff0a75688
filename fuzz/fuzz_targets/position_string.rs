//! Property: position strings round-trip, and parsing never panics.
//!
//! For any bytes: if they are UTF-8 and parse as a [`Setup`], writing it and parsing the text
//! again gives the same `Setup`; if [`Position::from_setup`] accepts it, the position's string
//! parses back to an equal `Position` (Zobrist key included).
#![no_main]

use gjjq_core::{Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = text.parse::<Setup>() else {
        return;
    };
    let written = setup.to_string();
    let reparsed: Setup = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} does not parse back: {e}"));
    assert_eq!(reparsed, setup, "{written:?}");
    if let Ok(pos) = Position::from_setup(setup) {
        let s = pos.to_string();
        let again = Position::from_setup(s.parse::<Setup>().expect("a position string parses"))
            .expect("a position's own string is valid");
        assert_eq!(again, pos, "{s}");
        assert_eq!(again.zobrist_hash(), pos.zobrist_hash());
    }
});
