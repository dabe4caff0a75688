//! The end of the game (L-13 … L-16): the verdict of a position alone, and a `Game` with the
//! history that repetition needs.

use std::fmt;

use junqi_game::History;
use thiserror::Error;

use crate::combat::Combat;
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Side};
use crate::position::Position;
use crate::ruleset::{NoCombatResult, NoMoveResult};

/// Why a side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WinReason {
    /// The loser's flag was captured (L-13).
    FlagCaptured,
    /// The loser, to move, had no legal move (L-14).
    NoMove,
    /// The loser made the ply that reached the no-combat limit, under `no_combat_result`
    /// `loss_to_mover` (L-15).
    NoCombatLimit,
}

/// Why the game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawReason {
    /// Neither side has a movable piece (L-14).
    NoMovablePieces,
    /// The no-combat limit was reached (L-15).
    NoCombatLimit,
    /// A position occurred the ruleset's `repetition` times (L-15).
    Repetition,
    /// Both sides have movable pieces but neither has a legal move, under `no_move_result`
    /// `draw_if_both_stuck` (L-14).
    BothStuck,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A side won.
    Decisive {
        /// The winner.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// Drawn.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        match self {
            Outcome::Decisive { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The reason as the CLI writes it: `flag-captured`, `no-move`, `no-movable-pieces`,
    /// `no-combat-limit` (a draw, or a win under `loss_to_mover`), `repetition`,
    /// `both-stuck`.
    #[must_use]
    pub fn reason_str(&self) -> &'static str {
        match self {
            Outcome::Decisive {
                reason: WinReason::FlagCaptured,
                ..
            } => "flag-captured",
            Outcome::Decisive {
                reason: WinReason::NoMove,
                ..
            } => "no-move",
            Outcome::Decisive {
                reason: WinReason::NoCombatLimit,
                ..
            } => "no-combat-limit",
            Outcome::Draw {
                reason: DrawReason::NoMovablePieces,
            } => "no-movable-pieces",
            Outcome::Draw {
                reason: DrawReason::NoCombatLimit,
            } => "no-combat-limit",
            Outcome::Draw {
                reason: DrawReason::Repetition,
            } => "repetition",
            Outcome::Draw {
                reason: DrawReason::BothStuck,
            } => "both-stuck",
        }
    }
}

impl fmt::Display for Outcome {
    /// `red flag-captured`, `draw no-combat-limit`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(w) => write!(f, "{w} {}", self.reason_str()),
            None => write!(f, "draw {}", self.reason_str()),
        }
    }
}

impl Position {
    /// The verdict of the position alone (L-16's order without repetition, which needs a
    /// history: [`Game::outcome`]): a captured flag; then, for the side to move, neither side
    /// movable, no legal move, the no-combat limit. `None` while the game goes on.
    ///
    /// ```
    /// use luzhanqi::{Outcome, Position, Side, WinReason};
    /// // Blue has lost its flag.
    /// let pos: Position = "5/5/5/5/5/5/5/5/5/5/5/1F1S1 b".parse()?;
    /// assert_eq!(
    ///     pos.outcome(),
    ///     Some(Outcome::Decisive { winner: Side::Red, reason: WinReason::FlagCaptured })
    /// );
    /// assert!(pos.legal_moves().is_empty());
    /// # Ok::<(), luzhanqi::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_with(|| false)
    }

    /// L-16's order, with `repeated` asked in its place.
    pub(crate) fn outcome_with(&self, repeated: impl FnOnce() -> bool) -> Option<Outcome> {
        self.adjudicate(FaceDown::NONE, repeated)
    }

    /// L-16's order with the face-down pieces of 翻棋 (L-32) taken into account: a flag still
    /// face down is on the board (its side has not lost it); while any piece is face down the
    /// side to move can flip it, so neither "neither side movable" nor "no legal move" applies.
    ///
    /// The ruleset's adjudication options: under `no_combat_result` `loss_to_mover` (L-15)
    /// the limit is judged right after a captured flag, before the side now to move is asked
    /// for a move (the CCGC platform stops the game when it receives the move that completes
    /// the quiet plies), and the side that made it (not the side to move) loses; while the
    /// colours of a 翻棋 game are unsettled no side made it, and the limit draws. Under
    /// `no_move_result` `draw_if_both_stuck` (L-14) a side to move with no legal move whose
    /// opponent would have none either draws.
    pub(crate) fn adjudicate(
        &self,
        face_down: FaceDown,
        repeated: impl FnOnce() -> bool,
    ) -> Option<Outcome> {
        for side in Side::ALL {
            if self.pieces(side, Kind::Flag).is_empty() && !face_down.flags[side.index()] {
                return Some(Outcome::Decisive {
                    winner: side.other(),
                    reason: WinReason::FlagCaptured,
                });
            }
        }
        let rules = *self.ruleset();
        let limit_reached = rules.no_combat_limit != 0
            && self.plies_since_attack() >= u32::from(rules.no_combat_limit);
        if limit_reached
            && rules.no_combat_result() == NoCombatResult::LossToMover
            && !face_down.unsettled
        {
            return Some(Outcome::Decisive {
                winner: self.turn(),
                reason: WinReason::NoCombatLimit,
            });
        }
        if !face_down.any
            && self.movable(Side::Red).is_empty()
            && self.movable(Side::Blue).is_empty()
        {
            return Some(Outcome::Draw {
                reason: DrawReason::NoMovablePieces,
            });
        }
        // No legal move, judged before the no-combat limit: ignore the limit here.
        let unlimited = self.clone().with_ruleset(crate::Ruleset {
            no_combat_limit: 0,
            ..*self.ruleset()
        });
        if !face_down.any && unlimited.count_legal_moves() == 0 {
            if rules.no_move_result() == NoMoveResult::DrawIfBothStuck
                && unlimited.clone().swap_turn().count_legal_moves() == 0
            {
                return Some(Outcome::Draw {
                    reason: DrawReason::BothStuck,
                });
            }
            return Some(Outcome::Decisive {
                winner: self.turn().other(),
                reason: WinReason::NoMove,
            });
        }
        if repeated() {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        if limit_reached {
            return Some(Outcome::Draw {
                reason: DrawReason::NoCombatLimit,
            });
        }
        None
    }
}

/// What adjudication must know of the face-down pieces of 翻棋 (L-32); none in the other
/// modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FaceDown {
    /// Some piece is face down (the side to move may flip it).
    pub any: bool,
    /// Each side's flag (by [`Side::index`]) is still face down.
    pub flags: [bool; 2],
    /// The colours are not settled yet (翻棋): no side has made a ply of its own.
    pub unsettled: bool,
}

impl FaceDown {
    /// Nothing face down.
    pub const NONE: FaceDown = FaceDown {
        any: false,
        flags: [false; 2],
        unsettled: false,
    };
}

/// A move refused by a [`Game`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over.
    #[error("the game is over ({0})")]
    Over(Outcome),
    /// The move is not legal.
    #[error("{0} is not a legal move")]
    Illegal(Move),
}

/// A game: a start position, the moves played, the Zobrist keys of every position reached
/// with how often each occurred (for repetition, L-15: the shared model's [`History`], so a
/// game of any length replays in linear time) and the attacks.
///
/// ```
/// use luzhanqi::{Game, Position};
/// let mut game = Game::new(Position::default());
/// let m = game.legal_moves()[0];
/// game.play(m)?;
/// assert_eq!(game.moves(), &[m]);
/// # Ok::<(), luzhanqi::GameError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    history: History<Position>,
    combats: Vec<Option<Combat>>,
}

impl Game {
    /// A game from `start`.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game {
            history: History::new(start),
            combats: Vec::new(),
        }
    }
}

junqi_game::getters! {
    impl Game {
        /// The moves played.
        pub moves -> &[Move] = history.actions();
        /// For each move played, the attack it was, if any.
        pub combats -> &[Option<Combat>];
    }
}

junqi_game::history_getters!(Game: Position);

impl Game {
    /// The verdict in L-16's order: flag captured; neither side movable; no legal move;
    /// repetition (when the ruleset's `repetition` is on); the no-combat limit.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position()
            .outcome_with_occurrences(self.history.occurrences())
    }

    /// The legal moves, none once the game is over (repetition included).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        self.history.legal_actions()
    }

    /// Play `m`, returning the attack it was, if any.
    ///
    /// # Errors
    /// [`GameError::Over`] once the game is decided; [`GameError::Illegal`] for a move that is
    /// not legal. The game is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<Option<Combat>, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        if !self.position().is_legal(m) {
            return Err(GameError::Illegal(m));
        }
        let combat = self.position().combat(m);
        self.history.push(m, None);
        self.combats.push(combat);
        Ok(combat)
    }

    /// Take back the last move, returning it; `None` at the start. Cost: at most 256 moves
    /// replayed from a stored position.
    pub fn undo(&mut self) -> Option<Move> {
        let (m, _) = self.history.pop()?;
        self.combats.pop();
        Some(m)
    }
}
