//! The heuristic yardstick: one ply greedy on the team's value.

use std::ops::ControlFlow;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use siguo::{Outcome, Position};

use crate::eval::{WIN, best_capture, evaluate, for_team};
use crate::random::unless_stopped;
use crate::{Agent, AgentError, Answer, Choice, Limits, actions_of};

/// Plays each legal action and keeps the one whose position [`evaluate`] scores best for the
/// mover's team, less three quarters of the best capture the next seat could answer with when
/// that seat is an enemy (half of it added when it is the ally): a one-ply greedy agent that
/// sees a piece left hanging. A win for its team is taken at once. Ties are broken by its
/// seeded generator. It reads the whole position (全明). One ply costs one evaluation per
/// action (well under a millisecond), so no time or node limit binds it; the stop signal does:
/// raised before the call, it answers a uniform legal action at once, raised during it, the
/// best action so far.
///
/// ```
/// use siguo::Position;
/// use siguo_engine::{Agent, HeuristicAgent, Limits};
/// let pos = Position::default();
/// let a = HeuristicAgent::new(5).choose(&pos, &[], &Limits::default())?;
/// assert_eq!(a, HeuristicAgent::new(5).choose(&pos, &[], &Limits::default())?);
/// assert!(pos.is_legal(a.action));
/// # Ok::<(), siguo_engine::AgentError>(())
/// ```
#[derive(Debug, Clone)]
pub struct HeuristicAgent {
    rng: StdRng,
}

impl HeuristicAgent {
    /// A heuristic agent seeded with `seed` (the seed breaks ties).
    #[must_use]
    pub fn new(seed: u64) -> HeuristicAgent {
        HeuristicAgent {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The one-ply score of the position an action of `team`'s seat reached.
    pub(crate) fn score(child: &Position, team: siguo::Team) -> i32 {
        match child.outcome() {
            Some(Outcome::Win { team: t, .. }) => {
                if t == team {
                    WIN
                } else {
                    -WIN
                }
            }
            Some(Outcome::Draw(_)) => 0,
            None => {
                let reply = best_capture(child);
                let v = for_team(evaluate(child), team);
                if child.turn().team() == team {
                    v + reply / 2
                } else {
                    v - reply * 3 / 4
                }
            }
        }
    }
}

impl Agent<Position, Choice, AgentError> for HeuristicAgent {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, pos: &Position, _: &[u64], limits: &Limits) -> Answer {
        let actions = match unless_stopped(actions_of(pos)?, limits, &mut self.rng) {
            ControlFlow::Break(c) => return Ok(c),
            ControlFlow::Continue(a) => a,
        };
        let team = pos.turn().team();
        let mut best = Vec::new();
        let mut best_score = i32::MIN;
        let mut nodes = 0;
        for &a in &actions {
            if nodes > 0 && limits.stopped() {
                break;
            }
            nodes += 1;
            let mut child = pos.clone();
            child.play_unchecked(a);
            let s = HeuristicAgent::score(&child, team);
            if s > best_score {
                best_score = s;
                best.clear();
            }
            if s == best_score {
                best.push(a);
            }
        }
        let action = best[self.rng.random_range(0..best.len())];
        Ok(Choice {
            action,
            score: best_score,
            depth: 1,
            nodes,
        })
    }
}
