//! The iterative-deepening root loop every search shares.

use std::time::{Duration, Instant};

use crate::{Limits, WIN, WIN_BOUND, now};

/// What one iteration at the root gave: its best action and score (`None` when it was stopped
/// before any action was searched), and whether the search was stopped during it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Iteration<A> {
    /// The best action and its score, if any action was searched to the end.
    pub best: Option<(A, i32)>,
    /// Whether the search was stopped (a stopped iteration's best is still a fully searched
    /// action that beat the previous best, searched first).
    pub stopped: bool,
}

impl<A> Iteration<A> {
    /// An iteration that ran to its end.
    #[must_use]
    pub fn done(best: Option<(A, i32)>) -> Iteration<A> {
        Iteration {
            best,
            stopped: false,
        }
    }
}

/// The best action so far, its score and the deepest completed iteration (0: none completed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Best<A> {
    /// The action to play.
    pub action: A,
    /// Its score for the player to move at the root.
    pub score: i32,
    /// The deepest completed iteration, in plies.
    pub depth: u32,
}

/// How far [`deepen`] goes: the deepest iteration, whether the root has one action only (one
/// iteration then), and the time limit with its start (no new iteration once
/// `1 / time_share` of it has passed: it would most likely not finish).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deepening {
    /// The deepest iteration ([`Limits::max_depth`](crate::Limits::max_depth)).
    pub max_depth: u32,
    /// The root has one action: one iteration, for its score.
    pub single: bool,
    /// The search's start and time limit, when it has one (read with [`now`]).
    pub clock: Option<(Instant, Duration)>,
    /// No iteration begins once `elapsed × time_share ≥ limit`.
    pub time_share: u32,
}

impl Deepening {
    /// Up to `max_depth`, no time limit, several root actions, a time share of 2.
    #[must_use]
    pub fn new(max_depth: u32) -> Deepening {
        Deepening {
            max_depth,
            single: false,
            clock: None,
            time_share: 2,
        }
    }

    /// As deep as `limits` let a search go ([`Limits::max_depth`], `unlimited` when they give
    /// no limit at all), under their time limit from `start` (the clock at the search's start,
    /// [`Limits::start`]); one root action or several, a time share of 2.
    ///
    /// ```
    /// use std::time::Duration;
    /// use junqi_search::{Deepening, Limits};
    /// let limits = Limits::time(Duration::from_millis(50));
    /// let plan = Deepening::within(&limits, limits.start(), 4);
    /// assert_eq!(plan.max_depth, 64);
    /// assert_eq!(plan.clock.map(|(_, t)| t), limits.time);
    /// assert_eq!(Deepening::within(&Limits::default(), None, 4), Deepening::new(4));
    /// ```
    #[must_use]
    pub fn within(limits: &Limits, start: Option<Instant>, unlimited: u32) -> Deepening {
        Deepening {
            clock: start.zip(limits.time),
            ..Deepening::new(limits.max_depth(unlimited))
        }
    }
}

/// Iterative deepening: `iterate(depth)` for depth 1, 2, … `plan.max_depth`, keeping the best
/// action so far (`first` until an iteration finds one). A stopped iteration's best action is
/// kept, its depth not counted; the loop ends when the search is stopped, after one
/// iteration when the root has a single action, when a win or loss is found (a score beyond
/// [`WIN_BOUND`]) or when the time share is spent. `info` is told every completed iteration.
///
/// The root search itself (its window, its move order from one iteration to the next) is the
/// engine's, inside `iterate`.
///
/// ```
/// use junqi_search::{Deepening, Iteration, WIN, deepen};
/// // A win found at depth 2 ends the loop.
/// let mut seen = Vec::new();
/// let best = deepen(0u8, &Deepening::new(10), |d| {
///     Iteration::done(Some((d as u8, if d == 2 { WIN - 2 } else { 0 })))
/// }, |b| seen.push(b.depth));
/// assert_eq!((best.action, best.depth, seen), (2, 2, vec![1, 2]));
/// ```
pub fn deepen<A: Copy>(
    first: A,
    plan: &Deepening,
    mut iterate: impl FnMut(u32) -> Iteration<A>,
    mut info: impl FnMut(&Best<A>),
) -> Best<A> {
    let mut best = Best {
        action: first,
        score: 0,
        depth: 0,
    };
    for depth in 1..=plan.max_depth {
        let it = iterate(depth);
        if let Some((a, s)) = it.best {
            best.action = a;
            best.score = s;
            if !it.stopped {
                best.depth = depth;
                info(&best);
            }
        }
        if it.stopped || plan.single {
            break;
        }
        if best.score > WIN_BOUND || best.score < -WIN_BOUND {
            break;
        }
        if let Some((s, t)) = plan.clock
            && now().duration_since(s) * plan.time_share >= t
        {
            break;
        }
    }
    best
}

/// One iteration's loop over the root's actions (`root`, in the order to try them): each is
/// scored by `score(action, alpha, first)` for the player to move, `alpha` the best score so
/// far (below every score at first) and `first` for the first action (the engine searches it
/// with the full window, the others with a null window first); `None` when the search was
/// stopped meanwhile, which ends the loop. An action that raises alpha is the best so far and
/// moves to the front, so that the next iteration searches it first. Gives the best and its
/// score, `None` if stopped before the first was scored.
///
/// ```
/// use junqi_search::root_loop;
/// let mut root = vec!['a', 'b', 'c', 'd'];
/// let value = |x: char| match x { 'a' => 1, 'b' => 5, 'c' => 3, _ => 7 };
/// let best = root_loop(&mut root, |x, _, _| Some(value(x)));
/// assert_eq!(best, Some(('d', 7)));
/// assert_eq!(root, ['d', 'b', 'a', 'c']);
/// ```
pub fn root_loop<T: Copy>(
    root: &mut Vec<T>,
    mut score: impl FnMut(T, i32, bool) -> Option<i32>,
) -> Option<(T, i32)> {
    let mut alpha = -WIN - 1;
    let mut best = None;
    for i in 0..root.len() {
        let x = root[i];
        let Some(s) = score(x, alpha, i == 0) else {
            break;
        };
        if s > alpha {
            alpha = s;
            best = Some((x, s));
            let x = root.remove(i);
            root.insert(0, x);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stopped iteration's action is kept, its depth is not, and the loop ends.
    #[test]
    fn a_stopped_iteration_keeps_its_action_not_its_depth() {
        let best = deepen(
            'x',
            &Deepening::new(8),
            |d| Iteration {
                best: Some((if d < 3 { 'a' } else { 'b' }, d as i32)),
                stopped: d == 3,
            },
            |_| {},
        );
        assert_eq!((best.action, best.score, best.depth), ('b', 3, 2));
    }

    /// One root action: one iteration; nothing found: the first action, depth 0.
    #[test]
    fn a_single_action_is_searched_once() {
        let mut calls = 0;
        let plan = Deepening {
            single: true,
            ..Deepening::new(8)
        };
        let best = deepen(
            'x',
            &plan,
            |_| {
                calls += 1;
                Iteration::done(None)
            },
            |_| {},
        );
        assert_eq!((best.action, best.depth, calls), ('x', 0, 1));
    }

    /// A spent time share starts no new iteration (a zero limit: one iteration).
    #[test]
    fn a_spent_time_share_ends_the_loop() {
        let plan = Deepening {
            clock: Some((now(), Duration::ZERO)),
            ..Deepening::new(8)
        };
        let best = deepen('x', &plan, |_| Iteration::done(Some(('a', 1))), |_| {});
        assert_eq!(best.depth, 1);
    }
}
