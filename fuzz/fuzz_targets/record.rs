//! Property: six-character records (R-28 … R-30) round-trip, and parsing never panics.
//!
//! For any text: if it parses strictly, writing it in either script and parsing again gives the
//! same record; if it parses leniently, its written form parses strictly to the same record
//! (a 王/首 king, which names no side, comes back naming the side of its origin's country).
//! Resolving it against the default opening gives a move or a typed error; a move resolved this
//! way writes back to a record naming the same move.
#![no_main]

use gjjq_core::{Position, Script};
use gjjq_notation::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(r) = Record::parse_strict(text) {
        for script in [Script::Simplified, Script::Traditional] {
            let written = r.to_script(script);
            let back =
                Record::parse_strict(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            assert_eq!(back, r, "{written:?}");
        }
    }
    if let Ok(r) = Record::parse_lenient(text) {
        let written = r.to_string();
        // 王/首 name either king; the written form names one side's king, so compare moves.
        let pos = Position::default();
        if let Ok(m) = r.to_move(&pos) {
            let canonical = Record::from_move(&pos, m);
            assert_eq!(canonical.to_move(&pos), Ok(m), "{written:?}");
        }
        let back = Record::parse_strict(&written)
            .unwrap_or_else(|e| panic!("{text:?} written as {written:?} is not strict: {e}"));
        assert_eq!(
            (back.piece, back.from, back.direction, back.to),
            (r.piece, r.from, r.direction, r.to),
            "{text:?} → {written:?}"
        );
        if r.king_side.is_some() {
            assert_eq!(back, r, "{text:?} → {written:?}");
        }
        assert_eq!(back.to_string(), written);
    }
});
