//! [`Engine`]: the one home of its methods — making one and setting it up, open play's
//! search ([`crate::search`] does the searching), hidden play's ([`crate::hidden`]) and the
//! endgame tables it probes ([`Engine::set_tablebase`], with the `tablebase` feature).

use std::fmt;
#[cfg(feature = "tablebase")]
use std::sync::Arc;

use gjjq_core::Position;
use gjjq_core::hidden::InfoState;
#[cfg(feature = "tablebase")]
use gjjq_tablebase::Tablebase;
use rand::Rng;

use crate::hidden::{HiddenAgent, HiddenConfig, HiddenResult};
use crate::search::MAX_PLY;
use crate::tt::Table;
use crate::vocabulary::{
    EngineConfig, Limits, NO_MOVE, NoControl, SearchControl, SearchResult, SearchStats,
};

/// The baseline engine: its transposition table and move-ordering tables, kept between
/// searches of the same game.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::{Engine, EngineConfig, Limits};
/// let mut engine = Engine::new(EngineConfig::default());
/// let pos = Position::default();
/// let result = engine.search(&pos, &[], Limits::depth(3));
/// let m = result.best_move.unwrap();
/// assert!(pos.is_legal(m));
/// assert_eq!(result.depth, 3);
/// assert_eq!(result.pv[0], m);
/// ```
pub struct Engine {
    pub(crate) config: EngineConfig,
    pub(crate) tt: Table,
    /// History heuristic: bonus per (origin, destination) of quiet moves that caused cut-offs.
    pub(crate) history: Vec<[i32; 90]>,
    pub(crate) killers: [[u16; 2]; MAX_PLY],
    pub(crate) stats: SearchStats,
    /// Endgame tables probed at the root and in the search (`crate::tablebase`).
    pub(crate) tables: crate::tablebase::Tables,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// A new engine with an empty table. When the table's [`EngineConfig::hash_mb`] cannot be
    /// allocated the engine does not abort: it takes the largest of the default size halved in
    /// turn that can be, and [`Engine::config`] says which ([`Engine::set_hash`]).
    #[must_use]
    // Without the feature `tablebase` the tables' stand-in is a unit struct.
    #[allow(clippy::default_constructed_unit_structs)]
    pub fn new(config: EngineConfig) -> Engine {
        let (tt, hash_mb) = Table::allocate(config.hash_mb, EngineConfig::default().hash_mb);
        Engine {
            config: EngineConfig { hash_mb, ..config },
            tt,
            history: vec![[0; 90]; 90],
            killers: [[NO_MOVE; 2]; MAX_PLY],
            stats: SearchStats::default(),
            tables: crate::tablebase::Tables::default(),
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> EngineConfig {
        self.config
    }

    /// Change the settings that need no new table: evaluation, features, `MultiPV`, contempt (the
    /// table keeps its size; [`Engine::new`] makes one of another size).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_engine::{Engine, EngineConfig, SearchFeatures};
    /// let mut engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
    /// engine.set_config(EngineConfig { multi_pv: 3, features: SearchFeatures::NONE, ..engine.config() });
    /// assert_eq!(engine.config().multi_pv, 3);
    /// assert_eq!(engine.config().hash_mb, 1);
    /// ```
    pub fn set_config(&mut self, config: EngineConfig) {
        self.config = EngineConfig {
            hash_mb: self.config.hash_mb,
            ..config
        };
    }

    /// Give the table a new size of about `megabytes` MiB, empty, and forget what was learnt
    /// (as [`Engine::clear`]); the size in MiB it got. The old table is freed first, so the
    /// two are never held together; the new one is allocated fallibly, and when `megabytes`
    /// cannot be had the table takes the largest of the old size halved in turn that can be
    /// (the old size itself at first), down to a table of one entry (size 0): less than asked
    /// is returned, never an abort.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_engine::{Engine, EngineConfig};
    /// let mut engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
    /// assert_eq!(engine.set_hash(2), 2);
    /// assert_eq!(engine.config().hash_mb, 2);
    /// // More than any address space: the old size is kept.
    /// assert_eq!(engine.set_hash(usize::MAX), 2);
    /// assert_eq!(engine.config().hash_mb, 2);
    /// ```
    pub fn set_hash(&mut self, megabytes: usize) -> usize {
        let old = self.config.hash_mb;
        self.tt = Table::tiny();
        let (tt, got) = Table::allocate(megabytes, old);
        self.tt = tt;
        self.config.hash_mb = got;
        self.clear();
        got
    }

    /// The counters of the last search.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Forget everything learnt (for a new game): table, killers, history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| h.fill(0));
        self.killers = [[NO_MOVE; 2]; MAX_PLY];
    }

    /// Search `pos` within `limits`.
    ///
    /// `history` holds the Zobrist keys of the game's earlier positions, oldest first, so
    /// that the search respects R-24's draw on the third occurrence; it may end with `pos`'s
    /// own key (as a game's key list does), which is then not counted twice.
    #[must_use]
    pub fn search(&mut self, pos: &Position, history: &[u64], limits: Limits) -> SearchResult {
        self.search_with(pos, history, limits, &mut NoControl)
    }

    /// [`Engine::search`] steered by `control` (clock, stop flag, progress reports).
    pub fn search_with(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: Limits,
        control: &mut dyn SearchControl,
    ) -> SearchResult {
        crate::search::run(self, pos, history, limits, control)
    }

    // ---- hidden play (暗式, R-41): `crate::hidden` ----

    /// Choose a proposal for `state`'s side from its information state alone (R-41) with the
    /// default agent ([`HiddenAgent::default`], averaging over uniform worlds): draw up to
    /// `config.worlds` consistent worlds with `rng`, search them depth by depth, vote, and
    /// average the chosen moves over the worlds (see the [module](crate::hidden)
    /// documentation).
    ///
    /// `limits.nodes` bounds the nodes over all worlds; `limits.depth` the depth in each.
    /// `control` is asked to stop and to deepen as in [`Engine::search_with`], and is told
    /// each completed round as a [`SearchResult`] whose `pv` is the voted move.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
    /// use gjjq_engine::{Engine, EngineConfig, HiddenConfig, Limits};
    /// use rand::{SeedableRng, rngs::StdRng};
    /// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
    /// let mut engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
    /// let mut rng = StdRng::seed_from_u64(7);
    /// for _ in 0..4 {
    ///     let side = game.turn();
    ///     let r = engine.search_hidden(game.info_state(side), Limits::depth(2),
    ///         HiddenConfig { worlds: 3, ..HiddenConfig::default() }, &mut rng);
    ///     let m = r.best_move.expect("a proposal");
    ///     game.propose(side, m)?; // refused or played: the referee decides
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_hidden<R: Rng + ?Sized>(
        &mut self,
        state: &InfoState,
        limits: Limits,
        config: HiddenConfig,
        rng: &mut R,
    ) -> HiddenResult {
        self.search_hidden_with(state, limits, config, rng, &mut NoControl)
    }

    /// [`Engine::search_hidden`] steered by `control` (clock, stop flag, progress reports).
    pub fn search_hidden_with<R: Rng + ?Sized>(
        &mut self,
        state: &InfoState,
        limits: Limits,
        config: HiddenConfig,
        rng: &mut R,
        control: &mut dyn SearchControl,
    ) -> HiddenResult {
        self.search_hidden_agent_with(state, limits, config, HiddenAgent::default(), rng, control)
    }

    // `search_hidden_agent_with`, every hidden search the others lead to, is in `crate::hidden`.

    // ---- endgame tables: `crate::tablebase` ----

    /// Probe `tablebase` at the root and in the search from now on (`None`: no tables). The
    /// tables are shared and read-only: one [`Tablebase`] can serve many engines.
    ///
    /// A position the tables do not cover (more units, a missing or damaged table, another
    /// ruleset) is searched as without tables, so an engine with an empty or partial set
    /// still plays legal moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use gjjq_core::{Position, Setup};
    /// use gjjq_engine::{Engine, EngineConfig, Limits, Score, Tablebase};
    /// let mut tb = Tablebase::new();
    /// tb.generate(&"IvK".parse()?)?;
    /// let mut engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
    /// engine.set_tablebase(Some(Arc::new(tb)));
    /// // Red's infantry and king against a bare king, Red to move: the tables know the
    /// // fastest win, at depth 1.
    /// let pos = Position::from_setup("9/9/5k3/9/9/9/9/9/9/I2K5 r -".parse::<Setup>()?)?;
    /// let r = engine.search(&pos, &[], Limits::depth(1));
    /// assert_eq!(r.score, Score::Win(27));
    /// assert!(pos.is_legal(r.best_move.unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "tablebase")]
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<Tablebase>>) {
        self.tables = crate::tablebase::Tables(tablebase);
    }

    /// The tables the engine probes, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_engine::{Engine, EngineConfig};
    /// let engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
    /// assert!(engine.tablebase().is_none());
    /// ```
    #[cfg(feature = "tablebase")]
    #[must_use]
    pub fn tablebase(&self) -> Option<&Arc<Tablebase>> {
        self.tables.0.as_ref()
    }
}
