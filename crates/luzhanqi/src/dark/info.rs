//! A side's information state in 暗棋 (L-31): its own deployment and every announcement, in
//! order; the compact string form and its parser.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::combat::AttackOutcome;
use crate::deploy::{Deployment, DeploymentError, DeploymentParseError};
use crate::moves::{MoveParseError, parse_move_prefix};
use crate::outcome::Outcome;
use crate::piece::Side;
use crate::ruleset::Ruleset;
use crate::square::{SquareParseError, parse_square_prefix};

use super::announce::{Announcement, parse_outcome};

/// The rules of a dark game: the movement, combat and adjudication options, and the one
/// option of the mode itself, `marshal_reveals_flag` (L-31, L-33).
///
/// ```
/// use luzhanqi::dark::DarkRules;
/// let r = DarkRules::STANDARD;
/// assert!(r.marshal_reveals_flag);
/// assert_eq!(r.rules, luzhanqi::Ruleset::STANDARD);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DarkRules {
    /// The ruleset (its `flag_capture` must be `any`: L-12).
    pub rules: Ruleset,
    /// L-31: when a field marshal is removed, its side's flag point is shown to both.
    pub marshal_reveals_flag: bool,
}

impl DarkRules {
    /// The standard ruleset with `marshal_reveals_flag` on.
    pub const STANDARD: DarkRules = DarkRules {
        rules: Ruleset::STANDARD,
        marshal_reveals_flag: true,
    };
}

impl Default for DarkRules {
    fn default() -> DarkRules {
        DarkRules::STANDARD
    }
}

/// A side's information state in 暗棋 (L-31): whose it is, the first mover, its own
/// deployment and every announcement so far. Perfect recall: the whole history is kept, in
/// order. The enemy's pieces start on the 25 non-camp points of its half (L-17), so the
/// state needs no enemy points; each enemy piece is known by its start point (its
/// *identity*), followed through its moves.
///
/// Its string form (documented in `docs/luzhanqi.md`, "The information state"):
///
/// ```text
/// state        = side SP first SP deployment *(SP announcement)
/// side, first  = "r" / "b"                ; whose state; who moved first
/// deployment   = the own deployment, L-19 (own frame)
/// announcement = move [result] *("!" point) ["#" end]
/// result       = ">" / "<" / "="          ; defender / attacker / both removed
/// "!" point    = a flag point shown (its field marshal was removed), Red's first
/// end          = ("red" / "blue" / "draw") ":" reason
///                ; reason: flag-captured, no-move, no-movable-pieces, no-combat-limit,
///                ; repetition
/// ```
///
/// The rules are not part of the string (both sides agreed on them before play):
/// [`InfoState::parse_with`] takes them, `FromStr` takes [`DarkRules::STANDARD`]. Parsing is
/// one pass over the text and the history, and refuses every state no referee could have
/// told with [`InfoStateError::Impossible`], naming the field.
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules, InfoState};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// game.play("c6c7".parse()?)?; // two engineers meet: both removed
/// let blue = game.info_state(Side::Blue);
/// assert_eq!(blue.to_string(), format!("b r {DEFAULT_DEPLOYMENT} c6c7="));
/// assert_eq!(blue.to_string().parse::<InfoState>()?, *blue);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InfoState {
    pub(crate) side: Side,
    pub(crate) first: Side,
    pub(crate) rules: DarkRules,
    pub(crate) own: Deployment,
    pub(crate) history: Vec<Announcement>,
}

impl InfoState {
    /// The state before play of `side`, which deployed `own`, with `first` to move. The
    /// deployment is not checked here ([`InfoState::validate`] does).
    #[must_use]
    pub fn new(side: Side, first: Side, own: Deployment, rules: DarkRules) -> InfoState {
        InfoState {
            side,
            first,
            rules,
            own,
            history: Vec::new(),
        }
    }
}

junqi_game::getters! {
    impl InfoState {
        /// Whose state this is.
        pub side -> Side;
        /// The first mover.
        pub first -> Side;
        /// The rules both sides agreed on.
        pub rules -> &DarkRules;
        /// The own deployment (own frame, L-19).
        pub deployment -> &Deployment = own;
        /// Every announcement, in order.
        pub history -> &[Announcement];
    }
}

impl InfoState {
    /// The number of moves played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.history.len()
    }

    /// The side to move next (meaningless once the game is over).
    #[must_use]
    pub fn turn(&self) -> Side {
        if self.history.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// The end, once announced.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.history.last().and_then(|a| a.end)
    }

    /// The state after the first `ply` moves (the whole state for a `ply` past the end).
    #[must_use]
    pub fn at_ply(&self, ply: usize) -> InfoState {
        InfoState {
            history: self.history[..ply.min(self.history.len())].to_vec(),
            ..self.clone()
        }
    }

    /// Append an announcement (the referee's, or a player's own bookkeeping), unchecked.
    pub fn push(&mut self, a: Announcement) {
        self.history.push(a);
    }

    /// The state with its rules replaced (the string form carries none).
    #[must_use]
    pub fn with_rules(mut self, rules: DarkRules) -> InfoState {
        self.rules = rules;
        self
    }

    /// Parse the string form under `rules`, validated ([`InfoState::validate`]).
    ///
    /// # Errors
    /// [`InfoStateError`], naming the field (1-based, space-separated) and what is wrong.
    pub fn parse_with(text: &str, rules: DarkRules) -> Result<InfoState, InfoStateError> {
        let mut fields = text.split(' ');
        let mut next = || fields.next().filter(|f| !f.is_empty());
        let (Some(side), Some(first), Some(dep)) = (next(), next(), next()) else {
            return Err(InfoStateError::Header);
        };
        let side = parse_side(1, side)?;
        let first = parse_side(2, first)?;
        let own: Deployment = dep.parse().map_err(InfoStateError::DeploymentText)?;
        let mut state = InfoState::new(side, first, own, rules);
        let mut i = 3;
        for f in fields {
            i += 1;
            if state.outcome().is_some() {
                return Err(InfoStateError::AfterEnd { field: i });
            }
            state.history.push(parse_announcement(f, i)?);
        }
        state.validate()?;
        Ok(state)
    }
}

/// An information state that does not parse, or that no referee could have told. `field`
/// counts the space-separated fields from 1 (the announcement of ply `p` is field `3 + p`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InfoStateError {
    /// Fewer than the three header fields (side, first mover, deployment), or an empty field.
    #[error("an information state starts with side, first mover and deployment")]
    Header,
    /// A side letter other than `r` or `b`.
    #[error("field {field}: '{text}' is not r or b")]
    Side {
        /// The field.
        field: usize,
        /// Its text (cut to 20 characters).
        text: String,
    },
    /// The own deployment is not an L-19 string.
    #[error("field 3: {0}")]
    DeploymentText(DeploymentParseError),
    /// The own deployment breaks L-17.
    #[error("field 3: {0}")]
    Deployment(DeploymentError),
    /// An announcement's move is malformed (its column within the field).
    #[error("field {field}: {source}")]
    Move {
        /// The field.
        field: usize,
        /// Why.
        source: MoveParseError,
    },
    /// A flag point is malformed.
    #[error("field {field}: flag point: {source}")]
    Point {
        /// The field.
        field: usize,
        /// Why.
        source: SquareParseError,
    },
    /// Something after the move that is not a result, flag points and an end, in that order.
    #[error("field {field}, column {column}: '{text}' is not >, <, =, !point or #end")]
    Suffix {
        /// The field.
        field: usize,
        /// The 1-based column in the field.
        column: usize,
        /// The rest of the field (cut to 20 characters).
        text: String,
    },
    /// The end is not `winner:reason` with a reason that fits the winner.
    #[error("field {field}: '{text}' is not an end (red:flag-captured, draw:no-combat-limit, …)")]
    End {
        /// The field.
        field: usize,
        /// Its text (cut to 30 characters).
        text: String,
    },
    /// An announcement follows the end.
    #[error("field {field}: nothing may follow the end")]
    AfterEnd {
        /// The field.
        field: usize,
    },
    /// Well formed, but no referee could have told it: a move from a point without a piece
    /// of the mover, an own move the own kinds cannot make, an enemy move no kind can make, a
    /// result the rules cannot give, a flag shown or not shown against the rule, an end that
    /// is not the rules' verdict, an enemy piece left with no possible kind.
    #[error("field {field} (ply {ply}): impossible: {detail}")]
    Impossible {
        /// The field (3 + ply).
        field: usize,
        /// The ply, from 1 (0: the start).
        ply: usize,
        /// What cannot be.
        detail: String,
    },
    /// Every announcement could have been told, but no enemy deployment fits them all: the
    /// kinds each enemy piece may still be cannot make up L-5's counts (L-31).
    #[error("impossible: no enemy deployment fits the state (L-5's counts cannot be met)")]
    NoWorld,
}

/// The first `n` characters of `s` (what an error quotes of a field).
fn first_chars(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

fn parse_side(field: usize, text: &str) -> Result<Side, InfoStateError> {
    Side::from_letter(text).ok_or_else(|| InfoStateError::Side {
        field,
        text: first_chars(text, 20),
    })
}

/// One announcement field (`field` for the errors).
pub(crate) fn parse_announcement(text: &str, field: usize) -> Result<Announcement, InfoStateError> {
    let chars: Vec<char> = text.chars().collect();
    let (mv, mut n) =
        parse_move_prefix(&chars).map_err(|source| InfoStateError::Move { field, source })?;
    let mut a = Announcement::quiet(mv);
    let suffix = |n: usize| InfoStateError::Suffix {
        field,
        column: n + 1,
        text: first_chars(&chars[n..].iter().collect::<String>(), 20),
    };
    a.result = match chars.get(n) {
        Some('>') => Some(AttackOutcome::DefenderRemoved),
        Some('<') => Some(AttackOutcome::AttackerRemoved),
        Some('=') => Some(AttackOutcome::BothRemoved),
        _ => None,
    };
    if a.result.is_some() {
        n += 1;
    }
    let mut shown = Vec::new();
    while chars.get(n) == Some(&'!') {
        let (sq, k) = parse_square_prefix(&chars[n + 1..]).map_err(|e| InfoStateError::Point {
            field,
            source: e.shifted(n + 1),
        })?;
        shown.push((sq, n));
        n += 1 + k;
    }
    match shown.as_slice() {
        [] => {}
        [(a1, _)] => a.flag_shown[a1.half().index()] = Some(*a1),
        [(a1, _), (b1, at)] => {
            if a1.half() != Side::Red || b1.half() != Side::Blue {
                return Err(suffix(*at));
            }
            a.flag_shown = [Some(*a1), Some(*b1)];
        }
        [.., (_, at)] => return Err(suffix(*at)),
    }
    if chars.get(n) == Some(&'#') {
        let rest: String = chars[n + 1..].iter().collect();
        let end = rest
            .split_once(':')
            .and_then(|(w, r)| parse_outcome(w, r))
            .ok_or_else(|| InfoStateError::End {
                field,
                text: first_chars(&rest, 30),
            })?;
        a.end = Some(end);
        n = chars.len();
    }
    if n < chars.len() {
        return Err(suffix(n));
    }
    Ok(a)
}

impl fmt::Display for InfoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.side.char(), self.first.char(), self.own)?;
        for a in &self.history {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

impl FromStr for InfoState {
    type Err = InfoStateError;

    /// [`InfoState::parse_with`] under [`DarkRules::STANDARD`].
    fn from_str(s: &str) -> Result<InfoState, InfoStateError> {
        InfoState::parse_with(s, DarkRules::STANDARD)
    }
}

impl std::str::FromStr for Announcement {
    type Err = InfoStateError;

    /// One announcement alone (its field is reported as 1).
    fn from_str(s: &str) -> Result<Announcement, InfoStateError> {
        parse_announcement(s, 1)
    }
}
