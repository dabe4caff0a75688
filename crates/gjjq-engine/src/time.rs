//! Time management: how long to think, from `go`'s clock or `movetime`. Pure arithmetic; the
//! clock itself is the caller's.

use gjjq_core::{Move, Side};

use crate::protocol::GoParams;

/// How long one search may take, in milliseconds from its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeBudget {
    /// The target: no new iteration starts once half of it has passed (the next one would
    /// most likely not finish in time).
    pub soft_ms: u64,
    /// The search is aborted when this has passed.
    pub hard_ms: u64,
}

impl TimeBudget {
    /// Whether a new iteration should start after `elapsed_ms`, the best move having stayed
    /// the same for the last `stable` iterations (1: it just changed or is the first).
    ///
    /// - `movetime` (soft = hard): use all of it; the hard limit aborts the last iteration.
    /// - a clock: the next iteration takes longer than all before it together, so none starts
    ///   once half of a target has passed. The target is the soft limit scaled by stability:
    ///   ×1.5 when the best move just changed, ×1 after two iterations in a row, ×0.5 after
    ///   four or more (stop early on a stable best move); never past the hard limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_engine::time::TimeBudget;
    /// let t = TimeBudget { soft_ms: 100, hard_ms: 300 };
    /// assert!(t.deepen(60, 1)); // unstable: target 150, half of it is 75
    /// assert!(!t.deepen(60, 2)); // target 100
    /// assert!(!t.deepen(30, 5)); // stable: target 50
    /// let movetime = TimeBudget { soft_ms: 100, hard_ms: 100 };
    /// assert!(movetime.deepen(99, 9) && !movetime.deepen(100, 1));
    /// ```
    #[must_use]
    pub fn deepen(&self, elapsed_ms: u64, stable: u32) -> bool {
        if elapsed_ms >= self.hard_ms {
            return false;
        }
        if self.soft_ms == self.hard_ms {
            return true;
        }
        let target = match stable {
            0 | 1 => self.soft_ms.saturating_mul(3) / 2,
            2 | 3 => self.soft_ms,
            _ => self.soft_ms / 2,
        }
        .min(self.hard_ms);
        elapsed_ms.saturating_mul(2) < target
    }
}

/// How many completed iterations in a row have had the same best move.
///
/// # Examples
///
/// ```
/// use gjjq_core::Move;
/// use gjjq_engine::time::Stability;
/// let a: Move = "5B5A".parse().unwrap();
/// let b: Move = "5B5C".parse().unwrap();
/// let mut s = Stability::default();
/// assert_eq!(s.update(Some(a)), 1);
/// assert_eq!(s.update(Some(a)), 2);
/// assert_eq!(s.update(Some(b)), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stability {
    best: Option<Move>,
    count: u32,
}

impl Stability {
    /// Record an iteration's best move; the number of iterations in a row it has been best.
    pub fn update(&mut self, best: Option<Move>) -> u32 {
        if best.is_some() && best == self.best {
            self.count = self.count.saturating_add(1);
        } else {
            self.best = best;
            self.count = 1;
        }
        self.count
    }
}

/// Moves still to play when `go` does not say (`movestogo`).
const DEFAULT_MOVES_TO_GO: u64 = 30;

/// The budget for `side` under `go`, keeping `overhead_ms` for the answer to reach the
/// arbiter. `None` when no time limit applies (`infinite`, or only `depth`/`nodes`).
///
/// - `movetime M`: soft = hard = M − overhead.
/// - clock `T` + increment `I` with `movestogo N` (30 if absent): soft = T/N + ¾·I, hard =
///   3·soft, both at most ⅘ of T − overhead.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Move, Side};
/// use gjjq_engine::protocol::GoParams;
/// use gjjq_engine::time::{TimeBudget, budget};
/// let go = GoParams { movetime: Some(100), ..GoParams::default() };
/// assert_eq!(budget(&go, Side::Red, 10), Some(TimeBudget { soft_ms: 90, hard_ms: 90 }));
/// let go = GoParams { wtime: Some(10_000), winc: Some(100), btime: Some(1), ..GoParams::default() };
/// let b = budget(&go, Side::Red, 10).unwrap();
/// assert_eq!(b.soft_ms, 9_990 / 30 + 75);
/// assert_eq!(b.hard_ms, 3 * b.soft_ms);
/// assert!(budget(&go, Side::Green, 10).unwrap().hard_ms <= 1);
/// assert_eq!(budget(&GoParams { depth: Some(4), ..GoParams::default() }, Side::Red, 10), None);
/// ```
#[must_use]
pub fn budget(go: &GoParams, side: Side, overhead_ms: u64) -> Option<TimeBudget> {
    if go.infinite {
        return None;
    }
    if let Some(m) = go.movetime {
        let t = m.saturating_sub(overhead_ms).max(1);
        return Some(TimeBudget {
            soft_ms: t,
            hard_ms: t,
        });
    }
    let (time, inc) = go.clock(side)?;
    let available = time.saturating_sub(overhead_ms);
    let cap = (available / 5).saturating_mul(4).max(1);
    let moves_to_go = go.movestogo.map_or(DEFAULT_MOVES_TO_GO, u64::from).max(1);
    let soft = (available / moves_to_go)
        .saturating_add(inc / 4 * 3)
        .min(cap);
    Some(TimeBudget {
        soft_ms: soft.max(1),
        hard_ms: soft.saturating_mul(3).min(cap).max(1),
    })
}
