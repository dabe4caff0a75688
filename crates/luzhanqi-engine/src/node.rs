//! What the two alpha-beta searches of 陸戰棋 (open play's [`SearchAgent`] and flip play's
//! [`FlipSearchAgent`]) share: a position seen as a search node, the gain of an attack, the
//! order of the moves between known pieces, the quiescence search over the attacks, and the
//! principal-variation search itself (its nodes, its root and its iterative deepening) over a
//! [`Search`]. Each search keeps its own options, children and evaluation.
//!
//! [`SearchAgent`]: crate::SearchAgent
//! [`FlipSearchAgent`]: crate::flip::FlipSearchAgent

use std::ops::ControlFlow;
use std::time::Instant;

use junqi_search::tt::Bound;
use junqi_search::{Best, Deepening, Limits, Step, Tables, Window, deepen, pvs, root_loop};
use luzhanqi::{AttackOutcome, Combat, Kind, Side};

use crate::eval::WIN;

/// The deepest ply the search tables cover (main search and quiescence together).
pub(crate) const MAX_PLY: usize = 128;

/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 256;

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
    /// The history index of a move `a` (from × to), `None` for an action without one.
    fn history_index(a: Self::Action) -> Option<usize>;
}

/// The search's memory for a node's actions: the table, killers, history by from × to, path
/// and node budget (the clock looked at every [`CLOCK_INTERVAL`] nodes, and read only under a
/// time limit).
pub(crate) fn tables<A: Copy + PartialEq>(tt: junqi_search::tt::Table<A>) -> Tables<A> {
    Tables::new(tt, MAX_PLY, 60 * 60, CLOCK_INTERVAL)
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

/// The order score of `a`, a move of `pos` between known pieces and empty points, at a node
/// whose table move is `tt` and killers `killers`: the table's move first, then the attacks
/// that gain or trade evenly (by gain), the killers, the quiet moves (by history), the attacks
/// that lose material and last those that lose the attacker.
#[inline]
pub(crate) fn order_score<N: Node>(
    t: &Tables<N::Action>,
    pos: &N,
    a: N::Action,
    tt: Option<N::Action>,
    killers: [Option<N::Action>; 2],
) -> i32 {
    if Some(a) == tt {
        i32::MAX
    } else if let Some((outcome, gain)) = attack_gain(pos, a) {
        match outcome {
            AttackOutcome::AttackerRemoved => -1_000_000 + gain,
            _ if gain >= 0 => 1_000_000 + gain,
            _ => -500_000 + gain,
        }
    } else if killers[0] == Some(a) {
        900_000
    } else if killers[1] == Some(a) {
        899_000
    } else {
        N::history_index(a).map_or(0, |i| t.history(i))
    }
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
    alpha: i32,
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
    let mut w = Window::stand(alpha, beta, stand);
    let mut caps: Vec<(i32, N::Action)> = pos
        .actions()
        .into_iter()
        .filter_map(|a| {
            let (outcome, gain) = attack_gain(pos, a)?;
            (outcome != AttackOutcome::AttackerRemoved).then_some((gain, a))
        })
        .collect();
    caps.sort_by_key(|c| std::cmp::Reverse(c.0));
    for (gain, a) in caps {
        // Delta pruning: even the whole gain and a margin do not reach alpha.
        if stand + gain + 200 <= w.alpha && gain < WIN / 4 {
            continue;
        }
        let mut child = pos.clone();
        child.play(a);
        let s = -quiesce(t, max_q, &child, -beta, -w.alpha, ply + 1, q + 1);
        if t.budget.stopped() {
            return 0;
        }
        if w.offer(s) == Step::Cutoff {
            break;
        }
    }
    w.best
}

/// The start of a main-search node of `pos`, `depth` plies deep in (`alpha`, `beta`), `ply`
/// plies from the root: settled at once (`Break` with its score) by the quiescence search at
/// depth 0, a spent budget, a decided position, a repetition on the path (unless
/// `repetition_off`: a line with a pass repeats nothing real), the deepest ply, or a table
/// entry that cuts off; else `Continue` with its key and the table's best action to search.
#[allow(clippy::too_many_arguments)] // the search's node state, passed as the main search's is
#[inline]
fn enter<N: Node>(
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

/// The action of a [`Search`]'s nodes.
pub(crate) type Act<S> = <<S as Search>::Node as Node>::Action;

/// One of 陸戰棋's alpha-beta searches as [`search`] drives it: its tables, a node's options in
/// search order, and how each option's child is searched. Open play's options are its moves,
/// each a child position; flip play's are its moves, its chance actions (an expectation over
/// the unseen pieces) and its flips taken as one pass.
pub(crate) trait Search {
    /// The positions searched.
    type Node: Node;
    /// An option of a node: what is searched as one child.
    type Option: Copy;
    /// An option's child made ready to search (by [`Search::prepare`]).
    type Child;

    /// The table, killers, history, path and node budget.
    fn tables(&self) -> &Tables<Act<Self>>;
    /// The same, to change.
    fn tables_mut(&mut self) -> &mut Tables<Act<Self>>;
    /// The deepest quiescence search below the main search's leaves, in plies.
    fn max_q(&self) -> u32;
    /// Whether a repetition on the path is no draw here (a line with a pass repeats nothing
    /// real).
    fn repetition_off(&self) -> bool;
    /// The options of `pos`, `ply` plies from the root, in search order with their order
    /// scores, `tt` the table's best action.
    fn options(
        &mut self,
        pos: &Self::Node,
        tt: Option<Act<Self>>,
        ply: usize,
    ) -> Vec<(i32, Self::Option)>;
    /// The score of `pos` without options for its player to act, `ply` plies from the root.
    fn no_options(pos: &Self::Node, ply: usize) -> i32;
    /// The action of option `o`.
    fn action(o: Self::Option) -> Act<Self>;
    /// Whether `o` is searched with the full window only (an expectation).
    fn full(o: Self::Option) -> bool;
    /// How many plies shallower the `i`-th option `o` (of order score `order`) of a node
    /// `depth` plies deep is searched first (late-move reduction).
    fn reduction(&self, pos: &Self::Node, i: usize, order: i32, o: Self::Option, depth: i32)
    -> i32;
    /// Whether `o` is a quiet move: one that cuts off is the ply's killer and earns history.
    fn quiet(pos: &Self::Node, o: Self::Option) -> bool;
    /// The child of option `o` of `pos`, ready to search.
    fn prepare(&mut self, pos: &Self::Node, o: Self::Option) -> Self::Child;
    /// The score for `pos`'s player to act of option `o`, its `child` searched `depth` plies
    /// deep in the window (`alpha`, `beta`) of `pos`, `ply` plies from the root.
    #[allow(clippy::too_many_arguments)] // the search's node state, passed as the nodes' is
    fn value(
        &mut self,
        pos: &Self::Node,
        child: &Self::Child,
        o: Self::Option,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32;
    /// Done with a child (what [`Search::prepare`] did undone).
    fn release(&mut self, child: Self::Child);
}

/// The principal-variation search of `pos`, `depth` plies deep in (`alpha`, `beta`), `ply`
/// plies from the root, for its player to act: settled at once where [`enter`] settles it,
/// else its options in order, each searched by [`pvs`] (the first and the expectations with
/// the full window, the others with a null window first, reduced by
/// [`Search::reduction`]), until one cuts off; a quiet move that cuts off is rewarded, the
/// best score stored in the table. 0 once the budget is spent.
pub(crate) fn search<S: Search>(
    s: &mut S,
    pos: &S::Node,
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    let (max_q, off) = (s.max_q(), s.repetition_off());
    let (key, tt) = match enter(s.tables_mut(), max_q, pos, depth, alpha, beta, ply, off) {
        ControlFlow::Break(v) => return v,
        ControlFlow::Continue(c) => c,
    };
    let options = s.options(pos, tt, ply);
    if options.is_empty() {
        return S::no_options(pos, ply);
    }
    let mut w = Window::new(alpha, beta, -WIN - 1);
    let mut best = None;
    for (i, &(order, o)) in options.iter().enumerate() {
        let full = i == 0 || S::full(o);
        let r = if full {
            0
        } else {
            s.reduction(pos, i, order, o, depth)
        };
        let child = s.prepare(pos, o);
        let v = pvs(s, full, r, w.alpha, beta, stopped, |s, r, a, b| {
            s.value(pos, &child, o, depth - 1 - r, a, b, ply)
        });
        s.release(child);
        if stopped(s) {
            return 0;
        }
        let step = w.offer(v);
        if step > Step::Worse {
            best = Some(S::action(o));
        }
        if step == Step::Cutoff {
            if S::quiet(pos, o) {
                let a = S::action(o);
                let h = S::Node::history_index(a);
                s.tables_mut().reward(ply, a, h, depth);
            }
            break;
        }
    }
    let bound = w.bound();
    s.tables_mut()
        .tt
        .store(key, depth, w.best, bound, best, ply);
    w.best
}

/// Whether `s`'s budget is spent.
#[inline]
fn stopped<S: Search>(s: &S) -> bool {
    s.tables().budget.stopped()
}

/// One iteration at the root over `root` (in order) `depth` plies deep: the best action and
/// its score, or `None` if stopped before the first was searched. A better option moves to
/// the front ([`root_loop`]), the best is stored in the table as exact.
pub(crate) fn root<S: Search>(
    s: &mut S,
    pos: &S::Node,
    root: &mut Vec<S::Option>,
    depth: i32,
) -> Option<(Act<S>, i32)> {
    let beta = WIN + 1;
    let best = root_loop(root, |o, alpha, first| {
        let child = s.prepare(pos, o);
        let v = pvs(
            s,
            first || S::full(o),
            0,
            alpha,
            beta,
            stopped,
            |s, _, a, b| s.value(pos, &child, o, depth - 1, a, b, 0),
        );
        s.release(child);
        (!stopped(s)).then_some(v)
    });
    let (o, v) = best?;
    let a = S::action(o);
    s.tables_mut()
        .tt
        .store(pos.key(), depth, v, Bound::Exact, Some(a), 0);
    Some((a, v))
}

/// Iterative deepening over `root` (in order, the tables begun) under `limits` from `start`
/// ([`Limits::start`]): the best action with its score and depth, `None` when `root` is
/// empty.
pub(crate) fn iterate<S: Search>(
    s: &mut S,
    pos: &S::Node,
    mut root: Vec<S::Option>,
    limits: &Limits,
    start: Option<Instant>,
) -> Option<Best<Act<S>>> {
    let first = S::action(*root.first()?);
    let plan = Deepening {
        single: root.len() == 1,
        ..Deepening::within(limits, start, Limits::DEFAULT_DEPTH)
    };
    Some(deepen(
        first,
        &plan,
        |depth| {
            let best = self::root(s, pos, &mut root, depth as i32);
            s.tables().budget.iteration(best)
        },
        |_| {},
    ))
}
