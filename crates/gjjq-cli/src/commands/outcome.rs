//! `gjjq outcome`: position-only adjudication (R-21 … R-24).

use crate::common::{CliError, PositionArgs, outln};

/// Print `ongoing`, or the winner (or `draw`) and the reason.
pub fn run(args: PositionArgs) -> Result<(), CliError> {
    let pos = args.position()?;
    match pos.outcome() {
        Some(o) => outln!("{o}"),
        None => outln!("ongoing"),
    }
    Ok(())
}
