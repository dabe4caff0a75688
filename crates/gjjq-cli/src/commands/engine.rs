//! `gjjq engine`: the baseline engine (or the random mover) speaking the protocol of
//! `docs/protocol.md` on standard input and output.

use gjjq_engine::server::{Player, ServerOptions, serve};

use crate::common::CliError;

/// Arguments of `engine`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Answer with uniformly random legal moves instead of searching.
    #[arg(long)]
    random: bool,
    /// Seed of the random mover (as `setoption name Seed value N`; 0 draws one).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// Serve until `quit` or the end of the input.
pub fn run(args: Args) -> Result<(), CliError> {
    let options = ServerOptions {
        player: if args.random {
            Player::Random
        } else {
            Player::Search
        },
        seed: args.seed,
    };
    serve(std::io::stdin().lock(), std::io::stdout(), options)?;
    Ok(())
}
