//! `gjjq convert`: rewrite a game record file in another script or in the ASCII form.

use std::io::{self, BufRead, Write};

use clap::builder::{PossibleValuesParser, TypedValueParser};
use gjjq_notation::{GameReader, MoveForm, MoveText, WriteError, write_game};

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

/// Read each game and write it to standard output in the target form. Records need no
/// position; ASCII moves written as records are resolved by replaying the game. One game is
/// held at a time, within the reader's limits (`ReadLimits`: at most 1,000,000 moves and
/// 16 MiB of tags and comments).
pub fn run(args: Args) -> Result<(), CliError> {
    let form = args.to;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut count = 0;
    for (i, game) in GameReader::new(open_input(&args.input)?).enumerate() {
        count += 1;
        let mut game = game.map_err(|e| CliError(format!("{}: {e}", args.input)))?;
        let needs_resolving = matches!(form, MoveForm::Script(_))
            && game
                .moves
                .iter()
                .any(|m| matches!(m.text, MoveText::Ascii(_)));
        if needs_resolving {
            game = game
                .resolve(None)
                .map_err(|e| CliError(format!("{}: game {}: {e}", args.input, i + 1)))?;
        }
        if i > 0 {
            writeln!(out)?;
        }
        write_game(&game, form, &mut out).map_err(|e| match e {
            WriteError::Io(e) => CliError(e.to_string()),
            other => CliError(format!("{}: game {}: {other}", args.input, i + 1)),
        })?;
    }
    out.flush()?;
    if count == 0 {
        return Err(no_games(&args.input));
    }
    Ok(())
}
