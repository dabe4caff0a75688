//! # gjjq
//!
//! The facade over [`gjjq_core`] and [`gjjq_notation`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use gjjq_core as core;
pub use gjjq_core::*;
pub use gjjq_notation as notation;
