//! The two pieces of every engine's loop over a node's children: the window with the best
//! score so far ([`Window`], fail-soft), and the principal-variation search of one child
//! ([`pvs`]).

use crate::tt::Bound;

/// A node's alpha-beta window and the best score among the children searched so far
/// (fail-soft: the best may lie outside the window). [`Window::offer`] takes each child's
/// score and says what it did; [`Window::bound`] is the table's bound of the node's best.
///
/// ```
/// use junqi_search::tt::Bound;
/// use junqi_search::{Step, Window};
/// let mut w = Window::new(0, 10, -100);
/// assert_eq!(w.offer(-5), Step::Better);
/// assert_eq!(w.offer(-7), Step::Worse);
/// assert_eq!(w.offer(4), Step::Raised);
/// assert_eq!((w.alpha, w.best, w.bound()), (4, 4, Bound::Exact));
/// assert_eq!(w.offer(12), Step::Cutoff);
/// assert_eq!(w.bound(), Bound::Lower);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The score a child must beat to raise the node's value (raised by the children).
    pub alpha: i32,
    /// The score at which the node is cut off.
    pub beta: i32,
    /// The best score so far.
    pub best: i32,
    /// Alpha at the node's start (for the bound).
    alpha0: i32,
}

/// What one child's score did to a [`Window`], in order: each step implies the ones before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    /// Not above the best so far.
    Worse,
    /// The best so far, not above alpha.
    Better,
    /// The best so far and above alpha, which it became, below beta.
    Raised,
    /// The best so far and at least beta: the node is cut off.
    Cutoff,
}

impl Window {
    /// The window (`alpha`, `beta`) of a node whose best so far is `best`: below every score
    /// when the node must play a child, its standing score when it may stand (alpha already
    /// raised to it; [`Window::stand`] raises it).
    #[inline]
    #[must_use]
    pub const fn new(alpha: i32, beta: i32, best: i32) -> Window {
        Window {
            alpha,
            beta,
            best,
            alpha0: alpha,
        }
    }

    /// The window (`alpha`, `beta`) of a quiescence node that may stand on `stand` (below
    /// beta): its best so far, and alpha raised to it.
    ///
    /// ```
    /// use junqi_search::Window;
    /// let w = Window::stand(-50, 50, 20);
    /// assert_eq!((w.alpha, w.best), (20, 20));
    /// ```
    #[inline]
    #[must_use]
    pub fn stand(alpha: i32, beta: i32, stand: i32) -> Window {
        Window {
            alpha: alpha.max(stand),
            beta,
            best: stand,
            alpha0: alpha,
        }
    }

    /// A child's score `s`: the best so far if above it, alpha raised if above alpha.
    #[inline]
    pub fn offer(&mut self, s: i32) -> Step {
        if s <= self.best {
            return Step::Worse;
        }
        self.best = s;
        if s <= self.alpha {
            return Step::Better;
        }
        self.alpha = s;
        if s >= self.beta {
            Step::Cutoff
        } else {
            Step::Raised
        }
    }

    /// The bound of the best score in the node's first window ([`Bound::of`]).
    #[inline]
    #[must_use]
    pub fn bound(&self) -> Bound {
        Bound::of(self.best, self.alpha0, self.beta)
    }
}

/// The principal-variation search of one child of a node whose window is (`alpha`, `beta`):
/// with the full window when `full` (the first child, or one that must be), else first with
/// the null window (`alpha`, `alpha + 1`) and `reduction` plies shallower (late-move
/// reduction, 0 for none), again at full depth if that reduced search beat alpha, and with
/// the full window if the score lands inside it; no search again once `stopped`.
///
/// `search(ctx, reduction, alpha, beta)` searches the child `reduction` plies shallower in the
/// node's window (`alpha`, `beta`) and gives its score for the node's player (a negamax search
/// turns the window and the score itself). Generic over both, it compiles to the loop written
/// out.
///
/// ```
/// use junqi_search::pvs;
/// // A child worth 5: a null window at alpha 3 fails high, the full window finds 5.
/// let mut windows = Vec::new();
/// let s = pvs(&mut windows, false, 1, 3, 10, |_| false, |w, r, a, b| {
///     w.push((r, a, b));
///     5.clamp(a, b)
/// });
/// assert_eq!(s, 5);
/// assert_eq!(windows, [(1, 3, 4), (0, 3, 4), (0, 3, 10)]);
/// ```
#[inline]
pub fn pvs<C: ?Sized>(
    ctx: &mut C,
    full: bool,
    reduction: i32,
    alpha: i32,
    beta: i32,
    stopped: impl Fn(&C) -> bool,
    mut search: impl FnMut(&mut C, i32, i32, i32) -> i32,
) -> i32 {
    if full {
        return search(ctx, 0, alpha, beta);
    }
    let mut s = search(ctx, reduction, alpha, alpha + 1);
    if s > alpha && reduction > 0 && !stopped(ctx) {
        s = search(ctx, 0, alpha, alpha + 1);
    }
    if s > alpha && s < beta && !stopped(ctx) {
        s = search(ctx, 0, alpha, beta);
    }
    s
}
