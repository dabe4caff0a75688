//! The text protocol (`docs/protocol.md`): UCI's grammar with the game's ASCII moves (R-30)
//! and position strings (R-31). Parsing and formatting only, no I/O: the protocol server
//! ([`crate::server`]) and the arbiter use it, and so can a Web Worker.

use gjjq_core::{Position, Ruleset, Setup, Side, hidden::InfoState};
use gjjq_notation::AsciiMove;
use thiserror::Error;

use crate::hidden::HiddenResult;
use crate::search::{Score, SearchResult};

/// One command from the controller (a GUI or an arbiter) to the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify yourself and list your options, then `uciok`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok` when ready (also while searching).
    IsReady,
    /// `setoption name <name> [value <value>]`. Names are matched without regard to case.
    SetOption {
        /// The option's name (may hold spaces).
        name: String,
        /// Its value, if given (may hold spaces).
        value: Option<String>,
    },
    /// `ucinewgame`: the next position belongs to a new game.
    NewGame,
    /// `position startpos | fen <position string> [moves <ascii> …]`.
    Position(PositionCommand),
    /// `position hidden <information state>` (暗式, R-41): the engine's own side's information
    /// state in its canonical string form, parsed under [`Ruleset::STANDARD`]; the server
    /// puts its `Rules` option into it ([`InfoState::with_rules`]).
    HiddenPosition(InfoState),
    /// `go …`: search the current position.
    Go(GoParams),
    /// `stop`: end the search at once and answer `bestmove`.
    Stop,
    /// `ponderhit` (accepted, treated as nothing: the baseline engine does not ponder).
    PonderHit,
    /// `quit`.
    Quit,
}

/// The arguments of `position`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionCommand {
    /// The position string after `fen`, or `None` for `startpos` (R-27).
    pub fen: Option<String>,
    /// The moves after `moves`, in the ASCII form, as written.
    pub moves: Vec<String>,
}

/// The arguments of `go`. Times are in milliseconds; `w` is Red and `b` Green.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GoParams {
    /// Red's remaining time.
    pub wtime: Option<u64>,
    /// Green's remaining time.
    pub btime: Option<u64>,
    /// Red's increment per move.
    pub winc: Option<u64>,
    /// Green's increment per move.
    pub binc: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Search exactly this long.
    pub movetime: Option<u64>,
    /// Search this many plies.
    pub depth: Option<u32>,
    /// Search about this many nodes.
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
}

impl GoParams {
    /// The clock of `side`: (remaining time, increment), if `go` gave it.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::Side;
    /// use gjjq_engine::protocol::{Command, parse_command};
    /// let Ok(Some(Command::Go(go))) = parse_command("go wtime 1000 btime 2000 binc 50") else { panic!() };
    /// assert_eq!(go.clock(Side::Red), Some((1000, 0)));
    /// assert_eq!(go.clock(Side::Green), Some((2000, 50)));
    /// ```
    #[must_use]
    pub fn clock(&self, side: Side) -> Option<(u64, u64)> {
        let (time, inc) = match side {
            Side::Red => (self.wtime, self.winc),
            Side::Green => (self.btime, self.binc),
        };
        time.map(|t| (t, inc.unwrap_or(0)))
    }
}

/// A command that is recognised but malformed. The server reports it as `info string <error>`
/// and otherwise ignores the line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProtocolError {
    /// A `go` or `setoption` parameter is missing its value or has one that is not a number.
    #[error("{command}: '{name}' needs a number, found '{found}'")]
    BadNumber {
        /// The command.
        command: &'static str,
        /// The parameter.
        name: String,
        /// What stood where the number should be (empty at the end of the line).
        found: String,
    },
    /// `position` without `startpos`, `fen` or `hidden`.
    #[error(
        "position: expected 'startpos', 'fen <position string>' or 'hidden <information state>', found '{found}'"
    )]
    PositionStart {
        /// What followed `position`.
        found: String,
    },
    /// `setoption` without `name`.
    #[error("setoption: expected 'name <name> [value <value>]'")]
    SetOption,
    /// `debug` without `on` or `off`.
    #[error("debug: expected 'on' or 'off', found '{found}'")]
    Debug {
        /// What followed `debug`.
        found: String,
    },
    /// The position string after `fen` is malformed or not a valid position (R-26, R-31).
    #[error("position: invalid position string '{fen}': {detail}")]
    Fen {
        /// The string.
        fen: String,
        /// Why.
        detail: String,
    },
    /// The information state after `position hidden` is malformed (`docs/hidden.md`).
    #[error("position: invalid information state '{state}': {detail}")]
    HiddenState {
        /// The state as given (its first 200 characters).
        state: String,
        /// Why.
        detail: String,
    },
    /// A move after `moves` is malformed or not legal where it stands.
    #[error("position: move {index} '{text}' {detail}")]
    Move {
        /// Its number in the list, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// Why it was refused.
        detail: String,
    },
}

const COMMANDS: [&str; 11] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "register",
];

/// Parse one line. `Ok(None)` for an empty line or one without any known command (ignored, as
/// UCI asks); unknown words before a known command are skipped (`joho debug on` is `debug
/// on`), unknown parameters of `go` are skipped.
///
/// # Errors
///
/// A [`ProtocolError`] for a known command with malformed arguments.
///
/// # Examples
///
/// ```
/// use gjjq_engine::protocol::{Command, parse_command};
/// assert_eq!(parse_command("isready"), Ok(Some(Command::IsReady)));
/// assert_eq!(parse_command("xyzzy 42"), Ok(None));
/// let Ok(Some(Command::Position(p))) =
///     parse_command("position fen 4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 1 moves 5D5C")
/// else { panic!() };
/// assert_eq!(p.fen.as_deref(), Some("4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 1"));
/// assert_eq!(p.moves, ["5D5C"]);
/// assert!(parse_command("go depth x").is_err());
/// ```
pub fn parse_command(line: &str) -> Result<Option<Command>, ProtocolError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some(start) = tokens.iter().position(|t| COMMANDS.contains(t)) else {
        return Ok(None);
    };
    let args = &tokens[start + 1..];
    Ok(Some(match tokens[start] {
        "uci" => Command::Uci,
        "debug" => match args.first() {
            Some(&"on") => Command::Debug(true),
            Some(&"off") => Command::Debug(false),
            other => {
                return Err(ProtocolError::Debug {
                    found: other.unwrap_or(&"").to_string(),
                });
            }
        },
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(args)?,
        "ucinewgame" => Command::NewGame,
        "position" if args.first() == Some(&"hidden") => {
            Command::HiddenPosition(parse_hidden(&args[1..])?)
        }
        "position" => Command::Position(parse_position(args)?),
        "go" => Command::Go(parse_go(args)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        _ => return Ok(None), // `register`: nothing to register.
    }))
}

fn parse_setoption(args: &[&str]) -> Result<Command, ProtocolError> {
    if args.first() != Some(&"name") {
        return Err(ProtocolError::SetOption);
    }
    let rest = &args[1..];
    let (name, value) = match rest.iter().position(|&t| t == "value") {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(ProtocolError::SetOption);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(args: &[&str]) -> Result<PositionCommand, ProtocolError> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let head = &args[..moves_at.unwrap_or(args.len())];
    let moves = moves_at.map_or_else(Vec::new, |i| {
        args[i + 1..].iter().map(|s| (*s).to_string()).collect()
    });
    let fen = match head.first() {
        Some(&"startpos") => None,
        // A position string holds spaces: its fields run up to `moves` or the end of line.
        Some(&"fen") => Some(head[1..].join(" ")),
        other => {
            return Err(ProtocolError::PositionStart {
                found: other.unwrap_or(&"").to_string(),
            });
        }
    };
    Ok(PositionCommand { fen, moves })
}

/// The information state after `position hidden`: all the remaining fields (R-41's string
/// holds spaces and never the word `moves`).
fn parse_hidden(args: &[&str]) -> Result<InfoState, ProtocolError> {
    let text = args.join(" ");
    text.parse::<InfoState>()
        .map_err(|e| ProtocolError::HiddenState {
            state: text.chars().take(200).collect(),
            detail: e.to_string(),
        })
}

fn parse_go(args: &[&str]) -> Result<GoParams, ProtocolError> {
    let mut go = GoParams::default();
    let mut i = 0;
    while i < args.len() {
        let name = args[i];
        let number = |i: usize| -> Result<u64, ProtocolError> {
            let found = args.get(i + 1).copied().unwrap_or("");
            // A negative clock (a flagged arbiter) counts as no time left.
            if let Ok(v) = found.parse::<i64>() {
                return Ok(v.max(0) as u64);
            }
            // Past i64 but within u64 (e.g. 18446744073709551615): a very long time.
            if let Ok(v) = found.parse::<u64>() {
                return Ok(v);
            }
            Err(ProtocolError::BadNumber {
                command: "go",
                name: name.to_string(),
                found: found.to_string(),
            })
        };
        match name {
            "wtime" => go.wtime = Some(number(i)?),
            "btime" => go.btime = Some(number(i)?),
            "winc" => go.winc = Some(number(i)?),
            "binc" => go.binc = Some(number(i)?),
            "movestogo" => go.movestogo = Some(number(i)?.min(u64::from(u32::MAX)) as u32),
            "movetime" => go.movetime = Some(number(i)?),
            "depth" => go.depth = Some(number(i)?.min(u64::from(u32::MAX)) as u32),
            "nodes" => go.nodes = Some(number(i)?),
            "infinite" => {
                go.infinite = true;
                i += 1;
                continue;
            }
            // `ponder`, `mate`, `searchmoves …` and anything unknown: skipped.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    Ok(go)
}

/// The position a `position` command names under `rules`, with the Zobrist keys of the
/// positions before it (for R-24), oldest first.
///
/// # Errors
///
/// [`ProtocolError::Fen`] for a bad position string, [`ProtocolError::Move`] for the first
/// move that is malformed or illegal where it stands (a pending return's return, forfeit or
/// move after removal is an ordinary ASCII move, R-19).
///
/// # Examples
///
/// ```
/// use gjjq_core::Ruleset;
/// use gjjq_engine::protocol::{PositionCommand, resolve_position};
/// let cmd = PositionCommand { fen: None, moves: vec!["3E7d".into(), "4b4a".into()] };
/// let (pos, keys) = resolve_position(&cmd, Ruleset::STANDARD)?;
/// assert_eq!(keys.len(), 2);
/// // Red's missile struck from 3E and owes the return (R-19): its only move now.
/// assert_eq!(pos.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["7d3E"]);
/// # Ok::<(), gjjq_engine::protocol::ProtocolError>(())
/// ```
pub fn resolve_position(
    cmd: &PositionCommand,
    rules: Ruleset,
) -> Result<(Position, Vec<u64>), ProtocolError> {
    let setup = match &cmd.fen {
        None => Setup::default_opening(),
        Some(fen) => fen.parse::<Setup>().map_err(|e| ProtocolError::Fen {
            fen: fen.clone(),
            detail: e.to_string(),
        })?,
    };
    let mut pos = Position::from_setup_with(setup, rules).map_err(|e| ProtocolError::Fen {
        fen: cmd.fen.clone().unwrap_or_default(),
        detail: e.to_string(),
    })?;
    let mut keys = Vec::with_capacity(cmd.moves.len());
    // R-24: how often each position has occurred, so that a move after a third repetition
    // (the game is drawn) is refused as `gjjq replay` refuses it.
    let mut seen: std::collections::HashMap<u64, u32> =
        std::collections::HashMap::from([(pos.zobrist_hash(), 1)]);
    for (i, text) in cmd.moves.iter().enumerate() {
        let err = |detail: String| ProtocolError::Move {
            index: i + 1,
            text: text.clone(),
            detail,
        };
        let ascii: AsciiMove = text
            .parse()
            .map_err(|e| err(format!("is malformed: {e}")))?;
        if seen.get(&pos.zobrist_hash()).copied().unwrap_or(0) >= 3 {
            return Err(err(
                "comes after the end of the game: the position occurred a third time, a draw (R-24)"
                    .to_string(),
            ));
        }
        let m = ascii
            .to_move(&pos)
            .map_err(|e| err(format!("is not legal in {pos}: {e}")))?;
        keys.push(pos.zobrist_hash());
        pos.play_unchecked(m);
        *seen.entry(pos.zobrist_hash()).or_insert(0) += 1;
    }
    Ok((pos, keys))
}

/// The `info` lines for a completed iteration: one line, `info depth 5 seldepth 9 score cp 120
/// nodes 4000 nps 200000 hashfull 3 time 20 pv 5B5A 5b5a`; with `MultiPV` above 1 one line per
/// principal variation, best first, each with `multipv K` after `seldepth`.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::{Engine, EngineConfig, Limits, protocol::info_lines};
/// let mut engine = Engine::new(EngineConfig { hash_mb: 1, multi_pv: 2, ..EngineConfig::default() });
/// let r = engine.search(&Position::default(), &[], Limits::depth(1));
/// let lines = info_lines(&r, 10);
/// assert_eq!(lines.len(), 2);
/// assert!(lines[0].starts_with("info depth 1 seldepth "), "{}", lines[0]);
/// assert!(lines[1].contains(" multipv 2 score "), "{}", lines[1]);
/// ```
#[must_use]
pub fn info_lines(r: &SearchResult, elapsed_ms: u64) -> Vec<String> {
    if r.lines.len() <= 1 {
        return vec![info_line(r, elapsed_ms)];
    }
    r.lines
        .iter()
        .enumerate()
        .map(|(k, l)| format_info(r, Some(k + 1), l.score, &l.pv, elapsed_ms))
        .collect()
}

/// The `info` line of a completed iteration's best line: `info depth 5 seldepth 9 score cp 120
/// nodes 4000 nps 200000 hashfull 3 time 20 pv 5B5A 5b5a`.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::{Engine, EngineConfig, Limits, protocol::info_line};
/// let r = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() }).search(&Position::default(), &[], Limits::depth(1));
/// let line = info_line(&r, 10);
/// assert!(line.starts_with("info depth 1 seldepth "), "{line}");
/// assert!(line.contains(" score cp ") && line.contains(" hashfull "));
/// assert!(line.contains(" pv "));
/// ```
#[must_use]
pub fn info_line(r: &SearchResult, elapsed_ms: u64) -> String {
    format_info(r, None, r.score, &r.pv, elapsed_ms)
}

fn format_info(
    r: &SearchResult,
    multipv: Option<usize>,
    score: crate::Score,
    pv: &[gjjq_core::Move],
    elapsed_ms: u64,
) -> String {
    let nps = r.nodes * 1000 / elapsed_ms.max(1);
    let mut line = format!(
        "info depth {} seldepth {}",
        r.depth,
        r.seldepth.max(r.depth)
    );
    if let Some(k) = multipv {
        line.push_str(&format!(" multipv {k}"));
    }
    line.push_str(&format!(
        " score {score} nodes {} nps {nps} hashfull {} time {elapsed_ms}",
        r.nodes, r.hashfull
    ));
    if !pv.is_empty() {
        line.push_str(" pv");
        for m in pv {
            line.push(' ');
            line.push_str(&m.to_string());
        }
    }
    line
}

/// The `bestmove` line; `bestmove 0000` when there is no legal move (the game is over).
///
/// # Examples
///
/// ```
/// use gjjq_engine::{Score, SearchResult, protocol::bestmove_line};
/// let none = SearchResult {
///     best_move: None, score: Score::Loss(0), depth: 0, seldepth: 0, nodes: 1, pv: vec![],
///     lines: vec![], hashfull: 0,
/// };
/// assert_eq!(bestmove_line(&none), "bestmove 0000");
/// ```
#[must_use]
pub fn bestmove_line(r: &SearchResult) -> String {
    match r.best_move {
        Some(m) => format!("bestmove {m}"),
        None => "bestmove 0000".to_string(),
    }
}

/// The `position hidden` line that tells an engine its information state (暗式, R-41): the
/// state's canonical string, as [`InfoState`]'s `Display` writes it. The ruleset travels
/// separately, in `setoption name Rules`.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
/// use gjjq_engine::protocol::{Command, hidden_position_line, parse_command};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.propose(Side::Red, "5B5A".parse()?)?;
/// let line = hidden_position_line(game.info_state(Side::Green));
/// assert_eq!(line,
///     "position hidden g r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx 5B5A");
/// assert_eq!(parse_command(&line)?, Some(Command::HiddenPosition(game.info_state(Side::Green).clone())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn hidden_position_line(state: &InfoState) -> String {
    format!("position hidden {state}")
}

/// The `info string` line after a hidden-play search: how many consistent worlds were
/// searched and how many of them chose the proposal (`worlds 0` when none could be drawn and
/// the proposal is a fallback candidate).
///
/// # Examples
///
/// ```
/// use gjjq_engine::{HiddenResult, Score, protocol::worlds_line};
/// let r = HiddenResult { best_move: None, score: Score::Cp(0), worlds: 8, votes: 5, depth: 3, nodes: 900 };
/// assert_eq!(worlds_line(&r), "info string worlds 8 votes 5");
/// ```
#[must_use]
pub fn worlds_line(r: &HiddenResult) -> String {
    format!("info string worlds {} votes {}", r.worlds, r.votes)
}

/// Parse an engine's `info … score …` fields back (for the arbiter and GUIs).
///
/// # Examples
///
/// ```
/// use gjjq_engine::{Score, protocol::parse_score};
/// assert_eq!(parse_score("info depth 3 score win 3 nodes 10"), Some(Score::Win(3)));
/// assert_eq!(parse_score("info depth 3 score cp -40"), Some(Score::Cp(-40)));
/// assert_eq!(parse_score("info string hello"), None);
/// ```
#[must_use]
pub fn parse_score(line: &str) -> Option<Score> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let i = t.iter().position(|&w| w == "score")?;
    let v = t.get(i + 2)?;
    match *t.get(i + 1)? {
        "cp" => v.parse().ok().map(Score::Cp),
        "win" => v.parse().ok().map(Score::Win),
        "loss" => v.parse().ok().map(Score::Loss),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters() {
        let Ok(Some(Command::Go(g))) = parse_command(
            "go wtime 100 btime 200 winc 1 binc 2 movestogo 5 movetime 7 depth 3 nodes 9 infinite",
        ) else {
            panic!()
        };
        assert_eq!(
            g,
            GoParams {
                wtime: Some(100),
                btime: Some(200),
                winc: Some(1),
                binc: Some(2),
                movestogo: Some(5),
                movetime: Some(7),
                depth: Some(3),
                nodes: Some(9),
                infinite: true,
            }
        );
        // Unknown parameters skipped; negative clocks are 0.
        let Ok(Some(Command::Go(g))) = parse_command("go ponder wtime -5 searchmoves") else {
            panic!()
        };
        assert_eq!(g.wtime, Some(0));
        assert!(matches!(
            parse_command("go movetime"),
            Err(ProtocolError::BadNumber { found, .. }) if found.is_empty()
        ));
    }

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(
            parse_command("setoption name Clear Hash"),
            Ok(Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }))
        );
        assert_eq!(
            parse_command("setoption name Seed value 42"),
            Ok(Some(Command::SetOption {
                name: "Seed".into(),
                value: Some("42".into())
            }))
        );
        assert_eq!(
            parse_command("setoption value 3"),
            Err(ProtocolError::SetOption)
        );
    }

    #[test]
    fn hidden_positions_parse_or_are_refused() {
        use gjjq_core::{
            deploy::Opening,
            hidden::{Event, HiddenGame},
        };
        let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD).unwrap();
        game.propose(Side::Red, "5B4A".parse().unwrap()).unwrap(); // refused
        game.propose(Side::Red, "3E7d".parse().unwrap()).unwrap(); // captures
        let red = game.info_state(Side::Red).clone();
        assert_eq!(red.events().len(), 2);
        assert!(matches!(red.events()[0], Event::Refused(_)));
        // Whitespace between fields is free; the state is everything after `hidden`.
        let text = red.to_string().replace(' ', "  \t ");
        assert_eq!(
            parse_command(&format!("joho position   hidden {text}")),
            Ok(Some(Command::HiddenPosition(red.clone())))
        );
        // The refusal appended, as a controller re-sends it after `?5B4A`.
        let again = format!("position hidden {red} ?7d7c");
        let Ok(Some(Command::HiddenPosition(s))) = parse_command(&again) else {
            panic!()
        };
        assert_eq!(s.events().len(), 3);
        assert_eq!(s.events()[2], Event::Refused("7d7c".parse().unwrap()));
        for bad in [
            "position hidden",
            "position hidden r r",
            "position hidden x r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx",
            "position hidden r r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx 5B5Q",
        ] {
            assert!(
                matches!(parse_command(bad), Err(ProtocolError::HiddenState { .. })),
                "{bad}: {:?}",
                parse_command(bad)
            );
        }
        // `position hidden …` never reads as an open position.
        assert!(matches!(
            parse_command("position startpos moves 5B5A"),
            Ok(Some(Command::Position(_)))
        ));
    }

    #[test]
    fn unknown_words_are_skipped() {
        assert_eq!(parse_command(""), Ok(None));
        assert_eq!(parse_command("hello world"), Ok(None));
        assert_eq!(
            parse_command("joho debug on"),
            Ok(Some(Command::Debug(true)))
        );
        assert_eq!(parse_command("  quit  "), Ok(Some(Command::Quit)));
    }

    #[test]
    fn positions_resolve_or_name_the_bad_move() {
        let cmd = |s: &str| match parse_command(s) {
            Ok(Some(Command::Position(p))) => p,
            other => panic!("{other:?}"),
        };
        let (pos, keys) =
            resolve_position(&cmd("position startpos moves 5B5A 5b5a"), Ruleset::STANDARD).unwrap();
        assert_eq!(
            keys,
            [Position::default().zobrist_hash(), {
                let mut p = Position::default();
                p.play_unchecked(
                    p.legal_moves()
                        .into_iter()
                        .find(|m| m.to_string() == "5B5A")
                        .unwrap(),
                );
                p.zobrist_hash()
            }]
        );
        assert_eq!(pos.turn(), Side::Red);
        let err = resolve_position(&cmd("position startpos moves 5B5A 5B4B"), Ruleset::STANDARD)
            .unwrap_err();
        assert!(matches!(err, ProtocolError::Move { index: 2, .. }), "{err}");
        let err =
            resolve_position(&cmd("position startpos moves 5Bxx"), Ruleset::STANDARD).unwrap_err();
        assert!(err.to_string().contains("malformed"), "{err}");
        let err = resolve_position(&cmd("position fen 9/9 r -"), Ruleset::STANDARD).unwrap_err();
        assert!(matches!(err, ProtocolError::Fen { .. }), "{err}");
        assert!(matches!(
            parse_command("position 5B5A"),
            Err(ProtocolError::PositionStart { .. })
        ));
    }
}
