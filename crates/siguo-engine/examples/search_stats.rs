//! The search under a time limit, measured: depth reached, nodes, nodes per second and the
//! overshoot of the limit, over positions of heuristic games from seeded random deployments.
//!
//! `cargo run --release -p siguo-engine --example search_stats -- [MOVETIME_MS] [POSITIONS]`
//! (defaults 100 and 60).

use std::time::{Duration, Instant};

use gjjq_arbiter::local::siguo_deployments as pair_deployments;
use siguo::{Rules, Seat};
use siguo_engine::{Agent, HeuristicAgent, Limits, SearchAgent};

fn main() {
    let mut args = std::env::args().skip(1);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(60);
    let limit = Duration::from_millis(ms);
    let (mut depths, mut nodes, mut spent) = (Vec::new(), 0u64, Duration::ZERO);
    let mut worst = Duration::ZERO;
    let mut seed = 0u32;
    while depths.len() < count {
        let ds = pair_deployments(7, seed);
        let mut pos =
            siguo::deploy::opening([&ds[0], &ds[1], &ds[2], &ds[3]], Seat::Red, Rules::STANDARD)
                .expect("legal deployments");
        let mut h = HeuristicAgent::new(u64::from(seed));
        // Positions every 15 plies of a heuristic game.
        for ply in 0..600 {
            if pos.outcome().is_some() || depths.len() >= count {
                break;
            }
            if ply % 15 == 7 {
                let mut s = SearchAgent::new(1);
                let t = Instant::now();
                let c = s
                    .choose(&pos, &[], &Limits::time(limit))
                    .expect("a legal action");
                let e = t.elapsed();
                depths.push(c.depth);
                nodes += c.nodes;
                spent += e;
                worst = worst.max(e.saturating_sub(limit));
            }
            let c = h
                .choose(&pos, &[], &Limits::default())
                .expect("a legal action");
            pos.play_unchecked(c.action);
        }
        seed += 1;
    }
    depths.sort_unstable();
    let mean = depths.iter().map(|&d| f64::from(d)).sum::<f64>() / depths.len() as f64;
    println!(
        "positions {} movetime {ms} ms: depth mean {mean:.2} min {} median {} max {}; nodes/move {}; nodes/s {:.0}; worst overshoot {:.1} ms",
        depths.len(),
        depths[0],
        depths[depths.len() / 2],
        depths[depths.len() - 1],
        nodes / depths.len() as u64,
        nodes as f64 / spent.as_secs_f64(),
        worst.as_secs_f64() * 1e3
    );
}
