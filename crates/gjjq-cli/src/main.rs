//! `gjjq`: the command line of the gjjq rules library for 国际军棋.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use junqi_cli::clap_exit;

mod beside;
mod commands;
mod common;

/// Rules engine for 国际军棋 (International Military Chess).
#[derive(Debug, Parser)]
#[command(name = "gjjq", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the labelled board with terrain.
    Show(common::PositionArgs),
    /// Count the leaves of the move tree; the count alone on the last line.
    Perft(commands::perft::PerftArgs),
    /// Perft split by root move: `<ascii> <count>` lines sorted, then `total <n>`.
    Divide(commands::perft::DivideArgs),
    /// List the legal moves, one a line, sorted by ASCII form.
    Moves(common::PositionArgs),
    /// Adjudicate a position: `ongoing`, or `<red|green|draw> <reason>`.
    Outcome(common::PositionArgs),
    /// Play a game of the baseline engine against itself (or of random moves) from the default
    /// opening.
    Selfplay(commands::selfplay::Args),
    /// Write training data: engine self-play positions with score, result and ply, in the
    /// binary dataset format (docs/engine.md).
    Datagen(commands::datagen::Args),
    /// Speak the engine protocol (docs/protocol.md) on stdin/stdout.
    Engine(commands::engine::Args),
    /// Play a match between two engine programs; print W/D/L, Elo and LOS.
    Match(Box<commands::matches::Args>),
    /// Rewrite a game record file in another script or in ASCII.
    Convert(commands::convert::Args),
    /// Validate a game record file; print the final board and result.
    Replay(commands::replay::Args),
    /// Render a position or a deployment as SVG.
    Svg(commands::svg::Args),
    /// Deployments: random, check, count (R-32 … R-35); endgame sets.
    Deploy(commands::deploy::Args),
    /// The opening position string of two deployments and a first mover (R-32 … R-34).
    Opening(commands::opening::Args),
    /// 暗式 hidden play (R-37 … R-41): selfplay, view, worlds, check.
    Hidden(commands::hidden::Args),
    /// Endgame tables (殘局): generate, probe, stats (docs/endgames.md).
    Tablebase(commands::tablebase::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    let result = match cli.command {
        Command::Show(a) => commands::show::run(a),
        Command::Perft(a) => commands::perft::run_perft(a),
        Command::Divide(a) => commands::perft::run_divide(a),
        Command::Moves(a) => commands::moves::run(a),
        Command::Outcome(a) => commands::outcome::run(a),
        Command::Selfplay(a) => commands::selfplay::run(a),
        Command::Datagen(a) => commands::datagen::run(a),
        Command::Engine(a) => commands::engine::run(a),
        Command::Match(a) => commands::matches::run(*a),
        Command::Convert(a) => commands::convert::run(a),
        Command::Replay(a) => commands::replay::run(a),
        Command::Svg(a) => commands::svg::run(a),
        Command::Deploy(a) => commands::deploy::run(a),
        Command::Opening(a) => commands::opening::run(a),
        Command::Hidden(a) => commands::hidden::run(a),
        Command::Tablebase(a) => commands::tablebase::run(a),
    };
    // Output is buffered: a write error (a full disk) can surface only at the flush.
    let result = result.and_then(|()| Ok(std::io::Write::flush(&mut std::io::stdout())?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // If stderr itself fails there is nowhere left to say so: the exit code does. The
            // message may quote a file's name or contents: escaped, so that no control
            // character reaches the terminal and it stays one line.
            let _ = writeln!(
                std::io::stderr(),
                "error: {}",
                junqi_protocol::line::escape_for_line(&e.to_string())
            );
            ExitCode::FAILURE
        }
    }
}
