//! `gjjq show`: the labelled board.

use crate::common::{CliError, PositionArgs, out, outln};

/// Arguments of `show`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
}

/// Print the diagram of the position.
pub fn run(args: Args) -> Result<(), CliError> {
    let pos = args.pos.position()?;
    out!("{}", pos.to_setup().diagram());
    outln!("{pos}");
    Ok(())
}
