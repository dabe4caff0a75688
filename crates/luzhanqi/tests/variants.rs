//! Rule variants real platforms use (issue 50 item 14, issue 51 item 1), each derived by hand
//! from its source: the `ccgc` preset (L-14, L-15, L-11/L-13), and the 翻棋 app's
//! `forbid_losing_attacks` (L-11), `flag_capture` `engineer` (L-12) and flips that do not
//! reset the no-combat count (L-15, L-32).

mod common;

use common::{pos_with, rules, sq};
use luzhanqi::flip::{FlipAction, FlipPosition, Player};
use luzhanqi::{
    DrawReason, FlagCapture, Game, ModeRules, Move, NoCombatResult, NoMoveResult, Outcome, Piece,
    Ruleset, Side, WinReason,
};

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn blue_wins(reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Decisive {
        winner: Side::Blue,
        reason,
    })
}

fn red_wins(reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Decisive {
        winner: Side::Red,
        reason,
    })
}

// ---- The ccgc preset (issue 51 item 1) ----

#[test]
fn ccgc_preset_values() {
    let c = Ruleset::CCGC;
    assert_eq!(c.no_combat_limit, 31);
    assert_eq!(c.no_combat_result(), NoCombatResult::LossToMover);
    assert_eq!(c.no_move_result(), NoMoveResult::DrawIfBothStuck);
    assert_eq!(c.repetition, None);
    // Movement and combat are the standard ones (the platform's logs agree with ours).
    let mut back = c;
    back.no_combat_limit = 70;
    back = back
        .with_no_combat_result(NoCombatResult::Draw)
        .with_no_move_result(NoMoveResult::Loss);
    assert_eq!(back, Ruleset::STANDARD);
    assert_eq!(Ruleset::parse("ccgc").unwrap(), c);
    assert_eq!(Ruleset::parse(" ccgc\n").unwrap(), c);
    assert_eq!(Ruleset::preset("standard"), Some(Ruleset::STANDARD));
    assert_eq!(Ruleset::preset("CCGC"), None);
    // The JSON form round-trips, and a standard ruleset's is unchanged by the new options.
    assert_eq!(Ruleset::from_json(&c.to_json()).unwrap(), c);
    assert!(!Ruleset::STANDARD.to_json().contains("no_combat_result"));
    assert!(
        c.to_json()
            .contains(r#""no_combat_result":"loss_to_mover""#)
    );
    assert!(
        c.to_json()
            .contains(r#""no_move_result":"draw_if_both_stuck""#)
    );
    let e = Ruleset::parse("{\"no_move_result\": \"stalemate\"}").unwrap_err();
    assert!(e.to_string().starts_with("line 1, column"), "{e}");
}

/// Red's general on the camp c9 beside Blue's company on c10; Blue's platoon on e12 can move.
const QUIET_30: &str = "1f2p/5/2c2/2J2/5/5/5/5/5/5/5/1F3 r 30 16";

#[test]
fn l15_ccgc_the_move_that_completes_31_quiet_plies_loses_for_its_mover() {
    let pos = pos_with(QUIET_30, Ruleset::CCGC);
    // One quiet ply short of 31: the game goes on.
    assert_eq!(pos.plies_since_attack(), 30);
    assert_eq!(pos.outcome(), None);
    // Red's quiet move c9c8 is the 31st quiet ply: Red, the mover, loses.
    let after = pos.clone().play(mv("c9c8")).unwrap();
    assert_eq!(after.plies_since_attack(), 31);
    assert_eq!(after.outcome(), blue_wins(WinReason::NoCombatLimit));
    assert_eq!(after.outcome().unwrap().to_string(), "blue no-combat-limit");
    assert!(after.legal_moves().is_empty());
    // The same move under the standard result at the same limit draws.
    let draw_rules = rules(|r| r.no_combat_limit = 31);
    let d = pos_with(QUIET_30, draw_rules).play(mv("c9c8")).unwrap();
    assert_eq!(
        d.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoCombatLimit
        })
    );
    // An attack as the 31st ply resets the count: no loss.
    let attack = pos.play(mv("c9c10")).unwrap();
    assert_eq!(attack.plies_since_attack(), 0);
    assert_eq!(attack.outcome(), None);
}

#[test]
fn l15_ccgc_exactly_at_the_limit_the_side_not_to_move_has_lost() {
    // Read at 31 with Blue to move: Red made the 31st quiet ply.
    let pos = pos_with("1f2p/5/2c2/5/2J2/5/5/5/5/5/5/1F3 b 31 16", Ruleset::CCGC);
    assert_eq!(pos.outcome(), blue_wins(WinReason::NoCombatLimit));
    // With Red to move, Blue made it.
    let pos = pos_with("1f2p/5/2c2/5/2J2/5/5/5/5/5/5/1F3 r 31 16", Ruleset::CCGC);
    assert_eq!(pos.outcome(), red_wins(WinReason::NoCombatLimit));
    // At 30 nothing yet; in a Game, the 31st quiet ply ends it.
    let mut game = Game::new(pos_with(QUIET_30, Ruleset::CCGC));
    game.play(mv("c9c8")).unwrap();
    assert_eq!(game.outcome(), blue_wins(WinReason::NoCombatLimit));
}

#[test]
fn l16_ccgc_the_limit_is_judged_before_the_side_to_move_is_asked_for_a_move() {
    // Blue's last movable piece already stands on its headquarters d12 (hq_lock): after
    // Red's 31st quiet ply Blue, to move, has no movable piece. The platform stops the game
    // when it receives Red's move: Red loses. L-16's order with the draw result would give
    // Red the win by no-move first.
    let text = "1f1p1/5/5/5/5/5/5/5/5/2C2/5/1F3 r 30 16";
    let ccgc = pos_with(text, Ruleset::CCGC).play(mv("c3c2")).unwrap();
    assert!(ccgc.movable(Side::Blue).is_empty());
    assert_eq!(ccgc.outcome(), blue_wins(WinReason::NoCombatLimit));
    let draw_rules = rules(|r| r.no_combat_limit = 31);
    let standard = pos_with(text, draw_rules).play(mv("c3c2")).unwrap();
    assert_eq!(standard.outcome(), red_wins(WinReason::NoMove));
}

/// Each side's only movable piece in its corner behind its own landmine and flag: both have
/// movable pieces, neither a legal move.
const BOTH_STUCK: &str = "cf3/l4/5/5/5/5/5/5/5/5/L4/CF3 r";

#[test]
fn l14_ccgc_both_sides_stuck_is_a_draw_where_ours_is_a_loss() {
    let standard = pos_with(BOTH_STUCK, Ruleset::STANDARD);
    assert!(!standard.movable(Side::Red).is_empty());
    assert!(!standard.movable(Side::Blue).is_empty());
    assert!(standard.legal_moves().is_empty());
    assert!(standard.clone().swap_turn().legal_moves().is_empty());
    // L-14's default: the side to move without a legal move loses.
    assert_eq!(standard.outcome(), blue_wins(WinReason::NoMove));
    // The specification: both sides unable to move is a draw. The two readings differ here.
    let ccgc = pos_with(BOTH_STUCK, Ruleset::CCGC);
    assert_eq!(
        ccgc.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BothStuck
        })
    );
    assert_eq!(ccgc.outcome().unwrap().to_string(), "draw both-stuck");
}

#[test]
fn l14_ccgc_one_side_stuck_loses_as_in_ours() {
    // Blue's platoon on e10 can move: only Red is stuck, and Red loses under both.
    let text = "cf3/l4/4p/5/5/5/5/5/5/5/L4/CF3 r";
    for r in [Ruleset::STANDARD, Ruleset::CCGC] {
        assert_eq!(
            pos_with(text, r).outcome(),
            blue_wins(WinReason::NoMove),
            "{r:?}"
        );
    }
    // Neither side with a movable piece is a draw under both (no-movable-pieces).
    let text = "1f3/l4/5/5/5/5/5/5/5/5/L4/1F3 r";
    for r in [Ruleset::STANDARD, Ruleset::CCGC] {
        assert_eq!(
            pos_with(text, r).outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::NoMovablePieces
            })
        );
    }
}

#[test]
fn l11_l13_ccgc_a_bomb_hitting_the_flag_captures_it() {
    // Red's bomb on b11 beside Blue's flag on b12 (Blue's platoon on e12 could move).
    let pos = pos_with("1f2p/1Z3/5/5/5/5/5/5/5/5/5/1F3 r", Ruleset::CCGC);
    let c = pos.combat(mv("b11b12")).unwrap();
    assert!(c.attacker_removed() && c.defender_removed());
    assert!(c.flag_captured());
    let after = pos.play(mv("b11b12")).unwrap();
    assert_eq!(after.outcome(), red_wins(WinReason::FlagCaptured));
}

// ---- forbid_losing_attacks (issue 50 item 14) ----

#[test]
fn l11_forbid_losing_attacks_bars_only_the_attacks_the_attacker_loses() {
    // Red's platoon on c6 faces Blue's company on c7 (it would lose), Blue's engineer on b6
    // via the railway, Blue's platoon on d6 (both removed) and Blue's landmine … not here:
    // a landmine on the enemy's back rows is tested below.
    let text = "1f3/5/5/5/5/2c2/1ePp1/5/5/5/5/1F3 r";
    let on = rules(|r| *r = r.with_forbid_losing_attacks(true));
    let std = pos_with(text, Ruleset::STANDARD);
    let barred = pos_with(text, on);
    assert!(std.is_legal(mv("c6c7")));
    assert!(!barred.is_legal(mv("c6c7")));
    assert!(!barred.moves_from(sq("c6")).contains(sq("c7")));
    // A win and an even trade stay legal.
    for m in ["c6b6", "c6d6"] {
        assert!(barred.is_legal(mv(m)), "{m}");
    }
    assert_eq!(barred.legal_moves().len() + 1, std.legal_moves().len());
    assert_eq!(barred.count_legal_moves() + 1, std.count_legal_moves());
    // Blue's company may still attack the platoon (it wins).
    let blue = barred.clone().swap_turn();
    assert!(blue.is_legal(mv("c7c6")));
}

#[test]
fn l11_forbid_losing_attacks_and_landmines_follow_mine_outcome() {
    // Red's regiment on a10 beside Blue's landmine on a11; Red's engineer on e10 beside
    // Blue's landmine on e11.
    let text = "1f3/l3l/T3E/5/5/5/5/5/5/5/5/1F3 r";
    let on = rules(|r| *r = r.with_forbid_losing_attacks(true));
    let p = pos_with(text, on);
    assert!(!p.is_legal(mv("a10a11")), "the regiment would be removed");
    assert!(p.is_legal(mv("e10e11")), "an engineer clears a landmine");
    // Under mine_outcome both_removed the regiment does not lose alone: legal.
    let both = rules(|r| {
        *r = r.with_forbid_losing_attacks(true);
        r.mine_outcome = luzhanqi::MineOutcome::BothRemoved;
    });
    assert!(pos_with(text, both).is_legal(mv("a10a11")));
}

// ---- flag_capture engineer (issue 50 item 14) ----

#[test]
fn l12_flag_capture_engineer_only_an_engineer_takes_the_flag() {
    // Red's general on a12, bomb on b11, engineer on c12, all beside Blue's flag on b12.
    let text = "JfE1p/1Z3/5/5/5/5/5/5/5/5/5/1F3 r";
    let eng = rules(|r| r.flag_capture = FlagCapture::Engineer);
    let p = pos_with(text, eng);
    assert!(!p.is_legal(mv("a12b12")), "a general may not take the flag");
    assert!(!p.is_legal(mv("b11b12")), "nor a bomb");
    assert!(p.is_legal(mv("c12b12")), "an engineer may");
    let after = p.play(mv("c12b12")).unwrap();
    assert_eq!(after.outcome(), red_wins(WinReason::FlagCaptured));
    // Under `any`, all three may.
    let any = pos_with(text, Ruleset::STANDARD);
    for m in ["a12b12", "b11b12", "c12b12"] {
        assert!(any.is_legal(mv(m)), "{m}");
    }
    assert_eq!(
        Ruleset::from_json(r#"{"flag_capture":"engineer"}"#).unwrap(),
        eng
    );
}

// ---- 翻棋: the options against face-up and face-down defenders ----

fn flip_state(text: &str, mode: ModeRules, rules: Ruleset) -> FlipPosition {
    FlipPosition::parse_with(text, mode, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn l32_forbid_losing_attacks_in_flip_bars_face_up_defenders_only() {
    // First player Red to act; Red's platoon on c6, Blue's company face up on c7, a
    // face-down piece on b6 (attackable with attack_face_down).
    let mut mode = ModeRules::FLIP;
    mode.attack_face_down = true;
    let mut on = mode.default_ruleset();
    on = on.with_forbid_losing_attacks(true);
    let text = "5/5/5/5/F4/2c2/1?P2/5/5/5/5/f4 1 r C 0 1";
    let p = flip_state(text, mode, on);
    let moves: Vec<FlipAction> = p.legal_actions().into_iter().collect();
    assert!(!moves.contains(&FlipAction::Move(mv("c6c7"))));
    assert!(
        moves.contains(&FlipAction::Move(mv("c6b6"))),
        "face down: unknown"
    );
    let off = flip_state(text, mode, mode.default_ruleset());
    assert!(off.is_legal(FlipAction::Move(mv("c6c7"))));
}

#[test]
fn l12_flag_capture_engineer_in_flip_a_blind_attack_on_the_flag_is_not_fought() {
    // Red's general on c6 moves onto the face-down c7, which is Blue's flag: under
    // `engineer` it is not fought (the flag turns face up and stays), as under after_mines
    // with mines left.
    let mut mode = ModeRules::FLIP;
    mode.attack_face_down = true;
    let mut eng = mode.default_ruleset();
    eng.flag_capture = FlagCapture::Engineer;
    let text = "5/5/5/5/F4/2?2/2J2/5/5/5/5/p4 1 r f 0 1";
    let p = flip_state(text, mode, eng);
    let a = FlipAction::Move(mv("c6c7"));
    let flag = Piece::new(Side::Blue, luzhanqi::Kind::Flag);
    assert_eq!(p.combat(a, Some(flag)), None);
    let after = p.apply(a, Some(flag)).unwrap();
    assert_eq!(after.piece_at(sq("c7")), Some(flag));
    assert_eq!(after.outcome(), None);
    // Under `any` the general takes it.
    let any = flip_state(text, mode, Ruleset::STANDARD);
    let after = any.apply(a, Some(flag)).unwrap();
    assert_eq!(after.outcome(), red_wins(WinReason::FlagCaptured));
}

#[test]
fn l32_flips_that_do_not_reset_the_no_combat_count() {
    let mut mode = ModeRules::FLIP;
    mode.flip_resets_no_combat = false;
    let rules = mode.default_ruleset();
    let start = FlipPosition::start_with(mode, rules);
    let e = Piece::new(Side::Red, luzhanqi::Kind::Engineer);
    let one = start.apply(FlipAction::Flip(sq("c6")), Some(e)).unwrap();
    assert_eq!(one.plies_since_attack_or_flip(), 1);
    // The default resets it.
    let reset = FlipPosition::start()
        .apply(FlipAction::Flip(sq("c6")), Some(e))
        .unwrap();
    assert_eq!(reset.plies_since_attack_or_flip(), 0);
    // Settled, at 69 with flips counted: a flip is the 70th quiet ply, the limit draws.
    let text = "4p/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 r l 69 30";
    let p = flip_state(text, mode, rules);
    let after = p
        .apply(
            FlipAction::Flip(sq("a1")),
            Some(Piece::new(Side::Blue, luzhanqi::Kind::Landmine)),
        )
        .unwrap();
    assert_eq!(after.plies_since_attack_or_flip(), 70);
    assert_eq!(
        after.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoCombatLimit
        })
    );
    // By default the same flip resets the count.
    let p = flip_state(text, ModeRules::FLIP, ModeRules::FLIP.default_ruleset());
    let after = p
        .apply(
            FlipAction::Flip(sq("a1")),
            Some(Piece::new(Side::Blue, luzhanqi::Kind::Landmine)),
        )
        .unwrap();
    assert_eq!(after.plies_since_attack_or_flip(), 0);
    assert_eq!(after.outcome(), None);
    // The option is written in the mode's JSON only when off.
    assert!(!ModeRules::FLIP.to_json().contains("flip_resets_no_combat"));
    assert_eq!(ModeRules::from_json(&mode.to_json()).unwrap(), mode);
}

#[test]
fn l32_a_flip_record_keeps_flips_that_do_not_reset_the_count() {
    use luzhanqi::flip::{FlipGame, record};
    let mut mode = ModeRules::FLIP;
    mode.flip_resets_no_combat = false;
    let mut game = FlipGame::new(FlipPosition::start_with(mode, mode.default_ruleset()));
    game.play(
        FlipAction::Flip(sq("c6")),
        Some(Piece::new(Side::Red, luzhanqi::Kind::Engineer)),
    )
    .unwrap();
    let text = record::flip_record(&game, &[]).unwrap();
    assert!(text.contains("[FlipResetsNoCombat \"false\"]"), "{text}");
    let back = record::read_flip_record(&text).unwrap();
    assert_eq!(back.game.position().plies_since_attack_or_flip(), 1);
    assert_eq!(back.game.position().player_to_act(), Player::Second);
    assert_eq!(back.game.start().mode_rules(), &mode);
    // A default game's record has no such tag.
    let mut plain = FlipGame::new(FlipPosition::start());
    plain
        .play(
            FlipAction::Flip(sq("c6")),
            Some(Piece::new(Side::Red, luzhanqi::Kind::Engineer)),
        )
        .unwrap();
    assert!(
        !record::flip_record(&plain, &[])
            .unwrap()
            .contains("FlipResets")
    );
}

#[test]
fn l32_a_flip_state_with_unsettled_colours_refuses_an_impossible_count() {
    use luzhanqi::flip::{FlipParseError, FlipViolation};
    // Issue 50 item 11: every ply before the colours settle is a flip, which resets the count.
    let text = "?????/?????/?1?1?/??1??/?1?1?/?????/?????/?1?1?/??1??/?1?1?/?????/????? 1 - \
                SJDDBBTTYYCCCPPPEEEZZLLLFsjddbbttyycccpppeeezzlllf 70 1";
    let m = ModeRules::FLIP;
    let e = FlipPosition::parse_with(text, m, m.default_ruleset()).unwrap_err();
    let FlipParseError::Invalid(e) = e else {
        panic!("{e}")
    };
    assert!(
        e.violations()
            .contains(&FlipViolation::UnsettledCount { plies: 70, most: 0 }),
        "{e}"
    );
    // Under first_engineer two flips (no engineer yet) may have counted 2 when flips do not
    // reset the count, not 3.
    let mut m = ModeRules::FLIP;
    m.colour_rule = luzhanqi::ColourRule::FirstEngineer;
    m.flip_resets_no_combat = false;
    let two_up = |n: u32| {
        format!(
            "?????/?????/?1?1?/??1??/?1?1?/?????/?????/?1?1?/??1??/?1?1?/?????/S???J 1 - \
             DDBBTTYYCCCPPPEEEZZLLLFsjddbbttyycccpppeeezzlllf {n} 2"
        )
    };
    assert!(FlipPosition::parse_with(&two_up(2), m, m.default_ruleset()).is_ok());
    let e = FlipPosition::parse_with(&two_up(3), m, m.default_ruleset()).unwrap_err();
    assert!(e.to_string().contains("at most 2"), "{e}");
    // With flips resetting it, only 0.
    m.flip_resets_no_combat = true;
    assert!(FlipPosition::parse_with(&two_up(1), m, m.default_ruleset()).is_err());
    assert!(FlipPosition::parse_with(&two_up(0), m, m.default_ruleset()).is_ok());
}

#[test]
fn l31_dark_play_refuses_the_options_that_need_the_defenders_kind() {
    use luzhanqi::dark::{DarkError, DarkGame, DarkRules};
    use luzhanqi::deploy::{DEFAULT_DEPLOYMENT, Deployment};
    let d: Deployment = DEFAULT_DEPLOYMENT.parse().unwrap();
    let with = |rules: Ruleset| {
        DarkGame::new(
            &d,
            &d,
            Side::Red,
            DarkRules {
                rules,
                ..DarkRules::STANDARD
            },
        )
        .map(|_| ())
    };
    assert_eq!(
        with(rules(|r| *r = r.with_forbid_losing_attacks(true))),
        Err(DarkError::LosingAttacks)
    );
    assert_eq!(
        with(rules(|r| r.flag_capture = FlagCapture::Engineer)),
        Err(DarkError::FlagCapture)
    );
    // The ccgc preset is a dark game's ruleset.
    assert_eq!(with(Ruleset::CCGC), Ok(()));
}
