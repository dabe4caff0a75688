//! 暗棋 (the `luzhanqi::dark` module, L-31) for Python: the referee `LzDarkGame`, the
//! announcements `LzAnnouncement`, a side's information state `LzInfoState` (its compact
//! string, its knowledge, its tensors, its player record), its view `LzDarkView`, the exact
//! world sampler `LzWorldSampler` and the beliefs `LzBeliefs`; re-exported by
//! `gjjq.luzhanqi` without their prefix.
//!
//! Actions are the dense index of docs/luzhanqi.md (a move `from * 60 + to`). The tensors are
//! seen by the information state's side, in its own frame as the open observation:
//! [`DARK_OBS_PLANES`] planes for the observation, [`DARK_INFO_PLANES`] for the
//! information state (docs/python.md lists them). Neither holds an enemy kind: both are
//! computed from the information state alone.

use luzhanqi::dark::{
    self, Announcement, Beliefs, DarkGame, DarkRules, DarkView, Fact, InfoState, KindSet,
    Knowledge, WorldSampler,
};
use luzhanqi::deploy::Deployment;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::rand::{Rng, SeedableRng};
use luzhanqi::{AttackOutcome, Kind, Piece, Ruleset, Side, Square};
use numpy::IntoPyArray;
use numpy::ndarray::{Array2, Array3, Axis};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{
    DeploymentError, GameFileError, GameOverError, IllegalMoveError, InfoStateError,
    MoveParseError, OpeningError, RulesetError, WorldError, echo, err, index_in,
};
use crate::lzq::{
    COLS, NUM_ACTIONS, PyLzPosition, ROWS, action_of_index, mask, move_action, move_actions,
    outcome_tuple, parse_rules, parse_side,
};
use crate::shells::{point_dict, texts};

/// Planes of the dark observation tensor.
pub const DARK_OBS_PLANES: usize = 17;
/// Moves of the history the information-state tensor describes.
pub const DARK_RECENT_MOVES: usize = 8;
/// Planes of each recent move in the information-state tensor.
pub const DARK_PLANES_PER_MOVE: usize = 5;
/// Planes of the dark information-state tensor.
pub const DARK_INFO_PLANES: usize = 34 + DARK_RECENT_MOVES * DARK_PLANES_PER_MOVE;

/// The dark rules of a ruleset text (default: the standard rules) and the flag option.
fn dark_rules(rules: Option<&str>, marshal_reveals_flag: bool) -> PyResult<DarkRules> {
    let rules = parse_rules(rules, Ruleset::STANDARD)?;
    if rules.flag_capture != luzhanqi::FlagCapture::Any {
        return Err(err::<RulesetError>(
            "暗棋 takes flag_capture 'any' only (L-12): the flag's protection depends on \
             kinds the attacker cannot see",
        ));
    }
    Ok(DarkRules {
        rules,
        marshal_reveals_flag,
    })
}

fn parse_deployment(t: &str) -> PyResult<Deployment> {
    let d: Deployment = t
        .trim()
        .parse()
        .map_err(|e| err::<DeploymentError>(format!("deployment '{}': {e}", echo(t))))?;
    d.check()
        .map_err(|e| err::<DeploymentError>(format!("deployment '{}': {e}", echo(t))))?;
    Ok(d)
}

fn parse_point(t: &str) -> PyResult<Square> {
    t.trim()
        .parse()
        .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(t))))
}

fn dark_err(e: dark::DarkError) -> PyErr {
    match e {
        dark::DarkError::Opening(e) => err::<OpeningError>(e.to_string()),
        dark::DarkError::FlagCapture | dark::DarkError::LosingAttacks => {
            err::<RulesetError>(e.to_string())
        }
        e => err::<IllegalMoveError>(e.to_string()),
    }
}

fn world_err(e: dark::WorldError) -> PyErr {
    match e {
        dark::WorldError::Invalid(e) => err::<InfoStateError>(e.to_string()),
        e => err::<WorldError>(e.to_string()),
    }
}

/// The letters of a kind set, in L-5's order (upper case).
fn kinds_text(k: KindSet) -> String {
    k.iter().map(Kind::letter).collect()
}

fn result_name(o: AttackOutcome) -> &'static str {
    match o {
        AttackOutcome::DefenderRemoved => "defender-removed",
        AttackOutcome::AttackerRemoved => "attacker-removed",
        AttackOutcome::BothRemoved => "both-removed",
    }
}

/// A deduction's fact as text: `moved`, `engineer`, `attacked S defender-removed` (it attacked
/// the own field marshal, which removed it), `defended E both-removed`, `marshal-removed`,
/// `not-marshal`, `flag-shown`, `not-flag`, `flag-captured`, `no-legal-move`, `not-movable`.
fn fact_text(f: Fact) -> String {
    match f {
        Fact::Moved => "moved".into(),
        Fact::Engineer => "engineer".into(),
        Fact::Attacked { own, result } => {
            format!("attacked {} {}", own.letter(), result_name(result))
        }
        Fact::Defended { own, result } => {
            format!("defended {} {}", own.letter(), result_name(result))
        }
        Fact::MarshalRemoved => "marshal-removed".into(),
        Fact::NotMarshal => "not-marshal".into(),
        Fact::FlagShown => "flag-shown".into(),
        Fact::NotFlag => "not-flag".into(),
        Fact::FlagCaptured => "flag-captured".into(),
        Fact::NoLegalMove => "no-legal-move".into(),
        Fact::NotMovable => "not-movable".into(),
        _ => format!("{f:?}"),
    }
}

/// Row and column of a point in `viewer`'s frame (row 0 the rank farthest from it).
fn cell(sq: Square, viewer: Side) -> (usize, usize) {
    let (file, rank) = sq.own_frame(viewer);
    (12 - rank as usize, file as usize)
}

/// The dark observation (docs/python.md, "暗棋 tensors"), from a view alone.
fn dark_observation(view: &DarkView) -> Array3<f32> {
    let me = view.side();
    let mut a = Array3::<f32>::zeros((DARK_OBS_PLANES, ROWS, COLS));
    for (sq, kind) in view.own() {
        let (r, c) = cell(sq, me);
        a[[kind.index(), r, c]] = 1.0;
    }
    for e in view.enemy() {
        let (r, c) = cell(e.at, me);
        a[[12, r, c]] = 1.0;
    }
    if let Some(sq) = view.flag_shown(me.other()) {
        let (r, c) = cell(sq, me);
        a[[13, r, c]] = 1.0;
    }
    if let Some(sq) = view.flag_shown(me) {
        let (r, c) = cell(sq, me);
        a[[14, r, c]] = 1.0;
    }
    if view.turn() == me && view.outcome().is_none() {
        a.index_axis_mut(Axis(0), 15).fill(1.0);
    }
    let p = view.plies_since_attack().min(100) as f32 / 100.0;
    a.index_axis_mut(Axis(0), 16).fill(p);
    a
}

/// The dark information-state tensor (docs/python.md, "暗棋 tensors").
fn dark_info_tensor(state: &InfoState, view: &DarkView, k: &Knowledge) -> Array3<f32> {
    let me = state.side();
    let mut a = Array3::<f32>::zeros((DARK_INFO_PLANES, ROWS, COLS));
    a.slice_mut(numpy::ndarray::s![0..DARK_OBS_PLANES, .., ..])
        .assign(&dark_observation(view));
    let ids = k.ids();
    let mut index_of = std::collections::HashMap::new();
    for (j, id) in ids.iter().enumerate() {
        index_of.insert(*id, j);
    }
    let mut moved = [false; 25];
    let mut fought = [false; 25];
    for d in k.deductions() {
        if let Some(&j) = index_of.get(&d.id) {
            match d.fact {
                Fact::Moved | Fact::Engineer => moved[j] = true,
                Fact::Attacked { .. } | Fact::Defended { .. } => fought[j] = true,
                _ => {}
            }
        }
    }
    for (j, at) in k.positions().iter().enumerate() {
        let Some(at) = *at else { continue };
        let (r, c) = cell(at, me);
        for kind in k.domains()[j].iter() {
            a[[17 + kind.index(), r, c]] = 1.0;
        }
        if moved[j] {
            a[[29, r, c]] = 1.0;
        }
        if fought[j] {
            a[[30, r, c]] = 1.0;
        }
    }
    let enemy_left = k.positions().iter().filter(|p| p.is_some()).count();
    a.index_axis_mut(Axis(0), 31)
        .fill((25 - enemy_left) as f32 / 25.0);
    a.index_axis_mut(Axis(0), 32)
        .fill((25 - view.own().len()) as f32 / 25.0);
    a.index_axis_mut(Axis(0), 33)
        .fill((state.plies().min(1000)) as f32 / 1000.0);
    let history = state.history();
    for (i, ann) in history.iter().rev().take(DARK_RECENT_MOVES).enumerate() {
        let ply = history.len() - 1 - i;
        let mover = if ply.is_multiple_of(2) {
            state.first()
        } else {
            state.first().other()
        };
        let base = 34 + i * DARK_PLANES_PER_MOVE;
        let (r, c) = cell(ann.mv.from, me);
        a[[base, r, c]] = 1.0;
        let (r, c) = cell(ann.mv.to, me);
        a[[base + 1, r, c]] = 1.0;
        let (def, att) = match ann.result {
            None => (false, false),
            Some(AttackOutcome::DefenderRemoved) => (true, false),
            Some(AttackOutcome::AttackerRemoved) => (false, true),
            Some(_) => (true, true),
        };
        if def {
            a.index_axis_mut(Axis(0), base + 2).fill(1.0);
        }
        if att {
            a.index_axis_mut(Axis(0), base + 3).fill(1.0);
        }
        if mover == me {
            a.index_axis_mut(Axis(0), base + 4).fill(1.0);
        }
    }
    a
}

/// One announcement of the referee (L-31), heard by both sides: the move, for an attack only
/// what was removed, the flags shown, the end. Immutable; `str()` is its token in the
/// information-state string (`c6c7=`, `c6c7>!b12`, `a5a6#red:flag-captured`).
#[pyclass(
    module = "gjjq.luzhanqi",
    name = "LzAnnouncement",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyLzAnnouncement(pub Announcement);

#[pymethods]
impl PyLzAnnouncement {
    /// The announcement of a token (`c6c7=!d1`).
    #[staticmethod]
    fn from_string(text: &str) -> PyResult<PyLzAnnouncement> {
        text.trim()
            .parse()
            .map(PyLzAnnouncement)
            .map_err(|e| err::<InfoStateError>(format!("'{}': {e}", echo(text))))
    }

    /// The move in ASCII (`c6c7`).
    #[getter]
    fn r#move(&self) -> String {
        self.0.mv.to_string()
    }

    /// The move's dense action index.
    #[getter]
    fn action(&self) -> usize {
        move_action(self.0.mv)
    }

    /// For an attack `defender-removed`, `attacker-removed` or `both-removed`; None for a
    /// quiet move.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.0.result.map(result_name)
    }

    /// The flag points shown by this move (Red's first).
    #[getter]
    fn flag_shown(&self) -> Vec<String> {
        self.0
            .flag_shown
            .iter()
            .flatten()
            .map(ToString::to_string)
            .collect()
    }

    /// `(winner or None, reason)` if the move ended the game, else None.
    #[getter]
    fn end(&self) -> Option<(Option<&'static str>, &'static str)> {
        outcome_tuple(self.0.end)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("LzAnnouncement('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            slf.get_type().getattr("from_string")?,
            (slf.get().0.to_string(),),
        ))
    }
}

/// The referee of a dark game (暗棋, L-31): the true game of two deployments, the
/// announcements, each side's information state and view. A player must be shown only its
/// `info_state` / `view`; `position` is the referee's.
#[pyclass(module = "gjjq.luzhanqi", name = "LzDarkGame", from_py_object)]
#[derive(Clone)]
pub struct PyLzDarkGame(pub DarkGame);

#[pymethods]
impl PyLzDarkGame {
    /// The game of Red's and Blue's deployment strings (L-19), `first` to move, under `rules`
    /// (`standard` or ruleset JSON; `flag_capture` must be `any`) and `marshal_reveals_flag`.
    #[new]
    #[pyo3(signature = (red, blue, first = "red", rules = None, marshal_reveals_flag = true))]
    fn py_new(
        red: &str,
        blue: &str,
        first: &str,
        rules: Option<&str>,
        marshal_reveals_flag: bool,
    ) -> PyResult<PyLzDarkGame> {
        let rules = dark_rules(rules, marshal_reveals_flag)?;
        DarkGame::new(
            &parse_deployment(red)?,
            &parse_deployment(blue)?,
            parse_side(first)?,
            rules,
        )
        .map(PyLzDarkGame)
        .map_err(dark_err)
    }

    /// A game of two deployments drawn uniformly (L-18) from `seed`, Red's first.
    #[staticmethod]
    #[pyo3(signature = (seed, first = "red", rules = None, marshal_reveals_flag = true))]
    fn random(
        seed: u64,
        first: &str,
        rules: Option<&str>,
        marshal_reveals_flag: bool,
    ) -> PyResult<PyLzDarkGame> {
        let mut rng = StdRng::seed_from_u64(seed);
        let red = Deployment::random(&mut rng);
        let blue = Deployment::random(&mut rng);
        let rules = dark_rules(rules, marshal_reveals_flag)?;
        DarkGame::new(&red, &blue, parse_side(first)?, rules)
            .map(PyLzDarkGame)
            .map_err(dark_err)
    }

    /// The game of two deployments with `moves` (ASCII) played.
    #[staticmethod]
    #[pyo3(signature = (red, blue, first, rules, marshal_reveals_flag, moves))]
    fn replay(
        red: &str,
        blue: &str,
        first: &str,
        rules: Option<&str>,
        marshal_reveals_flag: bool,
        moves: Vec<String>,
    ) -> PyResult<PyLzDarkGame> {
        let mut g = PyLzDarkGame::py_new(red, blue, first, rules, marshal_reveals_flag)?;
        for m in moves {
            let mv: luzhanqi::Move = m
                .trim()
                .parse()
                .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(&m))))?;
            g.0.play(mv).map_err(dark_err)?;
        }
        Ok(g)
    }

    /// The referee's record (an ordinary game file with `[Mode "dark"]`, both deployments in
    /// `Setup`).
    fn to_record(&self) -> PyResult<String> {
        dark::record::referee_record(&self.0).map_err(|e| err::<GameFileError>(e.to_string()))
    }

    /// The game of a referee's record.
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<PyLzDarkGame> {
        dark::record::read_referee_record(text)
            .map(PyLzDarkGame)
            .map_err(|e| err::<GameFileError>(e.to_string()))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<ReducedDark<'py>> {
        let me = slf.borrow();
        let g = &me.0;
        Ok((
            slf.get_type().getattr("replay")?,
            (
                g.deployment(Side::Red).to_string(),
                g.deployment(Side::Blue).to_string(),
                g.first().name(),
                g.rules().rules.to_json(),
                g.rules().marshal_reveals_flag,
                g.history().iter().map(|a| a.mv.to_string()).collect(),
            ),
        ))
    }

    /// Plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.0.history().len()
    }

    /// A side's deployment string (L-19).
    fn deployment(&self, side: &str) -> PyResult<String> {
        Ok(self.0.deployment(parse_side(side)?).to_string())
    }

    /// The true position (the referee's; never a player's).
    #[getter]
    fn position(&self) -> PyLzPosition {
        PyLzPosition(self.0.game().position().clone())
    }

    /// The side to move plays a move (ASCII, or a dense action index); returns what both
    /// sides hear.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<PyLzAnnouncement> {
        if let Some(o) = self.0.outcome() {
            return Err(err::<GameOverError>(format!("the game is over ({o})")));
        }
        let m = if let Some(i) = index_in::<MoveParseError>("action", mv, NUM_ACTIONS)? {
            match action_of_index(i)? {
                luzhanqi::flip::FlipAction::Move(m) => m,
                luzhanqi::flip::FlipAction::Flip(_) => {
                    return Err(err::<IllegalMoveError>(format!(
                        "action {i} is a flip; the dark game has none"
                    )));
                }
            }
        } else {
            let s: String = mv.extract()?;
            s.trim()
                .parse()
                .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(&s))))?
        };
        self.0.play(m).map(PyLzAnnouncement).map_err(dark_err)
    }

    /// The legal actions of the side to move, ascending (the same as its view's); none once
    /// over.
    fn legal_actions(&self) -> Vec<usize> {
        move_actions(&self.0.game().legal_moves())
    }

    /// The legal-action mask: numpy bool of 3,660.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        mask(
            py,
            self.0.game().legal_moves().iter().map(|&m| move_action(m)),
        )
    }

    /// What `side` has been told.
    fn info_state(&self, side: &str) -> PyResult<PyLzInfoState> {
        Ok(PyLzInfoState(self.0.info_state(parse_side(side)?).clone()))
    }

    /// `side`'s view, from its information state alone.
    fn view(&self, side: &str) -> PyResult<PyLzDarkView> {
        Ok(PyLzDarkView(self.0.view(parse_side(side)?)))
    }

    /// `(winner or None, reason)` once over, else None.
    fn outcome(&self) -> Option<(Option<&'static str>, &'static str)> {
        outcome_tuple(self.0.outcome())
    }

    /// Play on with uniformly random legal moves from `seed` until the end or `max_plies`
    /// plies in all; the outcome, if reached.
    #[pyo3(signature = (seed, max_plies = 1000))]
    fn play_random(
        &mut self,
        seed: u64,
        max_plies: usize,
    ) -> Option<(Option<&'static str>, &'static str)> {
        let mut rng = StdRng::seed_from_u64(seed);
        outcome_tuple(self.0.play_random(&mut rng, max_plies))
    }
}

copyable!(PyLzDarkGame);

seat_getters!(PyLzDarkGame {
    /// The side to move, `red` or `blue`.
    turn,
    /// The first mover.
    first,
});

/// What `LzDarkGame.__reduce__` returns: `replay` and its arguments.
type ReducedDark<'py> = (
    Bound<'py, PyAny>,
    (String, String, &'static str, String, bool, Vec<String>),
);

/// What one side of a dark game was told (L-31): its side, the first mover, its own
/// deployment and every announcement; perfect recall. Immutable and hashable; `str()` is the
/// compact string (`b r LFLCP/... c6c7= c5b5`), which does not carry the rules.
#[pyclass(
    module = "gjjq.luzhanqi",
    name = "LzInfoState",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyLzInfoState(pub InfoState);

impl PyLzInfoState {
    fn knowledge(&self) -> PyResult<Knowledge> {
        self.0
            .validate()
            .map_err(|e| err::<InfoStateError>(e.to_string()))
    }
}

#[pymethods]
impl PyLzInfoState {
    /// The state of a string, under `rules` and `marshal_reveals_flag`; impossible states are
    /// refused (`InfoStateError`, naming the field and the ply).
    #[staticmethod]
    #[pyo3(signature = (text, rules = None, marshal_reveals_flag = true))]
    fn from_string(
        text: &str,
        rules: Option<&str>,
        marshal_reveals_flag: bool,
    ) -> PyResult<PyLzInfoState> {
        let rules = dark_rules(rules, marshal_reveals_flag)?;
        InfoState::parse_with(text.trim(), rules)
            .map(PyLzInfoState)
            .map_err(|e| err::<InfoStateError>(format!("'{}': {e}", echo(text))))
    }

    /// The state before any move: `side`'s own deployment string and the first mover.
    #[staticmethod]
    #[pyo3(signature = (side, first, deployment, rules = None, marshal_reveals_flag = true))]
    fn start(
        side: &str,
        first: &str,
        deployment: &str,
        rules: Option<&str>,
        marshal_reveals_flag: bool,
    ) -> PyResult<PyLzInfoState> {
        let rules = dark_rules(rules, marshal_reveals_flag)?;
        Ok(PyLzInfoState(InfoState::new(
            parse_side(side)?,
            parse_side(first)?,
            parse_deployment(deployment)?,
            rules,
        )))
    }

    /// The state of a player's record (`Player`, `Deployment`, the moves and what was told
    /// as comments).
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<PyLzInfoState> {
        dark::record::read_player_record(text)
            .map(PyLzInfoState)
            .map_err(|e| err::<GameFileError>(e.to_string()))
    }

    /// The player's record: only what it was told.
    fn to_record(&self) -> PyResult<String> {
        dark::record::player_record(&self.0).map_err(|e| err::<GameFileError>(e.to_string()))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("LzInfoState('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<ReducedInfo<'py>> {
        let s = &slf.get().0;
        Ok((
            slf.get_type().getattr("from_string")?,
            (
                s.to_string(),
                s.rules().rules.to_json(),
                s.rules().marshal_reveals_flag,
            ),
        ))
    }

    /// Plies told.
    #[getter]
    fn plies(&self) -> usize {
        self.0.plies()
    }

    /// The own deployment string.
    #[getter]
    fn deployment(&self) -> String {
        self.0.deployment().to_string()
    }

    /// `(winner or None, reason)` once told of the end, else None.
    fn outcome(&self) -> Option<(Option<&'static str>, &'static str)> {
        outcome_tuple(self.0.outcome())
    }

    /// The state after the first `k` plies.
    fn at_ply(&self, k: usize) -> PyLzInfoState {
        PyLzInfoState(self.0.at_ply(k))
    }

    /// The side's view.
    fn view(&self) -> PyLzDarkView {
        PyLzDarkView(DarkView::new(&self.0))
    }

    /// The side's legal actions when it is to move (none otherwise), ascending: exactly the
    /// true game's, from what it knows.
    fn legal_actions(&self) -> Vec<usize> {
        view_actions(&DarkView::new(&self.0))
    }

    /// Each enemy piece's possible kinds (what the history forces): start point → letters.
    fn domains(&self) -> PyResult<Vec<(String, String)>> {
        let k = self.knowledge()?;
        Ok(k.ids()
            .iter()
            .zip(k.domains())
            .map(|(id, d)| (id.to_string(), kinds_text(*d)))
            .collect())
    }

    /// Where each enemy piece stands now: start point → point, or None once removed.
    fn positions(&self) -> PyResult<Vec<(String, Option<String>)>> {
        let k = self.knowledge()?;
        Ok(k.ids()
            .iter()
            .zip(k.positions())
            .map(|(id, at)| (id.to_string(), at.map(|s| s.to_string())))
            .collect())
    }

    /// The public deductions: `(ply, enemy start point, fact)`, the fact as text (`moved`,
    /// `engineer`, `attacked S defender-removed`, `defended E both-removed`,
    /// `marshal-removed`, `not-marshal`, `flag-shown`, `not-flag`, `flag-captured`,
    /// `no-legal-move`, `not-movable`).
    fn deductions(&self) -> PyResult<Vec<(usize, String, String)>> {
        let k = self.knowledge()?;
        Ok(k.deductions()
            .iter()
            .map(|d| (d.ply, d.id.to_string(), fact_text(d.fact)))
            .collect())
    }

    /// None when the enemy deployment `world` (a deployment string, the enemy's own frame)
    /// replays to this state, else what differs.
    fn check_world(&self, world: &str) -> PyResult<Option<String>> {
        let d: Deployment = world
            .trim()
            .parse()
            .map_err(|e| err::<DeploymentError>(format!("deployment '{}': {e}", echo(world))))?;
        Ok(dark::check_world(&self.0, &d).err().map(|e| e.to_string()))
    }

    /// The exact beliefs (or, under `repetition`, estimated from drawn worlds).
    fn beliefs(&self, py: Python<'_>) -> PyResult<PyLzBeliefs> {
        let s = self.0.clone();
        py.detach(move || Beliefs::new(&s))
            .map(PyLzBeliefs)
            .map_err(world_err)
    }

    /// The observation tensor: float32 (17, 12, 5), docs/python.md.
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        dark_observation(&DarkView::new(&self.0))
            .into_pyarray(py)
            .into_any()
    }

    /// The information-state tensor: float32 (74, 12, 5), docs/python.md.
    fn information_state_tensor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let k = self.knowledge()?;
        let view = DarkView::new(&self.0);
        Ok(dark_info_tensor(&self.0, &view, &k)
            .into_pyarray(py)
            .into_any())
    }

    /// Both tensors and the legal actions at once (one view, one validation): `(observation,
    /// information-state tensor, legal actions)`.
    fn tensors<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Vec<usize>)> {
        let k = self.knowledge()?;
        let view = DarkView::new(&self.0);
        Ok((
            dark_observation(&view).into_pyarray(py).into_any(),
            dark_info_tensor(&self.0, &view, &k)
                .into_pyarray(py)
                .into_any(),
            view_actions(&view),
        ))
    }
}

seat_getters!(PyLzInfoState {
    /// The side it belongs to.
    side,
    /// The first mover.
    first,
    /// The side to move.
    turn,
});

/// `dark_getters!(PyX, …)`: what a dark game and an information state both tell, as
/// properties: the rules played under (`rules`, the ruleset as JSON, and
/// `marshal_reveals_flag`) and the announcements so far (`history`).
macro_rules! dark_getters {
    ($($ty:ident),+) => {$(
        #[pymethods]
        impl $ty {
            /// The ruleset as JSON.
            #[getter]
            fn rules(&self) -> String {
                self.0.rules().rules.to_json()
            }

            /// Whether a removed field marshal shows its side's flag.
            #[getter]
            fn marshal_reveals_flag(&self) -> bool {
                self.0.rules().marshal_reveals_flag
            }

            /// The announcements so far, in order.
            #[getter]
            fn history(&self) -> Vec<PyLzAnnouncement> {
                self.0
                    .history()
                    .iter()
                    .map(|&a| PyLzAnnouncement(a))
                    .collect()
            }
        }
    )+};
}

dark_getters!(PyLzDarkGame, PyLzInfoState);

/// What `LzInfoState.__reduce__` returns.
type ReducedInfo<'py> = (Bound<'py, PyAny>, (String, String, bool));

fn view_actions(view: &DarkView) -> Vec<usize> {
    if view.turn() != view.side() || view.outcome().is_some() {
        return Vec::new();
    }
    move_actions(&view.legal_moves())
}

/// A side's view of a dark game: its own pieces with their kinds, the enemy pieces' points
/// (each known by its start point), the flags shown; computed from the information state
/// alone.
#[pyclass(module = "gjjq.luzhanqi", name = "LzDarkView", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyLzDarkView(pub DarkView);

#[pymethods]
impl PyLzDarkView {
    /// Plies since the last attack.
    #[getter]
    fn plies_since_attack(&self) -> u32 {
        self.0.plies_since_attack()
    }

    /// The own pieces: point → kind letter (upper case).
    fn own<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        point_dict(py, self.0.own().into_iter().map(|(sq, k)| (sq, k.letter())))
    }

    /// The enemy pieces: point → identity (the point it was deployed on).
    fn enemy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        point_dict(py, self.0.enemy().into_iter().map(|e| (e.at, e.id)))
    }

    /// The identity of the enemy piece on a point, or None.
    fn enemy_at(&self, point: &str) -> PyResult<Option<String>> {
        Ok(self.0.enemy_at(parse_point(point)?).map(|s| s.to_string()))
    }

    /// The flag point shown of `side`, if any.
    fn flag_shown(&self, side: &str) -> PyResult<Option<String>> {
        Ok(self.0.flag_shown(parse_side(side)?).map(|s| s.to_string()))
    }

    /// `(own points, enemy points)`.
    fn occupied(&self) -> (Vec<String>, Vec<String>) {
        let (o, e) = self.0.occupied();
        (
            o.into_iter().map(|s| s.to_string()).collect(),
            e.into_iter().map(|s| s.to_string()).collect(),
        )
    }

    /// `(winner or None, reason)` once told of the end, else None.
    fn outcome(&self) -> Option<(Option<&'static str>, &'static str)> {
        outcome_tuple(self.0.outcome())
    }

    /// The viewer's legal moves in ASCII when it is to move (exactly the true game's).
    fn legal_moves(&self) -> Vec<String> {
        if self.0.turn() != self.0.side() || self.0.outcome().is_some() {
            return Vec::new();
        }
        texts(self.0.legal_moves().iter())
    }

    /// The same as dense actions, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        view_actions(&self.0)
    }

    /// The observation tensor: float32 (17, 12, 5).
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        dark_observation(&self.0).into_pyarray(py).into_any()
    }

    /// The board as the viewer sees it, ranks 12 down to 1 as in a position string (L-20):
    /// own pieces by letter, enemy pieces `?`; then the side to move, the plies since the
    /// last attack, and `!point` for each flag shown.
    fn board_string(&self) -> String {
        let me = self.0.side();
        let own: std::collections::HashMap<Square, Kind> = self.0.own().into_iter().collect();
        let mut rows = Vec::with_capacity(12);
        for rank in (1..=12u8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..5u8 {
                let sq = Square::new(file, rank).expect("on the board");
                let ch = if let Some(k) = own.get(&sq) {
                    Some(Piece::new(me, *k).letter())
                } else if self.0.enemy_at(sq).is_some() {
                    Some('?')
                } else {
                    None
                };
                match ch {
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let mut s = format!(
            "{} {} {}",
            rows.join("/"),
            self.0.turn().char(),
            self.0.plies_since_attack()
        );
        for side in [Side::Red, Side::Blue] {
            if let Some(sq) = self.0.flag_shown(side) {
                s.push_str(&format!(" !{sq}"));
            }
        }
        s
    }
}

seat_getters!(PyLzDarkView {
    /// The viewer.
    side,
    /// The side to move.
    turn,
});

/// Enemy deployments consistent with an information state, each equally likely (exact
/// counting, docs/luzhanqi.md "Worlds"). Built once (tens of milliseconds), then each draw is
/// a few microseconds.
#[pyclass(module = "gjjq.luzhanqi", name = "LzWorldSampler")]
pub struct PyLzWorldSampler {
    sampler: WorldSampler,
    rng: StdRng,
}

impl PyLzWorldSampler {
    fn rng_for(&mut self, seed: Option<u64>) -> StdRng {
        match seed {
            Some(s) => StdRng::seed_from_u64(s),
            None => StdRng::seed_from_u64(self.rng.random()),
        }
    }
}

#[pymethods]
impl PyLzWorldSampler {
    /// The sampler of `state`; draws come from `seed` (Python's `random` when None).
    #[new]
    #[pyo3(signature = (state, seed = None))]
    fn py_new(py: Python<'_>, state: PyLzInfoState, seed: Option<u64>) -> PyResult<Self> {
        let s = state.0;
        let sampler = py
            .detach(move || WorldSampler::new(&s))
            .map_err(world_err)?;
        let rng = crate::types::seeded_rng(py, seed)?;
        Ok(PyLzWorldSampler { sampler, rng })
    }

    /// The number of consistent enemy deployments (exact; an upper bound under
    /// `repetition`), a Python int.
    #[getter]
    fn count(&self) -> u128 {
        self.sampler.count()
    }

    /// Whether draws need no rejection (False only under `repetition`).
    #[getter]
    fn is_exact(&self) -> bool {
        self.sampler.is_exact()
    }

    /// The information state.
    #[getter]
    fn state(&self) -> PyLzInfoState {
        PyLzInfoState(self.sampler.state().clone())
    }

    /// The kinds the history allows the enemy piece `id` (its start point), as letters.
    fn domain(&self, id: &str) -> PyResult<String> {
        let sq = parse_point(id)?;
        self.sampler
            .knowledge()
            .domain(sq)
            .map(kinds_text)
            .ok_or_else(|| {
                err::<MoveParseError>(format!("'{}' is not a start point of the enemy", echo(id)))
            })
    }

    /// One enemy deployment (its deployment string, the enemy's own frame); with `seed`, the
    /// draw of that seed, else the next of the sampler's generator.
    #[pyo3(signature = (seed = None))]
    fn draw(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<String> {
        let mut rng = self.rng_for(seed);
        let s = &self.sampler;
        py.detach(|| s.draw(&mut rng))
            .map(|d| d.to_string())
            .map_err(world_err)
    }

    /// `n` draws from the sampler's generator; `n` at most 1,000,000 (a `GjjqError` saying
    /// so beyond, before anything is drawn or allocated).
    fn draw_many(&mut self, py: Python<'_>, n: usize) -> PyResult<Vec<String>> {
        let n = crate::errors::check_draws("n", n)?;
        let mut rng = self.rng_for(None);
        let s = &self.sampler;
        py.detach(|| {
            (0..n)
                .map(|_| s.draw(&mut rng).map(|d| d.to_string()))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(world_err)
    }

    /// A drawn world as a referee's game with the state's history replayed: a true game
    /// that gives the state's side the same information state.
    #[pyo3(signature = (seed = None))]
    fn draw_game(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<PyLzDarkGame> {
        let mut rng = self.rng_for(seed);
        let s = &self.sampler;
        py.detach(|| s.draw_game(&mut rng))
            .map(PyLzDarkGame)
            .map_err(world_err)
    }

    /// The exact beliefs of the state (from the sampler's tables).
    fn beliefs(&self, py: Python<'_>) -> PyLzBeliefs {
        let s = &self.sampler;
        PyLzBeliefs(py.detach(|| Beliefs::exact(s)))
    }
}

/// For each enemy piece the probability of each kind given an information state: exact, or
/// under `repetition` estimated from drawn worlds with a standard error.
#[pyclass(module = "gjjq.luzhanqi", name = "LzBeliefs", frozen)]
pub struct PyLzBeliefs(pub Beliefs);

fn belief_dict<'py>(py: Python<'py>, b: &dark::PieceBelief) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("id", b.id.to_string())?;
    d.set_item("at", b.at.map(|s| s.to_string()))?;
    let probs = PyDict::new(py);
    let errors = PyDict::new(py);
    for k in 0..12 {
        let letter = Kind::from_index(k).expect("below 12").letter().to_string();
        if b.probabilities[k] > 0.0 {
            probs.set_item(&letter, b.probabilities[k])?;
        }
        if b.error[k] > 0.0 {
            errors.set_item(&letter, b.error[k])?;
        }
    }
    d.set_item("probabilities", probs)?;
    d.set_item("error", errors)?;
    d.set_item("public", kinds_text(b.public))?;
    d.set_item("forced", b.forced().map(|k| k.letter().to_string()))?;
    d.set_item("certain", b.certain().map(|k| k.letter().to_string()))?;
    Ok(d)
}

#[pymethods]
impl PyLzBeliefs {
    /// The number of consistent worlds, a Python int.
    #[getter]
    fn worlds(&self) -> u128 {
        self.0.worlds()
    }

    /// Whether exact (else estimated, with `error`).
    #[getter]
    fn is_exact(&self) -> bool {
        self.0.is_exact()
    }

    /// The enemy pieces' identities (start points), in the order of `array()`.
    fn ids(&self) -> Vec<String> {
        self.0.pieces().iter().map(|b| b.id.to_string()).collect()
    }

    /// Each enemy piece as a dict: `id`, `at` (None once removed), `probabilities` (kind
    /// letter → probability, the kinds it may be), `error` (standard errors; empty when
    /// exact), `public` (the kinds the public deductions alone allow), `forced` (the kind
    /// they force, or None), `certain` (the kind of probability 1, or None).
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0.pieces().iter().map(|b| belief_dict(py, b)).collect()
    }

    /// The enemy piece `id` (its start point) as in `pieces()`.
    fn piece<'py>(&self, py: Python<'py>, id: &str) -> PyResult<Bound<'py, PyDict>> {
        let sq = parse_point(id)?;
        let b = self.0.piece(sq).ok_or_else(|| {
            err::<MoveParseError>(format!("'{}' is not a start point of the enemy", echo(id)))
        })?;
        belief_dict(py, b)
    }

    /// The probabilities as numpy float64 (25, 12): one row per enemy piece (`ids()`), kinds
    /// in L-5's order.
    fn array<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        let pieces = self.0.pieces();
        let mut a = Array2::<f64>::zeros((pieces.len(), 12));
        for (i, b) in pieces.iter().enumerate() {
            for k in 0..12 {
                a[[i, k]] = b.probabilities[k];
            }
        }
        a.into_pyarray(py).into_any()
    }
}

/// `n` deployment strings drawn uniformly (L-18) from `seed`; `n` at most 1,000,000
/// (`GjjqError` beyond).
#[pyfunction]
fn lz_random_deployments(n: usize, seed: u64) -> PyResult<Vec<String>> {
    let n = crate::errors::check_draws("n", n)?;
    let mut rng = StdRng::seed_from_u64(seed);
    Ok((0..n)
        .map(|_| Deployment::random(&mut rng).to_string())
        .collect())
}

/// Adds the dark classes, functions and constants to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyLzAnnouncement>()?;
    m.add_class::<PyLzDarkGame>()?;
    m.add_class::<PyLzInfoState>()?;
    m.add_class::<PyLzDarkView>()?;
    m.add_class::<PyLzWorldSampler>()?;
    m.add_class::<PyLzBeliefs>()?;
    m.add_function(wrap_pyfunction!(lz_random_deployments, m)?)?;
    m.add("LZ_DARK_OBSERVATION_SHAPE", (DARK_OBS_PLANES, ROWS, COLS))?;
    m.add("LZ_DARK_INFO_STATE_SHAPE", (DARK_INFO_PLANES, ROWS, COLS))?;
    Ok(())
}
