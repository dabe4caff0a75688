//! What a side is told in 暗式 (R-37 … R-39), in order: its information state (R-41).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::board::write_rows;
use crate::deploy::{Deployment, DeploymentParseError};
use crate::endgame::{EndgameForce, EndgameForceError};
use crate::moves::{Move, MoveParseError};
use crate::outcome::{Outcome, OutcomeParseError};
use crate::piece::{Piece, PieceKind};
use crate::ruleset::Ruleset;
use crate::square::{Side, Square, SquareParseError};

/// A played move as a side is told it (R-39).
///
/// Both sides learn the origin and destination, whether a piece was captured there, whether
/// the mover stayed on its origin (a returning capture under `return_rule: immediate`, R-19:
/// the occupied points are public, R-37) and the point from which a striker was removed
/// (R-19). `captured_kind` is the captured piece's kind, told to its owner and, under
/// `reveal_captured: to_captor`, to the captor; otherwise `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seen {
    /// Origin and destination.
    pub mv: Move,
    /// Whether an enemy piece of the mover was captured on the destination.
    pub capture: bool,
    /// Whether the mover stayed on its origin after capturing (R-19, `immediate`).
    pub stayed: bool,
    /// The point from which a striker of the mover was removed with this move (R-19).
    pub removed: Option<Square>,
    /// The captured kind, when this side is told it.
    pub captured_kind: Option<PieceKind>,
}

/// One thing a side is told, in order (R-38, R-39).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// This side's own proposal was refused (R-38): nothing changed.
    Refused(Move),
    /// The opponent's proposal was refused (R-38, only under `announce_illegal: both`).
    OpponentRefused,
    /// A move was played; the mover is the side to move (sides alternate from the first
    /// mover, refusals in between).
    Played(Seen),
    /// The game ended (R-21 … R-25). From here the whole game is public (R-39), so the
    /// enemy's deployment is told too.
    End {
        /// How it ended.
        outcome: Outcome,
        /// The enemy's deployment, in the enemy's own frame (R-33). A hidden endgame has no
        /// deployments: there it is empty, and the enemy's start is told in
        /// [`InfoState::enemy_start_told`].
        enemy: Deployment,
    },
}

/// A side's information state (R-41): everything R-37 … R-39 told it, in order — its own
/// deployment, the enemy's occupied points at the start, its own proposals with their answers,
/// the enemy's moves as seen, refusals it heard of and the end.
///
/// Its string form is compact and canonical (one string per state; see
/// `docs/hidden.md`):
///
/// ```text
/// state   = side SP first SP deployment SP enemy *(SP event)
/// side    = "r" / "g"                  ; whose state
/// first   = "r" / "g"                  ; the first mover (R-34)
/// enemy   = the R-33 shape of the enemy's start, "x" for each occupied point
/// event   = "?" move                   ; own proposal refused
///         / "?"                        ; the opponent's proposal refused
///         / move ["x" [kind]] ["="] ["~" point]
///                                      ; a move played: "x" capture (kind when told),
///                                      ; "=" the mover stayed, "~" a striker removed there
///         / "#" winner ":" reason ":" deployment
///                                      ; the end and the enemy's deployment (R-33)
/// ```
///
/// A hidden endgame ([`HiddenGame::endgame`](crate::hidden::HiddenGame::endgame)) starts
/// from a position, not from deployments, and its header says so:
///
/// ```text
/// state   =/ side SP first SP board SP force *(SP event)
/// board   = the ten rows of a position string (rank j first, R-5), the own pieces as
///           their letters (Red upper, Green lower case) and "x" for each enemy point
/// force   = the enemy's endgame force (its pieces besides the king, e.g. "IID")
/// event   =/ "#" winner ":" reason ":" start
///                                      ; the end and the enemy's start: ten rows with
///                                      ; its pieces' letters
/// ```
///
/// The ruleset is not part of the string (both sides agreed on it before play); serde
/// writes `{ "rules": …, "state": "…" }`.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.propose(Side::Red, "5B5A".parse()?)?;
/// game.propose(Side::Green, "5b5b".parse()?)?; // refused: not a move
/// let green = game.info_state(Side::Green);
/// assert_eq!(green.to_string(),
///     "g r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx 5B5A ?5b5b");
/// assert_eq!(green.to_string().parse::<gjjq_core::hidden::InfoState>()?, *green);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InfoState {
    pub(crate) side: Side,
    pub(crate) first: Side,
    pub(crate) rules: Ruleset,
    pub(crate) own: Deployment,
    /// The enemy's occupied points at the start, on the board.
    pub(crate) enemy_start: Bitboard,
    pub(crate) events: Vec<Event>,
    /// In a hidden endgame, its start (then `own` is empty).
    pub(crate) endgame: Option<Box<EndgameStart>>,
}

/// What a side knows at the start of a hidden endgame besides the enemy's points, and the
/// enemy's start once the end tells it (R-39).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct EndgameStart {
    /// The own pieces, board points in point order.
    pub(crate) own: Vec<(Square, PieceKind)>,
    /// The enemy's force (public: the game's parameter names it).
    pub(crate) enemy_force: EndgameForce,
    /// The enemy's pieces at the start, board points in point order, once the end told them.
    pub(crate) told: Option<Vec<(Square, PieceKind)>>,
}

impl InfoState {
    /// The state before play of `side`, which deployed `own`, facing an enemy on the board
    /// points `enemy_start`, with `first` to move.
    #[must_use]
    pub fn new(
        side: Side,
        first: Side,
        rules: Ruleset,
        own: Deployment,
        enemy_start: Bitboard,
    ) -> InfoState {
        InfoState {
            side,
            first,
            rules,
            own,
            enemy_start,
            events: Vec::new(),
            endgame: None,
        }
    }

    /// The state before play of `side` in a hidden endgame from `start` (R-26; no return
    /// pending, checked by the caller): its own pieces with their kinds, the enemy's points
    /// and the enemy's force, `start`'s side to move first.
    pub(crate) fn endgame(
        side: Side,
        start: &crate::position::Position,
        enemy_force: EndgameForce,
    ) -> InfoState {
        let own = start
            .side_pieces(side)
            .into_iter()
            .filter_map(|sq| start.piece_at(sq).map(|p| (sq, p.kind)))
            .collect();
        InfoState {
            side,
            first: start.turn(),
            rules: *start.ruleset(),
            own: Deployment::EMPTY,
            enemy_start: start.side_pieces(side.other()),
            events: Vec::new(),
            endgame: Some(Box::new(EndgameStart {
                own,
                enemy_force,
                told: None,
            })),
        }
    }

    /// Whether this is a state of a hidden endgame (it started from a position with public
    /// forces, not from deployments).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
    /// let game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
    /// assert!(!game.info_state(Side::Red).is_endgame());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_endgame(&self) -> bool {
        self.endgame.is_some()
    }

    /// The enemy's force in a hidden endgame (public, R-37 as extended in `docs/rules.md`,
    /// "Hidden endgames"); `None` in a game from deployments (R-7's sixteen pieces).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Side, hidden::InfoState};
    /// let red: InfoState = "r r 4x4/9/9/9/2x3x2/9/9/9/9/4K4 II".parse()?;
    /// assert_eq!(red.enemy_force().unwrap().to_string(), "II");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn enemy_force(&self) -> Option<EndgameForce> {
        self.endgame.as_ref().map(|e| e.enemy_force)
    }

    /// How many enemy pieces of each kind stood on the board at the start, indexed by
    /// [`PieceKind::index`]: R-7's counts after deployments, the enemy force's (its king
    /// included) in a hidden endgame. The world sampler and the beliefs count against these.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{PieceKind, Ruleset, Side, deploy::Opening, hidden::{HiddenGame, InfoState}};
    /// let game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
    /// assert_eq!(game.info_state(Side::Red).enemy_counts()[PieceKind::Infantry.index()], 3);
    /// let red: InfoState = "r r 4x4/9/9/9/2x3x2/9/9/9/9/4K4 II".parse()?;
    /// assert_eq!(red.enemy_counts()[PieceKind::Infantry.index()], 2);
    /// assert_eq!(red.enemy_counts()[PieceKind::King.index()], 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn enemy_counts(&self) -> [u32; 8] {
        match &self.endgame {
            Some(e) => PieceKind::ALL.map(|k| e.enemy_force.count(k)),
            None => PieceKind::ALL.map(PieceKind::count_per_side),
        }
    }

    /// The own pieces at the start with their kinds, on board points in point order: the own
    /// deployment's after deployments, the own force's in a hidden endgame.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::hidden::InfoState;
    /// let red: InfoState = "r r 4x4/9/9/9/2x3x2/9/9/9/9/4K4 II".parse()?;
    /// assert_eq!(red.own_start(), [("5E".parse()?, gjjq_core::PieceKind::King)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn own_start(&self) -> Vec<(Square, PieceKind)> {
        match &self.endgame {
            Some(e) => e.own.clone(),
            None => {
                let mut v: Vec<(Square, PieceKind)> = self
                    .own
                    .iter()
                    .map(|(own, k)| (Deployment::board_point(self.side, own), k))
                    .collect();
                v.sort_by_key(|(sq, _)| *sq);
                v
            }
        }
    }

    /// The enemy's pieces at the start with their kinds, on board points in point order, once
    /// the end told them (R-39); `None` before.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::hidden::InfoState;
    /// let red: InfoState = "r r 4x4/9/9/9/2x3x2/9/9/9/9/4K4 II".parse()?;
    /// assert_eq!(red.enemy_start_told(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn enemy_start_told(&self) -> Option<Vec<(Square, PieceKind)>> {
        match &self.endgame {
            Some(e) => e.told.clone(),
            None => self.events.iter().find_map(|e| match e {
                Event::End { enemy, .. } => {
                    let mut v: Vec<(Square, PieceKind)> = enemy
                        .iter()
                        .map(|(own, k)| (Deployment::board_point(self.side.other(), own), k))
                        .collect();
                    v.sort_by_key(|(sq, _)| *sq);
                    Some(v)
                }
                _ => None,
            }),
        }
    }
}

junqi_game::getters! {
    impl InfoState {
        /// Whose state this is.
        pub side -> Side;
        /// The first mover (R-34).
        pub first -> Side;
        /// The ruleset both sides agreed on.
        pub rules -> &Ruleset;
        /// This side's own deployment (R-33, own frame).
        pub deployment -> &Deployment = own;
        /// The board points the enemy occupied at the start (R-37).
        pub enemy_start -> Bitboard;
        /// The events told so far, in order.
        pub events -> &[Event];
    }
}

impl InfoState {
    /// The number of moves played so far.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, Event::Played(_)))
            .count()
    }

    /// The side to move next (meaningless once [`InfoState::outcome`] is some).
    #[must_use]
    pub fn turn(&self) -> Side {
        if self.plies().is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// This side's proposals refused since the last move played, in order: illegal for the
    /// rest of this turn (R-38), so a proposer need not try them again.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
    /// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
    /// game.propose(Side::Red, "5B5B".parse()?)?; // refused: not a move
    /// assert_eq!(game.info_state(Side::Red).refused_this_turn(), ["5B5B".parse()?]);
    /// game.propose(Side::Red, "5B5A".parse()?)?; // played
    /// assert!(game.info_state(Side::Red).refused_this_turn().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn refused_this_turn(&self) -> Vec<Move> {
        let since = self
            .events
            .iter()
            .rposition(|e| matches!(e, Event::Played(_)))
            .map_or(0, |i| i + 1);
        self.events[since..]
            .iter()
            .filter_map(|e| match e {
                Event::Refused(m) => Some(*m),
                _ => None,
            })
            .collect()
    }

    /// The end, once announced.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.events.iter().find_map(|e| match e {
            Event::End { outcome, .. } => Some(*outcome),
            _ => None,
        })
    }

    /// The state as it was after `ply` moves: every event before the move numbered
    /// `ply + 1` (so refusals that preceded it, and the end if it came after move `ply`).
    /// A `ply` past the end gives the whole state.
    #[must_use]
    pub fn at_ply(&self, ply: usize) -> InfoState {
        let mut played = 0;
        let mut cut = self.events.len();
        for (i, e) in self.events.iter().enumerate() {
            if let Event::Played(_) = e {
                if played == ply {
                    cut = i;
                    break;
                }
                played += 1;
            }
        }
        let events = self.events[..cut].to_vec();
        let mut endgame = self.endgame.clone();
        if let Some(e) = endgame.as_mut()
            && !events.iter().any(|e| matches!(e, Event::End { .. }))
        {
            e.told = None;
        }
        InfoState {
            events,
            endgame,
            ..self.clone()
        }
    }

    /// The state with its ruleset replaced (the string form does not carry one).
    #[must_use]
    pub fn with_rules(mut self, rules: Ruleset) -> InfoState {
        self.rules = rules;
        self
    }

    /// Whether a referee could have told this state, checked in one linear pass over the
    /// events without guessing the enemy's kinds: the enemy starts on as many points as the
    /// own deployment has pieces (R-7), every move told starts from a point holding a piece
    /// of its mover and every capture lands on a piece of the other side (occupied points are
    /// public, R-37), a kind told of an own capture needs `reveal_captured: to_captor`
    /// (R-39) and a kind told of a captured own piece is that piece's. A state that passes
    /// may still have no consistent world ([`crate::hidden::WorldSampler::draw`] finds out).
    ///
    /// Parsing checks all of this except the ruleset's part (the string carries no
    /// ruleset: [`InfoState::with_rules`] comes after).
    ///
    /// # Errors
    /// [`InfoStateParseError::Impossible`] with the field of the string form.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::hidden::{InfoState, InfoStateParseError};
    /// // An enemy that starts on no point at all.
    /// let e = "r r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/9/9/9/9".parse::<InfoState>().unwrap_err();
    /// assert!(matches!(e, InfoStateParseError::Impossible { token: 4, .. }));
    /// ```
    pub fn validate(&self) -> Result<(), InfoStateParseError> {
        self.impossible(Some(&self.rules))
    }

    /// [`InfoState::validate`]; the ruleset's checks only with `rules`.
    pub(crate) fn impossible(&self, rules: Option<&Ruleset>) -> Result<(), InfoStateParseError> {
        let bad =
            |token: usize, detail: String| Err(InfoStateParseError::Impossible { token, detail });
        if let Some(e) = &self.endgame {
            let force = e.enemy_force.size() + 1;
            if self.enemy_start.count() != force {
                return bad(
                    3,
                    format!(
                        "the enemy starts on {} points, its force has {force} pieces",
                        self.enemy_start.count()
                    ),
                );
            }
        } else {
            let own_count = self.own.iter().count() as u32;
            if self.enemy_start.count() != own_count {
                return bad(
                    4,
                    format!(
                        "the enemy starts on {} points, the own deployment has {own_count} pieces",
                        self.enemy_start.count()
                    ),
                );
            }
        }
        if let Some(told) = self.endgame.as_ref().and_then(|e| e.told.as_ref()) {
            let points = told.iter().fold(Bitboard::EMPTY, |b, (sq, _)| b.with(*sq));
            let counts = self.enemy_counts();
            let fits = PieceKind::ALL
                .iter()
                .all(|k| told.iter().filter(|(_, t)| t == k).count() as u32 == counts[k.index()]);
            if points != self.enemy_start || !fits {
                return bad(
                    self.events.len() + 4,
                    "the enemy's start told at the end is not its force on its points".to_owned(),
                );
            }
        }
        let mut own: [Option<PieceKind>; 90] = [None; 90];
        for (sq, k) in self.own_start() {
            own[sq.index()] = Some(k);
        }
        let mut enemy = self.enemy_start;
        let mut mover = self.first;
        for (i, e) in self.events.iter().enumerate() {
            let token = i + 5;
            let Event::Played(seen) = *e else { continue };
            let (from, to) = (seen.mv.from(), seen.mv.to());
            let mine = mover == self.side;
            let has = |sq: Square, own: &[Option<PieceKind>; 90], enemy: Bitboard, mine: bool| {
                if mine {
                    own[sq.index()].is_some()
                } else {
                    enemy.contains(sq)
                }
            };
            if !has(from, &own, enemy, mine) {
                return bad(
                    token,
                    format!("{from} holds no piece of the mover ({mover})"),
                );
            }
            if seen.capture && !has(to, &own, enemy, !mine) {
                return bad(
                    token,
                    format!("a capture on {to}, which holds no piece of the other side"),
                );
            }
            if let Some(k) = seen.captured_kind {
                if mine {
                    if let Some(r) = rules
                        && r.hidden.reveal_captured == crate::ruleset::RevealCaptured::Never
                    {
                        return bad(
                            token,
                            format!("the kind {} told under reveal_captured: never", k.ascii()),
                        );
                    }
                } else if own[to.index()] != Some(k) {
                    return bad(
                        token,
                        format!(
                            "the piece captured on {to} is told as {}, which it is not",
                            k.ascii()
                        ),
                    );
                }
            }
            if seen.capture {
                if mine {
                    enemy.remove(to)
                } else {
                    own[to.index()] = None
                }
            }
            if !seen.stayed {
                if mine {
                    own[to.index()] = own[from.index()].take();
                } else {
                    enemy.remove(from);
                    enemy.insert(to);
                }
            }
            if let Some(r) = seen.removed {
                if mine {
                    own[r.index()] = None
                } else {
                    enemy.remove(r)
                }
            }
            mover = mover.other();
        }
        Ok(())
    }

    pub(crate) fn push(&mut self, e: Event) {
        self.events.push(e);
    }
}

/// The board point of `side`'s own-frame point `own` (R-33), and back.
pub(crate) fn own_frame(side: Side, board: Square) -> Square {
    match side {
        Side::Red => board,
        Side::Green => Square::new(8 - board.x(), 9 - board.y()).expect("on board"),
    }
}

fn side_letter(s: Side) -> char {
    match s {
        Side::Red => 'r',
        Side::Green => 'g',
    }
}

fn write_points(f: &mut fmt::Formatter<'_>, side: Side, points: Bitboard) -> fmt::Result {
    write_rows(f, 5, |own| {
        points
            .contains(Deployment::board_point(side, own))
            .then_some('x')
    })
}

impl fmt::Display for Seen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mv)?;
        if self.capture {
            f.write_str("x")?;
            if let Some(k) = self.captured_kind {
                write!(f, "{}", k.ascii())?;
            }
        }
        if self.stayed {
            f.write_str("=")?;
        }
        if let Some(r) = self.removed {
            write!(f, "~{r}")?;
        }
        Ok(())
    }
}

/// Ten rows of a position string into its characters by point, `None` if malformed.
fn parse_board(text: &str) -> Option<Vec<(Square, char)>> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 10 {
        return None;
    }
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let y = 9 - i as u8;
        let mut x = 0u8;
        for c in row.chars() {
            match c {
                '1'..='9' => x += c as u8 - b'0',
                _ => {
                    out.push((Square::new(x, y).filter(|_| x < 9)?, c));
                    x += 1;
                }
            }
            if x > 9 {
                return None;
            }
        }
        if x != 9 {
            return None;
        }
    }
    Some(out)
}

/// `#winner:reason`, the head of an end token (`draw` for a draw).
fn end_head(outcome: &Outcome) -> String {
    let winner = match outcome.winner() {
        Some(s) => s.to_string(),
        None => "draw".to_owned(),
    };
    format!("#{winner}:{}", outcome.reason())
}

/// The event's token in the information-state string (R-41): `?5B5A` (own proposal refused),
/// `?` (the opponent's refused), a seen move (`5B5A`, `5B5Ax`, …), `#winner:reason:deployment`
/// (the end). The one spelling of the token: the information state, the hidden game's
/// records and the bindings write it with this.
///
/// ```
/// use gjjq_core::hidden::Event;
/// let e: Event = "?5B5A".parse()?;
/// assert_eq!(e, Event::Refused("5B5A".parse()?));
/// assert_eq!(e.to_string(), "?5B5A");
/// assert_eq!("?".parse::<Event>()?, Event::OpponentRefused);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Refused(m) => write!(f, "?{m}"),
            Event::OpponentRefused => f.write_str("?"),
            Event::Played(seen) => write!(f, "{seen}"),
            Event::End { outcome, enemy } => write!(f, "{}:{enemy}", end_head(outcome)),
        }
    }
}

/// One event's token, as [`Event`]'s `Display` writes it; an error names it field 1. The end
/// of a hidden endgame, whose enemy start is rows rather than a deployment, is read only as
/// part of its [`InfoState`].
impl FromStr for Event {
    type Err = InfoStateParseError;

    fn from_str(s: &str) -> Result<Event, InfoStateParseError> {
        parse_event(1, s, None)
    }
}

/// The event of token `t` (field `token`); `endgame` is the hidden endgame's start with the
/// enemy's side, whose end token tells the enemy's start as rows.
fn parse_event(
    token: usize,
    t: &str,
    endgame: Option<(&mut EndgameStart, Side)>,
) -> Result<Event, InfoStateParseError> {
    if t == "?" {
        return Ok(Event::OpponentRefused);
    }
    if let Some(m) = t.strip_prefix('?') {
        return Ok(Event::Refused(
            m.parse()
                .map_err(|source| InfoStateParseError::Move { token, source })?,
        ));
    }
    let Some(end) = t.strip_prefix('#') else {
        return Ok(Event::Played(parse_seen(token, t)?));
    };
    let parts: Vec<&str> = end.split(':').collect();
    let [who, why, dep] = parts[..] else {
        return Err(InfoStateParseError::End {
            token,
            detail: "expected #winner:reason:deployment".to_owned(),
        });
    };
    let outcome: Outcome = format!("{who} {why}")
        .parse()
        .map_err(|e: OutcomeParseError| InfoStateParseError::End {
            token,
            detail: e.to_string(),
        })?;
    let enemy = if let Some((start, enemy)) = endgame {
        start.told = Some(parse_told(token, enemy, dep)?);
        Deployment::EMPTY
    } else {
        dep.parse()
            .map_err(|e: DeploymentParseError| InfoStateParseError::End {
                token,
                detail: e.to_string(),
            })?
    };
    Ok(Event::End { outcome, enemy })
}

impl fmt::Display for InfoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", side_letter(self.side), side_letter(self.first),)?;
        if let Some(e) = &self.endgame {
            write_rows(f, 10, |sq| {
                if self.enemy_start.contains(sq) {
                    Some('x')
                } else {
                    e.own
                        .iter()
                        .find(|(at, _)| *at == sq)
                        .map(|(_, k)| Piece::new(self.side, *k).ascii())
                }
            })?;
            write!(f, " {}", e.enemy_force)?;
        } else {
            write!(f, "{} ", self.own)?;
            write_points(f, self.side.other(), self.enemy_start)?;
        }
        for e in &self.events {
            match (e, &self.endgame) {
                // A hidden endgame tells the enemy's start as rows, not a deployment.
                (Event::End { outcome, .. }, Some(start)) => {
                    write!(f, " {}:", end_head(outcome))?;
                    let told = start.told.as_deref().unwrap_or_default();
                    write_rows(f, 10, |sq| {
                        told.iter()
                            .find(|(at, _)| *at == sq)
                            .map(|(_, k)| Piece::new(self.side.other(), *k).ascii())
                    })?;
                }
                _ => write!(f, " {e}")?,
            }
        }
        Ok(())
    }
}

/// A string that is not an information state. `token` counts the space-separated fields
/// from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InfoStateParseError {
    /// Fewer than the four header fields.
    #[error("an information state starts with side, first mover, deployment and enemy points")]
    Header,
    /// A side letter other than `r` or `g`.
    #[error("field {token}: '{text}' is not r or g")]
    Side {
        /// The field.
        token: usize,
        /// Its text.
        text: String,
    },
    /// The own deployment is not one (R-33).
    #[error("field 3: {0}")]
    Deployment(#[from] DeploymentParseError),
    /// The enemy points are not an R-33 shape of `x` and digits.
    #[error("field 4: '{0}' is not five rows of x and digits, nine points each")]
    EnemyPoints(String),
    /// A hidden endgame's board (field 3) is not ten rows of nine points with the own
    /// pieces' letters and `x`.
    #[error(
        "field 3: '{0}' is not ten rows of the own pieces' letters, x and digits, nine points each"
    )]
    EndgameBoard(String),
    /// A hidden endgame's enemy force (field 4) is not an endgame force.
    #[error("field 4: {0}")]
    EnemyForce(#[from] EndgameForceError),
    /// A move in an event is malformed.
    #[error("field {token}: {source}")]
    Move {
        /// The field.
        token: usize,
        /// Why.
        source: MoveParseError,
    },
    /// A removal point is malformed.
    #[error("field {token}: {source}")]
    Point {
        /// The field.
        token: usize,
        /// Why.
        source: SquareParseError,
    },
    /// An event's suffix is not `x[kind]`, `=`, `~point` in that order.
    #[error("field {token}: '{text}' is not a move event")]
    Event {
        /// The field.
        token: usize,
        /// Its text.
        text: String,
    },
    /// The end is not `#winner:reason:deployment`.
    #[error("field {token}: {detail}")]
    End {
        /// The field.
        token: usize,
        /// What is wrong.
        detail: String,
    },
    /// An event follows the end.
    #[error("field {token}: nothing may follow the end")]
    AfterEnd {
        /// The field.
        token: usize,
    },
    /// Well formed, but no referee could have told it (see [`InfoState::validate`]): an
    /// enemy start with another number of points than the own deployment's, a move from a
    /// point without a piece of the mover, a capture on a point without an enemy, a kind
    /// told that the rules do not tell.
    #[error("field {token}: impossible: {detail}")]
    Impossible {
        /// The field (4 for the enemy points).
        token: usize,
        /// What cannot be.
        detail: String,
    },
}

/// A side letter (`r`, `g`): [`Side`]'s parser, the names refused (the string is compact).
fn parse_side(token: usize, text: &str) -> Result<Side, InfoStateParseError> {
    match text.parse::<Side>() {
        Ok(side) if text.len() == 1 => Ok(side),
        _ => Err(InfoStateParseError::Side {
            token,
            text: crate::setup::clip(text, 20),
        }),
    }
}

fn parse_points(side: Side, text: &str) -> Result<Bitboard, InfoStateParseError> {
    let bad = || InfoStateParseError::EnemyPoints(text.chars().take(60).collect());
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 5 {
        return Err(bad());
    }
    let mut points = Bitboard::EMPTY;
    for (i, row) in rows.iter().enumerate() {
        let y = 4 - i as u8;
        let mut x = 0u8;
        for c in row.chars() {
            match c {
                'x' => {
                    let own = Square::new(x, y).filter(|_| x < 9).ok_or_else(bad)?;
                    points.insert(Deployment::board_point(side, own));
                    x += 1;
                }
                '1'..='9' => x += c as u8 - b'0',
                _ => return Err(bad()),
            }
            if x > 9 {
                return Err(bad());
            }
        }
        if x != 9 {
            return Err(bad());
        }
    }
    Ok(points)
}

/// The header of a hidden endgame's state: the board with the own pieces and the enemy's
/// points, and the enemy's force.
fn parse_endgame_header(
    side: Side,
    first: Side,
    board: &str,
    force: &str,
) -> Result<InfoState, InfoStateParseError> {
    let bad = || InfoStateParseError::EndgameBoard(board.chars().take(100).collect());
    let mut own = Vec::new();
    let mut enemy_start = Bitboard::EMPTY;
    for (sq, c) in parse_board(board).ok_or_else(bad)? {
        if c == 'x' {
            enemy_start.insert(sq);
        } else {
            match Piece::from_ascii(c) {
                Some(p) if p.side == side => own.push((sq, p.kind)),
                _ => return Err(bad()),
            }
        }
    }
    own.sort_by_key(|(sq, _)| *sq);
    let enemy_force: EndgameForce = force.parse()?;
    Ok(InfoState {
        side,
        first,
        rules: Ruleset::STANDARD,
        own: Deployment::EMPTY,
        enemy_start,
        events: Vec::new(),
        endgame: Some(Box::new(EndgameStart {
            own,
            enemy_force,
            told: None,
        })),
    })
}

/// The enemy's start told at the end of a hidden endgame: ten rows of its pieces' letters.
fn parse_told(
    token: usize,
    enemy: Side,
    text: &str,
) -> Result<Vec<(Square, PieceKind)>, InfoStateParseError> {
    let bad = || InfoStateParseError::End {
        token,
        detail: format!(
            "'{}' is not ten rows of the enemy's pieces",
            text.chars().take(100).collect::<String>()
        ),
    };
    let mut told = parse_board(text)
        .ok_or_else(bad)?
        .into_iter()
        .map(|(sq, c)| match Piece::from_ascii(c) {
            Some(p) if p.side == enemy => Ok((sq, p.kind)),
            _ => Err(bad()),
        })
        .collect::<Result<Vec<_>, _>>()?;
    told.sort_by_key(|(sq, _)| *sq);
    Ok(told)
}

fn parse_seen(token: usize, text: &str) -> Result<Seen, InfoStateParseError> {
    let bad = || InfoStateParseError::Event {
        token,
        text: text.chars().take(30).collect(),
    };
    let head: String = text.chars().take(4).collect();
    let mv: Move = head
        .parse()
        .map_err(|source| InfoStateParseError::Move { token, source })?;
    let mut rest = &text[head.len()..];
    let mut seen = Seen {
        mv,
        capture: false,
        stayed: false,
        removed: None,
        captured_kind: None,
    };
    if let Some(r) = rest.strip_prefix('x') {
        seen.capture = true;
        rest = r;
        if let Some(c) = rest.chars().next()
            && let Some(k) = PieceKind::from_ascii(c)
        {
            seen.captured_kind = Some(k);
            rest = &rest[c.len_utf8()..];
        }
    }
    if let Some(r) = rest.strip_prefix('=') {
        if !seen.capture {
            return Err(bad());
        }
        seen.stayed = true;
        rest = r;
    }
    if let Some(r) = rest.strip_prefix('~') {
        seen.removed = Some(
            r.parse()
                .map_err(|source| InfoStateParseError::Point { token, source })?,
        );
        rest = "";
    }
    if rest.is_empty() {
        Ok(seen)
    } else {
        Err(bad())
    }
}

/// Parse under [`Ruleset::STANDARD`]; see [`InfoState::with_rules`].
impl FromStr for InfoState {
    type Err = InfoStateParseError;

    fn from_str(s: &str) -> Result<InfoState, InfoStateParseError> {
        let tokens: Vec<&str> = s.split_whitespace().collect();
        if tokens.len() < 4 {
            return Err(InfoStateParseError::Header);
        }
        let side = parse_side(1, tokens[0])?;
        let first = parse_side(2, tokens[1])?;
        let mut state = if tokens[2].matches('/').count() == 9 {
            parse_endgame_header(side, first, tokens[2], tokens[3])?
        } else {
            let own: Deployment = tokens[2].parse()?;
            let enemy_start = parse_points(side.other(), tokens[3])?;
            InfoState::new(side, first, Ruleset::STANDARD, own, enemy_start)
        };
        // Linear: whether the end was told is kept here, not asked of the events per token.
        let mut ended = false;
        for (i, t) in tokens.iter().enumerate().skip(4) {
            let token = i + 1;
            if ended {
                return Err(InfoStateParseError::AfterEnd { token });
            }
            let enemy = state.side.other();
            let e = parse_event(token, t, state.endgame.as_deref_mut().map(|e| (e, enemy)))?;
            ended = matches!(e, Event::End { .. });
            state.push(e);
        }
        state.impossible(None)?;
        Ok(state)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::InfoState;
    use crate::ruleset::Ruleset;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Repr {
        rules: Ruleset,
        state: String,
    }

    impl Serialize for InfoState {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Repr {
                rules: self.rules,
                state: self.to_string(),
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for InfoState {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<InfoState, D::Error> {
            let r = Repr::deserialize(d)?;
            let state: InfoState = r.state.parse().map_err(D::Error::custom)?;
            Ok(state.with_rules(r.rules))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deploy::Opening;
    use crate::hidden::HiddenGame;
    use crate::ruleset::RevealCaptured;

    const RED: &str = "r r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx";

    // Issue 26 item 15: a long run of refusals parses (in linear time: no scan of the events
    // per token), and a token after the end is still refused where it stands.
    #[test]
    fn many_refusals_parse_and_nothing_follows_the_end() {
        let text = format!("{RED}{}", " ?5B5B".repeat(100_000));
        let state: InfoState = text.parse().unwrap();
        assert_eq!(state.events().len(), 100_000);
        let end = format!("{RED} ?5B5B #red:resignation:9/3III3/9/1DA3AD1/FPMGKGMPF ?5B5B");
        assert_eq!(
            end.parse::<InfoState>(),
            Err(InfoStateParseError::AfterEnd { token: 7 })
        );
    }

    // Issue 26 item 15: well-formed states no referee could tell are typed errors.
    #[test]
    fn impossible_states_are_refused() {
        let impossible = |text: &str| match text.parse::<InfoState>() {
            Err(InfoStateParseError::Impossible { token, detail }) => (token, detail),
            other => panic!("{text}: {other:?}"),
        };
        let own = "r r 9/3III3/9/1DA3AD1/FPMGKGMPF";
        assert_eq!(impossible(&format!("{own} 9/9/9/9/9")).0, 4);
        let full = ["xxxxxxxxx"; 5].join("/");
        let (token, detail) = impossible(&format!("{own} {full}"));
        assert_eq!(token, 4);
        assert!(detail.contains("45 points"), "{detail}");
        // 5C is empty in Red's deployment.
        let (token, detail) = impossible(&format!("{RED} 5C5B"));
        assert_eq!(token, 5);
        assert!(detail.contains("5C holds no piece"), "{detail}");
        // Green's move after Red's: from a point Green does not hold.
        assert_eq!(impossible(&format!("{RED} 5B5A 5c5b")).0, 6);
        // A capture on a point without an enemy.
        assert_eq!(impossible(&format!("{RED} 5B5Ax")).0, 5);
        // The possible ones still parse.
        assert!(format!("{RED} 5B5A 5b5a").parse::<InfoState>().is_ok());
    }

    // Issue 26 item 15: a kind told of an own capture needs `reveal_captured: to_captor`.
    #[test]
    fn a_told_kind_needs_the_rule_that_tells_it() {
        let rules = Ruleset {
            hidden: crate::ruleset::HiddenRules {
                reveal_captured: RevealCaptured::ToCaptor,
                ..crate::ruleset::HiddenRules::STANDARD
            },
            ..Ruleset::STANDARD
        };
        let mut game = HiddenGame::new(Opening::default_opening(), rules).unwrap();
        game.propose(Side::Red, "3E7d".parse().unwrap()).unwrap();
        let red = game.info_state(Side::Red).clone();
        let text = red.to_string();
        assert!(text.ends_with(|c: char| c.is_ascii_uppercase()), "{text}");
        let parsed: InfoState = text.parse().unwrap();
        assert!(parsed.clone().with_rules(rules).validate().is_ok());
        assert!(matches!(
            parsed.with_rules(Ruleset::STANDARD).validate(),
            Err(InfoStateParseError::Impossible { token: 5, .. })
        ));
    }
}
