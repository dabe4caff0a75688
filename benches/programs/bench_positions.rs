//! Print mid-game positions from seeded random games with their perft counts: the source of
//! `tests/data/bench.perft`.
//!
//! `cargo run --release -p gjjq-bench --bin bench_positions -- [max-depth]`
#[path = "../common/mod.rs"]
mod common;

use gjjq::perft::perft;

fn main() {
    let max_depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    for (seed, plies) in [
        (1u64, 12usize),
        (2, 24),
        (3, 40),
        (4, 60),
        (5, 90),
        (6, 30),
        (7, 50),
    ] {
        let game = common::random_game(seed, plies);
        let pos = game.last().expect("the opening at least");
        println!("id random-s{seed}-p{}", game.len() - 1);
        println!("position {pos}");
        for d in 1..=max_depth {
            println!("perft {d} {}", perft(pos, d));
        }
        println!();
    }
    // One position in which the side to move owes a return, for the return, forfeit and
    // removal paths: the first such position of games with seeds 100, 101, ….
    let pending = (100u64..)
        .find_map(|seed| {
            common::random_game(seed, 80)
                .into_iter()
                .enumerate()
                .skip(20)
                .find(|(_, p)| p.pending_return(p.turn()).is_some() && perft(p, 1) > 1)
                .map(|(ply, p)| (seed, ply, p))
        })
        .expect("a pending return in some game");
    let (seed, ply, pos) = pending;
    println!("id random-s{seed}-p{ply}-pending");
    println!("position {pos}");
    for d in 1..=max_depth {
        println!("perft {d} {}", perft(&pos, d));
    }
}
