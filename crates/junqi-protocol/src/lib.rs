//! # junqi-protocol
//!
//! The line protocol between a controller (a GUI, an arbiter such as `gjjq match`) and a 军棋
//! engine: UCI's grammar, as `docs/protocol.md` describes it for 国际军棋. Parsing and
//! formatting, the engine side's reading loop ([`server`]) and the controller side's engine
//! process ([`process`]); no game: a position string, an information state and a move are text, which the game's own crate reads and writes
//! (`gjjq-engine` for 国际军棋; 陸戰棋's engine speaks the same lines). Every parser answers a typed [`ProtocolError`] that names
//! the command or message, the field, and what stood there.
//!
//! | module | owns |
//! |---|---|
//! | [`command`] | controller → engine: [`Command`], [`PositionCommand`], [`GoParams`], [`Seat`], [`parse_command`] |
//! | [`reply`] | engine → controller: [`Reply`], [`Id`], [`OptionLine`], [`OptionKind`], [`Info`], [`BestMove`] |
//! | [`score`] | [`Score`]: `cp N`, `win N`, `loss N` (plies) |
//! | [`error`] | [`ProtocolError`] |
//! | [`game_command`] | [`GameCommand`]: the commands a game's session carries out itself |
//! | [`refused`] | [`PositionRefused`]: an information state or move of `position` the game refuses |
//! | [`hash`] | the `Hash` option's table allocated fallibly, with one fallback for every engine ([`hash::allocate`]) |
//! | [`time`] | how long to think from `go`'s clock or `movetime` ([`time::budget`]), for any game |
//! | [`line`](mod@line) | lines read within a bound ([`line::read_line_bounded`]), outside text escaped onto one line ([`line::escape_for_line`]) |
//! | [`process`] | the controller's side: an engine process spoken to line by line with a deadline on every wait, ended with everything it started ([`process::LineProcess`]) |
//! | [`server`] | the engine's side of a session for any game: [`server::serve`] over a game's [`server::Session`], [`server::Output`] |
//! | [`session`] | what every game's engine session does alike around its agents: the search thread, its stop and watchdog ([`session::Searcher`]), option values ([`session::OptionValue`]), the answer's lines ([`session::Found`]), a game's [`session::GameSession`] |
//!
//! ```
//! use junqi_protocol::{Command, GoParams, Info, Reply, Score, parse_command};
//!
//! // The controller's side: write a command, the engine reads it back.
//! let go = Command::Go(GoParams { movetime: Some(500), ..GoParams::default() });
//! assert_eq!(parse_command(&go.to_string())?, Some(go));
//!
//! // The engine's side: an `info` line, read by the controller.
//! let info = Info { depth: Some(4), score: Some(Score::Win(3)), pv: vec!["5B5A".into()], ..Info::default() };
//! assert_eq!(info.to_string(), "info depth 4 score win 3 pv 5B5A");
//! assert_eq!(info.to_string().parse::<Reply>()?, Reply::Info(info));
//! # Ok::<(), junqi_protocol::ProtocolError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod command;
pub mod error;
pub mod game_command;
pub mod hash;
pub mod line;
pub mod process;
pub mod refused;
pub mod reply;
pub mod score;
pub mod server;
pub mod session;
pub mod time;

pub use command::{Command, GoParams, PositionCommand, Seat, parse_command};
pub use error::ProtocolError;
pub use game_command::GameCommand;
pub use refused::PositionRefused;
pub use reply::{BestMove, Id, Info, OptionKind, OptionLine, Reply};
pub use score::Score;
