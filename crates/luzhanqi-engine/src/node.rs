//! What the two alpha-beta searches of 陸戰棋 (open play's [`SearchAgent`] and flip play's
//! [`FlipSearchAgent`]) share below the root: a position seen as a search node, the gain of an
//! attack and the quiescence search over the attacks. Each search keeps its own main search,
//! ordering and evaluation.
//!
//! [`SearchAgent`]: crate::SearchAgent
//! [`FlipSearchAgent`]: crate::flip::FlipSearchAgent

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
