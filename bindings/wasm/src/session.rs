//! A game as the web board sees it: a start position, the moves played, and views of any ply
//! as plain data (serialised to JSON at the boundary). Pure Rust, so host tests cover it.

use gjjq::notation::{
    AnnotatedGame, DerivedTags, GameFileError, GameReader, GameResult, MoveForm, MoveText, NodeId,
    ReadError, Record, RecordError, ReplayError, WriteError, write_game,
};
use gjjq::{
    GameError, Move, MoveParseError, Outcome, Position, Script, Setup, Side, Square,
    deploy::{DeploymentParseError, OpeningError, PlayMode},
    hidden::{InfoStateParseError, ProposeError},
    outcome::EndReason,
    position::PositionError,
    setup::SetupParseError,
};
use serde::Serialize;
use thiserror::Error;

/// Why the board refused a request: each variant says what was wrong and where.
#[derive(Debug, Error)]
pub enum WebError {
    /// A position string that does not parse (R-31).
    #[error("position string: {0}")]
    PositionString(#[from] SetupParseError),
    /// A position string that parses but breaks R-26.
    #[error("{0}")]
    InvalidPosition(Box<PositionError>),
    /// A move that is not the ASCII form (`5B5A`).
    #[error("move '{text}': {error}")]
    MoveSyntax {
        /// The text given.
        text: String,
        /// Why it is not an ASCII move.
        error: MoveParseError,
    },
    /// A move that names no legal move at its ply.
    #[error("move {ply} '{text}': {error}")]
    Illegal {
        /// The ply it would have had, from 1.
        ply: usize,
        /// The text given.
        text: String,
        /// Why it does not resolve.
        error: RecordError,
    },
    /// A move after the end of the game.
    #[error("move {ply} '{text}': {error}")]
    Refused {
        /// The ply it would have had, from 1.
        ply: usize,
        /// The text given.
        text: String,
        /// The game's refusal.
        error: Box<GameError>,
    },
    /// A ply past the end of the game.
    #[error("ply {ply} is past the game's last ply {plies}")]
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// The number of moves played.
        plies: usize,
    },
    /// A node id that names no move of the game (deleted, or never made).
    #[error("no move {0} in this game")]
    NoSuchNode(u32),
    /// A game file that does not read.
    #[error("game file: {0}")]
    Read(#[from] ReadError),
    /// A game file with no game in it.
    #[error("game file: no game found (tags, then moves such as 1. 团5B进5A)")]
    NoGame,
    /// A game file whose moves do not replay.
    #[error("game file: {0}")]
    Replay(Box<ReplayError>),
    /// A game that cannot be written.
    #[error("writing the game file: {0}")]
    Write(#[from] WriteError),
    /// An unknown name of a move form.
    #[error("unknown move form '{0}' (simplified, traditional or ascii)")]
    MoveForm(String),
    /// A deployment string (R-33) that is not five rows of nine files.
    #[error("{side}'s deployment, row {row}: {detail}")]
    Deployment {
        /// Whose deployment.
        side: Side,
        /// The row, 1 (front rank A) to 5 (base line E), or 0 for the string as a whole.
        row: usize,
        /// What is wrong.
        detail: String,
    },
    /// A side that is neither `red` nor `green`.
    #[error("side '{0}' is neither red nor green")]
    Side(String),
    /// A deployment string (R-33) that does not parse or breaks R-32.
    #[error("{side}'s deployment: {error}")]
    DeploymentString {
        /// Whose deployment.
        side: Side,
        /// Why it is refused.
        error: Box<DeploymentParseError>,
    },
    /// An opening the referee refuses (R-32 … R-34).
    #[error("opening: {0}")]
    Opening(Box<OpeningError>),
    /// A proposal that is not the ASCII form of a move (`5B5A`).
    #[error("proposal '{text}': {error}")]
    HiddenMove {
        /// The text given.
        text: String,
        /// Why it is not a move.
        error: MoveParseError,
    },
    /// A proposal the referee does not take: out of turn, or after the end (R-38).
    #[error("{0}")]
    Propose(Box<ProposeError>),
    /// An information-state string (R-41) that does not parse.
    #[error("information state: {0}")]
    InfoState(Box<InfoStateParseError>),
    /// The whole of a hidden game asked for before its end (R-39).
    #[error("a hidden game is revealed only once it is over")]
    NotOver,
    /// Beliefs asked of an information state that no referee could have told (R-41).
    #[error("beliefs: {0}")]
    Beliefs(Box<gjjq::hidden::BeliefError>),
}

impl From<PositionError> for WebError {
    fn from(e: PositionError) -> WebError {
        WebError::InvalidPosition(Box::new(e))
    }
}

impl From<OpeningError> for WebError {
    fn from(e: OpeningError) -> WebError {
        WebError::Opening(Box::new(e))
    }
}

impl From<ReplayError> for WebError {
    fn from(e: ReplayError) -> WebError {
        WebError::Replay(Box::new(e))
    }
}

/// One move as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveView {
    /// The ASCII form (R-30), `5B5A`.
    pub ascii: String,
    /// The action index (`Move::index`, in `0..8100`): the one integer encoding of a move,
    /// shared with the engine and the Python bindings.
    pub index: u16,
    /// The origin label.
    pub from: String,
    /// The destination label.
    pub to: String,
    /// The six-character record in simplified characters (R-28).
    pub simplified: String,
    /// The six-character record in traditional characters.
    pub traditional: String,
    /// Whether an enemy piece stands on the destination.
    pub capture: bool,
    /// The mover, `red` or `green`.
    pub side: String,
    /// For a legal move of a view: why it loses at once, judged by the library on the
    /// position after it ([`move_danger`]); `None` for a safe move and in records.
    pub danger: Option<&'static str>,
}

/// Why the legal move `m` of `pos` loses at once, for the board to mark before it is made
/// and to say after (issue 50 item 21): the position after it decides the game for the enemy
/// (its end's reason as `Outcome` writes it, such as `trapped-king`, R-22), or the mover's own
/// king stands attacked after it, so the enemy takes it next (`king-exposed`, R-20, R-21).
/// Nothing here restates a rule: the library's `outcome` and `is_attacked` judge.
///
/// ```
/// use gjjq::Position;
/// use gjjq_wasm::session::move_danger;
/// // Kings face each other on an open file with Red down to 5 pieces or fewer (R-18).
/// let pos: Position = "4k4/9/9/9/9/9/9/9/I8/4K4 r -".parse()?;
/// assert_eq!(move_danger(&pos, "5E4E".parse()?), None); // off the file: safe
/// assert_eq!(move_danger(&pos, "5E5D".parse()?), Some("king-exposed")); // still facing
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn move_danger(pos: &Position, m: Move) -> Option<&'static str> {
    let us = pos.turn();
    let them = us.other();
    let mut after = pos.clone();
    after.play_unchecked(m);
    if let Some(o) = after.outcome() {
        let (winner, reason) = outcome_parts(o);
        return (winner == Some(them)).then(|| reason.as_str());
    }
    match after.king(us) {
        Some(k) if after.is_attacked(k, them) => Some("king-exposed"),
        _ => None,
    }
}

impl MoveView {
    /// The view of `m`, a legal move of `pos`.
    #[must_use]
    pub fn new(pos: &Position, m: Move) -> MoveView {
        let record = Record::from_move(pos, m);
        let mover = pos.turn();
        MoveView {
            ascii: m.to_string(),
            index: m.index(),
            from: m.from().to_string(),
            to: m.to().to_string(),
            simplified: record.to_script(Script::Simplified),
            traditional: record.to_script(Script::Traditional),
            capture: pos.piece_at(m.to()).is_some_and(|p| p.side != mover),
            side: mover.to_string(),
            danger: None,
        }
    }
}

/// One piece on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PieceView {
    /// Its point's label.
    pub point: String,
    /// Its position-string letter (R-31): upper case Red, lower case Green.
    pub letter: String,
    /// `red` or `green`.
    pub side: String,
    /// The kind's name (`missile`).
    pub kind: String,
    /// Its record character, simplified.
    pub simplified: String,
    /// Its record character, traditional.
    pub traditional: String,
}

/// A pending return (R-19).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingView {
    /// The side that owes it.
    pub side: String,
    /// Where the striker stands.
    pub striker: String,
    /// Where it must return to.
    pub origin: String,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutcomeView {
    /// `red`, `green`, or `None` for a draw.
    pub winner: Option<String>,
    /// The reason's word, as the CLI prints it (`king-captured`).
    pub reason: String,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`).
    pub result: String,
}

impl OutcomeView {
    /// The view of `o`.
    #[must_use]
    pub fn new(o: Outcome) -> OutcomeView {
        let (winner, reason) = outcome_parts(o);
        OutcomeView {
            winner: winner.map(|s| s.to_string()),
            reason: reason.to_string(),
            result: GameResult::from_outcome(Some(o)).to_string(),
        }
    }
}

/// The winner and reason of an outcome: the one place that knows `Outcome`'s shape.
fn outcome_parts(o: Outcome) -> (Option<Side>, EndReason) {
    (o.winner(), o.reason())
}

/// Everything the page draws for one ply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    /// The ply shown: 0 is the start.
    pub ply: usize,
    /// The moves on the line the board walks.
    pub plies: usize,
    /// The node shown (see [`Session::tree`]).
    pub node: u32,
    /// The position string (R-31).
    pub position: String,
    /// The side to move.
    pub turn: String,
    /// The pieces.
    pub pieces: Vec<PieceView>,
    /// The move that led here.
    pub last_move: Option<MoveView>,
    /// Pending returns (R-19).
    pub pending: Vec<PendingView>,
    /// The legal moves here (none once the game is over).
    pub legal: Vec<MoveView>,
    /// The result, if the game is over here.
    pub outcome: Option<OutcomeView>,
    /// The annotation glyphs of the move that led here.
    pub glyphs: Vec<String>,
    /// The comments after the move that led here (before the first move at the start).
    pub comments: Vec<String>,
    /// Each king that stands attacked here (R-20), with its attackers and, for the side to
    /// move, its king moves split into escapes and covered steps (R-22); see [`threats`].
    pub threats: Vec<ThreatView>,
}

/// A king under attack (R-20), for the board to mark: the warning before R-22's trapped king
/// and the reason after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreatView {
    /// The king's side.
    pub side: String,
    /// Where the king stands.
    pub king: String,
    /// The enemy pieces that could capture it (R-20).
    pub attackers: Vec<String>,
    /// Where a king move of its own takes it out of attack (empty when it is not to move).
    pub escapes: Vec<String>,
    /// Where a king move of its own leaves it still attacked: the covered steps (R-22).
    pub covered: Vec<String>,
}

/// The kings attacked in `pos` (R-20), each with its attackers; for the side to move also
/// its king moves, each played out in full and judged as R-22 judges an escape. The trapped
/// king's own adjudication is set aside (`trapped_king: off`) only to list those moves, so a
/// position R-22 has decided still shows why: its attackers and every step covered.
///
/// ```
/// use gjjq::Position;
/// use gjjq_wasm::session::threats;
/// // Kings face each other on an open file with Red down to 5 pieces or fewer (R-18).
/// let pos: Position = "4k4/9/9/9/9/9/9/9/I8/4K4 r -".parse()?;
/// let t = threats(&pos);
/// assert_eq!((t[0].side.as_str(), t[0].king.as_str()), ("red", "5E"));
/// assert_eq!(t[0].attackers, ["5e"]);
/// let mut escapes = t[0].escapes.clone();
/// escapes.sort();
/// assert_eq!(escapes, ["4E", "6E"]); // off the file
/// assert_eq!(t[0].covered, ["5D"]); // still facing
/// // Red to move could take Green's king along the file: that king is attacked too.
/// assert_eq!((t[1].side.as_str(), t[1].attackers.as_slice()), ("green", ["5E".to_owned()].as_slice()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn threats(pos: &Position) -> Vec<ThreatView> {
    use gjjq::ruleset::TrappedKing;
    let us = pos.turn();
    let them = us.other();
    let mut rules = *pos.ruleset();
    rules.trapped_king = TrappedKing::Off;
    let open = pos.clone().with_ruleset(rules);
    let moves = open.legal_moves();
    let mut out = Vec::new();
    if let Some(king) = pos.king(us)
        && pos.is_check()
    {
        let (mut escapes, mut covered) = (Vec::new(), Vec::new());
        // A capture of the enemy king is a win, not an escape: it shows as that king's threat.
        let enemy_king = pos.king(them);
        for &m in moves
            .iter()
            .filter(|m| m.from() == king && Some(m.to()) != enemy_king)
        {
            let mut after = open.clone();
            after.play_unchecked(m);
            let safe = after.king(us).is_some_and(|k| !after.is_attacked(k, them));
            if safe { &mut escapes } else { &mut covered }.push(m.to().to_string());
        }
        out.push(ThreatView {
            side: us.to_string(),
            king: king.to_string(),
            attackers: pos.checkers().iter().map(|s| s.to_string()).collect(),
            escapes,
            covered,
        });
    }
    if let Some(king) = pos.king(them) {
        let attackers: Vec<String> = moves
            .iter()
            .filter(|m| m.to() == king)
            .map(|m| m.from().to_string())
            .collect();
        if !attackers.is_empty() {
            out.push(ThreatView {
                side: them.to_string(),
                king: king.to_string(),
                attackers,
                escapes: Vec::new(),
                covered: Vec::new(),
            });
        }
    }
    out
}

/// A line of the game tree as the page's move list shows it: each move with its glyphs,
/// comments and alternatives (each itself a line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TreeMove {
    /// The node's id: what [`Session::select`], [`Session::promote`] and
    /// [`Session::delete_variation`] take.
    pub node: u32,
    /// Its ply, from 1.
    pub ply: usize,
    /// The move.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// Its annotation glyphs as written (`!?`, `$14`).
    pub glyphs: Vec<String>,
    /// The comments after it.
    pub comments: Vec<String>,
    /// Whether it lies on the line the board walks ([`Session::plies`], [`Session::view`]).
    pub current: bool,
    /// The alternatives to this move, each a line that starts with its first move.
    pub variations: Vec<Vec<TreeMove>>,
}

/// A game on the web board: conversion code over the library's [`AnnotatedGame`] (its tags,
/// tree of moves with comments, glyphs and variations, and result), plus the line the board
/// walks. Ply `p` of that line is a node of the tree; [`Session::view`] reads the position
/// stored at the node and [`Session::play`] pushes on it, so neither replays from the start.
#[derive(Debug, Clone)]
pub struct Session {
    game: AnnotatedGame,
    /// The line the board walks: the root, then one node a ply.
    line: Vec<NodeId>,
}

/// The position string of the default opening (R-27).
///
/// ```
/// assert!(gjjq_wasm::session::default_position().starts_with("fpmgkgmpf/"));
/// ```
#[must_use]
pub fn default_position() -> String {
    Setup::default_opening().to_string()
}

/// The position of a position string, validated (R-26, R-31).
///
/// # Errors
/// [`WebError::PositionString`] or [`WebError::InvalidPosition`].
///
/// ```
/// use gjjq_wasm::session::{parse_position, WebError};
/// assert!(parse_position("4k4/9/9/9/9/9/9/9/9/4K4 r -").is_ok());
/// assert!(matches!(parse_position("9/9 r"), Err(WebError::PositionString(_))));
/// ```
pub fn parse_position(text: &str) -> Result<Position, WebError> {
    let setup: Setup = text.trim().parse()?;
    Ok(Position::from_setup(setup)?)
}

impl Session {
    /// A new game from a position string (an empty string is the default opening).
    ///
    /// # Errors
    /// [`WebError::PositionString`] or [`WebError::InvalidPosition`].
    ///
    /// ```
    /// use gjjq_wasm::session::Session;
    /// let s = Session::new("4k4/9/9/4P4/9/9/9/9/9/4K4 r - 0 1")?;
    /// assert_eq!(s.view(0)?.pieces.len(), 3);
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    pub fn new(position: &str) -> Result<Session, WebError> {
        let start = if position.trim().is_empty() {
            Position::default()
        } else {
            parse_position(position)?
        };
        Ok(Session::from_annotated(AnnotatedGame::new(start)))
    }

    /// A session over `game`, walking its main line.
    ///
    /// ```
    /// use gjjq_wasm::session::Session;
    /// use gjjq::notation::{AnnotatedGame, NodeId};
    /// let mut game = AnnotatedGame::new(gjjq::Position::default());
    /// game.push(NodeId::ROOT, "5B5A".parse()?)?;
    /// assert_eq!(Session::from_annotated(game).plies(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_annotated(game: AnnotatedGame) -> Session {
        let mut s = Session {
            game,
            line: vec![NodeId::ROOT],
        };
        s.extend_line();
        s
    }

    /// The annotated game underneath.
    #[must_use]
    pub fn annotated(&self) -> &AnnotatedGame {
        &self.game
    }

    /// The first game of a game file, read once into the annotated game: its start, its
    /// moves with their variations, comments and glyphs, its stated result when the rules do
    /// not decide it, and its tags. The board walks its main line.
    ///
    /// # Errors
    /// [`WebError::Read`] (with line and column), [`WebError::NoGame`], [`WebError::Replay`]
    /// (with the place of a bad move, in any line).
    ///
    /// ```
    /// use gjjq_wasm::session::Session;
    /// let s = Session::from_game_file("1. 团5B进5A (1. 团5B退5C) 1... 团5b进5a *\n")?;
    /// assert_eq!(s.moves_ascii(), "5B5A 5b5a");
    /// assert_eq!(s.tree()[0].variations[0][0].mv.ascii, "5B5C");
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    pub fn from_game_file(text: &str) -> Result<Session, WebError> {
        match GameReader::new(text.as_bytes()).read_annotated(None) {
            None => Err(WebError::NoGame),
            Some(Ok(game)) => Ok(Session::from_annotated(game)),
            Some(Err(GameFileError::Read(e))) => Err(WebError::Read(e)),
            Some(Err(GameFileError::Replay(e))) => Err(e.into()),
        }
    }

    /// A game of `moves` (legal from `start`, as a referee played them), with a result the
    /// rules did not reach (`declared`) and `tags` for its game file.
    pub(crate) fn from_parts(
        start: Position,
        moves: Vec<Move>,
        declared: Option<Outcome>,
        tags: Vec<(String, String)>,
    ) -> Session {
        let mut game = AnnotatedGame::new(start);
        for (name, value) in &tags {
            game.set_tag(name, value);
        }
        let mut at = NodeId::ROOT;
        for m in moves {
            match game.push(at, m) {
                Ok(node) => at = node,
                // Cannot happen: the referee played these moves from this start.
                Err(_) => break,
            }
        }
        game.set_result(GameResult::from_outcome(declared));
        Session::from_annotated(game)
    }

    /// Follow main continuations from the end of the line to a leaf.
    fn extend_line(&mut self) {
        let mut at = *self.line.last().expect("the root");
        while let Some(&next) = self.game.children(at).first() {
            self.line.push(next);
            at = next;
        }
    }

    /// The number of moves on the line the board walks.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.line.len() - 1
    }

    /// The node at `ply` of the line the board walks.
    ///
    /// # Errors
    /// [`WebError::NoSuchPly`] past the end of the line.
    pub fn node_at(&self, ply: usize) -> Result<NodeId, WebError> {
        self.line.get(ply).copied().ok_or(WebError::NoSuchPly {
            ply,
            plies: self.plies(),
        })
    }

    /// The last node of the line the board walks: where an engine searches, with
    /// [`AnnotatedGame::keys_to`] for the keys before it (R-24) and
    /// [`AnnotatedGame::outcome_at`] for whether the game is over there.
    #[must_use]
    pub fn line_end(&self) -> NodeId {
        *self.line.last().expect("the root")
    }

    /// What the page draws at `ply` (0 = the start) of the line it walks: the position the
    /// node stores, no replay.
    ///
    /// # Errors
    /// [`WebError::NoSuchPly`] past the last move.
    ///
    /// ```
    /// use gjjq_wasm::session::Session;
    /// let s = Session::new("")?;
    /// let v = s.view(0)?;
    /// assert_eq!((v.turn.as_str(), v.pieces.len()), ("red", 32));
    /// assert!(v.legal.iter().any(|m| m.simplified == "团5B进5A"));
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    pub fn view(&self, ply: usize) -> Result<View, WebError> {
        let node = self.node_at(ply)?;
        let pos = self.game.position_at(node);
        let setup = pos.to_setup();
        let pieces = Square::all()
            .filter_map(|sq| {
                pos.piece_at(sq).map(|p| PieceView {
                    point: sq.to_string(),
                    letter: p.ascii().to_string(),
                    side: p.side.to_string(),
                    kind: p.kind.name().to_owned(),
                    simplified: p.record_char(Script::Simplified).to_string(),
                    traditional: p.record_char(Script::Traditional).to_string(),
                })
            })
            .collect();
        let last_move = self.move_view(node);
        let pending = Side::ALL
            .into_iter()
            .filter_map(|side| {
                setup.pending[side.index()].map(|p| PendingView {
                    side: side.to_string(),
                    striker: p.striker.to_string(),
                    origin: p.origin.to_string(),
                })
            })
            .collect();
        let outcome = self.game.outcome_at(node);
        let legal = if outcome.is_some() {
            Vec::new()
        } else {
            pos.legal_moves()
                .iter()
                .map(|&m| MoveView {
                    danger: move_danger(pos, m),
                    ..MoveView::new(pos, m)
                })
                .collect()
        };
        Ok(View {
            ply,
            plies: self.plies(),
            node: node_number(node),
            position: setup.to_string(),
            turn: pos.turn().to_string(),
            pieces,
            last_move,
            pending,
            legal,
            outcome: outcome.map(OutcomeView::new),
            glyphs: self
                .game
                .glyphs(node)
                .iter()
                .map(|g| g.to_string())
                .collect(),
            comments: self.game.comments(node).to_vec(),
            threats: threats(pos),
        })
    }

    /// The view of the move that leads to `node` (`None` for the root).
    fn move_view(&self, node: NodeId) -> Option<MoveView> {
        let parent = self.game.parent(node)?;
        Some(MoveView::new(
            self.game.position_at(parent),
            self.game.move_at(node)?,
        ))
    }

    /// Every move of the line the board walks, with its record.
    #[must_use]
    pub fn moves(&self) -> Vec<MoveView> {
        self.line[1..]
            .iter()
            .filter_map(|&n| self.move_view(n))
            .collect()
    }

    /// Play `ascii` (`5B5A`) at `ply` of the line the board walks. The same move as the
    /// line's next one follows it; a move the tree already has there follows that line; a
    /// new move after the end of a line extends it, and a new move before the end starts a
    /// variation (the moves after `ply` stay in the tree). The board then walks the line of
    /// the move played.
    ///
    /// # Errors
    /// [`WebError::NoSuchPly`], [`WebError::MoveSyntax`], [`WebError::Illegal`],
    /// [`WebError::Refused`] after the end; the game is unchanged on error.
    ///
    /// ```
    /// use gjjq_wasm::session::Session;
    /// let mut s = Session::new("")?;
    /// assert_eq!(s.play(0, "5B5A")?.traditional, "團5B進5A");
    /// assert!(s.play(1, "5B5A").is_err()); // Green to move
    /// s.play(0, "5B5C")?; // reviewing the start: a variation
    /// assert_eq!(s.moves_ascii(), "5B5C");
    /// assert_eq!(s.tree()[0].variations[0][0].mv.ascii, "5B5C");
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    pub fn play(&mut self, ply: usize, ascii: &str) -> Result<MoveView, WebError> {
        let node = self.node_at(ply)?;
        let text = ascii.trim();
        let parsed: Move = text.parse().map_err(|error| WebError::MoveSyntax {
            text: text.to_owned(),
            error,
        })?;
        let pos = self.game.position_at(node);
        let m = MoveText::Ascii(parsed)
            .to_move(pos)
            .map_err(|error| WebError::Illegal {
                ply: ply + 1,
                text: text.to_owned(),
                error,
            })?;
        let view = MoveView::new(pos, m);
        if let Some(&next) = self.line.get(ply + 1)
            && self.game.move_at(next) == Some(m)
        {
            return Ok(view);
        }
        let child = self.game.push(node, m).map_err(|error| WebError::Refused {
            ply: ply + 1,
            text: text.to_owned(),
            error: Box::new(error),
        })?;
        self.line.truncate(ply + 1);
        self.line.push(child);
        self.extend_line();
        Ok(view)
    }

    /// Walk the line through `node`: the path from the start to it, then its main
    /// continuations. Returns its ply.
    ///
    /// # Errors
    /// [`WebError::NoSuchNode`] for an id that names no move of the game.
    ///
    /// ```
    /// use gjjq_wasm::session::Session;
    /// let mut s = Session::from_game_file("1. 团5B进5A (1. 团5B退5C 团5b进5a) *\n")?;
    /// let alt = s.tree()[0].variations[0][0].node;
    /// assert_eq!(s.select(alt)?, 1);
    /// assert_eq!(s.moves_ascii(), "5B5C 5b5a");
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    pub fn select(&mut self, node: u32) -> Result<usize, WebError> {
        let id = self.node_id(node)?;
        self.line = self.game.path(id);
        self.extend_line();
        Ok(self.game.ply(id))
    }

    /// Make the line through `node` the main line (each move on its path the main
    /// continuation). The board keeps walking the same line.
    ///
    /// # Errors
    /// [`WebError::NoSuchNode`].
    ///
    /// ```
    /// use gjjq_wasm::session::Session;
    /// let mut s = Session::from_game_file("1. 团5B进5A (1. 团5B退5C) *\n")?;
    /// let alt = s.tree()[0].variations[0][0].node;
    /// s.promote(alt)?;
    /// assert_eq!(s.tree()[0].mv.ascii, "5B5C");
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    pub fn promote(&mut self, node: u32) -> Result<(), WebError> {
        let id = self.node_id(node)?;
        self.game.make_main(id);
        Ok(())
    }

    /// Delete `node` and every move after it; the board walks back to its parent's line.
    /// Returns the ply the board should show (the parent's).
    ///
    /// # Errors
    /// [`WebError::NoSuchNode`] (the start cannot be deleted).
    ///
    /// ```
    /// use gjjq_wasm::session::Session;
    /// let mut s = Session::from_game_file("1. 团5B进5A (1. 团5B退5C) *\n")?;
    /// let alt = s.tree()[0].variations[0][0].node;
    /// assert_eq!(s.delete_variation(alt)?, 0);
    /// assert!(s.tree()[0].variations.is_empty());
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    pub fn delete_variation(&mut self, node: u32) -> Result<usize, WebError> {
        let id = self.node_id(node)?;
        let parent = self.game.parent(id).ok_or(WebError::NoSuchNode(node))?;
        let on_line = self.line.get(self.game.ply(id)) == Some(&id);
        self.game.delete(id);
        if on_line {
            self.line = self.game.path(parent);
            self.extend_line();
        }
        Ok(self.game.ply(parent))
    }

    fn node_id(&self, node: u32) -> Result<NodeId, WebError> {
        let id = NodeId::from_raw(node);
        if self.game.contains(id) {
            Ok(id)
        } else {
            Err(WebError::NoSuchNode(node))
        }
    }

    /// The whole game as the move list shows it: the main line, each move with its
    /// alternatives (nested), glyphs and comments, and whether it lies on the line walked.
    #[must_use]
    pub fn tree(&self) -> Vec<TreeMove> {
        self.tree_line(self.game.children(NodeId::ROOT).first().copied())
    }

    fn tree_line(&self, first: Option<NodeId>) -> Vec<TreeMove> {
        let mut out = Vec::new();
        let mut at = first;
        while let Some(id) = at {
            let ply = self.game.ply(id);
            out.push(TreeMove {
                node: node_number(id),
                ply,
                mv: self.move_view(id).expect("a move"),
                glyphs: self.game.glyphs(id).iter().map(|g| g.to_string()).collect(),
                comments: self.game.comments(id).to_vec(),
                current: self.line.get(ply) == Some(&id),
                variations: self
                    .game
                    .variations(id)
                    .iter()
                    .map(|&alt| self.tree_line(Some(alt)))
                    .collect(),
            });
            at = self.game.children(id).first().copied();
        }
        out
    }

    /// The game as a game file, moves written as `form` (`simplified`, `traditional` or
    /// `ascii`, see [`MoveForm`]), variations, comments and glyphs included. Tags read from
    /// a file are kept; `Setup` (for a start other than the default opening), `Result` and,
    /// for a finished game, `Termination` are set from the main line.
    ///
    /// # Errors
    /// [`WebError::MoveForm`] for an unknown form, [`WebError::Write`].
    ///
    /// ```
    /// use gjjq_wasm::session::Session;
    /// let mut s = Session::new("")?;
    /// s.play(0, "3E7d")?;
    /// assert!(s.game_file("simplified")?.contains("1. 弹3E攻7d"));
    /// assert!(s.game_file("ascii")?.contains("1. 3E7d"));
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    pub fn game_file(&self, form: &str) -> Result<String, WebError> {
        let form: MoveForm = if form.is_empty() {
            MoveForm::default()
        } else {
            form.parse()
                .map_err(|_| WebError::MoveForm(form.to_owned()))?
        };
        let mut record = self.game.to_record_with(DerivedTags::Outcome);
        if self.game.tags().is_empty() {
            // A game of the board's own: its tags first, then those the game derives.
            let derived = std::mem::take(&mut record.tags);
            record.set_tag("Event", "gjjq web board");
            record.set_tag("Rules", "standard");
            record.set_tag("Mode", PlayMode::Open.name());
            record.tags.extend(derived);
        }
        let mut out = Vec::new();
        write_game(&record, form, &mut out)?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// The start's position string.
    #[must_use]
    pub fn start_position(&self) -> String {
        self.game.start().to_setup().to_string()
    }

    /// The moves of the line the board walks in the ASCII form, space separated.
    #[must_use]
    pub fn moves_ascii(&self) -> String {
        let all: Vec<String> = self.line[1..]
            .iter()
            .filter_map(|&n| self.game.move_at(n).map(|m| m.to_string()))
            .collect();
        all.join(" ")
    }
}

/// A node's id as the page holds it.
fn node_number(id: NodeId) -> u32 {
    id.raw()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One Red move from a king capture: aircraft 5b, Green's king 5e.
    const KING_HUNT: &str = "4k4/9/9/4P4/9/9/9/9/9/4K4 r - 0 1";

    fn play_all(s: &mut Session, moves: &[&str]) {
        for m in moves {
            let ply = s.plies();
            s.play(ply, m).unwrap();
        }
    }

    #[test]
    fn opening_view_has_32_pieces_and_51_moves() {
        let s = Session::new("").unwrap();
        let v = s.view(0).unwrap();
        assert_eq!(v.position, default_position());
        assert_eq!(v.pieces.len(), 32);
        assert_eq!(v.legal.len(), Position::default().legal_moves().len());
        assert!(v.last_move.is_none() && v.outcome.is_none());
        let strike = v.legal.iter().find(|m| m.ascii == "3E7d").unwrap();
        assert_eq!(strike.simplified, "弹3E攻7d");
        assert_eq!(strike.traditional, "彈3E攻7d");
        assert!(strike.capture);
    }

    #[test]
    fn returning_capture_then_return_r19() {
        // R-19: the strike leaves a pending return; Green moves; Red's one move is the return.
        let mut s = Session::new("").unwrap();
        play_all(&mut s, &["3E7d"]);
        let v = s.view(1).unwrap();
        assert_eq!(v.pending.len(), 1);
        assert_eq!(v.pending[0].striker, "7d");
        assert_eq!(v.pending[0].origin, "3E");
        assert_eq!(v.last_move.as_ref().unwrap().simplified, "弹3E攻7d");
        play_all(&mut s, &["5b5a"]);
        let v = s.view(2).unwrap();
        assert_eq!(v.legal.len(), 1);
        assert_eq!(v.legal[0].ascii, "7d3E");
        play_all(&mut s, &["7d3E"]);
        let v = s.view(3).unwrap();
        assert!(v.pending.is_empty());
        assert!(v.pieces.iter().any(|p| p.point == "3E" && p.letter == "M"));
        assert!(!v.pieces.iter().any(|p| p.point == "7d"));
    }

    #[test]
    fn play_from_a_past_ply_makes_a_variation_and_keeps_the_later_moves() {
        let mut s = Session::new("").unwrap();
        play_all(&mut s, &["5B5A", "5b5a", "4B4A"]);
        s.play(1, "4b4a").unwrap();
        let moves: Vec<String> = s.moves().into_iter().map(|m| m.ascii).collect();
        assert_eq!(moves, ["5B5A", "4b4a"]);
        let tree = s.tree();
        let main: Vec<&str> = tree.iter().map(|m| m.mv.ascii.as_str()).collect();
        assert_eq!(main, ["5B5A", "5b5a", "4B4A"], "the main line stays");
        assert_eq!(tree[1].variations.len(), 1);
        assert_eq!(tree[1].variations[0][0].mv.ascii, "4b4a");
        assert!(tree[1].variations[0][0].current && !tree[1].current);
        // The same move as the line's next one is followed, not added again.
        s.select(tree[0].node).unwrap();
        s.play(1, "5b5a").unwrap();
        assert_eq!(s.moves_ascii(), "5B5A 5b5a 4B4A");
        assert_eq!(s.tree()[1].variations.len(), 1);
        // A move the tree has as a variation is followed into that line.
        s.play(1, "4b4a").unwrap();
        assert_eq!(s.moves_ascii(), "5B5A 4b4a");
        assert_eq!(s.tree()[1].variations.len(), 1);
        // Extending the variation at its end continues it.
        s.play(2, "4B4A").unwrap();
        let tree = s.tree();
        assert_eq!(tree[1].variations[0].len(), 2);
        assert_eq!(s.plies(), 3);
        // The file keeps the variation, and reads back to the same tree.
        let text = s.game_file("ascii").unwrap();
        assert!(text.contains("(1... 4b4a 2. 4B4A)"), "{text}");
        let back = Session::from_game_file(&text).unwrap();
        assert_eq!(back.game_file("ascii").unwrap(), text);
    }

    #[test]
    fn promote_and_delete_a_variation() {
        let mut s = Session::from_game_file("1. 5B5A (1. 5B5C 5b5a) (1. 4B4A) 5b5a *\n").unwrap();
        assert_eq!(s.moves_ascii(), "5B5A 5b5a");
        let alt = s.tree()[0].variations[0][0].node;
        assert_eq!(s.select(alt).unwrap(), 1);
        assert_eq!(s.moves_ascii(), "5B5C 5b5a");
        s.promote(alt).unwrap();
        let tree = s.tree();
        assert_eq!(tree[0].mv.ascii, "5B5C");
        assert_eq!(tree[0].variations.len(), 2);
        assert_eq!(s.moves_ascii(), "5B5C 5b5a", "the board stays on its line");
        let third = tree[0].variations[1][0].node;
        assert_eq!(s.delete_variation(alt).unwrap(), 0);
        assert_eq!(
            s.moves_ascii(),
            "5B5A 5b5a",
            "the line walked was deleted: back to its parent's line"
        );
        assert_eq!(
            s.tree()[0].mv.ascii,
            "5B5A",
            "the next alternative takes its place"
        );
        assert!(matches!(s.select(alt), Err(WebError::NoSuchNode(_))));
        assert!(matches!(
            s.delete_variation(0),
            Err(WebError::NoSuchNode(0))
        ));
        assert_eq!(s.select(third).unwrap(), 1);
        assert_eq!(s.moves_ascii(), "4B4A");
    }

    #[test]
    fn view_carries_glyphs_comments_and_node() {
        let s = Session::from_game_file("1. 5B5A!? {good} 5b5a *\n").unwrap();
        let v = s.view(1).unwrap();
        assert_eq!(v.glyphs, ["!?"]);
        assert_eq!(v.comments, ["good"]);
        assert_eq!(v.node, s.tree()[0].node);
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        assert!(matches!(
            Session::new("9/9 r"),
            Err(WebError::PositionString(_))
        ));
        assert!(matches!(
            Session::new("3kk4/9/9/9/9/9/9/9/9/4K4 r -"),
            Err(WebError::InvalidPosition(_))
        ));
        let mut s = Session::new("").unwrap();
        assert!(matches!(s.play(0, "5B"), Err(WebError::MoveSyntax { .. })));
        let e = s.play(0, "5B5a").unwrap_err();
        assert!(matches!(e, WebError::Illegal { ply: 1, .. }), "{e}");
        assert!(matches!(s.play(3, "5B5A"), Err(WebError::NoSuchPly { .. })));
        assert!(matches!(s.view(1), Err(WebError::NoSuchPly { .. })));
        assert_eq!(s.plies(), 0);
    }

    #[test]
    fn king_capture_ends_the_game_with_its_reason_r21() {
        // Red's aircraft on 5b flies three points onto Green's king on 5e (R-13, R-21).
        let mut s = Session::new(KING_HUNT).unwrap();
        let v = s.view(0).unwrap();
        let kill = v
            .legal
            .iter()
            .find(|m| m.to == "5e")
            .expect("a king capture");
        let ascii = kill.ascii.clone();
        s.play(0, &ascii).unwrap();
        let v = s.view(1).unwrap();
        let o = v.outcome.unwrap();
        assert_eq!(o.winner.as_deref(), Some("red"));
        assert_eq!(o.reason, "king-captured");
        assert!(v.legal.is_empty());
        assert!(matches!(s.play(1, "5E4E"), Err(WebError::Illegal { .. })));
    }

    #[test]
    fn game_file_round_trips_in_every_form() {
        let mut s = Session::new("").unwrap();
        play_all(&mut s, &["3E7d", "5b5a", "7d3E", "4b4a"]);
        for form in ["simplified", "traditional", "ascii"] {
            let text = s.game_file(form).unwrap();
            let back = Session::from_game_file(&text).unwrap();
            assert_eq!(back.moves_ascii(), s.moves_ascii(), "{form}: {text}");
        }
        assert!(s.game_file("simplified").unwrap().contains("弹3E攻7d"));
        assert!(s.game_file("traditional").unwrap().contains("彈3E攻7d"));
        assert!(matches!(s.game_file("klingon"), Err(WebError::MoveForm(_))));
    }

    /// The board's own game file names its mode as `PlayMode` reads it (`open`, R-36; issue
    /// 49): a reader of the tag gets open play back, not a parse error.
    /// The view marks the legal moves that lose at once (issue 50 item 21): with the kings
    /// facing (R-18), a king step that stays on the file leaves the king attacked (R-20) and
    /// is marked; a step off the file is not; no record carries a mark.
    #[test]
    fn legal_moves_that_lose_at_once_are_marked() {
        let s = Session::new("4k4/9/9/9/9/9/9/9/I8/4K4 r -").unwrap();
        let v = s.view(0).unwrap();
        let danger = |a: &str| v.legal.iter().find(|m| m.ascii == a).map(|m| m.danger);
        assert_eq!(danger("5E5D"), Some(Some("king-exposed")));
        assert_eq!(danger("5E4E"), Some(None));
        assert!(v.legal.iter().any(|m| m.danger.is_none()));
    }

    #[test]
    fn game_file_mode_tag_is_a_play_mode() {
        let mut s = Session::new("").unwrap();
        play_all(&mut s, &["3E7d"]);
        let text = s.game_file("ascii").unwrap();
        let record = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
        let mode = record.tag("Mode").expect("a Mode tag");
        assert_eq!(mode.parse::<PlayMode>(), Ok(PlayMode::Open), "{text}");
    }

    #[test]
    fn sample_game_file_replays_to_its_trapped_king() {
        let text = include_str!("../../../examples/sample.gjjq");
        let s = Session::from_game_file(text).unwrap();
        assert_eq!(s.plies(), 161);
        let v = s.view(s.plies()).unwrap();
        let o = v.outcome.unwrap();
        assert_eq!(
            (o.winner.as_deref(), o.reason.as_str()),
            (Some("red"), "trapped-king")
        );
        let exported = s.game_file("simplified").unwrap();
        assert!(exported.contains("[Termination \"trapped-king\"]"));
        assert!(exported.contains("[Event \"gjjq sample game\"]"));
    }

    #[test]
    fn stated_result_is_kept_as_a_resignation() {
        let s = Session::from_game_file("1. 团5B进5A 团5b进5a 0-1\n").unwrap();
        let o = s.view(2).unwrap().outcome.unwrap();
        assert_eq!(
            (o.winner.as_deref(), o.reason.as_str()),
            (Some("green"), "resignation")
        );
        assert!(s.view(1).unwrap().outcome.is_none());
    }

    #[test]
    fn game_file_errors_say_where() {
        let e = Session::from_game_file("1. 团5B侵5A *").unwrap_err();
        assert!(e.to_string().contains("1:4"), "{e}");
        assert!(matches!(Session::from_game_file(""), Err(WebError::NoGame)));
    }

    #[test]
    fn start_other_than_the_opening_is_kept_in_the_setup_tag() {
        let pos = KING_HUNT;
        let s = Session::new(pos).unwrap();
        let text = s.game_file("ascii").unwrap();
        assert!(text.contains(&format!("[Setup \"{pos}\"]")), "{text}");
        assert_eq!(
            Session::from_game_file(&text).unwrap().start_position(),
            pos
        );
    }

    #[test]
    fn a_trapped_king_shows_its_attackers_and_every_step_covered_r22() {
        let s = Session::from_game_file(include_str!("../../../examples/sample.gjjq")).unwrap();
        let end = s.view(s.plies()).unwrap();
        let o = end.outcome.as_ref().unwrap();
        assert_eq!(o.reason, "trapped-king");
        let loser = end.turn.clone();
        let t = end.threats.iter().find(|t| t.side == loser).unwrap();
        assert!(!t.attackers.is_empty());
        assert!(t.escapes.is_empty(), "{t:?}");
        // The opening: no king attacked.
        assert!(s.view(0).unwrap().threats.is_empty());
    }
}
