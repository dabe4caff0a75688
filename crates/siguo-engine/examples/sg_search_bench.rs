//! A fixed-depth team search from the standard start, for instruction counts (`valgrind
//! --tool=callgrind`) and nodes per second: the same tree every run.
//!
//! `cargo run --release -p siguo-engine --example sg_search_bench -- [DEPTH]` (4 by default).
//! Prints the nodes, the time and the nodes per second.

use std::time::Instant;

use siguo::Position;
use siguo_engine::{Agent, Limits, SearchAgent};

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    let pos = Position::default();
    let t = Instant::now();
    let c = SearchAgent::new(1)
        .choose(&pos, &[], &Limits::depth(depth))
        .expect("a legal action");
    let s = t.elapsed().as_secs_f64();
    println!("{} {} {}", c.action, c.score, c.depth);
    println!(
        "nodes {} time {s:.3} s nps {:.0}",
        c.nodes,
        c.nodes as f64 / s
    );
}
