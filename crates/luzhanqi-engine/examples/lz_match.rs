//! A match between two 陸戰棋 agents in process: paired games from random deployments, colours
//! swapped, A's score with a 95 % confidence interval and the pentanomial counts.
//!
//! ```text
//! cargo run --release -p luzhanqi-engine --example lz_match -- \
//!     --a search --a-nodes 20000 --b heuristic --pairs 100 --seed 1 --threads 1
//! ```
//!
//! Dark play (暗棋, each agent told only its information state by a referee):
//!
//! ```text
//! cargo run --release -p luzhanqi-engine --example lz_match -- --mode dark \
//!     --a ismcts --a-nodes 8000 --b heuristic --pairs 100 --seed 1
//! ```
//!
//! 翻棋 (flip play, from shuffled starts under the flip mode's default rules, each pair's deal
//! played twice with the players swapped):
//!
//! ```text
//! cargo run --release -p luzhanqi-engine --example lz_match -- --mode flip \
//!     --a search --a-nodes 20000 --b heuristic --pairs 100 --seed 1
//! ```
//!
//! Options: `--mode open|dark|flip` (open by default); `--a KIND`, `--b KIND` (open and flip:
//! search, heuristic, random; dark: ismcts, determinized, heuristic, random); `--a-nodes N`, `--a-depth N`,
//! `--a-movetime MS` and the same for `b`; `--pairs N`; `--seed N`; `--max-plies N`;
//! `--threads N`; `--verbose` (one line per pair).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use luzhanqi::ModeRules;
use luzhanqi::dark::DarkRules;
use luzhanqi_engine::dark::DarkAgentKind;
use luzhanqi_engine::flip::matches::run_flip_match;
use luzhanqi_engine::matches::{
    AgentSpec, DarkAgentSpec, DarkMatchConfig, GameEnd, GameReport, MatchConfig, MatchResult,
    run_dark_match, run_match,
};
use luzhanqi_engine::{AgentKind, Limits};

/// The mode of play the match is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Open,
    Dark,
    Flip,
}

/// The options as given; the agents' names are read once the mode is known.
struct Args {
    mode: Mode,
    a: String,
    b: String,
    a_limits: Limits,
    b_limits: Limits,
    pairs: u32,
    seed: u64,
    max_plies: u32,
    threads: usize,
    verbose: bool,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let d = MatchConfig::default();
    let mut c = Args {
        mode: Mode::Open,
        a: String::new(),
        b: String::new(),
        a_limits: Limits::default(),
        b_limits: Limits::default(),
        pairs: d.pairs,
        seed: d.seed,
        max_plies: d.max_plies,
        threads: d.threads,
        verbose: false,
    };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--verbose" {
            c.verbose = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let num = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag {
            "--mode" => {
                c.mode = match value.as_str() {
                    "open" => Mode::Open,
                    "dark" => Mode::Dark,
                    "flip" => Mode::Flip,
                    _ => return Err(format!("--mode {value}: expected open, dark or flip")),
                }
            }
            "--a" => c.a = value.clone(),
            "--b" => c.b = value.clone(),
            "--a-nodes" => c.a_limits.nodes = Some(num()?),
            "--b-nodes" => c.b_limits.nodes = Some(num()?),
            "--a-depth" => c.a_limits.depth = Some(num()? as u32),
            "--b-depth" => c.b_limits.depth = Some(num()? as u32),
            "--a-movetime" => c.a_limits.time = Some(Duration::from_millis(num()?)),
            "--b-movetime" => c.b_limits.time = Some(Duration::from_millis(num()?)),
            "--pairs" => c.pairs = num()? as u32,
            "--seed" => c.seed = num()?,
            "--max-plies" => c.max_plies = num()? as u32,
            "--threads" => c.threads = num()? as usize,
            _ => return Err(format!("unknown option {flag}")),
        }
        i += 2;
    }
    Ok(c)
}

/// Run the match the options describe: A's and B's names, and the result.
fn run(
    args: &Args,
    progress: impl Fn(&[GameReport; 2]) + Sync,
) -> Result<(String, String, MatchResult), String> {
    let name = |s: &str, default: &str| {
        if s.is_empty() {
            default.to_string()
        } else {
            s.to_string()
        }
    };
    if args.mode == Mode::Dark {
        let kind = |s: &str| s.parse::<DarkAgentKind>().map_err(|e| e.to_string());
        let a = kind(&name(&args.a, "ismcts"))?;
        let b = kind(&name(&args.b, "heuristic"))?;
        let config = DarkMatchConfig {
            a: DarkAgentSpec {
                kind: a,
                limits: args.a_limits.clone(),
            },
            b: DarkAgentSpec {
                kind: b,
                limits: args.b_limits.clone(),
            },
            pairs: args.pairs,
            seed: args.seed,
            max_plies: args.max_plies,
            rules: DarkRules::STANDARD,
            threads: args.threads,
        };
        let r = run_dark_match(&config, progress);
        Ok((
            format!("{a} {:?}", args.a_limits),
            format!("{b} {:?}", args.b_limits),
            r,
        ))
    } else {
        let kind = |s: &str| s.parse::<AgentKind>().map_err(|e| e.to_string());
        let a = kind(&name(&args.a, "search"))?;
        let b = kind(&name(&args.b, "random"))?;
        let config = MatchConfig {
            a: AgentSpec {
                kind: a,
                limits: args.a_limits.clone(),
            },
            b: AgentSpec {
                kind: b,
                limits: args.b_limits.clone(),
            },
            pairs: args.pairs,
            seed: args.seed,
            max_plies: args.max_plies,
            threads: args.threads,
            ..MatchConfig::default()
        };
        let r = if args.mode == Mode::Flip {
            let config = MatchConfig {
                rules: ModeRules::FLIP.default_ruleset(),
                ..config
            };
            run_flip_match(&config, &ModeRules::FLIP, progress)
        } else {
            run_match(&config, progress)
        };
        Ok((
            format!("{a} {:?}", args.a_limits),
            format!("{b} {:?}", args.b_limits),
            r,
        ))
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse_args(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("lz_match: {e}");
            return ExitCode::from(2);
        }
    };
    let verbose = args.verbose;
    let t0 = Instant::now();
    let run = run(&args, |pair| {
        if verbose {
            let line: Vec<String> = pair
                .iter()
                .map(|g| {
                    let end = match g.end {
                        GameEnd::Rules(o) => o.to_string(),
                        GameEnd::PlyLimit => "draw ply-limit".to_string(),
                        GameEnd::Forfeit(s) => format!("{s} forfeits"),
                    };
                    format!(
                        "A {} {} ({} plies)",
                        if g.a_red { "red" } else { "blue" },
                        end,
                        g.plies
                    )
                })
                .collect();
            eprintln!("pair {}: {}", pair[0].pair, line.join("; "));
        }
    });
    let (a_name, b_name, result) = match run {
        Ok(r) => r,
        Err(e) => {
            eprintln!("lz_match: {e}");
            return ExitCode::from(2);
        }
    };
    let (w, d, l) = result.wdl();
    let (lo, hi) = result.confidence_95();
    let plies: u32 = result.games.iter().map(|g| g.plies).sum();
    let nodes: u64 = result.games.iter().map(|g| g.nodes[0]).sum();
    let ply_limit = result
        .games
        .iter()
        .filter(|g| g.end == GameEnd::PlyLimit)
        .count();
    println!(
        "{} A = {a_name} vs B = {b_name}",
        match args.mode {
            Mode::Open => "open",
            Mode::Dark => "dark",
            Mode::Flip => "flip",
        }
    );
    println!(
        "games {}  A: +{w} ={d} -{l}  score {:.1} %  95 % CI [{:.1}, {:.1}] %  pentanomial {:?}",
        result.games(),
        100.0 * result.score(),
        100.0 * lo,
        100.0 * hi,
        result.pentanomial()
    );
    println!(
        "mean plies {:.0}, adjudicated at the ply limit {ply_limit}, A's nodes per game {:.0}, {:.1} s",
        f64::from(plies) / result.games().max(1) as f64,
        nodes as f64 / result.games().max(1) as f64,
        t0.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
