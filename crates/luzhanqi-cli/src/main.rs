//! `luzhanqi`: the command line of the `luzhanqi` rules library for 陸戰棋 (Luzhanqi, Chinese
//! army chess). The output formats are exact (tools read them); see `docs/luzhanqi.md`.

mod ccgc;
mod engine;
mod referee;

use std::fmt;
use std::io::{BufRead, BufWriter, Write};

use junqi_cli::{DeployArgs, DeployCommand, SeededArgs, serve_stdio, write_check, write_random};
use junqi_cli::{
    MAX_POSITION_BYTES, MAX_RULES_BYTES, clap_exit, fresh_seed, open_file, read_bounded,
    sorted_by_text, write_divide,
};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use junqi_protocol::server::serve_new;
use luzhanqi::board::{PointKind, point_kind};
use luzhanqi::deploy::{self, Deployment};
use luzhanqi::game_file::{GameFileReader, MoveForm, Record};
use luzhanqi::rand::{Rng, SeedableRng, rngs::StdRng};
use luzhanqi::{Game, Position, Ruleset, RulesetError, Script, Setup, Side, Square};

/// Rules engine for 陸戰棋 (Luzhanqi, Chinese army chess).
#[derive(Debug, Parser)]
#[command(name = "luzhanqi", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the labelled board, then the position string.
    Show(PositionArgs),
    /// List the legal moves, one a line: `<ascii> <record>`, sorted by the ASCII form.
    Moves(PositionArgs),
    /// Count the leaves of the move tree; the count alone on the last line.
    Perft(PerftArgs),
    /// Perft split by root move: `<ascii> <count>` lines sorted, then `total <n>`.
    Divide(DivideArgs),
    /// Adjudicate a position: `ongoing`, or `<red|blue|draw> <reason>`.
    Outcome(PositionArgs),
    /// Deployments (L-17, L-18): random, check, count.
    Deploy(DeployArgs),
    /// The starting position string of two deployments and a first mover (L-19).
    Opening(OpeningArgs),
    /// Play a game of seeded random legal moves from two seeded random deployments.
    Selfplay(SelfplayArgs),
    /// Replay a game file: for each game the final board, position string and result.
    Replay(FileArgs),
    /// Rewrite a game file with records in either script or in ASCII.
    Convert(ConvertArgs),
    /// Render a position as SVG.
    Svg(PositionArgs),
    /// Serve the line protocol (docs/protocol.md) on standard input and output: open, dark
    /// and flip play, the agent chosen by the options `Mode`, `Agent` and `DarkAgent`.
    Engine(EngineArgs),
    /// Play competition games on standard input and output by the CCGC 军棋 protocol v1.0
    /// (docs/ccgc.md).
    Ccgc(ccgc::CcgcArgs),
    /// Referee competition engines by the CCGC 军棋 protocol v1.0 (docs/ccgc.md): one line a
    /// game, then the score of engine A.
    Referee(referee::RefereeArgs),
}

#[derive(Debug, Args)]
struct EngineArgs {
    /// The initial `Seed` option (0 draws one).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// A failed command: a message for stderr, exit 1.
#[derive(Debug)]
struct CliError(String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<junqi_cli::InputError> for CliError {
    fn from(e: junqi_cli::InputError) -> CliError {
        CliError(e.to_string())
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        // A closed pipe (`luzhanqi moves | head`): the reader has all it wants.
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        CliError(format!("write error: {e}"))
    }
}

type Out<'a> = BufWriter<std::io::StdoutLock<'a>>;

/// `--position`, `--position-file` and `--rules`.
#[derive(Debug, Clone, Args)]
struct PositionArgs {
    /// A position string (L-20), or `-` to read it from standard input; the library's default
    /// start when left out.
    #[arg(long, value_name = "STRING|-", conflicts_with = "position_file")]
    position: Option<String>,
    /// A file holding a position string.
    #[arg(long, value_name = "FILE")]
    position_file: Option<String>,
    #[command(flatten)]
    rules: RulesArg,
}

/// `--rules standard|ccgc|FILE|JSON`.
#[derive(Debug, Clone, Args)]
struct RulesArg {
    /// A preset (`standard`, or `ccgc`: the Chinese Computer Games Championship's rules), a
    /// ruleset JSON object, or the path of a file holding one.
    #[arg(
        long,
        value_name = "standard|ccgc|FILE|JSON",
        default_value = "standard"
    )]
    rules: String,
}

impl RulesArg {
    fn load(&self) -> Result<Ruleset, CliError> {
        load_rules(&self.rules)
    }
}

impl PositionArgs {
    fn position(&self) -> Result<Position, CliError> {
        let rules = self.rules.load()?;
        let (setup, place) = match (&self.position, &self.position_file) {
            (Some(s), _) if s == "-" => {
                let text = read_bounded(std::io::stdin().lock(), MAX_POSITION_BYTES, "stdin")?;
                (
                    parse_position_text(&text, "standard input")?,
                    "standard input",
                )
            }
            (Some(s), _) => (
                s.parse::<Setup>()
                    .map_err(|e| CliError(format!("position string: {e}")))?,
                "--position",
            ),
            (None, Some(path)) => {
                let text = read_bounded(open_file(path)?, MAX_POSITION_BYTES, path)?;
                let setup = parse_position_text(&text, path)?;
                return Position::from_setup_with(setup, rules)
                    .map_err(|e| CliError(format!("{path}: {e}")));
            }
            (None, None) => return Ok(deploy::default_start().with_ruleset(rules)),
        };
        Position::from_setup_with(setup, rules).map_err(|e| CliError(format!("{place}: {e}")))
    }
}

/// One position string on one line (blank lines, surrounding spaces and a byte-order mark
/// allowed); errors name the line and column.
fn parse_position_text(text: &str, what: &str) -> Result<Setup, CliError> {
    let (line_number, column, line) = junqi_cli::one_line(text, what)?;
    line.trim().parse::<Setup>().map_err(|e| {
        CliError(format!(
            "{what}:{line_number}:{column}: position string: {e}"
        ))
    })
}

/// A preset's name (`standard`, `ccgc`), a JSON object, or a file holding one; errors say line
/// and column.
fn load_rules(spec: &str) -> Result<Ruleset, CliError> {
    let t = spec.trim();
    if Ruleset::preset(t).is_some() || t.starts_with('{') {
        return Ruleset::parse(spec).map_err(|e| CliError(format!("ruleset: {e}")));
    }
    let file = open_file(spec).map_err(|e| {
        CliError(format!(
            "ruleset: not a preset (`standard`, `ccgc`), not a JSON object and not a readable file: {e}"
        ))
    })?;
    let text = read_bounded(file, MAX_RULES_BYTES, spec)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    Ruleset::from_json(text).map_err(|e| match e {
        RulesetError::Json {
            line,
            column,
            message,
        } => CliError(format!("ruleset file {spec}:{line}:{column}: {message}")),
        other => CliError(format!("ruleset file {spec}: {other}")),
    })
}

/// The labelled board: ranks 12 down to 1, files a–e; a piece as its letter (upper case Red,
/// lower case Blue), an empty station `.`, an empty camp `+`, an empty headquarters `#`; a
/// line `~~~~~` between ranks 7 and 6 (the front).
fn diagram(pos: &Position) -> String {
    let mut s = String::new();
    for rank in (1..=12u8).rev() {
        s.push_str(&format!("{rank:>2} "));
        for file in 0..5u8 {
            let sq = Square::new(file, rank).expect("a point of the board");
            let c = match pos.piece_at(sq) {
                Some(p) => p.letter(),
                None => match point_kind(sq) {
                    PointKind::Camp => '+',
                    PointKind::Headquarters => '#',
                    PointKind::Station => '.',
                },
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
        if rank == 7 {
            s.push_str("    ~ ~ ~ ~ ~\n");
        }
    }
    s.push_str("    a b c d e\n");
    s
}

fn show(out: &mut Out, pos: &Position) -> Result<(), CliError> {
    write!(out, "{}", diagram(pos))?;
    writeln!(out, "{pos}")?;
    Ok(())
}

/// The legal moves sorted by their ASCII form, byte order.
fn sorted_moves(pos: &Position) -> Vec<(String, luzhanqi::Move)> {
    if pos.outcome().is_some() {
        return Vec::new();
    }
    sorted_by_text(pos.legal_moves())
}

#[derive(Debug, Args)]
struct PerftArgs {
    /// Depth in plies (0–20).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    #[command(flatten)]
    pos: PositionArgs,
}

#[derive(Debug, Args)]
struct DivideArgs {
    /// Depth in plies (1–20).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: u32,
    #[command(flatten)]
    pos: PositionArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SideArg {
    Red,
    Blue,
}

#[derive(Debug, Args)]
struct OpeningArgs {
    /// Red's deployment string, or `random`.
    #[arg(long, value_name = "DEP|random")]
    red: String,
    /// Blue's deployment string, or `random`.
    #[arg(long, value_name = "DEP|random")]
    blue: String,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "red")]
    first: SideArg,
    #[command(flatten)]
    seeded: SeededArgs<RulesArg>,
}

/// `selfplay`'s own argument.
#[derive(Debug, Args)]
struct PlayerArg {
    /// Random legal moves (the only player for now, so also the default; the engine is
    /// the next issue's).
    #[arg(long)]
    random: bool,
}

type SelfplayArgs = junqi_cli::SelfplayArgs<PlayerArg, RulesArg>;

#[derive(Debug, Args)]
struct FileArgs {
    /// A game file, or `-` for standard input.
    file: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormArg {
    Simplified,
    Traditional,
    Ascii,
}

#[derive(Debug, Args)]
struct ConvertArgs {
    /// A game file, or `-` for standard input.
    file: String,
    /// The form of the moves.
    #[arg(long, value_enum)]
    to: FormArg,
}

fn deployment_arg(text: &str, flag: &str, rng: &mut StdRng) -> Result<Deployment, CliError> {
    if text == "random" {
        return Ok(Deployment::random(rng));
    }
    let d: Deployment = text
        .parse()
        .map_err(|e| CliError(format!("{flag}: deployment string: {e}")))?;
    d.check().map_err(|e| CliError(format!("{flag}: {e}")))?;
    Ok(d)
}

/// Every game of a file (or standard input), read one at a time as its mode records it: flip
/// records (`[Mode "flip"]`, as `gjjq match --mode flip --pgn` writes them) among the others.
fn games(path: &str, each: &mut dyn FnMut(Record) -> Result<(), CliError>) -> Result<(), CliError> {
    let input: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::BufReader::new(open_file(path)?))
    };
    let name = if path == "-" { "standard input" } else { path };
    let mut reader = GameFileReader::new(input);
    while let Some(game) = reader.next_record() {
        each(game.map_err(|e| CliError(format!("{name}:{e}")))?)?;
    }
    Ok(())
}

fn run(cli: Cli, out: &mut Out) -> Result<(), CliError> {
    match cli.command {
        Command::Show(a) => show(out, &a.position()?)?,
        Command::Moves(a) => {
            let pos = a.position()?;
            for (ascii, m) in sorted_moves(&pos) {
                let record = pos.record(m, Script::Simplified).unwrap_or_default();
                writeln!(out, "{ascii} {record}")?;
            }
        }
        Command::Perft(a) => {
            let pos = a.pos.position()?;
            writeln!(out, "{}", luzhanqi::perft(&pos, a.depth))?;
        }
        Command::Divide(a) => {
            let pos = a.pos.position()?;
            write_divide(out, luzhanqi::divide(&pos, a.depth))?;
        }
        Command::Outcome(a) => match a.position()?.outcome() {
            Some(o) => writeln!(out, "{o}")?,
            None => writeln!(out, "ongoing")?,
        },
        Command::Deploy(a) => match a.command {
            DeployCommand::Random { seed, count } => {
                write_random(out, seed, count.into(), Deployment::random)?;
            }
            DeployCommand::Check { deployment } => {
                let d: Deployment = deployment
                    .parse()
                    .map_err(|e| CliError(format!("deployment string: {e}")))?;
                let reasons = d.check().err().map(|e| e.0).unwrap_or_default();
                if !write_check(out, &reasons)? {
                    out.flush()?;
                    return Err(CliError(format!(
                        "not a legal deployment ({} reasons)",
                        reasons.len()
                    )));
                }
            }
            DeployCommand::Count => writeln!(out, "{}", Deployment::count())?,
        },
        Command::Opening(a) => {
            let rules = a.seeded.rules.load()?;
            let mut rng = a.seeded.rng();
            let red = deployment_arg(&a.red, "--red", &mut rng)?;
            let blue = deployment_arg(&a.blue, "--blue", &mut rng)?;
            let first = match a.first {
                SideArg::Red => Side::Red,
                SideArg::Blue => Side::Blue,
            };
            let pos =
                deploy::opening(&red, &blue, first, rules).map_err(|e| CliError(e.to_string()))?;
            writeln!(out, "{pos}")?;
        }
        Command::Selfplay(a) => selfplay(out, &a)?,
        Command::Replay(a) => {
            let mut first = true;
            games(&a.file, &mut |record| {
                if !first {
                    writeln!(out)?;
                }
                first = false;
                match record {
                    Record::Moves(record) => {
                        let game = &record.game;
                        show(out, game.position())?;
                        writeln!(out, "result {}", record.result)?;
                        match game.outcome() {
                            Some(o) => writeln!(out, "{o}")?,
                            None => writeln!(out, "ongoing")?,
                        }
                    }
                    // A flip game: its flip state string (L-32), no diagram.
                    Record::Flip(record) => {
                        let game = &record.game;
                        writeln!(out, "{}", game.position())?;
                        writeln!(out, "result {}", record.result)?;
                        match game.outcome() {
                            Some(o) => writeln!(out, "{o}")?,
                            None => writeln!(out, "ongoing")?,
                        }
                    }
                }
                Ok(())
            })?;
        }
        Command::Convert(a) => {
            let form = match a.to {
                FormArg::Simplified => MoveForm::Simplified,
                FormArg::Traditional => MoveForm::Traditional,
                FormArg::Ascii => MoveForm::Ascii,
            };
            // Every game is read (and checked) before any is written.
            let mut texts = Vec::new();
            games(&a.file, &mut |record| {
                let text = match record {
                    Record::Moves(record) => record.write(form),
                    // Flip plies (`a1=p`) have one form: the record is written as it was.
                    Record::Flip(record) => record.write(),
                };
                texts.push(text.map_err(|e| CliError(e.to_string()))?);
                Ok(())
            })?;
            for (i, t) in texts.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                write!(out, "{t}")?;
            }
        }
        Command::Svg(a) => write!(out, "{}", a.position()?.to_svg())?,
        // Served before any buffered output is made (`main`).
        Command::Engine(_) | Command::Ccgc(_) => {}
        Command::Referee(a) => referee::run(&a, out)?,
    }
    Ok(())
}

/// Two seeded random deployments, Red first, then seeded random legal moves to the end.
fn selfplay(out: &mut Out, a: &SelfplayArgs) -> Result<(), CliError> {
    let rules = a.rules.load()?;
    let seed = a.seed.unwrap_or_else(fresh_seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let red = Deployment::random(&mut rng);
    let blue = Deployment::random(&mut rng);
    let start =
        deploy::opening(&red, &blue, Side::Red, rules).map_err(|e| CliError(e.to_string()))?;
    writeln!(out, "seed {seed}")?;
    writeln!(out, "opening {start}")?;
    let mut game = Game::new(start);
    while game.outcome().is_none() && game.moves().len() < a.max_plies as usize {
        let moves = game.legal_moves();
        let m = moves[rng.random_range(0..moves.len())];
        let record = game
            .position()
            .record(m, Script::Simplified)
            .unwrap_or_default();
        writeln!(out, "{:>4}. {m} {record}", game.moves().len() + 1)?;
        game.play(m).map_err(|e| CliError(e.to_string()))?;
    }
    show(out, game.position())?;
    match game.outcome() {
        Some(o) => writeln!(out, "{o}")?,
        None => writeln!(out, "ongoing (ply limit {} reached)", a.max_plies)?,
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    if let Command::Engine(a) = &cli.command {
        return serve_stdio(|input, output| {
            serve_new(input, output, |out| engine::Server::new(out, a.seed))
        });
    }
    if let Command::Ccgc(a) = &cli.command {
        return match ccgc::run(a, std::io::stdin().lock(), std::io::stdout()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    // Output is buffered: a write error (a full disk) can surface only at the flush.
    let result = run(cli, &mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            let msg: String = e
                .to_string()
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            let _ = writeln!(std::io::stderr(), "error: {msg}");
            ExitCode::FAILURE
        }
    }
}
