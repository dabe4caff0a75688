//! 暗棋, dark play with a referee (L-31): each side knows its own 25 pieces and where the
//! enemy's stand, never their kinds; after each move the referee announces the move and, for
//! an attack, only who was removed; a removed field marshal shows its side's flag point.
//!
//! - [`DarkGame`]: the referee, holding the true [`Game`](crate::Game) (one adjudication for
//!   both modes), announcing each move ([`Announcement`]);
//! - [`InfoState`]: what a side was told, with its compact string form; [`DarkView`]: the
//!   board as the side sees it, with its legal moves;
//! - [`Knowledge`]: what the history forces about each enemy piece ([`KindSet`] domains,
//!   public [`Deduction`]s);
//! - [`WorldSampler`]: enemy deployments consistent with an information state, each equally
//!   likely, drawn exactly; [`check_world`] / [`replay_world`] test one;
//! - [`DeploymentCounter`]: the deployments within per-piece domains, counted and drawn
//!   exactly (the sampler's counting, shared with 四國's);
//! - [`Beliefs`]: each enemy piece's probability of each kind;
//! - [`record`]: the referee's record and each player's, as game files.
//!
//! See `docs/luzhanqi.md`, "暗棋: dark play".

mod announce;
mod beliefs;
mod counter;
mod info;
mod kindset;
mod knowledge;
pub mod record;
mod referee;
mod view;
mod worlds;

pub use announce::Announcement;
pub use beliefs::{Beliefs, PieceBelief};
pub use counter::{DeploymentCounter, OrderError, PartialDraw};
pub use info::{DarkRules, InfoState, InfoStateError};
pub use kindset::KindSet;
pub use knowledge::{Deduction, Fact, Knowledge};
pub use referee::{DarkError, DarkGame};
pub use view::{DarkView, EnemyPiece};
pub use worlds::{Inconsistency, WorldError, WorldSampler, check_world, replay_world};
#[cfg(test)]
mod tests;
