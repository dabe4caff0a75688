//! Helpers shared by the rules tests (hand-derived move sets, R-ids in the test names).
#![allow(dead_code)]

use gjjq_core::{Move, Position, Ruleset, Setup, Square};

/// A position from its string under the standard ruleset.
pub fn pos(s: &str) -> Position {
    pos_with(s, Ruleset::STANDARD)
}

/// A position from its string under `rules`.
pub fn pos_with(s: &str, rules: Ruleset) -> Position {
    let setup: Setup = s.parse().unwrap_or_else(|e| panic!("bad setup {s}: {e}"));
    Position::from_setup_with(setup, rules).unwrap_or_else(|e| panic!("invalid {s}: {e}"))
}

/// The legal moves in ASCII form, sorted.
pub fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

/// Assert that the legal move set is exactly `expected` (any order, no duplicates).
#[track_caller]
pub fn assert_moves(p: &Position, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| (*s).to_string()).collect();
    want.sort();
    let n = want.len();
    want.dedup();
    assert_eq!(n, want.len(), "duplicate in expected list");
    let got = moves(p);
    let missing: Vec<&String> = want.iter().filter(|m| !got.contains(m)).collect();
    let extra: Vec<&String> = got.iter().filter(|m| !want.contains(m)).collect();
    assert!(
        missing.is_empty() && extra.is_empty() && got.len() == want.len(),
        "position {p}\n  missing (expected, not generated): {missing:?}\n  extra (generated, not expected): {extra:?}\n  got: {got:?}"
    );
}

/// The legal move with this ASCII form.
#[track_caller]
pub fn find(p: &Position, ascii: &str) -> Move {
    p.legal_moves()
        .into_iter()
        .find(|m| m.to_string() == ascii)
        .unwrap_or_else(|| panic!("{ascii} not legal in {p}"))
}

/// A square from its label.
pub fn sq(label: &str) -> Square {
    label.parse().unwrap()
}
