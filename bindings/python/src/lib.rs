//! Python bindings for gjjq (国际军棋): the extension module `gjjq._gjjq`, re-exported by the
//! Python package `gjjq`. Every fallible call returns a Python exception (a subclass of
//! `GjjqError`) carrying the Rust error's message; nothing here panics on bad input.
#![deny(missing_docs)]

#[macro_use]
mod shells;

mod deployment;
mod engine;
mod errors;
mod game;
mod hidden;
mod lzdark;
mod lzq;
mod position;
mod sgdark;
mod sgq;
mod svg;
mod tablebase;
mod tensor;
mod types;

use gjjq_core::Square;
use pyo3::prelude::*;

use crate::types::PyPosition;
use crate::types::parse_square;

/// The number of leaf nodes `depth` plies below `position` (bulk-counted in Rust, without
/// the GIL).
#[pyfunction]
fn perft(py: Python<'_>, position: &PyPosition, depth: u32) -> u64 {
    let pos = position.0.clone();
    py.detach(move || gjjq_core::perft::perft(&pos, depth))
}

/// The index `y * 9 + x` of a point given by its label (`"5E"`, `"7d"`).
#[pyfunction]
fn square_index(label: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(parse_square(label)?.index())
}

/// The label of a point given by its index `y * 9 + x`.
#[pyfunction]
fn square_label(index: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(parse_square(index)?.to_string())
}

/// The point index seen from the other side: the board turned half a turn (`89 - index`).
#[pyfunction]
fn flip_square(index: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(Square::COUNT - 1 - parse_square(index)?.index())
}

#[pymodule]
fn _gjjq(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<types::PyMove>()?;
    m.add_class::<types::PyPiece>()?;
    m.add_class::<types::PyOutcome>()?;
    m.add_class::<types::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyGameNode>()?;
    m.add_class::<game::PyGameReader>()?;
    m.add_class::<deployment::PyDeployment>()?;
    m.add_class::<deployment::PyOpening>()?;
    m.add_class::<deployment::PyHiddenGame>()?;
    m.add_class::<hidden::PyInfoState>()?;
    m.add_class::<hidden::PyPlayerView>()?;
    m.add_class::<hidden::PyEvent>()?;
    m.add_class::<hidden::PyTold>()?;
    m.add_class::<hidden::PyWorldSampler>()?;
    m.add_class::<hidden::PyInconsistency>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PySearchResult>()?;
    m.add_class::<tablebase::PyTablebase>()?;
    m.add_class::<tablebase::PyWdlTablebase>()?;
    lzq::register(m)?;
    lzdark::register(m)?;
    sgq::register(m)?;
    sgdark::register(m)?;
    m.add_function(wrap_pyfunction!(hidden::check_world, m)?)?;
    m.add_function(wrap_pyfunction!(hidden::random_endgames, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(game::svg, m)?)?;
    m.add_function(wrap_pyfunction!(square_index, m)?)?;
    m.add_function(wrap_pyfunction!(square_label, m)?)?;
    m.add_function(wrap_pyfunction!(flip_square, m)?)?;
    m.add_function(wrap_pyfunction!(game::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(game::parse_games, m)?)?;
    m.add_function(wrap_pyfunction!(game::write_games, m)?)?;
    m.add("NUM_ACTIONS", types::NUM_ACTIONS)?;
    m.add("NUM_SQUARES", types::POINTS)?;
    m.add("OBSERVATION_PLANES", tensor::PLANES.to_vec())?;
    m.add(
        "OBSERVATION_SHAPE",
        (tensor::PLANES.len(), tensor::ROWS, tensor::COLS),
    )?;
    m.add("HIDDEN_OBSERVATION_PLANES", tensor::HIDDEN_PLANES.to_vec())?;
    m.add(
        "HIDDEN_OBSERVATION_SHAPE",
        (tensor::HIDDEN_PLANES.len(), tensor::ROWS, tensor::COLS),
    )?;
    m.add("INFO_STATE_PLANES", tensor::info_state_planes())?;
    m.add(
        "INFO_STATE_SHAPE",
        (tensor::INFO_PLANES, tensor::ROWS, tensor::COLS),
    )?;
    m.add("PLAY_MODES", deployment::play_modes())?;
    m.add("DEFAULT_OPENING", gjjq_core::setup::DEFAULT_OPENING)?;
    m.add(
        "PIECE_KINDS",
        gjjq_core::PieceKind::ALL
            .iter()
            .map(|k| k.name())
            .collect::<Vec<_>>(),
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
