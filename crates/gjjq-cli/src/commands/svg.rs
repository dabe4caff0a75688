//! `gjjq svg` (being built).

use crate::common::CliError;

/// Arguments of `svg`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Input.
    input: Option<String>,
}

/// Not available yet.
pub fn run(args: Args) -> Result<(), CliError> {
    Err(CliError(format!(
        "'svg' is not available yet ({:?})",
        args.input
    )))
}
