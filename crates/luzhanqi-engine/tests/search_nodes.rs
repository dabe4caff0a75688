//! Node counts pinned: the open search and the flip search at fixed depths and node limits on
//! fixed positions give these exact moves, scores, depths and node counts. A change of search
//! order, pruning, table or stop rule shows here (issue 49 item 4: the search written once
//! must search the same trees as the two it replaced).

use luzhanqi::deploy::{Deployment, opening};
use luzhanqi::flip::FlipPosition;
use luzhanqi::rand::SeedableRng;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::{Position, Ruleset, Side};
use luzhanqi_engine::flip::FlipSearchAgent;
use luzhanqi_engine::{Agent, Limits, SearchAgent};
use rand::Rng;

/// A position from a seeded random deployment pair after `plies` seeded random moves.
fn random_position(seed: u64, plies: u32) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let red = Deployment::random(&mut rng);
    let blue = Deployment::random(&mut rng);
    let mut pos = opening(&red, &blue, Side::Red, Ruleset::STANDARD).unwrap();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let m = moves[rng.random_range(0..moves.len())];
        let next = pos.clone().play(m).unwrap();
        if next.legal_moves().is_empty() {
            break;
        }
        pos = next;
    }
    pos
}

/// `plies` moves of one search agent from `pos` under `limits`, the game's keys passed as its
/// history: each choice as `move score depth nodes`.
fn open_game(mut pos: Position, seed: u64, plies: usize, limits: &Limits) -> Vec<String> {
    let mut agent = SearchAgent::new(seed);
    let mut keys = Vec::new();
    let mut out = Vec::new();
    for _ in 0..plies {
        let Ok(c) = agent.choose(&pos, &keys, limits) else {
            break;
        };
        out.push(format!("{} {} {} {}", c.mv, c.score, c.depth, c.nodes));
        keys.push(pos.zobrist_hash());
        pos.play_unchecked(c.mv);
    }
    out
}

/// The same for the flip search from `pos` (flips resolved by a seeded generator).
fn flip_game(mut pos: FlipPosition, seed: u64, plies: usize, limits: &Limits) -> Vec<String> {
    let mut agent = FlipSearchAgent::new(seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut keys = Vec::new();
    let mut out = Vec::new();
    for _ in 0..plies {
        let Ok(c) = agent.choose(&pos, &keys, limits) else {
            break;
        };
        out.push(format!("{} {} {} {}", c.action, c.score, c.depth, c.nodes));
        keys.push(pos.zobrist_hash());
        let piece = pos.is_chance(c.action).then(|| {
            let outcomes = pos.chance_outcomes();
            let total: u32 = outcomes.iter().map(|o| o.weight).sum();
            let mut r = rng.random_range(0..total);
            outcomes
                .iter()
                .find(|o| {
                    let w = o.weight;
                    if r < w {
                        true
                    } else {
                        r -= w;
                        false
                    }
                })
                .unwrap()
                .piece
        });
        pos.apply_unchecked(c.action, piece);
    }
    out
}

fn show(v: &[String]) -> String {
    v.join("\n")
}

#[test]
fn open_search_node_counts_at_fixed_depth() {
    let got = open_game(Position::default(), 1, 4, &Limits::depth(4));
    assert_eq!(
        show(&got),
        concat!(
            "e6d5 10 4 9986\n",
            "a7b8 -10 4 3166\n",
            "e5e7 10 4 2894\n",
            "a8a6 -10 4 2554",
        ),
        "start position, depth 4"
    );
    let got = open_game(random_position(7, 40), 3, 6, &Limits::depth(4));
    assert_eq!(
        show(&got),
        concat!(
            "a7a9 676 4 2894\n",
            "b9a9 -584 4 2453\n",
            "e6e7 584 4 2536\n",
            "e8d8 -569 4 3967\n",
            "e4d4 569 4 3144\n",
            "e9d9 -435 4 13961",
        ),
        "a middle game, depth 4"
    );
}

#[test]
fn open_search_node_counts_under_a_node_limit() {
    let got = open_game(random_position(11, 20), 5, 4, &Limits::nodes(20_000));
    assert_eq!(
        show(&got),
        concat!(
            "e5e7 105 5 20000\n",
            "d10c10 -113 4 20000\n",
            "d5d6 99 4 20000\n",
            "e12e11 -112 5 20000",
        ),
        "node limit 20 000"
    );
}

#[test]
fn flip_search_node_counts_at_fixed_depth() {
    let got = flip_game(FlipPosition::start(), 1, 4, &Limits::depth(3));
    assert_eq!(
        show(&got),
        concat!(
            "a1 -3 1 24\n",
            "a2 -3 3 1224\n",
            "e9 -2 3 1509\n",
            "b1 -10 3 4468",
        ),
        "flip start, depth 3"
    );
    let pos: FlipPosition =
        "?????/?????/?1?1?/??1??/?1?1?/??js?/??E?P/?1?1?/??1??/?1?1?/?????/????? 1 r \
         SJDDBBTTYYCCCPPEEZZLLLFddbbttyycccpppeeezzlllf 0 3"
            .parse()
            .unwrap();
    let got = flip_game(pos.clone(), 2, 6, &Limits::depth(3));
    assert_eq!(
        show(&got),
        concat!(
            "c6d5 -55 3 8211\n",
            "b6 39 3 6239\n",
            "a5 -44 3 9981\n",
            "c7c6 24 3 11570\n",
            "b6b5 -40 3 11712\n",
            "d6 44 3 11931",
        ),
        "face-up pieces in contact, depth 3"
    );
    let got = flip_game(pos, 4, 3, &Limits::nodes(15_000));
    assert_eq!(
        show(&got),
        concat!("c6d5 -36 3 15000\n", "d6 57 3 15000\n", "d5c4 -108 3 15000",),
        "node limit 15 000"
    );
}
