//! The dark agents of issue 53 (item 1, dark part): legal actions on random 四暗 and 雙明
//! states, nothing hidden read, the stop signal, and paired matches in the dark modes through
//! the arbiter's in-process mode (L-63, L-64).

use std::time::{Duration, Instant};

use gjjq_arbiter::local::{
    End, PairConfig, PairResult, Player, Reply, SiguoDark, run_pairs,
    siguo_deployments as pair_deployments, siguo_seat_seed,
};
use luzhanqi::deploy::Deployment;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use siguo::dark::{DarkGame, InfoState};
use siguo::{Action, Rules, Seat, SiguoMode};
use siguo_engine::{AgentKind, DarkAgent, DeterminizedAgent, Limits, StopSignal};

fn rules(mode: SiguoMode) -> Rules {
    let mut r = Rules::STANDARD;
    r.mode.mode = mode;
    r
}

/// A referee from four deployments (r, g, b, y), Red first.
fn referee(ds: &[Deployment; 4], mode: SiguoMode) -> DarkGame {
    let start =
        siguo::deploy::opening([&ds[0], &ds[1], &ds[2], &ds[3]], Seat::Red, rules(mode)).unwrap();
    DarkGame::new(start).unwrap()
}

/// A random dark game: seeded deployments, then `plies` seeded random actions.
fn random_game(seed: u64, plies: u32, mode: SiguoMode) -> DarkGame {
    let mut g = referee(&pair_deployments(seed, 0), mode);
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..plies {
        if g.position().outcome().is_some() {
            break;
        }
        g.play_random(&mut rng).unwrap();
    }
    g
}

/// How long building the state's world sampler takes here (the part of a move that no
/// clock or stop signal interrupts).
fn sampler_build(state: &siguo::dark::InfoState) -> Duration {
    let t = Instant::now();
    let _ = siguo::dark::WorldSampler::new(state).unwrap();
    t.elapsed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// The determinized agent, and every kind built for a dark seat, answers a legal action
    /// of the seat to move from its own information state, in 四暗 and 雙明.
    #[test]
    fn dark_agents_return_legal_actions(seed in any::<u64>(), plies in 0u32..160, double in any::<bool>()) {
        let mode = if double { SiguoMode::DoubleOpen } else { SiguoMode::Dark };
        let g = random_game(seed, plies, mode);
        prop_assume!(g.position().outcome().is_none());
        let seat = g.position().turn();
        let state = g.info_state(seat);
        let c = DeterminizedAgent::with_worlds(seed, 3).choose_dark(&state, &Limits::default()).unwrap();
        prop_assert!(g.position().is_legal(c.action), "determinized gave {} in {}", c.action, g.position());
        // (After many random attacks between hidden pieces the sampler may exhaust its
        // attempts: the agent then falls back to a uniform legal action, still legal.)
        for kind in AgentKind::ALL {
            let c = kind.build_dark(seed).choose_dark(&state, &Limits::nodes(300)).unwrap();
            prop_assert!(g.position().is_legal(c.action), "{} gave {} in {}", kind, c.action, g.position());
        }
    }
}

/// Two referees whose true positions differ only in an enemy's hidden kinds (Green's whole
/// deployment, 四暗, and again in 雙明 where Green is still an enemy): Red's information
/// states are identical, and the agent with one seed chooses the same action from both.
#[test]
fn hidden_enemy_kinds_do_not_change_the_choice() {
    for mode in [SiguoMode::Dark, SiguoMode::DoubleOpen] {
        let mut ds = pair_deployments(11, 0);
        let mut rng = StdRng::seed_from_u64(99);
        let mut other = ds;
        other[1] = loop {
            let d = Deployment::random(&mut rng);
            if d != ds[1] {
                break d;
            }
        };
        let a = referee(&ds, mode);
        let b = referee(&other, mode);
        assert_ne!(a.position(), b.position());
        let (sa, sb) = (a.info_state(Seat::Red), b.info_state(Seat::Red));
        assert_eq!(sa, sb);
        let ca = DeterminizedAgent::with_worlds(5, 4).choose_dark(&sa, &Limits::default());
        let cb = DeterminizedAgent::with_worlds(5, 4).choose_dark(&sb, &Limits::default());
        assert_eq!(ca.unwrap(), cb.unwrap());
        // Blue's kinds differ too in 四暗 only: under 雙明 Red sees them (L-64).
        ds[2] = Deployment::random(&mut rng);
        let c = referee(&ds, mode);
        assert_eq!(
            c.info_state(Seat::Red) == sa,
            mode == SiguoMode::Dark,
            "{mode:?}"
        );
    }
}

/// A stop signal raised before the call answers a legal action at once (no sampler built).
#[test]
fn a_raised_stop_answers_at_once() {
    let g = random_game(3, 40, SiguoMode::Dark);
    let state = g.info_state(g.position().turn());
    let stop = StopSignal::new();
    stop.raise();
    let limits = Limits::time(Duration::from_secs(10)).with_stop(stop);
    let mut agent = DeterminizedAgent::new(1);
    let t = Instant::now();
    let c = agent.choose_dark(&state, &limits).unwrap();
    assert!(t.elapsed() < Duration::from_millis(20), "{:?}", t.elapsed());
    assert!(g.position().is_legal(c.action));
    assert_eq!(c.depth, 0);
}

/// Under a time limit the agent answers within it (plus the sampler's build and one world)
/// and draws more than one world.
#[test]
fn the_time_limit_binds() {
    let g = random_game(4, 30, SiguoMode::Dark);
    let state = g.info_state(g.position().turn());
    // The sampler's build (not interruptible) is slow in a debug build on a loaded machine:
    // the limit leaves room for it.
    let limit = Duration::from_millis(300).max(sampler_build(&state) * 2);
    let t = Instant::now();
    let c = DeterminizedAgent::new(1)
        .choose_dark(&state, &Limits::time(limit))
        .unwrap();
    let took = t.elapsed();
    assert!(g.position().is_legal(c.action));
    assert!(c.depth >= 1, "worlds {}", c.depth);
    assert!(took < limit + Duration::from_millis(2_000), "{took:?}");
}

/// A stop signal raised during a call (from another thread, with no other limit) ends it:
/// the agent answers a legal action soon after the sampler's build, which cannot be
/// interrupted, instead of scoring all the worlds it was asked for. The agent is asked for a
/// million worlds (minutes of work), so that the stop, raised 5 ms after the build, always
/// comes while worlds are still being scored, however loaded the machine.
#[test]
fn a_stop_raised_during_the_call_ends_it() {
    const ASKED: u32 = 1_000_000;
    let g = random_game(8, 20, SiguoMode::DoubleOpen);
    let state = g.info_state(g.position().turn());
    let build = sampler_build(&state);
    let stop = StopSignal::new();
    let raiser = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(build + Duration::from_millis(5));
            stop.raise();
        })
    };
    let t = Instant::now();
    let s = DeterminizedAgent::with_worlds(1, ASKED)
        .choose_dark(&state, &Limits::default().with_stop(stop))
        .unwrap();
    let took = t.elapsed();
    raiser.join().unwrap();
    assert!(g.position().is_legal(s.action));
    assert!(s.depth < ASKED, "worlds scored {}", s.depth);
    assert!(
        took < build * 3 + Duration::from_secs(2),
        "stopped after {took:?} (sampler {build:?})"
    );
}

/// Under a time limit the agent keeps to it, past the sampler's build: 雙明 and 四暗
/// states, 200 ms (or twice the build where that is slower).
#[test]
fn the_agent_keeps_to_the_time_limit() {
    for (seed, mode) in [(9, SiguoMode::DoubleOpen), (10, SiguoMode::Dark)] {
        let g = random_game(seed, 30, mode);
        let state = g.info_state(g.position().turn());
        let build = sampler_build(&state);
        let limit = Duration::from_millis(200).max(build * 2);
        let t = Instant::now();
        let c = DeterminizedAgent::new(1)
            .choose_dark(&state, &Limits::time(limit))
            .unwrap();
        let took = t.elapsed();
        assert!(g.position().is_legal(c.action));
        assert!(c.depth >= 1, "{mode:?}: no world");
        // The clock is read between worlds: one world's draw and one-ply scores are not
        // interrupted (a fraction of the sampler's build).
        assert!(
            took < limit + build / 2 + Duration::from_millis(100),
            "{mode:?}: {took:?} for {limit:?} (sampler {build:?})"
        );
    }
}

/// Under a time limit shorter than the sampler's build (a loaded machine: at load 19 the
/// build took longer than 100 ms and every 四暗 move fell back to a uniform action), the agent
/// still scores one world past the limit instead of answering a uniform action.
#[test]
fn a_build_longer_than_the_limit_still_scores_one_world() {
    for (seed, mode) in [(12, SiguoMode::Dark), (13, SiguoMode::DoubleOpen)] {
        let g = random_game(seed, 12, mode);
        let state = g.info_state(g.position().turn());
        let c = DeterminizedAgent::new(1)
            .choose_dark(&state, &Limits::time(Duration::from_micros(1)))
            .unwrap();
        assert!(g.position().is_legal(c.action));
        assert_eq!(c.depth, 1, "{mode:?}: worlds scored");
    }
}

/// Red's states along two games played with the same actions, from deployments `a` and
/// `b`, at every Red turn from ply 8 while Red's two states are the same (they part when an
/// attack's result differs).
fn red_states(
    a: &[Deployment; 4],
    b: &[Deployment; 4],
    mode: SiguoMode,
) -> Vec<(siguo::dark::InfoState, siguo::dark::InfoState)> {
    let (mut ga, mut gb) = (referee(a, mode), referee(b, mode));
    let mut rng = StdRng::seed_from_u64(21);
    let mut states = Vec::new();
    for ply in 0..40 {
        if ga.position().outcome().is_some() || gb.position().outcome().is_some() {
            break;
        }
        if ply >= 8 && ga.position().turn() == Seat::Red {
            let (sa, sb) = (ga.info_state(Seat::Red), gb.info_state(Seat::Red));
            if sa != sb {
                break;
            }
            states.push((sa, sb));
        }
        let action = match ga.play_random(&mut rng).unwrap().event {
            siguo::dark::Event::Move { mv, .. } => siguo::Action::Move(mv),
            _ => break,
        };
        if gb.play(action).is_err() {
            break;
        }
    }
    states
}

/// The agent keeps its sampler from one move to the next of a game (its state a prefix of
/// the new one): the later call saves the build, so it is faster than a fresh agent's on the
/// same state, and it still reads nothing hidden: along two games whose true positions
/// differ only in Green's hidden kinds, one seed chooses the same actions.
#[test]
fn the_sampler_is_kept_between_moves_and_reads_nothing_hidden() {
    let ds = pair_deployments(14, 0);
    let mut other = ds;
    let mut rng = StdRng::seed_from_u64(98);
    other[1] = loop {
        let d = Deployment::random(&mut rng);
        if d != ds[1] {
            break d;
        }
    };
    for mode in [SiguoMode::Dark, SiguoMode::DoubleOpen] {
        let pairs = red_states(&ds, &other, mode);
        assert!(pairs.len() >= 3, "{mode:?}: {} states", pairs.len());
        let mut agent_a = DeterminizedAgent::with_worlds(3, 4);
        let mut agent_b = DeterminizedAgent::with_worlds(3, 4);
        for (sa, sb) in &pairs {
            let ca = agent_a.choose_dark(sa, &Limits::default()).unwrap();
            assert!(sa.legal_actions().unwrap().contains(&ca.action));
            assert_eq!(ca, agent_b.choose_dark(sb, &Limits::default()).unwrap());
        }
        // The last state again, after the one before it: kept, against a fresh build.
        let last = &pairs[pairs.len() - 1].0;
        let mut kept = DeterminizedAgent::with_worlds(3, 1);
        kept.choose_dark(&pairs[pairs.len() - 2].0, &Limits::default())
            .unwrap();
        let t = Instant::now();
        kept.choose_dark(last, &Limits::default()).unwrap();
        let with_kept = t.elapsed();
        let t = Instant::now();
        DeterminizedAgent::with_worlds(3, 1)
            .choose_dark(last, &Limits::default())
            .unwrap();
        let with_build = t.elapsed();
        assert!(
            with_kept < with_build,
            "{mode:?}: kept {with_kept:?}, built {with_build:?}"
        );
    }
}

/// A seat not to move is refused with a typed error.
#[test]
fn a_seat_not_to_move_is_refused() {
    let g = random_game(5, 0, SiguoMode::Dark);
    let e = DeterminizedAgent::new(1)
        .choose_dark(&g.info_state(Seat::Blue), &Limits::default())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the information state is blue's but red is to move"
    );
}

/// A dark match in process (the arbiter's pairs, each game through the referee): team 1's
/// seats played by `team1` (its second seat by `ally`), team 2's by `team2`, capped at
/// `max_plies`.
fn dark_match(
    mode: SiguoMode,
    [team1, ally, team2]: [AgentKind; 3],
    pairs: u32,
    seed: u64,
    max_plies: u32,
) -> PairResult<siguo::Outcome> {
    let config = PairConfig {
        pairs,
        max_plies,
        threads: 1,
    };
    run_pairs(
        &config,
        |pair| SiguoDark(referee(&pair_deployments(seed, pair), mode)),
        |pair, team1_first| {
            let game = pair * 2 + u32::from(!team1_first);
            Seat::ALL
                .iter()
                .map(|&seat| {
                    let ours = (seat.index() % 2 == 0) == team1_first;
                    let kind = match (ours, seat.index() >= 2) {
                        (true, false) => team1,
                        (true, true) => ally,
                        (false, _) => team2,
                    };
                    let mut agent = kind.build_dark(siguo_seat_seed(seed, game, seat.index()));
                    Box::new(move |state: &InfoState, _: &[u64]| {
                        let c = agent.choose_dark(state, &Limits::default()).ok()?;
                        Some(Reply {
                            action: c.action,
                            nodes: c.nodes,
                        })
                    }) as Box<Player<'static, InfoState, Action>>
                })
                .collect()
        },
        |_| {},
    )
}

/// 四暗 and 雙明 played through the referee: a tiny seeded match to its end, no agent
/// forfeiting, and the same seed the same match; the determinized agent beside a heuristic
/// ally, a few plies each game.
#[test]
fn dark_matches_are_played_through_the_referee() {
    use AgentKind::{Determinized, Heuristic, Random};
    for mode in [SiguoMode::Dark, SiguoMode::DoubleOpen] {
        let r = dark_match(mode, [Random, Random, Random], 2, 2, 3_000);
        assert_eq!(r.games.len(), 4);
        for g in &r.games {
            assert!(!matches!(g.end, End::Forfeit(_)), "{g:?}");
            assert!(matches!(g.end, End::Rules(_)), "played to its end: {g:?}");
        }
        assert_eq!(dark_match(mode, [Random, Random, Random], 2, 2, 3_000), r);
        let mixed = dark_match(mode, [Determinized, Heuristic, Random], 1, 2, 6);
        assert!(
            mixed
                .games
                .iter()
                .all(|g| g.end == End::PlyLimit && g.plies == 6)
        );
    }
}
