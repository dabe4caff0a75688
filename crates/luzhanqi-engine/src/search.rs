//! The alpha-beta search for open play: iterative deepening, principal-variation search with
//! late-move reductions, a transposition table keyed by the position's Zobrist key, move
//! ordering (hash move, attacks by gain, killers, history) and a quiescence search over the
//! attacks that do not simply lose the attacker.

use std::ops::ControlFlow;

use junqi_search::tt::{Bound, Table};
use junqi_search::{Deepening, Tables, deepen, now, root_loop};
use luzhanqi::{AttackOutcome, Combat, Kind, Move, MoveList, Position, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::eval::{WIN, evaluate, piece_value};
use crate::node::{MAX_PLY, Node, attack_gain, enter, quiesce};
use crate::{Agent, AgentError, Choice, Limits};

/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 256;

/// How a [`SearchAgent`] is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// The transposition table's entries (at least one), each of
    /// [`SearchAgent::TT_ENTRY_BYTES`] bytes: a table of `m` MiB holds
    /// `m × 2^20 / TT_ENTRY_BYTES` of them.
    pub hash_entries: usize,
    /// The deepest quiescence search below the main search's leaves, in plies.
    pub max_qdepth: u32,
    /// Late-move reductions on quiet moves (off: a plain principal-variation search).
    pub reductions: bool,
}

impl Default for SearchConfig {
    /// 2^18 entries (6 MiB), quiescence 12 plies deep, reductions on.
    fn default() -> SearchConfig {
        SearchConfig {
            hash_entries: 1 << 18,
            max_qdepth: 12,
            reductions: true,
        }
    }
}

/// The alpha-beta agent (see the module and crate documentation).
///
/// ```
/// use luzhanqi::Position;
/// use luzhanqi_engine::{Agent, Limits, SearchAgent};
/// let pos = Position::default();
/// let c = SearchAgent::new(1).choose(&pos, &[], &Limits::nodes(2_000))?;
/// assert!(pos.is_legal(c.mv));
/// assert!(c.nodes <= 2_000 + 256);
/// # Ok::<(), luzhanqi_engine::AgentError>(())
/// ```
#[derive(Debug, Clone)]
pub struct SearchAgent {
    config: SearchConfig,
    rng: StdRng,
    /// The table, killers, history, path and node budget (the clock read only under a time
    /// limit).
    tables: Tables<Move>,
    root_side: Side,
}

/// An open position as a search node: every attack is between known pieces.
impl Node for Position {
    type Action = Move;
    type Actions = MoveList;

    fn actions(&self) -> MoveList {
        self.legal_moves()
    }

    fn key(&self) -> u64 {
        self.zobrist_hash()
    }

    fn reversible_plies(&self) -> usize {
        self.plies_since_attack() as usize
    }

    fn attack(&self, m: Move) -> Option<(Combat, Side)> {
        Some((self.combat(m)?, self.turn()))
    }

    fn value(&self, side: Side, kind: Kind) -> i32 {
        piece_value(self, side, kind)
    }

    fn terminal(&self, ply: usize) -> Option<i32> {
        SearchAgent::terminal(self, ply)
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn play(&mut self, m: Move) {
        self.play_unchecked(m);
    }
}

/// A move's from and to points as a history index.
fn history_index(m: Move) -> usize {
    m.from.index() * 60 + m.to.index()
}

impl SearchAgent {
    /// A search agent with the default [`SearchConfig`], seeded with `seed` (the seed orders
    /// equal root moves, so that two seeds may play different games).
    #[must_use]
    pub fn new(seed: u64) -> SearchAgent {
        SearchAgent::with_config(seed, SearchConfig::default())
    }

    /// The bytes of one entry of the transposition table (24: a key of 8 bytes, a score of
    /// 4, a depth of 2, a bound and a best move, aligned to 8).
    pub const TT_ENTRY_BYTES: usize = size_of::<crate::tt::Entry<Move>>();

    /// A search agent with `config`; a table too large for the machine aborts (see
    /// [`SearchAgent::try_with_config`]).
    #[must_use]
    pub fn with_config(seed: u64, config: SearchConfig) -> SearchAgent {
        SearchAgent::build(seed, config, Table::new(config.hash_entries))
    }

    /// A search agent with `config`, or `None` when its transposition table cannot be
    /// allocated (asked for fallibly, never an abort).
    #[must_use]
    pub fn try_with_config(seed: u64, config: SearchConfig) -> Option<SearchAgent> {
        Table::try_new(config.hash_entries).map(|tt| SearchAgent::build(seed, config, tt))
    }

    fn build(seed: u64, config: SearchConfig, tt: Table<Move>) -> SearchAgent {
        SearchAgent {
            config: SearchConfig {
                hash_entries: tt.len(),
                ..config
            },
            rng: StdRng::seed_from_u64(seed),
            tables: Tables::new(tt, MAX_PLY, 60 * 60, CLOCK_INTERVAL),
            root_side: Side::Red,
        }
    }

    /// The score of a position without moves or otherwise decided, if it is: a lost flag, the
    /// no-combat limit.
    fn terminal(pos: &Position, ply: usize) -> Option<i32> {
        let us = pos.turn();
        if !pos.has_flag(us) {
            return Some(-(WIN - ply as i32));
        }
        if !pos.has_flag(us.other()) {
            return Some(WIN - ply as i32);
        }
        let limit = pos.ruleset().no_combat_limit;
        if limit != 0 && pos.plies_since_attack() >= u32::from(limit) {
            return Some(0);
        }
        None
    }

    /// The score when the side to move has no legal move: a draw if neither side can move
    /// (L-14), else a loss.
    fn no_moves(pos: &Position, ply: usize) -> i32 {
        if pos.movable(Side::Red).is_empty() && pos.movable(Side::Blue).is_empty() {
            0
        } else {
            -(WIN - ply as i32)
        }
    }

    fn order(
        &self,
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        ply: usize,
    ) -> Vec<(i32, Move)> {
        let killers = self.tables.killers(ply);
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let s = if Some(m) == tt_move {
                    i32::MAX
                } else if let Some((outcome, gain)) = attack_gain(pos, m) {
                    match outcome {
                        AttackOutcome::AttackerRemoved => -1_000_000 + gain,
                        _ if gain >= 0 => 1_000_000 + gain,
                        _ => -500_000 + gain,
                    }
                } else if killers[0] == Some(m) {
                    900_000
                } else if killers[1] == Some(m) {
                    899_000
                } else {
                    self.tables.history(history_index(m))
                };
                (s, m)
            })
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let max_q = self.config.max_qdepth;
        let (key, tt_move) =
            match enter(&mut self.tables, max_q, pos, depth, alpha, beta, ply, false) {
                ControlFlow::Break(s) => return s,
                ControlFlow::Continue(c) => c,
            };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return SearchAgent::no_moves(pos, ply);
        }
        let ordered = self.order(pos, &moves, tt_move, ply);
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        for (i, &(order_score, m)) in ordered.iter().enumerate() {
            let quiet = pos.piece_at(m.to).is_none();
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.tables.path.push(child.zobrist_hash());
            let s = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduce = self.config.reductions
                    && quiet
                    && depth >= 3
                    && i >= 4
                    && order_score < 899_000;
                let r = if reduce { 1 } else { 0 };
                let mut s = -self.negamax(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
                if s > alpha && r > 0 && !self.tables.budget.stopped() {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.tables.budget.stopped() {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            self.tables.path.pop();
            if self.tables.budget.stopped() {
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        if quiet {
                            self.tables.reward(ply, m, Some(history_index(m)), depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, alpha0, beta);
        self.tables
            .tt
            .store(key, depth, best, bound, best_move, ply);
        best
    }

    /// The quiescence value of `pos` for its side to move (attacks played out, as at the
    /// search's leaves) within about `nodes` nodes, and the nodes used; the static evaluation
    /// when the budget runs out first.
    pub(crate) fn quiet_value(&mut self, pos: &Position, nodes: u64) -> (i32, u64) {
        self.tables.budget.start(&Limits::nodes(nodes.max(1)), None);
        let s = quiesce(
            &mut self.tables,
            self.config.max_qdepth,
            pos,
            -WIN - 1,
            WIN + 1,
            0,
            0,
        );
        let s = if self.tables.budget.stopped() {
            evaluate(pos)
        } else {
            s
        };
        (s, self.tables.budget.nodes())
    }

    /// One iteration at the root: the best move and score among `root` (in order), or `None`
    /// if stopped before the first move was searched. Moves found better are moved to the
    /// front for the next iteration.
    fn root(&mut self, pos: &Position, root: &mut Vec<Move>, depth: i32) -> Option<(Move, i32)> {
        let beta = WIN + 1;
        let best = root_loop(root, |m, alpha, first| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.tables.path.push(child.zobrist_hash());
            let s = if first {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let mut s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.tables.budget.stopped() {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, 1);
                }
                s
            };
            self.tables.path.pop();
            (!self.tables.budget.stopped()).then_some(s)
        });
        if let Some((m, s)) = best {
            self.tables
                .tt
                .store(pos.zobrist_hash(), depth, s, Bound::Exact, Some(m), 0);
        }
        best
    }
}

/// A win or loss score relative to the root, stored relative to the node.
impl Agent for SearchAgent {
    fn hash_entries(&self) -> usize {
        self.tables.tt.len()
    }

    fn name(&self) -> &'static str {
        "search"
    }

    fn choose(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
    ) -> Result<Choice, AgentError> {
        // The clock is read only when there is a time limit (see `junqi_search::now`).
        let start = limits.time.map(|t| (now(), t));
        let mut root: Vec<Move> = pos.legal_moves().into_iter().collect();
        if root.is_empty() {
            return Err(AgentError::NoLegalMove(pos.to_string()));
        }
        root.shuffle(&mut self.rng);
        // Winning and even attacks first, for the first iteration.
        let ordered = self.order(pos, &root, None, 0);
        root = ordered.into_iter().map(|(_, m)| m).collect();

        self.root_side = pos.turn();
        self.tables.begin(
            limits,
            start.map(|(s, _)| s),
            history,
            pos.plies_since_attack() as usize,
            pos.zobrist_hash(),
        );

        let plan = Deepening {
            single: root.len() == 1,
            clock: start,
            ..Deepening::new(limits.max_depth(Limits::DEFAULT_DEPTH))
        };
        let best = deepen(
            root[0],
            &plan,
            |depth| {
                let best = self.root(pos, &mut root, depth as i32);
                self.tables.budget.iteration(best)
            },
            |_| {},
        );
        Ok(Choice {
            mv: best.action,
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
mod clock_tests {
    use std::time::Duration;

    use super::SearchAgent;
    use crate::flip::{FlipAgent, FlipSearchAgent};
    use crate::{Agent, Limits};
    use junqi_search::clock_reads as reads;
    use luzhanqi::Position;
    use luzhanqi::flip::FlipPosition;

    /// Under node or depth limits neither search (open, flip) reads the clock (it would panic
    /// on wasm32-unknown-unknown, where the web page runs them); under a time limit each does.
    #[test]
    fn the_clock_is_read_only_under_a_time_limit() {
        let pos = Position::default();
        let mut agent = SearchAgent::new(3);
        let flip = FlipPosition::start();
        let mut flipper = FlipSearchAgent::new(3);
        let before = reads();
        agent.choose(&pos, &[], &Limits::nodes(5_000)).unwrap();
        agent.choose(&pos, &[], &Limits::depth(2)).unwrap();
        flipper.choose(&flip, &[], &Limits::nodes(3_000)).unwrap();
        flipper.choose(&flip, &[], &Limits::depth(2)).unwrap();
        // Stopped by the node limit or not, the flip search reads no clock.
        let _ = flipper.chance_value(&flip, "c6".parse().unwrap(), 2, &Limits::nodes(2_000));
        assert_eq!(reads(), before, "no time limit, no clock");
        let time = Limits::time(Duration::from_millis(20));
        agent.choose(&pos, &[], &time).unwrap();
        let open_reads = reads();
        assert!(open_reads > before, "a time limit reads the clock (open)");
        flipper.choose(&flip, &[], &time).unwrap();
        assert!(reads() > open_reads, "a time limit reads the clock (flip)");
    }
}

#[cfg(test)]
mod table_tests {
    /// Issue 50, item 5: the entry size the documentation and the `Hash` option count with.
    #[test]
    fn an_entry_takes_24_bytes() {
        assert_eq!(crate::SearchAgent::TT_ENTRY_BYTES, 24);
        assert_eq!(crate::flip::FlipSearchAgent::TT_ENTRY_BYTES, 24);
    }
}
