//! Host tests of the 四國 page's session API (L-40 … L-66).

use luzhanqi::deploy::DEFAULT_DEPLOYMENT;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use siguo::Seat;

use super::*;

/// Play a whole game: Red's actions drawn from `rng` among its legal ones, the engines' own.
/// Returns the views seen after every engine move and the plies.
fn play_out(game: &mut SgDarkSession, rng: &mut StdRng, cap: usize) -> Vec<SgPlayerView> {
    let mut seen = Vec::new();
    for _ in 0..cap {
        let view = game.view();
        if view.outcome.is_some() {
            break;
        }
        if view.turn == "red" {
            let pick = view.legal[rng.random_range(0..view.legal.len())]
                .ascii
                .clone();
            game.play(&pick).expect("a legal action of red");
        } else {
            let reply = game.engine_move().expect("an engine move");
            assert_eq!(reply.seat, Some(view.turn), "the seat to move acted");
            seen.push(reply.view);
        }
    }
    seen
}

/// The kinds Red may see (L-62 … L-64): its own always, Blue's under 雙明, all under 全明.
fn red_sees(mode: &str, seat: &str) -> bool {
    seat == "red" || mode == "open" || (mode == "double_open" && seat == "blue")
}

/// No view shows a kind Red may not see, except a flag the referee showed (L-63) or a kind
/// an engineer's attack showed (L-65, off by default).
fn assert_no_leak(view: &SgPlayerView) {
    for p in &view.pieces {
        if red_sees(view.mode, p.seat) {
            assert!(
                p.letter.is_some(),
                "{} on {}: its kind is Red's to see",
                p.seat,
                p.point
            );
        } else if let Some(l) = p.letter {
            let shown = view.flags.iter().any(|f| f.point == p.point) && l == 'F';
            assert!(
                shown,
                "L-63/L-64: {}'s piece on {} shows {l}",
                p.seat, p.point
            );
        }
    }
}

#[test]
fn the_board_is_the_librarys_cross_with_its_arcs_and_palace() {
    // L-41 … L-44: 129 points, four corner arcs, the 九宮's nine points, Red's headquarters.
    let b = board();
    assert_eq!(b.points.len(), 129);
    let arcs: Vec<(String, String)> = b
        .lines
        .iter()
        .filter(|l| l.arc)
        .map(|l| (l.a.clone(), l.b.clone()))
        .collect();
    assert_eq!(arcs.len(), 4, "{arcs:?}");
    for (a, b) in [("g6", "f7"), ("k6", "l7"), ("k12", "l11"), ("g12", "f11")] {
        assert!(
            arcs.iter()
                .any(|(x, y)| (x == a && y == b) || (x == b && y == a)),
            "arc {a}-{b} missing: {arcs:?}"
        );
    }
    assert_eq!(b.palace.len(), 9);
    assert!(b.palace.contains(&"i9".to_string()));
    assert_eq!(b.headquarters, ["h1", "j1"]);
}

#[test]
fn a_deployment_string_lands_on_reds_half() {
    // L-58: Red's own frame is 陸戰棋's Red half; the flag stands on a headquarters.
    let points = deployment_points(DEFAULT_DEPLOYMENT).unwrap();
    assert_eq!(points.len(), 25);
    let flag = points.iter().find(|p| p.letter == 'F').unwrap();
    assert!(board().headquarters.contains(&flag.point), "{flag:?}");
    assert!(points.iter().all(|p| {
        let pt: siguo::Point = p.point.parse().unwrap();
        pt.own().is_some_and(|o| o.0 == Seat::Red)
    }));
    assert!(deployment_points("nonsense").is_err());
}

#[test]
fn every_l17_refusal_is_named_with_the_cross_points() {
    let ok: Vec<(String, String)> = deployment_points(DEFAULT_DEPLOYMENT)
        .unwrap()
        .into_iter()
        .map(|p| (p.point, p.letter.to_string()))
        .collect();
    let check = check_deployment(&ok).unwrap();
    assert_eq!(check.deployment.as_deref(), Some(DEFAULT_DEPLOYMENT));
    assert!(check.problems.is_empty());

    // The flag swapped with the piece in front of it: off the headquarters (L-17).
    let flag = ok.iter().position(|p| p.1 == "F").unwrap();
    let front: siguo::Point = ok[flag].0.parse().unwrap();
    let ahead = siguo::Point::new(front.file(), front.rank() + 1)
        .unwrap()
        .to_string();
    let other = ok.iter().position(|p| p.0 == ahead).unwrap();
    let mut bad = ok.clone();
    let (a, b) = (bad[flag].1.clone(), bad[other].1.clone());
    bad[flag].1 = b;
    bad[other].1 = a;
    let check = check_deployment(&bad).unwrap();
    assert!(check.deployment.is_none());
    let p = check
        .problems
        .iter()
        .find(|p| p.code == "flag-off-headquarters")
        .expect("the flag's refusal");
    assert_eq!(
        p.point.as_deref(),
        Some(ahead.as_str()),
        "named on the cross"
    );

    // A piece put in a camp (L-17), and one off Red's half (L-58).
    let mut camp = ok.clone();
    camp[0].0 = "h3".into();
    let check = check_deployment(&camp).unwrap();
    assert!(
        check
            .problems
            .iter()
            .any(|p| p.code == "camp" && p.point.as_deref() == Some("h3"))
    );
    let mut off = ok.clone();
    off[0].0 = "i9".into();
    let check = check_deployment(&off).unwrap();
    assert!(check.deployment.is_none());
    assert!(
        check
            .problems
            .iter()
            .any(|p| p.code == "outside-half" && p.point.as_deref() == Some("i9"))
    );
    // Bad input is an error that names it, not a panic.
    let err = check_deployment(&[("z99".into(), "F".into())]).unwrap_err();
    assert!(err.to_string().contains("z99"), "{err}");
}

#[test]
fn modes_parse_and_bad_ones_are_named() {
    assert!(SgDarkSession::new(DEFAULT_DEPLOYMENT, "dark", 1).is_ok());
    assert!(SgDarkSession::new(DEFAULT_DEPLOYMENT, "double_open", 1).is_ok());
    assert!(SgDarkSession::new(DEFAULT_DEPLOYMENT, "open", 1).is_ok());
    let err = SgDarkSession::new(DEFAULT_DEPLOYMENT, "bright", 1).unwrap_err();
    assert!(err.to_string().contains("bright"), "{err}");
    let err = SgDarkSession::new("9/9", "dark", 1).unwrap_err();
    assert!(err.to_string().starts_with("deployment"), "{err}");
}

#[test]
fn the_view_shows_only_the_kinds_the_mode_lets_red_see() {
    // L-62 … L-64: 四暗 own only, 雙明 also Blue's, 全明 all.
    for (mode, seen) in [("dark", 25), ("double_open", 50), ("open", 100)] {
        let game = SgDarkSession::new(DEFAULT_DEPLOYMENT, mode, 9).unwrap();
        let v = game.view();
        assert_eq!(v.mode, mode);
        assert_eq!(v.pieces.len(), 100);
        assert_eq!(
            v.pieces.iter().filter(|p| p.letter.is_some()).count(),
            seen,
            "{mode}"
        );
        assert_no_leak(&v);
        assert_eq!(v.turn, "red");
        assert!(!v.legal.is_empty());
    }
}

#[test]
fn the_secret_draws_the_hidden_deployments() {
    // Two secrets, two different hidden armies; the same secret, the same game.
    let a = SgDarkSession::new(DEFAULT_DEPLOYMENT, "dark", 1).unwrap();
    let b = SgDarkSession::new(DEFAULT_DEPLOYMENT, "dark", 2).unwrap();
    let c = SgDarkSession::new(DEFAULT_DEPLOYMENT, "dark", 1).unwrap();
    assert_ne!(a.true_position().to_string(), b.true_position().to_string());
    assert_eq!(a.true_position().to_string(), c.true_position().to_string());
    // Debug output names nothing hidden.
    let debug = format!("{a:?}");
    assert!(!debug.contains(&a.true_position().to_string()));
}

#[test]
fn red_is_refused_out_of_turn_and_off_its_legal_actions() {
    let mut game = SgDarkSession::new(DEFAULT_DEPLOYMENT, "dark", 3).unwrap();
    let err = game.play("a1a2").unwrap_err();
    assert!(err.to_string().contains("not a legal action"), "{err}");
    let first = game.view().legal[0].ascii.clone();
    game.play(&first).unwrap();
    let err = game.play(&first).unwrap_err();
    assert!(err.to_string().contains("green is to move"), "{err}");
    // Before the end the referee's record is not given.
    assert!(matches!(game.referee_record(), Err(SgError::NotOver)));
    // Red's surrender is refused before surrender_after plies (L-54), with the reason.
    let err = game.resign().unwrap_err();
    assert!(err.to_string().contains("too early"), "{err}");
}

#[test]
fn engine_moves_go_round_the_table_counter_clockwise() {
    // L-50: red, green, blue, yellow.
    let mut game = SgDarkSession::new(DEFAULT_DEPLOYMENT, "dark", 4).unwrap();
    let first = game.view().legal[0].ascii.clone();
    game.play(&first).unwrap();
    let order: Vec<_> = (0..3).map(|_| game.engine_move().unwrap().seat).collect();
    assert_eq!(order, [Some("green"), Some("blue"), Some("yellow")]);
    // Red's turn: the engine does not act for Red.
    let idle = game.engine_move().unwrap();
    assert_eq!(idle.seat, None);
    assert_eq!(idle.view.turn, "red");
}

#[test]
fn a_whole_dark_game_ends_without_a_leak_and_its_records_read_back() {
    for (mode, secret) in [("dark", 11u64), ("double_open", 12), ("open", 13)] {
        let mut game = SgDarkSession::new(DEFAULT_DEPLOYMENT, mode, secret).unwrap();
        // One world a move: the host test is about the session, not the agent's strength
        // (the page's budget is played in the Chromium test), and stays cheap in CI.
        game.worlds = 1;
        let mut rng = StdRng::seed_from_u64(secret);
        let views = play_out(&mut game, &mut rng, 3000);
        for v in &views {
            assert_no_leak(v);
        }
        let end = game.view();
        // The announcements the session heard as they came are those Red's state gives.
        assert_eq!(
            end,
            player_view(&game.referee.info_state(Seat::Red)),
            "{mode}"
        );
        let outcome = end.outcome.as_ref().expect("the game reached its end");
        assert_eq!(end.history.last().unwrap().outcome.as_ref(), Some(outcome));
        // The referee's record (L-61) replays to the same end.
        let text = game.referee_record().unwrap();
        assert!(text.contains("[Game \"siguo\"]"), "{text}");
        let games = siguo::game_file::read_games(&text);
        assert_eq!(games.len(), 1);
        assert!(games[0].is_ok(), "{text}");
        // Red's own record holds no Setup (the other seats' kinds).
        let own = game.player_record().unwrap();
        assert!(!own.contains("[Setup"), "{own}");
        siguo::dark::record::read_seat_record(&own).unwrap();
        // Each attack names its defender's seat, of the other team (L-49), never a kind; a
        // seat went out on the way to the end (L-51).
        let team = |name: &str| Seat::ALL.iter().find(|s| s.name() == name).unwrap().team();
        let attacks: Vec<_> = end.history.iter().filter(|a| a.result.is_some()).collect();
        assert!(!attacks.is_empty(), "{mode}");
        for a in attacks {
            let d = a.defender.expect("an attack's defender");
            assert_ne!(team(d), team(a.seat), "{}", a.text);
        }
        assert!(
            end.history.iter().any(|a| !a.outs.is_empty()),
            "{mode}: a seat went out"
        );
    }
}

#[test]
fn an_engine_seat_is_given_its_own_information_state_only() {
    // L-63: under 四暗 Green's state shows Green's kinds and nobody else's.
    let mut game = SgDarkSession::new(DEFAULT_DEPLOYMENT, "dark", 31).unwrap();
    assert_eq!(game.engine_turn(), None, "Red's turn");
    let first = game.view().legal[0].ascii.clone();
    game.play(&first).unwrap();
    let turn = game.engine_turn().expect("Green to move");
    assert_eq!(turn.seat, "green");
    let state: siguo::dark::InfoState = turn.state.parse().unwrap();
    assert_eq!(state.seat(), Seat::Green);
    let seen = state.view();
    for (p, piece) in seen.pieces() {
        assert_eq!(piece.kind.is_some(), piece.seat == Seat::Green, "{p}");
    }
    // Its engine answers from that string alone, with one of its legal actions.
    let mut engine = SgEngine::new("dark", 5).unwrap();
    let c = engine.choose(&turn.state).unwrap();
    assert_eq!(c.agent, "determinized");
    let legal: Vec<String> = seen
        .legal_actions()
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(legal.contains(&c.action), "{c:?}");
    let reply = game.play_engine("green", Some(c.clone())).unwrap();
    assert_eq!(reply.action.as_deref(), Some(c.action.as_str()));
    // Bad input is named, not a panic.
    assert!(
        engine
            .choose("garbage")
            .unwrap_err()
            .to_string()
            .starts_with("engine")
    );
    assert!(SgEngine::new("bright", 1).is_err());
}

#[test]
fn the_referee_plays_only_the_seat_to_move_and_replaces_a_bad_answer() {
    let mut game = SgDarkSession::new(DEFAULT_DEPLOYMENT, "dark", 32).unwrap();
    let first = game.view().legal[0].ascii.clone();
    game.play(&first).unwrap();
    // Not Blue's turn (Green's), nor Red's.
    assert!(game.play_engine("blue", None).is_err());
    assert!(game.play_engine("red", None).is_err());
    // An answer that is not legal is replaced by the seat's first legal action.
    let bogus = SgEngineChoice {
        action: "a1a2".into(),
        agent: "determinized",
        nodes: 9,
    };
    let reply = game.play_engine("green", Some(bogus)).unwrap();
    assert_eq!(reply.agent, Some("fallback"));
    assert_eq!(reply.seat, Some("green"));
    assert_eq!(game.view().turn, "blue");
}

#[test]
fn under_open_play_the_engine_is_the_search() {
    // L-62: every kind seen, so the world the search plays on is the true position.
    let mut game = SgDarkSession::new(DEFAULT_DEPLOYMENT, "open", 33).unwrap();
    let first = game.view().legal[0].ascii.clone();
    game.play(&first).unwrap();
    let reply = game.engine_move().unwrap();
    assert_eq!(reply.agent, Some("search"));
    assert!(reply.nodes > 0);
}
