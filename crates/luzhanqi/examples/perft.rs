//! `cargo run --release -p luzhanqi --example perft -- DEPTH [POSITION]`: perft of the default
//! start (or a position string) at each depth up to DEPTH, with nodes per second.

use std::time::Instant;

use luzhanqi::{Position, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(3);
    let pos: Position = match args.next() {
        Some(s) => s.parse().unwrap_or_else(|e| panic!("{e}")),
        None => Position::default(),
    };
    println!("{pos}");
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&pos, d);
        let s = t.elapsed().as_secs_f64();
        println!("perft {d} {n}  ({:.1} Mnodes/s)", n as f64 / s / 1e6);
    }
}
