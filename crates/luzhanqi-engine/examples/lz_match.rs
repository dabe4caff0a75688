//! A match between two 陸戰棋 agents in process (the arbiter's in-process mode,
//! `gjjq_arbiter::local`): paired games from random deployments, colours swapped, A's score
//! with a 95 % confidence interval and the pentanomial counts.
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

use gjjq_arbiter::local::{
    End, LuzhanqiDark, Open, PairConfig, PairGame, PairResult, Player, Reply, Table, agent_player,
    luzhanqi_deal, luzhanqi_seats, luzhanqi_start, run_pairs,
};
use gjjq_arbiter::stats::Tally;
use luzhanqi::dark::DarkRules;
use luzhanqi::flip::FlipPosition;
use luzhanqi::{ModeRules, Move, Ruleset};
use luzhanqi_engine::dark::DarkAgentKind;
use luzhanqi_engine::flip::FlipChoice;
use luzhanqi_engine::{AgentKind, Choice, Limits};

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
    let mut c = Args {
        mode: Mode::Open,
        a: String::new(),
        b: String::new(),
        a_limits: Limits::default(),
        b_limits: Limits::default(),
        pairs: 10,
        seed: 1,
        max_plies: 1_000,
        threads: 1,
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

/// What the summary needs of a match, whatever its game's outcome type.
struct Summary {
    games: usize,
    tally: Tally,
    pentanomial: [u32; 5],
    interval: (f64, f64),
    plies: u32,
    a_nodes: u64,
    ply_limit: usize,
}

impl Summary {
    fn of<O>(r: &PairResult<O>) -> Summary {
        let pairs = r.pairs();
        Summary {
            games: r.games.len(),
            tally: r.tally(),
            pentanomial: pairs.counts,
            interval: pairs.score_interval(),
            plies: r.games.iter().map(|g| g.plies).sum(),
            a_nodes: r.games.iter().map(|g| g.nodes[0]).sum(),
            ply_limit: r
                .games
                .iter()
                .filter(|g| matches!(g.end, End::PlyLimit))
                .count(),
        }
    }
}

/// One line per pair (`--verbose`).
fn pair_line<O: std::fmt::Debug>(pair: &[PairGame<O>; 2], verbose: bool) {
    if !verbose {
        return;
    }
    let line: Vec<String> = pair
        .iter()
        .map(|g| {
            let end = match &g.end {
                End::Rules(o) => format!("{o:?}"),
                End::PlyLimit => "draw ply-limit".to_string(),
                End::Forfeit(s) => format!("seat {} forfeits", s.index()),
                End::NoChance => "draw (the deal does not fit)".to_string(),
            };
            let seat = if g.a_first { "first" } else { "second" };
            format!("A {seat} {end} ({} plies, {} points)", g.plies, g.a_points)
        })
        .collect();
    eprintln!("pair {}: {}", pair[0].pair, line.join("; "));
}

/// Play the match on the tables `start` makes, A's and B's agents made by `agent(is_a, seed)`
/// from the pair's agent seeds (`luzhanqi_seats`), A in seat 0 in a pair's first game.
fn play<T, S, G>(args: &Args, start: S, agent: G) -> Summary
where
    T: Table,
    T::Outcome: Send + std::fmt::Debug,
    S: Fn(u32) -> T + Sync,
    G: Fn(bool, u64) -> Box<Player<'static, T::View, T::Action>> + Sync,
{
    let config = PairConfig {
        pairs: args.pairs,
        max_plies: args.max_plies,
        threads: args.threads,
    };
    let seats = |pair, a_first| luzhanqi_seats(args.seed, pair, a_first, &agent);
    Summary::of(&run_pairs(&config, start, seats, |p| {
        pair_line(p, args.verbose);
    }))
}

/// An open or dark agent's answer as the arbiter takes it.
fn reply(c: &Choice) -> Reply<Move> {
    Reply {
        action: c.mv,
        nodes: c.nodes,
    }
}

/// Run the match the options describe: A's and B's names, and the summary.
fn run(args: &Args) -> Result<(String, String, Summary), String> {
    let name = |s: &str, default: &str| {
        if s.is_empty() {
            default.to_string()
        } else {
            s.to_string()
        }
    };
    let limits = |is_a: bool| {
        if is_a {
            args.a_limits.clone()
        } else {
            args.b_limits.clone()
        }
    };
    let (a, b, summary) = if args.mode == Mode::Dark {
        let kind = |s: &str| s.parse::<DarkAgentKind>().map_err(|e| e.to_string());
        let kinds = [
            kind(&name(&args.a, "ismcts"))?,
            kind(&name(&args.b, "heuristic"))?,
        ];
        let start = |pair| {
            LuzhanqiDark::start(args.seed, pair, DarkRules::STANDARD)
                .expect("the standard dark rules take flag_capture any")
        };
        let agent = |is_a: bool, seed| {
            agent_player(kinds[usize::from(!is_a)].build(seed), limits(is_a), reply)
        };
        (
            kinds[0].to_string(),
            kinds[1].to_string(),
            play(args, start, agent),
        )
    } else {
        let kind = |s: &str| s.parse::<AgentKind>().map_err(|e| e.to_string());
        let kinds = [
            kind(&name(&args.a, "search"))?,
            kind(&name(&args.b, "random"))?,
        ];
        let summary = if args.mode == Mode::Flip {
            let rules = ModeRules::FLIP.default_ruleset();
            let start = |pair| {
                let deal = luzhanqi_deal(args.seed, pair);
                let pos = FlipPosition::start_with(ModeRules::FLIP, rules);
                Open::dealt(pos, move |pos: &FlipPosition, a| deal.reveal(pos, a))
            };
            let agent = |is_a: bool, seed| {
                let flip_reply = |c: &FlipChoice| Reply {
                    action: c.action,
                    nodes: c.nodes,
                };
                agent_player(
                    kinds[usize::from(!is_a)].build_flip(seed),
                    limits(is_a),
                    flip_reply,
                )
            };
            play(args, start, agent)
        } else {
            let start = |pair| {
                Open::new(
                    luzhanqi_start(args.seed, pair, Ruleset::STANDARD)
                        .expect("the standard rules take every legal deployment (L-17)"),
                )
            };
            let agent = |is_a: bool, seed| {
                agent_player(kinds[usize::from(!is_a)].build(seed), limits(is_a), reply)
            };
            play(args, start, agent)
        };
        (kinds[0].to_string(), kinds[1].to_string(), summary)
    };
    Ok((
        format!("{a} {:?}", args.a_limits),
        format!("{b} {:?}", args.b_limits),
        summary,
    ))
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
    let t0 = Instant::now();
    let (a_name, b_name, s) = match run(&args) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("lz_match: {e}");
            return ExitCode::from(2);
        }
    };
    let t = &s.tally;
    let (lo, hi) = s.interval;
    println!(
        "{} A = {a_name} vs B = {b_name}",
        match args.mode {
            Mode::Open => "open",
            Mode::Dark => "dark",
            Mode::Flip => "flip",
        }
    );
    println!(
        "games {}  A: +{} ={} -{}  score {:.1} %  95 % CI [{:.1}, {:.1}] %  pentanomial {:?}",
        s.games,
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score(),
        100.0 * lo,
        100.0 * hi,
        s.pentanomial
    );
    println!(
        "mean plies {:.0}, adjudicated at the ply limit {}, A's nodes per game {:.0}, {:.1} s",
        f64::from(s.plies) / s.games.max(1) as f64,
        s.ply_limit,
        s.a_nodes as f64 / s.games.max(1) as f64,
        t0.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
