//! The engine's public vocabulary: what a caller says to a search and what it hears back —
//! its settings ([`EngineConfig`], [`SearchFeatures`]), its limits ([`Limits`]), what steers it
//! from outside ([`SearchControl`]), and its answer ([`SearchResult`], [`PvLine`],
//! [`SearchStats`], [`Score`]). The searcher (`crate::search`) and the [`Engine`](crate::Engine)
//! that runs it are built on these; nothing here searches.

use gjjq_core::Move;

use crate::eval::EvalParams;

/// A search score from the side to move's point of view: the protocol's [`Score`] (`cp 120`,
/// `win 3`, `loss 2`).
pub use junqi_protocol::Score;

/// No move, in the tables that store a move as its action index ([`Move::index`], 2 bytes;
/// `u16::MAX` is outside its range).
pub(crate) const NO_MOVE: u16 = u16::MAX;

/// Which of the search's selective features are on. Each can be turned off (an engine option
/// of the same name in the protocol) so that a match measures what it gains; the defaults are
/// the features a match kept (see `docs/engine.md`, "Strength, issue 24").
///
/// # Examples
///
/// ```
/// use gjjq_engine::SearchFeatures;
/// let kept = SearchFeatures::default();
/// assert!(kept.null_move && kept.aspiration && kept.check_extension);
/// assert!(kept.reverse_futility && kept.late_move_pruning && kept.iir && kept.conversion);
/// assert!(kept.quiescence_traps);
/// assert!(!kept.lmr && !kept.futility && !kept.see && !kept.progress);
/// assert!(!SearchFeatures::NONE.null_move && SearchFeatures::ALL.lmr);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)]
pub struct SearchFeatures {
    /// Null-move pruning: in a null-window node at depth ≥ 3 whose static evaluation is at
    /// least beta, the side to move passes and a reduced search checks that beta still holds.
    /// Never with a pending return on the board (R-19: passing is then nothing like moving),
    /// never when the side to move's king is attacked (R-20), never with
    /// 6 pieces or fewer (zugzwang).
    pub null_move: bool,
    /// Late-move reductions growing with depth and move number (`ln d · ln i / 2`); off, late
    /// quiet moves are reduced by one ply as in the baseline.
    pub lmr: bool,
    /// Aspiration windows: from depth 4 the root is searched in a window around the previous
    /// iteration's score, widened and searched again when the score falls outside.
    pub aspiration: bool,
    /// A node whose side to move has its king attacked (R-20) is searched one ply deeper.
    pub check_extension: bool,
    /// Futility pruning: at depth 1 and 2, quiet moves that do not attack the enemy king are
    /// skipped when the static evaluation plus a margin cannot reach alpha.
    pub futility: bool,
    /// Quiescence skips captures that lose material by static exchange evaluation
    /// ([`crate::see::static_exchange`]).
    pub see: bool,
    /// Progress: the static evaluation shrinks towards 0 as the plies since the last capture
    /// grow (by `(256 − min(plies, 192)) / 256`), so a side ahead prefers lines that capture. The seal
    /// (R-17) and the trapped king (R-22) reward exchanges: a side that shuffles while ahead
    /// never brings the enemy down to the 8 pieces that open the palace.
    pub progress: bool,
    /// Reverse futility pruning ("static null move"): a null-window node at depth ≤ 6 whose
    /// side to move is not attacked and owes no return (R-19), and whose static evaluation
    /// beats beta by 200 centi-units per ply of depth, returns that evaluation unsearched.
    pub reverse_futility: bool,
    /// Late-move pruning: in a null-window node at depth ≤ 3 whose side to move is not
    /// attacked and owes no return, the quiet moves after the first `3 + depth²` that are not
    /// killers and do not attack the enemy king are skipped.
    pub late_move_pruning: bool,
    /// Internal iterative reduction: a node at depth ≥ 4 with no move from the table is
    /// searched one ply shallower (its move order is a guess, so the full depth goes to the
    /// nodes the table knows).
    pub iir: bool,
    /// Conversion: a side far ahead is steered towards the enemy king and, once the seal is
    /// lifted (R-17), towards netting it ([`crate::eval::conversion_bonus`]).
    pub conversion: bool,
    /// Quiescence traps: at the horizon (the first ply of quiescence), once the seal is
    /// lifted (R-17) and the enemy king has three of its four steps gone ([`crate::eval::king_net`]),
    /// the quiet moves that attack it are tried for R-22's trapped king, which ends the game
    /// at once. Quiescence plays captures only, so without this a trap one ply past the
    /// horizon is not seen.
    pub quiescence_traps: bool,
}

impl SearchFeatures {
    /// Every feature off: the search of the baseline engine (commit 44d942f).
    pub const NONE: SearchFeatures = SearchFeatures {
        null_move: false,
        lmr: false,
        aspiration: false,
        check_extension: false,
        futility: false,
        see: false,
        progress: false,
        reverse_futility: false,
        late_move_pruning: false,
        iir: false,
        conversion: false,
        quiescence_traps: false,
    };

    /// Every feature on.
    pub const ALL: SearchFeatures = SearchFeatures {
        null_move: true,
        lmr: true,
        aspiration: true,
        check_extension: true,
        futility: true,
        see: true,
        progress: true,
        reverse_futility: true,
        late_move_pruning: true,
        iir: true,
        conversion: true,
        quiescence_traps: true,
    };
}

impl Default for SearchFeatures {
    /// The features a match kept (`docs/engine.md`, "Strength, issue 24").
    fn default() -> SearchFeatures {
        SearchFeatures {
            lmr: false,
            futility: false,
            see: false,
            progress: false,
            ..SearchFeatures::ALL
        }
    }
}

/// Settings of an [`Engine`](crate::Engine) that outlive one search.
///
/// # Examples
///
/// ```
/// use gjjq_engine::EngineConfig;
/// assert_eq!(EngineConfig::default().hash_mb, 16);
/// let small = EngineConfig { hash_mb: 1, ..EngineConfig::default() };
/// assert_eq!(small.eval, gjjq_engine::eval::EvalParams::default());
/// assert_eq!(small.multi_pv, 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineConfig {
    /// Size of the transposition table in MiB.
    pub hash_mb: usize,
    /// The evaluation's terms.
    pub eval: EvalParams,
    /// The selective features of the search.
    pub features: SearchFeatures,
    /// How many principal variations to search (`MultiPV`): the best `multi_pv` root moves,
    /// each with its score and line, in [`SearchResult::lines`]. 0 counts as 1.
    pub multi_pv: u32,
    /// Contempt, in centi-units: a draw found in the search (repetition, insufficient
    /// material, the no-capture limit; R-24, R-25) scores `−contempt` for the side to move at
    /// the root and `+contempt` for its opponent, so that a positive value avoids draws a
    /// little worse than even. 0 scores every draw 0. Clamped to ±1000.
    pub contempt: i32,
}

/// The largest contempt, either way ([`EngineConfig::contempt`]).
pub(crate) const MAX_CONTEMPT: i32 = 1_000;

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            hash_mb: 16,
            eval: EvalParams::default(),
            features: SearchFeatures::default(),
            multi_pv: 1,
            contempt: 0,
        }
    }
}

/// Limits of one search that need no clock. `None` is no limit; a search with no limit at all
/// and no [`SearchControl`] to stop it runs to the deepest depth ([`Limits::MAX_DEPTH`]).
///
/// # Examples
///
/// ```
/// use gjjq_engine::Limits;
/// let l = Limits::depth(3);
/// assert_eq!((l.depth, l.nodes), (Some(3), None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Stop after about this many nodes (checked every few hundred nodes).
    pub nodes: Option<u64>,
}

impl Limits {
    /// The deepest iteration the search will start.
    pub const MAX_DEPTH: u32 = 64;

    /// Search to `depth` plies.
    #[must_use]
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
        }
    }

    /// Search about `nodes` nodes.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
        }
    }
}

/// One principal variation of a [`SearchResult`]: a root move's score and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PvLine {
    /// The score of the line's first move for the side to move.
    pub score: Score,
    /// The line, starting with the root move.
    pub pv: Vec<Move>,
}

/// The result of a search, or of one completed iteration of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the position has no legal move (the game is over).
    pub best_move: Option<Move>,
    /// The score of `best_move` for the side to move.
    pub score: Score,
    /// The depth of the last completed iteration (0 if none completed).
    pub depth: u32,
    /// The deepest ply reached, quiescence included (`seldepth`).
    pub seldepth: u32,
    /// Nodes searched (quiescence included).
    pub nodes: u64,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// With `MultiPV` above 1: the best root moves' lines, best first, distinct first moves
    /// (the first is `score`/`pv`). Empty otherwise.
    pub lines: Vec<PvLine>,
    /// How full the transposition table is, in permille (`hashfull`).
    pub hashfull: u32,
}

/// Counters of the last search, for tests and tuning: what each selective feature did.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::{Engine, EngineConfig, Limits};
/// let mut engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
/// let r = engine.search(&Position::default(), &[], Limits::depth(4));
/// assert_eq!(engine.stats().nodes, r.nodes);
/// assert_eq!(engine.stats().null_tries_with_pending, 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Nodes searched.
    pub nodes: u64,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Null moves tried.
    pub null_tries: u64,
    /// Null moves tried in a position with a pending return (R-19): always 0, the guard
    /// forbids them.
    pub null_tries_with_pending: u64,
    /// Null moves whose reduced search held beta (the node was cut).
    pub null_cutoffs: u64,
    /// Moves searched reduced by more than one ply (late-move reductions).
    pub lmr_reductions: u64,
    /// Root re-searches after the score fell outside the aspiration window.
    pub aspiration_researches: u64,
    /// Nodes extended because the side to move's king was attacked.
    pub check_extensions: u64,
    /// Quiet moves skipped by futility pruning.
    pub futility_prunes: u64,
    /// Captures skipped in quiescence by static exchange evaluation.
    pub see_prunes: u64,
    /// Quiescence nodes whose side to move had its king attacked, searched on every move.
    pub quiescence_evasions: u64,
    /// Quiescence nodes cut by a quiet move that traps the enemy king (R-22).
    pub quiescence_traps: u64,
    /// Nodes cut by reverse futility pruning.
    pub reverse_futility_prunes: u64,
    /// Quiet moves skipped by late-move pruning.
    pub late_move_prunes: u64,
    /// Nodes searched one ply shallower by internal iterative reduction.
    pub iir_reductions: u64,
}

/// What steers a search from outside the core: a clock, a stop flag, a progress report.
///
/// All methods have defaults that never stop and report nothing. The protocol server
/// implements it with `std::time::Instant` and an `AtomicBool`; a Web Worker can implement it
/// with `performance.now()`.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::{Engine, EngineConfig, Limits, SearchControl, SearchResult};
/// /// Stops after the first iteration that finds a score above 0.
/// struct Report(Vec<u32>);
/// impl SearchControl for Report {
///     fn on_iteration(&mut self, r: &SearchResult) { self.0.push(r.depth); }
/// }
/// let mut engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
/// let mut report = Report(Vec::new());
/// engine.search_with(&Position::default(), &[], Limits::depth(2), &mut report);
/// assert_eq!(report.0, [1, 2]);
/// ```
pub trait SearchControl {
    /// Asked every few hundred nodes: `true` aborts the search at once (the result is that of
    /// the last completed iteration, or the best root move found so far).
    fn should_stop(&mut self, nodes: u64) -> bool {
        let _ = nodes;
        false
    }

    /// Asked after each completed iteration: `false` ends the search there (e.g. when the
    /// time spent makes the next iteration unlikely to finish).
    fn should_deepen(&mut self, completed: &SearchResult) -> bool {
        let _ = completed;
        true
    }

    /// Told each completed iteration, for `info` lines.
    fn on_iteration(&mut self, completed: &SearchResult) {
        let _ = completed;
    }
}

/// A control that never stops: the [`Limits`] alone end the search.
///
/// # Examples
///
/// ```
/// use gjjq_engine::SearchControl;
/// use gjjq_engine::hidden::NoControl;
/// assert!(!NoControl.should_stop(1_000_000));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct NoControl;

impl SearchControl for NoControl {}
