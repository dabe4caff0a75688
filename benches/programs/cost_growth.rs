//! Workloads for the cost-growth table of benches/README.md, one per process so that
//! `/usr/bin/time -v` gives each its peak memory:
//!
//! - `worlds <ply>`: Red's information state at `ply` of a seeded hidden self-play game (R-37
//!   … R-41); prints the number of enemy pieces whose kind is unknown (more than one kind
//!   possible), the assignments, the time of `WorldSampler::new` and of a draw (mean of 200).
//! - `endgame <pieces>`: random endgame positions with `pieces` pieces a side (king
//!   included, 2 to 4: the endgame sets' sizes): the time of a draw (mean of 10,000), and of a
//!   full deployment beside it.
//! - `perft <depth>`: perft of the default opening.
//!
//! `cargo run --release -p gjjq-bench --bin cost_growth -- worlds 60`
use std::hint::black_box;
use std::time::Instant;

use gjjq::{
    PieceKind, Position, Ruleset, Side, Square,
    deploy::{DeploymentSampler, Opening},
    endgame::{EndgameForce, random_endgame},
    hidden::{HiddenGame, WorldSampler, check_world},
    perft::perft,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn worlds(ply: usize) {
    let rules = Ruleset::STANDARD;
    let game = (1u64..)
        .find_map(|seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = HiddenGame::new(Opening::random(&mut rng, None, &rules), rules).ok()?;
            game.play_out(&mut rng, ply);
            (game.game().moves().len() == ply).then_some(game)
        })
        .expect("some game lasts that long");
    let state = game.info_state(Side::Red).clone();
    let t = Instant::now();
    let sampler = WorldSampler::new(&state);
    let new_time = t.elapsed();
    let (mut ids, mut unknown) = (0, 0);
    for i in 0..90 {
        let d = sampler.domain(Square::from_index(i).expect("a point"));
        ids += usize::from(!d.is_empty());
        unknown += usize::from(d.len() > 1);
    }
    let mut rng = StdRng::seed_from_u64(1);
    let draws = 200;
    let t = Instant::now();
    let mut last = None;
    for _ in 0..draws {
        last = Some(black_box(sampler.draw(&mut rng).expect("a world")));
    }
    let draw_time = t.elapsed() / draws;
    assert!(check_world(&state, &last.expect("drawn")).is_ok());
    println!(
        "worlds ply {ply}: enemy pieces {ids}, unknown {unknown}, assignments {}, new {new_time:.2?}, draw {draw_time:.2?}",
        sampler.assignments()
    );
}

fn endgame(pieces: usize) {
    let kinds = [
        PieceKind::Infantry,
        PieceKind::Division,
        PieceKind::Army,
        PieceKind::Aircraft,
        PieceKind::Fleet,
        PieceKind::Missile,
        PieceKind::Infantry,
        PieceKind::Division,
        PieceKind::Army,
        PieceKind::Aircraft,
        PieceKind::Fleet,
        PieceKind::Missile,
        PieceKind::Infantry,
        PieceKind::Guard,
        PieceKind::Guard,
    ];
    let force = match EndgameForce::new(&kinds[..pieces - 1]) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("no endgame set of {pieces} pieces: {e}");
            std::process::exit(2);
        }
    };
    let rules = Ruleset::STANDARD;
    let mut rng = StdRng::seed_from_u64(1);
    let draws = 10_000u32;
    let t = Instant::now();
    for _ in 0..draws {
        black_box(random_endgame(&force, &force, Side::Red, &rules, &mut rng).expect("a position"));
    }
    let per = t.elapsed() / draws;
    let sampler = DeploymentSampler::new(&rules);
    let t = Instant::now();
    for _ in 0..draws {
        black_box(sampler.sample(&mut rng));
    }
    let full = t.elapsed() / draws;
    println!(
        "endgame {pieces} pieces a side: draw {per:.2?} (a full 16-piece deployment: {full:.2?})"
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1);
    match args.get(1).map(String::as_str) {
        Some("worlds") => worlds(n),
        Some("endgame") => endgame(n.clamp(1, 16)),
        Some("perft") => {
            let t = Instant::now();
            let nodes = perft(&Position::default(), n as u32);
            println!("perft {n}: {nodes} nodes in {:.2?}", t.elapsed());
        }
        _ => {
            eprintln!("usage: cost_growth worlds <ply> | endgame <pieces> | perft <depth>");
            std::process::exit(2);
        }
    }
}
