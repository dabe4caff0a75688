//! gjjq perft of the default opening (depth 4, 6,519,892 nodes) against cozy-chess's chess
//! perft of the start position (depth 5, 4,865,609 nodes), alternated for several rounds; the
//! best time of each gives nodes/s and their ratio. Best-of-N resists the noise of a shared
//! machine better than a mean. Both perfts count the last ply in bulk.
//!
//! `cargo run --release --example perft_ratio -- [rounds]`
#[path = "../benches/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use gjjq::{Position, perft};

fn best<F: FnMut() -> u64>(best: &mut Duration, expected: u64, mut f: F) {
    let t = Instant::now();
    let n = std::hint::black_box(f());
    *best = (*best).min(t.elapsed());
    assert_eq!(n, expected);
}

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(10);
    let pos = Position::default();
    let board = cozy_chess::Board::default();
    let (gjjq_nodes, cozy_nodes) = (6_519_892u64, 4_865_609u64);
    let (mut g, mut c) = (Duration::MAX, Duration::MAX);
    for _ in 0..rounds {
        best(&mut g, gjjq_nodes, || perft(std::hint::black_box(&pos), 4));
        best(&mut c, cozy_nodes, || {
            common::cozy_perft(std::hint::black_box(&board), 5)
        });
    }
    let gn = gjjq_nodes as f64 / g.as_secs_f64() / 1e6;
    let cn = cozy_nodes as f64 / c.as_secs_f64() / 1e6;
    println!("gjjq  perft 4: best {g:.2?}, {gn:.1} Mnodes/s");
    println!("cozy  perft 5: best {c:.2?}, {cn:.1} Mnodes/s");
    println!("ratio gjjq/cozy: {:.2}", gn / cn);
}
