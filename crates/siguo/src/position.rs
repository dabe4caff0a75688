//! Setups and positions (L-49 … L-59): the placement, the seat to move, the seats in play, the
//! counters; move generation (L-46 … L-48, L-55), play and adjudication (L-51 … L-57).

use std::collections::HashMap;
use std::fmt;

use luzhanqi::{AttackOutcome, Combat, FlagCapture, Kind};
use thiserror::Error;

use crate::board::{POINT_COUNT, Point, PointSet, tables};
use crate::ruleset::{NoCombatReset, OutPieces, Rules};
use crate::seat::{Piece, Seat, Team};

/// The accessors `turn` and `in_play` of a board's fields `turn: Seat` and
/// `in_play: [bool; 4]`: a [`Position`]'s and a seat's view of one
/// ([`SeatView`](crate::dark::SeatView)).
macro_rules! seat_accessors {
    () => {
        /// The seat to move.
        #[must_use]
        pub fn turn(&self) -> Seat {
            self.turn
        }

        /// Whether a seat is in play (L-51).
        #[must_use]
        pub fn in_play(&self, seat: Seat) -> bool {
            self.in_play[seat.index()]
        }
    };
}
pub(crate) use seat_accessors;

/// A placement with its counters, as read from a position string (L-59); may be nonsense.
/// [`Position::from_setup`] checks it.
///
/// The placement is of [`Piece`]s; the same fields over what one seat is shown of each piece
/// are a [`SeenBoard`](crate::dark::SeenBoard) (`Setup<Seen>`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup<P = Piece> {
    /// The piece on each point, by [`Point::index`].
    pub board: [Option<P>; POINT_COUNT],
    /// The seat to move.
    pub turn: Seat,
    /// Which seats are in play, by [`Seat::index`].
    pub in_play: [bool; 4],
    /// Plies since the last attack (L-56).
    pub plies_since_attack: u32,
    /// The move number (L-59), from 1.
    pub move_number: u32,
    /// Passes used by r, g, b, y (L-55); `None` when the text has no such field.
    pub passes_used: Option<[u8; 4]>,
}

impl Setup {
    /// An empty board, Red to move, all four seats in play, counters 0 and 1.
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            board: [None; POINT_COUNT],
            turn: Seat::Red,
            in_play: [true; 4],
            plies_since_attack: 0,
            move_number: 1,
            passes_used: None,
        }
    }

    /// The piece on a point.
    #[must_use]
    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        self.board[p.index()]
    }

    /// Put a piece (or nothing) on a point.
    pub fn put(&mut self, p: Point, piece: Option<Piece>) {
        self.board[p.index()] = piece;
    }
}

impl<P> Setup<P> {
    /// The same placement and counters with each piece turned by `f`.
    pub(crate) fn map_pieces<Q>(self, mut f: impl FnMut(P) -> Q) -> Setup<Q> {
        Setup {
            board: self.board.map(|p| p.map(&mut f)),
            turn: self.turn,
            in_play: self.in_play,
            plies_since_attack: self.plies_since_attack,
            move_number: self.move_number,
            passes_used: self.passes_used,
        }
    }
}

/// A move: origin and destination (L-60). What it does (step, run, attack) follows from the
/// position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Point,
    /// Where it goes (or what it attacks).
    pub to: Point,
}

impl fmt::Display for Move {
    /// The ASCII form: `g6g7`, `b7p7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// What a seat does on its turn: a move or a pass (L-55). Surrenders (L-54) are not turns:
/// see [`Position::surrender`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A move.
    Move(Move),
    /// A pass (`pass`).
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => m.fmt(f),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// How a seat went out (L-51).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutReason {
    /// Its flag was captured.
    FlagCaptured,
    /// It was to move with no legal move and no pass left.
    NoMove,
    /// It surrendered.
    Resigned,
}

/// Why a team won (the CLI's reason words).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The last enemy seat's flag was captured (`flag-captured`).
    FlagCaptured,
    /// The last enemy seat had no legal move and no pass (`no-move`).
    NoMove,
    /// The last enemy seat surrendered (`resigned`).
    Resigned,
    /// Read from text with no seat of the other team in play (`team-out`).
    TeamOut,
}

/// Why the game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// No seat in play has a movable piece (L-53, `no-movable-pieces`).
    NoMovablePieces,
    /// `no_combat_limit` plies without an attack (L-56, `no-combat-limit`).
    NoCombatLimit,
    /// `repetition` occurrences of one position (L-56, `repetition`).
    Repetition,
}

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A team won (L-53).
    Win {
        /// The winners.
        team: Team,
        /// How the last enemy seat went out.
        reason: WinReason,
    },
    /// A draw.
    Draw(DrawReason),
}

impl OutReason {
    /// The three reasons.
    pub(crate) const ALL: [OutReason; 3] = [
        OutReason::FlagCaptured,
        OutReason::NoMove,
        OutReason::Resigned,
    ];

    /// The team's win when the last enemy seat went out so.
    pub(crate) const fn win(self) -> WinReason {
        match self {
            OutReason::FlagCaptured => WinReason::FlagCaptured,
            OutReason::NoMove => WinReason::NoMove,
            OutReason::Resigned => WinReason::Resigned,
        }
    }

    /// The reason word, the same as the win's: `flag-captured`, `no-move`, `resigned`.
    pub(crate) const fn word(self) -> &'static str {
        self.win().word()
    }
}

impl WinReason {
    /// The four reasons.
    pub(crate) const ALL: [WinReason; 4] = [
        WinReason::FlagCaptured,
        WinReason::NoMove,
        WinReason::Resigned,
        WinReason::TeamOut,
    ];

    /// The reason word of issue 52's `outcome` (and of announcements and records).
    pub(crate) const fn word(self) -> &'static str {
        match self {
            WinReason::FlagCaptured => "flag-captured",
            WinReason::NoMove => "no-move",
            WinReason::Resigned => "resigned",
            WinReason::TeamOut => "team-out",
        }
    }
}

impl DrawReason {
    /// The three reasons.
    pub(crate) const ALL: [DrawReason; 3] = [
        DrawReason::NoMovablePieces,
        DrawReason::NoCombatLimit,
        DrawReason::Repetition,
    ];

    /// The reason word of issue 52's `outcome` (and of announcements and records).
    pub(crate) const fn word(self) -> &'static str {
        match self {
            DrawReason::NoMovablePieces => "no-movable-pieces",
            DrawReason::NoCombatLimit => "no-combat-limit",
            DrawReason::Repetition => "repetition",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl fmt::Display for Outcome {
    /// `red-blue flag-captured`, `draw no-combat-limit`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { team, reason } => write!(f, "{team} {reason}"),
            Outcome::Draw(r) => write!(f, "draw {r}"),
        }
    }
}

/// A reason a setup is not a valid position (L-59).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Violation {
    /// More pieces of a kind than L-5 gives.
    #[error("{seat} has {count} of {kind:?}, more than {}", kind.count())]
    TooMany {
        /// The seat.
        seat: Seat,
        /// The kind.
        kind: Kind,
        /// How many.
        count: u32,
    },
    /// A landmine off its seat's own back two rows.
    #[error("{seat}'s landmine on {point} is off its own back two rows")]
    MineMisplaced {
        /// The seat.
        seat: Seat,
        /// Where.
        point: Point,
    },
    /// A flag off its seat's own headquarters.
    #[error("{seat}'s flag on {point} is off its own headquarters")]
    FlagMisplaced {
        /// The seat.
        seat: Seat,
        /// Where.
        point: Point,
    },
    /// A seat in play without its flag.
    #[error("{0} is in play without its flag")]
    FlagMissing(Seat),
    /// An out seat with pieces on the board under `out_pieces` `removed`.
    #[error("{0} is out but has pieces on the board (out_pieces is removed)")]
    OutSeatHasPieces(Seat),
    /// The seat to move is out.
    #[error("the seat to move, {0}, is not in play")]
    TurnNotInPlay(Seat),
    /// No seat of either team in play.
    #[error("neither team has a seat in play")]
    BothTeamsOut,
    /// Passes used beyond `pass_limit`.
    #[error("{seat} has used {used} passes, more than pass_limit {limit}")]
    PassesOverLimit {
        /// The seat.
        seat: Seat,
        /// Passes used.
        used: u8,
        /// The limit.
        limit: u8,
    },
    /// A passes field while `pass_limit` is 0 (a string without one under a `pass_limit` above
    /// 0 is read as 0000).
    #[error("the passes field is written exactly when pass_limit is above 0 (it is {0})")]
    PassesField(u8),
    /// Rules whose `pass_limit` is above 9 (L-55), which [`Rules::from_json`] refuses and the
    /// passes field (one digit a seat) cannot write.
    #[error("pass_limit {0} is above 9 (L-55)")]
    PassLimit(u8),
    /// A move number of 0.
    #[error("the move number is 0 (it starts at 1)")]
    MoveNumberZero,
}

/// A setup that is not a valid position: every reason at once.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("not a valid position: {}", .0.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("; "))]
pub struct PositionError(pub Vec<Violation>);

/// An action that is not legal in a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// Not a legal action of the seat to move.
    #[error("{action} is not a legal action of {seat}")]
    Illegal {
        /// The action's text.
        action: String,
        /// The seat to move.
        seat: Seat,
    },
    /// A surrender that L-54 does not allow.
    #[error("{seat} may not surrender: {why}")]
    Surrender {
        /// The seat.
        seat: Seat,
        /// Why not.
        why: &'static str,
    },
}

/// A valid four-player position with its rules (L-49 … L-59).
///
/// Kept as a mailbox of 129 points (one byte pair each) plus the counters, and the same
/// placement as [`PointSet`]s of three words (each seat's pieces, the immobile ones, the flags),
/// which the move generator reads; 448 bytes in all (docs/siguo.md says why). The position is settled (L-57 from
/// step 2) whenever it is built or played, so its [`outcome`](Position::outcome) is known.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: [Option<Piece>; POINT_COUNT],
    turn: Seat,
    in_play: [bool; 4],
    plies_since_attack: u32,
    move_number: u32,
    passes_used: [u8; 4],
    /// Plies since this position's first position (for `surrender_after`, L-54).
    plies_played: u32,
    rules: Rules,
    outcome: Option<Outcome>,
    /// The board again as sets, kept in step with `board` by [`Position::set_square`]:
    /// what the move generator reads (see [`Occupancy`]).
    sets: PieceSets,
}

/// The placement as sets of points, kept beside the mailbox (docs/siguo.md, "Representation").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
struct PieceSets {
    /// By seat: the points of its pieces.
    seat: [PointSet; 4],
    /// The points of flags and landmines, which never move (L-6).
    immobile: PointSet,
    /// The points of flags.
    flags: PointSet,
}

impl PieceSets {
    fn of(board: &[Option<Piece>; POINT_COUNT]) -> PieceSets {
        let mut sets = PieceSets::default();
        for p in Point::all() {
            if let Some(pc) = board[p.index()] {
                sets.add(p, pc);
            }
        }
        sets
    }

    fn add(&mut self, p: Point, pc: Piece) {
        self.seat[pc.seat.index()].insert(p);
        if !pc.kind.is_mobile() {
            self.immobile.insert(p);
        }
        if pc.kind == Kind::Flag {
            self.flags.insert(p);
        }
    }

    fn remove(&mut self, p: Point, pc: Piece) {
        self.seat[pc.seat.index()].remove(p);
        self.immobile.remove(p);
        self.flags.remove(p);
    }
}

/// All 129 points as a set.
const ALL_POINTS: PointSet = PointSet([u64::MAX, u64::MAX, (1 << (POINT_COUNT - 128)) - 1]);

/// The placement as the move generator reads it (a few word operations on the kept
/// [`PieceSets`] per node): sets of points, so that steps are one mask and runs and engineer
/// paths test bits.
pub(crate) struct Occupancy {
    /// The empty points.
    pub(crate) empty: PointSet,
    /// By [`team_index`]: the points that team may attack (enemy pieces of seats in play, not
    /// in a camp, flags only where L-12 opens them).
    pub(crate) targets: [PointSet; 2],
}

/// 0 for Red–Blue, 1 for Green–Yellow (allies sit opposite, L-49).
#[inline]
const fn team_index(seat: Seat) -> usize {
    seat.index() & 1
}

/// Own rows 1–2 of a seat (L-17 via L-58).
fn on_own_back_rows(seat: Seat, p: Point) -> bool {
    matches!(p.own(), Some((s, _, r)) if s == seat && r <= 2)
}

impl Position {
    /// Check a setup against L-59 and settle it (L-57 from step 2).
    ///
    /// # Errors
    /// [`PositionError`] with every violation.
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        let mut v = Vec::new();
        let mut counts = [[0u32; 12]; 4];
        for p in Point::all() {
            let Some(pc) = setup.board[p.index()] else {
                continue;
            };
            counts[pc.seat.index()][pc.kind.index()] += 1;
            match pc.kind {
                Kind::Landmine if !on_own_back_rows(pc.seat, p) => {
                    v.push(Violation::MineMisplaced {
                        seat: pc.seat,
                        point: p,
                    });
                }
                Kind::Flag if !(p.is_headquarters() && p.own().map(|o| o.0) == Some(pc.seat)) => {
                    v.push(Violation::FlagMisplaced {
                        seat: pc.seat,
                        point: p,
                    });
                }
                _ => {}
            }
        }
        for seat in Seat::ALL {
            for kind in Kind::ALL {
                let count = counts[seat.index()][kind.index()];
                if count > kind.count() {
                    v.push(Violation::TooMany { seat, kind, count });
                }
            }
            let pieces: u32 = counts[seat.index()].iter().sum();
            if setup.in_play[seat.index()] {
                if counts[seat.index()][Kind::Flag.index()] == 0 {
                    v.push(Violation::FlagMissing(seat));
                }
            } else if rules.out_pieces == OutPieces::Removed && pieces > 0 {
                v.push(Violation::OutSeatHasPieces(seat));
            }
        }
        if !setup.in_play[setup.turn.index()] {
            v.push(Violation::TurnNotInPlay(setup.turn));
        }
        if Team::ALL
            .iter()
            .all(|t| t.seats().iter().all(|s| !setup.in_play[s.index()]))
        {
            v.push(Violation::BothTeamsOut);
        }
        if setup.move_number == 0 {
            v.push(Violation::MoveNumberZero);
        }
        let passes = match setup.passes_used {
            Some(p) if rules.pass_limit == 0 => {
                v.push(Violation::PassesField(0));
                p
            }
            Some(p) => p,
            None => [0; 4],
        };
        if rules.pass_limit > 9 {
            v.push(Violation::PassLimit(rules.pass_limit));
        }
        for seat in Seat::ALL {
            let used = passes[seat.index()];
            if used > rules.pass_limit && rules.pass_limit > 0 {
                v.push(Violation::PassesOverLimit {
                    seat,
                    used,
                    limit: rules.pass_limit,
                });
            }
        }
        if !v.is_empty() {
            return Err(PositionError(v));
        }
        let mut pos = Position {
            board: setup.board,
            sets: PieceSets::of(&setup.board),
            turn: setup.turn,
            in_play: setup.in_play,
            plies_since_attack: setup.plies_since_attack,
            move_number: setup.move_number,
            passes_used: passes,
            plies_played: 0,
            rules,
            outcome: None,
        };
        pos.settle(None, None);
        Ok(pos)
    }

    /// The setup of the position (passes written when `pass_limit` is above 0).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            in_play: self.in_play,
            plies_since_attack: self.plies_since_attack,
            move_number: self.move_number,
            passes_used: (self.rules.pass_limit > 0).then_some(self.passes_used),
        }
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The piece on a point.
    #[must_use]
    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        self.board[p.index()]
    }

    seat_accessors!();

    /// Plies since the last attack (L-56).
    #[must_use]
    pub fn plies_since_attack(&self) -> u32 {
        self.plies_since_attack
    }

    /// The move number (L-59).
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Passes a seat has used (L-55).
    #[must_use]
    pub fn passes_used(&self, seat: Seat) -> u8 {
        self.passes_used[seat.index()]
    }

    /// The result, if the position is decided (L-57).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether a piece may ever move from where it stands (L-6, L-10).
    fn movable_at(&self, pc: Piece, p: Point) -> bool {
        pc.kind.is_mobile() && !(self.rules.base.hq_lock && p.is_headquarters())
    }

    /// Put a piece (or nothing) on a point, keeping the sets in step with the mailbox.
    #[inline]
    fn set_square(&mut self, p: Point, piece: Option<Piece>) {
        if let Some(old) = self.board[p.index()] {
            self.sets.remove(p, old);
        }
        if let Some(new) = piece {
            self.sets.add(p, new);
        }
        self.board[p.index()] = piece;
    }

    /// The points of `seat`'s pieces that may move (L-6, L-10).
    #[inline]
    fn mobile(&self, seat: Seat) -> PointSet {
        let m = self.sets.seat[seat.index()].minus(self.sets.immobile);
        if self.rules.base.hq_lock {
            m.minus(tables().headquarters)
        } else {
            m
        }
    }

    /// Whether `seat` has a piece that may move (L-53's "movable piece").
    fn has_movable_piece(&self, seat: Seat) -> bool {
        !self.mobile(seat).is_empty()
    }

    /// The placement as the move generator reads it, from the kept sets (no board scan).
    #[inline]
    fn occupancy(&self) -> Occupancy {
        let t = tables();
        let sets = &self.sets;
        let occupied = sets.seat[0]
            .or(sets.seat[1])
            .or(sets.seat[2])
            .or(sets.seat[3]);
        let mines = sets.immobile.minus(sets.flags);
        let any_flag = self.rules.base.flag_capture == FlagCapture::Any;
        let attackable: [PointSet; 4] = std::array::from_fn(|s| {
            let own = sets.seat[s];
            if !self.in_play[s] {
                // L-51: an out seat's pieces (under `stay`) are obstacles, never targets.
                PointSet::EMPTY
            } else if any_flag || own.and(mines).is_empty() {
                own
            } else {
                // L-12, L-48: the flag is closed while its seat keeps a landmine.
                own.minus(sets.flags)
            }
        });
        // L-10: a piece in a camp cannot be attacked. Team `RedBlue` (seats 0 and 2) attacks
        // the pieces of seats 1 and 3, and the other way round.
        Occupancy {
            empty: ALL_POINTS.minus(occupied),
            targets: [
                attackable[1].or(attackable[3]).minus(t.camps),
                attackable[0].or(attackable[2]).minus(t.camps),
            ],
        }
    }

    /// The destinations of a piece of `kind` and `seat` on `from` (which must be movable):
    /// steps (L-7), runs (L-46), engineer paths (L-47).
    #[inline]
    pub(crate) fn destinations(from: Point, kind: Kind, seat: Seat, occ: &Occupancy) -> PointSet {
        let t = tables();
        let targets = occ.targets[team_index(seat)];
        let open = occ.empty.or(targets);
        let mut out = t.neighbour_sets[from.index()].and(open);
        if !t.railway.contains(from) {
            return out;
        }
        if kind == Kind::Engineer {
            // L-9 / L-47: any railway path over empty points, grown a ring at a time.
            let mut seen = PointSet::EMPTY;
            seen.insert(from);
            let mut frontier = seen;
            while !frontier.is_empty() {
                let mut next = PointSet::EMPTY;
                for (w, &word) in frontier.0.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let i = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        next = next.or(t.rail_sets[i]);
                    }
                }
                next = next.minus(seen);
                seen = seen.or(next);
                out = out.or(next.and(open));
                frontier = next.and(occ.empty);
            }
        } else {
            // L-46: straight along one of the 18 lines, either way, up to the first piece.
            for &(line, at) in &t.on_runs[from.index()] {
                let run = &t.runs[line as usize];
                let at = at as usize;
                for &q in &run[at + 1..] {
                    if !occ.empty.contains(q) {
                        if targets.contains(q) {
                            out.insert(q);
                        }
                        break;
                    }
                    out.insert(q);
                }
                for &q in run[..at].iter().rev() {
                    if !occ.empty.contains(q) {
                        if targets.contains(q) {
                            out.insert(q);
                        }
                        break;
                    }
                    out.insert(q);
                }
            }
        }
        out
    }

    /// The legal moves of `seat` as if it were to move (no pass), whatever the outcome.
    #[must_use]
    pub fn moves_of(&self, seat: Seat) -> Vec<Move> {
        let mut v = Vec::new();
        self.push_moves(seat, &mut v, |m| m);
        v
    }

    /// Push `seat`'s legal moves (none when it is out) onto `out`, each as `wrap` makes it.
    fn push_moves<T>(&self, seat: Seat, out: &mut Vec<T>, wrap: impl Fn(Move) -> T) {
        if !self.in_play[seat.index()] {
            return;
        }
        let occ = self.occupancy();
        for from in self.mobile(seat).iter() {
            let kind = self.board[from.index()].expect("a mobile piece").kind;
            for to in Self::destinations(from, kind, seat, &occ).iter() {
                out.push(wrap(Move { from, to }));
            }
        }
    }

    /// Whether `seat` has a legal move. Every destination begins with a step to a neighbour
    /// that is itself a destination (a run's or path's first point is a neighbour the piece
    /// may enter or attack), so a neighbour it may enter or attack is enough.
    fn has_legal_move(&self, seat: Seat) -> bool {
        if !self.in_play[seat.index()] {
            return false;
        }
        let t = tables();
        let occ = self.occupancy();
        let open = occ.empty.or(occ.targets[team_index(seat)]);
        self.mobile(seat)
            .iter()
            .any(|from| !t.neighbour_sets[from.index()].and(open).is_empty())
    }

    /// The legal moves of the seat to move; none in a decided position.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.moves_of(self.turn)
    }

    /// Whether the seat to move may pass (L-55).
    #[must_use]
    pub fn can_pass(&self) -> bool {
        self.outcome.is_none() && self.passes_used[self.turn.index()] < self.rules.pass_limit
    }

    /// The legal actions: the legal moves, then `pass` where L-55 allows it.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        if self.outcome.is_none() {
            self.push_moves(self.turn, &mut v, Action::Move);
        }
        if self.can_pass() {
            v.push(Action::Pass);
        }
        v
    }

    /// The number of legal actions, counted without listing them (bulk perft).
    #[must_use]
    pub fn count_actions(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let seat = self.turn;
        let occ = self.occupancy();
        let mut n = u64::from(self.can_pass());
        for from in self.mobile(seat).iter() {
            let kind = self.board[from.index()].expect("a mobile piece").kind;
            n += u64::from(Self::destinations(from, kind, seat, &occ).count());
        }
        n
    }

    /// Whether an action is legal.
    #[must_use]
    pub fn is_legal(&self, a: Action) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        match a {
            Action::Pass => self.can_pass(),
            Action::Move(m) => match self.board[m.from.index()] {
                Some(pc) if pc.seat == self.turn && self.movable_at(pc, m.from) => {
                    Self::destinations(m.from, pc.kind, pc.seat, &self.occupancy()).contains(m.to)
                }
                _ => false,
            },
        }
    }

    /// The combat an action would cause, if it is an attack (L-11).
    #[must_use]
    pub fn combat(&self, m: Move) -> Option<Combat> {
        let a = self.board[m.from.index()]?;
        let d = self.board[m.to.index()]?;
        Some(Combat::resolve(a.kind, d.kind, &self.rules.base))
    }

    /// Play a legal action.
    ///
    /// # Errors
    /// [`PlayError`] when the game is over or the action is not legal; `self` is unchanged.
    pub fn play(&mut self, a: Action) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        if !self.is_legal(a) {
            return Err(PlayError::Illegal {
                action: a.to_string(),
                seat: self.turn,
            });
        }
        self.play_unchecked(a);
        Ok(())
    }

    /// Play an action known to be legal (garbage in, garbage out otherwise).
    pub fn play_unchecked(&mut self, a: Action) {
        let mover = self.turn;
        let mut out = None;
        match a {
            Action::Pass => {
                self.passes_used[mover.index()] += 1;
                self.plies_since_attack = self.plies_since_attack.saturating_add(1);
            }
            Action::Move(m) => {
                let att = self.board[m.from.index()].expect("a piece to move");
                self.set_square(m.from, None);
                match self.board[m.to.index()] {
                    None => {
                        self.set_square(m.to, Some(att));
                        self.plies_since_attack = self.plies_since_attack.saturating_add(1);
                    }
                    Some(def) => {
                        let c = Combat::resolve(att.kind, def.kind, &self.rules.base);
                        let stays = match c.outcome {
                            AttackOutcome::DefenderRemoved => Some(att),
                            AttackOutcome::AttackerRemoved => Some(def),
                            AttackOutcome::BothRemoved => None,
                        };
                        self.set_square(m.to, stays);
                        self.plies_since_attack = 0;
                        // L-57 (1), L-52: a captured flag puts its seat out.
                        if c.flag_captured() {
                            out = Some(OutReason::FlagCaptured);
                            self.put_out(def.seat);
                        }
                    }
                }
            }
        }
        self.plies_played = self.plies_played.saturating_add(1);
        self.settle(Some(mover), out);
    }

    /// Surrender `seat` (L-54): it is out at once; the turn passes only if it was to move.
    ///
    /// # Errors
    /// [`PlayError`] when the game is over, the seat is out, or fewer than
    /// `surrender_after` plies have been played from the first position.
    pub fn surrender(&mut self, seat: Seat) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        if !self.in_play[seat.index()] {
            return Err(PlayError::Surrender {
                seat,
                why: "it is not in play",
            });
        }
        if self.plies_played < self.rules.surrender_after {
            return Err(PlayError::Surrender {
                seat,
                why: "too early (surrender_after plies from the first position)",
            });
        }
        self.put_out(seat);
        let from = (seat == self.turn).then_some(seat);
        self.settle(from, Some(OutReason::Resigned));
        Ok(())
    }

    /// Put a seat out (L-51): under `removed` its pieces leave at once.
    fn put_out(&mut self, seat: Seat) {
        self.in_play[seat.index()] = false;
        if self.rules.out_pieces == OutPieces::Removed {
            let gone = self.sets.seat[seat.index()];
            let any = !gone.is_empty();
            for p in gone.iter() {
                self.set_square(p, None);
            }
            if any && self.rules.no_combat_reset == NoCombatReset::Removal {
                self.plies_since_attack = 0;
            }
        }
    }

    /// The seat after `seat` in turn order (L-50), in play or not.
    fn next_seat(&self, seat: Seat) -> Seat {
        self.rules.turn_direction.next(seat)
    }

    /// A seat's place in the round (L-59's move number): Red first.
    fn order(&self, seat: Seat) -> usize {
        self.rules.turn_direction.place(seat)
    }

    /// L-57 from step 2. `from`: the seat the turn passes from (step 4), if it passes;
    /// `last_out`: how the latest seat went out in this action.
    fn settle(&mut self, mut from: Option<Seat>, mut last_out: Option<OutReason>) {
        loop {
            // (2) a team with no seat in play has lost.
            for team in Team::ALL {
                if team.seats().iter().all(|s| !self.in_play[s.index()]) {
                    let reason = last_out.map_or(WinReason::TeamOut, OutReason::win);
                    self.outcome = Some(Outcome::Win {
                        team: team.other(),
                        reason,
                    });
                    self.turn_to_seat_in_play();
                    return;
                }
            }
            // (3) no seat in play has a movable piece: draw.
            if !Seat::ALL
                .iter()
                .any(|&s| self.in_play[s.index()] && self.has_movable_piece(s))
            {
                self.outcome = Some(Outcome::Draw(DrawReason::NoMovablePieces));
                self.turn_to_seat_in_play();
                return;
            }
            // (4) the turn passes to the next seat in play.
            if let Some(f) = from.take() {
                self.pass_turn_from(f);
            }
            let t = self.turn;
            if self.passes_used[t.index()] >= self.rules.pass_limit && !self.has_legal_move(t) {
                self.put_out(t);
                last_out = Some(OutReason::NoMove);
                from = Some(t);
                continue;
            }
            break;
        }
        // (5) repetition is the game's (it needs the history); then the no-combat limit.
        let limit = u32::from(self.rules.base.no_combat_limit);
        if limit > 0 && self.plies_since_attack >= limit {
            self.outcome = Some(Outcome::Draw(DrawReason::NoCombatLimit));
        }
    }

    /// A decided position keeps the seat to move of L-57 unless that seat is out (it went out
    /// at step 4 or surrendered): then the turn passes on to the next seat in play, so that
    /// the position string stays valid (L-59: the seat to move is in play).
    fn turn_to_seat_in_play(&mut self) {
        if !self.in_play[self.turn.index()] {
            self.pass_turn_from(self.turn);
        }
    }

    /// The turn passes from `from` to the next seat in play (L-50), the move number rising
    /// once a round (L-59; saturating, as the counters of a string read may be at their
    /// largest). Some seat is in play.
    fn pass_turn_from(&mut self, from: Seat) {
        let mut next = self.next_seat(from);
        while !self.in_play[next.index()] {
            next = self.next_seat(next);
        }
        if self.order(next) <= self.order(from) {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.turn = next;
    }

    /// Mark the position drawn by repetition (L-56): for a game that keeps the history. L-57
    /// judges repetition at step (5) before the no-combat limit, so it replaces that draw; a
    /// position decided at an earlier step keeps its result.
    pub fn declare_repetition(&mut self) {
        if matches!(
            self.outcome,
            None | Some(Outcome::Draw(DrawReason::NoCombatLimit))
        ) {
            self.outcome = Some(Outcome::Draw(DrawReason::Repetition));
        }
    }

    /// The key of L-56's repetition: placement, seat to move, seats in play, passes used.
    #[must_use]
    pub fn repetition_key(&self) -> RepetitionKey {
        (self.board, self.turn, self.in_play, self.passes_used)
    }
}

/// L-56's repetition identity: placement, seat to move, seats in play, passes used.
type RepetitionKey = ([Option<Piece>; POINT_COUNT], Seat, [bool; 4], [u8; 4]);

/// The positions a game has reached, counted for L-56's repetition: what a game that keeps
/// its history (the referee, a game file's replay, the command's `play`) asks after each
/// action, so that one count serves them all.
///
/// ```
/// use siguo::{Position, Repetitions, Rules};
/// let rules = Rules::from_json(r#"{"repetition": 2}"#)?;
/// // Four flags and four marshals, which step out and back.
/// let text = "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3 r rgby 0 1";
/// let mut pos = Position::from_text(text, rules)?;
/// let mut seen = Repetitions::new(&pos);
/// for m in ["i4i5", "m9m10", "i14i13", "b9b10", "i5i4", "m10m9", "i13i14", "b10b9"] {
///     assert_eq!(pos.outcome(), None);
///     pos.play(pos.find_action(m)?)?;
///     seen.reached(&mut pos);
/// }
/// assert_eq!(pos.outcome().unwrap().to_string(), "draw repetition");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Repetitions {
    seen: HashMap<RepetitionKey, usize>,
}

impl Repetitions {
    /// The count of a game from `start`, which has occurred once.
    #[must_use]
    pub fn new(start: &Position) -> Repetitions {
        Repetitions {
            seen: HashMap::from([(start.repetition_key(), 1)]),
        }
    }

    /// Count `pos`, the position a move, a pass or a surrender has just reached, and draw it
    /// by repetition ([`Position::declare_repetition`]) when it has now occurred `repetition`
    /// times (L-56).
    pub fn reached(&mut self, pos: &mut Position) {
        let count = self.seen.entry(pos.repetition_key()).or_default();
        *count += 1;
        if pos.rules.base.repeated(*count) {
            pos.declare_repetition();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size docs/siguo.md states: a mailbox of 129 two-byte points plus counters and the
    /// rules (304 bytes), and the same placement as six point sets of 24 bytes (144).
    #[test]
    fn sizes() {
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 2);
        assert_eq!(std::mem::size_of::<Move>(), 2);
        assert_eq!(std::mem::size_of::<Position>(), 448);
    }

    /// The kept sets follow the mailbox through steps, runs, every combat outcome, a flag
    /// capture and a surrender that removes a seat's pieces (L-51), and the generator's
    /// count agrees with its list all the way.
    #[test]
    fn piece_sets_follow_the_board() {
        let mut rules = Rules::STANDARD;
        rules.surrender_after = 0;
        let mut pos = Position::from_setup(Position::default().to_setup(), rules).unwrap();
        let mut attacks = 0;
        for ply in 0..600usize {
            assert_eq!(pos.sets, PieceSets::of(&pos.board), "ply {ply}: {pos}");
            let actions = pos.legal_actions();
            assert_eq!(actions.len() as u64, pos.count_actions());
            if actions.is_empty() {
                break;
            }
            if ply == 150 {
                pos.surrender(Seat::Yellow).unwrap();
                assert!(pos.sets.seat[Seat::Yellow.index()].is_empty());
                continue;
            }
            // Prefer attacks, so that pieces leave the board.
            let a = actions
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Move(m) if pos.piece_at(m.to).is_some()))
                .unwrap_or(actions[ply * 7919 % actions.len()]);
            if let Action::Move(m) = a {
                attacks += usize::from(pos.piece_at(m.to).is_some());
            }
            pos.play(a).unwrap();
        }
        assert!(attacks > 20, "{attacks} attacks");
    }
}
