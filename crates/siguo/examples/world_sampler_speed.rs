//! The world sampler's cost after random play (issue 52): from Red's information state after
//! 20, 40, 80 and 160 plies of a seeded random game (5 games), 5 draws each with a budget of
//! 3,000,000 proposed deployments a draw, under 四暗 and 雙明. Prints, per mode and ply count,
//! the mean plies actually played (a game may end sooner), the mean time to build the sampler,
//! the mean time per successful draw, and how many draws ran out of budget.
//!
//! `cargo run --release -p siguo --example world_sampler_speed [-- GAMES DRAWS BUDGET]`
//! (defaults 5 5 3000000)
use std::time::Instant;

use luzhanqi::deploy::Deployment;
use luzhanqi::rand::SeedableRng;
use luzhanqi::rand::rngs::StdRng;
use siguo::dark::{DarkGame, WorldError, WorldSampler};
use siguo::{Rules, Seat};

/// A seeded random game of `plies` plies (fewer if it ends), from four uniform deployments.
fn random_game(seed: u64, rules: Rules, plies: usize) -> DarkGame {
    let mut rng = StdRng::seed_from_u64(seed);
    let d: [Deployment; 4] = std::array::from_fn(|_| Deployment::random(&mut rng));
    let pos = siguo::deploy::opening([&d[0], &d[1], &d[2], &d[3]], Seat::Red, rules)
        .expect("legal deployments");
    let mut g = DarkGame::new(pos).expect("a valid opening");
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..plies {
        if g.position().outcome().is_some() {
            break;
        }
        g.play_random(&mut rng).expect("a legal random action");
    }
    g
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let games = args.first().copied().unwrap_or(5);
    let draws = args.get(1).copied().unwrap_or(5);
    let budget = args.get(2).copied().unwrap_or(3_000_000);
    println!("mode plies played build_ms draw_ms out_of_budget/draws");
    for (name, json) in [
        ("四暗", r#"{"mode":"dark"}"#),
        ("雙明", r#"{"mode":"double_open"}"#),
    ] {
        let rules = Rules::from_json(json).expect("valid rules");
        for plies in [20, 40, 80, 160] {
            let (mut played, mut build, mut drawn, mut draw_s, mut out) = (0, 0.0, 0, 0.0, 0);
            for seed in 0..games {
                let g = random_game(seed, rules, plies);
                let state = g.info_state(Seat::Red);
                played += state.history().len();
                let t = Instant::now();
                let s = WorldSampler::new(&state).expect("the true world fits");
                build += t.elapsed().as_secs_f64();
                let mut rng = StdRng::seed_from_u64(seed);
                for _ in 0..draws {
                    let t = Instant::now();
                    match s.draw(&mut rng, budget) {
                        Ok(_) => {
                            drawn += 1;
                            draw_s += t.elapsed().as_secs_f64();
                        }
                        Err(WorldError::Exhausted(_)) => out += 1,
                        Err(e) => panic!("{e}"),
                    }
                }
            }
            println!(
                "{name} {plies} {:.0} {:.1} {:.2} {out}/{}",
                played as f64 / games as f64,
                1e3 * build / games as f64,
                1e3 * draw_s / f64::from(drawn.max(1)),
                games * draws
            );
        }
    }
}
