//! The controller's commands: `uci`, `isready`, `setoption`, `ucinewgame`, `position`, `go`,
//! `stop`, `quit` and the rest, parsed ([`parse_command`]) and written (`Display`).

use std::fmt;

use crate::error::ProtocolError;

/// Defines an enum of the commands a game's session carries out (`uci`, `setoption`,
/// `ucinewgame`, `position`, `position hidden`, `go`), followed by the variants given: the one
/// list of them for [`Command`] and [`GameCommand`](crate::GameCommand).
macro_rules! with_game_commands {
    ($(#[$meta:meta])* pub enum $name:ident { $($rest:tt)* }) => {
        $(#[$meta])*
        pub enum $name {
            /// `uci`: identify yourself and list your options, then `uciok`.
            Uci,
            /// `setoption name <name> [value <value>]`. Names are matched without regard to
            /// case.
            SetOption {
                /// The option's name (may hold spaces).
                name: String,
                /// Its value, if given (may hold spaces).
                value: Option<String>,
            },
            /// `ucinewgame`: the next position belongs to a new game.
            NewGame,
            /// `position startpos | fen <position string> [moves <move> …]`.
            Position(PositionCommand),
            /// `position hidden <information state>`: hidden play (国际军棋's 暗式, R-41), the
            /// engine's own side's information state as the game writes it (every field after
            /// `hidden`, joined by single spaces). The game's crate reads the text.
            HiddenPosition(String),
            /// `go …`: search the current position.
            Go(GoParams),
            $($rest)*
        }
    };
}
pub(crate) use with_game_commands;

with_game_commands! {
    /// One command from the controller (a GUI or an arbiter) to the engine.
    ///
    /// `Display` writes the command as a controller sends it; [`parse_command`] reads it back.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_protocol::{Command, GoParams, PositionCommand, parse_command};
    /// let go = Command::Go(GoParams { depth: Some(3), wtime: Some(900), ..GoParams::default() });
    /// assert_eq!(go.to_string(), "go depth 3 wtime 900");
    /// let position = Command::Position(PositionCommand { fen: None, moves: vec!["5B5A".into()] });
    /// assert_eq!(position.to_string(), "position startpos moves 5B5A");
    /// assert_eq!(parse_command(&position.to_string()), Ok(Some(position)));
    /// ```
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Command {
        /// `debug on|off`.
        Debug(bool),
        /// `isready`: answer `readyok` when ready (also while searching).
        IsReady,
        /// `stop`: end the search at once and answer `bestmove`.
        Stop,
        /// `ponderhit`.
        PonderHit,
        /// `quit`.
        Quit,
        /// `deploy [<side>]`: ask the engine for a deployment of its deployment policy
        /// (陸戰棋's `luzhanqi engine`), answered `deployment <deployment string>`
        /// ([`Reply::Deployment`](crate::Reply::Deployment)) or, by an engine that has none to
        /// give or refuses the side, `info string <why>` ([`Session::deploy`](crate::server::Session::deploy)).
        /// The side's name as written (the game reads it), `None` when none is given.
        Deploy(Option<String>),
    }
}

/// The arguments of `position`: a start and moves, as text the game reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionCommand {
    /// The position string after `fen` (its fields joined by single spaces), or `None` for
    /// `startpos`.
    pub fen: Option<String>,
    /// The moves after `moves`, as written.
    pub moves: Vec<String>,
}

/// Which clock of `go` a side reads: UCI's `w…` fields (`wtime`, `winc`) or its `b…` fields.
/// In 国际军棋 White is Red and Black is Green, whoever moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    /// `wtime` and `winc`.
    White,
    /// `btime` and `binc`.
    Black,
}

/// The arguments of `go`. Times are in milliseconds.
///
/// `Display` writes the fields given in a fixed order: `depth`, `nodes`, `wtime`, `rtime`,
/// `gtime`, `btime`, `ytime`, `winc`, `rinc`, `ginc`, `binc`, `yinc`, `movestogo`,
/// `movetime`, `infinite` (a two-seat game's `go` is written as before: the four-seat fields
/// are written only when given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GoParams {
    /// White's remaining time.
    pub wtime: Option<u64>,
    /// Black's remaining time.
    pub btime: Option<u64>,
    /// White's increment per move.
    pub winc: Option<u64>,
    /// Black's increment per move.
    pub binc: Option<u64>,
    /// A four-seat game's (四國軍棋) seat clocks: Red's, Green's and Yellow's remaining time
    /// (`rtime`, `gtime`, `ytime`); Blue's is `btime` ([`GoParams::seat_clock`]).
    pub rtime: Option<u64>,
    /// Green's remaining time (`gtime`), in a four-seat game.
    pub gtime: Option<u64>,
    /// Yellow's remaining time (`ytime`), in a four-seat game.
    pub ytime: Option<u64>,
    /// Red's increment per move (`rinc`), in a four-seat game.
    pub rinc: Option<u64>,
    /// Green's increment per move (`ginc`), in a four-seat game.
    pub ginc: Option<u64>,
    /// Yellow's increment per move (`yinc`), in a four-seat game.
    pub yinc: Option<u64>,
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
    /// The clock of `seat`: (remaining time, increment), if `go` gave it.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_protocol::{Command, Seat, parse_command};
    /// let Ok(Some(Command::Go(go))) = parse_command("go wtime 1000 btime 2000 binc 50") else { panic!() };
    /// assert_eq!(go.clock(Seat::White), Some((1000, 0)));
    /// assert_eq!(go.clock(Seat::Black), Some((2000, 50)));
    /// ```
    #[must_use]
    pub fn clock(&self, seat: Seat) -> Option<(u64, u64)> {
        let (time, inc) = match seat {
            Seat::White => (self.wtime, self.winc),
            Seat::Black => (self.btime, self.binc),
        };
        time.map(|t| (t, inc.unwrap_or(0)))
    }

    /// The clock of a four-seat game's seat by its letter (四國軍棋's `r`, `g`, `b`, `y`):
    /// (remaining time, increment), if `go` gave it. Red reads `rtime`/`rinc`, Green
    /// `gtime`/`ginc`, Blue `btime`/`binc` (UCI's Black field, shared), Yellow `ytime`/`yinc`;
    /// any other letter has no clock.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_protocol::{Command, parse_command};
    /// let Ok(Some(Command::Go(go))) =
    ///     parse_command("go rtime 1000 gtime 900 btime 800 ytime 700 ginc 5 yinc 7") else { panic!() };
    /// assert_eq!(go.seat_clock('r'), Some((1000, 0)));
    /// assert_eq!(go.seat_clock('g'), Some((900, 5)));
    /// assert_eq!(go.seat_clock('b'), Some((800, 0)));
    /// assert_eq!(go.seat_clock('y'), Some((700, 7)));
    /// assert_eq!(go.seat_clock('w'), None);
    /// assert_eq!(go.to_string(), "go rtime 1000 gtime 900 btime 800 ytime 700 ginc 5 yinc 7");
    /// ```
    #[must_use]
    pub fn seat_clock(&self, letter: char) -> Option<(u64, u64)> {
        let (time, inc) = match letter {
            'r' => (self.rtime, self.rinc),
            'g' => (self.gtime, self.ginc),
            'b' => (self.btime, self.binc),
            'y' => (self.ytime, self.yinc),
            _ => return None,
        };
        time.map(|t| (t, inc.unwrap_or(0)))
    }

    /// The nodes an agent may search: `nodes`, or no limit at all (`u64::MAX`) for `go
    /// infinite`, which only `stop` ends.
    ///
    /// ```
    /// use junqi_protocol::GoParams;
    /// assert_eq!(GoParams { nodes: Some(9), ..GoParams::default() }.node_limit(), Some(9));
    /// assert_eq!(GoParams { infinite: true, ..GoParams::default() }.node_limit(), Some(u64::MAX));
    /// assert_eq!(GoParams::default().node_limit(), None);
    /// ```
    #[must_use]
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes.or(self.infinite.then_some(u64::MAX))
    }
}

const COMMANDS: [&str; 12] = [
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
    "deploy",
];

/// Parse one line. `Ok(None)` for an empty line or one without any known command (ignored, as
/// UCI asks); unknown words before a known command are skipped (`joho debug on` is `debug
/// on`), unknown parameters of `go` are skipped.
///
/// # Errors
///
/// A [`ProtocolError`] for a known command with malformed arguments: which command, which
/// parameter, what stood there.
///
/// # Examples
///
/// ```
/// use junqi_protocol::{Command, parse_command};
/// assert_eq!(parse_command("isready"), Ok(Some(Command::IsReady)));
/// assert_eq!(parse_command("xyzzy 42"), Ok(None));
/// let Ok(Some(Command::Position(p))) =
///     parse_command("position fen 4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 1 moves 5D5C")
/// else { panic!() };
/// assert_eq!(p.fen.as_deref(), Some("4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 1"));
/// assert_eq!(p.moves, ["5D5C"]);
/// assert_eq!(
///     parse_command("go depth x").unwrap_err().to_string(),
///     "go: 'depth' needs a number, found 'x'"
/// );
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
            Command::HiddenPosition(args[1..].join(" "))
        }
        "position" => Command::Position(parse_position(args)?),
        "go" => Command::Go(parse_go(args)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        // The side, if any, as written: words after it are skipped.
        "deploy" => Command::Deploy(args.first().map(|s| (*s).to_string())),
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
            "rtime" => go.rtime = Some(number(i)?),
            "gtime" => go.gtime = Some(number(i)?),
            "ytime" => go.ytime = Some(number(i)?),
            "rinc" => go.rinc = Some(number(i)?),
            "ginc" => go.ginc = Some(number(i)?),
            "yinc" => go.yinc = Some(number(i)?),
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

impl fmt::Display for GoParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("wtime", self.wtime),
            ("rtime", self.rtime),
            ("gtime", self.gtime),
            ("btime", self.btime),
            ("ytime", self.ytime),
            ("winc", self.winc),
            ("rinc", self.rinc),
            ("ginc", self.ginc),
            ("binc", self.binc),
            ("yinc", self.yinc),
            ("movestogo", self.movestogo.map(u64::from)),
            ("movetime", self.movetime),
        ];
        for (name, value) in numbers {
            if let Some(v) = value {
                write!(f, " {name} {v}")?;
            }
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        Ok(())
    }
}

impl fmt::Display for PositionCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.fen {
            None => f.write_str("position startpos")?,
            Some(fen) => write!(f, "position fen {fen}")?,
        }
        if !self.moves.is_empty() {
            write!(f, " moves {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::Debug(on) => f.write_str(if *on { "debug on" } else { "debug off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            Command::NewGame => f.write_str("ucinewgame"),
            Command::Position(p) => p.fmt(f),
            Command::HiddenPosition(state) => write!(f, "position hidden {state}"),
            Command::Go(go) => go.fmt(f),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
            Command::Deploy(None) => f.write_str("deploy"),
            Command::Deploy(Some(side)) => write!(f, "deploy {side}"),
        }
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
                ..GoParams::default()
            }
        );
        assert_eq!(
            g.to_string(),
            "go depth 3 nodes 9 wtime 100 btime 200 winc 1 binc 2 movestogo 5 movetime 7 infinite"
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
    fn a_hidden_position_is_the_rest_of_the_line() {
        // Whitespace between fields is free; the state is everything after `hidden`.
        assert_eq!(
            parse_command("joho position   hidden g r \t 9/9  5B5A"),
            Ok(Some(Command::HiddenPosition("g r 9/9 5B5A".into())))
        );
        // `position hidden …` never reads as an open position, nor the other way round.
        assert!(matches!(
            parse_command("position startpos moves 5B5A"),
            Ok(Some(Command::Position(_)))
        ));
        assert_eq!(
            Command::HiddenPosition("g r 9/9".into()).to_string(),
            "position hidden g r 9/9"
        );
    }

    /// `deploy [<side>]` (issue 51 item 2(b)): read and written back.
    #[test]
    fn deploy_with_and_without_a_side() {
        assert_eq!(parse_command("deploy"), Ok(Some(Command::Deploy(None))));
        assert_eq!(
            parse_command("  deploy   blue extra\r"),
            Ok(Some(Command::Deploy(Some("blue".into()))))
        );
        for c in [Command::Deploy(None), Command::Deploy(Some("red".into()))] {
            assert_eq!(parse_command(&c.to_string()), Ok(Some(c)));
        }
        assert_eq!(
            Command::Deploy(Some("red".into())).to_string(),
            "deploy red"
        );
    }

    #[test]
    fn unknown_words_are_skipped() {
        assert_eq!(parse_command(""), Ok(None));
        assert_eq!(parse_command("hello world"), Ok(None));
        assert_eq!(parse_command("register later"), Ok(None));
        assert_eq!(
            parse_command("joho debug on"),
            Ok(Some(Command::Debug(true)))
        );
        assert_eq!(parse_command("  quit  "), Ok(Some(Command::Quit)));
        assert!(matches!(
            parse_command("position 5B5A"),
            Err(ProtocolError::PositionStart { found }) if found == "5B5A"
        ));
        assert!(matches!(
            parse_command("debug maybe"),
            Err(ProtocolError::Debug { found }) if found == "maybe"
        ));
    }
}
