//! 翻棋 (flip play, L-32) for the web page: every piece starts face down; a turn flips one or
//! moves one of the mover's face-up pieces; the first flip settles the colours (rule
//! `first_flip`, the mode's default).
//!
//! A game against the engine holds a deal ([`FlipDeal::random`] from the seed): which piece
//! lies under each face-down point. The deal stays in Rust; the page is given only the
//! [`FlipView`]: the face-up pieces by kind, the face-down points *without* kinds, the plies
//! with what each flip revealed, whose turn, the colours once settled, the legal flips and
//! moves, the end. A flip game file is reviewed the same way ([`LzFlipSession::from_game_file`]),
//! any ply, and every game is written as a flip record ([`FlipRecord::write`]).
//!
//! ```
//! use gjjq_wasm::lz::flip::LzFlipSession;
//! use luzhanqi::flip::Player;
//!
//! let mut game = LzFlipSession::new(Player::First, "heuristic", 7)?;
//! let view = game.play("c6")?; // flip c6: the colours are settled
//! assert_eq!(view.face_down.len(), 49);
//! assert!(view.you.is_some());
//! let reply = game.engine_move()?; // the engine answers
//! assert!(reply.action.is_some());
//! assert!(game.game_file()?.contains("[Mode \"flip\"]"));
//! # Ok::<(), gjjq_wasm::lz::LzError>(())
//! ```

use luzhanqi::flip::record::{FlipRecord, read_flip_record};
use luzhanqi::flip::{FlipAction, FlipDeal, FlipGame, FlipGameError, FlipPosition, Player};
use luzhanqi::{Side, Square};
use luzhanqi_engine::flip::DynFlipAgent;
use luzhanqi_engine::{AgentKind, Limits};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;

use super::{
    LastMove, LzError, MoveView, OutcomeView, PieceView, combat_name, outcome_view, piece_letter,
    side_name,
};

/// The node budget of one move of the flip search in the page (a few tenths of a second in a
/// browser, measured in `docs/web.md`): node limits only, the page's worker has no clock.
pub const FLIP_ENGINE_NODES: u64 = 40_000;

/// One ply as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlipPlyView {
    /// The ply's text (`c6=E` a flip that revealed a red engineer, `c6c7` a move).
    pub text: String,
    /// The action alone (`c6`, `c6c7`).
    pub action: String,
    /// `first` or `second`: who played it.
    pub player: &'static str,
    /// The colour it played, once the colours were settled by then.
    pub side: Option<&'static str>,
    /// For an attack: `defender-removed`, `attacker-removed` or `both-removed`.
    pub combat: Option<&'static str>,
}

/// A flip game as the page may see it at one ply: nothing in it tells what a face-down piece
/// is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlipView {
    /// The ply shown (0 = the start).
    pub ply: usize,
    /// The plies played.
    pub plies: usize,
    /// The flip state string (L-32; face-down points are `?`, the unseen pieces a count).
    pub position: String,
    /// The person's player (`first`, `second`); `None` when reviewing a file.
    pub player: Option<&'static str>,
    /// The person's colour, once settled (and when playing).
    pub you: Option<&'static str>,
    /// The colour of the first player, once settled (L-32).
    pub first_colour: Option<&'static str>,
    /// The player to act (`first`, `second`).
    pub to_act: &'static str,
    /// The colour to act, once settled.
    pub turn: Option<&'static str>,
    /// Whether it is the person's turn (never when reviewing or over).
    pub your_turn: bool,
    /// The face-up pieces.
    pub pieces: Vec<PieceView>,
    /// The face-down points, without their pieces.
    pub face_down: Vec<String>,
    /// The legal moves of the player to act (none once over).
    pub legal: Vec<MoveView>,
    /// The points the player to act may flip (none once over).
    pub flips: Vec<String>,
    /// The ply that led here: a move's points, or a flip's point as both.
    pub last: Option<LastMove>,
    /// Every ply up to the one shown.
    pub history: Vec<FlipPlyView>,
    /// The end, when over at this ply.
    pub outcome: Option<OutcomeView>,
    /// Plies in a row with neither an attack nor a flip (L-15, L-32).
    pub quiet: u32,
}

/// The engine's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlipEngineReply {
    /// The action played (`c6`, `c6c7`); `None` when it was not the engine's turn.
    pub action: Option<String>,
    /// The agent (`search`, `heuristic`, `random`).
    pub agent: &'static str,
    /// The deepest completed iteration (0 for agents that do not search).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The view after the action.
    pub view: FlipView,
}

/// A flip game: against the engine (the deal hidden in it), or read from a file to review.
pub struct LzFlipSession {
    game: FlipGame,
    /// The keys of the states reached, the start first (the agents' repetition history).
    keys: Vec<u64>,
    /// The hidden pieces and the engine, when playing.
    play: Option<Play>,
    tags: Vec<(String, String)>,
    /// A result the rules did not give, as its token (`0-1`): the person's resignation, or
    /// the stated result of a file read (issue 50 item 22). `Termination` is in `tags`.
    declared: Option<String>,
}

struct Play {
    deal: FlipDeal,
    human: Player,
    agent: Box<DynFlipAgent>,
}

impl std::fmt::Debug for LzFlipSession {
    /// Never the deal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LzFlipSession")
            .field("plies", &self.game.plies().len())
            .field("human", &self.play.as_ref().map(|p| p.human))
            .field("agent", &self.play.as_ref().map(|p| p.agent.name()))
            .finish_non_exhaustive()
    }
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// `first`/`1` or `second`/`2`.
///
/// # Errors
/// [`LzError::Player`] for anything else.
pub fn parse_player(text: &str) -> Result<Player, LzError> {
    match text.trim() {
        "first" | "1" => Ok(Player::First),
        "second" | "2" => Ok(Player::Second),
        other => Err(LzError::Player(other.chars().take(40).collect())),
    }
}

fn keys_of(game: &FlipGame) -> Vec<u64> {
    let mut pos = game.start().clone();
    let mut keys = vec![pos.zobrist_hash()];
    for p in game.plies() {
        pos.apply_unchecked(p.action, p.revealed);
        keys.push(pos.zobrist_hash());
    }
    keys
}

impl LzFlipSession {
    /// A game against the engine: the person is the `human` player (the first or the second
    /// to act), the engine the other with the agent named `agent` (`search`, `heuristic`,
    /// `random`); the face-down pieces are dealt from `secret` (L-32), which must come from a
    /// source the person cannot see or type (the page's worker draws it with
    /// `crypto.getRandomValues`): the deal is what the engine's side hides.
    ///
    /// # Errors
    /// [`LzError::Agent`] for an unknown agent.
    pub fn new(human: Player, agent: &str, secret: u64) -> Result<LzFlipSession, LzError> {
        let kind: AgentKind = agent
            .parse()
            .map_err(|_| LzError::Agent(agent.chars().take(40).collect()))?;
        let deal = FlipDeal::random(&mut StdRng::seed_from_u64(secret));
        let game = FlipGame::new(FlipPosition::start());
        Ok(LzFlipSession {
            keys: keys_of(&game),
            game,
            play: Some(Play {
                deal,
                human,
                agent: kind.build_flip(secret ^ 0xf11b),
            }),
            tags: vec![
                ("Event".into(), "gjjq web page".into()),
                (
                    "Engine".into(),
                    format!("{} ({})", kind.name(), player_name(human.other())),
                ),
            ],
            declared: None,
        })
    }

    /// A flip game file's first game (L-22, `Mode "flip"`), to review.
    ///
    /// # Errors
    /// [`LzError::FlipRecord`] with the file's line:column.
    pub fn from_game_file(text: &str) -> Result<LzFlipSession, LzError> {
        let record = read_flip_record(text).map_err(|e| LzError::FlipRecord(e.to_string()))?;
        Ok(LzFlipSession {
            keys: keys_of(&record.game),
            declared: record
                .game
                .outcome()
                .is_none()
                .then(|| record.result.to_string()),
            game: record.game,
            play: None,
            tags: record.tags,
        })
    }

    /// The plies played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.game.plies().len()
    }

    /// The view at the end of the game.
    #[must_use]
    pub fn current(&self) -> FlipView {
        self.at(self.plies(), self.game.position(), self.game.outcome())
    }

    /// The view of `ply` (0 = the start).
    ///
    /// # Errors
    /// [`LzError::NoSuchPly`].
    pub fn view(&self, ply: usize) -> Result<FlipView, LzError> {
        let plies = self.plies();
        if ply > plies {
            return Err(LzError::NoSuchPly { ply, plies });
        }
        if ply == plies {
            return Ok(self.current());
        }
        let mut pos = self.game.start().clone();
        for p in &self.game.plies()[..ply] {
            pos.apply_unchecked(p.action, p.revealed);
        }
        // An earlier ply was not over: the game went on from it.
        Ok(self.at(ply, &pos, None))
    }

    fn at(&self, ply: usize, pos: &FlipPosition, outcome: Option<luzhanqi::Outcome>) -> FlipView {
        let over = outcome.is_some();
        let human = self.play.as_ref().map(|p| p.human);
        let mut pieces = Vec::new();
        let mut face_down = Vec::new();
        for sq in Square::all() {
            if let Some(p) = pos.piece_at(sq) {
                pieces.push(PieceView {
                    point: sq.to_string(),
                    letter: piece_letter(p.side, p.kind),
                });
            } else if pos.face_down().contains(sq) {
                face_down.push(sq.to_string());
            }
        }
        let (mut legal, mut flips) = (Vec::new(), Vec::new());
        if !over {
            for a in pos.legal_actions() {
                match a {
                    FlipAction::Flip(sq) => flips.push(sq.to_string()),
                    FlipAction::Move(m) => legal.push(MoveView {
                        from: m.from.to_string(),
                        to: m.to.to_string(),
                        ascii: m.to_string(),
                        attack: pos.piece_at(m.to).is_some() || pos.face_down().contains(m.to),
                    }),
                }
            }
        }
        let combats = self.game.combats();
        let mut history = Vec::with_capacity(ply);
        let mut walk = self.game.start().clone();
        for (i, p) in self.game.plies()[..ply].iter().enumerate() {
            let mover = walk.player_to_act();
            walk.apply_unchecked(p.action, p.revealed);
            history.push(FlipPlyView {
                text: p.to_string(),
                action: p.action.to_string(),
                player: player_name(mover),
                side: walk.colour_of(mover).map(side_name),
                combat: combats[i].map(|c| combat_name(c.outcome)),
            });
        }
        let last = ply.checked_sub(1).map(|i| {
            let (from, to) = match self.game.plies()[i].action {
                FlipAction::Flip(sq) => (sq, sq),
                FlipAction::Move(m) => (m.from, m.to),
            };
            LastMove {
                from: from.to_string(),
                to: to.to_string(),
                combat: combats[i].map(|c| combat_name(c.outcome)),
            }
        });
        FlipView {
            ply,
            plies: self.plies(),
            position: pos.to_string(),
            player: human.map(player_name),
            you: human.and_then(|h| pos.colour_of(h)).map(side_name),
            first_colour: pos.colour_of(Player::First).map(side_name),
            to_act: player_name(pos.player_to_act()),
            turn: pos.side_to_act().map(side_name),
            your_turn: !over && human == Some(pos.player_to_act()) && ply == self.plies(),
            pieces,
            face_down,
            legal,
            flips,
            last,
            history,
            outcome: outcome.map(outcome_view),
            quiet: pos.plies_since_attack_or_flip(),
        }
    }

    /// The person plays `text` (a flip `c6` or a move `c6c7`, L-21); the view after it. A
    /// flip reveals the piece the deal put there.
    ///
    /// # Errors
    /// [`LzError::MoveSyntax`]; [`LzError::NotYourTurn`] when reviewing, on the engine's turn
    /// or after the end; [`LzError::FlipRefused`] for an action that is not legal.
    pub fn play(&mut self, text: &str) -> Result<FlipView, LzError> {
        let action: FlipAction = text.trim().parse().map_err(|error| LzError::MoveSyntax {
            text: text.chars().take(40).collect(),
            error,
        })?;
        let ply = self.plies() + 1;
        let human = self.play.as_ref().map(|p| p.human);
        if self.is_over() || human != Some(self.game.position().player_to_act()) {
            return Err(LzError::NotYourTurn { ply });
        }
        self.apply(action).map_err(|error| LzError::FlipRefused {
            ply,
            text: action.to_string(),
            error,
        })?;
        Ok(self.current())
    }

    /// Play `action` with what the deal reveals.
    fn apply(&mut self, action: FlipAction) -> Result<(), FlipGameError> {
        let revealed = match &self.play {
            Some(p) => p.deal.reveal(self.game.position(), action),
            None => None,
        };
        self.game.play(action, revealed)?;
        self.keys.push(self.game.position().zobrist_hash());
        Ok(())
    }

    /// The engine plays its action (node limits only: the page's worker has no clock); the
    /// view after it. Nothing is played when it is not the engine's turn (`action` is
    /// `None`).
    ///
    /// # Errors
    /// [`LzError::Engine`] when the agent gives no action, [`LzError::FlipEngine`] if the
    /// game refuses it.
    pub fn engine_move(&mut self) -> Result<FlipEngineReply, LzError> {
        let pos = self.game.position().clone();
        let over = self.is_over();
        let Some(play) = self.play.as_mut() else {
            return Err(LzError::NotYourTurn {
                ply: self.game.plies().len() + 1,
            });
        };
        let agent = play.agent.name();
        if over || pos.player_to_act() == play.human {
            return Ok(FlipEngineReply {
                action: None,
                agent,
                depth: 0,
                nodes: 0,
                view: self.current(),
            });
        }
        let limits = if agent == "search" {
            Limits::nodes(FLIP_ENGINE_NODES)
        } else {
            Limits::default()
        };
        let history = &self.keys[..self.keys.len() - 1];
        let choice = play.agent.choose(&pos, history, &limits)?;
        self.apply(choice.action)
            .map_err(|e| LzError::FlipEngine(format!("{}: {e}", choice.action)))?;
        Ok(FlipEngineReply {
            action: Some(choice.action.to_string()),
            agent,
            depth: choice.depth,
            nodes: choice.nodes,
            view: self.current(),
        })
    }

    /// The game as a flip game file (L-22, L-32): the plies with what each flip revealed
    /// (never a piece still face down), the result once over (`*` before).
    ///
    /// # Errors
    /// [`LzError::Write`] if it cannot be written.
    pub fn game_file(&self) -> Result<String, LzError> {
        let mut record = FlipRecord {
            tags: self.tags.clone(),
            result: Default::default(),
            game: self.game.clone(),
        };
        if let Some(token) = &self.declared {
            record.result = super::parse_token(token)?;
        }
        record.write().map_err(|e| LzError::Write(e.to_string()))
    }

    /// The person resigns (issue 50 item 22): the other colour wins, or nobody is named
    /// before the colours settle (L-32, result `*`). The game file says so (`Result`,
    /// `Termination "resignation"`); no action is taken after it.
    ///
    /// # Errors
    /// [`LzError::NotYourTurn`] when reviewing or when the game is already over.
    pub fn resign(&mut self) -> Result<OutcomeView, LzError> {
        if self.play.is_none() || self.is_over() {
            return Err(LzError::NotYourTurn {
                ply: self.plies() + 1,
            });
        }
        let end = super::resignation_view(self.colour().map(Side::other));
        self.tags.retain(|(n, _)| n != "Termination");
        self.tags.push(("Termination".into(), end.reason.into()));
        self.declared = Some(end.result.clone());
        Ok(end)
    }

    /// Whether the game is over: by the rules, or resigned.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some() || self.resigned()
    }

    /// Whether the person resigned this game.
    fn resigned(&self) -> bool {
        self.play.is_some() && self.declared.is_some()
    }

    /// The person's colour once settled (`None` when reviewing).
    #[must_use]
    pub fn colour(&self) -> Option<Side> {
        let h = self.play.as_ref()?.human;
        self.game.position().colour_of(h)
    }
}
