//! Read a game record file, replay it under the rules, print the final position string and the
//! result.
//!
//! `cargo run --example replay_record -- [FILE, default examples/sample.gjjq]`
use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;

use gjjq::notation::GameReader;

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/sample.gjjq".to_owned());
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The reader streams: one game at a time, never the whole file in memory.
    for (n, record) in GameReader::new(BufReader::new(file)).enumerate() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {path}: game {}: {e}", n + 1);
                return ExitCode::FAILURE;
            }
        };
        // `None`: the ruleset named by the game's Rules tag (standard when absent).
        match record.replay(None) {
            Ok(game) => {
                println!("game {}: {} moves", n + 1, game.moves().len());
                println!("final position: {}", game.position());
                match game.outcome() {
                    Some(o) => println!("result: {o}"),
                    None => println!("result: ongoing"),
                }
            }
            Err(e) => {
                eprintln!("error: {path}: game {}: {e}", n + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
