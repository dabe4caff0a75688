//! 暗式, hidden play (R-37 … R-41): a referee holding the true game, what each side is told,
//! player views, candidate proposals, and worlds consistent with what a side knows.
//!
//! See `docs/hidden.md` for a walk through a real game.

mod beliefs;
#[cfg(test)]
mod endgame_tests;
mod info;
mod referee;
mod view;
mod worlds;

pub use beliefs::{BeliefError, Beliefs, DEFAULT_MAX_REPLAYS, Exactness, PieceBelief};
pub use info::{Event, InfoState, InfoStateParseError, Seen};
pub use referee::{HiddenEndgameError, HiddenGame, ProposeError, Told};
pub use view::{EnemyPiece, PlayerView};
pub use worlds::{
    Inconsistency, Mismatch, WorldError, WorldSampler, check_world, replay_start, replay_world,
};
