//! Perft and divide for a position given on the command line.
//!
//! `cargo run --release --example perft -- <depth> ["<position string>"]`
use gjjq::{
    Position, Setup,
    perft::{divide, perft},
};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(3);
    let pos = match args.get(2) {
        Some(s) => match s
            .parse::<Setup>()
            .map_err(|e| e.to_string())
            .and_then(|s| Position::from_setup(s).map_err(|e| e.to_string()))
        {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        },
        None => Position::default(),
    };
    for (m, n) in divide(&pos, depth) {
        println!("{m} {n}");
    }
    let t = std::time::Instant::now();
    let n = perft(&pos, depth);
    println!("perft {depth} = {n} ({:.2?})", t.elapsed());
}
