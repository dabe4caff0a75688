//! Worlds per second of the dark sampler (L-31) at ply 20, 60 and 120 of self-play games
//! (random play from random deployments): the sampler's build time, draws per second, and the
//! exact beliefs' time. Figures in `benches/README.md`.
//!
//! `cargo run --release -p luzhanqi --example dark_worlds -- [games] [draws]`

use std::time::Instant;

use luzhanqi::Side;
use luzhanqi::dark::{Beliefs, DarkGame, DarkRules, WorldSampler, check_world};
use luzhanqi::deploy::Deployment;
use luzhanqi::rand::{Rng, SeedableRng, rngs::StdRng};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(20);
    let draws = args.get(1).copied().unwrap_or(20_000);
    println!(
        "| ply | states | build (ms) | draws per second | draw + replay check per second | exact beliefs (ms) | log10 worlds (median) |"
    );
    println!("|---|---|---|---|---|---|---|");
    for ply in [20usize, 60, 120] {
        let mut rng = StdRng::seed_from_u64(ply as u64);
        let (mut build, mut draw, mut check, mut beliefs) = (0.0, 0.0, 0.0, 0.0);
        let mut n = 0;
        let mut logs = Vec::new();
        let mut seed = 0;
        while n < games {
            seed += 1;
            let mut g = DarkGame::new(
                &Deployment::random(&mut rng),
                &Deployment::random(&mut rng),
                Side::Red,
                DarkRules::STANDARD,
            )
            .expect("legal deployments");
            g.play_random(&mut rng, ply);
            if g.history().len() < ply || g.outcome().is_some() {
                continue;
            }
            let side = if seed % 2 == 0 { Side::Red } else { Side::Blue };
            let state = g.info_state(side);
            let t = Instant::now();
            let s = WorldSampler::new(state).expect("the true world is one");
            build += t.elapsed().as_secs_f64();
            logs.push((s.count() as f64).log10());
            let t = Instant::now();
            let mut sink = 0usize;
            for _ in 0..draws {
                sink += s.draw(&mut rng).expect("exact").pieces[0] as usize;
            }
            draw += t.elapsed().as_secs_f64();
            let t = Instant::now();
            for _ in 0..draws / 10 {
                let w = s.draw(&mut rng).expect("exact");
                assert!(check_world(state, &w).is_ok());
            }
            check += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let b = Beliefs::exact(&s);
            beliefs += t.elapsed().as_secs_f64();
            sink += b.pieces().len() + rng.random_range(0..2);
            std::hint::black_box(sink);
            n += 1;
        }
        logs.sort_by(f64::total_cmp);
        let nf = n as f64;
        println!(
            "| {ply} | {n} | {:.1} | {:.0} | {:.0} | {:.1} | {:.1} |",
            build / nf * 1e3,
            (draws as f64 * nf) / draw,
            (draws as f64 / 10.0 * nf) / check,
            beliefs / nf * 1e3,
            logs[logs.len() / 2]
        );
    }
}
