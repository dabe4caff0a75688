//! `Tablebase`: the solved endings of crate gjjq-tablebase (docs/endgames.md): open a
//! directory of table files, probe positions, list every move with its value.
//! `WdlTablebase`: the same endings' win/draw/loss files (`*.gjwdl`) alone.

use std::path::PathBuf;

use gjjq_tablebase::{Ending, Tablebase, Value, Wdl, WdlTablebase};
use pyo3::prelude::*;

use crate::errors::{TablebaseError, err};
use crate::types::PyMove;
use crate::types::PyPosition;

/// Win (1), draw (0) or loss (-1) and the plies to the end (0 for a draw).
fn parts(v: Value) -> (i8, u16) {
    (wdl_number(v.wdl()), v.distance().unwrap_or(0))
}

/// A set of solved endings (殘局): every position of each ending valued win, draw or loss for
/// the side to move, with the plies to the end (the winner hurrying, the loser delaying).
/// Standard ruleset only. Files are read whole into memory and checked when opened.
#[pyclass(module = "gjjq", name = "Tablebase", frozen)]
pub struct PyTablebase(Tablebase);

/// The methods both kinds of tables share, written once (`#[pymethods]` takes no
/// generics): `open`, `endings`, `max_units`, `probe_wdl` and `__repr__`, each the library
/// type's own; `$name` is the Python class's name, the rest the class's other methods.
macro_rules! table_methods {
    ($py:ident($tables:ty), $name:literal, { $($rest:tt)* }) => {
        #[pymethods]
        impl $py {
            /// Opens every table file of this kind (`*.gjtb` for `Tablebase`, `*.gjwdl` for
            /// `WdlTablebase`) in `directory`; a damaged file raises `TablebaseError`.
            #[staticmethod]
            fn open(directory: PathBuf) -> PyResult<$py> {
                <$tables>::open(&directory)
                    .map($py)
                    .map_err(err::<TablebaseError>)
            }

            /// The endings held, by name.
            fn endings(&self) -> Vec<String> {
                self.0.endings().iter().map(Ending::to_string).collect()
            }

            /// The most units (pieces besides the kings) of an ending held.
            fn max_units(&self) -> u32 {
                self.0.max_units()
            }

            /// Win (1), draw (0) or loss (-1) for the side to move; `TablebaseError` for a
            /// position the tables do not cover.
            fn probe_wdl(&self, position: &PyPosition) -> PyResult<i8> {
                self.0
                    .probe_wdl(&position.0)
                    .map(wdl_number)
                    .map_err(err::<TablebaseError>)
            }

            fn __repr__(&self) -> String {
                format!(
                    concat!($name, "(endings={}, max_units={})"),
                    self.0.endings().len(),
                    self.0.max_units()
                )
            }

            $($rest)*
        }
    };
}

table_methods!(PyTablebase(Tablebase), "Tablebase", {
    /// Generates the named endings (`"IvK"`, `"DvF"` …) and every ending they reach by
    /// captures into `directory` (resumable: intact files are read, not generated again),
    /// without the GIL; returns the tables held.
    #[staticmethod]
    fn generate(py: Python<'_>, directory: PathBuf, endings: Vec<String>) -> PyResult<PyTablebase> {
        let endings = endings
            .iter()
            .map(|e| {
                e.parse::<Ending>()
                    .map_err(|x| err::<TablebaseError>(format!("{e}: {x}")))
            })
            .collect::<PyResult<Vec<Ending>>>()?;
        py.detach(move || {
            let mut tb = Tablebase::new();
            tb.generate_in(&directory, &endings).map(|_| tb)
        })
        .map(PyTablebase)
        .map_err(err::<TablebaseError>)
    }

    /// `(wdl, plies)`: win (1), draw (0) or loss (-1) for the side to move and the plies to
    /// the end (0 for a draw; `(1, 1)`: the king can be taken now; `(-1, 0)`: the rules have
    /// already decided against the side to move).
    fn probe_dtm(&self, position: &PyPosition) -> PyResult<(i8, u16)> {
        self.0
            .probe_dtm(&position.0)
            .map(parts)
            .map_err(err::<TablebaseError>)
    }

    /// Every legal move with `(move, wdl, plies)` from the mover's view, best first (the
    /// fastest win, then draws, then the slowest loss).
    fn best_moves(&self, position: &PyPosition) -> PyResult<Vec<(PyMove, i8, u16)>> {
        let moves = self
            .0
            .best_moves(&position.0)
            .map_err(err::<TablebaseError>)?;
        Ok(moves
            .into_iter()
            .map(|(m, v)| {
                let (w, n) = parts(v);
                (PyMove::from_core(m), w, n)
            })
            .collect())
    }
});

/// Win (1), draw (0) or loss (-1).
fn wdl_number(w: Wdl) -> i8 {
    match w {
        Wdl::Win => 1,
        Wdl::Draw => 0,
        Wdl::Loss => -1,
    }
}

/// The win/draw/loss files of solved endings (`*.gjwdl`, two bits a position, an eighth of
/// the `*.gjtb` files): win (1), draw (0) or loss (-1) for the side to move, no distances.
/// Standard ruleset only. Files are read whole into memory and checked when opened.
#[pyclass(module = "gjjq", name = "WdlTablebase", frozen)]
pub struct PyWdlTablebase(WdlTablebase);

table_methods!(PyWdlTablebase(WdlTablebase), "WdlTablebase", {});
