//! `gjjq convert`: rewrite a game record file in another script or in the ASCII form.

use std::io::{self, BufRead, Write};

use clap::builder::{PossibleValuesParser, TypedValueParser};
use gjjq_notation::{
    GameReader, MoveForm, MoveText, RecordKind, RecordedMove, WriteError,
    info_state_from_player_record, write_game,
};

use crate::common::{CliError, open_file};

/// Arguments of `convert`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game record file, or `-` for standard input.
    input: String,
    /// The form of the moves written.
    #[arg(
        long,
        default_value = "simplified",
        value_parser = PossibleValuesParser::new(MoveForm::NAMES).try_map(|s| s.parse::<MoveForm>())
    )]
    to: MoveForm,
}

/// Open `path` (or standard input for `-`) for line-by-line reading.
pub fn open_input(path: &str) -> Result<Box<dyn BufRead>, CliError> {
    if path == "-" {
        Ok(Box::new(io::stdin().lock()))
    } else {
        Ok(Box::new(io::BufReader::new(open_file(path)?)))
    }
}

/// The error for an input without a game: an empty file or a closed standard input is a
/// mistake worth a non-zero exit, not a silent success.
pub fn no_games(input: &str) -> CliError {
    let what = if input == "-" {
        "standard input"
    } else {
        input
    };
    CliError(format!(
        "{what}: no games (the input is empty or holds only blank lines)"
    ))
}

/// Read each game, check it as `replay` does, and write it to standard output in the target
/// form: `convert` accepts exactly the files `replay` accepts. A file of player records of a
/// hidden game (R-40, a `Player` tag on its first game) is checked as player records; any
/// other game is replayed, every variation included. ASCII moves written as records are
/// resolved against their positions (in any line); records are written as they were read.
/// One game is held at a time, within the reader's limits (`ReadLimits`).
pub fn run(args: Args) -> Result<(), CliError> {
    let form = args.to;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut count = 0;
    let mut reader = GameReader::new(open_input(&args.input)?);
    let players = reader.peek_kind() == Some(RecordKind::HiddenPlayer);
    for (i, game) in reader.enumerate() {
        count += 1;
        let mut game = game.map_err(|e| CliError(format!("{}: {e}", args.input)))?;
        let in_game =
            |e: &dyn std::fmt::Display| CliError(format!("{}: game {}: {e}", args.input, i + 1));
        if players {
            info_state_from_player_record(&game).map_err(|e| in_game(&e))?;
        } else if matches!(form, MoveForm::Script(_)) && any_ascii(&game.moves) {
            // Replays every line, then rewrites the moves as records.
            game = game.resolve(None).map_err(|e| in_game(&e))?;
        } else {
            game.replay(None).map_err(|e| in_game(&e))?;
        }
        if i > 0 {
            writeln!(out)?;
        }
        write_game(&game, form, &mut out).map_err(|e| match e {
            WriteError::Io(e) => CliError(e.to_string()),
            other => in_game(&other),
        })?;
    }
    out.flush()?;
    if count == 0 {
        return Err(no_games(&args.input));
    }
    Ok(())
}

/// Whether a move of `moves` or of their variations, at any depth, is in the ASCII form.
fn any_ascii(moves: &[RecordedMove]) -> bool {
    moves.iter().any(|m| {
        matches!(m.text, MoveText::Ascii(_)) || m.variations.iter().any(|v| any_ascii(&v.moves))
    })
}
