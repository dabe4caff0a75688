//! The agents of issue 53 (item 1, 全明): legal actions on random positions, limits and the
//! stop signal, and the search's tactics by team (L-49 … L-53).

use std::time::Duration;

use proptest::prelude::*;
use siguo::{Action, Outcome, Position, Rules, Seat, Team};
use siguo_engine::{Agent, AgentKind, HeuristicAgent, Limits, SearchAgent, StopSignal};

/// Red's general on p8 next to Green's flag on q8; Yellow is out (L-51), so taking the flag
/// puts Green out and Red–Blue has won (L-52, L-53).
const FLAG_IN_ONE: &str = "3bF1/5/5/2bS2/5/5/15/12/10gS4/10rJgF/15/5/5/5/5/5/1rF3 r rgb 0 1";

/// Green's engineer on g1 next to Red's flag on h1, Green to move next (L-50). Red's general
/// on g2 can take it; Red's marshal on k6 can instead take Green's division on l7 by the arc
/// k6–l7 (L-44), a larger gain that loses the flag, the seat and (Yellow being out) nothing
/// yet, but Red's flag all the same.
const FLAG_THREATENED: &str =
    "3bF1/5/5/2bS2/5/5/15/12/10gS4/11gF/9gD5/4rS/5/5/5/rJ4/gErF3 r rgb 0 1";

fn pos(text: &str) -> Position {
    Position::from_text(text, Rules::STANDARD).unwrap()
}

/// A random position: four seeded deployments, then `plies` seeded random actions.
fn random_position(seed: u64, plies: u32) -> Position {
    let config = gjjq_arbiter::local::siguo_deployments(seed, 0);
    let mut p = siguo::deploy::opening(
        [&config[0], &config[1], &config[2], &config[3]],
        Seat::Red,
        Rules::STANDARD,
    )
    .unwrap();
    let mut r = siguo_engine::RandomAgent::new(seed);
    for _ in 0..plies {
        if p.outcome().is_some() {
            break;
        }
        let c = r.choose(&p, &[], &Limits::default()).unwrap();
        p.play(c.action).unwrap();
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every agent answers a legal action of the seat to move on random positions.
    #[test]
    fn every_agent_returns_a_legal_action(seed in any::<u64>(), plies in 0u32..300) {
        let p = random_position(seed, plies);
        prop_assume!(p.outcome().is_none());
        for kind in AgentKind::ALL {
            let mut agent = kind.build(seed);
            let c = agent.choose(&p, &[], &Limits::nodes(400)).unwrap();
            prop_assert!(p.is_legal(c.action), "{} gave {} in {}", kind, c.action, p);
        }
    }
}

#[test]
fn a_decided_position_is_an_error() {
    let mut p = pos(FLAG_IN_ONE);
    p.play(p.find_action("p8q8").unwrap()).unwrap();
    assert!(p.outcome().is_some());
    for kind in AgentKind::ALL {
        let e = kind
            .build(1)
            .choose(&p, &[], &Limits::default())
            .unwrap_err();
        assert!(e.to_string().contains("the game is over"), "{e}");
    }
}

/// The search takes the flag in one (and so wins for its team) rather than anything else.
#[test]
fn search_finds_the_flag_capture_in_one() {
    let p = pos(FLAG_IN_ONE);
    for depth in [1, 2, 4] {
        let c = SearchAgent::new(3)
            .choose(&p, &[], &Limits::depth(depth))
            .unwrap();
        assert_eq!(c.action.to_string(), "p8q8", "depth {depth}");
        assert!(c.score > siguo_engine::eval::WIN_BOUND, "{}", c.score);
    }
    let mut after = p.clone();
    after.play(after.find_action("p8q8").unwrap()).unwrap();
    assert!(matches!(
        after.outcome(),
        Some(Outcome::Win {
            team: Team::RedBlue,
            ..
        })
    ));
}

/// The search does not leave its flag to a one-move capture for a larger gain elsewhere: after
/// its action Green has no move onto Red's flag.
#[test]
fn search_avoids_losing_its_flag_in_one() {
    let p = pos(FLAG_THREATENED);
    for depth in [2, 3, 4] {
        let c = SearchAgent::new(5)
            .choose(&p, &[], &Limits::depth(depth))
            .unwrap();
        let mut after = p.clone();
        after.play(c.action).unwrap();
        assert_eq!(after.turn(), Seat::Green);
        let h1 = "h1".parse().unwrap();
        assert!(
            after.legal_moves().iter().all(|m| m.to != h1),
            "depth {depth}: {} leaves the flag",
            c.action
        );
        assert_eq!(c.action.to_string(), "g2g1", "depth {depth}");
    }
}

/// Green is out, so Blue moves right after Red (L-50, L-51) and can take Yellow's flag on a10,
/// the last enemy seat's: a win for Red's team in two plies, which the search must score as
/// its own (the ally keeps the window). Clockwise, Yellow moves first and its marshal on b11
/// takes Blue's general: no win.
const ALLY_WINS_NEXT: &str = "3bF1/5/5/5/5/5/1yS13/yFbJ10/15/12/15/5/5/2rS2/5/5/1rF3 r rby 0 1";

#[test]
fn the_search_counts_the_allys_win_and_follows_the_turn_order() {
    let p = pos(ALLY_WINS_NEXT);
    let c = SearchAgent::new(2)
        .choose(&p, &[], &Limits::depth(2))
        .unwrap();
    assert!(c.score > siguo_engine::eval::WIN_BOUND, "{}", c.score);
    let cw = Rules::from_json(r#"{"turn_direction":"cw"}"#).unwrap();
    let p = Position::from_text(ALLY_WINS_NEXT, cw).unwrap();
    let c = SearchAgent::new(2)
        .choose(&p, &[], &Limits::depth(2))
        .unwrap();
    assert!(c.score < siguo_engine::eval::WIN_BOUND, "{}", c.score);
}

/// The yardstick wins in one too, and takes the flag's attacker.
#[test]
fn heuristic_takes_the_flag_and_guards_its_own() {
    let c = HeuristicAgent::new(1)
        .choose(&pos(FLAG_IN_ONE), &[], &Limits::default())
        .unwrap();
    assert_eq!(c.action.to_string(), "p8q8");
    let c = HeuristicAgent::new(1)
        .choose(&pos(FLAG_THREATENED), &[], &Limits::default())
        .unwrap();
    assert_eq!(c.action.to_string(), "g2g1");
}

/// A stop signal raised before the call: a legal action at once, no node searched.
#[test]
fn a_raised_stop_returns_at_once_with_a_legal_action() {
    let stop = StopSignal::new();
    stop.raise();
    let p = Position::default();
    let c = SearchAgent::new(1)
        .choose(&p, &[], &Limits::default().with_stop(stop.clone()))
        .unwrap();
    assert!(p.is_legal(c.action));
    assert_eq!((c.nodes, c.depth), (0, 0));
    let c = HeuristicAgent::new(1)
        .choose(&p, &[], &Limits::default().with_stop(stop))
        .unwrap();
    assert!(p.is_legal(c.action));
    assert_eq!((c.nodes, c.depth), (0, 0));
}

/// The stop signal raised from another thread ends a search that has no other limit.
#[test]
fn a_stop_from_another_thread_ends_an_unlimited_search() {
    let stop = StopSignal::new();
    let raiser = stop.clone();
    let p = random_position(7, 40);
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        raiser.raise();
    });
    let c = SearchAgent::new(1)
        .choose(&p, &[], &Limits::default().with_stop(stop))
        .unwrap();
    t.join().unwrap();
    assert!(p.is_legal(c.action));
    assert!(c.depth < 64, "{}", c.depth);
}

/// The node limit binds within one check interval (128 nodes), whatever the position.
#[test]
fn the_node_limit_binds() {
    for seed in 0..4 {
        let p = random_position(seed, 30 * seed as u32);
        if p.outcome().is_some() {
            continue;
        }
        for limit in [1, 500, 5_000] {
            let c = SearchAgent::new(seed)
                .choose(&p, &[], &Limits::nodes(limit))
                .unwrap();
            assert!(c.nodes <= limit + 128, "{} > {limit}", c.nodes);
            assert!(p.is_legal(c.action));
        }
    }
}

/// Deterministic given the seed (no time limit).
#[test]
fn the_search_is_deterministic() {
    let p = random_position(11, 60);
    let a = SearchAgent::new(9)
        .choose(&p, &[], &Limits::depth(3))
        .unwrap();
    let b = SearchAgent::new(9)
        .choose(&p, &[], &Limits::depth(3))
        .unwrap();
    assert_eq!(a, b);
}

/// Passes count as actions (L-55): with passes allowed, an agent may give one, and it is legal.
#[test]
fn passes_are_actions() {
    let rules = Rules::from_json(r#"{"pass_limit":2}"#).unwrap();
    let text = format!("{} 0000", Position::default());
    let p = Position::from_text(&text, rules).unwrap();
    let c = SearchAgent::new(1)
        .choose(&p, &[], &Limits::depth(2))
        .unwrap();
    assert!(p.is_legal(c.action));
    assert!(p.legal_actions().contains(&Action::Pass));
}
