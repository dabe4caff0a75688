//! Endgame tablebases (殘局) for 国际军棋: every position of an ending solved by retrograde
//! analysis under the standard ruleset, win, draw or loss for the side to move with the
//! distance to the end in plies (DTM: the winner hurrying, the loser delaying).
//!
//! - **Endings** ([`Ending`]) are named by the two forces in the `deploy endgame` notation
//!   joined by `v`, Red first, `K` for a bare king: `IvD`, `IIvK`, `DMvF`.
//! - **The index** ([`EndingIndex`]) covers the placements R-26 allows with either side to
//!   move; positions with a pending return (R-19) are valued by a short search (they resolve
//!   within three plies) down to indexed positions.
//! - **Values** come from the core's own move generation and `Position::outcome` (R-21 …
//!   R-24): a terminal position is what `outcome` says, insufficient material (R-24) a draw,
//!   and a cycle that neither side can leave with advantage a draw (repetition, R-24).
//! - **Files**: one per ending, `IvK.gjtb`, with a header (magic, version, ending, ruleset
//!   hash) and a checksum, checked whole when opened; see [`Tablebase::open`],
//!   [`Tablebase::load`], [`Tablebase::generate_in`] (resumable) and the format in the
//!   repository's `docs/endgames.md`. [`Tablebase::open`] reads the files into memory;
//!   [`Tablebase::open_mapped`] maps them instead, an `unsafe fn`: the caller promises that
//!   no file changes while it is mapped (a file changed under a live map is undefined
//!   behaviour), as shakmaty-syzygy asks of its memory-mapped filesystem.
//! - **Win/draw/loss files**: beside each `.gjtb` file generation writes `IvK.gjwdl`, win,
//!   draw or loss only in two bits a position (an eighth of the size); a [`WdlTablebase`]
//!   opens those alone and answers [`WdlTablebase::probe_wdl`] as [`Tablebase::probe_wdl`].
//! - **Probing in a search**: [`Tablebase::prober`] builds a [`Prober`] once per search (the
//!   ruleset checked, the endings held put in an array by material); each of its probes is
//!   [`Tablebase::probe_dtm`]'s answer from a population count, an array lookup, the index and
//!   one word, with no move generation (a terminal position's word is the rules' verdict).
//! - **Rulesets**: only the standard ruleset's play (a `no_capture_limit` or any other play
//!   option is refused with [`TablebaseError::OtherRuleset`]).
//!
//! The board is left-right symmetric (terrain R-4 and palace R-5 are symmetric in x ↔ 8 − x,
//! and no move rule R-8 … R-19 names a side of the board; `tests/mirror.rs` checks the core's
//! moves and verdicts against the mirror), so the index stores one of each mirror pair, and
//! identical pieces of a side take one sorted combination of points (see [`EndingIndex`]).
//!
//! # Examples
//!
//! ```
//! use gjjq_tablebase::{Tablebase, Wdl};
//! use gjjq_core::{Position, Setup};
//! let mut tb = Tablebase::new();
//! tb.generate(&"KvK".parse()?)?;
//! let pos = Position::from_setup("4k4/9/9/9/9/9/9/9/9/4K4 r -".parse::<Setup>()?)?;
//! assert_eq!(tb.probe_wdl(&pos)?, Wdl::Draw);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
// Mapping a table file is the crate's one unsafe operation (`file::map`), reached only
// through the `unsafe` constructors `Tablebase::new_mapped`, `Tablebase::open_mapped` and
// `WdlTablebase::open_mapped`.
#![deny(unsafe_code)]

mod core;
mod ending;
mod file;
mod index;
mod probe;
#[cfg(any(test, feature = "reference"))]
mod reference;
mod retro;
mod tablebase;
mod value;
mod wdl;

pub use ending::{Ending, EndingParseError, Force};
pub use index::EndingIndex;
pub use probe::{MAX_PROBE_UNITS, Prober};
pub use tablebase::{
    EndingStats, GenerationLock, GenerationStats, MAX_INDEX_WORDS, Tablebase, TablebaseError,
};
pub use value::{Value, Wdl};
pub use wdl::WdlTablebase;
