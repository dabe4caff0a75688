//! What every game's engine session does alike around its own agents, written once: the
//! search of a `go` in a thread of its own, stopped, joined and answered once ([`Searcher`]);
//! the watchdog that answers for an agent past its time ([`Fallback`]); the `setoption`
//! values and the options every engine has ([`OptionValue`], [`OptionError`],
//! [`seed_option`], [`overhead_option`]); the `info` and `bestmove` of an answer ([`Found`]);
//! and the [`Session`] of a game that keeps agents ([`GameSession`]). A game writes only what
//! is its own: its commands, its positions and its agents.
//!
//! ```
//! use std::time::Instant;
//! use junqi_protocol::server::Output;
//! use junqi_protocol::session::{Found, Searcher};
//!
//! # #[derive(Clone, Default)]
//! # struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
//! # impl std::io::Write for Shared {
//! #     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().write(b) }
//! #     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
//! # }
//! let transcript = Shared::default();
//! // The agents are a counter of searches here.
//! let mut searcher: Searcher<u32> = Searcher::new(Output::new(transcript.clone()));
//! let start = Instant::now();
//! searcher.start(false, || {}, None, move |searches: &mut u32| {
//!     *searches += 1;
//!     let found = Found { action: "a1a2".into(), score: None, depth: 0, nodes: 1 };
//!     Found::answer(Ok(found), start)
//! });
//! searcher.finish();
//! assert_eq!(searcher.idle().copied(), Some(1));
//! let text = String::from_utf8(transcript.0.lock().unwrap().clone()).unwrap();
//! assert!(text.ends_with("pv a1a2\nbestmove a1a2\n"), "{text}");
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::server::{ERROR_CHARS, Output, Session, clip};
use crate::{BestMove, Command, GameCommand, Id, Info, OptionLine, Reply, Score};

/// How long `stop` waits for an agent's answer before a [`Fallback`] answers, in milliseconds.
pub const STOP_GRACE_MS: u64 = 5;

/// The `Move Overhead` option's default, in milliseconds.
pub const DEFAULT_OVERHEAD_MS: u64 = 10;

/// The largest `Move Overhead`, in milliseconds.
pub const MAX_OVERHEAD_MS: u64 = 5000;

/// `option name Seed type spin default 0 min 0 max 18446744073709551615`: the seed of the
/// agents' draws, 0 for one drawn afresh.
///
/// ```
/// assert!(junqi_protocol::session::seed_option().to_string().starts_with("option name Seed "));
/// ```
#[must_use]
pub fn seed_option() -> Reply {
    Reply::Option(OptionLine::spin("Seed", 0, 0, u64::MAX))
}

/// `option name Move Overhead type spin default 10 min 0 max 5000`: the milliseconds the
/// answer's way to the controller takes, kept back from every clock.
///
/// ```
/// assert_eq!(
///     junqi_protocol::session::overhead_option().to_string(),
///     "option name Move Overhead type spin default 10 min 0 max 5000"
/// );
/// ```
#[must_use]
pub fn overhead_option() -> Reply {
    Reply::Option(OptionLine::spin(
        "Move Overhead",
        DEFAULT_OVERHEAD_MS,
        0,
        MAX_OVERHEAD_MS,
    ))
}

/// The answer to `uci` of the engine `name` with its `options`: `id name <name>`, `id author
/// gjjq developers`, the options in order, then `uciok`.
///
/// ```
/// use junqi_protocol::session::{seed_option, uci_answer};
/// let lines: Vec<String> =
///     uci_answer("x-engine 1.0".into(), [seed_option()]).map(|r| r.to_string()).collect();
/// assert_eq!(lines[0], "id name x-engine 1.0");
/// assert_eq!(lines[1], "id author gjjq developers");
/// assert!(lines[2].starts_with("option name Seed"));
/// assert_eq!(lines[3], "uciok");
/// ```
pub fn uci_answer(
    name: String,
    options: impl IntoIterator<Item = Reply>,
) -> impl Iterator<Item = Reply> {
    [
        Reply::Id(Id::Name(name)),
        Reply::Id(Id::Author("gjjq developers".to_string())),
    ]
    .into_iter()
    .chain(options)
    .chain(std::iter::once(Reply::UciOk))
}

/// Set `slot` to `value`; whether that changed it.
///
/// ```
/// let mut mode = "open";
/// assert!(junqi_protocol::session::changed(&mut mode, "dark"));
/// assert!(!junqi_protocol::session::changed(&mut mode, "dark"));
/// ```
pub fn changed<T: PartialEq>(slot: &mut T, value: T) -> bool {
    if *slot == value {
        return false;
    }
    *slot = value;
    true
}

/// A `setoption` the session refuses.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// An option value out of range or of the wrong form.
    #[error("setoption: '{value}' is not a valid value for {name} ({expected})")]
    Value {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// What it takes.
        expected: String,
    },
    /// No option of the name (as the session quotes it).
    #[error("setoption: no option named '{0}'")]
    Unknown(String),
}

/// The value of one `setoption name <name> value <text>`, read for its option.
///
/// ```
/// use junqi_protocol::session::OptionValue;
/// let v = OptionValue::new("Hash", Some(" 64 "));
/// assert_eq!(v.number(1, 4096), Ok(64));
/// assert_eq!(
///     v.number(1, 8).unwrap_err().to_string(),
///     "setoption: '64' is not a valid value for Hash (a number from 1 to 8)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionValue<'a> {
    /// The option's name, as given.
    pub name: &'a str,
    /// The value, trimmed (empty when none is given).
    pub text: &'a str,
}

impl<'a> OptionValue<'a> {
    /// The value of `name`, `value` as `setoption` gave it.
    #[must_use]
    pub fn new(name: &'a str, value: Option<&'a str>) -> OptionValue<'a> {
        OptionValue {
            name,
            text: value.unwrap_or("").trim(),
        }
    }

    /// The value refused: the option takes `expected`.
    #[must_use]
    pub fn bad(&self, expected: &str) -> OptionError {
        OptionError::Value {
            name: self.name.to_string(),
            value: self.text.to_string(),
            expected: expected.to_string(),
        }
    }

    /// The value as a number from `min` to `max`.
    ///
    /// # Errors
    ///
    /// [`OptionError::Value`] for anything else.
    pub fn number(&self, min: u64, max: u64) -> Result<u64, OptionError> {
        self.text
            .parse::<u64>()
            .ok()
            .filter(|v| (min..=max).contains(v))
            .ok_or_else(|| self.bad(&format!("a number from {min} to {max}")))
    }

    /// The value read by `T`'s `FromStr`.
    ///
    /// # Errors
    ///
    /// [`OptionError::Value`], saying the option takes `expected`, when `T` refuses it.
    pub fn parse<T: FromStr>(&self, expected: &str) -> Result<T, OptionError> {
        self.text.parse().map_err(|_| self.bad(expected))
    }

    /// The value of `table` whose name the value is (without regard to case).
    ///
    /// ```
    /// use junqi_protocol::session::OptionValue;
    /// const MODES: [(&str, u8); 2] = [("open", 0), ("dark", 1)];
    /// assert_eq!(OptionValue::new("Mode", Some("Dark")).pick(&MODES, "open or dark"), Ok(1));
    /// assert!(OptionValue::new("Mode", Some("flip")).pick(&MODES, "open or dark").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`OptionError::Value`], saying the option takes `expected`, for any other value.
    pub fn pick<T: Copy>(&self, table: &[(&str, T)], expected: &str) -> Result<T, OptionError> {
        table
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(self.text))
            .map(|&(_, value)| value)
            .ok_or_else(|| self.bad(expected))
    }

    /// `Seed`'s value: any number, 0 for one drawn by `fresh`.
    ///
    /// # Errors
    ///
    /// [`OptionError::Value`] for anything but a number.
    pub fn seed(&self, fresh: impl FnOnce() -> u64) -> Result<u64, OptionError> {
        let v = self.number(0, u64::MAX)?;
        Ok(if v == 0 { fresh() } else { v })
    }
}

/// Why a search has nothing to play when `outcome` decided the game: `the game is over:
/// <outcome>`.
///
/// # Errors
///
/// That sentence, when the game is decided.
pub fn decided<O: fmt::Display>(outcome: Option<O>) -> Result<(), String> {
    outcome.map_or(Ok(()), |o| Err(format!("the game is over: {o}")))
}

/// Why an information state's `own` side or seat has nothing to play when `turn` is to move:
/// `it is <turn>'s turn, not <own>'s: no <what>`.
///
/// # Errors
///
/// That sentence, when `turn` is not `own`.
pub fn not_to_move<S: fmt::Display + PartialEq>(turn: S, own: S, what: &str) -> Result<(), String> {
    if turn == own {
        return Ok(());
    }
    Err(format!("it is {turn}'s turn, not {own}'s: no {what}"))
}

/// Why a dark mode's search has nothing to play before its first `position hidden`.
pub const NO_INFO_STATE: &str = "Mode is dark and no information state was given: \
     send 'position hidden <information state>' first";

/// What an agent chose, as the `info` and `bestmove` lines of its answer write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The move or action, as the game writes it.
    pub action: String,
    /// Its score, if the agent scored it.
    pub score: Option<Score>,
    /// The depth searched.
    pub depth: u32,
    /// The nodes searched.
    pub nodes: u64,
}

impl Found {
    /// The `info depth D [score S] nodes N nps R time T pv A` line of a choice made in
    /// `elapsed_ms`.
    ///
    /// ```
    /// use junqi_protocol::{Score, session::Found};
    /// let f = Found { action: "a1a2".into(), score: Some(Score::Cp(5)), depth: 3, nodes: 900 };
    /// assert_eq!(
    ///     f.info(300).to_string(),
    ///     "info depth 3 score cp 5 nodes 900 nps 3000 time 300 pv a1a2"
    /// );
    /// ```
    #[must_use]
    pub fn info(&self, elapsed_ms: u64) -> Info {
        Info {
            depth: Some(self.depth),
            score: self.score,
            nodes: Some(self.nodes),
            nps: Some(self.nodes * 1000 / elapsed_ms.max(1)),
            time: Some(elapsed_ms),
            pv: vec![self.action.clone()],
            ..Info::default()
        }
    }

    /// The lines that answer a `go` begun at `start`: the choice's `info` and `bestmove`, or,
    /// when there is none, `info string <why>` and `bestmove 0000`.
    #[must_use]
    pub fn answer(found: Result<Found, String>, start: Instant) -> Vec<String> {
        match found {
            Ok(found) => {
                let elapsed = start.elapsed().as_millis() as u64;
                vec![
                    found.info(elapsed).to_string(),
                    BestMove::new(found.action).to_string(),
                ]
            }
            Err(why) => no_move(&why),
        }
    }
}

/// `info string <why>` and `bestmove 0000`.
fn no_move(why: &str) -> Vec<String> {
    vec![info_string(why), BestMove::none().to_string()]
}

/// `info string <text>`, as [`Output::info`] writes it.
fn info_string(text: &str) -> String {
    format!("info string {}", crate::line::escape_for_line(text))
}

/// What a watchdog plays for an agent that did not answer in time: a uniform legal action
/// that reads nothing hidden (`Some(Ok(action))`), why there is none (`Some(Err(why))`), or
/// nothing to play at all (`None`: `bestmove 0000` alone).
pub type Fallback = Arc<dyn Fn() -> Option<Result<String, String>> + Send + Sync>;

/// The one answer of a `go`: whoever claims it first (the agent's thread, the watchdog,
/// `stop`) writes `bestmove`.
#[derive(Clone)]
struct Answer {
    taken: Arc<AtomicBool>,
    out: Output,
}

impl Answer {
    /// Whether the caller is the first to answer (and so must).
    fn claim(&self) -> bool {
        !self.taken.swap(true, Ordering::AcqRel)
    }

    /// Write `lines`, unless another answer came first.
    fn give(&self, lines: &[String]) {
        if self.claim() {
            lines.iter().for_each(|l| self.out.send(l));
        }
    }

    /// The fallback's answer for an agent late for `why`, unless the agent's came first.
    fn late(&self, why: &str, fallback: &Fallback) {
        if !self.claim() {
            return;
        }
        let lines = match fallback() {
            Some(Ok(action)) => vec![
                info_string(&format!("{why}: a uniform legal action is played")),
                BestMove::new(action).to_string(),
            ],
            Some(Err(e)) => no_move(&e),
            None => vec![BestMove::none().to_string()],
        };
        lines.iter().for_each(|l| self.out.send(l));
    }
}

/// A search under way.
struct Running<A> {
    /// Stops the agent (the game's stop signal, and the wait of `go infinite`).
    stop: Arc<dyn Fn() + Send + Sync>,
    handle: JoinHandle<A>,
    answer: Answer,
    fallback: Option<Fallback>,
}

/// A session's agents `A` and the search that holds them: a `go` takes them into a thread of
/// its own ([`Searcher::start`]); `stop`, or any command that changes the state, ends the
/// search and gives them back ([`Searcher::finish`]). `isready` is answered while it runs.
///
/// Not every agent looks at the clock all the time (a dark agent builds its world sampler
/// first): a search started with a [`Fallback`] is answered by the first of two, the agent
/// or a watchdog at the time budget's hard limit (or [`STOP_GRACE_MS`] after `stop`), which
/// plays the fallback's action and says so on an `info string`. An agent that answers late
/// is left to finish in its thread, its answer dropped, and the next search gets agents
/// built afresh.
pub struct Searcher<A> {
    out: Output,
    /// The `Move Overhead` option, in milliseconds.
    overhead_ms: u64,
    agents: Option<A>,
    running: Option<Running<A>>,
}

impl<A> fmt::Debug for Searcher<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Searcher")
            .field("running", &self.running.is_some())
            .finish_non_exhaustive()
    }
}

impl<A: Default + Send + 'static> Searcher<A> {
    /// No search, the agents not yet built, the answers written to `out`.
    #[must_use]
    pub fn new(out: Output) -> Searcher<A> {
        Searcher {
            out,
            overhead_ms: DEFAULT_OVERHEAD_MS,
            agents: Some(A::default()),
            running: None,
        }
    }

    /// The output the answers go to.
    #[must_use]
    pub fn out(&self) -> &Output {
        &self.out
    }

    /// The `Move Overhead` option, in milliseconds: what every clock of `go` is read less
    /// ([`time::budget`](crate::time::budget)). A [`GameSession`] sets it.
    #[must_use]
    pub fn overhead_ms(&self) -> u64 {
        self.overhead_ms
    }

    /// Take the `new` settings: when they differ from `settings`, the agents are dropped, to
    /// be built afresh with them (`true`).
    pub fn update<T: PartialEq>(&mut self, settings: &mut T, new: T) -> bool {
        let changed = changed(settings, new);
        if changed {
            self.reset();
        }
        changed
    }

    /// The agents, unless a search holds them.
    pub fn idle(&mut self) -> Option<&mut A> {
        if self.running.is_some() {
            return None;
        }
        self.agents.as_mut()
    }

    /// Drop the agents: they are built afresh (a changed setting).
    pub fn reset(&mut self) {
        self.agents = Some(A::default());
    }

    /// Start a `go`'s search: `search` runs in a thread of its own with the agents and gives
    /// the lines of its answer ([`Found::answer`]), written once `stop` has come after `go
    /// infinite` (UCI holds `bestmove` until then). `stop` stops the agent: it raises the
    /// game's stop signal. With a `watchdog` (the fallback and the hard limit, from the `go`'s
    /// start), an agent late past the limit is answered for.
    pub fn start<F>(
        &mut self,
        infinite: bool,
        stop: impl Fn() + Send + Sync + 'static,
        watchdog: Option<(Fallback, Option<Instant>)>,
        search: F,
    ) where
        F: FnOnce(&mut A) -> Vec<String> + Send + 'static,
    {
        let asked = Arc::new(AtomicBool::new(false));
        let waiting = asked.clone();
        let stop: Arc<dyn Fn() + Send + Sync> = Arc::new(move || {
            asked.store(true, Ordering::Relaxed);
            stop();
        });
        let answer = Answer {
            taken: Arc::new(AtomicBool::new(false)),
            out: self.out.clone(),
        };
        let mut agents = self.agents.take().unwrap_or_default();
        let mine = answer.clone();
        let handle = std::thread::spawn(move || {
            let lines = search(&mut agents);
            while infinite && !waiting.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            mine.give(&lines);
            agents
        });
        let (fallback, deadline) = watchdog.unzip();
        if let (Some(fallback), Some(deadline)) = (&fallback, deadline.flatten()) {
            let (watch, fallback, stop) = (answer.clone(), fallback.clone(), stop.clone());
            std::thread::spawn(move || {
                while !watch.taken.load(Ordering::Acquire) {
                    let now = Instant::now();
                    if now >= deadline {
                        stop();
                        watch.late("the agent did not answer within the time", &fallback);
                        return;
                    }
                    std::thread::sleep((deadline - now).min(Duration::from_millis(2)));
                }
            });
        }
        self.running = Some(Running {
            stop,
            handle,
            answer,
            fallback,
        });
    }

    /// End the search, if one runs, and return once its answer is written: the agent is
    /// stopped and its thread joined, the agents given back. With a fallback the agent is
    /// awaited [`STOP_GRACE_MS`]: one still busy then is answered for and left to finish in
    /// its thread, and the agents are built afresh. A search that failed (panicked) is
    /// answered `bestmove 0000`, and the agents are built afresh.
    pub fn finish(&mut self) {
        let Some(r) = self.running.take() else {
            return;
        };
        (r.stop)();
        if let Some(fallback) = &r.fallback {
            let grace = Instant::now() + Duration::from_millis(STOP_GRACE_MS);
            while !r.handle.is_finished() && Instant::now() < grace {
                std::thread::sleep(Duration::from_millis(1));
            }
            if !r.handle.is_finished() {
                r.answer.late("the agent did not stop at once", fallback);
                self.reset();
                return;
            }
        }
        match r.handle.join() {
            Ok(agents) => self.agents = Some(agents),
            Err(_) => {
                self.out
                    .info("the search failed; the agents are built afresh");
                r.answer.give(&[BestMove::none().to_string()]);
                self.reset();
            }
        }
    }
}

/// A game's engine session that keeps its agents in a [`Searcher`]: it carries out the
/// commands that are its game's ([`GameCommand`]) and builds its agents before a search;
/// every such type is a [`Session`] of [`server::serve`](crate::server::serve), which ends the
/// running search before any command that changes the state, reports a refusal (clipped to
/// [`ERROR_CHARS`]) on `info string`, builds the agents at `isready`, and sets `Move
/// Overhead` itself ([`Searcher::overhead_ms`]; the game lists it among its options,
/// [`overhead_option`]).
pub trait GameSession {
    /// The session's agents.
    type Agents: Default + Send + 'static;
    /// What the session refuses.
    type Error: fmt::Display;

    /// The agents and their search.
    fn searcher(&mut self) -> &mut Searcher<Self::Agents>;

    /// Carry out `cmd`, the running search ended.
    ///
    /// # Errors
    ///
    /// What the game or its options refuse; the line is otherwise ignored.
    fn carry_out(&mut self, cmd: GameCommand) -> Result<(), Self::Error>;

    /// Build the agent the current position needs, unless it is built or a search runs (its
    /// table allocated then, never inside a timed search).
    fn prepare(&mut self);

    /// As [`Session::deploy`]; the default gives none.
    ///
    /// # Errors
    ///
    /// Why no deployment is given.
    fn deploy(&mut self, side: Option<&str>) -> Result<String, String> {
        let _ = side;
        Err("deploy: this engine gives no deployment".to_string())
    }
}

impl<G: GameSession> Session for G {
    fn apply(&mut self, cmd: Command) {
        let Ok(cmd) = GameCommand::try_from(cmd) else {
            return;
        };
        // Anything that changes the state waits for the running search's answer.
        self.finish_search();
        let refused = match cmd {
            GameCommand::SetOption { name, value }
                if name.eq_ignore_ascii_case("move overhead") =>
            {
                match OptionValue::new(&name, value.as_deref()).number(0, MAX_OVERHEAD_MS) {
                    Ok(ms) => {
                        self.searcher().overhead_ms = ms;
                        return;
                    }
                    Err(e) => e.to_string(),
                }
            }
            cmd => match self.carry_out(cmd) {
                Ok(()) => return,
                Err(e) => e.to_string(),
            },
        };
        let why = clip(&refused, ERROR_CHARS);
        self.searcher().out().info(&why);
    }

    fn finish_search(&mut self) {
        self.searcher().finish();
    }

    fn ready(&mut self) {
        self.prepare();
    }

    fn deploy(&mut self, side: Option<&str>) -> Result<String, String> {
        GameSession::deploy(self, side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().write(b)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Sink {
        fn lines(&self) -> Vec<String> {
            let text = String::from_utf8(self.0.lock().unwrap().clone()).unwrap();
            text.lines().map(str::to_string).collect()
        }
    }

    fn found() -> Result<Found, String> {
        Ok(Found {
            action: "a1a2".into(),
            score: None,
            depth: 0,
            nodes: 1,
        })
    }

    #[test]
    fn an_infinite_search_answers_after_stop_and_gives_the_agents_back() {
        let sink = Sink::default();
        let mut s: Searcher<u32> = Searcher::new(Output::new(sink.clone()));
        let start = Instant::now();
        s.start(
            true,
            || {},
            None,
            move |n| {
                *n += 1;
                Found::answer(found(), start)
            },
        );
        assert!(s.idle().is_none());
        std::thread::sleep(Duration::from_millis(20));
        assert!(sink.lines().is_empty(), "answered before stop");
        s.finish();
        assert_eq!(
            sink.lines().last().map(String::as_str),
            Some("bestmove a1a2")
        );
        assert_eq!(s.idle().copied(), Some(1));
    }

    #[test]
    fn a_late_agent_is_answered_for_by_the_watchdog_and_its_agents_dropped() {
        let sink = Sink::default();
        let mut s: Searcher<u32> = Searcher::new(Output::new(sink.clone()));
        let fallback: Fallback = Arc::new(|| Some(Ok("b1b2".to_string())));
        let deadline = Instant::now() + Duration::from_millis(30);
        let start = Instant::now();
        s.start(
            false,
            || {},
            Some((fallback, Some(deadline))),
            move |n| {
                *n += 1;
                std::thread::sleep(Duration::from_millis(3000));
                Found::answer(found(), start)
            },
        );
        // The watchdog answers soon after the deadline, long before the agent would.
        let asked = Instant::now();
        while sink.lines().len() < 2 && asked.elapsed() < Duration::from_millis(2000) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(
            sink.lines(),
            [
                "info string the agent did not answer within the time: a uniform legal action is played",
                "bestmove b1b2"
            ]
        );
        s.finish();
        // Answered once; the late agent's thread keeps its agents.
        assert_eq!(sink.lines().len(), 2);
        assert_eq!(s.idle().copied(), Some(0));
    }

    #[test]
    fn stop_answers_at_once_for_an_agent_that_does_not_stop() {
        let sink = Sink::default();
        let mut s: Searcher<u32> = Searcher::new(Output::new(sink.clone()));
        let fallback: Fallback = Arc::new(|| None);
        let start = Instant::now();
        s.start(
            false,
            || {},
            Some((fallback, None)),
            move |_| {
                std::thread::sleep(Duration::from_millis(3000));
                Found::answer(Err("never".into()), start)
            },
        );
        let asked = Instant::now();
        s.finish();
        assert!(asked.elapsed() < Duration::from_millis(1500));
        assert_eq!(sink.lines(), ["bestmove 0000"]);
    }

    #[test]
    fn a_failed_search_is_answered_and_its_agents_built_afresh() {
        let sink = Sink::default();
        let mut s: Searcher<u32> = Searcher::new(Output::new(sink.clone()));
        *s.idle().unwrap() = 5;
        s.start(false, || {}, None, |_| panic!("a failing agent"));
        s.finish();
        assert_eq!(
            sink.lines(),
            [
                "info string the search failed; the agents are built afresh",
                "bestmove 0000"
            ]
        );
        assert_eq!(s.idle().copied(), Some(0));
    }
}
