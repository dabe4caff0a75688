//! `siguo engine`: 四國軍棋's agents on the line protocol of `docs/protocol.md` (the UCI-style
//! lines of `gjjq engine` and `luzhanqi engine`, parsed and written by `junqi-protocol` and
//! served by its [`junqi_protocol::server`]), on standard input and output. The engine plays
//! whichever seat is to move, in any mode (docs/protocol.md, "四國軍棋: `siguo engine`"):
//!
//! - 全明 (`Mode open`, L-62): `position startpos | fen <L-59 position string> [moves <L-60
//!   actions>]`, the actions `g6g7`, `pass` and `resign-g`; `startpos` is four default
//!   deployments, Red to move; positions are read under the `Rules` option.
//! - 四暗 and 雙明 (`Mode dark`, the default, and `Mode double_open`; L-63, L-64): `position
//!   hidden <information state>`, the seat's own [`InfoState`] in its one-line form
//!   ([`InfoState::one_line`]): the seat, the rules and mode, the board it was shown, and every
//!   announcement since. A `position hidden` command is dark play whatever `Mode` says.
//!
//! `go` reads the clock of the seat to move (`rtime gtime btime ytime`, `rinc ginc binc
//! yinc`). The answer is `bestmove <L-60 action>` (`g6g7`, `pass`; `resign-r` would be a
//! surrender, which no agent gives today). A decided game, or an information state whose
//! seat is not to move, is answered `info string <why>` and `bestmove 0000`.
//!
//! The search runs in a thread; `isready` is answered while it runs. `stop` raises the
//! search's [`StopSignal`]: every agent returns its best action so far at its next look at the
//! clock, and the server answers `bestmove` then. `go infinite` holds `bestmove` until `stop`.
//!
//! Not every agent looks at the clock all the time: a dark agent builds its world sampler
//! before it looks (tens of milliseconds in the opening, a hundred and more late in a game),
//! and cannot be interrupted there. So the answer is the first of two: the agent's, or a
//! watchdog's at the time budget's hard limit (or [`session::STOP_GRACE_MS`] after `stop`),
//! which plays
//! a uniform legal action ([`RandomAgent`]: it reads nothing hidden) and says so on an `info
//! string`. An agent that answers late is left to finish in its thread, its answer dropped,
//! and the next search gets agents built afresh: `go movetime N` is answered within N in every
//! mode, whatever the agent.

use std::sync::Arc;
use std::time::{Duration, Instant};

use junqi_cli::fresh_seed;
use junqi_protocol::server::{Output, clip};
use junqi_protocol::session::{
    self, Fallback, Found, GameSession, OptionError, OptionValue, Searcher,
};
use junqi_protocol::time::budget_with_clock;
use junqi_protocol::{GameCommand, GoParams, OptionLine, PositionCommand, Reply, Score};
use siguo::dark::InfoState;
use siguo::{Position, Repetitions, Rules, Seat, SiguoMode};
use siguo_engine::{Agent, DarkAgent, DynAgent};
use siguo_engine::{AgentKind, Choice, DeterminizedAgent, Limits, RandomAgent, StopSignal, eval};

/// Milliseconds of a dark agent's time kept back for what it does not time: building its
/// world sampler before it first looks at the clock, and the world it is drawing when the time
/// runs out (as `luzhanqi engine`'s dark agents, docs/luzhanqi-engine.md).
const DARK_RESERVE_MS: u64 = 20;

/// The most worlds a dark agent may be told to draw without a time limit.
const MAX_WORLDS: u64 = DeterminizedAgent::MAX_WORLDS as u64;

/// The `Mode` option's values by name, in the order `uci` lists them.
const MODES: [(&str, SiguoMode); 3] = [
    ("dark", SiguoMode::Dark),
    ("double_open", SiguoMode::DoubleOpen),
    ("open", SiguoMode::Open),
];

/// `resign-<seat letter>` (L-60): the seat that surrenders; `None` for any other text, and
/// `Some(Err)` for `resign-` followed by something that is not one seat letter.
pub(crate) fn resign_seat(text: &str) -> Option<Result<Seat, String>> {
    let letter = text.strip_prefix("resign-")?;
    let mut c = letter.chars();
    Some(match (c.next().and_then(Seat::from_letter), c.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(format!("'{text}': not resign-r|g|b|y")),
    })
}

/// What the session searches, as the last `position` command gave it.
#[derive(Clone)]
enum Current {
    /// 全明: the position and the Zobrist keys of the game's positions before it.
    Open(Box<Position>, Vec<u64>),
    /// 四暗 or 雙明: the seat's information state.
    Dark(Box<InfoState>),
    /// A dark mode before any `position hidden`: nothing to search.
    NoInfoState,
}

/// The agents' settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Settings {
    agent: AgentKind,
    seed: u64,
    worlds: u32,
}

impl Settings {
    fn open_agent(&self) -> Box<DynAgent> {
        match self.agent {
            AgentKind::Determinized => {
                Box::new(DeterminizedAgent::with_worlds(self.seed, self.worlds))
            }
            other => other.build(self.seed),
        }
    }

    fn dark_agent(&self) -> Box<dyn DarkAgent + Send> {
        match self.agent {
            AgentKind::Determinized => {
                Box::new(DeterminizedAgent::with_worlds(self.seed, self.worlds))
            }
            other => other.build_dark(self.seed),
        }
    }
}

/// The agents, built when first needed and kept from one `go` to the next (the search's
/// table with them); a changed setting drops them.
#[derive(Default)]
pub(crate) struct Agents {
    open: Option<Box<DynAgent>>,
    dark: Option<Box<dyn DarkAgent + Send>>,
}

pub(crate) struct Server {
    mode: SiguoMode,
    rules: Rules,
    settings: Settings,
    /// The agents and their search, with a watchdog.
    search: Searcher<Agents>,
    current: Current,
    /// `go` commands so far (the seed of a watchdog's answer).
    searches: u64,
}

impl Server {
    /// A session answering on `out`; `seed` is the initial `Seed` option (0: one is drawn).
    pub(crate) fn new(out: Output, seed: u64) -> Server {
        Server {
            mode: SiguoMode::Dark,
            rules: Rules::STANDARD,
            settings: Settings {
                agent: AgentKind::Search,
                seed: if seed == 0 { fresh_seed() } else { seed },
                worlds: DeterminizedAgent::DEFAULT_WORLDS,
            },
            search: Searcher::new(out),
            current: Current::NoInfoState,
            searches: 0,
        }
    }

    /// The start of a mode: 全明's `startpos`; nothing in a dark mode until `position hidden`.
    fn start(&self) -> Current {
        match self.mode {
            SiguoMode::Open => Current::Open(
                Box::new(super::default_start(self.open_rules())),
                Vec::new(),
            ),
            _ => Current::NoInfoState,
        }
    }

    /// The rules of 全明 play: the `Rules` option's, the mode open (L-62).
    fn open_rules(&self) -> Rules {
        let mut rules = self.rules;
        rules.mode.mode = SiguoMode::Open;
        rules.mode.engineer_scout = false;
        rules
    }

    /// 全明's `position startpos|fen … [moves …]`: the position, and the keys before it.
    fn open_position(&self, p: &PositionCommand) -> Result<Current, String> {
        let rules = self.open_rules();
        let mut pos = match &p.fen {
            None => super::default_start(rules),
            Some(text) => Position::from_text(text, rules).map_err(|e| {
                format!(
                    "position: invalid position string '{}': {e}",
                    clip(text, 200)
                )
            })?,
        };
        let mut seen = Repetitions::new(&pos);
        let mut keys = Vec::with_capacity(p.moves.len());
        for (i, text) in p.moves.iter().enumerate() {
            let bad = |why: String| format!("position: move {} '{}' {why}", i + 1, clip(text, 40));
            keys.push(pos.zobrist());
            match resign_seat(text) {
                Some(seat) => pos
                    .surrender(seat.map_err(&bad)?)
                    .map_err(|e| bad(e.to_string()))?,
                None => {
                    let a = pos.find_action(text).map_err(|e| bad(e.to_string()))?;
                    pos.play(a).map_err(|e| bad(e.to_string()))?;
                }
            }
            seen.reached(&mut pos);
        }
        Ok(Current::Open(Box::new(pos), keys))
    }

    fn uci(&self) {
        let spin =
            |name, default, min, max| Reply::Option(OptionLine::spin(name, default, min, max));
        let combo = |name, default, vars| Reply::Option(OptionLine::combo(name, default, vars));
        let agents: Vec<&str> = AgentKind::ALL.iter().map(|k| k.name()).collect();
        let options = [
            combo("Mode", "dark", &MODES.map(|m| m.0)),
            Reply::Option(OptionLine::string("Rules", "standard")),
            combo("Agent", AgentKind::Search.name(), &agents),
            session::seed_option(),
            spin(
                "Worlds",
                DeterminizedAgent::DEFAULT_WORLDS.into(),
                1,
                MAX_WORLDS,
            ),
            session::overhead_option(),
        ];
        let name = format!("siguo-engine {}", env!("CARGO_PKG_VERSION"));
        for l in session::uci_answer(name, options) {
            self.search.out().send(&l.to_string());
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let v = OptionValue::new(name, value);
        let mut s = self.settings;
        match name.to_ascii_lowercase().as_str() {
            "mode" => {
                if session::changed(&mut self.mode, v.pick(&MODES, "dark, double_open or open")?) {
                    self.current = self.start();
                }
                return Ok(());
            }
            "rules" => {
                self.rules = Rules::parse(v.text).map_err(|e| v.bad(&e.to_string()))?;
                if self.mode == SiguoMode::Open {
                    self.current = self.start();
                }
                return Ok(());
            }
            "agent" => s.agent = v.parse("search, determinized, heuristic or random")?,
            "seed" => s.seed = v.seed(fresh_seed)?,
            "worlds" => s.worlds = v.number(1, MAX_WORLDS)? as u32,
            _ => return Err(OptionError::Unknown(clip(name, 60))),
        }
        self.search.update(&mut self.settings, s);
        Ok(())
    }

    fn go(&mut self, go: GoParams) {
        let start = Instant::now();
        self.prepare();
        self.searches += 1;
        let current = self.current.clone();
        let (seat, reserve) = match &current {
            Current::Open(pos, _) => (pos.turn(), 0),
            Current::Dark(state) => (state.seat(), DARK_RESERVE_MS),
            Current::NoInfoState => (Seat::Red, 0),
        };
        let budget =
            budget_with_clock(&go, go.seat_clock(seat.letter()), self.search.overhead_ms());
        let stop = StopSignal::new();
        let limits = Limits {
            time: budget.map(|b| b.soft_less(reserve)),
            nodes: go.node_limit(),
            depth: go.depth,
            stop: Some(stop.clone()),
        };
        // The watchdog: the hard limit answers for an agent still busy.
        let fallback = uniform(
            current.clone(),
            self.settings.seed ^ self.searches.rotate_left(32),
        );
        let deadline = budget.map(|b| start + Duration::from_millis(b.hard_ms));
        self.search.start(
            go.infinite,
            move || stop.raise(),
            Some((fallback, deadline)),
            move |agents| Found::answer(search(&current, agents, &limits), start),
        );
    }
}

/// What the watchdog plays for a late agent: a uniform legal action of the position or the
/// information state, drawn from `seed`.
fn uniform(current: Current, seed: u64) -> Fallback {
    Arc::new(move || {
        let mut random = RandomAgent::new(seed);
        let stopped = Limits::default();
        let choice = match &current {
            Current::Open(pos, history) => random.choose(pos, history, &stopped),
            Current::Dark(state) => random.choose_dark(state, &stopped),
            Current::NoInfoState => return None,
        };
        Some(
            choice
                .map(|c| c.action.to_string())
                .map_err(|e| e.to_string()),
        )
    })
}

impl GameSession for Server {
    type Agents = Agents;
    type Error = String;

    /// Build the agent the current position needs, unless it is built or a search runs.
    fn prepare(&mut self) {
        let settings = self.settings;
        let Some(agents) = self.search.idle() else {
            return;
        };
        match self.current {
            Current::Open(..) => {
                if agents.open.is_none() {
                    agents.open = Some(settings.open_agent());
                }
            }
            Current::Dark(_) | Current::NoInfoState => {
                if agents.dark.is_none() {
                    agents.dark = Some(settings.dark_agent());
                }
            }
        }
    }

    fn carry_out(&mut self, cmd: GameCommand) -> Result<(), String> {
        match cmd {
            GameCommand::Uci => self.uci(),
            GameCommand::SetOption { name, value } => self
                .set_option(&name, value.as_deref())
                .map_err(|e| e.to_string())?,
            GameCommand::NewGame => {
                if let Some(a) = self.search.idle() {
                    a.open.iter_mut().for_each(|x| x.new_game());
                    a.dark.iter_mut().for_each(|x| x.new_game());
                }
            }
            GameCommand::Position(p) => {
                if self.mode != SiguoMode::Open {
                    return Err(format!(
                        "position: Mode is {}: expected 'position hidden <information state>'",
                        mode_name(self.mode)
                    ));
                }
                self.current = self.open_position(&p)?;
            }
            GameCommand::HiddenPosition(text) => {
                let state = text.parse::<InfoState>().map_err(|e| {
                    format!(
                        "position: invalid information state '{}': {e}",
                        clip(&text, 200)
                    )
                })?;
                self.current = Current::Dark(Box::new(state));
            }
            GameCommand::Go(go) => self.go(go),
        }
        Ok(())
    }

    fn searcher(&mut self) -> &mut Searcher<Agents> {
        &mut self.search
    }
}

/// A mode's name in [`MODES`].
fn mode_name(mode: SiguoMode) -> &'static str {
    MODES.iter().find(|m| m.1 == mode).map_or("", |m| m.0)
}

/// The agent's choice for `current`, or why there is none (a decided game, a seat not to
/// move, no information state).
fn search(current: &Current, agents: &mut Agents, limits: &Limits) -> Result<Found, String> {
    match current {
        Current::Open(pos, history) => {
            session::decided(pos.outcome())?;
            let agent = agents.open.as_mut().ok_or("no agent")?;
            agent
                .choose(pos, history, limits)
                .map(found)
                .map_err(|e| e.to_string())
        }
        Current::Dark(state) => {
            let view = state.view();
            session::decided(view.outcome())?;
            session::not_to_move(view.turn(), state.seat(), "action")?;
            let agent = agents.dark.as_mut().ok_or("no agent")?;
            agent
                .choose_dark(state, limits)
                .map(found)
                .map_err(|e| e.to_string())
        }
        Current::NoInfoState => Err(session::NO_INFO_STATE.to_string()),
    }
}

/// What an agent chose, as its answer writes it: the score only from an agent that searched
/// or scored (depth above 0, or a score other than 0), `win N`/`loss N` beyond
/// [`eval::WIN_BOUND`], else `cp` in the evaluation's units.
fn found(c: Choice) -> Found {
    Found {
        action: c.action.to_string(),
        score: (c.depth > 0 || c.score != 0)
            .then(|| Score::from_eval(c.score, eval::WIN, eval::WIN_BOUND)),
        depth: c.depth,
        nodes: c.nodes,
    }
}
