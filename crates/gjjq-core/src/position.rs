//! `Position`: a validated position (R-26) that knows its ruleset, and playing moves on it
//! (R-8, R-19).

use std::fmt;

use bitflags::bitflags;
use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::ruleset::{ReturnRule, Ruleset};
use crate::setup::{PendingReturn, Setup};
use crate::square::{Side, Square};
use crate::terrain::{COUNTRY, INLAND, LAND, PALACE};
use crate::zobrist;

const EMPTY: u8 = 255;

/// A valid position with its ruleset: the board, the side to move, pending returns and the
/// counters, plus bitboards and a Zobrist key kept up to date by [`Position::play`].
///
/// ```
/// use gjjq_core::Position;
/// let pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 51);
/// let first = pos.legal_moves()[0];
/// let pos = pos.play(first).unwrap();
/// assert_eq!(pos.turn(), gjjq_core::Side::Green);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_side: [Bitboard; 2],
    pub(crate) by_kind: [Bitboard; 8],
    pub(crate) mailbox: [u8; 90],
    pub(crate) turn: Side,
    pub(crate) pending: [Option<PendingReturn>; 2],
    pub(crate) plies_since_capture: u32,
    pub(crate) move_number: u32,
    pub(crate) hash: u64,
    pub(crate) rules: Ruleset,
}

bitflags! {
    /// Every reason a [`Setup`] is not a valid position (R-26), as a set.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct PositionErrorKinds: u32 {
        /// A side has no king (R-26). The side to move may lack its king only as the end of a
        /// game by a king capture (R-21), while the other side has its own.
        const MISSING_KING = 1 << 0;
        /// A side has more of some kind than R-7 gives (one king, three infantry, two of the rest).
        const TOO_MANY_OF_A_KIND = 1 << 1;
        /// A king stands outside its own palace (R-9).
        const KING_OUTSIDE_PALACE = 1 << 2;
        /// A guard stands outside its own palace (R-10).
        const GUARD_OUTSIDE_PALACE = 1 << 3;
        /// An army stands outside its own country (R-14).
        const ARMY_ABROAD = 1 << 4;
        /// A missile that is not a striker stands off its own land (R-11).
        const MISSILE_OFF_LAND = 1 << 5;
        /// A fleet that is not a striker stands inland (R-12).
        const FLEET_INLAND = 1 << 6;
        /// A pending return's striker point does not hold a missile or fleet of its side, or a
        /// fleet striker stands outside the inland points its returning capture needs (R-19).
        const BAD_STRIKER = 1 << 7;
        /// A pending return's origin is the striker point or a point the striker could not have
        /// left from (a missile's own land, a fleet's sea or coast).
        const BAD_ORIGIN = 1 << 8;
        /// Opening only: a side does not have all 16 pieces.
        const INCOMPLETE_FORCES = 1 << 9;
        /// Opening only: a piece stands outside its own country.
        const PIECE_ABROAD = 1 << 10;
        /// Opening only: a pending return is set.
        const PENDING_AT_OPENING = 1 << 11;
    }
}

/// A setup that is not a valid position: every reason at once, and the setup back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid position: {}", self.explain())]
pub struct PositionError {
    /// Every violated rule.
    pub kinds: PositionErrorKinds,
    /// The setup, unchanged.
    pub setup: Box<Setup>,
}

fn describe(kinds: PositionErrorKinds) -> String {
    let names: Vec<&str> = kinds
        .iter()
        .map(|k| match k {
            PositionErrorKinds::MISSING_KING => "a side has no king",
            PositionErrorKinds::TOO_MANY_OF_A_KIND => "a side has more of a kind than R-7 allows",
            PositionErrorKinds::KING_OUTSIDE_PALACE => "a king is outside its palace",
            PositionErrorKinds::GUARD_OUTSIDE_PALACE => "a guard is outside its palace",
            PositionErrorKinds::ARMY_ABROAD => "an army is outside its country",
            PositionErrorKinds::MISSILE_OFF_LAND => "a missile is off its own land",
            PositionErrorKinds::FLEET_INLAND => "a fleet is inland",
            PositionErrorKinds::BAD_STRIKER => "a pending return has no matching striker",
            PositionErrorKinds::BAD_ORIGIN => "a pending return has an impossible origin",
            PositionErrorKinds::INCOMPLETE_FORCES => "a side does not have all 16 pieces",
            PositionErrorKinds::PIECE_ABROAD => "a piece is outside its country",
            PositionErrorKinds::PENDING_AT_OPENING => "an opening has a pending return",
            _ => "unknown",
        })
        .collect();
    names.join("; ")
}

/// A move that is not legal in the position; the position comes back unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("illegal move {mv} in {position}")]
pub struct PlayError {
    /// The refused move.
    pub mv: Move,
    /// The position, unchanged.
    pub position: Box<Position>,
}

impl Default for Position {
    /// The default opening (R-27) under the standard ruleset.
    fn default() -> Position {
        Position::from_setup(Setup::default_opening()).expect("the default opening is valid")
    }
}

impl Position {
    /// Validate `setup` under the standard ruleset (R-26).
    ///
    /// # Errors
    /// [`PositionError`] with every violated rule and the setup.
    ///
    /// ```
    /// use gjjq_core::{Position, PositionErrorKinds, Setup};
    /// let setup: Setup = "9/9/9/9/9/9/9/9/9/4K4 r -".parse().unwrap();
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert_eq!(err.kinds, PositionErrorKinds::MISSING_KING);
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup_with(setup, Ruleset::STANDARD)
    }

    /// Validate `setup` (R-26) and attach `rules`.
    ///
    /// # Errors
    /// [`PositionError`] with every violated rule and the setup.
    pub fn from_setup_with(setup: Setup, rules: Ruleset) -> Result<Position, PositionError> {
        let kinds = validate(&setup);
        if !kinds.is_empty() {
            return Err(PositionError {
                kinds,
                setup: Box::new(setup),
            });
        }
        Ok(Position::build(&setup, rules))
    }

    /// Validate `setup` as an opening (R-26): a valid position in which each side has all 16
    /// pieces in its own country and no return is pending.
    ///
    /// # Errors
    /// [`PositionError`] with every violated rule, those of openings included.
    pub fn from_opening_setup(setup: Setup, rules: Ruleset) -> Result<Position, PositionError> {
        let mut kinds = validate(&setup);
        for side in Side::ALL {
            let mut counts = [0u32; 8];
            for (i, p) in setup.board.iter().enumerate() {
                if let Some(p) = p.filter(|p| p.side == side) {
                    counts[p.kind.index()] += 1;
                    if Square::from_index_unchecked(i).country() != side {
                        kinds |= PositionErrorKinds::PIECE_ABROAD;
                    }
                }
            }
            if PieceKind::ALL
                .iter()
                .any(|k| counts[k.index()] != k.count_per_side())
            {
                kinds |= PositionErrorKinds::INCOMPLETE_FORCES;
            }
        }
        if setup.pending.iter().any(Option::is_some) {
            kinds |= PositionErrorKinds::PENDING_AT_OPENING;
        }
        if !kinds.is_empty() {
            return Err(PositionError {
                kinds,
                setup: Box::new(setup),
            });
        }
        Ok(Position::build(&setup, rules))
    }

    fn build(setup: &Setup, rules: Ruleset) -> Position {
        let mut pos = Position {
            by_side: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 8],
            mailbox: [EMPTY; 90],
            turn: setup.turn,
            pending: setup.pending,
            plies_since_capture: setup.plies_since_capture,
            move_number: setup.move_number,
            hash: 0,
            rules,
        };
        for (i, p) in setup.board.iter().enumerate() {
            if let Some(p) = *p {
                pos.put(Square::from_index_unchecked(i), p);
            }
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// The plain data of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 90];
        for sq in self.occupied() {
            board[sq.index()] = self.piece_at(sq);
        }
        Setup {
            board,
            turn: self.turn,
            pending: self.pending,
            plies_since_capture: self.plies_since_capture,
            move_number: self.move_number,
        }
    }

    /// The ruleset this position is played under.
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        &self.rules
    }

    /// The same position under another ruleset.
    ///
    /// The placement is not checked again: every ruleset shares R-26.
    #[must_use]
    pub fn with_ruleset(mut self, rules: Ruleset) -> Position {
        self.rules = rules;
        self
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// `side`'s pending return (R-19), if any.
    #[inline]
    #[must_use]
    pub fn pending_return(&self, side: Side) -> Option<PendingReturn> {
        self.pending[side.index()]
    }

    /// Plies since the last capture of an enemy piece (R-31).
    #[must_use]
    pub fn plies_since_capture(&self) -> u32 {
        self.plies_since_capture
    }

    /// The move number (R-31).
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The Zobrist key of placement, side to move and pending returns (R-24).
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.mailbox[sq.index()];
        if code == EMPTY {
            None
        } else {
            let side = if code < 8 { Side::Red } else { Side::Green };
            Some(Piece::new(side, PieceKind::ALL[(code & 7) as usize]))
        }
    }

    #[inline]
    pub(crate) fn kind_at(&self, sq: Square) -> PieceKind {
        PieceKind::ALL[(self.mailbox[sq.index()] & 7) as usize]
    }

    /// Every occupied point.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// `side`'s pieces.
    #[inline]
    #[must_use]
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    /// Pieces of `kind`, both sides.
    #[inline]
    #[must_use]
    pub fn kind_pieces(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// `side`'s pieces of `kind`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, side: Side, kind: PieceKind) -> Bitboard {
        self.by_side[side.index()] & self.by_kind[kind.index()]
    }

    /// `side`'s king, if it is on the board.
    #[inline]
    #[must_use]
    pub fn king(&self, side: Side) -> Option<Square> {
        self.pieces(side, PieceKind::King).first()
    }

    /// How many pieces `side` has on the board (strikers included).
    #[inline]
    #[must_use]
    pub fn piece_count(&self, side: Side) -> u32 {
        self.by_side[side.index()].count()
    }

    /// Whether the palace seal holds (R-17): both sides have more than 8 pieces.
    #[inline]
    #[must_use]
    pub fn is_sealed(&self) -> bool {
        self.by_side[0].count() > 8 && self.by_side[1].count() > 8
    }

    /// Whether kings may capture each other along a clear file (R-18): a side has 5 or fewer.
    #[inline]
    #[must_use]
    pub fn kings_may_face(&self) -> bool {
        self.by_side[0].count() <= 5 || self.by_side[1].count() <= 5
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert_eq!(self.mailbox[sq.index()], EMPTY);
        self.by_side[p.side.index()].insert(sq);
        self.by_kind[p.kind.index()].insert(sq);
        self.mailbox[sq.index()] = (p.side.index() * 8 + p.kind.index()) as u8;
        self.hash ^= zobrist::piece_key(p, sq);
    }

    /// Take the piece off `sq`; a piece must be there.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Piece {
        let p = self.piece_at(sq).expect("a piece to take");
        self.by_side[p.side.index()].remove(sq);
        self.by_kind[p.kind.index()].remove(sq);
        self.mailbox[sq.index()] = EMPTY;
        self.hash ^= zobrist::piece_key(p, sq);
        p
    }

    #[inline]
    fn set_pending(&mut self, side: Side, pending: Option<PendingReturn>) {
        self.hash ^= zobrist::pending_key(side, self.pending[side.index()])
            ^ zobrist::pending_key(side, pending);
        self.pending[side.index()] = pending;
    }

    /// Capture whatever stands on `sq`: a captured striker ends its side's obligation (R-19).
    #[inline]
    fn capture_on(&mut self, sq: Square) {
        let victim = self.take(sq);
        if self.pending[victim.side.index()].is_some_and(|p| p.striker == sq) {
            self.set_pending(victim.side, None);
        }
    }

    /// The Zobrist key computed from scratch (the incremental key must always equal it).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = zobrist::turn_key(self.turn);
        for sq in self.occupied() {
            h ^= zobrist::piece_key(self.piece_at(sq).expect("occupied"), sq);
        }
        for side in Side::ALL {
            h ^= zobrist::pending_key(side, self.pending[side.index()]);
        }
        h
    }

    /// Play `m` if it is legal.
    ///
    /// # Errors
    /// [`PlayError`] with the unchanged position when `m` is not among [`Position::legal_moves`].
    ///
    /// ```
    /// use gjjq_core::Position;
    /// let pos = Position::default();
    /// let m = pos.legal_moves()[0];
    /// let after = pos.clone().play(m)?;
    /// // Playing it again is Green's turn now: refused, and the position comes back.
    /// let err = after.clone().play(m).unwrap_err();
    /// assert_eq!(*err.position, after);
    /// # Ok::<(), gjjq_core::PlayError>(())
    /// ```
    pub fn play(mut self, m: Move) -> Result<Position, PlayError> {
        if self.is_legal(&m) {
            self.play_unchecked(m);
            Ok(self)
        } else {
            Err(PlayError {
                mv: m,
                position: Box::new(self),
            })
        }
    }

    /// Play `m` without checking it. Garbage in, garbage out: a move that is not legal here
    /// leaves a position that may break the invariants (it may panic in debug builds).
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let mut captured = false;
        match m {
            Move::Quiet { from, to, .. } => self.relocate(from, to),
            Move::Capture { from, to, .. } => {
                self.capture_on(to);
                self.relocate(from, to);
                captured = true;
            }
            Move::ReturningCapture {
                from,
                to,
                captured: victim,
                ..
            } => {
                self.returning_capture(us, from, to, victim);
                captured = true;
            }
            Move::Return { from, to, .. } => {
                self.relocate(from, to);
                self.set_pending(us, None);
            }
            Move::Forfeit {
                from,
                to,
                captured: victim,
                striker,
            } => {
                // R-19: the king moves with the striker still on the board; then it is removed.
                if victim.is_some() {
                    self.capture_on(to);
                    captured = true;
                }
                self.relocate(from, to);
                self.take(striker);
                self.set_pending(us, None);
            }
            Move::AfterRemoval {
                removed,
                from,
                to,
                captured: victim,
                returning,
                ..
            } => {
                self.take(removed);
                self.set_pending(us, None);
                match (victim, returning) {
                    (Some(v), true) => self.returning_capture(us, from, to, v),
                    (Some(_), false) => {
                        self.capture_on(to);
                        self.relocate(from, to);
                    }
                    (None, _) => self.relocate(from, to),
                }
                captured = victim.is_some();
            }
        }
        self.plies_since_capture = if captured {
            0
        } else {
            self.plies_since_capture.saturating_add(1)
        };
        if us == Side::Green {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.turn = us.other();
        self.hash ^= zobrist::turn_key(Side::Green);
    }

    #[inline]
    fn relocate(&mut self, from: Square, to: Square) {
        let p = self.take(from);
        self.put(to, p);
    }

    #[inline]
    fn returning_capture(&mut self, us: Side, from: Square, to: Square, victim: PieceKind) {
        self.capture_on(to);
        match self.rules.return_rule {
            ReturnRule::Immediate => {}
            ReturnRule::NextTurn => {
                self.relocate(from, to);
                // R-19: a capture of the king ends the game; no return follows.
                if victim != PieceKind::King {
                    self.set_pending(
                        us,
                        Some(PendingReturn {
                            striker: to,
                            origin: from,
                        }),
                    );
                }
            }
        }
    }

    /// Whether `m` is legal here: it is one of [`Position::legal_moves`].
    #[must_use]
    pub fn is_legal(&self, m: &Move) -> bool {
        // Cheap filter first: the mover must be ours.
        match self.piece_at(m.from()) {
            Some(p) if p.side == self.turn && p.kind == m.piece() => {}
            _ => return false,
        }
        self.find_move(m.from(), m.to()) == Some(*m)
    }
}

fn validate(setup: &Setup) -> PositionErrorKinds {
    violations(setup)
        .iter()
        .fold(PositionErrorKinds::empty(), |k, v| k | v.kind)
}

/// One reason a setup is not a valid position, with the side, piece and point it concerns.
struct Violation {
    kind: PositionErrorKinds,
    side: Side,
    piece: Option<PieceKind>,
    at: Option<Square>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (side, piece) = (self.side, self.piece.map_or("piece", PieceKind::name));
        let at = self.at.map(|sq| sq.to_string()).unwrap_or_default();
        match self.kind {
            PositionErrorKinds::MISSING_KING => write!(
                f,
                "{side} has no king (R-26; the side to move may lack it only just after its \
                 capture, R-21, with a piece of {} that could have taken it)",
                side.other()
            ),
            PositionErrorKinds::TOO_MANY_OF_A_KIND => {
                write!(f, "{side} has more than R-7's number of {piece} pieces")
            }
            PositionErrorKinds::KING_OUTSIDE_PALACE => {
                write!(f, "{side} king on {at} is outside its palace (R-9)")
            }
            PositionErrorKinds::GUARD_OUTSIDE_PALACE => {
                write!(f, "{side} guard on {at} is outside its palace (R-10)")
            }
            PositionErrorKinds::ARMY_ABROAD => {
                write!(f, "{side} army on {at} is outside its country (R-14)")
            }
            PositionErrorKinds::MISSILE_OFF_LAND => write!(
                f,
                "{side} missile on {at} is off its own land and owes no return (R-11)"
            ),
            PositionErrorKinds::FLEET_INLAND => {
                write!(
                    f,
                    "{side} fleet on {at} is inland and owes no return (R-12)"
                )
            }
            PositionErrorKinds::BAD_STRIKER => write!(
                f,
                "{side}'s pending return names striker point {at}, which does not hold a \
                 returning missile or fleet of {side} (R-19)"
            ),
            PositionErrorKinds::BAD_ORIGIN => write!(
                f,
                "{side}'s pending return has origin {at}, where its striker cannot have come \
                 from (R-19)"
            ),
            other => f.write_str(&describe(other)),
        }
    }
}

impl PositionError {
    /// Every reason with the side and, where there is one, the point it concerns, e.g.
    /// `red king on 5F is outside its palace (R-9)`; the `Display` of the error.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Position, Setup};
    /// let setup: Setup = "4k4/9/9/9/9/9/4K4/9/9/9 r -".parse().unwrap();
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert_eq!(err.explain(), "red king on 5B is outside its palace (R-9)");
    /// ```
    #[must_use]
    pub fn explain(&self) -> String {
        let found = violations(&self.setup);
        let mut parts: Vec<String> = found.iter().map(ToString::to_string).collect();
        let covered = found
            .iter()
            .fold(PositionErrorKinds::empty(), |k, v| k | v.kind);
        // The opening conditions are checked outside `validate`.
        for k in self.kinds.difference(covered).iter() {
            parts.push(describe(k));
        }
        parts.join("; ")
    }
}

fn violations(setup: &Setup) -> Vec<Violation> {
    let mut found = Vec::new();
    let mut add = |kind, side, piece, at| {
        found.push(Violation {
            kind,
            side,
            piece,
            at,
        });
    };
    let mut counts = [[0u32; 8]; 2];
    // The side to move may have just lost its king (R-21): the piece that captured it stands in
    // that side's palace, a striker owing no return (R-19) or a king that faced it (R-18).
    let loser = setup.turn;
    let king_just_captured = !setup
        .board
        .iter()
        .flatten()
        .any(|p| p.side == loser && p.kind == PieceKind::King);
    let is_captor = |side: Side, sq: Square| {
        king_just_captured && side != loser && PALACE[loser.index()].contains(sq)
    };
    let is_striker = |side: Side, sq: Square| {
        setup.pending[side.index()].is_some_and(|p| p.striker == sq) || is_captor(side, sq)
    };
    for (i, p) in setup.board.iter().enumerate() {
        let Some(p) = *p else { continue };
        let sq = Square::from_index_unchecked(i);
        let s = p.side.index();
        counts[s][p.kind.index()] += 1;
        let kind = match p.kind {
            PieceKind::King if !PALACE[s].contains(sq) && !is_captor(p.side, sq) => {
                PositionErrorKinds::KING_OUTSIDE_PALACE
            }
            PieceKind::Guard if !PALACE[s].contains(sq) => PositionErrorKinds::GUARD_OUTSIDE_PALACE,
            PieceKind::Army if !COUNTRY[s].contains(sq) => PositionErrorKinds::ARMY_ABROAD,
            PieceKind::Missile if !LAND[s].contains(sq) && !is_striker(p.side, sq) => {
                PositionErrorKinds::MISSILE_OFF_LAND
            }
            PieceKind::Fleet if (INLAND[0] | INLAND[1]).contains(sq) && !is_striker(p.side, sq) => {
                PositionErrorKinds::FLEET_INLAND
            }
            _ => continue,
        };
        add(kind, p.side, Some(p.kind), Some(sq));
    }
    // R-26 wants a king on each side; the one exception is the end of a game by R-21: the side
    // to move has just lost its king, the other side still has its own, and has a piece that
    // could have taken it: one standing in the loser's palace, or a missile or fleet anywhere
    // (under the immediate return rule a striker is back on its origin at once, R-19). A
    // kingless side with no such captor is refused (project decision, docs/rules.md R-26).
    let kingless = |s: Side| counts[s.index()][PieceKind::King.index()] == 0;
    let winner = loser.other();
    let has_captor = setup.board.iter().enumerate().any(|(i, p)| {
        p.is_some_and(|p| {
            p.side == winner
                && (PALACE[loser.index()].contains(Square::from_index_unchecked(i))
                    || matches!(p.kind, PieceKind::Missile | PieceKind::Fleet))
        })
    });
    for side in Side::ALL {
        let allowed = side == loser && !kingless(winner) && has_captor;
        if kingless(side) && !allowed {
            add(PositionErrorKinds::MISSING_KING, side, None, None);
        }
    }
    for side in Side::ALL {
        for k in PieceKind::ALL {
            if counts[side.index()][k.index()] > k.count_per_side() {
                add(PositionErrorKinds::TOO_MANY_OF_A_KIND, side, Some(k), None);
            }
        }
    }
    for side in Side::ALL {
        let Some(p) = setup.pending[side.index()] else {
            continue;
        };
        let s = side.index();
        let (striker_ok, origin_ok) = match setup.board[p.striker.index()] {
            Some(Piece {
                side: ps,
                kind: PieceKind::Missile,
            }) if ps == side => (true, p.origin != p.striker && LAND[s].contains(p.origin)),
            Some(Piece {
                side: ps,
                kind: PieceKind::Fleet,
            }) if ps == side => (
                (INLAND[0] | INLAND[1]).contains(p.striker),
                p.origin != p.striker && !(INLAND[0] | INLAND[1]).contains(p.origin),
            ),
            _ => (false, true),
        };
        if !striker_ok {
            add(PositionErrorKinds::BAD_STRIKER, side, None, Some(p.striker));
        }
        if !origin_ok {
            add(PositionErrorKinds::BAD_ORIGIN, side, None, Some(p.origin));
        }
    }
    found
}

/// The position string (R-31).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::DEFAULT_OPENING;

    fn setup(s: &str) -> Setup {
        s.parse().unwrap()
    }

    #[test]
    fn default_is_the_r27_opening() {
        let pos = Position::default();
        assert_eq!(pos.to_string(), DEFAULT_OPENING);
        assert!(Position::from_opening_setup(Setup::default_opening(), Ruleset::STANDARD).is_ok());
        assert_eq!(pos.hash(), pos.compute_hash());
    }

    // R-26: every violation reported at once, setup handed back.
    #[test]
    fn every_violation_at_once() {
        // Red: two kings (one outside the palace), a guard on 5A, an army on 5a, a missile on
        // sea (1A), a fleet inland (5D), a second king on 5B. Green: no king.
        let s = setup("9/9/9/9/4A4/M3G4/4K4/9/4F4/4K4 r -");
        let err = Position::from_setup(s.clone()).unwrap_err();
        assert_eq!(
            err.kinds,
            PositionErrorKinds::MISSING_KING
                | PositionErrorKinds::TOO_MANY_OF_A_KIND
                | PositionErrorKinds::KING_OUTSIDE_PALACE
                | PositionErrorKinds::GUARD_OUTSIDE_PALACE
                | PositionErrorKinds::ARMY_ABROAD
                | PositionErrorKinds::MISSILE_OFF_LAND
                | PositionErrorKinds::FLEET_INLAND
        );
        assert_eq!(*err.setup, s);
    }

    // R-21/R-26: a game ended by a king capture has a position string: the side to move has
    // lost its king, and a piece of the winner could have taken it. Any other missing king is
    // refused.
    #[test]
    fn a_captured_king_is_valid_only_for_the_side_to_move() {
        // Green's infantry took Red's king on 5E.
        let pos = Position::from_setup(setup("4k4/9/9/9/9/9/9/9/4I4/4i4 r -")).unwrap();
        assert!(pos.legal_moves().is_empty());
        let o = pos.outcome().unwrap();
        assert_eq!(
            (o.winner, o.reason),
            (Some(Side::Green), crate::EndReason::KingCaptured)
        );
        // The king that faced Green's king and took it on 5e.
        assert!(Position::from_setup(setup("4K4/9/9/9/9/9/9/9/9/9 g -")).is_ok());
        // The missile that struck Green's king stands on 5e, owing no return.
        let pos = Position::from_setup(setup("4M4/9/9/9/9/9/9/9/9/4K4 g -")).unwrap();
        assert_eq!(
            pos.outcome().unwrap().reason,
            crate::EndReason::KingCaptured
        );
        let err = Position::from_setup(setup("4M4/9/9/9/9/9/9/9/9/4K4 r -")).unwrap_err();
        assert_eq!(
            err.kinds,
            PositionErrorKinds::MISSING_KING | PositionErrorKinds::MISSILE_OFF_LAND
        );
        let err = Position::from_setup(setup("4k4/9/9/9/9/9/9/9/4I4/9 g -")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::MISSING_KING);
        // Issue 11 finding 10: no Green piece in Red's palace and no Green missile or fleet
        // to have struck from afar, so Red's king cannot just have been captured.
        let err = Position::from_setup(setup("4k4/9/9/9/9/9/9/9/4I4/9 r -")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::MISSING_KING);
        assert!(err.to_string().contains("red has no king"), "{err}");
        // A Green missile anywhere may have struck it (and returned at once, R-19).
        assert!(Position::from_setup(setup("2m1k4/9/9/9/9/9/9/9/4I4/9 r -")).is_ok());
        let err = Position::from_setup(setup("9/9/9/9/9/9/9/9/4I4/9 r -")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::MISSING_KING);
    }

    #[test]
    fn pending_returns_are_checked() {
        // A Red missile striker on 7d (Green's country), origin 3E: valid.
        let ok = "4k4/2M6/9/9/9/9/9/9/9/4K4 g r7d3E";
        assert!(Position::from_setup(setup(ok)).is_ok());
        // The same missile without its pending return is off its land.
        let err = Position::from_setup(setup("4k4/2M6/9/9/9/9/9/9/9/4K4 g -")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::MISSILE_OFF_LAND);
        // Nothing on the striker point.
        let err = Position::from_setup(setup("4k4/9/9/9/9/9/9/9/9/4K4 g r7d3E")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::BAD_STRIKER);
        // Origin on sea for a missile.
        let err = Position::from_setup(setup("4k4/2M6/9/9/9/9/9/9/9/4K4 g r7d1A")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::BAD_ORIGIN);
        // A fleet striker must stand inland; here on 1a (sea).
        let err = Position::from_setup(setup("4k4/9/9/9/8F/9/9/9/9/4K4 g r1a1B")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::BAD_STRIKER);
        // A Green striker named under Red's letter.
        let err = Position::from_setup(setup("4k4/2m6/9/9/9/9/9/9/9/4K4 g r7d3E")).unwrap_err();
        assert!(err.kinds.contains(PositionErrorKinds::BAD_STRIKER));
    }

    #[test]
    fn opening_checks() {
        let s = setup("fpmgkgmpf/1da3ad1/9/3iii3/4I4/9/3I1I3/9/1DA3AD1/FPMGKGMPF r -");
        let err = Position::from_opening_setup(s.clone(), Ruleset::STANDARD).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::PIECE_ABROAD);
        assert!(Position::from_setup(s).is_ok());
        let s = setup("fpmgkgmpf/1da3ad1/9/3iii3/9/9/3I1I3/9/1DA3AD1/FPMGKGMPF r -");
        let err = Position::from_opening_setup(s, Ruleset::STANDARD).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::INCOMPLETE_FORCES);
    }
}
