//! The rules are left-right symmetric (x ↔ 8 − x), which the index's mirror folding relies on:
//! the terrain and palace masks are mirror images of themselves, and for positions
//! of random games and of endings the core's legal moves, the positions after them, the seal
//! facing kings and `Position::outcome` (R-21 … R-24) are the mirror images of
//! the mirrored position's. The check is on the core's points, not on any notation.

use gjjq_core::{
    Bitboard, Move, Position, Ruleset, Setup, Side, Square,
    setup::PendingReturn,
    terrain::{COAST, COUNTRY, INLAND, LAND, PALACE, SEA},
};
use gjjq_tablebase::{Ending, EndingIndex};
use rand::{Rng, SeedableRng, rngs::StdRng};

fn m(sq: Square) -> Square {
    Square::new(8 - sq.x(), sq.y()).unwrap()
}

fn mirror(pos: &Position) -> Position {
    let s = pos.to_setup();
    let mut t = Setup::empty();
    for sq in Square::all() {
        t.set(m(sq), s.piece_at(sq));
    }
    t.turn = s.turn;
    t.pending = s.pending.map(|p| {
        p.map(|p| PendingReturn {
            striker: m(p.striker),
            origin: m(p.origin),
        })
    });
    t.plies_since_capture = s.plies_since_capture;
    t.move_number = s.move_number;
    Position::from_setup_with(t, *pos.ruleset()).expect("the mirror image is a position")
}

fn sorted(mut v: Vec<(u8, u8)>) -> Vec<(u8, u8)> {
    v.sort_unstable();
    v
}

fn check(pos: &Position) {
    let q = mirror(pos);
    assert_eq!(q.outcome(), pos.outcome(), "{pos}: outcome");
    assert_eq!(q.is_sealed(), pos.is_sealed(), "{pos}: seal");
    assert_eq!(
        q.kings_may_face(),
        pos.kings_may_face(),
        "{pos}: facing kings"
    );
    let moves = pos.legal_moves();
    let mirrored: Vec<(u8, u8)> = moves
        .iter()
        .map(|mv| (m(mv.from()).index() as u8, m(mv.to()).index() as u8))
        .collect();
    let theirs: Vec<(u8, u8)> = q
        .legal_moves()
        .iter()
        .map(|mv| (mv.from().index() as u8, mv.to().index() as u8))
        .collect();
    assert_eq!(sorted(mirrored), sorted(theirs), "{pos}: moves");
    for &mv in moves.iter() {
        let child = pos.clone().play(mv).unwrap();
        let qchild = q.clone().play(Move::new(m(mv.from()), m(mv.to()))).unwrap();
        assert_eq!(
            mirror(&child).to_setup().to_string(),
            qchild.to_setup().to_string(),
            "{pos}: after {mv}"
        );
    }
}

#[test]
fn terrain_and_palaces_are_mirror_symmetric() {
    let masks: Vec<Bitboard> = [COUNTRY, INLAND, COAST, SEA, LAND, PALACE]
        .into_iter()
        .flatten()
        .collect();
    for mask in masks {
        for sq in Square::all() {
            assert_eq!(mask.contains(sq), mask.contains(m(sq)), "{sq}");
        }
    }
}

#[test]
fn moves_and_verdicts_are_mirror_symmetric() {
    let mut rng = StdRng::seed_from_u64(2323);
    let mut checked = 0;
    // Random games from the default opening: every kind, the seal, returning captures.
    for _ in 0..12 {
        let mut pos = Position::default();
        for _ in 0..160 {
            check(&pos);
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos = pos.play(mv).unwrap();
        }
    }
    // Random positions of endings: facing kings, kings in the palace corners.
    for name in ["MvI", "FvA", "PvD", "GvK", "IvG"] {
        let index = EndingIndex::new(name.parse::<Ending>().unwrap());
        let mut n = 0;
        while n < 150 {
            if let Some(pos) = index.position(rng.random_range(0..index.size())) {
                check(&pos);
                n += 1;
            }
        }
        checked += n;
    }
    assert!(checked > 1000);
    let _ = Ruleset::STANDARD;
    let _ = Side::Red;
}
