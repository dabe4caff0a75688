#![doc = include_str!("../README.md")]
//!
//! This crate is the facade: it re-exports [`gjjq_core`] (board, positions, moves, rules) at
//! its root and [`gjjq_notation`] (records and game files) as [`notation`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use gjjq_core::*;
pub use gjjq_notation as notation;
