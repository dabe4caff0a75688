//! Move generation (L-6 … L-12): road steps, straight railway runs as rays stopped at the
//! first piece, the engineer's reach as a flood fill over the railway, attacks with the camp
//! rule and `flag_capture`, `forbid_losing_attacks`, `hq_lock`.

use crate::bitboard::Bitboard;
use crate::board::{CAMPS, HEADQUARTERS, NEIGHBOURS, RAILWAY, RAYS, railway_expand};
use crate::combat::{AttackOutcome, outcome};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Side};
use crate::position::Position;
use crate::ruleset::{FlagCapture, MiddleCrossing};
use crate::square::Square;

impl Position {
    /// `side`'s movable pieces (L-6): all but landmines and the flag, and, under `hq_lock`
    /// (L-10), all but the pieces on a headquarters.
    #[inline]
    #[must_use]
    pub fn movable(&self, side: Side) -> Bitboard {
        let fixed = self.kind_pieces(Kind::Landmine) | self.kind_pieces(Kind::Flag);
        let mut m = self.side_pieces(side) - fixed;
        if self.ruleset().hq_lock {
            m = m - HEADQUARTERS;
        }
        m
    }

    /// The pieces of `side` that an enemy may attack (L-10, L-12): none in a camp, and not the
    /// flag under `flag_capture` `after_mines` while one of `side`'s landmines is on the board.
    #[inline]
    #[must_use]
    pub fn attackable(&self, side: Side) -> Bitboard {
        self.attackable_with(side, false)
    }

    /// [`Position::attackable`] where `hidden_mine` says whether one of `side`'s landmines is
    /// on the board face down (翻棋, L-32): it counts for `after_mines` as a face-up one.
    #[inline]
    pub(crate) fn attackable_with(&self, side: Side, hidden_mine: bool) -> Bitboard {
        let mut a = self.side_pieces(side) - CAMPS;
        if self.ruleset().flag_capture == FlagCapture::AfterMines
            && (hidden_mine || !self.pieces(side, Kind::Landmine).is_empty())
        {
            a = a - self.kind_pieces(Kind::Flag);
        }
        a
    }

    /// Whether some enemy pieces are barred to some attackers by kind: `flag_capture`
    /// `engineer` (L-12) or `forbid_losing_attacks` (L-11).
    #[inline]
    fn attacks_by_kind(&self) -> bool {
        let r = self.ruleset();
        r.flag_capture == FlagCapture::Engineer || r.forbid_losing_attacks()
    }

    /// The enemy pieces of `them` that a piece of `kind` may not attack for its kind: the
    /// flag to all but an engineer under `flag_capture` `engineer` (L-12); under
    /// `forbid_losing_attacks` every piece the attack would lose to (L-11's
    /// [`AttackOutcome::AttackerRemoved`]).
    fn barred_to(&self, kind: Kind, them: Side) -> Bitboard {
        let r = self.ruleset();
        let mut barred = Bitboard::EMPTY;
        if r.flag_capture == FlagCapture::Engineer && kind != Kind::Engineer {
            barred |= self.pieces(them, Kind::Flag);
        }
        if r.forbid_losing_attacks() {
            for d in Kind::ALL {
                if outcome(kind, d, r.mine_outcome) == AttackOutcome::AttackerRemoved {
                    barred |= self.pieces(them, d);
                }
            }
        }
        barred
    }

    /// `targets` less what the piece on `from` may not attack for its kind.
    #[inline]
    fn targets_of(&self, from: Square, targets: Bitboard) -> Bitboard {
        if !self.attacks_by_kind() {
            return targets;
        }
        match self.piece_at(from) {
            Some(p) => targets - self.barred_to(p.kind, p.side.other()),
            None => targets,
        }
    }

    /// Whether the game is over by the position's own rules that need no move generation:
    /// a flag captured (L-13), neither side movable (L-14) or the no-combat limit (L-15).
    #[inline]
    pub(crate) fn decided_without_moves(&self) -> bool {
        let flags = self.kind_pieces(Kind::Flag);
        if (flags & self.side_pieces(Side::Red)).is_empty()
            || (flags & self.side_pieces(Side::Blue)).is_empty()
        {
            return true;
        }
        let limit = self.ruleset().no_combat_limit;
        if limit != 0 && self.plies_since_attack() >= u32::from(limit) {
            return true;
        }
        self.movable(Side::Red).is_empty() && self.movable(Side::Blue).is_empty()
    }

    /// The destinations of the piece on `from` for its owner, ignoring whose turn it is and
    /// whether the game is over (L-7 … L-11): empty points it may move to and enemy pieces it
    /// may attack. Empty for an empty point or a piece that cannot move.
    ///
    /// ```
    /// use luzhanqi::Position;
    /// let pos: Position = "1f3/5/5/5/5/e4/5/5/5/5/E4/1F3 r".parse()?;
    /// // The engineer on a2 runs the file to a6, turns along rank 6 … and down file e.
    /// let dests = pos.moves_from("a2".parse().unwrap());
    /// assert!(dests.contains("e2".parse().unwrap()));
    /// assert!(dests.contains("a7".parse().unwrap())); // the enemy engineer, attacked
    /// assert!(dests.contains("a8".parse().unwrap())); // round by e7 … e11, rank 11, a11 …
    /// assert!(!dests.contains("b12".parse().unwrap())); // a headquarters is off the railway
    /// # Ok::<(), luzhanqi::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn moves_from(&self, from: Square) -> Bitboard {
        let Some(p) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        if !self.movable(p.side).contains(from) {
            return Bitboard::EMPTY;
        }
        let occ = self.occupied();
        let targets = self.targets_of(from, !occ | self.attackable(p.side.other()));
        self.destinations(from, p.kind == Kind::Engineer, occ, targets)
    }

    /// Destinations of a movable piece on `from`: `targets` are the empty points and the
    /// attackable enemies.
    #[inline]
    fn destinations(
        &self,
        from: Square,
        engineer: bool,
        occ: Bitboard,
        targets: Bitboard,
    ) -> Bitboard {
        reach(self.ruleset().middle_crossing, from, engineer, occ, targets)
    }
}

/// Destinations of a movable piece on `from` over the occupied points `occ`, whatever stands
/// there (L-7 … L-9): `targets` are the empty points and the attackable enemies. The dark
/// referee's players and worlds ask it with the public occupancy alone (L-31).
#[inline]
pub(crate) fn reach(
    crossing: MiddleCrossing,
    from: Square,
    engineer: bool,
    occ: Bitboard,
    targets: Bitboard,
) -> Bitboard {
    {
        let steps = NEIGHBOURS[from.index()];
        if !RAILWAY.contains(from) {
            return steps & targets;
        }
        let rails = if engineer {
            // L-9: flood over empty railway points from the origin, then one more railway
            // segment to an enemy.
            let empty_rail = RAILWAY - occ;
            let mut reach = Bitboard::from_square(from);
            loop {
                let next = reach | (railway_expand(reach, crossing) & empty_rail);
                if next == reach {
                    break;
                }
                reach = next;
            }
            reach.without(from) | railway_expand(reach, crossing)
        } else {
            // L-8: four rays, each up to and including its first piece.
            let rays = &RAYS[crossing as usize];
            let i = from.index();
            let mut r = Bitboard::EMPTY;
            for dir in &rays[..2] {
                // North, East: the nearest blocker has the lowest index.
                let ray = dir[i];
                let b = (ray & occ).0;
                r.0 |= if b == 0 {
                    ray.0
                } else {
                    ray.0 & ((b & b.wrapping_neg()) << 1).wrapping_sub(1)
                };
            }
            for dir in &rays[2..] {
                // South, West: the nearest blocker has the highest index.
                let ray = dir[i];
                let b = (ray & occ).0;
                r.0 |= if b == 0 {
                    ray.0
                } else {
                    ray.0 & !((1u64 << (63 - b.leading_zeros())) - 1)
                };
            }
            r
        };
        (steps | rails) & targets
    }
}

impl Position {
    /// The legal moves (L-6 … L-12), none in a decided position (L-16), in the order of the
    /// pieces' points then of destinations (index order).
    ///
    /// ```
    /// use luzhanqi::Position;
    /// let pos = Position::default();
    /// assert!(!pos.legal_moves().is_empty());
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        if self.decided_without_moves() {
            return MoveList::new();
        }
        let occ = self.occupied();
        self.list_moves(occ, !occ | self.attackable(self.turn().other()))
    }

    /// The moves of the side to move over the occupied points `occ` onto `targets` (the
    /// empty points and the attackable enemies), less what each piece may not attack for its
    /// kind: the one list builder of [`Position::legal_moves`] and
    /// [`Position::moves_among_face_down`].
    #[inline(always)]
    fn list_moves(&self, occ: Bitboard, targets: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        let engineers = self.kind_pieces(Kind::Engineer);
        for from in self.movable(self.turn()) {
            let t = self.targets_of(from, targets);
            let d = self.destinations(from, engineers.contains(from), occ, t);
            list.extend(d.iter().map(|to| Move { from, to }));
        }
        list
    }

    /// The number of legal moves, without building the list (perft's last ply).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        if self.decided_without_moves() {
            return 0;
        }
        if self.attacks_by_kind() {
            return self.legal_moves().len() as u64;
        }
        let us = self.turn();
        let occ = self.occupied();
        let targets = !occ | self.attackable(us.other());
        let engineers = self.kind_pieces(Kind::Engineer);
        let movable = self.movable(us);
        let mut n = 0;
        // Off the railway a piece only steps (L-7): its count is one mask and a popcount, with
        // no call; the railway pieces take the runs and the engineer's reach (L-8, L-9).
        for from in movable - RAILWAY {
            n += u64::from((NEIGHBOURS[from.index()] & targets).count());
        }
        for from in movable & RAILWAY {
            n += u64::from(
                self.destinations(from, engineers.contains(from), occ, targets)
                    .count(),
            );
        }
        n
    }

    /// The moves of the side to move in a 翻棋 position (L-32) whose face-down pieces stand on
    /// `down`: they block like pieces, never move, and are targets only when `attack_down`;
    /// `hidden_mines[side]` says whether a landmine of `side` is still face down (for
    /// `after_mines`). Whether the game is over is the caller's question.
    pub(crate) fn moves_among_face_down(
        &self,
        down: Bitboard,
        hidden_mines: [bool; 2],
        attack_down: bool,
    ) -> MoveList {
        let them = self.turn().other();
        let occ = self.occupied() | down;
        let mut targets = !occ | self.attackable_with(them, hidden_mines[them.index()]);
        if attack_down {
            targets |= down - CAMPS;
        }
        // Face-down pieces are not in the position: the bars by kind touch face-up defenders
        // only.
        self.list_moves(occ, targets)
    }

    /// Whether `m` is legal: agrees with [`Position::legal_moves`] for every pair of points.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        if !self.movable(self.turn()).contains(m.from) || self.decided_without_moves() {
            return false;
        }
        self.moves_from(m.from).contains(m.to)
    }
}
