//! 陸戰棋 (Luzhanqi) for the web page: the board's points and lines, an open game with views
//! of any ply, deployments (checked with every reason of L-17, drawn at random, L-18), game
//! files (L-22) and the engine of `luzhanqi-engine`. Plain Rust that host tests cover; the
//! `#[wasm_bindgen]` layer is [`wasm`]. Positions are L-20 strings, moves the ASCII form of
//! L-21 (`c6c7`), points their labels (`a1` … `e12`).
//!
//! ```
//! use gjjq_wasm::lz::LzSession;
//!
//! let mut game = LzSession::new("")?; // the library's default start
//! let record = game.play(0, "c6c7")?; // engineer against engineer
//! assert_eq!(record.simplified, "工c6xc7");
//! let view = game.view(1)?;
//! assert_eq!(view.turn, "blue");
//! # Ok::<(), gjjq_wasm::lz::LzError>(())
//! ```

pub mod dark;
pub mod flip;
pub mod wasm;

use luzhanqi::board::{CAMPS, HEADQUARTERS, Line, PointKind, RAILWAY, line, point_kind};
use luzhanqi::deploy::{
    DeploymentError, DeploymentParseError, DeploymentViolation, OWN_POINTS, OpeningError,
    default_start, opening,
};
use luzhanqi::game_file::{GameFileError, GameRecord, MoveForm, read_games};
use luzhanqi::{
    AttackOutcome, Game, GameError, Kind, Move, MoveParseError, ParsePositionError, Position,
    Ruleset, Script, Setup, Side, Square, SquareParseError,
};
use luzhanqi_engine::{AgentError, AgentKind, DynAgent, Limits};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;
use thiserror::Error;

pub use luzhanqi::deploy::Deployment;

/// What went wrong, in words that name the input.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum LzError {
    /// A position string that does not parse or is not valid (L-20).
    #[error("position string: {0}")]
    Position(#[from] ParsePositionError),
    /// A move that is not the ASCII form (`c6c7`, L-21).
    #[error("move '{text}': {error}")]
    MoveSyntax {
        /// The text given.
        text: String,
        /// Why it is not a move.
        error: MoveParseError,
    },
    /// A move the game refuses at its ply (illegal, or after the end).
    #[error("move {ply} '{text}': {error}")]
    Refused {
        /// The ply it would have had, from 1.
        ply: usize,
        /// The text given.
        text: String,
        /// The game's refusal.
        error: GameError,
    },
    /// A ply past the end of the game.
    #[error("ply {ply} is past the game's last ply {plies}")]
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// The number of moves played.
        plies: usize,
    },
    /// A side that is not `red` or `blue`.
    #[error("side '{0}': write red or blue")]
    Side(String),
    /// A deployment string that does not parse (L-19).
    #[error("{side} deployment: {error}")]
    DeploymentString {
        /// Whose.
        side: &'static str,
        /// Why.
        error: DeploymentParseError,
    },
    /// A deployment that breaks L-17.
    #[error("{side} deployment: {error}")]
    Deployment {
        /// Whose.
        side: &'static str,
        /// Every rule broken.
        error: DeploymentError,
    },
    /// Two deployments that make no valid start.
    #[error("{0}")]
    Opening(Box<OpeningError>),
    /// A point label that does not parse.
    #[error("point '{text}': {error}")]
    Point {
        /// The text given.
        text: String,
        /// Why.
        error: SquareParseError,
    },
    /// A piece letter that names no kind (L-5).
    #[error("piece '{0}': not a piece letter (S J D B T Y C P E Z L F)")]
    Letter(String),
    /// A game file that does not read or replay (line:column in the message).
    #[error("game file: {0}")]
    GameFile(Box<GameFileError>),
    /// A game file with no game in it.
    #[error("game file: no game found (tags, then moves such as 1. 工c6xc7)")]
    NoGame,
    /// A game that cannot be written.
    #[error("writing the game file: {0}")]
    Write(String),
    /// An unknown name of a move form.
    #[error("unknown move form '{0}' (simplified, traditional or ascii)")]
    MoveForm(String),
    /// An unknown agent.
    #[error("unknown agent '{0}' (search, heuristic or random)")]
    Agent(String),
    /// The agent gave no move.
    #[error("engine: {0}")]
    Engine(#[from] AgentError),
    /// The referee of a dark game refused to start it (L-31).
    #[error("dark game: {0}")]
    Dark(String),
    /// An unknown dark agent.
    #[error("unknown dark agent '{0}' (ismcts, determinized, heuristic or random)")]
    DarkAgent(String),
    /// The dark engine gave no move.
    #[error("dark engine: {0}")]
    DarkEngine(String),
    /// A move of the person when it is not its turn, or after the end.
    #[error("move {ply}: not your turn, or the game is over")]
    NotYourTurn {
        /// The ply it would have had, from 1.
        ply: usize,
    },
    /// The true game of a dark game asked for before its end.
    #[error("dark game: the true game is shown only once the game is over")]
    NotOver,
    /// An information state string that does not parse or fits no world (L-31).
    #[error("information state: {0}")]
    InfoState(String),
    /// A flip player that is not `first` or `second` (L-32).
    #[error("player '{0}': write first or second")]
    Player(String),
    /// A flip action the game refuses at its ply (illegal, or after the end; L-32).
    #[error("ply {ply} '{text}': {error}")]
    FlipRefused {
        /// The ply it would have had, from 1.
        ply: usize,
        /// The action given.
        text: String,
        /// The game's refusal.
        error: luzhanqi::flip::FlipGameError,
    },
    /// A flip game file that does not read or replay (line:column in the message).
    #[error("flip game file: {0}")]
    FlipRecord(String),
    /// The flip engine's action was refused.
    #[error("flip engine: {0}")]
    FlipEngine(String),
}

/// A side's name as the page writes it.
#[must_use]
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Red => "red",
        Side::Blue => "blue",
    }
}

/// A side from `red`/`r` or `blue`/`b`.
///
/// # Errors
/// [`LzError::Side`] for anything else.
pub fn parse_side(text: &str) -> Result<Side, LzError> {
    match text.trim() {
        "red" | "r" | "Red" => Ok(Side::Red),
        "blue" | "b" | "Blue" => Ok(Side::Blue),
        other => Err(LzError::Side(other.chars().take(40).collect())),
    }
}

fn parse_point(text: &str) -> Result<Square, LzError> {
    text.parse().map_err(|error| LzError::Point {
        text: text.chars().take(40).collect(),
        error,
    })
}

/// One of the 60 points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PointView {
    /// Its label, `a1` … `e12` (L-1).
    pub label: String,
    /// File 0–4 (a–e) from Red's left.
    pub file: u8,
    /// Rank 1–12 from Red's back row.
    pub rank: u8,
    /// `station`, `camp` or `headquarters` (L-2).
    pub kind: &'static str,
    /// Whether it is a railway point (L-3).
    pub railway: bool,
    /// The half it lies in, `red` or `blue`.
    pub half: &'static str,
}

/// One line between two points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineView {
    /// One end.
    pub a: String,
    /// The other end.
    pub b: String,
    /// A railway segment (else a road).
    pub railway: bool,
}

/// The board: its 60 points and every line of the standard ruleset (L-1 … L-3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// The points, in index order.
    pub points: Vec<PointView>,
    /// The lines, each once.
    pub lines: Vec<LineView>,
}

/// The board as the library defines it.
///
/// ```
/// let board = gjjq_wasm::lz::board();
/// assert_eq!(board.points.len(), 60);
/// assert_eq!(board.points.iter().filter(|p| p.kind == "camp").count(), 10);
/// ```
#[must_use]
pub fn board() -> BoardView {
    let crossing = Ruleset::STANDARD.middle_crossing;
    let points = Square::all()
        .map(|sq| PointView {
            label: sq.to_string(),
            file: sq.file(),
            rank: sq.rank(),
            kind: match point_kind(sq) {
                PointKind::Camp => "camp",
                PointKind::Headquarters => "headquarters",
                PointKind::Station => "station",
            },
            railway: RAILWAY.contains(sq),
            half: side_name(sq.half()),
        })
        .collect();
    let mut lines = Vec::new();
    for a in Square::all() {
        for b in Square::all().filter(|&b| b > a) {
            if let Some(kind) = line(a, b, crossing) {
                lines.push(LineView {
                    a: a.to_string(),
                    b: b.to_string(),
                    railway: kind == Line::Railway,
                });
            }
        }
    }
    BoardView { points, lines }
}

/// A piece on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// Its point.
    pub point: String,
    /// Its letter (L-5: upper case Red, lower case Blue).
    pub letter: char,
}

/// A legal move of the position shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// Origin.
    pub from: String,
    /// Destination.
    pub to: String,
    /// The ASCII form.
    pub ascii: String,
    /// Whether it attacks.
    pub attack: bool,
}

/// A move of the game with its records (L-21).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RecordView {
    /// The ASCII form.
    pub ascii: String,
    /// The record in simplified characters (`工c6xc7`).
    pub simplified: String,
    /// The record in traditional characters.
    pub traditional: String,
    /// Who played it.
    pub side: &'static str,
    /// For an attack: `defender-removed`, `attacker-removed` or `both-removed`.
    pub combat: Option<&'static str>,
}

/// The last move of the position shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LastMove {
    /// Origin.
    pub from: String,
    /// Destination.
    pub to: String,
    /// For an attack, what was removed.
    pub combat: Option<&'static str>,
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeView {
    /// `red`, `blue`, or `None` for a draw.
    pub winner: Option<&'static str>,
    /// `flag-captured`, `no-move`, `no-movable-pieces`, `no-combat-limit`, `repetition`.
    pub reason: &'static str,
    /// The result token: `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
}

/// One ply of the game as the page draws it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// The ply shown (0 = the start).
    pub ply: usize,
    /// The moves played.
    pub plies: usize,
    /// The position string (L-20).
    pub position: String,
    /// The side to move.
    pub turn: &'static str,
    /// The pieces.
    pub pieces: Vec<PieceView>,
    /// The move that led here.
    pub last: Option<LastMove>,
    /// The legal moves (none once the game is over).
    pub legal: Vec<MoveView>,
    /// The end, when the game is over at this ply.
    pub outcome: Option<OutcomeView>,
    /// Plies since the last attack (L-15).
    pub quiet: u32,
}

/// The page's view of an end (open, dark and flip play alike).
/// The end by a resignation (issue 50 item 22): `winner` wins (`None`: nobody can be named, a
/// flip game resigned before the colours settle, L-32, result `*`).
#[must_use]
pub fn resignation_view(winner: Option<Side>) -> OutcomeView {
    OutcomeView {
        winner: winner.map(side_name),
        reason: "resignation",
        result: match winner {
            Some(Side::Red) => "1-0",
            Some(Side::Blue) => "0-1",
            None => "*",
        }
        .to_owned(),
    }
}

/// A result token (`1-0`, `*`) for a record being written.
fn parse_token<T>(text: &str) -> Result<T, LzError>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e: T::Err| LzError::Write(format!("result '{text}': {e}")))
}

fn outcome_view(o: luzhanqi::Outcome) -> OutcomeView {
    OutcomeView {
        winner: o.winner().map(side_name),
        reason: o.reason_str(),
        result: luzhanqi::game_file::result_token(Some(o)).to_string(),
    }
}

fn combat_name(outcome: AttackOutcome) -> &'static str {
    match outcome {
        AttackOutcome::DefenderRemoved => "defender-removed",
        AttackOutcome::AttackerRemoved => "attacker-removed",
        AttackOutcome::BothRemoved => "both-removed",
    }
}

fn piece_letter(side: Side, kind: Kind) -> char {
    match side {
        Side::Red => kind.letter(),
        Side::Blue => kind.letter().to_ascii_lowercase(),
    }
}

/// An open game (明棋, L-30): a start, the line of moves played, the position after each.
#[derive(Debug, Clone)]
pub struct LzSession {
    game: Game,
    positions: Vec<Position>,
    tags: Vec<(String, String)>,
    /// A result the rules did not reach, as its token (`0-1`), with `Termination` in `tags`:
    /// the person's resignation, or a read file's stated result (issue 50 item 22).
    declared: Option<String>,
    /// The person resigned here: no move is taken after it.
    resigned: bool,
}

impl LzSession {
    /// A game from a position string (L-20); empty for the library's default start.
    ///
    /// # Errors
    /// [`LzError::Position`] for a bad string.
    pub fn new(position: &str) -> Result<LzSession, LzError> {
        let start = if position.trim().is_empty() {
            default_start()
        } else {
            position.trim().parse()?
        };
        Ok(LzSession::from_start(start))
    }

    fn from_start(start: Position) -> LzSession {
        LzSession {
            positions: vec![start.clone()],
            game: Game::new(start),
            tags: Vec::new(),
            declared: None,
            resigned: false,
        }
    }

    /// A game from the first game of a game file (L-22), its tags kept for writing.
    ///
    /// # Errors
    /// [`LzError::GameFile`] with the line and column, [`LzError::NoGame`] for a file
    /// without a game.
    pub fn from_game_file(text: &str) -> Result<LzSession, LzError> {
        let records = read_games(text.as_bytes()).map_err(|e| LzError::GameFile(Box::new(e)))?;
        let record = records.into_iter().next().ok_or(LzError::NoGame)?;
        let mut session = LzSession::from_start(record.game.start().clone());
        for (i, &m) in record.game.moves().iter().enumerate() {
            session.push(i, m)?;
        }
        session.tags = record.tags;
        let stated = record.result.to_string() != "*"
            || session.tags.iter().any(|(n, _)| n == "Termination");
        if session.game.outcome().is_none() && stated {
            session.declared = Some(record.result.to_string());
        }
        Ok(session)
    }

    /// The number of moves played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.game.moves().len()
    }

    /// The start position string.
    #[must_use]
    pub fn start_position(&self) -> String {
        self.game.start().to_string()
    }

    /// The moves played, ASCII, space separated.
    #[must_use]
    pub fn moves_ascii(&self) -> String {
        let moves: Vec<String> = self.game.moves().iter().map(ToString::to_string).collect();
        moves.join(" ")
    }

    fn push(&mut self, ply: usize, m: Move) -> Result<(), LzError> {
        self.game.play(m).map_err(|error| LzError::Refused {
            ply: ply + 1,
            text: m.to_string(),
            error,
        })?;
        self.positions.push(self.game.position().clone());
        Ok(())
    }

    fn check_ply(&self, ply: usize) -> Result<(), LzError> {
        if ply > self.plies() {
            return Err(LzError::NoSuchPly {
                ply,
                plies: self.plies(),
            });
        }
        Ok(())
    }

    /// Play `ascii` at `ply`: the moves after it are dropped (the page plays one line).
    /// Returns the move's records.
    ///
    /// # Errors
    /// A ply past the end, a move that does not parse, or one the game refuses.
    pub fn play(&mut self, ply: usize, ascii: &str) -> Result<RecordView, LzError> {
        self.check_ply(ply)?;
        if self.resigned {
            return Err(LzError::NotYourTurn { ply: ply + 1 });
        }

        let m: Move = ascii.trim().parse().map_err(|error| LzError::MoveSyntax {
            text: ascii.chars().take(40).collect(),
            error,
        })?;
        if ply < self.plies() {
            let keep: Vec<Move> = self.game.moves()[..ply].to_vec();
            *self = LzSession {
                tags: std::mem::take(&mut self.tags),
                ..LzSession::from_start(self.game.start().clone())
            };
            for (i, k) in keep.into_iter().enumerate() {
                self.push(i, k)?;
            }
        }
        self.push(ply, m)?;
        // The game went on: a stated result no longer holds.
        self.declared = None;
        self.tags.retain(|(n, _)| n != "Termination");
        Ok(self.record(ply))
    }

    fn record(&self, ply: usize) -> RecordView {
        let pos = &self.positions[ply];
        let m = self.game.moves()[ply];
        RecordView {
            ascii: m.to_string(),
            simplified: pos.record(m, Script::Simplified).unwrap_or_default(),
            traditional: pos.record(m, Script::Traditional).unwrap_or_default(),
            side: side_name(pos.turn()),
            combat: self.game.combats()[ply].map(|c| combat_name(c.outcome)),
        }
    }

    /// Every move's records, in order.
    #[must_use]
    pub fn moves(&self) -> Vec<RecordView> {
        (0..self.plies()).map(|p| self.record(p)).collect()
    }

    /// The view of `ply` (0 = the start).
    ///
    /// # Errors
    /// [`LzError::NoSuchPly`].
    pub fn view(&self, ply: usize) -> Result<View, LzError> {
        self.check_ply(ply)?;
        let pos = &self.positions[ply];
        // Repetition needs the game's history: the last ply asks the game, an earlier one
        // was not over (the game went on from it).
        let outcome = if ply == self.plies() {
            self.game.outcome()
        } else {
            None
        };
        let pieces = Square::all()
            .filter_map(|sq| {
                pos.piece_at(sq).map(|p| PieceView {
                    point: sq.to_string(),
                    letter: piece_letter(p.side, p.kind),
                })
            })
            .collect();
        let legal = if outcome.is_some() {
            Vec::new()
        } else {
            pos.legal_moves()
                .into_iter()
                .map(|m| MoveView {
                    from: m.from.to_string(),
                    to: m.to.to_string(),
                    ascii: m.to_string(),
                    attack: pos.piece_at(m.to).is_some(),
                })
                .collect()
        };
        let last = ply.checked_sub(1).map(|p| {
            let m = self.game.moves()[p];
            LastMove {
                from: m.from.to_string(),
                to: m.to.to_string(),
                combat: self.game.combats()[p].map(|c| combat_name(c.outcome)),
            }
        });
        Ok(View {
            ply,
            plies: self.plies(),
            position: pos.to_string(),
            turn: side_name(pos.turn()),
            pieces,
            last,
            legal,
            outcome: outcome.map(outcome_view),
            quiet: pos.plies_since_attack(),
        })
    }

    /// The game as a game file (L-22) in `form` (`simplified`, `traditional`, `ascii`), the
    /// tags of a loaded file kept (`Termination` and `Result` from the game; when the rules
    /// did not end it, a resignation's or a read file's stated result and its `Termination`).
    ///
    /// # Errors
    /// An unknown form, or a kept tag that cannot be written.
    pub fn game_file(&self, form: &str) -> Result<String, LzError> {
        let form: MoveForm = form
            .parse()
            .map_err(|_| LzError::MoveForm(form.chars().take(40).collect()))?;
        let mut record = GameRecord::from_game(&self.game);
        let declared = self
            .declared
            .as_ref()
            .filter(|_| self.game.outcome().is_none());
        for (name, value) in &self.tags {
            if name == "Termination" && declared.is_none() {
                continue;
            }
            match record.tags.iter_mut().find(|(n, _)| n == name) {
                Some(t) => t.1.clone_from(value),
                None => record.tags.push((name.clone(), value.clone())),
            }
        }
        if let Some(token) = declared {
            record.result = parse_token(token)?;
        }
        record
            .write(form)
            .map_err(|e| LzError::Write(e.to_string()))
    }

    /// The person resigns (issue 50 item 22): `winner` wins (`None`: a game with no side to
    /// name, result `*`). The game file says so (`Result`, `Termination "resignation"`); no
    /// move is taken after it.
    ///
    /// # Errors
    /// [`LzError::NotYourTurn`] when the game is already over (by the rules or resigned).
    ///
    /// ```
    /// use gjjq_wasm::lz::LzSession;
    /// let mut s = LzSession::new("")?;
    /// s.resign(Some(luzhanqi::Side::Blue))?;
    /// let file = s.game_file("ascii")?;
    /// assert!(file.contains("[Result \"0-1\"]") && file.contains("[Termination \"resignation\"]"));
    /// # Ok::<(), gjjq_wasm::lz::LzError>(())
    /// ```
    pub fn resign(&mut self, winner: Option<Side>) -> Result<OutcomeView, LzError> {
        if self.resigned || self.game.outcome().is_some() {
            return Err(LzError::NotYourTurn {
                ply: self.plies() + 1,
            });
        }
        let end = resignation_view(winner);
        self.tags.retain(|(n, _)| n != "Termination");
        self.tags.push(("Termination".into(), end.reason.into()));
        self.declared = Some(end.result.clone());
        self.resigned = true;
        Ok(end)
    }

    /// The Zobrist keys of the positions before the last one (for an agent's repetition
    /// checks).
    fn history(&self) -> Vec<u64> {
        let n = self.positions.len() - 1;
        self.positions[..n]
            .iter()
            .map(Position::zobrist_hash)
            .collect()
    }

    /// The game's current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.game.position()
    }
}

/// A random deployment string (L-18: every legal one equally likely), from `seed`.
///
/// ```
/// let d = gjjq_wasm::lz::random_deployment(7);
/// assert!(d.parse::<gjjq_wasm::lz::Deployment>().unwrap().check().is_ok());
/// ```
#[must_use]
pub fn random_deployment(seed: u32) -> String {
    let mut rng = StdRng::seed_from_u64(u64::from(seed));
    Deployment::random(&mut rng).to_string()
}

/// `side`'s deployment string (L-19) read, not yet checked against L-17.
fn read_deployment(side: Side, text: &str) -> Result<Deployment, LzError> {
    text.trim()
        .parse()
        .map_err(|error| LzError::DeploymentString {
            side: side_name(side),
            error,
        })
}

/// `side`'s deployment string read and checked (L-17, L-19).
fn parse_deployment(side: Side, text: &str) -> Result<Deployment, LzError> {
    let d = read_deployment(side, text)?;
    d.check().map_err(|error| LzError::Deployment {
        side: side_name(side),
        error,
    })?;
    Ok(d)
}

/// The pieces of `side`'s deployment string (L-19) on the board (Blue's turned round, L-4).
///
/// # Errors
/// A string that does not parse or breaks L-17.
pub fn deployment_points(side: Side, text: &str) -> Result<Vec<PieceView>, LzError> {
    let d = parse_deployment(side, text)?;
    let mut setup = Setup::empty();
    d.place(side, &mut setup);
    Ok(Square::all()
        .filter_map(|sq| {
            setup.piece_at(sq).map(|p| PieceView {
                point: sq.to_string(),
                letter: piece_letter(p.side, p.kind),
            })
        })
        .collect())
}

/// The check of a typed deployment string (L-19) for `side`, as [`check_deployment`] checks
/// an arrangement: every broken rule of L-17 as a problem the page words in its own language
/// (`4 of company, not 3` is the library's message, not a sentence for a player).
///
/// ```
/// use gjjq_wasm::lz::check_deployment_string;
/// use luzhanqi::Side;
/// // Four company commanders and one battalion commander (L-5: three and two).
/// let check = check_deployment_string(Side::Red, "LLDFT/DTPPL/C+S+Y/ZE+ZP/C+C+J/EECBB")?;
/// assert_eq!(check.deployment, None);
/// assert_eq!(check.problems[0].code, "wrong-count");
/// # Ok::<(), gjjq_wasm::lz::LzError>(())
/// ```
///
/// # Errors
/// [`LzError::DeploymentString`] for a text that is not a deployment string (its column).
pub fn check_deployment_string(side: Side, text: &str) -> Result<DeployCheck, LzError> {
    let d = read_deployment(side, text)?;
    let mut setup = Setup::empty();
    d.place(side, &mut setup);
    let pairs: Vec<(String, String)> = Square::all()
        .filter_map(|sq| {
            setup
                .piece_at(sq)
                .map(|p| (sq.to_string(), p.kind.letter().to_string()))
        })
        .collect();
    check_deployment(side, &pairs)
}

/// The start of two deployment strings (each in its own frame, L-19) and the first mover.
///
/// # Errors
/// A deployment that does not parse or breaks L-17.
pub fn position_from_deployments(red: &str, blue: &str, first: Side) -> Result<String, LzError> {
    let r = parse_deployment(Side::Red, red)?;
    let b = parse_deployment(Side::Blue, blue)?;
    let pos =
        opening(&r, &b, first, Ruleset::STANDARD).map_err(|e| LzError::Opening(Box::new(e)))?;
    Ok(pos.to_string())
}

/// A rule an arrangement breaks, for the page to explain in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeployProblem {
    /// `outside-half`, `camp`, `two-on-one-point`, `wrong-count`, `flag-off-headquarters`,
    /// `mine-off-back-rows`, `bomb-on-front-row`.
    pub code: &'static str,
    /// The point (board label), when one point is at fault.
    pub point: Option<String>,
    /// The kind's letter (upper case), when one kind is at fault.
    pub kind: Option<char>,
    /// For `wrong-count`: how many there are (L-5 gives the kind's number).
    pub count: Option<u32>,
    /// The number L-5 gives, for `wrong-count`.
    pub wanted: Option<u32>,
}

/// The check of an arrangement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeployCheck {
    /// The deployment string (L-19) when it is legal.
    pub deployment: Option<String>,
    /// Every rule broken (empty when legal).
    pub problems: Vec<DeployProblem>,
}

fn problem(code: &'static str, point: Option<Square>, kind: Option<Kind>) -> DeployProblem {
    DeployProblem {
        code,
        point: point.map(|p| p.to_string()),
        kind: kind.map(Kind::letter),
        count: None,
        wanted: None,
    }
}

/// The library's check of an arrangement of `side`'s pieces on board points (L-17), every
/// reason at once: a piece outside the side's half or on a camp (camps start empty), two on
/// one point, a kind's count, the flag off the headquarters, a landmine off the back two
/// rows, a bomb on the front row.
///
/// ```
/// use gjjq_wasm::lz::{check_deployment, deployment_points};
/// use luzhanqi::Side;
/// let mut pieces: Vec<(String, String)> = deployment_points(Side::Red, luzhanqi::deploy::DEFAULT_DEPLOYMENT)?
///     .into_iter().map(|p| (p.point, p.letter.to_string())).collect();
/// // The flag (b1) and the platoon commander on a6 change places.
/// let flag = pieces.iter().position(|p| p.0 == "b1").unwrap();
/// let front = pieces.iter().position(|p| p.0 == "a6").unwrap();
/// let (f, a) = (pieces[flag].1.clone(), pieces[front].1.clone());
/// pieces[flag].1 = a;
/// pieces[front].1 = f;
/// let check = check_deployment(Side::Red, &pieces)?;
/// assert_eq!(check.problems[0].code, "flag-off-headquarters");
/// assert_eq!(check.problems[0].point.as_deref(), Some("a6"));
/// # Ok::<(), gjjq_wasm::lz::LzError>(())
/// ```
///
/// # Errors
/// A point label or piece letter that does not parse.
pub fn check_deployment(side: Side, pieces: &[(String, String)]) -> Result<DeployCheck, LzError> {
    let mut problems = Vec::new();
    let mut own: [Option<Kind>; 25] = [None; 25];
    let mut counts = [0u32; 12];
    for (point, letter) in pieces {
        let sq = parse_point(point)?;
        let mut chars = letter.trim().chars();
        let kind = match (chars.next(), chars.next()) {
            (Some(c), None) => Kind::from_letter(c.to_ascii_uppercase()),
            _ => None,
        }
        .ok_or_else(|| LzError::Letter(letter.chars().take(8).collect()))?;
        counts[kind.index()] += 1;
        if sq.half() != side {
            problems.push(problem("outside-half", Some(sq), Some(kind)));
            continue;
        }
        if CAMPS.contains(sq) {
            problems.push(problem("camp", Some(sq), Some(kind)));
            continue;
        }
        let (file, row) = sq.own_frame(side);
        let frame = Square::new(file, row).expect("an own-half point");
        let i = OWN_POINTS
            .iter()
            .position(|&p| p == frame)
            .expect("a non-camp point of the half");
        if own[i].is_some() {
            problems.push(problem("two-on-one-point", Some(sq), Some(kind)));
        }
        own[i] = Some(kind);
    }
    let board_point = |frame: Square| match side {
        Side::Red => frame,
        Side::Blue => frame.flip(),
    };
    if problems.is_empty() && own.iter().all(Option::is_some) {
        let d = Deployment {
            pieces: own.map(|k| k.expect("all filled")),
        };
        return Ok(match d.check() {
            Ok(()) => DeployCheck {
                deployment: Some(d.to_string()),
                problems,
            },
            Err(DeploymentError(violations)) => DeployCheck {
                deployment: None,
                problems: violations
                    .into_iter()
                    .map(|v| match v {
                        DeploymentViolation::Count { kind, count } => DeployProblem {
                            count: Some(count),
                            wanted: Some(kind.count()),
                            ..problem("wrong-count", None, Some(kind))
                        },
                        DeploymentViolation::FlagOffHeadquarters(sq) => problem(
                            "flag-off-headquarters",
                            Some(board_point(sq)),
                            Some(Kind::Flag),
                        ),
                        DeploymentViolation::MineOffBackRows(sq) => problem(
                            "mine-off-back-rows",
                            Some(board_point(sq)),
                            Some(Kind::Landmine),
                        ),
                        DeploymentViolation::BombOnFrontRow(sq) => {
                            problem("bomb-on-front-row", Some(board_point(sq)), Some(Kind::Bomb))
                        }
                        _ => problem("other", None, None),
                    })
                    .collect(),
            },
        });
    }
    for kind in Kind::ALL {
        let count = counts[kind.index()];
        if count != kind.count() {
            problems.push(DeployProblem {
                count: Some(count),
                wanted: Some(kind.count()),
                ..problem("wrong-count", None, Some(kind))
            });
        }
    }
    Ok(DeployCheck {
        deployment: None,
        problems,
    })
}

/// The headquarters of `side` (board labels), for the page's hints.
#[must_use]
pub fn headquarters(side: Side) -> Vec<String> {
    HEADQUARTERS
        .into_iter()
        .filter(|sq| sq.half() == side)
        .map(|sq| sq.to_string())
        .collect()
}

/// The node budget of one engine move in the page (a few tenths of a second in a browser).
pub const ENGINE_NODES: u64 = 40_000;

/// The engine's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineReply {
    /// The move (ASCII), `None` when the game is over.
    pub best_move: Option<String>,
    /// The agent that answered (`search`, `heuristic`, `random`).
    pub agent: String,
    /// The deepest completed iteration (0 for agents that do not search).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// The move of `agent` (`search`, `heuristic`, `random`) after `moves` (ASCII, space
/// separated) from `start` (a position string, empty for the default start), under
/// [`ENGINE_NODES`] (node limits only: the search never reads the clock, which the page's
/// worker does not have), seeded.
///
/// ```
/// let reply = gjjq_wasm::lz::engine_reply("", "c6c7", "heuristic", 3)?;
/// assert!(reply.best_move.is_some());
/// # Ok::<(), gjjq_wasm::lz::LzError>(())
/// ```
///
/// # Errors
/// A bad start or move, an unknown agent.
pub fn engine_reply(
    start: &str,
    moves: &str,
    agent: &str,
    seed: u32,
) -> Result<EngineReply, LzError> {
    let kind: AgentKind = agent
        .parse()
        .map_err(|_| LzError::Agent(agent.chars().take(40).collect()))?;
    let mut session = LzSession::new(start)?;
    for m in moves.split_whitespace() {
        session.play(session.plies(), m)?;
    }
    if session.game.outcome().is_some() {
        return Ok(EngineReply {
            best_move: None,
            agent: kind.name().to_owned(),
            depth: 0,
            nodes: 0,
        });
    }
    let mut engine: Box<DynAgent> = kind.build(u64::from(seed));
    let choice = engine.choose(
        session.position(),
        &session.history(),
        &Limits::nodes(ENGINE_NODES),
    )?;
    Ok(EngineReply {
        best_move: Some(choice.mv.to_string()),
        agent: kind.name().to_owned(),
        depth: choice.depth,
        nodes: choice.nodes,
    })
}

#[cfg(test)]
mod tests;
