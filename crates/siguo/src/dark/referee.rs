//! The referee of 四暗 and 雙明 (L-63 … L-65).

use luzhanqi::{FlagCapture, Kind, rand::Rng};
use thiserror::Error;

use super::announce::{Announcement, Event};
use super::info::{InfoState, SeenBoard};
use crate::board::Point;
use crate::position::{Action, OutReason, PlayError, Position, Repetitions};
use crate::ruleset::SiguoMode;
use crate::seat::{Piece, Seat};

/// A dark game that cannot start, or an action the referee does not take.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DarkError {
    /// L-63: dark play needs `flag_capture` `any` (a run's end must not depend on hidden
    /// landmines, so that there are no refusals).
    #[error("dark play needs flag_capture any (L-63)")]
    FlagCapture,
    /// The position's rules refused the action.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// The referee: the true position, the announcements, and what each seat was shown (L-63).
/// Under 全明 it tells the same announcements and each seat sees every kind.
#[derive(Debug, Clone)]
pub struct DarkGame {
    start: Position,
    pos: Position,
    actions: Vec<Event>,
    history: Vec<Announcement>,
    seen: Repetitions,
}

impl DarkGame {
    /// A game from its first position (its rules carry the mode).
    ///
    /// # Errors
    /// [`DarkError::FlagCapture`] for a dark mode with `flag_capture` other than `any`.
    pub fn new(start: Position) -> Result<DarkGame, DarkError> {
        if start.rules().mode.mode != SiguoMode::Open
            && start.rules().base.flag_capture != FlagCapture::Any
        {
            return Err(DarkError::FlagCapture);
        }
        let seen = Repetitions::new(&start);
        Ok(DarkGame {
            pos: start.clone(),
            start,
            actions: Vec::new(),
            history: Vec::new(),
            seen,
        })
    }

    /// The first position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The true position now.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The announcements so far, the same for all four seats.
    #[must_use]
    pub fn history(&self) -> &[Announcement] {
        &self.history
    }

    /// The actions so far (the referee's record).
    #[must_use]
    pub fn actions(&self) -> &[Event] {
        &self.actions
    }

    /// What `seat` knows: the board it was shown at the start and the announcements.
    #[must_use]
    pub fn info_state(&self, seat: Seat) -> InfoState {
        InfoState {
            seat,
            rules: *self.start.rules(),
            start: SeenBoard::of(&self.start, seat, self.start.rules().mode.mode),
            history: self.history.clone(),
        }
    }

    /// Play the seat to move's move or pass and announce it.
    ///
    /// # Errors
    /// [`DarkError::Play`] when the game is over or the action is not legal; nothing changes.
    pub fn play(&mut self, a: Action) -> Result<&Announcement, DarkError> {
        let before = self.pos.clone();
        self.pos.play(a)?;
        let seat = before.turn();
        let event = match a {
            Action::Move(mv) => Event::Move { seat, mv },
            Action::Pass => Event::Pass(seat),
        };
        self.seen.reached(&mut self.pos);
        Ok(self.announce(&before, event))
    }

    /// `seat` surrenders (L-54) and the referee announces it.
    ///
    /// # Errors
    /// [`DarkError::Play`] as [`Position::surrender`].
    pub fn surrender(&mut self, seat: Seat) -> Result<&Announcement, DarkError> {
        let before = self.pos.clone();
        self.pos.surrender(seat)?;
        self.seen.reached(&mut self.pos);
        Ok(self.announce(&before, Event::Resign(seat)))
    }

    /// Play a uniformly drawn legal action of the seat to move.
    ///
    /// # Errors
    /// [`DarkError::Play`] when the game is over.
    pub fn play_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> Result<&Announcement, DarkError> {
        let actions = self.pos.legal_actions();
        if actions.is_empty() {
            // Only a decided position has no action (L-57).
            return self.play(Action::Pass);
        }
        let a = actions[rng.random_range(0..actions.len())];
        self.play(a)
    }

    /// Build the announcement of the action that led from `before` to the position now.
    fn announce(&mut self, before: &Position, event: Event) -> &Announcement {
        let rules = *before.rules();
        let mut result = None;
        let mut shown = None;
        let mut flag_captured_seat = None;
        let mut marshal_dead = Vec::new();
        if let Event::Move { mv, .. } = event
            && let Some(c) = before.combat(mv)
        {
            result = Some(c.outcome);
            let att = before.piece_at(mv.from).expect("a mover");
            let def = before.piece_at(mv.to).expect("a defender");
            // L-65: an engineer's attack shows the defender's kind to all four.
            if rules.mode.engineer_scout
                && rules.mode.mode != SiguoMode::Open
                && att.kind == Kind::Engineer
            {
                shown = Some(def.kind);
            }
            if c.flag_captured() {
                flag_captured_seat = Some(def.seat);
            }
            if c.attacker_removed() && att.kind == Kind::Marshal {
                marshal_dead.push(att.seat);
            }
            if c.defender_removed() && def.kind == Kind::Marshal {
                marshal_dead.push(def.seat);
            }
        }
        // Seats that went out, the action's own first, then in turn order from the actor.
        let mut outs = Vec::new();
        let gone: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| before.in_play(*s) && !self.pos.in_play(*s))
            .collect();
        let first = match event {
            Event::Resign(s) => Some((s, OutReason::Resigned)),
            _ => flag_captured_seat.map(|s| (s, OutReason::FlagCaptured)),
        };
        if let Some(f) = first {
            outs.push(f);
        }
        let mut s = event.seat();
        for _ in 0..4 {
            if gone.contains(&s) && !outs.iter().any(|(o, _)| *o == s) {
                outs.push((s, OutReason::NoMove));
            }
            s = rules.turn_direction.next(s);
        }
        // L-63: a removed 司令 shows its seat's flag point (if the flag is still there).
        let mut flags = Vec::new();
        if rules.mode.marshal_reveals_flag && rules.mode.mode != SiguoMode::Open {
            for seat in marshal_dead {
                if let Some(p) = Point::all()
                    .find(|&p| self.pos.piece_at(p) == Some(Piece::new(seat, Kind::Flag)))
                {
                    flags.push((seat, p));
                }
            }
        }
        self.actions.push(event);
        self.history.push(Announcement {
            event,
            result,
            shown,
            outs,
            flags,
            next: self.pos.turn(),
            outcome: self.pos.outcome(),
        });
        self.history.last().expect("just pushed")
    }
}
