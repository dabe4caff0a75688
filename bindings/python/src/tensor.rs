//! Tensors for learning: the action space of 8,100 (from, to) pairs and the observation planes
//! (documented plane by plane in docs/python.md; the names are `OBSERVATION_PLANES`).

use gjjq_core::{Position, Side, Square, Terrain};
use numpy::IntoPyArray;
use numpy::ndarray::{Array1, Array3};
use pyo3::prelude::*;

use crate::types::{NUM_ACTIONS, POINTS};

/// Rows of the board.
pub const ROWS: usize = 10;
/// Columns of the board.
pub const COLS: usize = 9;

/// The planes, in order. docs/python.md describes each; a test checks the two agree.
pub const PLANES: [&str; 32] = [
    "own-king",
    "own-guard",
    "own-missile",
    "own-fleet",
    "own-aircraft",
    "own-army",
    "own-division",
    "own-infantry",
    "enemy-king",
    "enemy-guard",
    "enemy-missile",
    "enemy-fleet",
    "enemy-aircraft",
    "enemy-army",
    "enemy-division",
    "enemy-infantry",
    "sea",
    "coast",
    "inland",
    "own-palace",
    "enemy-palace",
    "seal",
    "kings-may-face",
    "own-striker",
    "own-return-origin",
    "enemy-striker",
    "enemy-return-origin",
    "to-move",
    "is-green",
    "plies-since-capture",
    "move-number",
    "repetitions",
];

const KIND_OFFSET_OWN: usize = 0;
const KIND_OFFSET_ENEMY: usize = 8;
const SEA: usize = 16;
const OWN_PALACE: usize = 19;
const SEAL: usize = 21;
const KINGS_MAY_FACE: usize = 22;
const OWN_STRIKER: usize = 23;
const ENEMY_STRIKER: usize = 25;
const TO_MOVE: usize = 27;
const IS_GREEN: usize = 28;
const PLIES: usize = 29;
const MOVE_NUMBER: usize = 30;
const REPETITIONS: usize = 31;

/// Scale of the plies-since-capture plane: the value is `min(plies, 100) / 100`.
pub const PLIES_SCALE: f32 = 100.0;
/// Scale of the move-number plane: the value is `min(move_number, 500) / 500`.
pub const MOVE_NUMBER_SCALE: f32 = 500.0;

/// The (row, column) of a point seen from `viewer`: Red sees the internal frame (row = y,
/// column = x); Green sees it turned half a turn (row = 9 − y, column = 8 − x), so that each
/// side's base line is row 0 and its left is column 0 (R-3: its own labels).
pub fn view(sq: Square, viewer: Side) -> (usize, usize) {
    let (x, y) = (sq.x() as usize, sq.y() as usize);
    match viewer {
        Side::Red => (y, x),
        Side::Green => (ROWS - 1 - y, COLS - 1 - x),
    }
}

/// The observation of `pos` seen by `viewer`; `repetitions` is how often the position has
/// occurred in its game (1 for a position alone).
pub fn observation_array(pos: &Position, viewer: Side, repetitions: usize) -> Array3<f32> {
    let mut a = Array3::<f32>::zeros((PLANES.len(), ROWS, COLS));
    for sq in Square::all() {
        let (r, c) = view(sq, viewer);
        if let Some(p) = pos.piece_at(sq) {
            let base = if p.side == viewer {
                KIND_OFFSET_OWN
            } else {
                KIND_OFFSET_ENEMY
            };
            a[[base + p.kind.index(), r, c]] = 1.0;
        }
        let t = match sq.terrain() {
            Terrain::Sea => 0,
            Terrain::Coast => 1,
            Terrain::Inland => 2,
        };
        a[[SEA + t, r, c]] = 1.0;
        if sq.in_palace_of(viewer) {
            a[[OWN_PALACE, r, c]] = 1.0;
        }
        if sq.in_palace_of(viewer.other()) {
            a[[OWN_PALACE + 1, r, c]] = 1.0;
        }
    }
    let fill = |a: &mut Array3<f32>, plane: usize, v: f32| {
        a.index_axis_mut(numpy::ndarray::Axis(0), plane).fill(v);
    };
    if pos.is_sealed() {
        fill(&mut a, SEAL, 1.0);
    }
    if pos.kings_may_face() {
        fill(&mut a, KINGS_MAY_FACE, 1.0);
    }
    for (side, plane) in [(viewer, OWN_STRIKER), (viewer.other(), ENEMY_STRIKER)] {
        if let Some(p) = pos.pending_return(side) {
            let (r, c) = view(p.striker, viewer);
            a[[plane, r, c]] = 1.0;
            let (r, c) = view(p.origin, viewer);
            a[[plane + 1, r, c]] = 1.0;
        }
    }
    if pos.turn() == viewer {
        fill(&mut a, TO_MOVE, 1.0);
    }
    if viewer == Side::Green {
        fill(&mut a, IS_GREEN, 1.0);
    }
    let plies = pos.plies_since_capture() as f32;
    fill(&mut a, PLIES, plies.min(PLIES_SCALE) / PLIES_SCALE);
    let number = pos.move_number() as f32;
    fill(
        &mut a,
        MOVE_NUMBER,
        number.min(MOVE_NUMBER_SCALE) / MOVE_NUMBER_SCALE,
    );
    let reps = repetitions.saturating_sub(1).min(2) as f32;
    fill(&mut a, REPETITIONS, reps / 2.0);
    a
}

/// The observation as a numpy array.
pub fn observation<'py>(
    py: Python<'py>,
    pos: &Position,
    viewer: Side,
    repetitions: usize,
) -> Bound<'py, PyAny> {
    observation_array(pos, viewer, repetitions)
        .into_pyarray(py)
        .into_any()
}

/// The legal actions, ascending.
pub fn legal_actions(pos: &Position) -> Vec<usize> {
    let mut v: Vec<usize> = pos
        .legal_moves()
        .iter()
        .map(|m| m.from().index() * POINTS + m.to().index())
        .collect();
    v.sort_unstable();
    v
}

/// The legal-action mask as a numpy bool array of 8,100.
pub fn action_mask<'py>(py: Python<'py>, pos: &Position) -> Bound<'py, PyAny> {
    mask_of(
        py,
        pos.legal_moves()
            .iter()
            .map(|m| m.from().index() * POINTS + m.to().index()),
    )
}

/// A mask with these actions set.
pub fn mask_of(py: Python<'_>, actions: impl Iterator<Item = usize>) -> Bound<'_, PyAny> {
    let mut mask = Array1::<bool>::from_elem(NUM_ACTIONS, false);
    for a in actions {
        mask[a] = true;
    }
    mask.into_pyarray(py).into_any()
}
