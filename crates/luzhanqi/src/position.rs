//! `Position`: a validated placement (L-20) that plays moves (L-6 … L-12).

use std::fmt;

use bitflags::bitflags;
use junqi_game::GameState;
use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::board::{HEADQUARTERS, RED_HALF};
use crate::combat::{AttackOutcome, Combat, outcome};
use crate::moves::Move;
use crate::piece::{Kind, Piece, Side};
use crate::ruleset::Ruleset;
use crate::setup::Setup;
use crate::square::Square;
use crate::zobrist::{BLUE_TO_MOVE, PIECE_KEYS};

/// A valid position (L-20) with the ruleset it plays by: the placement, the side to move, the
/// plies since the last attack and the move number, and its Zobrist key kept up to date.
///
/// 64 bytes, copied to make a move (`play` takes `self`). The kinds are four bit planes
/// holding `kind index + 1` (0 is an empty point), the sides one plane for Blue.
///
/// ```
/// use luzhanqi::{Move, Position};
/// let pos = Position::default();
/// let m: Move = "c6c7".parse()?;
/// assert!(pos.is_legal(m));
/// let after = pos.play(m).expect("legal");
/// assert_eq!(after.turn(), luzhanqi::Side::Blue);
/// # Ok::<(), luzhanqi::MoveParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    planes: [Bitboard; 4],
    blue: Bitboard,
    key: u64,
    move_number: u32,
    plies: u16,
    turn: Side,
    rules: Ruleset,
}

bitflags! {
    /// The kinds of reason a [`Setup`] is not a valid position (L-20).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct PositionErrorKinds: u32 {
        /// A side has more pieces of a kind than L-5 gives.
        const TOO_MANY = 1;
        /// A landmine stands off its side's back two rows.
        const MINE_OUT_OF_PLACE = 1 << 1;
        /// A flag stands off its side's headquarters.
        const FLAG_OUT_OF_PLACE = 1 << 2;
        /// Neither side has its flag.
        const BOTH_FLAGS_LOST = 1 << 3;
        /// A counter is out of range (move number 0, or plies since an attack above 65,535).
        const COUNTER = 1 << 4;
    }
}

/// One reason a setup is not a valid position (L-20).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Violation {
    /// `side` has `count` pieces of `kind`, more than L-5's number.
    #[error("{side} has {count} of {kind}, more than {}", kind.count())]
    TooMany {
        /// The side.
        side: Side,
        /// The kind.
        kind: Kind,
        /// How many it has.
        count: u32,
    },
    /// A landmine of `side` on `square`, off its back two rows (it never moves).
    #[error("{side}'s landmine on {square} is off its back two rows")]
    MineOutOfPlace {
        /// The side.
        side: Side,
        /// Where the mine stands.
        square: Square,
    },
    /// The flag of `side` on `square`, off its headquarters (it never moves).
    #[error("{side}'s flag on {square} is off its headquarters")]
    FlagOutOfPlace {
        /// The side.
        side: Side,
        /// Where the flag stands.
        square: Square,
    },
    /// Neither side has its flag: the game ended at the first capture (L-13).
    #[error("neither side has its flag")]
    BothFlagsLost,
    /// The move number is 0.
    #[error("the move number is 0 (it starts at 1)")]
    MoveNumberZero,
    /// The plies since the last attack exceed 65,535.
    #[error("{0} plies since the last attack is above 65535")]
    PliesTooLarge(u32),
}

impl Violation {
    /// The flag of the kind of reason.
    #[must_use]
    pub fn kind(&self) -> PositionErrorKinds {
        match self {
            Violation::TooMany { .. } => PositionErrorKinds::TOO_MANY,
            Violation::MineOutOfPlace { .. } => PositionErrorKinds::MINE_OUT_OF_PLACE,
            Violation::FlagOutOfPlace { .. } => PositionErrorKinds::FLAG_OUT_OF_PLACE,
            Violation::BothFlagsLost => PositionErrorKinds::BOTH_FLAGS_LOST,
            Violation::MoveNumberZero | Violation::PliesTooLarge(_) => PositionErrorKinds::COUNTER,
        }
    }
}

/// A setup that is not a valid position: every reason at once, and the setup handed back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("not a valid position: {}", .violations.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("; "))]
pub struct PositionError {
    violations: Vec<Violation>,
    setup: Box<Setup>,
}

impl PositionError {
    /// Every reason, in board order within each kind.
    #[must_use]
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// The set of kinds of reason.
    #[must_use]
    pub fn kinds(&self) -> PositionErrorKinds {
        self.violations
            .iter()
            .fold(PositionErrorKinds::empty(), |k, v| k | v.kind())
    }

    /// The setup, handed back.
    #[must_use]
    pub fn into_setup(self) -> Setup {
        *self.setup
    }
}

/// A move that is not legal in the position: the move and the position handed back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{mv} is not legal in {position}")]
pub struct PlayError {
    /// The move.
    pub mv: Move,
    /// The unchanged position.
    pub position: Position,
}

/// The points on `side`'s back two rows (L-17).
pub(crate) const fn back_rows(side: Side) -> Bitboard {
    match side {
        Side::Red => Bitboard(RED_HALF.0 & ((1 << 10) - 1)),
        Side::Blue => Bitboard(((1u64 << 10) - 1) << 50),
    }
}

/// `side`'s two headquarters.
pub(crate) const fn own_headquarters(side: Side) -> Bitboard {
    match side {
        Side::Red => Bitboard(HEADQUARTERS.0 & RED_HALF.0),
        Side::Blue => Bitboard(HEADQUARTERS.0 & !RED_HALF.0),
    }
}

impl Position {
    /// The position of a setup under the standard ruleset.
    ///
    /// # Errors
    /// [`PositionError`] with every reason the setup breaks L-20, and the setup back.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup_with(setup, Ruleset::STANDARD)
    }

    /// The position of a setup under `rules`.
    ///
    /// # Errors
    /// As [`Position::from_setup`].
    pub fn from_setup_with(setup: Setup, rules: Ruleset) -> Result<Position, PositionError> {
        let mut violations = Vec::new();
        for side in Side::ALL {
            for kind in Kind::ALL {
                let count = setup.count(side, kind);
                if count > kind.count() {
                    violations.push(Violation::TooMany { side, kind, count });
                }
            }
        }
        for side in Side::ALL {
            for square in setup.squares_of(Piece::new(side, Kind::Landmine)) - back_rows(side) {
                violations.push(Violation::MineOutOfPlace { side, square });
            }
        }
        for side in Side::ALL {
            for square in setup.squares_of(Piece::new(side, Kind::Flag)) - own_headquarters(side) {
                violations.push(Violation::FlagOutOfPlace { side, square });
            }
        }
        if setup.count(Side::Red, Kind::Flag) == 0 && setup.count(Side::Blue, Kind::Flag) == 0 {
            violations.push(Violation::BothFlagsLost);
        }
        if setup.move_number == 0 {
            violations.push(Violation::MoveNumberZero);
        }
        if setup.plies_since_attack > u32::from(u16::MAX) {
            violations.push(Violation::PliesTooLarge(setup.plies_since_attack));
        }
        if !violations.is_empty() {
            return Err(PositionError {
                violations,
                setup: Box::new(setup),
            });
        }
        let mut pos = Position {
            planes: [Bitboard::EMPTY; 4],
            blue: Bitboard::EMPTY,
            key: 0,
            move_number: setup.move_number,
            plies: setup.plies_since_attack as u16,
            turn: setup.turn,
            rules,
        };
        for sq in Square::all() {
            if let Some(p) = setup.board[sq.index()] {
                pos.put(sq, p);
            }
        }
        pos.key = pos.compute_hash();
        Ok(pos)
    }

    /// The setup of the position (what its position string says).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::empty();
        for sq in self.occupied() {
            s.board[sq.index()] = self.piece_at(sq);
        }
        s.turn = self.turn;
        s.plies_since_attack = u32::from(self.plies);
        s.move_number = self.move_number;
        s
    }

    /// The ruleset the position plays by.
    #[inline]
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        &self.rules
    }

    /// The same placement under another ruleset (the key does not depend on it).
    #[must_use]
    pub fn with_ruleset(mut self, rules: Ruleset) -> Position {
        self.rules = rules;
        self
    }
}

junqi_game::getters! {
    impl Position {
        /// The side to move.
        pub turn -> Side;
        /// The move number (starts at 1, rises after each Blue move).
        pub move_number -> u32;
        /// The Zobrist key of the placement and the side to move, kept up to date by `play`.
        pub zobrist_hash -> u64 = key;
    }
}

impl Position {
    /// Plies since the last attack (L-15).
    #[inline]
    #[must_use]
    pub fn plies_since_attack(&self) -> u32 {
        u32::from(self.plies)
    }

    /// The Zobrist key computed from scratch (equals [`Position::zobrist_hash`]).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut k = 0;
        for sq in self.occupied() {
            let p = self.piece_at(sq).expect("occupied");
            k ^= PIECE_KEYS[p.index()][sq.index()];
        }
        if self.turn == Side::Blue {
            k ^= BLUE_TO_MOVE;
        }
        k
    }

    /// All occupied points.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        let [a, b, c, d] = self.planes;
        a | b | c | d
    }

    /// The points holding `side`'s pieces.
    #[inline]
    #[must_use]
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        match side {
            Side::Red => self.occupied() - self.blue,
            Side::Blue => self.blue,
        }
    }

    /// The points holding pieces of `kind`, either side.
    #[inline]
    #[must_use]
    pub fn kind_pieces(&self, kind: Kind) -> Bitboard {
        let code = kind.index() + 1;
        let mut m = Bitboard::FULL;
        for (i, &p) in self.planes.iter().enumerate() {
            m &= if code >> i & 1 != 0 { p } else { !p };
        }
        m
    }

    /// The points holding `side`'s pieces of `kind`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.kind_pieces(kind) & self.side_pieces(side)
    }

    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let i = sq.index();
        let code = self
            .planes
            .iter()
            .enumerate()
            .fold(0usize, |c, (b, p)| c | ((p.0 >> i & 1) as usize) << b);
        if code == 0 {
            return None;
        }
        let side = if self.blue.contains(sq) {
            Side::Blue
        } else {
            Side::Red
        };
        Kind::from_index(code - 1).map(|k| Piece::new(side, k))
    }

    /// Number of pieces of `side` on the board.
    #[must_use]
    pub fn piece_count(&self, side: Side) -> u32 {
        self.side_pieces(side).count()
    }

    /// Whether `side` still has its flag (L-13: a side without it has lost).
    #[inline]
    #[must_use]
    pub fn has_flag(&self, side: Side) -> bool {
        !self.pieces(side, Kind::Flag).is_empty()
    }

    /// A position of `board` without L-20's placement checks (翻棋, L-32: a face-up landmine
    /// or flag may stand anywhere, and a flag still face down is on the board unseen); the
    /// caller has checked the counts and counters.
    pub(crate) fn from_board_unplaced(
        board: &[Option<Piece>; 60],
        turn: Side,
        plies: u16,
        move_number: u32,
        rules: Ruleset,
    ) -> Position {
        let mut pos = Position {
            planes: [Bitboard::EMPTY; 4],
            blue: Bitboard::EMPTY,
            key: 0,
            move_number,
            plies,
            turn,
            rules,
        };
        for sq in Square::all() {
            if let Some(p) = board[sq.index()] {
                pos.put(sq, p);
            }
        }
        pos.key = pos.compute_hash();
        pos
    }

    /// Set the side to move and the two counters (the flip game keeps its own turn order and
    /// resets the no-combat count on a flip, L-32).
    pub(crate) fn set_turn_and_counters(&mut self, turn: Side, plies: u16, move_number: u32) {
        if turn != self.turn {
            self.turn = turn;
            self.key ^= BLUE_TO_MOVE;
        }
        self.plies = plies;
        self.move_number = move_number;
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        let code = p.kind.index() + 1;
        let b = Bitboard::from_square(sq);
        for (i, plane) in self.planes.iter_mut().enumerate() {
            if code >> i & 1 != 0 {
                *plane |= b;
            }
        }
        if p.side == Side::Blue {
            self.blue |= b;
        }
        self.key ^= PIECE_KEYS[p.index()][sq.index()];
    }

    #[inline]
    fn remove(&mut self, sq: Square, p: Piece) {
        let b = !Bitboard::from_square(sq);
        for plane in &mut self.planes {
            *plane &= b;
        }
        self.blue &= b;
        self.key ^= PIECE_KEYS[p.index()][sq.index()];
    }

    /// The attack `m` would be, if its destination holds an enemy piece: who meets whom and
    /// what is removed (L-11). `None` for a quiet move or a move without a mover.
    #[must_use]
    pub fn combat(&self, m: Move) -> Option<Combat> {
        let a = self.piece_at(m.from)?;
        let d = self.piece_at(m.to)?;
        (a.side != d.side).then(|| Combat::resolve(a.kind, d.kind, &self.rules))
    }

    /// Play `m` if it is legal.
    ///
    /// # Errors
    /// [`PlayError`] with the move and this position, unchanged, when `m` is not legal.
    pub fn play(self, m: Move) -> Result<Position, PlayError> {
        GameState::try_play(self, m).map_err(|position| PlayError { mv: m, position })
    }

    /// Play `m` without checking it: moves the piece on `m.from` to `m.to`, resolving an attack
    /// by L-11 when `m.to` holds an enemy piece. Garbage in, garbage out: for a move that is
    /// not legal the result is some position, maybe not a valid one; it never panics on an
    /// empty origin (the move then only passes the turn).
    pub fn play_unchecked(&mut self, m: Move) {
        if let Some(a) = self.piece_at(m.from) {
            match self.piece_at(m.to) {
                None => {
                    self.remove(m.from, a);
                    self.put(m.to, a);
                    self.plies = self.plies.saturating_add(1);
                }
                Some(d) if d.side == a.side => {
                    self.plies = self.plies.saturating_add(1);
                }
                Some(d) => {
                    match outcome(a.kind, d.kind, self.rules.mine_outcome) {
                        AttackOutcome::DefenderRemoved => {
                            self.remove(m.to, d);
                            self.remove(m.from, a);
                            self.put(m.to, a);
                        }
                        AttackOutcome::AttackerRemoved => self.remove(m.from, a),
                        AttackOutcome::BothRemoved => {
                            self.remove(m.to, d);
                            self.remove(m.from, a);
                        }
                    }
                    self.plies = 0;
                }
            }
        }
        if self.turn == Side::Blue {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.turn = self.turn.other();
        self.key ^= BLUE_TO_MOVE;
    }

    /// The position with the other side to move and nothing else changed (for analysis; not a
    /// move of the game: there is no pass, L-6).
    #[must_use]
    pub fn swap_turn(mut self) -> Position {
        self.turn = self.turn.other();
        self.key ^= BLUE_TO_MOVE;
        self
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

    #[test]
    fn position_is_at_most_64_bytes() {
        assert!(
            std::mem::size_of::<Position>() <= 64,
            "{}",
            std::mem::size_of::<Position>()
        );
        assert_eq!(std::mem::size_of::<Move>(), 2);
    }
}
