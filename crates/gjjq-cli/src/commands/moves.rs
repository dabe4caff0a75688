//! `gjjq moves`: the legal moves.

use gjjq_notation::Record;

use crate::common::{CliError, PositionArgs, outln};

/// One line per legal move, `<ascii> <record>`, sorted by ASCII form.
pub fn run(args: PositionArgs) -> Result<(), CliError> {
    let pos = args.position()?;
    let mut lines: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| format!("{m} {}", Record::from_move(&pos, m)))
        .collect();
    lines.sort();
    for l in lines {
        outln!("{l}");
    }
    Ok(())
}
