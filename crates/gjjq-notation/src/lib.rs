//! # gjjq-notation
//!
//! Six-character move records, the ASCII machine form, position strings and game record files
//! for 国际军棋 (R-28 … R-31). The formats are described in `docs/notation.md`.
//!
//! ```
//! use gjjq_notation::{GameReader, Record};
//! use gjjq_core::Position;
//!
//! let pos = Position::default();
//! let strike: Record = "弹3E攻7d".parse()?;
//! let m = strike.to_move(&pos)?;
//! assert_eq!(m.to_string(), "3E7d"); // the ASCII form (R-30) is `Move`'s own
//! assert_eq!(Record::from_move(&pos, m), strike);
//!
//! let text = "[Event \"Demo\"]\n\n1. 团5B进5A 团5b进5a *\n";
//! for game in GameReader::new(text.as_bytes()) {
//!     let game = game?.replay(None)?;
//!     assert_eq!(game.moves().len(), 2);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod annotated;
mod direction;
mod game_file;
mod hidden_file;
mod hidden_record;
mod position_string;
mod record;
#[cfg(feature = "serde")]
mod serde_impls;
mod text;

pub use annotated::{AnnotatedBuilder, AnnotatedGame, NodeId};
pub use direction::{Direction, DirectionParseError};
pub use game_file::{
    AsciiMoveError, CollectRecord, DerivedTags, GameFileError, GameReader, GameRecord, GameResult,
    GameResultParseError, GjjqDialect, Glyph, GlyphParseError, MoveForm, MoveText,
    MoveTextParseError, ReadError, ReadLimits, RecordKind, RecordedMove, ReplayError, ResultToken,
    Skip, SyntaxError, TextPos, Variation, Visitor, WriteError, write_game,
};
pub use gjjq_core::{Script, Setup, setup::SetupParseError};
pub use hidden_file::{
    HiddenFileError, hidden_game_from_record, info_state_from_player_record, is_player_record,
    player_record, referee_record,
};
pub use hidden_record::{HIDDEN_PIECE, HiddenRecord};
pub use position_string::PositionString;
pub use record::{Record, RecordError, RecordParseError};
