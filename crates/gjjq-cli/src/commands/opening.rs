//! `gjjq opening`: the opening position of two deployments and a first mover (R-32 … R-34).

use gjjq_core::{
    Side,
    deploy::{Deployment, DeploymentSampler, Opening},
};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::common::{CliError, SideArg, load_rules, outln};

/// Arguments of `opening`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Red's deployment string, or `random`.
    #[arg(long, value_name = "DEP|random")]
    red: String,
    /// Green's deployment string in Green's own frame, or `random`.
    #[arg(long, value_name = "DEP|random")]
    green: String,
    /// The side that moves first.
    #[arg(long, value_enum, default_value_t = SideArg::Red)]
    first: SideArg,
    /// Seed for `random` deployments (Red's drawn first; a random seed when left out).
    #[arg(long)]
    seed: Option<u64>,
    /// `standard`, or a ruleset JSON file.
    #[arg(long, value_name = "standard|FILE", default_value = "standard")]
    rules: String,
}

/// Print the opening's position string.
pub fn run(args: Args) -> Result<(), CliError> {
    let rules = load_rules(&args.rules)?;
    let sampler = DeploymentSampler::new(&rules);
    let mut rng = StdRng::seed_from_u64(args.seed.unwrap_or_else(rand::random));
    let mut deployment = |flag: &str, s: &str| -> Result<Deployment, CliError> {
        if s == "random" {
            Ok(sampler.sample(&mut rng))
        } else {
            Deployment::parse_with(s, &rules).map_err(|e| CliError(format!("{flag} '{s}': {e}")))
        }
    };
    let red = deployment("--red", &args.red)?;
    let green = deployment("--green", &args.green)?;
    let first: Side = args.first.into();
    outln!("{}", Opening::new(red, green, first).position(rules)?);
    Ok(())
}
