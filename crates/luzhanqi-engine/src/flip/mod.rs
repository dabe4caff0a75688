//! Agents for 翻棋 (flip play, L-32) over [`luzhanqi::flip`]: the face-down pieces are chance,
//! and a [`FlipPosition`] holds no hidden information (a flip reveals a piece drawn from the
//! unseen pool), so the agents see everything there is to see and treat flips as chance.
//!
//! - [`FlipRandomAgent`]: a uniform legal action;
//! - [`FlipHeuristicAgent`]: the yardstick that is not random. It scores every action one
//!   enemy reply deep, averaged over what a flip may reveal: captures it knows it wins, even
//!   trades that pay, never an attack it knows it loses while anything else is legal, no
//!   piece left hanging, flips where the revealed piece is more likely to be of use than
//!   taken, and pieces closing in on what they beat;
//! - [`FlipSearchAgent`]: an expectimax alpha-beta search (iterative deepening, a
//!   transposition table, a quiescence search over captures) where a flip is a chance node
//!   averaged over the unseen pieces, over the evaluation of [`eval`].
//!
//! ```
//! use luzhanqi::flip::FlipPosition;
//! use luzhanqi_engine::flip::FlipSearchAgent;
//! use luzhanqi_engine::{Agent, Limits};
//!
//! let pos = FlipPosition::start();
//! let c = FlipSearchAgent::new(1).choose(&pos, &[], &Limits::nodes(5_000))?;
//! assert!(pos.is_legal(c.action));
//! # Ok::<(), luzhanqi_engine::AgentError>(())
//! ```

pub mod eval;
mod heuristic;
mod search;

use luzhanqi::flip::{FlipAction, FlipActionList, FlipPosition};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use crate::{Agent, AgentError, AgentKind, Limits};

pub use heuristic::FlipHeuristicAgent;

/// What a flip agent answers.
type FlipResult = Result<FlipChoice, AgentError>;

/// The legal actions of `pos`, or the error every flip agent gives when there is none (the
/// game is over).
pub(crate) fn actions_of(pos: &FlipPosition) -> Result<FlipActionList, AgentError> {
    let actions = pos.legal_actions();
    if actions.is_empty() {
        return Err(AgentError::NoLegalMove(pos.to_string()));
    }
    Ok(actions)
}
pub use search::{FlipSearchAgent, FlipSearchConfig};

/// A flip agent's answer: `junqi-search`'s [`Choice`](junqi_search::Choice) (one shape for
/// every game's agents) of a [`FlipAction`], a flip or a move. The score is the agent's for the
/// player to act, in the evaluation's units (an expectation over the flips' outcomes; 0 for
/// agents that do not score); wins are above [`crate::eval::WIN_BOUND`].
pub type FlipChoice = junqi_search::Choice<FlipAction>;

/// A flip agent behind a pointer, as [`AgentKind::build_flip`] makes them: `junqi-search`'s
/// [`Agent`] trait (one declaration for every engine) on a [`FlipPosition`], answering a
/// [`FlipChoice`] or an [`AgentError`] ([`AgentError::NoLegalMove`] when the game is over).
/// `history` holds the Zobrist keys ([`FlipPosition::zobrist_hash`]) of the game's states
/// before `pos`, oldest first.
pub type DynFlipAgent = dyn Agent<FlipPosition, FlipChoice, AgentError> + Send;

impl AgentKind {
    /// A new flip agent of the kind, seeded with `seed`.
    ///
    /// ```
    /// use luzhanqi_engine::AgentKind;
    /// assert_eq!(AgentKind::Search.build_flip(3).name(), "search");
    /// ```
    #[must_use]
    pub fn build_flip(self, seed: u64) -> Box<DynFlipAgent> {
        match self {
            AgentKind::Search => Box::new(FlipSearchAgent::new(seed)),
            AgentKind::Heuristic => Box::new(FlipHeuristicAgent::new(seed)),
            AgentKind::Random => Box::new(FlipRandomAgent::new(seed)),
        }
    }
}

/// A uniform legal action, drawn with a seeded generator.
///
/// ```
/// use luzhanqi::flip::FlipPosition;
/// use luzhanqi_engine::flip::FlipRandomAgent;
/// use luzhanqi_engine::{Agent, Limits};
/// let pos = FlipPosition::start();
/// let a = FlipRandomAgent::new(5).choose(&pos, &[], &Limits::default())?.action;
/// let b = FlipRandomAgent::new(5).choose(&pos, &[], &Limits::default())?.action;
/// assert_eq!(a, b);
/// # Ok::<(), luzhanqi_engine::AgentError>(())
/// ```
#[derive(Debug, Clone)]
pub struct FlipRandomAgent {
    rng: StdRng,
}

impl FlipRandomAgent {
    /// A random agent seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> FlipRandomAgent {
        FlipRandomAgent {
            rng: StdRng::seed_from_u64(seed),
        }
    }
}

impl Agent<FlipPosition, FlipChoice, AgentError> for FlipRandomAgent {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, pos: &FlipPosition, _: &[u64], _: &Limits) -> FlipResult {
        let &action = actions_of(pos)?
            .choose(&mut self.rng)
            .ok_or_else(|| AgentError::NoLegalMove(pos.to_string()))?;
        Ok(FlipChoice {
            action,
            score: 0,
            depth: 0,
            nodes: 1,
        })
    }
}
