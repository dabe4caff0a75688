//! The enemy move of a player's record in 暗式 (R-40): `暗5b攻5B`, the piece unknown.

use gjjq_core::{Move, Position, Script, Square};

use crate::direction::Direction;
use crate::record::{Record, RecordError, RecordParseError};

/// The piece character of a move whose piece is not known (暗, R-40).
pub const HIDDEN_PIECE: char = '暗';

/// A six-character record with the piece unknown (R-40): `暗`, origin, direction word,
/// destination. The direction word needs only the points and whether the move captured
/// (R-29), which both sides are told (R-39).
///
/// # Examples
///
/// ```
/// use gjjq_notation::{Direction, HiddenRecord};
/// let r: HiddenRecord = "暗5b攻5B".parse()?;
/// assert_eq!(r.direction, Direction::Attack);
/// assert!(r.direction.is_capture());
/// assert_eq!(r.to_string(), "暗5b攻5B");
/// assert_eq!(r.to_script(gjjq_core::Script::Traditional), "暗5b攻5B");
/// # Ok::<(), gjjq_notation::RecordParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HiddenRecord {
    /// The origin label.
    pub from: Square,
    /// The direction word (R-29).
    pub direction: Direction,
    /// The destination label.
    pub to: Square,
}

impl HiddenRecord {
    /// The record of a move of `side` from the points and whether it captured.
    #[must_use]
    pub fn new(side: gjjq_core::Side, m: Move, capture: bool) -> HiddenRecord {
        HiddenRecord {
            from: m.from(),
            direction: Direction::of(side, m.from(), m.to(), capture),
            to: m.to(),
        }
    }

    /// Parse leniently, as [`Record::parse_lenient`] with `暗` for the piece.
    ///
    /// # Errors
    /// A [`RecordParseError`] naming the column.
    pub fn parse_lenient(s: &str) -> Result<HiddenRecord, RecordParseError> {
        let t = s.trim_start();
        let Some(rest) = t.strip_prefix(HIDDEN_PIECE) else {
            let found = t.chars().next().ok_or(RecordParseError::Empty)?;
            return Err(RecordParseError::Piece { column: 1, found });
        };
        // The rest is a record's: parse it behind a stand-in piece character.
        let r = Record::parse_lenient(&format!("团{rest}"))?;
        Ok(HiddenRecord {
            from: r.from,
            direction: r.direction,
            to: r.to,
        })
    }

    /// The record with the direction word in `script`.
    #[must_use]
    pub fn to_script(&self, script: Script) -> String {
        format!(
            "{HIDDEN_PIECE}{}{}{}",
            self.from,
            self.direction.to_char(script),
            self.to
        )
    }

    /// The legal move of `pos` from the origin to the destination, its direction word
    /// checked (R-29).
    ///
    /// # Errors
    /// The [`RecordError`] of an ASCII move ([`MoveText::to_move`](crate::MoveText::to_move)),
    /// or [`RecordError::WrongDirection`].
    pub fn to_move(&self, pos: &Position) -> Result<Move, RecordError> {
        let m = crate::record::resolve(pos, Move::new(self.from, self.to))?;
        crate::record::with_direction(pos, m, self.direction)
    }
}

crate::record::record_text!(HiddenRecord, parse_lenient);
