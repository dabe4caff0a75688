//! Time management: how long to think, from `go`'s clock or `movetime`. Pure arithmetic; the
//! clock itself is the caller's. The game-independent part (the budget of a seat's clock, the
//! safety margin) is `junqi_protocol::time`'s, shared with 陸戰棋's engine; here is 国际军棋's
//! side of it (Red reads `wtime`) and the stability of the best move.

use gjjq_core::{Move, Side};

use junqi_protocol::GoParams;
pub use junqi_protocol::time::{LATENCY_MS, TimeBudget, safety_margin};

use crate::protocol::seat;

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

/// The budget for `side` under `go`, keeping `overhead_ms` for the answer to reach the
/// arbiter. `None` when no time limit applies (`infinite`, or only `depth`/`nodes`).
///
/// The arithmetic is [`junqi_protocol::time::budget`]'s, for `side`'s seat ([`seat`]):
///
/// - `movetime M`: soft = hard = M − overhead.
/// - clock `T` + increment `I` with `movestogo N` (30 if absent): of the time left less the
///   [`safety_margin`], `A = T − margin`, soft = A/N + ¾·I but at most A/4, hard = 3·soft but
///   at most A/2 (1 ms at least, when nothing is left). The hard limit never passes `T −
///   margin`, so an answer is in time whenever the process's own delay is within the margin;
///   and as the clock runs low the budget falls below the increment, so with an increment
///   the clock comes back instead of running out.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Move, Side};
/// use junqi_protocol::GoParams;
/// use gjjq_engine::time::{TimeBudget, budget, safety_margin};
/// let go = GoParams { movetime: Some(100), ..GoParams::default() };
/// assert_eq!(budget(&go, Side::Red, 10), Some(TimeBudget { soft_ms: 90, hard_ms: 90 }));
/// let go = GoParams { wtime: Some(10_000), winc: Some(100), btime: Some(1), ..GoParams::default() };
/// let b = budget(&go, Side::Red, 10).unwrap();
/// let available = 10_000 - safety_margin(10_000, 10);
/// assert_eq!(b.soft_ms, available / 30 + 75);
/// assert_eq!(b.hard_ms, 3 * b.soft_ms);
/// assert_eq!(budget(&go, Side::Green, 10).unwrap().hard_ms, 1);
/// assert_eq!(budget(&GoParams { depth: Some(4), ..GoParams::default() }, Side::Red, 10), None);
/// ```
#[must_use]
pub fn budget(go: &GoParams, side: Side, overhead_ms: u64) -> Option<TimeBudget> {
    junqi_protocol::time::budget(go, seat(side), overhead_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time: u64, inc: u64, moves_to_go: Option<u32>) -> GoParams {
        GoParams {
            wtime: Some(time),
            winc: Some(inc),
            btime: Some(time),
            binc: Some(inc),
            movestogo: moves_to_go,
            ..GoParams::default()
        }
    }

    /// Issue 41, item 25: whatever the clock, the increment and `movestogo`, the hard limit
    /// stays within the time left less the margin (or is the 1 ms floor), and soft ≤ hard.
    #[test]
    fn the_hard_limit_never_passes_the_time_left_less_the_margin() {
        let times = [
            0, 1, 5, 20, 39, 40, 41, 60, 100, 222, 300, 1_000, 2_000, 60_000,
        ];
        let incs = [0, 1, 10, 50, 100, 1_000, 10_000];
        for &t in &times {
            for &i in &incs {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    for overhead in [0, 10, 100] {
                        let b = budget(&clock(t, i, mtg), Side::Red, overhead).unwrap();
                        let room = t.saturating_sub(safety_margin(t, overhead));
                        assert!(
                            b.hard_ms <= room.max(1),
                            "t {t} inc {i} mtg {mtg:?} overhead {overhead}: {b:?}"
                        );
                        assert!(b.soft_ms <= b.hard_ms, "{b:?}");
                        assert!(safety_margin(t, overhead) >= overhead + LATENCY_MS);
                    }
                }
            }
        }
    }

    /// An engine that uses all of its hard limit and the whole latency allowance on every
    /// move, from a clock that starts low, never runs out with an increment that covers that
    /// allowance, and its clock comes back up.
    #[test]
    fn with_an_increment_a_low_clock_never_runs_out() {
        let overhead = 10;
        for (start, inc) in [
            (300, 50),
            (100, 50),
            (0, 50),
            (2_000, 50),
            (50, 45),
            (1, 100),
        ] {
            let mut t: u64 = start;
            for _ in 0..1_000 {
                let b = budget(&clock(t, inc, None), Side::Red, overhead).unwrap();
                let used = b.hard_ms + overhead + LATENCY_MS;
                // A budget of the 1 ms floor: no time was left to keep.
                assert!(
                    used <= t || b.hard_ms == 1,
                    "{start}+{inc}: {used} ms used of {t}"
                );
                t = t.saturating_sub(used) + inc;
            }
            assert!(t >= inc, "{start}+{inc}: the clock ends at {t}");
        }
    }
}
