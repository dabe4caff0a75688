//! The uniform random mover.

use luzhanqi::Position;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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
pub struct RandomAgent {
    rng: StdRng,
}

impl RandomAgent {
    /// A random mover seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: StdRng::seed_from_u64(seed),
        }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(
        &mut self,
        pos: &Position,
        _history: &[u64],
        _limits: &Limits,
    ) -> Result<Choice, AgentError> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Err(AgentError::NoLegalMove(pos.to_string()));
        }
        let mv = moves[self.rng.random_range(0..moves.len())];
        Ok(Choice {
            mv,
            score: 0,
            depth: 0,
            nodes: 1,
        })
    }
}
