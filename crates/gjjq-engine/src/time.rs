//! Time management: how long to think, from `go`'s clock or `movetime`. Pure arithmetic; the
//! clock itself is the caller's.

use gjjq_core::Side;

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
/// use gjjq_core::Side;
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
