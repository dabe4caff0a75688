//! What several classes of every game share, written once: `#[pymethods]` takes no
//! generics, so the shells are written by [`seat_getters!`] (each its own `#[pymethods]`
//! block, the crate building pyo3 with `multiple-pymethods`) and the conversions are plain
//! generic functions.

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `seat_getters!(PyX { /// doc \n side, … })`: read-only properties naming a seat of the
/// wrapped state (`self.0.side()`, `self.0.turn()` …) by its side's or seat's name, for the
/// classes of every game (gjjq's `Side`, 陸戰棋's `Side`, 四國's `Seat`: each has `name`).
macro_rules! seat_getters {
    ($ty:ty { $($(#[$doc:meta])* $seat:ident),+ $(,)? }) => {
        #[pymethods]
        impl $ty {
            $(
                $(#[$doc])*
                #[getter]
                fn $seat(&self) -> &'static str {
                    self.0.$seat().name()
                }
            )+
        }
    };
}

/// A dict from each point's label to a text about it (a view's own pieces, its enemy
/// pieces' identities …).
pub fn point_dict<'py, P: ToString, T: ToString>(
    py: Python<'py>,
    items: impl IntoIterator<Item = (P, T)>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (point, text) in items {
        d.set_item(point.to_string(), text.to_string())?;
    }
    Ok(d)
}

/// Each item's text (moves in ASCII …), in order.
pub fn texts<T: ToString>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    items.into_iter().map(|x| x.to_string()).collect()
}

/// `copyable!(PyX)`: `copy()`, `__copy__` and `__deepcopy__`, each a clone (the wrapped
/// game owns all it holds).
macro_rules! copyable {
    ($ty:ident) => {
        #[pymethods]
        impl $ty {
            /// A copy.
            fn copy(&self) -> $ty {
                self.clone()
            }

            fn __copy__(&self) -> $ty {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> $ty {
                self.clone()
            }
        }
    };
}

/// `observable!(PyX)`: the `observation(perspective=None)` method of a class of 国际军棋
/// that is [`Observed`](crate::tensor::Observed).
macro_rules! observable {
    ($ty:ident) => {
        #[pymethods]
        impl $ty {
            /// The observation tensor of the (current) position, float32 of shape (32, 10,
            /// 9), seen from `perspective` (the side to move by default), with the
            /// repetitions plane filled in. See docs/python.md for the planes.
            #[pyo3(signature = (perspective = None))]
            fn observation<'py>(
                &self,
                py: Python<'py>,
                perspective: Option<&str>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let (pos, repetitions) = $crate::tensor::Observed::observed(self);
                $crate::tensor::observation(py, pos, perspective, repetitions)
            }
        }
    };
}

/// `state_text!(PyX, "X")`: `__str__` (the state's text form), `__repr__` (`X('…')`) and
/// `__hash__` (its Zobrist key) of a class wrapping a game's state (a
/// [`GameState`](junqi_game::GameState)).
macro_rules! state_text {
    ($ty:ident, $name:literal) => {
        #[pymethods]
        impl $ty {
            fn __str__(&self) -> String {
                self.0.to_string()
            }

            fn __repr__(&self) -> String {
                format!(concat!($name, "('{}')"), self.0)
            }

            fn __hash__(&self) -> u64 {
                junqi_game::GameState::key(&self.0)
            }
        }
    };
}
