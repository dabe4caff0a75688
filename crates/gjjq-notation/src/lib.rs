//! # gjjq-notation
//!
//! Six-character move records, the ASCII machine form, position strings and game record files
//! for 国际军棋 (R-28 … R-31).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use gjjq_core::{Setup, SetupParseError};
