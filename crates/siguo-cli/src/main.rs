//! `siguo`: the command line of the `siguo` rules library for 四國軍棋 (four-player army
//! chess). The output formats are exact (tools read them); see `docs/siguo.md`.

mod arena;
mod engine;

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use junqi_cli::{DeployArgs, DeployCommand, SeededArgs, serve_stdio, write_check, write_random};
use junqi_cli::{
    MAX_GAME_FILE_BYTES, MAX_RULES_BYTES, clap_exit, fresh_seed, open_file, read_bounded,
    sorted_by_text, write_divide,
};
use junqi_protocol::server::serve_new;
use luzhanqi::deploy::Deployment;
use luzhanqi::rand::{Rng, SeedableRng, rngs::StdRng};
use std::time::Duration;

use siguo::{Action, Position, Repetitions, Rules, Script, Seat, SiguoMode};
use siguo_engine::{AgentKind, Limits};

use arena::{Arena, TeamSpec};

/// Rules engine for 四國軍棋 (four-player army chess).
#[derive(Debug, Parser)]
#[command(name = "siguo", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The legal actions, one a line: `<ascii> <record>` (or `pass`), sorted by the ASCII form.
    Moves(PositionArgs),
    /// Perft split by root action: `<ascii> <count>` lines sorted, then `total <n>`.
    Divide(DepthArgs),
    /// Count the leaves of the action tree; the count alone on the last line.
    Perft(DepthArgs),
    /// Adjudicate a position: `ongoing`, or `<red-blue|green-yellow|draw> <reason>`.
    Outcome(PositionArgs),
    /// Play actions (`g6g7`, `工g6-g7`, `pass`, `resign-g`); the resulting position string
    /// alone on the last line.
    Play(PlayArgs),
    /// Deployments per seat (L-58): random, check, count.
    // junqi-cli's `deploy` is worded for 陸戰棋; two lines say seat and frame here.
    #[command(
        mut_subcommand("check", |c| c.mut_arg("deployment", |a| {
            a.help("The deployment string (own frame, L-19)")
        })),
        mut_subcommand("count", |c| {
            c.about("The number of legal deployments of one seat (L-18, L-58)")
        }),
    )]
    Deploy(DeployArgs),
    /// The starting position string of four deployments and a first seat (L-58).
    Opening(OpeningArgs),
    /// Replay a game file (L-61): for each game its final position string and result token,
    /// or its error (exit 1 if any).
    Replay {
        /// The game file.
        file: String,
    },
    /// Render a position as SVG.
    Svg(PositionArgs),
    /// Play a game of seeded random legal actions from four seeded random deployments: each
    /// action a line, then the outcome, then the final position string.
    // junqi-cli's `selfplay` is worded for 陸戰棋; two lines say actions and no bounds here.
    #[command(
        mut_arg("seed", |a| {
            a.help("The seed of the deployments and the actions (a random one when left out)")
        }),
        mut_arg("max_plies", |a| {
            a.help("Stop after this many plies if the rules have not ended the game")
        }),
    )]
    Selfplay(SelfplayArgs),
    /// A team match in process (全明): paired games from random deployments, teams swapped;
    /// one line a game, then `score W/D/L w/d/l S% (95% interval L%-H%)` for team 1.
    Arena(ArenaArgs),
    /// Speak the line protocol (docs/protocol.md, "四國軍棋: `siguo engine`") on standard
    /// input and output: any seat of 全明, 四暗 or 雙明.
    Engine(EngineArgs),
}

/// `siguo engine`.
#[derive(Debug, Args)]
struct EngineArgs {
    /// The initial `Seed` option (0 draws one).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// `--position` and `--rules`.
#[derive(Debug, Clone, Args)]
struct PositionArgs {
    /// A position string (L-59); four default deployments, Red to move, when left out.
    #[arg(long, value_name = "STRING")]
    position: Option<String>,
    #[command(flatten)]
    rules: RulesArg,
}

/// `--rules standard|JSON|FILE`.
#[derive(Debug, Clone, Args)]
struct RulesArg {
    /// `standard`, a ruleset JSON object, or the path of a file holding one.
    #[arg(long, value_name = "standard|JSON|FILE", default_value = "standard")]
    rules: String,
}

impl RulesArg {
    fn load(&self) -> Result<Rules, String> {
        let t = self.rules.trim();
        if t == "standard" || t.starts_with('{') {
            return Rules::parse(t).map_err(|e| format!("ruleset: {e}"));
        }
        let text = open_file(t)
            .and_then(|f| read_bounded(f, MAX_RULES_BYTES, t))
            .map_err(|e| {
                format!("ruleset: not `standard`, not a JSON object and not a readable file: {e}")
            })?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        Rules::from_json(text).map_err(|e| format!("ruleset file {t}: {e}"))
    }
}

impl PositionArgs {
    fn position(&self) -> Result<Position, String> {
        let rules = self.rules.load()?;
        match &self.position {
            None => Ok(default_start(rules)),
            Some(s) => Position::from_text(s, rules).map_err(|e| format!("position string: {e}")),
        }
    }
}

fn default_start(rules: Rules) -> Position {
    let d: Deployment = luzhanqi::deploy::DEFAULT_DEPLOYMENT
        .parse()
        .expect("the default deployment");
    siguo::deploy::opening([&d; 4], Seat::Red, rules).expect("a legal opening")
}

#[derive(Debug, Args)]
struct DepthArgs {
    /// Depth in plies (0–12).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    #[command(flatten)]
    pos: PositionArgs,
}

#[derive(Debug, Args)]
struct PlayArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// The actions, in order.
    actions: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SeatArg {
    Red,
    Green,
    Blue,
    Yellow,
}

impl SeatArg {
    fn seat(self) -> Seat {
        match self {
            SeatArg::Red => Seat::Red,
            SeatArg::Green => Seat::Green,
            SeatArg::Blue => Seat::Blue,
            SeatArg::Yellow => Seat::Yellow,
        }
    }
}

#[derive(Debug, Args)]
struct OpeningArgs {
    /// Red's deployment string, or `random`.
    #[arg(long, value_name = "DEP|random", default_value = "random")]
    red: String,
    /// Green's deployment string, or `random`.
    #[arg(long, value_name = "DEP|random", default_value = "random")]
    green: String,
    /// Blue's deployment string, or `random`.
    #[arg(long, value_name = "DEP|random", default_value = "random")]
    blue: String,
    /// Yellow's deployment string, or `random`.
    #[arg(long, value_name = "DEP|random", default_value = "random")]
    yellow: String,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "red")]
    first: SeatArg,
    #[command(flatten)]
    seeded: SeededArgs<RulesArg>,
}

type SelfplayArgs = junqi_cli::SelfplayArgs<junqi_cli::NoArgs, RulesArg>;

/// The ways of playing (L-62 … L-64), as `--mode` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ModeArg {
    /// 全明: every kind seen.
    Open,
    /// 四暗: each seat sees its own kinds.
    Dark,
    /// 雙明: each seat also sees its ally's kinds.
    #[value(name = "double_open")]
    DoubleOpen,
}

#[derive(Debug, Args)]
struct ArenaArgs {
    /// Team 1's agent (Red and Blue in a pair's first game): search, determinized, heuristic
    /// or random; `first+ally` gives the team's second seat (Blue or Yellow) another agent.
    #[arg(long)]
    team1: String,
    /// Team 2's agent (Green and Yellow in a pair's first game).
    #[arg(long)]
    team2: String,
    /// Games to play, an even number (pairs of games on the same deployments).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
    games: u32,
    /// The way of playing: `open` (全明, agents see the true position), `dark` (四暗) or
    /// `double_open` (雙明), where each seat's agent decides from its own information state.
    #[arg(long, value_enum, default_value = "open")]
    mode: ModeArg,
    /// Time per action, in milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Nodes per action (the search's).
    #[arg(long)]
    nodes: Option<u64>,
    /// Depth per action (the search's), in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// The seed of the deployments and the agents.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_plies: u32,
    #[command(flatten)]
    rules: RulesArg,
}

impl ArenaArgs {
    fn config(&self) -> Result<Arena, String> {
        if !self.games.is_multiple_of(2) {
            return Err(format!(
                "--games {}: an even number is needed (each deployment is played twice, teams swapped)",
                self.games
            ));
        }
        // `kind` or `kind+ally`: the second names the agent of the team's second seat.
        let team = |flag: &str, name: &str, limits: Limits| {
            let parse = |n: &str| n.parse::<AgentKind>().map_err(|e| format!("--{flag}: {e}"));
            let (first, ally) = match name.split_once('+') {
                Some((a, b)) => (parse(a)?, Some(parse(b)?)),
                None => (parse(name)?, None),
            };
            Ok::<_, String>(TeamSpec {
                kind: first,
                limits,
                ally,
            })
        };
        let limits = Limits {
            time: self.movetime.map(Duration::from_millis),
            nodes: self.nodes,
            depth: self.depth,
            stop: None,
        };
        Ok(Arena {
            team1: team("team1", &self.team1, limits.clone())?,
            team2: team("team2", &self.team2, limits)?,
            pairs: self.games / 2,
            seed: self.seed,
            max_plies: self.max_plies,
            rules: self.rules.load()?,
            mode: match self.mode {
                ModeArg::Open => SiguoMode::Open,
                ModeArg::Dark => SiguoMode::Dark,
                ModeArg::DoubleOpen => SiguoMode::DoubleOpen,
            },
        })
    }
}

fn rng(seed: Option<u64>) -> StdRng {
    StdRng::seed_from_u64(seed.unwrap_or_else(fresh_seed))
}

fn run(cli: Cli, out: &mut impl Write) -> Result<ExitCode, String> {
    let w = |e: std::io::Error| format!("write error: {e}");
    match cli.command {
        Command::Moves(args) => {
            let pos = args.position()?;
            for (text, a) in sorted_by_text(pos.legal_actions()) {
                match a {
                    Action::Move(m) => {
                        let rec = pos.record(m, Script::Simplified).unwrap_or_default();
                        writeln!(out, "{text} {rec}").map_err(w)?;
                    }
                    Action::Pass => writeln!(out, "{text}").map_err(w)?,
                }
            }
        }
        Command::Divide(args) => {
            let pos = args.pos.position()?;
            write_divide(out, siguo::divide(&pos, args.depth)).map_err(w)?;
        }
        Command::Perft(args) => {
            let pos = args.pos.position()?;
            writeln!(out, "{}", siguo::perft(&pos, args.depth)).map_err(w)?;
        }
        Command::Outcome(args) => {
            let pos = args.position()?;
            match pos.outcome() {
                Some(o) => writeln!(out, "{o}").map_err(w)?,
                None => writeln!(out, "ongoing").map_err(w)?,
            }
        }
        Command::Play(args) => {
            let mut pos = args.pos.position()?;
            let mut seen = Repetitions::new(&pos);
            for (i, text) in args.actions.iter().enumerate() {
                let n = i + 1;
                if let Some(seat) = engine::resign_seat(text) {
                    let seat = seat.map_err(|e| format!("action {n} {e}"))?;
                    pos.surrender(seat)
                        .map_err(|e| format!("action {n} '{text}': {e}"))?;
                    seen.reached(&mut pos);
                    continue;
                }
                if let Some(o) = pos.outcome() {
                    return Err(format!("action {n} '{text}': the game is over ({o})"));
                }
                let a = pos
                    .find_action(text)
                    .map_err(|e| format!("action {n} '{text}': {e}"))?;
                pos.play_unchecked(a);
                seen.reached(&mut pos);
            }
            writeln!(out, "{pos}").map_err(w)?;
        }
        Command::Deploy(args) => match args.command {
            DeployCommand::Random { seed, count } => {
                write_random(out, seed, count.into(), Deployment::random).map_err(w)?;
            }
            DeployCommand::Check { deployment } => {
                let d: Deployment = deployment
                    .parse()
                    .map_err(|e| format!("deployment string: {e}"))?;
                let reasons = d.check().err().map(|e| e.0).unwrap_or_default();
                if !write_check(out, &reasons).map_err(w)? {
                    return Ok(ExitCode::FAILURE);
                }
            }
            DeployCommand::Count => {
                writeln!(out, "{}", Deployment::count()).map_err(w)?;
            }
        },
        Command::Opening(args) => {
            let rules = args.seeded.rules.load()?;
            let mut r = args.seeded.rng();
            let mut ds = Vec::new();
            for (seat, text) in [
                (Seat::Red, &args.red),
                (Seat::Green, &args.green),
                (Seat::Blue, &args.blue),
                (Seat::Yellow, &args.yellow),
            ] {
                let d = if text == "random" {
                    Deployment::random(&mut r)
                } else {
                    text.parse::<Deployment>()
                        .map_err(|e| format!("{seat}'s deployment string: {e}"))?
                };
                ds.push(d);
            }
            let pos =
                siguo::deploy::opening([&ds[0], &ds[1], &ds[2], &ds[3]], args.first.seat(), rules)
                    .map_err(|e| e.to_string())?;
            writeln!(out, "{pos}").map_err(w)?;
        }
        Command::Replay { file } => {
            let text = open_file(&file)
                .and_then(|f| read_bounded(f, MAX_GAME_FILE_BYTES, &file))
                .map_err(|e| e.to_string())?;
            let mut failed = false;
            for (i, g) in siguo::game_file::read_games(&text).into_iter().enumerate() {
                match g {
                    Ok(g) => {
                        let result = siguo::game_file::result_token(g.end.outcome());
                        writeln!(out, "{}", g.end).map_err(w)?;
                        writeln!(out, "{}", result.as_str()).map_err(w)?;
                    }
                    Err(e) => {
                        failed = true;
                        writeln!(out, "game {}: error: {e}", i + 1).map_err(w)?;
                    }
                }
            }
            if failed {
                return Ok(ExitCode::FAILURE);
            }
        }
        Command::Svg(args) => {
            let pos = args.position()?;
            write!(out, "{}", pos.to_svg()).map_err(w)?;
        }
        Command::Selfplay(args) => {
            let rules = args.rules.load()?;
            let mut r = rng(args.seed);
            let ds: Vec<Deployment> = (0..4).map(|_| Deployment::random(&mut r)).collect();
            let mut pos =
                siguo::deploy::opening([&ds[0], &ds[1], &ds[2], &ds[3]], Seat::Red, rules)
                    .map_err(|e| e.to_string())?;
            writeln!(out, "{pos}").map_err(w)?;
            let mut seen = Repetitions::new(&pos);
            for _ in 0..args.max_plies {
                let actions = pos.legal_actions();
                if actions.is_empty() {
                    break;
                }
                let a = actions[r.random_range(0..actions.len())];
                writeln!(out, "{a}").map_err(w)?;
                pos.play_unchecked(a);
                seen.reached(&mut pos);
            }
            match pos.outcome() {
                Some(o) => writeln!(out, "{o}").map_err(w)?,
                None => writeln!(out, "unfinished").map_err(w)?,
            }
            writeln!(out, "{pos}").map_err(w)?;
        }
        Command::Arena(args) => {
            let config = args.config()?;
            let mut failed = None;
            let score = arena::run(&config, |line| {
                if failed.is_none()
                    && let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush())
                {
                    failed = Some(e);
                }
            })?;
            if let Some(e) = failed {
                return Err(w(e));
            }
            writeln!(out, "{score}").map_err(w)?;
        }
        // Served by `main` before any buffered output.
        Command::Engine(_) => {}
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return clap_exit(&e),
    };
    if let Command::Engine(a) = &cli.command {
        return serve_stdio(|input, output| {
            serve_new(input, output, |out| engine::Server::new(out, a.seed))
        });
    }
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let code = match run(cli, &mut out) {
        Ok(c) => c,
        Err(e) => {
            let _ = out.flush();
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match out.flush() {
        Ok(()) => code,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => code,
        Err(e) => {
            eprintln!("error: write error: {e}");
            ExitCode::FAILURE
        }
    }
}
