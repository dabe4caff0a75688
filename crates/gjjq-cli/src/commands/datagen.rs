//! `gjjq datagen`: engine self-play at a fixed node budget, written as training data in the
//! binary format of `gjjq_engine::dataset` (documented in docs/engine.md).

use std::io::{Seek as _, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use gjjq_core::{Game, Ruleset, Side, deploy::Opening};
use gjjq_engine::dataset::{DatasetWriter, Record};
use gjjq_engine::eval::{EvalKind, EvalParams};
use gjjq_engine::{Engine, EngineConfig, Limits, Score};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::beside::ReplacedFile;
use crate::common::{CliError, load_rules, outln};

/// Arguments of `datagen`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The dataset file to write: written while the games are played into a file of no name
    /// in its directory (so a run stopped by a signal leaves nothing), then beside it
    /// (`.<FILE>.partial-<pid>`) and renamed over it, so an existing file stays whole until
    /// then and a failed run leaves it as it was.
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Games to play (when `--positions` is not given).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Stop once this many positions are written (overrides `--games`).
    #[arg(long)]
    positions: Option<u64>,
    /// The engine's budget per move, in nodes.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Games played at the same time, one engine each.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Seed: game `g` is played from a generator seeded by the seed and `g` alone, so a game
    /// is the same whatever the number of threads (with several threads the records of
    /// different games interleave in the file).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random legal plies at the start of each game (not recorded), for varied games.
    #[arg(long, default_value_t = 8)]
    random_plies: u32,
    /// A game still going after this many plies is stopped and counted drawn (flag bit 1).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=65_535))]
    max_plies: u32,
    /// `standard`, or a ruleset JSON file.
    #[arg(long, value_name = "standard|FILE", default_value = "standard")]
    rules: String,
    /// The evaluation the players search with: `classic` (material and tropism) or `nnue`
    /// (the built-in learned network, for self-play data from the learned evaluation).
    #[arg(long, value_name = "classic|nnue", default_value = "classic")]
    eval: EvalKind,
}

/// The score as the record stores it: centi-units, wins `30000 − plies`.
fn score_i16(s: Score) -> i16 {
    match s {
        Score::Cp(c) => c.clamp(-29_000, 29_000) as i16,
        Score::Win(n) => (30_000 - n.min(1_000)) as i16,
        Score::Loss(n) => -((30_000 - n.min(1_000)) as i16),
    }
}

/// One game's records, their result filled in.
fn play_game(
    game_number: u64,
    args: &Args,
    rules: Ruleset,
    engine: &mut Engine,
) -> Result<Vec<Record>, CliError> {
    let mut rng =
        StdRng::seed_from_u64(args.seed ^ game_number.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    // Odd games from the default opening, even ones from random deployments.
    let default = game_number % 2 == 1;
    let opening = if default {
        Opening::default_opening()
    } else {
        Opening::random(&mut rng, Some(Side::Red), &rules)
    };
    let mut game = Game::new(opening.position(rules)?);
    engine.clear();
    let mut records = Vec::new();
    let game_id = game_number.min(u64::from(u32::MAX)) as u32;
    while game.moves().len() < args.max_plies as usize && game.outcome().is_none() {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let ply = game.moves().len();
        let m = if ply < args.random_plies as usize {
            moves[rng.random_range(0..moves.len())]
        } else {
            let r = engine.search(game.position(), game.keys(), Limits::nodes(args.nodes));
            let Some(m) = r.best_move else { break };
            let mut rec = Record::new(
                game.position(),
                score_i16(r.score),
                0,
                ply.min(usize::from(u16::MAX)) as u16,
                Some(m),
                game_id,
            );
            rec.flags = u8::from(default);
            records.push(rec);
            m
        };
        game.play(m)?;
    }
    let outcome = game.outcome();
    let winner = outcome.and_then(|o| o.winner());
    for r in &mut records {
        r.result = match winner {
            Some(w) if w == r.turn => 1,
            Some(_) => -1,
            None => 0,
        };
        if outcome.is_none() {
            r.flags |= 2;
        }
    }
    Ok(records)
}

/// Where the records go while the games are played.
enum Sink {
    /// A name that is not a regular file (`/dev/null`, a FIFO): written to as the games are
    /// played.
    Direct(ReplacedFile),
    /// A file of no name in the output's directory (created exclusively and unlinked at once):
    /// a run stopped by SIGINT, SIGTERM or SIGKILL leaves nothing behind (issue 50, item 13).
    /// When complete it is copied into [`ReplacedFile`], which renames it over `--out`; only
    /// that copy has a name that a stop can leave behind.
    Scratch(std::io::BufWriter<std::fs::File>),
}

impl Sink {
    /// The sink of `--out NAME`; an unwritable directory fails here, before any work.
    fn create(name: &str) -> Result<Sink, CliError> {
        let given = Path::new(name);
        let regular = match std::fs::metadata(given) {
            Ok(m) => m.is_file(),
            Err(e) => e.kind() == std::io::ErrorKind::NotFound,
        };
        if name.is_empty() || !regular {
            return ReplacedFile::create(name, "--out").map(Sink::Direct);
        }
        let dir = match given.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let scratch = dir.join(format!(".gjjq-datagen-{}.scratch", std::process::id()));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&scratch)
            .map_err(|e| {
                CliError(format!(
                    "--out {name}: cannot create {}: {e}",
                    scratch.display()
                ))
            })?;
        std::fs::remove_file(&scratch).map_err(|e| {
            CliError(format!(
                "--out {name}: cannot unlink {}: {e}",
                scratch.display()
            ))
        })?;
        Ok(Sink::Scratch(std::io::BufWriter::new(file)))
    }

    /// Put what was written under `name`: a scratch file is copied into its replacement,
    /// renamed over `name` when complete.
    fn commit(self, name: &str) -> Result<(), CliError> {
        match self {
            Sink::Direct(f) => f.commit(),
            Sink::Scratch(w) => {
                let failed = |e: &dyn std::fmt::Display| {
                    CliError(format!("--out {name}: {e} (the file is left as it was)"))
                };
                let mut file = w.into_inner().map_err(|e| failed(e.error()))?;
                file.rewind().map_err(|e| failed(&e))?;
                let mut out = ReplacedFile::create(name, "--out")?;
                std::io::copy(&mut file, &mut out).map_err(|e| out.failure()(&e))?;
                out.commit()
            }
        }
    }
}

impl Write for Sink {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Direct(f) => f.write(data),
            Sink::Scratch(f) => f.write(data),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Direct(f) => f.flush(),
            Sink::Scratch(f) => f.flush(),
        }
    }
}

/// Play the games in `--threads` threads and write their positions.
pub fn run(args: Args) -> Result<(), CliError> {
    let rules = load_rules(&args.rules)?;
    // Written into a file of no name, then beside the output and renamed over it at the end:
    // until then an existing dataset stays whole, a failed or killed run never leaves a torn
    // one under its name, and a stopped one leaves nothing.
    let out = Sink::create(&args.out)?;
    let failed = {
        let kept = if matches!(out, Sink::Scratch(_)) {
            " (the file is left as it was)"
        } else {
            ""
        };
        let name = args.out.clone();
        move |e: &dyn std::fmt::Display| CliError(format!("--out {name}: {e}{kept}"))
    };
    let mut writer = DatasetWriter::new(out).map_err(|e| failed(&e))?;
    let target = args.positions;
    let bar = ProgressBar::new(target.unwrap_or(args.games));
    let unit = if target.is_some() {
        "positions"
    } else {
        "games"
    };
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}})"
    )) {
        bar.set_style(style);
    }
    let next_game = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    let start = Instant::now();
    let (tx, rx) = mpsc::sync_channel::<Result<Vec<Record>, CliError>>(64);
    let mut games = 0u64;
    let mut error = None;
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            let tx = tx.clone();
            let (args, next_game, done) = (&args, &next_game, &done);
            scope.spawn(move || {
                let defaults = EngineConfig::default();
                let mut engine = Engine::new(EngineConfig {
                    hash_mb: 8,
                    eval: EvalParams {
                        kind: args.eval,
                        ..defaults.eval
                    },
                    ..defaults
                });
                while !done.load(Ordering::Relaxed) {
                    let g = next_game.fetch_add(1, Ordering::Relaxed);
                    if target.is_none() && g >= args.games {
                        break;
                    }
                    let r = play_game(g, args, rules, &mut engine);
                    if tx.send(r).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for result in rx {
            let records = match result {
                Ok(r) => r,
                Err(e) => {
                    error.get_or_insert(e);
                    done.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            if done.load(Ordering::Relaxed) {
                continue;
            }
            games += 1;
            for r in &records {
                if target.is_some_and(|t| writer.written() >= t) {
                    break;
                }
                if let Err(e) = writer.write(r) {
                    error.get_or_insert(failed(&e));
                    done.store(true, Ordering::Relaxed);
                    break;
                }
            }
            match target {
                Some(t) => {
                    bar.set_position(writer.written().min(t));
                    if writer.written() >= t {
                        done.store(true, Ordering::Relaxed);
                    }
                }
                None => bar.set_position(games),
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = error {
        return Err(e);
    }
    let positions = writer.written();
    writer.finish().map_err(|e| failed(&e))?.commit(&args.out)?;
    let secs = start.elapsed().as_secs_f64();
    outln!(
        "{positions} positions from {games} games in {secs:.1} s: {:.0} positions/s ({} threads, {} nodes a move) -> {}",
        positions as f64 / secs.max(1e-9),
        args.threads,
        args.nodes,
        args.out
    );
    Ok(())
}
