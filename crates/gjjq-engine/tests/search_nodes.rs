//! Node counts pinned: the search at fixed depths on fixed positions, and along a game with
//! its history, gives these exact moves, scores, depths and node counts. A change of search
//! order, pruning, table or stop rule shows here (issue 49 item 4: the engines' shared search
//! pieces must not change the tree).

use gjjq_core::Position;
use gjjq_engine::{Engine, EngineConfig, Limits};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A position of a seeded random game after `plies` plies (or earlier, before it ends).
fn random_position(seed: u64, plies: usize) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = Position::default();
    for _ in 0..plies {
        let moves = p.legal_moves();
        let m = moves[rng.random_range(0..moves.len())];
        let next = p.clone().play(m).unwrap();
        if next.legal_moves().is_empty() {
            break;
        }
        p = next;
    }
    p
}

/// `plies` moves of one engine from `pos` under `limits`, the game's keys passed as its
/// history: each result as `move score depth nodes`.
fn game(mut pos: Position, plies: usize, limits: Limits) -> String {
    let mut engine = Engine::new(EngineConfig {
        hash_mb: 2,
        ..EngineConfig::default()
    });
    let mut keys = Vec::new();
    let mut out = Vec::new();
    for _ in 0..plies {
        let r = engine.search(&pos, &keys, limits);
        let Some(m) = r.best_move else {
            break;
        };
        out.push(format!("{m} {:?} {} {}", r.score, r.depth, r.nodes));
        keys.push(pos.zobrist_hash());
        pos.play_unchecked(m);
    }
    out.join("\n")
}

#[test]
fn search_node_counts_at_fixed_depth() {
    assert_eq!(
        game(Position::default(), 3, Limits::depth(5)),
        concat!(
            "3E7e Cp(212) 5 10447\n",
            "7d7e Cp(-8) 5 2784\n",
            "7E3e Cp(220) 5 2710",
        ),
        "start, depth 5"
    );
    assert_eq!(
        game(random_position(9, 30), 4, Limits::depth(5)),
        concat!(
            "1E2B Cp(92) 5 6248\n",
            "7e3E Cp(48) 5 3871\n",
            "3B8a Cp(-52) 5 3791\n",
            "3E7e Cp(264) 5 995",
        ),
        "ply 30, depth 5"
    );
}

#[test]
fn search_node_counts_under_a_node_limit() {
    assert_eq!(
        game(random_position(4, 50), 3, Limits::nodes(30_000)),
        concat!(
            "7E3e Cp(1864) 6 30208\n",
            "7a5A Cp(-1732) 7 30208\n",
            "3e7E Cp(1854) 7 30208",
        ),
        "node limit"
    );
}
