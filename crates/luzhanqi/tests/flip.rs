//! 翻棋 (L-32): face-down pieces, flips as chance, colour rules, the flip defaults, the state
//! string, and random flip games checked ply by ply.

use luzhanqi::flip::{
    FlipAction, FlipGame, FlipParseError, FlipPlayError, FlipPly, FlipPosition,
    FlipSetupParseError, FlipViolation, Player, Pool, flip_divide, flip_perft,
};
use luzhanqi::rand::{Rng, SeedableRng, rngs::StdRng};
use luzhanqi::{
    ColourRule, DrawReason, FlagCapture, Kind, ModeRules, Move, Outcome, Piece, Side, Square,
    WinReason,
};
use proptest::prelude::*;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> FlipAction {
    FlipAction::Move(s.parse().unwrap())
}

fn flip(s: &str) -> FlipAction {
    FlipAction::Flip(sq(s))
}

fn piece(c: char) -> Piece {
    Piece::from_letter(c).unwrap()
}

fn mode(attack_face_down: bool, colour_rule: ColourRule) -> ModeRules {
    let mut m = ModeRules::FLIP;
    m.attack_face_down = attack_face_down;
    m.colour_rule = colour_rule;
    m
}

fn state(text: &str, attack_face_down: bool) -> FlipPosition {
    let m = mode(attack_face_down, ColourRule::FirstFlip);
    FlipPosition::parse_with(text, m, m.default_ruleset()).unwrap()
}

/// Perft by the checked public API alone (legal actions, chance outcomes, apply).
fn naive_perft(pos: &FlipPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for a in pos.legal_actions() {
        if pos.is_chance(a) {
            for o in pos.chance_outcomes() {
                n += naive_perft(&pos.apply(a, Some(o.piece)).unwrap(), depth - 1);
            }
        } else {
            n += naive_perft(&pos.apply(a, None).unwrap(), depth - 1);
        }
    }
    n
}

#[test]
fn l32_start_has_fifty_face_down_pieces_off_the_camps() {
    let pos = FlipPosition::start();
    assert_eq!(pos.face_down().count(), 50);
    for camp in ["b3", "d3", "c4", "b5", "d5", "b10", "d10", "c9", "b8", "d8"] {
        assert!(!pos.face_down().contains(sq(camp)));
    }
    assert_eq!(pos.pool().total(), 50);
    assert_eq!(pos.player_to_act(), Player::First);
    assert_eq!(pos.colour_of(Player::First), None);
    let actions = pos.legal_actions();
    assert_eq!(actions.len(), 50);
    assert!(actions.iter().all(|a| matches!(a, FlipAction::Flip(_))));
    assert!(pos.outcome().is_none());
}

#[test]
fn l32_flip_defaults() {
    let pos = FlipPosition::start();
    assert!(!pos.ruleset().hq_lock);
    assert_eq!(pos.ruleset().flag_capture, FlagCapture::AfterMines);
    assert_eq!(pos.mode_rules().colour_rule, ColourRule::FirstFlip);
    assert!(!pos.mode_rules().attack_face_down);
}

#[test]
fn l32_chance_outcomes_are_the_unseen_pieces_in_proportion() {
    let pos = FlipPosition::start();
    let outcomes = pos.chance_outcomes();
    assert_eq!(outcomes.len(), 24);
    for o in &outcomes {
        assert_eq!(o.weight, o.piece.kind.count());
        assert!((o.probability - f64::from(o.weight) / 50.0).abs() < 1e-15);
    }
    // After a red engineer is flipped, two red engineers are left of 49 pieces.
    let pos = pos
        .apply(flip("a1"), Some(Piece::new(Side::Red, Kind::Engineer)))
        .unwrap();
    let e = pos
        .chance_outcomes()
        .into_iter()
        .find(|o| o.piece == Piece::new(Side::Red, Kind::Engineer))
        .unwrap();
    assert_eq!(e.weight, 2);
    assert!((e.probability - 2.0 / 49.0).abs() < 1e-15);
}

#[test]
fn l32_draws_follow_the_chance_outcomes() {
    // A chi-square test of 24,000 draws against the 24 probabilities (23 degrees of freedom;
    // 49.7 is the 0.999 quantile).
    let pos = FlipPosition::start();
    let outcomes = pos.chance_outcomes();
    let mut rng = StdRng::seed_from_u64(11);
    let n = 24_000;
    let mut counts = [0u32; 24];
    for _ in 0..n {
        let p = pos.draw(&mut rng).unwrap();
        counts[p.index()] += 1;
    }
    let chi: f64 = outcomes
        .iter()
        .map(|o| {
            let e = o.probability * f64::from(n);
            let d = f64::from(counts[o.piece.index()]) - e;
            d * d / e
        })
        .sum();
    assert!(chi < 49.7, "chi-square {chi}");
}

#[test]
fn l32_first_flip_settles_the_colours() {
    let pos = FlipPosition::start()
        .apply(flip("c6"), Some(piece('e')))
        .unwrap();
    // The first player flipped a blue piece: it plays Blue.
    assert_eq!(pos.colour_of(Player::First), Some(Side::Blue));
    assert_eq!(pos.colour_of(Player::Second), Some(Side::Red));
    assert_eq!(pos.side_to_act(), Some(Side::Red));
    assert_eq!(pos.player_of(Side::Blue), Some(Player::First));
    // Red has no face-up piece yet: only flips.
    assert!(
        pos.legal_actions()
            .iter()
            .all(|a| matches!(a, FlipAction::Flip(_)))
    );
    let pos = pos.apply(flip("c5"), Some(piece('J'))).unwrap();
    // Blue's engineer on c6, hemmed in by face-down pieces, may attack the general on c5 or
    // step into the empty camps b5 and d5.
    assert_eq!(pos.side_to_act(), Some(Side::Blue));
    let actions = pos.legal_actions();
    assert_eq!(actions.len(), 48 + 3);
    for m in ["c6c5", "c6b5", "c6d5"] {
        assert!(actions.contains(&mv(m)), "{m}");
    }
}

#[test]
fn l32_first_engineer_and_first_mine_wait_for_their_piece() {
    for (rule, kind) in [
        (ColourRule::FirstEngineer, Kind::Engineer),
        (ColourRule::FirstMine, Kind::Landmine),
    ] {
        let m = mode(false, rule);
        let pos = FlipPosition::start_with(m, m.default_ruleset());
        let pos = pos.apply(flip("a1"), Some(piece('S'))).unwrap();
        assert_eq!(pos.colour_of(Player::First), None, "{rule:?}");
        assert_eq!(pos.player_to_act(), Player::Second);
        // Unsettled: flips only, though a face-up piece stands on a1.
        assert!(
            pos.legal_actions()
                .iter()
                .all(|a| matches!(a, FlipAction::Flip(_)))
        );
        let pos = pos
            .apply(flip("a2"), Some(Piece::new(Side::Blue, kind)))
            .unwrap();
        // The second player found it: the second plays Blue, the first Red.
        assert_eq!(pos.colour_of(Player::Second), Some(Side::Blue), "{rule:?}");
        assert_eq!(pos.colour_of(Player::First), Some(Side::Red));
        assert_eq!(pos.side_to_act(), Some(Side::Red));
        // Red's marshal on a1 now moves.
        assert!(
            pos.legal_actions()
                .iter()
                .any(|a| matches!(a, FlipAction::Move(_)))
        );
    }
}

#[test]
fn l32_face_down_pieces_block_and_are_not_attacked() {
    let pos = state("5/5/5/5/5/2?2/2E2/5/5/5/5/?4 1 r Ff 0 1", false);
    let actions = pos.legal_actions();
    assert!(actions.contains(&flip("c7")) && actions.contains(&flip("a1")));
    // The engineer reaches rank 7 round by a7 and e7, but not the face-down c7.
    assert!(actions.contains(&mv("c6b7")));
    assert!(!actions.contains(&mv("c6c7")));
    assert!(!pos.is_legal(mv("c6c7")));
    assert!(matches!(
        pos.apply(mv("c6c7"), Some(piece('f'))),
        Err(FlipPlayError::Illegal(_))
    ));
    // Both flags are face down: nobody has lost.
    assert_eq!(pos.outcome(), None);
}

#[test]
fn l32_attack_face_down_option() {
    let pos = state("5/5/5/5/5/2?2/2E2/5/5/5/5/?4 1 r Ff 0 1", true);
    assert!(pos.legal_actions().contains(&mv("c6c7")));
    assert!(pos.is_chance(mv("c6c7")));
    assert!(matches!(
        pos.apply(mv("c6c7"), None),
        Err(FlipPlayError::MissingOutcome(_))
    ));
    // It was Blue's flag and Blue has no landmine left: captured.
    let won = pos.apply(mv("c6c7"), Some(piece('f'))).unwrap();
    assert_eq!(
        won.outcome(),
        Some(Outcome::Decisive {
            winner: Side::Red,
            reason: WinReason::FlagCaptured
        })
    );
    // It was Red's own flag: turned face up, the engineer stays.
    let own = pos.apply(mv("c6c7"), Some(piece('F'))).unwrap();
    assert_eq!(own.piece_at(sq("c7")), Some(piece('F')));
    assert_eq!(own.piece_at(sq("c6")), Some(piece('E')));
    assert_eq!(own.player_to_act(), Player::Second);
    assert_eq!(own.plies_since_attack_or_flip(), 0);
    assert!(pos.combat(mv("c6c7"), Some(piece('F'))).is_none());
    assert!(
        pos.combat(mv("c6c7"), Some(piece('f')))
            .unwrap()
            .flag_captured()
    );
}

#[test]
fn l12_after_mines_counts_face_down_mines() {
    // Blue's flag face up on c7, one of Blue's landmines face down on a1.
    let hidden = state("5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 r l 0 1", false);
    assert!(!hidden.is_legal(mv("c6c7")));
    let cleared = state("5/5/5/5/F4/2f2/2J2/5/5/5/5/5 1 r - 0 1", false);
    assert!(cleared.is_legal(mv("c6c7")));
    // With the mine face up it blocks the flag as well.
    let up = state("5/5/5/5/F4/2f2/2J2/5/5/5/5/l4 1 r - 0 1", false);
    assert!(!up.is_legal(mv("c6c7")));
}

#[test]
fn l32_no_combat_count_is_reset_by_flips() {
    let pos = state("4p/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 r l 69 30", false);
    let flipped = pos.apply(flip("a1"), Some(piece('l'))).unwrap();
    assert_eq!(flipped.plies_since_attack_or_flip(), 0);
    assert_eq!(flipped.outcome(), None);
    let quiet = pos.apply(mv("c6d6"), None).unwrap();
    assert_eq!(quiet.plies_since_attack_or_flip(), 70);
    assert_eq!(
        quiet.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoCombatLimit
        })
    );
    assert!(quiet.legal_actions().is_empty());
}

#[test]
fn l14_no_move_applies_once_nothing_is_face_down() {
    // Blue to act with only its flag and a landmine: no move, nothing to flip: Blue loses.
    let pos = state("5/5/5/5/F4/2f2/2J2/5/5/5/5/l4 2 r - 0 1", false);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: Side::Red,
            reason: WinReason::NoMove
        })
    );
    // The same with a face-down piece left: Blue flips it.
    let pos = state("5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 2 r l 0 1", false);
    assert_eq!(pos.outcome(), None);
    assert_eq!(pos.legal_actions().as_slice(), &[flip("a1")]);
}

#[test]
fn l32_move_numbers_rise_after_the_second_player() {
    let pos = FlipPosition::start();
    let a = pos.apply(flip("a1"), Some(piece('S'))).unwrap();
    assert_eq!(a.move_number(), 1);
    let b = a.apply(flip("a2"), Some(piece('s'))).unwrap();
    assert_eq!(b.move_number(), 2);
    assert_eq!(b.player_to_act(), Player::First);
}

#[test]
fn l32_perft_agrees_with_the_checked_api() {
    let start = FlipPosition::start();
    assert_eq!(flip_perft(&start, 1), naive_perft(&start, 1));
    assert_eq!(flip_perft(&start, 2), naive_perft(&start, 2));
    let mid = state("5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 r l 0 1", true);
    for d in 1..=3 {
        assert_eq!(flip_perft(&mid, d), naive_perft(&mid, d), "depth {d}");
    }
    let div: u64 = flip_divide(&mid, 3).iter().map(|(_, n)| n).sum();
    assert_eq!(div, flip_perft(&mid, 3));
}

#[test]
fn state_string_round_trips_and_refuses_with_columns() {
    let pos = state("5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 r l 3 7", false);
    assert_eq!(pos.to_string(), "5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 r l 3 7");
    let short = "5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 r l";
    assert_eq!(
        short.parse::<FlipPosition>().unwrap().to_string(),
        format!("{short} 0 1")
    );
    let err = "5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 3 r l"
        .parse::<FlipPosition>()
        .unwrap_err();
    assert!(matches!(
        err,
        FlipParseError::Syntax(FlipSetupParseError::Player { column: 31, .. })
    ));
    let err = "5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 x l"
        .parse::<FlipPosition>()
        .unwrap_err();
    assert!(matches!(
        err,
        FlipParseError::Syntax(FlipSetupParseError::Colour { column: 33, .. })
    ));
    let err = "5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 r lq"
        .parse::<FlipPosition>()
        .unwrap_err();
    assert!(matches!(
        err,
        FlipParseError::Syntax(FlipSetupParseError::Pool { column: 36, .. })
    ));
    let err = "5/5/5/5/F4/2f2/2J2/5/5/5/5/?4 1 r ll"
        .parse::<FlipPosition>()
        .unwrap_err();
    let FlipParseError::Invalid(e) = err else {
        panic!("{err}")
    };
    assert!(e.violations().contains(&FlipViolation::PoolSize {
        pool: 2,
        face_down: 1
    }));
    // A face-down piece in a camp (b3), and settled colours with nothing flipped.
    let camp = "5/5/5/5/5/5/5/5/5/1?3/5/5 1 r S";
    let FlipParseError::Invalid(e) = camp.parse::<FlipPosition>().unwrap_err() else {
        panic!()
    };
    assert!(
        e.violations()
            .contains(&FlipViolation::FaceDownInCamp(sq("b3")))
    );
    let mut full = FlipPosition::start().to_string();
    full = full.replacen(" - ", " r ", 1);
    let FlipParseError::Invalid(e) = full.parse::<FlipPosition>().unwrap_err() else {
        panic!()
    };
    assert!(e.violations().contains(&FlipViolation::SettledUnflipped));
    // The placement's own errors keep their columns ('x' is not a piece letter).
    let err = "5/5/x4/5/5/5/5/5/5/5/5/5 1 - -"
        .parse::<FlipPosition>()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "column 5: 'x' is not a piece letter, a digit 1-5 or '/'"
    );
}

#[test]
fn ply_text() {
    for t in ["c6=E", "c6c7", "c6c7=e", "b10=f"] {
        assert_eq!(t.parse::<FlipPly>().unwrap().to_string(), t);
    }
    assert!("c6".parse::<FlipPly>().is_err());
    assert!("c6=Q".parse::<FlipPly>().is_err());
    assert!("c6=EE".parse::<FlipPly>().is_err());
    assert!("c6c6".parse::<FlipAction>().is_err());
    assert_eq!("c6".parse::<FlipAction>().unwrap(), flip("c6"));
    // A long rest is quoted clipped to 40 characters, not whole.
    let tail = "z".repeat(500);
    for e in [
        format!("c6={tail}")
            .parse::<FlipAction>()
            .unwrap_err()
            .to_string(),
        format!("c6c7{tail}")
            .parse::<FlipPly>()
            .unwrap_err()
            .to_string(),
        format!("c6={tail}")
            .parse::<FlipPly>()
            .unwrap_err()
            .to_string(),
    ] {
        assert!(
            e.contains(" characters)'") && e.chars().count() < 120,
            "{e}"
        );
    }
}

#[test]
fn pool_counts() {
    let mut p = Pool::FULL;
    assert!(p.take(piece('F')));
    assert!(!p.take(piece('F')));
    assert_eq!(p.total(), 49);
    assert_eq!(Pool::EMPTY.iter().count(), 0);
}

/// Plays a seeded random flip game, checking each state: every point pair agrees between
/// `is_legal` and `legal_actions`, every legal action applies, the state string reads back to
/// the state, the pieces add up, and an undecided state has an action.
fn check_random_game(seed: u64, m: ModeRules, plies: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = FlipGame::new(FlipPosition::start_with(m, m.default_ruleset()));
    for _ in 0..plies {
        let pos = game.position().clone();
        let actions = game.legal_actions();
        if game.outcome().is_some() {
            assert!(actions.is_empty());
            break;
        }
        assert!(!actions.is_empty(), "{pos}");
        for a in Square::all() {
            assert_eq!(
                pos.is_legal(FlipAction::Flip(a)),
                actions.contains(&FlipAction::Flip(a))
            );
            for b in Square::all() {
                if a != b {
                    let x = FlipAction::Move(Move::new(a, b));
                    assert_eq!(pos.is_legal(x), actions.contains(&x), "{x} in {pos}");
                }
            }
        }
        for &a in &actions {
            let revealed = pos.is_chance(a).then(|| pos.draw(&mut rng).unwrap());
            assert!(pos.apply(a, revealed).is_ok());
        }
        let text = pos.to_string();
        let back = FlipPosition::parse_with(&text, m, m.default_ruleset()).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.zobrist_hash(), pos.zobrist_hash());
        let up = pos.face_up().occupied().count();
        assert_eq!(pos.face_down().count(), pos.pool().total());
        assert!(up + pos.pool().total() <= 50);
        assert!((pos.face_up().occupied() & pos.face_down()).is_empty());
        let a = actions[rng.random_range(0..actions.len())];
        game.play_random(a, &mut rng).unwrap();
    }
    let replayed = FlipGame::replay(game.start().clone(), game.plies()).unwrap();
    assert_eq!(replayed.position(), game.position());
    let mut undone = game.clone();
    if undone.undo() {
        let mut again = undone.clone();
        let last = *game.plies().last().unwrap();
        again.play(last.action, last.revealed).unwrap();
        assert_eq!(again.position(), game.position());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_flip_games_keep_the_invariants(
        seed in any::<u64>(),
        attack in any::<bool>(),
        rule in 0usize..3,
    ) {
        let rules = [ColourRule::FirstFlip, ColourRule::FirstEngineer, ColourRule::FirstMine];
        check_random_game(seed, mode(attack, rules[rule]), 150);
    }
}

#[test]
fn random_flip_games_end() {
    // Whole games end by the rules (every flip and attack resets the count, so at most
    // 50 flips, 50 attacks and 70 quiet plies between them).
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..20 {
        let mut game = FlipGame::new(FlipPosition::start());
        let mut n = 0;
        while game.outcome().is_none() {
            let actions = game.legal_actions();
            let a = actions[rng.random_range(0..actions.len())];
            game.play_random(a, &mut rng).unwrap();
            n += 1;
            assert!(n < 101 * 71);
        }
    }
}

// L-15 in 翻棋: with `repetition` on, the game's count of the current state equals a scan of
// its keys after every ply and every undo (the counts live in a hash map, issue 50 item 9),
// and undo across the stored states gives back every state.
#[test]
fn l15_flip_repetition_counts_match_a_scan_and_undo_restores() {
    let mut rules = ModeRules::FLIP.default_ruleset();
    rules.no_combat_limit = 0;
    rules.repetition = std::num::NonZeroU8::new(200);
    let start = FlipPosition::start_with(ModeRules::FLIP, rules);
    let mut rng = StdRng::seed_from_u64(509);
    let mut game = FlipGame::new(start);
    let mut states = vec![game.position().clone()];
    let scan = |g: &FlipGame| {
        let now = g.position().zobrist_hash();
        g.keys().iter().filter(|&&k| k == now).count()
    };
    let mut most = 0;
    while game.outcome().is_none() && game.plies().len() < 1500 {
        let actions = game.legal_actions();
        // Flip everything first, then shuffle without attacking, so states repeat.
        let quiet: Vec<FlipAction> = actions
            .iter()
            .copied()
            .filter(|&a| match a {
                FlipAction::Flip(_) => true,
                FlipAction::Move(m) => game.position().piece_at(m.to).is_none(),
            })
            .collect();
        let pick: &[FlipAction] = if quiet.is_empty() { &actions } else { &quiet };
        let a = pick[rng.random_range(0..pick.len())];
        game.play_random(a, &mut rng).unwrap();
        states.push(game.position().clone());
        assert_eq!(game.occurrences(), scan(&game));
        most = most.max(game.occurrences());
    }
    assert!(game.plies().len() > 600, "{} plies", game.plies().len());
    assert!(most >= 2, "states repeat ({most} at most)");
    while game.undo() {
        assert_eq!(game.position(), &states[game.plies().len()]);
        assert_eq!(game.keys().len(), game.plies().len() + 1);
        assert_eq!(game.occurrences(), scan(&game));
    }
}
