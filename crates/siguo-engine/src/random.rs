//! The uniform random mover.

use std::ops::ControlFlow;

use junqi_search::Uniform;
use rand::rngs::StdRng;
use siguo::{Action, Position};

use crate::{Agent, AgentError, Answer, Choice, Limits, actions_of};

/// An agent that plays a legal action drawn uniformly, from a generator seeded at
/// construction.
///
/// ```
/// use siguo::{Action, Position};
/// use siguo_engine::{Agent, Limits, RandomAgent};
/// let pos = Position::default();
/// let a = RandomAgent::new(3).choose(&pos, &[], &Limits::default())?;
/// let b = RandomAgent::new(3).choose(&pos, &[], &Limits::default())?;
/// assert_eq!(a, b); // the same seed, the same action
/// assert!(pos.is_legal(a.action));
/// # Ok::<(), siguo_engine::AgentError>(())
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

impl Agent<Position, Choice, AgentError> for RandomAgent {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, pos: &Position, _: &[u64], _: &Limits) -> Answer {
        Ok(self.pick(&actions_of(pos)?))
    }
}

impl RandomAgent {
    /// A uniform action of `actions` (not empty).
    pub(crate) fn pick(&mut self, actions: &[Action]) -> Choice {
        uniform_choice(actions, self.0.rng(), 1)
    }
}

/// One of `actions` (not empty) drawn uniformly with `rng`, unscored, with `nodes` as its
/// count: the random agent's choice and the dark agents' answer when they may not think.
pub(crate) fn uniform_choice(actions: &[Action], rng: &mut StdRng, nodes: u64) -> Choice {
    Choice {
        action: junqi_search::pick(rng, actions).expect("the callers' actions are not empty"),
        score: 0,
        depth: 0,
        nodes,
    }
}

/// `actions` (an agent's legal ones, not empty) to think about, or, when the stop signal was
/// raised before the call, one of them drawn uniformly with `rng` to play at once (unscored, no
/// node): how every thinking agent answers a stop it may not think under.
pub(crate) fn unless_stopped(
    actions: Vec<Action>,
    limits: &Limits,
    rng: &mut StdRng,
) -> ControlFlow<Choice, Vec<Action>> {
    if limits.stopped() {
        ControlFlow::Break(uniform_choice(&actions, rng, 0))
    } else {
        ControlFlow::Continue(actions)
    }
}
