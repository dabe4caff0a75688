//! The team search for 全明: paranoid alpha-beta over the two teams.
//!
//! 四國 is a game of two teams whose result is the team's (L-53): what Red–Blue wins,
//! Green–Yellow loses. So the "paranoid" assumption of four-player search (both enemies play
//! against us, the ally with us) is here not an assumption but the game's own value, and
//! alpha-beta over it is exact: a node is scored for the team of its seat to move; a child
//! whose seat to move is of the same team (an ally after a seat out, L-50) keeps the window,
//! one of the other team flips it. The turn order is the position's own (L-50,
//! counter-clockwise by default, seats out skipped by [`Position::play_unchecked`]), so the
//! search follows every option of it. Best-reply search was the other choice; docs/siguo-engine.md
//! says why this one was taken.

use std::collections::HashSet;

use junqi_search::tt::{Bound, Table};
use junqi_search::{Budget, Deepening, Step, Window, deepen};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use siguo::{Action, Outcome, Position, Team};

use crate::eval::{WIN, capture_gain, evaluate, for_team};
use crate::{Agent, AgentError, Answer, Choice, Limits, actions_of};

/// Nodes between two looks at the clock and the stop signal.
const CHECK_INTERVAL: u64 = 128;
/// The deepest iteration without a depth limit.
const MAX_DEPTH: u32 = 64;
/// The deepest quiescence search below a leaf, in plies.
const MAX_QDEPTH: u32 = 6;
/// Entries of the transposition table (2^18, 6 MiB).
const TT_ENTRIES: usize = 1 << 18;
/// Points on the board, for the history table.
const POINTS: usize = siguo::board::POINT_COUNT;

/// The paranoid alpha-beta agent (see the module documentation).
///
/// ```
/// use siguo::Position;
/// use siguo_engine::{Agent, Limits, SearchAgent};
/// let pos = Position::default();
/// let c = SearchAgent::new(1).choose(&pos, &[], &Limits::nodes(3_000))?;
/// assert!(pos.is_legal(c.action));
/// assert!(c.nodes <= 3_000 + 128);
/// # Ok::<(), siguo_engine::AgentError>(())
/// ```
#[derive(Debug, Clone)]
pub struct SearchAgent {
    rng: StdRng,
    tt: Table<Action>,
    /// Quiet moves that cut off, by from × to: tried first among the quiet ones.
    history: Vec<u32>,
    /// Keys of the positions on the search path (for L-56's repetition).
    path: Vec<u64>,
    /// Keys of the game's positions before the root, when the rules draw by repetition.
    game: HashSet<u64>,
    repetition: bool,
    /// The node count and the stop rule (the clock and the signal read once an interval).
    budget: Budget,
    /// The ply at which the current quiescence search ends.
    qlimit: usize,
}

/// The score of a decided position for `team`, `ply` plies from the root.
fn terminal(o: Outcome, team: Team, ply: usize) -> i32 {
    match o {
        Outcome::Win { team: t, .. } if t == team => WIN - ply as i32,
        Outcome::Win { .. } => -(WIN - ply as i32),
        Outcome::Draw(_) => 0,
    }
}

impl SearchAgent {
    /// A search agent seeded with `seed` (the seed orders equal root actions, so that two
    /// seeds may play different games).
    #[must_use]
    pub fn new(seed: u64) -> SearchAgent {
        SearchAgent {
            rng: StdRng::seed_from_u64(seed),
            tt: Table::new(TT_ENTRIES),
            history: vec![0; POINTS * POINTS],
            path: Vec::with_capacity(256),
            game: HashSet::new(),
            repetition: false,
            budget: Budget::new(CHECK_INTERVAL),
            qlimit: 0,
        }
    }

    /// The actions of `pos` in the order to try them: the hash action, captures by gain
    /// (winning and even ones first, losing ones last), quiet moves by history.
    fn order(&self, pos: &Position, actions: &mut [Action], tt_action: Option<Action>) {
        let key = |a: &Action| -> i64 {
            if Some(*a) == tt_action {
                return i64::MIN;
            }
            match a {
                Action::Pass => 0,
                Action::Move(m) => match capture_gain(pos, *m) {
                    Some(g) if g >= 0 => -2_000_000 - i64::from(g),
                    Some(g) => 1_000_000 - i64::from(g),
                    None => -i64::from(self.history[m.from.index() * POINTS + m.to.index()]),
                },
            }
        };
        actions.sort_by_cached_key(key);
    }

    /// Whether `key` repeats a position of the game or of the path (only when the rules draw
    /// by repetition, L-56).
    fn repeated(&self, key: u64) -> bool {
        self.repetition && (self.game.contains(&key) || self.path.contains(&key))
    }

    /// The score of `child` (reached from a node of `team`) for `team`, searched `depth` deep
    /// (`None`: by quiescence) in the window `(alpha, beta)` of `team`.
    fn child_score(
        &mut self,
        child: &Position,
        team: Team,
        depth: Option<i32>,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let same = child.turn().team() == team;
        let (a, b) = if same { (alpha, beta) } else { (-beta, -alpha) };
        let s = match depth {
            None => self.quiesce(child, a, b, ply),
            Some(d) => self.alpha_beta(child, d, a, b, ply),
        };
        if same { s } else { -s }
    }

    /// Captures only, below the leaves: the seat to move may stand on the evaluation or take.
    fn quiesce(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.budget.count();
        if self.budget.check() {
            return 0;
        }
        let team = pos.turn().team();
        if let Some(o) = pos.outcome() {
            return terminal(o, team, ply);
        }
        let stand = for_team(evaluate(pos), team);
        if stand >= beta || ply >= self.qlimit {
            return stand;
        }
        let mut w = Window::stand(alpha, beta, stand);
        let mut caps: Vec<(i32, Action)> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let g = capture_gain(pos, m)?;
                (g >= 0).then_some((g, Action::Move(m)))
            })
            .collect();
        caps.sort_by_key(|c| std::cmp::Reverse(c.0));
        for (_, a) in caps {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let s = self.child_score(&child, team, None, w.alpha, beta, ply + 1);
            if self.budget.stopped() {
                return 0;
            }
            if w.offer(s) == Step::Cutoff {
                break;
            }
        }
        w.best
    }

    fn alpha_beta(&mut self, pos: &Position, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        let team = pos.turn().team();
        if let Some(o) = pos.outcome() {
            self.budget.count();
            return terminal(o, team, ply);
        }
        if depth <= 0 {
            self.qlimit = ply + MAX_QDEPTH as usize;
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.budget.count();
        if self.budget.check() {
            return 0;
        }
        let key = pos.zobrist();
        if ply > 0 && self.repeated(key) {
            return 0;
        }
        let entry = self.tt.probe(key);
        let tt_action = entry.and_then(|e| e.best);
        if ply > 0
            && let Some(s) = entry.and_then(|e| e.cutoff(depth, alpha, beta, ply))
        {
            return s;
        }
        let mut actions = pos.legal_actions();
        self.order(pos, &mut actions, tt_action);
        let mut w = Window::new(alpha, beta, -WIN - 1);
        let mut best_action = None;
        self.path.push(key);
        for a in actions {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let s = self.child_score(&child, team, Some(depth - 1), w.alpha, beta, ply + 1);
            if self.budget.stopped() {
                self.path.pop();
                return 0;
            }
            let step = w.offer(s);
            if step > Step::Worse {
                best_action = Some(a);
            }
            if step == Step::Cutoff {
                if let Action::Move(m) = a
                    && pos.piece_at(m.to).is_none()
                {
                    let h = &mut self.history[m.from.index() * POINTS + m.to.index()];
                    *h = h.saturating_add((depth * depth) as u32);
                }
                break;
            }
        }
        self.path.pop();
        self.tt
            .store(key, depth, w.best, w.bound(), best_action, ply);
        w.best
    }

    /// One iteration at the root: the best action and its score for the root's team, or
    /// `None` if the search was stopped before it finished.
    fn root(&mut self, pos: &Position, actions: &[Action], depth: i32) -> Option<(Action, i32)> {
        let team = pos.turn().team();
        let key = pos.zobrist();
        let mut alpha = -WIN - 1;
        let beta = WIN + 1;
        let mut best = None;
        self.path.push(key);
        for &a in actions {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let s = self.child_score(&child, team, Some(depth - 1), alpha, beta, 1);
            if self.budget.stopped() {
                break;
            }
            if best.is_none() || s > alpha {
                alpha = s;
                best = Some((a, s));
            }
        }
        self.path.pop();
        if self.budget.stopped() {
            return None;
        }
        let (a, s) = best?;
        self.tt.store(key, depth, s, Bound::Exact, Some(a), 0);
        Some((a, s))
    }
}

impl SearchAgent {
    /// The score of each of `actions` (legal on `pos`) for the team to move, each searched
    /// `depth` plies deep in a full window and then by quiescence, or `None` when `limits` ran
    /// out first (`start`: when the caller's clock began, read only under a time limit). The
    /// determinized agent averages these over its sampled worlds ([`crate::dark`]).
    pub(crate) fn action_scores(
        &mut self,
        pos: &Position,
        actions: &[Action],
        depth: u32,
        limits: &Limits,
        start: Option<std::time::Instant>,
    ) -> Option<Vec<i32>> {
        self.budget.start(limits, start);
        // A sampled world has no game before it: repetition is not looked for.
        self.repetition = false;
        let team = pos.turn().team();
        let mut scores = Vec::with_capacity(actions.len());
        for &a in actions {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let s = self.child_score(&child, team, Some(depth as i32 - 1), -WIN - 1, WIN + 1, 1);
            if self.budget.stopped() {
                break;
            }
            scores.push(s);
        }
        self.budget.release();
        (scores.len() == actions.len()).then_some(scores)
    }

    /// The nodes of the last search or [`SearchAgent::action_scores`] call.
    pub(crate) fn nodes(&self) -> u64 {
        self.budget.nodes()
    }
}

impl Agent<Position, Choice, AgentError> for SearchAgent {
    fn name(&self) -> &'static str {
        "search"
    }

    fn choose(&mut self, pos: &Position, history: &[u64], limits: &Limits) -> Answer {
        let start = limits.start();
        let mut actions = actions_of(pos)?;
        // The seed orders equal actions; the stable sort below keeps that order among them.
        actions.shuffle(&mut self.rng);
        let tt_action = self.tt.probe(pos.zobrist()).and_then(|e| e.best);
        self.order(pos, &mut actions, tt_action);
        if actions.len() == 1 || limits.stopped() {
            return Ok(Choice {
                action: actions[0],
                score: 0,
                depth: 0,
                nodes: 0,
            });
        }
        self.budget.start(limits, start);
        self.repetition = pos.rules().base.repetition.is_some();
        self.game = if self.repetition {
            history.iter().copied().collect()
        } else {
            HashSet::new()
        };
        // An iteration costs several times the last: none begins after a third of the time.
        let plan = Deepening {
            time_share: 3,
            ..Deepening::within(limits, start, MAX_DEPTH)
        };
        let best = deepen(
            actions[0],
            &plan,
            |depth| {
                let best = self.root(pos, &actions, depth as i32);
                // The best action first in the next iteration.
                if let Some((a, _)) = best
                    && let Some(i) = actions.iter().position(|&x| x == a)
                {
                    actions[..=i].rotate_right(1);
                }
                self.budget.iteration(best)
            },
            |_| {},
        );
        self.budget.release();
        Ok(Choice {
            action: best.action,
            score: best.score,
            depth: best.depth,
            nodes: self.budget.nodes(),
        })
    }

    fn new_game(&mut self) {
        self.tt.clear();
        self.history.fill(0);
    }
}
