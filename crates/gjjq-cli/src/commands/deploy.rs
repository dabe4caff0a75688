//! `gjjq deploy`: deployments (R-32 … R-35) and endgame sets (殘局棋型).

use std::io::Write as _;

use clap::Subcommand;
use gjjq_core::{
    Script, Side,
    deploy::{Deployment, DeploymentSampler},
    endgame::{EndgameForce, random_endgame},
};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::common::{CliError, SideArg, load_rules, outln};

/// Arguments of `deploy`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: DeployCommand,
}

#[derive(Debug, Subcommand)]
enum DeployCommand {
    /// Random deployments, each legal one equally likely: one string a line.
    Random {
        /// Seed of the generator (a random seed when left out).
        #[arg(long)]
        seed: Option<u64>,
        /// How many deployments.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// `standard`, or a ruleset JSON file.
        #[arg(long, value_name = "standard|FILE", default_value = "standard")]
        rules: String,
    },
    /// Check a deployment string: prints `ok` (exit 0) or the error (exit 1).
    Check {
        /// The deployment string, e.g. `9/3III3/9/1DA3AD1/FPMGKGMPF`.
        deployment: String,
        /// `standard`, or a ruleset JSON file.
        #[arg(long, value_name = "standard|FILE", default_value = "standard")]
        rules: String,
    },
    /// The number of legal deployments of one side, digits only.
    Count {
        /// `standard`, or a ruleset JSON file.
        #[arg(long, value_name = "standard|FILE", default_value = "standard")]
        rules: String,
    },
    /// Endgame sets (殘局棋型): list the types, or print a random position with two of them.
    Endgame(EndgameArgs),
}

/// Arguments of `deploy endgame`.
#[derive(Debug, clap::Args)]
struct EndgameArgs {
    /// List every type, one a line: ASCII letters, then the name in characters.
    #[arg(long, conflicts_with_all = ["red", "green", "seed", "first"])]
    list: bool,
    /// Red's force besides the king: `IID`, `雙團單師`, `團師軍` …
    #[arg(long, value_name = "TYPE", required_unless_present = "list")]
    red: Option<String>,
    /// Green's force besides the king.
    #[arg(long, value_name = "TYPE", required_unless_present = "list")]
    green: Option<String>,
    /// Seed of the generator (a random seed when left out).
    #[arg(long)]
    seed: Option<u64>,
    /// The side to move.
    #[arg(long, value_enum, default_value_t = SideArg::Red)]
    first: SideArg,
    /// Script of the names `--list` prints.
    #[arg(long, value_enum, default_value_t = crate::commands::svg::ScriptArg::Simplified)]
    script: crate::commands::svg::ScriptArg,
    /// `standard`, or a ruleset JSON file.
    #[arg(long, value_name = "standard|FILE", default_value = "standard")]
    rules: String,
}

/// Run a `deploy` subcommand.
pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        DeployCommand::Random { seed, count, rules } => {
            let rules = load_rules(&rules)?;
            let sampler = DeploymentSampler::new(&rules);
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            junqi_cli::write_random(&mut out, seed, count, |r| sampler.sample(r))?;
            out.flush()?;
        }
        DeployCommand::Check { deployment, rules } => {
            let rules = load_rules(&rules)?;
            // A query: the answer goes to stdout either way, the exit code tells which.
            match Deployment::parse_with(&deployment, &rules) {
                Ok(_) => outln!("ok"),
                Err(e) => {
                    outln!("{e}");
                    std::io::stdout().flush()?;
                    std::process::exit(1);
                }
            }
        }
        DeployCommand::Count { rules } => {
            outln!("{}", Deployment::count(&load_rules(&rules)?));
        }
        DeployCommand::Endgame(a) => endgame(a)?,
    }
    Ok(())
}

fn endgame(args: EndgameArgs) -> Result<(), CliError> {
    if args.list {
        let script: Script = args.script.into();
        for f in EndgameForce::all() {
            outln!("{f} {}", f.name(script));
        }
        return Ok(());
    }
    let rules = load_rules(&args.rules)?;
    let force = |flag: &str, s: &Option<String>| -> Result<EndgameForce, CliError> {
        let s = s.as_deref().unwrap_or_default();
        s.parse()
            .map_err(|e| CliError(format!("{flag} '{s}': {e}")))
    };
    let red = force("--red", &args.red)?;
    let green = force("--green", &args.green)?;
    let mut rng = StdRng::seed_from_u64(args.seed.unwrap_or_else(rand::random));
    let turn: Side = args.first.into();
    let pos = random_endgame(&red, &green, turn, &rules, &mut rng)?;
    outln!("{pos}");
    Ok(())
}
