//! The expectimax search for 翻棋: negamax alpha-beta at the players' nodes, expectation at
//! the chance nodes (a flip, or a move onto a face-down piece, averaged over the unseen pieces
//! with their probabilities), iterative deepening, a transposition table and a quiescence
//! search over captures.
//!
//! Flips are where the tree explodes (up to 50 points × 24 pieces), so they are expanded where
//! they matter:
//!
//! - within the first [`FlipSearchConfig::chance_plies`] plies from the root, a flip is a
//!   chance node: its value is the exact expectation of its outcomes, each searched one ply
//!   shallower with the full window (no outcome is skipped). With
//!   [`FlipSearchConfig::group_quiet_flips`], flips of points farther than 2 (files plus ranks)
//!   from every face-up piece are alike for the search's horizon: one of them (the first in the
//!   seeded order) stands for all;
//! - deeper, the flips of a node are one option: "flip something", searched as the turn
//!   passing with nothing revealed (a null move). Its value is what the position is worth if
//!   the player does nothing of consequence; it sees the enemy's captures that a flip far away
//!   does not prevent. Moves onto a face-down piece (`attack_face_down`) are always chance
//!   nodes.

use std::time::Instant;

use junqi_search::Tables;
use junqi_search::tt::Table;
use luzhanqi::flip::{FlipAction, FlipActionList, FlipPosition};
use luzhanqi::{Combat, Kind, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::FlipChoice;
use super::eval::{evaluate, piece_value};
use crate::eval::{WIN, distance};
use crate::node::{self, Node, Search, attack_gain, iterate, order_score, tables};
use crate::{Agent, AgentError, Limits};

/// How a [`FlipSearchAgent`] is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlipSearchConfig {
    /// The transposition table's entries (at least one), each of
    /// [`FlipSearchAgent::TT_ENTRY_BYTES`] bytes.
    pub hash_entries: usize,
    /// The deepest quiescence search below the main search's leaves, in plies.
    pub max_qdepth: u32,
    /// Flips are chance nodes within this many plies of the root (1: at the root only);
    /// deeper they are one null-move option.
    pub chance_plies: u32,
    /// At the chance plies, let one flip stand for all those farther than 2 from every
    /// face-up piece.
    pub group_quiet_flips: bool,
}

impl Default for FlipSearchConfig {
    /// 2^18 entries, quiescence 12 plies deep, chance nodes at the root, quiet flips grouped.
    fn default() -> FlipSearchConfig {
        FlipSearchConfig {
            hash_entries: 1 << 18,
            max_qdepth: 12,
            chance_plies: 1,
            group_quiet_flips: true,
        }
    }
}

/// How a node's option is searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Branch {
    /// A move between face-up pieces and empty points.
    Move,
    /// A chance action: the expectation over the unseen pieces.
    Chance,
    /// The node's flips as one option: the turn passes with nothing revealed.
    Pass,
}

/// The expectimax agent for 翻棋 (see the module documentation of [`crate::flip`]).
///
/// ```
/// use luzhanqi::flip::FlipPosition;
/// use luzhanqi_engine::flip::FlipSearchAgent;
/// use luzhanqi_engine::{Agent, Limits};
/// // A red marshal beside a blue division commander: take it.
/// let pos: FlipPosition =
///     "?????/?????/?1?1?/??1??/?1?1?/????d/????S/?1?1?/??1??/?1?1?/?????/????? 1 r \
///      JDDBBTTYYCCCPPPEEEZZLLLFsjdbbttyycccpppeeezzlllf 0 2".parse()?;
/// let c = FlipSearchAgent::new(1).choose(&pos, &[], &Limits::depth(2))?;
/// assert_eq!(c.action.to_string(), "e6e7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct FlipSearchAgent {
    config: FlipSearchConfig,
    rng: StdRng,
    /// The table, killers, history, path and node budget (the clock read only under a time
    /// limit).
    tables: Tables<FlipAction>,
    /// Passes (null moves) on the path: a line with one repeats nothing real.
    passes: u32,
}

/// A flip position as a search node: its attacks between face-up pieces are played out at
/// the leaves, a flip or an attack on a face-down piece is not one.
impl Node for FlipPosition {
    type Action = FlipAction;
    type Actions = FlipActionList;

    fn actions(&self) -> FlipActionList {
        self.legal_actions()
    }

    fn key(&self) -> u64 {
        self.zobrist_hash()
    }

    fn reversible_plies(&self) -> usize {
        self.plies_since_attack_or_flip() as usize
    }

    fn attack(&self, a: FlipAction) -> Option<(Combat, Side)> {
        if self.is_chance(a) {
            return None;
        }
        let c = self.combat(a, None)?;
        Some((c, self.side_to_act()?))
    }

    fn value(&self, side: Side, kind: Kind) -> i32 {
        piece_value(self, side, kind)
    }

    fn terminal(&self, ply: usize) -> Option<i32> {
        FlipSearchAgent::terminal(self, ply)
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn play(&mut self, a: FlipAction) {
        self.apply_unchecked(a, None);
    }

    fn history_index(a: FlipAction) -> Option<usize> {
        match a {
            FlipAction::Move(m) => Some(m.from.index() * 60 + m.to.index()),
            FlipAction::Flip(_) => None,
        }
    }
}

/// Whether a flip of `a`'s point may matter at once: a face-up piece within distance 2.
fn near_face_up(pos: &FlipPosition, a: FlipAction) -> bool {
    let FlipAction::Flip(sq) = a else {
        return true;
    };
    pos.face_up()
        .occupied()
        .iter()
        .any(|p| distance(p, sq) <= 2)
}

impl FlipSearchAgent {
    /// A search agent with the default [`FlipSearchConfig`], seeded with `seed` (the seed
    /// orders equal root actions).
    #[must_use]
    pub fn new(seed: u64) -> FlipSearchAgent {
        FlipSearchAgent::with_config(seed, FlipSearchConfig::default())
    }

    /// The bytes of one entry of the transposition table (24, as open play's
    /// [`SearchAgent::TT_ENTRY_BYTES`](crate::SearchAgent::TT_ENTRY_BYTES)).
    pub const TT_ENTRY_BYTES: usize = size_of::<crate::tt::Entry<FlipAction>>();

    /// A search agent with `config`; a table too large for the machine aborts (see
    /// [`FlipSearchAgent::try_with_config`]).
    #[must_use]
    pub fn with_config(seed: u64, config: FlipSearchConfig) -> FlipSearchAgent {
        FlipSearchAgent::build(seed, config, Table::new(config.hash_entries))
    }

    /// A search agent with `config`, or `None` when its transposition table cannot be
    /// allocated (asked for fallibly, never an abort).
    #[must_use]
    pub fn try_with_config(seed: u64, config: FlipSearchConfig) -> Option<FlipSearchAgent> {
        Table::try_new(config.hash_entries).map(|tt| FlipSearchAgent::build(seed, config, tt))
    }

    fn build(seed: u64, config: FlipSearchConfig, tt: Table<FlipAction>) -> FlipSearchAgent {
        FlipSearchAgent {
            config: FlipSearchConfig {
                hash_entries: tt.len(),
                ..config
            },
            rng: StdRng::seed_from_u64(seed),
            tables: tables(tt),
            passes: 0,
        }
    }

    /// The expectation of a chance action `a` of `pos` searched `depth` plies deep, each
    /// outcome with the full window; `None` if the search was stopped meanwhile.
    ///
    /// It is the value [`FlipSearchAgent::choose`] gives a flip at the root: the mean of the
    /// outcomes' values weighted by how many of each kind are still unseen (L-32's chance).
    pub fn chance_value(
        &mut self,
        pos: &FlipPosition,
        a: FlipAction,
        depth: u32,
        limits: &Limits,
    ) -> Option<i32> {
        self.begin(pos, &[], limits, limits.start());
        let v = self.expectation(pos, a, depth as i32 - 1, 0);
        (!self.tables.budget.stopped()).then_some(v)
    }

    /// Begin a search of `pos` under `limits` from `start` ([`Limits::start`]: on wasm32 the
    /// clock panics, and the page gives node limits).
    fn begin(
        &mut self,
        pos: &FlipPosition,
        history: &[u64],
        limits: &Limits,
        start: Option<Instant>,
    ) {
        self.passes = 0;
        self.tables.begin(
            limits,
            start,
            history,
            pos.plies_since_attack_or_flip() as usize,
            pos.zobrist_hash(),
        );
    }

    /// The score of a decided state for the player to act.
    fn terminal(pos: &FlipPosition, ply: usize) -> Option<i32> {
        let o = pos.outcome()?;
        Some(match (o.winner(), pos.side_to_act()) {
            (None, _) => 0,
            (Some(w), Some(us)) if w == us => WIN - ply as i32,
            (Some(_), _) => -(WIN - ply as i32),
        })
    }

    /// The options of a node in search order with their order scores.
    fn ordered(
        &mut self,
        pos: &FlipPosition,
        tt_action: Option<FlipAction>,
        ply: usize,
        shuffle: bool,
    ) -> Vec<(i32, (FlipAction, Branch))> {
        let mut actions: Vec<FlipAction> = pos.legal_actions().into_iter().collect();
        if shuffle {
            actions.shuffle(&mut self.rng);
        }
        let expand = ply < self.config.chance_plies as usize;
        let killers = self.tables.killers(ply);
        let mut out = Vec::with_capacity(actions.len());
        let mut flip_seen = false;
        let mut quiet_seen = false;
        for a in actions {
            let (branch, s) = match a {
                FlipAction::Flip(_) if expand => {
                    if self.config.group_quiet_flips && !near_face_up(pos, a) {
                        if quiet_seen {
                            continue;
                        }
                        quiet_seen = true;
                    }
                    (Branch::Chance, 850_000)
                }
                FlipAction::Flip(_) => {
                    if flip_seen {
                        continue;
                    }
                    flip_seen = true;
                    (Branch::Pass, 850_000)
                }
                FlipAction::Move(_) if pos.is_chance(a) => (Branch::Chance, 840_000),
                FlipAction::Move(_) => (
                    Branch::Move,
                    order_score(&self.tables, pos, a, tt_action, killers),
                ),
            };
            let s = if Some(a) == tt_action { i32::MAX } else { s };
            out.push((s, (a, branch)));
        }
        out.sort_by_key(|o| std::cmp::Reverse(o.0));
        out
    }

    /// The expectation of chance action `a`, each outcome searched to `depth` with the full
    /// window.
    fn expectation(&mut self, pos: &FlipPosition, a: FlipAction, depth: i32, ply: usize) -> i32 {
        let outcomes = pos.chance_outcomes();
        let total: i64 = outcomes.iter().map(|o| i64::from(o.weight)).sum();
        if total == 0 {
            return 0;
        }
        let mut acc: i64 = 0;
        for o in outcomes {
            let mut child = pos.clone();
            child.apply_unchecked(a, Some(o.piece));
            self.tables.path.push(child.zobrist_hash());
            let v = -node::search(self, &child, depth, -WIN - 1, WIN + 1, ply + 1);
            self.tables.path.pop();
            if self.tables.budget.stopped() {
                return 0;
            }
            acc += i64::from(o.weight) * i64::from(v);
        }
        (acc as f64 / total as f64).round() as i32
    }

    /// The value of option `(a, branch)` of `pos` for the player to act, its children
    /// searched to `depth` within `(alpha, beta)` (a chance node: the full window).
    #[allow(clippy::too_many_arguments)] // the search's node state, passed as the other nodes' is
    fn option_value(
        &mut self,
        pos: &FlipPosition,
        a: FlipAction,
        branch: Branch,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        match branch {
            Branch::Chance => self.expectation(pos, a, depth, ply),
            Branch::Move | Branch::Pass => {
                // A flip given no piece passes the turn (the `Pass` branch).
                let mut child = pos.clone();
                child.apply_unchecked(a, None);
                let pass = u32::from(branch == Branch::Pass);
                self.passes += pass;
                self.tables.path.push(child.zobrist_hash());
                let s = -node::search(self, &child, depth, -beta, -alpha, ply + 1);
                self.tables.path.pop();
                self.passes -= pass;
                s
            }
        }
    }
}

/// Flip play's options are its moves, its chance actions (an expectation, searched with the
/// full window) and, beyond the chance plies, its flips as one pass; none is reduced.
impl Search for FlipSearchAgent {
    type Node = FlipPosition;
    type Option = (FlipAction, Branch);
    type Child = ();

    fn tables(&self) -> &Tables<FlipAction> {
        &self.tables
    }

    fn tables_mut(&mut self) -> &mut Tables<FlipAction> {
        &mut self.tables
    }

    fn max_q(&self) -> u32 {
        self.config.max_qdepth
    }

    fn repetition_off(&self) -> bool {
        self.passes > 0
    }

    fn options(
        &mut self,
        pos: &FlipPosition,
        tt: Option<FlipAction>,
        ply: usize,
    ) -> Vec<(i32, (FlipAction, Branch))> {
        self.ordered(pos, tt, ply, false)
    }

    fn no_options(_: &FlipPosition, _: usize) -> i32 {
        0
    }

    fn action((a, _): (FlipAction, Branch)) -> FlipAction {
        a
    }

    fn full((_, branch): (FlipAction, Branch)) -> bool {
        branch == Branch::Chance
    }

    fn reduction(
        &self,
        _: &FlipPosition,
        _: usize,
        _: i32,
        _: (FlipAction, Branch),
        _: i32,
    ) -> i32 {
        0
    }

    fn quiet(pos: &FlipPosition, (a, branch): (FlipAction, Branch)) -> bool {
        branch == Branch::Move && attack_gain(pos, a).is_none()
    }

    fn prepare(&mut self, _: &FlipPosition, _: (FlipAction, Branch)) {}

    fn value(
        &mut self,
        pos: &FlipPosition,
        (): &(),
        (a, branch): (FlipAction, Branch),
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.option_value(pos, a, branch, depth, alpha, beta, ply)
    }

    fn release(&mut self, (): ()) {}
}

impl Agent<FlipPosition, FlipChoice, AgentError> for FlipSearchAgent {
    fn hash_entries(&self) -> usize {
        self.tables.tt.len()
    }

    fn name(&self) -> &'static str {
        "search"
    }

    fn choose(
        &mut self,
        pos: &FlipPosition,
        history: &[u64],
        limits: &Limits,
    ) -> Result<FlipChoice, AgentError> {
        let start = limits.start();
        self.begin(pos, history, limits, start);
        let root = self.ordered(pos, None, 0, true);
        let root = root.into_iter().map(|(_, o)| o).collect();
        let best = iterate(self, pos, root, limits, start)
            .ok_or_else(|| AgentError::NoLegalMove(pos.to_string()))?;
        Ok(FlipChoice {
            action: best.action,
            score: best.score,
            depth: best.depth,
            nodes: self.tables.budget.nodes(),
        })
    }

    fn new_game(&mut self) {
        self.tables.new_game();
    }
}

#[cfg(test)]
mod stop_tests {
    use std::time::Duration;

    use luzhanqi::flip::FlipPosition;

    use super::FlipSearchAgent;
    use crate::{Agent, Limits};

    /// A raised stop signal ends the search at its next look at the clock, with a legal
    /// action; the time limit is only a backstop so that a broken signal fails, not hangs.
    #[test]
    fn a_raised_stop_signal_ends_the_search() {
        // Face-up pieces next to face-down ones: many root actions, so without the signal the
        // search deepens until the backstop (from the start, all flips group into one).
        let pos: FlipPosition =
            "?????/?????/?1?1?/??1??/?1?1?/??js?/??E?P/?1?1?/??1??/?1?1?/?????/????? 1 r \
             SJDDBBTTYYCCCPPEEZZLLLFddbbttyycccpppeeezzlllf 0 3"
                .parse()
                .unwrap();
        let stop = crate::StopSignal::new();
        stop.raise();
        let limits = Limits {
            nodes: Some(u64::MAX),
            time: Some(Duration::from_secs(30)),
            ..Limits::default()
        }
        .with_stop(stop);
        let c = FlipSearchAgent::new(5).choose(&pos, &[], &limits).unwrap();
        assert!(pos.is_legal(c.action));
        assert!(c.nodes <= 1_000, "{} nodes after stop", c.nodes);
    }
}
