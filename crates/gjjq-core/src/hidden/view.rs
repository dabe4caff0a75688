//! A player's view of a hidden game (R-37): its own pieces with kinds, the enemy's as
//! occupied points with identities, and the proposals worth trying.

use crate::bitboard::Bitboard;
use crate::deploy::Deployment;
use crate::hidden::info::{Event, InfoState};
use crate::movegen::{Wrap, facing};
use crate::moves::{Move, MoveList};
use crate::outcome::Outcome;
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::ruleset::{MissileWalk, ReturnRule, Ruleset};
use crate::setup::PendingReturn;
use crate::square::{Side, Square};
use crate::terrain::{ALL_INLAND, PALACE};
use junqi_game::Sight;

/// An enemy piece as a side sees it: a point and an identity (the board point it was deployed
/// on, followed through its moves), never a kind (R-37).
pub type EnemyPiece = junqi_game::EnemyPiece<Square>;

/// One side's view of a hidden game, computed from its [`InfoState`] alone, so it can hold
/// nothing the referee did not tell (R-37 … R-39).
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.propose(Side::Red, "5B5A".parse()?)?;
/// let view = game.view(Side::Green);
/// assert_eq!(view.enemy_count(), 16);
/// let moved = view.enemy().into_iter().find(|e| e.at.to_string() == "5A").unwrap();
/// assert_eq!(moved.id.to_string(), "5B"); // the identity follows the piece
/// // Every legal move of Green is among its candidates.
/// let legal = game.game().legal_moves();
/// assert!(legal.iter().all(|m| view.candidates().contains(m)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerView {
    side: Side,
    turn: Side,
    rules: Ruleset,
    sight: Sight<Square, PieceKind, 90>,
    pending: Option<PendingReturn>,
    captured: Vec<(Square, Option<PieceKind>)>,
    lost: Vec<PieceKind>,
    outcome: Option<Outcome>,
    enemy_deployment: Option<Deployment>,
}

impl PlayerView {
    /// Replay `state`'s events from its start.
    #[must_use]
    pub fn new(state: &InfoState) -> PlayerView {
        let side = state.side();
        let mut v = PlayerView {
            side,
            turn: state.first(),
            rules: *state.rules(),
            sight: Sight::new(),
            pending: None,
            captured: Vec::new(),
            lost: Vec::new(),
            outcome: None,
            enemy_deployment: None,
        };
        for (sq, kind) in state.own_start() {
            v.sight.own[sq.index()] = Some(kind);
        }
        for sq in state.enemy_start() {
            v.sight.enemy[sq.index()] = Some(sq);
        }
        for e in state.events() {
            v.tell(e);
        }
        v
    }

    /// Bring the view up to date with one more event told to its side (what
    /// [`HiddenGame::propose`](crate::hidden::HiddenGame::propose) returns), without replaying from
    /// the start.
    pub fn tell(&mut self, e: &Event) {
        match *e {
            Event::Refused(_) | Event::OpponentRefused => {}
            Event::End { outcome, enemy } => {
                self.outcome = Some(outcome);
                self.enemy_deployment = Some(enemy);
            }
            Event::Played(seen) => self.apply(seen),
        }
    }

    fn apply(&mut self, seen: crate::hidden::Seen) {
        let (from, to) = (seen.mv.from(), seen.mv.to());
        let mover = self.turn;
        self.turn = mover.other();
        if mover == self.side {
            if let Some(r) = seen.removed {
                self.sight.own[r.index()] = None;
                self.pending = None;
            }
            let Some(kind) = self.sight.own[from.index()] else {
                return;
            };
            if seen.capture {
                self.captured.push((
                    self.sight.enemy[to.index()].unwrap_or(to),
                    seen.captured_kind,
                ));
                self.sight.enemy[to.index()] = None;
            }
            if self
                .pending
                .is_some_and(|p| p.striker == from && p.origin == to)
            {
                self.pending = None;
            }
            if !seen.stayed {
                self.sight.own[from.index()] = None;
                self.sight.own[to.index()] = Some(kind);
            }
            // R-19: a returning capture under next_turn leaves a return owed.
            let returning =
                kind == PieceKind::Missile || (kind == PieceKind::Fleet && ALL_INLAND.contains(to));
            if seen.capture && returning && self.rules.return_rule == ReturnRule::NextTurn {
                self.pending = Some(PendingReturn {
                    striker: to,
                    origin: from,
                });
            }
        } else {
            if let Some(r) = seen.removed {
                self.sight.enemy[r.index()] = None;
            }
            let id = self.sight.enemy[from.index()];
            if seen.capture {
                if let Some(k) = self.sight.own[to.index()].take() {
                    self.lost.push(k);
                }
                if self.pending.is_some_and(|p| p.striker == to) {
                    self.pending = None;
                }
            }
            if !seen.stayed {
                self.sight.enemy[from.index()] = None;
                self.sight.enemy[to.index()] = id;
            }
        }
    }
}

junqi_game::getters! {
    impl PlayerView {
        /// Whose view this is.
        pub side -> Side;
        /// The side to move.
        pub turn -> Side;
        /// The own pieces with their kinds, in point order.
        pub own -> Vec<(Square, PieceKind)> = sight.own();
        /// The enemy pieces on the board, in point order, with their identities.
        pub enemy -> Vec<EnemyPiece> = sight.enemy();
        /// The identity of the enemy piece on `at`, if one stands there.
        pub enemy_at(at: Square) -> Option<Square> = sight.enemy_at(at);
        /// The occupied points of each side, own first.
        pub occupied -> (Bitboard, Bitboard) = sight.occupied();
    }
}

impl PlayerView {
    /// The number of enemy pieces on the board.
    #[must_use]
    pub fn enemy_count(&self) -> usize {
        self.sight.enemy.iter().flatten().count()
    }

    /// Enemy pieces this side captured: identity and the kind, when told (R-39).
    #[must_use]
    pub fn captured(&self) -> &[(Square, Option<PieceKind>)] {
        &self.captured
    }

    /// Own pieces lost to captures, in order.
    #[must_use]
    pub fn lost(&self) -> &[PieceKind] {
        &self.lost
    }

    /// This side's own pending return (R-19), if any.
    #[must_use]
    pub fn pending_return(&self) -> Option<PendingReturn> {
        self.pending
    }

    /// The end, once announced; then [`PlayerView::enemy_deployment`] is known too.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The enemy's deployment, told at the end (R-39); empty in a hidden endgame, whose
    /// enemy start the information state tells
    /// ([`InfoState::enemy_start_told`](crate::hidden::InfoState::enemy_start_told)).
    #[must_use]
    pub fn enemy_deployment(&self) -> Option<Deployment> {
        self.enemy_deployment
    }

    /// Candidate proposals: every (from, to) legal in at least one assignment of kinds to the
    /// unknown enemy pieces (R-38), so a superset of the true legal moves. Empty when it is
    /// not this side's turn or the game is over.
    ///
    /// The enemy kinds matter to the side's own moves only through enemy missiles (they block
    /// fleets and aircraft, R-12, R-13), the enemy king (facing kings, R-18), whether the
    /// own king is attacked (the forfeit, R-19) and `missile_walk` (R-11). So the moves are
    /// generated with every enemy piece treated as no missile, missiles free to walk, every
    /// king move allowed as a forfeit, and a king capture along the file onto any enemy
    /// piece in the enemy palace.
    #[must_use]
    pub fn candidates(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.turn != self.side || self.outcome.is_some() {
            return list;
        }
        let us = self.side;
        let mut rules = self.rules;
        rules.missile_walk = MissileWalk::Always;
        // The enemy as infantry: never a missile, never a king. The position is only generated
        // from, never adjudicated, so it need not satisfy R-26.
        let mut probe = Position {
            board: crate::board::Board::EMPTY,
            rules: crate::ruleset::intern(rules),
            hash: 0,
            plies_since_capture: 0,
            move_number: 1,
            pending: [None; 2],
            turn: us,
        };
        for sq in Square::all() {
            if let Some(k) = self.sight.own[sq.index()] {
                probe.put(sq, Piece::new(us, k));
            } else if self.sight.enemy[sq.index()].is_some() {
                probe.put(sq, Piece::new(us.other(), PieceKind::Infantry));
            }
        }
        probe.pending[us.index()] = self.pending;
        list = probe.movable();
        // The board the king moves on: without a striker removed first (R-19).
        let mut board = probe.clone();
        board.pending[us.index()] = None;
        if let Some(p) = self.pending {
            if board.piece_at(p.origin).is_some() {
                board.take(p.striker);
            } else if let Some(k) = board.king(us) {
                // A forfeit needs the king attacked, which may hold in some world.
                board.generate_pieces(&mut list, Wrap::Plain, Bitboard::from_square(k));
            }
        }
        if let Some(k) = board.king(us)
            && board.kings_may_face()
        {
            let occ = board.occupied();
            for target in PALACE[us.other().index()] & board.side_pieces(us.other()) {
                if facing(k, target, occ) {
                    list.push(Move::new(k, target));
                }
            }
        }
        list.sort_unstable_by_key(|m| (m.from().index(), m.to().index()));
        list.dedup();
        list
    }
}
