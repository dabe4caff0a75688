//! # gjjq-engine
//!
//! Engines for 国际军棋 (International Military Chess): a baseline alpha-beta engine
//! ([`Engine`]), 国际军棋's side of the line protocol ([`protocol`]: the lines themselves are
//! the crate `junqi-protocol`, described in `docs/protocol.md`) and, on native targets with the
//! feature `tablebase`, the protocol server (`server`). The match arbiter that plays engines
//! against each other is the crate `gjjq-arbiter`.
//!
//! The modules read top-down: the vocabulary a caller speaks ([`EngineConfig`], [`Limits`],
//! [`SearchControl`], [`SearchResult`], [`Score`]), the [`Engine`] that holds the tables, then
//! its searches (open play; hidden play in [`hidden`]) and evaluation ([`eval`]).
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
mod engine;
pub mod eval;
pub mod hidden;
pub mod nnue;
pub mod protocol;
mod search;
pub mod see;
/// Endgame tablebase probing at the root and in the search (feature `tablebase`).
#[cfg(feature = "tablebase")]
mod tablebase;
/// Without the feature `tablebase` (the web board's `wasm32` build): no tables, the search is
/// told nothing and searches every position.
#[cfg(not(feature = "tablebase"))]
mod tablebase {
    use gjjq_core::Position;

    use crate::{Score, SearchResult};

    /// No tables.
    #[derive(Debug, Clone, Default)]
    pub(crate) struct Tables;

    impl Tables {
        /// Never a probe.
        #[allow(clippy::unused_self)]
        pub(crate) fn for_search(&self) -> Probe<'_> {
            Probe(std::marker::PhantomData)
        }
    }

    /// No tables to probe in a search.
    #[derive(Debug)]
    pub(crate) struct Probe<'a>(std::marker::PhantomData<&'a ()>);

    impl Probe<'_> {
        /// Never a score.
        #[allow(clippy::unused_self)]
        pub(crate) fn probe(&self, _pos: &Position) -> Option<Score> {
            None
        }

        /// Never an answer.
        #[allow(clippy::unused_self)]
        pub(crate) fn root(
            &self,
            _pos: &Position,
            _earlier: &dyn Fn(u64) -> u8,
            _multi_pv: u32,
        ) -> Option<SearchResult> {
            None
        }
    }
}
pub mod time;
mod tt;
mod vocabulary;

/// The protocol server: native only (threads, clocks), with the feature `tablebase` (its
/// `TablebaseDir` option).
#[cfg(all(not(target_arch = "wasm32"), feature = "tablebase"))]
pub mod server;

/// The endgame tables an [`Engine`] can probe ([`Engine::set_tablebase`]; feature
/// `tablebase`).
#[cfg(feature = "tablebase")]
pub use gjjq_tablebase::Tablebase;

pub use engine::Engine;
pub use hidden::{HiddenConfig, HiddenResult};
pub use vocabulary::{
    EngineConfig, Limits, PvLine, Score, SearchControl, SearchFeatures, SearchResult, SearchStats,
};
