//! Determinized search (perfect-information Monte Carlo): draw worlds, search each as if it
//! were true, vote.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use luzhanqi::Move;
use luzhanqi::dark::{DarkView, InfoState};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::worlds::WorldCache;
use super::{DarkAgentError, DarkAnswer};
use crate::{Agent, Choice, Limits, SearchAgent, SearchConfig};

/// How a [`DeterminizedAgent`] is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeterminizedConfig {
    /// Worlds drawn per move (at least 1).
    pub worlds: u32,
    /// Nodes per move when the limits give none (shared among the worlds).
    pub default_nodes: u64,
    /// The deepest iteration of each world's search, in plies.
    pub max_depth: u32,
}

impl Default for DeterminizedConfig {
    /// 16 worlds, 32,000 nodes a move, depth at most 4.
    fn default() -> DeterminizedConfig {
        DeterminizedConfig {
            worlds: 16,
            default_nodes: 32_000,
            max_depth: 4,
        }
    }
}

/// Determinized search: for each move, `worlds` enemy deployments are drawn uniformly from
/// those consistent with the information state (the exact
/// [`WorldSampler`](luzhanqi::dark::WorldSampler)), each replayed to the present; the
/// alpha-beta [`SearchAgent`] searches each world as if it were the true game, with an equal
/// share of the node (and time) budget; each world votes for its best move. The move with
/// the most votes is played, ties broken by the mean score of its votes.
///
/// Limits are honoured overall: `nodes` is split among the worlds (each search stops at its
/// share), `time` likewise (each world gets the time left over the worlds left), `depth`
/// caps each search.
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// use luzhanqi_engine::{Agent, Limits};
/// use luzhanqi_engine::dark::DeterminizedAgent;
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// let c = DeterminizedAgent::new(1).choose(game.info_state(Side::Red), &[], &Limits::nodes(4_000))?;
/// assert!(game.game().legal_moves().contains(&c.mv));
/// assert!(c.nodes <= 4_000 + 16 * 256);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct DeterminizedAgent {
    config: DeterminizedConfig,
    rng: StdRng,
    search: SearchAgent,
    worlds: WorldCache,
}

impl DeterminizedAgent {
    /// An agent with the default [`DeterminizedConfig`], seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> DeterminizedAgent {
        DeterminizedAgent::with_config(seed, DeterminizedConfig::default())
    }

    /// An agent with `config`.
    #[must_use]
    pub fn with_config(seed: u64, config: DeterminizedConfig) -> DeterminizedAgent {
        DeterminizedAgent {
            config: DeterminizedConfig {
                worlds: config.worlds.max(1),
                ..config
            },
            rng: StdRng::seed_from_u64(seed),
            search: SearchAgent::with_config(
                seed ^ 0x5eed,
                SearchConfig {
                    hash_entries: 1 << 16,
                    ..SearchConfig::default()
                },
            ),
            worlds: WorldCache::default(),
        }
    }
}

impl Agent<InfoState, Choice, DarkAgentError> for DeterminizedAgent {
    fn name(&self) -> &'static str {
        "determinized"
    }

    fn choose(&mut self, state: &InfoState, _: &[u64], limits: &Limits) -> DarkAnswer {
        // The clock is read only under a time limit: on wasm32-unknown-unknown (the web
        // page's worker, node limits) `Instant::now` panics.
        let start = limits.time.map(|_| Instant::now());
        let moves = DarkView::new(state).legal_moves();
        if moves.is_empty() {
            return Err(DarkAgentError::NoLegalMove(state.to_string()));
        }
        if moves.len() == 1 {
            return Ok(Choice {
                mv: moves[0],
                score: 0,
                depth: 0,
                nodes: 0,
            });
        }
        let n = self.config.worlds as usize;
        // The time is looked at between two worlds drawn (issue 50, item 13).
        let worlds = self
            .worlds
            .draw(state, n, &mut self.rng, || limits.spent(start))?;
        let n = worlds.len();
        let total = match (limits.nodes, limits.time, limits.depth) {
            (Some(x), _, _) => Some(x),
            (None, None, None) => Some(self.config.default_nodes),
            _ => None,
        };
        let depth = limits
            .depth
            .unwrap_or(self.config.max_depth)
            .min(self.config.max_depth)
            .max(1);
        let mut votes: HashMap<Move, (u32, i64)> = HashMap::new();
        let mut nodes = 0u64;
        let mut deepest = 0;
        for (i, w) in worlds.iter().enumerate() {
            let left = (n - i) as u64;
            let share = total.map(|t| (t.saturating_sub(nodes) / left).max(1));
            let time = limits.time.zip(start).map(|(t, s)| {
                t.saturating_sub(s.elapsed())
                    .checked_div(left as u32)
                    .unwrap_or(Duration::ZERO)
            });
            if (limits.stopped() || time.is_some_and(|t| t.is_zero())) && !votes.is_empty() {
                break;
            }
            let l = Limits {
                time,
                nodes: share,
                depth: Some(depth),
                stop: limits.stop.clone(),
            };
            let c = self
                .search
                .choose(&w.pos, &w.keys, &l)
                .map_err(|_| DarkAgentError::NoLegalMove(state.to_string()))?;
            nodes += c.nodes;
            deepest = deepest.max(c.depth);
            let v = votes.entry(c.mv).or_default();
            v.0 += 1;
            v.1 += i64::from(c.score);
        }
        // The most votes, then the best mean score, then the first in the legal moves' order.
        let mut best: Option<(Move, u32, i64)> = None;
        for &m in &moves {
            let Some(&(count, sum)) = votes.get(&m) else {
                continue;
            };
            let better = best.is_none_or(|(_, bc, bs)| {
                count > bc || (count == bc && sum * i64::from(bc) > bs * i64::from(count))
            });
            if better {
                best = Some((m, count, sum));
            }
        }
        let (mv, count, sum) =
            best.ok_or_else(|| DarkAgentError::NoLegalMove(state.to_string()))?;
        Ok(Choice {
            mv,
            score: (sum / i64::from(count)) as i32,
            depth: deepest,
            nodes,
        })
    }

    fn new_game(&mut self) {
        self.search.new_game();
        self.worlds.clear();
    }
}
