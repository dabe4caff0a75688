//! `gjjq match`: two engine programs play a match; the library adjudicates every move. With
//! `--hidden`, 暗式 (R-37 … R-41): a referee per game, each engine told only its own
//! information state. With `--game luzhanqi --mode open|dark|flip`, 陸戰棋 between engines speaking
//! `luzhanqi engine`'s protocol. With `--game siguo --mode dark|double_open|open`, 四國軍棋 by
//! team: each engine one team, one process a seat (`siguo engine`'s protocol).

mod game_file;

use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fs::File;
use std::num::NonZeroU32;
use std::ops::ControlFlow;

use gjjq_arbiter::stats::{Sprt, SprtDecision, Tally};
use gjjq_arbiter::team::{TeamGame, run_team_match};
use gjjq_arbiter::{
    Adjudication, DrawAdjudication, EngineSpec, GameReport, Layouts, LuzhanqiMode, MatchConfig,
    MatchSummary, ResignAdjudication, Termination, TimeControl, read_openings, run_match,
};
use gjjq_core::Position;

use crate::common::{CliError, load_rules, outln};

/// Arguments of `match`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The first engine's command line (run by `sh -c`); results are counted for it.
    #[arg(long, value_name = "CMD")]
    engine1: String,
    /// The second engine's command line.
    #[arg(long, value_name = "CMD")]
    engine2: String,
    /// Name of the first engine in the game file (its `id name` by default).
    #[arg(long)]
    name1: Option<String>,
    /// Name of the second engine.
    #[arg(long)]
    name2: Option<String>,
    /// `go depth D` for the first engine.
    #[arg(long)]
    depth1: Option<u32>,
    /// `go depth D` for the second engine.
    #[arg(long)]
    depth2: Option<u32>,
    /// `go nodes N` for the first engine.
    #[arg(long)]
    nodes1: Option<u64>,
    /// `go nodes N` for the second engine.
    #[arg(long)]
    nodes2: Option<u64>,
    /// `setoption` for the first engine, `NAME=VALUE` (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    option1: Vec<String>,
    /// `setoption` for the second engine, `NAME=VALUE` (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    option2: Vec<String>,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Clock per side, `SECONDS[+INCREMENT]`, e.g. `10+0.1`.
    #[arg(long, value_name = "S+I", conflicts_with = "movetime")]
    tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Grace in milliseconds beyond the clock or movetime before a move is late.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    timemargin: u64,
    /// Seconds an engine may take to start, or for a move when no clock bounds it.
    #[arg(long, value_name = "S", default_value_t = 60)]
    move_timeout: u64,
    /// `default`, `random` (random free deployments, R-35, one pair of games each; with
    /// --hidden one game each unless --paired-layouts) or a file of position strings, one a
    /// line [default: default; with --hidden, random].
    #[arg(long, value_name = "default|random|FILE")]
    openings: Option<String>,
    /// Random legal plies played from each opening before the game (same for both games of a
    /// pair).
    #[arg(long, value_name = "N", default_value_t = 0)]
    random_plies: u32,
    /// Seed of the random plies (and of random openings).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Stop early once decided: `elo0=0 elo1=10 alpha=0.05 beta=0.05`.
    #[arg(long, value_name = "SPEC")]
    sprt: Option<String>,
    /// Write every game to this game file (six-character records, simplified).
    #[arg(long, value_name = "FILE")]
    pgn: Option<String>,
    /// `standard`, or a ruleset JSON file (for the openings, and sent to the engines as the
    /// `Rules` option when not standard; hidden play's `announce_illegal`, `reveal_captured`).
    #[arg(long, value_name = "standard|FILE", default_value = "standard")]
    rules: String,
    /// Hidden play (暗式, R-37 … R-41): a referee runs each game and each engine is sent only
    /// its own information state (`position hidden`, docs/protocol.md); an engine that
    /// proposes a refused move again this turn loses. The game file holds referee records.
    #[arg(long)]
    hidden: bool,
    /// The game: `gjjq` (国际军棋), `luzhanqi` (陸戰棋: engines speaking `luzhanqi engine`'s
    /// protocol, each pair of games from two random deployments drawn from --seed) or `siguo`
    /// (四國軍棋 by team: engines speaking `siguo engine`'s protocol, each engine one team
    /// and each seat its own process, each pair of games from four random deployments with
    /// the teams swapped).
    #[arg(long, value_enum, default_value = "gjjq")]
    game: GameArg,
    /// 陸戰棋's mode: `open`; `dark` (暗棋, L-31: a referee, each engine sent only its own
    /// information state); or `flip` (翻棋, L-32: every piece face down, the arbiter dealing
    /// what each flip reveals, a deal for each game; the seats are the first and the second
    /// player). The game file holds 陸戰棋 records (the referee's in dark play,
    /// flip records in flip play). 四國軍棋's mode (--game siguo): `dark` (四暗, the default:
    /// each seat's process sent only its own information state), `double_open` (雙明) or
    /// `open` (全明); the game file holds referee records (every kind in `Setup`).
    #[arg(long, value_name = "open|dark|flip|double_open")]
    mode: Option<String>,
    /// In a hidden match (--hidden, --mode dark|flip), give both games of a pair one hidden
    /// layout, the engines swapping seats, instead of a fresh layout for every game. Smaller
    /// error bars, but it trusts both engines to keep nothing between games: an engine that
    /// remembers the first game plays the second with the layout known.
    #[arg(long)]
    paired_layouts: bool,
    /// Go on after a game an engine lost by crashing or failing to start, starting it afresh
    /// for the next game; without it the match stops after such a game.
    #[arg(long)]
    recover: bool,
    /// Resign adjudication (open play): the game goes to a side once both engines' scores put
    /// it ahead by at least CP centipawns for --resign-moves moves each. Off by default.
    #[arg(long, value_name = "CP", requires = "resign_moves")]
    resign_score: Option<u32>,
    /// Consecutive moves of each engine for --resign-score.
    #[arg(long, value_name = "N", requires = "resign_score")]
    resign_moves: Option<NonZeroU32>,
    /// Draw adjudication (open play): drawn once both engines' scores stay within CP
    /// centipawns of 0 for --draw-moves moves each, from ply --draw-after on. Off by default.
    #[arg(long, value_name = "CP", requires = "draw_moves")]
    draw_score: Option<u32>,
    /// Consecutive moves of each engine for --draw-score.
    #[arg(long, value_name = "N", requires = "draw_score")]
    draw_moves: Option<NonZeroU32>,
    /// Endgame tables (a directory of `gjjq tablebase generate`): an open game is adjudicated
    /// by them as soon as its position is in them (termination `tablebase`).
    #[arg(long, value_name = "DIR")]
    tb: Option<std::path::PathBuf>,
    /// The first ply at which --draw-score applies.
    #[arg(long, value_name = "PLY", default_value_t = 0, requires = "draw_score")]
    draw_after: u32,
}

/// The game of `--game`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum GameArg {
    /// 国际军棋.
    Gjjq,
    /// 陸戰棋.
    Luzhanqi,
    /// 四國軍棋, by team.
    Siguo,
}

/// `--game siguo`: the mode and rules, and what a team match does not take.
fn siguo_game(args: &Args) -> Result<Option<TeamGame>, CliError> {
    if args.game != GameArg::Siguo {
        return Ok(None);
    }
    let mode = match args.mode.as_deref().unwrap_or("dark").trim() {
        "dark" => siguo::SiguoMode::Dark,
        "double_open" => siguo::SiguoMode::DoubleOpen,
        "open" => siguo::SiguoMode::Open,
        other => {
            return Err(CliError(format!(
                "--mode '{}': expected dark, double_open or open",
                gjjq_core::setup::clip(other, 40)
            )));
        }
    };
    refuse(
        args,
        "siguo",
        &[
            (args.resign_score.is_some(), "--resign-score"),
            (args.draw_score.is_some(), "--draw-score"),
        ],
    )?;
    let spec = args.rules.trim();
    let rules = if spec == "standard" || spec.starts_with('{') {
        siguo::Rules::parse(spec)
    } else {
        let file = junqi_cli::open_file(spec).map_err(|e| {
            CliError(format!(
                "--rules: not standard and not a readable file: {e}"
            ))
        })?;
        let text = junqi_cli::read_bounded(file, junqi_cli::MAX_RULES_BYTES, spec)?;
        siguo::Rules::from_json(text.strip_prefix('\u{feff}').unwrap_or(&text))
    }
    .map_err(|e| CliError(format!("--rules: {e}")))?;
    Ok(Some(TeamGame { mode, rules }))
}

/// `--mode` checked against `--game`, and what 陸戰棋 does not take.
fn luzhanqi_mode(args: &Args) -> Result<Option<LuzhanqiMode>, CliError> {
    match args.game {
        GameArg::Siguo => Ok(None),
        GameArg::Gjjq => match &args.mode {
            Some(_) => Err(CliError(
                "--mode is 陸戰棋's (--game luzhanqi); 国际军棋's hidden play is --hidden".into(),
            )),
            None => Ok(None),
        },
        GameArg::Luzhanqi => {
            let mode = args
                .mode
                .as_deref()
                .unwrap_or("open")
                .parse::<LuzhanqiMode>()
                .map_err(|e| CliError(format!("--mode: {e}")))?;
            refuse(args, "luzhanqi", &[(args.rules != "standard", "--rules")])?;
            Ok(Some(mode))
        }
    }
}

/// Refuse what a game whose pairs start from random deployments does not take (国际军棋's
/// hidden play, openings, random plies and tables), then `more` (given, named): the first
/// given, as `--game GAME does not take …`.
fn refuse(args: &Args, game: &str, more: &[(bool, &str)]) -> Result<(), CliError> {
    let dealt = [
        (args.hidden, "--hidden (use --mode dark)"),
        (
            args.openings.is_some(),
            "--openings (pairs start from random deployments)",
        ),
        (args.random_plies > 0, "--random-plies"),
        (args.tb.is_some(), "--tb"),
    ];
    match dealt.iter().chain(more).find(|(given, _)| *given) {
        Some((_, what)) => Err(CliError(format!("--game {game} does not take {what}"))),
        None => Ok(()),
    }
}

fn spec(
    command: String,
    name: Option<String>,
    depth: Option<u32>,
    nodes: Option<u64>,
    options: &[String],
) -> Result<EngineSpec, CliError> {
    let options = options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .ok_or_else(|| CliError(format!("--option '{o}': expected NAME=VALUE")))
        })
        .collect::<Result<_, _>>()?;
    Ok(EngineSpec {
        command,
        name,
        depth,
        nodes,
        options,
    })
}

/// Play the match: progress on stderr, the summary on stdout.
pub fn run(args: Args) -> Result<(), CliError> {
    let luzhanqi = luzhanqi_mode(&args)?;
    let siguo = siguo_game(&args)?;
    // 四國's rules are its own (`siguo_game`); the 国际军棋 ruleset stays the standard one.
    let rules = load_rules(if siguo.is_some() {
        "standard"
    } else {
        &args.rules
    })?;
    let time_control = match (&args.tc, args.movetime) {
        (Some(tc), _) => tc.parse::<TimeControl>()?,
        (None, Some(ms)) => TimeControl::MoveTime(ms),
        (None, None) => {
            let limited = |d: Option<u32>, n: Option<u64>| d.is_some() || n.is_some();
            if !limited(args.depth1, args.nodes1) || !limited(args.depth2, args.nodes2) {
                return Err(CliError(
                    "give a time control (--tc or --movetime) or a depth/nodes limit for both engines"
                        .into(),
                ));
            }
            TimeControl::None
        }
    };
    let openings_arg = args
        .openings
        .clone()
        .unwrap_or_else(|| if args.hidden { "random" } else { "default" }.to_string());
    let openings = match openings_arg.as_str() {
        // 陸戰棋's pairs start from deployments the arbiter draws (MatchConfig::luzhanqi).
        _ if luzhanqi.is_some() || siguo.is_some() => Vec::new(),
        "default" => vec![Position::from_setup_with(
            gjjq_core::Setup::default_opening(),
            rules,
        )?],
        // one pair of uniformly random free deployments for each pair of games, Red
        // first, drawn from --seed.
        // At most MAX_RANDOM_OPENINGS are drawn, then used in turn again: the draws stay the
        // same for a match of any length up to that, and memory is bounded for any
        // --games (issue 41, item 6).
        "random" => {
            let mut rng = StdRng::seed_from_u64(args.seed);
            // A hidden match with fresh layouts plays each start once (issue 50, item 3).
            let starts = if args.hidden && !args.paired_layouts {
                args.games
            } else {
                args.games.div_ceil(2)
            };
            (0..starts.clamp(1, MAX_RANDOM_OPENINGS))
                .map(|_| {
                    gjjq_core::deploy::Opening::random(&mut rng, Some(gjjq_core::Side::Red), &rules)
                        .position(rules)
                        .map_err(|e| CliError(format!("--openings random: {e}")))
                })
                .collect::<Result<Vec<_>, _>>()?
        }
        file => {
            let f = File::open(file).map_err(|e| CliError(format!("--openings {file}: {e}")))?;
            read_openings(f, rules).map_err(|e| CliError(format!("{file}: {e}")))?
        }
    };
    let sprt = args.sprt.as_deref().map(str::parse::<Sprt>).transpose()?;
    let engines = [
        spec(
            args.engine1,
            args.name1,
            args.depth1,
            args.nodes1,
            &args.option1,
        )?,
        spec(
            args.engine2,
            args.name2,
            args.depth2,
            args.nodes2,
            &args.option2,
        )?,
    ];
    let mut config = MatchConfig::new(engines, args.games, time_control);
    config.concurrency = args.concurrency;
    config.openings = openings;
    config.random_plies = args.random_plies;
    config.seed = args.seed;
    config.time_margin_ms = args.timemargin;
    config.move_timeout_ms = args.move_timeout.saturating_mul(1000);
    config.max_plies = args.max_plies;
    config.sprt = sprt;
    config.hidden = args.hidden;
    config.recover = args.recover;
    config.luzhanqi = luzhanqi;
    config.layouts = if args.paired_layouts {
        Layouts::Paired
    } else {
        Layouts::Fresh
    };
    let hides = match &siguo {
        Some(g) => g.mode != siguo::SiguoMode::Open,
        None => config.hides_layouts(),
    };
    if args.paired_layouts && !hides {
        return Err(CliError(
            "--paired-layouts is for hidden matches (--hidden, --mode dark|flip|double_open); open play always pairs its games"
                .into(),
        ));
    }
    config.adjudication = Adjudication {
        resign: args
            .resign_score
            .zip(args.resign_moves)
            .map(|(score_cp, moves)| ResignAdjudication { score_cp, moves }),
        draw: args
            .draw_score
            .zip(args.draw_moves)
            .map(|(score_cp, moves)| DrawAdjudication {
                score_cp,
                moves,
                after_ply: args.draw_after,
            }),
    };
    if let Some(dir) = &args.tb {
        if args.hidden {
            return Err(CliError(
                "--tb adjudicates open play only (a hidden game's position is the referee's)"
                    .into(),
            ));
        }
        // Read into memory, not mapped: nothing stops a user from regenerating the files
        // during a match, and a file changed under a map is undefined behaviour.
        let tb = gjjq_tablebase::Tablebase::open(dir)
            .map_err(|e| CliError(format!("--tb {}: {e}", dir.display())))?;
        if tb.is_empty() {
            return Err(CliError(format!(
                "--tb {}: no table files (*.gjtb) in it",
                dir.display()
            )));
        }
        config.tablebase = Some(std::sync::Arc::new(tb));
    }
    let dark = args.hidden || luzhanqi == Some(LuzhanqiMode::Dark);
    if dark && config.adjudication != Adjudication::default() {
        return Err(CliError(
            "score adjudication applies to open play only (a hidden engine's score is its guess over worlds)"
                .into(),
        ));
    }
    // Made (and checked) before the engines start; what FILE held stays until the first
    // game is written (issue 50, item 1).
    let mut pgn = MatchFile::create(args.pgn.as_deref())?;
    let total = args.games;
    // One report for every game: the seats' engines, the winning alliance and the game file in
    // the game's own grammar. The seats as the game names them in the progress line.
    let seats = match (siguo.is_some(), luzhanqi) {
        (true, _) => ["red-blue", "green-yellow"],
        (false, None) => ["red", "green"],
        (false, Some(LuzhanqiMode::Flip)) => ["first", "second"],
        (false, Some(_)) => ["red", "blue"],
    };
    let on_game = |report: &GameReport, tally: &Tally| {
        let name = |seat: usize| report.players.get(seat).map_or("?", String::as_str);
        let result = match report.winner.map(|w| w.index()) {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        };
        progress(
            (report.round, total),
            [(name(0), seats[0]), (name(1), seats[1])],
            result,
            (report.termination, &report.detail),
            tally,
        );
        pgn.write(report.round, || Ok(report.record.clone().into_bytes()))
    };
    let summary = match siguo {
        Some(game) => run_team_match(&config, &game, on_game)?,
        None => run_match(&config, on_game)?,
    };
    print_summary(&summary, time_control, sprt, pgn.error)
}

/// A game's line on stderr, whatever the game: its number of `total`, each side's engine with
/// the seats it played, the result, why it ended (and the details) and the running tally.
fn progress(
    (round, total): (u32, u32),
    [(first, first_seats), (second, second_seats)]: [(&str, &str); 2],
    result: &str,
    (termination, detail): (Termination, &str),
    tally: &Tally,
) {
    eprintln!(
        "game {round}/{total}: {first} ({first_seats}) vs {second} ({second_seats}): {result} {}{} | {tally}, score {:.1}%",
        termination.as_str(),
        if detail.is_empty() {
            String::new()
        } else {
            format!(" ({detail})")
        },
        tally.score() * 100.0,
    );
}

/// The game file of a match (`--pgn FILE`), if one is asked for: the games written so far and
/// the failure that stopped the match (the first game that cannot be written).
struct MatchFile<'a> {
    file: Option<(&'a str, game_file::GameFile)>,
    written: u32,
    error: Option<String>,
}

impl<'a> MatchFile<'a> {
    /// The file at `path` (none without one), made and checked before the engines start.
    fn create(path: Option<&'a str>) -> Result<MatchFile<'a>, CliError> {
        Ok(MatchFile {
            file: match path {
                Some(path) => Some((path, game_file::GameFile::create(path)?)),
                None => None,
            },
            written: 0,
            error: None,
        })
    }

    /// Write game `round`, its text made by `text` (only when there is a file to write it to,
    /// and no game has failed). Each game is made whole in memory, then written and flushed: an
    /// interrupted match keeps the games it played, a full disk is found at the first game it
    /// refuses, and a game it refuses part-way is cut off again (issue 50, item 2). A game that
    /// cannot be made or written stops the match ([`ControlFlow::Break`], the reason kept in
    /// [`MatchFile::error`]).
    fn write(
        &mut self,
        round: u32,
        text: impl FnOnce() -> Result<Vec<u8>, String>,
    ) -> ControlFlow<String> {
        let Some((path, w)) = &mut self.file else {
            return ControlFlow::Continue(());
        };
        if self.error.is_some() {
            return ControlFlow::Continue(());
        }
        let written_game = text().and_then(|mut text| {
            text.push(b'\n');
            w.write_game(&text).map_err(|e| e.to_string())
        });
        match written_game {
            Ok(()) => {
                self.written += 1;
                ControlFlow::Continue(())
            }
            Err(e) => {
                let why = format!(
                    "game file {path}: game {round} cannot be written ({e}); {} games written before it",
                    self.written
                );
                self.error = Some(why.clone());
                ControlFlow::Break(why)
            }
        }
    }
}

/// The summary on stdout, whatever stopped the match; an error when it did not play out
/// (docs/engine.md).
fn print_summary(
    summary: &MatchSummary,
    time_control: TimeControl,
    sprt: Option<Sprt>,
    write_error: Option<String>,
) -> Result<(), CliError> {
    let t = summary.tally;
    let [a, b] = &summary.names;
    outln!(
        "{a} vs {b}: {} games, time control {time_control}",
        t.games()
    );
    outln!("{t} (wins, draws, losses of {a})");
    outln!(
        "score {:.1}/{} ({:.1}%)",
        f64::from(t.wins) + f64::from(t.draws) / 2.0,
        t.games(),
        t.score() * 100.0
    );
    match t.elo() {
        Some((elo, margin)) => outln!("elo {elo:+.1} +/- {margin:.1} (95%)"),
        None => outln!(
            "elo {} (no error bar at a score of 0% or 100%)",
            if t.score() >= 1.0 { "+inf" } else { "-inf" }
        ),
    }
    outln!("los {:.1}%", t.los() * 100.0);
    let p = summary.pentanomial;
    outln!(
        "pairs {} pentanomial {p} (LL, LD, DD+WL, WD, WW)",
        p.pairs()
    );
    match p.elo() {
        Some((elo, margin)) => outln!(
            "pair elo {elo:+.1} +/- {margin:.1} (95%), los {:.1}%",
            p.los() * 100.0
        ),
        None => outln!("pair elo none (too few pairs or no spread)"),
    }
    if let Some(s) = sprt {
        let st = s.status_pentanomial(&p);
        let verdict = match summary.sprt_decision {
            Some(SprtDecision::H1) => "H1 accepted",
            Some(SprtDecision::H0) => "H0 accepted",
            None => "undecided",
        };
        outln!(
            "sprt {s}: llr {:.2} ({:.2}, {:.2}) {verdict}",
            st.llr,
            st.lower,
            st.upper
        );
    }
    let reasons: Vec<String> = summary
        .terminations
        .iter()
        .map(|(w, n)| format!("{w} {n}"))
        .collect();
    outln!("terminations: {}", reasons.join(", "));
    if let Some(why) = &summary.stopped {
        outln!("stopped: {why}");
    }
    // The summary is printed whatever stopped the match; the exit status says it did not
    // play out (docs/engine.md).
    if let Some(why) = write_error {
        return Err(CliError(why));
    }
    if let Some(why) = &summary.stopped {
        return Err(CliError(format!("the match stopped early: {why}")));
    }
    Ok(())
}

/// The most random deployment pairs `--openings random` draws; a longer match uses them in
/// turn again.
const MAX_RANDOM_OPENINGS: u32 = 1 << 16;
