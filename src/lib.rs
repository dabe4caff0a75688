#![doc = include_str!("../README.md")]
//!
//! This crate is the facade: it re-exports [`gjjq_core`] (board, positions, moves, rules) at
//! its root and [`gjjq_notation`] (records and game files) as [`notation`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use gjjq_core::*;

/// Records, the ASCII form, position strings and game record files: the whole of
/// [`gjjq_notation`], documented here.
#[doc(inline)]
pub use gjjq_notation as notation;

pub mod svg;

/// The guide `docs/search.md`: moves, copy-make, costs, hashing and repetition for engine
/// authors (its examples are tested with the crate's doctests).
#[doc = include_str!("../docs/search.md")]
pub mod search_guide {}
