//! A side's view of a dark game (L-31): its own pieces with kinds, the enemy's as points
//! with identities, and its legal moves.

use crate::bitboard::Bitboard;
use crate::board::{CAMPS, HEADQUARTERS};
use crate::combat::AttackOutcome;
use crate::movegen::reach;
use crate::moves::{Move, MoveList};
use crate::outcome::Outcome;
use crate::piece::{Kind, Side};
use crate::square::Square;
use junqi_game::Sight;

use super::announce::Announcement;
use super::info::{DarkRules, InfoState};
use super::kindset::KindSet;
use super::knowledge::id_point;

/// An enemy piece as a side sees it: where it stands and its identity (its start point,
/// followed through its moves), never its kind (L-31).
pub type EnemyPiece = junqi_game::EnemyPiece<Square>;

/// One side's view of a dark game, computed from its [`InfoState`] alone, so it holds
/// nothing the referee did not tell.
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// game.play("c5b5".parse()?)?;
/// let view = game.view(Side::Blue);
/// let moved = view.enemy().into_iter().find(|e| e.at.to_string() == "b5").unwrap();
/// assert_eq!(moved.id.to_string(), "c5");
/// // Movement depends only on the board and the own kinds: the view's moves are the game's.
/// assert_eq!(view.legal_moves(), game.game().legal_moves());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DarkView {
    side: Side,
    turn: Side,
    rules: DarkRules,
    sight: Sight<Square, Kind, 60>,
    flag_shown: [Option<Square>; 2],
    plies_since_attack: u32,
    outcome: Option<Outcome>,
}

impl DarkView {
    /// Replay `state` from its start.
    #[must_use]
    pub fn new(state: &InfoState) -> DarkView {
        let side = state.side();
        let mut v = DarkView {
            side,
            turn: state.first(),
            rules: *state.rules(),
            sight: Sight::new(),
            flag_shown: [None; 2],
            plies_since_attack: 0,
            outcome: None,
        };
        for (j, (p, k)) in state.deployment().iter().enumerate() {
            let at = match side {
                Side::Red => p,
                Side::Blue => p.flip(),
            };
            v.sight.own[at.index()] = Some(k);
            let e = id_point(side.other(), j);
            v.sight.enemy[e.index()] = Some(e);
        }
        for a in state.history() {
            v.tell(a);
        }
        v
    }

    /// Bring the view up to date with one more announcement.
    pub fn tell(&mut self, a: &Announcement) {
        let (from, to) = (a.mv.from, a.mv.to);
        let mover = self.turn;
        self.turn = mover.other();
        self.outcome = a.end;
        for (i, s) in a.flag_shown.iter().enumerate() {
            if s.is_some() {
                self.flag_shown[i] = *s;
            }
        }
        self.plies_since_attack = if a.result.is_some() {
            0
        } else {
            self.plies_since_attack + 1
        };
        let (fi, ti) = (from.index(), to.index());
        let result = a.result;
        if mover == self.side {
            let k = self.sight.own[fi].take();
            match result {
                None | Some(AttackOutcome::DefenderRemoved) => {
                    self.sight.enemy[ti] = None;
                    self.sight.own[ti] = k;
                }
                Some(AttackOutcome::BothRemoved) => self.sight.enemy[ti] = None,
                Some(AttackOutcome::AttackerRemoved) => {}
            }
        } else {
            let id = self.sight.enemy[fi].take();
            match result {
                None | Some(AttackOutcome::DefenderRemoved) => {
                    self.sight.own[ti] = None;
                    self.sight.enemy[ti] = id;
                }
                Some(AttackOutcome::BothRemoved) => self.sight.own[ti] = None,
                Some(AttackOutcome::AttackerRemoved) => {}
            }
        }
    }
}

junqi_game::getters! {
    impl DarkView {
        /// Whose view this is.
        pub side -> Side;
        /// The side to move.
        pub turn -> Side;
        /// The own pieces with their kinds, in point order.
        pub own -> Vec<(Square, Kind)> = sight.own();
        /// The enemy pieces on the board, in point order.
        pub enemy -> Vec<EnemyPiece> = sight.enemy();
        /// The identity (start point) of the enemy piece on `at`.
        pub enemy_at(at: Square) -> Option<Square> = sight.enemy_at(at);
        /// The points of the own pieces and of the enemy's.
        pub occupied -> (Bitboard, Bitboard) = sight.occupied();
        /// Plies since the last attack (public, L-15).
        pub plies_since_attack -> u32;
    }
}

impl DarkView {
    /// The flag point of `side` once shown (its field marshal was removed, L-31).
    #[must_use]
    pub fn flag_shown(&self, side: Side) -> Option<Square> {
        self.flag_shown[side.index()]
    }

    /// The end, once announced.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The legal moves of this side: exactly the true game's when it is this side's turn
    /// (movement depends only on the board and the own kinds, L-31), none otherwise or once
    /// the game is over. Same order as [`Position::legal_moves`](crate::Position::legal_moves).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.turn != self.side || self.outcome.is_some() {
            return list;
        }
        let (own, enemy) = self.occupied();
        let occ = own | enemy;
        let targets = !occ | (enemy - CAMPS);
        let rules = self.rules.rules;
        for from in own {
            let Some(k) = self.sight.own[from.index()] else {
                continue;
            };
            if !KindSet::MOVABLE.contains(k) || (rules.hq_lock && HEADQUARTERS.contains(from)) {
                continue;
            }
            let d = reach(
                rules.middle_crossing,
                from,
                k == Kind::Engineer,
                occ,
                targets,
            );
            list.extend(d.iter().map(|to| Move { from, to }));
        }
        list
    }
}
