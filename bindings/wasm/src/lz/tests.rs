//! Host tests of the 陸戰棋 web layer.

use luzhanqi::deploy::DEFAULT_DEPLOYMENT;
use luzhanqi::{Kind, Position, Side};

use super::*;

fn pairs(side: Side, text: &str) -> Vec<(String, String)> {
    deployment_points(side, text)
        .unwrap()
        .into_iter()
        .map(|p| (p.point, p.letter.to_string()))
        .collect()
}

fn swap(pieces: &mut [(String, String)], a: &str, b: &str) {
    let i = pieces.iter().position(|p| p.0 == a).unwrap();
    let j = pieces.iter().position(|p| p.0 == b).unwrap();
    let t = pieces[i].1.clone();
    pieces[i].1 = pieces[j].1.clone();
    pieces[j].1 = t;
}

fn codes(check: &DeployCheck) -> Vec<&'static str> {
    check.problems.iter().map(|p| p.code).collect()
}

#[test]
fn the_board_has_the_points_and_lines_of_l1_to_l3() {
    let b = board();
    assert_eq!(b.points.len(), 60);
    let count = |k: &str| b.points.iter().filter(|p| p.kind == k).count();
    assert_eq!(
        (count("station"), count("camp"), count("headquarters")),
        (46, 10, 4)
    );
    assert_eq!(b.points.iter().filter(|p| p.railway).count(), 32);
    let joined = |a: &str, c: &str| {
        b.lines
            .iter()
            .find(|l| (l.a == a && l.b == c) || (l.a == c && l.b == a))
            .map(|l| l.railway)
    };
    assert_eq!(joined("a6", "a7"), Some(true));
    assert_eq!(joined("c6", "c7"), Some(true));
    assert_eq!(joined("b6", "b7"), None, "the mountains");
    assert_eq!(joined("b3", "a2"), Some(false), "a camp's diagonal road");
    assert_eq!(joined("a1", "b2"), None, "no other diagonal");
}

#[test]
fn a_game_plays_views_and_records() {
    let mut s = LzSession::new("").unwrap();
    let v = s.view(0).unwrap();
    assert_eq!(v.pieces.len(), 50);
    assert_eq!(v.turn, "red");
    assert_eq!(
        v.legal.len() as u64,
        Position::default().count_legal_moves()
    );
    let r = s.play(0, "c6c7").unwrap();
    assert_eq!((r.simplified.as_str(), r.side), ("工c6xc7", "red"));
    assert_eq!(r.combat, Some("both-removed"));
    let v = s.view(1).unwrap();
    assert_eq!(v.pieces.len(), 48);
    let last = v.last.unwrap();
    assert_eq!((last.from.as_str(), last.to.as_str()), ("c6", "c7"));
    assert!(
        v.legal
            .iter()
            .all(|m| m.from.ends_with(|c: char| c.is_ascii_digit()))
    );
    assert_eq!(v.turn, "blue");
    // Playing at an earlier ply drops the line after it.
    s.play(1, &v.legal[0].ascii).unwrap();
    s.play(0, "c5b5").unwrap();
    assert_eq!(s.plies(), 1);
    assert_eq!(s.moves()[0].simplified, "排c5-b5");
    assert!(matches!(
        s.view(2),
        Err(LzError::NoSuchPly { ply: 2, plies: 1 })
    ));
    assert!(matches!(s.play(1, "zz"), Err(LzError::MoveSyntax { .. })));
    let e = s.play(1, "a1a2").unwrap_err();
    assert!(matches!(e, LzError::Refused { ply: 2, .. }), "{e}");
    assert!(LzSession::new("not a position").is_err());
}

#[test]
fn a_captured_flag_ends_the_game_with_its_reason() {
    // Red's general on b11 steps onto Blue's flag on b12.
    let mut s = LzSession::new("1f1s1/1J3/5/5/5/5/5/5/5/5/5/1F3 r").unwrap();
    s.play(0, "b11b12").unwrap();
    let v = s.view(1).unwrap();
    let o = v.outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason, o.result.as_str()),
        (Some("red"), "flag-captured", "1-0")
    );
    assert!(v.legal.is_empty());
    assert!(s.view(0).unwrap().outcome.is_none());
    let r = engine_reply("1f1s1/1J3/5/5/5/5/5/5/5/5/5/1F3 r", "b11b12", "search", 1).unwrap();
    assert_eq!(r.best_move, None);
}

#[test]
fn game_files_round_trip_with_their_tags() {
    let mut s = LzSession::new("").unwrap();
    for _ in 0..6 {
        let v = s.view(s.plies()).unwrap();
        let m = v.legal[v.legal.len() / 2].ascii.clone();
        s.play(s.plies(), &m).unwrap();
    }
    for form in ["simplified", "traditional", "ascii"] {
        let text = s.game_file(form).unwrap();
        let back = LzSession::from_game_file(&text).unwrap();
        assert_eq!(back.moves_ascii(), s.moves_ascii(), "{form}");
        assert_eq!(back.start_position(), s.start_position());
    }
    let text = s
        .game_file("simplified")
        .unwrap()
        .replace("[Event \"?\"]", "[Event \"Club night\"]");
    let back = LzSession::from_game_file(&text).unwrap();
    assert!(back.game_file("ascii").unwrap().contains("Club night"));
    assert!(matches!(s.game_file("klingon"), Err(LzError::MoveForm(_))));
    assert!(matches!(
        LzSession::from_game_file(""),
        Err(LzError::NoGame)
    ));
    let broken = text.replacen("1. ", "1. 司a1-a9 ", 1);
    let e = LzSession::from_game_file(&broken).unwrap_err().to_string();
    assert!(e.starts_with("game file: ") && e.contains(':'), "{e}");
}

#[test]
fn deployments_draw_place_and_start() {
    let d = random_deployment(11);
    assert_eq!(d, random_deployment(11));
    assert_ne!(d, random_deployment(12));
    let red = deployment_points(Side::Red, &d).unwrap();
    let blue = deployment_points(Side::Blue, &d).unwrap();
    assert_eq!((red.len(), blue.len()), (25, 25));
    assert!(red.iter().all(|p| p.letter.is_ascii_uppercase()));
    assert!(blue.iter().all(|p| p.letter.is_ascii_lowercase()));
    // Blue's own frame is Red's turned round (L-4): the flag stands on b12 or d12.
    let flag = blue.iter().find(|p| p.letter == 'f').unwrap();
    assert!(headquarters(Side::Blue).contains(&flag.point));
    let pos = position_from_deployments(&d, DEFAULT_DEPLOYMENT, Side::Blue).unwrap();
    let pos: Position = pos.parse().unwrap();
    assert_eq!(pos.turn(), Side::Blue);
    assert_eq!(pos.piece_count(Side::Red) + pos.piece_count(Side::Blue), 50);
    assert!(matches!(
        position_from_deployments("LLL", DEFAULT_DEPLOYMENT, Side::Red),
        Err(LzError::DeploymentString { side: "red", .. })
    ));
}

#[test]
fn a_legal_arrangement_gives_its_string_for_either_side() {
    for side in Side::ALL {
        let d = random_deployment(5);
        let check = check_deployment(side, &pairs(side, &d)).unwrap();
        assert_eq!(check.deployment.as_deref(), Some(d.as_str()), "{side:?}");
        assert!(check.problems.is_empty());
    }
}

/// Every rule of L-17 refused with its code and point, for Red and Blue (whose points are
/// turned round).
#[test]
fn each_rule_of_l17_is_named_with_its_point() {
    // Default: flag b1, landmines a1 c1 c2; row 6 holds no bomb.
    let mut red = pairs(Side::Red, DEFAULT_DEPLOYMENT);
    swap(&mut red, "b1", "a6");
    let c = check_deployment(Side::Red, &red).unwrap();
    assert_eq!(codes(&c), ["flag-off-headquarters"]);
    assert_eq!(c.problems[0].point.as_deref(), Some("a6"));
    assert_eq!(c.deployment, None);

    let mut red = pairs(Side::Red, DEFAULT_DEPLOYMENT);
    swap(&mut red, "a1", "a6");
    let c = check_deployment(Side::Red, &red).unwrap();
    assert_eq!(codes(&c), ["mine-off-back-rows"]);
    assert_eq!(c.problems[0].point.as_deref(), Some("a6"));
    assert_eq!(c.problems[0].kind, Some('L'));

    let mut red = pairs(Side::Red, DEFAULT_DEPLOYMENT);
    let bomb = red.iter().find(|p| p.1 == "Z").unwrap().0.clone();
    swap(&mut red, &bomb, "e6");
    let c = check_deployment(Side::Red, &red).unwrap();
    assert_eq!(codes(&c), ["bomb-on-front-row"]);
    assert_eq!(c.problems[0].point.as_deref(), Some("e6"));

    // Blue: its flag taken to its front row (rank 7).
    let mut blue = pairs(Side::Blue, DEFAULT_DEPLOYMENT);
    let flag = blue.iter().find(|p| p.1 == "f").unwrap().0.clone();
    swap(&mut blue, &flag, "c7");
    let c = check_deployment(Side::Blue, &blue).unwrap();
    assert_eq!(codes(&c), ["flag-off-headquarters"]);
    assert_eq!(c.problems[0].point.as_deref(), Some("c7"));

    // Two rules at once, both named.
    let mut red = pairs(Side::Red, DEFAULT_DEPLOYMENT);
    swap(&mut red, "b1", "a6");
    swap(&mut red, "a1", "e6");
    let c = check_deployment(Side::Red, &red).unwrap();
    assert_eq!(codes(&c), ["flag-off-headquarters", "mine-off-back-rows"]);
}

#[test]
fn camps_other_halves_doubles_and_counts_are_named() {
    let mut red = pairs(Side::Red, DEFAULT_DEPLOYMENT);
    red[0].0 = "b3".into(); // a camp
    let c = check_deployment(Side::Red, &red).unwrap();
    assert_eq!(codes(&c), ["camp"]);
    assert_eq!(c.problems[0].point.as_deref(), Some("b3"));

    let mut red = pairs(Side::Red, DEFAULT_DEPLOYMENT);
    red[0].0 = "a7".into();
    assert_eq!(
        codes(&check_deployment(Side::Red, &red).unwrap()),
        ["outside-half"]
    );

    let mut red = pairs(Side::Red, DEFAULT_DEPLOYMENT);
    red[1].0 = red[0].0.clone();
    assert_eq!(
        codes(&check_deployment(Side::Red, &red).unwrap()),
        ["two-on-one-point"]
    );

    let mut red = pairs(Side::Red, DEFAULT_DEPLOYMENT);
    let i = red.iter().position(|p| p.1 == "E").unwrap();
    red[i].1 = "S".into();
    let c = check_deployment(Side::Red, &red).unwrap();
    assert_eq!(codes(&c), ["wrong-count", "wrong-count"]);
    let s = &c.problems.iter().find(|p| p.kind == Some('S')).unwrap();
    assert_eq!((s.count, s.wanted), (Some(2), Some(Kind::Marshal.count())));

    let red: Vec<_> = pairs(Side::Red, DEFAULT_DEPLOYMENT)
        .into_iter()
        .skip(1)
        .collect();
    let c = check_deployment(Side::Red, &red).unwrap();
    assert_eq!(codes(&c), ["wrong-count"]);
    assert!(check_deployment(Side::Red, &[("zz".into(), "S".into())]).is_err());
    assert!(check_deployment(Side::Red, &[("a1".into(), "Q".into())]).is_err());
}

#[test]
fn every_agent_answers_a_legal_move_under_node_limits() {
    for agent in ["search", "heuristic", "random"] {
        let r = engine_reply("", "c5b5", agent, 9).unwrap();
        let m = r.best_move.unwrap();
        let mut s = LzSession::new("").unwrap();
        s.play(0, "c5b5").unwrap();
        assert!(
            s.view(1).unwrap().legal.iter().any(|l| l.ascii == m),
            "{agent} {m}"
        );
        assert_eq!(r.agent, agent);
        assert!(r.nodes <= ENGINE_NODES + 1_000);
    }
    assert!(matches!(
        engine_reply("", "", "deep-blue", 1),
        Err(LzError::Agent(_))
    ));
}

#[test]
fn sides_parse() {
    assert_eq!(parse_side("blue").unwrap(), Side::Blue);
    assert_eq!(parse_side("r").unwrap(), Side::Red);
    assert!(matches!(parse_side("green"), Err(LzError::Side(_))));
}

// ---- 暗棋 (L-31) ------------------------------------------------------------------------

mod dark_play {
    use luzhanqi::dark::{DarkGame, DarkRules};
    use luzhanqi::deploy::{DEFAULT_DEPLOYMENT, Deployment};
    use luzhanqi::{Kind, Side};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use crate::lz::LzError;
    use crate::lz::dark::{DARK_ENGINE_NODES, LzDarkSession, dark_beliefs, player_view};

    /// Every enemy kind's letter and name as the page could write them (both cases, the
    /// characters of L-5 are the page's business: the Rust side sends letters only).
    fn assert_no_enemy_kind(json: &str, enemy: Side) {
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        let enemy = crate::lz::side_name(enemy);
        for p in v["pieces"].as_array().unwrap() {
            if p["side"] == enemy {
                assert!(p["letter"].is_null(), "an enemy kind sent: {p}");
                assert!(p["id"].is_string(), "{p}");
            } else {
                assert!(p["letter"].is_string(), "{p}");
            }
        }
        // The history holds moves and results only: no record form (which names the mover's kind).
        for a in v["history"].as_array().unwrap() {
            let keys: Vec<&String> = a.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["ascii", "combat", "flags", "side", "text"], "{a}");
        }
    }

    /// L-31: the person's view is a function of what it was told. Two games with the same
    /// Red deployment and different Blue deployments, the same quiet moves played: Red's
    /// views are identical, byte for byte.
    #[test]
    fn the_view_does_not_depend_on_the_enemy_kinds() {
        let red: Deployment = DEFAULT_DEPLOYMENT.parse().unwrap();
        let mut rng = StdRng::seed_from_u64(11);
        let (b1, b2) = (Deployment::random(&mut rng), Deployment::random(&mut rng));
        assert_ne!(b1, b2);
        let mut g1 = DarkGame::new(&red, &b1, Side::Red, DarkRules::STANDARD).unwrap();
        let mut g2 = DarkGame::new(&red, &b2, Side::Red, DarkRules::STANDARD).unwrap();
        let mut played = 0;
        for _ in 0..30 {
            let (l1, l2) = (g1.game().legal_moves(), g2.game().legal_moves());
            let quiet: Vec<_> = l1
                .iter()
                .filter(|m| l2.contains(m) && g1.game().position().piece_at(m.to).is_none())
                .copied()
                .collect();
            if quiet.is_empty() {
                break;
            }
            let m = quiet[rng.random_range(0..quiet.len())];
            g1.play(m).unwrap();
            g2.play(m).unwrap();
            played += 1;
            let (v1, v2) = (
                serde_json::to_string(&player_view(g1.info_state(Side::Red))).unwrap(),
                serde_json::to_string(&player_view(g2.info_state(Side::Red))).unwrap(),
            );
            assert_eq!(v1, v2);
            assert_no_enemy_kind(&v1, Side::Blue);
        }
        assert!(played >= 10, "only {played} common quiet moves");
    }

    /// A whole game against the engine: before the end no view names an enemy kind and the
    /// true game is refused; after it, the referee's record reads as an open game.
    #[test]
    fn a_game_to_the_end_shows_the_enemy_only_after_it() {
        for (side, agent, seed) in [
            (Side::Red, "heuristic", 3u32),
            (Side::Blue, "random", 4),
            (Side::Red, "ismcts", 5),
        ] {
            let mut game =
                LzDarkSession::new(DEFAULT_DEPLOYMENT, side, Side::Red, agent, u64::from(seed))
                    .unwrap();
            let mut rng = StdRng::seed_from_u64(u64::from(seed));
            let mut plies = 0;
            while !game.is_over() && plies < 600 {
                let view = game.view();
                let json = serde_json::to_string(&view).unwrap();
                assert_no_enemy_kind(&json, side.other());
                assert!(matches!(game.referee_record(), Err(LzError::NotOver)));
                if view.turn == crate::lz::side_name(side) {
                    let m = &view.legal[rng.random_range(0..view.legal.len())];
                    game.play(&m.ascii).unwrap();
                } else {
                    // Out of turn: refused, typed.
                    let any = "a6a7";
                    assert!(matches!(game.play(any), Err(LzError::NotYourTurn { .. })));
                    let reply = game.engine_move().unwrap();
                    assert!(reply.best_move.is_some());
                    if agent == "ismcts" {
                        assert!(reply.nodes <= DARK_ENGINE_NODES + 500, "{}", reply.nodes);
                    }
                    assert_no_enemy_kind(
                        &serde_json::to_string(&reply.view).unwrap(),
                        side.other(),
                    );
                }
                plies += 1;
                if agent == "ismcts" && plies >= 12 {
                    break; // the search's moves are slow in a debug build: a few suffice
                }
            }
            if agent == "ismcts" {
                continue;
            }
            assert!(game.is_over(), "{agent}: no end in 600 plies");
            let view = game.view();
            assert!(view.outcome.is_some());
            assert!(view.legal.is_empty());
            let file = game.referee_record().unwrap();
            let open = crate::lz::LzSession::from_game_file(&file).unwrap();
            assert_eq!(open.plies(), view.plies);
            // The person's record holds its own deployment, not the enemy's.
            let mine = game.player_record().unwrap();
            assert!(mine.contains("Mode \"dark\""), "{mine}");
        }
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        let e = LzDarkSession::new(DEFAULT_DEPLOYMENT, Side::Red, Side::Red, "oracle", 1);
        assert!(matches!(e, Err(LzError::DarkAgent(ref a)) if a == "oracle"));
        let e = LzDarkSession::new("LFLCP", Side::Red, Side::Red, "random", 1);
        assert!(matches!(
            e,
            Err(LzError::DeploymentString { side: "red", .. })
        ));
        let mut g =
            LzDarkSession::new(DEFAULT_DEPLOYMENT, Side::Red, Side::Red, "random", 1).unwrap();
        assert!(matches!(g.play("zz"), Err(LzError::MoveSyntax { .. })));
        // The flag never moves (L-6): refused with its ply.
        assert!(matches!(
            g.play("b1a1"),
            Err(LzError::Refused { ply: 1, .. })
        ));
        // It is Red's turn: the engine (Blue) does not move.
        assert_eq!(g.engine_move().unwrap().best_move, None);
        assert!(matches!(dark_beliefs("x"), Err(LzError::InfoState(_))));
    }

    /// The person resigns (the page's 认输): the engine's side wins, nothing more is played,
    /// and the referee's record (the true game, L-31) is given with the resignation's result;
    /// a second resignation is refused, typed.
    #[test]
    fn a_resignation_ends_the_dark_game_and_opens_its_record() {
        for side in [Side::Red, Side::Blue] {
            let mut g =
                LzDarkSession::new(DEFAULT_DEPLOYMENT, side, Side::Red, "random", 9).unwrap();
            if side == Side::Red {
                g.play("c6c7").unwrap();
            }
            g.engine_move().unwrap();
            assert!(matches!(g.referee_record(), Err(LzError::NotOver)));
            let view = g.resign().unwrap();
            let end = view.outcome.expect("an outcome");
            assert_eq!(end.winner, Some(crate::lz::side_name(side.other())));
            assert_eq!(end.reason, "resignation");
            assert!(view.legal.is_empty());
            assert!(g.is_over());
            assert!(matches!(g.resign(), Err(LzError::NotYourTurn { .. })));
            assert!(matches!(g.play("a6a7"), Err(LzError::NotYourTurn { .. })));
            assert_eq!(g.engine_move().unwrap().best_move, None);
            let record = g.referee_record().unwrap();
            let token = if side == Side::Red { "0-1" } else { "1-0" };
            assert!(
                record.contains(&format!("[Result \"{token}\"]")),
                "{record}"
            );
            assert!(record.contains("[Termination \"resignation\"]"), "{record}");
            assert!(record.contains("[Mode \"dark\"]"), "{record}");
            // It reads back as the true game: both deployments and the moves played.
            let back = luzhanqi::dark::record::read_referee_record(&record).unwrap();
            assert_eq!(back.history().len(), g.view().plies);
        }
    }

    /// The beliefs of the person's state: one per enemy piece on the board, each a
    /// distribution; an engineer that attacked and was removed with Red's engineer is an
    /// engineer or a bomb (L-8, L-9).
    #[test]
    fn beliefs_are_distributions_over_the_kinds() {
        let d: Deployment = DEFAULT_DEPLOYMENT.parse().unwrap();
        let mut g = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD).unwrap();
        g.play("c5b5".parse().unwrap()).unwrap();
        g.play("c7c6".parse().unwrap()).unwrap(); // both removed
        let state = g.info_state(Side::Red).to_string();
        let b = dark_beliefs(&state).unwrap();
        assert!(b.exact);
        assert_eq!(b.pieces.len(), 24);
        for p in &b.pieces {
            let sum: f64 = p.kinds.iter().map(|k| k.1).sum();
            assert!((sum - 1.0).abs() < 1e-9, "{p:?}");
            assert!(
                p.kinds
                    .iter()
                    .any(|k| k.0 == p.letter && k.1 == p.probability)
            );
        }
        // An unmoved piece on Blue's back headquarters may be the flag; one on the front
        // row is never a landmine (L-17).
        let hq = b.pieces.iter().find(|p| p.point == "b12").unwrap();
        assert!(hq.kinds.iter().any(|k| k.0 == Kind::Flag.letter()));
        let front = b.pieces.iter().find(|p| p.point == "a7").unwrap();
        assert!(front.kinds.iter().all(|k| k.0 != Kind::Landmine.letter()));
    }
}

mod flip_play {
    use luzhanqi::flip::{FlipDeal, Player};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use crate::lz::LzError;
    use crate::lz::flip::{LzFlipSession, parse_player};

    /// The letters of the pieces still face down under the deal of `seed` cannot be told from
    /// the view: a face-down point is a bare label, and the view's JSON holds no piece at it.
    fn assert_no_face_down_kind(json: &str) {
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        let down: Vec<&str> = v["faceDown"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        for p in v["pieces"].as_array().unwrap() {
            assert!(!down.contains(&p["point"].as_str().unwrap()), "{p}");
        }
        // The state string shows face-down points as `?` only.
        let board = v["position"].as_str().unwrap().split(' ').next().unwrap();
        let questions = board.chars().filter(|&c| c == '?').count();
        assert_eq!(questions, down.len());
    }

    /// L-32: a flip reveals the piece the deal put there; the engine answers (the search under
    /// node limits, never reading a clock); the view never holds a face-down kind.
    #[test]
    fn a_flip_game_against_each_agent_deals_flips_and_answers() {
        for (agent, seed) in [("search", 5u32), ("heuristic", 6), ("random", 7)] {
            let deal = FlipDeal::random(&mut StdRng::seed_from_u64(u64::from(seed)));
            let mut g = LzFlipSession::new(Player::First, agent, u64::from(seed)).unwrap();
            let v = g.current();
            assert_eq!(
                (v.face_down.len(), v.flips.len(), v.pieces.len()),
                (50, 50, 0)
            );
            assert!(v.your_turn && v.you.is_none() && v.first_colour.is_none());
            let v = g.play("c6").unwrap();
            let dealt = deal.piece_at("c6".parse().unwrap()).unwrap();
            assert_eq!(v.pieces.len(), 1);
            assert_eq!(v.pieces[0].letter, dealt.letter());
            // first_flip (the mode's default): the first player plays the colour it flipped.
            assert_eq!(v.you, Some(crate::lz::side_name(dealt.side)));
            assert_eq!(v.history[0].text, format!("c6={}", dealt.letter()));
            assert!(!v.your_turn);
            assert_no_face_down_kind(&serde_json::to_string(&v).unwrap());
            for _ in 0..6 {
                let r = g.engine_move().unwrap();
                assert_eq!(r.agent, agent);
                let a = r.action.expect("the engine's turn");
                assert!(r.view.history.last().unwrap().action == a);
                assert_no_face_down_kind(&serde_json::to_string(&r.view).unwrap());
                if r.view.outcome.is_some() {
                    break;
                }
                // The person flips the first face-down point, or moves.
                let next = r
                    .view
                    .flips
                    .first()
                    .cloned()
                    .unwrap_or_else(|| r.view.legal[0].ascii.clone());
                g.play(&next).unwrap();
            }
            // Every flip revealed the piece the deal put on its point.
            for p in &g.current().history {
                if p.action.len() <= 3 {
                    let dealt = deal.piece_at(p.action.parse().unwrap()).unwrap();
                    assert_eq!(p.text, format!("{}={}", p.action, dealt.letter()));
                }
            }
            let text = g.game_file().unwrap();
            assert!(text.contains("[Mode \"flip\"]"), "{text}");
            let back = LzFlipSession::from_game_file(&text).unwrap();
            assert_eq!(back.current().position, g.current().position);
            assert_eq!(
                back.view(1).unwrap().history[0].text,
                format!("c6={}", dealt.letter())
            );
        }
    }

    /// The view does not depend on the pieces still face down: two deals that put the same
    /// piece on c6 (and differ elsewhere) give the same view, byte for byte, before and after
    /// c6 is flipped.
    #[test]
    fn the_view_does_not_depend_on_the_face_down_pieces() {
        let c6 = "c6".parse().unwrap();
        let deal = |seed: u32| FlipDeal::random(&mut StdRng::seed_from_u64(u64::from(seed)));
        let other = (2..500u32)
            .find(|&s| deal(s).piece_at(c6) == deal(1).piece_at(c6) && deal(s) != deal(1))
            .expect("a second deal with the same piece on c6");
        let mut a = LzFlipSession::new(Player::First, "random", 1).unwrap();
        let mut b = LzFlipSession::new(Player::First, "random", u64::from(other)).unwrap();
        let json = |v: &crate::lz::flip::FlipView| serde_json::to_string(v).unwrap();
        assert_eq!(json(&a.current()), json(&b.current()));
        assert_eq!(json(&a.play("c6").unwrap()), json(&b.play("c6").unwrap()));
    }

    /// The engine moves first when the person is the second player; the person's colour is
    /// the other's.
    #[test]
    fn the_engine_opens_for_a_second_player() {
        let mut g = LzFlipSession::new(Player::Second, "heuristic", 3).unwrap();
        assert!(!g.current().your_turn);
        assert!(matches!(g.play("c6"), Err(LzError::NotYourTurn { ply: 1 })));
        let r = g.engine_move().unwrap();
        assert!(r.action.is_some());
        let v = r.view;
        assert!(v.your_turn);
        assert_eq!(v.player, Some("second"));
        assert_ne!(v.you, v.first_colour);
        assert!(v.you.is_some());
        // Not the engine's turn now: nothing played.
        assert_eq!(g.engine_move().unwrap().action, None);
    }

    /// Issue 50 item 22: a resignation in flip play reaches the game file (`Result`,
    /// `Termination`), read back by the library; before the colours settle (L-32) nobody is
    /// named and the result is `*`. Nothing is played after it.
    #[test]
    fn a_resignation_reaches_the_flip_game_file() {
        let mut g = LzFlipSession::new(Player::First, "random", 4).unwrap();
        let early = LzFlipSession::new(Player::First, "random", 4)
            .unwrap()
            .resign()
            .unwrap();
        assert_eq!((early.winner, early.result.as_str()), (None, "*"));
        g.play("c6").unwrap();
        g.engine_move().unwrap();
        let you = g.colour().expect("settled after the first flip");
        let end = g.resign().unwrap();
        assert_eq!(end.winner, Some(crate::lz::side_name(you.other())));
        assert_eq!(end.reason, "resignation");
        assert!(g.is_over());
        assert!(matches!(g.resign(), Err(LzError::NotYourTurn { .. })));
        assert!(matches!(g.play("c5"), Err(LzError::NotYourTurn { .. })));
        assert_eq!(g.engine_move().unwrap().action, None);
        let file = g.game_file().unwrap();
        assert!(
            file.contains(&format!("[Result \"{}\"]", end.result)),
            "{file}"
        );
        assert!(file.contains("[Termination \"resignation\"]"), "{file}");
        let back = luzhanqi::flip::record::read_flip_record(&file).unwrap();
        assert_eq!(back.result.to_string(), end.result);
        // A review of the file writes it again with its result.
        let again = LzFlipSession::from_game_file(&file)
            .unwrap()
            .game_file()
            .unwrap();
        assert!(
            again.contains(&format!("[Result \"{}\"]", end.result)),
            "{again}"
        );
        assert!(again.contains("[Termination \"resignation\"]"), "{again}");
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        assert!(matches!(
            LzFlipSession::new(Player::First, "oracle", 1),
            Err(LzError::Agent(ref a)) if a == "oracle"
        ));
        assert!(matches!(parse_player("third"), Err(LzError::Player(_))));
        assert_eq!(parse_player("second").unwrap(), Player::Second);
        let mut g = LzFlipSession::new(Player::First, "random", 1).unwrap();
        assert!(matches!(g.play("zz"), Err(LzError::MoveSyntax { .. })));
        // A camp holds no piece to flip; every action is a flip before the colours settle.
        assert!(matches!(
            g.play("b3"),
            Err(LzError::FlipRefused { ply: 1, .. })
        ));
        assert!(matches!(
            g.view(1),
            Err(LzError::NoSuchPly { ply: 1, plies: 0 })
        ));
        let e =
            LzFlipSession::from_game_file("[Game \"luzhanqi\"]\n[Mode \"flip\"]\n\n1. b3=E *\n")
                .unwrap_err();
        assert!(
            matches!(e, LzError::FlipRecord(ref m) if m.contains("4:")),
            "{e}"
        );
        // A review has no engine and takes no action.
        let mut r = LzFlipSession::from_game_file(&g.game_file().unwrap()).unwrap();
        assert!(matches!(r.engine_move(), Err(LzError::NotYourTurn { .. })));
        assert!(matches!(r.play("c6"), Err(LzError::NotYourTurn { .. })));
    }
}

/// Issue 50 item 22: a resignation in open play reaches the game file (`Result`,
/// `Termination`), which the library reads back; no move is taken after it, and a game the
/// rules ended cannot be resigned.
#[test]
fn a_resignation_reaches_the_open_game_file() {
    for (winner, token) in [
        (Some(Side::Blue), "0-1"),
        (Some(Side::Red), "1-0"),
        (None, "*"),
    ] {
        let mut s = LzSession::new("").unwrap();
        s.play(0, "c6c7").unwrap();
        let end = s.resign(winner).unwrap();
        assert_eq!((end.reason, end.result.as_str()), ("resignation", token));
        assert!(matches!(
            s.resign(winner),
            Err(LzError::NotYourTurn { ply: 2 })
        ));
        assert!(matches!(
            s.play(1, "a6a7"),
            Err(LzError::NotYourTurn { ply: 2 })
        ));
        for form in ["simplified", "ascii"] {
            let file = s.game_file(form).unwrap();
            assert!(file.contains(&format!("[Result \"{token}\"]")), "{file}");
            assert!(file.contains("[Termination \"resignation\"]"), "{file}");
            let back = luzhanqi::game_file::read_games(file.as_bytes()).unwrap();
            assert_eq!(back[0].result.to_string(), token);
            assert_eq!(back[0].game.moves().len(), 1);
            // Reviewed, the file is written again with its stated result; a move played on
            // from it drops that result.
            let mut review = LzSession::from_game_file(&file).unwrap();
            let again = review.game_file(form).unwrap();
            assert!(again.contains(&format!("[Result \"{token}\"]")), "{again}");
            assert!(again.contains("[Termination \"resignation\"]"), "{again}");
            let blue = review.view(1).unwrap().legal[0].ascii.clone();
            review.play(1, &blue).unwrap();
            let on = review.game_file(form).unwrap();
            assert!(
                on.contains("[Result \"*\"]") && !on.contains("Termination"),
                "{on}"
            );
        }
    }
}
