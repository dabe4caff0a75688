//! # gjjq-test-support
//!
//! Helpers shared by gjjq's tests, benches and fuzz targets, kept out of the published crates
//! (`publish = false`): each used to be written again in every test file that needed it.
//!
//! - [`perft_file`]: the `.perft` format of `tests/data/*.perft` (positions with their perft
//!   node counts) and its parser, [`parse_perft_file`].
//! - [`random`]: seeded random games, [`random_game`] and the move picker
//!   [`RandomMover`] for loops that drive a [`gjjq_core::Game`] themselves.
//! - [`setup`]: positions valid by construction (R-26), built from any source of choices (a
//!   seeded RNG, a proptest list, fuzz input), and arbitrary rulesets.
//!
//! Tests use it as a dev-dependency; a packaged (published) crate cannot, so the test files
//! that use it are listed in that crate's `exclude`.
//!
//! ```
//! use gjjq_test_support::random_game;
//!
//! // Ten plies of a seeded random game from the default opening, captures preferred 50 % of
//! // the time; every item is the position before the move and the move.
//! let plies: Vec<_> = random_game(7, 10, 50).collect();
//! assert_eq!(plies.len(), 10);
//! assert!(plies.iter().all(|(pos, m)| pos.is_legal(*m)));
//! // Seeded: the same seed plays the same game.
//! let again: Vec<_> = random_game(7, 10, 50).map(|(_, m)| m).collect();
//! assert_eq!(again, plies.iter().map(|(_, m)| *m).collect::<Vec<_>>());
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod perft_file;
pub mod random;
pub mod setup;

pub use perft_file::{PerftEntry, PerftFileError, parse_perft_file};
pub use random::{RandomGame, RandomMover, random_game};
pub use setup::{
    ChoiceList, Choices, arbitrary_ruleset, standing_points, valid_position, valid_setup,
};
