//! 四國軍棋 (the `siguo` crate) for Python: the classes `SgPosition` (a four-seat position,
//! L-59) and `SgGame` (an open game, 全明, with its history: repetition, L-56, and
//! surrenders, L-54), re-exported by `gjjq.siguo` without their prefix; the dense action
//! index; the observation tensor.
//!
//! The action index (docs/python.md, "四國軍棋"): a move is `from * 129 + to` (0 … 16,640,
//! points indexed 0 … 128 rank by rank from rank 1, each rank from file a, as
//! `siguo::Point::index`), a pass (L-55) is 16,641.

use std::collections::HashMap;

use luzhanqi::deploy::Deployment;
use luzhanqi::rand::{SeedableRng, rngs::StdRng};
use numpy::IntoPyArray;
use numpy::ndarray::{Array3, Axis};
use pyo3::prelude::*;
use siguo::board::POINT_COUNT;
use siguo::{
    Action, Kind, Move, Outcome, Piece, PlayError, Point, Position, PositionTextError, Rules, Seat,
};

use crate::errors::{
    DeploymentError, GameOverError, IllegalMoveError, InvalidPositionError, MoveParseError,
    PositionStringError, RulesetError, echo, err, index_arg, index_in,
};
use crate::lzq::parse_script;
use crate::shells::texts;
use crate::tensor::{mask_of, sorted};

/// Points of the board (L-40).
pub const POINTS: usize = POINT_COUNT;
/// The dense index of a pass.
pub const PASS_ACTION: usize = POINTS * POINTS;
/// Distinct actions: 16,641 moves (from, to) and the pass.
pub const NUM_ACTIONS: usize = PASS_ACTION + 1;
/// Planes of the observation tensor (see [`observation`]).
pub const PLANES: usize = 57;
/// Rows (and columns) of a plane: the 17 × 17 grid of files a … q and ranks 1 … 17.
pub const SIDE: usize = 17;

/// The dense index of an action.
pub(crate) fn action_index(a: Action) -> usize {
    match a {
        Action::Move(m) => m.from.index() * POINTS + m.to.index(),
        Action::Pass => PASS_ACTION,
    }
}

/// The action of a dense index (not yet checked for legality).
pub(crate) fn action_of_index(i: usize) -> PyResult<Action> {
    if i == PASS_ACTION {
        return Ok(Action::Pass);
    }
    if i > PASS_ACTION {
        return Err(err::<MoveParseError>(format!(
            "action {i} is out of range 0 … {PASS_ACTION}"
        )));
    }
    let from = Point::from_index(i / POINTS).expect("below 129");
    let to = Point::from_index(i % POINTS).expect("below 129");
    if from == to {
        return Err(err::<MoveParseError>(format!(
            "action {i} is a move from {from} to itself, which no rule allows"
        )));
    }
    Ok(Action::Move(Move { from, to }))
}

/// A seat from its name (`red`) or letter (`r`).
pub(crate) fn parse_seat(s: &str) -> PyResult<Seat> {
    Seat::ALL
        .into_iter()
        .find(|seat| s == seat.name() || s.chars().eq([seat.letter()]))
        .ok_or_else(|| {
            err::<MoveParseError>(format!(
                "'{}' is not a seat: red, green, blue or yellow (r, g, b, y)",
                echo(s)
            ))
        })
}

/// The rules of `text` (`standard` or JSON, L-1 … L-33 and section 9's options), or the
/// standard ones.
fn parse_rules(text: Option<&str>) -> PyResult<Rules> {
    match text {
        None => Ok(Rules::STANDARD),
        Some(t) => Rules::parse(t).map_err(|e| err::<RulesetError>(format!("rules: {e}"))),
    }
}

/// `(winning team or None, reason)` of an outcome: `("red-blue", "flag-captured")`,
/// `(None, "no-combat-limit")`.
pub(crate) fn outcome_tuple(o: Option<Outcome>) -> Option<(Option<&'static str>, String)> {
    o.map(|o| match o {
        Outcome::Win { team, reason } => (Some(team.name()), reason.to_string()),
        Outcome::Draw(r) => (None, r.to_string()),
    })
}

/// The grid cell `(row, column)` of a point seen from `viewer`: the board turned so that the
/// viewer's half is at the bottom (row 16 its back row), its own file a at column 4 (L-41).
pub(crate) fn cell(p: Point, viewer: Seat) -> (usize, usize) {
    let (x, y) = (i32::from(p.file()) - 9, i32::from(p.rank()) - 9);
    let (x, y) = match viewer {
        Seat::Red => (x, y),
        Seat::Green => (y, -x),
        Seat::Blue => (-x, -y),
        Seat::Yellow => (-y, x),
    };
    ((8 - y) as usize, (x + 8) as usize)
}

/// The seat `seat` is, counted counter-clockwise from `viewer` (0 the viewer, 1 the next
/// seat of L-50's default order, 2 the ally, 3 the one before).
pub(crate) fn relative(seat: Seat, viewer: Seat) -> usize {
    (seat.index() + 4 - viewer.index()) % 4
}

/// The observation tensor of `pos` seen by `viewer`: float32 `(57, 17, 17)` in the viewer's
/// frame ([`cell`]). Seats are counted from the viewer ([`relative`]): planes `s * 12 + k`
/// (0 … 47) hold seat `s`'s pieces of kind `k` (L-5's order), 48 … 51 are all ones for the
/// seats in play, 52 … 55 all ones for the seat to move (none once decided), 56 marks the
/// 129 points of the board.
fn observation(pos: &Position, viewer: Seat) -> Array3<f32> {
    let mut a = Array3::<f32>::zeros((PLANES, SIDE, SIDE));
    for p in Point::all() {
        let (r, c) = cell(p, viewer);
        a[[56, r, c]] = 1.0;
        if let Some(pc) = pos.piece_at(p) {
            a[[relative(pc.seat, viewer) * 12 + pc.kind.index(), r, c]] = 1.0;
        }
    }
    for seat in Seat::ALL {
        let s = relative(seat, viewer);
        if pos.in_play(seat) {
            a.index_axis_mut(Axis(0), 48 + s).fill(1.0);
        }
        if pos.outcome().is_none() && pos.turn() == seat {
            a.index_axis_mut(Axis(0), 52 + s).fill(1.0);
        }
    }
    a
}

/// The legal-action mask of these actions: numpy bool of [`NUM_ACTIONS`].
pub(crate) fn mask<'py>(py: Python<'py>, actions: &[Action]) -> Bound<'py, PyAny> {
    mask_of(py, NUM_ACTIONS, actions.iter().map(|&a| action_index(a)))
}

/// Sorted dense indices of actions.
pub(crate) fn indices(actions: &[Action]) -> Vec<usize> {
    sorted(actions.iter().map(|&a| action_index(a)))
}

/// An action given as text (`g6g7`, `排g6-g7`, `pass`) or a dense index, checked legal in
/// `pos`.
fn resolve_action(pos: &Position, action: &Bound<'_, PyAny>) -> PyResult<Action> {
    if let Some(o) = pos.outcome() {
        return Err(err::<GameOverError>(format!("the game is over ({o})")));
    }
    let a = if let Some(i) = index_in::<MoveParseError>("action", action, NUM_ACTIONS)? {
        action_of_index(i)?
    } else {
        let s: String = action.extract()?;
        pos.find_action(s.trim())
            .map_err(|e| err::<IllegalMoveError>(format!("'{}' in {pos}: {e}", echo(&s))))?
    };
    if !pos.is_legal(a) {
        return Err(err::<IllegalMoveError>(format!(
            "{a} is not legal in {pos}"
        )));
    }
    Ok(a)
}

/// A refused action or surrender: `GameOverError` once decided, else `IllegalMoveError`.
pub(crate) fn play_error(e: PlayError) -> PyErr {
    match e {
        PlayError::GameOver(_) => err::<GameOverError>(e.to_string()),
        e => err::<IllegalMoveError>(e.to_string()),
    }
}

/// A deployment string (L-19 via L-58).
fn parse_deployment(seat: Seat, t: &str) -> PyResult<Deployment> {
    t.trim()
        .parse()
        .map_err(|e| err::<PositionStringError>(format!("{seat}'s deployment '{}': {e}", echo(t))))
}

/// A 四國軍棋 position (L-59): placement, seat to move, seats in play, counters, under
/// rules. Immutable: `play` and `surrender` return a new position.
#[pyclass(module = "gjjq.siguo", name = "SgPosition", frozen, eq, from_py_object)]
#[derive(Clone, PartialEq, Eq)]
pub struct PySgPosition(pub Position);

#[pymethods]
impl PySgPosition {
    /// The position of a position string (L-59), or the library's default start (陸戰棋's
    /// default deployment for each seat, Red to move), under `rules` (`standard` or JSON).
    #[new]
    #[pyo3(signature = (text = None, rules = None))]
    fn py_new(text: Option<&str>, rules: Option<&str>) -> PyResult<PySgPosition> {
        let rules = parse_rules(rules)?;
        let pos = match text {
            None => {
                let d: Deployment = luzhanqi::deploy::DEFAULT_DEPLOYMENT
                    .parse()
                    .expect("the default deployment");
                siguo::deploy::opening([&d; 4], Seat::Red, rules)
                    .map_err(|e| err::<InvalidPositionError>(e.to_string()))?
            }
            Some(t) => Position::from_text(t, rules).map_err(|e| match e {
                PositionTextError::Parse(e) => {
                    err::<PositionStringError>(format!("'{}': {e}", echo(t)))
                }
                e => err::<InvalidPositionError>(format!("'{}': {e}", echo(t))),
            })?,
        };
        Ok(PySgPosition(pos))
    }

    /// The start of four deployment strings (L-58: Red's, Green's, Blue's, Yellow's, each in
    /// its own frame), `first` to move.
    #[staticmethod]
    #[pyo3(signature = (red, green, blue, yellow, first = "red", rules = None))]
    fn from_deployments(
        red: &str,
        green: &str,
        blue: &str,
        yellow: &str,
        first: &str,
        rules: Option<&str>,
    ) -> PyResult<PySgPosition> {
        let d = [
            parse_deployment(Seat::Red, red)?,
            parse_deployment(Seat::Green, green)?,
            parse_deployment(Seat::Blue, blue)?,
            parse_deployment(Seat::Yellow, yellow)?,
        ];
        let pos = siguo::deploy::opening(
            [&d[0], &d[1], &d[2], &d[3]],
            parse_seat(first)?,
            parse_rules(rules)?,
        )
        .map_err(|e| err::<DeploymentError>(e.to_string()))?;
        Ok(PySgPosition(pos))
    }

    /// A start of four deployments drawn uniformly (L-58, as L-18) from `seed`, in seat order,
    /// Red to move.
    #[staticmethod]
    #[pyo3(signature = (seed, rules = None))]
    fn random(seed: u64, rules: Option<&str>) -> PyResult<PySgPosition> {
        let mut rng = StdRng::seed_from_u64(seed);
        let d: [Deployment; 4] = std::array::from_fn(|_| Deployment::random(&mut rng));
        let pos =
            siguo::deploy::opening([&d[0], &d[1], &d[2], &d[3]], Seat::Red, parse_rules(rules)?)
                .map_err(|e| err::<InvalidPositionError>(e.to_string()))?;
        Ok(PySgPosition(pos))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let me = slf.get();
        Ok((
            slf.get_type().into_any(),
            (me.0.to_string(), me.0.rules().to_json()),
        ))
    }

    /// The seat to move as a player number 0 … 3 (Red, Green, Blue, Yellow).
    #[getter]
    fn player(&self) -> usize {
        self.0.turn().index()
    }

    /// The rules as JSON.
    #[getter]
    fn rules(&self) -> String {
        self.0.rules().to_json()
    }

    /// Plies since the last attack (L-56).
    #[getter]
    fn plies_since_attack(&self) -> u32 {
        self.0.plies_since_attack()
    }

    /// The move number (L-59).
    #[getter]
    fn move_number(&self) -> u32 {
        self.0.move_number()
    }

    /// Whether a seat (name or letter) is in play (L-51).
    fn in_play(&self, seat: &str) -> PyResult<bool> {
        Ok(self.0.in_play(parse_seat(seat)?))
    }

    /// Passes a seat (name or letter) has used (L-55).
    fn passes_used(&self, seat: &str) -> PyResult<u8> {
        Ok(self.0.passes_used(parse_seat(seat)?))
    }

    /// Whether the seat to move may pass (L-55).
    fn can_pass(&self) -> bool {
        self.0.can_pass()
    }

    /// The piece on a point (`g6`) as its seat's letter and its kind's letter (`rE`), or None.
    fn piece_at(&self, point: &str) -> PyResult<Option<String>> {
        let p: Point = point
            .trim()
            .parse()
            .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(point))))?;
        Ok(self.0.piece_at(p).map(|pc: Piece| pc.to_string()))
    }

    /// The legal actions in ASCII (L-60), `pass` last where L-55 allows it.
    fn legal_moves(&self) -> Vec<String> {
        texts(self.0.legal_actions().iter())
    }

    /// The legal actions as dense indices, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        indices(&self.0.legal_actions())
    }

    /// The legal-action mask: numpy bool of 16,642.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        mask(py, &self.0.legal_actions())
    }

    /// The position after an action (ASCII, record, `pass`, or a dense index).
    fn play(&self, action: &Bound<'_, PyAny>) -> PyResult<PySgPosition> {
        let a = resolve_action(&self.0, action)?;
        let mut next = self.0.clone();
        next.play_unchecked(a);
        Ok(PySgPosition(next))
    }

    /// The position after `seat` surrenders (L-54).
    fn surrender(&self, seat: &str) -> PyResult<PySgPosition> {
        let mut next = self.0.clone();
        next.surrender(parse_seat(seat)?).map_err(play_error)?;
        Ok(PySgPosition(next))
    }

    /// The record of a move (L-60) in `simplified` or `traditional` characters.
    #[pyo3(signature = (action, script = "simplified"))]
    fn record(&self, action: &Bound<'_, PyAny>, script: &str) -> PyResult<String> {
        let script = parse_script(script)?;
        match resolve_action(&self.0, action)? {
            Action::Move(m) => Ok(self.0.record(m, script).expect("a legal move has a record")),
            Action::Pass => Ok("pass".into()),
        }
    }

    /// `(winning team or None, reason)` once decided (L-53, L-56, L-57), else None: teams
    /// `red-blue`, `green-yellow`; reasons as the command's `outcome`.
    fn outcome(&self) -> Option<(Option<&'static str>, String)> {
        outcome_tuple(self.0.outcome())
    }

    /// The observation tensor seen by `viewer` (a seat name or letter): numpy float32
    /// (57, 17, 17).
    fn observation<'py>(&self, py: Python<'py>, viewer: &str) -> PyResult<Bound<'py, PyAny>> {
        let v = parse_seat(viewer)?;
        Ok(observation(&self.0, v).into_pyarray(py).into_any())
    }

    /// Perft: leaf count `depth` plies below (bulk-counted in Rust, without the GIL).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.0.clone();
        py.detach(move || siguo::perft(&pos, depth))
    }
}

state_text!(PySgPosition, "SgPosition");

seat_getters!(PySgPosition {
    /// The seat to move: `red`, `green`, `blue` or `yellow`.
    turn,
});

/// What an open game records: an action of the seat to move, or a surrender (L-54, not a
/// turn).
#[derive(Clone, Copy)]
enum Step {
    Act(Action),
    Surrender(Seat),
}

impl Step {
    /// `g6g7`, `pass`, or `resign-r` (the command's form).
    fn text(self) -> String {
        match self {
            Step::Act(a) => a.to_string(),
            Step::Surrender(s) => format!("resign-{}", s.letter()),
        }
    }
}

/// The key of L-56's repetition.
type RepetitionKey = ([Option<Piece>; POINT_COUNT], Seat, [bool; 4], [u8; 4]);

/// An open game (全明) with its history: the start, the steps, and the count of each
/// position for repetition (L-56), counted as the command's `play` counts them.
#[pyclass(module = "gjjq.siguo", name = "SgGame", from_py_object)]
#[derive(Clone)]
pub struct PySgGame {
    start: Position,
    pos: Position,
    steps: Vec<Step>,
    seen: HashMap<RepetitionKey, usize>,
}

impl PySgGame {
    fn new(start: Position) -> PySgGame {
        let mut seen = HashMap::new();
        seen.insert(start.repetition_key(), 1);
        PySgGame {
            pos: start.clone(),
            start,
            steps: Vec::new(),
            seen,
        }
    }

    /// Count the current position; declare repetition at the rules' count.
    fn count(&mut self, judge: bool) {
        let limit = self
            .pos
            .rules()
            .base
            .repetition
            .map(|n| usize::from(n.get()));
        let n = self.seen.entry(self.pos.repetition_key()).or_default();
        *n += 1;
        if judge && limit.is_some_and(|r| *n >= r) {
            self.pos.declare_repetition();
        }
    }
}

#[pymethods]
impl PySgGame {
    /// A game from `position` (default: the library's default start).
    #[new]
    #[pyo3(signature = (position = None))]
    fn py_new(position: Option<PySgPosition>) -> PyResult<PySgGame> {
        let start = match position {
            Some(p) => p.0,
            None => PySgPosition::py_new(None, None)?.0,
        };
        Ok(PySgGame::new(start))
    }

    /// The game of `start` with `steps` played: actions (ASCII, record, `pass` or dense
    /// indices) and surrenders (`resign-r`); what a pickled game is rebuilt with.
    #[staticmethod]
    fn replay(start: PySgPosition, steps: Vec<Bound<'_, PyAny>>) -> PyResult<PySgGame> {
        let mut g = PySgGame::new(start.0);
        for (i, s) in steps.iter().enumerate() {
            if let Ok(t) = s.extract::<String>()
                && let Some(letter) = t.strip_prefix("resign-")
            {
                g.surrender(letter)
                    .map_err(|e| err::<IllegalMoveError>(format!("step {}: {e}", i + 1)))?;
            } else {
                g.push(s)?;
            }
        }
        Ok(g)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<ReducedGame<'py>> {
        let me = slf.borrow();
        Ok((
            slf.get_type().getattr("replay")?,
            (
                PySgPosition(me.start.clone()),
                me.steps.iter().map(|s| s.text()).collect(),
            ),
        ))
    }

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        format!("SgGame('{}', {} steps)", self.pos, self.steps.len())
    }

    /// The current position.
    #[getter]
    fn position(&self) -> PySgPosition {
        PySgPosition(self.pos.clone())
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PySgPosition {
        PySgPosition(self.start.clone())
    }

    /// Actions played (surrenders not counted).
    #[getter]
    fn ply(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Act(_)))
            .count()
    }

    /// The steps played: `g6g7`, `pass`, `resign-g`.
    #[getter]
    fn steps(&self) -> Vec<String> {
        self.steps.iter().map(|s| s.text()).collect()
    }

    /// The seat to move as a player number 0 … 3 (Red, Green, Blue, Yellow).
    #[getter]
    fn player(&self) -> usize {
        self.pos.turn().index()
    }

    /// The legal actions (none once over, repetition included), ascending.
    fn legal_actions(&self) -> Vec<usize> {
        indices(&self.pos.legal_actions())
    }

    /// The legal-action mask: numpy bool of 16,642.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        mask(py, &self.pos.legal_actions())
    }

    /// Play an action (ASCII, record, `pass`, or a dense index).
    fn push(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = resolve_action(&self.pos, action)?;
        self.pos.play_unchecked(a);
        self.steps.push(Step::Act(a));
        self.count(true);
        Ok(())
    }

    /// A seat (name or letter) surrenders (L-54).
    fn surrender(&mut self, seat: &str) -> PyResult<()> {
        let s = parse_seat(seat)?;
        self.pos.surrender(s).map_err(play_error)?;
        self.steps.push(Step::Surrender(s));
        self.count(false);
        Ok(())
    }

    /// `(winning team or None, reason)` once over, else None.
    fn outcome(&self) -> Option<(Option<&'static str>, String)> {
        outcome_tuple(self.pos.outcome())
    }

    /// The observation tensor of the current position seen by `viewer` (as
    /// `SgPosition.observation`).
    fn observation<'py>(&self, py: Python<'py>, viewer: &str) -> PyResult<Bound<'py, PyAny>> {
        let v = parse_seat(viewer)?;
        Ok(observation(&self.pos, v).into_pyarray(py).into_any())
    }
}

copyable!(PySgGame);

/// What `SgGame.__reduce__` and `SgDarkGame.__reduce__` return: `replay` and its arguments.
pub(crate) type ReducedGame<'py> = (Bound<'py, PyAny>, (PySgPosition, Vec<String>));

/// The dense index of an action text (`g6g7`, `pass`).
#[pyfunction]
pub(crate) fn sg_action_index(text: &str) -> PyResult<usize> {
    let a: siguo::ActionText = text
        .trim()
        .parse()
        .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(text))))?;
    Ok(match a {
        siguo::ActionText::Pass => PASS_ACTION,
        siguo::ActionText::Move { from, to, .. } => action_index(Action::Move(Move { from, to })),
    })
}

/// The ASCII text of a dense action index (`g6g7`, `pass`).
#[pyfunction]
fn sg_action_text(action: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(action_of_index(index_arg::<MoveParseError>("action", action, NUM_ACTIONS)?)?.to_string())
}

/// Adds the 四國軍棋 classes, functions and constants to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySgPosition>()?;
    m.add_class::<PySgGame>()?;
    m.add_function(wrap_pyfunction!(sg_action_index, m)?)?;
    m.add_function(wrap_pyfunction!(sg_action_text, m)?)?;
    m.add("SG_NUM_ACTIONS", NUM_ACTIONS)?;
    m.add("SG_PASS_ACTION", PASS_ACTION)?;
    m.add("SG_NUM_POINTS", POINTS)?;
    m.add("SG_OBSERVATION_SHAPE", (PLANES, SIDE, SIDE))?;
    m.add(
        "SG_SEATS",
        Seat::ALL.iter().map(|s| s.name()).collect::<Vec<_>>(),
    )?;
    m.add(
        "SG_KINDS",
        Kind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>(),
    )?;
    Ok(())
}
