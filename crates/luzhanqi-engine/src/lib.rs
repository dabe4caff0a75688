//! # luzhanqi-engine
//!
//! Agents for 陸戰棋 (Luzhanqi) built on the rules crate [`luzhanqi`]: one [`Agent`] trait
//! (choose a move for a position under [`Limits`] of time, nodes and depth, deterministic given
//! a seed) and three agents:
//!
//! - [`RandomAgent`]: a uniform legal move;
//! - [`HeuristicAgent`]: a yardstick that is not random. It decides from what it *knows*
//!   ([`Knowledge`]: the kinds each enemy piece may be), attacking only what it knows it beats,
//!   probing unknown pieces with low ranks, guarding its flag, preferring safe captures and
//!   sending engineers at the landmines round the enemy flag. In open play it knows every kind;
//!   the same code runs on a dark view once one supplies the sets;
//! - [`SearchAgent`]: alpha-beta with iterative deepening, a transposition table keyed by the
//!   position's Zobrist key, move ordering (hash move, captures by gain, killers, history) and
//!   a quiescence search over attacks, over the evaluation of [`eval`].
//!
//! [`dark`] holds the agents of 暗棋 (dark play, L-31), which choose from a side's information
//! state alone: a random mover, the heuristic yardstick, determinized search and
//! information-set Monte Carlo tree search over the exact world sampler.
//!
//! [`flip`] holds the agents of 翻棋 (flip play: an expectimax search with flips as chance
//! nodes, a heuristic and a random agent).
//!
//! Matches between agents are the arbiter's (`gjjq_arbiter::local`, the in-process mode:
//! paired games, open, dark or flip, the arbiter holding the true game); the example
//! `lz_match` is their command.
//!
//! ```
//! use luzhanqi::Position;
//! use luzhanqi_engine::{Agent, Limits, SearchAgent};
//!
//! // Red's general on b11 steps onto Blue's flag on b12 (a headquarters) and wins.
//! let pos: Position = "1f1s1/1J3/5/5/5/5/5/5/5/5/5/1F3 r".parse()?;
//! let mut agent = SearchAgent::new(1);
//! let choice = agent.choose(&pos, &[], &Limits::depth(3))?;
//! assert_eq!(choice.mv.to_string(), "b11b12");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ccgc;
pub mod dark;
pub mod deploy_policy;
pub mod eval;
pub mod flip;
mod heuristic;
mod knowledge;
mod node;
mod random;
mod search;

use luzhanqi::{Move, Position};
use thiserror::Error;

/// The transposition table of the alpha-beta searches: `junqi-search`'s, shared with every
/// engine (re-exported under its old name).
pub use junqi_search::tt;
/// [`Limits`], [`StopSignal`] and [`UnknownAgent`] are `junqi-search`'s, shared with every
/// engine (re-exported here, where they were first written).
pub use junqi_search::{Limits, StopSignal, UnknownAgent};

pub use heuristic::HeuristicAgent;
/// The uniform random mover: `junqi-search`'s seeded generator, which plays a legal move as
/// an [`Agent`] (one generator for every engine's random mover).
pub use junqi_search::Uniform as RandomAgent;
pub use knowledge::{KindSet, Knowledge, Outcomes};
pub use search::{SearchAgent, SearchConfig};

/// An agent's answer: the move and what it found out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The move to play (legal in the position given).
    pub mv: Move,
    /// The agent's score of the move for the side to move, in the evaluation's units
    /// (a search's; 0 for agents that do not score). Wins are above [`eval::WIN_BOUND`].
    pub score: i32,
    /// The deepest completed iteration (0 for agents that do not search).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// Why an agent gave no move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AgentError {
    /// The side to move has no legal move: the game is over (the position given, as text).
    #[error("no legal move in {0}: the game is over")]
    NoLegalMove(String),
}

/// An agent of 陸戰棋: `junqi-search`'s [`Agent`] trait (one declaration
/// for every engine) on a [`Position`], answering a [`Choice`] or an [`AgentError`]
/// ([`AgentError::NoLegalMove`] when the game is over). Agents are used as
/// `Box<DynAgent>` or `&mut dyn Agent<Position, Choice, AgentError>`.
pub use junqi_search::Agent;

/// An open agent behind a pointer, as [`AgentKind::build`] makes them.
pub type DynAgent = dyn Agent<Position, Choice, AgentError> + Send;

/// What an open agent answers.
pub(crate) type Answer = Result<Choice, AgentError>;

junqi_search::agent_kinds! {
    /// The three agents by name, as the engine's `Agent` option spells them.
    ///
    /// ```
    /// use luzhanqi_engine::AgentKind;
    /// let k: AgentKind = "heuristic".parse()?;
    /// assert_eq!(k, AgentKind::Heuristic);
    /// assert_eq!(k.build(7).name(), "heuristic");
    /// let e = "minimax".parse::<AgentKind>().unwrap_err();
    /// assert_eq!(e.given, "minimax");
    /// assert_eq!(e.to_string(), "unknown agent 'minimax' (expected search, heuristic or random)");
    /// # Ok::<(), luzhanqi_engine::UnknownAgent>(())
    /// ```
    #[derive(Default)]
    pub enum AgentKind: DynAgent {
        /// [`SearchAgent`] (the default).
        #[default]
        Search = "search" => SearchAgent,
        /// [`HeuristicAgent`].
        Heuristic = "heuristic" => HeuristicAgent,
        /// [`RandomAgent`].
        Random = "random" => RandomAgent,
    }
}
