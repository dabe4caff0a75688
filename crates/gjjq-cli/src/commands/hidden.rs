//! `gjjq hidden`: 暗式 hidden play (R-37 … R-41) — self-play through the referee, a player's
//! record, consistent worlds, the consistency check and exact beliefs.

use std::io::{self, Write};

use gjjq_core::{
    PieceKind, Side,
    deploy::{Deployment, Opening},
    hidden::{Beliefs, DEFAULT_MAX_REPLAYS, HiddenGame, InfoState, WorldSampler, check_world},
};
use gjjq_notation::{
    GameReader, GameRecord, MoveForm, Script, hidden_game_from_record,
    info_state_from_player_record, is_player_record, player_record, referee_record, write_game,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::convert::open_input;
use crate::common::{CliError, SideArg, load_rules, out, outln};

/// Arguments of `hidden`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Two proposers that pick uniformly among their untried candidates, through the
    /// referee, from random deployments; prints the moves as the referee saw them
    /// (refused proposals included), the final board and the result.
    Selfplay(SelfplayArgs),
    /// A side's record up to a ply: own moves in full, the enemy's with 暗.
    View(ViewArgs),
    /// Consistent worlds at a ply, each as the enemy's deployment string.
    Worlds(WorldsArgs),
    /// Whether an enemy deployment is consistent with a side's information at a ply:
    /// `consistent` or `inconsistent <first ply that differs>`.
    Check(CheckArgs),
    /// Exact beliefs at a ply: one line per enemy piece on the board, in point order,
    /// `<point> <kind>=<probability> …` (six decimals, kinds in K G M F P A D I order, those
    /// of probability 0 left out). A note on stderr when the figures are exact only over the
    /// assignments that fit the domains (see `docs/hidden.md`, "Exact beliefs").
    Beliefs(BeliefsArgs),
}

#[derive(Debug, clap::Args)]
struct SelfplayArgs {
    /// Seed of the deployments, the first mover and the proposals (random, printed, when
    /// left out).
    #[arg(long)]
    seed: Option<u64>,
    /// `standard`, or a ruleset JSON file (with `announce_illegal`, `reveal_captured`).
    #[arg(long, value_name = "standard|FILE", default_value = "standard")]
    rules: String,
    /// Write the referee's record to this file.
    #[arg(long, value_name = "FILE")]
    record: Option<String>,
}

#[derive(Debug, clap::Args)]
struct StateArgs {
    /// A referee's record (or that side's player record) of a hidden game.
    #[arg(long, value_name = "FILE")]
    record: String,
    /// Whose information.
    #[arg(long, value_enum)]
    side: SideArg,
}

#[derive(Debug, clap::Args)]
struct ViewArgs {
    #[command(flatten)]
    state: StateArgs,
    /// Up to this many moves (default: the end).
    #[arg(long)]
    ply: Option<usize>,
}

#[derive(Debug, clap::Args)]
struct WorldsArgs {
    #[command(flatten)]
    state: StateArgs,
    /// After this many moves (default: the end).
    #[arg(long)]
    ply: Option<usize>,
    /// How many worlds.
    #[arg(long, default_value_t = 10)]
    count: usize,
    /// Seed of the draw.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

#[derive(Debug, clap::Args)]
struct BeliefsArgs {
    #[command(flatten)]
    state: StateArgs,
    /// After this many moves (default: the end).
    #[arg(long)]
    ply: Option<usize>,
    /// Replay every assignment that fits the domains when there are at most this many.
    #[arg(long, default_value_t = DEFAULT_MAX_REPLAYS)]
    max_replays: u128,
    /// Fail (exit code 1) rather than print figures that are exact only over the
    /// assignments that fit the domains.
    #[arg(long)]
    exact: bool,
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    #[command(flatten)]
    state: StateArgs,
    /// After this many moves.
    #[arg(long)]
    ply: usize,
    /// The enemy's deployment string (R-33, the enemy's own frame).
    #[arg(long, value_name = "DEP")]
    world: String,
}

/// Run `hidden`.
pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        Command::Selfplay(a) => selfplay(a),
        Command::View(a) => {
            let state = load_state(&a.state, a.ply)?;
            let stdout = io::stdout();
            let mut out = io::BufWriter::new(stdout.lock());
            write_game(
                &player_record(&state),
                MoveForm::Script(Script::Simplified),
                &mut out,
            )
            .map_err(|e| CliError(e.to_string()))?;
            out.flush()?;
            Ok(())
        }
        Command::Worlds(a) => {
            let state = load_state(&a.state, a.ply)?;
            let sampler = WorldSampler::new(&state);
            let mut rng = StdRng::seed_from_u64(a.seed);
            for _ in 0..a.count {
                let w = sampler
                    .draw(&mut rng)
                    .map_err(|e| CliError(format!("{}: {e}", a.state.record)))?;
                outln!("{w}");
            }
            Ok(())
        }
        Command::Beliefs(a) => beliefs(a),
        Command::Check(a) => {
            let state = load_state(&a.state, Some(a.ply))?;
            let world = Deployment::parse_with(&a.world, state.rules())
                .map_err(|e| CliError(format!("--world: {e}")))?;
            // A query, as `deploy check`: the answer goes to stdout either way, and the exit
            // code tells which (0 consistent, 1 inconsistent).
            match check_world(&state, &world) {
                Ok(()) => outln!("consistent"),
                Err(e) => {
                    outln!("inconsistent {}", e.ply);
                    std::io::Write::flush(&mut std::io::stdout())?;
                    std::process::exit(1);
                }
            }
            Ok(())
        }
    }
}

fn beliefs(a: BeliefsArgs) -> Result<(), CliError> {
    let state = load_state(&a.state, a.ply)?;
    let mut b = Beliefs::with_max_replays(&state, a.max_replays)
        .map_err(|e| CliError(format!("{}: {e}", a.state.record)))?;
    if a.exact {
        b = b
            .exact()
            .map_err(|e| CliError(format!("{}: {e}", a.state.record)))?;
    } else if !b.is_exact() {
        eprintln!(
            "note: {} assignments fit the domains, more than --max-replays {}: the figures are \
             exact only over those assignments",
            b.worlds(),
            a.max_replays
        );
    }
    for p in b.pieces() {
        out!("{}", p.at);
        for k in PieceKind::ALL {
            if p.counts[k.index()] > 0 {
                out!(" {}={:.6}", k.ascii(), p.probability(k));
            }
        }
        outln!();
    }
    Ok(())
}

fn selfplay(a: SelfplayArgs) -> Result<(), CliError> {
    let rules = load_rules(&a.rules)?;
    let seed = a.seed.unwrap_or_else(rand::random);
    let opening = Opening::fanshi(seed, None, &rules);
    let mut game = HiddenGame::new(opening, rules)?;
    // The proposals from a stream of their own, after the deployments'.
    let mut rng = StdRng::seed_from_u64(seed.wrapping_add(0x9e37_79b9_7f4a_7c15));
    game.play_out(&mut rng, 100_000);
    let record = referee_record(&game);
    outln!("seed {seed}");
    outln!("opening {}", game.game().start());
    for c in &record.comments_before {
        outln!("      {{{c}}}");
    }
    for (i, (rm, m)) in record.moves.iter().zip(game.game().moves()).enumerate() {
        outln!("{:>4}. {m} {}", i + 1, rm.text);
        for c in &rm.comments {
            outln!("      {{{c}}}");
        }
    }
    out!("{}", game.game().position().to_setup().diagram());
    outln!("{}", game.game().position());
    match game.outcome() {
        Some(o) => outln!("{o}"),
        None => outln!("ongoing (ply limit reached)"),
    }
    if let Some(path) = a.record {
        let mut file = io::BufWriter::new(
            std::fs::File::create(&path).map_err(|e| CliError(format!("{path}: {e}")))?,
        );
        write_game(&record, MoveForm::Script(Script::Simplified), &mut file)
            .map_err(|e| CliError(format!("{path}: {e}")))?;
        file.flush()?;
    }
    Ok(())
}

/// The side's information state at `ply` from a referee's record or its own player record.
fn load_state(a: &StateArgs, ply: Option<usize>) -> Result<InfoState, CliError> {
    let side = Side::from(a.side);
    let record: GameRecord = GameReader::new(open_input(&a.record)?)
        .next()
        .ok_or_else(|| CliError(format!("{}: no game", a.record)))?
        .map_err(|e| CliError(format!("{}: {e}", a.record)))?;
    let state = if is_player_record(&record) {
        let state = info_state_from_player_record(&record)
            .map_err(|e| CliError(format!("{}: {e}", a.record)))?;
        if state.side() != side {
            return Err(CliError(format!(
                "{}: this is {}'s record, not {side}'s",
                a.record,
                state.side()
            )));
        }
        state
    } else {
        hidden_game_from_record(&record)
            .map_err(|e| CliError(format!("{}: {e}", a.record)))?
            .info_state(side)
            .clone()
    };
    Ok(match ply {
        Some(k) if k > state.plies() => {
            return Err(CliError(format!(
                "--ply {k}: {} has only {} plies",
                a.record,
                state.plies()
            )));
        }
        Some(k) => state.at_ply(k),
        None => state,
    })
}
