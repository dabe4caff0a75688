//! # siguo
//!
//! The rules of 四國軍棋 (Siguo Junqi, four-player army chess): the 129-point cross board with
//! its four corner arcs and the 九宮 (L-40 … L-45), four seats in two teams (L-49, L-50),
//! railway runs and engineer paths (L-46 … L-48), 陸戰棋's combat per seat (L-11, L-12, reused
//! from `luzhanqi`), elimination and adjudication (L-51 … L-57), deployments per seat (L-58),
//! position strings and move forms (L-59, L-60), perft. Every rule cites its id in the
//! project's brief, restated in `docs/siguo.md`.
//!
//! ```
//! use siguo::{perft, Position, Rules};
//!
//! let pos = Position::default(); // four default deployments, Red to move
//! assert_eq!(pos.legal_actions().len() as u64, perft(&pos, 1));
//! let a = pos.find_action("g6g7")?;
//! let mut next = pos.clone();
//! next.play(a)?;
//! assert_eq!(next.turn(), siguo::Seat::Green);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod board;
pub mod dark;
pub mod deploy;
pub mod game_file;
mod model;
mod perft;
mod position;
mod ruleset;
mod seat;
mod svg;
mod text;
mod zobrist;

pub use luzhanqi::{Kind, Script};

pub use board::{Point, PointKind, PointParseError, PointSet};
pub use perft::{divide, perft};
pub use position::{
    Action, DrawReason, Move, OutReason, Outcome, PlayError, Position, PositionError, Repetitions,
    Setup, Violation, WinReason,
};
pub use ruleset::{
    NoCombatReset, OutPieces, Rules, RulesError, SiguoMode, SiguoModeRules, TurnDirection,
};
pub use seat::{Piece, Seat, Team};
pub use text::{ActionText, MoveTextError, ParsePositionError, PositionTextError};
