//! The determinized agent with its sampler kept between moves against fresh agents: along
//! 四暗 (or 雙明) games between heuristic seats on sampled worlds, at each of Red's turns one
//! agent that has played all of Red's earlier turns and a new agent (which builds the
//! sampler) choose under the same time limit, one after the other; printed: the worlds each
//! drew, in total over the turns, and the slowest answer of each.
//!
//! `cargo run --release -p siguo-engine --example kept_sampler -- [MOVETIME_MS] [GAMES]
//! [dark|double_open]` (defaults 100, 1, dark).

use std::time::{Duration, Instant};

use gjjq_arbiter::local::siguo_deployments as pair_deployments;
use siguo::dark::DarkGame;
use siguo::{Rules, Seat, SiguoMode};
use siguo_engine::{AgentKind, DarkAgent, DeterminizedAgent, Limits};

fn main() {
    let mut args = std::env::args().skip(1);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mode = match args.next().as_deref() {
        Some("double_open") => SiguoMode::DoubleOpen,
        _ => SiguoMode::Dark,
    };
    let mut rules = Rules::STANDARD;
    rules.mode.mode = mode;
    let limits = Limits::time(Duration::from_millis(ms));
    let (mut turns, mut kept_worlds, mut fresh_worlds) = (0u32, 0u64, 0u64);
    let (mut kept_slowest, mut fresh_slowest) = (Duration::ZERO, Duration::ZERO);
    for seed in 0..games {
        let ds = pair_deployments(7, seed);
        let start = siguo::deploy::opening([&ds[0], &ds[1], &ds[2], &ds[3]], Seat::Red, rules)
            .expect("legal deployments");
        let mut game = DarkGame::new(start).expect("standard rules play dark");
        let mut seats: Vec<_> = (0..4)
            .map(|i| AgentKind::Heuristic.build_dark(u64::from(seed) * 4 + i))
            .collect();
        let mut kept = DeterminizedAgent::new(1);
        for _ in 0..120 {
            if game.position().outcome().is_some() {
                break;
            }
            let seat = game.position().turn();
            let state = game.info_state(seat);
            if seat == Seat::Red {
                let t = Instant::now();
                let k = kept.choose_dark(&state, &limits).expect("a legal action");
                kept_slowest = kept_slowest.max(t.elapsed());
                let t = Instant::now();
                let f = DeterminizedAgent::new(1)
                    .choose_dark(&state, &limits)
                    .expect("a legal action");
                fresh_slowest = fresh_slowest.max(t.elapsed());
                turns += 1;
                kept_worlds += u64::from(k.depth);
                fresh_worlds += u64::from(f.depth);
            }
            let c = seats[seat.index()]
                .choose_dark(&state, &Limits::default())
                .expect("a legal action");
            game.play(c.action).expect("a legal action");
        }
    }
    println!(
        "{mode:?} movetime {ms} ms, {turns} Red turns: worlds kept sampler {kept_worlds}, fresh {fresh_worlds}; slowest answer kept {:.1} ms, fresh {:.1} ms",
        kept_slowest.as_secs_f64() * 1e3,
        fresh_slowest.as_secs_f64() * 1e3
    );
}
