//! What one seat knows: the board it was shown at the start and the announcements since
//! (L-63, L-64), with a text form read in linear time.

use std::fmt;
use std::str::FromStr;

use luzhanqi::{AttackOutcome, FlagCapture, Kind};
use thiserror::Error;

use super::announce::{Announcement, AnnouncementError, Event};
use crate::board::{POINT_COUNT, Point, PointSet, tables};
use crate::position::{Action, Move, Occupancy, Outcome, Position, Setup};
use crate::ruleset::{OutPieces, Rules, RulesError, SiguoMode};
use crate::seat::Seat;
use crate::text::{rank_points, write_position};

/// A piece as a seat sees it: whose it is, and its kind when the seat may see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seen {
    /// The owner.
    pub seat: Seat,
    /// The kind, `None` when hidden from the observer.
    pub kind: Option<Kind>,
}

/// Whether `observer` sees the kinds of `owner`'s pieces from the start: its own always, its
/// ally's under 雙明 (L-64), everyone's under 全明 (L-62).
#[must_use]
pub fn sees_kinds(mode: SiguoMode, observer: Seat, owner: Seat) -> bool {
    owner == observer
        || mode == SiguoMode::Open
        || (mode == SiguoMode::DoubleOpen && owner == observer.ally())
}

/// A position as one seat is shown it: every point's owner, the kinds the seat may see, and
/// the counters of L-59 (a [`Setup`](crate::Setup) of [`Seen`] pieces).
///
/// Text form: L-59's position string in which a hidden piece is its seat's letter and `?`
/// (`g?`), counters always written: `…/rLrFrLrCrP r rgby 0 1`.
pub type SeenBoard = Setup<Seen>;

impl SeenBoard {
    /// What `observer` is shown of `pos` under `mode`.
    #[must_use]
    pub fn of(pos: &Position, observer: Seat, mode: SiguoMode) -> SeenBoard {
        // The position string's fields (L-59), the kinds hidden from the observer taken off.
        pos.to_setup().map_pieces(|pc| Seen {
            seat: pc.seat,
            kind: sees_kinds(mode, observer, pc.seat).then_some(pc.kind),
        })
    }
}

impl fmt::Display for SeenBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_position(
            f,
            |p| self.board[p.index()].map(|s| (s.seat, s.kind.map_or('?', Kind::letter))),
            self.turn,
            self.in_play,
            self.plies_since_attack,
            self.move_number,
            self.passes_used,
        )
    }
}

/// Read a seen board; `Err((column from 1, why))`.
fn parse_board(text: &str) -> Result<SeenBoard, (usize, &'static str)> {
    let bytes = text.as_bytes();
    let mut board = [None; POINT_COUNT];
    let mut i = 0;
    for rank in (1..=17u8).rev() {
        let pts = rank_points(rank);
        let mut k = 0;
        while k < pts.len() {
            let c = *bytes.get(i).ok_or((i + 1, "the board ends early"))?;
            if c.is_ascii_digit() {
                let start = i;
                let mut n = 0usize;
                while i < bytes.len() && bytes[i].is_ascii_digit() && i - start < 2 {
                    n = n * 10 + usize::from(bytes[i] - b'0');
                    i += 1;
                }
                if n == 0 || k + n > pts.len() {
                    return Err((start + 1, "a run of empty points longer than its rank"));
                }
                k += n;
            } else {
                let seat =
                    Seat::from_letter(char::from(c)).ok_or((i + 1, "not r|g|b|y or a digit"))?;
                let kc = *bytes
                    .get(i + 1)
                    .ok_or((i + 2, "a seat letter with no kind"))?;
                let kind = if kc == b'?' {
                    None
                } else {
                    Some(
                        Kind::from_letter(char::from(kc))
                            .ok_or((i + 2, "not a kind letter or ?"))?,
                    )
                };
                board[pts[k].index()] = Some(Seen { seat, kind });
                k += 1;
                i += 2;
            }
        }
        let sep = if rank > 1 { b'/' } else { b' ' };
        if bytes.get(i) != Some(&sep) {
            return Err((
                i + 1,
                if rank > 1 {
                    "expected / after a full rank"
                } else {
                    "expected a space after rank 1"
                },
            ));
        }
        i += 1;
    }
    let rest = &text[i..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let col = |n: usize| i + 1 + fields[..n].iter().map(|f| f.len() + 1).sum::<usize>();
    if !(4..=5).contains(&fields.len()) {
        return Err((
            i + 1,
            "expected: turn, seats in play, plies, move number[, passes]",
        ));
    }
    let one = |s: &str| {
        let mut c = s.chars();
        let seat = c.next().and_then(Seat::from_letter)?;
        c.next().is_none().then_some(seat)
    };
    let turn = one(fields[0]).ok_or((col(0), "not a seat letter"))?;
    let mut in_play = [false; 4];
    let mut last = None;
    for c in fields[1].chars() {
        let s = Seat::from_letter(c).ok_or((col(1), "not seat letters"))?;
        if last.is_some_and(|l: Seat| l.index() >= s.index()) {
            return Err((col(1), "seats in play not in the order rgby"));
        }
        last = Some(s);
        in_play[s.index()] = true;
    }
    let plies_since_attack = fields[2]
        .parse()
        .map_err(|_| (col(2), "not a number of plies"))?;
    let move_number = fields[3]
        .parse()
        .map_err(|_| (col(3), "not a move number"))?;
    let passes_used = match fields.get(4) {
        None => None,
        Some(p) => {
            let d: Vec<u8> = p
                .bytes()
                .filter(u8::is_ascii_digit)
                .map(|b| b - b'0')
                .collect();
            if d.len() != 4 || p.len() != 4 {
                return Err((col(4), "passes used: four digits"));
            }
            Some([d[0], d[1], d[2], d[3]])
        }
    };
    Ok(SeenBoard {
        board,
        turn,
        in_play,
        plies_since_attack,
        move_number,
        passes_used,
    })
}

impl fmt::Display for SeatView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// The whole position string, counters zero: one writer of the board (L-59).
        struct Full<'a>(&'a SeatView);
        impl fmt::Display for Full<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let v = self.0;
                write_position(
                    f,
                    |p| v.board[p.index()].map(|s| (s.seat, s.kind.map_or('?', Kind::letter))),
                    v.turn,
                    v.in_play,
                    0,
                    1,
                    None,
                )
            }
        }
        let full = Full(self).to_string();
        let fields: Vec<&str> = full.splitn(4, ' ').take(3).collect();
        f.write_str(&fields.join(" "))
    }
}

/// One seat's information state: the board it was shown at the start and every announcement
/// since. The same for every world the seat cannot tell apart (L-63).
///
/// Text form, one item a line:
///
/// ```text
/// siguo-info r
/// rules {"hq_lock":true,…}
/// start <seen board>
/// <announcement>
/// …
/// ```
///
/// The `start` line is a [`SeenBoard`]; each further line an [`Announcement`]. Reading is
/// linear in the text's length and checks that the announcements replay on the seen board.
///
/// The one-line form (the alternate `Display`, `{:#}`, or [`InfoState::one_line`]; what
/// `siguo engine` reads after `position hidden`, docs/protocol.md) is the same items joined by
/// ` | ` instead of line ends:
///
/// ```text
/// siguo-info r | rules {"hq_lock":true,…} | start <seen board> | <announcement> | …
/// ```
///
/// [`FromStr`] reads either form (an item ends at a line end or a `|`, neither of which any
/// item holds; blanks around an item are free), with one parser: an error's `line` is the
/// item's number in either form.
///
/// ```
/// use siguo::Position;
/// use siguo::dark::InfoState;
/// let state = InfoState::new(&Position::default(), siguo::Seat::Green);
/// let line = state.one_line();
/// assert!(line.starts_with("siguo-info g | rules {") && !line.contains('\n'));
/// assert_eq!(line.parse::<InfoState>()?, state);
/// assert_eq!(state.to_string().parse::<InfoState>()?, state);
/// # Ok::<(), siguo::dark::InfoStateError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InfoState {
    pub(crate) seat: Seat,
    pub(crate) rules: Rules,
    pub(crate) start: SeenBoard,
    pub(crate) history: Vec<Announcement>,
}

/// An information state that cannot be read, or does not replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InfoStateError {
    /// The first line is not `siguo-info <seat>`.
    #[error("line 1: expected 'siguo-info r|g|b|y'")]
    Header,
    /// Line 2 is not `rules <json>` or the rules are wrong.
    #[error("line 2: {0}")]
    Rules(String),
    /// A required line is missing.
    #[error("line {line}: expected '{what}'")]
    Missing {
        /// The line, from 1.
        line: usize,
        /// What should stand there.
        what: &'static str,
    },
    /// The seen board cannot be read.
    #[error("line 3, column {column}: {why}")]
    Board {
        /// Column within the line, from 1.
        column: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// A kind the seat cannot see is written, or one it must see is missing.
    #[error("line 3: {point}: {why}")]
    Visibility {
        /// The point.
        point: Point,
        /// What is wrong.
        why: &'static str,
    },
    /// An announcement cannot be read.
    #[error("line {line}: {error}")]
    Announcement {
        /// The line, from 1.
        line: usize,
        /// The error.
        error: AnnouncementError,
    },
    /// An announcement does not fit what came before.
    #[error("line {line}: {why}")]
    Replay {
        /// The line, from 1.
        line: usize,
        /// What does not fit.
        why: String,
    },
}

impl From<RulesError> for InfoStateError {
    fn from(e: RulesError) -> InfoStateError {
        InfoStateError::Rules(e.to_string())
    }
}

impl InfoState {
    /// A seat's information state at the start of `pos` (no announcement yet).
    #[must_use]
    pub fn new(pos: &Position, seat: Seat) -> InfoState {
        InfoState {
            seat,
            rules: *pos.rules(),
            start: SeenBoard::of(pos, seat, pos.rules().mode.mode),
            history: Vec::new(),
        }
    }

    /// The observer.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The rules (mode included).
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board the seat was shown at the start.
    #[must_use]
    pub fn start(&self) -> &SeenBoard {
        &self.start
    }

    /// The announcements so far.
    #[must_use]
    pub fn history(&self) -> &[Announcement] {
        &self.history
    }

    /// The legal actions of the seat to move, as the seat sees them (see
    /// [`SeatView::legal_actions`]).
    #[must_use]
    pub fn legal_actions(&self) -> Option<Vec<Action>> {
        self.view().legal_actions()
    }

    /// The state after the first `n` announcements.
    #[must_use]
    pub fn truncated(&self, n: usize) -> InfoState {
        let mut s = self.clone();
        s.history.truncate(n);
        s
    }

    /// The board as the seat sees it now.
    ///
    /// # Panics
    /// Never for a state read by [`FromStr`] or kept by a [`DarkGame`](super::DarkGame): both
    /// replay every announcement.
    #[must_use]
    pub fn view(&self) -> SeatView {
        self.replay().expect("a checked information state")
    }

    fn replay(&self) -> Result<SeatView, InfoStateError> {
        let mut v = SeatView::start(self);
        for (i, a) in self.history.iter().enumerate() {
            v.tell(a)
                .map_err(|why| InfoStateError::Replay { line: i + 4, why })?;
        }
        Ok(v)
    }

    /// Add an announcement, checked against what came before.
    ///
    /// # Errors
    /// [`InfoStateError::Replay`] when it does not fit.
    pub fn push(&mut self, a: Announcement) -> Result<(), InfoStateError> {
        let mut v = self.replay()?;
        self.push_onto(&mut v, a)
    }

    /// [`InfoState::push`] for a caller that keeps `view`, this state's view, in step: the
    /// announcement is checked against it and told to it (no replay of the history).
    pub(crate) fn push_onto(
        &mut self,
        view: &mut SeatView,
        a: Announcement,
    ) -> Result<(), InfoStateError> {
        view.tell(&a).map_err(|why| InfoStateError::Replay {
            line: self.history.len() + 4,
            why,
        })?;
        self.history.push(a);
        Ok(())
    }
}

impl InfoState {
    /// The one-line form: the items of the text form joined by ` | ` (as `{:#}` writes it).
    #[must_use]
    pub fn one_line(&self) -> String {
        format!("{self:#}")
    }
}

impl fmt::Display for InfoState {
    /// The text form, one item a line; with `{:#}` the one-line form, the items joined by
    /// ` | ` and no line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (before, after) = if f.alternate() {
            (" | ", "")
        } else {
            ("", "\n")
        };
        write!(f, "siguo-info {}{after}", self.seat.letter())?;
        write!(f, "{before}rules {}{after}", self.rules.to_json())?;
        write!(f, "{before}start {}{after}", self.start)?;
        for a in &self.history {
            write!(f, "{before}{a}{after}")?;
        }
        Ok(())
    }
}

/// The items of an information state's text, in either form ([`InfoState`]): split at line
/// ends and at `|`, each trimmed; the empty item after a last line end is no item.
fn items(text: &str) -> impl Iterator<Item = &str> {
    let mut items: Vec<&str> = text.split(['\n', '|']).map(str::trim).collect();
    if items.len() > 1 && items.last() == Some(&"") {
        items.pop();
    }
    items.into_iter()
}

impl FromStr for InfoState {
    type Err = InfoStateError;

    fn from_str(text: &str) -> Result<InfoState, InfoStateError> {
        let mut lines = items(text);
        let seat = lines
            .next()
            .and_then(|l| l.strip_prefix("siguo-info "))
            .and_then(|s| {
                let mut c = s.chars();
                let seat = c.next().and_then(Seat::from_letter)?;
                c.next().is_none().then_some(seat)
            })
            .ok_or(InfoStateError::Header)?;
        let rules =
            lines
                .next()
                .and_then(|l| l.strip_prefix("rules "))
                .ok_or(InfoStateError::Missing {
                    line: 2,
                    what: "rules <json>",
                })?;
        let rules = Rules::parse(rules)?;
        let board =
            lines
                .next()
                .and_then(|l| l.strip_prefix("start "))
                .ok_or(InfoStateError::Missing {
                    line: 3,
                    what: "start <seen board>",
                })?;
        let start = parse_board(board).map_err(|(c, why)| InfoStateError::Board {
            column: c + "start ".len(),
            why,
        })?;
        for p in Point::all() {
            if let Some(s) = start.board[p.index()] {
                let may = sees_kinds(rules.mode.mode, seat, s.seat);
                if may != s.kind.is_some() {
                    let why = if may {
                        "a kind this seat sees is not written"
                    } else {
                        "a kind this seat cannot see is written"
                    };
                    return Err(InfoStateError::Visibility { point: p, why });
                }
            }
        }
        let mut state = InfoState {
            seat,
            rules,
            start,
            history: Vec::new(),
        };
        let mut view = SeatView::start(&state);
        for (i, line) in lines.enumerate() {
            let a: Announcement = line
                .parse()
                .map_err(|error| InfoStateError::Announcement { line: i + 4, error })?;
            state.push_onto(&mut view, a)?;
        }
        Ok(state)
    }
}

/// A piece as a seat sees it during play: owner, kind when known, and its id (the point it
/// stood on at the start).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeenPiece {
    /// The owner.
    pub seat: Seat,
    /// The kind, when the seat knows it (its own, its ally's under 雙明, or shown by the
    /// referee: a flag point after a 司令 died, a defender under `engineer_scout`).
    pub kind: Option<Kind>,
    /// The point the piece stood on at the start.
    pub id: Point,
}

/// The board as one seat sees it after the announcements so far.
///
/// Its text form is the first three fields of L-59's position string as the seat sees them
/// now: the board with hidden kinds as `?` (as [`SeenBoard`]), the seat to move, the seats in
/// play (`…/rLrFrLrCrP g rgby`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatView {
    seat: Seat,
    rules: Rules,
    board: [Option<SeenPiece>; POINT_COUNT],
    turn: Seat,
    in_play: [bool; 4],
    passes_used: [u8; 4],
    flags: [Option<Point>; 4],
    outcome: Option<Outcome>,
    plies: usize,
}

impl SeatView {
    /// The view before any announcement (the state's history is not read).
    pub(crate) fn start(state: &InfoState) -> SeatView {
        let mut board = [None; POINT_COUNT];
        for p in Point::all() {
            board[p.index()] = state.start.board[p.index()].map(|s| SeenPiece {
                seat: s.seat,
                kind: s.kind,
                id: p,
            });
        }
        SeatView {
            seat: state.seat,
            rules: state.rules,
            board,
            turn: state.start.turn,
            in_play: state.start.in_play,
            passes_used: state.start.passes_used.unwrap_or([0; 4]),
            flags: [None; 4],
            outcome: None,
            plies: 0,
        }
    }

    /// Apply one announcement (the referee's word: only its consistency with the board is
    /// checked here).
    pub(crate) fn tell(&mut self, a: &Announcement) -> Result<(), String> {
        if let Some(o) = self.outcome {
            return Err(format!("the game is over ({o})"));
        }
        let actor = a.event.seat();
        if !self.in_play[actor.index()] {
            return Err(format!("{actor} is not in play"));
        }
        match a.event {
            Event::Move { seat, mv } => {
                if seat != self.turn {
                    return Err(format!("{seat} moved but {} was to move", self.turn));
                }
                let att = self.board[mv.from.index()]
                    .filter(|p| p.seat == seat)
                    .ok_or_else(|| format!("{seat} has no piece on {}", mv.from))?;
                let def = self.board[mv.to.index()];
                match (def, a.result) {
                    (None, None) => self.board[mv.to.index()] = Some(att),
                    (Some(d), Some(r)) if d.seat.team() != seat.team() => {
                        self.board[mv.to.index()] = match r {
                            AttackOutcome::DefenderRemoved => Some(att),
                            AttackOutcome::AttackerRemoved => Some(SeenPiece {
                                kind: a.shown.or(d.kind),
                                ..d
                            }),
                            AttackOutcome::BothRemoved => None,
                        };
                    }
                    (None, Some(_)) => {
                        return Err(format!("an attack on the empty point {}", mv.to));
                    }
                    (Some(_), None) => {
                        return Err(format!("a quiet move onto the piece on {}", mv.to));
                    }
                    (Some(_), Some(_)) => {
                        return Err(format!("{seat} attacks its own team on {}", mv.to));
                    }
                }
                self.board[mv.from.index()] = None;
            }
            Event::Pass(seat) if seat != self.turn => {
                return Err(format!("{seat} passed but {} was to move", self.turn));
            }
            Event::Pass(seat) => {
                let used = &mut self.passes_used[seat.index()];
                if *used >= self.rules.pass_limit {
                    return Err(format!("{seat} passed with no pass left (L-55)"));
                }
                *used += 1;
            }
            Event::Resign(_) => {}
        }
        for &(s, _) in &a.outs {
            if !self.in_play[s.index()] {
                return Err(format!("{s} goes out but is not in play"));
            }
            self.in_play[s.index()] = false;
            if self.rules.out_pieces == OutPieces::Removed {
                for sq in &mut self.board {
                    if sq.is_some_and(|p| p.seat == s) {
                        *sq = None;
                    }
                }
            }
        }
        for &(s, p) in &a.flags {
            match &mut self.board[p.index()] {
                Some(pc) if pc.seat == s && pc.kind.is_none_or(|k| k == Kind::Flag) => {
                    pc.kind = Some(Kind::Flag);
                    self.flags[s.index()] = Some(p);
                }
                _ => return Err(format!("{s}'s flag shown on {p}, where it cannot be")),
            }
        }
        if !self.in_play[a.next.index()] {
            return Err(format!("{} is to move but not in play", a.next));
        }
        self.turn = a.next;
        self.outcome = a.outcome;
        self.plies += 1;
        Ok(())
    }

    /// The observer.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    crate::position::seat_accessors!();

    /// The piece on a point, as seen.
    #[must_use]
    pub fn at(&self, p: Point) -> Option<SeenPiece> {
        self.board[p.index()]
    }

    /// Every piece on the board, as seen, with its point.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, SeenPiece)> + '_ {
        Point::all().filter_map(|p| self.board[p.index()].map(|s| (p, s)))
    }

    /// A seat's flag point, once shown (L-63).
    #[must_use]
    pub fn flag_shown(&self, seat: Seat) -> Option<Point> {
        self.flags[seat.index()]
    }

    /// The result, once announced.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Announcements applied.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Passes a seat has used (L-55), counted from the start board and the announcements.
    #[must_use]
    pub fn passes_used(&self, seat: Seat) -> u8 {
        self.passes_used[seat.index()]
    }

    /// The legal actions of the seat to move (its moves in the order of
    /// [`Position::legal_actions`], then `pass` where L-55 allows it; none, for every
    /// observer, once the result is announced), or `None` when they depend on kinds this
    /// seat cannot see.
    ///
    /// A seat's moves depend on its own kinds (landmines and flags never move, L-6; engineers'
    /// paths, L-47), on which points are empty, on which pieces are enemies of seats in play
    /// (L-49, L-51) and on the camps (L-10), all known by location, and on the flag's closing
    /// while its seat keeps a landmine (L-12, L-48) unless `flag_capture` is `any`, which dark
    /// play requires (L-63). So the set is exact, equal to the true position's, whenever the
    /// observer sees the kinds of the seat to move: itself, its ally under 雙明 (L-64), anyone
    /// under 全明 (L-62). Passes (L-55) come from the counts of announced passes; surrenders
    /// (L-54) are not turns and not listed.
    #[must_use]
    pub fn legal_actions(&self) -> Option<Vec<Action>> {
        let mover = self.turn;
        if self.outcome.is_some() {
            return Some(Vec::new());
        }
        let any_flag = self.rules.base.flag_capture == FlagCapture::Any;
        let mut mobile = PointSet::EMPTY;
        let mut empty = PointSet::EMPTY;
        let mut own = [PointSet::EMPTY; 4];
        let mut flags = [PointSet::EMPTY; 4];
        let mut keeps_mine = [false; 4];
        let mut hidden = [false; 4];
        for p in Point::all() {
            let Some(pc) = self.board[p.index()] else {
                empty.insert(p);
                continue;
            };
            let s = pc.seat.index();
            own[s].insert(p);
            match pc.kind {
                None => hidden[s] = true,
                Some(Kind::Flag) => flags[s].insert(p),
                Some(Kind::Landmine) => keeps_mine[s] = true,
                Some(_) => {}
            }
            if pc.seat == mover
                && pc.kind.is_some_and(|k| {
                    k.is_mobile() && !(self.rules.base.hq_lock && p.is_headquarters())
                })
            {
                mobile.insert(p);
            }
        }
        if hidden[mover.index()] {
            return None;
        }
        // Only the enemies' flags matter; under `after_mines` they need every kind known.
        let mut attackable = [PointSet::EMPTY; 4];
        for s in Seat::ALL {
            let i = s.index();
            if !self.in_play[i] || s.team() == mover.team() {
                continue;
            }
            attackable[i] = if any_flag {
                own[i]
            } else if hidden[i] {
                return None;
            } else if keeps_mine[i] {
                // L-12, L-48: the flag is closed while its seat keeps a landmine.
                own[i].minus(flags[i])
            } else {
                own[i]
            };
        }
        let camps = tables().camps;
        let occ = Occupancy {
            empty,
            targets: [
                attackable[1].or(attackable[3]).minus(camps),
                attackable[0].or(attackable[2]).minus(camps),
            ],
        };
        let mut v = Vec::new();
        for from in mobile.iter() {
            let kind = self.board[from.index()]
                .and_then(|pc| pc.kind)
                .expect("a mobile piece of known kind");
            for to in Position::destinations(from, kind, mover, &occ).iter() {
                v.push(Action::Move(Move { from, to }));
            }
        }
        if self.passes_used[mover.index()] < self.rules.pass_limit {
            v.push(Action::Pass);
        }
        Some(v)
    }
}
