//! Property: the incremental Zobrist key equals the key computed from scratch.
//!
//! From the default opening or an arbitrary valid position under an arbitrary ruleset,
//! play the legal move chosen by each input byte (index modulo the number of moves) until the
//! input or the moves run out; after every move `hash() == compute_hash()`. Never a panic.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use gjjq_core::Position;
use gjjq_fuzz::arbitrary_position;
use libfuzzer_sys::fuzz_target;

/// Where the walk starts.
#[derive(Arbitrary, Debug)]
enum Start {
    DefaultOpening,
    Arbitrary,
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(start) = Start::arbitrary(&mut u) else {
        return;
    };
    let mut pos = match start {
        Start::DefaultOpening => Position::default(),
        Start::Arbitrary => match arbitrary_position(&mut u) {
            Ok(p) => p,
            Err(_) => return,
        },
    };
    assert_eq!(pos.zobrist_hash(), pos.compute_hash(), "{pos}");
    let Ok(indices) = u.arbitrary::<Vec<u8>>() else {
        return;
    };
    for i in indices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[i as usize % moves.len()];
        let before = pos.to_string();
        pos.play_unchecked(m);
        assert_eq!(
            pos.zobrist_hash(),
            pos.compute_hash(),
            "{m:?} from {before}"
        );
    }
});
