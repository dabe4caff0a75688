//! `gjjq replay`: validate a game record file and print where each game ends.

use gjjq_notation::GameReader;

use super::convert::{no_games, open_input};
use crate::common::{CliError, out, outln};

/// Arguments of `replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game record file, or `-` for standard input.
    input: String,
}

/// For each game: the final board, the final position string and the result line
/// (`red <reason>`, `green <reason>`, `draw <reason>` or `ongoing`); the first error, with
/// `line:column`, ends the command with a non-zero exit code, as does an input without games.
/// Each move is played as it is read, so a bad move is reported before the rest of the game
/// is read, and the moves are not held in memory.
pub fn run(args: Args) -> Result<(), CliError> {
    let mut reader = GameReader::new(open_input(&args.input)?);
    let mut i = 0;
    while let Some(game) = reader.replay_next(None) {
        let game = game.map_err(|e| CliError(format!("{}: game {}: {e}", args.input, i + 1)))?;
        if i > 0 {
            outln!();
        }
        out!("{}", game.position().to_setup().diagram());
        outln!("{}", game.position());
        match game.outcome() {
            Some(o) => outln!("{o}"),
            None => outln!("ongoing"),
        }
        i += 1;
    }
    if i == 0 {
        return Err(no_games(&args.input));
    }
    Ok(())
}
