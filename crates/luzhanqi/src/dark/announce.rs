//! What the referee of 暗棋 tells both sides after a move (L-31): one [`Announcement`].

use std::fmt;

use crate::combat::AttackOutcome;
use crate::moves::Move;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::Side;
use crate::square::Square;

/// What both sides are told of one move (L-31): the move (origin, destination); for an
/// attack only its result (never the kinds); the flag point of each side whose field marshal
/// the attack removed (`marshal_reveals_flag`); and the end, if the move ended the game.
///
/// Both sides hear the same announcement: what differs between their information states is
/// only their own deployment.
///
/// Its text (one field of an [information state](crate::dark::InfoState)) is the move, `>`
/// (defender removed), `<` (attacker removed) or `=` (both removed) for an attack, `!point`
/// for each flag shown (Red's first), and `#winner:reason` for the end:
///
/// ```
/// use luzhanqi::dark::Announcement;
/// use luzhanqi::AttackOutcome;
/// let a: Announcement = "c6c7=!d1!b12".parse()?;
/// assert_eq!(a.result, Some(AttackOutcome::BothRemoved));
/// assert_eq!(a.flag_shown[1].map(|s| s.to_string()).as_deref(), Some("b12"));
/// assert_eq!(a.to_string(), "c6c7=!d1!b12");
/// # Ok::<(), luzhanqi::dark::InfoStateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Announcement {
    /// The move played.
    pub mv: Move,
    /// For an attack, what it removed; `None` for a quiet move.
    pub result: Option<AttackOutcome>,
    /// The flag point shown of each side ([`Side::index`]) whose field marshal this move
    /// removed, under `marshal_reveals_flag`.
    pub flag_shown: [Option<Square>; 2],
    /// The end, if this move ended the game (L-13 … L-16).
    pub end: Option<Outcome>,
}

impl Announcement {
    /// A quiet move that did not end the game.
    #[must_use]
    pub const fn quiet(mv: Move) -> Announcement {
        Announcement {
            mv,
            result: None,
            flag_shown: [None, None],
            end: None,
        }
    }

    /// Whether the move was an attack.
    #[must_use]
    pub const fn is_attack(&self) -> bool {
        self.result.is_some()
    }
}

/// `>`, `<` or `=`.
pub(crate) fn result_char(o: AttackOutcome) -> char {
    match o {
        AttackOutcome::DefenderRemoved => '>',
        AttackOutcome::AttackerRemoved => '<',
        AttackOutcome::BothRemoved => '=',
    }
}

/// The CLI's reason words (`flag-captured`, …), read back.
pub(crate) fn parse_outcome(winner: &str, reason: &str) -> Option<Outcome> {
    let winner = match winner {
        "draw" => None,
        name => Some(name.parse::<Side>().ok()?),
    };
    Some(match (winner, reason) {
        (Some(w), "flag-captured") => Outcome::Decisive {
            winner: w,
            reason: WinReason::FlagCaptured,
        },
        (Some(w), "no-move") => Outcome::Decisive {
            winner: w,
            reason: WinReason::NoMove,
        },
        (None, "no-movable-pieces") => Outcome::Draw {
            reason: DrawReason::NoMovablePieces,
        },
        (None, "no-combat-limit") => Outcome::Draw {
            reason: DrawReason::NoCombatLimit,
        },
        (None, "repetition") => Outcome::Draw {
            reason: DrawReason::Repetition,
        },
        (Some(w), "no-combat-limit") => Outcome::Decisive {
            winner: w,
            reason: WinReason::NoCombatLimit,
        },
        (None, "both-stuck") => Outcome::Draw {
            reason: DrawReason::BothStuck,
        },
        _ => return None,
    })
}

/// `red:flag-captured`, `draw:no-combat-limit`.
pub(crate) fn outcome_text(o: &Outcome) -> String {
    match o.winner() {
        Some(w) => format!("{w}:{}", o.reason_str()),
        None => format!("draw:{}", o.reason_str()),
    }
}

impl fmt::Display for Announcement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mv)?;
        if let Some(r) = self.result {
            write!(f, "{}", result_char(r))?;
        }
        for sq in self.flag_shown.iter().flatten() {
            write!(f, "!{sq}")?;
        }
        if let Some(o) = &self.end {
            write!(f, "#{}", outcome_text(o))?;
        }
        Ok(())
    }
}
