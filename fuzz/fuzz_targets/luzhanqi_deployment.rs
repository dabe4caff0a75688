//! Property: 陸戰棋 deployment strings (L-19) never panic; a parsed deployment writes back to
//! the same text; a checked one makes an opening with 25 pieces a side.
#![no_main]

use libfuzzer_sys::fuzz_target;
use luzhanqi::deploy::{Deployment, opening};
use luzhanqi::{Ruleset, Side};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Deployment>() {
        Ok(d) => {
            assert_eq!(d.to_string(), text);
            if d.check().is_ok() {
                let p = opening(&d, &d, Side::Red, Ruleset::STANDARD).expect("legal deployments");
                assert_eq!(p.piece_count(Side::Red), 25);
                assert_eq!(p.piece_count(Side::Blue), 25);
            }
        }
        Err(e) => assert!(
            e.column() >= 1 && e.column() <= text.chars().count() + 1,
            "{e}"
        ),
    }
});
