//! `gjjq show`: the labelled board.

use crate::common::{CliError, PositionArgs};

/// Arguments of `show`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
}

/// Print the diagram of the position.
pub fn run(args: Args) -> Result<(), CliError> {
    let pos = args.pos.position()?;
    print!("{}", pos.to_setup().diagram());
    println!("{pos}");
    Ok(())
}
