//! The dark heuristic agent: the open heuristic's rules of thumb on a dark view, deciding from
//! what the information state forces about each enemy piece.

use luzhanqi::board::{Direction, HEADQUARTERS, RAILWAY, neighbours, railway_expand, ray};
use luzhanqi::dark::{DarkView, InfoState, KindSet};
use luzhanqi::{AttackOutcome, Bitboard, Combat, Kind, MiddleCrossing, Move, Ruleset, Square};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{DarkAgentError, DarkAnswer};
use crate::eval::distance;
// The open heuristic's scale and values: one yardstick, read through two kinds of knowledge.
use crate::heuristic::{FLAG_LOSS, FLAG_WIN, SURE_LOSS, best_of, mean_value, value};
use crate::{Agent, Choice, Limits};

/// The heuristic agent of dark play: the yardstick that is not random.
///
/// It applies the open [`HeuristicAgent`](crate::HeuristicAgent)'s rules to the side's
/// [`DarkView`], reading each enemy piece as the set of kinds the information state leaves
/// it ([`Knowledge::domains`](luzhanqi::dark::Knowledge::domains): L-17's places and every
/// public deduction). For each legal move it adds:
///
/// - **attacks by what it knows**: a known win 500 plus the mean value of the defender's
///   kinds; a sure even trade the difference plus 100; a known loss −10,000; an attack whose
///   result it does not know is a **probe**, acceptable only for a platoon or company
///   commander or an engineer while two are left (20 − half its value), else −2,000; the
///   flag, once known (shown when its marshal fell, or the one headquarters piece that may
///   still be it), is taken at once;
/// - **the enemy's best reply**: the most any enemy piece could gain by attacking an own
///   piece after the move, over the kinds it may be and where those kinds could reach (an
///   engineer's railway turns included); a reply that could take the own flag costs 50,000
///   (**guarding the flag**);
/// - **the flag's defence**: while enemy pieces that may move stand within distance 3 of the
///   own flag, 10 a step toward it;
/// - **advance**: ranked pieces 3 a step toward the nearest enemy headquarters that may hold
///   the flag (8 for a piece that outranks every rank the enemy may still have); engineers
///   15 a step toward known landmines next to a known flag; stepping onto a headquarters
///   costs 50;
/// - a random 0 … 7 from its seeded generator to break ties.
///
/// It draws no worlds, so a move costs well under a millisecond.
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// use luzhanqi_engine::{Agent, Limits};
/// use luzhanqi_engine::dark::DarkHeuristicAgent;
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// let c = DarkHeuristicAgent::new(1).choose(game.info_state(Side::Red), &[], &Limits::default())?;
/// assert!(game.game().legal_moves().contains(&c.mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct DarkHeuristicAgent {
    rng: StdRng,
}

/// Which results `attacker` may meet against a piece of one of `kinds`: (win, trade, loss).
fn outcomes(attacker: Kind, kinds: KindSet, rules: &Ruleset) -> (bool, bool, bool) {
    let mut o = (false, false, false);
    for d in kinds.iter() {
        match Combat::resolve(attacker, d, rules).outcome {
            AttackOutcome::DefenderRemoved => o.0 = true,
            AttackOutcome::BothRemoved => o.1 = true,
            AttackOutcome::AttackerRemoved => o.2 = true,
        }
    }
    o
}

/// The points a piece on `from` reaches over `occ` (L-7 … L-9), any piece standing there
/// included: the rules' own reach, rebuilt from the board's public rays.
pub(crate) fn reach(
    crossing: MiddleCrossing,
    from: Square,
    engineer: bool,
    occ: Bitboard,
) -> Bitboard {
    let mut r = neighbours(from);
    if !RAILWAY.contains(from) {
        return r;
    }
    if engineer {
        let empty = RAILWAY - occ;
        let mut flood = Bitboard::from_square(from);
        loop {
            let next = flood | (railway_expand(flood, crossing) & empty);
            if next == flood {
                break;
            }
            flood = next;
        }
        r |= flood.without(from) | railway_expand(flood, crossing);
    } else {
        for dir in Direction::ALL {
            let mut line: Vec<Square> = ray(from, dir, crossing).iter().collect();
            line.sort_by_key(|&s| distance(from, s));
            for s in line {
                r |= Bitboard::from_square(s);
                if occ.contains(s) {
                    break;
                }
            }
        }
    }
    r
}

impl DarkHeuristicAgent {
    /// A dark heuristic agent seeded with `seed` (the seed only breaks ties).
    #[must_use]
    pub fn new(seed: u64) -> DarkHeuristicAgent {
        DarkHeuristicAgent {
            rng: StdRng::seed_from_u64(seed),
        }
    }
}

/// What the agent computes once per decision.
struct Context {
    rules: Ruleset,
    own: [Option<Kind>; 60],
    /// The kinds each enemy piece may be, by point (empty: no enemy piece).
    enemy: [KindSet; 60],
    own_flag: Option<Square>,
    /// The enemy's flag, if known.
    enemy_flag: Option<Square>,
    /// The enemy headquarters that may hold the flag.
    flag_targets: Vec<Square>,
    guard_mines: Vec<Square>,
    intruders: bool,
    enemy_top: u8,
}

impl Context {
    fn new(view: &DarkView, state: &InfoState) -> Result<Context, DarkAgentError> {
        let know = state.validate().map_err(luzhanqi::dark::WorldError::from)?;
        let us = view.side();
        let rules = state.rules().rules;
        let mut own = [None; 60];
        for (sq, k) in view.own() {
            own[sq.index()] = Some(k);
        }
        let mut enemy = [KindSet::EMPTY; 60];
        for e in view.enemy() {
            enemy[e.at.index()] = know.domain(e.id).unwrap_or(KindSet::ALL);
        }
        let flag_targets: Vec<Square> = match view.flag_shown(us.other()) {
            Some(f) => vec![f],
            None => (HEADQUARTERS.iter())
                .filter(|&h| enemy[h.index()].contains(Kind::Flag))
                .collect(),
        };
        let enemy_flag = (flag_targets.len() == 1).then(|| flag_targets[0]);
        if let Some(f) = enemy_flag {
            enemy[f.index()] = KindSet::only(Kind::Flag);
        }
        let guard_mines = enemy_flag
            .map(|f| {
                neighbours(f)
                    .iter()
                    .filter(|&s| enemy[s.index()] == KindSet::only(Kind::Landmine))
                    .collect()
            })
            .unwrap_or_default();
        let own_flag = Square::all().find(|s| own[s.index()] == Some(Kind::Flag));
        let intruders = own_flag.is_some_and(|f| {
            Square::all().any(|e| {
                enemy[e.index()].and(KindSet::MOVABLE) != KindSet::EMPTY && distance(e, f) <= 3
            })
        });
        let enemy_top = Square::all()
            .flat_map(|s| enemy[s.index()].iter())
            .filter_map(Kind::rank)
            .max()
            .unwrap_or(0);
        Ok(Context {
            rules,
            own,
            enemy,
            own_flag,
            enemy_flag,
            flag_targets,
            guard_mines,
            intruders,
            enemy_top,
        })
    }

    /// The most an enemy piece can gain by one attack on the own pieces `own` (with the enemy
    /// pieces `enemy`), judged from the kinds each may be.
    fn threat(&self, own: &[Option<Kind>; 60], enemy: &[KindSet; 60]) -> i32 {
        let mut occ = Bitboard::EMPTY;
        for s in Square::all() {
            if own[s.index()].is_some() || !enemy[s.index()].is_empty() {
                occ |= Bitboard::from_square(s);
            }
        }
        let crossing = self.rules.middle_crossing;
        let mut worst = 0;
        for e in Square::all() {
            let kinds = enemy[e.index()].and(KindSet::MOVABLE);
            if kinds.is_empty() || (self.rules.hq_lock && HEADQUARTERS.contains(e)) {
                continue;
            }
            let plain = reach(crossing, e, false, occ);
            let eng = if kinds.contains(Kind::Engineer) {
                reach(crossing, e, true, occ)
            } else {
                plain
            };
            for t in eng.iter() {
                let Some(d) = own[t.index()] else { continue };
                if luzhanqi::board::CAMPS.contains(t) {
                    continue;
                }
                let attackers = if plain.contains(t) {
                    kinds
                } else {
                    KindSet::only(Kind::Engineer)
                };
                worst = worst.max(self.gain(attackers, d));
            }
        }
        worst
    }

    /// The mean gain of an enemy attacker of one of `attackers` on an own `defender`.
    fn gain(&self, attackers: KindSet, defender: Kind) -> i32 {
        let n = attackers.len() as i32;
        if n == 0 {
            return 0;
        }
        let dv = if defender == Kind::Flag {
            FLAG_LOSS
        } else {
            value(defender)
        };
        attackers
            .iter()
            .map(
                |a| match Combat::resolve(a, defender, &self.rules).outcome {
                    AttackOutcome::DefenderRemoved => dv,
                    AttackOutcome::BothRemoved => dv - value(a),
                    AttackOutcome::AttackerRemoved => -value(a),
                },
            )
            .sum::<i32>()
            / n
    }

    fn score(&self, m: Move, engineers: usize) -> i32 {
        let Some(a) = self.own[m.from.index()] else {
            return i32::MIN / 2;
        };
        let set = self.enemy[m.to.index()];
        let mut own = self.own;
        let mut enemy = self.enemy;
        own[m.from.index()] = None;
        let mut s = 0;
        if !set.is_empty() {
            if Some(m.to) == self.enemy_flag || set == KindSet::only(Kind::Flag) {
                return FLAG_WIN;
            }
            let (win, trade, loss) = outcomes(a, set, &self.rules);
            if win && !trade && !loss {
                s += 500 + mean_value(set);
                if a == Kind::Engineer && self.guard_mines.contains(&m.to) {
                    s += 300;
                }
                own[m.to.index()] = Some(a);
                enemy[m.to.index()] = KindSet::EMPTY;
            } else if trade && !win && !loss {
                s += mean_value(set) - value(a) + 100;
                enemy[m.to.index()] = KindSet::EMPTY;
            } else if loss && !win && !trade {
                s -= SURE_LOSS;
            } else {
                let low = matches!(a, Kind::Platoon | Kind::Company)
                    || (a == Kind::Engineer && engineers >= 2);
                s += if low { 20 - value(a) / 2 } else { -2_000 };
            }
        } else {
            own[m.to.index()] = Some(a);
            if HEADQUARTERS.contains(m.to) {
                s -= 50;
            }
        }
        s -= self.threat(&own, &enemy);

        if self.intruders
            && let Some(f) = self.own_flag
        {
            s += 10 * (distance(m.from, f) - distance(m.to, f));
        }
        if a == Kind::Engineer
            && let Some(before) = self.guard_mines.iter().map(|&g| distance(m.from, g)).min()
        {
            let now = (self.guard_mines.iter().map(|&g| distance(m.to, g)).min()).unwrap_or(before);
            s += 15 * (before - now);
        }
        if let Some(rank) = a.rank()
            && a != Kind::Engineer
            && let Some(before) = self.flag_targets.iter().map(|&f| distance(m.from, f)).min()
        {
            let now =
                (self.flag_targets.iter().map(|&f| distance(m.to, f)).min()).unwrap_or(before);
            let w = if rank > self.enemy_top { 8 } else { 3 };
            s += w * (before - now);
        }
        s
    }
}

impl Agent<InfoState, Choice, DarkAgentError> for DarkHeuristicAgent {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, state: &InfoState, _: &[u64], _limits: &Limits) -> DarkAnswer {
        let view = DarkView::new(state);
        let moves = view.legal_moves();
        if moves.is_empty() {
            return Err(DarkAgentError::NoLegalMove(state.to_string()));
        }
        let ctx = Context::new(&view, state)?;
        let engineers = ctx
            .own
            .iter()
            .filter(|k| **k == Some(Kind::Engineer))
            .count();
        Ok(best_of(&moves, &mut self.rng, |m| ctx.score(m, engineers)))
    }
}

#[cfg(test)]
mod tests {
    use luzhanqi::board::CAMPS;
    use luzhanqi::deploy::{Deployment, opening};
    use luzhanqi::{Position, Side};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// The rebuilt reach gives exactly the rules' destinations for every movable piece.
    #[test]
    fn reach_is_the_rules_reach() {
        for seed in 0..40u64 {
            let mut rng = StdRng::seed_from_u64(seed);
            let (r, b) = (Deployment::random(&mut rng), Deployment::random(&mut rng));
            let mut pos: Position = opening(&r, &b, Side::Red, Ruleset::STANDARD).unwrap();
            for _ in 0..rng.random_range(0..150) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut next = pos.clone();
                next.play_unchecked(moves[rng.random_range(0..moves.len())]);
                if next.outcome().is_some() {
                    break;
                }
                pos = next;
            }
            let us = pos.turn();
            let legal = pos.legal_moves();
            let occ = pos.occupied();
            let targets = !occ | (pos.side_pieces(us.other()) - CAMPS);
            for from in pos.movable(us) {
                let eng = pos.piece_at(from).unwrap().kind == Kind::Engineer;
                let mine = reach(pos.ruleset().middle_crossing, from, eng, occ) & targets;
                let rules: Bitboard = legal
                    .iter()
                    .filter(|m| m.from == from)
                    .map(|m| m.to)
                    .collect();
                assert_eq!(mine, rules, "{from} in {pos}");
            }
        }
    }
}
