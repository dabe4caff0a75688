//! One module per subcommand.

pub mod convert;
pub mod datagen;
pub mod deploy;
pub mod engine;
pub mod hidden;
pub mod matches;
pub mod moves;
pub mod opening;
pub mod outcome;
pub mod perft;
pub mod replay;
pub mod selfplay;
pub mod show;
pub mod svg;
pub mod tablebase;
