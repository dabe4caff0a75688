//! An engine's side of a competition game: the information state fed from `START`, `GO`,
//! `RESULT` and the flag reveals, the clock, and the dark agent that answers `GO`.

use std::time::Duration;

use luzhanqi::dark::{Announcement, DarkRules, DarkView, InfoState};
use luzhanqi::{AttackOutcome, Kind, Move, Outcome, Ruleset, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use thiserror::Error;

use super::coords::{CcgcMove, CcgcPoint};
use super::message::{FlagField, Message, Reply};
use crate::dark::{DarkRandomAgent, DynDarkAgent, IsmctsAgent, IsmctsConfig};
use crate::deploy_policy::DeploymentPolicy;
use crate::{Agent, Limits};

/// The rules of a competition game whose `START` gave `steps`: the library's default
/// movement and combat (public platform logs agree with them in every ply), with the
/// no-combat limit at `steps`.
///
/// This is the one place where the ruleset of the competition is chosen: the `ccgc` preset
/// ([`Ruleset::CCGC`]: the end at the limit lost by the mover, both sides stuck a draw) with
/// its limit set to `steps`.
///
/// ```
/// use luzhanqi::{NoCombatResult, Ruleset};
/// use luzhanqi_engine::ccgc::competition_rules;
/// let r = competition_rules(31);
/// assert_eq!(r, Ruleset::CCGC);
/// assert_eq!(competition_rules(40).no_combat_result(), NoCombatResult::LossToMover);
/// ```
#[must_use]
pub fn competition_rules(steps: u16) -> Ruleset {
    let mut rules = Ruleset::CCGC;
    rules.no_combat_limit = steps;
    rules
}

/// The winner under the competition's rules of a game that ended with `outcome`, `to_move`
/// being the side to move after the last ply. Under [`competition_rules`] the library says so
/// itself; a game played under a ruleset whose limit is a draw is read as the competition
/// does: the end at the no-combat limit is a loss for the side whose move completed it ("双方连续31步未碰子时当前行棋方为负"), so the side to move
/// wins; every other end is the library's (L-13, L-14; both sides unable to move is the only
/// draw).
///
/// ```
/// use luzhanqi::{DrawReason, Outcome, Side};
/// use luzhanqi_engine::ccgc::competition_winner;
/// let limit = Outcome::Draw { reason: DrawReason::NoCombatLimit };
/// assert_eq!(competition_winner(limit, Side::Blue), Some(Side::Blue));
/// let stuck = Outcome::Draw { reason: DrawReason::NoMovablePieces };
/// assert_eq!(competition_winner(stuck, Side::Blue), None);
/// ```
#[must_use]
pub fn competition_winner(outcome: Outcome, to_move: Side) -> Option<Side> {
    match outcome {
        Outcome::Draw {
            reason: luzhanqi::DrawReason::NoCombatLimit,
        } => Some(to_move),
        other => other.winner(),
    }
}

/// An engine's thinking-time account for one game: the total the platform allows, what was
/// used, and how much the next move may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    total: Duration,
    used: Duration,
    max_move: Option<Duration>,
}

impl Clock {
    /// The least time a move is planned to keep back for reading, writing and the process
    /// switch, on top of a tenth of what is left.
    pub const MARGIN: Duration = Duration::from_millis(60);

    /// A clock of `total` with no move longer than `max_move`.
    #[must_use]
    pub const fn new(total: Duration, max_move: Option<Duration>) -> Clock {
        Clock {
            total,
            used: Duration::ZERO,
            max_move,
        }
    }

    /// The time kept back at the end of a game: a twentieth of the total, at most 3 s. Once
    /// no more is left, the engine no longer thinks but plays its quick fallback move
    /// ([`Clock::may_think`]): on loaded cores a move's fixed work (a world sampler rebuilt,
    /// the flag guard's worlds) took longer than the budget of a nearly spent clock, and two
    /// 60-s self-play games of ten were lost on time (docs/ccgc.md).
    ///
    /// ```
    /// use std::time::Duration;
    /// use luzhanqi_engine::ccgc::Clock;
    /// assert_eq!(Clock::new(Duration::from_secs(60), None).reserve(), Duration::from_secs(3));
    /// assert_eq!(Clock::new(Duration::from_secs(10), None).reserve(), Duration::from_millis(500));
    /// ```
    #[must_use]
    pub fn reserve(&self) -> Duration {
        (self.total / 20).min(Duration::from_secs(3))
    }

    /// Whether the agent may think for the next move, given its `budget`: at least 20 ms,
    /// and more than the [`Clock::reserve`] left.
    ///
    /// ```
    /// use std::time::Duration;
    /// use luzhanqi_engine::ccgc::Clock;
    /// let mut c = Clock::new(Duration::from_secs(60), None);
    /// c.charge(Duration::from_secs(50));
    /// assert!(c.may_think(c.budget(100))); // 10 s left: a move of 0.4 s
    /// c.charge(Duration::from_millis(7_500));
    /// // 2.5 s left: the budget would be 0.1 s, but the clock is in its reserve.
    /// assert!(c.budget(100) >= Duration::from_millis(20));
    /// assert!(!c.may_think(c.budget(100)));
    /// ```
    #[must_use]
    pub fn may_think(&self, budget: Duration) -> bool {
        budget >= Duration::from_millis(20) && self.left() > self.reserve()
    }

    /// Time left.
    #[must_use]
    pub fn left(&self) -> Duration {
        self.total.saturating_sub(self.used)
    }

    /// Count `spent` against the clock.
    pub fn charge(&mut self, spent: Duration) {
        self.used += spent;
    }

    /// The time for the next move after `own_moves` moves of this engine: what is left, less
    /// a tenth and [`Clock::MARGIN`], shared over the moves a game is still expected to take
    /// (at least 20), and at most `max_move`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use luzhanqi_engine::ccgc::Clock;
    /// let c = Clock::new(Duration::from_secs(60), None);
    /// assert!(c.budget(0) < Duration::from_secs(1));
    /// let almost_out = Clock::new(Duration::from_millis(50), None);
    /// assert_eq!(almost_out.budget(0), Duration::ZERO);
    /// ```
    #[must_use]
    pub fn budget(&self, own_moves: usize) -> Duration {
        let left = self.left();
        let usable = left.saturating_sub(left / 10 + Clock::MARGIN);
        let to_go = 60u32.saturating_sub(own_moves as u32 / 2).max(20);
        let b = usable / to_go;
        self.max_move.map_or(b, |m| b.min(m))
    }
}

/// Something in the conversation that the session cannot act on; the session goes on.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SessionError {
    /// `GO` or `RESULT` before any `START`.
    #[error("{0} before START")]
    NoGame(&'static str),
    /// `RESULT` without a move of this engine waiting for it.
    #[error("RESULT without a move of ours waiting for it")]
    NoMoveWaiting,
    /// `GO` while this engine's own move still waits for its `RESULT`.
    #[error("GO while our move {0} waits for its RESULT")]
    ResultMissing(CcgcMove),
    /// The opponent's move does not start on one of its pieces or lands on its own.
    #[error("the opponent's move {0} does not fit the board as we know it")]
    BadOpponentMove(CcgcMove),
    /// A result that the move cannot have (an attack on an empty point, a plain move onto a
    /// piece).
    #[error("result {result} cannot follow the move {mv}")]
    BadResult {
        /// The move, in our frame.
        mv: CcgcMove,
        /// The result code.
        result: u8,
    },
}

/// How a [`Session`] is set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionConfig {
    /// The team name answered to `INFO`.
    pub name: String,
    /// The seed of the deployment policy and the agent.
    pub seed: u64,
    /// The longest a move may take, whatever the clock allows.
    pub max_move: Option<Duration>,
    /// The deployment policy.
    pub policy: DeploymentPolicy,
}

impl Default for SessionConfig {
    fn default() -> SessionConfig {
        SessionConfig {
            name: "gjjq".to_string(),
            seed: 1,
            max_move: None,
            policy: DeploymentPolicy::default(),
        }
    }
}

/// The game in progress.
#[derive(Debug)]
struct Current {
    state: InfoState,
    clock: Clock,
    /// Our move sent, waiting for its `RESULT`.
    pending: Option<Move>,
    own_moves: usize,
}

/// An engine's side of competition games: answers each [`Message`] with its [`Reply`],
/// keeping the side's information state (L-31) from what the platform tells.
///
/// ```
/// use luzhanqi_engine::ccgc::{Message, Reply, Session, SessionConfig};
/// let mut s = Session::new(SessionConfig::default());
/// let mut say = |line: &str| s.handle(&line.parse::<Message>().unwrap(), std::time::Duration::ZERO);
/// assert!(matches!(say("INFO 1.0"), Ok(Some(Reply::Name(_)))));
/// assert!(matches!(say("START 0 10 31"), Ok(Some(Reply::Array(_)))));
/// assert!(matches!(say("GO 0000 3 00"), Ok(Some(Reply::BestMove(Some(_))))));
/// ```
pub struct Session {
    config: SessionConfig,
    rng: StdRng,
    agent: Box<DynDarkAgent>,
    fallback: DarkRandomAgent,
    game: Option<Current>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("config", &self.config)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

/// The IS-MCTS configuration of the competition engine: the default, guarding its flag. (That
/// the side whose move completes the no-combat limit loses, the agent reads from the
/// ruleset, [`competition_rules`].)
#[must_use]
pub fn competition_agent_config() -> IsmctsConfig {
    IsmctsConfig {
        flag_guard: true,
        ..IsmctsConfig::default()
    }
}

impl Session {
    /// A session with the IS-MCTS agent of [`competition_agent_config`].
    #[must_use]
    pub fn new(config: SessionConfig) -> Session {
        let agent = Box::new(IsmctsAgent::with_config(
            config.seed,
            competition_agent_config(),
        ));
        Session::with_agent(config, agent)
    }

    /// A session whose moves `agent` chooses.
    #[must_use]
    pub fn with_agent(config: SessionConfig, agent: Box<DynDarkAgent>) -> Session {
        Session {
            rng: StdRng::seed_from_u64(config.seed),
            fallback: DarkRandomAgent::new(config.seed),
            config,
            agent,
            game: None,
        }
    }

    /// The information state of the game in progress.
    #[must_use]
    pub fn state(&self) -> Option<&InfoState> {
        self.game.as_ref().map(|g| &g.state)
    }

    /// The clock of the game in progress.
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.game.as_ref().map(|g| &g.clock)
    }

    /// Act on `msg`; `spent_reading` is the time since the line arrived, charged to the clock
    /// with the move's thinking. `Ok(None)` when the message takes no answer.
    ///
    /// A `GO` is always answered, even after an error; this form returns only one of the
    /// two: [`Session::answer`] returns both.
    ///
    /// # Errors
    /// [`SessionError`] for a message that does not fit the game; the session goes on.
    pub fn handle(
        &mut self,
        msg: &Message,
        spent_reading: Duration,
    ) -> Result<Option<Reply>, SessionError> {
        let (reply, error) = self.answer(msg, spent_reading);
        match error {
            Some(e) => Err(e),
            None => Ok(reply),
        }
    }

    /// Act on `msg`: the reply, if the message takes one (a `GO` always does), and what went
    /// wrong, if anything did.
    pub fn answer(
        &mut self,
        msg: &Message,
        spent_reading: Duration,
    ) -> (Option<Reply>, Option<SessionError>) {
        match msg {
            Message::Info { .. } => (Some(Reply::Name(self.config.name.clone())), None),
            Message::Start { first, time, steps } => {
                let side = if *first { Side::Red } else { Side::Blue };
                let deployment = self.config.policy.choose(&mut self.rng);
                let rules = DarkRules {
                    rules: competition_rules(*steps),
                    marshal_reveals_flag: true,
                };
                self.agent.new_game();
                self.game = Some(Current {
                    state: InfoState::new(side, Side::Red, deployment, rules),
                    clock: Clock::new(Duration::from_secs(u64::from(*time)), self.config.max_move),
                    pending: None,
                    own_moves: 0,
                });
                (Some(Reply::Array(deployment)), None)
            }
            Message::Go { mv, result, flag } => {
                let error = self.told_go(*mv, *result, *flag).err();
                (Some(Reply::BestMove(self.best_move(spent_reading))), error)
            }
            Message::Result { result, flag } => (None, self.told_result(*result, *flag).err()),
            Message::End(_) => {
                self.game = None;
                (None, None)
            }
        }
    }

    fn told_go(
        &mut self,
        mv: Option<CcgcMove>,
        result: Option<AttackOutcome>,
        flag: FlagField,
    ) -> Result<(), SessionError> {
        let g = self.game.as_mut().ok_or(SessionError::NoGame("GO"))?;
        if let Some(p) = g.pending.take() {
            return Err(SessionError::ResultMissing(CcgcMove::from_move(
                p,
                g.state.side(),
            )));
        }
        let Some(cm) = mv else {
            return Ok(());
        };
        let me = g.state.side();
        let m = cm.to_move(me);
        let view = DarkView::new(&g.state);
        if view.turn() == me || view.enemy_at(m.from).is_none() || view.enemy_at(m.to).is_some() {
            return Err(SessionError::BadOpponentMove(cm));
        }
        let a = announcement(&view, m, result, flag, me).ok_or_else(|| bad_result(cm, result))?;
        g.state.push(a);
        Ok(())
    }

    fn told_result(
        &mut self,
        result: Option<AttackOutcome>,
        flag: FlagField,
    ) -> Result<(), SessionError> {
        let g = self.game.as_mut().ok_or(SessionError::NoGame("RESULT"))?;
        let m = g.pending.take().ok_or(SessionError::NoMoveWaiting)?;
        let me = g.state.side();
        let view = DarkView::new(&g.state);
        let a = announcement(&view, m, result, flag, me)
            .ok_or_else(|| bad_result(CcgcMove::from_move(m, me), result))?;
        g.state.push(a);
        Ok(())
    }

    /// Our move: the agent's within the clock's budget; a uniform legal move when the agent
    /// fails or the clock is nearly out; `None` (`A0A0`) without a legal move or a game.
    fn best_move(&mut self, spent_reading: Duration) -> Option<CcgcMove> {
        let started = std::time::Instant::now();
        let g = self.game.as_mut()?;
        let budget = g.clock.budget(g.own_moves);
        let limits = Limits::time(budget);
        let chosen = if g.clock.may_think(budget) {
            match self.agent.choose(&g.state, &[], &limits) {
                Ok(c) => Some(c.mv),
                Err(e) => {
                    eprintln!("ccgc: the agent gave no move ({e}); playing a legal one");
                    None
                }
            }
        } else {
            None
        };
        let m = chosen.or_else(|| {
            self.fallback
                .choose(&g.state, &[], &Limits::default())
                .ok()
                .map(|c| c.mv)
        })?;
        g.pending = Some(m);
        g.own_moves += 1;
        g.clock.charge(spent_reading + started.elapsed());
        Some(CcgcMove::from_move(m, g.state.side()))
    }
}

fn own_at(view: &DarkView, sq: luzhanqi::Square) -> Option<Kind> {
    view.own()
        .into_iter()
        .find(|&(s, _)| s == sq)
        .map(|(_, k)| k)
}

fn bad_result(mv: CcgcMove, result: Option<AttackOutcome>) -> SessionError {
    SessionError::BadResult {
        mv,
        result: super::message::result_code(result),
    }
}

/// The announcement (L-31) of `m` with `result` in the state seen by `view`, the flag field
/// turned into the flag points shown: the opponent's from the field (shown by the move that
/// first carries it), ours when the move removed our field marshal (we know our kinds). `None`
/// when the result cannot follow the move (an attack on an empty point, a plain move onto a
/// piece).
fn announcement(
    view: &DarkView,
    m: Move,
    result: Option<AttackOutcome>,
    flag: FlagField,
    me: Side,
) -> Option<Announcement> {
    let mover = view.turn();
    let defender_there = if mover == me {
        view.enemy_at(m.to).is_some()
    } else {
        own_at(view, m.to).is_some()
    };
    if defender_there != result.is_some() {
        return None;
    }
    let mut a = Announcement::quiet(m);
    a.result = result;
    let opp = me.other();
    if view.flag_shown(opp).is_none() {
        a.flag_shown[opp.index()] = flag.map(|p: CcgcPoint| p.to_square(me));
    }
    let own_marshal_removed = match (mover == me, result) {
        (_, None) => false,
        (true, Some(r)) => {
            own_at(view, m.from) == Some(Kind::Marshal) && r != AttackOutcome::DefenderRemoved
        }
        (false, Some(r)) => {
            own_at(view, m.to) == Some(Kind::Marshal) && r != AttackOutcome::AttackerRemoved
        }
    };
    if own_marshal_removed && view.flag_shown(me).is_none() {
        a.flag_shown[me.index()] = view
            .own()
            .into_iter()
            .find(|&(_, k)| k == Kind::Flag)
            .map(|(s, _)| s);
    }
    Some(a)
}
