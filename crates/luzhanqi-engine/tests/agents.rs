//! The agents: legal moves on random positions, forced wins found, limits honoured,
//! determinism with a seed, and the heuristic's rules of thumb.

mod common;

use std::time::{Duration, Instant};

use gjjq_arbiter::local::{
    End, Open, PairResult, Played, Player, Reply, agent_player, luzhanqi_start, play_game,
};
use luzhanqi::deploy::{Deployment, opening};
use luzhanqi::rand::SeedableRng;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::{Kind, Move, Position, Ruleset, Side};
use luzhanqi_engine::eval::WIN_BOUND;
use luzhanqi_engine::{
    Agent, AgentError, AgentKind, Choice, HeuristicAgent, KindSet, Knowledge, Limits, RandomAgent,
    SearchAgent, StopSignal,
};
use proptest::prelude::*;
use rand::Rng;

/// A position reached from a random deployment pair by `plies` random moves (or earlier, when
/// the game ends).
fn random_position(seed: u64, plies: u32) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let red = Deployment::random(&mut rng);
    let blue = Deployment::random(&mut rng);
    let mut pos = opening(&red, &blue, Side::Red, Ruleset::STANDARD).unwrap();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        let next = pos.clone().play(m).unwrap();
        if next.legal_moves().is_empty() {
            break;
        }
        pos = next;
    }
    pos
}

fn parse(s: &str) -> Position {
    s.parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_agent_returns_a_legal_move(seed in any::<u64>(), plies in 0u32..120) {
        let pos = random_position(seed, plies);
        prop_assume!(!pos.legal_moves().is_empty());
        for kind in AgentKind::ALL {
            let mut agent = kind.build(seed);
            let c = agent.choose(&pos, &[], &Limits::nodes(1_500)).unwrap();
            prop_assert!(pos.is_legal(c.mv), "{kind} played {} in {pos}", c.mv);
        }
    }
}

#[test]
fn no_legal_move_is_an_error() {
    // Blue has lost its flag: the game is over.
    let pos = parse("5/5/5/5/5/5/5/5/5/5/5/1F1S1 b");
    for kind in AgentKind::ALL {
        assert!(kind.build(1).choose(&pos, &[], &Limits::depth(2)).is_err());
    }
}

#[test]
fn search_takes_the_flag_in_one_rather_than_a_division_commander() {
    // Red's general on b11 may take Blue's division commander on a11 or the flag on b12.
    let pos = parse("1f3/dJ3/5/5/5/5/5/5/5/5/5/1F3 r");
    let c = SearchAgent::new(1)
        .choose(&pos, &[], &Limits::depth(3))
        .unwrap();
    assert_eq!(c.mv.to_string(), "b11b12");
    assert!(c.score > WIN_BOUND);
}

#[test]
fn search_trades_its_bomb_for_the_flags_last_defender() {
    // Blue's flag on b12 is walled in by landmines on a12 and c12 and its marshal on b11.
    // Red's bomb on a11 removes the marshal with itself; the platoon commander on c11 then
    // walks b11 and takes the flag. Without the bomb Red gets nowhere: the platoon commander
    // dies on the marshal or a mine.
    let pos = parse("lfl1e/ZsP2/5/5/5/5/5/5/5/5/5/1F3 r");
    let c = SearchAgent::new(1)
        .choose(&pos, &[], &Limits::depth(5))
        .unwrap();
    assert_eq!(c.mv.to_string(), "a11b11");
    assert!(c.score > WIN_BOUND, "score {}", c.score);
}

#[test]
fn search_clears_the_landmine_with_the_engineer_before_the_flag() {
    // Blue's flag on b12 is guarded by landmines on a12, c12 and b11. Red's engineer runs
    // e11-d11-c11 and clears b11, then takes the flag; Red's general would die on the mine.
    let pos = parse("lfl2/1l2E/2J2/5/5/5/5/5/5/5/5/1F2c r");
    let c = SearchAgent::new(1)
        .choose(&pos, &[], &Limits::depth(4))
        .unwrap();
    assert_eq!(c.mv.to_string(), "e11b11");
    assert!(c.score > WIN_BOUND, "score {}", c.score);
}

#[test]
fn search_honours_node_limits() {
    for (seed, n) in [(1u64, 1_000u64), (2, 5_000), (3, 20_000)] {
        let pos = random_position(seed, 10);
        let c = SearchAgent::new(seed)
            .choose(&pos, &[], &Limits::nodes(n))
            .unwrap();
        assert!(c.nodes <= n + 1, "{} nodes for a limit of {n}", c.nodes);
        assert!(c.nodes >= n / 2, "stopped early at {} of {n}", c.nodes);
    }
}

#[test]
fn search_stops_at_once_when_the_signal_is_already_raised() {
    // No limit but the signal and a backstop of time (so that a broken signal fails instead
    // of hanging): without the signal the search would deepen to ply 64.
    let pos = random_position(4, 10);
    let stop = StopSignal::new();
    stop.raise();
    let limits = Limits {
        nodes: Some(u64::MAX),
        time: Some(Duration::from_secs(30)),
        ..Limits::default()
    }
    .with_stop(stop);
    let c = SearchAgent::new(4).choose(&pos, &[], &limits).unwrap();
    assert!(pos.is_legal(c.mv));
    assert!(c.nodes <= 1_000, "{} nodes after stop", c.nodes);
}

#[test]
fn search_stops_when_another_thread_raises_the_signal() {
    let pos = random_position(6, 10);
    let stop = StopSignal::new();
    let raiser = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            stop.raise();
        })
    };
    // The time limit is only a backstop so that a broken signal fails instead of hanging.
    let backstop = Duration::from_secs(60);
    let limits = Limits {
        nodes: Some(u64::MAX),
        time: Some(backstop),
        ..Limits::default()
    }
    .with_stop(stop);
    let start = Instant::now();
    let c = SearchAgent::new(6).choose(&pos, &[], &limits).unwrap();
    raiser.join().unwrap();
    assert!(pos.is_legal(c.mv));
    assert!(start.elapsed() < backstop / 2, "took {:?}", start.elapsed());
}

#[test]
fn search_honours_depth_limits() {
    let pos = Position::default();
    let c = SearchAgent::new(1)
        .choose(&pos, &[], &Limits::depth(2))
        .unwrap();
    assert_eq!(c.depth, 2);
    let deeper = SearchAgent::new(1)
        .choose(&pos, &[], &Limits::depth(3))
        .unwrap();
    assert_eq!(deeper.depth, 3);
    assert!(deeper.nodes > c.nodes);
}

#[test]
fn search_returns_within_its_time() {
    let pos = random_position(5, 6);
    let t = Duration::from_millis(100);
    let start = Instant::now();
    let c = SearchAgent::new(1)
        .choose(&pos, &[], &Limits::time(t))
        .unwrap();
    let took = start.elapsed();
    assert!(pos.is_legal(c.mv));
    assert!(took < t + Duration::from_millis(50), "took {took:?}");
    assert!(c.depth >= 1);
}

#[test]
fn games_are_deterministic_given_the_seeds() {
    let mut rng = StdRng::seed_from_u64(9);
    let start = opening(
        &Deployment::random(&mut rng),
        &Deployment::random(&mut rng),
        Side::Red,
        Ruleset::STANDARD,
    )
    .unwrap();
    let play = |seed: u64| {
        let mut seats = [
            seat(Box::new(SearchAgent::new(seed)), Limits::nodes(3_000)),
            seat(Box::new(HeuristicAgent::new(seed + 1)), Limits::default()),
        ];
        game_record(play_game(Open::new(start.clone()), &mut seats, 300))
    };
    let g1 = play(4);
    assert!(!g1.0.is_empty());
    assert_eq!(g1, play(4));
    let random = || {
        let mut seats = [
            seat(Box::new(RandomAgent::new(1)), Limits::default()),
            seat(Box::new(RandomAgent::new(2)), Limits::default()),
        ];
        game_record(play_game(Open::new(start.clone()), &mut seats, 200))
    };
    assert_eq!(random(), random());
}

/// A seat played by `agent` within `limits`.
fn seat(
    agent: Box<dyn Agent<Position, Choice, AgentError>>,
    limits: Limits,
) -> Box<Player<'static, Position, Move>> {
    agent_player(agent, limits, reply)
}

/// An agent's answer as the arbiter takes it.
fn reply(c: &Choice) -> Reply<Move> {
    Reply {
        action: c.mv,
        nodes: c.nodes,
    }
}

/// What a played game is compared by: its moves, its end and each seat's nodes.
type GameRecord = (
    Vec<Move>,
    End<junqi_game::Outcome<luzhanqi::WinReason, luzhanqi::DrawReason>>,
    Vec<u64>,
);

fn game_record(g: Played<Open<Position>>) -> GameRecord {
    (g.table.history().actions().to_vec(), g.end, g.nodes)
}

/// An in-process match of `a` against `b` (the arbiter's pairs, the engine's agent seeds).
fn open_match(
    a: AgentKind,
    b: AgentKind,
    pairs: u32,
    seed: u64,
    threads: usize,
) -> PairResult<junqi_game::Outcome<luzhanqi::WinReason, luzhanqi::DrawReason>> {
    let kinds = [a, b];
    common::paired(
        pairs,
        seed,
        threads,
        |pair| Open::new(luzhanqi_start(seed, pair, Ruleset::STANDARD).unwrap()),
        |is_a, seed| seat(kinds[usize::from(!is_a)].build(seed), Limits::default()),
    )
}

#[test]
fn heuristic_never_attacks_what_it_knows_beats_it() {
    // Red's platoon commander on c6 could attack Blue's general on c7, or step aside.
    let pos = parse("1f3/5/5/5/5/2j2/2P2/5/5/5/5/1F3 r");
    for seed in 0..8 {
        let c = HeuristicAgent::new(seed)
            .choose(&pos, &[], &Limits::default())
            .unwrap();
        assert_ne!(c.mv.to_string(), "c6c7");
    }
}

#[test]
fn heuristic_decides_from_what_it_knows() {
    // The same board; Red knows only that the piece on c7 is an engineer or a platoon
    // commander (its own platoon commander beats one and trades with the other), or, in the
    // second case, that it may be the marshal.
    let pos = parse("1f3/5/5/5/5/2j2/2P2/5/5/5/5/1F3 r");
    let mut sets = [KindSet::EMPTY; 60];
    for sq in pos.occupied() {
        sets[sq.index()] = KindSet::only(pos.piece_at(sq).unwrap().kind);
    }
    let c7: luzhanqi::Square = "c7".parse().unwrap();
    sets[c7.index()] = KindSet::only(Kind::Engineer);
    let know = Knowledge::from_sets(Side::Red, sets);
    let c = HeuristicAgent::new(1).choose_known(&pos, &know).unwrap();
    assert_eq!(c.mv.to_string(), "c6c7", "a known win is taken");
    sets[c7.index()] = KindSet::only(Kind::Marshal);
    let know = Knowledge::from_sets(Side::Red, sets);
    let c = HeuristicAgent::new(1).choose_known(&pos, &know).unwrap();
    assert_ne!(c.mv.to_string(), "c6c7", "a known loss is not played");
}

#[test]
fn heuristic_guards_its_flag() {
    // Blue's battalion commander on b2 threatens Red's flag on b1. Red's regiment commander on
    // c2 takes it (a safe capture), rather than the company commander on e7.
    let pos = parse("1f3/5/5/5/4c/4T/5/5/5/5/1yT2/1F3 r");
    let c = HeuristicAgent::new(1)
        .choose(&pos, &[], &Limits::default())
        .unwrap();
    assert_eq!(c.mv.to_string(), "c2b2");
}

#[test]
fn heuristic_prefers_the_flag_to_anything() {
    let pos = parse("1f3/dJ3/5/5/5/5/5/5/5/5/5/1F3 r");
    let c = HeuristicAgent::new(1)
        .choose(&pos, &[], &Limits::default())
        .unwrap();
    assert_eq!(c.mv.to_string(), "b11b12");
}

#[test]
fn matches_are_paired_and_scored() {
    let r = open_match(AgentKind::Heuristic, AgentKind::Random, 6, 11, 2);
    assert_eq!(r.games.len(), 12);
    for (i, pair) in r.games.chunks(2).enumerate() {
        assert_eq!(pair[0].pair, i as u32);
        assert!(pair[0].a_first && !pair[1].a_first);
    }
    let t = r.tally();
    assert_eq!(t.wins + t.draws + t.losses, 12);
    assert_eq!(r.pairs().counts.iter().sum::<u32>(), 6);
    let (lo, hi) = r.pairs().score_interval();
    assert!(lo <= t.score() && t.score() <= hi);
    // The heuristic beats the random mover in most games.
    assert!(t.score() > 0.75, "{t:?}");
    // The same seed, the same games, on one thread.
    assert_eq!(
        open_match(AgentKind::Heuristic, AgentKind::Random, 6, 11, 1),
        r
    );
}
