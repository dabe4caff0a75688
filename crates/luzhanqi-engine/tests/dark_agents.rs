//! The dark agents: legal moves on random dark states, decisions from the information state
//! alone, limits honoured, determinism with a seed, and the dark match.

mod common;

use std::time::{Duration, Instant};

use gjjq_arbiter::local::{End, LuzhanqiDark, PairResult, Reply, agent_player};
use luzhanqi::Side;
use luzhanqi::dark::{DarkGame, DarkRules, WorldSampler};
use luzhanqi::deploy::Deployment;
use luzhanqi::rand::SeedableRng;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi_engine::dark::{
    DarkAgentError, DarkAgentKind, DarkHeuristicAgent, DeterminizedAgent, DynDarkAgent, IsmctsAgent,
};
use luzhanqi_engine::{Agent, Choice, Limits, StopSignal};
use proptest::prelude::*;

/// A dark game from a random deployment pair after up to `plies` random moves, still going.
fn random_dark_game(seed: u64, plies: usize) -> DarkGame {
    let mut rng = StdRng::seed_from_u64(seed);
    let red = Deployment::random(&mut rng);
    let blue = Deployment::random(&mut rng);
    let mut game = DarkGame::new(&red, &blue, Side::Red, DarkRules::STANDARD).unwrap();
    let mut prev = game.clone();
    for _ in 0..plies {
        game.play_random(&mut rng, game.game().moves().len() + 1);
        if game.outcome().is_some() {
            return prev;
        }
        prev = game.clone();
    }
    game
}

fn small(kind: DarkAgentKind, seed: u64) -> Box<DynDarkAgent> {
    kind.build(seed)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn every_dark_agent_returns_a_legal_move(seed in any::<u64>(), plies in 0usize..160) {
        let game = random_dark_game(seed, plies);
        let side = game.turn();
        let legal = game.game().legal_moves();
        prop_assume!(!legal.is_empty());
        for kind in DarkAgentKind::ALL {
            let c = small(kind, seed).choose(game.info_state(side), &[], &Limits::nodes(1_500)).unwrap();
            prop_assert!(legal.contains(&c.mv), "{kind} played {} at {}", c.mv, game.info_state(side));
        }
    }
}

/// Two true worlds that share Red's information state: the game, and a world drawn from Red's
/// sampler (another Blue deployment) replayed to the same moves.
fn two_worlds(seed: u64, plies: usize) -> (DarkGame, DarkGame) {
    let game = random_dark_game(seed, plies);
    let red = game.info_state(Side::Red);
    let sampler = WorldSampler::new(red).unwrap();
    let mut rng = StdRng::seed_from_u64(seed ^ 77);
    for _ in 0..100 {
        let other = sampler.draw_game(&mut rng).unwrap();
        if other.deployment(Side::Blue) != game.deployment(Side::Blue) {
            return (game, other);
        }
    }
    panic!("no other world drawn");
}

#[test]
fn dark_agents_never_read_the_true_world() {
    for (seed, plies) in [(1u64, 20usize), (2, 61), (3, 100), (4, 141)] {
        let (a, b) = two_worlds(seed, plies);
        assert_eq!(a.info_state(Side::Red), b.info_state(Side::Red));
        assert_ne!(a.deployment(Side::Blue), b.deployment(Side::Blue));
        assert_ne!(a.game().position(), b.game().position());
        if a.turn() != Side::Red || a.outcome().is_some() {
            continue;
        }
        for kind in DarkAgentKind::ALL {
            let l = Limits::nodes(2_000);
            let x = kind
                .build(9)
                .choose(a.info_state(Side::Red), &[], &l)
                .unwrap();
            let y = kind
                .build(9)
                .choose(b.info_state(Side::Red), &[], &l)
                .unwrap();
            assert_eq!(x, y, "{kind} at ply {plies}");
        }
    }
}

#[test]
fn dark_agents_are_deterministic_given_the_seed() {
    let game = random_dark_game(11, 40);
    let state = game.info_state(game.turn());
    for kind in DarkAgentKind::ALL {
        let mut a = kind.build(5);
        let mut b = kind.build(5);
        for _ in 0..2 {
            let l = Limits::nodes(3_000);
            assert_eq!(
                a.choose(state, &[], &l).unwrap(),
                b.choose(state, &[], &l).unwrap(),
                "{kind}"
            );
        }
    }
}

#[test]
fn dark_agents_honour_node_limits() {
    let game = random_dark_game(12, 30);
    let state = game.info_state(game.turn());
    for nodes in [1_000u64, 5_000] {
        let c = DeterminizedAgent::new(1)
            .choose(state, &[], &Limits::nodes(nodes))
            .unwrap();
        assert!(
            c.nodes <= nodes + 16,
            "determinized used {} of {nodes}",
            c.nodes
        );
        assert!(
            c.nodes >= nodes / 2,
            "determinized used only {} of {nodes}",
            c.nodes
        );
        let c = IsmctsAgent::new(1)
            .choose(state, &[], &Limits::nodes(nodes))
            .unwrap();
        assert!(c.nodes <= nodes + 200, "ismcts used {} of {nodes}", c.nodes);
        assert!(c.nodes >= nodes, "ismcts stopped at {} of {nodes}", c.nodes);
    }
}

#[test]
fn dark_agents_honour_depth_limits() {
    let game = random_dark_game(13, 30);
    let state = game.info_state(game.turn());
    let l = Limits {
        depth: Some(2),
        nodes: Some(20_000),
        ..Limits::default()
    };
    assert!(
        DeterminizedAgent::new(1)
            .choose(state, &[], &l)
            .unwrap()
            .depth
            <= 2
    );
    assert!(IsmctsAgent::new(1).choose(state, &[], &l).unwrap().depth <= 2);
}

#[test]
fn dark_agents_stop_at_once_when_the_signal_is_already_raised() {
    let game = random_dark_game(15, 40);
    let state = game.info_state(game.turn());
    let legal = luzhanqi::dark::DarkView::new(state).legal_moves();
    let stop = StopSignal::new();
    stop.raise();
    // No limit but the signal and a backstop of time (so that a broken signal fails instead
    // of hanging).
    let l = Limits {
        nodes: Some(u64::MAX),
        time: Some(Duration::from_secs(30)),
        ..Limits::default()
    }
    .with_stop(stop);
    let d = DeterminizedAgent::new(1).choose(state, &[], &l).unwrap();
    assert!(legal.contains(&d.mv));
    assert!(
        d.nodes <= 2_000,
        "determinized: {} nodes after stop",
        d.nodes
    );
    let i = IsmctsAgent::new(1).choose(state, &[], &l).unwrap();
    assert!(legal.contains(&i.mv));
    assert!(i.nodes <= 50_000, "ismcts: {} nodes after stop", i.nodes);
}

#[test]
fn dark_agents_return_within_their_time() {
    let game = random_dark_game(14, 50);
    let state = game.info_state(game.turn());
    let t = Duration::from_millis(200);
    for kind in [DarkAgentKind::Determinized, DarkAgentKind::Ismcts] {
        let start = Instant::now();
        kind.build(1).choose(state, &[], &Limits::time(t)).unwrap();
        let took = start.elapsed();
        assert!(
            took <= t + Duration::from_millis(50),
            "{kind} took {took:?}"
        );
    }
}

#[test]
fn no_move_off_turn_or_after_the_end() {
    let game = random_dark_game(15, 10);
    let waiting = game.info_state(game.turn().other());
    for kind in DarkAgentKind::ALL {
        let e = kind
            .build(1)
            .choose(waiting, &[], &Limits::nodes(500))
            .unwrap_err();
        assert!(matches!(e, DarkAgentError::NoLegalMove(_)), "{kind}: {e}");
    }
}

#[test]
fn heuristic_probes_with_low_ranks_only() {
    // At the start every enemy piece is unknown: an attack now is a probe.
    for seed in 0..30 {
        let game = random_dark_game(seed, 0);
        let state = game.info_state(Side::Red);
        let c = DarkHeuristicAgent::new(seed)
            .choose(state, &[], &Limits::default())
            .unwrap();
        let pos = game.game().position();
        if pos.piece_at(c.mv.to).is_some() {
            let k = pos.piece_at(c.mv.from).unwrap().kind;
            assert!(
                matches!(
                    k,
                    luzhanqi::Kind::Platoon | luzhanqi::Kind::Company | luzhanqi::Kind::Engineer
                ),
                "{k:?} probed"
            );
        }
    }
}

/// A dark match in process (the arbiter's pairs, each game refereed): `a` against `b`.
fn dark_match(
    a: DarkAgentKind,
    b: DarkAgentKind,
    pairs: u32,
    seed: u64,
    threads: usize,
) -> PairResult<luzhanqi::Outcome> {
    let reply = |c: &Choice| Reply {
        action: c.mv,
        nodes: c.nodes,
    };
    let kinds = [a, b];
    common::paired(
        pairs,
        seed,
        threads,
        |pair| LuzhanqiDark::start(seed, pair, DarkRules::STANDARD).unwrap(),
        |is_a, seed| {
            agent_player(
                kinds[usize::from(!is_a)].build(seed),
                Limits::default(),
                reply,
            )
        },
    )
}

#[test]
fn dark_matches_are_paired_and_refereed() {
    let r = dark_match(DarkAgentKind::Heuristic, DarkAgentKind::Random, 3, 4, 1);
    assert_eq!(r.games.len(), 6);
    for (i, g) in r.games.iter().enumerate() {
        assert_eq!(g.pair as usize, i / 2);
        assert_eq!(g.a_first, i % 2 == 0);
        assert!(!matches!(g.end, End::Forfeit(_)), "a forfeit: {g:?}");
    }
    assert_eq!(
        dark_match(DarkAgentKind::Heuristic, DarkAgentKind::Random, 3, 4, 2),
        r
    );
}
