//! `Position`: an immutable, validated position with its ruleset.

use gjjq_core::{Position, Setup, Square, perft::perft};
use gjjq_notation::Record;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use crate::errors::{InvalidPositionError, PositionStringError, echo, err};
use crate::tensor;
use crate::types::{
    MoveArg, PyMove, PyOutcome, PyPiece, PyPosition, move_arg, parse_rules, parse_script,
    parse_side, parse_square, resolve, rules_json,
};

impl PyPosition {
    pub fn parse(s: &str, rules: Option<&str>) -> PyResult<Position> {
        let rules = parse_rules(rules)?;
        let setup: Setup = s
            .trim()
            .parse()
            .map_err(|e| err::<PositionStringError>(format!("'{}': {e}", echo(s))))?;
        Position::from_setup_with(setup, rules)
            .map_err(|e| err::<InvalidPositionError>(format!("'{}': {e}", echo(s))))
    }
}

#[pymethods]
impl PyPosition {
    /// The default opening under `rules` (a preset name or ruleset JSON; standard by
    /// default).
    #[new]
    #[pyo3(signature = (rules = None))]
    fn py_new(rules: Option<&str>) -> PyResult<PyPosition> {
        let rules = parse_rules(rules)?;
        Ok(PyPosition(Position::default().with_ruleset(rules)))
    }

    /// A position from its position string, e.g.
    /// `"4k4/9/9/9/9/9/9/9/4I4/4K4 r -"`, validated.
    #[classmethod]
    #[pyo3(signature = (s, rules = None))]
    fn from_string(_cls: &Bound<'_, PyType>, s: &str, rules: Option<&str>) -> PyResult<PyPosition> {
        Ok(PyPosition(PyPosition::parse(s, rules)?))
    }

    /// The legal moves (R-8 … R-19), empty when the game is decided by the position (R-21 …
    ///
    fn legal_moves(&self) -> Vec<PyMove> {
        self.0
            .legal_moves()
            .iter()
            .map(|&m| PyMove::from_core(m))
            .collect()
    }

    /// The legal moves as sorted action indices (`Move::index`).
    fn legal_actions(&self) -> Vec<usize> {
        tensor::legal_actions(&self.0)
    }

    /// A boolean array of 8,100, true at the legal actions.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        tensor::action_mask(py, &self.0)
    }

    /// Whether `move` (a `Move`, an ASCII move or a record) is legal here. Text that does not
    /// parse is not legal.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        move_arg(r#move).is_ok_and(|m| resolve(&self.0, &m).is_ok())
    }

    /// The legal move named by `text` (ASCII form or a record in either script).
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        resolve(&self.0, &MoveArg::Text(text.to_owned())).map(PyMove::from_core)
    }

    /// The six-character record of a legal move, e.g. `"弹3E攻7d"`.
    #[pyo3(signature = (r#move, script = "simplified"))]
    fn record(&self, r#move: &Bound<'_, PyAny>, script: &str) -> PyResult<String> {
        let script = parse_script(script)?;
        let core = resolve(&self.0, &move_arg(r#move)?)?;
        Ok(Record::from_move(&self.0, core).to_script(script))
    }

    /// The position after a legal move (a `Move`, an ASCII move or a record).
    ///
    /// Raises `IllegalMoveError` when the move is not legal here.
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let core = resolve(&self.0, &move_arg(r#move)?)?;
        let mut next = self.0.clone();
        next.play_unchecked(core);
        Ok(PyPosition(next))
    }

    /// The position after the legal move with this action index.
    fn play_action(&self, action: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let m = PyMove::from_action_index(action)?;
        let core = resolve(&self.0, &MoveArg::Move(m))?;
        let mut next = self.0.clone();
        next.play_unchecked(core);
        Ok(PyPosition(next))
    }

    /// How the position alone decides the game (R-21 … R-24), or `None`. Repetition and the
    /// no-capture limit need the history: see `Game.outcome`.
    fn outcome(&self) -> Option<PyOutcome> {
        self.0.outcome().map(|o| PyOutcome::from_core(&o))
    }

    /// Whether the position alone decides the game.
    fn is_game_over(&self) -> bool {
        self.0.outcome().is_some()
    }

    /// The piece on a point (a label such as `"5E"` or an index 0..90), or `None`.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<PyPiece>> {
        Ok(self.0.piece_at(parse_square(square)?).map(PyPiece))
    }

    /// Every piece on the board, as a dict from point label to `Piece`.
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for sq in Square::all() {
            if let Some(p) = self.0.piece_at(sq) {
                d.set_item(sq.to_string(), PyPiece(p))?;
            }
        }
        Ok(d)
    }

    /// The pending return of `side` as `(striker label, origin label)`, or `None`.
    fn pending_return(&self, side: &str) -> PyResult<Option<(String, String)>> {
        let side = parse_side(side)?;
        Ok(self
            .0
            .pending_return(side)
            .map(|p| (p.striker.to_string(), p.origin.to_string())))
    }

    /// Plies since the last capture of an enemy piece.
    #[getter]
    fn plies_since_capture(&self) -> u32 {
        self.0.plies_since_capture()
    }

    /// The move number, from 1, rising after each Green move.
    #[getter]
    fn move_number(&self) -> u32 {
        self.0.move_number()
    }

    /// The Zobrist key: placement, side to move and pending returns (R-24's identity).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.0.zobrist_hash()
    }

    /// Whether the king of the side to move is attacked. There is no check rule
    /// this is what R-19's forfeit and R-22's trapped king look at.
    fn is_check(&self) -> bool {
        self.0.is_check()
    }

    /// The labels of the enemy pieces attacking the king of the side to move.
    fn checkers(&self) -> Vec<String> {
        self.0.checkers().iter().map(|sq| sq.to_string()).collect()
    }

    /// Whether a legal move captures: an enemy piece stands on its destination.
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = resolve(&self.0, &move_arg(r#move)?)?;
        Ok(self
            .0
            .piece_at(m.to())
            .is_some_and(|p| p.side != self.0.turn()))
    }

    /// Whether the palace seal is in force.
    fn is_sealed(&self) -> bool {
        self.0.is_sealed()
    }

    /// Whether facing kings may capture.
    fn kings_may_face(&self) -> bool {
        self.0.kings_may_face()
    }

    /// The number of pieces `side` has on the board.
    fn piece_count(&self, side: &str) -> PyResult<u32> {
        Ok(self.0.piece_count(parse_side(side)?))
    }

    /// The ruleset as JSON.
    #[getter]
    fn rules(&self) -> String {
        rules_json(self.0.ruleset())
    }

    /// The labelled text board (the CLI's `show`).
    fn diagram(&self) -> String {
        self.0.to_setup().diagram()
    }

    /// The number of leaf nodes `depth` plies down (bulk-counted in Rust).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.0.clone();
        py.detach(move || perft(&pos, depth))
    }

    /// The board as an SVG picture (Jupyter draws it): `gjjq.svg(position)`.
    fn _repr_svg_(&self) -> PyResult<String> {
        crate::svg::picture(&self.0, None, false, 600, "simplified")
    }

    fn __str__(&self) -> String {
        self.0.to_setup().to_string()
    }

    fn __repr__(&self) -> String {
        format!("Position.from_string('{}')", self.0.to_setup())
    }

    fn __hash__(&self) -> u64 {
        self.0.zobrist_hash()
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let ctor = slf.get_type().getattr("from_string")?;
        let pos = &slf.get().0;
        Ok((
            ctor,
            (pos.to_setup().to_string(), rules_json(pos.ruleset())),
        ))
    }
}

impl tensor::Observed for PyPosition {
    /// The position itself, standing once.
    fn observed(&self) -> (&Position, usize) {
        (&self.0, 1)
    }
}

observable!(PyPosition);

seat_getters!(PyPosition {
    /// The side to move, `"red"` or `"green"`.
    turn,
});
