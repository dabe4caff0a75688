//! The CCGC 军棋 competition protocol (中国计算机博弈大赛, protocol v1.0), engine side: text
//! lines on standard input and output, each engine seeing itself on rows `G`–`L`.
//!
//! - [`coords`](CcgcPoint): the competition's points and moves, mapped once to the board's
//!   ([`CcgcPoint`], [`CcgcMove`]), and its deployment letters ([`array_letters`]);
//! - [`Message`] and [`Reply`]: the lines, read tolerantly, written exactly;
//! - [`Session`]: an engine's side of a game, the dark agent behind it fed from `GO`,
//!   `RESULT` and the flag reveals, its [`Clock`] from `START`'s time;
//! - [`competition_rules`] and [`competition_winner`]: the competition's rules over the
//!   library's.
//!
//! See `docs/ccgc.md`.
//!
//! ```
//! use luzhanqi_engine::ccgc::{Message, Reply, Session, SessionConfig};
//! let mut engine = Session::new(SessionConfig::default());
//! let start: Message = "START 1 60 31".parse()?;
//! let Ok(Some(Reply::Array(d))) = engine.handle(&start, std::time::Duration::ZERO) else {
//!     panic!("START is answered with ARRAY");
//! };
//! assert!(d.check().is_ok());
//! # Ok::<(), luzhanqi_engine::ccgc::CcgcError>(())
//! ```

mod coords;
mod error;
mod message;
mod session;

pub use coords::{CcgcMove, CcgcPoint, array_letters, kind_letter, kind_of_letter, parse_array};
pub use error::CcgcError;
pub use message::{EndCode, FlagField, Message, Reply, result_code};
pub use session::{
    Clock, Session, SessionConfig, SessionError, competition_agent_config, competition_rules,
    competition_winner,
};
