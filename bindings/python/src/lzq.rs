//! 陸戰棋 (the `luzhanqi` crate) for Python: the classes `LzPosition` (明棋, L-30), `LzGame`
//! (an open game with its history) and `LzFlipGame` (翻棋, L-32, with explicit chance),
//! re-exported by `gjjq.luzhanqi` without their prefix; the dense action index shared by the
//! games; the observation tensor.
//!
//! The action index (docs/luzhanqi.md, "Action index"): a move is `from * 60 + to` (0 …
//! 3,599, points indexed `(rank - 1) * 5 + file`), a flip `3600 + point` (3,600 … 3,659). A
//! chance outcome (the piece a flip reveals) is `Piece::index`: `side * 12 + kind` (Red 0 …
//! 11, Blue 12 … 23, kinds in L-5's order).

use luzhanqi::flip::{FlipAction, FlipGame, FlipPosition, Player, Pool, flip_perft};
use luzhanqi::rand::{SeedableRng, rngs::StdRng};
use luzhanqi::{
    Bitboard, ColourRule, Game, Kind, ModeRules, Move, Outcome, Piece, Position, Ruleset, Script,
    Side, Square,
};
use numpy::IntoPyArray;
use numpy::ndarray::Array3;
use pyo3::prelude::*;

use crate::errors::{
    GameOverError, IllegalMoveError, InvalidPositionError, MoveParseError, PositionStringError,
    RulesetError, echo, err, index_arg, index_in,
};
use crate::shells::texts;
use crate::tensor::{mask_of, sorted};

/// Points of the board.
pub const POINTS: usize = 60;
/// Distinct actions: 3,600 moves and 60 flips.
pub const NUM_ACTIONS: usize = POINTS * POINTS + POINTS;
/// Distinct chance outcomes: the 24 pieces (side and kind).
pub const NUM_CHANCE_OUTCOMES: usize = 24;
/// Planes of the observation tensor (see [`observation`]).
pub const PLANES: usize = 50;
/// Rows and columns of a plane.
pub const ROWS: usize = 12;
/// Columns of a plane.
pub const COLS: usize = 5;

/// The dense index of a move.
pub(crate) fn move_action(m: Move) -> usize {
    m.from.index() * POINTS + m.to.index()
}

/// Moves as dense actions, ascending.
pub(crate) fn move_actions(moves: &[Move]) -> Vec<usize> {
    sorted(moves.iter().map(|&m| move_action(m)))
}

/// The dense index of a flip action.
fn flip_action(a: FlipAction) -> usize {
    match a {
        FlipAction::Move(m) => move_action(m),
        FlipAction::Flip(sq) => POINTS * POINTS + sq.index(),
    }
}

/// The flip action of a dense index.
pub(crate) fn action_of_index(a: usize) -> PyResult<FlipAction> {
    if a < POINTS * POINTS {
        let from = Square::from_index(a / POINTS).expect("below 60");
        let to = Square::from_index(a % POINTS).expect("below 60");
        if from == to {
            return Err(err::<MoveParseError>(format!(
                "action {a} is a move from {from} to itself, which no rule allows"
            )));
        }
        Ok(FlipAction::Move(Move::new(from, to)))
    } else if a < NUM_ACTIONS {
        Ok(FlipAction::Flip(
            Square::from_index(a - POINTS * POINTS).expect("below 60"),
        ))
    } else {
        Err(err::<MoveParseError>(format!(
            "action {a} is out of range 0 … {}",
            NUM_ACTIONS - 1
        )))
    }
}

/// The flip action of a Python argument `action` (an int 0 … 3659).
fn action_arg(action: &Bound<'_, PyAny>) -> PyResult<FlipAction> {
    action_of_index(index_arg::<MoveParseError>("action", action, NUM_ACTIONS)?)
}

/// The player of a Python argument `player` (0, the first, or 1).
fn player_arg(player: &Bound<'_, PyAny>) -> PyResult<Player> {
    Ok(match index_arg::<MoveParseError>("player", player, 2)? {
        0 => Player::First,
        _ => Player::Second,
    })
}

/// The piece of a chance outcome index.
fn piece_of_index(i: usize) -> PyResult<Piece> {
    if i >= NUM_CHANCE_OUTCOMES {
        return Err(err::<MoveParseError>(format!(
            "chance outcome {i} is out of range 0 … 23"
        )));
    }
    let side = if i < 12 { Side::Red } else { Side::Blue };
    Ok(Piece::new(
        side,
        Kind::from_index(i % 12).expect("below 12"),
    ))
}

pub(crate) fn parse_side(s: &str) -> PyResult<Side> {
    match s {
        "red" | "r" => Ok(Side::Red),
        "blue" | "b" => Ok(Side::Blue),
        _ => Err(err::<MoveParseError>(format!(
            "'{}' is not a side: red or blue",
            echo(s)
        ))),
    }
}

pub(crate) fn parse_rules(rules: Option<&str>, default: Ruleset) -> PyResult<Ruleset> {
    match rules {
        None => Ok(default),
        Some(t) => Ruleset::parse(t).map_err(|e| err::<RulesetError>(format!("rules: {e}"))),
    }
}

fn flip_mode(colour_rule: &str, attack_face_down: bool) -> PyResult<ModeRules> {
    let mut m = ModeRules::FLIP;
    m.colour_rule = match colour_rule {
        "first_flip" => ColourRule::FirstFlip,
        "first_engineer" => ColourRule::FirstEngineer,
        "first_mine" => ColourRule::FirstMine,
        _ => {
            return Err(err::<RulesetError>(format!(
                "colour_rule '{}': one of first_flip, first_engineer, first_mine",
                echo(colour_rule)
            )));
        }
    };
    m.attack_face_down = attack_face_down;
    Ok(m)
}

fn colour_rule_name(r: ColourRule) -> &'static str {
    match r {
        ColourRule::FirstFlip => "first_flip",
        ColourRule::FirstEngineer => "first_engineer",
        _ => "first_mine",
    }
}

/// `(winner or None, reason)` of an outcome.
pub(crate) fn outcome_tuple(o: Option<Outcome>) -> Option<(Option<&'static str>, &'static str)> {
    o.map(|o| (o.winner().map(Side::name), o.reason_str()))
}

/// The observation tensor, `(50, 12, 5)` float32, seen by `viewer`: rows and columns in the
/// viewer's own frame (row 0 is the rank farthest from it, column 0 its left file).
/// Planes 0 … 11 hold the viewer's pieces by kind (L-5's order), 12 … 23 the other side's,
/// 24 the face-down pieces, 25 … 48 the unseen pieces (viewer's kinds then the other's), each
/// plane filled with the count over L-5's count, and 49 is all ones when the viewer is to act.
fn observation(
    board: &Position,
    down: Bitboard,
    pool: &Pool,
    viewer: Side,
    to_act: bool,
) -> Array3<f32> {
    let mut a = Array3::<f32>::zeros((PLANES, ROWS, COLS));
    let cell = |sq: Square| {
        let (file, row) = sq.own_frame(viewer);
        (12 - row as usize, file as usize)
    };
    for sq in board.occupied() {
        let p = board.piece_at(sq).expect("occupied");
        let plane = if p.side == viewer { 0 } else { 12 } + p.kind.index();
        let (r, c) = cell(sq);
        a[[plane, r, c]] = 1.0;
    }
    for sq in down {
        let (r, c) = cell(sq);
        a[[24, r, c]] = 1.0;
    }
    for (p, n) in pool.iter() {
        let plane = 25 + if p.side == viewer { 0 } else { 12 } + p.kind.index();
        let v = n as f32 / p.kind.count() as f32;
        a.index_axis_mut(numpy::ndarray::Axis(0), plane).fill(v);
    }
    if to_act {
        a.index_axis_mut(numpy::ndarray::Axis(0), 49).fill(1.0);
    }
    a
}

/// The legal-action mask of these actions: numpy bool of [`NUM_ACTIONS`].
pub(crate) fn mask(py: Python<'_>, actions: impl Iterator<Item = usize>) -> Bound<'_, PyAny> {
    mask_of(py, NUM_ACTIONS, actions)
}

/// A script from `simplified` or `traditional` (陸戰棋's and 四國's records, L-21, L-60).
pub(crate) fn parse_script(script: &str) -> PyResult<Script> {
    match script {
        "simplified" => Ok(Script::Simplified),
        "traditional" => Ok(Script::Traditional),
        _ => Err(err::<MoveParseError>(format!(
            "script '{}': simplified or traditional",
            echo(script)
        ))),
    }
}

/// A move given as text (ASCII or record) or a dense action index, resolved in `pos`.
pub(crate) fn resolve_move(pos: &Position, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
    let m = if let Some(i) = index_in::<MoveParseError>("action", mv, NUM_ACTIONS)? {
        match action_of_index(i)? {
            FlipAction::Move(m) => m,
            FlipAction::Flip(_) => {
                return Err(err::<IllegalMoveError>(format!(
                    "action {i} is a flip; the open game has none"
                )));
            }
        }
    } else {
        let s: String = mv.extract()?;
        pos.find_move(s.trim())
            .map_err(|e| err::<IllegalMoveError>(format!("'{}' in {pos}: {e}", echo(&s))))?
    };
    if !pos.is_legal(m) {
        return Err(err::<IllegalMoveError>(format!(
            "{m} is not legal in {pos}"
        )));
    }
    Ok(m)
}

/// A 陸戰棋 position (明棋, L-30): placement, side to move, counters (L-20), under a ruleset.
/// Immutable: `play` returns a new position.
#[pyclass(
    module = "gjjq.luzhanqi",
    name = "LzPosition",
    frozen,
    eq,
    from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyLzPosition(pub Position);

#[pymethods]
impl PyLzPosition {
    /// The position of a position string (L-20), or the library's default start, under
    /// `rules` (`standard` or ruleset JSON).
    #[new]
    #[pyo3(signature = (text = None, rules = None))]
    fn py_new(text: Option<&str>, rules: Option<&str>) -> PyResult<PyLzPosition> {
        let rules = parse_rules(rules, Ruleset::STANDARD)?;
        let pos = match text {
            None => Position::default(),
            Some(t) => {
                let setup: luzhanqi::Setup = t
                    .trim()
                    .parse()
                    .map_err(|e| err::<PositionStringError>(format!("'{}': {e}", echo(t))))?;
                Position::from_setup(setup)
                    .map_err(|e| err::<InvalidPositionError>(format!("'{}': {e}", echo(t))))?
            }
        };
        Ok(PyLzPosition(pos.with_ruleset(rules)))
    }

    /// The start of two deployment strings (L-19), Red's and Blue's, `first` to move.
    #[staticmethod]
    #[pyo3(signature = (red, blue, first = "red", rules = None))]
    fn from_deployments(
        red: &str,
        blue: &str,
        first: &str,
        rules: Option<&str>,
    ) -> PyResult<PyLzPosition> {
        let d = |t: &str| -> PyResult<luzhanqi::deploy::Deployment> {
            t.trim()
                .parse()
                .map_err(|e| err::<PositionStringError>(format!("deployment '{}': {e}", echo(t))))
        };
        let rules = parse_rules(rules, Ruleset::STANDARD)?;
        let pos = luzhanqi::deploy::opening(&d(red)?, &d(blue)?, parse_side(first)?, rules)
            .map_err(|e| err::<InvalidPositionError>(e.to_string()))?;
        Ok(PyLzPosition(pos))
    }

    /// A start of two deployments drawn uniformly (L-18) from `seed`, Red to move.
    #[staticmethod]
    #[pyo3(signature = (seed, rules = None))]
    fn random(seed: u64, rules: Option<&str>) -> PyResult<PyLzPosition> {
        let mut rng = StdRng::seed_from_u64(seed);
        let red = luzhanqi::deploy::Deployment::random(&mut rng);
        let blue = luzhanqi::deploy::Deployment::random(&mut rng);
        let rules = parse_rules(rules, Ruleset::STANDARD)?;
        let pos = luzhanqi::deploy::opening(&red, &blue, Side::Red, rules)
            .map_err(|e| err::<InvalidPositionError>(e.to_string()))?;
        Ok(PyLzPosition(pos))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let me = slf.get();
        Ok((
            slf.get_type().into_any(),
            (me.0.to_string(), me.0.ruleset().to_json()),
        ))
    }

    /// The ruleset as JSON.
    #[getter]
    fn rules(&self) -> String {
        self.0.ruleset().to_json()
    }

    /// Plies since the last attack (L-15).
    #[getter]
    fn plies_since_attack(&self) -> u32 {
        self.0.plies_since_attack()
    }

    /// The piece on a point as its letter (upper case Red), or None.
    fn piece_at(&self, point: &str) -> PyResult<Option<char>> {
        let sq: Square = point
            .parse()
            .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(point))))?;
        Ok(self.0.piece_at(sq).map(Piece::letter))
    }

    /// The legal moves in ASCII (L-21).
    fn legal_moves(&self) -> Vec<String> {
        texts(self.0.legal_moves().iter())
    }

    /// The legal moves as dense action indices, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        move_actions(&self.0.legal_moves())
    }

    /// The legal-action mask: numpy bool of 3,660.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        mask(py, self.0.legal_moves().iter().map(|&m| move_action(m)))
    }

    /// The position after a move (ASCII, record, or a dense action index).
    fn play(&self, mv: &Bound<'_, PyAny>) -> PyResult<PyLzPosition> {
        let m = resolve_move(&self.0, mv)?;
        let mut next = self.0.clone();
        next.play_unchecked(m);
        Ok(PyLzPosition(next))
    }

    /// The record of a move (L-21) in `simplified` or `traditional` characters.
    #[pyo3(signature = (mv, script = "simplified"))]
    fn record(&self, mv: &Bound<'_, PyAny>, script: &str) -> PyResult<String> {
        let m = resolve_move(&self.0, mv)?;
        let script = parse_script(script)?;
        Ok(self.0.record(m, script).expect("a legal move has a record"))
    }

    /// `(winner or None, reason)` once the position is decided (L-13 … L-16), else None.
    fn outcome(&self) -> Option<(Option<&'static str>, &'static str)> {
        outcome_tuple(self.0.outcome())
    }

    /// The observation tensor seen by `viewer` (`red` or `blue`): numpy float32 (50, 12, 5).
    fn observation<'py>(&self, py: Python<'py>, viewer: &str) -> PyResult<Bound<'py, PyAny>> {
        let v = parse_side(viewer)?;
        let a = observation(
            &self.0,
            Bitboard::EMPTY,
            &Pool::EMPTY,
            v,
            self.0.turn() == v,
        );
        Ok(a.into_pyarray(py).into_any())
    }

    /// Perft: leaf count `depth` plies below (bulk-counted in Rust, without the GIL).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.0.clone();
        py.detach(move || luzhanqi::perft(&pos, depth))
    }
}

state_text!(PyLzPosition, "LzPosition");

seat_getters!(PyLzPosition {
    /// The side to move, `red` or `blue`.
    turn,
});

/// An open game (明棋) with its history: the start, the moves, repetition (L-15).
#[pyclass(module = "gjjq.luzhanqi", name = "LzGame", from_py_object)]
#[derive(Clone)]
pub struct PyLzGame(pub Game);

#[pymethods]
impl PyLzGame {
    /// A game from `position` (default: the library's default start).
    #[new]
    #[pyo3(signature = (position = None))]
    fn py_new(position: Option<PyLzPosition>) -> PyLzGame {
        PyLzGame(Game::new(position.map_or_else(Position::default, |p| p.0)))
    }

    /// The game of `start` with `moves` (ASCII, record or dense action indices) played; what
    /// a pickled game is rebuilt with.
    #[staticmethod]
    fn replay(start: PyLzPosition, moves: Vec<Bound<'_, PyAny>>) -> PyResult<PyLzGame> {
        let mut g = PyLzGame::py_new(Some(start));
        for m in &moves {
            g.push(m)?;
        }
        Ok(g)
    }

    /// Pickled as its start (with its ruleset) and its moves.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<ReducedGame<'py>> {
        let me = slf.borrow();
        Ok((
            slf.get_type().getattr("replay")?,
            (
                PyLzPosition(me.0.start().clone()),
                me.0.moves().iter().map(ToString::to_string).collect(),
            ),
        ))
    }

    /// The current position.
    #[getter]
    fn position(&self) -> PyLzPosition {
        PyLzPosition(self.0.position().clone())
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyLzPosition {
        PyLzPosition(self.0.start().clone())
    }

    /// Plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.0.moves().len()
    }

    /// The moves played, in ASCII.
    #[getter]
    fn moves(&self) -> Vec<String> {
        texts(self.0.moves())
    }

    /// The legal actions (none once over, repetition included), ascending.
    fn legal_actions(&self) -> Vec<usize> {
        move_actions(&self.0.legal_moves())
    }

    /// The legal-action mask: numpy bool of 3,660.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        mask(py, self.0.legal_moves().iter().map(|&m| move_action(m)))
    }

    /// Play a move (ASCII, record, or a dense action index).
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Some(o) = self.0.outcome() {
            return Err(err::<GameOverError>(format!("the game is over ({o})")));
        }
        let m = resolve_move(self.0.position(), mv)?;
        self.0
            .play(m)
            .map_err(|e| err::<IllegalMoveError>(e.to_string()))?;
        Ok(())
    }

    /// `(winner or None, reason)` once over, else None.
    fn outcome(&self) -> Option<(Option<&'static str>, &'static str)> {
        outcome_tuple(self.0.outcome())
    }
}

copyable!(PyLzGame);

/// What `LzGame.__reduce__` returns: `replay` and its arguments.
type ReducedGame<'py> = (Bound<'py, PyAny>, (PyLzPosition, Vec<String>));

/// A flip game (翻棋, L-32) with its history: the current state, its actions (flips and
/// moves, dense indices), the chance outcomes of a flip and the plies played with what they
/// revealed.
#[pyclass(module = "gjjq.luzhanqi", name = "LzFlipGame", from_py_object)]
#[derive(Clone)]
pub struct PyLzFlipGame(pub FlipGame);

impl PyLzFlipGame {
    fn pos(&self) -> &FlipPosition {
        self.0.position()
    }
}

#[pymethods]
impl PyLzFlipGame {
    /// A flip game from a flip state string (default: the start, all face down) under the
    /// colour rule (`first_flip`, `first_engineer`, `first_mine`), `attack_face_down` and
    /// `rules` (default: the flip defaults, `hq_lock` off, `flag_capture` `after_mines`).
    #[new]
    #[pyo3(signature = (state = None, colour_rule = "first_flip", attack_face_down = false, rules = None))]
    fn py_new(
        state: Option<&str>,
        colour_rule: &str,
        attack_face_down: bool,
        rules: Option<&str>,
    ) -> PyResult<PyLzFlipGame> {
        let mode = flip_mode(colour_rule, attack_face_down)?;
        let rules = parse_rules(rules, mode.default_ruleset())?;
        let start = match state {
            None => FlipPosition::start_with(mode, rules),
            Some(t) => FlipPosition::parse_with(t.trim(), mode, rules).map_err(|e| match e {
                luzhanqi::flip::FlipParseError::Syntax(e) => {
                    err::<PositionStringError>(format!("'{}': {e}", echo(t)))
                }
                e => err::<InvalidPositionError>(format!("'{}': {e}", echo(t))),
            })?,
        };
        Ok(PyLzFlipGame(FlipGame::new(start)))
    }

    /// The game's start with `plies` (texts such as `c6=E`, `c6c7`) replayed.
    #[staticmethod]
    #[pyo3(signature = (plies, state = None, colour_rule = "first_flip", attack_face_down = false, rules = None))]
    fn replay(
        plies: Vec<String>,
        state: Option<&str>,
        colour_rule: &str,
        attack_face_down: bool,
        rules: Option<&str>,
    ) -> PyResult<PyLzFlipGame> {
        let mut g = PyLzFlipGame::py_new(state, colour_rule, attack_face_down, rules)?;
        for t in plies {
            let ply: luzhanqi::flip::FlipPly = t
                .parse()
                .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(&t))))?;
            g.0.play(ply.action, ply.revealed)
                .map_err(|e| err::<IllegalMoveError>(format!("'{}': {e}", echo(&t))))?;
        }
        Ok(g)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<ReducedFlip<'py>> {
        let me = slf.borrow();
        let start = me.0.start();
        Ok((
            slf.get_type().getattr("replay")?,
            (
                me.plies(),
                start.to_string(),
                colour_rule_name(start.mode_rules().colour_rule),
                start.mode_rules().attack_face_down,
                start.ruleset().to_json(),
            ),
        ))
    }

    fn __str__(&self) -> String {
        self.pos().to_string()
    }

    fn __repr__(&self) -> String {
        format!("LzFlipGame('{}')", self.pos())
    }

    /// The current state string.
    #[getter]
    fn state(&self) -> String {
        self.pos().to_string()
    }

    /// The start state string.
    #[getter]
    fn start(&self) -> String {
        self.0.start().to_string()
    }

    /// Plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.0.plies().len()
    }

    /// The plies played as text (`c6=E`, `c6c7`, `c6c7=e`).
    #[getter]
    fn plies(&self) -> Vec<String> {
        texts(self.0.plies())
    }

    /// The player to act: 0 (the first) or 1.
    #[getter]
    fn player(&self) -> usize {
        self.pos().player_to_act().index()
    }

    /// The colour (`red`/`blue`) of player 0 or 1 once settled, else None.
    fn colour_of(&self, player: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        let p = player_arg(player)?;
        Ok(self.pos().colour_of(p).map(Side::name))
    }

    /// The legal actions (dense indices, ascending); none once over.
    fn legal_actions(&self) -> Vec<usize> {
        sorted(self.0.legal_actions().iter().map(|&a| flip_action(a)))
    }

    /// The legal-action mask: numpy bool of 3,660.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        mask(py, self.0.legal_actions().iter().map(|&a| flip_action(a)))
    }

    /// Whether an action reveals a piece (a chance node follows it).
    fn is_chance(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pos().is_chance(action_arg(action)?))
    }

    /// The chance outcomes of a flip: `(piece index, probability)`, piece index `side * 12 +
    /// kind`.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.pos()
            .chance_outcomes()
            .iter()
            .map(|o| (o.piece.index(), o.probability))
            .collect()
    }

    /// Play an action; `outcome` is the piece index it reveals (required for a chance action,
    /// refused otherwise). Returns the ply's text.
    #[pyo3(signature = (action, outcome = None))]
    fn apply(
        &mut self,
        action: &Bound<'_, PyAny>,
        outcome: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let a = action_arg(action)?;
        let revealed = outcome
            .map(|o| {
                piece_of_index(index_arg::<MoveParseError>(
                    "outcome",
                    o,
                    NUM_CHANCE_OUTCOMES,
                )?)
            })
            .transpose()?;
        if let Some(o) = self.0.outcome() {
            return Err(err::<GameOverError>(format!("the game is over ({o})")));
        }
        self.0
            .play(a, revealed)
            .map_err(|e| err::<IllegalMoveError>(format!("{a}: {e}")))?;
        Ok(self.0.plies().last().expect("played").to_string())
    }

    /// The library's draw of a chance outcome (L-32): a piece index drawn uniformly among
    /// the unseen pieces, in proportion to their counts (`chance_outcomes()`), or None when
    /// none is unseen. From `seed`, else from Python's `random`.
    #[pyo3(signature = (seed = None))]
    fn draw(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<Option<usize>> {
        let mut rng = crate::types::seeded_rng(py, seed)?;
        Ok(self.pos().draw(&mut rng).map(Piece::index))
    }

    /// Play an action, drawing the piece it reveals when it is a chance action with the
    /// library's draw (as `draw`) from `seed`, else from Python's `random`. Returns the ply's
    /// text (`c6=E`).
    #[pyo3(signature = (action, seed = None))]
    fn apply_drawn(
        &mut self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seed: Option<u64>,
    ) -> PyResult<String> {
        let a = action_arg(action)?;
        if let Some(o) = self.0.outcome() {
            return Err(err::<GameOverError>(format!("the game is over ({o})")));
        }
        let mut rng = crate::types::seeded_rng(py, seed)?;
        let ply = self
            .0
            .play_random(a, &mut rng)
            .map_err(|e| err::<IllegalMoveError>(format!("{a}: {e}")))?;
        Ok(ply.to_string())
    }

    /// Take back the last ply; False at the start.
    fn undo(&mut self) -> bool {
        self.0.undo()
    }

    /// `(winner colour or None, reason)` once over, else None.
    fn outcome(&self) -> Option<(Option<&'static str>, &'static str)> {
        outcome_tuple(self.0.outcome())
    }

    /// The player (0 or 1) of a colour once settled.
    fn player_of(&self, colour: &str) -> PyResult<Option<usize>> {
        Ok(self.pos().player_of(parse_side(colour)?).map(Player::index))
    }

    /// The observation tensor seen by player 0 or 1 (float32 (50, 12, 5)): as
    /// `LzPosition.observation` for the player's colour (Red for player 0 and Blue for
    /// player 1 while the colours are unsettled), with the face-down and unseen planes.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = player_arg(player)?;
        let pos = self.pos();
        let viewer = pos.colour_of(p).unwrap_or(if p == Player::First {
            Side::Red
        } else {
            Side::Blue
        });
        let a = observation(
            pos.face_up(),
            pos.face_down(),
            pos.pool(),
            viewer,
            pos.player_to_act() == p,
        );
        Ok(a.into_pyarray(py).into_any())
    }

    /// Flip perft of the current state: chance actions branch per distinct piece.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.pos().clone();
        py.detach(move || flip_perft(&pos, depth))
    }
}

copyable!(PyLzFlipGame);

/// What `LzFlipGame.__reduce__` returns: `replay` and its arguments.
type ReducedFlip<'py> = (
    Bound<'py, PyAny>,
    (Vec<String>, String, &'static str, bool, String),
);

/// The dense index of an action text (`c6c7` a move, `c6` a flip).
#[pyfunction]
fn lz_action_index(text: &str) -> PyResult<usize> {
    let a: FlipAction = text
        .trim()
        .parse()
        .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(text))))?;
    Ok(flip_action(a))
}

/// The text of a dense action index.
#[pyfunction]
fn lz_action_text(action: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(action_arg(action)?.to_string())
}

/// The letter of a chance outcome (piece) index (upper case Red).
#[pyfunction]
fn lz_piece_letter(index: &Bound<'_, PyAny>) -> PyResult<char> {
    Ok(piece_of_index(index_arg::<MoveParseError>(
        "piece index",
        index,
        NUM_CHANCE_OUTCOMES,
    )?)?
    .letter())
}

/// Adds the 陸戰棋 classes, functions and constants to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyLzPosition>()?;
    m.add_class::<PyLzGame>()?;
    m.add_class::<PyLzFlipGame>()?;
    m.add_function(wrap_pyfunction!(lz_action_index, m)?)?;
    m.add_function(wrap_pyfunction!(lz_action_text, m)?)?;
    m.add_function(wrap_pyfunction!(lz_piece_letter, m)?)?;
    m.add("LZ_NUM_ACTIONS", NUM_ACTIONS)?;
    m.add("LZ_NUM_CHANCE_OUTCOMES", NUM_CHANCE_OUTCOMES)?;
    m.add("LZ_OBSERVATION_SHAPE", (PLANES, ROWS, COLS))?;
    Ok(())
}
