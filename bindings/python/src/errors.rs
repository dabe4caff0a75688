//! The exceptions: one base class, `GjjqError` (a `ValueError`), and one subclass per kind of
//! failure, each carrying the Rust error's message.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{PyErr, create_exception};

create_exception!(
    gjjq,
    GjjqError,
    PyValueError,
    "Base class of every gjjq error; a ValueError."
);
create_exception!(
    gjjq,
    PositionStringError,
    GjjqError,
    "A position string (R-31) that does not parse; the message names the field."
);
create_exception!(
    gjjq,
    InvalidPositionError,
    GjjqError,
    "A position that parses but breaks R-26 (e.g. two kings of a side, a king out of its palace)."
);
create_exception!(
    gjjq,
    MoveParseError,
    GjjqError,
    "Text that is neither an ASCII move (5B5A) nor a six-character record (团5B进5A), or a point label or action index out of range."
);
create_exception!(
    gjjq,
    IllegalMoveError,
    GjjqError,
    "A move that is not legal in the position (or a record that names no legal move)."
);
create_exception!(
    gjjq,
    GameOverError,
    GjjqError,
    "A move, resignation or draw offered after the game has ended."
);
create_exception!(
    gjjq,
    GameFileError,
    GjjqError,
    "A game file that does not read or replay; the message gives the line:column or the move."
);
create_exception!(
    gjjq,
    RulesetError,
    GjjqError,
    "A ruleset that is not a known preset or not valid ruleset JSON."
);

create_exception!(
    gjjq,
    DeploymentError,
    GjjqError,
    "A deployment string (R-33) that does not parse, or a deployment that breaks R-32."
);
create_exception!(
    gjjq,
    OpeningError,
    GjjqError,
    "A position or setup that is not an opening (R-32 … R-34)."
);
create_exception!(
    gjjq,
    NotYourTurnError,
    GjjqError,
    "A hidden-game proposal (R-38) by the side not to move."
);
create_exception!(
    gjjq,
    InfoStateError,
    GjjqError,
    "A string that is not an information state (R-41); the message names the field."
);
create_exception!(
    gjjq,
    WorldError,
    GjjqError,
    "No world consistent with an information state was found (R-41)."
);
create_exception!(
    gjjq,
    TablebaseError,
    GjjqError,
    "A position the endgame tables do not cover (another ruleset, too many units, a missing table) or a table file that is missing or damaged."
);

/// The most characters of a caller's input an error message echoes (issue 50, item 13).
pub const ECHO_LIMIT: usize = 40;

/// `s` as an error message echoes it: cut to [`ECHO_LIMIT`] characters with `…` and its
/// length when longer (the libraries' one clipping, `gjjq_core::setup::clip`), so that a
/// megabyte of input never becomes a megabyte of message.
pub fn echo(s: &str) -> String {
    gjjq_core::setup::clip(s, ECHO_LIMIT)
}

/// `text` as error messages echo it (see [`echo`]): what the Python modules call for the
/// input they name in a message, so that the package clips in one place.
#[pyfunction]
#[pyo3(name = "echo")]
fn py_echo(text: &str) -> String {
    echo(text)
}

/// The most items one call may draw (deployments, endgames): a bound on the memory a
/// caller's number can claim (a million deployment strings are about 160 MB in Python).
pub const MAX_DRAWS: usize = 1_000_000;

/// `n` when it is at most [`MAX_DRAWS`], else a `GjjqError` naming the argument.
pub fn check_draws(what: &str, n: usize) -> PyResult<usize> {
    if n > MAX_DRAWS {
        Err(err::<GjjqError>(format!(
            "{what} is {n}; at most {MAX_DRAWS} may be drawn in one call"
        )))
    } else {
        Ok(n)
    }
}

/// `obj` as an index below `count` when it is a Python int (or has `__index__`), `None` when it
/// is something else (a caller may then read it as text). A negative or too large int is an
/// `E` (a `ValueError`) that names the argument (`what`: `"action"`, `"player"`) and its range,
/// never Python's `OverflowError` or a `TypeError` from a later conversion.
pub fn index_in<E: pyo3::PyTypeInfo>(
    what: &str,
    obj: &Bound<'_, PyAny>,
    count: usize,
) -> PyResult<Option<usize>> {
    if !(obj.is_instance_of::<pyo3::types::PyInt>() || obj.hasattr("__index__")?) {
        return Ok(None);
    }
    match obj.extract::<usize>() {
        Ok(i) if i < count => Ok(Some(i)),
        _ => {
            // Python refuses to write an int of thousands of digits: say so instead.
            let shown = obj
                .str()
                .map(|s| echo(&s.to_string()))
                .unwrap_or_else(|_| "(an int of thousands of digits)".to_string());
            let why = if obj.lt(0).unwrap_or(false) {
                "is negative"
            } else {
                "is too large"
            };
            Err(err::<E>(format!(
                "{what} {shown} {why}: expected 0 … {}",
                count.saturating_sub(1)
            )))
        }
    }
}

/// `obj` as an index below `count`, as [`index_in`]; what is not an int is a `TypeError`
/// naming the argument.
pub fn index_arg<E: pyo3::PyTypeInfo>(
    what: &str,
    obj: &Bound<'_, PyAny>,
    count: usize,
) -> PyResult<usize> {
    index_in::<E>(what, obj, count)?.ok_or_else(|| {
        let kind = obj
            .get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string());
        pyo3::exceptions::PyTypeError::new_err(format!(
            "{what} must be an int 0 … {}, not {}",
            count.saturating_sub(1),
            echo(&kind)
        ))
    })
}

/// The most characters of an error message. The bindings echo input through [`echo`], but a
/// library's message may quote the rest of what it could not read (a point or move parser's
/// `unexpected '…'`, a JSON error's string value): past this length the message is cut, so
/// that no input reaches Python whole in an error (issue 50, item 13).
pub const MESSAGE_LIMIT: usize = 500;

/// The Python exception `E` with this message, cut to [`MESSAGE_LIMIT`] characters (with
/// `…` and the full length) when longer.
pub fn err<E: pyo3::PyTypeInfo>(msg: impl std::fmt::Display) -> PyErr {
    PyErr::new::<E, _>(gjjq_core::setup::clip(&msg.to_string(), MESSAGE_LIMIT))
}

/// Adds the exception classes and `echo` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GjjqError", py.get_type::<GjjqError>())?;
    m.add("PositionStringError", py.get_type::<PositionStringError>())?;
    m.add(
        "InvalidPositionError",
        py.get_type::<InvalidPositionError>(),
    )?;
    m.add("MoveParseError", py.get_type::<MoveParseError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("GameFileError", py.get_type::<GameFileError>())?;
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    m.add("DeploymentError", py.get_type::<DeploymentError>())?;
    m.add("OpeningError", py.get_type::<OpeningError>())?;
    m.add("NotYourTurnError", py.get_type::<NotYourTurnError>())?;
    m.add("InfoStateError", py.get_type::<InfoStateError>())?;
    m.add("WorldError", py.get_type::<WorldError>())?;
    m.add("TablebaseError", py.get_type::<TablebaseError>())?;
    m.add_function(wrap_pyfunction!(py_echo, m)?)?;
    Ok(())
}
