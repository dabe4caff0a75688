//! `Deployment` and `Opening` (R-32 … R-36): one side's sixteen pieces before play, and the
//! opening two deployments and a first mover make.

use gjjq_core::{
    Game, PieceKind, Square,
    deploy::{Deployment, DeploymentSampler, Opening, PlayMode},
    hidden::HiddenGame,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use crate::errors::{DeploymentError, GjjqError, OpeningError, echo, err};
use crate::game::PyGame;
use crate::types::PyPosition;
use crate::types::{parse_kind, parse_rules, parse_side, parse_square, seeded_rng};

/// The play modes of seed 000 (對局陣法): `open` (明式), `fanshi` (翻式, R-36), `hidden`
/// (暗式, R-37).
pub fn play_modes() -> Vec<&'static str> {
    [PlayMode::Open, PlayMode::Fanshi, PlayMode::Hidden]
        .iter()
        .map(|m| m.name())
        .collect()
}

/// One side's deployment (布陣, R-32): sixteen pieces in its own country, written in the
/// owner's own frame: `5E` is the middle of the owner's base line whichever side
/// deploys, and `str(d)` is the deployment string, five rows from the owner's front rank (A)
/// to its base line (E), e.g. `"9/3III3/9/1DA3AD1/FPMGKGMPF"` (the prescribed formation,
/// Immutable and hashable.
#[pyclass(module = "gjjq", name = "Deployment", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyDeployment(pub Deployment);

/// A deployment from a `Deployment` or a deployment string, checked under `rules`.
pub fn deployment_arg(obj: &Bound<'_, PyAny>, rules: &gjjq_core::Ruleset) -> PyResult<Deployment> {
    if let Ok(d) = obj.cast::<PyDeployment>() {
        let d = d.get().0;
        d.validate(rules)
            .map_err(|e| err::<DeploymentError>(format!("'{d}': {e}")))?;
        return Ok(d);
    }
    let s: String = obj
        .extract()
        .map_err(|_| err::<DeploymentError>("a deployment is a Deployment or a string"))?;
    parse_deployment(&s, rules)
}

fn parse_deployment(s: &str, rules: &gjjq_core::Ruleset) -> PyResult<Deployment> {
    Deployment::parse_with(s.trim(), rules)
        .map_err(|e| err::<DeploymentError>(format!("'{}': {e}", echo(s))))
}

#[pymethods]
impl PyDeployment {
    /// The deployment of a deployment string, checked by R-32 under `rules` (a preset
    /// name or ruleset JSON); without one, the prescribed formation.
    #[new]
    #[pyo3(signature = (s = None, rules = None))]
    fn py_new(s: Option<&str>, rules: Option<&str>) -> PyResult<PyDeployment> {
        let rules = parse_rules(rules)?;
        match s {
            None => Ok(PyDeployment(Deployment::default_formation())),
            Some(s) => parse_deployment(s, &rules).map(PyDeployment),
        }
    }

    /// The deployment of a deployment string, checked by R-32 under `rules`.
    #[classmethod]
    #[pyo3(signature = (s, rules = None))]
    fn from_string(_cls: &Bound<'_, PyType>, s: &str, rules: Option<&str>) -> PyResult<Self> {
        parse_deployment(s, &parse_rules(rules)?).map(PyDeployment)
    }

    /// The prescribed formation (規定布陣法, R-27).
    #[classmethod]
    fn default(_cls: &Bound<'_, PyType>) -> PyDeployment {
        PyDeployment(Deployment::default_formation())
    }

    /// A deployment drawn uniformly among all legal ones under `rules`, from `seed`
    /// (or from Python's `random` module when `None`).
    #[classmethod]
    #[pyo3(signature = (seed = None, rules = None))]
    fn random(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        seed: Option<u64>,
        rules: Option<&str>,
    ) -> PyResult<PyDeployment> {
        let rules = parse_rules(rules)?;
        let mut rng = seeded_rng(py, seed)?;
        Ok(PyDeployment(Deployment::random(&mut rng, &rules)))
    }

    /// `n` deployments drawn uniformly from one generator seeded by `seed`; `n` at
    /// most 1,000,000 (`GjjqError` beyond).
    #[classmethod]
    #[pyo3(signature = (n, seed = None, rules = None))]
    fn random_many(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        n: usize,
        seed: Option<u64>,
        rules: Option<&str>,
    ) -> PyResult<Vec<PyDeployment>> {
        let n = crate::errors::check_draws("n", n)?;
        let rules = parse_rules(rules)?;
        let mut rng = seeded_rng(py, seed)?;
        let sampler = DeploymentSampler::new(&rules);
        Ok((0..n)
            .map(|_| PyDeployment(sampler.sample(&mut rng)))
            .collect())
    }

    /// A deployment from (point, kind) pairs, or a dict from point to kind, in the owner's
    /// frame (`"5E"`; a lower-case label names the same point), checked by R-32. A kind is
    /// its name (`"missile"`), letter (`"M"`) or record character.
    #[classmethod]
    #[pyo3(signature = (points, rules = None))]
    fn from_points(
        _cls: &Bound<'_, PyType>,
        points: &Bound<'_, PyAny>,
        rules: Option<&str>,
    ) -> PyResult<PyDeployment> {
        let rules = parse_rules(rules)?;
        let items = match points.cast::<PyDict>() {
            Ok(d) => d.items().into_any(),
            Err(_) => points.clone(),
        };
        let mut pairs: Vec<(Square, PieceKind)> = Vec::new();
        for item in items.try_iter()? {
            let (sq, kind): (Bound<'_, PyAny>, String) = item?.extract().map_err(|_| {
                err::<DeploymentError>("each point is a pair (point, kind), e.g. ('5E', 'king')")
            })?;
            pairs.push((parse_square(&sq)?, parse_kind(&kind)?));
        }
        Deployment::from_points(pairs, &rules)
            .map(PyDeployment)
            .map_err(err::<DeploymentError>)
    }

    /// The number of legal deployments of one side under `rules`, pieces of one kind
    /// interchangeable: 26,759,431,679,433,868,800 under the standard rules.
    #[staticmethod]
    #[pyo3(signature = (rules = None))]
    fn count(rules: Option<&str>) -> PyResult<u128> {
        Ok(Deployment::count(&parse_rules(rules)?))
    }

    /// The board point (label) of `side`'s country that its owner labels `own`: `own`
    /// for Red, the point turned half round the board for Green (`"2D"` → `"2d"`).
    #[staticmethod]
    fn board_point(side: &str, own: &Bound<'_, PyAny>) -> PyResult<String> {
        let side = parse_side(side)?;
        let own = parse_square(own)?;
        Ok(Deployment::board_point(side, own).to_string())
    }

    /// Check the deployment by R-32 under `rules`; raises `DeploymentError` with the first
    /// rule broken.
    #[pyo3(signature = (rules = None))]
    fn validate(&self, rules: Option<&str>) -> PyResult<()> {
        self.0
            .validate(&parse_rules(rules)?)
            .map_err(|e| err::<DeploymentError>(format!("'{}': {e}", self.0)))
    }

    /// The kind on a point of the owner's frame (`"5E"`, or `"5e"` for the same point), or
    /// `None`.
    fn piece_at(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        Ok(self.0.piece_at(parse_square(point)?).map(PieceKind::name))
    }

    /// The sixteen (point, kind) pairs in the owner's frame, in the order of the string (rank A
    /// first, files 1 to 9).
    fn items(&self) -> Vec<(String, &'static str)> {
        self.0
            .iter()
            .map(|(sq, k)| (sq.to_string(), k.name()))
            .collect()
    }

    /// The text board of this deployment as `side`'s, on an otherwise empty board.
    #[pyo3(signature = (side = "red"))]
    fn diagram(&self, side: &str) -> PyResult<String> {
        let mut setup = gjjq_core::Setup::empty();
        self.0.place(parse_side(side)?, &mut setup);
        Ok(setup.diagram())
    }

    fn __len__(&self) -> usize {
        self.0.iter().count()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Deployment('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_string(),)))
    }
}

/// What `Opening.__reduce__` returns: the class and its three constructor arguments.
type Reduced<'py> = (Bound<'py, PyAny>, (String, String, &'static str));

/// An opening (R-32 … R-34): Red's and Green's deployments and the side that moves first.
/// Immutable and hashable.
#[pyclass(module = "gjjq", name = "Opening", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOpening(pub Opening);

fn opening_error(e: gjjq_core::deploy::OpeningError) -> PyErr {
    err::<OpeningError>(e)
}

impl PyOpening {
    /// The opening position under `rules`.
    pub fn position_under(&self, rules: gjjq_core::Ruleset) -> PyResult<gjjq_core::Position> {
        self.0.position(rules).map_err(opening_error)
    }
}

#[pymethods]
impl PyOpening {
    /// The opening of two deployments (each a `Deployment` or a deployment string; the
    /// prescribed formation when `None`) with `first` to move (R-34: Red by default).
    #[new]
    #[pyo3(signature = (red = None, green = None, first = "red"))]
    fn py_new(
        red: Option<&Bound<'_, PyAny>>,
        green: Option<&Bound<'_, PyAny>>,
        first: &str,
    ) -> PyResult<PyOpening> {
        let standard = gjjq_core::Ruleset::STANDARD;
        let dep = |d: Option<&Bound<'_, PyAny>>| match d {
            None => Ok(Deployment::default_formation()),
            Some(d) => deployment_arg(d, &standard),
        };
        Ok(PyOpening(Opening::new(
            dep(red)?,
            dep(green)?,
            parse_side(first)?,
        )))
    }

    /// The library's default opening: the prescribed formation for both, Red first.
    #[classmethod]
    fn default(_cls: &Bound<'_, PyType>) -> PyOpening {
        PyOpening(Opening::default_opening())
    }

    /// Two deployments drawn uniformly, Red's then Green's, from `seed` (or Python's
    /// `random` module when `None`), and `first` to move, drawn next when `None`.
    #[classmethod]
    #[pyo3(signature = (seed = None, first = None, rules = None))]
    fn random(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        seed: Option<u64>,
        first: Option<&str>,
        rules: Option<&str>,
    ) -> PyResult<PyOpening> {
        let rules = parse_rules(rules)?;
        let first = first.map(parse_side).transpose()?;
        let mut rng = seeded_rng(py, seed)?;
        Ok(PyOpening(Opening::random(&mut rng, first, &rules)))
    }

    /// 翻式: the opening of face-down deployment turned up, drawn from `seed`; the same
    /// seed gives the same opening as the Rust library and the command line.
    #[classmethod]
    #[pyo3(signature = (seed, first = None, rules = None))]
    fn fanshi(
        _cls: &Bound<'_, PyType>,
        seed: u64,
        first: Option<&str>,
        rules: Option<&str>,
    ) -> PyResult<PyOpening> {
        let rules = parse_rules(rules)?;
        let first = first.map(parse_side).transpose()?;
        Ok(PyOpening(Opening::fanshi(seed, first, &rules)))
    }

    /// The opening of a position at its start (a `Position`, or a position string read under
    /// `rules`): raises `OpeningError` when it is not one (a pending return, counters past the
    /// start, a piece abroad, a deployment that breaks R-32).
    #[classmethod]
    #[pyo3(signature = (position, rules = None))]
    fn from_position(
        _cls: &Bound<'_, PyType>,
        position: &Bound<'_, PyAny>,
        rules: Option<&str>,
    ) -> PyResult<PyOpening> {
        if let Ok(p) = position.cast::<PyPosition>() {
            if rules.is_some() {
                return Err(err::<GjjqError>(
                    "a Position brings its own rules; give rules only with a position string",
                ));
            }
            return Opening::from_position(&p.get().0)
                .map(PyOpening)
                .map_err(opening_error);
        }
        let s: String = position
            .extract()
            .map_err(|_| err::<GjjqError>("a position is a Position or a position string"))?;
        let setup: gjjq_core::Setup = s.trim().parse().map_err(|e| {
            err::<crate::errors::PositionStringError>(format!("'{}': {e}", echo(&s)))
        })?;
        Opening::from_setup(&setup, &parse_rules(rules)?)
            .map(PyOpening)
            .map_err(opening_error)
    }

    /// Red's deployment.
    #[getter]
    fn red(&self) -> PyDeployment {
        PyDeployment(self.0.red)
    }

    /// Green's deployment.
    #[getter]
    fn green(&self) -> PyDeployment {
        PyDeployment(self.0.green)
    }

    /// The side that moves first, `"red"` or `"green"`.
    #[getter]
    fn first(&self) -> &'static str {
        self.0.first.name()
    }

    /// The deployment of `side`.
    fn deployment(&self, side: &str) -> PyResult<PyDeployment> {
        Ok(PyDeployment(*self.0.deployment(parse_side(side)?)))
    }

    /// Whether this is the default opening (R-27 for both, Red first).
    fn is_default(&self) -> bool {
        self.0.is_default()
    }

    /// The opening position under `rules`; raises `OpeningError` when a deployment breaks
    /// R-32 under them (e.g. `missile_deployment: back_ranks`).
    #[pyo3(signature = (rules = None))]
    fn position(&self, rules: Option<&str>) -> PyResult<PyPosition> {
        Ok(PyPosition(self.position_under(parse_rules(rules)?)?))
    }

    /// An open game (明式, or 翻式 from a drawn opening) from this opening under `rules`.
    #[pyo3(signature = (rules = None))]
    fn game(&self, rules: Option<&str>) -> PyResult<PyGame> {
        let pos = self.position_under(parse_rules(rules)?)?;
        Ok(PyGame::from_game(Game::new(pos)))
    }

    /// A hidden game (暗式, R-37) from this opening under `rules`.
    #[pyo3(signature = (rules = None))]
    fn hidden_game(&self, rules: Option<&str>) -> PyResult<PyHiddenGame> {
        let rules = parse_rules(rules)?;
        HiddenGame::new(self.0, rules)
            .map(|game| PyHiddenGame { game })
            .map_err(opening_error)
    }

    fn __str__(&self) -> String {
        self.0.setup().to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Opening(red='{}', green='{}', first='{}')",
            self.0.red,
            self.0.green,
            self.0.first.name()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let o = slf.get().0;
        Ok((
            slf.get_type().into_any(),
            (o.red.to_string(), o.green.to_string(), o.first.name()),
        ))
    }
}

// The `HiddenGame` class is declared here, beside the opening that starts one
// (`Opening.hidden_game`); its methods are in hidden.rs, which needs the opening.

/// A hidden game (暗式, R-37): the true game behind a referee, and what each side has been
/// told. Only `propose` changes it. The true game (`true_game`) is for the referee's record;
/// a player sees `info_state(side)` and `view(side)`.
#[pyclass(module = "gjjq", name = "HiddenGame", from_py_object)]
#[derive(Clone)]
pub struct PyHiddenGame {
    pub(crate) game: HiddenGame,
}
