//! The model every army-chess game of this workspace implements, and what the games share.
//!
//! | Module | What |
//! | --- | --- |
//! | [`Seat`], [`Alliance`] | who plays: an index with a seat count; partners in four-seat games |
//! | [`Outcome`] | who won or a draw, with each game's reasons; points and returns per seat |
//! | [`GameState`] | the trait a game's state implements (OpenSpiel's `State`, shakmaty's `Position`) |
//! | [`open_game_state!`] | the [`GameState`] of a two-seat open game whose actions are its moves |
//! | [`Sight`], [`EnemyPiece`], [`Point`] | one seat's picture of the pieces in a game of hidden pieces |
//! | [`History`] | start, plies, keys and occurrence counts (repetition in O(1) a ply), undo |
//! | [`point!`], [`move_text!`], [`debug_as_display!`] | the one point newtype of every game's board; a move's text; `Debug` as the text form |
//! | [`bitboard!`] | the one bitboard: each game's set of points as the bits of one word |
//! | [`seats!`] | a game's own sides (or players) as the model's seats, both ways |
//! | [`getters!`], [`history_getters!`] | the plain read accessors of a type's fields; a `Game`'s of its [`History`] |
//! | [`serde_as_text!`] | serde for every game's values that have a text form: written as that text, read through its parser |
//! | [`opening_error!`] | a game's opening error, with the one `Deployment { side, error }` variant |
//! | [`clip`] | the one cutting of echoed input in error messages |
//! | [`stats`] | W/D/L and pentanomial statistics, Elo, LOS, SPRT |
//!
//! It depends on no game: 国际军棋 (`gjjq-core`) and 陸戰棋 (`luzhanqi`) implement
//! [`GameState`] for their positions and build their `Game` types on [`History`].
//!
//! ```
//! use junqi_game::{Outcome, Seat, clip};
//! let blue = Seat::new(1, 2).unwrap();
//! let o: Outcome<(), ()> = Outcome::Decisive { winner: blue.alliance(), reason: () };
//! assert_eq!(o.returns(2), Some(vec![-1.0, 1.0]));
//! assert_eq!(clip("abcdef", 3), "abc… (6 characters)");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bitboard;
mod getters;
mod history;
mod open;
mod opening;
mod outcome;
mod point;
mod seat;
mod serde_text;
mod side;
mod sight;
mod state;
pub mod stats;
mod text;

pub use history::History;
pub use outcome::Outcome;
pub use seat::{Alliance, MAX_SEATS, Seat};
pub use sight::{EnemyPiece, Point, Sight};
pub use state::{GameState, NoChance};
pub use text::clip;
