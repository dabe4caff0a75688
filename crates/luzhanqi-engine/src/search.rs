//! The alpha-beta search for open play: iterative deepening, principal-variation search with
//! late-move reductions, a transposition table keyed by the position's Zobrist key, move
//! ordering (hash move, attacks by gain, killers, history) and a quiescence search over the
//! attacks that do not simply lose the attacker.

use junqi_search::Tables;
use junqi_search::tt::Table;
use luzhanqi::{Combat, Kind, Move, MoveList, Position, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::eval::{WIN, evaluate, piece_value};
use crate::node::{self, Node, Search, iterate, order_score, quiesce, tables};
use crate::{Agent, AgentError, Answer, Choice, Limits};

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

    fn history_index(m: Move) -> Option<usize> {
        Some(m.from.index() * 60 + m.to.index())
    }
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
            tables: tables(tt),
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

    /// `moves` of `pos` in search order with their order scores ([`order_score`]), `tt_move`
    /// the table's best move.
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
            .map(|&m| (order_score(&self.tables, pos, m, tt_move, killers), m))
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored
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
}

/// The open search's options are its moves, each searched on the position after it; a quiet
/// move late in the order is searched a ply shallower first.
impl Search for SearchAgent {
    type Node = Position;
    type Option = Move;
    type Child = Position;

    fn tables(&self) -> &Tables<Move> {
        &self.tables
    }

    fn tables_mut(&mut self) -> &mut Tables<Move> {
        &mut self.tables
    }

    fn max_q(&self) -> u32 {
        self.config.max_qdepth
    }

    fn repetition_off(&self) -> bool {
        false
    }

    fn options(&mut self, pos: &Position, tt: Option<Move>, ply: usize) -> Vec<(i32, Move)> {
        self.order(pos, &pos.legal_moves(), tt, ply)
    }

    fn no_options(pos: &Position, ply: usize) -> i32 {
        SearchAgent::no_moves(pos, ply)
    }

    fn action(m: Move) -> Move {
        m
    }

    fn full(_: Move) -> bool {
        false
    }

    fn reduction(&self, pos: &Position, i: usize, order: i32, m: Move, depth: i32) -> i32 {
        let reduce = self.config.reductions
            && SearchAgent::quiet(pos, m)
            && depth >= 3
            && i >= 4
            && order < 899_000;
        i32::from(reduce)
    }

    fn quiet(pos: &Position, m: Move) -> bool {
        pos.piece_at(m.to).is_none()
    }

    fn prepare(&mut self, pos: &Position, m: Move) -> Position {
        let mut child = pos.clone();
        child.play_unchecked(m);
        self.tables.path.push(child.zobrist_hash());
        child
    }

    fn value(
        &mut self,
        _: &Position,
        child: &Position,
        _: Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        -node::search(self, child, depth, -beta, -alpha, ply + 1)
    }

    fn release(&mut self, _: Position) {
        self.tables.path.pop();
    }
}

impl Agent<Position, Choice, AgentError> for SearchAgent {
    fn hash_entries(&self) -> usize {
        self.tables.tt.len()
    }

    fn name(&self) -> &'static str {
        "search"
    }

    fn choose(&mut self, pos: &Position, history: &[u64], limits: &Limits) -> Answer {
        let start = limits.start();
        let mut root: Vec<Move> = pos.legal_moves().into_iter().collect();
        if root.is_empty() {
            return Err(AgentError::NoLegalMove(pos.to_string()));
        }
        root.shuffle(&mut self.rng);
        // Winning and even attacks first, for the first iteration.
        let ordered = self.order(pos, &root, None, 0);
        root = ordered.into_iter().map(|(_, m)| m).collect();

        self.tables.begin(
            limits,
            start,
            history,
            pos.plies_since_attack() as usize,
            pos.zobrist_hash(),
        );
        let best = iterate(self, pos, root, limits, start)
            .ok_or_else(|| AgentError::NoLegalMove(pos.to_string()))?;
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
    use crate::flip::FlipSearchAgent;
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
