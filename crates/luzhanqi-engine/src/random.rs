//! The uniform random mover: `junqi-search`'s seeded generator ([`Uniform`], re-exported as
//! [`RandomAgent`](crate::RandomAgent)) playing a legal move.

use junqi_search::Uniform;
use luzhanqi::Position;

use crate::{Agent, AgentError, Answer, Choice, Limits};

/// A legal move drawn uniformly, from a generator seeded at construction.
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
impl Agent<Position, Choice, AgentError> for Uniform {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, pos: &Position, _: &[u64], _: &Limits) -> Answer {
        let mv = self
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
