//! The determinized agent under a time limit, measured: worlds drawn a move, the sampler's
//! fallbacks and the overshoot of the limit, over the information states of the seat to move
//! every 15 plies of 四暗 (or 雙明) games between heuristic seats on sampled worlds.
//!
//! `cargo run --release -p siguo-engine --example dark_stats -- [MOVETIME_MS] [POSITIONS]
//! [dark|double_open]` (defaults 100, 40, dark).

use std::time::{Duration, Instant};

use gjjq_arbiter::local::siguo_deployments as pair_deployments;
use siguo::dark::DarkGame;
use siguo::{Rules, Seat, SiguoMode};
use siguo_engine::{AgentKind, DarkAgent, DeterminizedAgent, Limits};

fn main() {
    let mut args = std::env::args().skip(1);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(40);
    let mode = match args.next().as_deref() {
        Some("double_open") => SiguoMode::DoubleOpen,
        _ => SiguoMode::Dark,
    };
    let mut rules = Rules::STANDARD;
    rules.mode.mode = mode;
    let limit = Duration::from_millis(ms);
    let (mut worlds, mut fallbacks, mut worst) = (Vec::new(), 0, Duration::ZERO);
    let mut seed = 0u32;
    while worlds.len() < count {
        let ds = pair_deployments(7, seed);
        let start = siguo::deploy::opening([&ds[0], &ds[1], &ds[2], &ds[3]], Seat::Red, rules)
            .expect("legal deployments");
        let mut game = DarkGame::new(start).expect("standard rules play dark");
        let mut seats: Vec<_> = (0..4)
            .map(|i| AgentKind::Heuristic.build_dark(u64::from(seed) * 4 + i))
            .collect();
        for ply in 0..600 {
            if game.position().outcome().is_some() || worlds.len() >= count {
                break;
            }
            let seat = game.position().turn();
            let state = game.info_state(seat);
            if ply % 15 == 7 {
                let t = Instant::now();
                let c = DeterminizedAgent::new(1)
                    .choose_dark(&state, &Limits::time(limit))
                    .expect("a legal action");
                worst = worst.max(t.elapsed().saturating_sub(limit));
                worlds.push(c.depth);
                fallbacks += usize::from(c.depth == 0);
            }
            let c = seats[seat.index()]
                .choose_dark(&state, &Limits::default())
                .expect("a legal action");
            game.play(c.action).expect("a legal action");
        }
        seed += 1;
    }
    worlds.sort_unstable();
    let mean = worlds.iter().map(|&w| f64::from(w)).sum::<f64>() / worlds.len() as f64;
    println!(
        "{mode:?} movetime {ms} ms, {} positions: worlds a move mean {mean:.1}, median {}, min {}, max {}; fallbacks {fallbacks}; worst overshoot {:.1} ms",
        worlds.len(),
        worlds[worlds.len() / 2],
        worlds[0],
        worlds[worlds.len() - 1],
        worst.as_secs_f64() * 1e3
    );
}
