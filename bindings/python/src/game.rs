//! `Game`: a start position, the moves played, tags and comments, with undo, the draws that
//! need history and game files (streamed reading, writing).

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use gjjq_core::{Game, GameError, Position, Ruleset, Setup};
use gjjq_notation::{
    GameReader, GameRecord, GameResult, MoveForm, MoveText, Record, RecordedMove, write_game,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyType};

use crate::errors::{GameFileError, GameOverError, GjjqError, IllegalMoveError, err};
use crate::position::{MoveArg, PyPosition, move_arg, resolve};
use crate::tensor;
use crate::types::{PyMove, PyOutcome, parse_rules, parse_script, parse_side, rules_json};

/// A game: its start position, the moves played and their history (repetition, R-24; the
/// no-capture limit, R-25), tags, comments and a declared result.
#[pyclass(module = "gjjq", name = "Game", from_py_object)]
#[derive(Clone)]
pub struct PyGame {
    game: Game,
    tags: Vec<(String, String)>,
    comments_before: Vec<String>,
    comments: Vec<Vec<String>>,
}

fn game_error(e: GameError) -> PyErr {
    match e {
        GameError::Finished { .. } => err::<GameOverError>(e),
        GameError::Illegal { .. } => err::<IllegalMoveError>(e),
        _ => err::<GjjqError>(e),
    }
}

/// How a file's moves are written: a script name or `"ascii"`.
pub fn parse_form(form: &str) -> PyResult<MoveForm> {
    if form == "ascii" {
        Ok(MoveForm::Ascii)
    } else {
        parse_script(form).map(MoveForm::Script)
    }
}

impl PyGame {
    /// Wraps a core game (no tags or comments).
    pub fn from_game(game: Game) -> PyGame {
        let plies = game.moves().len();
        PyGame {
            game,
            tags: Vec::new(),
            comments_before: Vec::new(),
            comments: vec![Vec::new(); plies],
        }
    }

    /// The core game.
    pub fn core(&self) -> &Game {
        &self.game
    }

    fn new_from(start: Position) -> PyGame {
        PyGame {
            game: Game::new(start),
            tags: Vec::new(),
            comments_before: Vec::new(),
            comments: Vec::new(),
        }
    }

    fn push_core(&mut self, m: gjjq_core::Move) -> PyResult<()> {
        self.game.play(m).map_err(game_error)?;
        self.comments.push(Vec::new());
        Ok(())
    }

    fn push_arg(&mut self, m: &MoveArg) -> PyResult<PyMove> {
        if let Some(o) = self.game.outcome() {
            return Err(game_error(GameError::Finished { outcome: o }));
        }
        let core = resolve(self.game.position(), m)?;
        self.push_core(core)?;
        Ok(PyMove::from_core(core))
    }

    /// The game as a record for a game file: the given tags, then `Setup` and `Rules` when
    /// they differ from the default, the moves as records, the result.
    fn to_record(&self) -> GameRecord {
        let mut rec = GameRecord {
            tags: self.tags.clone(),
            comments_before: self.comments_before.clone(),
            ..GameRecord::default()
        };
        let start = self.game.start();
        let setup = start.to_setup().to_string();
        if setup != Setup::default_opening().to_string() {
            rec.set_tag("Setup", &setup);
        }
        if *start.ruleset() != Ruleset::STANDARD {
            rec.set_tag("Rules", &rules_json(start.ruleset()));
        }
        for ((pos, m), comments) in self.game.plies().zip(&self.comments) {
            let mut rm = RecordedMove::new(MoveText::Record(Record::from_move(&pos, m)));
            rm.comments = comments.clone();
            rec.moves.push(rm);
        }
        rec.result = GameResult::from_outcome(self.game.outcome());
        rec
    }

    fn text(&self, form: MoveForm) -> PyResult<String> {
        let mut out = Vec::new();
        write_game(&self.to_record(), form, &mut out).map_err(err::<GjjqError>)?;
        String::from_utf8(out).map_err(err::<GjjqError>)
    }

    /// A game replayed from a game file's record: its moves, tags and comments.
    fn from_record(rec: &GameRecord) -> PyResult<PyGame> {
        let replayed = rec.replay(None).map_err(err::<GameFileError>)?;
        let plies = replayed.moves().len();
        let mut game = PyGame::new_from(replayed.start().clone());
        game.game = replayed;
        game.comments = vec![Vec::new(); plies];
        game.tags = rec
            .tags
            .iter()
            .filter(|(n, _)| n != "Setup" && n != "Rules")
            .cloned()
            .collect();
        game.comments_before = rec.comments_before.clone();
        for (slot, rm) in game.comments.iter_mut().zip(&rec.moves) {
            slot.clone_from(&rm.comments);
        }
        Ok(game)
    }
}

#[pymethods]
impl PyGame {
    /// A new game from `start` (a `Position`, a position string, or `None` for the default
    /// opening) under `rules` (only when `start` is not a `Position`).
    #[new]
    #[pyo3(signature = (start = None, rules = None))]
    fn py_new(start: Option<&Bound<'_, PyAny>>, rules: Option<&str>) -> PyResult<PyGame> {
        let pos = match start {
            None => Position::default().with_ruleset(parse_rules(rules)?),
            Some(obj) => {
                if let Ok(p) = obj.cast::<PyPosition>() {
                    if rules.is_some() {
                        return Err(err::<GjjqError>(
                            "a Position brings its own rules; give rules only with a position string",
                        ));
                    }
                    p.get().0.clone()
                } else {
                    let s: String = obj.extract().map_err(|_| {
                        err::<GjjqError>("start is a Position, a position string or None")
                    })?;
                    PyPosition::parse(&s, rules)?
                }
            }
        };
        Ok(PyGame::new_from(pos))
    }

    /// The first game of a game file's text.
    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyGame> {
        let mut reader = GameReader::new(text.as_bytes());
        match reader.next() {
            Some(Ok(rec)) => PyGame::from_record(&rec),
            Some(Err(e)) => Err(err::<GameFileError>(e)),
            None => Err(err::<GameFileError>("the text holds no game")),
        }
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition(self.game.start().clone())
    }

    /// The current position.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition(self.game.position().clone())
    }

    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.game
            .moves()
            .iter()
            .map(|&m| PyMove::from_core(m))
            .collect()
    }

    /// The number of moves played.
    #[getter]
    fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The tags of the game file (e.g. `Red`, `Green`, `Date`), as a dict. `Setup`, `Rules`
    /// and `Result` are written from the game itself.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (n, v) in &self.tags {
            d.set_item(n, v)?;
        }
        Ok(d)
    }

    #[setter]
    fn set_tags(&mut self, tags: Vec<(String, String)>) {
        self.tags = tags
            .into_iter()
            .filter(|(n, _)| n != "Setup" && n != "Rules" && n != "Result")
            .collect();
    }

    /// Set one tag.
    fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The comments after each move (a list per move).
    #[getter]
    fn comments(&self) -> Vec<Vec<String>> {
        self.comments.clone()
    }

    /// Add a comment after the last move (before the first move when none is played).
    fn add_comment(&mut self, text: &str) {
        match self.comments.last_mut() {
            Some(c) => c.push(text.to_owned()),
            None => self.comments_before.push(text.to_owned()),
        }
    }

    /// Play a legal move (a `Move`, an ASCII move or a record); returns it as a `Move`.
    ///
    /// Raises `IllegalMoveError`, or `GameOverError` once the game has ended.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let m = move_arg(r#move)?;
        self.push_arg(&m)
    }

    /// Play the legal move with this action index.
    fn push_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let m = PyMove::from_action_index(action)?;
        self.push_arg(&MoveArg::Move(m))
    }

    /// Undo the last move (and any declared result) and return it. Cheap: the library keeps
    /// a snapshot every 256 plies and replays at most that many moves.
    ///
    /// Raises `IndexError` when no move has been played.
    fn pop(&mut self) -> PyResult<PyMove> {
        if self.game.moves().is_empty() {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "pop from a game with no moves",
            ));
        }
        // A stated result goes first (`Undone::Result`), then the move.
        let mut undone = self.game.undo();
        if let Some(gjjq_core::Undone::Result(_)) = undone {
            undone = self.game.undo();
        }
        let Some(gjjq_core::Undone::Move(m)) = undone else {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "pop from a game with no moves",
            ));
        };
        self.comments.pop();
        Ok(PyMove::from_core(m))
    }

    /// The legal moves now: none once the game has ended, repetition and the
    /// no-capture limit included.
    fn legal_moves(&self) -> Vec<PyMove> {
        self.game
            .legal_moves()
            .iter()
            .map(|&m| PyMove::from_core(m))
            .collect()
    }

    /// The legal moves now as sorted action indices.
    fn legal_actions(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .game
            .legal_moves()
            .iter()
            .map(|&m| PyMove::from_core(m).action_index())
            .collect();
        v.sort_unstable();
        v
    }

    /// A boolean array of 8,100, true at the legal actions now.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        tensor::mask_of(
            py,
            self.game
                .legal_moves()
                .iter()
                .map(|&m| PyMove::from_core(m).action_index()),
        )
    }

    /// The observation tensor of the current position seen from `perspective` (the side to
    /// move by default), with the repetitions plane filled in.
    #[pyo3(signature = (perspective = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        perspective: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let pos = self.game.position();
        let side = match perspective {
            Some(s) => parse_side(s)?,
            None => pos.turn(),
        };
        Ok(tensor::observation(py, pos, side, self.game.repetitions()))
    }

    /// Whether `move` is legal now.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        self.game.outcome().is_none()
            && move_arg(r#move).is_ok_and(|m| resolve(self.game.position(), &m).is_ok())
    }

    /// The outcome, or `None` while the game goes on: the position's (R-21 … R-24), then
    /// repetition and the no-capture limit, or a declared result.
    fn outcome(&self) -> Option<PyOutcome> {
        self.game.outcome().map(|o| PyOutcome::from_core(&o))
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// How often the current position (placement, side to move, pending returns) has occurred.
    fn repetitions(&self) -> usize {
        self.game.repetitions()
    }

    /// `side` resigns.
    fn resign(&mut self, side: &str) -> PyResult<()> {
        let side = parse_side(side)?;
        self.game.resign(side).map_err(game_error)
    }

    /// The players agree a draw.
    fn agree_draw(&mut self) -> PyResult<()> {
        self.game.agree_draw().map_err(game_error)
    }

    /// The records of the moves played, in `script`.
    #[pyo3(signature = (script = "simplified"))]
    fn records(&self, script: &str) -> PyResult<Vec<String>> {
        let script = parse_script(script)?;
        Ok(self
            .game
            .plies()
            .map(|(pos, m)| Record::from_move(&pos, m).to_script(script))
            .collect())
    }

    /// The game as game-file text; `form` is `"simplified"`, `"traditional"` or `"ascii"`.
    #[pyo3(signature = (form = "simplified"))]
    fn to_text(&self, form: &str) -> PyResult<String> {
        self.text(parse_form(form)?)
    }

    /// A copy of the game.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __len__(&self) -> usize {
        self.game.moves().len()
    }

    fn __str__(&self) -> PyResult<String> {
        self.text(MoveForm::default())
    }

    /// The current position as an SVG picture with the last move (Jupyter draws it):
    /// `gjjq.svg(game)`.
    fn _repr_svg_(&self) -> PyResult<String> {
        let last = self.game.moves().last().map(|m| (m.from(), m.to()));
        crate::svg::picture(self.game.position(), last, false, 600, "simplified")
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game start='{}' ply={} position='{}'>",
            self.game.start().to_setup(),
            self.game.moves().len(),
            self.game.position().to_setup()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let ctor = slf.get_type().getattr("from_text")?;
        Ok((ctor, (slf.borrow().text(MoveForm::Ascii)?,)))
    }
}

/// Games read one at a time from a game file.
#[pyclass(module = "gjjq", name = "GameFileReader")]
pub struct PyGameReader {
    reader: Option<GameReader<Box<dyn BufRead + Send + Sync>>>,
    path: String,
    index: usize,
}

#[pymethods]
impl PyGameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> PyResult<Option<PyGame>> {
        let Some(reader) = self.reader.as_mut() else {
            return Ok(None);
        };
        match reader.next() {
            None => {
                self.reader = None;
                Ok(None)
            }
            Some(Ok(rec)) => {
                self.index += 1;
                PyGame::from_record(&rec).map(Some).map_err(|e| {
                    err::<GameFileError>(format!("{} game {}: {e}", self.path, self.index))
                })
            }
            Some(Err(e)) => {
                self.reader = None;
                Err(err::<GameFileError>(format!("{}: {e}", self.path)))
            }
        }
    }
}

/// A Python file object read as bytes: `read(n)` may return `bytes` (a binary file) or `str`
/// (a text file, encoded as UTF-8 here).
struct PyFileRead {
    file: Py<PyAny>,
    pending: Vec<u8>,
    at: usize,
}

impl Read for PyFileRead {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at >= self.pending.len() {
            let chunk = Python::attach(|py| -> PyResult<Vec<u8>> {
                let got = self.file.bind(py).call_method1("read", (64 * 1024,))?;
                if let Ok(b) = got.cast::<PyBytes>() {
                    Ok(b.as_bytes().to_vec())
                } else if let Ok(s) = got.extract::<String>() {
                    Ok(s.into_bytes())
                } else if let Ok(b) = got.extract::<Vec<u8>>() {
                    Ok(b)
                } else {
                    Err(err::<GjjqError>(format!(
                        "the file's read() returned {}, not bytes or str",
                        got.get_type().name()?
                    )))
                }
            })
            .map_err(|e| std::io::Error::other(e.to_string()))?;
            self.pending = chunk;
            self.at = 0;
            if self.pending.is_empty() {
                return Ok(0);
            }
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// How a file object is named in messages: its `name` when it has one.
fn file_name(file: &Bound<'_, PyAny>) -> String {
    file.getattr("name")
        .ok()
        .and_then(|n| n.str().ok().map(|s| s.to_string()))
        .unwrap_or_else(|| "<file object>".to_owned())
}

/// Stream the games of a game file, one `Game` at a time. `source` is a path (`str` or
/// `os.PathLike`) or a file object opened for reading, in text or binary mode (its `read`).
#[pyfunction]
pub fn read_games(source: &Bound<'_, PyAny>) -> PyResult<PyGameReader> {
    if source.hasattr("read")? {
        let read = PyFileRead {
            file: source.clone().unbind(),
            pending: Vec::new(),
            at: 0,
        };
        return Ok(PyGameReader {
            reader: Some(GameReader::new(Box::new(BufReader::new(read)))),
            path: file_name(source),
            index: 0,
        });
    }
    let path: PathBuf = source.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "read_games takes a path or a file object open for reading, not {}",
            source
                .get_type()
                .name()
                .map_or_else(|_| "this".into(), |n| n.to_string())
        ))
    })?;
    let file = File::open(&path)?;
    Ok(PyGameReader {
        reader: Some(GameReader::new(Box::new(BufReader::new(file)))),
        path: path.display().to_string(),
        index: 0,
    })
}

/// Every game of a game file's text.
#[pyfunction]
pub fn parse_games(text: &str) -> PyResult<Vec<PyGame>> {
    let mut out = Vec::new();
    for (i, rec) in GameReader::new(text.as_bytes()).enumerate() {
        let rec = rec.map_err(err::<GameFileError>)?;
        out.push(
            PyGame::from_record(&rec)
                .map_err(|e| err::<GameFileError>(format!("game {}: {e}", i + 1)))?,
        );
    }
    Ok(out)
}

/// Where `write_games` writes: a file it opened, or a Python file object in text or binary
/// mode.
enum Sink<'py> {
    File(File),
    Text(Bound<'py, PyAny>),
    Binary(Bound<'py, PyAny>),
}

impl Sink<'_> {
    fn write(&mut self, text: &str) -> PyResult<()> {
        match self {
            Sink::File(f) => Ok(f.write_all(text.as_bytes())?),
            Sink::Text(f) => f.call_method1("write", (text,)).map(drop),
            Sink::Binary(f) => f
                .call_method1("write", (PyBytes::new(f.py(), text.as_bytes()),))
                .map(drop),
        }
    }
}

/// Whether a file object takes `bytes`: an `io` binary stream, or a `mode` with `b`.
fn is_binary(file: &Bound<'_, PyAny>) -> PyResult<bool> {
    let io = file.py().import("io")?;
    if file.is_instance(&io.getattr("TextIOBase")?)? {
        return Ok(false);
    }
    if file.is_instance(&io.getattr("RawIOBase")?)?
        || file.is_instance(&io.getattr("BufferedIOBase")?)?
    {
        return Ok(true);
    }
    Ok(file
        .getattr("mode")
        .ok()
        .and_then(|m| m.extract::<String>().ok())
        .is_some_and(|m| m.contains('b')))
}

/// Write games to a file, separated by blank lines; `target` is a path (`str` or
/// `os.PathLike`) or a file object open for writing, in text or binary mode (UTF-8); `form`
/// is `"simplified"`, `"traditional"` or `"ascii"`; `append` adds to the file at a path
/// instead of replacing it (a file object is written where it stands). Returns the number of
/// games written.
#[pyfunction]
#[pyo3(signature = (target, games, form = "simplified", append = false))]
pub fn write_games<'py>(
    target: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    form: &str,
    append: bool,
) -> PyResult<usize> {
    let form = parse_form(form)?;
    let mut sink = if target.hasattr("write")? {
        if append {
            return Err(err::<GjjqError>(
                "append=True applies to a path; a file object is written where it stands \
                 (open it with mode 'a' to append)",
            ));
        }
        if is_binary(target)? {
            Sink::Binary(target.clone())
        } else {
            Sink::Text(target.clone())
        }
    } else {
        let path: PathBuf = target.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "write_games takes a path or a file object open for writing, not {}",
                target
                    .get_type()
                    .name()
                    .map_or_else(|_| "this".into(), |n| n.to_string())
            ))
        })?;
        Sink::File(
            std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .append(append)
                .truncate(!append)
                .open(&path)?,
        )
    };
    let mut n = 0;
    for g in games.try_iter()? {
        let g = g?;
        let g = g
            .cast::<PyGame>()
            .map_err(|_| err::<GjjqError>("write_games takes an iterable of Game"))?;
        let text = g.borrow().text(form)?;
        sink.write(&text)?;
        sink.write("\n")?;
        n += 1;
    }
    Ok(n)
}
