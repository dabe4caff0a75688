//! The search: iterative deepening over a principal-variation alpha-beta (negamax) search with a
//! transposition table, quiescence on captures and move ordering (table move, captures by
//! victim value, killers, history).
//!
//! The core has no threads and no clock, so that it also runs in a single-threaded
//! `wasm32-unknown-unknown` Web Worker: limits on depth and nodes are in [`Limits`], anything
//! else (a clock, a stop flag set by another thread) comes in through a [`SearchControl`].

use std::collections::HashMap;

use gjjq_core::{Move, Position, Side, Square};
use smallvec::SmallVec;

use crate::Engine;
use crate::eval::{EvalKind, NET_POINT, evaluate_with, king_net, piece_value};
use crate::nnue::{Accumulator, Network};
use crate::tt::Bound;
use crate::vocabulary::{
    Limits, MAX_CONTEMPT, NO_MOVE, PvLine, Score, SearchControl, SearchFeatures, SearchResult,
    SearchStats,
};
use junqi_search::tt::{relative_to_node, relative_to_root};
use junqi_search::{Step, Window, pvs};

/// The score of a king capture on the next ply; a win in `n` plies scores `MATE - n`.
const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses.
const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = 31_000;
/// The deepest ply the search goes to (quiescence included).
pub(crate) const MAX_PLY: usize = 128;
/// The longest capture chain quiescence follows past the horizon.
const QUIESCENCE_PLIES: u32 = 6;
/// Within this many plies past the horizon, a side whose king is attacked searches every
/// move instead of standing pat (beyond it, the chain is cut as any other).
const QUIESCENCE_EVASION_PLIES: u32 = 4;
/// Delta pruning's margin: the most a capture can gain beyond the victim's value.
const DELTA_MARGIN: i32 = 200;
/// How many nodes pass between two questions to the [`SearchControl`].
const POLL_INTERVAL: u64 = 256;

/// The Zobrist key of a position (R-24: placement, side to move, pending returns). The one
/// place the engine asks for it.
#[inline]
fn zobrist(pos: &Position) -> u64 {
    pos.zobrist_hash()
}

/// Whether `m` captures: an enemy piece stands on its destination.
fn captured_piece(pos: &Position, m: Move) -> Option<gjjq_core::Piece> {
    pos.piece_at(m.to()).filter(|p| p.side != pos.turn())
}

/// The protocol's score of an internal value (mate distances near `MATE`).
fn score_from_internal(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::Win((MATE - v) as u32)
    } else if v <= -MATE_BOUND {
        Score::Loss((MATE + v) as u32)
    } else {
        Score::Cp(v)
    }
}

/// The plies since the last capture at which `progress_scaled` has shrunk a score to
/// nothing; it stops shrinking at three quarters of this.
pub(crate) const PROGRESS_PLIES: u32 = 256;

/// `score`, a static evaluation, scaled by the plies since the last capture (R-31's counter):
/// `score · (PROGRESS_PLIES − min(plies, ¾ PROGRESS_PLIES)) / PROGRESS_PLIES`.
#[must_use]
pub(crate) fn progress_scaled(score: i32, plies_since_capture: u32) -> i32 {
    let kept = PROGRESS_PLIES - plies_since_capture.min(PROGRESS_PLIES / 4 * 3);
    // In i64, so that any i32 the caller passes scales without overflow; the result is no
    // larger in magnitude than `score`, so it fits back.
    let scaled = i64::from(score) * i64::from(kept) / i64::from(PROGRESS_PLIES);
    i32::try_from(scaled).expect("|scaled| <= |score|")
}

/// Null-move pruning is never tried when the side to move has this many pieces or fewer (king
/// and strikers included).
pub(crate) const NULL_MOVE_MIN_PIECES: u32 = 6;

/// [`Engine::search_with`]: the tables probed at the root, then the iterative deepening.
pub(crate) fn run(
    engine: &mut Engine,
    pos: &Position,
    history: &[u64],
    limits: Limits,
    control: &mut dyn SearchControl,
) -> SearchResult {
    let root_key = zobrist(pos);
    let mut keys: Vec<u64> = history.to_vec();
    if keys.last() == Some(&root_key) {
        keys.pop();
    }
    let base = keys.len();
    let mut earlier: HashMap<u64, u8> = HashMap::new();
    for &k in &keys {
        let n = earlier.entry(k).or_insert(0);
        *n = n.saturating_add(1);
    }
    keys.push(root_key);
    // The tables' probe for this search, built once (`crate::tablebase`); a root in the
    // endgame tables is answered from them.
    let tables = engine.tables.clone();
    let probe = tables.for_search();
    let count = |k: u64| earlier.get(&k).copied().unwrap_or(0);
    if let Some(r) = probe.root(pos, &count, engine.config.multi_pv) {
        engine.stats = SearchStats {
            nodes: r.nodes,
            seldepth: r.seldepth,
            ..SearchStats::default()
        };
        control.on_iteration(&r);
        return r;
    }
    for k in &mut engine.killers {
        *k = [NO_MOVE; 2];
    }
    for h in &mut engine.history {
        for v in h.iter_mut() {
            *v /= 8;
        }
    }
    let features = engine.config.features;
    let nnue = (engine.config.eval.kind == EvalKind::Nnue)
        .then(Network::builtin)
        .and_then(Result::ok)
        .map(|net| NnueStack {
            net,
            accs: vec![net.refresh(pos); MAX_PLY + 2],
        });
    let mut s = Searcher {
        engine,
        control,
        limits,
        features,
        stats: SearchStats::default(),
        stopped: false,
        keys,
        root_index: base,
        earlier,
        pv: vec![[NO_MOVE; MAX_PLY]; MAX_PLY + 1],
        pv_len: [0; MAX_PLY + 1],
        nnue,
        tables: probe,
    };
    let result = s.iterate(pos);
    let stats = s.stats;
    engine.stats = stats;
    result
}

struct Searcher<'a> {
    engine: &'a mut Engine,
    control: &'a mut dyn SearchControl,
    limits: Limits,
    features: SearchFeatures,
    stats: SearchStats,
    stopped: bool,
    /// Keys of the game before the root, the root, then the current search path.
    keys: Vec<u64>,
    root_index: usize,
    /// How often each key occurs in the game before the root.
    earlier: HashMap<u64, u8>,
    pv: Vec<[u16; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The learned evaluation's accumulators, one per ply of the current path (index = ply),
    /// each brought from its parent's by the move's changes ([`Network::update`]) instead of
    /// computed afresh at every evaluation. `None` with the classic evaluation.
    nnue: Option<NnueStack>,
    /// The endgame tables' probe of this search (`crate::tablebase`).
    tables: crate::tablebase::Probe<'a>,
}

/// Whether the search has been stopped (for [`pvs`]).
fn stopped(s: &Searcher<'_>) -> bool {
    s.stopped
}

/// The learned network and the accumulators of the current search path.
struct NnueStack {
    net: &'static Network,
    accs: Vec<Accumulator>,
}

/// The score of a decided position (no legal move) for the side to move, `ply` plies from the
/// root.
fn terminal_score(pos: &Position, ply: usize, draw: i32) -> i32 {
    let us = pos.turn();
    // R-21 … R-24: the position decides; a side with no legal move and no stated outcome has
    // lost.
    match pos.outcome().map(|o| outcome_winner(&o)) {
        Some(None) => draw,
        Some(Some(w)) if w == us => MATE - ply as i32,
        _ => -(MATE - ply as i32),
    }
}

/// The winner of an outcome (`None` for a draw): the one place the
/// crate reads an `Outcome`.
pub(crate) fn outcome_winner(o: &gjjq_core::Outcome) -> Option<Side> {
    o.winner()
}

/// The enemy king's point, if a legal move ends there.
fn king_capture(pos: &Position, moves: &[Move]) -> Option<Move> {
    let king = pos.king(pos.turn().other())?;
    moves.iter().copied().find(|m| m.to() == king)
}

fn value_of(pos: &Position, sq: Square) -> i32 {
    pos.piece_at(sq).map_or(0, |p| piece_value(p, sq))
}

/// Whether either side owes a return.
fn any_pending(pos: &Position) -> bool {
    pos.pending_return(Side::Red).is_some() || pos.pending_return(Side::Green).is_some()
}

/// Whether null-move pruning may pass in `pos`: no pending return on the board, the
/// side to move's king not attacked, more than `NULL_MOVE_MIN_PIECES` pieces.
fn null_move_allowed(pos: &Position, in_check: bool) -> bool {
    !in_check && !any_pending(pos) && pos.piece_count(pos.turn()) > NULL_MOVE_MIN_PIECES
}

/// `pos` with the other side to move and nothing else changed (a "pass"), if the library
/// accepts it.
fn null_position(pos: &Position) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.turn = setup.turn.other();
    Position::from_setup_with(setup, *pos.ruleset()).ok()
}

/// The late-move reduction of the `i`-th move (0-based) at `depth`.
fn lmr_reduction(depth: i32, i: usize) -> i32 {
    let r = 0.5 + f64::from(depth).ln() * (i as f64).ln() / 2.0;
    (r as i32).max(1)
}

/// The first aspiration window's half-width, in centi-units.
const ASPIRATION_WINDOW: i32 = 60;
/// Futility pruning's margin per ply of remaining depth.
const FUTILITY_MARGIN: i32 = 300;

/// The deepest node reverse futility pruning may cut.
const REVERSE_FUTILITY_DEPTH: i32 = 6;
/// Reverse futility pruning's margin per ply of remaining depth, in centi-units (an infantry
/// is 600).
const REVERSE_FUTILITY_MARGIN: i32 = 200;
/// The deepest node late-move pruning skips moves in.
const LATE_MOVE_PRUNING_DEPTH: i32 = 3;

/// How many moves late-move pruning searches at `depth` before it skips quiet ones.
fn late_move_count(depth: i32) -> usize {
    (3 + depth * depth) as usize
}

impl Searcher<'_> {
    fn result(
        &self,
        best_move: Option<Move>,
        score: i32,
        depth: u32,
        pv: Vec<Move>,
    ) -> SearchResult {
        SearchResult {
            best_move,
            score: score_from_internal(score),
            depth,
            seldepth: self.stats.seldepth,
            nodes: self.stats.nodes,
            pv,
            lines: Vec::new(),
            hashfull: self.engine.tt.hashfull(),
        }
    }

    fn iterate(&mut self, root: &Position) -> SearchResult {
        let moves = root.legal_moves();
        if moves.is_empty() {
            self.stats.nodes = 1;
            // A decided root is reported as it is: no choice was made, so no contempt.
            return self.result(None, terminal_score(root, 0, 0), 0, Vec::new());
        }
        let mut root_moves: Vec<Move> = moves.to_vec();
        self.order(root, &mut root_moves, NO_MOVE, 0);
        let mut best = self.result(
            Some(root_moves[0]),
            self.evaluate(root, 0),
            0,
            vec![root_moves[0]],
        );
        let max_depth = self
            .limits
            .depth
            .unwrap_or(Limits::MAX_DEPTH)
            .clamp(1, Limits::MAX_DEPTH);
        let multi = (self.engine.config.multi_pv.max(1) as usize).min(root_moves.len());
        let mut previous: i32 = 0;
        for depth in 1..=max_depth {
            let mut lines: Vec<(i32, Vec<Move>)> = Vec::new();
            for idx in 0..multi {
                let (score, best_index) = if multi == 1
                    && self.features.aspiration
                    && depth >= 4
                    && previous.abs() < MATE_BOUND
                {
                    self.aspirate(root, &mut root_moves, depth as i32, previous)
                } else {
                    self.root(
                        root,
                        &mut root_moves[idx..],
                        depth as i32,
                        -INFINITY,
                        INFINITY,
                    )
                };
                if self.stopped {
                    // A partial iteration: its best move is trustworthy only if it beat the
                    // previous best (searched first) with a full score.
                    if idx == 0
                        && let Some(i) = best_index
                        && i != 0
                    {
                        let m = root_moves.remove(i);
                        root_moves.insert(0, m);
                        best.best_move = Some(m);
                        best.pv = vec![m];
                        best.score = score_from_internal(score);
                        best.lines.clear();
                    }
                    break;
                }
                let i = idx + best_index.unwrap_or(0);
                let m = root_moves.remove(i);
                root_moves.insert(idx, m);
                let mut pv = self.root_pv(root);
                if pv.first() != Some(&m) {
                    pv = vec![m];
                }
                lines.push((score, pv));
            }
            if self.stopped {
                break;
            }
            // Search instability can leave a later line above an earlier one: order them.
            lines.sort_by_key(|l| std::cmp::Reverse(l.0));
            let (score, pv) = lines[0].clone();
            previous = score;
            best = self.result(pv.first().copied(), score, depth, pv);
            if multi > 1 {
                best.lines = lines
                    .into_iter()
                    .map(|(s, pv)| PvLine {
                        score: score_from_internal(s),
                        pv,
                    })
                    .collect();
            }
            self.control.on_iteration(&best);
            // A forced result needs no deeper look.
            if multi == 1 && score.abs() >= MATE_BOUND && (MATE - score.abs()) as u32 <= depth {
                break;
            }
            if !self.control.should_deepen(&best) {
                break;
            }
        }
        best.nodes = self.stats.nodes;
        best.seldepth = self.stats.seldepth;
        best.hashfull = self.engine.tt.hashfull();
        best
    }

    /// The root searched in windows around `previous`, widened until the score falls inside.
    fn aspirate(
        &mut self,
        pos: &Position,
        moves: &mut [Move],
        depth: i32,
        previous: i32,
    ) -> (i32, Option<usize>) {
        let mut delta = ASPIRATION_WINDOW;
        let mut alpha = previous - delta;
        let mut beta = previous + delta;
        loop {
            let (score, best_index) = self.root(pos, moves, depth, alpha, beta);
            if self.stopped {
                return (score, best_index);
            }
            if score <= alpha && alpha > -INFINITY {
                alpha = (previous - delta * 4).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                if let Some(i) = best_index {
                    moves[..=i].rotate_right(1);
                }
                beta = (previous + delta * 4).min(INFINITY);
            } else {
                return (score, best_index);
            }
            self.stats.aspiration_researches += 1;
            delta *= 4;
            if delta > 2_000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// The principal variation as moves, checked legal one by one.
    fn root_pv(&self, root: &Position) -> Vec<Move> {
        let mut pos = root.clone();
        let mut out = Vec::new();
        for &k in &self.pv[0][..self.pv_len[0]] {
            let Some(m) = pos.legal_moves().into_iter().find(|&m| m.index() == k) else {
                break;
            };
            out.push(m);
            pos.play_unchecked(m);
        }
        out
    }

    /// One iteration at the root in the window (`alpha`, `beta`): the score (fail-soft) and
    /// the index in `moves` of the move that raised alpha last (`None` if none did, or if
    /// stopped before).
    fn root(
        &mut self,
        pos: &Position,
        moves: &mut [Move],
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<usize>) {
        let mut w = Window::new(alpha, beta, -INFINITY);
        let mut best_index = None;
        self.pv_len[0] = 0;
        if let Some(m) = king_capture(pos, moves) {
            let i = moves.iter().position(|&x| x == m).unwrap_or(0);
            self.pv[0][0] = m.index();
            self.pv_len[0] = 1;
            return (MATE - 1, Some(i));
        }
        for (i, &m) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.enter(pos, &child, 0);
            let score = pvs(self, i == 0, 0, w.alpha, beta, stopped, |s, _, a, b| {
                -s.search(&child, depth - 1, -b, -a, 1)
            });
            if self.stopped {
                break;
            }
            let step = w.offer(score);
            if step >= Step::Raised {
                best_index = Some(i);
                self.update_pv(0, m.index());
            }
            if step == Step::Cutoff {
                break;
            }
        }
        let key = zobrist(pos);
        if let Some(i) = best_index
            && !self.stopped
        {
            self.engine
                .tt
                .store(key, moves[i].index(), w.best, depth, w.bound());
        }
        if self.stopped && best_index.is_some() {
            return (w.alpha, best_index);
        }
        (w.best, best_index)
    }

    /// The static evaluation of `pos`, the node `ply` plies from the root: the learned one
    /// from the path's accumulator, else the classic one.
    fn evaluate(&self, pos: &Position, ply: usize) -> i32 {
        let mut score = self.evaluate_unscaled(pos, ply);
        if self.features.conversion {
            score = crate::eval::conversion_bonus(pos, score);
        }
        if self.features.progress {
            progress_scaled(score, pos.plies_since_capture())
        } else {
            score
        }
    }

    /// [`Self::evaluate`] before the progress scaling.
    fn evaluate_unscaled(&self, pos: &Position, ply: usize) -> i32 {
        match &self.nnue {
            Some(n) => {
                let acc = &n.accs[ply];
                // The incremental accumulator must equal a fresh one; checked now and then
                // in debug builds (tests), where it costs little.
                debug_assert!(
                    !self.stats.nodes.is_multiple_of(64) || *acc == n.net.refresh(pos),
                    "incremental accumulator differs from a refresh at {pos}"
                );
                n.net.output(acc, pos.turn())
            }
            None => evaluate_with(pos, self.engine.config.eval),
        }
    }

    /// `child`, a move or pass away from `parent` (at `ply`), is the node at `ply + 1`: its
    /// accumulator follows from the parent's.
    fn enter(&mut self, parent: &Position, child: &Position, ply: usize) {
        if let Some(n) = &mut self.nnue
            && ply + 1 < n.accs.len()
        {
            let (head, tail) = n.accs.split_at_mut(ply + 1);
            tail[0].clone_from(&head[ply]);
            n.net.update(&mut tail[0], parent, child);
        }
    }

    fn update_pv(&mut self, ply: usize, m: u16) {
        self.pv[ply][0] = m;
        let n = self.pv_len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][1..=n].copy_from_slice(&tail[0][..n]);
        self.pv_len[ply] = n + 1;
    }

    fn poll(&mut self, ply: usize) -> bool {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        let nodes = self.stats.nodes;
        if nodes.is_multiple_of(POLL_INTERVAL)
            && (self.limits.nodes.is_some_and(|n| nodes >= n) || self.control.should_stop(nodes))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The score of a draw for the side to move `ply` plies from the root:
    /// `−contempt` for the root's side, `+contempt` for the other ([`EngineConfig::contempt`]).
    fn draw_score(&self, ply: usize) -> i32 {
        let c = self
            .engine
            .config
            .contempt
            .clamp(-MAX_CONTEMPT, MAX_CONTEMPT);
        if ply.is_multiple_of(2) { -c } else { c }
    }

    /// the current position (the last key) is a draw by repetition if it occurred twice
    /// before in the game, or once before inside the search (the side that repeated could
    /// repeat again).
    fn is_repetition(&self) -> bool {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        // Twice in the game before: this is the third occurrence. Once inside the search
        // (the root included): the side that repeated could repeat again.
        self.earlier.get(&key).is_some_and(|&c| c >= 2)
            || self.keys[self.root_index..n].contains(&key)
    }

    fn search(&mut self, pos: &Position, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        if self.poll(ply) {
            return 0;
        }
        let key = zobrist(pos);
        self.keys.push(key);
        let score = self.search_inner(pos, key, depth, &mut alpha, beta, ply);
        self.keys.pop();
        score
    }

    #[allow(clippy::too_many_lines)]
    fn search_inner(
        &mut self,
        pos: &Position,
        key: u64,
        mut depth: i32,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.is_repetition() {
            return self.draw_score(ply);
        }
        if pos
            .ruleset()
            .no_capture_limit
            .is_some_and(|l| pos.plies_since_capture() >= l.get())
        {
            return self.draw_score(ply);
        }
        // In the endgame tables: their exact value (after the repetition check, R-24).
        if let Some(s) = self.tables.probe(pos) {
            return tablebase_score(s, ply);
        }
        let f = self.features;
        let in_check = (f.check_extension
            || f.null_move
            || f.futility
            || f.reverse_futility
            || f.late_move_pruning)
            && pos.is_check();
        // the king attacked is the one threat that ends the game; look one ply further.
        if f.check_extension && in_check && ply < MAX_PLY / 2 {
            depth += 1;
            self.stats.check_extensions += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, *alpha, beta, ply, 0);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return terminal_score(pos, ply, self.draw_score(ply));
        }
        // taking the king wins at once.
        if let Some(m) = king_capture(pos, &moves) {
            self.pv[ply][0] = m.index();
            self.pv_len[ply] = 1;
            return MATE - ply as i32 - 1;
        }
        let original_alpha = *alpha;
        let pv_node = beta - *alpha > 1;
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.engine.tt.probe(key) {
            tt_move = e.mv;
            if i32::from(e.depth) >= depth {
                let s = from_tt(i32::from(e.score), ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= *alpha,
                    Bound::None => false,
                };
                if cut && !pv_node {
                    return s;
                }
            }
        }
        let static_eval = if pv_node || in_check {
            None
        } else {
            Some(self.evaluate(pos, ply))
        };
        let owes_return = pos.pending_return(pos.turn()).is_some();
        if f.reverse_futility
            && let Some(eval) = static_eval
            && depth <= REVERSE_FUTILITY_DEPTH
            && !owes_return
            && beta.abs() < MATE_BOUND
            && eval - REVERSE_FUTILITY_MARGIN * depth >= beta
        {
            self.stats.reverse_futility_prunes += 1;
            return eval;
        }
        if f.null_move
            && let Some(eval) = static_eval
            && depth >= 3
            && eval >= beta
            && beta.abs() < MATE_BOUND
            && null_move_allowed(pos, in_check)
            && let Some(null) = null_position(pos)
        {
            self.stats.null_tries += 1;
            if any_pending(pos) {
                self.stats.null_tries_with_pending += 1;
            }
            let r = 2 + depth / 4;
            self.enter(pos, &null, ply);
            let s = -self.search(&null, depth - 1 - r, -beta, -beta + 1, ply + 1);
            if self.stopped {
                return 0;
            }
            if s >= beta {
                self.stats.null_cutoffs += 1;
                return beta;
            }
        }
        if f.iir && depth >= 4 && tt_move == NO_MOVE {
            self.stats.iir_reductions += 1;
            depth -= 1;
        }
        let prune_late = f.late_move_pruning
            && !pv_node
            && !in_check
            && !owes_return
            && depth <= LATE_MOVE_PRUNING_DEPTH
            && alpha.abs() < MATE_BOUND;
        let futile = f.futility
            && depth <= 2
            && !owes_return
            && static_eval.is_some_and(|e| e + FUTILITY_MARGIN * depth <= *alpha)
            && alpha.abs() < MATE_BOUND;
        let picker = self.picker(pos, &moves, tt_move, ply);
        let mut w = Window::new(*alpha, beta, -INFINITY);
        let mut best_move = NO_MOVE;
        for (i, m) in picker.enumerate() {
            let quiet = captured_piece(pos, m).is_none();
            let mut child = pos.clone();
            child.play_unchecked(m);
            let killer = self.is_killer(m, ply);
            // Futility and late-move pruning skip the same kind of move: a late quiet one that
            // does not attack the enemy king. `is_check` is asked last, once.
            let late = prune_late && i >= late_move_count(depth);
            if ((futile && i > 0) || late) && quiet && !killer && !child.is_check() {
                if futile {
                    self.stats.futility_prunes += 1;
                } else {
                    self.stats.late_move_prunes += 1;
                }
                continue;
            }
            self.enter(pos, &child, ply);
            // Late quiet moves are searched shallower first.
            let late = i > 0 && depth >= 3 && quiet && !killer;
            let reduction = if !late {
                0
            } else if f.lmr {
                if i >= 3 && !in_check && !child.is_check() {
                    let r = (lmr_reduction(depth, i) - i32::from(pv_node)).clamp(1, depth - 2);
                    if r > 1 {
                        self.stats.lmr_reductions += 1;
                    }
                    r
                } else {
                    0
                }
            } else {
                i32::from(i >= 4)
            };
            let score = pvs(
                self,
                i == 0,
                reduction,
                w.alpha,
                beta,
                stopped,
                |s, r, a, b| -s.search(&child, depth - 1 - r, -b, -a, ply + 1),
            );
            if self.stopped {
                return 0;
            }
            let step = w.offer(score);
            if step > Step::Worse {
                best_move = m.index();
            }
            if step >= Step::Raised {
                self.update_pv(ply, best_move);
            }
            if step == Step::Cutoff {
                if quiet {
                    self.reward(m, ply, depth);
                }
                break;
            }
        }
        let mut best = w.best;
        if best == -INFINITY {
            // Every move but the first was pruned and the first cannot be: unreachable, but
            // a static score is the safe answer.
            best = static_eval.unwrap_or(w.alpha);
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.engine
            .tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// Captures only, `qply` plies past the horizon; with the side to move's king attacked
    /// every legal move instead, and no standing pat: a side in check cannot assume
    /// its static score holds when the enemy captures its king next.
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        if let Some(s) = self.tables.probe(pos) {
            return tablebase_score(s, ply);
        }
        let in_check = pos.is_check();
        if in_check && qply < QUIESCENCE_EVASION_PLIES && ply < MAX_PLY - 1 {
            return self.quiesce_evasions(pos, alpha, beta, ply, qply);
        }
        // The captures alone: the position's other moves matter only as R-23's "no move",
        // which the full search sees before the horizon. In check, R-22's trapped king is
        // judged on the whole list (no legal move).
        let moves = if in_check {
            let all = pos.legal_moves();
            if all.is_empty() {
                return terminal_score(pos, ply, self.draw_score(ply));
            }
            all
        } else {
            pos.legal_captures()
        };
        if king_capture(pos, &moves).is_some() {
            return MATE - ply as i32 - 1;
        }
        let stand_pat = self.evaluate(pos, ply);
        // Missiles strike over any screen along whole files and ranks, so capture
        // chains branch widely: the chain is cut after QUIESCENCE_PLIES.
        if stand_pat >= beta || ply >= MAX_PLY - 1 || qply >= QUIESCENCE_PLIES {
            return stand_pat;
        }
        // at the horizon, a quiet move that attacks the enemy king with three of its
        // four steps already gone may trap it and win at once, the way most games end. Those
        // are the one kind of quiet move quiescence plays.
        if self.features.quiescence_traps
            && qply == 0
            && !in_check
            && king_net(pos, pos.turn()) >= 3 * NET_POINT
        {
            for m in pos.legal_moves() {
                if captured_piece(pos, m).is_some() {
                    continue;
                }
                let mut child = pos.clone();
                child.play_unchecked(m);
                if child.is_check()
                    && child.outcome().and_then(|o| outcome_winner(&o)) == Some(pos.turn())
                {
                    self.stats.quiescence_traps += 1;
                    return MATE - ply as i32 - 1;
                }
            }
        }
        alpha = alpha.max(stand_pat);
        let see = self.features.see && pos.pending_return(pos.turn()).is_none();
        let mut captures: Vec<(i32, Move)> = moves
            .iter()
            .filter_map(|&m| {
                let victim = captured_piece(pos, m).map(|p| piece_value(p, m.to()))?;
                // Delta pruning: a capture that cannot lift the score near alpha is skipped.
                (stand_pat + victim + DELTA_MARGIN > alpha)
                    .then(|| (victim * 16 - value_of(pos, m.from()) / 100, m))
            })
            .collect();
        if see {
            let before = captures.len();
            // A capture by a piece worth more than its victim may lose the exchange.
            captures.retain(|&(_, m)| {
                value_of(pos, m.from()) <= value_of(pos, m.to())
                    || crate::see::exchange_unchecked(pos, m) >= 0
            });
            self.stats.see_prunes += (before - captures.len()) as u64;
        }
        captures.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        let moves = captures.into_iter().map(|(_, m)| m);
        self.quiesce_children(pos, moves, Window::new(alpha, beta, stand_pat), ply, qply)
    }

    /// Quiescence with the side to move's king attacked (only once the seal is lifted, R-17):
    /// every legal move (captures first), no stand pat. No legal move is R-22's trapped king
    /// or R-23: the position's own result.
    fn quiesce_evasions(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.stats.quiescence_evasions += 1;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return terminal_score(pos, ply, self.draw_score(ply));
        }
        if king_capture(pos, &moves).is_some() {
            return MATE - ply as i32 - 1;
        }
        let picker = self.picker(pos, &moves, NO_MOVE, ply);
        self.quiesce_children(pos, picker, Window::new(alpha, beta, -INFINITY), ply, qply)
    }

    /// Quiescence's children of `pos`: `moves` in order, each searched by [`Self::quiesce`],
    /// in the window `w` (its best the stand pat, or −∞ when the side may not stand) until one
    /// reaches beta. 0 when the search is stopped.
    fn quiesce_children(
        &mut self,
        pos: &Position,
        moves: impl Iterator<Item = Move>,
        mut w: Window,
        ply: usize,
        qply: u32,
    ) -> i32 {
        for m in moves {
            if self.poll(ply + 1) {
                return 0;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.enter(pos, &child, ply);
            let score = -self.quiesce(&child, -w.beta, -w.alpha, ply + 1, qply + 1);
            if self.stopped {
                return 0;
            }
            if w.offer(score) == Step::Cutoff {
                break;
            }
        }
        w.best
    }

    fn is_killer(&self, m: Move, ply: usize) -> bool {
        self.engine.killers[ply].contains(&m.index())
    }

    fn reward(&mut self, m: Move, ply: usize, depth: i32) {
        let k = m.index();
        let killers = &mut self.engine.killers[ply];
        if killers[0] != k {
            killers[1] = killers[0];
            killers[0] = k;
        }
        let h = &mut self.engine.history[m.from().index()][m.to().index()];
        *h = (*h + depth * depth).min(1 << 16);
    }

    /// Sort `moves` best first (the root's list, searched whole at every iteration).
    fn order(&self, pos: &Position, moves: &mut [Move], tt_move: u16, ply: usize) {
        let picker = self.picker(pos, moves, tt_move, ply);
        for (slot, m) in moves.iter_mut().zip(picker) {
            *slot = m;
        }
    }

    /// `moves` with their ordering keys, to be handed out best first: table move, captures by
    /// victim value (then cheaper attacker), killers, then quiet moves by history.
    fn picker(&self, pos: &Position, moves: &[Move], tt_move: u16, ply: usize) -> MovePicker {
        let killers = self.engine.killers[ply.min(MAX_PLY - 1)];
        let keyed = moves
            .iter()
            .map(|&m| {
                let k = m.index();
                let score = if k == tt_move {
                    1 << 30
                } else if let Some(p) = captured_piece(pos, m) {
                    (1 << 24) + piece_value(p, m.to()) * 16 - value_of(pos, m.from()) / 100
                } else if k == killers[0] {
                    (1 << 22) + 1
                } else if k == killers[1] {
                    1 << 22
                } else {
                    self.engine.history[m.from().index()][m.to().index()]
                };
                (score, m)
            })
            .collect();
        MovePicker { keyed, next: 0 }
    }
}

/// How many moves [`MovePicker`] finds by a scan before it sorts the rest.
const PICK_BY_SCAN: usize = 3;

/// Moves with their ordering keys, handed out best first, ties in generation order (the order
/// of a stable sort by key). Most nodes are cut after their first move or two, so the first
/// [`PICK_BY_SCAN`] are each found by a scan for the best of the rest, and only a list searched
/// further is sorted, once.
struct MovePicker {
    keyed: SmallVec<[(i32, Move); 128]>,
    next: usize,
}

impl Iterator for MovePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let rest = self.keyed.get_mut(self.next..)?;
        if rest.is_empty() {
            return None;
        }
        match self.next.cmp(&PICK_BY_SCAN) {
            std::cmp::Ordering::Less => {
                let mut best = 0;
                for (j, k) in rest.iter().enumerate().skip(1) {
                    if k.0 > rest[best].0 {
                        best = j;
                    }
                }
                // The best to the front, the ones before it one place on: their order is kept.
                rest[..=best].rotate_right(1);
            }
            std::cmp::Ordering::Equal => rest.sort_by_key(|k| std::cmp::Reverse(k.0)),
            std::cmp::Ordering::Greater => {}
        }
        self.next += 1;
        Some(rest[0].1)
    }
}

/// The longest tablebase distance scored exactly: a win or loss any longer scores as this one
/// (still a win or loss, beyond [`MATE_BOUND`]).
const TABLEBASE_MAX_DISTANCE: u32 = 800;

/// A tablebase value of a node `ply` plies from the root as an internal score: a win in `n`
/// plies from the node is the search's own win in `ply + n`.
fn tablebase_score(s: Score, ply: usize) -> i32 {
    let at = |n: u32| MATE - ply as i32 - n.min(TABLEBASE_MAX_DISTANCE) as i32;
    match s {
        Score::Win(n) => at(n),
        Score::Loss(n) => -at(n),
        Score::Cp(c) => c,
    }
}

/// Win and loss scores are stored relative to the node, not the root (mate scores are those
/// from `MATE_BOUND` up: `junqi-search`'s conversion on this engine's scale).
fn to_tt(score: i32, ply: usize) -> i32 {
    relative_to_node(score, ply, MATE_BOUND)
}

fn from_tt(score: i32, ply: usize) -> i32 {
    relative_to_root(score, ply, MATE_BOUND)
}

#[cfg(test)]
mod tests {
    #[test]
    fn progress_scaled_shrinks_to_a_quarter() {
        assert_eq!(progress_scaled(800, 0), 800);
        assert_eq!(progress_scaled(800, 128), 400);
        assert_eq!(progress_scaled(-800, 1000), -200);
        assert_eq!(progress_scaled(i32::MIN, 64), i32::MIN / 4 * 3);
    }

    use super::*;

    #[test]
    fn the_move_picker_hands_out_a_stable_sort_by_key() {
        let moves = Position::default().legal_moves();
        // Keys with many ties, in several patterns, for lists shorter and longer than the
        // scan's share.
        for len in [0, 1, 2, 3, 4, 5, 9, moves.len()] {
            for modulus in [1, 3, 7, 1_000] {
                let keyed: SmallVec<[(i32, Move); 128]> = moves[..len]
                    .iter()
                    .enumerate()
                    .map(|(i, &m)| (((i * 37 + 11) % modulus) as i32, m))
                    .collect();
                let mut sorted = keyed.to_vec();
                sorted.sort_by_key(|k| std::cmp::Reverse(k.0));
                let want: Vec<Move> = sorted.into_iter().map(|k| k.1).collect();
                let got: Vec<Move> = MovePicker { keyed, next: 0 }.collect();
                assert_eq!(got, want, "{len} moves, keys mod {modulus}");
            }
        }
    }

    #[test]
    fn scores_convert_both_ways() {
        assert_eq!(score_from_internal(MATE - 3), Score::Win(3));
        assert_eq!(score_from_internal(-(MATE - 4)), Score::Loss(4));
        assert_eq!(score_from_internal(250), Score::Cp(250));
        for s in [MATE - 5, -(MATE - 7), 123] {
            assert_eq!(from_tt(to_tt(s, 9), 9), s);
        }
    }

    #[test]
    fn move_keys_round_trip() {
        for m in Position::default().legal_moves() {
            assert_eq!(Move::from_index(m.index()), Some(m));
            assert_ne!(m.index(), NO_MOVE);
        }
    }
}
