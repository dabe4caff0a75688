//! Belief over worlds (暗式, R-41): how likely the enemy's observed moves are in a world.
//!
//! The uniform sampler ([`WorldSampler`](gjjq_core::hidden::WorldSampler)) makes every world
//! consistent with the information state equally likely. The opponent model below weights a
//! world by the probability that an enemy who stood in that world would have chosen the moves
//! it was seen to make: at every enemy move of the replayed world, each legal move `m` of the
//! enemy gets the value `q(m)`, its static exchange ([`crate::see::static_exchange`]: what the
//! move wins or hangs once the exchange on its destination is played out, a king capture
//! counting [`crate::see::KING_VALUE`]; a move onto an empty point the opponent does not
//! attack is valued 0 without computing it); the enemy is modelled as choosing by a softmax over
//! these values at temperature `T`, mixed with a uniform choice (`ε`) so that one surprising
//! move lowers a world's weight by at most a factor `ε / n` instead of zeroing it:
//!
//! ```text
//! p(m) = (1 − ε) · exp(q(m) / T) / Σ exp(q(m') / T)  +  ε / n
//! ```
//!
//! A world's log-weight is `Σ ln p(observed move)` over the last `horizon` enemy moves. The
//! model is a modelling choice, not a rule: the enemy did not see our kinds either, so it is a
//! full-information caricature of the enemy (it takes free material, does not hang pieces,
//! takes a king it can reach). Its cost is one static exchange per enemy legal move per
//! scored enemy move per world (see `docs/hidden.md` for measured times).

use gjjq_core::{Game, Move, Position, Side};

use crate::see::exchange_unchecked;

/// The opponent model of weighted beliefs (see the [module](self) documentation).
///
/// # Examples
///
/// ```
/// use gjjq_engine::hidden::OpponentModel;
/// let m = OpponentModel::default();
/// assert_eq!((m.temperature, m.epsilon, m.pool, m.horizon), (150.0, 0.1, 2, 24));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpponentModel {
    /// The softmax temperature `T`, in centi-units of the evaluation (an infantry is 600).
    pub temperature: f64,
    /// The weight `ε` of the uniform choice mixed in (the floor of a surprising move), in
    /// `[0, 1]`.
    pub epsilon: f64,
    /// Candidate worlds drawn per world kept: the vote draws `pool × worlds` uniform worlds
    /// and resamples `worlds` of them by weight (at least 1 is used).
    pub pool: u32,
    /// Only the last `horizon` enemy moves are scored (0: all of them), which bounds the cost
    /// in long games.
    pub horizon: u32,
}

impl Default for OpponentModel {
    fn default() -> OpponentModel {
        OpponentModel {
            temperature: 150.0,
            epsilon: 0.1,
            pool: 2,
            horizon: 24,
        }
    }
}

/// The log-likelihood of `enemy`'s moves in `world` (a replayed world, see
/// [`replay_world`](gjjq_core::hidden::replay_world)) under `model`: the sum over its last
/// `model.horizon` moves of `ln p(move)` (see the [module](self) documentation). Always finite
/// and at most 0; 0 when the enemy never had a choice.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Game, Position, Side};
/// use gjjq_engine::hidden::{OpponentModel, log_likelihood};
/// let mut game = Game::new(Position::default());
/// let m = game.legal_moves()[0];
/// game.play(m)?;
/// let l = log_likelihood(&game, game.start().turn(), &OpponentModel::default());
/// assert!(l < 0.0 && l.is_finite());
/// assert_eq!(log_likelihood(&game, game.start().turn().other(), &OpponentModel::default()), 0.0);
/// # Ok::<(), gjjq_core::GameError>(())
/// ```
#[must_use]
pub fn log_likelihood(world: &Game, enemy: Side, model: &OpponentModel) -> f64 {
    let mut plies: Vec<(Position, Move)> = world
        .plies()
        .filter(|(pos, _)| pos.turn() == enemy)
        .collect();
    if model.horizon > 0 {
        let skip = plies.len().saturating_sub(model.horizon as usize);
        plies.drain(..skip);
    }
    let t = if model.temperature > 0.0 {
        model.temperature
    } else {
        1.0
    };
    let eps = model.epsilon.clamp(0.0, 1.0);
    let mut total = 0.0;
    for (pos, played) in plies {
        let moves = pos.legal_moves();
        let n = moves.len();
        if n <= 1 {
            continue;
        }
        let values: Vec<f64> = moves
            .iter()
            .map(|&m| f64::from(move_value(&pos, m)) / t)
            .collect();
        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let z: f64 = values.iter().map(|v| (v - max).exp()).sum();
        let soft = moves
            .iter()
            .position(|&m| m == played)
            .map_or(0.0, |i| (values[i] - max).exp() / z);
        let p = (1.0 - eps) * soft + eps / n as f64;
        // p > 0 unless ε = 0 and the move was impossible: the floor keeps it finite.
        total += p.max(1e-12).ln();
    }
    total
}

/// The model's value of a legal move `m`: its static exchange, taken as 0 without computing
/// it for a move onto an empty point the opponent does not attack (nothing is won there and,
/// but for a line the move itself opens, nothing hangs).
fn move_value(pos: &Position, m: Move) -> i32 {
    let them = pos.turn().other();
    if pos.piece_at(m.to()).is_none() && !pos.is_attacked(m.to(), them) {
        0
    } else {
        exchange_unchecked(pos, m)
    }
}

/// Weights `exp(l − max l)` for log-likelihoods `logs` (the largest is 1).
pub(crate) fn normalized(logs: &[f64]) -> Vec<f64> {
    let max = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    logs.iter().map(|l| (l - max).exp()).collect()
}
