//! `luzhanqi referee`: an open referee of the CCGC 军棋 protocol v1.0 (docs/ccgc.md). It runs
//! two competition engines as processes, one game after another with the first move
//! alternating, over the library's dark referee ([`DarkGame`], L-31): it turns the board round
//! between them, sends each `GO` the opponent's move with its result and the flag reveal,
//! each mover its `RESULT`, enforces the deployment (L-17), move legality, the clocks and the
//! competition's no-combat rule, and writes the platform's record `(;INFO[1.0]…)` and our
//! referee game file. An engine that crashes, hangs, floods or sends garbage loses the game;
//! the referee goes on.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use junqi_protocol::process::{LineProcess, LongLines, NoLine};
use luzhanqi::dark::{DarkGame, DarkRules, record};
use luzhanqi::deploy::Deployment;
use luzhanqi::{Outcome, Side};
use luzhanqi_engine::ccgc::{
    CcgcMove, CcgcPoint, EndCode, FlagField, Message, Reply, array_letters, competition_rules,
    competition_winner,
};

/// `luzhanqi referee`'s options.
#[derive(Debug, Args)]
pub struct RefereeArgs {
    /// Engine A's command (run by `sh -c`; `cmd /C` on Windows); A moves first in odd games.
    #[arg(long, value_name = "COMMAND")]
    a: String,
    /// Engine B's command; B moves first in even games.
    #[arg(long, value_name = "COMMAND")]
    b: String,
    /// Games to play.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Each side's total thinking time in a game, in seconds (`START`'s time).
    #[arg(long, default_value_t = 1800)]
    time: u32,
    /// The no-combat limit (`START`'s steps): the side whose move completes it loses.
    #[arg(long, default_value_t = 31)]
    steps: u16,
    /// The greeting word: `INFO` (the specification) or `INFORMATION` (the 2018 platform).
    #[arg(long, default_value = "INFO")]
    hello: String,
    /// End every line sent with CRLF, as the platform has been seen to.
    #[arg(long)]
    crlf: bool,
    /// Seconds an engine has to answer `INFO` and `START` (not on its clock).
    #[arg(long, default_value_t = 10)]
    setup_timeout: u64,
    /// A game still going after this many plies ends abnormally, a draw.
    #[arg(long, default_value_t = 2000)]
    max_plies: u32,
    /// Append each game's platform record, one a line, to this file.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Append each game's referee game file (our format, both deployments) to this file.
    #[arg(long, value_name = "FILE")]
    game_file: Option<PathBuf>,
}

/// One of the two engines of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seat {
    A,
    B,
}

/// Why an engine lost a game other than by the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Fault {
    /// Exited or closed its output.
    Crash(String),
    /// No answer in time.
    Time(String),
    /// An answer that breaks the rules or the protocol.
    Illegal(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Crash(d) => write!(f, "crash: {d}"),
            Fault::Time(d) => write!(f, "time: {d}"),
            Fault::Illegal(d) => write!(f, "illegal: {d}"),
        }
    }
}

/// The longest line kept from an engine; a longer one is read and dropped, and never a reply.
const MAX_LINE: usize = 4096;

/// A running competition engine: a [`LineProcess`] (a process group of its own, a deadline on
/// every wait, ended with everything it started) and the line end it is sent.
struct Engine {
    process: LineProcess,
    crlf: bool,
}

impl Engine {
    fn start(command: &str, crlf: bool) -> Result<Engine, Fault> {
        let process = LineProcess::start(command, MAX_LINE, LongLines::Blank)
            .map_err(|e| Fault::Crash(format!("cannot run '{command}': {e}")))?;
        Ok(Engine { process, crlf })
    }

    fn send(&mut self, line: impl std::fmt::Display) -> Result<(), Fault> {
        let end = if self.crlf { "\r\n" } else { "\n" };
        self.process
            .send(format_args!("{line}{end}"))
            .map_err(|e| Fault::Crash(format!("cannot be written to ({e})")))
    }

    /// The first line that reads as a reply before `deadline`; blank lines and lines that
    /// are no reply are skipped (a flood of them runs into the deadline).
    fn reply(&mut self, deadline: Instant, waiting_for: &str) -> Result<Reply, Fault> {
        loop {
            let line = self.process.next_line(deadline).map_err(|no| match no {
                NoLine::Exited(s) => Fault::Crash(format!("exited ({s}) before {waiting_for}")),
                NoLine::Closed(_) => {
                    Fault::Crash(format!("closed its output before {waiting_for}"))
                }
                NoLine::Timeout => Fault::Time(format!("no {waiting_for} in time")),
            })?;
            let word = line.split_whitespace().next().unwrap_or_default();
            if word.eq_ignore_ascii_case(waiting_for) {
                return line
                    .parse()
                    .map_err(|e| Fault::Illegal(format!("'{}': {e}", clip(&line))));
            }
        }
    }
}

fn clip(s: &str) -> String {
    s.chars()
        .take(40)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The end of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
struct GameEnd {
    /// The winning seat, `None` for a draw or an abnormal end.
    winner: Option<Seat>,
    /// Why, in words.
    reason: String,
}

/// One game's course, for the records.
struct Played {
    names: [String; 2],
    end: GameEnd,
    plies: usize,
    /// The platform's record.
    record: String,
    /// Our referee game file, when both deployments were given.
    game_file: Option<String>,
}

/// The competition's flag field told to `viewer`: its opponent's flag point once shown.
fn flag_for(game: &DarkGame, viewer: Side) -> FlagField {
    let shown = game
        .history()
        .iter()
        .find_map(|a| a.flag_shown[viewer.other().index()]);
    shown.map(|sq| CcgcPoint::from_square(sq, viewer))
}

/// Play one game: `first` moves first (Red), `second` plays Blue.
#[allow(clippy::too_many_lines)]
fn play_game(args: &RefereeArgs, seats: [Seat; 2], commands: [&str; 2]) -> Played {
    let setup = Duration::from_secs(args.setup_timeout);
    let mut names = [String::from("?"), String::from("?")];
    let mut rec = String::new();
    let mut arrays: [Option<Deployment>; 2] = [None, None];
    let lose = |i: usize, why: String| GameEnd {
        winner: Some(seats[1 - i]),
        reason: why,
    };
    // Start both, greet both, then START the first mover, then the second (the first player
    // deploys first).
    let mut engines: Vec<Engine> = Vec::new();
    let mut end: Option<GameEnd> = None;
    for (i, cmd) in commands.iter().enumerate() {
        match Engine::start(cmd, args.crlf) {
            Ok(e) => engines.push(e),
            Err(f) => {
                end = Some(lose(i, f.to_string()));
                break;
            }
        }
    }
    let hello = Message::Info {
        version: "1.0".to_string(),
    };
    let hello = hello.to_string().replacen("INFO", &args.hello, 1);
    if end.is_none() {
        for i in 0..2 {
            let e = &mut engines[i];
            let r = e
                .send(&hello)
                .and_then(|()| e.reply(Instant::now() + setup, "NAME"));
            match r {
                Ok(Reply::Name(n)) => names[i] = clip(&n),
                Ok(_) => unreachable!("NAME was waited for"),
                Err(f) => {
                    end = Some(lose(i, format!("at INFO: {f}")));
                    break;
                }
            }
        }
    }
    if end.is_none() {
        for i in 0..2 {
            let e = &mut engines[i];
            let start = Message::Start {
                first: i == 0,
                time: args.time,
                steps: args.steps,
            };
            let r = e
                .send(&start)
                .and_then(|()| e.reply(Instant::now() + setup, "ARRAY"));
            match r {
                Ok(Reply::Array(d)) => match d.check() {
                    Ok(()) => arrays[i] = Some(d),
                    Err(v) => {
                        end = Some(lose(i, format!("illegal: deployment ({v})")));
                        break;
                    }
                },
                Ok(_) => unreachable!("ARRAY was waited for"),
                Err(f) => {
                    end = Some(lose(i, format!("at START: {f}")));
                    break;
                }
            }
        }
    }
    let _ = write!(
        rec,
        "(;INFO[1.0]PA[{}]PB[{}]TL[{}]SL[{}]",
        names[0], names[1], args.time, args.steps
    );
    for (i, tag) in ["AA", "AB"].iter().enumerate() {
        if let Some(d) = &arrays[i] {
            let _ = write!(rec, ";{tag}[{}]", array_letters(d));
        }
    }
    let rules = DarkRules {
        rules: competition_rules(args.steps),
        marshal_reveals_flag: true,
    };
    let mut game = match (&arrays[0], &arrays[1]) {
        (Some(red), Some(blue)) => DarkGame::new(red, blue, Side::Red, rules).ok(),
        _ => None,
    };
    let mut clocks = [Duration::from_secs(u64::from(args.time)); 2];
    let mut plies = 0usize;
    if let Some(game) = game.as_mut() {
        while end.is_none() {
            if plies >= args.max_plies as usize {
                end = Some(GameEnd {
                    winner: None,
                    reason: format!("abnormal: {} plies", args.max_plies),
                });
                break;
            }
            let side = game.turn();
            let i = side.index();
            let last = game.history().last().copied();
            let go = Message::Go {
                mv: last.map(|a| CcgcMove::from_move(a.mv, side)),
                result: last.and_then(|a| a.result),
                flag: flag_for(game, side),
            };
            let e = &mut engines[i];
            e.process.drain();
            let asked = Instant::now();
            let r = e
                .send(&go)
                .and_then(|()| e.reply(asked + clocks[i], "BESTMOVE"));
            let spent = asked.elapsed();
            let m = match r {
                Ok(Reply::BestMove(Some(m))) if spent <= clocks[i] => m,
                Ok(Reply::BestMove(Some(_))) => {
                    end = Some(lose(i, "time: the clock ran out".to_string()));
                    break;
                }
                Ok(Reply::BestMove(None)) => {
                    end = Some(lose(i, "illegal: A0A0 (no move)".to_string()));
                    break;
                }
                Ok(_) => unreachable!("BESTMOVE was waited for"),
                Err(f) => {
                    end = Some(lose(i, f.to_string()));
                    break;
                }
            };
            clocks[i] = clocks[i].saturating_sub(spent);
            let a = match game.play(m.to_move(side)) {
                Ok(a) => a,
                Err(_) => {
                    end = Some(lose(i, format!("illegal: the move {m}")));
                    break;
                }
            };
            plies += 1;
            let told = flag_for(game, side);
            let seat_tag = ["A", "B"][i];
            let _ = write!(
                rec,
                ";M{seat_tag}[{m}]R{seat_tag}[{}]F{seat_tag}[{}]",
                luzhanqi_engine::ccgc::result_code(a.result),
                told.map_or_else(|| "00".to_string(), |p| p.to_string())
            );
            if let Some(o) = a.end {
                end = Some(rules_end(o, game.turn(), seats));
                break;
            }
            let res = Message::Result {
                result: a.result,
                flag: told,
            };
            if let Err(f) = engines[i].send(&res) {
                end = Some(lose(i, f.to_string()));
            }
        }
    }
    let end = end.unwrap_or_else(|| GameEnd {
        winner: None,
        reason: "abnormal: no game".to_string(),
    });
    let codes: [EndCode; 2] = [0, 1].map(|i| match end.winner {
        Some(w) if w == seats[i] => EndCode::Won,
        Some(_) => EndCode::Lost,
        None => EndCode::Abnormal,
    });
    for (e, code) in engines.iter_mut().zip(codes) {
        let _ = e.send(Message::End(code));
    }
    let code = |c: EndCode| match c {
        EndCode::Lost => 0,
        EndCode::Won => 1,
        EndCode::Abnormal => 2,
    };
    let _ = write!(rec, ";EA[{}]EB[{}])", code(codes[0]), code(codes[1]));
    drop(engines);
    Played {
        names,
        end,
        plies,
        record: rec,
        game_file: game.and_then(|g| record::referee_record(&g).ok()),
    }
}

/// The end by the rules: the competition's reading of the library's outcome.
fn rules_end(o: Outcome, to_move: Side, seats: [Seat; 2]) -> GameEnd {
    let winner = competition_winner(o, to_move);
    let reason = match (o, winner) {
        (Outcome::Draw { .. }, Some(_)) => format!(
            "no-combat-limit (the {} move completed it)",
            if to_move == Side::Red {
                "second's"
            } else {
                "first's"
            }
        ),
        _ => o.reason_str().to_string(),
    };
    GameEnd {
        winner: winner.map(|w| seats[w.index()]),
        reason,
    }
}

/// The file at `path` opened for appending, if a path is given.
fn append_to(path: Option<&PathBuf>) -> io::Result<Option<std::fs::File>> {
    path.map(|p| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
    })
    .transpose()
}

/// Run the match: one line a game, then the score.
///
/// # Errors
/// Writing the output or a record file fails.
pub fn run(args: &RefereeArgs, out: &mut impl Write) -> io::Result<()> {
    let mut record_file = append_to(args.record.as_ref())?;
    let mut game_file = append_to(args.game_file.as_ref())?;
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    for g in 0..args.games {
        let (seats, commands) = if g % 2 == 0 {
            ([Seat::A, Seat::B], [args.a.as_str(), args.b.as_str()])
        } else {
            ([Seat::B, Seat::A], [args.b.as_str(), args.a.as_str()])
        };
        let p = play_game(args, seats, commands);
        let result = match p.end.winner {
            Some(Seat::A) => {
                wins += 1;
                "A wins"
            }
            Some(Seat::B) => {
                losses += 1;
                "B wins"
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        writeln!(
            out,
            "game {} first {} ({}) second {} ({}): {result}, {}, {} plies",
            g + 1,
            if seats[0] == Seat::A { "A" } else { "B" },
            p.names[0],
            if seats[1] == Seat::A { "A" } else { "B" },
            p.names[1],
            p.end.reason,
            p.plies
        )?;
        out.flush()?;
        if let Some(f) = record_file.as_mut() {
            writeln!(f, "{}", p.record)?;
        }
        if let (Some(f), Some(text)) = (game_file.as_mut(), &p.game_file) {
            writeln!(f, "{text}")?;
        }
    }
    let games = wins + draws + losses;
    let score = if games == 0 {
        0.0
    } else {
        (f64::from(wins) + f64::from(draws) / 2.0) / f64::from(games) * 100.0
    };
    writeln!(
        out,
        "score A {wins} wins {draws} draws {losses} losses of {games}: {score:.1} %"
    )?;
    Ok(())
}
