//! Print a game file of one long game of quiet moves that never ends (the game of
//! `benches/replay.rs`), for measuring `gjjq replay` on long games.
//!
//! `cargo run --release -p gjjq-bench --bin long_game -- 1000000 > long.gjjq`
#[path = "../common/mod.rs"]
mod common;

use std::io::{BufWriter, Write};

fn main() -> std::io::Result<()> {
    let plies: usize = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(1000);
    let moves = common::long_quiet_game(plies, 11);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            write!(out, "{}. {m}", i / 2 + 1)?;
        } else {
            writeln!(out, " {m}")?;
        }
    }
    writeln!(out, " *")?;
    out.flush()
}
