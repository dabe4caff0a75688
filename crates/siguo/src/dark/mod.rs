//! 四暗 and 雙明, dark play with a referee (L-63 … L-65); 全明 (L-62) is the plain
//! [`Position`](crate::Position).
//!
//! - [`DarkGame`]: the referee, holding the true position and telling all four seats the
//!   same [`Announcement`] after each move, pass or surrender;
//! - [`InfoState`]: what one seat was shown at the start ([`SeenBoard`]: which points hold
//!   which seat's pieces, the kinds it may see) and the announcements since, with a
//!   line-based text form read in linear time; [`SeatView`]: the board as the seat sees it
//!   now;
//! - [`WorldSampler`]: the hidden armies drawn given a seat's information state and per-piece
//!   beliefs, each army exactly from its pieces' domains (L-58, 陸戰棋's
//!   [`DeploymentCounter`](luzhanqi::dark::DeploymentCounter)), the attacks between hidden
//!   seats and the replay by rejection; [`check_world`] replays one;
//! - [`record`]: the referee's record and each seat's, as `[Game "siguo"]` files.
//!
//! Kind sets are 陸戰棋's [`KindSet`](luzhanqi::dark::KindSet), combat is
//! [`Combat`](luzhanqi::Combat): reused, not copied. See `docs/siguo.md`, "四暗 and 雙明".

mod announce;
mod info;
pub mod record;
mod referee;
mod worlds;

pub use announce::{Announcement, AnnouncementError, Event};
pub use info::{InfoState, InfoStateError, SeatView, Seen, SeenBoard, SeenPiece, sees_kinds};
pub use referee::{DarkError, DarkGame};
pub use worlds::{Beliefs, Inconsistency, World, WorldError, WorldSampler, check_world};
