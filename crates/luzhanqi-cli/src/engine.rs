//! `luzhanqi engine`: 陸戰棋's agents on the line protocol of `docs/protocol.md` (the same
//! protocol as `gjjq engine`, parsed and written by the crate `junqi-protocol`), on standard
//! input and output.
//!
//! Three modes, chosen by the `Mode` option (`open`, `dark`, `flip`; a `position hidden`
//! command is dark play whatever the option says):
//!
//! - open play: `position startpos | fen <L-20 position string> [moves <L-21 ASCII moves>]`;
//!   `startpos` is the library's default start;
//! - dark play (暗棋, L-31): `position hidden <information state>`, the side's own
//!   [`InfoState`] as the referee made it;
//! - flip play (翻棋, L-32): `position startpos | fen <flip state string> [moves <plies>]`,
//!   the plies as a 翻棋 record writes them (`c6=E` for a flip that revealed a red engineer,
//!   `c6c7` for a move); the engine's answer is an action, a flip written as the point alone
//!   (`bestmove c6`), the arbiter drawing what it reveals.
//!
//! The search runs in a thread; `isready` is answered while it runs. `stop` raises the
//! search's [`StopSignal`]: every agent returns its best move so far at its next look at the
//! clock, and the server answers `bestmove` at once. `go infinite` searches without limits
//! until `stop` (and holds `bestmove` until then, should the search end by itself).

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use junqi_cli::fresh_seed;
use junqi_game::GameState;
use junqi_protocol::hash::{allocate, entries_in, fallback_message};
use junqi_protocol::server::Output;
use junqi_protocol::session::{self, Found, GameSession, OptionError, OptionValue, Searcher};
use junqi_protocol::{
    GameCommand, GoParams, OptionLine, PositionCommand, PositionRefused, Reply, Score, Seat,
    time::budget,
};
use luzhanqi::dark::InfoState;
use luzhanqi::flip::{FlipGame, FlipPly, FlipPosition, Player};
use luzhanqi::rand::SeedableRng;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::{Game, Move, Position, Side, deploy};
use luzhanqi_engine::dark::{
    DarkAgentKind, DarkHeuristicAgent, DarkRandomAgent, DeterminizedAgent, DeterminizedConfig,
    DynDarkAgent, IsmctsAgent, IsmctsConfig,
};
use luzhanqi_engine::deploy_policy::DeploymentPolicy;
use luzhanqi_engine::flip::{DynFlipAgent, FlipSearchAgent, FlipSearchConfig};
use luzhanqi_engine::{AgentKind, DynAgent, Limits, SearchAgent, SearchConfig, StopSignal, eval};
use thiserror::Error;

/// The largest `Hash`, in MiB (178,956,970 entries of 24 bytes,
/// [`SearchAgent::TT_ENTRY_BYTES`]).
const MAX_HASH_MB: u64 = 4096;

/// The default `Hash`, in MiB.
const DEFAULT_HASH_MB: u64 = 4;

/// Milliseconds of a dark agent's time kept back for what it does not time: building its
/// sampler and drawing its first world (it looks at the clock between two more), one world past
/// the time, and the iterations between two looks (every 16). Measured:
/// without it the dark agents answered up to 39 ms past `movetime` (docs/luzhanqi-engine.md).
const DARK_RESERVE_MS: u64 = 20;

/// The largest number of worlds a dark agent may be told to draw.
const MAX_WORLDS: u64 = 1024;

/// How the `position` commands are read: the `Mode` option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Open,
    Dark,
    Flip,
}

/// The `Mode` option's values by name, in the order `uci` lists them.
const MODES: [(&str, Mode); 3] = [
    ("open", Mode::Open),
    ("dark", Mode::Dark),
    ("flip", Mode::Flip),
];

/// A line the engine refuses: the command parsed, but the game or the option refuses what it
/// names. Reported as `info string <error>`; the line is otherwise ignored.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum EngineError {
    /// The position string after `fen` is not a position of the mode (L-20, or a 翻棋 state
    /// string).
    #[error("position: invalid {what} '{text}': {detail}")]
    Position {
        /// `position string` or `flip state string`.
        what: &'static str,
        /// The text (its first 200 characters).
        text: String,
        /// Why.
        detail: String,
    },
    /// The information state after `position hidden` is malformed or not one a referee could
    /// have told, or a move after `moves` is malformed or not legal where it stands.
    #[error(transparent)]
    Refused(#[from] PositionRefused),
    /// `position startpos|fen` under `Mode dark`.
    #[error("position: Mode is dark: expected 'position hidden <information state>'")]
    NeedsHidden,
    /// An option value out of range or of the wrong form, or no option of the name.
    #[error(transparent)]
    Option(#[from] OptionError),
}

/// The position a session searches, as the last `position` command gave it.
#[derive(Clone)]
enum Current {
    /// Open play: the game (for repetition, L-15) and the keys of the positions before the
    /// current one, oldest first.
    Open(Box<Game>, Vec<u64>),
    /// Flip play: the game and the keys before its current state.
    Flip(Box<FlipGame>, Vec<u64>),
    /// Dark play: the side's information state.
    Dark(Box<InfoState>),
    /// `Mode dark` before any `position hidden`: nothing to search.
    NoInfoState,
}

impl Current {
    /// What a session searches after `setoption name Mode`: the mode's start (open: the
    /// library's default start; flip: every piece face down); in dark play nothing until a
    /// `position hidden` command.
    fn start(mode: Mode) -> Current {
        match mode {
            Mode::Open => Current::Open(Box::new(Game::new(deploy::default_start())), Vec::new()),
            Mode::Flip => Current::Flip(Box::new(FlipGame::new(FlipPosition::start())), Vec::new()),
            Mode::Dark => Current::NoInfoState,
        }
    }
}

/// The settings the agents are built from.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Settings {
    agent: AgentKind,
    dark_agent: DarkAgentKind,
    seed: u64,
    hash_mb: u64,
    ismcts: IsmctsConfig,
    determinized: DeterminizedConfig,
}

impl Settings {
    /// Dark play's agent; IS-MCTS's tree holds at most what fits in `Hash` (issue 50, item 7).
    fn dark_agent(&self) -> Box<DynDarkAgent> {
        match self.dark_agent {
            DarkAgentKind::Ismcts => Box::new(IsmctsAgent::with_config(
                self.seed,
                IsmctsConfig {
                    max_tree_nodes: IsmctsConfig::tree_nodes_in(self.hash_mb as usize),
                    ..self.ismcts
                },
            )),
            DarkAgentKind::Determinized => {
                Box::new(DeterminizedAgent::with_config(self.seed, self.determinized))
            }
            DarkAgentKind::Heuristic => Box::new(DarkHeuristicAgent::new(self.seed)),
            DarkAgentKind::Random => Box::new(DarkRandomAgent::new(self.seed)),
        }
    }
}

/// The agents of the session: the one the current position needs is built before a search
/// (at `setoption name Hash`, `isready`, or failing those `go`: [`GameSession::prepare`]) and kept
/// (with its table) from one `go` to the next; a changed setting drops them, and building one
/// drops the others, so that one table is held at a time.
#[derive(Default)]
pub(crate) struct Agents {
    open: Option<Box<DynAgent>>,
    flip: Option<Box<DynFlipAgent>>,
    dark: Option<Box<DynDarkAgent>>,
}

pub(crate) struct Server {
    mode: Mode,
    settings: Settings,
    /// The agents and their search.
    search: Searcher<Agents>,
    current: Current,
    /// The size in MiB of the last table had: what a `Hash` that cannot be had falls back to.
    table_mb: usize,
    /// How many agents [`GameSession::prepare`] built (their tables allocated then, never in a
    /// search).
    builds: usize,
    /// The `DeployPolicy` option: how `deploy` chooses (issue 51 item 2(b)).
    deploy_policy: DeploymentPolicy,
    /// The draws of `deploy`, seeded from `Seed`.
    deploy_rng: StdRng,
}

impl Server {
    /// A session answering on `out`; `seed` is the initial `Seed` option (0: one is drawn).
    pub(crate) fn new(out: Output, seed: u64) -> Server {
        let seed = if seed == 0 { fresh_seed() } else { seed };
        Server {
            mode: Mode::Open,
            settings: Settings {
                agent: AgentKind::default(),
                dark_agent: DarkAgentKind::default(),
                seed,
                hash_mb: DEFAULT_HASH_MB,
                ismcts: IsmctsConfig::default(),
                determinized: DeterminizedConfig::default(),
            },
            search: Searcher::new(out),
            current: Current::start(Mode::Open),
            table_mb: DEFAULT_HASH_MB as usize,
            builds: 0,
            deploy_policy: DeploymentPolicy::default(),
            deploy_rng: StdRng::seed_from_u64(seed),
        }
    }

    fn uci(&self) {
        let spin =
            |name, default, min, max| Reply::Option(OptionLine::spin(name, default, min, max));
        let combo = |name, default, vars| Reply::Option(OptionLine::combo(name, default, vars));
        let agents: Vec<&str> = AgentKind::ALL.iter().map(|k| k.name()).collect();
        let dark: Vec<&str> = DarkAgentKind::ALL.iter().map(|k| k.name()).collect();
        let ismcts = IsmctsConfig::default();
        let det = DeterminizedConfig::default();
        let options = [
            combo("Mode", "open", &MODES.map(|m| m.0)),
            combo("Agent", AgentKind::default().name(), &agents),
            combo("DarkAgent", DarkAgentKind::default().name(), &dark),
            session::seed_option(),
            spin("Hash", 4, 1, MAX_HASH_MB),
            session::overhead_option(),
            Reply::Option(OptionLine::string(
                "DeployPolicy",
                &DeploymentPolicy::default().to_string(),
            )),
            spin("IsmctsWorlds", ismcts.worlds.into(), 1, MAX_WORLDS),
            spin(
                "IsmctsExploration",
                (ismcts.exploration * 100.0).round() as u64,
                1,
                1000,
            ),
            spin("IsmctsLeafNodes", ismcts.leaf_nodes, 1, 100_000),
            spin("IsmctsNodes", ismcts.default_nodes, 1, 100_000_000),
            spin("DeterminizedWorlds", det.worlds.into(), 1, MAX_WORLDS),
            spin("DeterminizedDepth", det.max_depth.into(), 1, 64),
            spin("DeterminizedNodes", det.default_nodes, 1, 100_000_000),
        ];
        let name = format!("luzhanqi-engine {}", env!("CARGO_PKG_VERSION"));
        for l in session::uci_answer(name, options) {
            self.search.out().send(&l.to_string());
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let v = OptionValue::new(name, value);
        let number = |min, max| v.number(min, max);
        let mut s = self.settings;
        match name.to_ascii_lowercase().as_str() {
            "mode" => {
                // A position of the old mode is not one of the new: the new mode's start.
                if session::changed(&mut self.mode, v.pick(&MODES, "open, dark or flip")?) {
                    self.current = Current::start(self.mode);
                }
                return Ok(());
            }
            "agent" => s.agent = v.parse("search, heuristic or random")?,
            "darkagent" => s.dark_agent = v.parse("ismcts, determinized, heuristic or random")?,
            "seed" => {
                s.seed = v.seed(fresh_seed)?;
                self.deploy_rng = StdRng::seed_from_u64(s.seed);
            }
            "deploypolicy" => {
                self.deploy_policy =
                    v.parse("guarded, uniform or a legal deployment string (L-17, L-19)")?;
                return Ok(());
            }
            "hash" => {
                s.hash_mb = number(1, MAX_HASH_MB)?;
                // The old table is freed before the new one is allocated, now, as `gjjq
                // engine` does: not in the next timed `go`.
                if self.search.update(&mut self.settings, s) {
                    self.prepare();
                }
                return Ok(());
            }
            "ismctsworlds" => s.ismcts.worlds = number(1, MAX_WORLDS)? as u32,
            "ismctsexploration" => s.ismcts.exploration = number(1, 1000)? as f64 / 100.0,
            "ismctsleafnodes" => s.ismcts.leaf_nodes = number(1, 100_000)?,
            "ismctsnodes" => s.ismcts.default_nodes = number(1, 100_000_000)?,
            "determinizedworlds" => s.determinized.worlds = number(1, MAX_WORLDS)? as u32,
            "determinizeddepth" => s.determinized.max_depth = number(1, 64)? as u32,
            "determinizednodes" => s.determinized.default_nodes = number(1, 100_000_000)?,
            _ => return Err(OptionError::Unknown(name.to_string())),
        }
        // Built afresh, with the new settings, at the next `isready` or `go`.
        self.search.update(&mut self.settings, s);
        Ok(())
    }

    fn go(&mut self, go: GoParams) {
        let start = Instant::now();
        // Built now if `isready` did not (a controller that does not wait for `readyok`).
        self.prepare();
        let current = self.current.clone();
        let seat = match &current {
            Current::Open(g, _) => seat_of(g.position().turn()),
            Current::Dark(state) => seat_of(state.side()),
            Current::NoInfoState => Seat::White,
            // 翻棋's players have no colour at the start: the first player reads `wtime`.
            Current::Flip(g, _) => match g.position().player_to_act() {
                Player::First => Seat::White,
                Player::Second => Seat::Black,
            },
        };
        // A dark agent builds its sampler and draws a world before it looks at the clock,
        // and then looks between two worlds and every 16 iterations: it is given its time
        // less a reserve for that.
        let reserve = if matches!(current, Current::Dark(_)) {
            DARK_RESERVE_MS
        } else {
            0
        };
        let stop = StopSignal::new();
        let limits = Limits {
            // The budget's soft part: the agents' time is a bound they return within.
            time: budget(&go, seat, self.search.overhead_ms()).map(|b| b.soft_less(reserve)),
            // `go infinite`: no limit but `stop`.
            nodes: go.node_limit(),
            depth: go.depth,
            stop: Some(stop.clone()),
        };
        self.search.start(
            go.infinite,
            move || stop.raise(),
            None,
            move |agents| Found::answer(search(&current, agents, &limits), start),
        );
    }
}

impl GameSession for Server {
    type Agents = Agents;
    type Error = EngineError;

    /// Build the agent the current position needs, unless it is built or a search runs: its
    /// table is allocated here, at `setoption name Hash`, `isready` or, failing those, before
    /// a `go`'s search starts, and never inside a timed search (issue 50, item 5). When `Hash`
    /// MiB cannot be had, the size of the last table had, halved in turn, is taken and said on
    /// an `info string`, as `gjjq engine` does ([`junqi_protocol::hash::allocate`], item 6).
    fn prepare(&mut self) {
        let Some(agents) = self.search.idle() else {
            return;
        };
        let s = self.settings;
        let asked = s.hash_mb as usize;
        let built = match &self.current {
            Current::Open(..) => build_table::<Game>(agents, &s, self.table_mb),
            Current::Flip(..) => build_table::<FlipGame>(agents, &s, self.table_mb),
            Current::Dark(_) | Current::NoInfoState => agents.dark.is_none().then(|| {
                *agents = Agents::default();
                agents.dark = Some(s.dark_agent());
                Some(asked)
            }),
        };
        let Some(got) = built else {
            return;
        };
        self.builds += 1;
        let got = got.unwrap_or(0);
        if got != asked {
            self.search.out().info(&fallback_message(asked, got));
            self.settings.hash_mb = got as u64;
        }
        if got > 0 {
            self.table_mb = got;
        }
    }

    fn carry_out(&mut self, cmd: GameCommand) -> Result<(), EngineError> {
        match cmd {
            GameCommand::Uci => self.uci(),
            GameCommand::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            GameCommand::NewGame => {
                if let Some(a) = self.search.idle() {
                    a.open.iter_mut().for_each(|x| x.new_game());
                    a.flip.iter_mut().for_each(|x| x.new_game());
                    a.dark.iter_mut().for_each(|x| x.new_game());
                }
            }
            GameCommand::Position(p) => {
                self.current = match self.mode {
                    Mode::Open => resolve_open(&p)?,
                    Mode::Flip => resolve_flip(&p)?,
                    Mode::Dark => return Err(EngineError::NeedsHidden),
                };
            }
            GameCommand::HiddenPosition(text) => {
                let state = text
                    .parse::<InfoState>()
                    .map_err(|e| PositionRefused::info_state(&text, e))?;
                self.current = Current::Dark(Box::new(state));
            }
            GameCommand::Go(go) => self.go(go),
        }
        Ok(())
    }

    fn searcher(&mut self) -> &mut Searcher<Agents> {
        &mut self.search
    }

    /// `deploy [red|blue]` (issue 51 item 2(b)): a deployment of the `DeployPolicy` option,
    /// as its L-19 string (the side's own frame, the same for either side); a side other
    /// than `red` or `blue` is refused.
    fn deploy(&mut self, side: Option<&str>) -> Result<String, String> {
        if let Some(text) = side {
            text.parse::<Side>()
                .map_err(|e| format!("deploy: {e} (expected 'deploy [red|blue]')"))?;
        }
        Ok(self.deploy_policy.choose(&mut self.deploy_rng).to_string())
    }
}

/// The clock a side of 陸戰棋 reads: Red's is UCI's White (`wtime`), Blue's its Black.
fn seat_of(side: Side) -> Seat {
    match side {
        Side::Red => Seat::White,
        Side::Blue => Seat::Black,
    }
}

/// Why a search has no agent: [`GameSession::prepare`] could not build it.
fn no_agent() -> String {
    "no agent: its table could not be allocated".to_string()
}

/// The move of the agent of `current`'s mode, as text, or why there is none.
fn search(current: &Current, agents: &mut Agents, limits: &Limits) -> Result<Found, String> {
    match current {
        Current::Open(game, history) => play(game.as_ref(), agents, history, limits),
        Current::Flip(game, history) => play(game.as_ref(), agents, history, limits),
        Current::NoInfoState => Err(session::NO_INFO_STATE.to_string()),
        Current::Dark(state) => {
            session::decided(state.outcome())?;
            session::not_to_move(state.turn(), state.side(), "move")?;
            let agent = agents.dark.as_mut().ok_or_else(no_agent)?;
            let c = agent
                .choose(state, &[], limits)
                .map_err(|e| e.to_string())?;
            Ok(found(c.mv.to_string(), c.score, c.depth, c.nodes))
        }
    }
}

/// What an agent found, as its answer writes it: the score only from an agent that searched
/// (depth above 0), `win N`/`loss N` in plies beyond [`eval::WIN_BOUND`], else `cp` in the
/// evaluation's units.
fn found(action: String, score: i32, depth: u32, nodes: u64) -> Found {
    Found {
        action,
        score: (depth > 0).then(|| Score::from_eval(score, eval::WIN, eval::WIN_BOUND)),
        depth,
        nodes,
    }
}

/// The agent of a mode with a table built in `agents` (the others dropped first, so that one
/// table is held at a time), unless it is built (`None`): the MiB had, the size asked or, when
/// that cannot be had, the last size had halved in turn ([`allocate`]); `Some(None)` when no
/// table could be had at all.
fn build_table<G: Replayed>(
    agents: &mut Agents,
    s: &Settings,
    last_mb: usize,
) -> Option<Option<usize>> {
    if G::slot(agents).is_some() {
        return None;
    }
    *agents = Agents::default();
    let (agent, got) = allocate(s.hash_mb as usize, last_mb, |mb| G::agent(s, mb))
        .or_else(|| G::agent(s, 0).map(|a| (a, 0)))
        .unzip();
    *G::slot(agents) = agent;
    Some(got)
}

/// The choice of the agent of `game`'s mode, or why there is none.
fn play<G: Replayed>(
    game: &G,
    agents: &mut Agents,
    history: &[u64],
    limits: &Limits,
) -> Result<Found, String> {
    game.decided()?;
    let agent = G::slot(agents).as_deref_mut().ok_or_else(no_agent)?;
    G::choose(agent, game, history, limits)
}

/// A game a `position` command replays: open play's [`Game`] (L-20 position string, L-21
/// moves) or flip play's [`FlipGame`] (flip state string, plies with what each flip revealed),
/// and the mode's agent.
trait Replayed: Sized {
    /// The mode's agent.
    type Chooser: ?Sized;
    /// The state a `fen` names and the game is at (its key and text come from [`GameState`]).
    type Start: GameState<Err: fmt::Display>;
    /// One element of `moves`.
    type Ply: FromStr<Err: fmt::Display>;
    /// What the start's text is called in errors.
    const START_TEXT: &'static str;
    /// The start of `startpos`.
    fn startpos() -> Self::Start;
    fn new(start: Self::Start) -> Self;
    /// The state now.
    fn position(&self) -> &Self::Start;
    /// Play `ply`, or say why not.
    fn play_ply(&mut self, ply: Self::Ply) -> Result<(), String>;
    /// Why the game has nothing to play: it is decided.
    fn decided(&self) -> Result<(), String>;
    /// The mode's agent of the settings, its table (if it searches) of `hash_mb` MiB; `None`
    /// when that cannot be allocated.
    fn agent(s: &Settings, hash_mb: usize) -> Option<Box<Self::Chooser>>;
    /// The mode's agent among the agents.
    fn slot(agents: &mut Agents) -> &mut Option<Box<Self::Chooser>>;
    /// The agent's choice in the game.
    fn choose(
        agent: &mut Self::Chooser,
        game: &Self,
        history: &[u64],
        limits: &Limits,
    ) -> Result<Found, String>;
}

/// [`Replayed`] for a mode's game: its start, plies and their play, and its agent (`$slot`
/// of [`Agents`]): the search `$search` with its config `$config` and a table of the `Hash`
/// given, or the settings' other agents by `$build`, whose choice's `$action` is played.
macro_rules! replayed {
    (
        $game:ty, $start:ty, $ply:ty, $text:literal, $startpos:expr,
        |$g:ident, $p:ident| $play:expr,
        $slot:ident: $chooser:ty, $search:ident($config:ident) or $build:ident, $action:ident
    ) => {
        impl Replayed for $game {
            type Chooser = $chooser;
            type Start = $start;
            type Ply = $ply;
            const START_TEXT: &'static str = $text;
            fn startpos() -> $start {
                $startpos
            }
            fn new(start: $start) -> $game {
                <$game>::new(start)
            }
            fn position(&self) -> &$start {
                <$game>::position(self)
            }
            fn play_ply(&mut self, $p: $ply) -> Result<(), String> {
                let $g = self;
                $play.map(drop).map_err(|e| e.to_string())
            }
            fn decided(&self) -> Result<(), String> {
                session::decided(self.outcome())
            }
            fn agent(s: &Settings, mb: usize) -> Option<Box<$chooser>> {
                match s.agent {
                    AgentKind::Search => {
                        let hash_entries = entries_in(mb, $search::TT_ENTRY_BYTES);
                        let config = $config {
                            hash_entries,
                            ..$config::default()
                        };
                        $search::try_with_config(s.seed, config).map(|a| Box::new(a) as Box<_>)
                    }
                    other => Some(other.$build(s.seed)),
                }
            }
            fn slot(agents: &mut Agents) -> &mut Option<Box<$chooser>> {
                &mut agents.$slot
            }
            fn choose(
                agent: &mut Self::Chooser,
                game: &$game,
                history: &[u64],
                limits: &Limits,
            ) -> Result<Found, String> {
                let c = agent.choose(game.position(), history, limits);
                c.map(|c| found(c.$action.to_string(), c.score, c.depth, c.nodes))
                    .map_err(|e| e.to_string())
            }
        }
    };
}

replayed!(
    Game, Position, Move, "position string", deploy::default_start(),
    |game, m| game.play(m),
    open: DynAgent, SearchAgent(SearchConfig) or build, mv
);
replayed!(
    FlipGame, FlipPosition, FlipPly, "flip state string", FlipPosition::start(),
    |game, ply| game.play(ply.action, ply.revealed),
    flip: DynFlipAgent, FlipSearchAgent(FlipSearchConfig) or build_flip, action
);

fn replay<G: Replayed>(cmd: &PositionCommand) -> Result<(Box<G>, Vec<u64>), EngineError> {
    let start = match &cmd.fen {
        None => G::startpos(),
        Some(text) => text.parse().map_err(|e| EngineError::Position {
            what: G::START_TEXT,
            text: text.chars().take(200).collect(),
            detail: format!("{e}"),
        })?,
    };
    let mut game = G::new(start);
    let mut keys = Vec::with_capacity(cmd.moves.len());
    for (i, text) in cmd.moves.iter().enumerate() {
        let err = |detail: String| EngineError::from(PositionRefused::at_move(i, text, detail));
        let ply: G::Ply = text
            .parse()
            .map_err(|e| err(format!("is malformed: {e}")))?;
        let before = game.position().key();
        game.play_ply(ply)
            .map_err(|e| err(format!("is refused in {}: {e}", game.position())))?;
        keys.push(before);
    }
    Ok((Box::new(game), keys))
}

/// Open play: the position a `position` command names, and the keys of the positions
/// before it.
fn resolve_open(cmd: &PositionCommand) -> Result<Current, EngineError> {
    replay::<Game>(cmd).map(|(game, keys)| Current::Open(game, keys))
}

/// Flip play: the state a `position` command names (`startpos`: every piece face down), its
/// plies with what each flip revealed.
fn resolve_flip(cmd: &PositionCommand) -> Result<Current, EngineError> {
    replay::<FlipGame>(cmd).map(|(game, keys)| Current::Flip(game, keys))
}

#[cfg(test)]
mod tests {
    use std::io::{self, Write};

    use junqi_protocol::server::serve_new;
    use std::sync::{Arc, Mutex};

    use super::*;
    use junqi_protocol::OptionKind;

    /// An output that can be read while the server writes to it.
    #[derive(Clone, Default)]
    struct Transcript(Arc<Mutex<Vec<u8>>>);

    impl Transcript {
        fn lines(&self) -> Vec<String> {
            let buf = self.0.lock().unwrap();
            String::from_utf8_lossy(&buf)
                .lines()
                .map(str::to_string)
                .collect()
        }
    }

    impl Write for Transcript {
        fn write(&mut self, data: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(data);
            Ok(data.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn session(input: &str) -> Vec<String> {
        let out = Transcript::default();
        serve_new(input.as_bytes(), out.clone(), |o| Server::new(o, 7)).unwrap();
        out.lines()
    }

    #[test]
    fn the_options_parse_back_as_option_lines() {
        let lines = session("uci\n");
        assert_eq!(lines.last().map(String::as_str), Some("uciok"));
        let options: Vec<OptionLine> = lines
            .iter()
            .filter(|l| l.starts_with("option "))
            .map(|l| l.parse().unwrap())
            .collect();
        let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
        for want in ["Mode", "Agent", "DarkAgent", "Seed", "Hash", "IsmctsWorlds"] {
            assert!(names.contains(&want), "{want} in {names:?}");
        }
        let agent = options.iter().find(|o| o.name == "Agent").unwrap();
        assert_eq!(
            agent.kind,
            OptionKind::Combo {
                default: "search".into(),
                vars: vec!["search".into(), "heuristic".into(), "random".into()]
            }
        );
    }

    #[test]
    fn an_open_position_with_moves_gets_a_legal_move() {
        let start = deploy::default_start();
        let first = start.legal_moves()[0];
        let after = start.clone().play(first).unwrap();
        for agent in ["search", "heuristic", "random"] {
            let lines = session(&format!(
                "setoption name Agent value {agent}\nposition startpos moves {first}\ngo depth 2\n"
            ));
            let best = lines.last().unwrap();
            let mv: Move = best.strip_prefix("bestmove ").unwrap().parse().unwrap();
            assert!(after.legal_moves().contains(&mv), "{agent}: {lines:?}");
        }
    }

    #[test]
    fn a_flip_start_is_answered_with_a_flip() {
        let lines = session("setoption name Mode value flip\nposition startpos\ngo nodes 2000\n");
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        let action: luzhanqi::flip::FlipAction = best.parse().unwrap();
        assert!(FlipPosition::start().is_legal(action), "{lines:?}");
        assert!(matches!(action, luzhanqi::flip::FlipAction::Flip(_)));
        // A ply without what it revealed is refused, with its place.
        let lines = session("setoption name Mode value flip\nposition startpos moves c6\n");
        assert!(
            lines[0].starts_with("info string position: move 1 'c6'"),
            "{lines:?}"
        );
    }

    #[test]
    fn a_dark_state_is_answered_from_the_state() {
        use luzhanqi::dark::{DarkGame, DarkRules};
        use luzhanqi::deploy::{DEFAULT_DEPLOYMENT, Deployment};
        let d: Deployment = DEFAULT_DEPLOYMENT.parse().unwrap();
        let game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD).unwrap();
        for agent in ["ismcts", "determinized", "heuristic", "random"] {
            let lines = session(&format!(
                "setoption name DarkAgent value {agent}\nposition hidden {}\ngo nodes 3000\n",
                game.info_state(Side::Red)
            ));
            let mv: Move = lines
                .last()
                .unwrap()
                .strip_prefix("bestmove ")
                .unwrap()
                .parse()
                .unwrap();
            assert!(
                game.view(Side::Red).legal_moves().contains(&mv),
                "{lines:?}"
            );
        }
        // Blue's state, Red to move: no move, and why.
        let lines = session(&format!(
            "position hidden {}\ngo nodes 100\n",
            game.info_state(Side::Blue)
        ));
        assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
        assert!(lines[0].contains("turn"), "{lines:?}");
    }

    /// Issue 51 item 2(b): `deploy [red|blue]` is answered `deployment <L-19 string>` of a
    /// legal deployment (L-17) from the `DeployPolicy` option (guarded by default, varied
    /// from one to the next, the same for the same `Seed`; a fixed one as given), during a
    /// search too; a bad side or policy is a typed error on `info string`.
    #[test]
    fn deploy_answers_a_deployment_of_the_policy() {
        use luzhanqi::deploy::{DEFAULT_DEPLOYMENT, Deployment};
        let deployments = |lines: &[String]| -> Vec<Deployment> {
            lines
                .iter()
                .filter_map(|l| l.strip_prefix("deployment "))
                .map(|d| d.parse().unwrap())
                .collect()
        };
        let lines = session("deploy\ndeploy red\ndeploy blue\n");
        let got = deployments(&lines);
        assert_eq!(got.len(), 3, "{lines:?}");
        assert!(got.iter().all(|d| d.check().is_ok()), "{lines:?}");
        assert!(got[0] != got[1] || got[1] != got[2], "{lines:?}");
        // Guarded (L-17, docs/ccgc.md): the flag on a headquarters.
        for d in &got {
            let flag = d
                .iter()
                .find(|(_, k)| *k == luzhanqi::Kind::Flag)
                .unwrap()
                .0;
            assert_eq!(flag.rank(), 1, "{d}");
        }
        // The same seed, the same deployments.
        assert_eq!(lines, session("deploy\ndeploy red\ndeploy blue\n"));
        // Uniform and fixed policies; the option's value is checked.
        let lines = session(&format!(
            "setoption name DeployPolicy value uniform\ndeploy\n\
             setoption name DeployPolicy value {DEFAULT_DEPLOYMENT}\ndeploy blue\n\
             setoption name DeployPolicy value LFLFL\ndeploy green\ndeploy\n\
             go depth x\nisready\n"
        ));
        assert_eq!(lines.len(), 7, "{lines:?}");
        assert!(deployments(&lines[0..1])[0].check().is_ok(), "{lines:?}");
        assert_eq!(lines[1], format!("deployment {DEFAULT_DEPLOYMENT}"));
        assert!(
            lines[2].starts_with(
                "info string setoption: 'LFLFL' is not a valid value for DeployPolicy"
            ),
            "{lines:?}"
        );
        assert_eq!(
            lines[3],
            "info string deploy: 'green' is not a side (red or blue) (expected 'deploy [red|blue]')"
        );
        // The refused value left the fixed policy in place.
        assert_eq!(lines[4], format!("deployment {DEFAULT_DEPLOYMENT}"));
        assert!(lines[5].contains("'depth' needs a number"), "{lines:?}");
        assert_eq!(lines[6], "readyok");
        // During a search: answered at once, the search going on until `stop`.
        let lines = session("go infinite\ndeploy\nisready\nstop\n");
        assert!(lines[0].starts_with("deployment "), "{lines:?}");
        assert_eq!(lines[1], "readyok");
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
        // The option is listed.
        let uci = session("uci\n");
        assert!(
            uci.contains(&"option name DeployPolicy type string default guarded".to_string()),
            "{uci:?}"
        );
    }

    #[test]
    fn bad_lines_are_typed_errors_and_the_session_goes_on() {
        let lines = session(
            "position fen xyz\nposition startpos moves a1a9\nsetoption name Hash value 0\n\
             setoption name Bogus value 1\nsetoption name Mode value dark\nposition startpos\n\
             position hidden r r nonsense\ngo depth x\nisready\n",
        );
        assert_eq!(lines.len(), 8, "{lines:?}");
        assert!(lines[0].starts_with("info string position: invalid position string 'xyz'"));
        assert!(lines[1].starts_with("info string position: move 1 'a1a9'"));
        assert!(lines[2].contains("not a valid value for Hash"), "{lines:?}");
        assert!(lines[3].contains("no option named 'Bogus'"), "{lines:?}");
        assert!(lines[4].contains("Mode is dark"), "{lines:?}");
        assert!(lines[5].contains("invalid information state"), "{lines:?}");
        assert!(lines[6].contains("'depth' needs a number"), "{lines:?}");
        assert_eq!(lines[7], "readyok");
    }

    /// Issue 50, item 5: `setoption name Hash` and `isready` build the table, of the
    /// documented size (`Hash` MiB of 24-byte entries), before `readyok`; `go` builds nothing.
    #[test]
    fn the_table_is_built_before_readyok_and_go_builds_nothing() {
        for (mode, per_entry) in [
            ("open", SearchAgent::TT_ENTRY_BYTES),
            ("flip", FlipSearchAgent::TT_ENTRY_BYTES),
        ] {
            let out = Transcript::default();
            let o = Output::new(out.clone());
            let mut server = Server::new(o.clone(), 7);
            let entries = |s: &mut Server| {
                let a = s.search.idle().unwrap();
                match mode {
                    "open" => a.open.as_ref().map(|x| x.hash_entries()),
                    _ => a.flip.as_ref().map(|x| x.hash_entries()),
                }
            };
            let input = format!("setoption name Mode value {mode}\nsetoption name Hash value 8\n");
            junqi_protocol::server::serve(input.as_bytes(), &o, &mut server).unwrap();
            // `Hash` built it at once.
            assert_eq!(server.builds, 1);
            assert_eq!(entries(&mut server), Some((8 << 20) / per_entry));
            assert_eq!(per_entry, 24);
            // Another setting drops it; `isready` builds it again before `readyok`.
            let input = "setoption name Seed value 3\nisready\n";
            junqi_protocol::server::serve(input.as_bytes(), &o, &mut server).unwrap();
            assert_eq!(server.builds, 2);
            assert_eq!(entries(&mut server), Some((8 << 20) / per_entry));
            junqi_protocol::server::serve("go depth 2\n".as_bytes(), &o, &mut server).unwrap();
            assert_eq!(server.builds, 2, "go built an agent");
            assert_eq!(entries(&mut server), Some((8 << 20) / per_entry));
            let lines = out.lines();
            assert_eq!(lines[0], "readyok");
            assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
            assert_ne!(lines.last().unwrap(), "bestmove 0000", "{lines:?}");
        }
    }
}
