//! 暗棋 (dark play with a referee, L-31) for the web page: the referee
//! ([`luzhanqi::dark::DarkGame`]) holds the true game and the engine's dark agent plays one
//! side; the page is told only what the person may know: the view of its information state
//! ([`DarkView`]), its own pieces by kind and the enemy's as identities (start points), the
//! referee's announcements (the move, the combat's result, a flag point shown, the end), and
//! its beliefs ([`dark_beliefs`], from the information state string alone). The true game
//! leaves Rust only once the game is over ([`LzDarkSession::referee_record`]).
//!
//! ```
//! use gjjq_wasm::lz::dark::LzDarkSession;
//! use luzhanqi::Side;
//!
//! let own = luzhanqi::deploy::DEFAULT_DEPLOYMENT;
//! let mut game = LzDarkSession::new(own, Side::Red, Side::Red, "heuristic", 7)?;
//! let view = game.play("c6c7")?; // an attack on an unknown piece
//! assert_eq!(view.history[0].ascii, "c6c7");
//! assert!(view.history[0].combat.is_some());
//! // Every enemy piece is shown without a kind.
//! assert!(view.pieces.iter().filter(|p| p.side == "blue").all(|p| p.letter.is_none()));
//! let reply = game.engine_move()?; // Blue answers
//! assert!(reply.best_move.is_some());
//! # Ok::<(), gjjq_wasm::lz::LzError>(())
//! ```

use luzhanqi::dark::{Announcement, Beliefs, DarkGame, DarkRules, DarkView, InfoState, record};
use luzhanqi::deploy::Deployment;
use luzhanqi::{Kind, Move, Side};
use luzhanqi_engine::Limits;
use luzhanqi_engine::dark::{
    DarkAgentKind, DarkHeuristicAgent, DarkRandomAgent, DeterminizedAgent, DeterminizedConfig,
    DynDarkAgent, IsmctsAgent, IsmctsConfig,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;

use super::{
    LastMove, LzError, MoveView, OutcomeView, combat_name, outcome_view, parse_deployment,
    piece_letter, side_name,
};

/// The node budget of one dark engine move in the page: the information-set search over
/// [`DARK_ENGINE_WORLDS`] worlds answers in a few tenths of a second in a browser (measured
/// in `docs/web.md`).
pub const DARK_ENGINE_NODES: u64 = 12_000;

/// The worlds a dark agent draws per move in the page.
pub const DARK_ENGINE_WORLDS: u32 = 16;

/// One piece as the person sees it in a dark game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DarkPieceView {
    /// Its point.
    pub point: String,
    /// `red` or `blue`.
    pub side: &'static str,
    /// Its letter (L-5, upper case Red, lower case Blue) for an own piece; `None` for an
    /// enemy piece, whose kind the person does not know (L-31).
    pub letter: Option<char>,
    /// For an enemy piece, its identity: the point it started on, followed through its moves.
    pub id: Option<String>,
}

/// One announcement of the referee (L-31), as both sides hear it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AnnouncementView {
    /// The move, ASCII (`c6c7`).
    pub ascii: String,
    /// Who played it.
    pub side: &'static str,
    /// For an attack: `defender-removed`, `attacker-removed` or `both-removed`.
    pub combat: Option<&'static str>,
    /// The flag points shown by this move (a field marshal removed), with their sides.
    pub flags: Vec<FlagView>,
    /// The announcement's text in the information state (`c6c7=!d1`).
    pub text: String,
}

/// A flag point shown (L-31: its side's field marshal was removed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlagView {
    /// Whose flag.
    pub side: &'static str,
    /// Its point.
    pub point: String,
}

/// The person's view of a dark game: nothing in it depends on the enemy's kinds except
/// through what the referee announced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DarkPlayerView {
    /// The person's side.
    pub side: &'static str,
    /// The side to move.
    pub turn: &'static str,
    /// The moves played.
    pub plies: usize,
    /// The pieces on the board.
    pub pieces: Vec<DarkPieceView>,
    /// The person's legal moves (none when it is not its turn or the game is over).
    pub legal: Vec<MoveView>,
    /// The last move, with its combat's result.
    pub last: Option<LastMove>,
    /// Every announcement so far.
    pub history: Vec<AnnouncementView>,
    /// The flag points shown so far.
    pub flags: Vec<FlagView>,
    /// The end, once announced.
    pub outcome: Option<OutcomeView>,
    /// Plies since the last attack (L-15).
    pub quiet: u32,
    /// The person's information state string (for its beliefs and its record).
    pub info_state: String,
}

fn flags(shown: [Option<luzhanqi::Square>; 2]) -> Vec<FlagView> {
    [Side::Red, Side::Blue]
        .into_iter()
        .filter_map(|s| {
            shown[s.index()].map(|p| FlagView {
                side: side_name(s),
                point: p.to_string(),
            })
        })
        .collect()
}

fn announcement_view(a: &Announcement, side: Side) -> AnnouncementView {
    AnnouncementView {
        ascii: a.mv.to_string(),
        side: side_name(side),
        combat: a.result.map(combat_name),
        flags: flags(a.flag_shown),
        text: a.to_string(),
    }
}

/// The view of the side of `state`, computed from `state` alone (so it holds nothing the
/// referee did not tell).
///
/// ```
/// use gjjq_wasm::lz::dark::player_view;
/// use luzhanqi::dark::{DarkGame, DarkRules};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// game.play("c6c7".parse()?)?; // engineer against engineer: both removed
/// let view = player_view(game.info_state(Side::Red));
/// assert_eq!(view.history[0].combat, Some("both-removed"));
/// assert_eq!(view.pieces.len(), 48);
/// assert!(view.pieces.iter().all(|p| p.side == "red" || p.letter.is_none()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn player_view(state: &InfoState) -> DarkPlayerView {
    let view = DarkView::new(state);
    let side = state.side();
    let mut pieces: Vec<DarkPieceView> = view
        .own()
        .into_iter()
        .map(|(at, kind)| DarkPieceView {
            point: at.to_string(),
            side: side_name(side),
            letter: Some(piece_letter(side, kind)),
            id: None,
        })
        .chain(view.enemy().into_iter().map(|e| DarkPieceView {
            point: e.at.to_string(),
            side: side_name(side.other()),
            letter: None,
            id: Some(e.id.to_string()),
        }))
        .collect();
    pieces.sort_by(|a, b| a.point.cmp(&b.point));
    let legal = view
        .legal_moves()
        .into_iter()
        .map(|m: Move| MoveView {
            from: m.from.to_string(),
            to: m.to.to_string(),
            ascii: m.to_string(),
            attack: view.enemy_at(m.to).is_some(),
        })
        .collect();
    let mut mover = state.first();
    let mut history = Vec::with_capacity(state.history().len());
    for a in state.history() {
        history.push(announcement_view(a, mover));
        mover = mover.other();
    }
    let last = state.history().last().map(|a| LastMove {
        from: a.mv.from.to_string(),
        to: a.mv.to.to_string(),
        combat: a.result.map(combat_name),
    });
    DarkPlayerView {
        side: side_name(side),
        turn: side_name(view.turn()),
        plies: state.plies(),
        pieces,
        legal,
        last,
        history,
        flags: flags([view.flag_shown(Side::Red), view.flag_shown(Side::Blue)]),
        outcome: view.outcome().map(outcome_view),
        quiet: view.plies_since_attack(),
        info_state: state.to_string(),
    }
}

/// The dark engine's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DarkEngineReply {
    /// The move played (ASCII); `None` when it was not the engine's turn to play.
    pub best_move: Option<String>,
    /// The agent (`ismcts`, `determinized`, `heuristic`, `random`).
    pub agent: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// The person's view after the move.
    pub view: DarkPlayerView,
}

/// A dark game against the engine: the referee, the person's side and the engine's agent.
pub struct LzDarkSession {
    referee: DarkGame,
    human: Side,
    agent: Box<DynDarkAgent>,
    /// The person resigned: the game is over, the engine's side won.
    resigned: bool,
}

/// The end by the person's resignation: the engine's side wins.
fn resignation(human: Side) -> OutcomeView {
    super::resignation_view(Some(human.other()))
}

impl std::fmt::Debug for LzDarkSession {
    /// Only what the person may know: its side and the announcements.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LzDarkSession")
            .field("human", &self.human)
            .field("agent", &self.agent.name())
            .field("plies", &self.referee.history().len())
            .finish_non_exhaustive()
    }
}

fn dark_agent(kind: DarkAgentKind, seed: u64) -> Box<DynDarkAgent> {
    match kind {
        DarkAgentKind::Ismcts => Box::new(IsmctsAgent::with_config(
            seed,
            IsmctsConfig {
                worlds: DARK_ENGINE_WORLDS,
                default_nodes: DARK_ENGINE_NODES,
                ..IsmctsConfig::default()
            },
        )),
        DarkAgentKind::Determinized => Box::new(DeterminizedAgent::with_config(
            seed,
            DeterminizedConfig {
                worlds: DARK_ENGINE_WORLDS,
                default_nodes: DARK_ENGINE_NODES,
                ..DeterminizedConfig::default()
            },
        )),
        DarkAgentKind::Heuristic => Box::new(DarkHeuristicAgent::new(seed)),
        DarkAgentKind::Random => Box::new(DarkRandomAgent::new(seed)),
    }
}

impl LzDarkSession {
    /// A dark game: the person plays `side` with the deployment string `own` (L-19, its own
    /// frame), the engine the other side with a deployment drawn from `secret` (L-18) and the
    /// agent named `agent` (`ismcts`, `determinized`, `heuristic`, `random`), `first` to move.
    ///
    /// `secret` decides what the engine hides (L-31), so it must come from a source the
    /// person cannot see or type: the page's worker draws it with `crypto.getRandomValues`
    /// and never sends it out (a seed the person typed would show the engine's deployment,
    /// as [`super::random_deployment`] draws it).
    ///
    /// # Errors
    /// [`LzError::DeploymentString`] / [`LzError::Deployment`] for a bad `own`,
    /// [`LzError::DarkAgent`] for an unknown agent, [`LzError::Dark`] if the referee refuses.
    pub fn new(
        own: &str,
        side: Side,
        first: Side,
        agent: &str,
        secret: u64,
    ) -> Result<LzDarkSession, LzError> {
        let kind: DarkAgentKind = agent
            .parse()
            .map_err(|_| LzError::DarkAgent(agent.chars().take(40).collect()))?;
        let own = parse_deployment(side, own)?;
        let mut rng = StdRng::seed_from_u64(secret);
        let enemy = Deployment::random(&mut rng);
        let (red, blue) = match side {
            Side::Red => (own, enemy),
            Side::Blue => (enemy, own),
        };
        let referee = DarkGame::new(&red, &blue, first, DarkRules::STANDARD)
            .map_err(|e| LzError::Dark(e.to_string()))?;
        Ok(LzDarkSession {
            referee,
            human: side,
            agent: dark_agent(kind, secret ^ 0x5eed),
            resigned: false,
        })
    }

    /// The person's view.
    #[must_use]
    pub fn view(&self) -> DarkPlayerView {
        let mut view = player_view(self.referee.info_state(self.human));
        if self.resigned {
            view.outcome = Some(resignation(self.human));
            view.legal.clear();
        }
        view
    }

    /// The person resigns: the game is over, won by the engine's side, and the referee's
    /// record may be asked for. The person's view after it.
    ///
    /// # Errors
    /// [`LzError::NotYourTurn`] when the game is already over.
    pub fn resign(&mut self) -> Result<DarkPlayerView, LzError> {
        if self.is_over() {
            return Err(LzError::NotYourTurn {
                ply: self.referee.history().len() + 1,
            });
        }
        self.resigned = true;
        Ok(self.view())
    }

    /// The person plays `ascii`; its view after the move.
    ///
    /// # Errors
    /// [`LzError::MoveSyntax`]; [`LzError::NotYourTurn`] when it is the engine's turn or the
    /// game is over; [`LzError::Refused`] for a move that is not legal.
    pub fn play(&mut self, ascii: &str) -> Result<DarkPlayerView, LzError> {
        let m: Move = ascii.trim().parse().map_err(|error| LzError::MoveSyntax {
            text: ascii.chars().take(40).collect(),
            error,
        })?;
        let ply = self.referee.history().len() + 1;
        if self.is_over() || self.referee.turn() != self.human {
            return Err(LzError::NotYourTurn { ply });
        }
        self.referee.play(m).map_err(|e| match e {
            luzhanqi::dark::DarkError::Game(error) => LzError::Refused {
                ply,
                text: m.to_string(),
                error,
            },
            other => LzError::Dark(other.to_string()),
        })?;
        Ok(self.view())
    }

    /// The engine plays its move, chosen by its agent from the engine's information state
    /// alone (node limits only: no clock in the page's worker); the person's view after it.
    /// Nothing is played when it is not the engine's turn (`best_move` is `None`).
    ///
    /// # Errors
    /// [`LzError::DarkEngine`] when the agent gives no move.
    pub fn engine_move(&mut self) -> Result<DarkEngineReply, LzError> {
        let engine = self.human.other();
        if self.is_over() || self.referee.turn() != engine {
            return Ok(DarkEngineReply {
                best_move: None,
                agent: self.agent.name(),
                nodes: 0,
                view: self.view(),
            });
        }
        let limits = match self.agent.name() {
            "ismcts" | "determinized" => Limits::nodes(DARK_ENGINE_NODES),
            _ => Limits::default(),
        };
        let choice = self
            .agent
            .choose(self.referee.info_state(engine), &[], &limits)
            .map_err(|e| LzError::DarkEngine(e.to_string()))?;
        self.referee
            .play(choice.mv)
            .map_err(|e| LzError::DarkEngine(format!("{}: {e}", choice.mv)))?;
        Ok(DarkEngineReply {
            best_move: Some(choice.mv.to_string()),
            agent: self.agent.name(),
            nodes: choice.nodes,
            view: self.view(),
        })
    }

    /// The person's record (L-22, L-31): its own deployment and the announcements, nothing
    /// of the enemy's kinds; available at any time.
    ///
    /// # Errors
    /// [`LzError::Write`] if the record cannot be written.
    pub fn player_record(&self) -> Result<String, LzError> {
        record::player_record(self.referee.info_state(self.human))
            .map_err(|e| LzError::Write(e.to_string()))
    }

    /// The referee's record (both deployments, every move), a game file the page reviews as
    /// an open game: only once the game is over. After a resignation its result is the
    /// engine's win with `Termination "resignation"`.
    ///
    /// # Errors
    /// [`LzError::NotOver`] before the end, [`LzError::Write`] if it cannot be written.
    pub fn referee_record(&self) -> Result<String, LzError> {
        if !self.is_over() {
            return Err(LzError::NotOver);
        }
        let write = |e: &dyn std::fmt::Display| LzError::Write(e.to_string());
        let text = record::referee_record(&self.referee).map_err(|e| write(&e))?;
        if !self.resigned {
            return Ok(text);
        }
        // The library's record, read back and given the result of the resignation.
        let mut rec = luzhanqi::game_file::read_games(text.as_bytes())
            .map_err(|e| write(&e))?
            .into_iter()
            .next()
            .ok_or_else(|| LzError::Write("the referee's record holds no game".into()))?;
        let end = resignation(self.human);
        rec.result = end.result.parse().map_err(|e| write(&e))?;
        rec.tags.push(("Termination".into(), end.reason.into()));
        rec.write(luzhanqi::game_file::MoveForm::Simplified)
            .map_err(|e| write(&e))
    }

    /// The person's side.
    #[must_use]
    pub fn side(&self) -> Side {
        self.human
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.resigned || self.referee.outcome().is_some()
    }
}

/// One enemy piece's belief.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BeliefView {
    /// The point it stands on.
    pub point: String,
    /// Its identity (start point).
    pub id: String,
    /// The most likely kind's letter (upper case).
    pub letter: char,
    /// Its probability.
    pub probability: f64,
    /// Every kind of positive probability, `[letter, probability]`, in L-5 order.
    pub kinds: Vec<(char, f64)>,
}

/// The person's beliefs about the enemy pieces on the board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BeliefsView {
    /// Whether the probabilities are exact (else estimated from drawn worlds).
    pub exact: bool,
    /// The number of consistent worlds, in decimal (an upper bound when not exact).
    pub worlds: String,
    /// The enemy pieces on the board.
    pub pieces: Vec<BeliefView>,
}

/// The beliefs of an information state string (the person's, from its view's `infoState`):
/// each enemy piece's probability of each kind, every consistent world equally likely
/// ([`Beliefs`]).
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// game.play("c6c7".parse()?)?; // c7 removed Red's engineer and was removed: E or Z
/// let state = game.info_state(Side::Red).to_string();
/// let b = gjjq_wasm::lz::dark::dark_beliefs(&state)?;
/// assert!(b.exact);
/// assert_eq!(b.pieces.len(), 24);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`LzError::InfoState`] for a string that does not parse or has no consistent world.
pub fn dark_beliefs(state: &str) -> Result<BeliefsView, LzError> {
    let state: InfoState = state
        .trim()
        .parse()
        .map_err(|e: luzhanqi::dark::InfoStateError| LzError::InfoState(e.to_string()))?;
    let beliefs = Beliefs::new(&state).map_err(|e| LzError::InfoState(e.to_string()))?;
    let pieces = beliefs
        .pieces()
        .iter()
        .filter_map(|b| {
            let at = b.at?;
            let (kind, p) = b.most_likely();
            Some(BeliefView {
                point: at.to_string(),
                id: b.id.to_string(),
                letter: kind.letter(),
                probability: p,
                kinds: Kind::ALL
                    .into_iter()
                    .filter(|k| b.probabilities[k.index()] > 0.0)
                    .map(|k| (k.letter(), b.probabilities[k.index()]))
                    .collect(),
            })
        })
        .collect();
    Ok(BeliefsView {
        exact: beliefs.is_exact(),
        worlds: beliefs.worlds().to_string(),
        pieces,
    })
}
