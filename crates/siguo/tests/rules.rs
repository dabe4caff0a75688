//! The rare rules of section 9, each on a small hand-made position.

use siguo::{
    Action, DrawReason, Kind, Outcome, Piece, Point, Position, Rules, Seat, Setup, Team, WinReason,
    perft,
};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// A setup from `("rS", "g4")` pairs; seats in play from a string like `rgby`.
fn setup(pieces: &[(&str, &str)], turn: char, in_play: &str) -> Setup {
    let mut s = Setup::empty();
    for (pc, at) in pieces {
        let mut c = pc.chars();
        let seat = Seat::from_letter(c.next().unwrap()).unwrap();
        let kind = Kind::from_letter(c.next().unwrap()).unwrap();
        s.put(pt(at), Some(Piece::new(seat, kind)));
    }
    s.turn = Seat::from_letter(turn).unwrap();
    s.in_play = Seat::ALL.map(|x| in_play.contains(x.letter()));
    s
}

/// One flag per seat on one of its own headquarters.
const FLAGS: [(&str, &str); 4] = [("rF", "h1"), ("gF", "q10"), ("bF", "j17"), ("yF", "a8")];

fn with_flags(extra: &[(&str, &str)]) -> Vec<(&'static str, &'static str)> {
    let mut v: Vec<(&str, &str)> = FLAGS.to_vec();
    for &(a, b) in extra {
        v.push((
            Box::leak(a.to_string().into_boxed_str()),
            Box::leak(b.to_string().into_boxed_str()),
        ));
    }
    v
}

fn rules(json: &str) -> Rules {
    Rules::from_json(json).unwrap()
}

fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_actions()
        .iter()
        .map(ToString::to_string)
        .collect();
    v.sort();
    v
}

#[test]
fn l48_allies_are_never_attacked_nor_entered_and_block() {
    // Red division on g4, Blue (ally) piece on g6: the run north stops at g5; west round
    // the arc is blocked too (g6 is on it).
    let s = setup(&with_flags(&[("rD", "g4"), ("bP", "g6")]), 'r', "rgby");
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    let got: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("g4"))
        .collect();
    assert_eq!(got, ["g4g2", "g4g3", "g4g5", "g4h3", "g4h4", "g4h5"]);
    // An enemy (Yellow) there instead is attacked and stops the run.
    let s = setup(&with_flags(&[("rD", "g4"), ("yP", "g6")]), 'r', "rgby");
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    let got: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("g4"))
        .collect();
    assert_eq!(
        got,
        ["g4g2", "g4g3", "g4g5", "g4g6", "g4h3", "g4h4", "g4h5"]
    );
}

#[test]
fn l46_arc_run_is_straight_and_a_turn_is_not() {
    // A Yellow division on f9 (own c6) lies on two lines only, the front row f7–f11 and the
    // middle line f9–l9: 4 + 4 railway destinations, no turn onto any other line.
    let s = setup(&with_flags(&[("yD", "f9")]), 'y', "rgby");
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    let got: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("f9"))
        .collect();
    // Roads: e9 (own c5) and the camps e8 and e10 (own d5 and b5, diagonal to own c6).
    assert_eq!(
        got,
        [
            "f9e10", "f9e8", "f9e9", "f9f10", "f9f11", "f9f7", "f9f8", "f9g9", "f9i9", "f9k9",
            "f9l9"
        ]
    );
    // On f7 (own e6) it runs round the corner arc f7–g6 on to g2 (L-44), but turns neither at
    // g6 onto row 6 (h6) nor onto file g north (g9), nor at g7 onto file g.
    let s = setup(&with_flags(&[("yD", "f7")]), 'y', "rgby");
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    let got: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("f7"))
        .map(|m| m[2..].to_string())
        .collect();
    let mut want = [
        "g6", "g5", "g4", "g3", "g2", // round the arc
        "e7", "d7", "c7", "b7", // row 7 west
        "g7", "i7", "k7", "l7", "m7", "n7", "o7", "p7", // row 7 east, across the 九宮
        "f8", "f9", "f10", "f11", // the front row
        "e8",  // the road to the camp
    ];
    want.sort_unstable();
    assert_eq!(got, want);
}

#[test]
fn l10_camps_protect_against_enemies() {
    // Red division on i6: an enemy in the camp j5 is not attacked; one on h6 is.
    let s = setup(
        &with_flags(&[("rD", "i6"), ("gP", "j5"), ("gE", "h6")]),
        'r',
        "rgby",
    );
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    let got: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("i6"))
        .collect();
    assert!(!got.contains(&"i6j5".to_string()));
    assert!(got.contains(&"i6h6".to_string()));
    assert!(got.contains(&"i6h5".to_string()));
}

#[test]
fn l52_flag_capture_puts_the_seat_out_and_removes_its_pieces() {
    // Red's general on p10 (Green's own d2) takes Green's flag on q10 (own d1).
    let s = setup(
        &with_flags(&[("rJ", "p10"), ("gS", "m7"), ("yS", "b9"), ("bS", "i14")]),
        'r',
        "rgby",
    );
    let pos = Position::from_setup(s.clone(), Rules::STANDARD).unwrap();
    let mut p = pos.clone();
    p.play(Action::Move(siguo::Move {
        from: pt("p10"),
        to: pt("q10"),
    }))
    .unwrap();
    assert!(!p.in_play(Seat::Green));
    assert_eq!(
        p.piece_at(pt("m7")),
        None,
        "Green's pieces leave at once (removed)"
    );
    assert_eq!(
        p.piece_at(pt("q10")),
        Some(Piece::new(Seat::Red, Kind::General))
    );
    assert_eq!(p.turn(), Seat::Blue, "Green is skipped");
    assert_eq!(p.outcome(), None, "Yellow plays on");
    // Under frozen the pieces stay, block, and are never attacked.
    let frozen = rules(r#"{"out_pieces":"frozen"}"#);
    let mut p = Position::from_setup(s, frozen).unwrap();
    p.play(Action::Move(siguo::Move {
        from: pt("p10"),
        to: pt("q10"),
    }))
    .unwrap();
    assert_eq!(
        p.piece_at(pt("m7")),
        Some(Piece::new(Seat::Green, Kind::Marshal))
    );
    let text = p.to_string();
    assert!(text.contains(" b rby "), "{text}");
    let again = Position::from_text(&text, frozen).unwrap();
    assert_eq!(again, Position::from_text(&text, frozen).unwrap());
    // Under removed, the same string (Green out with pieces) is invalid.
    assert!(Position::from_text(&text, Rules::STANDARD).is_err());
}

#[test]
fn l53_team_out_wins_and_l57_settles_text() {
    // Green and Yellow out: read from text, red-blue has won (team-out).
    let s = setup(&[("rF", "h1"), ("bF", "j17"), ("rS", "i4")], 'r', "rb");
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            team: Team::RedBlue,
            reason: WinReason::TeamOut
        })
    );
    assert!(pos.legal_actions().is_empty());
    assert_eq!(pos.outcome().unwrap().to_string(), "red-blue team-out");
}

#[test]
fn l57_seat_without_moves_goes_out_when_read() {
    // Red to move has only its flag and a landmine: out (no-move); Green to move.
    let s = setup(
        &with_flags(&[("rL", "g1"), ("gS", "m9"), ("yS", "b9"), ("bS", "i14")]),
        'r',
        "rgby",
    );
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    assert!(!pos.in_play(Seat::Red));
    assert_eq!(pos.turn(), Seat::Green);
    assert_eq!(pos.outcome(), None);
    assert!(pos.piece_at(pt("h1")).is_none(), "Red's pieces removed");
    // With a pass left, Red must pass instead: one action.
    let s = setup(
        &with_flags(&[("rL", "g1"), ("gS", "m9"), ("yS", "b9"), ("bS", "i14")]),
        'r',
        "rgby",
    );
    let pos = Position::from_setup(s, rules(r#"{"pass_limit":1}"#)).unwrap();
    assert_eq!(moves(&pos), ["pass"]);
    assert_eq!(perft(&pos, 1), 1);
    let mut p = pos.clone();
    p.play(Action::Pass).unwrap();
    assert_eq!(p.passes_used(Seat::Red), 1);
    assert!(p.to_string().ends_with(" g rgby 1 1 1000"), "{p}");
}

#[test]
fn l53_last_enemy_without_moves_loses_no_move() {
    // Yellow out; Green has only its flag and a landmine: after Red moves, Green is to move
    // with nothing to do: out, and red-blue wins by no-move.
    let s = setup(
        &[
            ("rF", "h1"),
            ("bF", "j17"),
            ("gF", "q10"),
            ("gL", "q9"),
            ("rS", "i4"),
        ],
        'r',
        "rgb",
    );
    let mut pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    pos.play(pos.find_action("i4i5").unwrap()).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            team: Team::RedBlue,
            reason: WinReason::NoMove
        })
    );
    assert!(
        pos.in_play(pos.turn()),
        "the seat to move of a decided position is in play"
    );
}

#[test]
fn l56_no_combat_limit_and_l53_no_movable_pieces() {
    let s = setup(&with_flags(&[("rS", "i4"), ("gS", "m9")]), 'r', "rgby");
    let mut s2 = s.clone();
    s2.plies_since_attack = 70;
    let pos = Position::from_setup(s2, Rules::STANDARD).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw(DrawReason::NoCombatLimit))
    );
    let mut s3 = s.clone();
    s3.plies_since_attack = 69;
    let mut pos = Position::from_setup(s3, Rules::STANDARD).unwrap();
    assert_eq!(pos.outcome(), None);
    pos.play(pos.find_action("i4i5").unwrap()).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw(DrawReason::NoCombatLimit))
    );
    // Only flags: nobody can move.
    let s = setup(&FLAGS, 'r', "rgby");
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw(DrawReason::NoMovablePieces))
    );
}

#[test]
fn l50_turn_direction_and_l59_move_number() {
    let s = setup(
        &with_flags(&[("rS", "i4"), ("gS", "m9"), ("bS", "i14"), ("yS", "e9")]),
        'r',
        "rgby",
    );
    let mut ccw = Position::from_setup(s.clone(), Rules::STANDARD).unwrap();
    ccw.play(ccw.find_action("i4i5").unwrap()).unwrap();
    assert_eq!((ccw.turn(), ccw.move_number()), (Seat::Green, 1));
    let mut cw = Position::from_setup(s, rules(r#"{"turn_direction":"cw"}"#)).unwrap();
    cw.play(cw.find_action("i4i5").unwrap()).unwrap();
    assert_eq!((cw.turn(), cw.move_number()), (Seat::Yellow, 1));
    for m in ["e9e10", "i14i13", "m9m10"] {
        cw.play(cw.find_action(m).unwrap()).unwrap();
    }
    assert_eq!((cw.turn(), cw.move_number()), (Seat::Red, 2));
}

#[test]
fn l54_surrender_after() {
    let s = setup(
        &with_flags(&[("rS", "i4"), ("gS", "m9"), ("bS", "i14"), ("yS", "e9")]),
        'r',
        "rgby",
    );
    let mut pos = Position::from_setup(s.clone(), Rules::STANDARD).unwrap();
    assert!(pos.surrender(Seat::Green).is_err(), "20 plies first");
    let mut pos0 = Position::from_setup(s, rules(r#"{"surrender_after":0}"#)).unwrap();
    pos0.surrender(Seat::Green).unwrap();
    assert_eq!(pos0.turn(), Seat::Red, "a seat not to move: the turn stays");
    pos0.surrender(Seat::Yellow).unwrap();
    assert_eq!(
        pos0.outcome(),
        Some(Outcome::Win {
            team: Team::RedBlue,
            reason: WinReason::Resigned
        })
    );
    pos.play(pos.find_action("i4i5").unwrap()).unwrap();
    assert_eq!(pos.turn(), Seat::Green);
}

#[test]
fn l12_after_mines_counts_the_flags_own_seat() {
    // Red general next to Green's flag; Green still has a landmine: no attack on the flag.
    let pieces = with_flags(&[("rJ", "p10"), ("gL", "p9"), ("gS", "m7"), ("yS", "b9")]);
    let s = setup(&pieces, 'r', "rgby");
    let after = rules(r#"{"flag_capture":"after_mines"}"#);
    let pos = Position::from_setup(s.clone(), after).unwrap();
    assert!(!moves(&pos).contains(&"p10q10".to_string()));
    assert!(moves(&pos).contains(&"p10p9".to_string()));
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    assert!(moves(&pos).contains(&"p10q10".to_string()));
}

#[test]
fn l59_position_string_errors_say_where() {
    use siguo::ParsePositionError;
    let bad = "5/5/5/5/5/5/15/12/15/12/15/5/5/5/5/5/rF5 r rgby";
    let e = bad.parse::<Setup>().unwrap_err();
    assert!(
        matches!(e, ParsePositionError::BadRun { column: 40, .. }),
        "{e}"
    );
    let e = "5/5/5/5/5/5/15/12/15/12/15/5/5/5/5/5/rF4 x rgby"
        .parse::<Setup>()
        .unwrap_err();
    assert!(
        matches!(
            e,
            ParsePositionError::RankLength { .. } | ParsePositionError::Field { .. }
        ),
        "{e}"
    );
    let e = "5/5/5/5/5/5/15/12/15/12/15/5/5/5/5/5/1rF3 r rgyb"
        .parse::<Setup>()
        .unwrap_err();
    assert_eq!(e.column(), Some(45), "{e}");
    let e = "5/5/5/5/5/5/69/12/15/12/15/5/5/5/5/5/1rF3 r rgby"
        .parse::<Setup>()
        .unwrap_err();
    assert!(
        matches!(e, ParsePositionError::BadRun { column: 13, .. }),
        "{e}"
    );
    let e = "5/5/5/5/5/5/15/12/15/12/15/5/5/5/5/5/1rX3 r rgby"
        .parse::<Setup>()
        .unwrap_err();
    assert!(
        matches!(e, ParsePositionError::BadKind { column: 40, .. }),
        "{e}"
    );
    let e = "5/5/5/5/5/5/105/12/15/12/15/5/5/5/5/5/rF4 r rgby"
        .parse::<Setup>()
        .unwrap_err();
    assert!(
        matches!(e, ParsePositionError::BadRun { column: 15, .. }),
        "{e}"
    );
    let e = "5/5/5/5/5/5/15/12/15/12/15/5/5/5/5/5/rF4 r rgby 0"
        .parse::<Setup>()
        .unwrap_err();
    assert_eq!(e, ParsePositionError::FieldCount { got: 4 });
}

#[test]
fn l52_bomb_and_flag_both_go() {
    let pieces = with_flags(&[("rZ", "p10"), ("gS", "m7"), ("yS", "b9"), ("bS", "i14")]);
    let mut pos = Position::from_setup(setup(&pieces, 'r', "rgby"), Rules::STANDARD).unwrap();
    // Red's bomb on p10 (Green's own d2) attacks Green's flag on q10 (own d1).
    pos.play(pos.find_action("p10q10").unwrap()).unwrap();
    assert_eq!(pos.piece_at(pt("q10")), None, "bomb and flag both removed");
    assert!(!pos.in_play(Seat::Green));
    assert_eq!(pos.plies_since_attack(), 0);
}

#[test]
fn l56_no_combat_reset_removal() {
    // Red moves; Green, next, has only its flag and goes out (L-57 step 4): its pieces leave.
    let pieces = with_flags(&[("rS", "i4"), ("gL", "q9"), ("yS", "b9"), ("bS", "i14")]);
    let mut s = setup(&pieces, 'r', "rgby");
    s.plies_since_attack = 5;
    let mut attack = Position::from_setup(s.clone(), Rules::STANDARD).unwrap();
    attack.play(attack.find_action("i4i5").unwrap()).unwrap();
    assert!(!attack.in_play(Seat::Green));
    assert_eq!(
        attack.plies_since_attack(),
        6,
        "attack: removal does not reset"
    );
    let removal = rules(r#"{"no_combat_reset":"removal"}"#);
    let mut p = Position::from_setup(s.clone(), removal).unwrap();
    p.play(p.find_action("i4i5").unwrap()).unwrap();
    assert_eq!(
        p.plies_since_attack(),
        0,
        "removal: the pieces leaving reset the count"
    );
    // Under frozen nothing leaves, so nothing resets.
    let frozen = rules(r#"{"no_combat_reset":"removal","out_pieces":"frozen"}"#);
    let mut p = Position::from_setup(s, frozen).unwrap();
    p.play(p.find_action("i4i5").unwrap()).unwrap();
    assert_eq!(p.plies_since_attack(), 6);
}

#[test]
fn l11_mines_per_option_and_engineers() {
    // Red's division attacks Green's landmine on p9 (own c2) from p8 (own b2).
    let pieces = with_flags(&[
        ("rD", "p8"),
        ("rE", "p11"),
        ("gL", "p9"),
        ("gS", "m7"),
        ("yS", "b9"),
        ("bS", "i14"),
    ]);
    let s = setup(&pieces, 'r', "rgby");
    let mut p = Position::from_setup(s.clone(), Rules::STANDARD).unwrap();
    p.play(p.find_action("p8p9").unwrap()).unwrap();
    assert_eq!(
        p.piece_at(pt("p9")),
        Some(Piece::new(Seat::Green, Kind::Landmine))
    );
    assert_eq!(p.piece_at(pt("p8")), None);
    let mut p =
        Position::from_setup(s.clone(), rules(r#"{"mine_outcome":"both_removed"}"#)).unwrap();
    p.play(p.find_action("p8p9").unwrap()).unwrap();
    assert_eq!(p.piece_at(pt("p9")), None);
    // An engineer clears it and stays, whatever the option (p11 → p10 → attack p9).
    let mut p = Position::from_setup(s, rules(r#"{"mine_outcome":"both_removed"}"#)).unwrap();
    p.play(
        p.find_action("工p11xp9")
            .unwrap_or_else(|_| p.find_action("p11p9").unwrap()),
    )
    .unwrap();
    assert_eq!(
        p.piece_at(pt("p9")),
        Some(Piece::new(Seat::Red, Kind::Engineer))
    );
}

#[test]
fn l57_surrender_of_a_seat_not_to_move_can_leave_the_mover_without_moves() {
    // Red to move; its only move is the marshal's attack g1xg2 on a Yellow platoon. Yellow
    // surrenders under `frozen`: the platoon stays and can no longer be attacked, so Red has
    // no move, goes out at step 4, and the turn passes to Green.
    let pieces = [
        ("rF", "h1"),
        ("gF", "q8"),
        ("bF", "j17"),
        ("yF", "a10"),
        ("rS", "g1"),
        ("yP", "g2"),
        ("gS", "m9"),
        ("bS", "i14"),
        ("yS", "b9"),
    ];
    let s = setup(&pieces, 'r', "rgby");
    let frozen = rules(r#"{"surrender_after":0,"out_pieces":"frozen"}"#);
    let mut p = Position::from_setup(s.clone(), frozen).unwrap();
    assert_eq!(moves(&p), ["g1g2"]);
    p.surrender(Seat::Yellow).unwrap();
    assert!(!p.in_play(Seat::Red));
    assert_eq!(p.turn(), Seat::Green);
    assert!(p.outcome().is_none());
    // Under `removed` the platoon leaves, g2 is empty, and Red plays on.
    let mut p = Position::from_setup(s, rules(r#"{"surrender_after":0}"#)).unwrap();
    p.surrender(Seat::Yellow).unwrap();
    assert_eq!(p.turn(), Seat::Red);
    assert_eq!(moves(&p), ["g1g2"]);
}

/// L-59's validity: every violation of a setup is named at once, and rules a position string
/// cannot write (a `pass_limit` above 9, L-55) are refused.
#[test]
fn l59_invalid_setups_name_every_violation() {
    use siguo::{PositionError, Violation};
    let violations = |s: Setup, r: Rules| match Position::from_setup(s, r) {
        Err(PositionError(v)) => v,
        Ok(p) => panic!("valid: {p}"),
    };
    // Red: two marshals and a landmine on its own row 4; Green: its flag off its
    // headquarters; Blue in play without a flag; Yellow out with a piece; Yellow to move;
    // move number 0; Red has used 3 passes of 2.
    let mut s = setup(
        &[
            ("rF", "h1"),
            ("rS", "i3"),
            ("rS", "i5"),
            ("rL", "i4"),
            ("gF", "m9"),
            ("bS", "i14"),
            ("yS", "b9"),
        ],
        'y',
        "rgb",
    );
    s.move_number = 0;
    s.passes_used = Some([3, 0, 0, 0]);
    assert_eq!(
        violations(s, rules(r#"{"pass_limit":2}"#)),
        [
            Violation::MineMisplaced {
                seat: Seat::Red,
                point: pt("i4")
            },
            Violation::FlagMisplaced {
                seat: Seat::Green,
                point: pt("m9")
            },
            Violation::TooMany {
                seat: Seat::Red,
                kind: Kind::Marshal,
                count: 2
            },
            Violation::FlagMissing(Seat::Blue),
            Violation::OutSeatHasPieces(Seat::Yellow),
            Violation::TurnNotInPlay(Seat::Yellow),
            Violation::MoveNumberZero,
            Violation::PassesOverLimit {
                seat: Seat::Red,
                used: 3,
                limit: 2
            },
        ]
    );
    // No seat in play (and no piece); a passes field under pass_limit 0.
    let mut s = setup(&[], 'r', "");
    s.passes_used = Some([0; 4]);
    assert_eq!(
        violations(s, Rules::STANDARD),
        [
            Violation::TurnNotInPlay(Seat::Red),
            Violation::BothTeamsOut,
            Violation::PassesField(0),
        ]
    );
    // A pass_limit the JSON reader refuses is refused here too; 9 is the most.
    let s = setup(&FLAGS, 'r', "rgby");
    let mut r = Rules::STANDARD;
    r.pass_limit = 10;
    assert_eq!(violations(s.clone(), r), [Violation::PassLimit(10)]);
    r.pass_limit = 9;
    assert!(Position::from_setup(s, r).is_ok());
}

/// L-59's counters are read up to u32::MAX; playing on from there keeps them at their largest
/// (as 陸戰棋's do) instead of overflowing.
#[test]
fn l59_counters_at_their_largest_saturate() {
    let text = "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3";
    let off = rules(r#"{"no_combat_limit":0}"#);
    let mut pos = Position::from_text(&format!("{text} r rgby 4294967295 1"), off).unwrap();
    pos.play(pos.find_action("i4i5").unwrap()).unwrap();
    assert!(pos.to_string().ends_with(" g rgby 4294967295 1"), "{pos}");
    assert!(perft(&pos, 3) > 0, "perft plays on without overflow");
    let mut pos =
        Position::from_text(&format!("{text} y rgby 0 4294967295"), Rules::STANDARD).unwrap();
    pos.play(pos.find_action("b9b10").unwrap()).unwrap();
    assert!(pos.to_string().ends_with(" r rgby 1 4294967295"), "{pos}");
}

/// L-54: `surrender_after` counts the plies from the first position: refused through ply 19,
/// allowed from ply 20 (the default).
#[test]
fn l54_surrender_after_counts_plies_from_the_first_position() {
    let text = "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3 r rgby 0 1";
    let shuttle = [
        "i4i5", "m9m10", "i14i13", "b9b10", "i5i4", "m10m9", "i13i14", "b10b9",
    ];
    let mut pos = Position::from_text(text, Rules::STANDARD).unwrap();
    for (ply, m) in shuttle.iter().cycle().take(20).enumerate() {
        assert!(pos.clone().surrender(Seat::Green).is_err(), "ply {ply}");
        pos.play(pos.find_action(m).unwrap()).unwrap();
    }
    pos.surrender(Seat::Green).unwrap();
    assert!(!pos.in_play(Seat::Green));
}

/// L-60: a move text names two different points; `g6g6` (and its record form) is refused when
/// read, at the second point's column, not first accepted as a move and then found illegal.
#[test]
fn l60_a_move_to_its_own_point_is_no_move_text() {
    use siguo::{ActionText, MoveTextError};
    for (text, column) in [("g6g6", 3), ("i9i9", 3), ("q10q10", 4), ("工k6xk6", 5)] {
        match text.parse::<ActionText>() {
            Err(MoveTextError::Syntax { column: c, why, .. }) => {
                assert_eq!(c, column, "{text}");
                assert!(why.contains("same point"), "{text}: {why}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    assert!("g6g7".parse::<ActionText>().is_ok());
}
