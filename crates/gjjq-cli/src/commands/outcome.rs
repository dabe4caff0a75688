//! `gjjq outcome`: position-only adjudication (R-21 … R-24).

use crate::common::{CliError, PositionArgs, outln};

/// Arguments of `outcome`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
}

/// Print `ongoing`, or the winner (or `draw`) and the reason.
pub fn run(args: Args) -> Result<(), CliError> {
    let pos = args.pos.position()?;
    match pos.outcome() {
        Some(o) => outln!("{o}"),
        None => outln!("ongoing"),
    }
    Ok(())
}
