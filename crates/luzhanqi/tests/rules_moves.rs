//! Hand-derived move sets for small positions, one test per rule (L-6 … L-12). Each expected
//! set was written from the brief before the code was run.

mod common;

use common::{dests, pos, pos_with, rules, set};
use luzhanqi::{FlagCapture, MiddleCrossing};

// Flags: Red on b1, Blue on b12 unless a test says otherwise.

#[test]
fn l8_straight_run_on_empty_railway() {
    // Marshal on a2: rank 2 east b2…e2; file a north a3…a11; steps a1 (road) and b3 (camp
    // diagonal). a1–a2 is a road: no run south.
    let p = pos("1f3/5/5/5/5/5/5/5/5/5/S4/1F3 r");
    let want = set(&[
        "b2", "c2", "d2", "e2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "a1", "b3",
    ]);
    assert_eq!(dests(&p, "a2"), want);
    assert_eq!(p.legal_moves().len(), 15);
}

#[test]
fn l8_runs_stop_at_the_first_piece_and_attack_only_an_enemy() {
    // Own platoon on a6 stops the file at a5; Blue's company on d2 is attacked and ends the
    // rank run (e2 beyond it is not reached).
    let p = pos("1f3/5/5/5/5/5/P4/5/5/5/S2c1/1F3 r");
    assert_eq!(
        dests(&p, "a2"),
        set(&["a3", "a4", "a5", "b2", "c2", "d2", "a1", "b3"])
    );
}

#[test]
fn l8_no_turning_for_other_pieces() {
    // A brigade on a6: file a both ways, rank 6 east; never round the corner to e-file or
    // rank 2. Steps: a5, a7, b6, b5 (camp diagonal).
    let p = pos("1f3/5/5/5/5/5/B4/5/5/5/5/1F3 r");
    assert_eq!(
        dests(&p, "a6"),
        set(&[
            "a2", "a3", "a4", "a5", "a7", "a8", "a9", "a10", "a11", "b6", "c6", "d6", "e6", "b5"
        ])
    );
}

#[test]
fn l9_engineer_turns_and_stops_at_blockers() {
    // Engineer a2, own piece c2, Blue division e4. Flood: b2; a3…a11; b6 c6 d6 e6; e5 (then
    // e4 attacked); e7…e11; b7 c7 d7; b11 c11 d11. e3, e2, d2 are behind the blockers.
    // Steps: a1, b3.
    let p = pos("1f3/5/5/5/5/5/5/5/4d/5/E1P2/1F3 r");
    let want = set(&[
        "b2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "b6", "c6", "d6", "e6", "e5",
        "e4", "e7", "e8", "e9", "e10", "e11", "b7", "c7", "d7", "b11", "c11", "d11", "a1", "b3",
    ]);
    assert_eq!(dests(&p, "a2"), want);
    assert_eq!(want.len(), 29);
}

#[test]
fn l9_engineer_attacks_next_to_its_origin_and_reach() {
    // Engineer a6 hemmed by Blue pieces on a7, b6 and a5: it attacks all three (each next to
    // its origin along a railway) and steps to b5 (camp). Nothing else.
    let p = pos("1f3/5/5/5/5/p4/Ep3/b4/5/5/5/1F3 r");
    assert_eq!(dests(&p, "a6"), set(&["a7", "b6", "a5", "b5"]));
}

#[test]
fn l3_middle_crossing_railway_or_road() {
    // Engineer c6 between own pieces b6 and d6. Railway crossing: c7, then the whole railway
    // of Blue's half and back down files a and e into Red's.
    let s = "1f3/5/5/5/5/5/1PEP1/5/5/5/5/1F3 r";
    let rail = pos(s);
    let d = dests(&rail, "c6");
    assert!(d.contains(&"c7".to_string()) && d.contains(&"a2".to_string()));
    assert!(d.contains(&"e2".to_string()) && d.contains(&"c11".to_string()));
    // 32 railway points minus c6 itself and own b6, d6 = 29; plus the steps c5, b5, d5.
    assert_eq!(d.len(), 32);
    // Road crossing: one step to c7 and the other steps only.
    let road = pos_with(s, rules(|r| r.middle_crossing = MiddleCrossing::Road));
    assert_eq!(dests(&road, "c6"), set(&["c7", "c5", "b5", "d5"]));
    // A marshal on c6 crosses by one segment either way (c7 ends the crossing line).
    let p = pos("1f3/5/5/5/5/5/1PSP1/5/5/5/5/1F3 r");
    assert_eq!(dests(&p, "c6"), set(&["c7", "c5", "b5", "d5"]));
    // b6–b7 and d6–d7 are not joined (the mountains).
    let p = pos("1f3/5/5/5/5/5/1S3/5/5/5/5/1F3 r");
    assert!(!dests(&p, "b6").contains(&"b7".to_string()));
}

#[test]
fn l10_camp_protects_and_is_left_by_one_step() {
    // Marshal c5 next to a Blue division in camp c4: no attack on it.
    let p = pos("1f3/5/5/5/5/5/5/2S2/2d2/5/5/1F3 r");
    assert_eq!(dests(&p, "c5"), set(&["b5", "d5", "c6"]));
    // A piece in camp c4 steps to its eight neighbours only.
    let p = pos("1f3/5/5/5/5/5/5/5/2S2/5/5/1F3 r");
    assert_eq!(
        dests(&p, "c4"),
        set(&["c3", "c5", "b4", "d4", "b3", "d3", "b5", "d5"])
    );
    // The camp's own piece attacks out of it: Blue's piece in c5 is not in a camp.
    let p = pos("1f3/5/5/5/5/5/5/2d2/2S2/5/5/1F3 r");
    assert!(dests(&p, "c4").contains(&"c5".to_string()));
}

#[test]
fn l10_headquarters_lock() {
    // General on d1 (Red's other headquarters): never moves under hq_lock.
    let s = "1f3/5/5/5/5/5/5/5/5/5/5/1F1J1 r";
    let p = pos(s);
    assert!(dests(&p, "d1").is_empty());
    let unlocked = pos_with(s, rules(|r| r.hq_lock = false));
    assert_eq!(dests(&unlocked, "d1"), set(&["c1", "e1", "d2"]));
    // Pieces may enter a headquarters, either side's, moving or attacking.
    let p = pos("1f1s1/3J1/5/5/5/5/5/5/5/5/5/1F3 r");
    assert!(dests(&p, "d11").contains(&"d12".to_string()));
    let p = pos("1f3/5/5/5/5/5/5/5/5/5/3S1/1F3 r");
    assert!(dests(&p, "d2").contains(&"d1".to_string()));
}

#[test]
fn l6_landmines_and_flags_never_move() {
    let p = pos("1f3/5/5/5/5/5/5/5/5/5/L4/1F3 r");
    assert!(dests(&p, "a2").is_empty());
    assert!(dests(&p, "b1").is_empty());
    // Red has no movable piece, Blue has none either: drawn, no moves.
    assert!(p.legal_moves().is_empty());
}

#[test]
fn l12_flag_capture_after_mines() {
    // Red marshal b11 next to Blue's flag b12; a Blue landmine on a12, Red's general on a11.
    let s = "lf3/JS3/5/5/5/5/5/5/5/5/5/1F3 r";
    let any = pos(s);
    assert!(dests(&any, "b11").contains(&"b12".to_string()));
    let after = rules(|r| r.flag_capture = FlagCapture::AfterMines);
    let p = pos_with(s, after);
    assert!(!dests(&p, "b11").contains(&"b12".to_string()));
    assert!(dests(&p, "a11").contains(&"a12".to_string())); // the mine may be attacked
    // Without Blue landmines the flag may be taken.
    let p = pos_with("1f3/1S3/5/5/5/5/5/5/5/5/5/1F3 r", after);
    assert!(dests(&p, "b11").contains(&"b12".to_string()));
}

#[test]
fn is_legal_refuses_the_opponents_pieces_and_nonsense() {
    let p = pos("1f3/5/5/5/5/5/5/5/5/5/S4/1F3 r");
    assert!(p.is_legal("a2a3".parse().unwrap()));
    assert!(!p.is_legal("a2b1".parse().unwrap())); // own flag
    assert!(!p.is_legal("a3a4".parse().unwrap())); // empty origin
    let b = pos("1f3/3s1/5/5/5/5/5/5/5/5/S4/1F3 r");
    assert!(!b.is_legal("d11d10".parse().unwrap())); // Blue's piece, Red to move
}
