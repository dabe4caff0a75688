//! The heuristic agent: a yardstick that is not random. It scores each legal move by rules of
//! thumb over what it knows ([`Knowledge`]) and the enemy's best reply, and plays the best.

use luzhanqi::board::{HEADQUARTERS, neighbours};
use luzhanqi::{AttackOutcome, Combat, Kind, Move, Position, Side, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::eval::{BASE_VALUE, distance};
use crate::knowledge::{KindSet, Knowledge};
use crate::{Agent, AgentError, Answer, Choice, Limits};

/// Capturing the flag.
pub(crate) const FLAG_WIN: i32 = 100_000;
/// The enemy could capture the own flag after the move.
pub(crate) const FLAG_LOSS: i32 = 50_000;
/// An attack the agent knows it loses.
pub(crate) const SURE_LOSS: i32 = 10_000;

/// The heuristic agent.
///
/// For each legal move it adds:
///
/// - **attacks by what it knows** of the defender's kinds: an attack it knows it wins earns
///   500 plus the defender's value; a sure even trade earns the difference of values plus 100
///   (a bomb on a marshal: yes; on a platoon commander: no); an attack it knows it loses costs
///   10,000 (never played while anything else is legal); an attack whose result it does not
///   know is a **probe**, acceptable only for a low rank (platoon or company commander, or an
///   engineer while two or more are left);
/// - **the enemy's best reply**: the most the enemy can gain by one attack after the move
///   (judged from what it knows of the enemy attacker) is subtracted; a reply that could take
///   the own flag costs 50,000 (**guarding the flag**), so safe captures are preferred and
///   pieces are not left hanging;
/// - **the flag's defence**: while enemy pieces stand within distance 3 of the own flag, moves
///   toward it earn 10 a step;
/// - **engineers toward landmines** next to the enemy flag: 15 a step closer, and 300 more
///   for clearing one;
/// - **advance**: ranked pieces earn 3 a step toward the enemy flag (8 for a piece outranking
///   every enemy piece it knows of); stepping onto a headquarters, where a piece never moves
///   again (L-10), costs 50;
/// - a random 0 … 7 from the agent's seeded generator to break ties.
///
/// Decisions read enemy kinds only through the [`Knowledge`]: [`HeuristicAgent::choose_known`]
/// takes any knowledge, a dark view's included; [`Agent::choose`] uses open knowledge.
///
/// ```
/// use luzhanqi::Position;
/// use luzhanqi_engine::{Agent, HeuristicAgent, Limits};
/// // Red's platoon commander on c6 may take Blue's engineer on c7; it knows it wins.
/// let pos: Position = "1f3/5/5/5/5/2e2/2P2/5/5/5/5/1F3 r".parse()?;
/// let c = HeuristicAgent::new(1).choose(&pos, &[], &Limits::default())?;
/// assert_eq!(c.mv.to_string(), "c6c7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct HeuristicAgent {
    rng: StdRng,
}

/// The value the heuristic puts on a kind (the evaluation's base values; a bomb 400).
pub(crate) fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Bomb => 400,
        k => BASE_VALUE[k.index()],
    }
}

/// The mean value over a set of kinds.
pub(crate) fn mean_value(set: KindSet) -> i32 {
    let n = set.len() as i32;
    if n == 0 {
        0
    } else {
        set.iter().map(value).sum::<i32>() / n
    }
}

/// What the side attacking with a piece of one of the kinds `attackers` gains on average by
/// attacking `defender` (from the attacker's side: defender's value removed, attacker's lost).
fn expected_gain(attackers: KindSet, defender: Kind, pos: &Position) -> i32 {
    let n = attackers.len() as i32;
    if n == 0 {
        return 0;
    }
    let total: i32 = attackers
        .iter()
        .map(|a| {
            let c = Combat::resolve(a, defender, pos.ruleset());
            let dv = if defender == Kind::Flag {
                FLAG_LOSS
            } else {
                value(defender)
            };
            match c.outcome {
                AttackOutcome::DefenderRemoved => dv,
                AttackOutcome::BothRemoved => dv - value(a),
                AttackOutcome::AttackerRemoved => -value(a),
            }
        })
        .sum();
    total / n
}

/// The yardsticks' pick (open and dark): the move of `moves` (not empty: the callers' check)
/// with the best `score` plus a draw of `rng` below 8 (ties and near ties broken at random),
/// the first of equals; one ply, one node a move.
pub(crate) fn best_of(moves: &[Move], rng: &mut StdRng, score: impl Fn(Move) -> i32) -> Choice {
    let mut best: Option<(i32, Move)> = None;
    for &m in moves {
        let s = score(m) + rng.random_range(0..8);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, m));
        }
    }
    let (score, mv) = best.expect("a legal move");
    Choice {
        mv,
        score,
        depth: 1,
        nodes: moves.len() as u64,
    }
}

impl HeuristicAgent {
    /// A heuristic agent seeded with `seed` (the seed only breaks ties).
    #[must_use]
    pub fn new(seed: u64) -> HeuristicAgent {
        HeuristicAgent {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The agent's move from `know`, what the side to move of `pos` knows. `pos` supplies
    /// where the pieces stand and how they move; the kinds of enemy pieces are read from
    /// `know` only (in a dark view `pos` is any world consistent with it).
    ///
    /// # Errors
    /// [`AgentError::NoLegalMove`] when `pos` has no legal move.
    pub fn choose_known(&mut self, pos: &Position, know: &Knowledge) -> Result<Choice, AgentError> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Err(AgentError::NoLegalMove(pos.to_string()));
        }
        let us = pos.turn();
        let ctx = Context::new(pos, know, us);
        Ok(best_of(&moves, &mut self.rng, |m| ctx.score(m)))
    }
}

/// What the agent computes once per decision.
struct Context<'a> {
    pos: &'a Position,
    know: &'a Knowledge,
    us: Side,
    own_flag: Option<Square>,
    /// The enemy's flag, if known.
    enemy_flag: Option<Square>,
    /// Known landmines next to the enemy flag.
    guard_mines: Vec<Square>,
    /// Enemy pieces within distance 3 of the own flag.
    intruders: bool,
    /// The highest rank an enemy piece may have.
    enemy_top: u8,
}

impl<'a> Context<'a> {
    fn new(pos: &'a Position, know: &'a Knowledge, us: Side) -> Context<'a> {
        let them = us.other();
        let enemy = pos.side_pieces(them);
        let own_flag = pos.pieces(us, Kind::Flag).first();
        let enemy_flag = enemy
            .iter()
            .find(|&sq| know.kinds(sq) == KindSet::only(Kind::Flag));
        let guard_mines = enemy_flag
            .map(|f| {
                (neighbours(f) & enemy)
                    .iter()
                    .filter(|&sq| know.kinds(sq) == KindSet::only(Kind::Landmine))
                    .collect()
            })
            .unwrap_or_default();
        let intruders =
            own_flag.is_some_and(|f| pos.movable(them).iter().any(|e| distance(e, f) <= 3));
        let enemy_top = enemy
            .iter()
            .flat_map(|sq| know.kinds(sq).iter())
            .filter_map(Kind::rank)
            .max()
            .unwrap_or(0);
        Context {
            pos,
            know,
            us,
            own_flag,
            enemy_flag,
            guard_mines,
            intruders,
            enemy_top,
        }
    }

    fn score(&self, m: Move) -> i32 {
        let pos = self.pos;
        let Some(a) = pos.piece_at(m.from).map(|p| p.kind) else {
            return i32::MIN / 2;
        };
        let mut s = 0;
        let target = pos.piece_at(m.to).filter(|p| p.side != self.us);
        if target.is_some() {
            let set = self.know.kinds(m.to);
            if set == KindSet::only(Kind::Flag) {
                return FLAG_WIN;
            }
            let o = self.know.possible_outcomes(a, m.to, pos.ruleset());
            if o.sure_win() {
                s += 500 + mean_value(set);
                if a == Kind::Engineer && self.guard_mines.contains(&m.to) {
                    s += 300;
                }
            } else if o.trade && !o.win && !o.loss {
                s += mean_value(set) - value(a) + 100;
            } else if o.loss && !o.win && !o.trade {
                s -= SURE_LOSS;
            } else {
                let engineers = pos.pieces(self.us, Kind::Engineer).count();
                let low = matches!(a, Kind::Platoon | Kind::Company)
                    || (a == Kind::Engineer && engineers >= 2);
                s += if low { 20 - value(a) / 2 } else { -2_000 };
            }
        } else if HEADQUARTERS.contains(m.to) {
            s -= 50;
        }

        // The enemy's best reply.
        let mut after = pos.clone();
        after.play_unchecked(m);
        if !after.has_flag(self.us.other()) {
            return FLAG_WIN;
        }
        let mut threat = 0;
        for r in after.legal_moves() {
            let Some(d) = after.piece_at(r.to) else {
                continue;
            };
            if d.side != self.us {
                continue;
            }
            let g = expected_gain(self.know.kinds(r.from), d.kind, &after);
            threat = threat.max(g);
        }
        s -= threat;

        // The flag's defence.
        if self.intruders
            && let Some(f) = self.own_flag
        {
            s += 10 * (distance(m.from, f) - distance(m.to, f));
        }
        // Engineers toward the landmines round the enemy flag.
        if a == Kind::Engineer
            && let Some(before) = self.guard_mines.iter().map(|&g| distance(m.from, g)).min()
        {
            let now = self
                .guard_mines
                .iter()
                .map(|&g| distance(m.to, g))
                .min()
                .unwrap_or(before);
            s += 15 * (before - now);
        }
        // Advance.
        if let (Some(ef), Some(rank)) = (self.enemy_flag, a.rank())
            && a != Kind::Engineer
        {
            let w = if rank > self.enemy_top { 8 } else { 3 };
            s += w * (distance(m.from, ef) - distance(m.to, ef));
        }
        s
    }
}

impl Agent<Position, Choice, AgentError> for HeuristicAgent {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, pos: &Position, _: &[u64], _: &Limits) -> Answer {
        let know = Knowledge::open(pos, pos.turn());
        self.choose_known(pos, &know)
    }
}
