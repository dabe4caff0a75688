//! `gjjq replay`: validate a game record file and print where each game ends.

use gjjq_notation::GameReader;

use super::convert::open_input;
use crate::common::{CliError, out, outln};

/// Arguments of `replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game record file, or `-` for standard input.
    input: String,
}

/// For each game: the final board, the final position string and the result line
/// (`red <reason>`, `green <reason>`, `draw <reason>` or `ongoing`); the first error, with
/// `line:column`, ends the command with a non-zero exit code.
pub fn run(args: Args) -> Result<(), CliError> {
    for (i, game) in GameReader::new(open_input(&args.input)?).enumerate() {
        let record = game.map_err(|e| CliError(format!("{}: {e}", args.input)))?;
        if gjjq_notation::is_player_record(&record) {
            // A player's record of a hidden game: its side's view, checked.
            let state = gjjq_notation::info_state_from_player_record(&record)
                .map_err(|e| CliError(format!("{}: game {}: {e}", args.input, i + 1)))?;
            let view = gjjq_core::PlayerView::new(&state);
            if i > 0 {
                outln!();
            }
            outln!("{} {}", state.side(), state);
            outln!("own {} enemy {}", view.own().len(), view.enemy_count());
            match view.outcome() {
                Some(o) => outln!("{o}"),
                None => outln!("ongoing"),
            }
            continue;
        }
        let game = record
            .replay(None)
            .map_err(|e| CliError(format!("{}: game {}: {e}", args.input, i + 1)))?;
        if i > 0 {
            outln!();
        }
        out!("{}", game.position().to_setup().diagram());
        outln!("{}", game.position());
        match game.outcome() {
            Some(o) => outln!("{o}"),
            None => outln!("ongoing"),
        }
    }
    Ok(())
}
