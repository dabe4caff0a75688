//! How a game ends (R-21 … R-25): the position-only adjudication here, the history-dependent
//! draws in [`crate::Game`].

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::geometry::{ORTHO_STEPS, PALACE_DIAGONAL_STEPS};
use crate::moves::MoveList;
use crate::position::Position;
use crate::ruleset::TrappedKing;
use crate::square::Side;
use crate::terrain::PALACE;

/// Why a game ended: the union of [`WinReason`] and [`DrawReason`], with the words the CLI
/// and game files print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
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

/// Why a side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum WinReason {
    /// R-21: the winner captured the enemy king.
    KingCaptured,
    /// R-22: the loser's king was trapped at the start of its turn.
    TrappedKing,
    /// R-23: the loser had no legal move.
    NoMove,
    /// The loser resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum DrawReason {
    /// R-24: neither side has a missile, fleet, aircraft, division or infantry.
    InsufficientMaterial,
    /// R-24: the same position for the third time.
    Repetition,
    /// R-25: the no-capture limit of the ruleset was reached.
    NoCaptureLimit,
    /// The players agreed a draw.
    Agreement,
}

impl From<WinReason> for EndReason {
    fn from(r: WinReason) -> EndReason {
        match r {
            WinReason::KingCaptured => EndReason::KingCaptured,
            WinReason::TrappedKing => EndReason::TrappedKing,
            WinReason::NoMove => EndReason::NoMove,
            WinReason::Resignation => EndReason::Resignation,
        }
    }
}

impl From<DrawReason> for EndReason {
    fn from(r: DrawReason) -> EndReason {
        match r {
            DrawReason::InsufficientMaterial => EndReason::InsufficientMaterial,
            DrawReason::Repetition => EndReason::Repetition,
            DrawReason::NoCaptureLimit => EndReason::NoCaptureLimit,
            DrawReason::Agreement => EndReason::Agreement,
        }
    }
}

impl EndReason {
    /// Every reason, in the order of R-25 then the stated results.
    pub const ALL: [EndReason; 8] = [
        EndReason::KingCaptured,
        EndReason::TrappedKing,
        EndReason::NoMove,
        EndReason::InsufficientMaterial,
        EndReason::Repetition,
        EndReason::NoCaptureLimit,
        EndReason::Resignation,
        EndReason::Agreement,
    ];

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

    /// The reason as a win reason, if a win can have it.
    #[must_use]
    pub const fn as_win(self) -> Option<WinReason> {
        match self {
            EndReason::KingCaptured => Some(WinReason::KingCaptured),
            EndReason::TrappedKing => Some(WinReason::TrappedKing),
            EndReason::NoMove => Some(WinReason::NoMove),
            EndReason::Resignation => Some(WinReason::Resignation),
            _ => None,
        }
    }

    /// The reason as a draw reason, if a draw can have it.
    #[must_use]
    pub const fn as_draw(self) -> Option<DrawReason> {
        match self {
            EndReason::InsufficientMaterial => Some(DrawReason::InsufficientMaterial),
            EndReason::Repetition => Some(DrawReason::Repetition),
            EndReason::NoCaptureLimit => Some(DrawReason::NoCaptureLimit),
            EndReason::Agreement => Some(DrawReason::Agreement),
            _ => None,
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that is not an end reason.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "'{0}' is not an end reason (king-captured, trapped-king, no-move, insufficient-material, repetition, no-capture-limit, resignation, agreement)"
)]
pub struct EndReasonParseError(String);

impl FromStr for EndReason {
    type Err = EndReasonParseError;

    fn from_str(s: &str) -> Result<EndReason, EndReasonParseError> {
        EndReason::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| EndReasonParseError(s.chars().take(40).collect()))
    }
}

/// The result of a finished game: a win names its winner and a win reason, a draw a draw
/// reason, and nothing else can be built.
///
/// `Display` gives the CLI's line: `red king-captured`, `draw repetition`.
///
/// ```
/// use gjjq_core::{outcome::DrawReason, outcome::EndReason, Outcome, Side, outcome::WinReason};
/// let win = Outcome::Win { winner: Side::Red, reason: WinReason::TrappedKing };
/// assert_eq!(win.to_string(), "red trapped-king");
/// assert_eq!((win.winner(), win.reason()), (Some(Side::Red), EndReason::TrappedKing));
/// assert_eq!(Outcome::Draw(DrawReason::Repetition).to_string(), "draw repetition");
/// // A draw cannot be "won" by repetition.
/// assert_eq!(Outcome::new(Some(Side::Red), EndReason::Repetition), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// `winner` won.
    Win {
        /// The winning side.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// The game was drawn.
    Draw(DrawReason),
}

impl Outcome {
    /// The outcome with this winner (`None` for a draw) and reason, if the two fit together.
    #[must_use]
    pub const fn new(winner: Option<Side>, reason: EndReason) -> Option<Outcome> {
        match (winner, reason.as_win(), reason.as_draw()) {
            (Some(winner), Some(reason), _) => Some(Outcome::Win { winner, reason }),
            (None, _, Some(reason)) => Some(Outcome::Draw(reason)),
            _ => None,
        }
    }

    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// Why the game ended.
    #[must_use]
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } => reason.into(),
            Outcome::Draw(reason) => reason.into(),
        }
    }

    pub(crate) const fn win(winner: Side, reason: WinReason) -> Outcome {
        Outcome::Win { winner, reason }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(s) => write!(f, "{s} {}", self.reason()),
            None => write!(f, "draw {}", self.reason()),
        }
    }
}

/// A line that is not an outcome (`red king-captured`, `draw repetition`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum OutcomeParseError {
    /// The first word is not `red`, `green` or `draw`.
    #[error("'{0}' is not red, green or draw")]
    Winner(String),
    /// The second word is not an end reason.
    #[error(transparent)]
    Reason(#[from] EndReasonParseError),
    /// Winner and reason do not fit (a win by repetition, a drawn king capture).
    #[error("'{0}' does not fit: a win needs a win reason and a draw a draw reason")]
    Mismatch(String),
}

impl FromStr for Outcome {
    type Err = OutcomeParseError;

    fn from_str(s: &str) -> Result<Outcome, OutcomeParseError> {
        let (who, why) = s.trim().split_once(' ').unwrap_or((s.trim(), ""));
        let winner = match who {
            "draw" => None,
            _ if who.len() > 1 => Some(
                who.parse::<Side>()
                    .map_err(|_| OutcomeParseError::Winner(crate::setup::clip(who, 40)))?,
            ),
            _ => return Err(OutcomeParseError::Winner(crate::setup::clip(who, 40))),
        };
        let reason: EndReason = why.parse()?;
        Outcome::new(winner, reason)
            .ok_or_else(|| OutcomeParseError::Mismatch(s.chars().take(60).collect()))
    }
}

/// R-24: a position occurring for the third time (or more) on its line is a draw.
#[inline]
pub(crate) const fn is_third_repetition(occurrences: usize) -> bool {
    occurrences >= 3
}

impl Position {
    /// The outcome this position decides by itself, in the brief's order (R-25): king
    /// captured (R-21); then for the side to move trapped king (R-22), no move (R-23),
    /// insufficient material (R-24), the no-capture limit (R-25, from the position's own
    /// counter). Repetition needs the history: see [`Position::outcome_with_repetitions`].
    ///
    /// ```
    /// use gjjq_core::{outcome::DrawReason, Outcome, Position, Setup};
    /// // Only kings and guards left: a draw by insufficient material.
    /// let pos = Position::from_setup("3gk4/9/9/9/9/9/9/9/9/4KG3 r -".parse::<Setup>()?).unwrap();
    /// let outcome = pos.outcome().unwrap();
    /// assert_eq!(outcome, Outcome::Draw(DrawReason::InsufficientMaterial));
    /// assert!(pos.legal_moves().is_empty());
    /// # Ok::<(), gjjq_core::setup::SetupParseError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        for side in Side::ALL {
            if self.king(side).is_none() {
                return Some(Outcome::win(side.other(), WinReason::KingCaptured));
            }
        }
        let them = self.turn.other();
        let moves = self.movable();
        if self.is_threatened() && self.has_no_escape(&moves) {
            return Some(Outcome::win(them, WinReason::TrappedKing));
        }
        if moves.is_empty() {
            return Some(Outcome::win(them, WinReason::NoMove));
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        if self.is_past_no_capture_limit() {
            return Some(Outcome::Draw(DrawReason::NoCaptureLimit));
        }
        None
    }

    /// The outcome of this position reached for the `occurrences`-th time on its line (this
    /// time included): the one place where the history's draw joins the position's own
    /// outcomes. Third repetition (R-24) is judged before the no-capture limit (R-25's order)
    /// and after every other end. Every game type asks this: [`crate::Game::outcome`], the
    /// hidden referee, and the annotated games and replays of `gjjq-notation`.
    ///
    /// ```
    /// use gjjq_core::{outcome::DrawReason, Outcome, Position};
    /// let pos = Position::default();
    /// assert_eq!(pos.outcome_with_repetitions(2), None);
    /// assert_eq!(pos.outcome_with_repetitions(3), Some(Outcome::Draw(DrawReason::Repetition)));
    /// ```
    #[must_use]
    pub fn outcome_with_repetitions(&self, occurrences: usize) -> Option<Outcome> {
        let repetition =
            is_third_repetition(occurrences).then_some(Outcome::Draw(DrawReason::Repetition));
        match self.outcome() {
            // R-25's order puts repetition before the no-capture limit.
            Some(o @ Outcome::Draw(DrawReason::NoCaptureLimit)) => Some(repetition.unwrap_or(o)),
            Some(o) => Some(o),
            None => repetition,
        }
    }

    /// R-25: the position's own count of plies since a capture (R-31) has reached the
    /// ruleset's `no_capture_limit`. The count is part of the position, so the position alone
    /// decides this draw (a [`crate::Game`] asks for repetition first, R-25's order).
    #[inline]
    #[must_use]
    pub fn is_past_no_capture_limit(&self) -> bool {
        self.rules
            .no_capture_limit
            .is_some_and(|limit| self.plies_since_capture >= limit.get())
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
        self.board.kind_pieces_beyond_palace_and_army().is_empty()
    }

    /// R-22: whether the side to move has a trapped king, under the ruleset's `trapped_king`.
    #[must_use]
    pub fn is_trapped(&self) -> bool {
        self.is_threatened() && self.has_no_escape_setwise()
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
        let Some(king) = self.king(us) else {
            return true;
        };
        !self.king_escapes(king, moves)
    }

    /// Whether one of the king's own moves among `moves` (forfeits included; the return moves
    /// the striker, never the king), played out, leaves the king unattacked.
    pub(crate) fn king_escapes(&self, king: crate::Square, moves: &MoveList) -> bool {
        let us = self.turn;
        let them = us.other();
        moves.iter().any(|&m| {
            if m.from() != king {
                return false;
            }
            let mut after = self.clone();
            after.play_unchecked(m);
            after.king(us).is_some_and(|k| !after.is_attacked(k, them))
        })
    }
}
