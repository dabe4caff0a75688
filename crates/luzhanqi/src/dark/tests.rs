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

mod worlds {
    use std::collections::HashMap;

    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::*;
    use super::{random_game, short_rules, true_kinds};
    use crate::deploy::Deployment;
    use crate::{Kind, Side};

    /// Whether `kinds` lies in the sampler's model: domains, L-5's counts, not all excluded.
    fn in_model(k: &Knowledge, kinds: &[Kind; 25]) -> bool {
        let mut counts = [0u32; 12];
        for (j, kind) in kinds.iter().enumerate() {
            if !k.domains()[j].contains(*kind) {
                return false;
            }
            counts[kind.index()] += 1;
        }
        Kind::ALL.iter().all(|x| counts[x.index()] == x.count())
            && k.excluded()
                .is_none_or(|e| (0..25).any(|j| !e[j].contains(kinds[j])))
    }

    #[test]
    fn l31_the_model_is_the_referees_consistency() {
        // Worlds near the truth (two pieces' kinds swapped, three rotated): the model says
        // consistent exactly when the replay does.
        let mut rng = StdRng::seed_from_u64(99);
        let (mut agree_in, mut agree_out) = (0, 0);
        for seed in 0..24 {
            let rules = if seed % 2 == 0 {
                short_rules()
            } else {
                DarkRules::STANDARD
            };
            let g = random_game(seed, 300, rules);
            for side in Side::ALL {
                let full = g.info_state(side);
                for ply in [0, 5, 20, 60, full.plies()] {
                    let s = full.at_ply(ply);
                    let k = s.validate().unwrap();
                    for _ in 0..40 {
                        let mut kinds = true_kinds(&g, side);
                        let (a, b, c) = (
                            rng.random_range(0..25),
                            rng.random_range(0..25),
                            rng.random_range(0..25),
                        );
                        kinds.swap(a, b);
                        if rng.random_bool(0.5) {
                            kinds.swap(b, c);
                        }
                        let d = Deployment { pieces: kinds };
                        let model = in_model(&k, &kinds) && d.check().is_ok();
                        let replay = check_world(&s, &d);
                        assert_eq!(
                            model,
                            replay.is_ok(),
                            "seed {seed} {side} ply {ply}: {replay:?}\n{s}"
                        );
                        if model { agree_in += 1 } else { agree_out += 1 }
                    }
                }
            }
        }
        assert!(agree_in > 100 && agree_out > 100, "{agree_in} {agree_out}");
    }

    #[test]
    fn l31_every_drawn_world_replays_to_the_state() {
        let mut rng = StdRng::seed_from_u64(5);
        for seed in 0..12 {
            let g = random_game(100 + seed, 200, short_rules());
            for side in Side::ALL {
                let full = g.info_state(side);
                for ply in [1, 20, 60, 120, full.plies()] {
                    let s = full.at_ply(ply);
                    let sampler = WorldSampler::new(&s).unwrap();
                    for _ in 0..10 {
                        let world = sampler.draw(&mut rng).unwrap();
                        let replayed =
                            replay_world(&s, &world).unwrap_or_else(|e| panic!("{e}\n{s}"));
                        assert_eq!(replayed.info_state(side), &s);
                    }
                }
            }
        }
    }

    /// Chi-square statistic of `seen` against the uniform distribution over `n` outcomes.
    fn chi_square(seen: &HashMap<[Kind; 25], u32>, n: usize, draws: u32) -> f64 {
        let e = f64::from(draws) / n as f64;
        let mut chi = 0.0;
        for c in seen.values() {
            chi += (f64::from(*c) - e).powi(2) / e;
        }
        chi + (n - seen.len()) as f64 * e
    }

    /// Every assignment of the free pieces (all others fixed) within the domains and counts,
    /// not all in the excluded sets: brute force, independent of the counting.
    fn brute_force(dom: &[u16; 25], ex: Option<&[u16; 25]>) -> Vec<[Kind; 25]> {
        let mut out = Vec::new();
        let free: Vec<usize> = (0..25).filter(|&j| dom[j].count_ones() > 1).collect();
        let mut kinds = [Kind::Flag; 25];
        for j in 0..25 {
            if dom[j].count_ones() == 1 {
                kinds[j] = Kind::ALL[dom[j].trailing_zeros() as usize];
            }
        }
        let total = 12usize.pow(free.len() as u32);
        for mut code in 0..total {
            for &j in &free {
                kinds[j] = Kind::ALL[code % 12];
                code /= 12;
            }
            let ok_dom = (0..25).all(|j| dom[j] >> kinds[j].index() & 1 != 0);
            let ok_count = Kind::ALL
                .iter()
                .all(|k| kinds.iter().filter(|x| *x == k).count() as u32 == k.count());
            let ok_ex = ex.is_none_or(|e| (0..25).any(|j| e[j] >> kinds[j].index() & 1 == 0));
            if ok_dom && ok_count && ok_ex {
                out.push(kinds);
            }
        }
        out
    }

    #[test]
    fn l31_draws_are_uniform_against_brute_force() {
        let state: InfoState = format!("r r {}", crate::deploy::DEFAULT_DEPLOYMENT)
            .parse()
            .unwrap();
        let base: [Kind; 25] = crate::deploy::DEFAULT_DEPLOYMENT
            .parse::<Deployment>()
            .unwrap()
            .pieces;
        let mut rng = StdRng::seed_from_u64(2024);
        for case in 0..6 {
            // Five or six free pieces with random domains that hold their true kind; the
            // others fixed; in odd cases an excluded conjunction holding the truth.
            let mut dom = base.map(|k| 1u16 << k.index());
            let nfree = 5 + case % 2;
            let mut free = Vec::new();
            while free.len() < nfree {
                let j = rng.random_range(0..25);
                if !free.contains(&j) {
                    free.push(j);
                }
            }
            let kinds_free: u16 = free.iter().fold(0, |m, &j| m | 1 << base[j].index());
            for &j in &free {
                dom[j] |= kinds_free & rng.random_range(0..4096u16) | 1 << base[j].index();
            }
            let ex = (case % 2 == 1).then(|| {
                let mut e = [0xfffu16; 25];
                for &j in &free[..2] {
                    e[j] = 1 << base[j].index();
                }
                e
            });
            let worlds = brute_force(&dom, ex.as_ref());
            let s = WorldSampler::synthetic(&state, dom, ex);
            assert_eq!(s.count(), worlds.len() as u128, "case {case}");
            if worlds.len() < 2 {
                continue;
            }
            let draws = 200 * worlds.len() as u32;
            let mut seen: HashMap<[Kind; 25], u32> = HashMap::new();
            for _ in 0..draws {
                let d = s.draw_once(&mut rng);
                assert!(worlds.contains(&d.pieces));
                *seen.entry(d.pieces).or_default() += 1;
            }
            // Degrees of freedom n − 1; the 0.999 quantile is below df + 4.5·√(2·df) + 10.
            let df = (worlds.len() - 1) as f64;
            let chi = chi_square(&seen, worlds.len(), draws);
            assert!(
                chi < df + 4.5 * (2.0 * df).sqrt() + 10.0,
                "case {case}: chi² {chi} df {df}"
            );
            // The exact beliefs are the brute force's marginals.
            let b = Beliefs::exact(&s);
            for j in 0..25 {
                for k in Kind::ALL {
                    let n = worlds.iter().filter(|w| w[j] == k).count() as f64;
                    let p = b.pieces()[j].probabilities[k.index()];
                    assert!(
                        (p - n / worlds.len() as f64).abs() < 1e-12,
                        "case {case} piece {j} {k:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn l18_before_any_move_every_deployment_is_a_world() {
        let state: InfoState = format!("b r {}", crate::deploy::DEFAULT_DEPLOYMENT)
            .parse()
            .unwrap();
        let s = WorldSampler::new(&state).unwrap();
        assert_eq!(s.count(), u128::from(Deployment::count()));
        let b = Beliefs::exact(&s);
        // L-18's marginals: the flag on either headquarters; a front-row piece never a bomb.
        let flag: f64 = b
            .pieces()
            .iter()
            .map(|p| p.probabilities[Kind::Flag.index()])
            .sum();
        assert!((flag - 1.0).abs() < 1e-12);
        let c6 = b.piece("c6".parse().unwrap()).unwrap();
        assert_eq!(c6.probabilities[Kind::Bomb.index()], 0.0);
        assert_eq!(c6.probabilities[Kind::Landmine.index()], 0.0);
    }
}

mod records {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::*;
    use super::{random_game, short_rules, true_kinds};
    use crate::deploy::Deployment;
    use crate::{Kind, Side};

    #[test]
    fn l22_records_round_trip() {
        for seed in 0..12 {
            let rules = if seed % 2 == 0 {
                short_rules()
            } else {
                DarkRules::STANDARD
            };
            let g = random_game(300 + seed, 250, rules);
            let text = record::referee_record(&g).unwrap();
            let back = record::read_referee_record(&text).unwrap();
            assert_eq!(back.history(), g.history(), "{text}");
            assert_eq!(back.game().position(), g.game().position());
            for side in Side::ALL {
                let text = record::player_record(g.info_state(side)).unwrap();
                let back =
                    record::read_player_record(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(&back, g.info_state(side));
            }
        }
    }

    #[test]
    fn l22_a_bad_player_record_says_where() {
        let d = crate::deploy::DEFAULT_DEPLOYMENT;
        let head = format!(
            "[Game \"luzhanqi\"]\n[Mode \"dark\"]\n[Player \"red\"]\n[Deployment \"{d}\"]\n[FirstMover \"red\"]\n\n"
        );
        let e = record::read_player_record(&format!("{head}1. c6c7 {{flag z9}} *\n")).unwrap_err();
        assert!(
            matches!(e, record::RecordError::Comment { at, .. } if at.line == 7),
            "{e}"
        );
        let e = record::read_player_record(&format!("{head}1. c6c7 *\n")).unwrap_err();
        assert!(
            matches!(
                e,
                record::RecordError::State(InfoStateError::Impossible { ply: 1, .. })
            ),
            "{e}"
        );
        let e = record::read_player_record(&head.replace("[Mode \"dark\"]\n", "")).unwrap_err();
        assert!(
            matches!(e, record::RecordError::Tag { tag: "Mode", .. }),
            "{e}"
        );
    }

    #[test]
    fn l31_two_worlds_with_one_information_state_look_the_same() {
        // For every enemy kind: a true world and a second one in which a piece of that kind
        // is swapped with a piece of another kind, both consistent with one side's state.
        // The side's view, record and information string are the same in both.
        let mut covered = [false; 12];
        let mut rng = StdRng::seed_from_u64(11);
        'games: for seed in 0..80 {
            let g = random_game(500 + seed, 120, DarkRules::STANDARD);
            for side in Side::ALL {
                let truth = true_kinds(&g, side);
                for _ in 0..200 {
                    let (a, b) = (rng.random_range(0..25), rng.random_range(0..25));
                    if truth[a] == truth[b] || covered[truth[a].index()] {
                        continue;
                    }
                    let mut other = truth;
                    other.swap(a, b);
                    let other = Deployment { pieces: other };
                    let Ok(world) = replay_world(g.info_state(side), &other) else {
                        continue;
                    };
                    covered[truth[a].index()] = true;
                    let (s1, s2) = (g.info_state(side), world.info_state(side));
                    assert_eq!(s1, s2);
                    assert_eq!(s1.to_string(), s2.to_string());
                    assert_eq!(g.view(side), world.view(side));
                    assert_eq!(
                        record::player_record(s1).unwrap(),
                        record::player_record(s2).unwrap()
                    );
                    // … while the referee's records differ.
                    assert_ne!(
                        record::referee_record(&g).unwrap(),
                        record::referee_record(&world).unwrap()
                    );
                    if covered.iter().all(|c| *c) {
                        break 'games;
                    }
                }
            }
        }
        let missing: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| !covered[k.index()])
            .collect();
        assert!(missing.is_empty(), "no two worlds found for {missing:?}");
    }
}

/// The `ccgc` preset in dark play (issue 51 item 1), states with no world (issue 50 item 11),
/// the announcements in the referee's record (issue 50 item 15).
mod variants {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::*;
    use super::{random_game, true_kinds};
    use crate::{DrawReason, Outcome, Ruleset, Side, WinReason};

    const CCGC: DarkRules = DarkRules {
        rules: Ruleset::CCGC,
        marshal_reveals_flag: true,
    };

    #[test]
    fn l15_ccgc_dark_games_end_as_the_preset_says_and_every_state_validates() {
        let mut by_limit = 0;
        for seed in 0..30 {
            let g = random_game(700 + seed, 600, CCGC);
            if let Some(Outcome::Decisive {
                winner,
                reason: WinReason::NoCombatLimit,
            }) = g.outcome()
            {
                by_limit += 1;
                // The mover of the last ply lost: the winner is the side to move.
                assert_eq!(winner, g.turn());
                assert!(g.game().position().plies_since_attack() >= 31);
            }
            for side in Side::ALL {
                let s = g.info_state(side);
                let k = s
                    .validate()
                    .unwrap_or_else(|e| panic!("seed {seed} {side}: {e}\n{s}"));
                assert_eq!(InfoState::parse_with(&s.to_string(), CCGC).unwrap(), *s);
                let truth = true_kinds(&g, side);
                for (j, d) in k.domains().iter().enumerate() {
                    assert!(d.contains(truth[j]), "seed {seed} {side}");
                }
                let sampler = WorldSampler::new(s).unwrap();
                let w = sampler.draw(&mut StdRng::seed_from_u64(seed)).unwrap();
                assert!(check_world(s, &w).is_ok(), "seed {seed} {side}");
            }
        }
        assert!(by_limit > 0, "no game of 30 ended by the no-combat limit");
    }

    #[test]
    fn l15_ccgc_a_state_that_goes_on_past_the_limit_or_ends_otherwise_is_refused() {
        // A game ended by the limit, its end rewritten as the draw of the standard result.
        let g = (0..40)
            .map(|seed| random_game(700 + seed, 600, CCGC))
            .find(|g| {
                matches!(
                    g.outcome(),
                    Some(Outcome::Decisive {
                        reason: WinReason::NoCombatLimit,
                        ..
                    })
                )
            })
            .expect("a game ended by the limit");
        let text = g.info_state(Side::Red).to_string();
        let winner = g.turn();
        let drawn = text.replace(
            &format!("#{winner}:no-combat-limit"),
            "#draw:no-combat-limit",
        );
        assert_ne!(drawn, text);
        assert!(matches!(
            InfoState::parse_with(&drawn, CCGC),
            Err(InfoStateError::Impossible { .. })
        ));
        let loser = winner.other();
        let swapped = text.replace(
            &format!("#{winner}:no-combat-limit"),
            &format!("#{loser}:no-combat-limit"),
        );
        assert!(InfoState::parse_with(&swapped, CCGC).is_err());
        // Under the standard rules the same announcements are not a game at all.
        assert!(InfoState::parse_with(&text, DarkRules::STANDARD).is_err());
        assert_eq!(
            "draw:both-stuck".parse::<Announcement>().ok(),
            None,
            "an end needs a move"
        );
        let a: Announcement = "c6c7#draw:both-stuck".parse().unwrap();
        assert_eq!(
            a.end,
            Some(Outcome::Draw {
                reason: DrawReason::BothStuck
            })
        );
    }

    #[test]
    fn l31_a_state_with_no_consistent_world_is_refused_at_parse_time() {
        // Issue 50 item 11. Without hq_lock, Blue's pieces on both headquarters b12 and d12
        // move: neither is the flag, and the flag stands on a headquarters (L-17): no
        // deployment fits, though each announcement alone could have been told.
        let rules = DarkRules {
            rules: Ruleset {
                hq_lock: false,
                ..Ruleset::STANDARD
            },
            marshal_reveals_flag: true,
        };
        let d = crate::deploy::DEFAULT_DEPLOYMENT;
        let one = format!("r r {d} c5b5 b11b10 b5c5 d11d10 c5b5 b12b11");
        assert!(
            InfoState::parse_with(&one, rules).is_ok(),
            "d12 may hold it"
        );
        let both = format!("{one} b5c5 d12d11");
        assert_eq!(
            InfoState::parse_with(&both, rules),
            Err(InfoStateError::NoWorld)
        );
        // The sampler says the same.
        let mut state = InfoState::parse_with(&one, rules).unwrap();
        for a in ["b5c5", "d12d11"] {
            state.push(a.parse().unwrap());
        }
        assert_eq!(state.validate(), Err(InfoStateError::NoWorld));
        assert!(matches!(
            WorldSampler::new(&state),
            Err(WorldError::NoWorld)
        ));
    }

    #[test]
    fn l31_the_parse_time_check_agrees_with_the_samplers_count() {
        // Random domains and excluded sets near the edge of feasibility: the matching says a
        // world exists exactly when the sampler's exact count is not zero.
        let d = crate::deploy::DEFAULT_DEPLOYMENT;
        let state: InfoState = format!("r r {d}").parse().unwrap();
        let mut rng = StdRng::seed_from_u64(5);
        let (mut yes, mut no) = (0, 0);
        for case in 0..40 {
            let p = [0.15, 0.25, 0.4][case % 3];
            let mut dom = [0u16; 25];
            for x in &mut dom {
                for k in 0..12 {
                    if rng.random_bool(p) {
                        *x |= 1 << k;
                    }
                }
                if *x == 0 {
                    *x = 1 << rng.random_range(0..12);
                }
            }
            let excluded = (case % 2 == 1).then(|| {
                std::array::from_fn(|_| {
                    if rng.random_bool(0.9) {
                        0x0fff
                    } else {
                        rng.random_range(0..0x1000u16)
                    }
                })
            });
            let sampler = WorldSampler::synthetic(&state, dom, excluded);
            let k = sampler.knowledge().with_sets(dom, excluded);
            let exists = sampler.count() > 0;
            assert_eq!(k.has_world(), exists, "case {case}: {dom:?} {excluded:?}");
            if exists {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 3 && no > 3, "{yes} feasible, {no} not");
    }

    #[test]
    fn l22_the_referees_record_carries_the_announcements() {
        let mut attacks = 0;
        for seed in 0..12 {
            let rules = if seed % 2 == 0 {
                CCGC
            } else {
                DarkRules::STANDARD
            };
            let g = random_game(900 + seed, 300, rules);
            let text = record::referee_record(&g).unwrap();
            for a in g.history() {
                if a.result.is_some() {
                    attacks += 1;
                }
            }
            if let Some(o) = g.outcome() {
                let end = format!(
                    "{{end {}:{}}}",
                    o.winner().map_or("draw".into(), |w| w.to_string()),
                    o.reason_str()
                );
                assert!(text.contains(&end), "{end}\n{text}");
            }
            // The record alone gives each side's information state and player's record.
            let back = record::read_referee_record(&text).unwrap();
            assert_eq!(back.history(), g.history());
            for side in Side::ALL {
                assert_eq!(back.info_state(side), g.info_state(side));
                assert_eq!(
                    record::player_record(back.info_state(side)).unwrap(),
                    record::player_record(g.info_state(side)).unwrap()
                );
            }
        }
        assert!(attacks > 0);
    }

    #[test]
    fn l22_a_referees_record_whose_announcements_disagree_is_refused() {
        let d: crate::deploy::Deployment = crate::deploy::DEFAULT_DEPLOYMENT.parse().unwrap();
        let mut g = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD).unwrap();
        g.play("c6c7".parse().unwrap()).unwrap();
        let text = record::referee_record(&g).unwrap();
        assert!(text.contains("{both-removed}"), "{text}");
        let told = text.replace("{both-removed}", "{defender-removed}");
        let e = record::read_referee_record(&told).unwrap_err();
        assert!(
            matches!(e, record::RecordError::Announcement { ply: 1, .. }),
            "{e}"
        );
        let e = record::read_referee_record(&text.replace("{both-removed}", "{end red:won}"))
            .unwrap_err();
        assert!(
            matches!(e, record::RecordError::MoveComment { ply: 1, .. }),
            "{e}"
        );
        // A record written before the announcements were added still reads.
        let old = text.replace(" {both-removed}", "");
        assert_ne!(old, text);
        assert_eq!(
            record::read_referee_record(&old).unwrap().history(),
            g.history()
        );
    }
}
