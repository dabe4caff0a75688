//! Hidden play (暗式, R-37 … R-41): the referee (`HiddenGame`), what a side is told
//! (`Event`, `Told`, `InfoState`), a side's view (`PlayerView`) and worlds consistent with
//! what it knows (`check_world`, `WorldSampler`).

use gjjq_core::{
    Side, Square,
    deploy::Opening,
    hidden::{
        Beliefs, Event, HiddenGame, InfoState, PlayerView, ProposeError, WorldSampler,
        check_world as core_check_world,
    },
};
use gjjq_notation::{
    GameReader, MoveForm, hidden_game_from_record, info_state_from_player_record, player_record,
    referee_record, write_game,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use rand::rngs::StdRng;

use crate::deployment::{PyDeployment, PyHiddenGame, PyOpening, deployment_arg};
use crate::errors::{
    GameFileError, GameOverError, GjjqError, InfoStateError, MoveParseError, NotYourTurnError,
    WorldError, echo, err,
};
use crate::game::{PyGame, parse_form};
use crate::shells::point_dict;
use crate::tensor;
use crate::types::{
    PyMove, PyOutcome, parse_rules, parse_side, parse_square, rules_json, seeded_rng,
};

/// A proposal given as a `Move`, an ASCII move (`"5B5A"`) or an action index.
fn proposal_arg(obj: &Bound<'_, PyAny>) -> PyResult<gjjq_core::Move> {
    let m = if let Ok(m) = obj.cast::<PyMove>() {
        *m.get()
    } else if let Ok(s) = obj.extract::<String>() {
        PyMove::parse_ascii(s.trim())?
    } else if obj.hasattr("__index__")? {
        PyMove::from_action_index(obj)?
    } else {
        return Err(err::<MoveParseError>(
            "a proposal is a Move, an ASCII move ('5B5A') or an action index",
        ));
    };
    Ok(gjjq_core::Move::new(m.from, m.to))
}

fn labels(points: impl IntoIterator<Item = Square>) -> Vec<String> {
    points.into_iter().map(|s| s.to_string()).collect()
}

/// One thing a side is told, in order. `kind` is `"played"` (a move: `move`,
/// `capture`, `stayed`, `removed`, `captured_kind`), `"refused"` (this side's own proposal
/// `move` was refused), `"opponent-refused"` (announce_illegal: both) or `"end"`
/// (`outcome` and the enemy's deployment `enemy`). `str(event)` is its token in the
/// information-state string. In a hidden endgame no deployment was made: `enemy` is empty
/// and the end's token here ends `:9/9/9/9/9`; the information state's string gives the
/// enemy's start position there instead.
#[pyclass(module = "gjjq", name = "Event", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyEvent(pub Event);

#[pymethods]
impl PyEvent {
    /// `"played"`, `"refused"`, `"opponent-refused"` or `"end"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Event::Played(_) => "played",
            Event::Refused(_) => "refused",
            Event::OpponentRefused => "opponent-refused",
            Event::End { .. } => "end",
        }
    }

    /// The move played or refused, if any.
    #[getter]
    fn r#move(&self) -> Option<PyMove> {
        match self.0 {
            Event::Played(s) => Some(PyMove::from_core(s.mv)),
            Event::Refused(m) => Some(PyMove::from_core(m)),
            _ => None,
        }
    }

    /// Whether the move played captured a piece.
    #[getter]
    fn capture(&self) -> bool {
        matches!(self.0, Event::Played(s) if s.capture)
    }

    /// Whether the mover stayed on its origin after capturing (R-19, `immediate`).
    #[getter]
    fn stayed(&self) -> bool {
        matches!(self.0, Event::Played(s) if s.stayed)
    }

    /// The point a striker of the mover was removed from with this move, if any.
    #[getter]
    fn removed(&self) -> Option<String> {
        match self.0 {
            Event::Played(s) => s.removed.map(|r| r.to_string()),
            _ => None,
        }
    }

    /// The captured kind, when this side is told it (its owner; the captor under
    /// `reveal_captured: to_captor`).
    #[getter]
    fn captured_kind(&self) -> Option<&'static str> {
        match self.0 {
            Event::Played(s) => s.captured_kind.map(|k| k.name()),
            _ => None,
        }
    }

    /// The outcome told at the end.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        match self.0 {
            Event::End { outcome, .. } => Some(PyOutcome::from_core(&outcome)),
            _ => None,
        }
    }

    /// The enemy's deployment, told at the end.
    #[getter]
    fn enemy(&self) -> Option<PyDeployment> {
        match self.0 {
            Event::End { enemy, .. } => Some(PyDeployment(enemy)),
            _ => None,
        }
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Event {} '{}'>", self.kind(), self.__str__())
    }
}

/// What one proposal told each side: `played` (whether the move was played), the events of
/// `red` and `green`, and `to(side)`.
#[pyclass(module = "gjjq", name = "Told", frozen)]
pub struct PyTold {
    /// Whether the proposal was played.
    #[pyo3(get)]
    played: bool,
    /// What Red was told, in order.
    #[pyo3(get)]
    red: Vec<PyEvent>,
    /// What Green was told, in order.
    #[pyo3(get)]
    green: Vec<PyEvent>,
}

#[pymethods]
impl PyTold {
    /// What `side` was told.
    fn to(&self, side: &str) -> PyResult<Vec<PyEvent>> {
        Ok(match parse_side(side)? {
            Side::Red => self.red.clone(),
            Side::Green => self.green.clone(),
        })
    }

    fn __repr__(&self) -> String {
        let show = |v: &[PyEvent]| v.iter().map(|e| e.__str__()).collect::<Vec<_>>().join(" ");
        format!(
            "<Told played={} red='{}' green='{}'>",
            if self.played { "True" } else { "False" },
            show(&self.red),
            show(&self.green)
        )
    }
}

impl PyHiddenGame {
    /// Wraps a referee.
    pub fn from_game(game: HiddenGame) -> PyHiddenGame {
        PyHiddenGame { game }
    }

    fn referee_text(&self, form: MoveForm) -> PyResult<String> {
        let mut out = Vec::new();
        write_game(&referee_record(&self.game), form, &mut out).map_err(err::<GjjqError>)?;
        String::from_utf8(out).map_err(err::<GjjqError>)
    }
}

fn propose_error(e: ProposeError) -> PyErr {
    match e {
        ProposeError::Finished(_) => err::<GameOverError>(e),
        _ => err::<NotYourTurnError>(e),
    }
}

#[pymethods]
impl PyHiddenGame {
    /// A hidden game from `opening` (an `Opening`; the default opening when `None`) under
    /// `rules` (a preset name or ruleset JSON, with `announce_illegal` and
    /// `reveal_captured`). Raises `OpeningError` when a deployment breaks R-32 under them.
    #[new]
    #[pyo3(signature = (opening = None, rules = None))]
    fn py_new(opening: Option<PyOpening>, rules: Option<&str>) -> PyResult<PyHiddenGame> {
        let opening = opening.map_or_else(Opening::default_opening, |o| o.0);
        let rules = parse_rules(rules)?;
        HiddenGame::new(opening, rules)
            .map(PyHiddenGame::from_game)
            .map_err(err::<crate::errors::OpeningError>)
    }

    /// A hidden endgame (docs/rules.md, "Hidden endgames"): the true game starts from
    /// `start` (a `Position` or a position string, read under `rules`), a valid position with
    /// Red's force `red` and Green's `green` (endgame types without the king, e.g. `"IID"`)
    /// and no return pending; each side knows its own pieces, every enemy point and the
    /// enemy's force. Raises `GjjqError` naming what does not fit.
    #[classmethod]
    #[pyo3(signature = (start, red, green, rules = None))]
    fn endgame(
        _cls: &Bound<'_, PyType>,
        start: &Bound<'_, PyAny>,
        red: &str,
        green: &str,
        rules: Option<&str>,
    ) -> PyResult<PyHiddenGame> {
        let start = if let Ok(p) = start.cast::<crate::types::PyPosition>() {
            p.get().0.clone()
        } else {
            crate::types::PyPosition::parse(&start.extract::<String>()?, rules)?
        };
        let (red, green) = (endgame_force("red", red)?, endgame_force("green", green)?);
        HiddenGame::endgame(start, red, green)
            .map(PyHiddenGame::from_game)
            .map_err(err::<GjjqError>)
    }

    /// Whether this is a hidden endgame (`HiddenGame.endgame`).
    #[getter]
    fn is_endgame(&self) -> bool {
        self.game.is_endgame()
    }

    /// The hidden game of a referee's record (R-40; tags `RedDeployment`,
    /// `GreenDeployment`, `FirstMover`, refusals as `{refused 5B4A}`), replayed through the
    /// referee.
    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyHiddenGame> {
        let mut reader = GameReader::new(text.as_bytes());
        let rec = match reader.next() {
            Some(Ok(rec)) => rec,
            Some(Err(e)) => return Err(err::<GameFileError>(e)),
            None => return Err(err::<GameFileError>("the text holds no game")),
        };
        hidden_game_from_record(&rec)
            .map(PyHiddenGame::from_game)
            .map_err(err::<GameFileError>)
    }

    /// The referee's record as game-file text; `form` is `"simplified"`,
    /// `"traditional"` or `"ascii"`.
    #[pyo3(signature = (form = "simplified"))]
    fn to_text(&self, form: &str) -> PyResult<String> {
        self.referee_text(parse_form(form)?)
    }

    /// The opening (both deployments, the first mover).
    #[getter]
    fn opening(&self) -> PyOpening {
        PyOpening(*self.game.opening())
    }

    /// The ruleset as JSON.
    #[getter]
    fn rules(&self) -> String {
        rules_json(self.game.game().start().ruleset())
    }

    /// The side to move, `"red"` or `"green"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.game.turn().name()
    }

    /// The number of moves played (refused proposals not counted).
    #[getter]
    fn ply(&self) -> usize {
        self.game.game().moves().len()
    }

    /// The true game (a copy): for the referee and for tests, never for a player.
    #[getter]
    fn true_game(&self) -> PyGame {
        PyGame::from_game(self.game.game().clone())
    }

    /// The outcome once the game has ended (R-21 … R-25), or `None`.
    fn outcome(&self) -> Option<PyOutcome> {
        self.game.outcome().map(|o| PyOutcome::from_core(&o))
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Every refused proposal as (moves played before it, proposer, move), in order.
    fn refusals(&self) -> Vec<(usize, &'static str, PyMove)> {
        self.game
            .refusals()
            .iter()
            .map(|&(ply, side, m)| (ply, side.name(), PyMove::from_core(m)))
            .collect()
    }

    /// `side` proposes `move` (a `Move`, an ASCII move or an action index), R-38: a legal
    /// move is played and both sides are told what R-39 gives them; an illegal one is refused
    /// and nothing changes. Returns what each side was told.
    ///
    /// Raises `NotYourTurnError` when `side` is not to move, `GameOverError` after the end.
    fn propose(&mut self, side: &str, r#move: &Bound<'_, PyAny>) -> PyResult<PyTold> {
        let side = parse_side(side)?;
        let m = proposal_arg(r#move)?;
        let told = self.game.propose(side, m).map_err(propose_error)?;
        let wrap = |v: &[Event]| v.iter().map(|&e| PyEvent(e)).collect();
        Ok(PyTold {
            played: told.played,
            red: wrap(&told.red),
            green: wrap(&told.green),
        })
    }

    /// What `side` has been told.
    fn info_state(&self, side: &str) -> PyResult<PyInfoState> {
        Ok(PyInfoState(self.game.info_state(parse_side(side)?).clone()))
    }

    /// `side`'s view, computed from its information state alone.
    fn view(&self, side: &str) -> PyResult<PyPlayerView> {
        Ok(PyPlayerView(self.game.view(parse_side(side)?)))
    }

    /// The hidden-play observation of `side` (see `InfoState.observation`).
    fn observation<'py>(&self, py: Python<'py>, side: &str) -> PyResult<Bound<'py, PyAny>> {
        let state = self.game.info_state(parse_side(side)?);
        Ok(tensor::to_numpy(py, tensor::hidden_observation(state)))
    }

    /// The information-state tensor of `side` (see `InfoState.information_state_tensor`).
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        side: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let state = self.game.info_state(parse_side(side)?);
        Ok(tensor::to_numpy(py, tensor::info_state_tensor(state)))
    }

    /// Play on with two proposers that each pick uniformly among their candidates not yet
    /// refused this turn, until the end or `max_plies` moves; returns the outcome, if reached.
    #[pyo3(signature = (seed = None, max_plies = 1000))]
    fn play_out(
        &mut self,
        py: Python<'_>,
        seed: Option<u64>,
        max_plies: usize,
    ) -> PyResult<Option<PyOutcome>> {
        let mut rng = seeded_rng(py, seed)?;
        Ok(self
            .game
            .play_out(&mut rng, max_plies)
            .map(|o| PyOutcome::from_core(&o)))
    }

    fn __str__(&self) -> PyResult<String> {
        self.referee_text(MoveForm::default())
    }

    fn __repr__(&self) -> String {
        format!(
            "<HiddenGame ply={} turn={} position='{}'>",
            self.game.game().moves().len(),
            self.game.turn().name(),
            self.game.game().position().to_setup()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let ctor = slf.get_type().getattr("from_text")?;
        Ok((ctor, (slf.borrow().referee_text(MoveForm::Ascii)?,)))
    }
}

copyable!(PyHiddenGame);

/// A side's information state: everything it was told, in order. `str(state)` is the
/// compact canonical string of docs/hidden.md (one string per state); it does not carry the
/// ruleset, which `from_string` takes as an argument. Immutable and hashable.
#[pyclass(module = "gjjq", name = "InfoState", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyInfoState(pub InfoState);

#[pymethods]
impl PyInfoState {
    /// The information state of its canonical string, under `rules` (standard by default).
    #[classmethod]
    #[pyo3(signature = (s, rules = None))]
    fn from_string(_cls: &Bound<'_, PyType>, s: &str, rules: Option<&str>) -> PyResult<Self> {
        let rules = parse_rules(rules)?;
        let state: InfoState = s
            .parse()
            .map_err(|e| err::<InfoStateError>(format!("'{}': {e}", echo(s))))?;
        Ok(PyInfoState(state.with_rules(rules)))
    }

    /// The information state a player's record holds (R-40: tag `Player`, the enemy's moves
    /// as `暗…`).
    #[classmethod]
    fn from_record_text(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<Self> {
        let mut reader = GameReader::new(text.as_bytes());
        let rec = match reader.next() {
            Some(Ok(rec)) => rec,
            Some(Err(e)) => return Err(err::<GameFileError>(e)),
            None => return Err(err::<GameFileError>("the text holds no game")),
        };
        info_state_from_player_record(&rec)
            .map(PyInfoState)
            .map_err(err::<GameFileError>)
    }

    /// The player's record as game-file text: own moves in full, the enemy's as
    /// `暗5b攻5B`; `form` is `"simplified"` or `"traditional"` (a player's record is not
    /// written in ASCII).
    #[pyo3(signature = (form = "simplified"))]
    fn to_record_text(&self, form: &str) -> PyResult<String> {
        let mut out = Vec::new();
        write_game(&player_record(&self.0), parse_form(form)?, &mut out)
            .map_err(err::<GjjqError>)?;
        String::from_utf8(out).map_err(err::<GjjqError>)
    }

    /// The ruleset as JSON.
    #[getter]
    fn rules(&self) -> String {
        rules_json(self.0.rules())
    }

    /// This side's own deployment (empty, `9/9/9/9/9`, in a hidden endgame).
    #[getter]
    fn deployment(&self) -> PyDeployment {
        PyDeployment(*self.0.deployment())
    }

    /// Whether this is a state of a hidden endgame.
    #[getter]
    fn is_endgame(&self) -> bool {
        self.0.is_endgame()
    }

    /// The enemy's force in a hidden endgame (e.g. `"IID"`, the king implied); `None` after
    /// deployments.
    #[getter]
    fn enemy_force(&self) -> Option<String> {
        self.0.enemy_force().map(|f| f.to_string())
    }

    /// The board points (labels) the enemy occupied at the start.
    #[getter]
    fn enemy_start(&self) -> Vec<String> {
        labels(self.0.enemy_start())
    }

    /// The events told so far, in order.
    #[getter]
    fn events(&self) -> Vec<PyEvent> {
        self.0.events().iter().map(|&e| PyEvent(e)).collect()
    }

    /// The number of moves played so far.
    #[getter]
    fn plies(&self) -> usize {
        self.0.plies()
    }

    /// The end, once told.
    fn outcome(&self) -> Option<PyOutcome> {
        self.0.outcome().map(|o| PyOutcome::from_core(&o))
    }

    /// The state as it was after `ply` moves.
    fn at_ply(&self, ply: usize) -> PyInfoState {
        PyInfoState(self.0.at_ply(ply))
    }

    /// The view this state gives (own pieces, enemy identities, candidates).
    fn view(&self) -> PyPlayerView {
        PyPlayerView(PlayerView::new(&self.0))
    }

    /// The proposals worth making now: the view's candidates (a superset of the legal moves,
    /// R-38) minus this side's proposals already refused since the last move. Empty when it
    /// is not this side's turn or the game is over. Depends on this state alone.
    fn proposals(&self) -> Vec<PyMove> {
        tensor::proposals(&self.0)
            .into_iter()
            .map(PyMove::from_core)
            .collect()
    }

    /// `proposals()` as sorted action indices (`Move::index`).
    fn proposal_actions(&self) -> Vec<usize> {
        tensor::sorted(
            tensor::proposals(&self.0)
                .into_iter()
                .map(crate::types::action_of),
        )
    }

    /// The own proposals refused since the last move, in order.
    fn refused_this_turn(&self) -> Vec<PyMove> {
        self.0
            .refused_this_turn()
            .into_iter()
            .map(PyMove::from_core)
            .collect()
    }

    /// Whether `world` (the enemy's deployment: a `Deployment` or a string) is consistent
    /// with this state; see `check_world`.
    fn is_consistent(&self, world: &Bound<'_, PyAny>) -> PyResult<bool> {
        let d = deployment_arg(world, &gjjq_core::Ruleset::STANDARD)?;
        Ok(core_check_world(&self.0, &d).is_ok())
    }

    /// The observation of this side's view for hidden play: float32 `(24, 10, 9)`, planes in
    /// `HIDDEN_OBSERVATION_PLANES` (docs/python.md).
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        tensor::to_numpy(py, tensor::hidden_observation(&self.0))
    }

    /// The information-state tensor: float32 `(71, 10, 9)`, the observation's planes, what
    /// is known of each enemy piece, this turn's refusals and the last eight moves; planes in
    /// `INFO_STATE_PLANES` (docs/python.md).
    fn information_state_tensor<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        tensor::to_numpy(py, tensor::info_state_tensor(&self.0))
    }

    /// Exact beliefs (R-41; docs/hidden.md, "Exact beliefs"): float64 `(8, 10, 9)`. Plane
    /// `k` (kinds in `PIECE_KINDS` order: king, guard, missile, fleet, aircraft, army,
    /// division, infantry) holds, on the point of each enemy piece on the board, the
    /// probability that it is of that kind under the uniform prior over the consistent
    /// worlds, counted exactly; 0 elsewhere. Rows and columns as in the observation tensors
    /// (this side's base line is row 0, its left column 0). The worlds are replayed when at
    /// most `max_replays` assignments fit the kind domains; otherwise the figures are exact
    /// only over those assignments unless nothing was told yet, and `exact=True` raises
    /// `WorldError` instead. An inconsistent state raises `WorldError`.
    #[pyo3(signature = (max_replays = 20000, exact = false))]
    fn beliefs<'py>(
        &self,
        py: Python<'py>,
        max_replays: u64,
        exact: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut b = Beliefs::with_max_replays(&self.0, u128::from(max_replays))
            .map_err(err::<WorldError>)?;
        if exact {
            b = b.exact().map_err(err::<WorldError>)?;
        }
        let me = self.0.side();
        let mut a = numpy::ndarray::Array3::<f64>::zeros((8, tensor::ROWS, tensor::COLS));
        for p in b.pieces() {
            let (row, col) = tensor::view(p.at, me);
            for (k, prob) in p.probabilities().into_iter().enumerate() {
                a[[k, row, col]] = prob;
            }
        }
        Ok(numpy::IntoPyArray::into_pyarray(a, py).into_any())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("InfoState.from_string('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let ctor = slf.get_type().getattr("from_string")?;
        let s = &slf.get().0;
        Ok((ctor, (s.to_string(), rules_json(s.rules()))))
    }
}

seat_getters!(PyInfoState {
    /// Whose state this is.
    side,
    /// The first mover.
    first,
    /// The side to move next.
    turn,
});

/// One side's view of a hidden game, computed from its information state: its own
/// pieces with kinds, the enemy's as points with identities (the point each was deployed
/// on, followed through its moves), never kinds.
#[pyclass(module = "gjjq", name = "PlayerView", frozen)]
pub struct PyPlayerView(pub PlayerView);

#[pymethods]
impl PyPlayerView {
    /// The own pieces: a dict from point label to kind name.
    fn own<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        point_dict(py, self.0.own().into_iter().map(|(sq, k)| (sq, k.name())))
    }

    /// The enemy pieces: a dict from the point each stands on to its identity (the point it
    /// was deployed on).
    fn enemy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        point_dict(py, self.0.enemy().into_iter().map(|e| (e.at, e.id)))
    }

    /// The identity of the enemy piece on `point`, or `None`.
    fn enemy_at(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self.0.enemy_at(parse_square(point)?).map(|s| s.to_string()))
    }

    /// The number of enemy pieces on the board.
    #[getter]
    fn enemy_count(&self) -> usize {
        self.0.enemy_count()
    }

    /// The enemy pieces this side captured: (identity, kind or `None` when not told).
    fn captured(&self) -> Vec<(String, Option<&'static str>)> {
        self.0
            .captured()
            .iter()
            .map(|(id, k)| (id.to_string(), k.map(|k| k.name())))
            .collect()
    }

    /// The kinds of the own pieces lost, in order.
    fn lost(&self) -> Vec<&'static str> {
        self.0.lost().iter().map(|k| k.name()).collect()
    }

    /// This side's own pending return as (striker, origin), or `None`.
    fn pending_return(&self) -> Option<(String, String)> {
        self.0
            .pending_return()
            .map(|p| (p.striker.to_string(), p.origin.to_string()))
    }

    /// The end, once told.
    fn outcome(&self) -> Option<PyOutcome> {
        self.0.outcome().map(|o| PyOutcome::from_core(&o))
    }

    /// The enemy's deployment, told at the end, or `None`.
    fn enemy_deployment(&self) -> Option<PyDeployment> {
        self.0.enemy_deployment().map(PyDeployment)
    }

    /// The occupied points (labels): (own, enemy).
    fn occupied(&self) -> (Vec<String>, Vec<String>) {
        let (own, enemy) = self.0.occupied();
        (labels(own), labels(enemy))
    }

    /// Every (from, to) legal in at least one assignment of kinds to the enemy pieces: a
    /// superset of the legal moves. Empty when it is not this side's turn or the game
    /// is over.
    fn candidates(&self) -> Vec<PyMove> {
        self.0
            .candidates()
            .iter()
            .map(|&m| PyMove::from_core(m))
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<PlayerView side={} turn={} own={} enemy={}>",
            self.0.side().name(),
            self.0.turn().name(),
            self.0.own().len(),
            self.0.enemy_count()
        )
    }
}

seat_getters!(PyPlayerView {
    /// Whose view this is.
    side,
    /// The side to move.
    turn,
});

/// The first ply at which a world differs from an information state, and how.
#[pyclass(module = "gjjq", name = "Inconsistency", frozen)]
pub struct PyInconsistency {
    /// 0 for the deployment itself, `k` for move `k` (or a refusal before it).
    #[pyo3(get)]
    ply: usize,
    /// What differs, in words.
    #[pyo3(get)]
    what: String,
}

#[pymethods]
impl PyInconsistency {
    fn __str__(&self) -> String {
        format!("ply {}: {}", self.ply, self.what)
    }

    fn __repr__(&self) -> String {
        format!("<Inconsistency ply={} what='{}'>", self.ply, self.what)
    }
}

/// Whether `world` (the enemy's deployment, in the enemy's own frame: a `Deployment` or a
/// string) is consistent with `state`: replayed in the world, every move told is
/// legal and told the same, every refused proposal is illegal, and the game ends where and
/// how it was told. Returns `None` when consistent, else the first `Inconsistency`.
#[pyfunction]
pub fn check_world(
    state: &PyInfoState,
    world: &Bound<'_, PyAny>,
) -> PyResult<Option<PyInconsistency>> {
    let d = deployment_arg(world, &gjjq_core::Ruleset::STANDARD)?;
    Ok(core_check_world(&state.0, &d)
        .err()
        .map(|i| PyInconsistency {
            ply: i.ply,
            what: i.what.to_string(),
        }))
}

/// Draws enemy deployments consistent with an information state, every consistent world
/// equally likely, from its own generator seeded by `seed` (or by Python's `random`
/// module when `None`).
#[pyclass(module = "gjjq", name = "WorldSampler")]
pub struct PyWorldSampler {
    sampler: WorldSampler,
    rng: StdRng,
}

#[pymethods]
impl PyWorldSampler {
    /// The sampler of `state`'s enemy worlds.
    #[new]
    #[pyo3(signature = (state, seed = None))]
    fn py_new(py: Python<'_>, state: &PyInfoState, seed: Option<u64>) -> PyResult<Self> {
        Ok(PyWorldSampler {
            sampler: WorldSampler::new(&state.0),
            rng: seeded_rng(py, seed)?,
        })
    }

    /// The number of assignments of kinds that fit the narrowed domains and the counts of
    /// at least the number of consistent worlds.
    #[getter]
    fn assignments(&self) -> u128 {
        self.sampler.assignments()
    }

    /// Rejected draws allowed in a row before `draw` gives up (default 1,000,000).
    #[getter]
    fn max_tries(&self) -> u32 {
        self.sampler.max_tries
    }

    #[setter]
    fn set_max_tries(&mut self, n: u32) {
        self.sampler.max_tries = n;
    }

    /// The kinds still possible for the enemy piece deployed on board point `id`.
    fn domain(&self, id: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
        Ok(self
            .sampler
            .domain(parse_square(id)?)
            .iter()
            .map(|k| k.name())
            .collect())
    }

    /// One consistent world: the enemy's deployment (own frame). Raises `WorldError` when
    /// none is found.
    fn draw(&mut self, py: Python<'_>) -> PyResult<PyDeployment> {
        let (sampler, rng) = (&self.sampler, &mut self.rng);
        py.detach(|| sampler.draw(rng))
            .map(PyDeployment)
            .map_err(err::<WorldError>)
    }

    /// One consistent world as its start position, for either kind of hidden game (in a
    /// hidden endgame the only form: its worlds are positions, not deployments). Raises
    /// `WorldError` when none is found.
    fn draw_start(&mut self, py: Python<'_>) -> PyResult<crate::types::PyPosition> {
        let (sampler, rng) = (&self.sampler, &mut self.rng);
        py.detach(|| sampler.draw_start(rng))
            .map(crate::types::PyPosition)
            .map_err(err::<WorldError>)
    }

    /// `n` consistent worlds, drawn independently; `n` at most 1,000,000 (a `GjjqError`
    /// saying so beyond, before anything is drawn).
    fn draw_many(&mut self, py: Python<'_>, n: usize) -> PyResult<Vec<PyDeployment>> {
        let n = crate::errors::check_draws("n", n)?;
        let (sampler, rng) = (&self.sampler, &mut self.rng);
        py.detach(|| {
            (0..n)
                .map(|_| sampler.draw(rng))
                .collect::<Result<Vec<_>, _>>()
        })
        .map(|v| v.into_iter().map(PyDeployment).collect())
        .map_err(err::<WorldError>)
    }
}

/// An endgame force parameter (`"IID"`, `"雙團單師"`), its side named in the error.
fn endgame_force(side: &str, text: &str) -> PyResult<gjjq_core::endgame::EndgameForce> {
    text.parse().map_err(|e| {
        err::<GjjqError>(format!(
            "{side}'s endgame force '{}': {e}",
            gjjq_core::setup::clip(text, 20)
        ))
    })
}

/// `n` random endgame positions with Red's force `red` and Green's `green` (endgame types
/// without the king, e.g. `"IID"`), `first` to move, drawn in turn from one generator seeded
/// by `seed` (Python's `random` module when `None`): each valid, undecided, the side to
/// move unable to take the enemy king at once, uniform over such placements
/// (`gjjq deploy endgame`). Raises `GjjqError` for a bad force or when no such position is
/// found (e.g. forces that are always drawn, R-24), or for `n` above 1,000,000.
#[pyfunction]
#[pyo3(signature = (red, green, n, seed = None, first = "red", rules = None))]
pub fn random_endgames(
    py: Python<'_>,
    red: &str,
    green: &str,
    n: usize,
    seed: Option<u64>,
    first: &str,
    rules: Option<&str>,
) -> PyResult<Vec<crate::types::PyPosition>> {
    let n = crate::errors::check_draws("n", n)?;
    let (red, green) = (endgame_force("red", red)?, endgame_force("green", green)?);
    let first = parse_side(first)?;
    let rules = parse_rules(rules)?;
    let mut rng = seeded_rng(py, seed)?;
    py.detach(|| {
        (0..n)
            .map(|_| gjjq_core::endgame::random_endgame(&red, &green, first, &rules, &mut rng))
            .collect::<Result<Vec<_>, _>>()
    })
    .map(|v| v.into_iter().map(crate::types::PyPosition).collect())
    .map_err(err::<GjjqError>)
}
