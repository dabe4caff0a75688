//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS) over drawn worlds.

use std::time::Instant;

use luzhanqi::board::{RAILWAY, neighbours};
use luzhanqi::dark::{DarkView, InfoState};
use luzhanqi::{Bitboard, FlagCapture, Kind, Move, MoveList, NoCombatResult, Position, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::worlds::{World, WorldCache};
use super::{DarkAgentError, DarkAnswer};
use crate::{Agent, Choice, Limits, SearchAgent, SearchConfig};

/// How an [`IsmctsAgent`] is built.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IsmctsConfig {
    /// Worlds drawn per move; iteration `i` plays in world `i mod worlds` (at least 1).
    pub worlds: u32,
    /// Nodes per move when the limits give none.
    pub default_nodes: u64,
    /// The exploration constant of UCT (rewards lie in 0 … 1).
    pub exploration: f64,
    /// The most nodes a leaf's quiescence search may use.
    pub leaf_nodes: u64,
    /// Evaluation units per unit of the logistic that turns a leaf's score into a reward.
    pub scale: f64,
    /// The most nodes the tree holds (never fewer than the root and its children): when it
    /// is full the search goes on through the tree as it is, adding no node, so that its
    /// memory is bounded however long it runs (`go infinite`, issue 50 item 7). A node takes
    /// at most [`IsmctsAgent::TREE_NODE_BYTES`]; `luzhanqi engine` derives the budget from
    /// `Hash` ([`IsmctsConfig::tree_nodes_in`]).
    pub max_tree_nodes: usize,
    /// Only the root moves after which the enemy is furthest from taking the own flag
    /// (within four of its moves, the own side not answering) over the worlds drawn are
    /// searched: attacks on a raider, blocks of its railway run, never a move that opens a
    /// lane to the flag (`flag_guard`). Default `false`.
    pub flag_guard: bool,
}

impl IsmctsConfig {
    /// How many tree nodes fit in `megabytes` MiB (at least one).
    ///
    /// ```
    /// use luzhanqi_engine::dark::{IsmctsAgent, IsmctsConfig};
    /// assert_eq!(IsmctsConfig::tree_nodes_in(1), (1 << 20) / IsmctsAgent::TREE_NODE_BYTES);
    /// ```
    #[must_use]
    pub const fn tree_nodes_in(megabytes: usize) -> usize {
        junqi_protocol::hash::entries_in(megabytes, IsmctsAgent::TREE_NODE_BYTES)
    }
}

impl Default for IsmctsConfig {
    /// 32 worlds, 32,000 nodes a move, exploration 0.7, leaves of at most 200 nodes, scale
    /// 300, a tree of at most 4 MiB (`Hash`'s default).
    fn default() -> IsmctsConfig {
        IsmctsConfig {
            worlds: 32,
            default_nodes: 32_000,
            exploration: 0.7,
            leaf_nodes: 200,
            scale: 300.0,
            max_tree_nodes: IsmctsConfig::tree_nodes_in(4),
            flag_guard: false,
        }
    }
}

/// A node of the tree: the information set reached by a sequence of moves from the root.
#[derive(Debug, Clone)]
struct Node {
    mv: Move,
    /// The side that played `mv`.
    mover: Side,
    children: Vec<usize>,
    visits: u32,
    /// How often the node's move was legal when its parent was visited.
    available: u32,
    /// The sum of the rewards for `mover`.
    reward: f64,
}

/// Information-set Monte Carlo tree search, single observer (Cowling, Powley and Whitehouse,
/// 2012): one tree over move sequences, shared by all worlds. Each iteration takes the next of
/// `worlds` worlds drawn from the exact
/// [`WorldSampler`](luzhanqi::dark::WorldSampler) for this move (each replayed to the
/// present), descends the tree choosing among the moves legal in that world by UCT with
/// availability counts (`mean + c·√(ln available / visits)`), adds one untried move's node,
/// and scores the leaf by the quiescence search of the alpha-beta agent (attacks played out,
/// then [`eval::evaluate`](crate::eval::evaluate)) turned into a reward in 0 … 1 by a
/// logistic; a decided position scores 1, ½ or 0. The leaf's score is scaled down toward
/// half as the no-combat count (L-15) runs out, so that an advantage is pressed before the
/// draw. Rewards are backed up for the side that
/// moved into each node. The root's most visited move is played.
///
/// Nodes count every move played in the tree and every quiescence node; the search stops at
/// the node limit (overshooting by at most one leaf's budget) or the time limit (checked
/// between two worlds drawn and every 16 iterations); `depth` caps the tree's depth. The tree
/// holds at most [`IsmctsConfig::max_tree_nodes`]: once full, an iteration that reaches an
/// untried move plays it without adding its node and values the position after it.
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// use luzhanqi_engine::{Agent, Limits};
/// use luzhanqi_engine::dark::IsmctsAgent;
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// let c = IsmctsAgent::new(1).choose(game.info_state(Side::Red), &[], &Limits::nodes(3_000))?;
/// assert!(game.game().legal_moves().contains(&c.mv));
/// assert!(c.nodes <= 3_000 + 200);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct IsmctsAgent {
    config: IsmctsConfig,
    rng: StdRng,
    leaf: SearchAgent,
    worlds: WorldCache,
    /// The last search's tree size and worlds drawn (for tests).
    last: (usize, usize),
}

impl IsmctsAgent {
    /// The most bytes one node of the tree takes: the node and its index in its parent's
    /// list, twice over for the spare capacity of growing vectors.
    pub const TREE_NODE_BYTES: usize = 2 * (size_of::<Node>() + size_of::<usize>());

    /// An agent with the default [`IsmctsConfig`], seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> IsmctsAgent {
        IsmctsAgent::with_config(seed, IsmctsConfig::default())
    }

    /// An agent with `config`.
    #[must_use]
    pub fn with_config(seed: u64, config: IsmctsConfig) -> IsmctsAgent {
        IsmctsAgent {
            config: IsmctsConfig {
                worlds: config.worlds.max(1),
                ..config
            },
            rng: StdRng::seed_from_u64(seed),
            leaf: SearchAgent::with_config(
                seed,
                SearchConfig {
                    hash_entries: 1 << 4,
                    ..SearchConfig::default()
                },
            ),
            worlds: WorldCache::default(),
            last: (0, 0),
        }
    }

    /// The reward of `pos` for `root` and the nodes used.
    fn leaf_value(&mut self, pos: &Position, root: Side, budget: u64) -> (f64, u64) {
        if let Some(o) = pos.outcome() {
            let r = match o.winner() {
                Some(w) if w == root => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            return (r, 1);
        }
        let (s, n) = self.leaf.quiet_value(pos, budget);
        let s = if pos.turn() == root { s } else { -s };
        // Progress: an advantage fades toward the draw as the no-combat count runs out.
        let limit = i32::from(pos.ruleset().no_combat_limit);
        let s = if limit > 0 {
            let left = (limit - pos.plies_since_attack() as i32).max(0);
            s * (limit + left) / (2 * limit)
        } else {
            s
        };
        (1.0 / (1.0 + (-f64::from(s) / self.config.scale).exp()), n)
    }
}

impl Agent<InfoState, Choice, DarkAgentError> for IsmctsAgent {
    fn name(&self) -> &'static str {
        "ismcts"
    }

    fn choose(&mut self, state: &InfoState, _: &[u64], limits: &Limits) -> DarkAnswer {
        // The clock is read only under a time limit: on wasm32-unknown-unknown (the web
        // page's worker, node limits) `Instant::now` panics.
        let start = limits.time.map(|_| Instant::now());
        let view = DarkView::new(state);
        let mut root_moves = view.legal_moves();
        // Under `no_combat_result` `loss_to_mover` (L-15, the CCGC competition's rule) the
        // ply that completes the limit loses: the library scores it so in the tree, and a
        // quiet root move that would complete it is not played while an attack is legal.
        if state.rules().rules.no_combat_result() == NoCombatResult::LossToMover {
            root_moves = no_combat_guard(&view, root_moves, state.rules().rules.no_combat_limit);
        }
        if root_moves.is_empty() {
            return Err(DarkAgentError::NoLegalMove(state.to_string()));
        }
        if root_moves.len() == 1 {
            return Ok(Choice {
                mv: root_moves[0],
                score: 0,
                depth: 0,
                nodes: 0,
            });
        }
        let root_side = state.side();
        let time_up = || limits.spent(start);
        // The time is looked at between two worlds drawn (issue 50, item 13); the flag guard
        // has at least `GUARD_WORLDS` of them however short the time (a raider seen in few
        // worlds is missed in one: the sampler's rebuild can take a short move's time).
        let least = if self.config.flag_guard && limits.time.is_none_or(|t| t >= GUARD_MIN_TIME) {
            GUARD_WORLDS.min(self.config.worlds as usize)
        } else {
            1
        };
        let mut drawn = 1;
        let worlds = self
            .worlds
            .draw(state, self.config.worlds as usize, &mut self.rng, || {
                drawn += 1;
                drawn > least && time_up()
            })?;
        if self.config.flag_guard {
            root_moves = flag_guard(&worlds, root_moves, root_side);
        }
        let capacity = self.config.max_tree_nodes.max(1 + root_moves.len());
        let budget = match (limits.nodes, limits.time, limits.depth) {
            (Some(x), _, _) => x,
            (None, None, _) => self.config.default_nodes,
            _ => u64::MAX,
        };
        let max_depth = limits.depth.unwrap_or(u32::MAX).max(1) as usize;
        let c = self.config.exploration;
        // Node 0 is the root (its move and mover unused).
        let mut tree = vec![Node {
            mv: root_moves[0],
            mover: root_side.other(),
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        }];
        let mut nodes = 0u64;
        let mut iteration = 0usize;
        let mut deepest = 0usize;
        let mut path = Vec::with_capacity(64);
        while nodes < budget {
            if iteration.is_multiple_of(16) && iteration > 0 && time_up() {
                break;
            }
            let mut pos = worlds[iteration % worlds.len()].pos.clone();
            iteration += 1;
            path.clear();
            path.push(0);
            let mut node = 0;
            loop {
                if path.len() > max_depth {
                    break;
                }
                let mut legal = pos.legal_moves();
                if node == 0 {
                    legal.retain(|m| root_moves.contains(m));
                }
                if legal.is_empty() {
                    break;
                }
                let mut untried: Vec<Move> = Vec::new();
                for &m in &legal {
                    if let Some(&ch) = tree[node].children.iter().find(|&&ch| tree[ch].mv == m) {
                        tree[ch].available += 1;
                    } else {
                        untried.push(m);
                    }
                }
                if !untried.is_empty() && tree.len() >= capacity {
                    // The tree is full: play an untried move without its node, and value the
                    // position after it.
                    pos.play_unchecked(untried[self.rng.random_range(0..untried.len())]);
                    nodes += 1;
                    break;
                }
                let next = if untried.is_empty() {
                    let mut best = (f64::NEG_INFINITY, 0usize);
                    for &ch in &tree[node].children {
                        let n = &tree[ch];
                        if !legal.contains(&n.mv) {
                            continue;
                        }
                        let v = n.reward / f64::from(n.visits)
                            + c * (f64::from(n.available).ln() / f64::from(n.visits)).sqrt();
                        if v > best.0 {
                            best = (v, ch);
                        }
                    }
                    best.1
                } else {
                    let m = untried[self.rng.random_range(0..untried.len())];
                    tree.push(Node {
                        mv: m,
                        mover: pos.turn(),
                        children: Vec::new(),
                        visits: 0,
                        available: 1,
                        reward: 0.0,
                    });
                    let ch = tree.len() - 1;
                    tree[node].children.push(ch);
                    ch
                };
                pos.play_unchecked(tree[next].mv);
                nodes += 1;
                path.push(next);
                node = next;
                if tree[next].visits == 0 {
                    break;
                }
            }
            deepest = deepest.max(path.len() - 1);
            let leaf_budget = self
                .config
                .leaf_nodes
                .min(budget.saturating_sub(nodes))
                .max(1);
            let (r, n) = self.leaf_value(&pos, root_side, leaf_budget);
            nodes += n;
            for &i in &path {
                let t = &mut tree[i];
                t.visits += 1;
                t.reward += if t.mover == root_side { r } else { 1.0 - r };
            }
        }
        self.last = (tree.len(), worlds.len());
        let best = tree[0]
            .children
            .iter()
            .copied()
            .max_by(|&a, &b| {
                let (x, y) = (&tree[a], &tree[b]);
                x.visits.cmp(&y.visits).then(
                    (x.reward / f64::from(x.visits.max(1)))
                        .total_cmp(&(y.reward / f64::from(y.visits.max(1)))),
                )
            })
            .ok_or_else(|| DarkAgentError::NoLegalMove(state.to_string()))?;
        let b = &tree[best];
        let p = (b.reward / f64::from(b.visits.max(1))).clamp(1e-6, 1.0 - 1e-6);
        Ok(Choice {
            mv: b.mv,
            score: (self.config.scale * (p / (1.0 - p)).ln()) as i32,
            depth: deepest as u32,
            nodes,
        })
    }

    fn new_game(&mut self) {
        self.worlds.clear();
    }
}

/// The root moves under the competition's no-combat rule: when a quiet move would complete
/// the no-combat limit `limit` (L-15) and so lose, only the attacks (moves onto an enemy
/// piece), if there are any; otherwise `moves` unchanged.
fn no_combat_guard(view: &DarkView, moves: MoveList, limit: u16) -> MoveList {
    if limit == 0 || view.plies_since_attack() + 1 < u32::from(limit) {
        return moves;
    }
    let (_, enemy) = view.occupied();
    let attacks: MoveList = moves
        .iter()
        .copied()
        .filter(|m| enemy.contains(m.to))
        .collect();
    if attacks.is_empty() { moves } else { attacks }
}

/// The fewest worlds [`flag_guard`] weighs the moves in, drawn even when the time is up
/// (a world is replayed through the game in about a tenth of a millisecond): 32, the
/// default's all. A raider whose kind is one of several (an engineer among the unmoved
/// pieces of the back row, one chance in ten) is missed by 16 worlds about once in five,
/// by 32 once in thirty (a lost game of the stand-in's raid, docs/ccgc.md).
const GUARD_WORLDS: usize = 32;

/// The shortest move time for which [`GUARD_WORLDS`] are drawn whatever the time: under a
/// shorter one (a clock nearly out) the worlds stop with the time, as without the guard. Its
/// worlds and weighing take tens of milliseconds on a loaded machine: forced on a move of
/// 20 ms, they lost a 60-s game on time at ply 230 (docs/ccgc.md).
const GUARD_MIN_TIME: std::time::Duration = std::time::Duration::from_millis(100);

/// How many of its own moves ahead [`flag_guard`] looks for an enemy raider (the own side
/// not answering): four, so that a raider one railway run from the flag's neighbourhood
/// (down the railway, through a corner landmine an engineer or a bomb removes, onto the flag)
/// is seen while there are still two own moves to answer it, and the blocker of its lane
/// taken first (a bomb removing the piece on the file, the stand-in's raid, docs/ccgc.md) is
/// seen a move earlier, while a second blocker can still be brought up. The fourth move is
/// looked at only after an attack (a lane opened): [`flag_threat`].
const FLAG_GUARD_DEPTH: u32 = 4;

/// The fewest moves, at most `depth` (1 … 4), in which `me`'s enemy can take `me`'s flag in
/// `pos` playing alone (`me` not answering; L-12, L-13), whatever side is to move; `None`
/// when it cannot within `depth`. Railway runs (L-8, L-9) and attacks with their outcome in
/// this world (L-11: an engineer clears a landmine, a bomb removes it with itself, a piece
/// beating the occupant of a point takes it) are all counted, by one piece or several. Four
/// moves are counted only when the first is an attack (an own piece removed, a lane opened,
/// then a take in three): a cheap fourth move, a few attacks each searched three deep,
/// where every quiet first move would cost some forty times the three-move search.
fn flag_threat(pos: &Position, me: Side, depth: u32) -> Option<u32> {
    let flag = pos.pieces(me, Kind::Flag).first()?;
    let them = me.other();
    // The points from which a move can reach the flag: off the railway (a headquarters,
    // L-17) only its neighbours (L-7). Under `after_mines` a move far away (on the last
    // landmine) can open the flag, so every point is looked at.
    let last = if RAILWAY.contains(flag) || pos.ruleset().flag_capture == FlagCapture::AfterMines {
        !Bitboard::EMPTY
    } else {
        neighbours(flag)
    };
    let takes = |p: &Position| {
        (p.movable(them) & last)
            .iter()
            .any(|s| p.moves_from(s).contains(flag))
    };
    if takes(pos) {
        return Some(1);
    }
    if depth < 2 {
        return None;
    }
    let mut three = false;
    for from in pos.movable(them) {
        for to in pos.moves_from(from) {
            let mut after = pos.clone();
            after.play_unchecked(Move { from, to });
            if takes(&after) {
                return Some(2);
            }
            if depth < 3 || three {
                continue;
            }
            // The second move must bring a piece onto a point the flag is reached from
            // (else a piece already there would have made it a threat in two).
            'second: for f2 in after.movable(them) {
                for t2 in after.moves_from(f2) & last {
                    let mut again = after.clone();
                    again.play_unchecked(Move { from: f2, to: t2 });
                    if takes(&again) {
                        three = true;
                        break 'second;
                    }
                }
            }
        }
    }
    if three {
        return Some(3);
    }
    if depth < 4 {
        return None;
    }
    let mine = pos.side_pieces(me);
    for from in pos.movable(them) {
        for to in pos.moves_from(from) & mine {
            let mut after = pos.clone();
            after.play_unchecked(Move { from, to });
            if flag_threat(&after, me, 3) == Some(3) {
                return Some(4);
            }
        }
    }
    None
}

/// Whether `me`, having moved in `pos` (the enemy to move), is left without a movable piece
/// by the enemy's next move while the enemy keeps one: a loss (L-14; under `ccgc`'s
/// `draw_if_both_stuck` only both sides stuck is a draw), as sure as the flag falling next
/// move. Either `me` has no movable piece left (the own attacker died) or its last one can
/// be removed (L-11: beaten or traded).
fn left_without_a_move(pos: &Position, me: Side) -> bool {
    let them = me.other();
    if pos.movable(them).is_empty() {
        return false;
    }
    let mine = pos.movable(me);
    if mine.is_empty() {
        return true;
    }
    if mine.count() > 1 {
        return false;
    }
    let Some(last) = mine.first() else {
        return false;
    };
    pos.movable(them).iter().any(|from| {
        pos.moves_from(from).contains(last) && {
            let mut after = pos.clone();
            after.play_unchecked(Move { from, to: last });
            after.movable(me).is_empty() && !after.movable(them).is_empty()
        }
    })
}

/// How much a world where the enemy can take the flag in `d` of its moves (after the own
/// move, the own side not answering) weighs in [`flag_guard`]: taken next move 1,000, in two
/// 100, in three 10, in four 1.
fn danger(d: Option<u32>) -> u32 {
    match d {
        Some(1) => 1_000,
        Some(2) => 100,
        Some(3) => 10,
        Some(_) => 1,
        None => 0,
    }
}

/// The root moves that keep the own flag safest: each of `moves` is played in each of the
/// `worlds` drawn and weighed by how soon the enemy could then take `me`'s flag playing
/// alone, within [`FLAG_GUARD_DEPTH`] of its moves ([`flag_threat`], [`danger`], summed over
/// the worlds); only the moves of the least weight are kept. So an enemy raider is met by
/// attacks that win in the worlds drawn or by blocks of its railway run or of the points
/// next to the flag, and no move opens a lane to the flag that was shut. When every move
/// weighs the same (no threat, or none that a move changes) `moves` is unchanged. A move
/// after which the enemy's next move leaves the own side without a movable piece (a loss,
/// L-14: [`left_without_a_move`]) weighs as the flag falling next move. A few
/// milliseconds a move (`guard_cost`: about 6.6 ms for 32 moves in 32 worlds forty plies
/// into a game, release, four moves deep; 1.3 ms three deep).
fn flag_guard(worlds: &[World], moves: MoveList, me: Side) -> MoveList {
    let sample = worlds;
    if moves.len() < 2 {
        return moves;
    }
    let weigh = |m: Move| -> u32 {
        sample
            .iter()
            .map(|w| {
                let mut after = w.pos.clone();
                after.play_unchecked(m);
                if after.outcome().is_some_and(|o| o.winner() == Some(me)) {
                    0
                } else if left_without_a_move(&after, me) {
                    danger(Some(1))
                } else {
                    danger(flag_threat(&after, me, FLAG_GUARD_DEPTH))
                }
            })
            .sum()
    };
    let weights: Vec<u32> = moves.iter().map(|&m| weigh(m)).collect();
    let least = weights.iter().copied().min().unwrap_or(0);
    moves
        .iter()
        .zip(&weights)
        .filter(|&(_, &w)| w == least)
        .map(|(&m, _)| m)
        .collect()
}

#[cfg(test)]
mod tests {
    use luzhanqi::Square;
    use luzhanqi::dark::{DarkGame, DarkRules};
    use luzhanqi::deploy::{DEFAULT_DEPLOYMENT, Deployment};

    use super::*;
    use crate::StopSignal;

    fn start() -> DarkGame {
        let d: Deployment = DEFAULT_DEPLOYMENT.parse().unwrap();
        DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD).unwrap()
    }

    /// `limits` with a stop signal raised before the search (its time up).
    fn stopped(limits: Limits) -> Limits {
        let stop = StopSignal::new();
        stop.raise();
        limits.with_stop(stop)
    }

    /// Issue 50, item 7: the tree stops growing at its budget and the search goes on.
    #[test]
    fn the_tree_never_exceeds_its_node_budget() {
        let game = start();
        let config = IsmctsConfig {
            leaf_nodes: 1,
            max_tree_nodes: 300,
            ..IsmctsConfig::default()
        };
        let mut agent = IsmctsAgent::with_config(5, config);
        let c = agent
            .choose(game.info_state(Side::Red), &[], &Limits::nodes(60_000))
            .unwrap();
        assert!(game.game().legal_moves().contains(&c.mv));
        // Thousands of iterations (at least 2 nodes each), the tree full and no larger.
        assert!(c.nodes >= 60_000, "{}", c.nodes);
        assert_eq!(agent.last.0, 300);
        // The bytes the documentation counts a node at (docs/protocol.md, `Hash`).
        assert_eq!(IsmctsAgent::TREE_NODE_BYTES, 112);
        // Unbounded, the same search grows a larger tree.
        let mut free = IsmctsAgent::with_config(
            5,
            IsmctsConfig {
                max_tree_nodes: usize::MAX,
                ..config
            },
        );
        free.choose(game.info_state(Side::Red), &[], &Limits::nodes(60_000))
            .unwrap();
        assert!(free.last.0 > 1_000, "{}", free.last.0);
    }

    /// A search whose time is up still draws the flag guard's 32 worlds: with one, a raider
    /// seen in a few worlds was missed (the stand-in's rush, docs/ccgc.md); with 16, an
    /// engineer one in ten of the worlds made it was missed once in five.
    #[test]
    fn the_flag_guard_draws_its_worlds_when_the_time_is_up() {
        let game = start();
        let mut agent = IsmctsAgent::with_config(
            5,
            IsmctsConfig {
                worlds: 1024,
                flag_guard: true,
                ..IsmctsConfig::default()
            },
        );
        let limits = stopped(Limits::nodes(5_000));
        agent
            .choose(game.info_state(Side::Red), &[], &limits)
            .unwrap();
        assert_eq!(agent.last.1, 32);
    }

    /// A move of less than 100 ms (a clock nearly out) is not made longer by the guard's
    /// worlds: with the time up, one world is drawn, as without the guard; at 100 ms, 32.
    #[test]
    fn the_flag_guard_draws_no_more_worlds_than_a_short_move_allows() {
        let game = start();
        let config = IsmctsConfig {
            worlds: 1024,
            flag_guard: true,
            ..IsmctsConfig::default()
        };
        for (ms, drawn) in [(20, 1), (100, 32)] {
            let mut agent = IsmctsAgent::with_config(5, config);
            let limits = stopped(Limits::time(std::time::Duration::from_millis(ms)));
            agent
                .choose(game.info_state(Side::Red), &[], &limits)
                .unwrap();
            assert_eq!(agent.last.1, drawn, "{ms} ms");
        }
    }

    /// Issue 50, item 13: a search whose time is up draws one world, not `IsmctsWorlds`.
    #[test]
    fn a_search_out_of_time_draws_one_world() {
        let game = start();
        let mut agent = IsmctsAgent::with_config(
            5,
            IsmctsConfig {
                worlds: 1024,
                ..IsmctsConfig::default()
            },
        );
        let limits = stopped(Limits::nodes(5_000));
        let c = agent
            .choose(game.info_state(Side::Red), &[], &limits)
            .unwrap();
        assert!(game.game().legal_moves().contains(&c.mv));
        assert_eq!(agent.last.1, 1);
        agent
            .choose(game.info_state(Side::Red), &[], &Limits::nodes(5_000))
            .unwrap();
        assert_eq!(agent.last.1, 1024);
    }

    /// A dark game of the default deployments under a no-combat limit of 3 that the mover
    /// loses (`loss_to_mover`) where two quiet plies have been played: Red, to move, completes
    /// the limit with any quiet move.
    fn one_quiet_ply_from_the_limit() -> DarkGame {
        let d: Deployment = DEFAULT_DEPLOYMENT.parse().unwrap();
        let mut rules = DarkRules::STANDARD;
        rules.rules = rules
            .rules
            .with_no_combat_result(NoCombatResult::LossToMover);
        rules.rules.no_combat_limit = 3;
        let mut g = DarkGame::new(&d, &d, Side::Red, rules).unwrap();
        for _ in 0..2 {
            let (_, enemy) = g.view(g.turn()).occupied();
            let quiet = g
                .view(g.turn())
                .legal_moves()
                .into_iter()
                .find(|m| !enemy.contains(m.to))
                .unwrap();
            g.play(quiet).unwrap();
        }
        g
    }

    /// The competition's rule (the side whose move completes the no-combat limit loses):
    /// with one quiet ply left, only attacks are searched; without the rule every move is.
    #[test]
    fn the_ply_that_completes_the_no_combat_limit_is_not_played() {
        let g = one_quiet_ply_from_the_limit();
        let view = g.view(Side::Red);
        let (_, enemy) = view.occupied();
        let all = view.legal_moves();
        let guarded = no_combat_guard(&view, all.clone(), 3);
        assert!(!guarded.is_empty() && guarded.len() < all.len());
        assert!(guarded.iter().all(|m| enemy.contains(m.to)));
        assert_eq!(no_combat_guard(&view, all.clone(), 4), all);
        // One node: too few for the tree to see the loss, so only the guard keeps the quiet
        // moves out.
        let mut agent = IsmctsAgent::new(1);
        let c = agent
            .choose(g.info_state(Side::Red), &[], &Limits::nodes(1))
            .unwrap();
        assert!(enemy.contains(c.mv.to), "{}", c.mv);
    }

    /// In the tree, the end at the limit is the ruleset's: under `loss_to_mover` lost by the
    /// side that completed it, else a draw.
    #[test]
    fn the_end_at_the_limit_is_scored_by_the_ruleset() {
        let mut agent = IsmctsAgent::new(1);
        // Blue made the third quiet ply; Red is to move.
        let pos: Position = "1f3/5/5/5/5/5/5/5/5/J4/s4/1F3 r 3 10".parse().unwrap();
        let mut rules = luzhanqi::Ruleset::STANDARD;
        rules.no_combat_limit = 3;
        let draw = pos.clone().with_ruleset(rules);
        assert_eq!(agent.leaf_value(&draw, Side::Blue, 10), (0.5, 1));
        let loss = pos.with_ruleset(rules.with_no_combat_result(NoCombatResult::LossToMover));
        assert_eq!(agent.leaf_value(&loss, Side::Blue, 10), (0.0, 1));
        assert_eq!(agent.leaf_value(&loss, Side::Red, 10), (1.0, 1));
    }

    fn world(pos: &Position) -> World {
        World {
            pos: pos.clone(),
            keys: Vec::new(),
        }
    }

    fn names(moves: &MoveList) -> Vec<String> {
        moves.iter().map(ToString::to_string).collect()
    }

    /// Blue's company on a2 reaches Red's flag on b1 in two steps (a1 or b2, then b1); Red's
    /// general on a3 beats it (L-11): that attack is the only root move left.
    #[test]
    fn a_raider_two_steps_from_the_flag_is_attacked() {
        let pos: Position = "1f3/5/5/5/5/5/5/5/5/J4/c4/1F3 r".parse().unwrap();
        assert_eq!(flag_threat(&pos, Side::Red, 3), Some(2));
        let guarded = flag_guard(&[world(&pos)], pos.legal_moves(), Side::Red);
        assert_eq!(names(&guarded), ["a3a2"]);
        // Four of its moves from the flag (down file a onto the general, then a2, a1, b1)
        // the marshal is no raider; but the general leaving file a would open it (a8a2,
        // a1, b1): only the moves that keep it shut are left. (The platoon on e2 is a second
        // movable piece: with the general alone, its loss would lose the game, L-14.)
        let far: Position = "1f3/5/5/5/s4/5/5/5/5/J4/4P/1F3 r".parse().unwrap();
        assert_eq!(flag_threat(&far, Side::Red, 3), None);
        let kept = flag_guard(&[world(&far)], far.legal_moves(), Side::Red);
        assert!(!kept.is_empty() && kept.len() < far.legal_moves().len());
        for m in far.legal_moves() {
            let mut p = far.clone();
            p.play_unchecked(m);
            assert_eq!(
                kept.contains(&m),
                flag_threat(&p, Side::Red, 3).is_none(),
                "{m}"
            );
        }
        assert!(!kept.contains(&"a3b3".parse().unwrap()));
    }

    /// The stand-in's rush (docs/ccgc.md), as any rusher plays it: Blue's engineer on c11 is
    /// three of its moves from Red's flag on b1: along rank 11 and down the railway of file
    /// a to a2 (L-9), through the landmine on a1 (an engineer clears it, L-11), onto b1. The
    /// regiments on b2 and c2 shut rank 2. The guard sees it and keeps exactly the moves
    /// after which the engineer is no longer three moves from the flag: the brigade onto the
    /// railway at a4 among them, no move that leaves the lane open.
    #[test]
    fn a_raider_three_moves_from_the_flag_is_blocked() {
        let pos: Position = "1f3/2e2/5/5/5/5/5/5/1B3/5/1TT2/LFL2 r".parse().unwrap();
        assert_eq!(flag_threat(&pos, Side::Red, 3), Some(3));
        // Looking two moves ahead (the former guard) misses it.
        assert_eq!(flag_threat(&pos, Side::Red, 2), None);
        let after = |m: Move| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            flag_threat(&p, Side::Red, 3)
        };
        let all = pos.legal_moves();
        let guarded = flag_guard(&[world(&pos)], all.clone(), Side::Red);
        assert!(names(&guarded).contains(&"b4a4".to_string()));
        assert!(guarded.len() < all.len());
        for m in all {
            assert_eq!(guarded.contains(&m), after(m).is_none(), "{m}");
        }
        // A bomb instead of the engineer cannot turn from rank 11 into file a (L-8) nor pass
        // the landmine: no threat, every move kept.
        let bomb: Position = "1f3/2z2/5/5/5/5/5/5/1B3/5/1TT2/LFL2 r".parse().unwrap();
        assert_eq!(flag_threat(&bomb, Side::Red, 3), None);
        assert_eq!(
            flag_guard(&[world(&bomb)], bomb.legal_moves(), Side::Red),
            bomb.legal_moves()
        );
    }

    /// The stand-in's raid one move earlier (docs/ccgc.md): Red's marshal on a6 shuts file a,
    /// but Blue's bomb on a7 can remove it with itself (L-11), and then the engineer on a11
    /// runs down the railway to a2 (L-9), clears the landmine on a1 and takes the flag on b1
    /// (L-11, L-13): four moves, the first an attack. Three moves ahead the guard saw nothing.
    /// It keeps the moves after which the raid takes longer: the platoon from b4 onto a4 (a
    /// second blocker the engineer dies on) among them; never the marshal trading itself for
    /// the bomb (the lane open in three) or stepping to a5 (the bomb takes it there) nor the brigade leaving b2 (the engineer down file a and along
    /// rank 2 onto b2 in one run, L-9). The company on d2 shuts the engineer's other road (rank
    /// 11, file e and rank 2 to c2, through the landmine on c1).
    #[test]
    fn a_raid_four_moves_from_the_flag_after_a_bomb_opens_the_lane() {
        let pos: Position = "1f3/e4/5/5/5/z4/S4/5/1P3/5/1B1C1/LFL2 r".parse().unwrap();
        assert_eq!(flag_threat(&pos, Side::Red, 3), None);
        assert_eq!(flag_threat(&pos, Side::Red, 4), Some(4));
        let all = pos.legal_moves();
        let guarded = flag_guard(&[world(&pos)], all.clone(), Side::Red);
        assert!(names(&guarded).contains(&"b4a4".to_string()), "{guarded:?}");
        assert!(guarded.len() < all.len());
        for m in &all {
            let mut p = pos.clone();
            p.play_unchecked(*m);
            assert_eq!(
                guarded.contains(m),
                flag_threat(&p, Side::Red, 4).is_none(),
                "{m}"
            );
        }
        for m in ["a6a5", "a6a7", "b2c2"] {
            assert!(!names(&guarded).contains(&m.to_string()), "{m}");
        }
        // Without the bomb the marshal is no lane to open: no threat, every move kept.
        let no_bomb: Position = "1f3/e4/5/5/5/5/S4/5/1P3/5/1B1C1/LFL2 r".parse().unwrap();
        assert_eq!(flag_threat(&no_bomb, Side::Red, 4), None);
    }

    /// Red's last movable piece, the regiment on a4, must not stand where Blue's brigade on e6
    /// takes it (L-11): on a6 the brigade runs rank 6 onto it (L-8), and Red, left without a
    /// move, loses (L-14). Every other move keeps it out of reach; with a second movable piece
    /// the same move is no loss and is kept. The flag is shut by its landmines (no flag
    /// threat), so only this weighs.
    #[test]
    fn the_last_movable_piece_is_not_offered() {
        let pos: Position = "1f3/5/5/5/5/5/4b/5/T4/5/1L3/LFL2 r".parse().unwrap();
        let all = pos.legal_moves();
        let a4a6: Move = "a4a6".parse().unwrap();
        assert!(all.contains(&a4a6));
        let mut after = pos.clone();
        after.play_unchecked(a4a6);
        assert_eq!(flag_threat(&after, Side::Red, 4), None);
        assert!(left_without_a_move(&after, Side::Red));
        let guarded = flag_guard(&[world(&pos)], all.clone(), Side::Red);
        assert!(!guarded.contains(&a4a6));
        assert_eq!(guarded.len(), all.len() - 1);
        // A second movable piece (the company on d3): losing the regiment loses nothing yet.
        let two: Position = "1f3/5/5/5/5/5/4b/5/T4/3C1/1L3/LFL2 r".parse().unwrap();
        let mut after = two.clone();
        after.play_unchecked(a4a6);
        assert!(!left_without_a_move(&after, Side::Red));
        assert!(flag_guard(&[world(&two)], two.legal_moves(), Side::Red).contains(&a4a6));
    }

    /// A quiet position: the opening of two default deployments (L-17, L-31), nothing near
    /// either flag. The four-move guard leaves every move to the search.
    #[test]
    fn the_guard_keeps_every_move_of_a_quiet_opening() {
        let game = start();
        let pos = game.game().position().clone();
        assert_eq!(flag_threat(&pos, Side::Red, 4), None);
        let all = pos.legal_moves();
        assert_eq!(flag_guard(&[world(&pos)], all.clone(), Side::Red), all);
    }

    /// The guard weighs the worlds: where the raider on a2 is an engineer (it clears the
    /// landmine on a1, L-11) the flag falls in two, where it is a platoon (it dies on the
    /// landmine or the regiment) it does not; with both worlds drawn the guard answers.
    /// In the platoon's world alone it keeps the lane shut.
    #[test]
    fn the_guard_answers_a_raider_of_any_world() {
        let platoon: Position = "1f3/5/5/5/5/5/5/5/5/J4/pT3/LF3 r".parse().unwrap();
        let engineer: Position = "1f3/5/5/5/5/5/5/5/5/J4/eT3/LF3 r".parse().unwrap();
        assert_eq!(flag_threat(&platoon, Side::Red, 3), None);
        assert_eq!(flag_threat(&engineer, Side::Red, 3), Some(2));
        let moves = engineer.legal_moves();
        let guarded = flag_guard(
            &[world(&platoon), world(&engineer)],
            moves.clone(),
            Side::Red,
        );
        // The general or the regiment takes the raider (either beats both).
        assert_eq!(names(&guarded), ["b2a2", "a3a2"]);
        // The platoon's world alone: no threat, but the regiment leaving b2 (other than onto
        // the platoon) would open b2 to it.
        let b2: Square = "b2".parse().unwrap();
        let a2: Square = "a2".parse().unwrap();
        let shut: MoveList = moves
            .iter()
            .copied()
            .filter(|m| m.from != b2 || m.to == a2)
            .collect();
        assert_eq!(
            flag_guard(&[world(&platoon)], moves.clone(), Side::Red),
            shut
        );
    }

    /// How long the guard takes on a full board (release: `cargo test --release -p
    /// luzhanqi-engine --lib guard_cost -- --ignored --nocapture`).
    #[test]
    #[ignore = "a measurement"]
    fn guard_cost() {
        let mut g = start();
        let mut rng = StdRng::seed_from_u64(1);
        // Forty plies in, attacks first: a board opened up, railways free.
        for _ in 0..40 {
            let view = g.view(g.turn());
            let (_, enemy) = view.occupied();
            let moves = view.legal_moves();
            let attacks: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| enemy.contains(m.to))
                .collect();
            let pick = if attacks.is_empty() {
                &moves[..]
            } else {
                &attacks[..]
            };
            if pick.is_empty() || g.outcome().is_some() {
                break;
            }
            g.play(pick[rng.random_range(0..pick.len())]).unwrap();
        }
        if g.turn() != Side::Red {
            let m = g.view(Side::Blue).legal_moves()[0];
            g.play(m).unwrap();
        }
        let state = g.info_state(Side::Red);
        let mut cache = WorldCache::default();
        let worlds = cache.draw(state, 32, &mut rng, || false).unwrap();
        let moves = DarkView::new(state).legal_moves();
        let t = Instant::now();
        let n = 20;
        for _ in 0..n {
            let _ = flag_guard(&worlds, moves.clone(), Side::Red);
        }
        let guard = t.elapsed() / n;
        let t = Instant::now();
        for w in &worlds {
            for &m in &moves {
                let mut p = w.pos.clone();
                p.play_unchecked(m);
                let _ = flag_threat(&p, Side::Red, FLAG_GUARD_DEPTH);
            }
        }
        println!(
            "guard {guard:?} a call; every move in 32 worlds {:?} ({} moves)",
            t.elapsed(),
            moves.len()
        );
    }
}
