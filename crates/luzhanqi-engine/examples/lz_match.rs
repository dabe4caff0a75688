//! A match between two 陸戰棋 agents in process: paired games from random deployments, colours
//! swapped, A's score with a 95 % confidence interval and the pentanomial counts.
//!
//! ```text
//! cargo run --release -p luzhanqi-engine --example lz_match -- \
//!     --a search --a-nodes 20000 --b heuristic --pairs 100 --seed 1 --threads 1
//! ```
//!
//! Options: `--a KIND`, `--b KIND` (search, heuristic, random); `--a-nodes N`, `--a-depth N`,
//! `--a-movetime MS` and the same for `b`; `--pairs N`; `--seed N`; `--max-plies N`;
//! `--threads N`; `--verbose` (one line per pair); `--mode open|flip` (flip: 翻棋 from shuffled
//! starts under its default rules, each pair's deal played twice with the players swapped).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use luzhanqi::ModeRules;
use luzhanqi_engine::flip::matches::run_flip_match;
use luzhanqi_engine::matches::{GameEnd, MatchConfig, run_match};
use luzhanqi_engine::{AgentKind, Limits};

fn parse_args(args: &[String]) -> Result<(MatchConfig, bool, bool), String> {
    let mut c = MatchConfig {
        a: luzhanqi_engine::matches::AgentSpec {
            kind: AgentKind::Search,
            limits: Limits::default(),
        },
        b: luzhanqi_engine::matches::AgentSpec {
            kind: AgentKind::Random,
            limits: Limits::default(),
        },
        ..MatchConfig::default()
    };
    let mut verbose = false;
    let mut flip = false;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--verbose" {
            verbose = true;
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
            "--a" => c.a.kind = value.parse().map_err(|e| format!("{e}"))?,
            "--b" => c.b.kind = value.parse().map_err(|e| format!("{e}"))?,
            "--a-nodes" => c.a.limits.nodes = Some(num()?),
            "--b-nodes" => c.b.limits.nodes = Some(num()?),
            "--a-depth" => c.a.limits.depth = Some(num()? as u32),
            "--b-depth" => c.b.limits.depth = Some(num()? as u32),
            "--a-movetime" => c.a.limits.time = Some(Duration::from_millis(num()?)),
            "--b-movetime" => c.b.limits.time = Some(Duration::from_millis(num()?)),
            "--pairs" => c.pairs = num()? as u32,
            "--seed" => c.seed = num()?,
            "--max-plies" => c.max_plies = num()? as u32,
            "--threads" => c.threads = num()? as usize,
            "--mode" => match value.as_str() {
                "open" => flip = false,
                "flip" => flip = true,
                _ => return Err(format!("--mode {value}: expected open or flip")),
            },
            _ => return Err(format!("unknown option {flag}")),
        }
        i += 2;
    }
    if flip {
        c.rules = ModeRules::FLIP.default_ruleset();
    }
    Ok((c, verbose, flip))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (config, verbose, flip) = match parse_args(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("lz_match: {e}");
            return ExitCode::from(2);
        }
    };
    let t0 = Instant::now();
    let progress = |pair: &[luzhanqi_engine::matches::GameReport; 2]| {
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
    };
    let result = if flip {
        run_flip_match(&config, &ModeRules::FLIP, progress)
    } else {
        run_match(&config, progress)
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
        "A = {} {:?} vs B = {} {:?}",
        config.a.kind, config.a.limits, config.b.kind, config.b.limits
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
