//! What the referee tells all four seats after each action (L-63 … L-65).

use std::fmt;
use std::str::FromStr;

use luzhanqi::{AttackOutcome, Kind};
use thiserror::Error;

use crate::board::Point;
use crate::position::{DrawReason, Move, OutReason, Outcome, WinReason};
use crate::seat::{Seat, Team};

/// The action a seat took, as announced (L-63: the move's origin and destination, each pass,
/// each surrender).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// A move of `seat`'s piece.
    Move {
        /// The mover.
        seat: Seat,
        /// Origin and destination.
        mv: Move,
    },
    /// A pass (L-55).
    Pass(Seat),
    /// A surrender (L-54).
    Resign(Seat),
}

impl Event {
    /// The seat that acted.
    #[must_use]
    pub const fn seat(self) -> Seat {
        match self {
            Event::Move { seat, .. } | Event::Pass(seat) | Event::Resign(seat) => seat,
        }
    }
}

/// One announcement, the same for all four seats (L-63): the action, for an attack only its
/// result, the defender's kind under `engineer_scout` (L-65), seats that went out with the
/// reason, flag points shown after a 司令 died (`marshal_reveals_flag`), the seat to move next
/// and the end of the game.
///
/// Text form (one line, space-separated): `r g6g7`, `g pass`, `b resign`; then `x+`
/// (defender removed), `x-` (attacker removed) or `x=` (both removed) for an attack; `=D` for
/// a kind shown; `out:g:flag-captured` (`no-move`, `resigned`) per seat out; `flag:g:q8` per
/// flag shown; `next:b`; `end:red-blue:flag-captured` or `end:draw:repetition` when decided.
///
/// ```
/// use siguo::dark::Announcement;
/// let a: Announcement = "r k6l7 x- =D next:g".parse()?;
/// assert!(a.is_attack());
/// assert_eq!(a.to_string(), "r k6l7 x- =D next:g");
/// # Ok::<(), siguo::dark::AnnouncementError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Announcement {
    /// What was done.
    pub event: Event,
    /// For an attack, who was removed (never the kinds).
    pub result: Option<AttackOutcome>,
    /// L-65: the defender's kind, shown when an engineer attacked.
    pub shown: Option<Kind>,
    /// Seats that went out with this action, with the reason, in the order they went out.
    pub outs: Vec<(Seat, OutReason)>,
    /// L-63: flag points shown because a 司令 was removed.
    pub flags: Vec<(Seat, Point)>,
    /// The seat to move after the action.
    pub next: Seat,
    /// The result, once the game is decided.
    pub outcome: Option<Outcome>,
}

impl Announcement {
    /// Whether the action was an attack.
    #[must_use]
    pub const fn is_attack(&self) -> bool {
        self.result.is_some()
    }
}

/// An announcement line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("token {token} '{text}': {why}")]
pub struct AnnouncementError {
    /// The token's number, from 1.
    pub token: usize,
    /// The token.
    pub text: String,
    /// What is wrong.
    pub why: &'static str,
}

fn parse_out_reason(s: &str) -> Option<OutReason> {
    OutReason::ALL.into_iter().find(|r| r.word() == s)
}

fn parse_outcome(team: &str, reason: &str) -> Option<Outcome> {
    if team == "draw" {
        return DrawReason::ALL
            .into_iter()
            .find(|r| r.word() == reason)
            .map(Outcome::Draw);
    }
    let team = Team::ALL.into_iter().find(|t| t.name() == team)?;
    let reason = WinReason::ALL.into_iter().find(|r| r.word() == reason)?;
    Some(Outcome::Win { team, reason })
}

pub(crate) fn parse_move(s: &str) -> Option<Move> {
    let split = s
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_lowercase())?
        .0;
    let from = s[..split].parse().ok()?;
    let to = s[split..].parse().ok()?;
    Some(Move { from, to })
}

fn seat_of(s: &str) -> Option<Seat> {
    let mut c = s.chars();
    let seat = Seat::from_letter(c.next()?)?;
    c.next().is_none().then_some(seat)
}

impl fmt::Display for Announcement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.event {
            Event::Move { seat, mv } => write!(f, "{} {mv}", seat.letter())?,
            Event::Pass(seat) => write!(f, "{} pass", seat.letter())?,
            Event::Resign(seat) => write!(f, "{} resign", seat.letter())?,
        }
        if let Some(r) = self.result {
            f.write_str(match r {
                AttackOutcome::DefenderRemoved => " x+",
                AttackOutcome::AttackerRemoved => " x-",
                AttackOutcome::BothRemoved => " x=",
            })?;
        }
        if let Some(k) = self.shown {
            write!(f, " ={}", k.letter())?;
        }
        for (s, r) in &self.outs {
            write!(f, " out:{}:{}", s.letter(), r.word())?;
        }
        for (s, p) in &self.flags {
            write!(f, " flag:{}:{p}", s.letter())?;
        }
        write!(f, " next:{}", self.next.letter())?;
        match self.outcome {
            Some(Outcome::Win { team, reason }) => write!(f, " end:{team}:{reason}"),
            Some(Outcome::Draw(r)) => write!(f, " end:draw:{r}"),
            None => Ok(()),
        }
    }
}

impl FromStr for Announcement {
    type Err = AnnouncementError;

    /// Linear in the line's length.
    fn from_str(line: &str) -> Result<Announcement, AnnouncementError> {
        let mut tokens = line.split(' ').enumerate().map(|(i, t)| (i + 1, t));
        let err = |token: usize, text: &str, why: &'static str| AnnouncementError {
            token,
            text: text.into(),
            why,
        };
        let (i, t) = tokens.next().ok_or_else(|| err(1, "", "empty"))?;
        let seat = seat_of(t).ok_or_else(|| err(i, t, "not a seat letter r|g|b|y"))?;
        let (i, t) = tokens
            .next()
            .ok_or_else(|| err(2, "", "no action after the seat"))?;
        let event = match t {
            "pass" => Event::Pass(seat),
            "resign" => Event::Resign(seat),
            _ => Event::Move {
                seat,
                mv: parse_move(t).ok_or_else(|| err(i, t, "not a move, pass or resign"))?,
            },
        };
        let mut a = Announcement {
            event,
            result: None,
            shown: None,
            outs: Vec::new(),
            flags: Vec::new(),
            next: seat,
            outcome: None,
        };
        let mut next = None;
        // Field order is fixed: result, shown, outs, flags, next, end.
        let mut stage = 0;
        for (i, t) in tokens {
            let s = match t {
                "x+" | "x-" | "x=" => {
                    a.result = Some(match t {
                        "x+" => AttackOutcome::DefenderRemoved,
                        "x-" => AttackOutcome::AttackerRemoved,
                        _ => AttackOutcome::BothRemoved,
                    });
                    1
                }
                _ if t.starts_with('=') => {
                    let k = seat_kind(&t[1..]).ok_or_else(|| err(i, t, "not =KIND"))?;
                    a.shown = Some(k);
                    2
                }
                _ if t.starts_with("out:") => {
                    let (s, r) = t[4..]
                        .split_once(':')
                        .and_then(|(s, r)| Some((seat_of(s)?, parse_out_reason(r)?)))
                        .ok_or_else(|| err(i, t, "not out:SEAT:REASON"))?;
                    a.outs.push((s, r));
                    3
                }
                _ if t.starts_with("flag:") => {
                    let (s, p) = t[5..]
                        .split_once(':')
                        .and_then(|(s, p)| Some((seat_of(s)?, p.parse::<Point>().ok()?)))
                        .ok_or_else(|| err(i, t, "not flag:SEAT:POINT"))?;
                    a.flags.push((s, p));
                    4
                }
                _ if t.starts_with("next:") => {
                    next = Some(seat_of(&t[5..]).ok_or_else(|| err(i, t, "not next:SEAT"))?);
                    5
                }
                _ if t.starts_with("end:") => {
                    let o = t[4..]
                        .split_once(':')
                        .and_then(|(team, r)| parse_outcome(team, r))
                        .ok_or_else(|| err(i, t, "not end:TEAM:REASON"))?;
                    a.outcome = Some(o);
                    6
                }
                _ => return Err(err(i, t, "unknown field")),
            };
            let repeatable = matches!(s, 3 | 4);
            if s < stage || (s == stage && !repeatable) {
                return Err(err(i, t, "field out of order or repeated"));
            }
            stage = s;
        }
        a.next = next.ok_or_else(|| err(0, line, "no next:SEAT field"))?;
        if a.shown.is_some() && a.result.is_none() {
            return Err(err(0, line, "a kind shown without an attack"));
        }
        Ok(a)
    }
}

fn seat_kind(s: &str) -> Option<Kind> {
    let mut c = s.chars();
    let k = Kind::from_letter(c.next()?)?;
    c.next().is_none().then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        for line in [
            "r g6g7 next:g",
            "g pass next:b",
            "y resign out:y:resigned next:r",
            "r k6l7 x+ out:g:flag-captured next:b",
            "b g12f11 x= flag:b:j17 flag:y:a10 next:y",
            "y b7c7 x- =L next:r end:red-blue:no-move",
            "r g2g3 next:g end:draw:no-combat-limit",
        ] {
            let a: Announcement = line.parse().unwrap();
            assert_eq!(a.to_string(), line);
        }
        for (line, token) in [
            ("", 1),
            ("x g6g7 next:g", 1),
            ("r g6 next:g", 2),
            ("r g6g7 next:g x+", 4),
            ("r g6g7 x+ x+ next:g", 4),
            ("r g6g7 out:g:bored next:b", 3),
            ("r g6g7 =Q next:b", 3),
            ("r g6g7", 0),
            ("r g6g7 =D next:b", 0),
        ] {
            let e = line.parse::<Announcement>().unwrap_err();
            assert_eq!(e.token, token, "{line}: {e}");
        }
    }

    /// Every out reason and every result is written and read back, in issue 52's words.
    #[test]
    fn every_reason_round_trips() {
        let outs = ["flag-captured", "no-move", "resigned"];
        let ends = [
            "red-blue:flag-captured",
            "green-yellow:no-move",
            "red-blue:resigned",
            "green-yellow:team-out",
            "draw:no-movable-pieces",
            "draw:no-combat-limit",
            "draw:repetition",
        ];
        for (i, out) in outs.iter().enumerate() {
            let line = format!("r k6l7 x+ out:g:{out} next:b end:{}", ends[i]);
            let a: Announcement = line.parse().unwrap();
            assert_eq!(a.outs[0].1, OutReason::ALL[i]);
            assert_eq!(a.to_string(), line);
        }
        for end in ends {
            let line = format!("r g2g3 next:g end:{end}");
            let a: Announcement = line.parse().unwrap();
            let o = a.outcome.unwrap();
            assert_eq!(o.to_string(), end.replace(':', " "));
            assert_eq!(a.to_string(), line);
        }
        assert!(
            "r g2g3 next:g end:draw:team-out"
                .parse::<Announcement>()
                .is_err()
        );
        assert!(
            "r g2g3 next:g end:red-blue:repetition"
                .parse::<Announcement>()
                .is_err()
        );
    }
}
