//! 陸戰棋 cost figures for benches/README.md (issue 37, item 4), one workload per run:
//!
//! - `perft <depth>`: from the default start, for each depth 1 ..= `depth`, the nodes and
//!   nodes per second of the bulk perft (`luzhanqi::perft`, leaves counted from destination
//!   sets) and of a copy-make perft through the public API alone (`Position::play` of every
//!   legal move down to the leaves, each leaf made), so the two read as a ratio of one run.
//! - `game <plies>`: seeded random games from random deployment pairs (L-17, L-18) played
//!   `plies` deep where they last; the mean time of `legal_moves` and of a `play` over the
//!   positions met, per band of 50 plies, so the cost's growth with game length shows.
//!
//! Each asserts what it can: the perft counts of the two methods agree at every depth.
//!
//! `cargo run --release -p gjjq-bench --bin luzhanqi_cost -- perft 4`
use std::hint::black_box;
use std::time::{Duration, Instant};

use luzhanqi::deploy::{Deployment, opening};
use luzhanqi::rand::{Rng, SeedableRng, rngs::StdRng};
use luzhanqi::{Position, Ruleset, Side, perft};

/// Perft that makes every move through the safe API, leaves included.
fn make_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let next = pos.clone().play(m).expect("a legal move plays");
            make_perft(&next, depth - 1)
        })
        .sum()
}

fn rate(nodes: u64, t: Duration) -> f64 {
    nodes as f64 / t.as_secs_f64().max(1e-9) / 1e6
}

fn perft_table(depth: u32) {
    let pos = Position::default();
    println!("depth nodes bulk_Mnps make_Mnps ratio");
    for d in 1..=depth {
        let t = Instant::now();
        let bulk = black_box(perft(black_box(&pos), d));
        let tb = t.elapsed();
        let t = Instant::now();
        let made = black_box(make_perft(black_box(&pos), d));
        let tm = t.elapsed();
        assert_eq!(bulk, made, "bulk and copy-make perft disagree at depth {d}");
        let (rb, rm) = (rate(bulk, tb), rate(made, tm));
        println!("{d} {bulk} {rb:.1} {rm:.1} {:.2}", rm / rb);
    }
}

fn game_growth(plies: usize) {
    const BAND: usize = 50;
    let bands = plies.div_ceil(BAND);
    let (mut gen_time, mut play_time) = (vec![Duration::ZERO; bands], vec![Duration::ZERO; bands]);
    let mut count = vec![0u32; bands];
    let mut moves = vec![0u64; bands];
    for seed in 0..40u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let (red, blue) = (Deployment::random(&mut rng), Deployment::random(&mut rng));
        let rules = Ruleset::default();
        let mut pos = opening(&red, &blue, Side::Red, rules).expect("random deployments are legal");
        for ply in 0..plies {
            let t = Instant::now();
            let list = black_box(pos.legal_moves());
            let g = t.elapsed();
            if list.is_empty() {
                break;
            }
            let m = list[rng.random_range(0..list.len())];
            let t = Instant::now();
            pos = black_box(pos.play(m).expect("a legal move plays"));
            let p = t.elapsed();
            let b = ply / BAND;
            gen_time[b] += g;
            play_time[b] += p;
            count[b] += 1;
            moves[b] += list.len() as u64;
        }
    }
    println!("plies positions mean_moves legal_moves_ns play_ns");
    for b in 0..bands {
        if count[b] == 0 {
            continue;
        }
        let n = f64::from(count[b]);
        println!(
            "{}-{} {} {:.1} {:.0} {:.0}",
            b * BAND,
            (b + 1) * BAND - 1,
            count[b],
            moves[b] as f64 / n,
            gen_time[b].as_nanos() as f64 / n,
            play_time[b].as_nanos() as f64 / n
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n = |i: usize, default: usize| {
        args.get(i)
            .map_or(Ok(default), |s| s.parse::<usize>())
            .unwrap_or_else(|e| {
                eprintln!("not a number: {e}");
                std::process::exit(2)
            })
    };
    match args.first().map(String::as_str) {
        Some("perft") => perft_table(u32::try_from(n(1, 4).min(6)).unwrap_or(4)),
        Some("game") => game_growth(n(1, 400).min(100_000)),
        _ => {
            eprintln!("usage: luzhanqi_cost perft <depth> | game <plies>");
            std::process::exit(2);
        }
    }
}
