//! Tensors for learning: the action space of 8,100 (from, to) pairs and the observation planes
//! (documented plane by plane in docs/python.md; the names are `OBSERVATION_PLANES`).

use gjjq_core::{Position, Side, Square, terrain::Terrain};
use numpy::IntoPyArray;
use numpy::ndarray::{Array1, Array3};
use pyo3::prelude::*;

use crate::types::NUM_ACTIONS;

/// Rows of the board.
pub const ROWS: usize = 10;
/// Columns of the board.
pub const COLS: usize = 9;

/// The planes of the own pieces, one a kind (king … infantry).
const OWN_KIND_PLANES: [&str; 8] = [
    "own-king",
    "own-guard",
    "own-missile",
    "own-fleet",
    "own-aircraft",
    "own-army",
    "own-division",
    "own-infantry",
];

/// The planes of the board's terrain and of the own side's state, the same in the open and
/// the hidden-play observation.
const BOARD_PLANES: [&str; 9] = [
    "sea",
    "coast",
    "inland",
    "own-palace",
    "enemy-palace",
    "seal",
    "kings-may-face",
    "own-striker",
    "own-return-origin",
];

/// `parts` one after the other, as one array of `N` names (checked when compiled).
const fn join<const N: usize>(parts: &[&[&'static str]]) -> [&'static str; N] {
    let mut out = [""; N];
    let (mut n, mut i) = (0, 0);
    while i < parts.len() {
        let mut j = 0;
        while j < parts[i].len() {
            out[n] = parts[i][j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(n == N, "the parts hold another number of planes");
    out
}

/// The planes, in order. docs/python.md describes each; a test checks the two agree.
pub const PLANES: [&str; 32] = join(&[
    &OWN_KIND_PLANES,
    &[
        "enemy-king",
        "enemy-guard",
        "enemy-missile",
        "enemy-fleet",
        "enemy-aircraft",
        "enemy-army",
        "enemy-division",
        "enemy-infantry",
    ],
    &BOARD_PLANES,
    &[
        "enemy-striker",
        "enemy-return-origin",
        "to-move",
        "is-green",
        "plies-since-capture",
        "move-number",
        "repetitions",
    ],
]);

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

/// A state of 国际军棋 the observation tensor is taken of (`Position`, `Game`).
pub trait Observed {
    /// The position and how often it has stood (the repetitions plane).
    fn observed(&self) -> (&Position, usize);
}

/// The observation as a numpy array, seen from `perspective` (a side's name; the side to
/// move when `None`).
pub fn observation<'py>(
    py: Python<'py>,
    pos: &Position,
    perspective: Option<&str>,
    repetitions: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let viewer = match perspective {
        Some(s) => crate::types::parse_side(s)?,
        None => pos.turn(),
    };
    Ok(observation_array(pos, viewer, repetitions)
        .into_pyarray(py)
        .into_any())
}

/// The legal actions, ascending.
pub fn legal_actions(pos: &Position) -> Vec<usize> {
    sorted(
        pos.legal_moves()
            .iter()
            .map(|&m| crate::types::action_of(m)),
    )
}

/// The legal-action mask as a numpy bool array of 8,100.
pub fn action_mask<'py>(py: Python<'py>, pos: &Position) -> Bound<'py, PyAny> {
    mask_of(
        py,
        NUM_ACTIONS,
        pos.legal_moves()
            .iter()
            .map(|&m| crate::types::action_of(m)),
    )
}

/// A numpy bool mask of `len` actions with these set (every game's legal-action mask).
pub fn mask_of(
    py: Python<'_>,
    len: usize,
    actions: impl IntoIterator<Item = usize>,
) -> Bound<'_, PyAny> {
    let mut mask = Array1::<bool>::from_elem(len, false);
    for a in actions {
        mask[a] = true;
    }
    mask.into_pyarray(py).into_any()
}

/// Action indices, ascending (every game's `legal_actions`).
pub fn sorted(actions: impl IntoIterator<Item = usize>) -> Vec<usize> {
    let mut v: Vec<usize> = actions.into_iter().collect();
    v.sort_unstable();
    v
}

// ---------------------------------------------------------------------------------------
// Hidden play (R-37 … R-41): the observation of a player's view and the information-state
// tensor. Both are computed from the side's information state alone, so they hold nothing
// the referee did not tell.

/// The planes of the hidden-play observation, in order (docs/python.md).
pub const HIDDEN_PLANES: [&str; 24] = join(&[
    &OWN_KIND_PLANES,
    &["enemy"],
    &BOARD_PLANES,
    &[
        "to-move",
        "is-green",
        "plies-since-capture",
        "move-number",
        "enemy-captured",
        "own-lost",
    ],
]);

/// Moves of the recent-move window of the information-state tensor.
pub const WINDOW: usize = 8;
/// Planes per move of the window.
const WINDOW_PLANES: [&str; 5] = ["origin", "destination", "capture", "removed", "by-self"];

/// The planes of the information-state tensor after the observation's (docs/python.md).
const KNOWLEDGE_PLANES: [&str; 7] = [
    "enemy-moved",
    "enemy-moved-far",
    "enemy-captor",
    "enemy-returned",
    "own-refused-origin",
    "own-refused-destination",
    "opponent-refusals",
];

/// The names of every plane of the information-state tensor, in order.
pub fn info_state_planes() -> Vec<String> {
    let mut v: Vec<String> = HIDDEN_PLANES.iter().map(|s| (*s).to_owned()).collect();
    v.extend(KNOWLEDGE_PLANES.iter().map(|s| (*s).to_owned()));
    for k in 1..=WINDOW {
        for p in WINDOW_PLANES {
            v.push(format!("move-{k}-{p}"));
        }
    }
    v
}

/// Number of planes of the information-state tensor.
pub const INFO_PLANES: usize = HIDDEN_PLANES.len() + KNOWLEDGE_PLANES.len() + WINDOW * 5;

/// Scale of the captured and lost counts: the value is `count / 16`.
const PIECES: f32 = 16.0;

/// What one side has seen an enemy piece do, by identity.
#[derive(Default, Clone, Copy)]
struct Known {
    moved: bool,
    far: bool,
    captor: bool,
    returned: bool,
}

/// A side's information state replayed once: the view, what each enemy identity did, the
/// counters, the moves played with their movers, this turn's refusals.
struct Replay {
    view: gjjq_core::hidden::PlayerView,
    seen: std::collections::HashMap<Square, Known>,
    plies_since_capture: u32,
    green_moves: u32,
    played: Vec<(Side, gjjq_core::hidden::Seen)>,
    refused: Vec<gjjq_core::Move>,
    opponent_refused: usize,
}

fn replay(state: &gjjq_core::hidden::InfoState) -> Replay {
    use gjjq_core::hidden::{Event, InfoState, PlayerView};
    let me = state.side();
    let start = if state.is_endgame() {
        // A hidden endgame's start (own pieces, enemy points and force) has no public
        // constructor: the state before the first move (refusals do not change a view, and
        // an endgame cannot end before a move is played).
        state.at_ply(0)
    } else {
        InfoState::new(
            me,
            state.first(),
            *state.rules(),
            *state.deployment(),
            state.enemy_start(),
        )
    };
    let mut r = Replay {
        view: PlayerView::new(&start),
        seen: std::collections::HashMap::new(),
        plies_since_capture: 0,
        green_moves: 0,
        played: Vec::new(),
        refused: Vec::new(),
        opponent_refused: 0,
    };
    // The last enemy capture (identity, origin, destination), to see whether the piece's
    // next move goes straight back (a missile's or an inland fleet's return, R-19).
    let mut last_capture: Option<(Square, Square, Square)> = None;
    for e in state.events() {
        if let Event::Played(s) = e {
            let mover = r.view.turn();
            if mover != me {
                let (from, to) = (s.mv.from(), s.mv.to());
                if let Some(id) = r.view.enemy_at(from) {
                    if let Some((cid, cfrom, cto)) = last_capture.take()
                        && cid == id
                        && cto == from
                        && cfrom == to
                    {
                        r.seen.entry(id).or_default().returned = true;
                    }
                    let st = r.seen.entry(id).or_default();
                    st.moved = true;
                    let (dx, dy) = (
                        (from.x() as i32 - to.x() as i32).abs(),
                        (from.y() as i32 - to.y() as i32).abs(),
                    );
                    st.far |= dx.max(dy) > 1;
                    if s.capture {
                        st.captor = true;
                        st.returned |= s.stayed;
                        if !s.stayed {
                            last_capture = Some((id, from, to));
                        }
                    }
                }
            }
            if s.capture {
                r.plies_since_capture = 0;
            } else {
                r.plies_since_capture += 1;
            }
            if mover == Side::Green {
                r.green_moves += 1;
            }
            r.played.push((mover, *s));
            r.refused.clear();
            r.opponent_refused = 0;
        }
        match e {
            Event::Refused(m) => r.refused.push(*m),
            Event::OpponentRefused => r.opponent_refused += 1,
            _ => {}
        }
        r.view.tell(e);
    }
    r
}

/// The view's candidates minus the own proposals refused since the last move.
pub fn proposals(state: &gjjq_core::hidden::InfoState) -> Vec<gjjq_core::Move> {
    let refused = state.refused_this_turn();
    gjjq_core::hidden::PlayerView::new(state)
        .candidates()
        .iter()
        .copied()
        .filter(|m| !refused.contains(m))
        .collect()
}

fn fill_plane(a: &mut Array3<f32>, plane: usize, v: f32) {
    a.index_axis_mut(numpy::ndarray::Axis(0), plane).fill(v);
}

/// Writes the observation planes (the first 24) of a replayed state into `a`.
fn hidden_planes(a: &mut Array3<f32>, state: &gjjq_core::hidden::InfoState, r: &Replay) {
    let me = state.side();
    let v = &r.view;
    for (sq, kind) in v.own() {
        let (row, col) = view(sq, me);
        a[[kind.index(), row, col]] = 1.0;
    }
    for e in v.enemy() {
        let (row, col) = view(e.at, me);
        a[[8, row, col]] = 1.0;
    }
    for sq in Square::all() {
        let (row, col) = view(sq, me);
        let t = match sq.terrain() {
            Terrain::Sea => 0,
            Terrain::Coast => 1,
            Terrain::Inland => 2,
        };
        a[[9 + t, row, col]] = 1.0;
        if sq.in_palace_of(me) {
            a[[12, row, col]] = 1.0;
        }
        if sq.in_palace_of(me.other()) {
            a[[13, row, col]] = 1.0;
        }
    }
    // depend only on the numbers of pieces, which are public.
    let (own, enemy) = (v.own().len(), v.enemy_count());
    if own > 8 && enemy > 8 {
        fill_plane(a, 14, 1.0);
    }
    if own <= 5 || enemy <= 5 {
        fill_plane(a, 15, 1.0);
    }
    if let Some(p) = v.pending_return() {
        let (row, col) = view(p.striker, me);
        a[[16, row, col]] = 1.0;
        let (row, col) = view(p.origin, me);
        a[[17, row, col]] = 1.0;
    }
    if state.outcome().is_none() && state.turn() == me {
        fill_plane(a, 18, 1.0);
    }
    if me == Side::Green {
        fill_plane(a, 19, 1.0);
    }
    let plies = r.plies_since_capture as f32;
    fill_plane(a, 20, plies.min(PLIES_SCALE) / PLIES_SCALE);
    let number = (1 + r.green_moves) as f32;
    fill_plane(a, 21, number.min(MOVE_NUMBER_SCALE) / MOVE_NUMBER_SCALE);
    fill_plane(a, 22, v.captured().len() as f32 / PIECES);
    fill_plane(a, 23, v.lost().len() as f32 / PIECES);
}

/// The hidden-play observation of a side's view: (24, 10, 9).
pub fn hidden_observation(state: &gjjq_core::hidden::InfoState) -> Array3<f32> {
    let r = replay(state);
    let mut a = Array3::<f32>::zeros((HIDDEN_PLANES.len(), ROWS, COLS));
    hidden_planes(&mut a, state, &r);
    a
}

/// The information-state tensor: (71, 10, 9).
pub fn info_state_tensor(state: &gjjq_core::hidden::InfoState) -> Array3<f32> {
    let me = state.side();
    let r = replay(state);
    let mut a = Array3::<f32>::zeros((INFO_PLANES, ROWS, COLS));
    hidden_planes(&mut a, state, &r);
    let base = HIDDEN_PLANES.len();
    for e in r.view.enemy() {
        let Some(st) = r.seen.get(&e.id) else {
            continue;
        };
        let (row, col) = view(e.at, me);
        for (i, on) in [st.moved, st.far, st.captor, st.returned]
            .into_iter()
            .enumerate()
        {
            if on {
                a[[base + i, row, col]] = 1.0;
            }
        }
    }
    for m in &r.refused {
        let (row, col) = view(m.from(), me);
        a[[base + 4, row, col]] = 1.0;
        let (row, col) = view(m.to(), me);
        a[[base + 5, row, col]] = 1.0;
    }
    fill_plane(
        &mut a,
        base + 6,
        (r.opponent_refused as f32).min(PIECES) / PIECES,
    );
    let window = base + KNOWLEDGE_PLANES.len();
    for (k, (mover, s)) in r.played.iter().rev().take(WINDOW).enumerate() {
        let p = window + k * WINDOW_PLANES.len();
        let (row, col) = view(s.mv.from(), me);
        a[[p, row, col]] = 1.0;
        let (row, col) = view(s.mv.to(), me);
        a[[p + 1, row, col]] = 1.0;
        if s.capture {
            fill_plane(&mut a, p + 2, 1.0);
        }
        if let Some(x) = s.removed {
            let (row, col) = view(x, me);
            a[[p + 3, row, col]] = 1.0;
        }
        if *mover == me {
            fill_plane(&mut a, p + 4, 1.0);
        }
    }
    a
}

/// A tensor as a numpy array.
pub fn to_numpy(py: Python<'_>, a: Array3<f32>) -> Bound<'_, PyAny> {
    a.into_pyarray(py).into_any()
}
