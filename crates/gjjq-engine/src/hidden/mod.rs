//! Search for 暗式 (hidden play, R-37 … R-41): the engine sees only its own information state.
//!
//! The method is determinized search ("perfect-information Monte Carlo"): draw a few worlds
//! consistent with the state, each equally likely (R-41, [`WorldSampler`]), replay the visible
//! history in each ([`replay_world`]) and search each world's true position as if it were the
//! game; the proposal is the move the most worlds chose, ties going to the better mean score.
//! The worlds are searched depth by depth in rounds, so that a clock or a node limit that
//! ends the search mid-round still leaves the last full round's vote.
//!
//! A consistent world makes every proposal refused this turn illegal (R-41), so the vote never
//! repeats a refusal. When no world can be drawn (a state no referee could have told, or one
//! whose worlds the sampler keeps rejecting), the proposal is an untried candidate
//! ([`PlayerView::candidates`]), drawn uniformly.
//!
//! Two further agents are chosen with a [`HiddenAgent`] (issue 25):
//!
//! - **weighted beliefs** ([`HiddenBelief::Weighted`], module [`belief`]): the worlds are
//!   weighted by how likely the enemy's observed moves are in them under an [`OpponentModel`];
//!   the vote draws `pool × worlds` uniform worlds and resamples `worlds` of them by weight
//!   (sampling-importance-resampling), a world drawn twice voting twice;
//! - **information-set search** ([`HiddenSearch::IsMcts`], module [`ismcts`]): a
//!   single-observer IS-MCTS over the side's own information, each iteration in one world of a
//!   drawn pool (chosen by weight when beliefs are weighted);
//! - **averaging** ([`HiddenSearch::Average`]): the vote's rounds, and after each one every
//!   move some world chose searched in every world where it is legal (one ply shallower after
//!   the move); the proposal is the move of the best expected result over the worlds, so that
//!   a move that wins a piece in most worlds but loses the king in one pays for it.

use gjjq_core::{
    Game, Move,
    hidden::{InfoState, PlayerView, WorldSampler, replay_start, replay_world},
};
use rand::Rng;
use rand::seq::IndexedRandom;

use crate::{Engine, Limits, Score, SearchControl, SearchResult};

pub mod belief;
pub mod ismcts;

pub use belief::{OpponentModel, log_likelihood};

/// Which search a hidden-play agent runs (the engine option `HiddenSearch`).
///
/// # Examples
///
/// ```
/// use gjjq_engine::hidden::HiddenSearch;
/// assert_eq!(HiddenSearch::default(), HiddenSearch::Average);
/// assert_eq!("ismcts".parse::<HiddenSearch>(), Ok(HiddenSearch::IsMcts));
/// assert!("mcts".parse::<HiddenSearch>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HiddenSearch {
    /// Determinized search: search each world with the open-play engine and vote (`vote`, the
    /// agent of commit 44d942f).
    Vote,
    /// Single-observer information-set Monte Carlo tree search (`ismcts`, [`ismcts`]).
    IsMcts,
    /// Determinized search with averaging (`average`): after each round of the vote, every
    /// move some world chose is searched in every world where it is legal, one ply shallower
    /// after the move, and the proposal is the move of the best expected result over the
    /// worlds (a move that loses the king in one world in eight pays for it), among those
    /// legal in at least half of them. The default: the agent that measured best against
    /// 44d942f's (`docs/hidden.md`, "Matches").
    #[default]
    Average,
}

/// How a hidden-play agent weighs the consistent worlds (the engine option `HiddenBelief`).
///
/// # Examples
///
/// ```
/// use gjjq_engine::hidden::{HiddenBelief, OpponentModel};
/// assert_eq!(HiddenBelief::default(), HiddenBelief::Uniform);
/// assert_eq!(
///     "weighted".parse::<HiddenBelief>(),
///     Ok(HiddenBelief::Weighted(OpponentModel::default()))
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum HiddenBelief {
    /// Every consistent world equally likely (`uniform`).
    #[default]
    Uniform,
    /// Worlds weighted by the opponent model (`weighted`, [`belief`]).
    Weighted(OpponentModel),
}

/// A hidden-play agent: its search and its belief over worlds. The default averages over
/// uniform worlds ([`Engine::search_hidden`]).
///
/// # Examples
///
/// ```
/// use gjjq_engine::hidden::{HiddenAgent, HiddenBelief, HiddenSearch};
/// let a = HiddenAgent::default();
/// assert_eq!((a.search, a.belief), (HiddenSearch::Average, HiddenBelief::Uniform));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HiddenAgent {
    /// The search.
    pub search: HiddenSearch,
    /// The belief over worlds.
    pub belief: HiddenBelief,
}

/// A value that is not one of an option's names.
///
/// # Examples
///
/// ```
/// use gjjq_engine::hidden::HiddenSearch;
/// let e = "mcts".parse::<HiddenSearch>().unwrap_err();
/// assert_eq!(e.to_string(), "'mcts' is not one of vote, ismcts, average");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{value}' is not one of {expected}")]
pub struct ParseAgentError {
    /// The value given.
    pub value: String,
    /// The names accepted.
    pub expected: &'static str,
}

/// The option value of the search (`vote`, `ismcts`, `average`), as [`str::parse`] reads it.
///
/// # Examples
///
/// ```
/// use gjjq_engine::hidden::HiddenSearch;
/// assert_eq!(HiddenSearch::IsMcts.to_string(), "ismcts");
/// assert_eq!("average".parse::<HiddenSearch>(), Ok(HiddenSearch::Average));
/// ```
impl std::fmt::Display for HiddenSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            HiddenSearch::Vote => "vote",
            HiddenSearch::IsMcts => "ismcts",
            HiddenSearch::Average => "average",
        })
    }
}

impl std::str::FromStr for HiddenSearch {
    type Err = ParseAgentError;

    fn from_str(s: &str) -> Result<HiddenSearch, ParseAgentError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "vote" => Ok(HiddenSearch::Vote),
            "ismcts" => Ok(HiddenSearch::IsMcts),
            "average" => Ok(HiddenSearch::Average),
            _ => Err(ParseAgentError {
                value: s.to_owned(),
                expected: "vote, ismcts, average",
            }),
        }
    }
}

impl std::str::FromStr for HiddenBelief {
    type Err = ParseAgentError;

    fn from_str(s: &str) -> Result<HiddenBelief, ParseAgentError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "uniform" => Ok(HiddenBelief::Uniform),
            "weighted" => Ok(HiddenBelief::Weighted(OpponentModel::default())),
            _ => Err(ParseAgentError {
                value: s.to_owned(),
                expected: "uniform, weighted",
            }),
        }
    }
}

/// Settings of a hidden-play search.
///
/// # Examples
///
/// ```
/// use gjjq_engine::HiddenConfig;
/// let c = HiddenConfig::default();
/// assert_eq!((c.worlds, c.max_tries), (8, 20_000));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HiddenConfig {
    /// How many consistent worlds to draw and search (at least 1 is used).
    pub worlds: u32,
    /// How many rejected draws the sampler may make for one world before giving up
    /// ([`WorldSampler::max_tries`]); the worlds drawn so far are still searched.
    pub max_tries: u32,
}

impl Default for HiddenConfig {
    fn default() -> HiddenConfig {
        HiddenConfig {
            worlds: 8,
            max_tries: 20_000,
        }
    }
}

/// The result of a hidden-play search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HiddenResult {
    /// The proposal; `None` only when it is not the state's side's turn or the game is over
    /// (or, never in a state a referee told, when there is no candidate at all).
    pub best_move: Option<Move>,
    /// The mean score of `best_move` over the worlds that chose it (`Cp(0)` for a fallback).
    pub score: Score,
    /// How many worlds were drawn and searched (0: the proposal is a fallback candidate).
    pub worlds: u32,
    /// How many of them chose `best_move`.
    pub votes: u32,
    /// The depth of the last round completed in every world.
    pub depth: u32,
    /// Nodes searched over all worlds.
    pub nodes: u64,
}

impl HiddenResult {
    /// No proposal, nothing searched: what every agent answers when it is not to propose.
    pub(crate) const NONE: HiddenResult = HiddenResult {
        best_move: None,
        score: Score::Cp(0),
        worlds: 0,
        votes: 0,
        depth: 0,
        nodes: 0,
    };
}

/// Whether `state`'s side is to propose: the game goes on and it is that side's turn.
pub(crate) fn proposes(state: &InfoState) -> bool {
    state.outcome().is_none() && state.turn() == state.side()
}

/// The candidates of `state`'s side ([`PlayerView::candidates`]) not yet refused this turn
/// (R-38): what a proposer may still try. A superset of the legal moves, so never empty while
/// the side is to move in a state a referee told.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
/// use gjjq_engine::hidden::untried_candidates;
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// let before = untried_candidates(game.info_state(Side::Red));
/// let m = before[0];
/// if !game.propose(Side::Red, m)?.played {
///     let after = untried_candidates(game.info_state(Side::Red));
///     assert_eq!(after.len() + 1, before.len());
///     assert!(!after.contains(&m));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn untried_candidates(state: &InfoState) -> Vec<Move> {
    let refused = state.refused_this_turn();
    PlayerView::new(state)
        .candidates()
        .iter()
        .copied()
        .filter(|m| !refused.contains(m))
        .collect()
}

/// A score as one number, for means (a win sooner is worth more).
fn score_value(s: Score) -> i64 {
    const WIN: i64 = 1_000_000;
    match s {
        Score::Cp(c) => i64::from(c),
        Score::Win(n) => WIN - i64::from(n),
        Score::Loss(n) => -WIN + i64::from(n),
    }
}

/// The tally of one round: votes and score sum per move, in the order first chosen.
#[derive(Default)]
struct Tally {
    entries: Vec<(Move, u32, i64)>,
}

impl Tally {
    /// A world that chose `m` with `score`, voting `weight` times (its multiplicity).
    fn add(&mut self, m: Move, score: Score, weight: u32) {
        self.merge(m, weight, score_value(score) * i64::from(weight));
    }

    fn merge(&mut self, m: Move, votes: u32, sum: i64) {
        if let Some(e) = self.entries.iter_mut().find(|e| e.0 == m) {
            e.1 += votes;
            e.2 += sum;
        } else {
            self.entries.push((m, votes, sum));
        }
    }

    /// The most voted move, ties to the better mean score, then to the first chosen.
    fn winner(&self) -> Option<(Move, u32, Score)> {
        let mut best: Option<&(Move, u32, i64)> = None;
        for e in &self.entries {
            let better = match best {
                None => true,
                Some(b) => e.1 > b.1 || (e.1 == b.1 && e.2 * i64::from(b.1) > b.2 * i64::from(e.1)),
            };
            if better {
                best = Some(e);
            }
        }
        best.map(|&(m, votes, sum)| {
            let mean = sum / i64::from(votes);
            let score = if mean >= 500_000 {
                Score::Win(u32::try_from(1_000_000 - mean).unwrap_or(u32::MAX))
            } else if mean <= -500_000 {
                Score::Loss(u32::try_from(mean + 1_000_000).unwrap_or(u32::MAX))
            } else {
                Score::Cp(i32::try_from(mean).unwrap_or(0))
            };
            (m, votes, score)
        })
    }
}

impl Engine {
    /// Choose a proposal for `state`'s side with `agent`'s search and belief (see the
    /// [module](crate::hidden) documentation); [`Engine::search_hidden_with`] is this with the
    /// default agent. The limits, `control` and the result mean the same for every agent; for
    /// [`HiddenSearch::IsMcts`](crate::hidden::HiddenSearch::IsMcts) see [`ismcts`](crate::hidden::ismcts) for what `depth` and `votes` count.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
    /// use gjjq_engine::{Engine, EngineConfig, HiddenConfig, Limits};
    /// use gjjq_engine::hidden::{HiddenAgent, HiddenBelief, HiddenSearch, OpponentModel};
    /// use rand::{SeedableRng, rngs::StdRng};
    /// let game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
    /// let mut engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
    /// let agent = HiddenAgent {
    ///     search: HiddenSearch::IsMcts,
    ///     belief: HiddenBelief::Weighted(OpponentModel::default()),
    /// };
    /// let side = game.turn();
    /// let r = engine.search_hidden_agent_with(game.info_state(side), Limits::nodes(5_000),
    ///     HiddenConfig { worlds: 2, ..HiddenConfig::default() }, agent,
    ///     &mut StdRng::seed_from_u64(1), &mut gjjq_engine::hidden::NoControl);
    /// assert!(game.game().legal_moves().contains(&r.best_move.expect("a proposal")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// The worlds are drawn, searched depth by depth and voted on (or searched by the
    /// information-set search of [`HiddenSearch::IsMcts`]).
    pub fn search_hidden_agent_with<R: Rng + ?Sized>(
        &mut self,
        state: &InfoState,
        limits: Limits,
        config: HiddenConfig,
        agent: HiddenAgent,
        rng: &mut R,
        control: &mut dyn SearchControl,
    ) -> HiddenResult {
        let engine = self;
        if agent.search == HiddenSearch::IsMcts {
            return ismcts::search(engine, state, limits, config, agent.belief, rng, control);
        }
        let mut result = HiddenResult::NONE;
        if !proposes(state) {
            return result;
        }
        let worlds = match agent.belief {
            HiddenBelief::Uniform => draw_worlds(state, config.worlds, config, rng, control)
                .into_iter()
                .map(|w| (w, 1))
                .collect(),
            HiddenBelief::Weighted(model) => resampled_worlds(state, config, &model, rng, control),
        };
        if worlds.is_empty() {
            result.best_move = untried_candidates(state).choose(rng).copied();
            return result;
        }
        result.worlds = worlds.iter().map(|w| w.1).sum();
        let max_depth = limits.depth.unwrap_or(Limits::MAX_DEPTH).max(1);
        let mut partial = Tally::default();
        for depth in 1..=max_depth {
            let mut round = Tally::default();
            let mut choices: Vec<(Move, Score)> = Vec::with_capacity(worlds.len());
            let mut complete = true;
            for (world, weight) in &worlds {
                let nodes = match limits.nodes {
                    Some(n) if result.nodes >= n => {
                        complete = false;
                        break;
                    }
                    Some(n) => Some(n - result.nodes),
                    None => None,
                };
                let r = engine.search_with(
                    world.position(),
                    world.keys(),
                    Limits {
                        depth: Some(depth),
                        nodes,
                    },
                    &mut Round {
                        outer: &mut *control,
                        base: result.nodes,
                    },
                );
                result.nodes += r.nodes;
                if let Some(m) = r.best_move {
                    if r.depth >= depth {
                        round.add(m, r.score, *weight);
                        choices.push((m, r.score));
                    } else {
                        partial.add(m, r.score, *weight);
                    }
                }
                if r.depth < depth || control.should_stop(result.nodes) {
                    complete = false;
                    break;
                }
            }
            if !complete {
                // The worlds this round did finish still vote if no round completed.
                for &(m, votes, sum) in &round.entries {
                    partial.merge(m, votes, sum);
                }
                break;
            }
            let Some((mut m, mut votes, mut score)) = round.winner() else {
                break;
            };
            if agent.search == HiddenSearch::Average && choices.len() == worlds.len() {
                match cross_evaluate(
                    engine,
                    &worlds,
                    &choices,
                    depth,
                    limits,
                    &mut result,
                    control,
                ) {
                    Some((best, expected)) => {
                        m = best;
                        votes = worlds
                            .iter()
                            .zip(&choices)
                            .filter(|(_, c)| c.0 == best)
                            .map(|(w, _)| w.1)
                            .sum();
                        score = expected;
                    }
                    // Cut short: the last complete depth's choice stays; at the first depth
                    // there is none, and this depth's plain vote (complete in every world)
                    // is still better than a fallback candidate.
                    None => {
                        if result.best_move.is_none() {
                            (result.best_move, result.votes, result.score, result.depth) =
                                (Some(m), votes, score, depth);
                        }
                        break;
                    }
                }
            }
            (result.best_move, result.votes, result.score, result.depth) =
                (Some(m), votes, score, depth);
            let report = SearchResult {
                best_move: Some(m),
                score,
                depth,
                seldepth: depth,
                nodes: result.nodes,
                pv: vec![m],
                lines: Vec::new(),
                hashfull: 0,
            };
            control.on_iteration(&report);
            if !control.should_deepen(&report) {
                break;
            }
        }
        if result.best_move.is_none()
            && let Some((m, votes, score)) = partial.winner()
        {
            (result.best_move, result.votes, result.score) = (Some(m), votes, score);
        }
        if result.best_move.is_none() {
            // Stopped before any world was searched: still a proposal, never none while it
            // is the side's turn.
            result.best_move = untried_candidates(state).choose(rng).copied();
        }
        result
    }
}

/// A score as the expected result of the game for the side it is for: 1 a win, 0 a loss, a
/// logistic of the centi-units between (400 centi-units ≈ 76 %).
fn expected_result(s: Score) -> f64 {
    match s {
        Score::Win(_) => 1.0,
        Score::Loss(_) => 0.0,
        Score::Cp(c) => 1.0 / (1.0 + (-f64::from(c) / 400.0).exp()),
    }
}

/// An expected result back as a score in centi-units.
fn result_score(p: f64) -> Score {
    let p = p.clamp(0.001, 0.999);
    Score::Cp((400.0 * (p / (1.0 - p)).ln()).round() as i32)
}

/// The averaging step of [`HiddenSearch::Average`]: every move some world chose at
/// `depth` (`choices`, one per world) is searched in every other world where it is legal,
/// at `depth − 1` after the move; the proposal is the move of the best expected result
/// ([`expected_result`]) over the worlds where it is legal, weighted by the worlds'
/// multiplicities, among the moves legal in at least half of the weight. `None` when the
/// control or the node limit cut the step short.
fn cross_evaluate(
    engine: &mut Engine,
    worlds: &[(Game, u32)],
    choices: &[(Move, Score)],
    depth: u32,
    limits: Limits,
    result: &mut HiddenResult,
    control: &mut dyn SearchControl,
) -> Option<(Move, Score)> {
    let mut candidates: Vec<(Move, f64, f64)> = Vec::new();
    for &(m, _) in choices {
        if !candidates.iter().any(|c| c.0 == m) {
            candidates.push((m, 0.0, 0.0));
        }
    }
    let child_depth = depth.saturating_sub(1).max(1);
    for ((world, weight), &(own, own_score)) in worlds.iter().zip(choices) {
        let w = f64::from(*weight);
        for c in &mut candidates {
            let value = if c.0 == own {
                expected_result(own_score)
            } else if world.position().is_legal(c.0) {
                let nodes = match limits.nodes {
                    Some(n) if result.nodes >= n => return None,
                    Some(n) => Some(n - result.nodes),
                    None => None,
                };
                let mut child = world.position().clone();
                child.play_unchecked(c.0);
                let r = engine.search_with(
                    &child,
                    world.keys(),
                    Limits {
                        depth: Some(child_depth),
                        nodes,
                    },
                    &mut Round {
                        outer: &mut *control,
                        base: result.nodes,
                    },
                );
                result.nodes += r.nodes;
                if child.outcome().is_some() || child.legal_moves().is_empty() {
                    // The move ends the game: R-21 … R-23 decide it for the mover.
                    match child.outcome().and_then(|o| o.winner()) {
                        Some(winner) if winner == child.turn() => 0.0,
                        None if child.outcome().is_some() => 0.5,
                        _ => 1.0,
                    }
                } else {
                    if r.depth < child_depth || control.should_stop(result.nodes) {
                        return None;
                    }
                    1.0 - expected_result(r.score)
                }
            } else {
                // Illegal there: the proposal would be refused, which decides nothing.
                continue;
            };
            c.1 += w * value;
            c.2 += w;
        }
    }
    let most = candidates.iter().map(|c| c.2).fold(0.0, f64::max);
    candidates
        .iter()
        .filter(|c| c.2 * 2.0 >= most)
        .fold(None::<(Move, f64)>, |best, c| {
            let mean = c.1 / c.2;
            match best {
                Some(b) if b.1 >= mean => Some(b),
                _ => Some((c.0, mean)),
            }
        })
        .map(|(m, p)| (m, result_score(p)))
}

/// Up to `count` consistent worlds (at least 1), uniformly drawn and replayed to the state's
/// last move. `control` is asked while drawing, so `movetime` and `stop` hold however long the
/// draws would take (issue 26): the worlds drawn until then are searched.
pub(crate) fn draw_worlds<R: Rng + ?Sized>(
    state: &InfoState,
    count: u32,
    config: HiddenConfig,
    rng: &mut R,
    control: &mut dyn SearchControl,
) -> Vec<Game> {
    let mut sampler = WorldSampler::new(state);
    sampler.max_tries = config.max_tries.max(1);
    let mut worlds = Vec::new();
    for _ in 0..count.max(1) {
        let mut stop = || control.should_stop(0);
        // A drawn world passed the same replay; a failure here would be a sampler bug, and
        // the world is then simply not searched.
        let game = if state.is_endgame() {
            // A hidden endgame (docs/rules.md, "Hidden endgames"): a world is a start
            // position with the enemy's force, not a deployment.
            let Ok(start) = sampler.draw_start_until(rng, &mut stop) else {
                break;
            };
            replay_start(state, &start)
        } else {
            let Ok(enemy) = sampler.draw_until(rng, &mut stop) else {
                break;
            };
            replay_world(state, &enemy)
        };
        if let Ok(game) = game {
            worlds.push(game);
        }
    }
    worlds
}

/// The log-weights of `worlds` under `model` (the state's enemy's moves), as long as
/// `control` lets the weighting go on: the worlds not weighted when it stops are dropped.
pub(crate) fn weigh_worlds(
    state: &InfoState,
    mut worlds: Vec<Game>,
    model: &OpponentModel,
    control: &mut dyn SearchControl,
) -> Vec<(Game, f64)> {
    let enemy = state.side().other();
    let mut weighed = Vec::with_capacity(worlds.len());
    for world in worlds.drain(..) {
        // Always weigh one world, so that a stop leaves something to search.
        if !weighed.is_empty() && control.should_stop(0) {
            break;
        }
        let l = log_likelihood(&world, enemy, model);
        weighed.push((world, l));
    }
    weighed
}

/// The worlds a vote with weighted beliefs ([`HiddenBelief::Weighted`]) searches: of
/// `model.pool × config.worlds` uniformly drawn consistent worlds, `config.worlds` draws with
/// replacement in proportion to their weights under `model`
/// (sampling-importance-resampling); each world with the number of times it was drawn (its
/// votes), in the order first drawn. Empty when no world can be drawn.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
/// use gjjq_engine::HiddenConfig;
/// use gjjq_engine::hidden::{OpponentModel, believed_worlds};
/// use rand::{SeedableRng, rngs::StdRng};
/// let mut rng = StdRng::seed_from_u64(2);
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.play_out(&mut rng, 10);
/// let state = game.info_state(Side::Red);
/// let config = HiddenConfig { worlds: 4, ..HiddenConfig::default() };
/// let worlds = believed_worlds(state, config, &OpponentModel::default(), &mut rng);
/// assert_eq!(worlds.iter().map(|w| w.1).sum::<u32>(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn believed_worlds<R: Rng + ?Sized>(
    state: &InfoState,
    config: HiddenConfig,
    model: &OpponentModel,
    rng: &mut R,
) -> Vec<(Game, u32)> {
    resampled_worlds(state, config, model, rng, &mut NoControl)
}

/// Sampling-importance-resampling: `model.pool × config.worlds` uniform worlds, weighted by
/// `model`, and `config.worlds` draws from them with replacement in proportion to the weights;
/// each world chosen with the number of times it was drawn, in the order first drawn.
fn resampled_worlds<R: Rng + ?Sized>(
    state: &InfoState,
    config: HiddenConfig,
    model: &OpponentModel,
    rng: &mut R,
    control: &mut dyn SearchControl,
) -> Vec<(Game, u32)> {
    let keep = config.worlds.max(1);
    let pool = draw_worlds(
        state,
        keep.saturating_mul(model.pool.max(1)),
        config,
        rng,
        control,
    );
    let weighed = weigh_worlds(state, pool, model, control);
    if weighed.is_empty() {
        return Vec::new();
    }
    let logs: Vec<f64> = weighed.iter().map(|w| w.1).collect();
    let weights = belief::normalized(&logs);
    let total: f64 = weights.iter().sum();
    let mut order: Vec<(usize, u32)> = Vec::new();
    for _ in 0..keep {
        let mut x = rng.random::<f64>() * total;
        let mut pick = weights.len() - 1;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                pick = i;
                break;
            }
            x -= w;
        }
        match order.iter_mut().find(|e| e.0 == pick) {
            Some(e) => e.1 += 1,
            None => order.push((pick, 1)),
        }
    }
    let mut games: Vec<Option<Game>> = weighed.into_iter().map(|w| Some(w.0)).collect();
    order
        .into_iter()
        .filter_map(|(i, n)| games[i].take().map(|g| (g, n)))
        .collect()
}

/// A control that never stops (the limits alone end the search), here beside the hidden
/// searches that take one.
pub use crate::vocabulary::NoControl;

/// The outer control seen by one world's search: it may stop the search, but the per-world
/// iterations are neither reported nor cut short (the round decides when to deepen).
/// Nodes are counted over the whole hidden search (`base` before this world).
struct Round<'a> {
    outer: &'a mut dyn SearchControl,
    base: u64,
}

impl SearchControl for Round<'_> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        self.outer.should_stop(self.base + nodes)
    }
}
