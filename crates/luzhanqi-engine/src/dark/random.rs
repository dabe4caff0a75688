//! The uniform random mover of dark play.

use luzhanqi::dark::{DarkView, InfoState};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::{DarkAgentError, DarkAnswer};
use crate::{Agent, Choice, Limits};

/// An agent that plays a legal move of its view drawn uniformly, from a generator seeded at
/// construction.
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// use luzhanqi_engine::{Agent, Limits};
/// use luzhanqi_engine::dark::DarkRandomAgent;
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// let c = DarkRandomAgent::new(5).choose(game.info_state(Side::Red), &[], &Limits::default())?;
/// assert!(game.game().legal_moves().contains(&c.mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct DarkRandomAgent {
    rng: StdRng,
}

impl DarkRandomAgent {
    /// A random mover seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> DarkRandomAgent {
        DarkRandomAgent {
            rng: StdRng::seed_from_u64(seed),
        }
    }
}

impl Agent<InfoState, Choice, DarkAgentError> for DarkRandomAgent {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, state: &InfoState, _: &[u64], _limits: &Limits) -> DarkAnswer {
        let moves = DarkView::new(state).legal_moves();
        if moves.is_empty() {
            return Err(DarkAgentError::NoLegalMove(state.to_string()));
        }
        Ok(Choice {
            mv: moves[self.rng.random_range(0..moves.len())],
            score: 0,
            depth: 0,
            nodes: 1,
        })
    }
}
