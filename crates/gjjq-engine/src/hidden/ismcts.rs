//! Information-set Monte Carlo tree search for 暗式 (R-37 … R-41), single observer.
//!
//! The search keeps one tree over the side's own information: a node is a sequence of moves
//! as the side would see them (its own proposals that were played and the enemy's moves as
//! told, origin and destination, R-39), so that every world consistent with the information
//! state shares the root. Each iteration
//!
//! 1. **determinizes**: picks one world of a pool drawn once with the exact sampler
//!    ([`WorldSampler`](gjjq_core::hidden::WorldSampler)): uniformly, or by weight under
//!    [`HiddenBelief::Weighted`](super::HiddenBelief) (see [`super::belief`]);
//! 2. **selects** from the root by UCB1 among the children whose moves are legal in that
//!    world (`mean + C·√(ln availability / visits)`, the availability being how often the
//!    child could have been chosen), each side maximizing its own reward;
//! 3. **expands** one move of the world not yet in the tree;
//! 4. **evaluates** the leaf with the open-play engine at depth [`LEAF_DEPTH`] (its
//!    quiescence resolves the captures pending there), the score mapped to a reward in
//!    `[0, 1]` by `1 / (1 + e^(−cp / 400))` (a decided game: 1, 0 or ½);
//! 5. **backs up** the reward, each node counting it for the side that moved into it.
//!
//! The proposal is the root move visited most (ties to the better mean). The root's moves
//! are the moves legal in at least one world; a proposal refused this turn is illegal in
//! every consistent world and is also left out explicitly, so it is never proposed
//! again.
//!
//! Limits: `nodes` bounds the nodes (tree steps plus the leaves' search nodes); `depth` `d`
//! bounds the tree to `d` plies and the iterations to `d ×` [`ITERATIONS_PER_DEPTH`]; the
//! control stops the search (checked every iteration) and is asked whether to go on (its
//! soft time limit) every [`CHECK_EVERY`] iterations. Without a depth the tree is at most
//! [`MAX_TREE_DEPTH`] plies deep and the search ends at the control's word or after
//! [`MAX_ITERATIONS`] iterations. In the [`HiddenResult`]: `worlds` is the pool's size,
//! `votes` the chosen move's visits, `depth` the deepest node reached.

use gjjq_core::{Game, Move, Position, Side, hidden::InfoState};
use rand::Rng;
use rand::seq::IndexedRandom;

use super::{
    HiddenBelief, HiddenConfig, HiddenResult, Round, draw_worlds, proposes, score_value,
    untried_candidates, weigh_worlds,
};
use crate::{Engine, Limits, Score, SearchControl, SearchResult};

/// Worlds in the pool per world of [`HiddenConfig::worlds`].
pub const POOL_PER_WORLD: u32 = 4;
/// The depth of the open-play search at a leaf (plus its quiescence).
pub const LEAF_DEPTH: u32 = 1;
/// The exploration constant `C` of UCB1 (rewards in `[0, 1]`).
pub const EXPLORATION: f64 = 0.7;
/// Iterations allowed per ply of a `depth` limit.
pub const ITERATIONS_PER_DEPTH: u64 = 256;
/// The deepest tree without a `depth` limit.
pub const MAX_TREE_DEPTH: u32 = 32;
/// Iterations at most without a `depth` or `nodes` limit.
pub const MAX_ITERATIONS: u64 = 1_000_000;
/// Iterations between two questions to the control whether to go on.
pub const CHECK_EVERY: u64 = 32;
/// Centi-units of the leaf score per unit of the logistic reward.
const REWARD_SCALE: f64 = 400.0;

/// One node of the tree: the move into it and who made it, and its statistics.
struct Node {
    /// `None` at the root.
    mv: Option<Move>,
    mover: Side,
    children: Vec<usize>,
    visits: u32,
    available: u32,
    /// The sum of the rewards, for `mover`.
    reward: f64,
}

impl Node {
    fn new(mv: Option<Move>, mover: Side) -> Node {
        Node {
            mv,
            mover,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / f64::from(self.visits)
        }
    }
}

/// The reward of a leaf for the side to move there, and the nodes its evaluation searched
/// (at most about `nodes`); `None` when the control or the node limit stopped the evaluation
/// (the iteration does not count).
fn evaluate_leaf(
    engine: &mut Engine,
    pos: &Position,
    base: u64,
    nodes: Option<u64>,
    control: &mut dyn SearchControl,
) -> (Option<f64>, u64) {
    let us = pos.turn();
    let decided = |winner: Option<Side>| match winner {
        None => 0.5,
        Some(w) if w == us => 1.0,
        Some(_) => 0.0,
    };
    if let Some(o) = pos.outcome() {
        return (Some(decided(o.winner())), 0);
    }
    if pos.legal_moves().is_empty() {
        // a side that cannot move has lost.
        return (Some(0.0), 0);
    }
    let r = engine.search_with(
        pos,
        &[],
        Limits {
            depth: Some(LEAF_DEPTH),
            nodes,
        },
        &mut Round {
            outer: &mut *control,
            base,
        },
    );
    if r.depth < LEAF_DEPTH || r.best_move.is_none() {
        return (None, r.nodes);
    }
    let v = match r.score {
        Score::Win(_) => 1.0,
        Score::Loss(_) => 0.0,
        s => 1.0 / (1.0 + (-(score_value(s) as f64) / REWARD_SCALE).exp()),
    };
    (Some(v), r.nodes)
}

/// The IS-MCTS of [`HiddenSearch::IsMcts`](super::HiddenSearch) (see the [module](self)
/// documentation).
pub(super) fn search<R: Rng + ?Sized>(
    engine: &mut Engine,
    state: &InfoState,
    limits: Limits,
    config: HiddenConfig,
    belief: HiddenBelief,
    rng: &mut R,
    control: &mut dyn SearchControl,
) -> HiddenResult {
    let mut result = HiddenResult::NONE;
    if !proposes(state) {
        return result;
    }
    let count = config.worlds.max(1).saturating_mul(POOL_PER_WORLD);
    let pool = draw_worlds(state, count, config, rng, control);
    let (worlds, weights): (Vec<Game>, Vec<f64>) = match belief {
        HiddenBelief::Uniform => {
            let n = pool.len();
            (pool, vec![1.0; n])
        }
        HiddenBelief::Weighted(model) => {
            let weighed = weigh_worlds(state, pool, &model, control);
            let logs: Vec<f64> = weighed.iter().map(|w| w.1).collect();
            (
                weighed.into_iter().map(|w| w.0).collect(),
                super::belief::normalized(&logs),
            )
        }
    };
    if worlds.is_empty() {
        result.best_move = untried_candidates(state).choose(rng).copied();
        return result;
    }
    result.worlds = u32::try_from(worlds.len()).unwrap_or(u32::MAX);
    let total: f64 = weights.iter().sum();
    let refused = state.refused_this_turn();
    let side = state.side();
    let (max_depth, max_iterations) = match limits.depth {
        Some(d) => (d.max(1), u64::from(d.max(1)) * ITERATIONS_PER_DEPTH),
        None => (MAX_TREE_DEPTH, MAX_ITERATIONS),
    };
    // The root's mover is never read.
    let mut tree = vec![Node::new(None, side.other())];
    let mut iterations = 0u64;
    while iterations < max_iterations {
        if limits.nodes.is_some_and(|n| result.nodes >= n) || control.should_stop(result.nodes) {
            break;
        }
        // 1. Determinize.
        let mut x = rng.random::<f64>() * total;
        let mut w = worlds.len() - 1;
        for (i, weight) in weights.iter().enumerate() {
            if x < *weight {
                w = i;
                break;
            }
            x -= weight;
        }
        let mut pos = worlds[w].position().clone();
        let mut node = 0usize;
        let mut path = vec![0usize];
        // 2, 3. Select and expand.
        while path.len() <= max_depth as usize && pos.outcome().is_none() {
            let mut moves = pos.legal_moves().to_vec();
            if node == 0 {
                moves.retain(|m| !refused.contains(m));
            }
            if moves.is_empty() {
                break;
            }
            result.nodes += 1;
            let untried: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| !tree[node].children.iter().any(|&c| tree[c].mv == Some(*m)))
                .collect();
            if let Some(&m) = untried.choose(rng) {
                let child = tree.len();
                tree.push(Node::new(Some(m), pos.turn()));
                tree[node].children.push(child);
                pos.play_unchecked(m);
                path.push(child);
                break;
            }
            let mut best: Option<(usize, f64)> = None;
            let children = tree[node].children.clone();
            for c in children {
                let Some(m) = tree[c].mv else { continue };
                if !moves.contains(&m) {
                    continue;
                }
                tree[c].available += 1;
                let n = &tree[c];
                let ucb = n.mean()
                    + EXPLORATION
                        * (f64::from(n.available.max(1)).ln() / f64::from(n.visits.max(1))).sqrt();
                if best.is_none_or(|b| ucb > b.1) {
                    best = Some((c, ucb));
                }
            }
            let Some((c, _)) = best else { break };
            let Some(m) = tree[c].mv else { break };
            pos.play_unchecked(m);
            node = c;
            path.push(c);
        }
        // 4. Evaluate.
        let left = limits.nodes.map(|n| n.saturating_sub(result.nodes).max(1));
        let (value, nodes) = evaluate_leaf(engine, &pos, result.nodes, left, control);
        result.nodes += nodes;
        let Some(v) = value else { break };
        // 5. Back up.
        let leaf_turn = pos.turn();
        for &n in &path {
            let node = &mut tree[n];
            node.visits += 1;
            node.reward += if node.mover == leaf_turn { v } else { 1.0 - v };
        }
        result.depth = result
            .depth
            .max(u32::try_from(path.len() - 1).unwrap_or(u32::MAX));
        iterations += 1;
        if iterations.is_multiple_of(CHECK_EVERY) {
            let report = report(&tree, &result);
            if iterations.is_power_of_two() {
                control.on_iteration(&report);
            }
            if !control.should_deepen(&report) {
                break;
            }
        }
    }
    if let Some(c) = most_visited(&tree) {
        let n = &tree[c];
        result.best_move = n.mv;
        result.votes = n.visits;
        result.score = reward_score(n.mean());
    } else {
        result.best_move = untried_candidates(state).choose(rng).copied();
    }
    result
}

/// The root child visited most (ties to the better mean, then the first expanded).
fn most_visited(tree: &[Node]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for &c in &tree[0].children {
        let n = &tree[c];
        if n.visits == 0 {
            continue;
        }
        let better = match best {
            None => true,
            Some(b) => {
                n.visits > tree[b].visits
                    || (n.visits == tree[b].visits && n.mean() > tree[b].mean())
            }
        };
        if better {
            best = Some(c);
        }
    }
    best
}

/// A mean reward as a score in centi-units (the inverse of the leaf's logistic map).
fn reward_score(mean: f64) -> Score {
    let p = mean.clamp(0.001, 0.999);
    Score::Cp((REWARD_SCALE * (p / (1.0 - p)).ln()).round() as i32)
}

/// The progress so far as a [`SearchResult`]: the most visited move as the line.
fn report(tree: &[Node], result: &HiddenResult) -> SearchResult {
    let best = most_visited(tree);
    let m = best.and_then(|c| tree[c].mv);
    SearchResult {
        best_move: m,
        score: best.map_or(Score::Cp(0), |c| reward_score(tree[c].mean())),
        depth: result.depth,
        seldepth: result.depth,
        nodes: result.nodes,
        pv: m.into_iter().collect(),
        lines: Vec::new(),
        hashfull: 0,
    }
}
