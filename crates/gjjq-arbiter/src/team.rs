//! Matches by team (四國軍棋, `gjjq match --game siguo --mode dark|double_open|open`, issue 53
//! item 3): two engine programs are the two teams, and every seat of a game is its own engine
//! process (four a game), so that under 四暗 a seat's process is told only its own
//! information state, never its ally's hidden kinds (L-63).
//!
//! Each start is four deployments drawn uniformly (L-18, L-58) from [`MatchConfig::seed`],
//! Red first; the two games of a pair play one start (or, in the dark modes without
//! [`Layouts::Paired`](crate::Layouts::Paired), a fresh start each: [`MatchConfig::start_of`])
//! with the teams swapped: in the pair's first game engine 1 plays Red and Blue, in its second
//! Green and Yellow. The arbiter holds the true game (全明: the [`Position`]; 四暗 and 雙明: the
//! referee, [`DarkGame`]) and asks the seat to move: `position fen <start> moves <actions>`
//! under 全明, `position hidden <the seat's information state, one line>` in the dark modes,
//! then `go` with every seat's clock (`rtime gtime btime ytime rinc ginc binc yinc`).
//!
//! The guarantees of the two-seat match hold seat by seat: an engine that crashes, fails to
//! start, answers too late, floods or answers a malformed or illegal action (`0000`, a move
//! the true position refuses, a surrender not its own or too early) loses the game for its
//! team, a forfeit, with the seat and the engine named in the detail. Each seat has its own
//! clock. The report ([`GameReport`]) is indexed by seat ([`junqi_game::Seat`], Red 0,
//! Green 1, Blue 2, Yellow 3) and its winner is an [`Alliance`](junqi_game::Alliance); the game file is the
//! referee's record ([`siguo::game_file::write_game`]: every kind in `Setup`) with the
//! match's tags. The summary is the two-seat match's [`MatchSummary`]: engine 1's tally and
//! the pentanomial of the pairs.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use junqi_gamefile::ResultToken;
use junqi_protocol::{Command, PositionCommand};
use luzhanqi::deploy::Deployment;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use siguo::dark::DarkGame;
use siguo::game_file::{Entry, write_game};
use siguo::{Position, Repetitions, Rules, Seat, SiguoMode};

use crate::config::{MatchConfig, TimeControl};
use crate::process::{self, EngineProcess, Failure, ask, probe};
use crate::report::{GameReport, MatchError, MatchSummary, Termination};
use crate::schedule::{self, Counter};
use crate::stats::Tally;

/// The game of a team match: 四國軍棋 in one of its modes, under its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamGame {
    /// 全明, 四暗 or 雙明 (L-62 … L-64); the engines are told it as `setoption name Mode`.
    pub mode: SiguoMode,
    /// The rules (the mode is [`TeamGame::mode`] whatever they say); engines are told them
    /// as `setoption name Rules value <json>` when they are not the standard ones.
    pub rules: Rules,
}

impl TeamGame {
    /// The rules the games are played under: [`TeamGame::rules`] in [`TeamGame::mode`].
    #[must_use]
    pub fn rules_played(&self) -> Rules {
        let mut rules = self.rules;
        rules.mode.mode = self.mode;
        if self.mode == SiguoMode::Open {
            rules.mode.engineer_scout = false;
        }
        rules
    }

    /// The word of the mode, as the engine's `Mode` option and `--mode` spell it.
    #[must_use]
    pub const fn mode_word(&self) -> &'static str {
        match self.mode {
            SiguoMode::Dark => "dark",
            SiguoMode::DoubleOpen => "double_open",
            SiguoMode::Open => "open",
        }
    }
}

/// The four deployments (Red, Green, Blue, Yellow) of start `start` of a match seeded `seed`.
fn start_deployments(seed: u64, start: u32) -> [Deployment; 4] {
    let mut rng =
        StdRng::seed_from_u64(seed ^ u64::from(start).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5160);
    // One draw past the start, so that nearby seeds do not share a first deployment.
    let _: u64 = rng.random();
    std::array::from_fn(|_| Deployment::random(&mut rng))
}

/// The start of start number `start`: four uniform deployments (L-18), Red first (L-58).
fn start_position(seed: u64, start: u32, rules: Rules) -> Position {
    let d = start_deployments(seed, start);
    siguo::deploy::opening([&d[0], &d[1], &d[2], &d[3]], Seat::Red, rules)
        .expect("uniform deployments are legal (L-18)")
}

/// The true game the arbiter holds.
enum Table {
    /// 全明: the position and its repetition count (L-56).
    Open(Box<Position>, Repetitions),
    /// 四暗, 雙明: the referee.
    Dark(Box<DarkGame>),
}

/// A game under way: the true game, its start and the entries played.
struct Game {
    start: Position,
    table: Table,
    entries: Vec<Entry>,
}

impl Game {
    fn new(start: Position) -> Result<Game, String> {
        let table = if start.rules().mode.mode == SiguoMode::Open {
            let seen = Repetitions::new(&start);
            Table::Open(Box::new(start.clone()), seen)
        } else {
            Table::Dark(Box::new(
                DarkGame::new(start.clone()).map_err(|e| e.to_string())?,
            ))
        };
        Ok(Game {
            start,
            table,
            entries: Vec::new(),
        })
    }

    fn position(&self) -> &Position {
        match &self.table {
            Table::Open(pos, _) => pos,
            Table::Dark(game) => game.position(),
        }
    }

    /// What `seat` is told before its `go`: the whole game under 全明, its own information
    /// state in the dark modes (never another seat's hidden kinds).
    fn tell(&self, seat: Seat) -> Command {
        match &self.table {
            Table::Open(..) => Command::Position(PositionCommand {
                fen: Some(self.start.to_string()),
                moves: self.entries.iter().map(entry_text).collect(),
            }),
            Table::Dark(game) => Command::HiddenPosition(game.info_state(seat).one_line()),
        }
    }

    /// Play `seat`'s answer `text`: an L-60 action of the true position, or `resign-<seat>`
    /// for the seat itself (L-54).
    fn play(&mut self, seat: Seat, text: &str) -> Result<(), String> {
        let entry = if let Some(letter) = text.strip_prefix("resign-") {
            if letter != seat.letter().to_string() {
                return Err(format!("'{text}' is not {seat}'s own surrender"));
            }
            Entry::Resign(seat)
        } else {
            let a = self
                .position()
                .find_action(text)
                .map_err(|e| format!("'{text}': {e}"))?;
            Entry::Action(a)
        };
        match (&mut self.table, entry) {
            (Table::Open(pos, seen), e) => {
                match e {
                    Entry::Action(a) => pos.play(a),
                    Entry::Resign(s) => pos.surrender(s),
                }
                .map_err(|e| format!("'{text}': {e}"))?;
                seen.reached(pos);
            }
            (Table::Dark(game), Entry::Action(a)) => {
                game.play(a).map_err(|e| format!("'{text}': {e}"))?;
            }
            (Table::Dark(game), Entry::Resign(s)) => {
                game.surrender(s).map_err(|e| format!("'{text}': {e}"))?;
            }
        }
        self.entries.push(entry);
        Ok(())
    }
}

/// An entry as `position … moves` and the game file write it (L-60).
fn entry_text(e: &Entry) -> String {
    match e {
        Entry::Action(a) => a.to_string(),
        Entry::Resign(s) => format!("resign-{}", s.letter()),
    }
}

/// The rules' reason word of an outcome (`flag-captured`, `repetition`, …), as a
/// [`Termination::Rules`] word.
fn rules_word(o: siguo::Outcome) -> &'static str {
    const WORDS: [&str; 7] = [
        "flag-captured",
        "no-move",
        "resigned",
        "team-out",
        "no-movable-pieces",
        "no-combat-limit",
        "repetition",
    ];
    let text = match o {
        siguo::Outcome::Win { reason, .. } => reason.to_string(),
        siguo::Outcome::Draw(reason) => reason.to_string(),
    };
    WORDS.into_iter().find(|w| *w == text).unwrap_or("rules")
}

/// How a game ended: the winning team, the reason and the details in words.
type TeamEnding = (Option<siguo::Team>, Termination, String);

/// The `go` command for `seat` and the milliseconds it has to answer: every seat's clock in
/// `rtime gtime btime ytime` (Blue's is UCI's `btime`), the increments alike.
fn go_command(config: &MatchConfig, e: usize, clock: &[u64; 4], seat: Seat) -> (Command, u64) {
    process::go_command_with(
        config,
        &config.engines[e],
        clock[seat.index()],
        |go, inc_ms| {
            [go.rtime, go.gtime, go.btime, go.ytime] = clock.map(Some);
            [go.rinc, go.ginc, go.binc, go.yinc] = [Some(inc_ms); 4];
        },
    )
}

/// Start the four seats' processes, each told the mode and rules and a new game.
fn start_seats(
    config: &MatchConfig,
    game: &TeamGame,
    names: &[String; 2],
    engine_of: impl Fn(Seat) -> usize,
) -> Result<Vec<EngineProcess>, TeamEnding> {
    let mut setup = vec![Command::SetOption {
        name: "Mode".into(),
        value: Some(game.mode_word().into()),
    }];
    if game.rules != Rules::STANDARD {
        setup.push(Command::SetOption {
            name: "Rules".into(),
            value: Some(game.rules.to_json()),
        });
    }
    process::start_seats(config, Seat::ALL, engine_of, &setup, |seat, e, d| {
        (
            Some(seat.team().other()),
            Termination::StartupFailure,
            format!("{} ({seat}) failed to start: {d}", names[e]),
        )
    })
}

/// Play the game of round `round` from `start`, engine `first` (0 or 1) playing Red and Blue.
fn play_game(
    config: &MatchConfig,
    game: &TeamGame,
    names: &[String; 2],
    round: u32,
    start_number: u32,
    start: Position,
    first: usize,
) -> GameReport {
    let engine_of = |seat: Seat| {
        if seat.team() == siguo::Team::RedBlue {
            first
        } else {
            1 - first
        }
    };
    let mut played = Game::new(start.clone());
    let ending: TeamEnding = 'game: {
        let g = match &mut played {
            Ok(g) => g,
            Err(e) => break 'game (None, Termination::StartupFailure, e.clone()),
        };
        let mut procs = match start_seats(config, game, names, engine_of) {
            Ok(p) => p,
            Err(ending) => break 'game ending,
        };
        let mut clock = [0u64; 4];
        if let TimeControl::Clock { base_ms, .. } = config.time_control {
            clock = [base_ms; 4];
        }
        loop {
            if let Some(o) = g.position().outcome() {
                let team = match o {
                    siguo::Outcome::Win { team, .. } => Some(team),
                    siguo::Outcome::Draw(_) => None,
                };
                break 'game (team, Termination::Rules(rules_word(o)), String::new());
            }
            if g.entries.len() >= config.max_plies as usize {
                break 'game (
                    None,
                    Termination::PlyLimit,
                    format!("{} plies played", config.max_plies),
                );
            }
            let seat = g.position().turn();
            let e = engine_of(seat);
            let who = format!("{} ({seat})", names[e]);
            let lose = Some(seat.team().other());
            let (go, deadline_ms) = go_command(config, e, &clock, seat);
            let asked = Instant::now();
            let deadline = asked + Duration::from_millis(deadline_ms);
            let result = ask(&mut procs[seat.index()], &g.tell(seat), &go, deadline);
            let used = asked.elapsed().as_millis() as u64;
            let text = match result {
                Ok((text, ..)) => text,
                Err(Failure::Crash(d)) => {
                    break 'game (lose, Termination::Crash, format!("{who} {d}"));
                }
                Err(Failure::Timeout(_)) => {
                    break 'game (
                        lose,
                        Termination::Timeout,
                        format!("{who} sent no move within {deadline_ms} ms"),
                    );
                }
            };
            if used > deadline_ms {
                break 'game (
                    lose,
                    Termination::Timeout,
                    format!("{who} took {used} ms of {deadline_ms} ms"),
                );
            }
            let c = &mut clock[seat.index()];
            *c = c.saturating_sub(used);
            if let Err(why) = g.play(seat, &text) {
                break 'game (
                    lose,
                    Termination::IllegalMove,
                    format!("{who} played {why}"),
                );
            }
            if let TimeControl::Clock { inc_ms, .. } = config.time_control {
                clock[seat.index()] += inc_ms;
            }
        }
    };
    let (team, termination, detail) = ending;
    let (entries, plies) = match &played {
        Ok(g) => (g.entries.as_slice(), g.entries.len()),
        Err(_) => (&[][..], 0),
    };
    let record = record(
        config,
        names,
        round,
        &start,
        entries,
        &engine_of,
        team,
        termination,
        &detail,
    );
    GameReport {
        round,
        opening: start_number as usize,
        engines: Seat::ALL.iter().map(|&s| engine_of(s)).collect(),
        players: Seat::ALL
            .iter()
            .map(|&s| names[engine_of(s)].clone())
            .collect(),
        winner: team.map(siguo::Team::alliance),
        termination,
        detail,
        plies,
        record,
    }
}

/// The game file of a game: [`write_game`]'s referee record, the match's tags added after the
/// players' and the arbiter's result written over a result the rules did not give (a
/// forfeit, the ply limit).
#[allow(clippy::too_many_arguments)]
fn record(
    config: &MatchConfig,
    names: &[String; 2],
    round: u32,
    start: &Position,
    entries: &[Entry],
    engine_of: &dyn Fn(Seat) -> usize,
    team: Option<siguo::Team>,
    termination: Termination,
    detail: &str,
) -> String {
    let players: [&str; 4] = std::array::from_fn(|i| names[engine_of(Seat::ALL[i])].as_str());
    let text = match write_game(start, entries, players) {
        Ok(t) => t,
        // Never: every entry was played on the true game.
        Err((i, e)) => {
            return format!("; the record of round {round} cannot be written: entry {i}: {e}\n");
        }
    };
    let result = match team {
        Some(siguo::Team::RedBlue) => ResultToken::FirstWins,
        Some(siguo::Team::GreenYellow) => ResultToken::SecondWins,
        None if termination == Termination::PlyLimit
            || matches!(termination, Termination::Rules(_)) =>
        {
            ResultToken::Draw
        }
        None => ResultToken::Unknown,
    }
    .as_str();
    let mut extra = vec![
        ("Event".to_string(), config.event.clone()),
        ("Round".to_string(), round.to_string()),
        ("TimeControl".to_string(), config.time_control.to_string()),
    ];
    if !matches!(termination, Termination::Rules(_)) {
        extra.push(("Termination".to_string(), termination.as_str().to_string()));
    }
    if !detail.is_empty() {
        extra.push((
            "TerminationDetail".to_string(),
            detail.replace(['\n', '\r'], " "),
        ));
    }
    let mut tags = String::new();
    if junqi_gamefile::write_tags::<std::convert::Infallible>(&mut tags, &extra).is_err() {
        return text;
    }
    // The match's tags go after the players' (`[Yellow …]`), before `Setup`; the arbiter's
    // result replaces the `Result` tag and the result token.
    let mut out = String::with_capacity(text.len() + tags.len());
    let mut lines = text.lines().peekable();
    let mut tags_put = false;
    while let Some(line) = lines.next() {
        if line.starts_with("[Result ") {
            out.push_str(&format!("[Result \"{result}\"]\n"));
            continue;
        }
        if line.starts_with("[Termination ") && !matches!(termination, Termination::Rules(_)) {
            continue;
        }
        if lines.peek().is_none() {
            out.push_str(result);
            out.push('\n');
            break;
        }
        out.push_str(line);
        out.push('\n');
        if !tags_put && line.starts_with("[Yellow ") {
            out.push_str(tags.trim_end_matches('\n'));
            out.push('\n');
            tags_put = true;
        }
    }
    out
}

/// Play a team match of `game` between the two engines of `config` (engine 1's results
/// counted), as [`crate::run_match`] plays a two-seat one: `on_game` after each game with
/// its report and the running tally, may stop the match; an SPRT stops it once decided; a
/// crash or a failed start stops it unless [`MatchConfig::recover`]. `config`'s openings,
/// random plies, hidden play, adjudication, tables and 陸戰棋 mode are not used.
///
/// # Errors
///
/// [`MatchError::EngineStart`] if an engine does not complete the handshake before the
/// match, [`MatchError::Empty`] for a configuration with nothing to play,
/// [`MatchError::NotAnOpening`] when the rules cannot be played in the mode (L-63: the dark
/// modes need `flag_capture` `any`).
pub fn run_team_match(
    config: &MatchConfig,
    game: &TeamGame,
    on_game: impl FnMut(&GameReport, &Tally) -> ControlFlow<String>,
) -> Result<MatchSummary, MatchError> {
    if config.games == 0 {
        return Err(MatchError::Empty("0 games"));
    }
    if config.concurrency == 0 {
        return Err(MatchError::Empty("concurrency 0"));
    }
    let rules = game.rules_played();
    if let Err(e) = Game::new(start_position(config.seed, 0, rules)) {
        return Err(MatchError::NotAnOpening {
            index: 1,
            detail: e,
        });
    }
    let names = probe(config)?;
    let mut counter = Counter::default();
    let play = |round: u32| {
        let first = ((round - 1) % 2) as usize;
        let start_number = team_start_of(config, game, round);
        let start = start_position(config.seed, start_number, rules);
        Some(play_game(
            config,
            game,
            &names,
            round,
            start_number,
            start,
            first,
        ))
    };
    schedule::counted_rounds(config, &mut counter, play, on_game);
    Ok(counter.summary(names))
}

/// The start of round `round`: the pair's in 全明 and with paired layouts, else the game's own
/// ([`MatchConfig::layouts`]; a rotation of the teams is two games).
fn team_start_of(config: &MatchConfig, game: &TeamGame, round: u32) -> u32 {
    let layouts = if game.mode == SiguoMode::Open {
        crate::Layouts::Paired
    } else {
        config.layouts
    };
    layouts.start_of(round, 2)
}
