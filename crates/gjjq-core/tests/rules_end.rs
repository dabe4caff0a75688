//! End of the game (R-21 … R-25) and every ruleset option, with hand-built positions.
//! Coordinates in comments are (x, y) of R-2; labels are R-3.

mod common;

use common::{Described, assert_moves, find, pos, pos_with};
use gjjq_core::{
    Game, Outcome, PieceKind, Ruleset, Side,
    outcome::EndReason,
    ruleset::{MissileRange, MissileWalk, ReturnRule, TrappedKing},
};

fn rules_trapped(t: TrappedKing) -> Ruleset {
    {
        let mut r = Ruleset::STANDARD;
        r.trapped_king = t;
        r
    }
}

fn win(side: Side, reason: EndReason) -> Option<Outcome> {
    Some(Outcome::new(Some(side), reason).expect("a win reason"))
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::new(None, reason).expect("a draw reason"))
}

// ----------------------------------------------------------------

/// R-21 via R-18: the Red king takes the Green king along file 5; Red wins at once.
#[test]
fn r21_king_captured_by_facing_king() {
    let p = pos("4k4/9/8i/9/9/9/I8/9/9/4K4 r -");
    let after = p.clone().play(find(&p, "5E5e").mv()).unwrap();
    assert_eq!(after.outcome(), win(Side::Red, EndReason::KingCaptured));
    assert!(after.legal_moves().is_empty());
}

/// a missile strike on the king (5D over the own infantry on 5C up file 5 to 5e)
/// ends the game; no return is owed.
#[test]
fn r21_strike_on_king_owes_no_return() {
    let p = pos("4k4/9/9/9/9/9/9/4I4/4M4/3K5 r -");
    let m = find(&p, "5D5e");
    assert!(matches!(
        m,
        Described::ReturningCapture {
            piece: PieceKind::Missile,
            captured: PieceKind::King,
            ..
        }
    ));
    let after = p.play(m.mv()).unwrap();
    assert_eq!(after.pending_return(Side::Red), None);
    assert_eq!(after.outcome(), win(Side::Red, EndReason::KingCaptured));
    assert!(after.legal_moves().is_empty());
}

// ----------------------------------------------------------------

// t1: Green k 5e between its guards on 4e and 6e; Red P on 5c attacks 5e over the empty 5d
// (distance 2) and 5d (distance 1). Green to move. The king's only move, 5d, stays attacked;
// Green cannot capture the Red king on 4E.
const T1: &str = "3gkg3/9/4P4/9/9/9/9/9/9/3K5 g -";
const T1_MOVES: [&str; 5] = ["5e5d", "4e4d", "4e4c", "6e6d", "6e6c"];

/// R-22 default: t1 is a trapped king, Red wins; the position has no legal moves.
#[test]
fn r22_trapped_king_default() {
    let p = pos(T1);
    assert!(p.is_attacked(p.king(Side::Green).unwrap(), Side::Red));
    assert!(p.is_trapped());
    assert_eq!(p.outcome(), win(Side::Red, EndReason::TrappedKing));
    assert!(p.legal_moves().is_empty());
}

/// R-22 option `off`: t1 plays on; Green's moves are the king's 5d and the guards' slides.
/// `no_escape`: 5d next to the king is attacked, same result as the default.
#[test]
fn r22_trapped_king_option_off_and_no_escape_on_t1() {
    let off = pos_with(T1, rules_trapped(TrappedKing::Off));
    assert_eq!(off.outcome(), None);
    assert_moves(&off, &T1_MOVES);
    let ne = pos_with(T1, rules_trapped(TrappedKing::NoEscape));
    assert_eq!(ne.outcome(), win(Side::Red, EndReason::TrappedKing));
    assert!(ne.legal_moves().is_empty());
}

/// t2 has the aircraft on 5a: it attacks 5d (distance 3) but not the king on 5e
/// (distance 4). Default and `off`: play on. `no_escape`: 5d next to the king is attacked and
/// the only king move, 5d, is attacked: Red wins.
#[test]
fn r22_no_escape_option_changes_result() {
    let t2 = "3gkg3/9/9/9/4P4/9/9/9/9/3K5 g -";
    let d = pos(t2);
    assert!(!d.is_attacked(d.king(Side::Green).unwrap(), Side::Red));
    assert_eq!(d.outcome(), None);
    assert_moves(&d, &T1_MOVES);
    let off = pos_with(t2, rules_trapped(TrappedKing::Off));
    assert_eq!(off.outcome(), None);
    assert_moves(&off, &T1_MOVES);
    let ne = pos_with(t2, rules_trapped(TrappedKing::NoEscape));
    assert_eq!(ne.outcome(), win(Side::Red, EndReason::TrappedKing));
    assert!(ne.legal_moves().is_empty());
}

/// R-22 condition 3: t1 plus a Green infantry on 4D (inside Red's palace) that can capture the
/// Red king on 4E: not trapped. Moves: t1's five, and 4D to 4E (the king), 4C, 3D, 5D.
#[test]
fn r22_capture_of_enemy_king_prevents_trap() {
    let p = pos("3gkg3/9/4P4/9/9/9/9/9/3i5/3K5 g -");
    assert!(!p.is_trapped());
    assert_eq!(p.outcome(), None);
    let mut want = T1_MOVES.to_vec();
    want.extend(["4D4E", "4D4C", "4D3D", "4D5D"]);
    assert_moves(&p, &want);
}

/// Order of adjudication: trapped king before insufficient material. Green k 5e, g 4e, g 5d;
/// Red K 4E alone (1 piece, so R-18 applies). Default: the Green king (file 5) is not
/// attacked, only kings and guards: draw. `no_escape`: 6e next to the king is attacked by the
/// Red king along file 4E–6e (empty), the king's only move is 6e, still attacked, and Green
/// cannot capture the Red king: trapped, and that comes first.
#[test]
fn order_trapped_before_insufficient_material() {
    let t4 = "4kg3/4g4/9/9/9/9/9/9/9/3K5 g -";
    assert_eq!(pos(t4).outcome(), draw(EndReason::InsufficientMaterial));
    assert_eq!(
        pos_with(t4, rules_trapped(TrappedKing::Off)).outcome(),
        draw(EndReason::InsufficientMaterial)
    );
    let ne = pos_with(t4, rules_trapped(TrappedKing::NoEscape));
    assert_eq!(ne.outcome(), win(Side::Red, EndReason::TrappedKing));
}

// ---------------------------------------------------------------- R-23, missile_walk

// Red K 4E boxed by its missiles on 5E and 4D; Green k 4e and an infantry on 9e (an
// abroad-capable piece). No enemy lies beyond any screen, so no strike.
const WALK: &str = "i4k3/9/9/9/9/9/9/9/3M5/3KM4 r -";

/// `missile_walk = always`: the missiles walk. 5E: 5D 5C 5B (5A sea), 6E 7E 8E 9E, 6D 7C (8B
/// sea). 4D: 4C 4B, 3D 2D, 5D 6D 7D 8D, 5C 6B, 3C, 3E.
/// `no_abroad_pieces`: Green's infantry forbids quiet missile moves; Red has no legal move:
/// R-23, Green wins.
#[test]
fn r23_no_move_and_missile_walk_option() {
    let p = pos(WALK);
    assert_moves(
        &p,
        &[
            "5E5D", "5E5C", "5E5B", "5E6E", "5E7E", "5E8E", "5E9E", "5E6D", "5E7C", "4D4C", "4D4B",
            "4D3D", "4D2D", "4D5D", "4D6D", "4D7D", "4D8D", "4D5C", "4D6B", "4D3C", "4D3E",
        ],
    );
    assert_eq!(p.outcome(), None);
    let rules = {
        let mut r = Ruleset::STANDARD;
        r.missile_walk = MissileWalk::NoAbroadPieces;
        r
    };
    let q = pos_with(WALK, rules);
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.outcome(), win(Side::Green, EndReason::NoMove));
}

/// `missile_walk = no_abroad_pieces` on the rules.md missile example: the missile loses its
/// quiet moves, keeps both strikes (5a, 8A).
#[test]
fn missile_walk_keeps_strikes() {
    let rules = {
        let mut r = Ruleset::STANDARD;
        r.missile_walk = MissileWalk::NoAbroadPieces;
        r
    };
    let p = pos_with("5k3/9/9/9/4i3i/7f1/9/4AG3/4M1p2/5K3 r -", rules);
    assert_moves(
        &p,
        &[
            "5D5a", "5D8A", "5C5B", "5C5A", "5C4C", "5C3C", "5C6B", "5C7A", "5C4B", "5C3A", "5C6D",
            "5C7E", "5C4D", "5C3E", "6C6D", "6E6D", "6E5E",
        ],
    );
}

// ---------------------------------------------------------------- missile_range

/// `missile_range = 2..=4`: M 3E with its infantry 3D as screen; Green I 3C (distance 2),
/// P 3A (4), D 7a (5) can all be struck by default; with the range 7a is out.
/// Quiet: 2E 1E, 4D 5C 6B, 2D. I 3D: captures 3C, 2D, 4D. K: 5E 4D.
#[test]
fn missile_range_limits_strike_distance() {
    let s = "5k3/9/9/9/2d6/2p6/9/2i6/2I6/2MK5 r -";
    let base = [
        "3E2E", "3E1E", "3E4D", "3E5C", "3E6B", "3E2D", "3E3C", "3E3A", "3D3C", "3D2D", "3D4D",
        "4E5E", "4E4D",
    ];
    let mut all = base.to_vec();
    all.push("3E7a");
    assert_moves(&pos(s), &all);
    let rules = {
        let mut r = Ruleset::STANDARD;
        r.missile_range = Some(MissileRange::new(2, 4).unwrap());
        r
    };
    assert_moves(&pos_with(s, rules), &base);
}

// ---------------------------------------------------------------- king_palace_diagonals

/// R-9 option: from the centre 5D the king also reaches the four corners; from the corner 4E
/// it also reaches 5D. Red I 1B: 1A 1C 2B.
#[test]
fn king_palace_diagonals_option() {
    let diag = {
        let mut r = Ruleset::STANDARD;
        r.king_palace_diagonals = true;
        r
    };
    let centre = "5k3/9/9/9/9/9/I8/9/4K4/9 r -";
    let inf = ["1B1A", "1B1C", "1B2B"];
    let mut want = vec!["5D5C", "5D5E", "5D4D", "5D6D"];
    want.extend(inf);
    assert_moves(&pos(centre), &want);
    want.extend(["5D4C", "5D6C", "5D4E", "5D6E"]);
    assert_moves(&pos_with(centre, diag), &want);

    let corner = "5k3/9/9/9/9/9/I8/9/9/3K5 r -";
    let mut want = vec!["4E5E", "4E4D"];
    want.extend(inf);
    assert_moves(&pos(corner), &want);
    want.push("4E5D");
    assert_moves(&pos_with(corner, diag), &want);
}

// ---------------------------------------------------------------- return_rule

/// R-19 option `return_rule`: after 3E7d and a Green king move, `next_turn` leaves Red only
/// the return; `immediate` leaves the missile on 3E and Red plays on (7d is gone: 7a and 8E
/// can still be struck).
#[test]
fn return_rule_changes_next_turn() {
    let s = "5k3/2d6/9/9/2p4d1/6i2/2I6/9/2i6/2MK3p1 r -";
    let mut next = pos(s);
    next.play_unchecked(find(&next, "3E7d").mv());
    next.play_unchecked(find(&next, "4e5e").mv());
    assert_moves(&next, &["7d3E"]);

    let rules = {
        let mut r = Ruleset::STANDARD;
        r.return_rule = ReturnRule::Immediate;
        r
    };
    let mut imm = pos_with(s, rules);
    imm.play_unchecked(find(&imm, "3E7d").mv());
    imm.play_unchecked(find(&imm, "4e5e").mv());
    assert_moves(
        &imm,
        &[
            "3E2E", "3E1E", "3E4D", "3E5C", "3E6B", "3E2D", "3E7a", "3E8E", "3B3A", "3B3C", "3B2B",
            "3B4B", "4E5E", "4E4D",
        ],
    );
}

// ----------------------------------------------------------------

/// only kings, guards and an army: draw, no legal moves.
#[test]
fn r24_insufficient_material() {
    let p = pos("4gk3/9/9/9/9/9/9/9/2A6/3KG4 r -");
    assert_eq!(p.outcome(), draw(EndReason::InsufficientMaterial));
    assert!(p.legal_moves().is_empty());
}

/// R-24 repetition with the pending return in the position's identity.
/// Start: Red K 4E, M 5B, I 5C; Green I 5D, k 4e. Red strikes 5B5D (screen 5C) and the game
/// goes round: the placement Q (M 5D, I 5C, K 4E, k 4e, Green to move) occurs after ply 1 with
/// the pending return r5D5B and after plies 9 and 13 without it. So after ply 13 Q counts 2,
/// not 3. The position after ply 7 (M 4D, k 5e, Green to move) recurs at plies 11 and 15: the
/// third occurrence is a draw.
#[test]
fn r24_repetition_and_pending_identity() {
    let start = pos("5k3/9/9/9/9/9/4M4/4I4/4i4/3K5 r -");
    let mut game = Game::new(start);
    let plies = [
        "5B5D", "4e5e", "5D5B", "5e4e", "5B4C", "4e5e", "4C4D", "5e4e", "4D5D", "4e5e", "5D4D",
        "5e4e", "4D5D", "4e5e", "5D4D",
    ];
    let mut keys = Vec::new();
    let mut placements = Vec::new();
    for (i, a) in plies.iter().enumerate() {
        assert_eq!(game.outcome(), None, "before ply {}", i + 1);
        let m = find(game.position(), a);
        game.play(m.mv()).unwrap();
        keys.push(game.position().zobrist_hash());
        placements.push(game.position().to_string());
        let n = i + 1;
        match n {
            1 => assert!(game.position().pending_return(Side::Red).is_some()),
            2 => assert_moves(game.position(), &["5D5B"]),
            9 => assert_eq!(game.repetitions(), 1, "Q without pending: first time"),
            13 => {
                assert_eq!(
                    game.repetitions(),
                    2,
                    "the pending occurrence must not count"
                );
                assert_eq!(game.outcome(), None);
            }
            15 => {
                assert_eq!(game.repetitions(), 3);
                assert_eq!(game.outcome(), draw(EndReason::Repetition));
                assert!(game.legal_moves().is_empty());
            }
            _ => assert_eq!(game.outcome(), None, "after ply {n}"),
        }
    }
    let field = |s: &String, i: usize| s.split(' ').nth(i).unwrap().to_string();
    // Ply 1 and ply 9: same placement and side, different pending: different positions.
    assert_eq!(field(&placements[0], 0), field(&placements[8], 0));
    assert_eq!(field(&placements[0], 1), field(&placements[8], 1));
    assert_eq!(field(&placements[0], 2), "r5D5B");
    assert_eq!(field(&placements[8], 2), "-");
    assert_ne!(keys[0], keys[8]);
    // Ply 2 and ply 10 likewise (Red to move).
    assert_eq!(field(&placements[1], 0), field(&placements[9], 0));
    assert_ne!(keys[1], keys[9]);
    assert_eq!(keys[8], keys[12]);
}

// ----------------------------------------------------------------

/// R-25 `no_capture_limit`: counter 9, limit 10. A quiet move reaches the limit: the counter
/// is part of the position, so the position alone is drawn and has no legal moves, and
/// the Game agrees (issue 11 finding 10); without the option play goes on; a capture resets
/// it; a return does not.
#[test]
fn r25_no_capture_limit() {
    let limit = {
        let mut r = Ruleset::STANDARD;
        r.no_capture_limit = std::num::NonZeroU32::new(10);
        r
    };
    let s = "5k3/9/9/9/9/9/I8/9/9/3K5 r - 9 5";
    let mut g = Game::new(pos_with(s, limit));
    assert_eq!(g.outcome(), None);
    g.play(find(g.position(), "4E5E").mv()).unwrap();
    assert_eq!(g.position().plies_since_capture(), 10);
    assert_eq!(g.position().outcome(), draw(EndReason::NoCaptureLimit));
    assert!(g.position().legal_moves().is_empty());
    assert_eq!(g.position().count_legal_moves(), 0);
    assert_eq!(g.outcome(), draw(EndReason::NoCaptureLimit));
    // A position string already past the limit is drawn by itself.
    let past = pos_with("5k3/9/9/9/9/9/I8/9/9/3K5 r - 70 40", limit);
    assert_eq!(past.outcome(), draw(EndReason::NoCaptureLimit));
    assert!(past.legal_moves().is_empty());

    let mut g = Game::new(pos(s));
    g.play(find(g.position(), "4E5E").mv()).unwrap();
    assert_eq!(g.outcome(), None);

    // A capture resets the counter (the R-14 position: the army on 1A takes the division on 2B).
    let mut g = Game::new(pos_with("5k3/9/9/9/9/A8/1d7/I8/9/3K5 r - 9 5", limit));
    g.play(find(g.position(), "1A2B").mv()).unwrap();
    assert_eq!(g.position().plies_since_capture(), 0);
    assert_eq!(g.outcome(), None);

    // A return does not reset it.
    let mut g = Game::new(pos_with("5k3/2M6/8i/9/9/9/I8/9/9/3K5 r r7d3E 9 5", limit));
    g.play(find(g.position(), "7d3E").mv()).unwrap();
    assert_eq!(g.position().plies_since_capture(), 10);
    assert_eq!(g.outcome(), draw(EndReason::NoCaptureLimit));
}

/// R-24 before R-25 (R-25's order), in the one function every game type asks: a position at
/// the no-capture limit reached for the third time is drawn by repetition; the second time,
/// by the limit; a position's own decisive end comes before either draw.
#[test]
fn r24_repetition_is_judged_before_the_no_capture_limit() {
    let limit = {
        let mut r = Ruleset::STANDARD;
        r.no_capture_limit = std::num::NonZeroU32::new(10);
        r
    };
    let at_limit = pos_with("5k3/9/9/9/9/9/I8/9/9/3K5 r - 10 5", limit);
    assert_eq!(
        at_limit.outcome_with_repetitions(1),
        draw(EndReason::NoCaptureLimit)
    );
    assert_eq!(
        at_limit.outcome_with_repetitions(2),
        draw(EndReason::NoCaptureLimit)
    );
    assert_eq!(
        at_limit.outcome_with_repetitions(3),
        draw(EndReason::Repetition)
    );
    assert_eq!(
        at_limit.outcome_with_repetitions(4),
        draw(EndReason::Repetition)
    );
    let open = pos("5k3/9/9/9/9/9/I8/9/9/3K5 r - 10 5");
    assert_eq!(open.outcome_with_repetitions(2), None);
    assert_eq!(
        open.outcome_with_repetitions(3),
        draw(EndReason::Repetition)
    );
    // Only kings and guards: insufficient material comes first (R-25's order).
    let bare = pos("3gk4/9/9/9/9/9/9/9/9/4KG3 r -");
    assert_eq!(
        bare.outcome_with_repetitions(3),
        draw(EndReason::InsufficientMaterial)
    );
}
