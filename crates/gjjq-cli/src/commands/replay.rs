//! `gjjq replay`: validate a game record file and print where each game ends.

use std::io::BufRead;

use gjjq_notation::{GameReader, RecordKind};

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
    // The parser says what the file holds: a player's record of a hidden game (R-40, its
    // side named by a `Player` tag) is read game by game and shown as that side's
    // information.
    if reader.peek_kind() == Some(RecordKind::HiddenPlayer) {
        return replay_player_records(&args.input, reader);
    }
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

/// Each game of a file of player records: the side, its information-state string
/// (`docs/hidden.md`), its own and the enemy's piece counts, and the result or `ongoing`.
fn replay_player_records(path: &str, reader: GameReader<Box<dyn BufRead>>) -> Result<(), CliError> {
    let mut n = 0;
    for (i, game) in reader.enumerate() {
        let record = game.map_err(|e| CliError(format!("{path}: {e}")))?;
        let state = gjjq_notation::info_state_from_player_record(&record)
            .map_err(|e| CliError(format!("{path}: game {}: {e}", i + 1)))?;
        let view = gjjq_core::hidden::PlayerView::new(&state);
        if i > 0 {
            outln!();
        }
        outln!("{} {}", state.side(), state);
        outln!("own {} enemy {}", view.own().len(), view.enemy_count());
        match view.outcome() {
            Some(o) => outln!("{o}"),
            None => outln!("ongoing"),
        }
        n += 1;
    }
    if n == 0 {
        return Err(no_games(path));
    }
    Ok(())
}
