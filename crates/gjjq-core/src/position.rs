//! `Position`: a validated position (R-26) that knows its ruleset, and playing moves on it
//! (R-8, R-19).

use std::fmt;
use std::str::FromStr;

use bitflags::bitflags;
use junqi_game::GameState;
use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveInfo, MoveKind, Removal};
use crate::piece::{Piece, PieceKind};
use crate::ruleset::{ReturnRule, Ruleset};
use crate::setup::{PendingReturn, Setup, SetupParseError};
use crate::square::{Side, Square};
use crate::terrain::{ALL_INLAND, LAND, PALACE};
use crate::zobrist;

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
///
/// 112 bytes (pinned by a test): the [`Board`] (80), the Zobrist key, the counters, the
/// pending returns, the side to move, and the ruleset by reference (each distinct ruleset is
/// stored once for the life of the process), so that `clone` is an inline copy.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) rules: &'static Ruleset,
    pub(crate) hash: u64,
    pub(crate) plies_since_capture: u32,
    pub(crate) move_number: u32,
    pub(crate) pending: [Option<PendingReturn>; 2],
    pub(crate) turn: Side,
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

/// A setup that is not a valid position: every reason at once, each with its side and point,
/// and the setup back.
///
/// ```
/// use gjjq_core::{Position, position::PositionErrorKinds, Setup, Side};
/// let setup: Setup = "4k4/9/9/9/4A4/9/9/9/9/4K4 r -".parse()?;
/// let err = Position::from_setup(setup).unwrap_err();
/// assert_eq!(err.kinds, PositionErrorKinds::ARMY_ABROAD);
/// let v = &err.violations[0];
/// assert_eq!((v.side, v.point.map(|p| p.to_string())), (Side::Red, Some("5a".into())));
/// assert_eq!(err.to_string(), "invalid position: red army on 5a is outside its country (R-14)");
/// # Ok::<(), gjjq_core::setup::SetupParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid position: {}", describe(violations))]
#[non_exhaustive]
pub struct PositionError {
    /// Every violated rule.
    pub kinds: PositionErrorKinds,
    /// Each violation with its side and point, in board order.
    pub violations: Vec<Violation>,
    /// The setup, unchanged.
    pub setup: Box<Setup>,
}

/// One reason a setup is not a valid position: the rule, the side, and the point concerned
/// (none for a missing king or a count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Violation {
    /// The rule, as a single flag.
    pub rule: PositionErrorKinds,
    /// The side whose piece or pending return breaks it.
    pub side: Side,
    /// The point concerned, if any.
    pub point: Option<Square>,
    /// The kind concerned, if any (the kind of the piece on `point`, or the kind counted).
    pub kind: Option<PieceKind>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side;
        let kind = self.kind.map_or("piece", PieceKind::name);
        let at = |f: &mut fmt::Formatter<'_>| match self.point {
            Some(p) => write!(f, "{side} {kind} on {p}"),
            None => write!(f, "{side} {kind}"),
        };
        match self.rule {
            PositionErrorKinds::MISSING_KING => write!(f, "{side} has no king (R-26)"),
            PositionErrorKinds::TOO_MANY_OF_A_KIND => {
                write!(f, "{side} has more of kind {kind} than R-7 allows")
            }
            PositionErrorKinds::KING_OUTSIDE_PALACE | PositionErrorKinds::GUARD_OUTSIDE_PALACE => {
                at(f)?;
                f.write_str(" is outside its palace (R-26)")
            }
            PositionErrorKinds::ARMY_ABROAD => {
                at(f)?;
                f.write_str(" is outside its country (R-14)")
            }
            PositionErrorKinds::MISSILE_OFF_LAND => {
                at(f)?;
                f.write_str(" is off its own land and owes no return (R-26)")
            }
            PositionErrorKinds::FLEET_INLAND => {
                at(f)?;
                f.write_str(" is inland and owes no return (R-26)")
            }
            PositionErrorKinds::BAD_STRIKER => match self.point {
                Some(p) => write!(
                    f,
                    "{side}'s pending return names striker point {p}, which holds no {side} missile or fleet that could owe it (R-19)"
                ),
                None => write!(f, "{side}'s pending return has no striker (R-19)"),
            },
            PositionErrorKinds::BAD_ORIGIN => match self.point {
                Some(p) => write!(
                    f,
                    "{side}'s pending return names origin {p}, where its striker could not have come from (R-19)"
                ),
                None => write!(f, "{side}'s pending return has an impossible origin (R-19)"),
            },
            PositionErrorKinds::INCOMPLETE_FORCES => {
                write!(
                    f,
                    "{side} does not have exactly R-7's count of kind {kind} for an opening (R-26)"
                )
            }
            PositionErrorKinds::PIECE_ABROAD => {
                at(f)?;
                f.write_str(" stands outside its country at the opening (R-26)")
            }
            PositionErrorKinds::PENDING_AT_OPENING => {
                write!(f, "{side} has a pending return at the opening (R-26)")
            }
            _ => write!(f, "{side}: {:?}", self.rule),
        }
    }
}

fn describe(violations: &[Violation]) -> String {
    let texts: Vec<String> = violations.iter().map(ToString::to_string).collect();
    texts.join("; ")
}

impl PositionError {
    fn new(violations: Vec<Violation>, setup: Setup) -> PositionError {
        PositionError {
            kinds: violations
                .iter()
                .fold(PositionErrorKinds::empty(), |k, v| k | v.rule),
            violations,
            setup: Box::new(setup),
        }
    }
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
    /// use gjjq_core::{Position, position::PositionErrorKinds, Setup};
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
        let violations = validate(&setup);
        if !violations.is_empty() {
            return Err(PositionError::new(violations, setup));
        }
        Ok(Position::build(&setup, rules))
    }

    /// The position of `board` with `turn` to move under the standard ruleset, no return
    /// pending, counters at their start, **not validated**: for a caller that has validated
    /// this very placement before ([`Position::from_setup_with`]) and builds it again, as the
    /// tablebase generator does at each level. Garbage in, garbage out, as
    /// [`Position::play_unchecked`]. Not part of the stable API.
    #[doc(hidden)]
    #[must_use]
    pub fn from_board_unchecked(board: Board, turn: Side) -> Position {
        let mut setup = Setup::empty();
        setup.board = board;
        setup.turn = turn;
        Position::build(&setup, Ruleset::STANDARD)
    }

    /// [`Position::from_board_unchecked`] from a list of pieces, in one pass (no board to
    /// decode again for the hash, no setup to copy): the tablebase generator's rebuild of a
    /// placement it has validated before. Garbage in, garbage out (two pieces on one point make
    /// a board no legal position has). Not part of the stable API.
    #[doc(hidden)]
    #[must_use]
    #[inline]
    pub fn from_pieces_unchecked(pieces: &[(Piece, Square)], turn: Side) -> Position {
        let mut board = Board::EMPTY;
        let mut hash = zobrist::turn_key(turn)
            ^ zobrist::pending_key(Side::Red, None)
            ^ zobrist::pending_key(Side::Green, None);
        for &(p, sq) in pieces {
            board.add(Bitboard::point(sq), p);
            hash ^= zobrist::piece_key(p, sq);
        }
        let start = Setup::empty();
        Position {
            board,
            rules: &crate::ruleset::STANDARD,
            hash,
            plies_since_capture: start.plies_since_capture,
            move_number: start.move_number,
            pending: [None, None],
            turn,
        }
    }

    /// Validate `setup` as an opening (R-26): a valid position in which each side has all 16
    /// pieces in its own country and no return is pending.
    ///
    /// # Errors
    /// [`PositionError`] with every violated rule, those of openings included.
    pub fn from_opening_setup(setup: Setup, rules: Ruleset) -> Result<Position, PositionError> {
        let mut violations = validate(&setup);
        for side in Side::ALL {
            let mut counts = [0u32; 8];
            for (sq, p) in setup.board.iter() {
                if p.side == side {
                    counts[p.kind.index()] += 1;
                    if sq.country() != side {
                        violations.push(Violation {
                            rule: PositionErrorKinds::PIECE_ABROAD,
                            side,
                            point: Some(sq),
                            kind: Some(p.kind),
                        });
                    }
                }
            }
            for k in PieceKind::ALL {
                if counts[k.index()] != k.count_per_side() {
                    violations.push(Violation {
                        rule: PositionErrorKinds::INCOMPLETE_FORCES,
                        side,
                        point: None,
                        kind: Some(k),
                    });
                }
            }
            if setup.pending[side.index()].is_some() {
                violations.push(Violation {
                    rule: PositionErrorKinds::PENDING_AT_OPENING,
                    side,
                    point: None,
                    kind: None,
                });
            }
        }
        if !violations.is_empty() {
            return Err(PositionError::new(violations, setup));
        }
        Ok(Position::build(&setup, rules))
    }

    fn build(setup: &Setup, rules: Ruleset) -> Position {
        let mut pos = Position {
            board: setup.board,
            rules: crate::ruleset::intern(rules),
            hash: 0,
            plies_since_capture: setup.plies_since_capture,
            move_number: setup.move_number,
            pending: setup.pending,
            turn: setup.turn,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The placement.
    #[inline]
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The plain data of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            pending: self.pending,
            plies_since_capture: self.plies_since_capture,
            move_number: self.move_number,
        }
    }

    /// The ruleset this position is played under.
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        self.rules
    }

    /// The same position under another ruleset.
    ///
    /// The placement is not checked again: every ruleset shares R-26.
    #[must_use]
    pub fn with_ruleset(mut self, rules: Ruleset) -> Position {
        self.rules = crate::ruleset::intern(rules);
        self
    }
}

junqi_game::getters! {
    impl Position {
        /// The side to move.
        pub turn -> Side;
        /// Plies since the last capture of an enemy piece (R-31).
        pub plies_since_capture -> u32;
        /// The move number (R-31).
        pub move_number -> u32;
        /// The Zobrist key of placement, side to move and pending returns (R-24): equal
        /// positions in that sense have equal keys. Kept up to date by every move, so reading
        /// it is free.
        ///
        /// ```
        /// use gjjq_core::Position;
        /// let pos = Position::default();
        /// assert_eq!(pos.zobrist_hash(), pos.compute_hash());
        /// ```
        pub zobrist_hash -> u64 = hash;
    }
}

impl Position {
    /// `side`'s pending return (R-19), if any.
    #[inline]
    #[must_use]
    pub fn pending_return(&self, side: Side) -> Option<PendingReturn> {
        self.pending[side.index()]
    }

    /// Whether the side to move has its king attacked (R-20). There is no check rule (R-8):
    /// this is information for engines and for R-19's forfeit and R-22's trapped king.
    ///
    /// ```
    /// use gjjq_core::Position;
    /// // Kings face each other on an open file with Red down to 5 pieces or fewer (R-18).
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/9/4K4 r -".parse()?;
    /// assert!(pos.is_check());
    /// assert_eq!(pos.checkers().iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["5e"]);
    /// # Ok::<(), gjjq_core::position::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    /// The enemy pieces that attack the king of the side to move (R-20): each could capture it
    /// were the enemy to move now with no return of its own pending.
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn;
        let Some(king) = self.king(us) else {
            return Bitboard::EMPTY;
        };
        if !self.is_check() {
            return Bitboard::EMPTY;
        }
        let mut hypothetical = self.clone();
        hypothetical.turn = us.other();
        hypothetical.pending[us.other().index()] = None;
        let mut checkers = Bitboard::EMPTY;
        for m in hypothetical.movable() {
            if m.to() == king {
                checkers.insert(m.from());
            }
        }
        checkers
    }

    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    #[inline]
    pub(crate) fn kind_at(&self, sq: Square) -> PieceKind {
        self.board.kind_at(sq)
    }

    /// Every occupied point.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.board.occupied()
    }

    /// `side`'s pieces.
    #[inline]
    #[must_use]
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        self.board.side_pieces(side)
    }

    /// Pieces of `kind`, both sides.
    #[inline]
    #[must_use]
    pub fn kind_pieces(&self, kind: PieceKind) -> Bitboard {
        self.board.kind_pieces(kind)
    }

    /// `side`'s pieces of `kind`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, side: Side, kind: PieceKind) -> Bitboard {
        self.board.pieces(side, kind)
    }

    /// `side`'s king, if it is on the board.
    #[inline]
    #[must_use]
    pub fn king(&self, side: Side) -> Option<Square> {
        self.board.king(side)
    }

    /// How many pieces `side` has on the board (strikers included).
    #[inline]
    #[must_use]
    pub fn piece_count(&self, side: Side) -> u32 {
        self.board.piece_count(side)
    }

    /// Whether the palace seal holds (R-17): both sides have more than 8 pieces.
    #[inline]
    #[must_use]
    pub fn is_sealed(&self) -> bool {
        self.piece_count(Side::Red) > 8 && self.piece_count(Side::Green) > 8
    }

    /// Whether kings may capture each other along a clear file (R-18): a side has 5 or fewer.
    #[inline]
    #[must_use]
    pub fn kings_may_face(&self) -> bool {
        self.piece_count(Side::Red) <= 5 || self.piece_count(Side::Green) <= 5
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.piece_at(sq).is_none());
        self.board.add(Bitboard::point(sq), p);
        self.hash ^= zobrist::piece_key(p, sq);
    }

    /// Take the piece off `sq`, if there is one.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq)?;
        self.board.clear(Bitboard::point(sq));
        self.hash ^= zobrist::piece_key(p, sq);
        Some(p)
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
        let Some(victim) = self.take(sq) else { return };
        if self.pending[victim.side.index()].is_some_and(|p| p.striker == sq) {
            self.set_pending(victim.side, None);
        }
    }

    /// The Zobrist key computed from scratch; [`Position::zobrist_hash`] always equals it.
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = zobrist::turn_key(self.turn);
        for (sq, p) in self.board.iter() {
            h ^= zobrist::piece_key(p, sq);
        }
        for side in Side::ALL {
            h ^= zobrist::pending_key(side, self.pending[side.index()]);
        }
        h
    }

    /// Play `m` if it is legal.
    ///
    /// Cost: [`Position::is_legal`] (no list is built) plus [`Position::play_unchecked`].
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
    pub fn play(self, m: Move) -> Result<Position, PlayError> {
        GameState::try_play(self, m).map_err(|position| PlayError {
            mv: m,
            position: Box::new(position),
        })
    }

    /// What `m` is here, by the rules (R-8 … R-19), in O(1): the moving kind, the rule it
    /// follows, what it captures and which striker it removes. `None` when `m`'s origin holds
    /// no piece of the side to move.
    ///
    /// `classify` does not test legality (see [`Position::is_legal`]); for a legal move it is
    /// exactly how [`Position::play_unchecked`] plays it.
    ///
    /// ```
    /// use gjjq_core::{Move, MoveKind, Position, Removal};
    /// // Red's missile struck 7d from 3E and owes its return (R-19): the return is a move.
    /// let pos: Position = "4k4/2M6/9/9/9/9/9/9/9/4K4 r r7d3E".parse()?;
    /// let info = pos.classify("7d3E".parse()?).unwrap();
    /// assert_eq!((info.kind, info.captured, info.removal), (MoveKind::Return, None, None));
    /// // Had Red's king been attacked, a king move would forfeit the striker instead.
    /// let info = pos.classify("5E4E".parse()?).unwrap();
    /// assert_eq!(info.removal, Some(Removal::Forfeit("7d".parse()?)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn classify(&self, m: Move) -> Option<MoveInfo> {
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        if !self.side_pieces(us).intersects(Bitboard::point(from)) {
            return None;
        }
        let piece = self.kind_at(from);
        let mut removal = None;
        let enemy = self.side_pieces(us.other());
        if let Some(p) = self.pending[us.index()] {
            if !self.occupied().intersects(Bitboard::point(p.origin)) {
                if from == p.striker && to == p.origin {
                    return Some(MoveInfo {
                        piece,
                        kind: MoveKind::Return,
                        captured: None,
                        removal: None,
                    });
                }
                removal = Some(Removal::Forfeit(p.striker));
            } else {
                removal = Some(Removal::BeforeMove(p.striker));
            }
        }
        let captured = enemy
            .intersects(Bitboard::point(to))
            .then(|| self.kind_at(to));
        let kind = match captured {
            None => MoveKind::Quiet,
            // R-11: every strike returns; R-12: a fleet capturing inland returns.
            Some(_)
                if piece == PieceKind::Missile
                    || (piece == PieceKind::Fleet && ALL_INLAND.contains(to)) =>
            {
                MoveKind::ReturningCapture
            }
            Some(_) => MoveKind::Capture,
        };
        Some(MoveInfo {
            piece,
            kind,
            captured,
            removal,
        })
    }

    /// Play `m` without checking it: O(1), the cheapest way to play (copy-make is
    /// `let mut child = pos.clone(); child.play_unchecked(m);`, see `docs/search.md`).
    ///
    /// `m` must be legal here (from [`Position::legal_moves`] or checked with
    /// [`Position::is_legal`]). Garbage in, garbage out: an illegal `m` leaves a position that
    /// need not satisfy R-26, though it never panics; a move whose origin holds no piece of the
    /// side to move changes nothing at all.
    pub fn play_unchecked(&mut self, m: Move) {
        let u = self.turn.index();
        let (from, to) = (m.from(), m.to());
        let (from_bit, to_bit) = (Bitboard::point(from), Bitboard::point(to));
        let own = self.board.sides[u];
        if self.pending[u].is_none()
            && own.intersects(from_bit)
            && !(own | self.board.sides[u ^ 1]).intersects(to_bit)
        {
            // Speed: the common case, a quiet move with no return owed (what `classify`
            // would say: `MoveKind::Quiet`, nothing captured, no removal).
            let k = self.board.kind_index_on(from_bit);
            self.board.shift(u, k, from_bit | to_bit);
            let code = (u * 8 + k) as u8;
            self.hash ^= zobrist::code_key(code, from)
                ^ zobrist::code_key(code, to)
                ^ zobrist::turn_key(Side::Green);
            self.plies_since_capture = self.plies_since_capture.saturating_add(1);
            // R-31: the move number rises after Green's move.
            self.move_number = self.move_number.saturating_add(u as u32);
            self.turn = self.turn.other();
            return;
        }
        self.play_other(m);
    }

    /// [`Position::play_unchecked`] for every move but a quiet one with no return owed.
    #[inline(never)]
    fn play_other(&mut self, m: Move) {
        let us = self.turn;
        let u = us.index();
        let (from, to) = (m.from(), m.to());
        let (from_bit, to_bit) = (Bitboard::point(from), Bitboard::point(to));
        if self.pending[u].is_none() && self.board.sides[u].intersects(from_bit) {
            let k = self.board.kind_index_on(from_bit);
            let returning = k == PieceKind::Missile.index()
                || (k == PieceKind::Fleet.index() && ALL_INLAND.intersects(to_bit));
            if self.board.sides[u ^ 1].intersects(to_bit) && !returning {
                // Speed: a plain capture with no return owed: the victim goes, the mover
                // takes its point.
                let kv = self.board.kind_index_on(to_bit);
                self.board.sides[u ^ 1] ^= to_bit;
                self.board.xor_kind(to_bit, kv);
                self.board.shift(u, k, from_bit | to_bit);
                let code = (u * 8 + k) as u8;
                self.hash ^= zobrist::code_key(code, from)
                    ^ zobrist::code_key(code, to)
                    ^ zobrist::code_key(((u ^ 1) * 8 + kv) as u8, to);
                // A captured striker ends its side's obligation (R-19).
                if self.pending[u ^ 1].is_some_and(|p| p.striker == to) {
                    self.set_pending(us.other(), None);
                }
                self.plies_since_capture = 0;
                self.end_turn(us);
                return;
            }
        }
        self.play_general(m);
    }

    /// [`Position::play_unchecked`] for the moves its fast paths leave: returning captures,
    /// returns, moves with a return owed, and illegal moves.
    #[inline(never)]
    fn play_general(&mut self, m: Move) {
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        let Some(info) = self.classify(m) else {
            return;
        };
        match info.removal {
            // R-19: the striker is taken off before the move, which is judged without it.
            Some(Removal::BeforeMove(striker)) => {
                self.take(striker);
                self.set_pending(us, None);
            }
            Some(Removal::Forfeit(_)) | None => {}
        }
        match info.kind {
            MoveKind::Quiet => self.relocate(from, to),
            MoveKind::Capture => {
                self.capture_on(to);
                self.relocate(from, to);
            }
            MoveKind::ReturningCapture => self.returning_capture(us, from, to, info.captured),
            MoveKind::Return => {
                self.relocate(from, to);
                self.set_pending(us, None);
            }
        }
        // R-19: the forfeiting king has moved with the striker still on the board; now the
        // striker goes.
        if let Some(Removal::Forfeit(striker)) = info.removal {
            self.take(striker);
            self.set_pending(us, None);
        }
        self.plies_since_capture = if info.captured.is_some() {
            0
        } else {
            self.plies_since_capture.saturating_add(1)
        };
        self.end_turn(us);
    }

    /// Hand the move to the other side (`us` has just moved).
    #[inline]
    fn end_turn(&mut self, us: Side) {
        if us == Side::Green {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.turn = us.other();
        self.hash ^= zobrist::turn_key(Side::Green);
    }

    #[inline(always)]
    fn relocate(&mut self, from: Square, to: Square) {
        let from_bit = Bitboard::point(from);
        let side = if self.board.side_pieces(Side::Red).intersects(from_bit) {
            0
        } else if self.board.side_pieces(Side::Green).intersects(from_bit) {
            1
        } else {
            return;
        };
        if from == to {
            return;
        }
        let to_bit = Bitboard::point(to);
        if self.board.occupied().intersects(to_bit) {
            // Only an illegal move lands on an occupied point without capturing.
            self.take(to);
        }
        // Speed: one mask flips both points in the side's and the kind's sets.
        let k = self.board.kind_index_on(from_bit);
        self.board.shift(side, k, from_bit | to_bit);
        let code = (side * 8 + k) as u8;
        self.hash ^= zobrist::code_key(code, from) ^ zobrist::code_key(code, to);
    }

    #[inline]
    fn returning_capture(&mut self, us: Side, from: Square, to: Square, victim: Option<PieceKind>) {
        self.capture_on(to);
        match self.rules.return_rule {
            ReturnRule::Immediate => {}
            ReturnRule::NextTurn => {
                self.relocate(from, to);
                // R-19: a capture of the king ends the game; no return follows.
                if victim != Some(PieceKind::King) {
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
}

fn validate(setup: &Setup) -> Vec<Violation> {
    let mut violations = Vec::new();
    let mut flag = |rule, side, point, kind| {
        violations.push(Violation {
            rule,
            side,
            point,
            kind,
        })
    };
    let mut counts = [[0u32; 8]; 2];
    // The side to move may have just lost its king (R-21): the piece that captured it stands in
    // that side's palace, a striker owing no return (R-19) or a king that faced it (R-18).
    let loser = setup.turn;
    let king_just_captured = setup.board.king(loser).is_none();
    let is_captor = |side: Side, sq: Square| {
        king_just_captured && side != loser && PALACE[loser.index()].contains(sq)
    };
    let is_striker = |side: Side, sq: Square| {
        setup.pending[side.index()].is_some_and(|p| p.striker == sq) || is_captor(side, sq)
    };
    for (sq, p) in setup.board.iter() {
        let s = p.side.index();
        counts[s][p.kind.index()] += 1;
        if p.kind.allowed_squares(p.side).contains(sq) {
            continue;
        }
        let rule = match p.kind {
            PieceKind::King if !is_captor(p.side, sq) => PositionErrorKinds::KING_OUTSIDE_PALACE,
            PieceKind::Guard => PositionErrorKinds::GUARD_OUTSIDE_PALACE,
            PieceKind::Army => PositionErrorKinds::ARMY_ABROAD,
            PieceKind::Missile if !is_striker(p.side, sq) => PositionErrorKinds::MISSILE_OFF_LAND,
            PieceKind::Fleet if !is_striker(p.side, sq) => PositionErrorKinds::FLEET_INLAND,
            _ => continue,
        };
        flag(rule, p.side, Some(sq), Some(p.kind));
    }
    // R-26 wants a king on each side; the one exception is the end of a game by R-21: the side
    // to move has just lost its king, the other side still has its own, and has a piece that
    // could have taken it: one standing in the loser's palace, or a missile or fleet anywhere
    // (under the immediate return rule a striker is back on its origin at once, R-19). A
    // kingless side with no such captor is refused (project decision, issue 11 finding 10).
    let kingless = |s: Side| counts[s.index()][PieceKind::King.index()] == 0;
    let winner = loser.other();
    let has_captor = setup.board.iter().any(|(sq, p)| {
        p.side == winner
            && (PALACE[loser.index()].contains(sq)
                || matches!(p.kind, PieceKind::Missile | PieceKind::Fleet))
    });
    for side in Side::ALL {
        let allowed = side == loser && !kingless(winner) && has_captor;
        if kingless(side) && !allowed {
            flag(
                PositionErrorKinds::MISSING_KING,
                side,
                None,
                Some(PieceKind::King),
            );
        }
    }
    for side in Side::ALL {
        for k in PieceKind::ALL {
            if counts[side.index()][k.index()] > k.count_per_side() {
                flag(PositionErrorKinds::TOO_MANY_OF_A_KIND, side, None, Some(k));
            }
        }
    }
    for side in Side::ALL {
        let Some(p) = setup.pending[side.index()] else {
            continue;
        };
        let s = side.index();
        let (striker_ok, origin_ok) = match setup.board.piece_at(p.striker) {
            Some(Piece {
                side: ps,
                kind: PieceKind::Missile,
            }) if ps == side => (true, p.origin != p.striker && LAND[s].contains(p.origin)),
            Some(Piece {
                side: ps,
                kind: PieceKind::Fleet,
            }) if ps == side => (
                ALL_INLAND.contains(p.striker),
                p.origin != p.striker && !ALL_INLAND.contains(p.origin),
            ),
            _ => (false, true),
        };
        if !striker_ok {
            flag(PositionErrorKinds::BAD_STRIKER, side, Some(p.striker), None);
        }
        if !origin_ok {
            flag(PositionErrorKinds::BAD_ORIGIN, side, Some(p.origin), None);
        }
    }
    violations
}

/// A position string that does not give a valid position: either step of
/// [`Position`]'s `FromStr`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The text is not a position string (R-31).
    #[error(transparent)]
    Syntax(#[from] SetupParseError),
    /// The position string describes an invalid position (R-26).
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

/// Parses a position string (R-31) and validates it (R-26) under the standard ruleset.
///
/// ```
/// use gjjq_core::{position::ParsePositionError, Position};
/// let pos: Position = "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1".parse()?;
/// assert_eq!(pos, Position::default());
/// assert!(matches!("9/9 r -".parse::<Position>(), Err(ParsePositionError::Syntax(_))));
/// # Ok::<(), ParsePositionError>(())
/// ```
impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::from_setup(s.parse::<Setup>()?)?)
    }
}

/// [`Position::from_setup`]: validation under the standard ruleset.
impl TryFrom<Setup> for Position {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup)
    }
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

    // Copy-make copies this many bytes a ply (docs/search.md quotes it).
    #[test]
    fn position_size_is_pinned() {
        assert_eq!(std::mem::size_of::<Position>(), 112);
    }

    #[test]
    fn default_is_the_r27_opening() {
        let pos = Position::default();
        assert_eq!(pos.to_string(), DEFAULT_OPENING);
        assert!(Position::from_opening_setup(Setup::default_opening(), Ruleset::STANDARD).is_ok());
        assert_eq!(pos.zobrist_hash(), pos.compute_hash());
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
        // Issue 10: each violation names its side and point.
        let text = err.to_string();
        for part in [
            "red king on 5B is outside its palace",
            "red guard on 5A is outside its palace",
            "red army on 5a is outside its country",
            "red missile on 1A is off its own land",
            "red fleet on 5D is inland",
            "green has no king",
            "red has more of kind king than R-7 allows",
        ] {
            assert!(text.contains(part), "{part} missing from {text}");
        }
        assert!(!text.contains("a infantry"));
    }

    // R-21/R-26: a game ended by a king capture has a position string: the side to move has
    // lost its king. Any other missing king is refused.
    #[test]
    fn a_captured_king_is_valid_only_for_the_side_to_move() {
        // Green's infantry took Red's king on 5E.
        let pos = Position::from_setup(setup("4k4/9/9/9/9/9/9/9/4I4/4i4 r -")).unwrap();
        assert!(pos.legal_moves().is_empty());
        let o = pos.outcome().unwrap();
        assert_eq!(
            (o.winner(), o.reason()),
            (Some(Side::Green), crate::outcome::EndReason::KingCaptured)
        );
        // The king that faced Green's king and took it on 5e.
        assert!(Position::from_setup(setup("4K4/9/9/9/9/9/9/9/9/9 g -")).is_ok());
        // The missile that struck Green's king stands on 5e, owing no return.
        let pos = Position::from_setup(setup("4M4/9/9/9/9/9/9/9/9/4K4 g -")).unwrap();
        assert_eq!(
            pos.outcome().unwrap().reason(),
            crate::outcome::EndReason::KingCaptured
        );
        let err = Position::from_setup(setup("4M4/9/9/9/9/9/9/9/9/4K4 r -")).unwrap_err();
        assert_eq!(
            err.kinds,
            PositionErrorKinds::MISSING_KING | PositionErrorKinds::MISSILE_OFF_LAND
        );
        let err = Position::from_setup(setup("4k4/9/9/9/9/9/9/9/4I4/9 g -")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::MISSING_KING);
        let err = Position::from_setup(setup("9/9/9/9/9/9/9/9/4I4/9 r -")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::MISSING_KING);
        // Issue 11 finding 10: no Green piece in Red's palace and no Green missile or fleet
        // to have struck from afar, so Red's king cannot just have been captured.
        let err = Position::from_setup(setup("4k4/9/9/9/9/9/9/9/4I4/9 r -")).unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::MISSING_KING);
        assert!(err.to_string().contains("red has no king"), "{err}");
        // A Green missile anywhere may have struck it (and returned at once, R-19).
        assert!(Position::from_setup(setup("2m1k4/9/9/9/9/9/9/9/4I4/9 r -")).is_ok());
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
