//! The node count of a search and when it must end: the node limit, looked at every node; the
//! stop signal and the clock, looked at once an interval.

use std::cell::Cell;
use std::time::Instant;

use crate::{Iteration, Limits, StopSignal};

thread_local! {
    /// How often this thread read the clock through [`now`].
    static CLOCK_READS: Cell<u64> = const { Cell::new(0) };
}

/// The wall clock, as the searches read it: only under a time limit. Without one (node or
/// depth limits) a search never reads it, so it runs where there is no clock (on
/// `wasm32-unknown-unknown` `Instant::now` panics; the web page's worker gives node limits).
/// Each read is counted ([`clock_reads`]) so that tests can hold the searches to it.
#[must_use]
pub fn now() -> Instant {
    CLOCK_READS.with(|c| c.set(c.get() + 1));
    Instant::now()
}

/// How often this thread has read the clock through [`now`].
///
/// ```
/// let before = junqi_search::clock_reads();
/// let _ = junqi_search::now();
/// assert_eq!(junqi_search::clock_reads(), before + 1);
/// ```
#[must_use]
pub fn clock_reads() -> u64 {
    CLOCK_READS.with(Cell::get)
}

/// A search's node count and stop rule. A node is counted with [`Budget::count`]; then
/// [`Budget::check`] says whether the search must end: at the node limit (looked at every
/// call), or, once every `interval` counted nodes, when the stop signal is raised or the
/// deadline has passed (the clock read only when there is a deadline). Once stopped it stays
/// stopped until [`Budget::start`].
///
/// ```
/// use junqi_search::{Budget, Limits};
/// let mut b = Budget::new(4);
/// b.start(&Limits::nodes(10), None);
/// let mut n = 0;
/// while { b.count(); !b.check() } { n += 1; }
/// assert_eq!((b.nodes(), n), (10, 9));
/// assert!(b.stopped());
/// ```
#[derive(Debug, Clone)]
pub struct Budget {
    nodes: u64,
    node_limit: u64,
    /// The count at which the signal and the clock are looked at next.
    next_check: u64,
    interval: u64,
    deadline: Option<Instant>,
    stop: Option<StopSignal>,
    stopped: bool,
}

impl Budget {
    /// A budget that looks at the stop signal and the clock once every `interval` nodes (at
    /// least one), with no limit until [`Budget::start`].
    #[must_use]
    pub fn new(interval: u64) -> Budget {
        let interval = interval.max(1);
        Budget {
            nodes: 0,
            node_limit: u64::MAX,
            next_check: interval,
            interval,
            deadline: None,
            stop: None,
            stopped: false,
        }
    }

    /// Begin a search under `limits` started at `start` (read by the caller only under a time
    /// limit, with [`now`]; `None` without one): the count back to 0, not stopped.
    pub fn start(&mut self, limits: &Limits, start: Option<Instant>) {
        self.nodes = 0;
        self.next_check = self.interval;
        self.stopped = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = start.zip(limits.time).map(|(s, t)| s + t);
        self.stop.clone_from(&limits.stop);
    }

    /// Count one node.
    #[inline]
    pub fn count(&mut self) {
        self.nodes += 1;
    }

    /// Whether the search must end now (see the type's documentation).
    #[inline]
    pub fn check(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes >= self.next_check {
            self.next_check = self.nodes + self.interval;
            self.stopped = self.stop.as_ref().is_some_and(StopSignal::is_raised)
                || self.deadline.is_some_and(|d| now() >= d);
        }
        self.stopped
    }

    /// Whether the search has been stopped (by an earlier [`Budget::check`]).
    #[inline]
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The nodes counted since [`Budget::start`].
    #[inline]
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// An iteration that found `best`, as [`deepen`](crate::deepen) takes it: stopped if
    /// this budget stopped the search.
    #[must_use]
    pub fn iteration<A>(&self, best: Option<(A, i32)>) -> Iteration<A> {
        Iteration {
            best,
            stopped: self.stopped,
        }
    }

    /// Let go of the caller's stop signal (the search is over).
    pub fn release(&mut self) {
        self.stop = None;
    }
}

/// Whether `key`, the position on top of the search `path` (`path`'s last key is its own),
/// repeats a position of the same player to move among the `window` keys before it (the plies
/// since the last irreversible move): every second key going back, from two plies back.
///
/// ```
/// use junqi_search::repeats;
/// // A B A' B' A: A occurs again four plies on.
/// assert!(repeats(&[1, 2, 3, 4, 1], 1, 4));
/// assert!(!repeats(&[1, 2, 3, 4, 1], 1, 3));
/// // A key of the other player to move does not count.
/// assert!(!repeats(&[1, 2, 3, 1], 1, 4));
/// ```
#[inline]
#[must_use]
pub fn repeats(path: &[u64], key: u64, window: usize) -> bool {
    let n = path.len();
    let back = window.min(n.saturating_sub(1));
    path[n - 1 - back..n - 1]
        .iter()
        .rev()
        .skip(1)
        .step_by(2)
        .any(|&k| k == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stop signal is read once the count passes each interval, even when the count steps
    /// over the interval's exact multiple (nodes counted without a look).
    #[test]
    fn the_stop_signal_is_read_when_the_count_steps_over_a_multiple() {
        let stop = StopSignal::new();
        let mut b = Budget::new(128);
        b.start(&Limits::default().with_stop(stop.clone()), None);
        for _ in 0..127 {
            b.count();
        }
        assert!(!b.check());
        stop.raise();
        b.count();
        b.count();
        assert!(b.check(), "129 nodes, past the first look at 128");
    }

    /// Without a deadline the clock is never read, however many nodes.
    #[test]
    fn no_deadline_no_clock() {
        let before = clock_reads();
        let mut b = Budget::new(2);
        b.start(&Limits::nodes(1_000), None);
        while {
            b.count();
            !b.check()
        } {}
        assert_eq!(clock_reads(), before);
        assert_eq!(b.nodes(), 1_000);
    }
}
