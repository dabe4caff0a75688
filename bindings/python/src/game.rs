//! `Game` and `GameNode`: conversion code over the library's annotated game (a start, the
//! tags, a tree of moves with comments, glyphs and variations, a result), with python-chess's
//! `GameNode` habits, undo, the draws that need history and game files (streamed
//! reading, writing); and `svg`, the picture of a position or of a game.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use gjjq_core::{Game, GameError, Outcome, Position, Undone};
use gjjq_notation::{
    AnnotatedGame, DerivedTags, GameReader, GameResult, Glyph, MoveForm, NodeId, write_game,
};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyType};

use crate::errors::{GameFileError, GameOverError, GjjqError, IllegalMoveError, err};
use crate::tensor;
use crate::types::{
    MoveArg, PyMove, PyOutcome, PyPosition, move_arg, parse_rules, parse_script, parse_side,
    resolve,
};

/// A game: an annotated game (its start, tags, a tree of moves with comments, glyphs and
/// variations, and a result). The methods of the game itself (`push`, `pop`, `moves`,
/// `position`, `outcome`, …) work on the main line; `GameNode`s reach every line.
#[pyclass(module = "gjjq", name = "Game", from_py_object)]
#[derive(Clone)]
pub struct PyGame {
    game: AnnotatedGame,
}

fn game_error(e: GameError) -> PyErr {
    match e {
        GameError::Finished { .. } => err::<GameOverError>(e),
        GameError::Illegal { .. } => err::<IllegalMoveError>(e),
        _ => err::<GjjqError>(e),
    }
}

/// How a file's moves are written: `"simplified"`, `"traditional"` or `"ascii"` (the
/// library's one parser of a move form).
pub fn parse_form(form: &str) -> PyResult<MoveForm> {
    form.parse().map_err(err::<GjjqError>)
}

impl PyGame {
    /// Wraps a core game (its moves as the main line, its stated result).
    pub fn from_game(game: Game) -> PyGame {
        let mut annotated = AnnotatedGame::from_game(&game);
        // No tags: a written file gets them from the game itself.
        annotated.tags_mut().clear();
        PyGame { game: annotated }
    }

    /// The annotated game underneath: its main line's positions, outcome and Zobrist keys
    /// for an engine or a picture, without a replay.
    pub fn annotated(&self) -> &AnnotatedGame {
        &self.game
    }

    fn end(&self) -> NodeId {
        self.game.main_end()
    }

    fn outcome_now(&self) -> Option<Outcome> {
        self.game.outcome_at(self.end())
    }

    fn push_arg(&mut self, at: NodeId, m: &MoveArg, main: bool) -> PyResult<NodeId> {
        if let Some(o) = self.game.outcome_at(at) {
            return Err(game_error(GameError::Finished { outcome: o }));
        }
        let core = resolve(self.game.position_at(at), m)?;
        let node = self.game.push(at, core).map_err(game_error)?;
        if main {
            self.game.promote(node);
        }
        Ok(node)
    }

    fn text(&self, form: MoveForm) -> PyResult<String> {
        let mut out = Vec::new();
        // Only the tags reading it back needs: `Setup` and `Rules` when not the defaults.
        let record = self.game.to_record_with(DerivedTags::ReadBack);
        write_game(&record, form, &mut out).map_err(err::<GjjqError>)?;
        String::from_utf8(out).map_err(err::<GjjqError>)
    }

    /// The next game of `reader`, read in one pass: every line, tags (all kept), comments,
    /// glyphs. `Ok(None)` at the end of the input; `Err` says whether the text was not a game
    /// file (reading cannot go on) or the game did not replay (the next one may).
    fn read_next<R: BufRead>(
        reader: &mut GameReader<R>,
    ) -> Option<Result<PyGame, gjjq_notation::GameFileError>> {
        reader
            .read_annotated(None)
            .map(|r| r.map(|game| PyGame { game }))
    }

    fn node(slf: &Bound<'_, Self>, id: NodeId) -> PyGameNode {
        PyGameNode {
            game: slf.clone().unbind(),
            id,
        }
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
        Ok(PyGame {
            game: AnnotatedGame::new(pos),
        })
    }

    /// The first game of a game file's text, every variation, comment and glyph kept.
    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyGame> {
        let mut reader = GameReader::new(text.as_bytes());
        match PyGame::read_next(&mut reader) {
            Some(Ok(game)) => Ok(game),
            Some(Err(e)) => Err(err::<GameFileError>(e)),
            None => Err(err::<GameFileError>("the text holds no game")),
        }
    }

    /// The first game of a game file's text (python-chess's spelling of `from_text`).
    #[classmethod]
    fn from_string(cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyGame> {
        PyGame::from_text(cls, text)
    }

    /// The first game of a file object or path, or `None` when it holds no game.
    #[classmethod]
    fn read(_cls: &Bound<'_, PyType>, source: &Bound<'_, PyAny>) -> PyResult<Option<PyGame>> {
        let mut reader = read_games(source)?;
        reader.__next__()
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition(self.game.start().clone())
    }

    /// The position at the end of the main line.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition(self.game.position_at(self.end()).clone())
    }

    /// The moves of the main line, in order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.game
            .main_line()
            .filter_map(|id| self.game.move_at(id))
            .map(PyMove::from_core)
            .collect()
    }

    /// The number of moves of the main line.
    #[getter]
    fn ply(&self) -> usize {
        self.game.ply(self.end())
    }

    /// The tags of the game file (e.g. `Red`, `Date`, `Setup`, `Rules`), as a dict, in file
    /// order. Writing sets `Setup` and `Rules` from the start and `Result` from the game.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (n, v) in self.game.tags() {
            d.set_item(n, v)?;
        }
        Ok(d)
    }

    #[setter]
    fn set_tags(&mut self, tags: Vec<(String, String)>) {
        *self.game.tags_mut() = tags;
    }

    /// Set one tag.
    fn set_tag(&mut self, name: &str, value: &str) {
        self.game.set_tag(name, value);
    }

    /// The comments after each move of the main line (a list per move).
    #[getter]
    fn comments(&self) -> Vec<Vec<String>> {
        self.game
            .main_line()
            .map(|id| self.game.comments(id).to_vec())
            .collect()
    }

    /// Add a comment after the last move of the main line (before the first move when none
    /// is played).
    fn add_comment(&mut self, text: &str) {
        let end = self.end();
        self.game.comments_mut(end).push(text.to_owned());
    }

    /// Play a legal move (a `Move`, an ASCII move or a record) at the end of the main line;
    /// returns it as a `Move`.
    ///
    /// Raises `IllegalMoveError`, or `GameOverError` once the game has ended.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let m = move_arg(r#move)?;
        let node = self.push_arg(self.end(), &m, false)?;
        Ok(PyMove::from_core(self.game.move_at(node).expect("a move")))
    }

    /// Play the legal move with this action index at the end of the main line.
    fn push_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let m = PyMove::from_action_index(action)?;
        let node = self.push_arg(self.end(), &MoveArg::Move(m), false)?;
        Ok(PyMove::from_core(self.game.move_at(node).expect("a move")))
    }

    /// Undo the last move of the main line (and any declared result) and return it. O(1):
    /// every node keeps its position. Alternatives to the undone move stay: the first of them
    /// becomes the main line.
    ///
    /// Raises `IndexError` when no move has been played.
    fn pop(&mut self) -> PyResult<PyMove> {
        let mut undone = self.game.undo();
        if let Some(Undone::Result(_)) = undone {
            undone = self.game.undo();
        }
        match undone {
            Some(Undone::Move(m)) => Ok(PyMove::from_core(m)),
            _ => Err(PyIndexError::new_err("pop from a game with no moves")),
        }
    }

    /// The legal moves at the end of the main line: none once the game has ended,
    /// repetition and the no-capture limit included.
    fn legal_moves(&self) -> Vec<PyMove> {
        node_legal(&self.game, self.end())
            .into_iter()
            .map(PyMove::from_core)
            .collect()
    }

    /// The legal moves now as sorted action indices.
    fn legal_actions(&self) -> Vec<usize> {
        tensor::sorted(
            node_legal(&self.game, self.end())
                .into_iter()
                .map(|m| PyMove::from_core(m).action_index()),
        )
    }

    /// A boolean array of 8,100, true at the legal actions now.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        tensor::mask_of(
            py,
            crate::types::NUM_ACTIONS,
            node_legal(&self.game, self.end())
                .into_iter()
                .map(|m| PyMove::from_core(m).action_index()),
        )
    }

    /// Whether `move` is legal now.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        let end = self.end();
        self.outcome_now().is_none()
            && move_arg(r#move).is_ok_and(|m| resolve(self.game.position_at(end), &m).is_ok())
    }

    /// The outcome, or `None` while the game goes on: the position's (R-21 … R-24), then
    /// repetition and the no-capture limit, or a declared result.
    fn outcome(&self) -> Option<PyOutcome> {
        self.outcome_now().map(|o| PyOutcome::from_core(&o))
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.outcome_now().is_some()
    }

    /// How often the current position (placement, side to move, pending returns) has occurred.
    fn repetitions(&self) -> usize {
        self.game.repetitions(self.end())
    }

    /// `side` resigns.
    fn resign(&mut self, side: &str) -> PyResult<()> {
        let side = parse_side(side)?;
        if let Some(outcome) = self.outcome_now() {
            return Err(game_error(GameError::Finished { outcome }));
        }
        self.game
            .set_result(GameResult::from_outcome(Some(Outcome::Win {
                winner: side.other(),
                reason: gjjq_core::outcome::WinReason::Resignation,
            })));
        Ok(())
    }

    /// The players agree a draw.
    fn agree_draw(&mut self) -> PyResult<()> {
        if let Some(outcome) = self.outcome_now() {
            return Err(game_error(GameError::Finished { outcome }));
        }
        self.game.set_result(GameResult::Draw);
        Ok(())
    }

    /// The records of the main line's moves, in `script`.
    #[pyo3(signature = (script = "simplified"))]
    fn records(&self, script: &str) -> PyResult<Vec<String>> {
        let script = parse_script(script)?;
        Ok(self
            .game
            .main_line()
            .filter_map(|id| self.game.record_at(id))
            .map(|r| r.to_script(script))
            .collect())
    }

    /// The game as game-file text, variations, comments and glyphs included; `form` is
    /// `"simplified"`, `"traditional"` or `"ascii"`.
    #[pyo3(signature = (form = "simplified"))]
    fn to_text(&self, form: &str) -> PyResult<String> {
        self.text(parse_form(form)?)
    }

    /// Write the game to a file object (text or binary) or a path, in `form`.
    #[pyo3(signature = (target, form = "simplified"))]
    fn write(slf: &Bound<'_, Self>, target: &Bound<'_, PyAny>, form: &str) -> PyResult<()> {
        let games = pyo3::types::PyList::new(slf.py(), [slf.clone()])?;
        write_games(target, games.as_any(), form, false).map(drop)
    }

    /// The root node: the start, before any move (python-chess's `Game` is its root node).
    fn root(slf: &Bound<'_, Self>) -> PyGameNode {
        PyGame::node(slf, NodeId::ROOT)
    }

    /// The moves after the start, each a node: the main move first, then its alternatives.
    #[getter]
    fn variations(slf: &Bound<'_, Self>) -> Vec<PyGameNode> {
        PyGame::root(slf).variations_of(slf)
    }

    /// The last node of the main line.
    #[pyo3(name = "end")]
    fn end_node(slf: &Bound<'_, Self>) -> PyGameNode {
        let end = slf.borrow().end();
        PyGame::node(slf, end)
    }

    /// The first move's node, or `None`.
    fn next(slf: &Bound<'_, Self>) -> Option<PyGameNode> {
        let first = slf.borrow().game.children(NodeId::ROOT).first().copied();
        first.map(|id| PyGame::node(slf, id))
    }

    /// The nodes of the main line, from the first move.
    fn mainline(slf: &Bound<'_, Self>) -> Vec<PyGameNode> {
        let ids: Vec<NodeId> = slf.borrow().game.main_line().collect();
        ids.into_iter().map(|id| PyGame::node(slf, id)).collect()
    }

    /// The moves of the main line (as `moves`).
    fn mainline_moves(&self) -> Vec<PyMove> {
        self.moves()
    }

    /// Add `move` at the start as a variation (or the main line when there is none); its node.
    fn add_variation(slf: &Bound<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<PyGameNode> {
        PyGame::root(slf).add_variation(r#move)
    }

    /// Add `move` at the start as the main line; its node.
    fn add_main_variation(
        slf: &Bound<'_, Self>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<PyGameNode> {
        PyGame::root(slf).add_main_variation(r#move)
    }

    fn __len__(&self) -> usize {
        self.ply()
    }

    fn __str__(&self) -> PyResult<String> {
        self.text(MoveForm::default())
    }

    /// The current position as an SVG picture with the last move (Jupyter draws it):
    /// `gjjq.svg(game)`.
    fn _repr_svg_(&self) -> PyResult<String> {
        let end = self.end();
        let last = self.game.move_at(end).map(|m| (m.from(), m.to()));
        crate::svg::picture(self.game.position_at(end), last, false, 600, "simplified")
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game start='{}' ply={} position='{}'>",
            self.game.start().to_setup(),
            self.ply(),
            self.game.position_at(self.end()).to_setup()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let ctor = slf.get_type().getattr("from_text")?;
        Ok((ctor, (slf.borrow().text(MoveForm::Ascii)?,)))
    }
}

impl tensor::Observed for PyGame {
    /// The current position and how often it has stood (the repetitions plane).
    fn observed(&self) -> (&Position, usize) {
        let end = self.end();
        (self.game.position_at(end), self.game.repetitions(end))
    }
}

observable!(PyGame);

copyable!(PyGame);

/// The legal moves at `id`: none once the game is over there.
fn node_legal(game: &AnnotatedGame, id: NodeId) -> Vec<gjjq_core::Move> {
    if game.outcome_at(id).is_some() {
        Vec::new()
    } else {
        game.position_at(id).legal_moves().to_vec()
    }
}

/// A node of a game's tree (python-chess's `GameNode`): the start or a move, with its
/// comments, glyphs and alternatives. It refers to its `Game`: edits through either are seen
/// by both; a node whose move was removed raises `ValueError`.
#[pyclass(module = "gjjq", name = "GameNode")]
pub struct PyGameNode {
    game: Py<PyGame>,
    id: NodeId,
}

impl PyGameNode {
    fn with<T>(&self, py: Python<'_>, f: impl FnOnce(&AnnotatedGame, NodeId) -> T) -> PyResult<T> {
        let game = self.game.bind(py).borrow();
        if !game.game.contains(self.id) {
            return Err(PyValueError::new_err(
                "this node's move was removed from its game",
            ));
        }
        Ok(f(&game.game, self.id))
    }

    fn with_mut<T>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut PyGame, NodeId) -> PyResult<T>,
    ) -> PyResult<T> {
        let mut game = self.game.bind(py).borrow_mut();
        if !game.game.contains(self.id) {
            return Err(PyValueError::new_err(
                "this node's move was removed from its game",
            ));
        }
        f(&mut game, self.id)
    }

    fn at(&self, id: NodeId) -> PyGameNode {
        Python::attach(|py| PyGameNode {
            game: self.game.clone_ref(py),
            id,
        })
    }

    fn variations_of(&self, slf: &Bound<'_, PyGame>) -> Vec<PyGameNode> {
        slf.borrow()
            .game
            .children(self.id)
            .iter()
            .map(|&c| self.at(c))
            .collect()
    }

    /// The child of this node that `which` (a node or a move) names.
    fn child(&self, py: Python<'_>, which: &Bound<'_, PyAny>) -> PyResult<NodeId> {
        if let Ok(node) = which.cast::<PyGameNode>() {
            let node = node.borrow();
            let id = node.id;
            let is_child =
                node.game.is(&self.game) && self.with(py, |g, me| g.children(me).contains(&id))?;
            return if is_child {
                Ok(id)
            } else {
                Err(PyValueError::new_err(
                    "that node is not a variation of this one",
                ))
            };
        }
        let m = move_arg(which)?;
        self.with(py, |g, me| {
            let core = resolve(g.position_at(me), &m).ok();
            g.children(me)
                .iter()
                .copied()
                .find(|&c| core.is_some() && g.move_at(c) == core)
        })?
        .ok_or_else(|| PyValueError::new_err("no variation with that move here"))
    }
}

#[pymethods]
impl PyGameNode {
    /// The game this node belongs to.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// The node before this one (`None` for the start).
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<PyGameNode>> {
        Ok(self.with(py, |g, me| g.parent(me))?.map(|p| self.at(p)))
    }

    /// The move that leads here (`None` for the start).
    #[getter]
    fn r#move(&self, py: Python<'_>) -> PyResult<Option<PyMove>> {
        Ok(self.with(py, |g, me| g.move_at(me))?.map(PyMove::from_core))
    }

    /// The ply of this node (0 for the start).
    fn ply(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |g, me| g.ply(me))
    }

    /// The position after this node's move (O(1): every node keeps its position).
    fn position(&self, py: Python<'_>) -> PyResult<PyPosition> {
        self.with(py, |g, me| PyPosition(g.position_at(me).clone()))
    }

    /// The position after this node's move (python-chess's name).
    fn board(&self, py: Python<'_>) -> PyResult<PyPosition> {
        self.position(py)
    }

    /// The moves after this node, each a node: the main continuation first.
    #[getter]
    fn variations(&self, py: Python<'_>) -> PyResult<Vec<PyGameNode>> {
        let ids = self.with(py, |g, me| g.children(me).to_vec())?;
        Ok(ids.into_iter().map(|c| self.at(c)).collect())
    }

    /// The `i`-th variation (0: the main continuation). Raises `IndexError`.
    fn variation(&self, py: Python<'_>, i: usize) -> PyResult<PyGameNode> {
        let id = self.with(py, |g, me| g.children(me).get(i).copied())?;
        id.map(|c| self.at(c))
            .ok_or_else(|| PyIndexError::new_err(format!("no variation {i} here")))
    }

    /// The main continuation, or `None` at the end of a line.
    fn next(&self, py: Python<'_>) -> PyResult<Option<PyGameNode>> {
        Ok(self
            .with(py, |g, me| g.children(me).first().copied())?
            .map(|c| self.at(c)))
    }

    /// Whether this node is the main continuation of its parent (the start is).
    fn is_main_variation(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |g, me| {
            g.parent(me)
                .is_none_or(|p| g.children(p).first() == Some(&me))
        })
    }

    /// Whether this node lies on the game's main line.
    fn is_mainline(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |g, me| g.is_main_line(me))
    }

    /// Whether no move follows this node.
    fn is_end(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |g, me| g.children(me).is_empty())
    }

    /// The nodes that follow by main continuations, from the next one.
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<PyGameNode>> {
        let ids = self.with(py, |g, me| {
            let mut out = Vec::new();
            let mut at = me;
            while let Some(&c) = g.children(at).first() {
                out.push(c);
                at = c;
            }
            out
        })?;
        Ok(ids.into_iter().map(|c| self.at(c)).collect())
    }

    /// The moves of `mainline()`.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<PyMove>> {
        self.with(py, |g, me| {
            let mut out = Vec::new();
            let mut at = me;
            while let Some(&c) = g.children(at).first() {
                out.extend(g.move_at(c).map(PyMove::from_core));
                at = c;
            }
            out
        })
    }

    /// The last node that follows by main continuations (this one at the end of a line).
    fn end(&self, py: Python<'_>) -> PyResult<PyGameNode> {
        let id = self.with(py, |g, me| {
            let mut at = me;
            while let Some(&c) = g.children(at).first() {
                at = c;
            }
            at
        })?;
        Ok(self.at(id))
    }

    /// Play `move` after this node: the node of that move (an existing one when the tree
    /// has it here), else a new one that is the main continuation when there is none, and a
    /// variation otherwise.
    ///
    /// Raises `IllegalMoveError`, or `GameOverError` when the game is over here.
    fn add_variation(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyGameNode> {
        let m = move_arg(r#move)?;
        let id = self.with_mut(r#move.py(), |g, me| g.push_arg(me, &m, false))?;
        Ok(self.at(id))
    }

    /// `add_variation`, and the move made this node's main continuation.
    fn add_main_variation(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyGameNode> {
        let m = move_arg(r#move)?;
        let id = self.with_mut(r#move.py(), |g, me| g.push_arg(me, &m, true))?;
        Ok(self.at(id))
    }

    /// Make the variation `which` (a node or a move) the main continuation here.
    fn promote_to_main(&self, which: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = self.child(which.py(), which)?;
        self.with_mut(which.py(), |g, _| {
            g.game.promote(id);
            Ok(())
        })
    }

    /// Remove the variation `which` (a node or a move) and every move after it.
    fn remove_variation(&self, which: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = self.child(which.py(), which)?;
        self.with_mut(which.py(), |g, _| {
            g.game.delete(id);
            Ok(())
        })
    }

    /// The comments after this node's move, joined by a space ("" for none); setting it
    /// replaces them with one comment (none for "").
    #[getter]
    fn comment(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |g, me| g.comments(me).join(" "))
    }

    #[setter]
    fn set_comment(&self, py: Python<'_>, text: String) -> PyResult<()> {
        self.with_mut(py, |g, me| {
            *g.game.comments_mut(me) = if text.is_empty() { vec![] } else { vec![text] };
            Ok(())
        })
    }

    /// The comments after this node's move, each as written between braces.
    #[getter]
    fn comments(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |g, me| g.comments(me).to_vec())
    }

    #[setter]
    fn set_comments(&self, py: Python<'_>, comments: Vec<String>) -> PyResult<()> {
        self.with_mut(py, |g, me| {
            *g.game.comments_mut(me) = comments;
            Ok(())
        })
    }

    /// The move's annotation glyphs as numbers (PGN's NAGs: `!` is 1, `?` 2, `!!` 3, `??` 4,
    /// `!?` 5, `?!` 6, `$N` is N), in order.
    #[getter]
    fn nags(&self, py: Python<'_>) -> PyResult<Vec<u32>> {
        self.with(py, |g, me| {
            g.glyphs(me).iter().map(|x| u32::from(x.nag())).collect()
        })
    }

    /// Setting writes each as `$N` (python-chess's habit); set `glyphs` for `!` and the like.
    #[setter]
    fn set_nags(&self, py: Python<'_>, nags: Vec<u32>) -> PyResult<()> {
        let nags = nags
            .into_iter()
            .map(|n| {
                u8::try_from(n)
                    .map_err(|_| PyValueError::new_err(format!("NAG {n} is not in 0 … 255")))
            })
            .collect::<PyResult<Vec<u8>>>()?;
        self.with_mut(py, |g, me| {
            if g.game.move_at(me).is_none() && !nags.is_empty() {
                return Err(PyValueError::new_err("the start has no move to annotate"));
            }
            *g.game.glyphs_mut(me) = nags.into_iter().map(Glyph::Numeric).collect();
            Ok(())
        })
    }

    /// The move's annotation glyphs as written (`"!?"`, `"$14"`).
    #[getter]
    fn glyphs(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |g, me| {
            g.glyphs(me).iter().map(ToString::to_string).collect()
        })
    }

    #[setter]
    fn set_glyphs(&self, py: Python<'_>, glyphs: Vec<String>) -> PyResult<()> {
        let parsed = glyphs
            .iter()
            .map(|t| t.parse::<Glyph>().map_err(err::<GjjqError>))
            .collect::<PyResult<Vec<Glyph>>>()?;
        self.with_mut(py, |g, me| {
            if g.game.move_at(me).is_none() && !parsed.is_empty() {
                return Err(PyValueError::new_err("the start has no move to annotate"));
            }
            *g.game.glyphs_mut(me) = parsed;
            Ok(())
        })
    }

    /// The outcome at this node, or `None` (the rules', and at the end of the main line a
    /// declared result).
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<PyOutcome>> {
        self.with(py, |g, me| {
            g.outcome_at(me).map(|o| PyOutcome::from_core(&o))
        })
    }

    /// The legal moves at this node: none once the game is over there.
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<PyMove>> {
        self.with(py, |g, me| {
            node_legal(g, me)
                .into_iter()
                .map(PyMove::from_core)
                .collect()
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGameNode>()
            .is_ok_and(|o| o.borrow().id == self.id && o.borrow().game.is(&self.game))
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.id.raw())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |g, me| match g.move_at(me) {
            Some(m) => format!("<GameNode ply={} move={m}>", g.ply(me)),
            None => "<GameNode start>".to_owned(),
        })
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
        match PyGame::read_next(reader) {
            None => {
                self.reader = None;
                Ok(None)
            }
            Some(Ok(game)) => {
                self.index += 1;
                Ok(Some(game))
            }
            Some(Err(gjjq_notation::GameFileError::Replay(e))) => {
                self.index += 1;
                Err(err::<GameFileError>(format!(
                    "{} game {}: {e}",
                    self.path, self.index
                )))
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
    let mut reader = GameReader::new(text.as_bytes());
    while let Some(game) = PyGame::read_next(&mut reader) {
        match game {
            Ok(game) => out.push(game),
            Err(gjjq_notation::GameFileError::Replay(e)) => {
                return Err(err::<GameFileError>(format!("game {}: {e}", out.len() + 1)));
            }
            Err(e) => return Err(err::<GameFileError>(e)),
        }
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

/// The SVG picture of a position (a `Position` or a `Game`, whose current position is drawn
/// with its last move unless `last_move` is given): the board with its terrain, palaces and
/// labels, the pieces, the last move as an arrow and pending returns. `flipped` shows
/// it from Green's side; `size` is the width in pixels; `script` the characters' script.
#[pyfunction]
#[pyo3(signature = (position, last_move = None, flipped = false, size = 600, script = "simplified"))]
pub fn svg(
    position: &Bound<'_, PyAny>,
    last_move: Option<&Bound<'_, PyAny>>,
    flipped: bool,
    size: u32,
    script: &str,
) -> PyResult<String> {
    let given = crate::svg::last_move_arg(last_move)?;
    if let Ok(p) = position.cast::<PyPosition>() {
        return crate::svg::picture(&p.get().0, given, flipped, size, script);
    }
    if let Ok(g) = position.cast::<PyGame>() {
        let g = g.borrow();
        let game = g.annotated();
        let end = game.main_end();
        let last = given.or_else(|| game.move_at(end).map(|m| (m.from(), m.to())));
        return crate::svg::picture(game.position_at(end), last, flipped, size, script);
    }
    Err(err::<GjjqError>("svg draws a Position or a Game"))
}
