//! Checks a match's game file against the tables (issue 23: the engine with tables "never
//! loses a won ending it entered").
//!
//! ```text
//! cargo run --release -p gjjq-bench --bin tb_check_match -- DIR GAMES.txt NAME
//! ```
//!
//! Replays every game of the game file `GAMES.txt` (`gjjq match --pgn`) and probes each
//! position, the start included, in the tables of `DIR`. A game "entered the tables as a win"
//! for the engine `NAME` (its `Red` or `Green` tag) once a position of it is in the tables and
//! won for `NAME`'s side. Prints one line per such game that `NAME` did not win
//! (`failed <game> <result> <first won position>`), then the summary
//! `games G entered-won E won W drawn D lost L`; exits 1 if any such game was not won.

use std::fs::File;
use std::path::PathBuf;

use gjjq_core::Side;
use gjjq_notation::{GameReader, GameResult};
use gjjq_tablebase::{Tablebase, Wdl};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, games, name] = args.as_slice() else {
        return Err("usage: tb_check_match DIR GAMES NAME".into());
    };
    let tb = Tablebase::open(&PathBuf::from(dir))?;
    let (mut total, mut entered, mut won, mut drawn, mut lost) = (0, 0, 0, 0, 0);
    for (i, record) in GameReader::from_read(File::open(games)?).enumerate() {
        let record = record?;
        total += 1;
        let side = if record.tag("Red") == Some(name.as_str()) {
            Side::Red
        } else if record.tag("Green") == Some(name.as_str()) {
            Side::Green
        } else {
            return Err(format!("game {}: {name} plays neither side", i + 1).into());
        };
        let game = record.replay(None)?;
        let positions = game
            .plies()
            .map(|(p, _)| p)
            .chain(std::iter::once(game.position().clone()));
        let first_won = positions.into_iter().find(|p| {
            tb.probe_wdl(p).is_ok_and(|wdl| {
                let for_mover = if p.turn() == side {
                    Wdl::Win
                } else {
                    Wdl::Loss
                };
                wdl == for_mover
            })
        });
        let Some(first_won) = first_won else {
            continue;
        };
        entered += 1;
        let winner = match record.result {
            GameResult::RedWins => Some(Side::Red),
            GameResult::GreenWins => Some(Side::Green),
            _ => None,
        };
        match (winner, record.result) {
            (Some(w), _) if w == side => won += 1,
            (_, GameResult::Draw) => drawn += 1,
            _ => lost += 1,
        }
        if winner != Some(side) {
            println!(
                "failed {} {} {first_won}",
                i + 1,
                record.tag("Result").unwrap_or("?")
            );
        }
    }
    println!("games {total} entered-won {entered} won {won} drawn {drawn} lost {lost}");
    if won < entered {
        std::process::exit(1);
    }
    Ok(())
}
