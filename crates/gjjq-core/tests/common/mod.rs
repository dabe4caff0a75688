//! Helpers shared by the rules tests (hand-derived move sets, R-ids in the test names).
#![allow(dead_code)]

use gjjq_core::{Move, MoveKind, PieceKind, Position, Removal, Ruleset, Setup, Square};

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

/// A legal move with everything the rules make of it in its position, spelled out so that a
/// test states what it expects in one pattern: [`Position::classify`] of the move, one variant
/// per case of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Described {
    Quiet {
        piece: PieceKind,
        from: Square,
        to: Square,
    },
    Capture {
        piece: PieceKind,
        from: Square,
        to: Square,
        captured: PieceKind,
    },
    ReturningCapture {
        piece: PieceKind,
        from: Square,
        to: Square,
        captured: PieceKind,
    },
    Return {
        piece: PieceKind,
        from: Square,
        to: Square,
    },
    Forfeit {
        from: Square,
        to: Square,
        captured: Option<PieceKind>,
        striker: Square,
    },
    AfterRemoval {
        removed: Square,
        piece: PieceKind,
        from: Square,
        to: Square,
        captured: Option<PieceKind>,
        returning: bool,
    },
}

impl Described {
    /// The move itself: its two points.
    pub fn mv(self) -> Move {
        let (from, to) = match self {
            Described::Quiet { from, to, .. }
            | Described::Capture { from, to, .. }
            | Described::ReturningCapture { from, to, .. }
            | Described::Return { from, to, .. }
            | Described::Forfeit { from, to, .. }
            | Described::AfterRemoval { from, to, .. } => (from, to),
        };
        Move::new(from, to)
    }
}

/// `m` in `p`, described.
#[track_caller]
pub fn describe(p: &Position, m: Move) -> Described {
    let info = p
        .classify(m)
        .unwrap_or_else(|| panic!("{m}: no piece of the side to move in {p}"));
    let (piece, from, to) = (info.piece, m.from(), m.to());
    match (info.removal, info.kind, info.captured) {
        (Some(Removal::Forfeit(striker)), _, captured) => {
            assert_eq!(piece, PieceKind::King, "a forfeit moves the king");
            Described::Forfeit {
                from,
                to,
                captured,
                striker,
            }
        }
        (Some(Removal::BeforeMove(removed)), kind, captured) => Described::AfterRemoval {
            removed,
            piece,
            from,
            to,
            captured,
            returning: kind == MoveKind::ReturningCapture,
        },
        (None, MoveKind::Quiet, None) => Described::Quiet { piece, from, to },
        (None, MoveKind::Capture, Some(captured)) => Described::Capture {
            piece,
            from,
            to,
            captured,
        },
        (None, MoveKind::ReturningCapture, Some(captured)) => Described::ReturningCapture {
            piece,
            from,
            to,
            captured,
        },
        (None, MoveKind::Return, None) => Described::Return { piece, from, to },
        other => panic!("{m} in {p}: inconsistent classification {other:?}"),
    }
}

/// The legal move with this ASCII form, described.
#[track_caller]
pub fn find(p: &Position, ascii: &str) -> Described {
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == ascii)
        .unwrap_or_else(|| panic!("{ascii} not legal in {p}"));
    describe(p, m)
}

/// A square from its label.
pub fn sq(label: &str) -> Square {
    label.parse().unwrap()
}
