//! What an information state says about each enemy piece (L-31): one pass over the history
//! that checks every announcement and narrows each enemy piece's possible kinds.
//!
//! In two-player 暗棋 every attack is between an own piece, whose kind the side knows, and
//! an enemy piece, so each result is a relation on that one enemy piece's kind; a move seen
//! is one too (it moved: no landmine or flag; it left a straight railway line: an engineer).
//! What ties enemy pieces together is only the count of each kind (L-5) and, at the last
//! position, whether the enemy has a legal move or a movable piece (a disjunction over its
//! pieces, kept as [`Knowledge::excluded`]).

use crate::bitboard::Bitboard;
use crate::board::{CAMPS, HEADQUARTERS};
use crate::combat::{AttackOutcome, outcome};
use crate::deploy::OWN_POINTS;
use crate::movegen::reach;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::{Kind, Side};
use crate::ruleset::{NoCombatResult, NoMoveResult};
use crate::square::Square;

use super::info::{InfoState, InfoStateError};
use super::kindset::KindSet;

/// One public deduction about an enemy piece: what the history forces, whatever the world.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fact {
    /// It moved: no landmine or flag (L-6).
    Moved,
    /// It left a straight railway line (a turn, or a path only an engineer's reach has): an
    /// engineer (L-9).
    Engineer,
    /// It attacked the own piece of kind `own`, with `result` (L-11).
    Attacked {
        /// The own piece's kind.
        own: Kind,
        /// What was removed.
        result: AttackOutcome,
    },
    /// The own piece of kind `own` attacked it, with `result` (L-11).
    Defended {
        /// The own piece's kind.
        own: Kind,
        /// What was removed.
        result: AttackOutcome,
    },
    /// Its removal showed its side's flag: the field marshal (L-31).
    MarshalRemoved,
    /// It was removed and no flag was shown: no field marshal (L-31).
    NotMarshal,
    /// Its point was shown as the flag's (L-31).
    FlagShown,
    /// It was removed by an own attack and the game went on: no flag (L-13).
    NotFlag,
    /// Its removal ended the game by flag capture: the flag (L-13).
    FlagCaptured,
    /// The game ended because its side had no legal move (L-14): it could not move.
    NoLegalMove,
    /// The game was drawn with neither side movable (L-14): it cannot move.
    NotMovable,
}

/// A [`Fact`] about the enemy piece `id` (its start point), told at ply `ply` (0: the start).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deduction {
    /// The ply that told it.
    pub ply: usize,
    /// The enemy piece (its start point).
    pub id: Square,
    /// What it forces.
    pub fact: Fact,
}

/// What a side's information state says about the 25 enemy pieces (L-31): for each (known by
/// its start point, in the enemy's [`OWN_POINTS`] order) the kinds it may be and where it
/// stands now, the public deductions, and the one condition that ties pieces together
/// besides the counts of L-5 ([`Knowledge::excluded`]).
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules, Fact, KindSet};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::{Kind, Side};
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// game.play("c6c7".parse()?)?; // Red's engineer attacks: both removed
/// let k = game.info_state(Side::Red).validate()?;
/// let c7 = "c7".parse()?;
/// // Both removed by an engineer: an engineer or a bomb, and no bomb starts on the front row.
/// assert_eq!(k.domain(c7), Some(KindSet::only(Kind::Engineer)));
/// assert!(k.deductions().iter().any(|d| d.id == c7 && matches!(d.fact, Fact::Defended { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Knowledge {
    enemy: Side,
    domains: [KindSet; 25],
    at: [Option<Square>; 25],
    excluded: Option<[KindSet; 25]>,
    needs_replay: bool,
    deductions: Vec<Deduction>,
}

/// The board point of the enemy piece `j` (index in `OWN_POINTS`) of `enemy`.
pub(crate) fn id_point(enemy: Side, j: usize) -> Square {
    match enemy {
        Side::Red => OWN_POINTS[j],
        Side::Blue => OWN_POINTS[j].flip(),
    }
}

/// The index in `OWN_POINTS` of `enemy`'s start point `sq`, if it is one.
pub(crate) fn id_index(enemy: Side, sq: Square) -> Option<usize> {
    let own = match enemy {
        Side::Red => sq,
        Side::Blue => sq.flip(),
    };
    OWN_POINTS.iter().position(|&p| p == own)
}

/// The kinds L-17 lets stand on own-frame point `p` at the start.
pub(crate) fn start_domain(p: Square) -> KindSet {
    let mut d = KindSet::ALL;
    if !HEADQUARTERS.contains(p) {
        d = d.without(Kind::Flag);
    }
    if p.rank() > 2 {
        d = d.without(Kind::Landmine);
    }
    if p.rank() > 5 {
        d = d.without(Kind::Bomb);
    }
    d
}

/// The attacking kinds that give `result` against `defender` (attacks by kinds that move).
fn attackers_giving(defender: Kind, result: AttackOutcome, rules: &crate::Ruleset) -> KindSet {
    KindSet::MOVABLE
        .iter()
        .filter(|&a| outcome(a, defender, rules.mine_outcome) == result)
        .collect()
}

/// The defending kinds that give `result` against `attacker`.
fn defenders_giving(attacker: Kind, result: AttackOutcome, rules: &crate::Ruleset) -> KindSet {
    KindSet::ALL
        .iter()
        .filter(|&d| outcome(attacker, d, rules.mine_outcome) == result)
        .collect()
}

/// The board during the walk: own kinds and enemy identities by point.
struct Board {
    own: [Option<Kind>; 60],
    enemy: [Option<u8>; 60],
}

impl Board {
    fn own_bb(&self) -> Bitboard {
        Square::all()
            .filter(|s| self.own[s.index()].is_some())
            .collect()
    }
    fn enemy_bb(&self) -> Bitboard {
        Square::all()
            .filter(|s| self.enemy[s.index()].is_some())
            .collect()
    }
}

impl InfoState {
    /// Whether a referee could have told this state, and what it says about each enemy
    /// piece: one pass over the history ([`Knowledge`]), then whether some enemy deployment
    /// fits what it says (each piece a kind it may be, L-5's counts, the last position's
    /// excluded conjunction: a bipartite matching of constant size, so the whole stays linear
    /// in the history). Under the `repetition` option a world must also be replayed; that is
    /// left to the [`WorldSampler`](crate::dark::WorldSampler).
    ///
    /// # Errors
    /// [`InfoStateError::Deployment`] for an own deployment that breaks L-17,
    /// [`InfoStateError::Impossible`] with the field (3 + ply) and what cannot be,
    /// [`InfoStateError::NoWorld`] when no enemy deployment fits.
    pub fn validate(&self) -> Result<Knowledge, InfoStateError> {
        let k = self.knowledge()?;
        if !k.has_world() {
            return Err(InfoStateError::NoWorld);
        }
        Ok(k)
    }

    /// [`InfoState::validate`] without the search for a fitting enemy deployment: for the
    /// [`WorldSampler`](crate::dark::WorldSampler), whose count of the worlds answers that.
    pub(crate) fn knowledge(&self) -> Result<Knowledge, InfoStateError> {
        self.own.check().map_err(InfoStateError::Deployment)?;
        Knowledge::of(self)
    }
}

impl Knowledge {
    /// One pass over `state` (see [`InfoState::validate`]).
    pub(crate) fn of(state: &InfoState) -> Result<Knowledge, InfoStateError> {
        let me = state.side;
        let enemy = me.other();
        let rules = state.rules.rules;
        let crossing = rules.middle_crossing;
        let mut k = Knowledge {
            enemy,
            domains: [KindSet::ALL; 25],
            at: [None; 25],
            excluded: None,
            needs_replay: rules.repetition.is_some(),
            deductions: Vec::new(),
        };
        let mut b = Board {
            own: [None; 60],
            enemy: [None; 60],
        };
        for (j, (p, kind)) in state.own.iter().enumerate() {
            let at = match me {
                Side::Red => p,
                Side::Blue => p.flip(),
            };
            b.own[at.index()] = Some(kind);
            let e = id_point(enemy, j);
            b.enemy[e.index()] = Some(j as u8);
            k.at[j] = Some(e);
            k.domains[j] = start_domain(OWN_POINTS[j]);
        }
        let locked = |sq: Square| rules.hq_lock && HEADQUARTERS.contains(sq);
        let mut plies_quiet: u32 = 0;
        let limit = u32::from(rules.no_combat_limit);
        let n = state.history.len();
        if n == 0 && state.first == enemy {
            k.excluded = Some(k.stuck(&b, crossing, locked));
        }
        for (i, a) in state.history.iter().enumerate() {
            let ply = i + 1;
            let bad = |detail: String| {
                Err(InfoStateError::Impossible {
                    field: ply + 3,
                    ply,
                    detail,
                })
            };
            let mover = if i % 2 == 0 {
                state.first
            } else {
                state.first.other()
            };
            let (from, to) = (a.mv.from, a.mv.to);
            let occ = b.own_bb() | b.enemy_bb();
            let mut removed_enemy: Option<usize> = None;
            let mut removed_own: Option<Kind> = None;
            let mut own_flag_taken = false;
            let mut enemy_defender: Option<usize> = None;
            if mover == me {
                let Some(kind) = b.own[from.index()] else {
                    return bad(format!("{from} holds no piece of the mover ({me})"));
                };
                if !KindSet::MOVABLE.contains(kind) || locked(from) {
                    return bad(format!("the {} on {from} cannot move", kind.name()));
                }
                let targets = !occ | (b.enemy_bb() - CAMPS);
                if !reach(crossing, from, kind == Kind::Engineer, occ, targets).contains(to) {
                    return bad(format!("the {} on {from} cannot reach {to}", kind.name()));
                }
                match (b.enemy[to.index()], a.result) {
                    (None, None) => {
                        b.own[to.index()] = b.own[from.index()].take();
                    }
                    (Some(d), Some(result)) => {
                        let d = usize::from(d);
                        enemy_defender = Some(d);
                        k.narrow(
                            d,
                            defenders_giving(kind, result, &rules),
                            ply,
                            Fact::Defended { own: kind, result },
                        );
                        b.own[from.index()] = None;
                        if result != AttackOutcome::AttackerRemoved {
                            b.enemy[to.index()] = None;
                            k.at[d] = None;
                            removed_enemy = Some(d);
                        }
                        match result {
                            AttackOutcome::DefenderRemoved => b.own[to.index()] = Some(kind),
                            _ => removed_own = Some(kind),
                        }
                    }
                    (None, Some(_)) => return bad(format!("an attack on {to}, which is empty")),
                    (Some(_), None) => {
                        return bad(format!("a move onto the enemy on {to} told as no attack"));
                    }
                }
            } else {
                let Some(id) = b.enemy[from.index()] else {
                    return bad(format!("{from} holds no piece of the mover ({enemy})"));
                };
                let id = usize::from(id);
                if locked(from) {
                    return bad(format!("the piece on the headquarters {from} cannot move"));
                }
                let targets = !occ | (b.own_bb() - CAMPS);
                if !reach(crossing, from, true, occ, targets).contains(to) {
                    return bad(format!("no piece on {from} can reach {to}"));
                }
                k.narrow(id, KindSet::MOVABLE, ply, Fact::Moved);
                if !reach(crossing, from, false, occ, targets).contains(to) {
                    k.narrow(id, KindSet::only(Kind::Engineer), ply, Fact::Engineer);
                }
                match (b.own[to.index()], a.result) {
                    (None, None) => {
                        b.enemy[to.index()] = b.enemy[from.index()].take();
                        k.at[id] = Some(to);
                    }
                    (Some(own), Some(result)) => {
                        k.narrow(
                            id,
                            attackers_giving(own, result, &rules),
                            ply,
                            Fact::Attacked { own, result },
                        );
                        b.enemy[from.index()] = None;
                        k.at[id] = None;
                        if result == AttackOutcome::DefenderRemoved {
                            b.enemy[to.index()] = Some(id as u8);
                            k.at[id] = Some(to);
                        } else {
                            removed_enemy = Some(id);
                        }
                        if result != AttackOutcome::AttackerRemoved {
                            b.own[to.index()] = None;
                            removed_own = Some(own);
                            own_flag_taken = own == Kind::Flag;
                        }
                    }
                    (None, Some(_)) => return bad(format!("an attack on {to}, which is empty")),
                    (Some(_), None) => {
                        return bad(format!(
                            "a move onto the own piece on {to} told as no attack"
                        ));
                    }
                }
            }
            // The flag points shown (L-31).
            let mrf = state.rules.marshal_reveals_flag;
            let own_flag_point = Square::all().find(|s| b.own[s.index()] == Some(Kind::Flag));
            let want_own = (mrf && removed_own == Some(Kind::Marshal))
                .then_some(own_flag_point)
                .flatten();
            if a.flag_shown[me.index()] != want_own {
                return bad(match want_own {
                    Some(p) => format!("the own field marshal was removed: the flag {p} is shown"),
                    None => "an own flag point shown without its field marshal removed".into(),
                });
            }
            match (removed_enemy, a.flag_shown[enemy.index()]) {
                (Some(x), Some(p)) if mrf => {
                    k.narrow(x, KindSet::only(Kind::Marshal), ply, Fact::MarshalRemoved);
                    let Some(y) = b.enemy[p.index()] else {
                        return bad(format!(
                            "the flag shown on {p}, where no enemy piece stands"
                        ));
                    };
                    k.narrow(
                        usize::from(y),
                        KindSet::only(Kind::Flag),
                        ply,
                        Fact::FlagShown,
                    );
                }
                (Some(x), None) if mrf => {
                    k.narrow(
                        x,
                        KindSet::ALL.without(Kind::Marshal),
                        ply,
                        Fact::NotMarshal,
                    );
                }
                (_, None) => {}
                (_, Some(p)) => {
                    return bad(format!(
                        "the flag {p} shown without an enemy field marshal removed"
                    ));
                }
            }
            // The end (L-13 … L-16), judged on the position after the move.
            plies_quiet = if a.result.is_some() {
                0
            } else {
                plies_quiet + 1
            };
            let last = ply == n;
            let end = a.end;
            let me_wins_flag = Some(Outcome::Decisive {
                winner: me,
                reason: WinReason::FlagCaptured,
            });
            if own_flag_taken {
                if end
                    != Some(Outcome::Decisive {
                        winner: enemy,
                        reason: WinReason::FlagCaptured,
                    })
                {
                    return bad("the own flag was captured: the game ends there".into());
                }
                k.check(ply)?;
                continue;
            }
            if end == me_wins_flag {
                let Some(d) = enemy_defender.filter(|_| removed_enemy.is_some()) else {
                    return bad(
                        "a flag capture without an own attack that removed its defender".into(),
                    );
                };
                k.narrow(d, KindSet::only(Kind::Flag), ply, Fact::FlagCaptured);
                k.check(ply)?;
                continue;
            }
            if matches!(
                end,
                Some(Outcome::Decisive {
                    reason: WinReason::FlagCaptured,
                    ..
                })
            ) {
                return bad("a flag capture the move cannot have made".into());
            }
            if let Some(d) = enemy_defender.filter(|_| removed_enemy.is_some()) {
                k.narrow(d, KindSet::ALL.without(Kind::Flag), ply, Fact::NotFlag);
            }
            let to_move = mover.other();
            let own_movable = Square::all().any(|s| {
                b.own[s.index()].is_some_and(|k| KindSet::MOVABLE.contains(k)) && !locked(s)
            });
            let occ = b.own_bb() | b.enemy_bb();
            let targets = !occ | (b.enemy_bb() - CAMPS);
            let own_has_move = Square::all().any(|s| {
                b.own[s.index()].is_some_and(|kd| {
                    KindSet::MOVABLE.contains(kd)
                        && !locked(s)
                        && !reach(crossing, s, kd == Kind::Engineer, occ, targets).is_empty()
                })
            });
            let limit_hit = limit != 0 && plies_quiet >= limit;
            let draw = |r| Some(Outcome::Draw { reason: r });
            let no_move = |w| {
                Some(Outcome::Decisive {
                    winner: w,
                    reason: WinReason::NoMove,
                })
            };
            let shown = |e: Option<Outcome>| e.map_or("no end".into(), |o| o.to_string());
            if limit_hit && rules.no_combat_result() == NoCombatResult::LossToMover {
                // L-15 `loss_to_mover`: judged before anything but a captured flag; the
                // mover loses.
                let expected = Some(Outcome::Decisive {
                    winner: to_move,
                    reason: WinReason::NoCombatLimit,
                });
                if !last {
                    return bad("the no-combat limit is reached here: the game ends".into());
                }
                if end != expected {
                    return bad(format!("the no-combat limit: not {}", shown(end)));
                }
                k.check(ply)?;
                continue;
            }
            let repetition = draw(DrawReason::Repetition);
            let after_moves = |end: Option<Outcome>| {
                // The end once the side to move has a legal move: repetition, the limit.
                (end == repetition && rules.repetition.is_some())
                    || if limit_hit {
                        end == draw(DrawReason::NoCombatLimit)
                    } else {
                        end.is_none()
                    }
            };
            if !last {
                if end.is_some() {
                    return bad("an end before the last announcement".into());
                }
                if limit_hit {
                    return bad("the no-combat limit is reached here: the game ends".into());
                }
                k.check(ply)?;
                continue;
            }
            // L-14 `draw_if_both_stuck`: a side to move without a legal move draws when the
            // other would have none either.
            let both_stuck_rule = rules.no_move_result() == NoMoveResult::DrawIfBothStuck;
            let both_stuck = draw(DrawReason::BothStuck);
            if to_move == me {
                if !own_has_move && end == both_stuck && both_stuck_rule {
                    // The enemy would have no legal move either, yet a movable piece (or
                    // the draw would be for no movable pieces).
                    k.enemy_stuck(&b, crossing, locked, ply, own_movable);
                } else if !own_has_move && end == no_move(enemy) && both_stuck_rule {
                    // The enemy would have a legal move.
                    k.excluded = Some(k.stuck(&b, crossing, locked));
                } else if !own_movable {
                    if end == draw(DrawReason::NoMovablePieces) {
                        k.all_unmovable(locked, ply, Fact::NotMovable);
                    } else if end == no_move(enemy) {
                        k.excluded = Some(k.unmovable(locked));
                    } else {
                        return bad(format!("the own side cannot move: not {}", shown(end)));
                    }
                } else if !own_has_move {
                    if end != no_move(enemy) {
                        return bad(format!(
                            "the own side has no legal move: not {}",
                            shown(end)
                        ));
                    }
                } else if !after_moves(end) {
                    return bad(format!("{} is not the rules' verdict here", shown(end)));
                }
            } else if end == draw(DrawReason::NoMovablePieces) {
                if own_movable {
                    return bad("a draw for no movable pieces, but the own side can move".into());
                }
                k.all_unmovable(locked, ply, Fact::NotMovable);
            } else if end == no_move(me) {
                if both_stuck_rule && !own_has_move {
                    return bad(format!(
                        "the own side has no legal move either: not {}",
                        shown(end)
                    ));
                }
                k.enemy_stuck(&b, crossing, locked, ply, own_movable);
            } else if end == both_stuck && both_stuck_rule {
                if own_has_move {
                    return bad("a draw for both sides stuck, but the own side can move".into());
                }
                k.enemy_stuck(&b, crossing, locked, ply, own_movable);
            } else if after_moves(end) {
                k.excluded = Some(k.stuck(&b, crossing, locked));
            } else {
                return bad(format!("{} is not an end the rules give here", shown(end)));
            }
            k.check(ply)?;
        }
        Ok(k)
    }

    /// Per enemy piece, the kinds with which it would have no legal move on the current
    /// board (all kinds for a piece removed or locked on a headquarters).
    fn stuck(
        &self,
        b: &Board,
        crossing: crate::MiddleCrossing,
        locked: impl Fn(Square) -> bool,
    ) -> [KindSet; 25] {
        let occ = b.own_bb() | b.enemy_bb();
        let targets = !occ | (b.own_bb() - CAMPS);
        std::array::from_fn(|j| match self.at[j] {
            None => KindSet::ALL,
            Some(s) if locked(s) => KindSet::ALL,
            Some(s) => {
                let mut d = KindSet::FIXED;
                if reach(crossing, s, false, occ, targets).is_empty() {
                    d = d.or(KindSet::MOVABLE.without(Kind::Engineer));
                }
                if reach(crossing, s, true, occ, targets).is_empty() {
                    d = d.with(Kind::Engineer);
                }
                d
            }
        })
    }

    /// Per enemy piece, the kinds with which it could not move at all (L-6, L-10).
    /// The enemy has no legal move on the current board (L-14): each enemy piece is a kind
    /// that would have none; and when the own side has no movable piece either, not every
    /// enemy piece is unmovable (that end would be a draw for no movable pieces).
    fn enemy_stuck(
        &mut self,
        b: &Board,
        crossing: crate::MiddleCrossing,
        locked: impl Fn(Square) -> bool + Copy,
        ply: usize,
        own_movable: bool,
    ) {
        let stuck = self.stuck(b, crossing, locked);
        for (j, s) in stuck.iter().enumerate() {
            if self.at[j].is_some() {
                self.narrow(j, *s, ply, Fact::NoLegalMove);
            }
        }
        if !own_movable {
            self.excluded = Some(self.unmovable(locked));
        }
    }

    fn unmovable(&self, locked: impl Fn(Square) -> bool) -> [KindSet; 25] {
        std::array::from_fn(|j| match self.at[j] {
            Some(s) if !locked(s) => KindSet::FIXED,
            _ => KindSet::ALL,
        })
    }

    fn all_unmovable(&mut self, locked: impl Fn(Square) -> bool, ply: usize, f: Fact) {
        let u = self.unmovable(locked);
        for (j, s) in u.iter().enumerate() {
            if self.at[j].is_some() && *s != KindSet::ALL {
                self.narrow(j, *s, ply, f);
            }
        }
    }

    fn narrow(&mut self, j: usize, to: KindSet, ply: usize, fact: Fact) {
        let before = self.domains[j];
        self.domains[j] = before.and(to);
        self.deductions.push(Deduction {
            ply,
            id: id_point(self.enemy, j),
            fact,
        });
    }

    /// Whether some world fits: an assignment of a kind to each enemy piece within its
    /// domain that uses each kind L-5's number of times and does not put every piece in its
    /// excluded set (the [`WorldSampler`](super::WorldSampler)'s criterion, without the
    /// replay that `repetition` adds). A bipartite matching of the 25 pieces into the 25
    /// slots of the 12 kinds (augmenting paths), repeated with one piece fixed outside its
    /// excluded set at most 25 × 12 times: a few hundred thousand steps at worst, whatever
    /// the history's length.
    pub(crate) fn has_world(&self) -> bool {
        let dom = self.domains.map(|d| d.0);
        let Some(first) = assign(&dom) else {
            return false;
        };
        let Some(ex) = self.excluded.map(|e| e.map(|s| s.0)) else {
            return true;
        };
        if (0..25).any(|j| ex[j] >> first[j] & 1 == 0) {
            return true;
        }
        (0..25).any(|j| {
            (0..12).any(|k| {
                if dom[j] >> k & 1 == 0 || ex[j] >> k & 1 != 0 {
                    return false;
                }
                let mut fixed = dom;
                fixed[j] = 1 << k;
                assign(&fixed).is_some()
            })
        })
    }

    /// This knowledge with other domains and excluded sets (tests of [`Knowledge::has_world`]
    /// against the sampler's count).
    #[cfg(test)]
    pub(crate) fn with_sets(&self, dom: [u16; 25], excluded: Option<[u16; 25]>) -> Knowledge {
        let mut k = self.clone();
        k.domains = dom.map(KindSet);
        k.excluded = excluded.map(|e| e.map(KindSet));
        k
    }

    /// Every domain non-empty, and no kind forced on more pieces than it has (L-5).
    fn check(&self, ply: usize) -> Result<(), InfoStateError> {
        let bad = |detail: String| {
            Err(InfoStateError::Impossible {
                field: ply + 3,
                ply,
                detail,
            })
        };
        let mut forced = [0u32; 12];
        for (j, d) in self.domains.iter().enumerate() {
            if d.is_empty() {
                return bad(format!(
                    "the enemy piece from {} can be no kind",
                    id_point(self.enemy, j)
                ));
            }
            if let Some(kind) = d.single() {
                forced[kind.index()] += 1;
                if forced[kind.index()] > kind.count() {
                    return bad(format!(
                        "more enemy pieces are known to be {} than there are",
                        kind.name()
                    ));
                }
            }
        }
        Ok(())
    }

    /// The enemy side.
    #[must_use]
    pub fn enemy(&self) -> Side {
        self.enemy
    }

    /// The enemy pieces' start points (their identities), in the enemy's [`OWN_POINTS`]
    /// order.
    #[must_use]
    pub fn ids(&self) -> [Square; 25] {
        std::array::from_fn(|j| id_point(self.enemy, j))
    }

    /// The kinds each enemy piece may be, in [`Knowledge::ids`] order: L-17's limits and
    /// every deduction; the count of each kind (L-5) and [`Knowledge::excluded`] are not
    /// applied here.
    #[must_use]
    pub fn domains(&self) -> &[KindSet; 25] {
        &self.domains
    }

    /// The kinds the enemy piece that started on `id` may be; `None` if `id` is no start
    /// point of the enemy.
    #[must_use]
    pub fn domain(&self, id: Square) -> Option<KindSet> {
        id_index(self.enemy, id).map(|j| self.domains[j])
    }

    /// Where the enemy piece that started on `id` stands now; `None` once removed (or for a
    /// point that is no enemy start point).
    #[must_use]
    pub fn at(&self, id: Square) -> Option<Square> {
        id_index(self.enemy, id).and_then(|j| self.at[j])
    }

    /// Where each enemy piece stands now, in [`Knowledge::ids`] order (`None`: removed).
    #[must_use]
    pub fn positions(&self) -> &[Option<Square>; 25] {
        &self.at
    }

    /// The condition that ties pieces together at the last position, if any: a world in which
    /// every enemy piece's kind lies in its set here is not consistent (the enemy would have
    /// had no legal move, or no movable piece, where the game went on or ended otherwise).
    #[must_use]
    pub fn excluded(&self) -> Option<&[KindSet; 25]> {
        self.excluded.as_ref()
    }

    /// Whether a world must also be replayed to be known consistent: under the `repetition`
    /// option, whose verdicts depend on which kinds stand where.
    #[must_use]
    pub fn needs_replay(&self) -> bool {
        self.needs_replay
    }

    /// The public deductions, in the order told.
    #[must_use]
    pub fn deductions(&self) -> &[Deduction] {
        &self.deductions
    }
}

/// A kind (index in [`Kind::ALL`]) for each of the 25 enemy pieces within its domain (bit
/// sets over the kinds), each kind used L-5's number of times; `None` when there is none.
/// Kuhn's augmenting paths over the kinds' slots.
fn assign(dom: &[u16; 25]) -> Option<[usize; 25]> {
    const NONE: usize = usize::MAX;
    let mut of_piece = [NONE; 25];
    let mut used = [0usize; 12];
    fn augment(
        j: usize,
        dom: &[u16; 25],
        of_piece: &mut [usize; 25],
        used: &mut [usize; 12],
        seen: &mut [bool; 12],
    ) -> bool {
        for k in 0..12 {
            if dom[j] >> k & 1 == 0 || seen[k] {
                continue;
            }
            seen[k] = true;
            if used[k] < Kind::ALL[k].count() as usize {
                of_piece[j] = k;
                used[k] += 1;
                return true;
            }
            // Kind k is full: move one of its pieces elsewhere.
            for i in 0..25 {
                if of_piece[i] == k && augment(i, dom, of_piece, used, seen) {
                    // `i` took another kind (and counted it); `j` takes its slot of k.
                    used[k] -= 1;
                    of_piece[j] = k;
                    used[k] += 1;
                    return true;
                }
            }
        }
        false
    }
    for j in 0..25 {
        let mut seen = [false; 12];
        if !augment(j, dom, &mut of_piece, &mut used, &mut seen) {
            return None;
        }
    }
    Some(of_piece)
}
