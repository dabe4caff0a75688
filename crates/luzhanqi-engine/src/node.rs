//! What the two alpha-beta searches of 陸戰棋 (open play's [`SearchAgent`] and flip play's
//! [`FlipSearchAgent`]) share below the root: a position seen as a search node, the gain of an
//! attack and the quiescence search over the attacks. Each search keeps its own main search,
//! ordering and evaluation.
//!
//! [`SearchAgent`]: crate::SearchAgent
//! [`FlipSearchAgent`]: crate::flip::FlipSearchAgent

use std::ops::ControlFlow;

use junqi_search::Tables;
use luzhanqi::{AttackOutcome, Combat, Kind, Side};

use crate::eval::WIN;

/// The deepest ply the search tables cover (main search and quiescence together).
pub(crate) const MAX_PLY: usize = 128;

/// A 陸戰棋 position as a node of a search.
pub(crate) trait Node: Clone {
    /// What the player to act does.
    type Action: Copy + PartialEq;
    /// The legal actions.
    type Actions: IntoIterator<Item = Self::Action>;

    /// The legal actions of the node.
    fn actions(&self) -> Self::Actions;
    /// The node's Zobrist key.
    fn key(&self) -> u64;
    /// The plies since the last irreversible action (the window of repetition).
    fn reversible_plies(&self) -> usize;
    /// The attack `a` between known pieces, if it is one, and the side that makes it.
    fn attack(&self, a: Self::Action) -> Option<(Combat, Side)>;
    /// The value of one of `side`'s pieces of `kind` here.
    fn value(&self, side: Side, kind: Kind) -> i32;
    /// The score of a decided node for the player to act, `ply` plies from the root.
    fn terminal(&self, ply: usize) -> Option<i32>;
    /// The static evaluation for the player to act.
    fn evaluate(&self) -> i32;
    /// Play `a` (no chance outcome: an attack between known pieces).
    fn play(&mut self, a: Self::Action);
}

/// The outcome of attack `a` of `pos` and its material gain for the attacker (a flag taken is
/// worth half a win); `None` for anything but an attack between known pieces.
pub(crate) fn attack_gain<N: Node>(pos: &N, a: N::Action) -> Option<(AttackOutcome, i32)> {
    let (c, us) = pos.attack(a)?;
    let dv = if c.defender == Kind::Flag {
        WIN / 2
    } else {
        pos.value(us.other(), c.defender)
    };
    let av = pos.value(us, c.attacker);
    let gain = match c.outcome {
        AttackOutcome::DefenderRemoved => dv,
        AttackOutcome::BothRemoved => dv - av,
        AttackOutcome::AttackerRemoved => -av,
    };
    Some((c.outcome, gain))
}

/// The quiescence search below the main search's leaves, `q` plies deep of at most `max_q`:
/// the player to act stands on the evaluation or plays an attack that does not simply lose
/// the attacker, best gain first, those whose whole gain and a margin do not reach alpha
/// pruned (delta pruning). Every node is counted in `t`'s budget; 0 once it is spent.
#[allow(clippy::too_many_arguments)] // the search's node state, passed as the main search's is
pub(crate) fn quiesce<N: Node>(
    t: &mut Tables<N::Action>,
    max_q: u32,
    pos: &N,
    mut alpha: i32,
    beta: i32,
    ply: usize,
    q: u32,
) -> i32 {
    t.budget.count();
    if t.budget.check() {
        return 0;
    }
    if let Some(s) = pos.terminal(ply) {
        return s;
    }
    let stand = pos.evaluate();
    if stand >= beta || q >= max_q || ply >= MAX_PLY - 1 {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut caps: Vec<(i32, N::Action)> = pos
        .actions()
        .into_iter()
        .filter_map(|a| {
            let (outcome, gain) = attack_gain(pos, a)?;
            (outcome != AttackOutcome::AttackerRemoved).then_some((gain, a))
        })
        .collect();
    caps.sort_by_key(|c| std::cmp::Reverse(c.0));
    let mut best = stand;
    for (gain, a) in caps {
        // Delta pruning: even the whole gain and a margin do not reach alpha.
        if stand + gain + 200 <= alpha && gain < WIN / 4 {
            continue;
        }
        let mut child = pos.clone();
        child.play(a);
        let s = -quiesce(t, max_q, &child, -beta, -alpha, ply + 1, q + 1);
        if t.budget.stopped() {
            return 0;
        }
        if s > best {
            best = s;
            if s > alpha {
                alpha = s;
                if s >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The start of a main-search node of `pos`, `depth` plies deep in (`alpha`, `beta`), `ply`
/// plies from the root: settled at once (`Break` with its score) by the quiescence search at
/// depth 0, a spent budget, a decided position, a repetition on the path (unless
/// `repetition_off`: a line with a pass repeats nothing real), the deepest ply, or a table
/// entry that cuts off; else `Continue` with its key and the table's best action to search.
#[allow(clippy::too_many_arguments)] // the search's node state, passed as the main search's is
#[inline]
pub(crate) fn enter<N: Node>(
    t: &mut Tables<N::Action>,
    max_q: u32,
    pos: &N,
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    repetition_off: bool,
) -> ControlFlow<i32, (u64, Option<N::Action>)> {
    if depth <= 0 {
        return ControlFlow::Break(quiesce(t, max_q, pos, alpha, beta, ply, 0));
    }
    t.budget.count();
    if t.budget.check() {
        return ControlFlow::Break(0);
    }
    if let Some(s) = pos.terminal(ply) {
        return ControlFlow::Break(s);
    }
    if ply > 0 && !repetition_off && t.repeated(pos.key(), pos.reversible_plies()) {
        return ControlFlow::Break(0);
    }
    if ply >= MAX_PLY - 1 {
        return ControlFlow::Break(pos.evaluate());
    }
    let key = pos.key();
    let entry = t.tt.probe(key);
    if ply > 0
        && let Some(s) = entry.and_then(|e| e.cutoff(depth, alpha, beta, ply))
    {
        return ControlFlow::Break(s);
    }
    ControlFlow::Continue((key, entry.and_then(|e| e.best)))
}
