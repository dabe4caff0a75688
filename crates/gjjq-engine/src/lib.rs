//! # gjjq-engine
//!
//! Engines for 国际军棋 (International Military Chess): a UCI-like text protocol
//! ([`protocol`], described in `docs/protocol.md`), a baseline alpha-beta engine ([`Engine`])
//! and, on native targets, the protocol server ([`server`]). The match arbiter that plays
//! engines against each other is the crate `gjjq-arbiter`.
//!
//! The search core has no threads and no clock: it builds for `wasm32-unknown-unknown` and runs
//! in a Web Worker. Limits that need a clock or another thread come in through a
//! [`SearchControl`].
//!
//! ```
//! use gjjq_core::Position;
//! use gjjq_engine::{Engine, EngineConfig, Limits, Score};
//!
//! // Red's aircraft on 5c flies two points over 5d onto Green's king on 5e (R-13) and wins
//! // (R-21): a win in 1 ply.
//! let pos = Position::from_setup("4k4/9/4P4/9/9/9/9/9/9/4K4 r -".parse()?).unwrap();
//! let mut engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
//! let r = engine.search(&pos, &[], Limits::depth(3));
//! assert_eq!(r.best_move.unwrap().to_string(), "5c5e");
//! assert_eq!(r.score, Score::Win(1));
//! # Ok::<(), gjjq_core::setup::SetupParseError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod dataset;
pub mod eval;
pub mod hidden;
pub mod nnue;
pub mod protocol;
mod search;
pub mod see;
/// Endgame tablebase probing at the root and in the search (native only).
#[cfg(not(target_arch = "wasm32"))]
mod tablebase;
#[cfg(target_arch = "wasm32")]
#[path = "tablebase_off.rs"]
mod tablebase;
pub mod time;
mod tt;

#[cfg(not(target_arch = "wasm32"))]
pub mod server;

/// The endgame tables an [`Engine`] can probe ([`Engine::set_tablebase`]; native only).
#[cfg(not(target_arch = "wasm32"))]
pub use gjjq_tablebase::Tablebase;

pub use hidden::{HiddenConfig, HiddenResult};
pub use search::{
    Engine, EngineConfig, Limits, PvLine, Score, SearchControl, SearchFeatures, SearchResult,
    SearchStats,
};
