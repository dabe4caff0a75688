//! `gjjq convert` (being built).

use crate::common::CliError;

/// Arguments of `convert`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Input.
    input: Option<String>,
}

/// Not available yet.
pub fn run(args: Args) -> Result<(), CliError> {
    Err(CliError(format!(
        "'convert' is not available yet ({:?})",
        args.input
    )))
}
