//! # luzhanqi
//!
//! The rules of 陸戰棋 (陆战棋, Luzhanqi, the two-player Junqi, Chinese army chess): the
//! 60-point board of roads and railways (L-1 … L-4), the 25 pieces a side (L-5), move
//! generation (L-6 … L-10), combat by rank (L-11, L-12), adjudication (L-13 … L-16),
//! deployments (L-17 … L-19), position strings and records (L-20, L-21), perft and an SVG
//! picture. Every rule cites its id in the project's brief, restated in `docs/luzhanqi.md`.
//!
//! ```
//! use luzhanqi::{perft, Position, Script};
//!
//! let pos = Position::default(); // the library's default start (two classic deployments)
//! assert_eq!(pos.legal_moves().len() as u64, perft(&pos, 1));
//! let m = pos.find_move("排c5-b5")?; // a platoon commander steps into a camp
//! assert_eq!(pos.record(m, Script::Traditional).as_deref(), Some("排c5-b5"));
//! # Ok::<(), luzhanqi::RecordError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bitboard;
pub mod board;
mod combat;
pub mod dark;
pub mod deploy;
pub mod flip;
pub mod game_file;
mod model;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod piece;
mod position;
mod ruleset;
mod setup;
mod square;
mod svg;
mod text;
mod zobrist;

/// The [`rand`](https://docs.rs/rand/0.9) crate, version 0.9, whose `Rng` the random
/// deployment takes.
pub use rand;

pub use bitboard::{Bitboard, BitboardIter};
pub use combat::{AttackOutcome, Combat};
pub use moves::{Move, MoveList, MoveParseError};
pub use outcome::{DrawReason, Game, GameError, Outcome, WinReason};
pub use perft::{divide, perft};
pub use piece::{Kind, Piece, Script, Side, SideParseError};
pub use position::{PlayError, Position, PositionError, PositionErrorKinds, Violation};
pub use ruleset::{
    ColourRule, FlagCapture, MiddleCrossing, MineOutcome, Mode, ModeRules, NoCombatResult,
    NoMoveResult, Ruleset, RulesetError,
};
pub use setup::Setup;
pub use square::{Square, SquareParseError};
pub use text::{MoveText, ParsePositionError, RecordError, SetupParseError};
