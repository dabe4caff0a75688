//! Agents for 暗棋, dark play with a referee (L-31).
//!
//! A dark agent ([`DynDarkAgent`]: `junqi-search`'s [`Agent`] on an [`InfoState`]) chooses a
//! move from a side's [`InfoState`] alone: its own deployment and what the referee announced.
//! It is never given the true game, so it cannot read the enemy's kinds: the type has nothing
//! else in it. Four agents:
//!
//! - [`DarkRandomAgent`]: a uniform legal move of the side's [`DarkView`](luzhanqi::dark::DarkView);
//! - [`DarkHeuristicAgent`]: the yardstick, the open heuristic's rules of thumb over what the
//!   state forces about each enemy piece ([`Knowledge`](luzhanqi::dark::Knowledge)'s kind sets);
//! - [`DeterminizedAgent`]: draws worlds with the exact [`WorldSampler`](luzhanqi::dark::WorldSampler),
//!   runs the alpha-beta search in each and votes;
//! - [`IsmctsAgent`]: single-observer information-set Monte Carlo tree search over drawn worlds.
//!
//! ```
//! use luzhanqi::dark::{DarkGame, DarkRules};
//! use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
//! use luzhanqi::Side;
//! use luzhanqi_engine::{Agent, Limits};
//! use luzhanqi_engine::dark::DarkHeuristicAgent;
//! let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
//! let game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
//! // The agent sees Red's information state only.
//! let c = DarkHeuristicAgent::new(1).choose(game.info_state(Side::Red), &[], &Limits::default())?;
//! assert!(game.view(Side::Red).legal_moves().contains(&c.mv));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod determinized;
mod heuristic;
mod ismcts;
mod random;
mod worlds;

use std::fmt;
use std::str::FromStr;

use luzhanqi::dark::{InfoState, WorldError};
use thiserror::Error;

use crate::{Agent, Choice};

pub use determinized::{DeterminizedAgent, DeterminizedConfig};
pub use heuristic::DarkHeuristicAgent;
pub use ismcts::{IsmctsAgent, IsmctsConfig};
pub use random::DarkRandomAgent;

/// Why a dark agent gave no move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DarkAgentError {
    /// It is not the side's turn, or the game is over (the state, as text).
    #[error("no legal move for the side of {0}: not its turn, or the game is over")]
    NoLegalMove(String),
    /// The information state is not one a referee could have told, or no world fits it.
    #[error("information state without a world: {0}")]
    Worlds(#[from] WorldError),
}

/// What a dark agent answers.
pub(crate) type DarkAnswer = Result<Choice, DarkAgentError>;

/// A dark agent behind a pointer, as [`DarkAgentKind::build`] makes them: `junqi-search`'s
/// [`Agent`] trait (one declaration for every engine) on an [`InfoState`], answering a
/// [`Choice`] or a [`DarkAgentError`].
///
/// The agent receives the [`InfoState`] only (the own deployment and the announcements), so
/// whatever it decides is a function of what its side was told, its seed and the calls made
/// before. Agents are deterministic given these as long as no time limit cuts them short.
/// `choose`'s `history` is ignored: an information state carries its own. Its errors are
/// [`DarkAgentError::NoLegalMove`] when the side has no move (not its turn, or the game is
/// over) and [`DarkAgentError::Worlds`] when an agent that draws worlds finds none.
pub type DynDarkAgent = dyn Agent<InfoState, Choice, DarkAgentError> + Send;

/// The dark agents by name.
///
/// ```
/// use luzhanqi_engine::dark::DarkAgentKind;
/// let k: DarkAgentKind = "ismcts".parse()?;
/// assert_eq!(k.build(3).name(), "ismcts");
/// assert!("oracle".parse::<DarkAgentKind>().is_err());
/// # Ok::<(), luzhanqi_engine::dark::UnknownDarkAgent>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DarkAgentKind {
    /// [`IsmctsAgent`] (the default).
    #[default]
    Ismcts,
    /// [`DeterminizedAgent`].
    Determinized,
    /// [`DarkHeuristicAgent`].
    Heuristic,
    /// [`DarkRandomAgent`].
    Random,
}

impl DarkAgentKind {
    /// The four kinds.
    pub const ALL: [DarkAgentKind; 4] = [
        DarkAgentKind::Ismcts,
        DarkAgentKind::Determinized,
        DarkAgentKind::Heuristic,
        DarkAgentKind::Random,
    ];

    /// The name: `ismcts`, `determinized`, `heuristic`, `random`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            DarkAgentKind::Ismcts => "ismcts",
            DarkAgentKind::Determinized => "determinized",
            DarkAgentKind::Heuristic => "heuristic",
            DarkAgentKind::Random => "random",
        }
    }

    /// A new agent of the kind with its default configuration, seeded with `seed`.
    #[must_use]
    pub fn build(self, seed: u64) -> Box<DynDarkAgent> {
        match self {
            DarkAgentKind::Ismcts => Box::new(IsmctsAgent::new(seed)),
            DarkAgentKind::Determinized => Box::new(DeterminizedAgent::new(seed)),
            DarkAgentKind::Heuristic => Box::new(DarkHeuristicAgent::new(seed)),
            DarkAgentKind::Random => Box::new(DarkRandomAgent::new(seed)),
        }
    }
}

impl fmt::Display for DarkAgentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the dark agents: the name given (one of
/// [`DarkAgentKind::ALL`]'s names was expected).
///
/// # Examples
///
/// ```
/// use luzhanqi_engine::dark::{DarkAgentKind, UnknownDarkAgent};
/// let e: UnknownDarkAgent = "mcts".parse::<DarkAgentKind>().unwrap_err();
/// assert_eq!(e.given, "mcts");
/// assert_eq!(
///     e.to_string(),
///     "unknown dark agent 'mcts' (expected ismcts, determinized, heuristic or random)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown dark agent '{given}' (expected ismcts, determinized, heuristic or random)")]
#[non_exhaustive]
pub struct UnknownDarkAgent {
    /// The name given, as given.
    pub given: String,
}

impl FromStr for DarkAgentKind {
    type Err = UnknownDarkAgent;

    fn from_str(s: &str) -> Result<DarkAgentKind, UnknownDarkAgent> {
        DarkAgentKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownDarkAgent {
                given: s.to_string(),
            })
    }
}
