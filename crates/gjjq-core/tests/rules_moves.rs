//! Hand-derived legal move sets, one rule at a time (R-9 … R-19).
//!
//! Every expected list below was written from the rules text (docs/rules.md and the rules
//! brief), not from the generator. Coordinates in comments are (x, y) of R-2; labels are R-3.
//! Positions are small, so the seal is off unless a test says otherwise, and each
//! position keeps some piece other than kings, guards and armies (else R-24 ends the game).
//! Default kings: Red on 4E (3,0), whose moves are 4E5E and 4E4D; Green on 4e (5,9).

mod common;

use common::{Described, assert_moves, describe, find, pos, pos_with, sq};
use gjjq_core::{PieceKind, Ruleset, Side, ruleset::ReturnRule, setup::PendingReturn};

// ---------------------------------------------------------------- R-9 king

/// K 5D (4,1), own G 4D, Green I 6D. King: 5C, 5E, capture 6D; 4D is own.
/// Guard 4D: up 4C (4B outside the palace), down 4E, right blocked by the king.
#[test]
fn r9_king_steps_orthogonally_in_palace() {
    let p = pos("5k3/9/9/9/9/9/9/9/3GKi3/9 r -");
    assert_moves(&p, &["5D5C", "5D5E", "5D6D", "4D4C", "4D4E"]);
    assert!(matches!(
        find(&p, "5D6D"),
        Described::Capture {
            piece: PieceKind::King,
            captured: PieceKind::Infantry,
            ..
        }
    ));
}

/// K 6C (5,2), a palace corner. 6B and 7C are outside the palace, so the Green
/// infantry on 6B cannot be captured by the king: only 5C and 6D.
#[test]
fn r9_king_stays_in_palace() {
    let p = pos("5k3/9/9/9/9/9/5i3/5K3/9/9 r -");
    assert_moves(&p, &["6C5C", "6C6D"]);
}

/// R-16 from Green's side in the R-9 position: Green I on 6D is inside Red's palace, so
/// it moves in all four directions (7D leaves the palace), capturing the king on 5D.
#[test]
fn r9_r16_green_side_of_the_king_position() {
    let p = pos("5k3/9/9/9/9/9/9/9/3GKi3/9 g -");
    assert_moves(&p, &["4e5e", "4e4d", "6D6C", "6D6E", "6D5D", "6D7D"]);
}

// ---------------------------------------------------------------- R-10 guard

/// G 4D, K 5E, Green P 6D. Guard: 4C, 4E, 5D, captures 6D over the empty 5D; 3D is
/// outside the palace. King 5E: 5D, 4E, 6E.
#[test]
fn r10_guard_slides_in_palace() {
    let p = pos("5k3/9/9/9/9/9/9/9/3G1p3/4K4 r -");
    assert_moves(
        &p,
        &["4D4C", "4D4E", "4D5D", "4D6D", "5E5D", "5E4E", "5E6E"],
    );
}

/// K 5E, G 6E, G 4C, Green D 4E, Green I 6C.
/// G 6E: 6D, then captures 6C (first piece on the line); the king blocks 5E.
/// G 4C: 4D then captures 4E; 5C then captures 6C; 4B and 3C are outside the palace.
/// K 5E: 5D, captures 4E; 6E is own.
#[test]
fn r10_guard_captures_first_enemy_in_line() {
    let p = pos("5k3/9/9/9/9/9/9/3G1i3/9/3dKG3 r -");
    assert_moves(
        &p,
        &[
            "6E6D", "6E6C", "4C4D", "4C4E", "4C5C", "4C6C", "5E5D", "5E4E",
        ],
    );
}

// ---------------------------------------------------------------- R-11 missile

/// R-11 (the rules.md example, with the Red king on 6E): M 5D, A 5C, G 6C, K 6E; Green P 7D,
/// F 8A, I 5a, I 1a.
/// Missile quiet: left 4D 3D 2D (1D sea); right 6D (7D occupied); down 5E; NW 4C (3B sea);
/// SW 4E; up/NE/SE blocked by own pieces.
/// Strikes: file over the army screen onto 5a across the border; NE diagonal over the guard
/// onto 8A; 1a lies on that diagonal beyond the border (diagonals stay in the own country);
/// the aircraft on 7D is the first piece on its rank, a screen, not a target.
/// Army 5C: 5B 5A, 4C 3C, 6B 7A, 4B 3A, 6D 7E, 4D 3E (5D own M, 6C own G).
/// Guard 6C: 6D (6E own king). King 6E: 6D, 5E.
#[test]
fn r11_missile_quiet_and_strikes_over_screen() {
    let p = pos("5k3/9/9/9/4i3i/7f1/9/4AG3/4M1p2/5K3 r -");
    assert_moves(
        &p,
        &[
            "5D4D", "5D3D", "5D2D", "5D6D", "5D5E", "5D4C", "5D4E", "5D5a", "5D8A", //
            "5C5B", "5C5A", "5C4C", "5C3C", "5C6B", "5C7A", "5C4B", "5C3A", "5C6D", "5C7E", "5C4D",
            "5C3E", //
            "6C6D", "6E6D", "6E5E",
        ],
    );
    for m in ["5D5a", "5D8A"] {
        assert!(
            matches!(
                find(&p, m),
                Described::ReturningCapture {
                    piece: PieceKind::Missile,
                    ..
                }
            ),
            "{m} is a returning capture"
        );
    }
}

/// M 3E, K 4E, Red I 3B; Green I 3D (adjacent screen), P 7a, D 7d, P 8E, I 7A, D 2a.
/// File 3: the Green infantry on 3D is the screen (no unscreened capture of it); beyond it,
/// past the own infantry on 3B, both 7a and 7d can be struck (any distance beyond the screen).
/// Rank E: the own king is the screen, 8E struck beyond it. NE diagonal: 7A is the first piece
/// (screen); 2a beyond it is in Green's country, off the diagonal strike line.
/// Quiet: 2E 1E; 4D 5C 6B (7A sea); 2D (1C sea). Infantry 3B: 3A 3C 2B 4B. King: 5E 4D.
#[test]
fn r11_missile_strikes_beyond_screen_and_other_pieces() {
    let p = pos("5k3/2d6/9/9/2p4d1/6i2/2I6/9/2i6/2MK3p1 r -");
    assert_moves(
        &p,
        &[
            "3E2E", "3E1E", "3E4D", "3E5C", "3E6B", "3E2D", "3E7a", "3E7d", "3E8E", "3B3A", "3B3C",
            "3B2B", "3B4B", "4E5E", "4E4D",
        ],
    );
    let m = find(&p, "3E7d");
    assert_eq!(
        m,
        Described::ReturningCapture {
            piece: PieceKind::Missile,
            from: sq("3E"),
            to: sq("7d"),
            captured: PieceKind::Division
        }
    );
    let after = p.clone().play(m.mv()).unwrap();
    assert_eq!(
        after.to_string(),
        "5k3/2M6/9/9/2p4d1/6i2/2I6/9/2i6/3K3p1 g r7d3E 0 1"
    );
    assert_eq!(
        after.pending_return(Side::Red),
        Some(PendingReturn {
            striker: sq("7d"),
            origin: sq("3E")
        })
    );
    assert_eq!(after.pending_return(Side::Green), None);
    assert_eq!(after.zobrist_hash(), after.compute_hash());
}

// ---------------------------------------------------------------- R-12 fleet

/// R-12 (rules.md example with a Red infantry on 9b instead of the aircraft): F 8a, I 9b;
/// Green I 8b, M 7c, M 5b, A 7d.
/// 7d: paths 1–3 pass the enemy missile on 7c; path 4 (8b 8c 8d) only jumps the infantry:
/// capture, inland, so returning. 9d: every path blocked (8b, or 9b on 9a-9b-9c). 3C coast,
/// 1C sea, 5A sea: quiet. 5b: a missile, never captured.
/// Infantry 9b (abroad): 9c forward, captures 8b sideways, never back. King: 5E 4D.
#[test]
fn r12_fleet_quiet_capture_and_missile_paths() {
    let p = pos("5k3/2a6/2m6/Ii2m4/1F7/9/9/9/9/3K5 r -");
    assert_moves(
        &p,
        &[
            "8a7d", "8a3C", "8a1C", "8a5A", "9b9c", "9b8b", "4E5E", "4E4D",
        ],
    );
    let m = find(&p, "8a7d");
    assert_eq!(
        m,
        Described::ReturningCapture {
            piece: PieceKind::Fleet,
            from: sq("8a"),
            to: sq("7d"),
            captured: PieceKind::Army
        }
    );
    let after = p.clone().play(m.mv()).unwrap();
    assert_eq!(
        after.to_string(),
        "5k3/2F6/2m6/Ii2m4/9/9/9/9/9/3K5 g r7d8a 0 1"
    );
    assert_eq!(
        after.pending_return(Side::Red),
        Some(PendingReturn {
            striker: sq("7d"),
            origin: sq("8a")
        })
    );
    assert!(matches!(
        find(&p, "8a3C"),
        Described::Quiet {
            piece: PieceKind::Fleet,
            ..
        }
    ));
}

/// F 5A; Green G 4c, M 4b, M 5b, I 6D, D 2a; Red I 5B, 6B, 4A; K 4E.
/// 4c: all four paths pass 4b or 5b (enemy missiles): no capture. 6c, 4D: inland, empty:
/// no quiet move. 6D: inland capture over the own infantry on 6B (path 6A 6B 6C): returning.
/// 2a: sea capture, the fleet stays (plain capture). 8B: path 6A 7A 7B is empty. 8a: path
/// 5a 6a 7a. 2B: every path meets 5B or 4A.
/// Infantry: 5B: 5C 4B; 6B: 6A 6C 7B; 4A: 6a (across the border) 4B 3A. King: 5E 4D.
#[test]
fn r12_fleet_sea_capture_stays_inland_capture_returns() {
    let p = pos("5k3/9/5g3/4mm3/7d1/3IF4/4II3/9/5i3/3K5 r -");
    assert_moves(
        &p,
        &[
            "5A6D", "5A2a", "5A8B", "5A8a", "5B5C", "5B4B", "6B6A", "6B6C", "6B7B", "4A6a", "4A4B",
            "4A3A", "4E5E", "4E4D",
        ],
    );
    assert!(matches!(
        find(&p, "5A6D"),
        Described::ReturningCapture {
            piece: PieceKind::Fleet,
            captured: PieceKind::Infantry,
            ..
        }
    ));
    let m = find(&p, "5A2a");
    assert_eq!(
        m,
        Described::Capture {
            piece: PieceKind::Fleet,
            from: sq("5A"),
            to: sq("2a"),
            captured: PieceKind::Division
        }
    );
    let after = p.clone().play(m.mv()).unwrap();
    assert_eq!(
        after.to_string(),
        "5k3/9/5g3/4mm3/7F1/3I5/4II3/9/5i3/3K5 g - 0 1"
    );
    assert_eq!(after.pending_return(Side::Red), None);
}

// ---------------------------------------------------------------- R-13 aircraft

/// R-13 (rules.md example, Red K 4E): P 5A, I 7A; Green I 4a, D 3b, M 5b.
/// N: 5a, then the enemy missile stops it. NE: 4a, 3b (jumping 4a), 2c. E: 6A, 8A over the own
/// infantry. SE 6B 7C 8D; S 5B 5C 5D; SW 4B 3C 2D; W 4A 3A 2A; NW 6a 7b 8c.
/// Infantry 7A: 3a 7B 6A 8A. King 5E 4D.
#[test]
fn r13_aircraft_jumps_but_not_enemy_missile() {
    let p = pos("5k3/9/9/4m1d2/5i3/4P1I2/9/9/9/3K5 r -");
    assert_moves(
        &p,
        &[
            "5A5a", "5A4a", "5A3b", "5A2c", "5A6A", "5A8A", "5A6B", "5A7C", "5A8D", "5A5B", "5A5C",
            "5A5D", "5A4B", "5A3C", "5A2D", "5A4A", "5A3A", "5A2A", "5A6a", "5A7b", "5A8c", "7A3a",
            "7A7B", "7A6A", "7A8A", "4E5E", "4E4D",
        ],
    );
    assert!(matches!(
        find(&p, "5A3b"),
        Described::Capture {
            piece: PieceKind::Aircraft,
            captured: PieceKind::Division,
            ..
        }
    ));
}

/// P 5a; Green M 5b (adjacent: neither captured nor passed), M 3c (stops the NE line
/// after 4b), I 3a (captured, 2a beyond reached), A 7c (captured, 8d beyond reached).
#[test]
fn r13_aircraft_stopped_by_enemy_missiles() {
    let p = pos("5k3/9/2a3m2/4m4/4P1i2/9/9/9/9/3K5 r -");
    assert_moves(
        &p,
        &[
            "5a4b", "5a4a", "5a3a", "5a2a", "5a6A", "5a7B", "5a8C", "5a5A", "5a5B", "5a5C", "5a4A",
            "5a3B", "5a2C", "5a6a", "5a7a", "5a8a", "5a6b", "5a7c", "5a8d", "4E5E", "4E4D",
        ],
    );
}

// ---------------------------------------------------------------- R-14 army

/// R-14 (rules.md example): A 5B, I 6B; Green I 4C, P 5A. Army: captures 5A and 4C; 6A, 4A
/// (the second diagonal step would be abroad); 4B 3B; 5C 5D; 6C 7D; not 3D (4C in the way),
/// not right (own 6B). Infantry 6B: 6A 6C 7B. King 5E 4D.
#[test]
fn r14_army_two_steps_at_home() {
    let p = pos("5k3/9/9/9/9/4p4/4AI3/3i5/9/3K5 r -");
    assert_moves(
        &p,
        &[
            "5B5A", "5B6A", "5B6C", "5B7D", "5B5C", "5B5D", "5B4C", "5B4B", "5B3B", "5B4A", "6B6A",
            "6B6C", "6B7B", "4E5E", "4E4D",
        ],
    );
}

/// A 1A on the front line: never abroad (1a, 2a); E 2A 3A; SE captures the division on
/// 2B (3C behind it unreachable); S 1B (1C own infantry). Infantry 1C: 1B 1D 2C.
#[test]
fn r14_army_never_crosses_the_border() {
    let p = pos("5k3/9/9/9/9/A8/1d7/I8/9/3K5 r -");
    assert_moves(
        &p,
        &[
            "1A2A", "1A3A", "1A2B", "1A1B", "1C1B", "1C1D", "1C2C", "4E5E", "4E4D",
        ],
    );
}

// ---------------------------------------------------------------- R-15 division

/// R-15 (rules.md example): D 5A; Green I 5a, P 4a, I 4b, D 7B. Quiet 6b 7a 3a 3B 4C 6C,
/// capture 7B; 4b: all three paths blocked by 4a / 5a.
#[test]
fn r15_division_paths() {
    let p = pos("5k3/9/9/5i3/4ip3/4D4/6d2/9/9/3K5 r -");
    assert_moves(
        &p,
        &[
            "5A6b", "5A6C", "5A4C", "5A3a", "5A7a", "5A7B", "5A3B", "4E5E", "4E4D",
        ],
    );
}

/// D 3D with own I 3C, I 4D and K 4E around it; Green I 1C.
/// 4B (paths 4D-4C, 3C-4C, 3C-3B), 5C (3C-4C, 4D-4C, 4D-5D) and 5E (3E-4E, 4D-4E, 4D-5D) are
/// all blocked; 2B via 2D-2C, 1C (capture) via 2D-2C, 1E via 3E-2E.
/// I 3C: 3B 2C 4C. I 4D: 4C 5D. K 4E: 5E.
#[test]
fn r15_division_blocked_by_any_piece() {
    let p = pos("5k3/9/9/9/9/9/9/i1I6/2DI5/3K5 r -");
    assert_moves(
        &p,
        &[
            "3D2B", "3D1C", "3D1E", "3C3B", "3C2C", "3C4C", "4D4C", "4D5D", "4E5E",
        ],
    );
    assert!(matches!(find(&p, "3D1C"), Described::Capture { .. }));
}

// ---------------------------------------------------------------- R-16 infantry

/// R-16 (rules.md example): Red I 5B (home), 2b (abroad), 6c (in Green's palace); Green D 4B,
/// P 1b. 5B: 5A 5C 6B, captures 4B. 2b: 2c, 3b, captures 1b; never back to 2a. 6c: 6d 6b 5c 7c.
#[test]
fn r16_infantry_home_abroad_and_enemy_palace() {
    let p = pos("5k3/9/3I5/7Ip/9/9/3dI4/9/9/3K5 r -");
    assert_moves(
        &p,
        &[
            "5B5A", "5B5C", "5B6B", "5B4B", "2b2c", "2b3b", "2b1b", "6c6d", "6c6b", "6c5c", "6c7c",
            "4E5E", "4E4D",
        ],
    );
}

/// R-16 for Green (forward is −y): I 5A abroad: 5B, 4A, 6A, not back to 5a. I 3E on Red's base
/// line: only sideways, 2E and 4E (palace, seal off). I 6b at home: all four, capturing 6a.
/// Green king 4e: 5e 4d.
#[test]
fn r16_green_infantry_directions() {
    let p = pos("5k3/9/9/3i5/3I5/4i4/9/9/4K4/2i6 g -");
    assert_moves(
        &p,
        &[
            "6b6a", "6b6c", "6b7b", "6b5b", "5A5B", "5A4A", "5A6A", "3E2E", "3E4E", "4e5e", "4e4d",
        ],
    );
}

// ---------------------------------------------------------------- R-17 seal

// Red's nine: F 1E, M 2E, M 3E, K 4E, G 5E, G 4D, I 2D, I 3D, I 5b. Green's nine: k 4e, g 4d,
// g 5e, m 3e, p 2e, f 1e, a 3d, d 2d, i 3c (all off Red's lines).
// K 4E: boxed by its guards. G 5E: 5D 5C 6E. G 4D: 4C 5D 6D (3D own). M 2E, M 3E: every
// neighbour own or sea; no enemy beyond any screen. F 1E: 2B via 1D 1C 2C (4D own).
// I 2D: 2C 1D. I 3D: 3C. I 5b (abroad): 6b 4b, and 5c in Green's palace only when unsealed.
const SEALED_BASE: [&str; 12] = [
    "5E5D", "5E5C", "5E6E", "4D4C", "4D5D", "4D6D", "1E2B", "2D2C", "2D1D", "3D3C", "5b6b", "5b4b",
];

/// 9 v 9: no move ends in Green's palace (5b5c refused).
#[test]
fn r17_seal_on_nine_each() {
    let p = pos("4gkmpf/5gad1/6i2/4I4/9/9/9/9/1IIG5/FMMKG4 r -");
    assert_moves(&p, &SEALED_BASE);
}

/// Green down to exactly 8: the seal is off, 5b5c is legal.
#[test]
fn r17_seal_off_at_eight_green() {
    let p = pos("4gkmpf/5gad1/9/4I4/9/9/9/9/1IIG5/FMMKG4 r -");
    let mut want = SEALED_BASE.to_vec();
    want.push("5b5c");
    assert_moves(&p, &want);
}

/// the mover (Red) down to 8 (no fleet on 1E): seal off. Without the fleet, the missile
/// on 2E may walk to 1E.
#[test]
fn r17_seal_off_at_eight_mover() {
    let p = pos("4gkmpf/5gad1/6i2/4I4/9/9/9/9/1IIG5/1MMKG4 r -");
    assert_moves(
        &p,
        &[
            "5E5D", "5E5C", "5E6E", "4D4C", "4D5D", "4D6D", "2E1E", "2D2C", "2D1D", "3D3C", "5b6b",
            "5b4b", "5b5c",
        ],
    );
}

/// captures into the enemy palace are sealed too (Green I on 5c, 9 v 9), and allowed
/// once Green has 8 (no army on 3d).
#[test]
fn r17_seal_covers_captures() {
    let on = pos("4gkmpf/5gad1/4i4/4I4/9/9/9/9/1IIG5/FMMKG4 r -");
    assert_moves(&on, &SEALED_BASE);
    let off = pos("4gkmpf/5g1d1/4i4/4I4/9/9/9/9/1IIG5/FMMKG4 r -");
    let mut want = SEALED_BASE.to_vec();
    want.push("5b5c");
    assert_moves(&off, &want);
    assert!(matches!(
        find(&off, "5b5c"),
        Described::Capture {
            captured: PieceKind::Infantry,
            ..
        }
    ));
}

// ---------------------------------------------------------------- R-18 facing kings

/// K 5E and k 5e on file 5 with nothing between, Red has 2 pieces: 5E5e captures.
/// K also 5D 4E 6E. I 1B: 1A 1C 2B.
#[test]
fn r18_facing_kings_at_five_or_fewer() {
    let p = pos("4k4/9/8i/9/9/9/I8/9/9/4K4 r -");
    assert_moves(
        &p,
        &["5E5D", "5E4E", "5E6E", "5E5e", "1B1A", "1B1C", "1B2B"],
    );
    assert!(matches!(
        find(&p, "5E5e"),
        Described::Capture {
            piece: PieceKind::King,
            captured: PieceKind::King,
            ..
        }
    ));
}

/// a Green infantry on 5a stands between: no facing capture.
#[test]
fn r18_facing_kings_blocked() {
    let p = pos("4k4/9/8i/9/4i4/9/I8/9/9/4K4 r -");
    assert_moves(&p, &["5E5D", "5E4E", "5E6E", "1B1A", "1B1C", "1B2B"]);
}

/// 6 v 6 (K 5E, G 4E, G 6E, M 1E, I 1B, I 9B against k 5e, g 6e, g 4e, i 2c, i 3b,
/// f 1e): no facing capture. G 4E: 4D 4C; G 6E: 6D 6C; K: 5D; M 1E: 2E 3E, 2D 3C 4B (file 1
/// has no enemy beyond 1B); I 1B: 1A 1C 2B; I 9B: 9A 9C 8B.
/// With Green down to 5 (no i 3b), 5E5e is added.
#[test]
fn r18_facing_kings_not_at_six() {
    let base = [
        "5E5D", "4E4D", "4E4C", "6E6D", "6E6C", "1E2E", "1E3E", "1E2D", "1E3C", "1E4B", "1B1A",
        "1B1C", "1B2B", "9B9A", "9B9C", "9B8B",
    ];
    let six = pos("3gkg2f/9/7i1/6i2/9/9/I7I/9/9/M2GKG3 r -");
    assert_moves(&six, &base);
    let five = pos("3gkg2f/9/7i1/9/9/9/I7I/9/9/M2GKG3 r -");
    let mut want = base.to_vec();
    want.push("5E5e");
    assert_moves(&five, &want);
}

// ---------------------------------------------------------------- R-19 returning capture

/// missile striker on 7d, origin 3E empty, king not attacked: the return is the only
/// move. It does not reset the no-capture counter.
#[test]
fn r19_return_is_the_only_move() {
    let p = pos("5k3/2M6/8i/9/9/9/I8/9/9/3K5 r r7d3E");
    assert_moves(&p, &["7d3E"]);
    let m = find(&p, "7d3E");
    assert_eq!(
        m,
        Described::Return {
            piece: PieceKind::Missile,
            from: sq("7d"),
            to: sq("3E")
        }
    );
    let after = p.play(m.mv()).unwrap();
    assert_eq!(after.to_string(), "5k3/9/8i/9/9/9/I8/9/9/2MK5 g - 1 1");
    assert_eq!(after.pending_return(Side::Red), None);
}

/// a fleet striker inland on 7d returns to its sea origin 8a (no path needed).
#[test]
fn r19_fleet_return_only() {
    let p = pos("5k3/2F6/8i/9/9/9/I8/9/9/3K5 r r7d8a");
    assert_moves(&p, &["7d8a"]);
    let after = p.clone().play(find(&p, "7d8a").mv()).unwrap();
    assert_eq!(after.to_string(), "5k3/9/8i/9/1F7/9/I8/9/9/3K5 g - 1 1");
}

/// origin 3E empty but the king on 4E is attacked by the Green infantry on 4D (inside
/// Red's palace it may step onto 4E). Legal: the return, or any legal king move as a forfeit:
/// 4E5E and 4E4D (capturing the infantry). 3E is outside the palace.
#[test]
fn r19_forfeit_when_king_attacked() {
    let p = pos("5k3/2M6/9/9/9/9/9/9/3i5/3K5 r r7d3E");
    assert!(p.is_attacked(sq("4E"), Side::Green));
    assert_moves(&p, &["7d3E", "4E5E", "4E4D"]);
    assert_eq!(
        find(&p, "4E4D"),
        Described::Forfeit {
            from: sq("4E"),
            to: sq("4D"),
            captured: Some(PieceKind::Infantry),
            striker: sq("7d")
        }
    );
    assert_eq!(
        find(&p, "4E5E"),
        Described::Forfeit {
            from: sq("4E"),
            to: sq("5E"),
            captured: None,
            striker: sq("7d")
        }
    );
    assert!(matches!(find(&p, "7d3E"), Described::Return { .. }));
    let a = p.clone().play(find(&p, "4E4D").mv()).unwrap();
    assert_eq!(a.to_string(), "5k3/9/9/9/9/9/9/9/3K5/9 g - 0 1");
    assert_eq!(a.pending_return(Side::Red), None);
    let b = p.clone().play(find(&p, "4E5E").mv()).unwrap();
    assert_eq!(b.to_string(), "5k3/9/9/9/9/9/9/9/3i5/4K4 g - 1 1");
}

/// fleet striker on 5c (origin 6A), king 5D attacked by the Green aircraft on 5A along
/// file 5. Legal: return 5c6A, forfeits 5D5C 5D5E 5D4D 5D6D (no check rule: 5C stays
/// attacked, still legal).
#[test]
fn r19_forfeit_fleet_all_king_moves() {
    let p = pos("5k3/9/4F4/9/9/4p4/9/9/4K4/9 r r5c6A");
    assert_moves(&p, &["5c6A", "5D5C", "5D5E", "5D4D", "5D6D"]);
    let m = find(&p, "5D4D");
    assert!(matches!(m, Described::Forfeit { captured: None, .. }));
    assert!(matches!(m, Described::Forfeit { striker, .. } if striker == sq("5c")));
    let after = p.play(m.mv()).unwrap();
    assert_eq!(after.to_string(), "5k3/9/9/9/9/4p4/9/9/3K5/9 g - 1 1");
}

/// origin 3E occupied by a Green infantry: the striker on 7d is removed and Red plays
/// any move on the board without it. K 5D: 5C 5E 4D 6D. I 1B: 1A 1C 2B. I 7c (abroad): 7d
/// (forward, onto the freed striker point), 8c, 6c.
#[test]
fn r19_removal_when_origin_occupied() {
    let p = pos("5k3/2M6/2I6/9/9/9/I8/9/4K4/2i6 r r7d3E");
    assert_moves(
        &p,
        &[
            "5D5C", "5D5E", "5D4D", "5D6D", "1B1A", "1B1C", "1B2B", "7c7d", "7c8c", "7c6c",
        ],
    );
    for m in p.legal_moves() {
        let m = describe(&p, m);
        assert!(
            matches!(m, Described::AfterRemoval { removed, returning: false, .. } if removed == sq("7d")),
            "{m:?}"
        );
    }
    let m = find(&p, "7c7d");
    assert_eq!(
        m,
        Described::AfterRemoval {
            removed: sq("7d"),
            piece: PieceKind::Infantry,
            from: sq("7c"),
            to: sq("7d"),
            captured: None,
            returning: false
        }
    );
    let after = p.play(m.mv()).unwrap();
    assert_eq!(after.to_string(), "5k3/2I6/9/9/9/9/I8/9/4K4/2i6 g - 1 1");
}

/// R-19 with R-17: Red has 9 pieces counting the striker (M on 8c, origin 2E occupied by a
/// Green infantry), Green 9. After the removal Red has 8: the seal is off, so 5b5c is legal.
/// Board after removal (R-17 base position without M 2E): G 5E 5D 5C 6E; G 4D 4C 5D 6D;
/// M 3E: no quiet move (2E holds the Green infantry, a screen with only the own fleet beyond);
/// F 1E: 2B; I 2D: 2C 1D and captures 2E; I 3D: 3C; I 5b: 6b 4b 5c.
#[test]
fn r19_removal_then_counts_without_striker() {
    let p = pos("4gkmpf/5gad1/1M7/4I4/9/9/9/9/1IIG5/FiMKG4 r r8c2E");
    assert_moves(
        &p,
        &[
            "5E5D", "5E5C", "5E6E", "4D4C", "4D5D", "4D6D", "1E2B", "2D2C", "2D1D", "2D2E", "3D3C",
            "5b6b", "5b4b", "5b5c",
        ],
    );
    assert!(matches!(
        find(&p, "2D2E"),
        Described::AfterRemoval {
            captured: Some(PieceKind::Infantry),
            returning: false,
            ..
        }
    ));
    let after = p.clone().play(find(&p, "5b5c").mv()).unwrap();
    assert_eq!(
        after.to_string(),
        "4gkmpf/5gad1/4I4/9/9/9/9/9/1IIG5/FiMKG4 g - 1 1"
    );
}

/// Green captures the striker (infantry at home steps back onto 7d): the obligation
/// ends; Red then has ordinary moves only.
#[test]
fn r19_opponent_captures_striker() {
    let p = pos("5k3/2M6/2i6/9/9/9/9/9/9/3K5 g r7d3E");
    assert_moves(&p, &["7c7d", "7c7b", "7c8c", "7c6c", "4e5e", "4e4d"]);
    let m = find(&p, "7c7d");
    assert!(matches!(
        m,
        Described::Capture {
            piece: PieceKind::Infantry,
            captured: PieceKind::Missile,
            ..
        }
    ));
    let after = p.play(m.mv()).unwrap();
    assert_eq!(after.to_string(), "5k3/2i6/9/9/9/9/9/9/9/3K5 r - 0 2");
    assert_eq!(after.pending_return(Side::Red), None);
    assert_moves(&after, &["4E5E", "4E4D"]);
}

/// the Green king captures a fleet striker on 5d (origin 4a) inside its palace.
/// Green king 5e: 5d (capture), 4e, 6e.
#[test]
fn r19_king_captures_striker() {
    let p = pos("4k4/4F4/9/9/9/9/9/9/9/3K5 g r5d4a");
    assert_moves(&p, &["5e5d", "5e4e", "5e6e"]);
    let after = p.clone().play(find(&p, "5e5d").mv()).unwrap();
    assert_eq!(after.to_string(), "9/4k4/9/9/9/9/9/9/9/3K5 r - 0 2");
    assert_eq!(after.pending_return(Side::Red), None);
}

/// R-19 option `return_rule = immediate`: the same strikes are legal, but the striker stays on
/// its origin and no return is owed (missile and inland fleet capture).
#[test]
fn r19_immediate_return_rule() {
    let mut rules = Ruleset::STANDARD;
    rules.return_rule = ReturnRule::Immediate;
    let p = pos_with("5k3/2d6/9/9/2p4d1/6i2/2I6/9/2i6/2MK3p1 r -", rules);
    assert_moves(
        &p,
        &[
            "3E2E", "3E1E", "3E4D", "3E5C", "3E6B", "3E2D", "3E7a", "3E7d", "3E8E", "3B3A", "3B3C",
            "3B2B", "3B4B", "4E5E", "4E4D",
        ],
    );
    let m = find(&p, "3E7d");
    assert!(matches!(m, Described::ReturningCapture { .. }));
    let after = p.play(m.mv()).unwrap();
    assert_eq!(
        after.to_string(),
        "5k3/9/9/9/2p4d1/6i2/2I6/9/2i6/2MK3p1 g - 0 1"
    );
    assert_eq!(after.pending_return(Side::Red), None);

    let f = pos_with("5k3/2a6/2m6/Ii2m4/1F7/9/9/9/9/3K5 r -", rules);
    assert_moves(
        &f,
        &[
            "8a7d", "8a3C", "8a1C", "8a5A", "9b9c", "9b8b", "4E5E", "4E4D",
        ],
    );
    let after = f.clone().play(find(&f, "8a7d").mv()).unwrap();
    assert_eq!(after.to_string(), "5k3/9/2m6/Ii2m4/1F7/9/9/9/9/3K5 g - 0 1");
    assert_eq!(after.pending_return(Side::Red), None);
}
