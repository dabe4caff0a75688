//! Property: legal moves are legal, and `is_legal` agrees with `legal_moves`.
//!
//! On an arbitrary valid position under an arbitrary ruleset (see `gjjq_fuzz`):
//! - every move of `legal_moves()` is `is_legal`, plays with `play`, keeps the incremental
//!   Zobrist key equal to `compute_hash()`, and leaves a position that
//!   `Position::from_setup_with` accepts (R-26, a king capture's end position included);
//! - no two legal moves share origin and destination (a move is named by them, R-30);
//! - `count_legal_moves()` equals `legal_moves().len()`;
//! - for an arbitrary from/to pair, the move is `is_legal` exactly when it is in
//!   `legal_moves()`, `find_move` and `play` agree, and `classify` describes it without panic.
//!
//! Never a panic.
#![no_main]

use arbitrary::Unstructured;
use gjjq_core::{Move, Position, Square};
use gjjq_fuzz::arbitrary_position;
use libfuzzer_sys::fuzz_target;

fn check_candidate(pos: &Position, legal: &[Move], m: Move) {
    let listed = legal.contains(&m);
    assert_eq!(pos.is_legal(m), listed, "is_legal({m:?}) in {pos}");
    assert_eq!(
        pos.find_move(m.from(), m.to()).is_some(),
        listed,
        "find_move({m:?}) in {pos}"
    );
    let _ = pos.classify(m);
    assert_eq!(pos.clone().play(m).is_ok(), listed, "play({m:?}) in {pos}");
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(pos) = arbitrary_position(&mut u) else {
        return;
    };
    let legal = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), legal.len(), "{pos}");

    for (i, &m) in legal.iter().enumerate() {
        assert!(pos.is_legal(m), "listed but not is_legal: {m:?} in {pos}");
        assert!(
            legal[..i]
                .iter()
                .all(|o| (o.from(), o.to()) != (m.from(), m.to())),
            "two legal moves {m} in {pos}"
        );
        let child = pos
            .clone()
            .play(m)
            .unwrap_or_else(|_| panic!("listed move refused: {m:?} in {pos}"));
        assert_eq!(child.zobrist_hash(), child.compute_hash(), "{m:?} in {pos}");
        if let Err(e) = Position::from_setup_with(child.to_setup(), *pos.ruleset()) {
            panic!("{m:?} in {pos} leaves an invalid position {child}: {e}");
        }
    }

    let (Ok(f), Ok(t)) = (u.int_in_range(0..=89usize), u.int_in_range(0..=89usize)) else {
        return;
    };
    let (from, to) = (
        Square::from_index(f).unwrap(),
        Square::from_index(t).unwrap(),
    );
    check_candidate(&pos, &legal, Move::new(from, to));
});
