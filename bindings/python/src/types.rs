//! Small value types: `Move`, `Piece`, `Outcome`, the `Position` class itself (its methods
//! are in `position.rs`) with moves resolved against it, and the conversions of sides, points,
//! scripts and rulesets from their Python spellings.

use gjjq_core::{
    Move as CoreMove, Outcome as CoreOutcome, Piece as CorePiece, Position, Ruleset, Script, Side,
    Square, outcome::EndReason,
};
use gjjq_notation::{MoveText, Record};
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::errors::{
    GjjqError, IllegalMoveError, MoveParseError, RulesetError, echo, err, index_in,
};

/// Number of points (R-1).
pub const POINTS: usize = Square::COUNT;
/// Size of the action space: every (from, to) pair of points, the range of `Move::index`.
pub const NUM_ACTIONS: usize = CoreMove::INDEX_COUNT as usize;

/// A move's action: its `Move::index`, the one integer encoding of a move.
pub fn action_of(m: CoreMove) -> usize {
    usize::from(m.index())
}

/// A side from `"red"`, `"green"`, `"r"` or `"g"` (any case).
pub fn parse_side(s: &str) -> PyResult<Side> {
    s.to_ascii_lowercase()
        .parse()
        .map_err(|_| err::<GjjqError>(format!("'{}' is not a side (red, green, r, g)", echo(s))))
}

/// A script from `"simplified"` or `"traditional"`: the library's move-form parser, the
/// ASCII form refused.
pub fn parse_script(s: &str) -> PyResult<Script> {
    match s.parse::<gjjq_notation::MoveForm>() {
        Ok(gjjq_notation::MoveForm::Script(script)) => Ok(script),
        _ => Err(err::<GjjqError>(format!(
            "'{}' is not a script (simplified, traditional)",
            echo(s)
        ))),
    }
}

/// A ruleset from a preset name or ruleset JSON (see docs/rules.md): the library's parser
/// ([`Ruleset`]'s `FromStr`); `None` is `standard`.
pub fn parse_rules(rules: Option<&str>) -> PyResult<Ruleset> {
    let Some(text) = rules else {
        return Ok(Ruleset::STANDARD);
    };
    text.parse().map_err(|e: gjjq_core::ruleset::RulesetError| {
        let what = if text.trim_start().starts_with('{') {
            "ruleset JSON"
        } else {
            "ruleset (known: standard, or a ruleset as JSON)"
        };
        err::<RulesetError>(format!("{what}: {e}"))
    })
}

/// The ruleset as compact JSON.
pub fn rules_json(rules: &Ruleset) -> String {
    rules.to_json()
}

/// A point from its label (`"5E"`, `"7d"`) or its index `y * 9 + x` (R-2).
pub fn parse_square(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    if obj.is_instance_of::<pyo3::types::PyInt>() || obj.hasattr("__index__")? {
        return obj
            .extract::<usize>()
            .ok()
            .and_then(Square::from_index)
            .ok_or_else(|| err::<MoveParseError>(format!("point index {obj} is not in 0..90")));
    }
    let s: String = obj
        .extract()
        .map_err(|_| err::<MoveParseError>("a point is a label such as '5E' or an index 0..90"))?;
    s.parse::<Square>()
        .map_err(|e| err::<MoveParseError>(format!("point '{}': {e}", echo(&s))))
}

/// What a move is as a player says it: an origin and a destination point (R-30). Which kind of
/// move it is (capture, returning capture, return, forfeit) follows from the position.
///
/// Points are numbered `index = y * 9 + x` in the internal frame (R-2: x = 0..8 from Red's
/// left, y = 0..9 from Red's base line), and the move's action is its `Move::index`, `from * 90 + to`.
#[pyclass(module = "gjjq", name = "Move", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PyMove {
    pub from: Square,
    pub to: Square,
}

impl PyMove {
    pub fn from_core(m: gjjq_core::Move) -> PyMove {
        PyMove {
            from: m.from(),
            to: m.to(),
        }
    }

    pub fn action_index(&self) -> usize {
        action_of(CoreMove::new(self.from, self.to))
    }

    pub fn from_action_index(action: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let i = index_in::<MoveParseError>("action", action, NUM_ACTIONS)?
            .ok_or_else(|| err::<MoveParseError>(format!("action {action} is not in 0..8100")))?;
        match u16::try_from(i).ok().and_then(CoreMove::from_index) {
            Some(m) => Ok(PyMove {
                from: m.from(),
                to: m.to(),
            }),
            None => Err(err::<MoveParseError>(format!(
                "action {action} is not in 0..8100"
            ))),
        }
    }

    pub fn parse_ascii(s: &str) -> PyResult<PyMove> {
        let a: CoreMove = s
            .parse()
            .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(s))))?;
        Ok(PyMove {
            from: a.from(),
            to: a.to(),
        })
    }

    fn ascii_string(&self) -> String {
        format!("{}{}", self.from, self.to)
    }
}

#[pymethods]
impl PyMove {
    /// A move from two points, each a label (`"5B"`) or an index 0..90.
    #[new]
    fn py_new(from_square: &Bound<'_, PyAny>, to_square: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        Ok(PyMove {
            from: parse_square(from_square)?,
            to: parse_square(to_square)?,
        })
    }

    /// The move from its ASCII form, origin label then destination label (`"5B5A"`).
    #[classmethod]
    fn from_ascii(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyMove> {
        PyMove::parse_ascii(text)
    }

    /// The move of an action index (`Move::index`, `from * 90 + to`) (0 ≤ action < 8100).
    #[classmethod]
    fn from_action(_cls: &Bound<'_, PyType>, action: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        PyMove::from_action_index(action)
    }

    /// The ASCII form (R-30), e.g. `"5B5A"`.
    fn ascii(&self) -> String {
        self.ascii_string()
    }

    /// The six-character record (R-28) of this move in `position`, e.g. `"团5B进5A"`.
    #[pyo3(signature = (position, script = "simplified"))]
    fn record(&self, position: &PyPosition, script: &str) -> PyResult<String> {
        position.record_of(self, script)
    }

    /// The origin's label, e.g. `"5B"`.
    #[getter(from_label)]
    fn origin_label(&self) -> String {
        self.from.to_string()
    }

    /// The destination's label, e.g. `"5A"`.
    #[getter(to_label)]
    fn destination_label(&self) -> String {
        self.to.to_string()
    }

    /// The origin's index `y * 9 + x`.
    #[getter(from_square)]
    fn origin_index(&self) -> usize {
        self.from.index()
    }

    /// The destination's index `y * 9 + x`.
    #[getter(to_square)]
    fn destination_index(&self) -> usize {
        self.to.index()
    }

    /// The action index (`Move::index`, `from * 90 + to`).
    #[getter]
    fn action(&self) -> usize {
        self.action_index()
    }

    fn __str__(&self) -> String {
        self.ascii_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_ascii('{}')", self.ascii_string())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (usize,))> {
        let ctor = slf.get_type().getattr("from_action")?;
        Ok((ctor, (slf.get().action_index(),)))
    }
}

/// A piece: its side and kind (R-7).
#[pyclass(module = "gjjq", name = "Piece", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyPiece(pub CorePiece);

#[pymethods]
impl PyPiece {
    /// A piece from its ASCII letter: upper case Red, lower case Green (`"M"`, `"k"`).
    #[classmethod]
    fn from_symbol(_cls: &Bound<'_, PyType>, symbol: &str) -> PyResult<PyPiece> {
        let mut chars = symbol.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => CorePiece::from_ascii(c).map(PyPiece).ok_or_else(|| {
                err::<GjjqError>(format!(
                    "'{}' is not a piece letter (KGMFPADI, kgmfpadi)",
                    echo(symbol)
                ))
            }),
            _ => Err(err::<GjjqError>(format!(
                "'{}' is not one piece letter",
                echo(symbol)
            ))),
        }
    }

    /// `"red"` or `"green"`.
    #[getter]
    fn side(&self) -> &'static str {
        self.0.side.name()
    }

    /// The kind's English name: king, guard, missile, fleet, aircraft, army, division,
    /// infantry.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }

    /// The ASCII letter: upper case Red, lower case Green.
    fn symbol(&self) -> String {
        self.0.ascii().to_string()
    }

    /// The record character (R-28) in `script`, e.g. `"弹"` / `"彈"`.
    #[pyo3(signature = (script = "simplified"))]
    fn record_char(&self, script: &str) -> PyResult<String> {
        Ok(self.0.record_char(parse_script(script)?).to_string())
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.0.ascii())
    }
}

/// The result of a finished game: the winner (`"red"`, `"green"`, or `None` for a draw) and
/// the reason (`king-captured`, `trapped-king`, `no-move`, `insufficient-material`,
/// `repetition`, `no-capture-limit`, `resignation`, `agreement`, `ply-limit`).
#[pyclass(module = "gjjq", name = "Outcome", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PyOutcome {
    /// The winner, if any.
    #[pyo3(get)]
    pub winner: Option<&'static str>,
    /// The reason, in kebab case.
    #[pyo3(get)]
    pub reason: String,
}

/// A core outcome's winner and reason. The one place that looks inside `Outcome`.
pub fn outcome_parts(o: &CoreOutcome) -> (Option<Side>, EndReason) {
    (o.winner(), o.reason())
}

impl PyOutcome {
    pub fn from_core(o: &CoreOutcome) -> PyOutcome {
        let (winner, reason) = outcome_parts(o);
        PyOutcome {
            winner: winner.map(Side::name),
            reason: reason.as_str().to_owned(),
        }
    }
}

#[pymethods]
impl PyOutcome {
    #[new]
    #[pyo3(signature = (winner, reason))]
    fn py_new(winner: Option<&str>, reason: &str) -> PyResult<PyOutcome> {
        Ok(PyOutcome {
            winner: winner.map(parse_side).transpose()?.map(Side::name),
            reason: reason.to_owned(),
        })
    }

    /// `"1-0"` (Red wins), `"0-1"` (Green wins) or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        match self.winner {
            Some("red") => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// Whether the game is drawn.
    #[getter]
    fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    fn __str__(&self) -> String {
        match self.winner {
            Some(w) => format!("{w} {}", self.reason),
            None => format!("draw {}", self.reason),
        }
    }

    fn __repr__(&self) -> String {
        match self.winner {
            Some(w) => format!("Outcome(winner='{w}', reason='{}')", self.reason),
            None => format!("Outcome(winner=None, reason='{}')", self.reason),
        }
    }
}

/// A generator seeded by `seed`, or by 64 bits of Python's `random` module when `None` (so
/// `random.seed(...)` makes a run repeatable).
pub fn seeded_rng(py: Python<'_>, seed: Option<u64>) -> PyResult<rand::rngs::StdRng> {
    use rand::SeedableRng;
    let seed = match seed {
        Some(s) => s,
        None => py
            .import("random")?
            .call_method1("getrandbits", (64,))?
            .extract()?,
    };
    Ok(rand::rngs::StdRng::seed_from_u64(seed))
}

/// A piece kind from its English name (`"missile"`), ASCII letter (`"M"`) or record
/// character (`"弹"`).
pub fn parse_kind(s: &str) -> PyResult<gjjq_core::PieceKind> {
    s.parse().map_err(|_| {
        err::<GjjqError>(format!(
            "'{}' is not a piece kind (king, guard, missile, fleet, aircraft, army, division, infantry, or a letter KGMFPADI)", echo(s)
        ))
    })
}

/// A position: the placement, the side to move, pending returns (R-19) and the two counters
/// (R-31), validated (R-26), under a ruleset. Immutable: `play` returns a new position.
#[pyclass(module = "gjjq", name = "Position", frozen, eq, from_py_object)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyPosition(pub Position);

/// A move given as a `Move` or as text (ASCII form or record).
pub fn move_arg(obj: &Bound<'_, PyAny>) -> PyResult<MoveArg> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(MoveArg::Move(*m.get()));
    }
    if let Ok(s) = obj.extract::<String>() {
        return Ok(MoveArg::Text(s));
    }
    Err(err::<MoveParseError>(
        "a move is a Move or text: its ASCII form ('5B5A') or its record ('团5B进5A')",
    ))
}

/// A move argument before it is resolved against a position.
pub enum MoveArg {
    /// A `Move`.
    Move(PyMove),
    /// Text.
    Text(String),
}

/// Resolves a move argument to the legal core move of `pos`.
pub fn resolve(pos: &Position, m: &MoveArg) -> PyResult<gjjq_core::Move> {
    match m {
        MoveArg::Move(m) => pos.find_move(m.from, m.to).ok_or_else(|| {
            err::<IllegalMoveError>(format!("{}{} is not legal in {pos}", m.from, m.to))
        }),
        MoveArg::Text(s) => {
            let text: MoveText = s
                .trim()
                .parse()
                .map_err(|e| err::<MoveParseError>(format!("'{}': {e}", echo(s))))?;
            text.to_move(pos)
                .map_err(|e| err::<IllegalMoveError>(format!("'{}' in {pos}: {e}", echo(s))))
        }
    }
}

impl PyPosition {
    pub fn record_of(&self, m: &PyMove, script: &str) -> PyResult<String> {
        let script = parse_script(script)?;
        let core = resolve(&self.0, &MoveArg::Move(*m))?;
        Ok(Record::from_move(&self.0, core).to_script(script))
    }
}
