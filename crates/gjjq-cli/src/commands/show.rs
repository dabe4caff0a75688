//! `gjjq show`: the labelled board.

use crate::common::{CliError, PositionArgs, out, outln};

/// Print the diagram of the position.
pub fn run(args: PositionArgs) -> Result<(), CliError> {
    let pos = args.position()?;
    out!("{}", pos.to_setup().diagram());
    outln!("{pos}");
    Ok(())
}
