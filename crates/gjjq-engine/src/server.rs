//! The protocol server: reads commands, searches in a thread, writes `info` and `bestmove`.
//! Native only (threads and `std::time::Instant`).

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use gjjq_core::{Position, Ruleset, hidden::InfoState, setup::clip};
use gjjq_tablebase::Tablebase;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::hidden::{HiddenAgent, HiddenBelief, HiddenSearch};
use crate::hidden::{HiddenConfig, untried_candidates};
use junqi_protocol::server::{ERROR_CHARS, Output, Session};
use junqi_protocol::{Command, GameCommand, GoParams, OptionKind, OptionLine, Reply, session};

use crate::protocol::{
    bestmove, bestmove_line, info_lines, parse_info_state, resolve_position, worlds_line,
};
use crate::time::{Stability, TimeBudget, budget};
use crate::vocabulary::MAX_CONTEMPT;
use crate::{Engine, EngineConfig, Limits, Score, SearchControl, SearchFeatures, SearchResult};

/// Which player answers `go`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Player {
    /// The baseline alpha-beta engine.
    #[default]
    Search,
    /// Uniformly random legal moves (the floor every engine must beat), from the `Seed`
    /// option's generator (a random seed when it is 0); in hidden play (暗式), uniformly
    /// random candidates not yet refused this turn.
    Random,
}

/// Settings of a server fixed at start-up.
///
/// # Examples
///
/// ```
/// use gjjq_engine::server::{Player, ServerOptions};
/// let o = ServerOptions::default();
/// assert_eq!((o.player, o.seed), (Player::Search, 0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ServerOptions {
    /// The player.
    pub player: Player,
    /// The initial `Seed` option of the random player (0: draw one).
    pub seed: u64,
}

/// The `option` line of `name`.
fn option(name: &str, kind: OptionKind) -> Reply {
    Reply::Option(OptionLine {
        name: name.to_string(),
        kind,
    })
}

struct Running {
    stop: Arc<AtomicBool>,
    /// Gives back the engine (its table) and the game history.
    handle: JoinHandle<(Engine, Vec<u64>)>,
}

/// An output that can be read while a server writes to it: a shared, growing buffer of lines.
///
/// # Examples
///
/// ```
/// use std::io::Write;
/// use gjjq_engine::server::Transcript;
/// let t = Transcript::default();
/// writeln!(t.clone(), "readyok").unwrap();
/// assert_eq!(t.lines(), ["readyok"]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Transcript(Arc<Mutex<Vec<u8>>>);

impl Transcript {
    /// The complete lines written so far.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let buf = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let text = String::from_utf8_lossy(&buf);
        let complete = text.rfind('\n').map_or("", |i| &text[..i]);
        complete.lines().map(str::to_string).collect()
    }
}

impl Write for Transcript {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The state of one protocol session.
struct Server {
    options: ServerOptions,
    out: Output,
    engine: Option<Engine>,
    running: Option<Running>,
    config: EngineConfig,
    overhead_ms: u64,
    rules: Ruleset,
    position: Position,
    history: Vec<u64>,
    /// The information state of `position hidden` (暗式); `None` in open play. Either this
    /// or `position` is searched, whichever `position` command came last.
    hidden: Option<InfoState>,
    /// The `Worlds` option: consistent worlds drawn per hidden-play search.
    worlds: u32,
    /// The `HiddenSearch` and `HiddenBelief` options: the hidden-play agent.
    agent: HiddenAgent,
    rng: StdRng,
    /// The `TablebaseDir` option's endgame tables, given to the engine at each `go`.
    tablebase: Option<Arc<Tablebase>>,
}

/// Serve the protocol on `input`/`output` until `quit` or the end of the input.
///
/// # Errors
///
/// Only a failure to read `input`.
///
/// # Examples
///
/// ```
/// use gjjq_engine::server::{ServerOptions, Transcript, serve};
/// let input = "uci\nisready\nposition startpos moves 5B5A\ngo depth 2\nquit\n";
/// let out = Transcript::default();
/// serve(input.as_bytes(), out.clone(), ServerOptions::default())?;
/// let lines = out.lines();
/// assert!(lines.contains(&"uciok".to_string()));
/// assert!(lines.contains(&"readyok".to_string()));
/// assert!(lines.last().unwrap().starts_with("bestmove "));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn serve<R: BufRead, W: Write + Send + 'static>(
    input: R,
    output: W,
    options: ServerOptions,
) -> io::Result<()> {
    junqi_protocol::server::serve_new(input, output, |out| Server::new(options, out))
}

impl Server {
    fn new(options: ServerOptions, out: Output) -> Server {
        let mut config = EngineConfig::default();
        config.eval.kind = crate::eval::EvalParams::ENGINE_KIND;
        Server {
            options,
            out,
            engine: Some(Engine::new(config)),
            running: None,
            config,
            overhead_ms: session::DEFAULT_OVERHEAD_MS,
            rules: Ruleset::STANDARD,
            position: Position::default(),
            history: Vec::new(),
            hidden: None,
            worlds: HiddenConfig::default().worlds,
            agent: HiddenAgent::default(),
            rng: seeded(options.seed),
            tablebase: None,
        }
    }

    fn name(&self) -> String {
        let version = env!("CARGO_PKG_VERSION");
        match self.options.player {
            Player::Search => format!("gjjq-engine {version}"),
            Player::Random => format!("gjjq-random {version}"),
        }
    }

    /// Carry out `cmd`; `hidden` is the information state of a `position hidden` command.
    fn carry_out(&mut self, cmd: GameCommand, hidden: Option<InfoState>) {
        match cmd {
            GameCommand::Uci => {
                let spin = |name: &str, default: i128, min: i128, max: i128| {
                    option(name, OptionKind::Spin { default, min, max })
                };
                let combo = |name: &str, default: String, vars: &[&str]| {
                    let vars = vars.iter().map(|v| (*v).to_string()).collect();
                    option(name, OptionKind::Combo { default, vars })
                };
                let string = |name: &str, default: &str| {
                    option(
                        name,
                        OptionKind::String {
                            default: default.to_string(),
                        },
                    )
                };
                let defaults = EngineConfig::default();
                let lines = [
                    spin("Hash", defaults.hash_mb as i128, 1, 4096),
                    option("Clear Hash", OptionKind::Button),
                    spin("Tropism", defaults.eval.tropism.into(), 0, 100),
                    combo(
                        "Eval",
                        crate::eval::EvalParams::ENGINE_KIND.to_string(),
                        &["classic", "nnue"],
                    ),
                    session::overhead_option(),
                    session::seed_option(),
                    spin(
                        "Worlds",
                        HiddenConfig::default().worlds.into(),
                        1,
                        MAX_WORLDS.into(),
                    ),
                    combo(
                        "HiddenSearch",
                        HiddenSearch::default().to_string(),
                        &["vote", "ismcts", "average"],
                    ),
                    combo(
                        "HiddenBelief",
                        "uniform".to_string(),
                        &["uniform", "weighted"],
                    ),
                    string("Rules", "standard"),
                    spin("MultiPV", 1, 1, MAX_MULTI_PV as i128),
                    spin(
                        "Contempt",
                        defaults.contempt.into(),
                        (-MAX_CONTEMPT).into(),
                        MAX_CONTEMPT.into(),
                    ),
                    string("TablebaseDir", ""),
                ];
                let features = SearchFeatures::default();
                let features = FEATURE_OPTIONS.iter().map(|(name, get, _)| {
                    option(
                        name,
                        OptionKind::Check {
                            default: get(&features),
                        },
                    )
                });
                for l in session::uci_answer(self.name(), lines.into_iter().chain(features)) {
                    self.out.send(&l.to_string());
                }
            }
            GameCommand::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            GameCommand::NewGame => {
                if let Some(e) = &mut self.engine {
                    e.clear();
                }
            }
            GameCommand::Position(p) => match resolve_position(&p, self.rules) {
                Ok((pos, keys)) => {
                    self.position = pos;
                    self.history = keys;
                    self.hidden = None;
                }
                Err(e) => self.out.info(&clip(&e.to_string(), ERROR_CHARS)),
            },
            // 暗式: the side's information state alone, never the true position (R-41).
            GameCommand::HiddenPosition(_) => {
                self.hidden = hidden.map(|state| state.with_rules(self.rules));
            }
            GameCommand::Go(go) => match self.hidden.clone() {
                Some(state) => self.go_hidden(go, state),
                None => self.go(go),
            },
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let number = |v: Option<&str>| v.and_then(|v| v.trim().parse::<u64>().ok());
        let bad = |out: &Output| {
            out.info(&format!(
                "setoption: '{}' is not a valid value for {name}",
                value.unwrap_or("")
            ));
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => match number(value) {
                Some(mb @ 1..=4096) => self.set_hash(mb as usize),
                _ => bad(&self.out),
            },
            "tropism" => match number(value) {
                Some(w @ 0..=100) => {
                    // The table keeps its memory (no second table beside it); its scores
                    // were of the old evaluation, so it is emptied.
                    self.config.eval.tropism = w as i32;
                    self.reconfigure();
                    if let Some(e) = &mut self.engine {
                        e.clear();
                    }
                }
                _ => bad(&self.out),
            },
            "eval" => match value.map(str::parse::<crate::eval::EvalKind>) {
                Some(Ok(kind)) => {
                    if let (crate::eval::EvalKind::Nnue, Err(e)) =
                        (kind, crate::nnue::Network::builtin())
                    {
                        self.out.info(&format!("setoption: Eval: {e}"));
                    } else {
                        self.config.eval.kind = kind;
                        self.reconfigure();
                    }
                }
                _ => bad(&self.out),
            },
            "multipv" => match number(value) {
                Some(k @ 1..=MAX_MULTI_PV) => {
                    self.config.multi_pv = k as u32;
                    self.reconfigure();
                }
                _ => bad(&self.out),
            },
            "contempt" => match value.and_then(|v| v.trim().parse::<i32>().ok()) {
                // A range, not `abs`: `abs` of i32::MIN overflows.
                Some(c) if (-MAX_CONTEMPT..=MAX_CONTEMPT).contains(&c) => {
                    self.config.contempt = c;
                    self.reconfigure();
                }
                _ => bad(&self.out),
            },
            lower
                if FEATURE_OPTIONS
                    .iter()
                    .any(|o| o.0.eq_ignore_ascii_case(lower)) =>
            {
                let flag = match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
                    Some("true") => Some(true),
                    Some("false") => Some(false),
                    _ => None,
                };
                match (
                    flag,
                    FEATURE_OPTIONS
                        .iter()
                        .find(|o| o.0.eq_ignore_ascii_case(lower)),
                ) {
                    (Some(on), Some((_, _, set))) => {
                        set(&mut self.config.features, on);
                        self.reconfigure();
                    }
                    _ => bad(&self.out),
                }
            }
            "clear hash" => {
                if let Some(e) = &mut self.engine {
                    e.clear();
                }
            }
            "move overhead" => match number(value) {
                Some(ms @ 0..=session::MAX_OVERHEAD_MS) => self.overhead_ms = ms,
                _ => bad(&self.out),
            },
            "seed" => match number(value) {
                Some(seed) => self.rng = seeded(seed),
                None => bad(&self.out),
            },
            "worlds" => match number(value) {
                Some(n @ 1..=MAX_WORLDS) => self.worlds = n as u32,
                _ => bad(&self.out),
            },
            "hiddensearch" => match value.map(str::parse::<HiddenSearch>) {
                Some(Ok(search)) => self.agent.search = search,
                _ => bad(&self.out),
            },
            "hiddenbelief" => match value.map(str::parse::<HiddenBelief>) {
                Some(Ok(belief)) => self.agent.belief = belief,
                _ => bad(&self.out),
            },
            "rules" => match value.map(parse_rules) {
                Some(Ok(r)) => {
                    self.rules = r;
                    self.position = self.position.clone().with_ruleset(r);
                    self.hidden = self.hidden.take().map(|s| s.with_rules(r));
                }
                Some(Err(e)) => self.out.info(&format!("setoption: Rules: {e}")),
                None => bad(&self.out),
            },
            "tablebasedir" => self.set_tablebase_dir(value.map_or("", str::trim)),
            _ => self
                .out
                .info(&format!("setoption: no option named '{name}'")),
        }
    }

    /// `TablebaseDir`: open the endgame tables in `dir` (every file read into memory and
    /// checked whole: [`Tablebase::open`], never a mapping the engine could not vouch for), or turn
    /// probing off for an empty value or `<empty>`. A directory that cannot be opened (missing,
    /// unreadable, a damaged file) is reported in an `info string` and leaves the engine
    /// without tables.
    fn set_tablebase_dir(&mut self, dir: &str) {
        self.tablebase = None;
        if dir.is_empty() || dir == "<empty>" {
            return;
        }
        match Tablebase::open(std::path::Path::new(dir)) {
            Ok(tb) if tb.endings().is_empty() => self
                .out
                .info(&format!("TablebaseDir: no endgame tables in {dir}")),
            Ok(tb) => {
                self.out.info(&format!(
                    "TablebaseDir: {} endings of up to {} units",
                    tb.endings().len(),
                    tb.max_units()
                ));
                self.tablebase = Some(Arc::new(tb));
            }
            Err(e) => self.out.info(&format!(
                "setoption: TablebaseDir: {}; searching without tables",
                clip(&e.to_string(), ERROR_CHARS)
            )),
        }
    }

    /// `Hash`: resize the table, the old one freed first; when `mb` MiB cannot be allocated
    /// the engine keeps a smaller table ([`Engine::set_hash`]) and says so in an `info string`
    /// instead of aborting (issue 41, item 9).
    fn set_hash(&mut self, mb: usize) {
        let got = match &mut self.engine {
            Some(e) => e.set_hash(mb),
            None => {
                let e = Engine::new(EngineConfig {
                    hash_mb: mb,
                    ..self.config
                });
                let got = e.config().hash_mb;
                self.engine = Some(e);
                got
            }
        };
        self.config.hash_mb = got;
        if got != mb {
            self.out
                .info(&junqi_protocol::hash::fallback_message(mb, got));
        }
    }

    /// Apply `self.config` to the engine, keeping its table.
    fn reconfigure(&mut self) {
        match &mut self.engine {
            Some(e) => e.set_config(self.config),
            None => self.engine = Some(Engine::new(self.config)),
        }
    }

    fn go(&mut self, go: GoParams) {
        let start = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let pos = self.position.clone();
        let out = self.out.clone();
        let flag = Arc::clone(&stop);
        let time = budget(&go, pos.turn(), self.overhead_ms);
        let limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
        };
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(self.config));
        engine.set_tablebase(self.tablebase.clone());
        // R-24: a position that occurred a third time is a draw; the game is over, whatever
        // moves the position itself still has.
        let current = pos.zobrist_hash();
        let repeated = self.history.iter().filter(|&&k| k == current).count() + 1 >= 3;
        let result = match self.options.player {
            _ if repeated => Some(SearchResult {
                best_move: None,
                score: Score::Cp(0),
                depth: 0,
                seldepth: 0,
                nodes: 0,
                pv: Vec::new(),
                lines: Vec::new(),
                hashfull: 0,
            }),
            Player::Random => {
                let moves = pos.legal_moves();
                (!moves.is_empty()).then(|| {
                    let m = moves[self.rng.random_range(0..moves.len())];
                    SearchResult {
                        best_move: Some(m),
                        score: Score::Cp(0),
                        depth: 0,
                        seldepth: 0,
                        nodes: 1,
                        pv: vec![m],
                        lines: Vec::new(),
                        hashfull: 0,
                    }
                })
            }
            Player::Search => None,
        };
        let history = std::mem::take(&mut self.history);
        let handle = std::thread::spawn(move || {
            let r = match result {
                Some(r) => r,
                None => {
                    let mut control = Control::new(&flag, start, time, &out);
                    engine.search_with(&pos, &history, limits, &mut control)
                }
            };
            // UCI: after `go infinite` the answer waits for `stop`.
            while go.infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            if repeated {
                out.info("the game is over: the position occurred a third time, a draw (R-24)");
            } else if r.best_move.is_none() {
                // One adjudication, one reason: the core's outcome of the position, as `gjjq
                // outcome` and the arbiter give it (issue 41, item 15).
                out.send(&game_over_line(&pos));
            }
            out.send(&bestmove_line(&r));
            (engine, history)
        });
        self.running = Some(Running { stop, handle });
    }

    /// `go` in a hidden position (暗式, R-41): a determinized search over consistent worlds
    /// ([`Engine::search_hidden_with`]) under the same clocks, limits and `stop` as open play;
    /// `info` per completed round, then `info string worlds W votes V` and `bestmove`.
    fn go_hidden(&mut self, go: GoParams, state: InfoState) {
        let start = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let out = self.out.clone();
        let flag = Arc::clone(&stop);
        let time = budget(&go, state.side(), self.overhead_ms);
        let limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
        };
        let config = HiddenConfig {
            worlds: self.worlds,
            ..HiddenConfig::default()
        };
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(self.config));
        engine.set_tablebase(self.tablebase.clone());
        // The world draws (and the random player's choice) from a generator of their own,
        // seeded from the `Seed` option's: a seeded engine answers a state the same way.
        let mut rng = StdRng::seed_from_u64(self.rng.random());
        let player = self.options.player;
        let agent = self.agent;
        let history = std::mem::take(&mut self.history);
        let handle = std::thread::spawn(move || {
            let no_move = if let Some(o) = state.outcome() {
                Some(format!("the game is over ({o}): no proposal"))
            } else if state.turn() != state.side() {
                Some(format!(
                    "it is {}'s turn, not {}'s: no proposal",
                    state.turn(),
                    state.side()
                ))
            } else {
                None
            };
            let r = match (&no_move, player) {
                (Some(_), _) => None,
                (None, Player::Random) => {
                    let untried = untried_candidates(&state);
                    (!untried.is_empty()).then(|| untried[rng.random_range(0..untried.len())])
                }
                (None, Player::Search) => {
                    let mut control = Control::new(&flag, start, time, &out);
                    let r = engine.search_hidden_agent_with(
                        &state,
                        limits,
                        config,
                        agent,
                        &mut rng,
                        &mut control,
                    );
                    out.send(&worlds_line(&r));
                    r.best_move
                }
            };
            while go.infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            match r {
                Some(m) => out.send(&bestmove(Some(m))),
                None => {
                    let why = no_move.unwrap_or_else(|| "no candidate left to propose".into());
                    out.info(&why);
                    out.send(&bestmove(None));
                }
            }
            (engine, history)
        });
        self.running = Some(Running { stop, handle });
    }
}

impl Session for Server {
    fn apply(&mut self, cmd: Command) {
        let Ok(cmd) = GameCommand::try_from(cmd) else {
            return;
        };
        // The information state is read with its command: a malformed one is reported and
        // the line ignored, as any malformed command, without stopping a running search.
        let hidden = match &cmd {
            GameCommand::HiddenPosition(text) => match parse_info_state(text) {
                Ok(state) => Some(state),
                Err(e) => {
                    self.out.info(&clip(&e.to_string(), ERROR_CHARS));
                    return;
                }
            },
            _ => None,
        };
        // Anything that changes the state waits for the search to end: it is stopped (and
        // its `bestmove` sent) first.
        self.finish_search();
        self.carry_out(cmd, hidden);
    }

    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            match r.handle.join() {
                Ok((engine, history)) => {
                    self.engine = Some(engine);
                    self.history = history;
                }
                Err(_) => self.out.info("the search failed; table cleared"),
            }
        }
    }
}

/// The largest `MultiPV` option.
const MAX_MULTI_PV: u64 = 32;

/// A check option per search feature: its name, how to read it and how to set it.
type FeatureOption = (
    &'static str,
    fn(&SearchFeatures) -> bool,
    fn(&mut SearchFeatures, bool),
);

/// The check options of `name => field` pairs: each reads and sets that field of
/// [`SearchFeatures`].
macro_rules! feature_options {
    ($($name:literal => $field:ident),* $(,)?) => {
        [$((
            $name,
            |f: &SearchFeatures| f.$field,
            |f: &mut SearchFeatures, on: bool| f.$field = on,
        )),*]
    };
}

/// The search features as check options (defaults as `SearchFeatures::default`), for matches
/// that measure them.
const FEATURE_OPTIONS: [FeatureOption; 12] = feature_options![
    "NullMove" => null_move,
    "LMR" => lmr,
    "Aspiration" => aspiration,
    "CheckExtension" => check_extension,
    "Futility" => futility,
    "SEE" => see,
    "Progress" => progress,
    "ReverseFutility" => reverse_futility,
    "LateMovePruning" => late_move_pruning,
    "IIR" => iir,
    "Conversion" => conversion,
    "QuiescenceTraps" => quiescence_traps,
];

/// The largest `Worlds` option.
const MAX_WORLDS: u64 = 256;

fn seeded(seed: u64) -> StdRng {
    if seed == 0 {
        StdRng::seed_from_u64(rand::random())
    } else {
        StdRng::seed_from_u64(seed)
    }
}

/// `standard` or a ruleset as JSON (as a game file's `Rules` tag): [`Ruleset`]'s parser.
fn parse_rules(text: &str) -> Result<Ruleset, String> {
    text.parse()
        .map_err(|e: gjjq_core::ruleset::RulesetError| e.to_string())
}

/// The `info string` of a position in which the engine has no move to give: the rules'
/// outcome of the position with its reason (`Position::outcome`, R-21 … R-25), e.g. `the game
/// is over: draw insufficient-material`.
fn game_over_line(pos: &Position) -> String {
    match pos.outcome() {
        Some(o) => format!("info string the game is over: {o}"),
        // Not reached: a position without a legal move has an outcome (R-23).
        None => "info string the game is over: no legal move".to_string(),
    }
}

struct Control<'a> {
    stop: &'a AtomicBool,
    start: Instant,
    time: Option<TimeBudget>,
    out: &'a Output,
    /// The best move of the last completed iteration and for how many iterations in a row it
    /// has been the best.
    stability: Stability,
}

impl<'a> Control<'a> {
    fn new(
        stop: &'a AtomicBool,
        start: Instant,
        time: Option<TimeBudget>,
        out: &'a Output,
    ) -> Control<'a> {
        Control {
            stop,
            start,
            time,
            out,
            stability: Stability::default(),
        }
    }

    fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

impl SearchControl for Control<'_> {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.time.is_some_and(|t| self.elapsed_ms() >= t.hard_ms)
    }

    fn should_deepen(&mut self, completed: &SearchResult) -> bool {
        let stable = self.stability.update(completed.best_move);
        if self.stop.load(Ordering::Relaxed) {
            return false;
        }
        match self.time {
            None => true,
            Some(t) => t.deepen(self.elapsed_ms(), stable),
        }
    }

    fn on_iteration(&mut self, completed: &SearchResult) {
        for line in info_lines(completed, self.elapsed_ms()) {
            self.out.send(&line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Serves `input` in a thread; the transcript once it has `readyok`, within 20 s (the
    /// test fails instead of hanging if the server stops answering).
    fn serve_until_ready(input: impl Into<Vec<u8>>) -> Vec<String> {
        let input: Vec<u8> = input.into();
        let out = Transcript::default();
        let o = out.clone();
        std::thread::spawn(move || serve(input.as_slice(), o, ServerOptions::default()));
        let start = Instant::now();
        while !out.lines().iter().any(|l| l == "readyok") {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "no readyok: {:?}",
                out.lines()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        out.lines()
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("gjjq-server-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Tablebase::new()
            .generate_in(&dir, &["IvK".parse().unwrap()])
            .unwrap();
        dir
    }

    /// Every line of `lines` before `readyok` is an `info string` (nothing forged a
    /// `bestmove`), and there is one `readyok`.
    fn only_info_then_ready(lines: &[String]) {
        assert_eq!(
            lines.last().map(String::as_str),
            Some("readyok"),
            "{lines:?}"
        );
        for l in &lines[..lines.len() - 1] {
            assert!(
                l.starts_with("info string "),
                "a forged line: {l:?} in {lines:?}"
            );
            assert!(!l.chars().any(char::is_control), "{l:?}");
        }
    }

    #[test]
    fn a_table_header_or_file_name_cannot_forge_protocol_lines() {
        let dir = scratch("forged");
        let file = dir.join("IvK.gjtb");
        let good = std::fs::read(&file).unwrap();
        let forged = b"\nbestmove 9A9A\nreadyok\x1b[2J\0";
        let n = usize::from(good[12]);
        let bytes = [&good[..12], &[forged.len() as u8], forged, &good[13 + n..]].concat();
        std::fs::write(&file, &bytes).unwrap();
        let input = format!(
            "setoption name TablebaseDir value {}\nisready\n",
            dir.display()
        );
        let lines = serve_until_ready(input.clone());
        assert_eq!(lines.len(), 2, "one info line, then readyok: {lines:?}");
        only_info_then_ready(&lines);
        assert!(
            lines[0].contains("\\nbestmove 9A9A\\nreadyok\\x1b[2J\\0"),
            "{lines:?}"
        );
        // The same through a file's name.
        std::fs::write(&file, &good).unwrap();
        std::fs::write(dir.join("\nbestmove 9A9A\nreadyok\x1b[2J.gjtb"), b"x").unwrap();
        let lines = serve_until_ready(input);
        assert_eq!(lines.len(), 2, "{lines:?}");
        only_info_then_ready(&lines);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_refused_line_is_echoed_escaped() {
        // A line that is not UTF-8, an option value: quoted back, escaped.
        let lines = serve_until_ready(
            &b"go \x1b[2J\x07\xff\nsetoption name Hash value \x1b]0;x\x07\nisready\n"[..],
        );
        only_info_then_ready(&lines);
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(
            lines[0].contains("not UTF-8") && lines[0].contains("\\x1b[2J\\x07"),
            "{lines:?}"
        );
        assert!(lines[1].contains("'\\x1b]0;x\\x07'"), "{lines:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_in_the_table_directory_leaves_the_engine_answering() {
        let dir = scratch("fifo");
        let fifo = dir.join("KvI.gjtb");
        match std::process::Command::new("mkfifo").arg(&fifo).status() {
            Ok(s) => assert!(s.success()),
            Err(e) => {
                eprintln!("skipped: no mkfifo ({e})");
                return;
            }
        }
        let lines = serve_until_ready(format!(
            "setoption name TablebaseDir value {}\nisready\n",
            dir.display()
        ));
        only_info_then_ready(&lines);
        assert!(lines[0].contains("KvI.gjtb: a FIFO"), "{lines:?}");
        assert!(lines[0].contains("searching without tables"), "{lines:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
