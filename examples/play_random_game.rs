//! A whole game of random legal moves through the library API: `Game`, `legal_moves`, `play`
//! and `outcome`.
//!
//! `cargo run --example play_random_game -- [max plies, default 200] [seed, default 1]`
//!
//! The ruleset adds a no-capture limit of 100 plies, so every game ends, drawn at worst;
//! the ply limit only keeps the output short.
use gjjq::notation::Record;
use gjjq::{Game, Move, Position, Ruleset, Setup};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// How a move is printed: the ASCII form and the six-character record, e.g.
/// `5B5A 团5B进5A`, built from the position before the move.
fn describe(before: &Position, m: Move) -> String {
    format!("{m} {}", Record::from_move(before, m))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: u64| -> u64 {
        match args.get(i) {
            None => default,
            Some(s) => s.parse().unwrap_or_else(|_| {
                eprintln!("error: argument {i} ('{s}') must be a whole number");
                std::process::exit(2);
            }),
        }
    };
    let max_plies = arg(1, 200);
    let seed = arg(2, 1);

    let mut rules = Ruleset::STANDARD;
    rules.no_capture_limit = std::num::NonZeroU32::new(100);
    let start = match Position::from_setup_with(Setup::default_opening(), rules) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    let mut game = Game::new(start);
    let mut rng = StdRng::seed_from_u64(seed);
    println!("seed {seed}, at most {max_plies} plies");

    while (game.moves().len() as u64) < max_plies {
        // Empty once the game is over (or the side to move has no move, R-23).
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        let text = describe(game.position(), m);
        let captures = game.position().classify(m).is_some_and(|i| i.is_capture());
        let ply = game.moves().len() + 1;
        if let Err(e) = game.play(m) {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
        // Number each Red/Green pair as a record does; the capture flag helps reading.
        let cell = if captures { format!("{text} x") } else { text };
        if ply % 2 == 1 {
            print!("{:>4}. {cell:<8}", ply.div_ceil(2));
        } else {
            println!("  {cell}");
        }
    }
    if game.moves().len() % 2 == 1 {
        println!();
    }

    println!("final position: {}", game.position());
    match game.outcome() {
        Some(o) => println!("result: {o}"),
        None => println!("result: none yet (stopped after {max_plies} plies)"),
    }
}
