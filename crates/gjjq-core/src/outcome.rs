//! How a game ends (R-21 … R-25): the position-only adjudication here, the history-dependent
//! draws in [`crate::Game`].

use std::fmt;

use crate::geometry::{ORTHO_STEPS, PALACE_DIAGONAL_STEPS};
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::ruleset::TrappedKing;
use crate::square::Side;
use crate::terrain::PALACE;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// R-21: a king was captured (擒王, 轟王, 炸王).
    KingCaptured,
    /// R-22: the side to move has a trapped king.
    TrappedKing,
    /// R-23: the side to move has no legal move.
    NoMove,
    /// R-24: neither side has a missile, fleet, aircraft, division or infantry.
    InsufficientMaterial,
    /// R-24: the same position for the third time.
    Repetition,
    /// R-25: the no-capture limit of the ruleset was reached.
    NoCaptureLimit,
    /// A side resigned (stated by a game record).
    Resignation,
    /// The players agreed a draw (stated by a game record).
    Agreement,
}

impl EndReason {
    /// The reason's word as the CLI prints it, e.g. `king-captured`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::KingCaptured => "king-captured",
            EndReason::TrappedKing => "trapped-king",
            EndReason::NoMove => "no-move",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::Repetition => "repetition",
            EndReason::NoCaptureLimit => "no-capture-limit",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of a finished game: the winner (`None` for a draw) and why.
///
/// `Display` gives the CLI's line: `red king-captured`, `draw repetition`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// A win for `side`.
    #[must_use]
    pub const fn win(side: Side, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(side),
            reason,
        }
    }

    /// A draw.
    #[must_use]
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(s) => write!(f, "{s} {}", self.reason),
            None => write!(f, "draw {}", self.reason),
        }
    }
}

impl Position {
    /// The outcome this position decides by itself, in the brief's order (R-25): king
    /// captured (R-21); then for the side to move trapped king (R-22), no move (R-23),
    /// insufficient material (R-24), the no-capture limit (R-25, from the position's own
    /// counter). Repetition needs the history: see [`crate::Game::outcome`].
    ///
    /// ```
    /// use gjjq_core::{EndReason, Position, Setup, Side};
    /// // Only kings and guards left: a draw by insufficient material.
    /// let pos = Position::from_setup("3gk4/9/9/9/9/9/9/9/9/4KG3 r -".parse::<Setup>()?).unwrap();
    /// let outcome = pos.outcome().unwrap();
    /// assert_eq!((outcome.winner, outcome.reason), (None, EndReason::InsufficientMaterial));
    /// assert!(pos.legal_moves().is_empty());
    /// # Ok::<(), gjjq_core::SetupParseError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        for side in Side::ALL {
            if self.king(side).is_none() {
                return Some(Outcome::win(side.other(), EndReason::KingCaptured));
            }
        }
        let them = self.turn.other();
        let moves = self.movable();
        if self.is_threatened() && self.has_no_escape(&moves) {
            return Some(Outcome::win(them, EndReason::TrappedKing));
        }
        if moves.is_empty() {
            return Some(Outcome::win(them, EndReason::NoMove));
        }
        if self.is_insufficient_material() {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        if self.is_past_no_capture_limit() {
            return Some(Outcome::draw(EndReason::NoCaptureLimit));
        }
        None
    }

    /// R-25: the position's own count of plies since a capture (R-31) has reached the
    /// ruleset's `no_capture_limit`. The count is part of the position, so the position alone
    /// decides this draw (a [`crate::Game`] asks for repetition first, R-25's order).
    #[inline]
    #[must_use]
    pub fn is_past_no_capture_limit(&self) -> bool {
        self.rules
            .no_capture_limit
            .is_some_and(|limit| self.plies_since_capture >= limit)
    }

    /// Whether the position is decided by itself (and so has no legal moves, R-25).
    #[inline]
    pub(crate) fn is_decided(&self) -> bool {
        self.is_decided_without_trap() || self.is_trapped()
    }

    /// The cheap part of [`Position::is_decided`]: a king captured (R-21), insufficient
    /// material (R-24) or the no-capture limit reached (R-25).
    #[inline]
    pub(crate) fn is_decided_without_trap(&self) -> bool {
        self.king(Side::Red).is_none()
            || self.king(Side::Green).is_none()
            || self.is_insufficient_material()
            || self.is_past_no_capture_limit()
    }

    /// R-24: neither side has a missile, fleet, aircraft, division or infantry.
    #[inline]
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        (self.by_kind[PieceKind::Missile.index()]
            | self.by_kind[PieceKind::Fleet.index()]
            | self.by_kind[PieceKind::Aircraft.index()]
            | self.by_kind[PieceKind::Division.index()]
            | self.by_kind[PieceKind::Infantry.index()])
        .is_empty()
    }

    /// R-22: whether the side to move has a trapped king, under the ruleset's `trapped_king`.
    #[must_use]
    pub fn is_trapped(&self) -> bool {
        self.is_threatened() && self.has_no_escape(&self.movable())
    }

    /// R-22's first condition: the king is attacked (`attacked_and_no_escape`), or a point next
    /// to it in its palace is attacked by or holds an enemy piece (`no_escape`).
    pub(crate) fn is_threatened(&self) -> bool {
        let us = self.turn;
        let them = us.other();
        let Some(king) = self.king(us) else {
            return false;
        };
        match self.rules.trapped_king {
            TrappedKing::Off => false,
            TrappedKing::AttackedAndNoEscape => self.king_attacked(us),
            TrappedKing::NoEscape => {
                let mut around = ORTHO_STEPS[king.index()];
                if self.rules.king_palace_diagonals {
                    around |= PALACE_DIAGONAL_STEPS[king.index()];
                }
                let enemy = self.side_pieces(them);
                (around & PALACE[us.index()])
                    .iter()
                    .any(|p| enemy.contains(p) || self.is_attacked(p, them))
            }
        }
    }

    /// R-22's other conditions, given the side's `moves` before adjudication: no capture of the
    /// enemy king, and none of the king's own moves (forfeits included, the return not), played
    /// out, leaves the king unattacked.
    pub(crate) fn has_no_escape(&self, moves: &MoveList) -> bool {
        let us = self.turn;
        let them = us.other();
        let enemy_king = self.king(them);
        if moves.iter().any(|m| Some(m.to()) == enemy_king) {
            return false;
        }
        !moves.iter().any(|&m| {
            if m.piece() != PieceKind::King || matches!(m, Move::Return { .. }) {
                return false;
            }
            let mut after = self.clone();
            after.play_unchecked(m);
            after.king(us).is_some_and(|k| !after.is_attacked(k, them))
        })
    }
}
