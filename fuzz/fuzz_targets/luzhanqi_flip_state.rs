//! Property: 翻棋 state strings (L-32) round-trip, and parsing never panics.
//!
//! For any bytes: if they are UTF-8 and parse as a `FlipSetup`, writing it and parsing the text
//! again gives the same setup; if `FlipPosition::from_setup` accepts it, the state's string
//! parses back to an equal state, its legal actions apply (a chance action with each possible
//! piece), and each result's string parses back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use luzhanqi::ModeRules;
use luzhanqi::flip::{FlipPosition, FlipSetup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let setup = match text.parse::<FlipSetup>() {
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
    let reparsed: FlipSetup = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} does not parse back: {e}"));
    assert_eq!(reparsed, setup, "{written:?}");
    let mode = ModeRules::FLIP;
    if let Ok(pos) = FlipPosition::from_setup(setup, mode, mode.default_ruleset()) {
        let s = pos.to_string();
        let again: FlipPosition = s.parse().expect("a state's own string is valid");
        assert_eq!(again, pos, "{s}");
        for a in pos.legal_actions() {
            let pieces: Vec<_> = if pos.is_chance(a) {
                pos.chance_outcomes()
                    .iter()
                    .map(|o| Some(o.piece))
                    .collect()
            } else {
                vec![None]
            };
            for p in pieces {
                let next = pos.apply(a, p).expect("a legal action applies");
                let t = next.to_string();
                assert_eq!(t.parse::<FlipPosition>().as_ref(), Ok(&next), "{t}");
            }
        }
    }
});
