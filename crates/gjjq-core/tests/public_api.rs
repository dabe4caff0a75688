//! Issue 10: nothing the safe public API accepts may panic. Arbitrary setups (valid or not),
//! arbitrary rulesets and arbitrary pairs of points go through every entry point; illegal moves
//! are forced in with `play_unchecked` and the garbage positions they leave are driven further.

use gjjq_core::{
    Bitboard, Game, Move, Piece, PieceKind, Position, Ruleset, Setup, Side, Square,
    position::PositionErrorKinds,
    ruleset::{MissileRange, MissileWalk, ReturnRule, TrappedKing},
    setup::PendingReturn,
};
use proptest::prelude::*;

fn square() -> impl Strategy<Value = Square> {
    (0usize..90).prop_map(|i| Square::from_index(i).unwrap())
}

fn piece() -> impl Strategy<Value = Piece> {
    (any::<bool>(), 0usize..8).prop_map(|(green, k)| {
        let side = if green { Side::Green } else { Side::Red };
        Piece::new(side, PieceKind::ALL[k])
    })
}

fn ruleset() -> impl Strategy<Value = Ruleset> {
    (
        any::<bool>(),
        any::<bool>(),
        prop::option::of((2u8..=9, 0u8..8)),
        any::<bool>(),
        0u8..3,
        prop::option::of(1u32..200),
    )
        .prop_map(|(diag, walk, range, immediate, trapped, limit)| {
            let mut r = Ruleset::STANDARD;
            r.king_palace_diagonals = diag;
            r.missile_walk = if walk {
                MissileWalk::NoAbroadPieces
            } else {
                MissileWalk::Always
            };
            r.missile_range = range.map(|(min, extra)| {
                MissileRange::new(min, (min + extra).min(9)).expect("2 <= min <= max <= 9")
            });
            r.return_rule = if immediate {
                ReturnRule::Immediate
            } else {
                ReturnRule::NextTurn
            };
            r.trapped_king = [
                TrappedKing::AttackedAndNoEscape,
                TrappedKing::NoEscape,
                TrappedKing::Off,
            ][trapped as usize];
            r.no_capture_limit = limit.and_then(std::num::NonZeroU32::new);
            r
        })
}

/// Any placement at all: kings anywhere, too many of a kind, pending returns naming anything.
fn setup() -> impl Strategy<Value = Setup> {
    (
        prop::collection::vec((square(), piece()), 0..40),
        any::<bool>(),
        prop::option::of((square(), square())),
        prop::option::of((square(), square())),
        any::<u32>(),
        any::<u32>(),
    )
        .prop_map(
            |(pieces, green, red_pending, green_pending, plies, number)| {
                let mut s = Setup::empty();
                for (sq, p) in pieces {
                    s.set(sq, Some(p));
                }
                s.turn = if green { Side::Green } else { Side::Red };
                s.pending = [red_pending, green_pending]
                    .map(|p| p.map(|(striker, origin)| PendingReturn { striker, origin }));
                s.plies_since_capture = plies;
                s.move_number = number;
                s
            },
        )
}

/// Make a random setup valid by following the error's own account of it: remove each piece it
/// names, clear each pending return it names, add missing kings, trim kinds over R-7's count.
/// Exercises `PositionError::violations` and yields mostly valid, irregular positions.
fn repair(mut setup: Setup, rules: Ruleset) -> Option<Position> {
    for _ in 0..6 {
        let err = match Position::from_setup_with(setup.clone(), rules) {
            Ok(pos) => return Some(pos),
            Err(err) => err,
        };
        assert!(!err.violations.is_empty(), "an error with no violation");
        for v in &err.violations {
            let s = v.side.index();
            match (v.rule, v.point) {
                (r, _)
                    if r == PositionErrorKinds::BAD_STRIKER
                        || r == PositionErrorKinds::BAD_ORIGIN =>
                {
                    setup.pending[s] = None;
                }
                (_, Some(p)) => setup.set(p, None),
                (r, None) if r == PositionErrorKinds::MISSING_KING => {
                    let free = gjjq_core::terrain::PALACE[s]
                        .iter()
                        .find(|&p| setup.piece_at(p).is_none());
                    match free {
                        Some(p) => setup.set(p, Some(Piece::new(v.side, PieceKind::King))),
                        None => setup.set(
                            gjjq_core::terrain::PALACE[s].first()?,
                            Some(Piece::new(v.side, PieceKind::King)),
                        ),
                    }
                }
                (_, None) => {
                    let kind = v.kind?;
                    let mut seen = 0;
                    for p in Square::all() {
                        if setup.piece_at(p) == Some(Piece::new(v.side, kind)) {
                            seen += 1;
                            if seen > kind.count_per_side() {
                                setup.set(p, None);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

fn drive(pos: &Position, pairs: &[(Square, Square)]) {
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len());
    let _ = (
        pos.legal_captures(),
        pos.outcome(),
        pos.is_check(),
        pos.checkers(),
    );
    let _ = (pos.to_string(), pos.diagram(), pos.zobrist_hash());
    for &(from, to) in pairs {
        let m = Move::new(from, to);
        let legal = pos.is_legal(m);
        assert_eq!(legal, moves.contains(&m), "{m} in {pos}");
        assert_eq!(pos.find_move(from, to).is_some(), legal);
        let _ = pos.classify(m);
        let _ = pos.legal_moves_from(from);
        assert_eq!(pos.clone().play(m).is_ok(), legal);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn no_panic_through_the_public_api(
        setup in setup(),
        rules in ruleset(),
        pairs in prop::collection::vec((square(), square()), 1..12),
        bits in any::<u128>(),
    ) {
        let _ = Bitboard::from_bits(bits).map(|b| b.iter().count());
        let _ = Bitboard::from_bits_truncate(bits).count();
        let _ = setup.to_string().parse::<Setup>();
        let Some(pos) = repair(setup, rules) else {
            return Ok(());
        };
        drive(&pos, &pairs);
        // Garbage in: illegal moves forced in; whatever they leave is still driven without panic.
        let mut garbage = pos.clone();
        for &(from, to) in &pairs {
            garbage.play_unchecked(Move::new(from, to));
            let _ = (garbage.legal_moves(), garbage.outcome(), garbage.is_check());
            let _ = (garbage.to_string(), garbage.checkers(), garbage.legal_captures());
            for &(f, t) in &pairs {
                let _ = (garbage.is_legal(Move::new(f, t)), garbage.classify(Move::new(f, t)));
            }
        }
        // A game refuses what is illegal and takes back what it played.
        let mut game = Game::new(pos);
        for &(from, to) in &pairs {
            let _ = game.play(Move::new(from, to));
        }
        while game.undo().is_some() {}
        prop_assert!(game.moves().is_empty());
    }
}
