//! # gjjq-core
//!
//! The rules of 国际军棋 (International Military Chess, by 张家来): the board of 90 points,
//! the eight kinds of unit, validated positions, legal move generation, play, adjudication,
//! rulesets, Zobrist keys and perft. Every rule cites its id in the project's rules brief
//! (`docs/rules.md`), e.g. R-11 for the missile.
//!
//! ```
//! use gjjq_core::{perft::perft, Position};
//!
//! let pos = Position::default(); // R-27 default opening
//! assert_eq!(pos.legal_moves().len(), 51);
//! assert_eq!(perft(&pos, 2), 2_569);
//! ```
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod attacks;
mod bitboard;
mod board;
pub mod deploy;
mod diagram;
pub mod endgame;
mod game;
mod geometry;
pub mod hidden;
mod model;
pub mod movegen;
mod moves;
pub mod outcome;
pub mod perft;
mod piece;
mod placement;
pub mod position;
pub mod ruleset;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod setup;
mod square;
pub mod terrain;
mod zobrist;

/// The [`rand`](https://docs.rs/rand/0.9) crate, version 0.9, whose traits and generators the
/// random functions take ([`Deployment::random`](deploy::Deployment::random),
/// [`random_endgame`](endgame::random_endgame), the world sampler).
/// Use it from here (`gjjq_core::rand::rngs::StdRng`, `gjjq::rand::SeedableRng`) so the
/// versions agree: a `rand = "0.10"` of your own gives types these functions do not accept.
pub use rand;

pub use bitboard::{Bitboard, BitboardIter};
pub use board::{Board, BoardIter};
pub use game::{Game, GameError, Undone};
pub use moves::{Move, MoveInfo, MoveKind, MoveList, MoveParseError, Removal};
pub use outcome::Outcome;
pub use piece::{Piece, PieceKind, Script};
pub use position::{PlayError, Position};
pub use ruleset::Ruleset;
pub use setup::Setup;
pub use square::{File, NameParseError, Rank, Side, Square, SquareParseError};
