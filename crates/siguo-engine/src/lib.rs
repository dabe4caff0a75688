//! # siguo-engine
//!
//! Agents for 四國軍棋 (four-player army chess) built on the rules crate [`siguo`]: one
//! [`Agent`] trait (choose an [`Action`] for the seat to move of a [`Position`] within
//! [`Limits`], deterministic given a seed, stopping at once on a [`StopSignal`]) and three
//! agents:
//!
//! - [`RandomAgent`]: a uniform legal action;
//! - [`HeuristicAgent`]: the yardstick, one ply greedy on the team's value of [`eval`]
//!   (material by rank, flag safety, threats to the enemy flags, seats out) less the best
//!   capture the next seat could answer with, ties broken by its seeded generator;
//! - [`SearchAgent`]: for 全明 (perfect information), a paranoid alpha-beta search over the
//!   two teams (our team maximises, both enemies minimise, the seats in the L-50 turn order
//!   with seats out skipped), with iterative deepening, a transposition table keyed by the
//!   Zobrist key, captures first, and a quiescence search over captures.
//!
//! For 四暗 and 雙明 (L-63, L-64) a [`DarkAgent`] decides from the seat's
//! [`InfoState`](siguo::dark::InfoState) only: [`DeterminizedAgent`] scores each legal action
//! on worlds drawn by the exact world sampler and plays the best mean; [`SampledAgent`] plays
//! a 全明 agent on one sampled world; [`RandomAgent`] plays a uniform legal action.
//!
//! Team matches between agents (`siguo arena`) are the arbiter's in-process mode
//! (`gjjq_arbiter::local`): paired games from random deployments, in 全明 on the true position
//! and in the dark modes through the referee ([`siguo::dark::DarkGame`]), each seat asked with
//! its own information state.
//!
//! [`Limits`], [`StopSignal`], the transposition table, the node budget and the
//! iterative-deepening driver are `junqi-search`'s, shared with every engine: they know
//! nothing of the game.
//!
//! ```
//! use siguo::{Position, Rules};
//! use siguo_engine::{Agent, Limits, SearchAgent};
//!
//! // Red's general on p8 stands next to Green's flag on q8 and Yellow is out (L-51): taking
//! // the flag puts Green out too, and Red–Blue has won (L-53).
//! let text = "3bF1/5/5/2bS2/5/5/15/12/10gS4/10rJgF/15/5/5/5/5/5/1rF3 r rgb 0 1";
//! let pos = Position::from_text(text, Rules::STANDARD)?;
//! let c = SearchAgent::new(1).choose(&pos, &[], &Limits::depth(3))?;
//! assert_eq!(c.action.to_string(), "p8q8");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod dark;
pub mod eval;
mod heuristic;
mod random;
mod search;

use siguo::{Action, Position};
use thiserror::Error;

pub use dark::{DarkAgent, DeterminizedAgent, SampledAgent};
pub use heuristic::HeuristicAgent;
pub use junqi_search::{Limits, StopSignal, UnknownAgent};
pub use random::RandomAgent;
pub use search::SearchAgent;

/// An agent's answer: the action and what it found out (`junqi-search`'s, one shape for
/// every engine). Its score is for the mover's team, in [`eval`]'s units; wins are above
/// [`eval::WIN_BOUND`].
pub type Choice = junqi_search::Choice<Action>;

/// Why an agent gave no action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AgentError {
    /// The position is decided: nobody is to move (the position given, as text).
    #[error("no legal action in {0}: the game is over")]
    NoLegalAction(String),
    /// A dark agent was asked with the information state of a seat not to move.
    #[error("the information state is {seat}'s but {turn} is to move")]
    NotToMove {
        /// The state's seat.
        seat: siguo::Seat,
        /// The seat to move.
        turn: siguo::Seat,
    },
}

/// An agent of 四國: `junqi-search`'s [`Agent`] trait (one declaration
/// for every engine) on a [`Position`], answering a [`Choice`] or an [`AgentError`]
/// ([`AgentError::NoLegalAction`] when `pos` is decided). It chooses for the seat to move
/// ([`Position::turn`]) and plays for that seat's team (L-49); `history` holds the Zobrist keys
/// ([`Position::zobrist`]) of the game's positions before `pos`, oldest first: a search scores
/// a position that would occur again as a draw when the rules draw by repetition (L-56).
/// Agents are used as `Box<DynAgent>` or `&mut dyn Agent<Position, Choice, AgentError>`.
pub use junqi_search::Agent;

/// An open (全明) agent behind a pointer, as [`AgentKind::build`] makes them.
pub type DynAgent = dyn Agent<Position, Choice, AgentError> + Send;

/// What an open agent answers.
pub(crate) type Answer = Result<Choice, AgentError>;

/// The legal actions of `pos`, or the error every agent gives for a decided position.
pub(crate) fn actions_of(pos: &Position) -> Result<Vec<Action>, AgentError> {
    let actions = pos.legal_actions();
    if actions.is_empty() {
        return Err(AgentError::NoLegalAction(pos.to_string()));
    }
    Ok(actions)
}

junqi_search::agent_kinds! {
    /// The agents by name.
    ///
    /// ```
    /// use siguo_engine::AgentKind;
    /// let k: AgentKind = "heuristic".parse()?;
    /// assert_eq!(k, AgentKind::Heuristic);
    /// assert_eq!(k.build(7).name(), "heuristic");
    /// assert_eq!("paranoid".parse::<AgentKind>().unwrap_err().to_string(),
    ///     "unknown agent 'paranoid' (expected search, determinized, heuristic or random)");
    /// # Ok::<(), siguo_engine::UnknownAgent>(())
    /// ```
    pub enum AgentKind: DynAgent {
        /// [`SearchAgent`].
        Search = "search" => SearchAgent,
        /// [`DeterminizedAgent`] (for 四暗 and 雙明; under 全明 the heuristic score on the one
        /// world there is).
        Determinized = "determinized" => DeterminizedAgent,
        /// [`HeuristicAgent`].
        Heuristic = "heuristic" => HeuristicAgent,
        /// [`RandomAgent`].
        Random = "random" => RandomAgent,
    }
}

impl AgentKind {
    /// A new agent of the kind for a dark seat (四暗, 雙明), seeded with `seed`: the
    /// [`DeterminizedAgent`], the search or the heuristic on one sampled world
    /// ([`SampledAgent`]), or the uniform mover over the seat's legal actions.
    #[must_use]
    pub fn build_dark(self, seed: u64) -> Box<dyn DarkAgent + Send> {
        match self {
            AgentKind::Search => Box::new(SampledAgent::new(SearchAgent::new(seed), seed ^ 1)),
            AgentKind::Determinized => Box::new(DeterminizedAgent::new(seed)),
            AgentKind::Heuristic => {
                Box::new(SampledAgent::new(HeuristicAgent::new(seed), seed ^ 1))
            }
            AgentKind::Random => Box::new(RandomAgent::new(seed)),
        }
    }
}
