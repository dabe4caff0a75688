//! Tests of dark play against random games: every state a referee tells is valid, round-trips,
//! and holds the true world.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;
use crate::deploy::Deployment;
use crate::{Ruleset, Side};

/// A random dark game of up to `plies` moves from random deployments.
pub(crate) fn random_game(seed: u64, plies: usize, rules: DarkRules) -> DarkGame {
    let mut rng = StdRng::seed_from_u64(seed);
    let red = Deployment::random(&mut rng);
    let blue = Deployment::random(&mut rng);
    let first = if rng.random_bool(0.5) {
        Side::Red
    } else {
        Side::Blue
    };
    let mut g = DarkGame::new(&red, &blue, first, rules).expect("legal deployments");
    g.play_random(&mut rng, plies);
    g
}

/// The true kind of each enemy piece of `side`'s state, in `Knowledge::ids` order.
pub(crate) fn true_kinds(g: &DarkGame, side: Side) -> [crate::Kind; 25] {
    g.deployment(side.other()).pieces
}

fn short_rules() -> DarkRules {
    DarkRules {
        rules: Ruleset {
            no_combat_limit: 30,
            ..Ruleset::STANDARD
        },
        marshal_reveals_flag: true,
    }
}

#[test]
fn l31_every_told_state_is_valid_round_trips_and_holds_the_truth() {
    for seed in 0..40 {
        let rules = if seed % 2 == 0 {
            short_rules()
        } else {
            DarkRules::STANDARD
        };
        let g = random_game(seed, 400, rules);
        for side in Side::ALL {
            let full = g.info_state(side);
            for ply in (0..=full.plies()).step_by(7).chain([full.plies()]) {
                let s = full.at_ply(ply);
                let k = s
                    .validate()
                    .unwrap_or_else(|e| panic!("seed {seed} {side} ply {ply}: {e}\n{s}"));
                let text = s.to_string();
                assert_eq!(InfoState::parse_with(&text, rules).unwrap(), s, "{text}");
                let truth = true_kinds(&g, side);
                for (j, d) in k.domains().iter().enumerate() {
                    assert!(
                        d.contains(truth[j]),
                        "seed {seed} {side} ply {ply}: piece {j} {:?} not in {d}",
                        truth[j]
                    );
                }
                if let Some(ex) = k.excluded() {
                    assert!(
                        (0..25).any(|j| !ex[j].contains(truth[j])),
                        "seed {seed} {side} ply {ply}: the truth is excluded"
                    );
                }
            }
        }
    }
}

#[test]
fn l31_the_view_knows_the_legal_moves() {
    for seed in 0..20 {
        let mut rng = StdRng::seed_from_u64(seed);
        let red = Deployment::random(&mut rng);
        let blue = Deployment::random(&mut rng);
        let mut g = DarkGame::new(&red, &blue, Side::Red, DarkRules::STANDARD).unwrap();
        while g.outcome().is_none() && g.game().moves().len() < 300 {
            let side = g.turn();
            let view = g.view(side);
            assert_eq!(view.legal_moves(), g.game().legal_moves(), "seed {seed}");
            assert!(g.view(side.other()).legal_moves().is_empty());
            let (own, enemy) = view.occupied();
            assert_eq!(own, g.game().position().side_pieces(side));
            assert_eq!(enemy, g.game().position().side_pieces(side.other()));
            let moves = view.legal_moves();
            g.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
}

#[test]
fn l31_a_dead_marshal_shows_its_flag() {
    // Red's marshal (the default deployment's, on e5) walks into Blue's; find a game where a
    // marshal dies and check the flag point shown is the true flag's.
    let mut seen = 0;
    for seed in 0..60 {
        let g = random_game(seed, 600, DarkRules::STANDARD);
        for (i, a) in g.history().iter().enumerate() {
            for side in Side::ALL {
                if let Some(p) = a.flag_shown[side.index()] {
                    seen += 1;
                    let mut replay = crate::Game::new(g.game().start().clone());
                    for m in &g.game().moves()[..=i] {
                        replay.play(*m).unwrap();
                    }
                    assert_eq!(
                        replay.position().piece_at(p),
                        Some(crate::Piece::new(side, crate::Kind::Flag))
                    );
                    assert!(g.game().start().pieces(side, crate::Kind::Marshal).count() == 1);
                }
            }
        }
    }
    assert!(seen > 0, "no marshal died in 60 games");
    // With the option off, nothing is shown.
    let rules = DarkRules {
        marshal_reveals_flag: false,
        ..DarkRules::STANDARD
    };
    for seed in 0..30 {
        let g = random_game(seed, 600, rules);
        assert!(g.history().iter().all(|a| a.flag_shown == [None, None]));
    }
}

#[test]
fn l12_dark_takes_flag_capture_any_only() {
    let d: Deployment = crate::deploy::DEFAULT_DEPLOYMENT.parse().unwrap();
    let rules = DarkRules {
        rules: Ruleset {
            flag_capture: crate::FlagCapture::AfterMines,
            ..Ruleset::STANDARD
        },
        marshal_reveals_flag: true,
    };
    assert_eq!(
        DarkGame::new(&d, &d, Side::Red, rules).unwrap_err(),
        DarkError::FlagCapture
    );
}

#[test]
fn impossible_states_are_refused_with_their_field() {
    let d = crate::deploy::DEFAULT_DEPLOYMENT;
    let cases = [
        // Red moves a landmine (a1 holds L).
        (format!("r r {d} a1a2"), 4),
        // Blue moves from its camp b8, which is empty at the start.
        (format!("b r {d} c5b5 b8b7"), 5),
        // An attack told on an empty point.
        (format!("r r {d} c5b5>"), 4),
        // A move onto an enemy told as quiet.
        (format!("r r {d} c6c7"), 4),
        // Red's engineer kills Blue's engineer… and the game ends by flag capture.
        (format!("r r {d} c6c7>#red:flag-captured"), 4),
        // A flag shown with no marshal removed.
        (format!("r r {d} c6c7=!b12"), 4),
        // The piece on b12 (Blue's flag point?) moves: hq_lock.
        (format!("r b {d} b12b11"), 4),
        // A blue piece turns on the railway twice: engineer… then shown to be the flag.
        (format!("r r {d} c5b5 a7a8"), 5),
    ];
    for (text, field) in cases {
        match text.parse::<InfoState>() {
            Err(InfoStateError::Impossible { field: f, .. }) => assert_eq!(f, field, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn malformed_states_say_what_and_where() {
    let d = crate::deploy::DEFAULT_DEPLOYMENT;
    assert_eq!(
        "r r".parse::<InfoState>().unwrap_err(),
        InfoStateError::Header
    );
    assert!(matches!(
        format!("x r {d}").parse::<InfoState>(),
        Err(InfoStateError::Side { field: 1, .. })
    ));
    assert!(matches!(
        format!("r r {d} c5b5?").parse::<InfoState>(),
        Err(InfoStateError::Suffix {
            field: 4,
            column: 5,
            ..
        })
    ));
    assert!(matches!(
        format!("r r {d} c6c7=#red:no-such").parse::<InfoState>(),
        Err(InfoStateError::End { field: 4, .. })
    ));
    assert!(matches!(
        format!("r r {d} c6c7=!z9").parse::<InfoState>(),
        Err(InfoStateError::Point { field: 4, .. })
    ));
    assert!(matches!(
        format!("r r {d} c6").parse::<InfoState>(),
        Err(InfoStateError::Move { field: 4, .. })
    ));
}
