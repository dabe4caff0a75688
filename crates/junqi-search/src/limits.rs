//! How long an agent may think, and the flag that ends a search early.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest iteration any search starts.
const MAX_DEPTH: u32 = 64;

/// How long an agent may think: any combination of a wall-clock time, a node count and a
/// depth, and a [`StopSignal`] another thread may raise. An agent stops at the first limit
/// reached or when the signal is raised; with no limit it uses its own default (the search:
/// depth [`Limits::DEFAULT_DEPTH`]).
///
/// ```
/// use std::time::Duration;
/// use junqi_search::{Limits, StopSignal};
/// let l = Limits::nodes(10_000);
/// assert_eq!(l.nodes, Some(10_000));
/// let t = Limits::time(Duration::from_millis(50)).with_stop(StopSignal::new());
/// assert!(t.depth.is_none() && t.stop.is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Limits {
    /// The wall-clock time from the call: the agent returns within it (checked every few
    /// hundred nodes, so the overshoot is well under 50 ms).
    pub time: Option<Duration>,
    /// About this many nodes (the search counts every position it visits, quiescence
    /// included; it stops within one check interval of the count).
    pub nodes: Option<u64>,
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Raised by another thread to end the search now (the line protocol's `stop`): the agent
    /// returns its best move so far, checked as often as the clock.
    pub stop: Option<StopSignal>,
}

impl Limits {
    /// The depth a search uses when no limit is given.
    pub const DEFAULT_DEPTH: u32 = 4;

    /// Only a time limit.
    #[must_use]
    pub const fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            nodes: None,
            depth: None,
            stop: None,
        }
    }

    /// Only a node limit.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            time: None,
            nodes: Some(nodes),
            depth: None,
            stop: None,
        }
    }

    /// Only a depth limit.
    #[must_use]
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            time: None,
            nodes: None,
            depth: Some(depth),
            stop: None,
        }
    }

    /// These limits, and `stop` to end the search early.
    #[must_use]
    pub fn with_stop(self, stop: StopSignal) -> Limits {
        Limits {
            stop: Some(stop),
            ..self
        }
    }

    /// The deepest iteration of a search under these limits: the depth limit (1 to 64), else
    /// `unlimited` when no limit at all is given, else 64 (time, nodes or the signal end it).
    ///
    /// ```
    /// use junqi_search::Limits;
    /// assert_eq!(Limits::depth(0).max_depth(4), 1);
    /// assert_eq!(Limits::default().max_depth(4), 4);
    /// assert_eq!(Limits::nodes(10).max_depth(4), 64);
    /// ```
    #[must_use]
    pub fn max_depth(&self, unlimited: u32) -> u32 {
        match (self.depth, self.time, self.nodes) {
            (Some(d), _, _) => d.clamp(1, MAX_DEPTH),
            (None, None, None) => unlimited,
            _ => MAX_DEPTH,
        }
    }

    /// The clock at the start of a search under these limits: read (with [`now`](crate::now))
    /// only under a time limit, `None` without one (so that a search under node or depth
    /// limits runs where there is no clock).
    ///
    /// ```
    /// use std::time::Duration;
    /// use junqi_search::Limits;
    /// assert!(Limits::nodes(100).start().is_none());
    /// assert!(Limits::time(Duration::from_millis(5)).start().is_some());
    /// ```
    #[must_use]
    pub fn start(&self) -> Option<Instant> {
        self.time.map(|_| crate::now())
    }

    /// Whether the stop signal has been raised.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(StopSignal::is_raised)
    }

    /// Whether a search begun at `start` must end now: the stop signal raised, or the time
    /// limit spent (`start` is read only under a time limit: `None` without one).
    #[must_use]
    pub fn spent(&self, start: Option<Instant>) -> bool {
        self.stopped() || self.time.zip(start).is_some_and(|(t, s)| s.elapsed() >= t)
    }
}

/// A flag one thread raises to end another's search early (the line protocol's `stop`).
/// Clones share one flag; two signals are equal when they are the same flag.
///
/// ```
/// use junqi_search::StopSignal;
/// let stop = StopSignal::new();
/// let seen_by_search = stop.clone();
/// assert!(!seen_by_search.is_raised());
/// stop.raise();
/// assert!(seen_by_search.is_raised());
/// assert_eq!(stop, seen_by_search);
/// assert_ne!(stop, StopSignal::new());
/// ```
#[derive(Debug, Clone, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// A signal not raised.
    #[must_use]
    pub fn new() -> StopSignal {
        StopSignal::default()
    }

    /// Ask every search holding this signal to return now.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopSignal::raise`] has been called.
    #[must_use]
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl PartialEq for StopSignal {
    fn eq(&self, other: &StopSignal) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for StopSignal {}
