//! One module per subcommand.

pub mod convert;
pub mod engine;
pub mod matches;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod replay;
pub mod selfplay;
pub mod show;
pub mod svg;
