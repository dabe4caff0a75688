//! The heuristic flip agent: every action scored one enemy reply deep, averaged over what a
//! flip may reveal.

use luzhanqi::flip::{FlipAction, FlipPosition};
use luzhanqi::{AttackOutcome, Kind, Side, Square};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use super::eval::{flag_open, piece_value, takes_flag};
use super::{FlipChoice, FlipResult, actions_of};
use crate::eval::distance;
use crate::{Agent, AgentError, Limits};

/// Taking the enemy flag, or (negated) leaving the own flag to be taken.
const FLAG: f64 = 50_000.0;
/// Subtracted from an attack known to lose the attacker and nothing else.
const KNOWN_LOSS: f64 = 1_000_000.0;
/// The share of the own best capture after an action (the enemy replies first) that counts.
const THREAT_SHARE: f64 = 0.3;
/// Per step toward the nearest enemy face-up piece the mover beats.
const HUNT_STEP: f64 = 3.0;
/// Per step toward an attackable enemy flag.
const FLAG_STEP: f64 = 10.0;
/// Per step of an engineer toward an enemy landmine while the enemy flag is protected.
const ENGINEER_STEP: f64 = 5.0;

/// The yardstick of 翻棋 that is not random. For every legal action it averages, over the
/// pieces a flip may reveal (with their probabilities), a score made of:
///
/// - the material an attack wins or loses for certain (the pieces are face up: the result is
///   known); an attack that only loses the attacker is never played while anything else is
///   legal; taking the flag ends the game;
/// - minus the most the enemy can win with one attack afterwards (no piece left hanging, no
///   flip that reveals an own piece beside an enemy that takes it; the flag guarded);
/// - plus 0.3 of the most it could itself win with one attack afterwards (a
///   flip beside an own strong piece that may reveal an enemy to take);
/// - for moves: steps toward the nearest enemy face-up piece the mover beats, toward an
///   attackable enemy flag, and for engineers toward the landmines that protect it.
///
/// Ties are broken by its seeded generator. Before the colours are settled every flip scores
/// the same.
///
/// ```
/// use luzhanqi::flip::FlipPosition;
/// use luzhanqi_engine::flip::FlipHeuristicAgent;
/// use luzhanqi_engine::{Agent, Limits};
/// // A red marshal beside a blue division commander: take it.
/// let pos: FlipPosition =
///     "?????/?????/?1?1?/??1??/?1?1?/????d/????S/?1?1?/??1??/?1?1?/?????/????? 1 r \
///      JDDBBTTYYCCCPPPEEEZZLLLFsjdbbttyycccpppeeezzlllf 0 2".parse()?;
/// let c = FlipHeuristicAgent::new(1).choose(&pos, &[], &Limits::default())?;
/// assert_eq!(c.action.to_string(), "e6e7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct FlipHeuristicAgent {
    rng: StdRng,
}

impl FlipHeuristicAgent {
    /// A heuristic agent seeded with `seed` (it breaks ties).
    #[must_use]
    pub fn new(seed: u64) -> FlipHeuristicAgent {
        FlipHeuristicAgent {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The score of `a` in `pos` (the average over the pieces it may reveal).
    #[must_use]
    pub fn score(pos: &FlipPosition, a: FlipAction) -> f64 {
        if pos.is_chance(a) {
            pos.chance_outcomes()
                .iter()
                .map(|o| o.probability * local(pos, a, Some(o.piece)))
                .sum()
        } else {
            local(pos, a, None)
        }
    }
}

/// The value of a piece removed from `side` in `pos`, or of taking its flag.
fn value(pos: &FlipPosition, side: Side, kind: Kind) -> f64 {
    if kind == Kind::Flag {
        FLAG
    } else {
        f64::from(piece_value(pos, side, kind))
    }
}

/// The best gain of one attack by the player to act in `pos` (0 if none gains).
fn best_attack(pos: &FlipPosition) -> f64 {
    let Some(us) = pos.side_to_act() else {
        return 0.0;
    };
    let mut best: f64 = 0.0;
    for a in pos.legal_actions() {
        if pos.is_chance(a) {
            continue;
        }
        if let Some(c) = pos.combat(a, None) {
            let mut g = 0.0;
            if c.defender_removed() {
                g += value(pos, us.other(), c.defender);
            }
            if c.attacker_removed() {
                g -= value(pos, us, c.attacker);
            }
            best = best.max(g);
        }
    }
    best
}

/// The nearest distance from `from` to a point of `targets`.
fn nearest(from: Square, targets: impl Iterator<Item = Square>) -> Option<i32> {
    targets.map(|t| distance(from, t)).min()
}

/// Steps gained toward useful targets by the move `from → to` of a `kind` of `us`.
fn approach(pos: &FlipPosition, us: Side, kind: Kind, from: Square, to: Square) -> f64 {
    let board = pos.face_up();
    let them = us.other();
    let mut s = 0.0;
    let prey: Vec<Square> = board
        .side_pieces(them)
        .iter()
        .filter(|&e| {
            board.piece_at(e).is_some_and(|d| {
                let c = luzhanqi::Combat::resolve(kind, d.kind, pos.ruleset());
                d.kind != Kind::Flag
                    && kind != Kind::Bomb
                    && c.outcome == AttackOutcome::DefenderRemoved
            })
        })
        .collect();
    if let (Some(a), Some(b)) = (
        nearest(from, prey.iter().copied()),
        nearest(to, prey.iter().copied()),
    ) {
        s += HUNT_STEP * f64::from(a - b);
    }
    if let Some(f) = board.pieces(them, Kind::Flag).first() {
        if flag_open(pos, them) {
            if takes_flag(pos, kind) {
                s += FLAG_STEP * f64::from(distance(from, f) - distance(to, f));
            }
        } else if kind == Kind::Engineer {
            let mines = board.pieces(them, Kind::Landmine);
            if let (Some(a), Some(b)) = (nearest(from, mines.iter()), nearest(to, mines.iter())) {
                s += ENGINEER_STEP * f64::from(a - b);
            }
        }
    }
    s
}

/// The score of `a` once it revealed `revealed` (see [`FlipHeuristicAgent`]).
fn local(pos: &FlipPosition, a: FlipAction, revealed: Option<luzhanqi::Piece>) -> f64 {
    let me = pos.player_to_act();
    let mut child = pos.clone();
    child.apply_unchecked(a, revealed);
    let Some(us) = child.colour_of(me) else {
        return 0.0;
    };
    if let Some(o) = child.outcome() {
        return match o.winner() {
            Some(w) if w == us => 2.0 * FLAG,
            Some(_) => -2.0 * FLAG,
            None => 0.0,
        };
    }
    let mut s = 0.0;
    if let Some(c) = pos.combat(a, revealed) {
        if c.defender_removed() {
            s += value(pos, us.other(), c.defender);
        }
        if c.attacker_removed() {
            s -= value(pos, us, c.attacker);
            if !c.defender_removed() && !pos.is_chance(a) {
                s -= KNOWN_LOSS;
            }
        }
    }
    // The enemy's best attack in reply.
    s -= best_attack(&child);
    // The own best attack, were the enemy to do nothing.
    if let Some(sq) = child.face_down().first() {
        let mut passed = child.clone();
        passed.apply_unchecked(FlipAction::Flip(sq), None);
        s += THREAT_SHARE * best_attack(&passed);
    }
    if let FlipAction::Move(m) = a
        && let Some(p) = pos.piece_at(m.from)
    {
        s += approach(pos, us, p.kind, m.from, m.to);
    }
    s
}

impl Agent<FlipPosition, FlipChoice, AgentError> for FlipHeuristicAgent {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, pos: &FlipPosition, _: &[u64], _: &Limits) -> FlipResult {
        let actions = actions_of(pos)?;
        let scored: Vec<(f64, FlipAction)> = actions
            .iter()
            .map(|&a| (FlipHeuristicAgent::score(pos, a), a))
            .collect();
        let best = scored.iter().map(|s| s.0).fold(f64::NEG_INFINITY, f64::max);
        let ties: Vec<FlipAction> = scored
            .iter()
            .filter(|s| s.0 >= best - 1e-9)
            .map(|s| s.1)
            .collect();
        let &action = ties.choose(&mut self.rng).unwrap_or(&actions[0]);
        Ok(FlipChoice {
            action,
            score: best.clamp(-1e9, 1e9) as i32,
            depth: 0,
            nodes: actions.len() as u64,
        })
    }
}
