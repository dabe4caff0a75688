//! The uniform random mover.

use junqi_search::Uniform;
use luzhanqi::Position;

use crate::{Agent, AgentError, Choice, Limits};

/// An agent that plays a legal move drawn uniformly, from a generator seeded at construction.
///
/// ```
/// use luzhanqi::Position;
/// use luzhanqi_engine::{Agent, Limits, RandomAgent};
/// let pos = Position::default();
/// let a = RandomAgent::new(3).choose(&pos, &[], &Limits::default())?;
/// let b = RandomAgent::new(3).choose(&pos, &[], &Limits::default())?;
/// assert_eq!(a, b); // the same seed, the same move
/// assert!(pos.is_legal(a.mv));
/// # Ok::<(), luzhanqi_engine::AgentError>(())
/// ```
#[derive(Debug, Clone)]
pub struct RandomAgent(Uniform);

impl RandomAgent {
    /// A random mover seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent(Uniform::new(seed))
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, pos: &Position, _: &[u64], _: &Limits) -> Result<Choice, AgentError> {
        let mv = self
            .0
            .pick(&pos.legal_moves())
            .ok_or_else(|| AgentError::NoLegalMove(pos.to_string()))?;
        Ok(Choice {
            mv,
            score: 0,
            depth: 0,
            nodes: 1,
        })
    }
}
