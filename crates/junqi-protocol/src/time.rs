//! Time management shared by the engines: how long to think, from `go`'s clock or `movetime`.
//! Pure arithmetic, no game: the clock a side reads is its [`Seat`], which the game names
//! (国际军棋's Red and 陸戰棋's Red read `wtime`). The clock itself is the caller's.

use std::time::Duration;

use crate::command::{GoParams, Seat};

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
    /// use junqi_protocol::time::TimeBudget;
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

    /// The time an agent is given: the soft part less `reserve_ms` kept back for what the
    /// agent does not time, at least 1 ms.
    ///
    /// ```
    /// use std::time::Duration;
    /// use junqi_protocol::time::TimeBudget;
    /// let t = TimeBudget { soft_ms: 100, hard_ms: 300 };
    /// assert_eq!(t.soft_less(20), Duration::from_millis(80));
    /// assert_eq!(t.soft_less(500), Duration::from_millis(1));
    /// ```
    #[must_use]
    pub fn soft_less(&self, reserve_ms: u64) -> Duration {
        Duration::from_millis(self.soft_ms.saturating_sub(reserve_ms).max(1))
    }
}

/// Moves still to play when `go` does not say (`movestogo`).
const DEFAULT_MOVES_TO_GO: u64 = 30;

/// What the engine process itself may take beyond its search, in milliseconds, besides the
/// `Move Overhead` option's allowance for the answer's way to the controller: reading
/// `position` and `go`, starting and stopping the search thread, writing `bestmove`, and
/// waiting for a core on a busy machine. Kept out of the clock before any budget is made.
pub const LATENCY_MS: u64 = 50;

/// The part of the clock no search may touch, for `time_ms` left and `overhead_ms` of
/// `Move Overhead`: the overhead, [`LATENCY_MS`], and a twentieth of the time left (a
/// late answer costs the game; a short search costs little).
///
/// # Examples
///
/// ```
/// use junqi_protocol::time::{LATENCY_MS, safety_margin};
/// assert_eq!(safety_margin(0, 10), 10 + LATENCY_MS);
/// assert_eq!(safety_margin(2_000, 10), 10 + LATENCY_MS + 100);
/// ```
#[must_use]
pub fn safety_margin(time_ms: u64, overhead_ms: u64) -> u64 {
    overhead_ms
        .saturating_add(LATENCY_MS)
        .saturating_add(time_ms / 20)
}

/// The budget for the side sitting at `seat` under `go`, keeping `overhead_ms` for the answer
/// to reach the controller. `None` when no time limit applies (`infinite`, or only
/// `depth`/`nodes`).
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
/// use junqi_protocol::{GoParams, Seat};
/// use junqi_protocol::time::{TimeBudget, budget, safety_margin};
/// let go = GoParams { movetime: Some(100), ..GoParams::default() };
/// assert_eq!(budget(&go, Seat::White, 10), Some(TimeBudget { soft_ms: 90, hard_ms: 90 }));
/// let go = GoParams { wtime: Some(10_000), winc: Some(100), btime: Some(1), ..GoParams::default() };
/// let b = budget(&go, Seat::White, 10).unwrap();
/// let available = 10_000 - safety_margin(10_000, 10);
/// assert_eq!(b.soft_ms, available / 30 + 75);
/// assert_eq!(b.hard_ms, 3 * b.soft_ms);
/// assert_eq!(budget(&go, Seat::Black, 10).unwrap().hard_ms, 1);
/// assert_eq!(budget(&GoParams { depth: Some(4), ..GoParams::default() }, Seat::White, 10), None);
/// ```
#[must_use]
pub fn budget(go: &GoParams, seat: Seat, overhead_ms: u64) -> Option<TimeBudget> {
    budget_with_clock(go, go.clock(seat), overhead_ms)
}

/// [`budget`] for a side whose clock the caller has read from `go`: a four-seat game's seat
/// ([`GoParams::seat_clock`], 四國軍棋). `clock` is (remaining time, increment), `None` when
/// `go` gave none for the seat.
///
/// # Examples
///
/// ```
/// use junqi_protocol::{Command, parse_command};
/// use junqi_protocol::time::{budget_with_clock, TimeBudget};
/// let Ok(Some(Command::Go(go))) = parse_command("go movetime 100") else { panic!() };
/// assert_eq!(budget_with_clock(&go, go.seat_clock('g'), 10),
///     Some(TimeBudget { soft_ms: 90, hard_ms: 90 }));
/// let Ok(Some(Command::Go(go))) = parse_command("go rtime 1 gtime 10000 ginc 100") else { panic!() };
/// assert_eq!(budget_with_clock(&go, go.seat_clock('r'), 10).unwrap().hard_ms, 1);
/// assert!(budget_with_clock(&go, go.seat_clock('g'), 10).unwrap().hard_ms > 100);
/// assert_eq!(budget_with_clock(&go, go.seat_clock('y'), 10), None);
/// ```
#[must_use]
pub fn budget_with_clock(
    go: &GoParams,
    clock: Option<(u64, u64)>,
    overhead_ms: u64,
) -> Option<TimeBudget> {
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
    let (time, inc) = clock?;
    let available = time.saturating_sub(safety_margin(time, overhead_ms));
    let moves_to_go = go.movestogo.map_or(DEFAULT_MOVES_TO_GO, u64::from).max(1);
    let soft = (available / moves_to_go)
        .saturating_add(inc / 4 * 3)
        .min(available / 4);
    let hard = soft.saturating_mul(3).min(available / 2);
    Some(TimeBudget {
        soft_ms: soft.max(1),
        hard_ms: hard.max(1),
    })
}
