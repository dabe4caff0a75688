//! A fixed-depth search from the standard start, for instruction counts (`valgrind
//! --tool=callgrind`) and nodes per second: the same tree every run.
//!
//! `cargo run --release -p gjjq-engine --example gj_search_bench -- [DEPTH]` (6 by default).
//! Prints the best move, the nodes, the time and the nodes per second.

use std::time::Instant;

use gjjq_core::Position;
use gjjq_engine::{Engine, EngineConfig, Limits};

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(6);
    let pos = Position::default();
    let mut engine = Engine::new(EngineConfig::default());
    let t = Instant::now();
    let r = engine.search(&pos, &[], Limits::depth(depth));
    let s = t.elapsed().as_secs_f64();
    let best = r
        .best_move
        .map_or_else(|| "none".to_string(), |m| m.to_string());
    println!("{best} {} {}", r.depth, r.nodes);
    println!(
        "nodes {} time {s:.3} s nps {:.0}",
        r.nodes,
        r.nodes as f64 / s
    );
}
