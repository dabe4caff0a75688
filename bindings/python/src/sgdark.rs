//! 四國軍棋's dark play for Python: `SgDarkGame` (the referee of 四暗 or 雙明, L-63 … L-65,
//! holding the true position and telling all four seats the same announcements) and
//! `SgWorldSampler` (the worlds behind one seat's information state), re-exported by
//! `gjjq.siguo` as `DarkGame` and `WorldSampler`; the view tensor.
//!
//! Everything a seat is given here comes from its information state alone: its text, the
//! legal actions of the seat to move (`siguo::dark::SeatView::legal_actions`, equal to the
//! true position's), the view's text and tensor. Only `position`, `start` and `text` show the
//! referee's true board.

use luzhanqi::rand::{SeedableRng, rngs::StdRng};
use numpy::IntoPyArray;
use numpy::ndarray::{Array3, Axis};
use pyo3::prelude::*;
use siguo::dark::{DarkError, DarkGame, Event, InfoState, SeatView, WorldError, WorldSampler};
use siguo::{Action, Point, Seat, SiguoMode};

use crate::errors::{
    GameOverError, IllegalMoveError, InfoStateError, MoveParseError, RulesetError, err, index_in,
};
use crate::sgq::{
    NUM_ACTIONS, PySgPosition, ReducedGame, SIDE, action_of_index, cell, indices, mask,
    outcome_tuple, parse_seat, play_error, relative,
};

/// Planes of the view tensor (see [`view_tensor`]).
pub const DARK_PLANES: usize = 65;

/// The view tensor of what `view`'s seat sees now: float32 `(65, 17, 17)` in its own frame
/// (`sgq::cell`), seats counted from it (`sgq::relative`). Planes `s * 13 + k` (0 … 51)
/// hold seat `s`'s pieces of kind `k` (L-5's order, 0 … 11) and, at `k` = 12, its pieces of
/// a kind the viewer does not know; 52 … 55 are all ones for the seats in play, 56 … 59 all
/// ones for the seat to move (none once decided), 60 marks the 129 points, 61 … 64 mark each
/// seat's pieces that have moved (no longer on the point they started on, so neither a
/// landmine nor a flag, L-6).
fn view_tensor(view: &SeatView) -> Array3<f32> {
    let viewer = view.seat();
    let mut a = Array3::<f32>::zeros((DARK_PLANES, SIDE, SIDE));
    for p in Point::all() {
        let (r, c) = cell(p, viewer);
        a[[60, r, c]] = 1.0;
        if let Some(pc) = view.at(p) {
            let s = relative(pc.seat, viewer);
            a[[s * 13 + pc.kind.map_or(12, |k| k.index()), r, c]] = 1.0;
            if pc.id != p {
                a[[61 + s, r, c]] = 1.0;
            }
        }
    }
    for seat in Seat::ALL {
        let s = relative(seat, viewer);
        if view.in_play(seat) {
            a.index_axis_mut(Axis(0), 52 + s).fill(1.0);
        }
        if view.outcome().is_none() && view.turn() == seat {
            a.index_axis_mut(Axis(0), 56 + s).fill(1.0);
        }
    }
    a
}

/// The text of a referee's step: `g6g7`, `pass`, `resign-b` (as `SgGame.steps`).
fn step_text(e: Event) -> String {
    match e {
        Event::Move { mv, .. } => mv.to_string(),
        Event::Pass(_) => "pass".into(),
        Event::Resign(s) => format!("resign-{}", s.letter()),
    }
}

/// A dark game that cannot start: its rules ask for what dark play forbids.
fn dark_error(e: DarkError) -> PyErr {
    match e {
        DarkError::Play(p) => play_error(p),
        e => err::<RulesetError>(format!("rules: {e}")),
    }
}

/// An information state from its text (docs/siguo.md), or a typed error naming the line.
fn parse_info(text: &str) -> PyResult<InfoState> {
    text.parse()
        .map_err(|e| err::<InfoStateError>(format!("siguo information state: {e}")))
}

/// 四國軍棋 played dark with a referee (四暗, or 雙明 when the rules' `mode` is
/// `double_open`): the true position, the announcements, and each seat's information state.
#[pyclass(module = "gjjq.siguo", name = "SgDarkGame", from_py_object)]
#[derive(Clone)]
pub struct PySgDarkGame(pub DarkGame);

impl PySgDarkGame {
    /// The seat to move's legal actions from its information state: exact (the seat sees its
    /// own kinds), so no hidden kind is read.
    fn actions(&self) -> Vec<Action> {
        let turn = self.0.position().turn();
        self.0
            .info_state(turn)
            .legal_actions()
            .expect("a seat sees its own kinds")
    }

    fn push_index(&mut self, i: usize) -> PyResult<()> {
        if let Some(o) = self.0.position().outcome() {
            return Err(err::<GameOverError>(format!("the game is over ({o})")));
        }
        let a = action_of_index(i)?;
        if !self.actions().contains(&a) {
            return Err(err::<IllegalMoveError>(format!(
                "{a} is not legal for {} here",
                self.0.position().turn()
            )));
        }
        self.0.play(a).map_err(dark_error)?;
        Ok(())
    }
}

#[pymethods]
impl PySgDarkGame {
    /// A dark game from its first position (`SgPosition`; its rules carry the mode, `dark`
    /// or `double_open`). `RulesetError` when the rules forbid dark play (`flag_capture`
    /// other than `any`, L-63).
    #[new]
    fn py_new(start: PySgPosition) -> PyResult<PySgDarkGame> {
        Ok(PySgDarkGame(DarkGame::new(start.0).map_err(dark_error)?))
    }

    /// The game of `start` with `steps` played (`g6g7`, `pass`, `resign-b`, or dense
    /// indices): what a pickled game is rebuilt with.
    #[staticmethod]
    fn replay(start: PySgPosition, steps: Vec<Bound<'_, PyAny>>) -> PyResult<PySgDarkGame> {
        let mut g = PySgDarkGame::py_new(start)?;
        for (i, s) in steps.iter().enumerate() {
            let r = if let Ok(t) = s.extract::<String>()
                && let Some(letter) = t.strip_prefix("resign-")
            {
                g.surrender(letter)
            } else {
                g.push(s)
            };
            r.map_err(|e| err::<IllegalMoveError>(format!("step {}: {e}", i + 1)))?;
        }
        Ok(g)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<ReducedGame<'py>> {
        let me = slf.borrow();
        Ok((
            slf.get_type().getattr("replay")?,
            (
                PySgPosition(me.0.start().clone()),
                me.0.actions().iter().map(|&e| step_text(e)).collect(),
            ),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "SgDarkGame('{}', {} steps)",
            self.0.start(),
            self.0.actions().len()
        )
    }

    /// The referee's state: the first position string and the steps (`g6g7`, `pass`,
    /// `resign-b`), space-separated. It holds every hidden kind: not for a player's eyes.
    fn text(&self) -> String {
        let mut s = self.0.start().to_string();
        for &e in self.0.actions() {
            s.push(' ');
            s.push_str(&step_text(e));
        }
        s
    }

    /// The first position (the referee's, every kind in it).
    #[getter]
    fn start(&self) -> PySgPosition {
        PySgPosition(self.0.start().clone())
    }

    /// The true position now (the referee's, every kind in it).
    #[getter]
    fn position(&self) -> PySgPosition {
        PySgPosition(self.0.position().clone())
    }

    /// The mode: `dark` or `double_open` (or `open`).
    #[getter]
    fn mode(&self) -> &'static str {
        match self.0.start().rules().mode.mode {
            SiguoMode::Dark => "dark",
            SiguoMode::DoubleOpen => "double_open",
            SiguoMode::Open => "open",
        }
    }

    /// Actions played (surrenders not counted).
    #[getter]
    fn ply(&self) -> usize {
        self.0
            .actions()
            .iter()
            .filter(|e| !matches!(e, Event::Resign(_)))
            .count()
    }

    /// The steps played: `g6g7`, `pass`, `resign-b`.
    #[getter]
    fn steps(&self) -> Vec<String> {
        self.0.actions().iter().map(|&e| step_text(e)).collect()
    }

    /// The seat to move as a player number 0 … 3 (Red, Green, Blue, Yellow): public.
    #[getter]
    fn player(&self) -> usize {
        self.0.position().turn().index()
    }

    /// Whether a seat (name or letter) is in play (announced, L-63).
    fn in_play(&self, seat: &str) -> PyResult<bool> {
        Ok(self.0.position().in_play(parse_seat(seat)?))
    }

    /// The seat to move's legal actions, ascending, read from its information state.
    fn legal_actions(&self) -> Vec<usize> {
        indices(&self.actions())
    }

    /// The legal-action mask: numpy bool of 16,642.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        mask(py, &self.actions())
    }

    /// Play the seat to move's action (a dense index, or ASCII `g6g7` / `pass`).
    fn push(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let i = if let Some(i) = index_in::<MoveParseError>("action", action, NUM_ACTIONS)? {
            i
        } else {
            let s: String = action.extract()?;
            crate::sgq::sg_action_index(&s)?
        };
        self.push_index(i)
    }

    /// A seat (name or letter) surrenders (L-54).
    fn surrender(&mut self, seat: &str) -> PyResult<()> {
        self.0.surrender(parse_seat(seat)?).map_err(dark_error)?;
        Ok(())
    }

    /// `(winning team or None, reason)` once over (announced to all), else None.
    fn outcome(&self) -> Option<(Option<&'static str>, String)> {
        outcome_tuple(self.0.position().outcome())
    }

    /// What `seat` (name or letter) knows, as the text of docs/siguo.md (`siguo-info r`, the
    /// rules, the seen start, one announcement a line): perfect recall.
    fn info_state(&self, seat: &str) -> PyResult<String> {
        Ok(self.0.info_state(parse_seat(seat)?).to_string())
    }

    /// What `seat` sees now: the board with the kinds it does not know as `?`, the seat to
    /// move and the seats in play (`siguo::dark::SeatView`'s text).
    fn view(&self, seat: &str) -> PyResult<String> {
        Ok(self.0.info_state(parse_seat(seat)?).view().to_string())
    }

    /// The view tensor of `seat` (name or letter): numpy float32 (65, 17, 17), from its
    /// information state only (docs/python.md lists the planes).
    fn observation<'py>(&self, py: Python<'py>, seat: &str) -> PyResult<Bound<'py, PyAny>> {
        let view = self.0.info_state(parse_seat(seat)?).view();
        Ok(view_tensor(&view).into_pyarray(py).into_any())
    }
}

copyable!(PySgDarkGame);

/// The worlds behind one seat's information state (`siguo::dark::WorldSampler`): the hidden
/// armies drawn, each consistent world with equal probability, by rejection from uniform
/// deployments (L-58); each draw is replayed into a referee's game that gives the seat the
/// same information state.
#[pyclass(module = "gjjq.siguo", name = "SgWorldSampler", frozen)]
pub struct PySgWorldSampler {
    info: InfoState,
    sampler: WorldSampler,
}

#[pymethods]
impl PySgWorldSampler {
    /// The sampler of an information state's text (`SgDarkGame.info_state`).
    /// `InfoStateError` for text that is not one; `WorldError` when its start is not four
    /// deployments or no world fits it.
    #[new]
    fn py_new(info: &str) -> PyResult<PySgWorldSampler> {
        let info = parse_info(info)?;
        let sampler = WorldSampler::new(&info).map_err(world_error)?;
        Ok(PySgWorldSampler { info, sampler })
    }

    /// The information state's text.
    fn __str__(&self) -> String {
        self.info.to_string()
    }

    /// The observer: `red`, `green`, `blue` or `yellow`.
    #[getter]
    fn seat(&self) -> &'static str {
        self.info.seat().name()
    }

    /// One world drawn with a generator seeded by `seed` (the same seed, the same world),
    /// replayed: a `SgDarkGame` whose information state for this seat is the sampler's.
    /// `WorldError` after `max_attempts` deployments drawn without a consistent world.
    #[pyo3(signature = (seed, max_attempts = 50_000_000))]
    fn draw(&self, py: Python<'_>, seed: u64, max_attempts: u64) -> PyResult<PySgDarkGame> {
        let (info, sampler) = (&self.info, &self.sampler);
        let game = py.detach(move || -> Result<DarkGame, String> {
            let mut rng = StdRng::seed_from_u64(seed);
            let world = sampler
                .draw(&mut rng, max_attempts)
                .map_err(|e| e.to_string())?;
            siguo::dark::check_world(info, &world).map_err(|e| e.to_string())
        });
        game.map(PySgDarkGame)
            .map_err(|e| err::<crate::errors::WorldError>(format!("siguo: {e}")))
    }
}

/// A sampler that cannot be built or cannot draw.
fn world_error(e: WorldError) -> PyErr {
    err::<crate::errors::WorldError>(format!("siguo: {e}"))
}

/// Adds the dark classes and constants to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySgDarkGame>()?;
    m.add_class::<PySgWorldSampler>()?;
    m.add("SG_DARK_OBSERVATION_SHAPE", (DARK_PLANES, SIDE, SIDE))?;
    Ok(())
}
