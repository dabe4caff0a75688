//! Node counts pinned: the paranoid team search at fixed depths and node limits on fixed
//! positions gives these exact actions, scores, depths and node counts. A change of search
//! order, pruning, table or stop rule shows here (issue 49 item 4: the search written once
//! must search the same trees as the one it replaced).

use gjjq_arbiter::local::siguo_deployments as pair_deployments;
use siguo::{Position, Rules, Seat};
use siguo_engine::{Agent, HeuristicAgent, Limits, SearchAgent};

/// A position of a heuristic game from seeded deployments after `plies` plies.
fn game_position(seed: u32, plies: usize) -> Position {
    let ds = pair_deployments(7, seed);
    let mut pos =
        siguo::deploy::opening([&ds[0], &ds[1], &ds[2], &ds[3]], Seat::Red, Rules::STANDARD)
            .unwrap();
    let mut h = HeuristicAgent::new(u64::from(seed));
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        let c = h.choose(&pos, &[], &Limits::default()).unwrap();
        pos.play_unchecked(c.action);
    }
    pos
}

/// `plies` actions of one search agent from `pos` under `limits`, the game's keys passed as
/// its history: each choice as `action score depth nodes`.
fn game(mut pos: Position, seed: u64, plies: usize, limits: &Limits) -> String {
    let mut agent = SearchAgent::new(seed);
    let mut keys = Vec::new();
    let mut out = Vec::new();
    for _ in 0..plies {
        let Ok(c) = agent.choose(&pos, &keys, limits) else {
            break;
        };
        out.push(format!("{} {} {} {}", c.action, c.score, c.depth, c.nodes));
        keys.push(pos.zobrist());
        pos.play_unchecked(c.action);
    }
    out.join("\n")
}

#[test]
fn team_search_node_counts_at_fixed_depth() {
    assert_eq!(
        game(Position::default(), 1, 4, &Limits::depth(3)),
        concat!(
            "k6k9 4 3 10076\n",
            "l11i11 0 3 4991\n",
            "g12g9 182 3 3627\n",
            "f7g7 0 3 2580",
        ),
        "start, depth 3"
    );
    assert_eq!(
        game(game_position(3, 60), 2, 6, &Limits::depth(3)),
        concat!(
            "j14j15 -830 3 1919\n",
            "m11l11 836 3 2670\n",
            "i13j13 -832 3 863\n",
            "p9o10 834 3 9282\n",
            "j13k12 -830 3 993\n",
            "l11i11 738 3 3228",
        ),
        "ply 60, depth 3"
    );
}

#[test]
fn team_search_node_counts_under_a_node_limit() {
    assert_eq!(
        game(game_position(5, 30), 4, 4, &Limits::nodes(20_000)),
        concat!(
            "g6g7 6867 3 20000\n",
            "h5g6 -6867 3 20000\n",
            "o7k4 6998 2 20000\n",
            "e7g6 7033 3 20000",
        ),
        "node limit"
    );
}
