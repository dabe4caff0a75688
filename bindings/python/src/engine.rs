//! `Engine`: the baseline alpha-beta engine of crate gjjq-engine, searching open positions.

use gjjq_engine::{Engine, EngineConfig, HiddenConfig, HiddenResult, Limits, Score, SearchResult};
use pyo3::prelude::*;

use crate::errors::{GameOverError, GjjqError, err};
use crate::game::PyGame;
use crate::hidden::PyInfoState;
use crate::types::PyPosition;
use crate::types::{PyMove, seeded_rng};

/// The result of a search: the move to play, its score for the side to move, the depth of
/// the last completed iteration, the nodes searched and the principal variation.
#[pyclass(module = "gjjq", name = "SearchResult", frozen)]
pub struct PySearchResult {
    /// The move to play.
    #[pyo3(get)]
    best_move: Option<PyMove>,
    /// The score in the protocol's form: `"cp 120"`, `"win 3"`, `"loss 2"`.
    #[pyo3(get)]
    score: String,
    /// The depth of the last completed iteration.
    #[pyo3(get)]
    depth: u32,
    /// Nodes searched.
    #[pyo3(get)]
    nodes: u64,
    /// The principal variation, starting with `best_move`.
    #[pyo3(get)]
    pv: Vec<PyMove>,
    /// The score in centi-units when it is heuristic, else `None`.
    #[pyo3(get)]
    centipawns: Option<i32>,
    /// Plies to a forced win (positive) or loss (negative), else `None`.
    #[pyo3(get)]
    mate: Option<i64>,
    /// Hidden play: how many consistent worlds were searched (0: the proposal is a random
    /// candidate, no world could be drawn); `None` for an open search.
    #[pyo3(get)]
    worlds: Option<u32>,
    /// Hidden play: how many of the worlds chose `best_move`; `None` for an open search.
    #[pyo3(get)]
    votes: Option<u32>,
}

fn score_parts(score: Score) -> (Option<i32>, Option<i64>) {
    match score {
        Score::Cp(c) => (Some(c), None),
        Score::Win(n) => (None, Some(i64::from(n))),
        Score::Loss(n) => (None, Some(-i64::from(n))),
    }
}

impl PySearchResult {
    fn from_core(r: &SearchResult) -> PySearchResult {
        let (centipawns, mate) = score_parts(r.score);
        PySearchResult {
            best_move: r.best_move.map(PyMove::from_core),
            score: r.score.to_string(),
            depth: r.depth,
            nodes: r.nodes,
            pv: r.pv.iter().map(|&m| PyMove::from_core(m)).collect(),
            centipawns,
            mate,
            worlds: None,
            votes: None,
        }
    }

    fn from_hidden(r: &HiddenResult) -> PySearchResult {
        let (centipawns, mate) = score_parts(r.score);
        let best_move = r.best_move.map(PyMove::from_core);
        PySearchResult {
            best_move,
            score: r.score.to_string(),
            depth: r.depth,
            nodes: r.nodes,
            pv: best_move.into_iter().collect(),
            centipawns,
            mate,
            worlds: Some(r.worlds),
            votes: Some(r.votes),
        }
    }
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        format!(
            "<SearchResult best_move={} score='{}' depth={} nodes={}>",
            self.best_move
                .map_or_else(|| "None".to_owned(), |m| format!("'{}{}'", m.from, m.to)),
            self.score,
            self.depth,
            self.nodes
        )
    }
}

/// The baseline engine (crate gjjq-engine): iterative-deepening alpha-beta with a
/// transposition table, kept between searches. `nodes` and `depth` limit each search (about
/// that many nodes; at most that many plies); with neither, a search runs to depth 4.
/// `hash_mb` sizes the table. The search runs without the GIL.
#[pyclass(module = "gjjq", name = "Engine")]
pub struct PyEngine {
    engine: Engine,
    limits: Limits,
}

/// The depth of a search given no limit at all.
const DEFAULT_DEPTH: u32 = 4;

#[pymethods]
impl PyEngine {
    /// A new engine.
    #[new]
    #[pyo3(signature = (nodes = None, depth = None, hash_mb = 16))]
    fn py_new(nodes: Option<u64>, depth: Option<u32>, hash_mb: usize) -> PyResult<PyEngine> {
        if depth == Some(0) {
            return Err(err::<GjjqError>("depth must be at least 1"));
        }
        if nodes == Some(0) {
            return Err(err::<GjjqError>("nodes must be at least 1"));
        }
        if hash_mb == 0 || hash_mb > 4096 {
            return Err(err::<GjjqError>(format!(
                "hash_mb is {hash_mb}; it must be 1..=4096"
            )));
        }
        let depth = if nodes.is_none() && depth.is_none() {
            Some(DEFAULT_DEPTH)
        } else {
            depth.map(|d| d.min(Limits::MAX_DEPTH))
        };
        Ok(PyEngine {
            engine: Engine::new(EngineConfig {
                hash_mb,
                ..EngineConfig::default()
            }),
            limits: Limits { depth, nodes },
        })
    }

    /// The node limit of each search, or `None`.
    #[getter]
    fn nodes(&self) -> Option<u64> {
        self.limits.nodes
    }

    /// The depth limit of each search, or `None`.
    #[getter]
    fn depth(&self) -> Option<u32> {
        self.limits.depth
    }

    /// Search a `Position` or a `Game` (whose history makes the search respect repetition,
    /// R-24) and return the full result.
    ///
    /// Raises `GameOverError` when the game is already over.
    fn analyse(&mut self, py: Python<'_>, target: &Bound<'_, PyAny>) -> PyResult<PySearchResult> {
        let (pos, keys) = if let Ok(p) = target.cast::<PyPosition>() {
            (p.get().0.clone(), Vec::new())
        } else if let Ok(g) = target.cast::<PyGame>() {
            let g = g.borrow();
            let game = g.annotated();
            if let Some(o) = game.outcome() {
                return Err(err::<GameOverError>(format!("the game is over ({o})")));
            }
            let end = game.main_end();
            (game.position_at(end).clone(), game.keys_to(end))
        } else {
            return Err(err::<GjjqError>("the engine searches a Position or a Game"));
        };
        if let Some(o) = pos.outcome() {
            return Err(err::<GameOverError>(format!("the game is over ({o})")));
        }
        let limits = self.limits;
        let engine = &mut self.engine;
        let r = py.detach(|| engine.search(&pos, &keys, limits));
        Ok(PySearchResult::from_core(&r))
    }

    /// The move the engine plays in a `Position` or a `Game`.
    ///
    /// Raises `GameOverError` when the game is already over.
    fn search(&mut self, py: Python<'_>, target: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        self.analyse(py, target)?
            .best_move
            .ok_or_else(|| err::<GameOverError>("no legal move"))
    }

    /// Hidden play (暗式): choose a proposal for the side of `state` (an `InfoState`) from its
    /// information alone. Draws up to `worlds` enemy deployments consistent with the state
    /// (each equally likely, R-41) with a generator seeded by `seed` (Python's `random` module
    /// when `None`), searches each world's true position depth by depth, searches every move
    /// some world chose in the other worlds too, and returns the move of the best expected
    /// result over the worlds (the engine's default agent, `average`, docs/hidden.md; the node
    /// limit counts over all worlds). A
    /// proposal refused this turn is never repeated. `worlds` and `votes` in the result say
    /// how it was chosen.
    ///
    /// Raises `GameOverError` when the state's game is over or it is not the state's side's
    /// turn.
    #[pyo3(signature = (state, worlds = 8, seed = None))]
    fn analyse_hidden(
        &mut self,
        py: Python<'_>,
        state: &PyInfoState,
        worlds: u32,
        seed: Option<u64>,
    ) -> PyResult<PySearchResult> {
        let state = &state.0;
        if let Some(o) = state.outcome() {
            return Err(err::<GameOverError>(format!("the game is over ({o})")));
        }
        if state.turn() != state.side() {
            return Err(err::<GameOverError>(format!(
                "it is not {}'s turn: nothing to propose",
                state.side()
            )));
        }
        let mut rng = seeded_rng(py, seed)?;
        let config = HiddenConfig {
            worlds: worlds.max(1),
            ..HiddenConfig::default()
        };
        let limits = self.limits;
        let engine = &mut self.engine;
        let r = py.detach(|| engine.search_hidden(state, limits, config, &mut rng));
        Ok(PySearchResult::from_hidden(&r))
    }

    /// The proposal the engine makes for `state`'s side (see `analyse_hidden`).
    #[pyo3(signature = (state, worlds = 8, seed = None))]
    fn search_hidden(
        &mut self,
        py: Python<'_>,
        state: &PyInfoState,
        worlds: u32,
        seed: Option<u64>,
    ) -> PyResult<PyMove> {
        self.analyse_hidden(py, state, worlds, seed)?
            .best_move
            .ok_or_else(|| err::<GameOverError>("no proposal"))
    }

    /// Forget the table and the move-ordering tables (for a new game).
    fn clear(&mut self) {
        self.engine.clear();
    }

    fn __repr__(&self) -> String {
        let show = |v: Option<String>| v.unwrap_or_else(|| "None".to_owned());
        format!(
            "Engine(nodes={}, depth={}, hash_mb={})",
            show(self.limits.nodes.map(|n| n.to_string())),
            show(self.limits.depth.map(|d| d.to_string())),
            self.engine.config().hash_mb
        )
    }
}
