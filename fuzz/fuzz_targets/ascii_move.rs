//! Property: the ASCII machine form round-trips, and parsing never panics.
//!
//! For any text that parses as an ASCII move, writing it and parsing again gives the same move
//! text; resolved against the default opening it gives a legal move whose ASCII form is the
//! text written, or a typed error.
#![no_main]

use gjjq_core::{Move, Position};
use gjjq_notation::MoveText;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(a) = text.parse::<Move>() else {
        return;
    };
    let written = a.to_string();
    let back: Move = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?}: {e}"));
    assert_eq!(back, a);
    let pos = Position::default();
    if let Ok(m) = MoveText::Ascii(a).to_move(&pos) {
        assert!(pos.is_legal(m));
        assert_eq!(m.to_string(), written);
    }
});
