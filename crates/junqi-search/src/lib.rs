//! # junqi-search
//!
//! The search pieces every army-chess engine of the workspace shares, written once (issue 49,
//! item 4). It knows no game: each engine (`luzhanqi-engine`'s open and flip searches,
//! `siguo-engine`'s team search) keeps its own move generation, move ordering and evaluation,
//! and builds on these:
//!
//! - [`Limits`] (time, nodes, depth) and the [`StopSignal`] another thread raises;
//! - [`Budget`]: the node count and when to stop (the node limit at every node, the stop
//!   signal and the clock once an interval), reading the clock only under a time limit
//!   ([`now`]);
//! - [`deepen`]: the iterative-deepening root loop (the best action so far, a stopped
//!   iteration's partial result, the win and time cut-offs, an info hook per iteration) and
//!   [`root_loop`], the loop over the root's actions within one iteration;
//! - [`tt`]: the transposition table, its bounds and the win scores stored relative to the
//!   node, on the win scale [`WIN`] / [`WIN_BOUND`];
//! - [`Window`] and [`pvs`]: a node's window with its best score so far (fail-soft), and the
//!   principal-variation search of one child, the two pieces of every node loop;
//! - [`repeats`]: whether a key repeats on the search path;
//! - [`Tables`]: an alpha-beta search's memory (table, killers, history, path, budget);
//! - the [`Agent`] trait and its [`Choice`], agent names ([`agent_kinds!`], [`parse_agent`],
//!   [`UnknownAgent`]) and the uniform random draw
//!   ([`Uniform`]).
//!
//! ```
//! use junqi_search::{Deepening, Iteration, Limits, deepen};
//! // A toy search whose score grows with depth, stopped by its depth limit.
//! let limits = Limits::depth(3);
//! let plan = Deepening::new(limits.max_depth(4));
//! let best = deepen('a', &plan, |depth| Iteration::done(Some(('b', depth as i32))), |_| {});
//! assert_eq!((best.action, best.score, best.depth), ('b', 3, 3));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent;
mod budget;
mod deepen;
mod limits;
mod tables;
pub mod tt;
mod window;

pub use agent::{Agent, Choice, Uniform, UnknownAgent, parse_agent, pick};
pub use budget::{Budget, clock_reads, now, repeats};
pub use deepen::{Best, Deepening, Iteration, deepen, root_loop};
pub use limits::{Limits, StopSignal};
pub use tables::{HISTORY_CAP, Tables};
pub use window::{Step, Window, pvs};

/// A win now; a win in `n` plies scores `WIN - n` (every engine's scale).
pub const WIN: i32 = 30_000;
/// Scores above this (or below its negation) are wins (losses) found by the search.
pub const WIN_BOUND: i32 = WIN - 1_000;
