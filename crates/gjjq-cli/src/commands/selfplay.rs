//! `gjjq selfplay`: the baseline engine against itself at a small fixed budget (or random
//! legal moves), the README's main job.

use gjjq_core::{Game, Side, deploy::Opening};
use gjjq_engine::{Engine, EngineConfig, Limits};
use gjjq_notation::Record;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::common::{CliError, SideArg, load_rules, out, outln};

/// Arguments of `selfplay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Seed of the random move choice (a random seed, printed, when left out). The engine is
    /// deterministic; its game depends on the seed only through `--random-plies`.
    #[arg(long)]
    seed: Option<u64>,
    /// Play uniformly random legal moves instead of the engine.
    #[arg(long)]
    random: bool,
    /// The engine's budget per move, in nodes (machine-independent, so the game is the same
    /// everywhere).
    #[arg(long, default_value_t = 3000)]
    nodes: u64,
    /// Random plies before the engine takes over (from the seed), for varied games.
    #[arg(long, default_value_t = 2)]
    random_plies: u32,
    /// `standard`, or a ruleset JSON file.
    #[arg(long, value_name = "standard|FILE", default_value = "standard")]
    rules: String,
    /// Stop after this many plies if the game has not ended, 0 to 1,000,000.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    plies: u32,
    /// 翻式: start from two random deployments drawn from the seed (and the first
    /// mover too, unless `--first` gives it).
    #[arg(long)]
    fanshi: bool,
    /// The side that moves first; Red when left out, except that `--fanshi` draws it.
    #[arg(long, value_enum)]
    first: Option<SideArg>,
}

/// Play and print each move, the final board and the result.
pub fn run(args: Args) -> Result<(), CliError> {
    let rules = load_rules(&args.rules)?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let first: Option<Side> = args.first.map(Side::from);
    let opening = if args.fanshi {
        // The deployments and the first mover come from the seed; the moves from a
        // generator of their own, seeded alike.
        Opening::fanshi(seed, first, &rules)
    } else {
        Opening {
            first: first.unwrap_or(Side::Red),
            ..Opening::default_opening()
        }
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let start = opening.position(rules)?;
    let mut engine = (!args.random).then(|| {
        Engine::new(EngineConfig {
            hash_mb: 4,
            ..EngineConfig::default()
        })
    });
    outln!("seed {seed}");
    if !opening.is_default() {
        outln!("opening {start}");
    }
    let mut game = Game::new(start);
    while game.moves().len() < args.plies as usize {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = match &mut engine {
            Some(e) if game.moves().len() >= args.random_plies as usize => e
                .search(game.position(), game.keys(), Limits::nodes(args.nodes))
                .best_move
                .unwrap_or(moves[0]),
            _ => moves[rng.random_range(0..moves.len())],
        };
        let record = Record::from_move(game.position(), m);
        outln!("{:>4}. {m} {record}", game.moves().len() + 1);
        game.play(m)?;
    }
    out!("{}", game.position().to_setup().diagram());
    outln!("{}", game.position());
    match game.outcome() {
        Some(o) => outln!("{o}"),
        None => outln!("ongoing (ply limit {} reached)", args.plies),
    }
    Ok(())
}
