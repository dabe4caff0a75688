//! `gjjq perft` and `gjjq divide`.

use gjjq_core::{
    Position,
    perft::{divide, perft},
};
use rayon::prelude::*;

use crate::common::{CliError, PositionArgs, outln};

/// The deepest perft the CLI runs. Perft recurses once a ply, so the depth bounds the stack;
/// 20 plies of ~50 moves is far beyond what can be counted anyway (and beyond a u64).
pub const MAX_DEPTH: i64 = 20;

/// The most threads `--threads` starts.
pub const MAX_THREADS: i64 = 256;

/// Arguments of `perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// Depth in plies, 0 to 20.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH))]
    depth: u32,
    #[command(flatten)]
    pos: PositionArgs,
    /// Split the root moves over this many threads, 1 to 256.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS))]
    threads: u32,
}

/// Arguments of `divide`.
#[derive(Debug, clap::Args)]
pub struct DivideArgs {
    /// Depth in plies, 1 to 20.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH))]
    depth: u32,
    #[command(flatten)]
    pos: PositionArgs,
}

fn parallel_perft(pos: &Position, depth: u32, threads: u32) -> Result<u64, CliError> {
    if threads <= 1 || depth < 2 {
        return Ok(perft(pos, depth));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads as usize)
        .build()
        .map_err(|e| CliError(format!("cannot start {threads} threads: {e}")))?;
    Ok(pool.install(|| split_perft(pos, depth, SPLIT_PLIES)))
}

/// How many plies from the root are split into tasks: two plies make about 2,500 tasks from
/// the default opening (51 × ~50), enough for many threads to stay busy to the end even
/// though subtrees differ in size.
const SPLIT_PLIES: u32 = 2;

/// Perft with the first `plies` plies split into rayon tasks: each task owns its position
/// (copy-make) and returns its count, the counts are summed as the tasks join, and idle
/// threads steal tasks from busy ones; nothing is shared but the read-only parent position.
fn split_perft(pos: &Position, depth: u32, plies: u32) -> u64 {
    if plies == 0 || depth < 2 {
        return perft(pos, depth);
    }
    pos.legal_moves()
        .par_iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            split_perft(&child, depth - 1, plies - 1)
        })
        .sum()
}

/// Print the node count alone on the last line.
pub fn run_perft(args: PerftArgs) -> Result<(), CliError> {
    let pos = args.pos.position()?;
    outln!("{}", parallel_perft(&pos, args.depth, args.threads)?);
    Ok(())
}

/// Print `<ascii> <count>` per root move, sorted by ASCII form, then `total <n>`.
pub fn run_divide(args: DivideArgs) -> Result<(), CliError> {
    let pos = args.pos.position()?;
    junqi_cli::write_divide(&mut std::io::stdout().lock(), divide(&pos, args.depth))?;
    Ok(())
}
