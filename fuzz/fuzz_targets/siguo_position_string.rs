//! Property: 四國 position strings (L-59) round-trip, and parsing never panics.
//!
//! For any bytes: the first line, if any, is a ruleset (JSON, L-50 … L-56; the standard rules
//! when it does not read); the rest, if UTF-8 and a `Setup`, writes and parses back to the
//! same `Setup`; an error has a column inside the text. If `Position::from_setup` accepts it,
//! the position's string reads back to an equal position with the same Zobrist key, every
//! listed action is legal, counting equals listing, and the position is decided exactly when
//! it has no action.
#![no_main]

use libfuzzer_sys::fuzz_target;
use siguo::{Position, Rules, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (rules, text) = match text.split_once('\n') {
        Some((first, rest)) => (Rules::from_json(first).unwrap_or_default(), rest),
        None => (Rules::default(), text),
    };
    let setup = match text.parse::<Setup>() {
        Ok(s) => s,
        Err(e) => {
            if let Some(column) = e.column() {
                assert!(column >= 1 && column <= text.chars().count() + 1, "{e}");
            }
            return;
        }
    };
    let written = setup.to_string();
    let reparsed: Setup = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} does not parse back: {e}"));
    assert_eq!(reparsed, setup, "{written:?}");
    if let Ok(pos) = Position::from_setup(setup, rules) {
        let s = pos.to_string();
        let again = Position::from_text(&s, rules).expect("a position's own string is valid");
        assert_eq!(again.to_string(), s);
        assert_eq!(again.zobrist(), pos.zobrist(), "{s}");
        let actions = pos.legal_actions();
        assert_eq!(actions.len() as u64, pos.count_actions(), "{s}");
        assert_eq!(pos.outcome().is_some(), actions.is_empty(), "{s}");
        for a in actions {
            assert!(pos.is_legal(a), "{a} in {s}");
        }
    }
});
