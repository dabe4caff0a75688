//! `Move`: one variant per kind of move the rules have (R-8, R-19).

use std::fmt;

use smallvec::SmallVec;

use crate::piece::PieceKind;
use crate::square::Square;

/// A move. Every legal move of a position is named by its origin and destination alone (its
/// ASCII form, R-30); the variant says which rule it follows.
///
/// ```
/// use gjjq_core::{Move, Position, PieceKind};
/// let pos = Position::default();
/// let strike = pos.legal_moves().into_iter().find(|m| m.to_string() == "3E7d").unwrap();
/// assert!(matches!(strike, Move::ReturningCapture { piece: PieceKind::Missile, captured: PieceKind::Army, .. }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A move onto an empty point.
    Quiet {
        /// The moving kind.
        piece: PieceKind,
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// A capture after which the capturing piece stays on the captured point.
    Capture {
        /// The capturing kind.
        piece: PieceKind,
        /// Origin.
        from: Square,
        /// Destination, where the captured piece stood.
        to: Square,
        /// The captured kind.
        captured: PieceKind,
    },
    /// A returning capture (R-19): a missile strike (R-11) or a fleet capturing inland (R-12).
    /// Under `return_rule = next_turn` the striker stands on `to` and owes a return to `from`;
    /// under `immediate` it stays on `from`.
    ReturningCapture {
        /// The striker's kind: missile or fleet.
        piece: PieceKind,
        /// Origin, where the striker must return.
        from: Square,
        /// The struck point.
        to: Square,
        /// The captured kind.
        captured: PieceKind,
    },
    /// The return (R-19): the striker flies home from the struck point to its origin.
    Return {
        /// The striker's kind: missile or fleet.
        piece: PieceKind,
        /// The striker point.
        from: Square,
        /// The origin.
        to: Square,
    },
    /// A forfeit (棄彈保王 / 棄艦保王, R-19): the king, attacked while a return is owed, moves
    /// instead, and the striker is removed.
    Forfeit {
        /// The king's origin.
        from: Square,
        /// The king's destination.
        to: Square,
        /// The kind the king captures, if any.
        captured: Option<PieceKind>,
        /// The striker point, emptied after the king has moved.
        striker: Square,
    },
    /// A move made after the striker was removed (取出) because its origin was occupied (R-19).
    AfterRemoval {
        /// The striker point, emptied before the move.
        removed: Square,
        /// The moving kind.
        piece: PieceKind,
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// The captured kind, if any.
        captured: Option<PieceKind>,
        /// Whether the move is itself a returning capture.
        returning: bool,
    },
}

/// A list of moves, kept inline. 128 is above the largest count we know: 109 moves in the
/// constructed position `4k4/9/2D3D2/9/2P3P2/FI2I2IF/9/2A3A2/3G1G3/2M1K1M2 r -` (every Red
/// piece out in the open against a bare king), and 103 in 20,000 random games. A longer list
/// would spill to the heap, not fail.
pub type MoveList = SmallVec<[Move; 128]>;

impl Move {
    /// The origin of the moving piece (the king for a forfeit, the striker for a return).
    #[inline]
    #[must_use]
    pub const fn from(self) -> Square {
        match self {
            Move::Quiet { from, .. }
            | Move::Capture { from, .. }
            | Move::ReturningCapture { from, .. }
            | Move::Return { from, .. }
            | Move::Forfeit { from, .. }
            | Move::AfterRemoval { from, .. } => from,
        }
    }

    /// The destination of the moving piece.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        match self {
            Move::Quiet { to, .. }
            | Move::Capture { to, .. }
            | Move::ReturningCapture { to, .. }
            | Move::Return { to, .. }
            | Move::Forfeit { to, .. }
            | Move::AfterRemoval { to, .. } => to,
        }
    }

    /// The kind of the moving piece.
    #[inline]
    #[must_use]
    pub const fn piece(self) -> PieceKind {
        match self {
            Move::Quiet { piece, .. }
            | Move::Capture { piece, .. }
            | Move::ReturningCapture { piece, .. }
            | Move::Return { piece, .. }
            | Move::AfterRemoval { piece, .. } => piece,
            Move::Forfeit { .. } => PieceKind::King,
        }
    }

    /// The captured kind, if the move captures.
    #[inline]
    #[must_use]
    pub const fn captured(self) -> Option<PieceKind> {
        match self {
            Move::Capture { captured, .. } | Move::ReturningCapture { captured, .. } => {
                Some(captured)
            }
            Move::Forfeit { captured, .. } | Move::AfterRemoval { captured, .. } => captured,
            Move::Quiet { .. } | Move::Return { .. } => None,
        }
    }

    /// Whether the move captures an enemy piece.
    #[inline]
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.captured().is_some()
    }

    /// Whether the move is a returning capture (R-19), after a removal or not.
    #[must_use]
    pub const fn is_returning_capture(self) -> bool {
        matches!(
            self,
            Move::ReturningCapture { .. }
                | Move::AfterRemoval {
                    returning: true,
                    ..
                }
        )
    }

    /// The point of a striker that leaves the board with this move (forfeit or removal).
    #[must_use]
    pub const fn removed_striker(self) -> Option<Square> {
        match self {
            Move::Forfeit { striker, .. } => Some(striker),
            Move::AfterRemoval { removed, .. } => Some(removed),
            _ => None,
        }
    }
}

/// The ASCII machine form (R-30): origin label then destination label, e.g. `5B5A`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_small() {
        assert_eq!(std::mem::size_of::<Move>(), 6);
    }
}
