//! The in-process mode: agents of this process play paired games, the arbiter holding the true
//! game, with the statistics of a match of engines ([`Tally`], [`Pentanomial`]).
//!
//! A match of engine processes ([`crate::run_match`]) pays for processes, the protocol and
//! clocks; an engine's own tests and measurements want the agents themselves, seeded, on
//! threads. Both are the arbiter's: pairs of games with the seats swapped, the same
//! statistics, and seeded starts ([`luzhanqi_deployments`], [`luzhanqi_deal`],
//! [`siguo_deployments`]) and agent seeds ([`luzhanqi_seats`], [`siguo_seat_seed`]).
//!
//! A [`Table`] holds the true game and shows the seat to act only what it may know: the
//! position in open play ([`Open`], any [`GameState`], chance completed by a dealer such as a
//! 翻棋 deal), the seat's information state in 陸戰棋's dark play ([`LuzhanqiDark`]) and in
//! 四國's 四暗 and 雙明 ([`SiguoDark`]). A seat is played by a [`Player`]: any closure from what
//! it is shown to an action ([`agent_player`] wraps an engine's agent as one), so the arbiter
//! needs no engine.
//!
//! Pairs (issue 49, item 3): in the first game of pair `i` agent A holds the even seats (seat 0,
//! and in a four-seat game its partner, seat 2), in the second the odd ones; both games start
//! from the same start. A game with four seats and two alliances fits as it is.
//!
//! ```
//! use gjjq_arbiter::local::{Open, PairConfig, Player, Reply, luzhanqi_start, run_pairs};
//! use junqi_game::GameState;
//! use luzhanqi::{Position, Ruleset};
//!
//! // Seat players that play the first legal move.
//! fn first(_: u32, _: bool) -> Vec<Box<Player<'static, Position, luzhanqi::Move>>> {
//!     let play = |pos: &Position, _: &[u64]| {
//!         let action = *GameState::legal_actions(pos).first()?;
//!         Some(Reply { action, nodes: 1 })
//!     };
//!     vec![Box::new(play), Box::new(play)]
//! }
//! let config = PairConfig { pairs: 2, max_plies: 40, threads: 1 };
//! // The standard rules take every legal deployment (L-17).
//! let start = |pair| Open::new(luzhanqi_start(1, pair, Ruleset::STANDARD).unwrap());
//! let r = run_pairs(&config, start, first, |_| {});
//! assert_eq!(r.games.len(), 4);
//! assert!(r.games[0].a_first && !r.games[1].a_first);
//! assert_eq!(r.tally().games(), 4);
//! ```

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;

use junqi_game::stats::{Pentanomial, Tally};
use junqi_game::{Alliance, GameState, History, Seat};
use junqi_search::{Agent, Limits};
use luzhanqi::dark::{DarkError, DarkGame, DarkRules, InfoState};
use luzhanqi::deploy::{Deployment, OpeningError, opening};
use luzhanqi::flip::FlipDeal;
use luzhanqi::{Position, Ruleset, Side};

use luzhanqi::rand::SeedableRng;
use luzhanqi::rand::rngs::StdRng;

use crate::luzhanqi_game::{Stream, start_rng};

/// What a seat's player answers: an action and the positions it visited to find it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reply<A> {
    /// The action (the table checks it).
    pub action: A,
    /// Nodes searched (0 for agents that do not search).
    pub nodes: u64,
}

/// A seat's player: told what its seat may know (`V`) and the keys of the positions before it
/// (open play; empty where the view carries its own history), it replies with an action, or
/// `None` when it has none (it forfeits, as for an illegal action).
pub type Player<'a, V, A> = dyn FnMut(&V, &[u64]) -> Option<Reply<A>> + 'a;

/// A seat played by an engine's `agent` (any [`Agent`]) within `limits`: it is asked with what
/// the seat is shown and the keys before it, and `reply` reads the action and the nodes from
/// its answer; an agent that answers with an error gives no action (it forfeits).
///
/// ```
/// use gjjq_arbiter::local::{Reply, agent_player};
/// use junqi_search::{Agent, Choice, Limits};
/// use luzhanqi::{Move, Position};
///
/// // An agent that plays the first legal move.
/// struct First;
/// impl Agent<Position, Choice<Move>, &'static str> for First {
///     fn name(&self) -> &'static str { "first" }
///     fn choose(&mut self, pos: &Position, _: &[u64], _: &Limits)
///         -> Result<Choice<Move>, &'static str> {
///         let action = *pos.legal_moves().first().ok_or("no legal move")?;
///         Ok(Choice { action, score: 0, depth: 0, nodes: 1 })
///     }
/// }
/// let agent: Box<dyn Agent<Position, Choice<Move>, &'static str>> = Box::new(First);
/// let reply = |c: &Choice<Move>| Reply { action: c.action, nodes: c.nodes };
/// let mut seat = agent_player(agent, Limits::default(), reply);
/// let pos = Position::default();
/// let r = seat(&pos, &[]).unwrap();
/// assert!(pos.is_legal(r.action));
/// ```
pub fn agent_player<'a, V: ?Sized + 'a, C: 'a, E: 'a, A: 'a>(
    mut agent: Box<dyn Agent<V, C, E> + 'a>,
    limits: Limits,
    reply: impl Fn(&C) -> Reply<A> + 'a,
) -> Box<Player<'a, V, A>> {
    Box::new(move |view: &V, history: &[u64]| {
        agent.choose(view, history, &limits).ok().map(|c| reply(&c))
    })
}

/// Why a table refused an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The action is not legal: the seat that gave it forfeits.
    #[error("the action is not legal here")]
    Illegal,
    /// The action needs chance and the table has no outcome for it (a deal that does not fit
    /// the start): the game cannot go on and ends drawn.
    #[error("the action needs chance and the table has no outcome for it")]
    NoChance,
}

/// A game the in-process mode can referee: the true game, what the seat to act is shown, and
/// what its action does.
pub trait Table {
    /// What a seat is shown when asked to act.
    type View: ?Sized;
    /// What a seat answers.
    type Action: Copy + fmt::Debug + Eq;
    /// How the game ends by its rules.
    type Outcome: Copy + fmt::Debug + Eq;

    /// The seat to act.
    fn to_move(&self) -> Seat;

    /// Ask with what the seat to act may know and the keys of the positions before it.
    fn ask<R>(&self, ask: impl FnOnce(&Self::View, &[u64]) -> R) -> R;

    /// Play the seat to act's action.
    ///
    /// # Errors
    /// Why the action was refused; the table is unchanged.
    fn play(&mut self, action: Self::Action) -> Result<(), Refusal>;

    /// The end by the rules, once reached.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// The winners of `outcome`, `None` for a draw.
    fn winner(outcome: &Self::Outcome) -> Option<Alliance>;

    /// Plies played.
    fn plies(&self) -> usize;
}

/// Open play of any [`GameState`]: every seat is shown the position; an action that needs
/// chance (a 翻棋 flip) is completed by the dealer, which the players never see.
pub struct Open<P: GameState> {
    history: History<P>,
    dealer: Option<Dealer<P>>,
}

/// What completes an action that needs chance.
type Dealer<P> =
    Box<dyn Fn(&P, <P as GameState>::Action) -> Option<<P as GameState>::Chance> + Send>;

impl<P: GameState> Open<P> {
    /// A game from `start` without chance.
    #[must_use]
    pub fn new(start: P) -> Open<P> {
        Open {
            history: History::new(start),
            dealer: None,
        }
    }

    /// A game from `start` whose chance actions `dealer` completes (`None`: no outcome).
    ///
    /// ```
    /// use gjjq_arbiter::local::{Open, Table, luzhanqi_deal};
    /// use junqi_game::GameState;
    /// use luzhanqi::ModeRules;
    /// use luzhanqi::flip::FlipPosition;
    ///
    /// // 翻棋: the pair's deal reveals each flipped piece, which the players never see.
    /// let start = FlipPosition::start_with(ModeRules::FLIP, ModeRules::FLIP.default_ruleset());
    /// let deal = luzhanqi_deal(7, 0);
    /// let mut table = Open::dealt(start.clone(), move |pos: &FlipPosition, a| deal.reveal(pos, a));
    /// let flip = GameState::legal_actions(&start)[0];
    /// table.play(flip)?;
    /// assert_eq!(table.history().chances()[0], luzhanqi_deal(7, 0).reveal(&start, flip));
    /// # Ok::<(), gjjq_arbiter::local::Refusal>(())
    /// ```
    #[must_use]
    pub fn dealt(
        start: P,
        dealer: impl Fn(&P, P::Action) -> Option<P::Chance> + Send + 'static,
    ) -> Open<P> {
        Open {
            history: History::new(start),
            dealer: Some(Box::new(dealer)),
        }
    }

    /// The game so far.
    #[must_use]
    pub fn history(&self) -> &History<P> {
        &self.history
    }
}

impl<P: GameState> fmt::Debug for Open<P>
where
    P: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Open")
            .field("history", &self.history)
            .field("dealt", &self.dealer.is_some())
            .finish()
    }
}

impl<P: GameState> Table for Open<P> {
    type View = P;
    type Action = P::Action;
    type Outcome = junqi_game::Outcome<P::WinReason, P::DrawReason>;

    fn to_move(&self) -> Seat {
        self.history.position().to_move()
    }

    fn ask<R>(&self, ask: impl FnOnce(&P, &[u64]) -> R) -> R {
        let keys = self.history.keys();
        ask(self.history.position(), &keys[..keys.len() - 1])
    }

    fn play(&mut self, action: P::Action) -> Result<(), Refusal> {
        let pos = self.history.position();
        if !pos.is_legal(action) {
            return Err(Refusal::Illegal);
        }
        let outcomes = pos.chance_outcomes(action);
        let chance = if outcomes.is_empty() {
            None
        } else {
            let dealt = self.dealer.as_ref().and_then(|deal| deal(pos, action));
            match dealt {
                Some(c) if outcomes.iter().any(|&(o, _)| o == c) => Some(c),
                _ => return Err(Refusal::NoChance),
            }
        };
        self.history.push(action, chance);
        Ok(())
    }

    fn outcome(&self) -> Option<Self::Outcome> {
        self.history.outcome()
    }

    fn winner(outcome: &Self::Outcome) -> Option<Alliance> {
        outcome.winner()
    }

    fn plies(&self) -> usize {
        self.history.len()
    }
}

/// 陸戰棋's dark play (暗棋, L-31): the referee holds the game and each side is shown only its
/// own information state.
#[derive(Debug, Clone)]
pub struct LuzhanqiDark(pub DarkGame);

impl LuzhanqiDark {
    /// Pair `pair`'s dark game of a match seeded `seed` ([`luzhanqi_deployments`]), Red first.
    ///
    /// # Errors
    /// The referee's refusal: `rules` with `flag_capture` `after_mines`, which 暗棋 does not
    /// take.
    pub fn start(seed: u64, pair: u32, rules: DarkRules) -> Result<LuzhanqiDark, DarkError> {
        let (red, blue) = luzhanqi_deployments(seed, pair);
        DarkGame::new(&red, &blue, Side::Red, rules).map(LuzhanqiDark)
    }
}

impl Table for LuzhanqiDark {
    type View = InfoState;
    type Action = luzhanqi::Move;
    type Outcome = luzhanqi::Outcome;

    fn to_move(&self) -> Seat {
        self.0.turn().seat()
    }

    fn ask<R>(&self, ask: impl FnOnce(&InfoState, &[u64]) -> R) -> R {
        ask(self.0.info_state(self.0.turn()), &[])
    }

    fn play(&mut self, action: luzhanqi::Move) -> Result<(), Refusal> {
        self.0.play(action).map(drop).map_err(|_| Refusal::Illegal)
    }

    fn outcome(&self) -> Option<luzhanqi::Outcome> {
        self.0.outcome()
    }

    fn winner(outcome: &luzhanqi::Outcome) -> Option<Alliance> {
        outcome.winner().map(|side| side.seat().alliance())
    }

    fn plies(&self) -> usize {
        self.0.game().moves().len()
    }
}

/// 四國's dark modes (四暗, 雙明, L-63 … L-65): the referee holds the game and each seat is
/// shown only its own information state.
#[derive(Debug, Clone)]
pub struct SiguoDark(pub siguo::dark::DarkGame);

impl Table for SiguoDark {
    type View = siguo::dark::InfoState;
    type Action = siguo::Action;
    type Outcome = siguo::Outcome;

    fn to_move(&self) -> Seat {
        self.0.position().turn().seat()
    }

    fn ask<R>(&self, ask: impl FnOnce(&siguo::dark::InfoState, &[u64]) -> R) -> R {
        ask(&self.0.info_state(self.0.position().turn()), &[])
    }

    fn play(&mut self, action: siguo::Action) -> Result<(), Refusal> {
        self.0.play(action).map(drop).map_err(|_| Refusal::Illegal)
    }

    fn outcome(&self) -> Option<siguo::Outcome> {
        self.0.position().outcome()
    }

    fn winner(outcome: &siguo::Outcome) -> Option<Alliance> {
        match outcome {
            siguo::Outcome::Win { team, .. } => Some(team.alliance()),
            siguo::Outcome::Draw(_) => None,
        }
    }

    fn plies(&self) -> usize {
        self.0.actions().len()
    }
}

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End<O> {
    /// By the rules.
    Rules(O),
    /// The ply limit was reached: a draw.
    PlyLimit,
    /// A seat gave an illegal action or none: its alliance loses.
    Forfeit(Seat),
    /// An action needed chance the table could not give ([`Refusal::NoChance`]): a draw.
    NoChance,
}

/// A game played by [`play_game`].
#[derive(Debug)]
pub struct Played<T: Table> {
    /// How it ended.
    pub end: End<T::Outcome>,
    /// The winners, `None` for a draw.
    pub winner: Option<Alliance>,
    /// Nodes searched by each seat, in all.
    pub nodes: Vec<u64>,
    /// The table as the game left it (its record).
    pub table: T,
}

/// Play one game on `table`, seat `i` played by `players[i]`; a game still going after
/// `max_plies` plies is a draw. A seat without a player forfeits when asked.
///
/// ```
/// use gjjq_arbiter::local::{End, LuzhanqiDark, Player, Reply, play_game};
/// use luzhanqi::Move;
/// use luzhanqi::dark::{DarkRules, DarkView, InfoState};
///
/// // Red plays its first legal move each turn; Blue has nothing to say and forfeits.
/// let red: Box<Player<'static, InfoState, Move>> = Box::new(|state: &InfoState, _: &[u64]| {
///     let action = *DarkView::new(state).legal_moves().first()?;
///     Some(Reply { action, nodes: 0 })
/// });
/// let blue: Box<Player<'static, InfoState, Move>> = Box::new(|_: &InfoState, _: &[u64]| None);
/// let table = LuzhanqiDark::start(1, 0, DarkRules::STANDARD)?;
/// let g = play_game(table, &mut [red, blue], 100);
/// assert!(matches!(g.end, End::Forfeit(seat) if seat.index() == 1));
/// assert_eq!(g.winner.map(|w| w.index()), Some(0));
/// assert_eq!(g.table.0.game().moves().len(), 1);
/// # Ok::<(), luzhanqi::dark::DarkError>(())
/// ```
pub fn play_game<T: Table>(
    mut table: T,
    players: &mut [Box<Player<'_, T::View, T::Action>>],
    max_plies: u32,
) -> Played<T> {
    let mut nodes = vec![0u64; players.len()];
    let end = loop {
        if let Some(o) = table.outcome() {
            break End::Rules(o);
        }
        if table.plies() >= max_plies as usize {
            break End::PlyLimit;
        }
        let seat = table.to_move();
        let Some(player) = players.get_mut(seat.index()) else {
            break End::Forfeit(seat);
        };
        let Some(reply) = table.ask(|view, history| player(view, history)) else {
            break End::Forfeit(seat);
        };
        nodes[seat.index()] += reply.nodes;
        match table.play(reply.action) {
            Ok(()) => {}
            Err(Refusal::Illegal) => break End::Forfeit(seat),
            Err(Refusal::NoChance) => break End::NoChance,
        }
    };
    let winner = match &end {
        End::Rules(o) => T::winner(o),
        End::Forfeit(seat) => Some(opposing(*seat)),
        End::PlyLimit | End::NoChance => None,
    };
    Played {
        end,
        winner,
        nodes,
        table,
    }
}

/// The alliance that does not hold `seat` (the winners when `seat` forfeits).
fn opposing(seat: Seat) -> Alliance {
    let next = Seat::new((seat.index() + 1) % seat.count(), seat.count()).unwrap_or(seat);
    next.alliance()
}

/// A match of game pairs in process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairConfig {
    /// Pairs of games (two games each).
    pub pairs: u32,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// Threads playing pairs at once (at least 1).
    pub threads: usize,
}

/// One game of a pair match, from agent A's side.
#[derive(Debug, Clone, PartialEq)]
pub struct PairGame<O> {
    /// The pair it belongs to.
    pub pair: u32,
    /// Whether A held the even seats (seat 0 acts first): the pair's first game.
    pub a_first: bool,
    /// How it ended.
    pub end: End<O>,
    /// A's points: 1, ½ or 0.
    pub a_points: f64,
    /// Plies played.
    pub plies: u32,
    /// Nodes searched by A's seats and by B's, in all.
    pub nodes: [u64; 2],
}

/// The games of a pair match, in pair order (A first, then B first, in each pair).
#[derive(Debug, Clone, PartialEq)]
pub struct PairResult<O> {
    /// The games.
    pub games: Vec<PairGame<O>>,
}

impl<O> PairResult<O> {
    /// A's wins, draws and losses as the shared statistics count them (Elo, LOS, SPRT).
    #[must_use]
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for g in &self.games {
            t.add(g.a_points);
        }
        t
    }

    /// The pairs by A's points in the pair (pentanomial counts, Elo, the interval).
    #[must_use]
    pub fn pairs(&self) -> Pentanomial {
        let mut p = Pentanomial::default();
        for pair in self.games.chunks(2) {
            let points = |i: usize| pair.get(i).map_or(0.0, |g| g.a_points);
            p.add_pair(points(0), points(1));
        }
        p
    }
}

/// Play pairs `0 .. config.pairs` on `config.threads` threads: pair `i`'s two games start from
/// `start(i)`, their seats played by `players(i, a_first)` (seat `s` by element `s`; A holds
/// the even seats when `a_first`). `progress` is called on the calling thread after each
/// pair, in the order pairs finish (in pair order on one thread); the result holds the games in pair order, the same for any number of threads as
/// long as the players are deterministic.
pub fn run_pairs<'p, T, S, P, F>(
    config: &PairConfig,
    start: S,
    players: P,
    mut progress: F,
) -> PairResult<T::Outcome>
where
    T: Table,
    S: Fn(u32) -> T + Sync,
    P: Fn(u32, bool) -> Vec<Box<Player<'p, T::View, T::Action>>> + Sync,
    F: FnMut(&[PairGame<T::Outcome>; 2]),
    T::Outcome: Send,
{
    let play = |pair: u32| {
        [true, false].map(|a_first| {
            let mut seats = players(pair, a_first);
            let g = play_game(start(pair), &mut seats, config.max_plies);
            let is_a = |seat: usize| seat.is_multiple_of(2) == a_first;
            let mut nodes = [0u64; 2];
            for (seat, n) in g.nodes.iter().enumerate() {
                nodes[usize::from(!is_a(seat))] += n;
            }
            let a_points = match g.winner {
                None => 0.5,
                Some(w) if is_a(w.index()) => 1.0,
                Some(_) => 0.0,
            };
            PairGame {
                pair,
                a_first,
                end: g.end,
                a_points,
                plies: u32::try_from(g.table.plies()).unwrap_or(u32::MAX),
                nodes,
            }
        })
    };
    let next = AtomicU32::new(0);
    let mut games = Vec::new();
    std::thread::scope(|s| {
        let (done, finished) = mpsc::channel();
        // No more threads than pairs: a thread without a pair would only wait.
        for _ in 0..config.threads.clamp(1, config.pairs.max(1) as usize) {
            let done = done.clone();
            let (next, play) = (&next, &play);
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.pairs || done.send(play(i)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done);
        // Every pair comes back here, to the calling thread, as it finishes.
        for pair in finished {
            progress(&pair);
            games.extend(pair);
        }
    });
    games.sort_by_key(|g| (g.pair, !g.a_first));
    PairResult { games }
}

/// The deployments (Red's, Blue's) of pair `pair` of an in-process 陸戰棋 match seeded `seed`:
/// two uniform draws (L-18), the stream the engine's documented in-process figures were
/// measured on (a match of processes draws from its own, [`crate::MatchConfig::luzhanqi`]).
#[must_use]
pub fn luzhanqi_deployments(seed: u64, pair: u32) -> (Deployment, Deployment) {
    let mut rng = start_rng(seed, pair, Stream::InProcess);
    (Deployment::random(&mut rng), Deployment::random(&mut rng))
}

/// The open start of pair `pair` ([`luzhanqi_deployments`]), Red first, under `rules`.
///
/// # Errors
/// The opening's refusal of `rules` (the deployments drawn are legal, L-17).
pub fn luzhanqi_start(seed: u64, pair: u32, rules: Ruleset) -> Result<Position, OpeningError> {
    let (red, blue) = luzhanqi_deployments(seed, pair);
    opening(&red, &blue, Side::Red, rules)
}

/// The 翻棋 deal of pair `pair` of an in-process match seeded `seed` (L-32: which piece lies
/// under each face-down point), both games of the pair flipping the same pieces.
#[must_use]
pub fn luzhanqi_deal(seed: u64, pair: u32) -> FlipDeal {
    FlipDeal::random(&mut start_rng(seed, pair, Stream::InProcessFlip))
}

/// The two seats of game `a_first` of pair `pair` of an in-process 陸戰棋 match seeded `seed`
/// (seat 0 first): A's and B's players made by `agent(is_a, agent_seed)`, A's seed
/// `seed × 31 + 2 × pair` and B's one more (the engine's stream: its documented figures replay),
/// A in seat 0 when `a_first`.
///
/// ```
/// use gjjq_arbiter::local::{Player, luzhanqi_seats};
/// let silent = |_: bool, _: u64| -> Box<Player<'static, (), u8>> { Box::new(|_: &(), _: &[u64]| None) };
/// assert_eq!(luzhanqi_seats(1, 0, true, silent).len(), 2);
/// ```
pub fn luzhanqi_seats<'p, V: ?Sized, A>(
    seed: u64,
    pair: u32,
    a_first: bool,
    agent: impl Fn(bool, u64) -> Box<Player<'p, V, A>>,
) -> Vec<Box<Player<'p, V, A>>> {
    let agent_seed = seed.wrapping_mul(31).wrapping_add(u64::from(pair) * 2);
    let (a, b) = (agent(true, agent_seed), agent(false, agent_seed + 1));
    if a_first { vec![a, b] } else { vec![b, a] }
}

/// SplitMix64 of `x`: independent seeds from a match seed and small numbers.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The four deployments (Red's, Green's, Blue's, Yellow's) of pair `pair` of an in-process
/// 四國 match seeded `seed`: uniform draws (L-18, L-58), the stream `siguo arena`'s documented
/// figures were measured on.
#[must_use]
pub fn siguo_deployments(seed: u64, pair: u32) -> [Deployment; 4] {
    let mut rng = StdRng::seed_from_u64(mix(seed ^ mix(u64::from(pair))));
    std::array::from_fn(|_| Deployment::random(&mut rng))
}

/// The seed of the agent in `seat` (0 … 3) of game `game` (from 0: pair `i` plays games `2i`
/// and `2i + 1`) of an in-process 四國 match seeded `seed`: every seat its own agent, sharing
/// nothing with its partner.
#[must_use]
pub fn siguo_seat_seed(seed: u64, game: u32, seat: usize) -> u64 {
    mix(seed ^ mix(u64::from(game) << 2 | seat as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use luzhanqi::flip::{FlipAction, FlipPosition};
    use luzhanqi::{ModeRules, Move};

    /// A player that plays the first legal action, counting one node.
    fn first<P: GameState>() -> Box<Player<'static, P, P::Action>> {
        Box::new(|pos: &P, _: &[u64]| {
            let action = *pos.legal_actions().first()?;
            Some(Reply { action, nodes: 1 })
        })
    }

    /// A player that gives no action.
    fn silent<P: GameState>() -> Box<Player<'static, P, P::Action>> {
        Box::new(|_: &P, _: &[u64]| None)
    }

    #[test]
    fn a_seat_without_an_action_forfeits_for_its_alliance() {
        let config = PairConfig {
            pairs: 1,
            max_plies: 100,
            threads: 1,
        };
        let start = |pair| Open::new(luzhanqi_start(3, pair, Ruleset::STANDARD).unwrap());
        // A gives nothing: it loses as the first seat and as the second.
        let players = |_, a_first: bool| {
            if a_first {
                vec![silent::<Position>(), first::<Position>()]
            } else {
                vec![first::<Position>(), silent::<Position>()]
            }
        };
        let r = run_pairs(&config, start, players, |_| {});
        assert_eq!(r.games.len(), 2);
        assert!(matches!(r.games[0].end, End::Forfeit(s) if s.index() == 0));
        assert_eq!(r.games[0].plies, 0);
        assert!(matches!(r.games[1].end, End::Forfeit(s) if s.index() == 1));
        assert_eq!(r.games[1].plies, 1);
        assert_eq!(r.games[1].nodes, [0, 1], "B's one move, A none");
        assert!(r.games.iter().all(|g| g.a_points == 0.0));
        assert_eq!(r.pairs().counts, [1, 0, 0, 0, 0]);
    }

    #[test]
    fn an_illegal_action_forfeits_and_leaves_the_table_unchanged() {
        let start = luzhanqi_start(5, 0, Ruleset::STANDARD).unwrap();
        let m: Move = "a1a2".parse().unwrap();
        assert!(
            !GameState::is_legal(&start, m),
            "a1a2 is not a move of this start"
        );
        let mut table = Open::new(start.clone());
        assert_eq!(table.play(m), Err(Refusal::Illegal));
        assert_eq!(Refusal::Illegal.to_string(), "the action is not legal here");
        assert_eq!(table.plies(), 0);
        let illegal: Box<Player<'static, Position, Move>> =
            Box::new(move |_: &Position, _: &[u64]| {
                Some(Reply {
                    action: m,
                    nodes: 7,
                })
            });
        let g = play_game(Open::new(start), &mut [illegal, first()], 100);
        assert!(matches!(g.end, End::Forfeit(s) if s.index() == 0));
        assert_eq!(g.nodes, [7, 0]);
        assert_eq!(g.winner.map(|w| w.index()), Some(1));
        assert_eq!(g.table.plies(), 0);
    }

    #[test]
    fn the_ply_limit_draws_and_history_is_the_keys_before() {
        let start = luzhanqi_start(2, 0, Ruleset::STANDARD).unwrap();
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = std::sync::Arc::clone(&seen);
        let logging: Box<Player<'static, Position, Move>> =
            Box::new(move |pos: &Position, history: &[u64]| {
                log.lock().unwrap().push(history.len());
                let action = *GameState::legal_actions(pos).first()?;
                Some(Reply { action, nodes: 0 })
            });
        let g = play_game(Open::new(start), &mut [logging, first()], 6);
        assert_eq!(g.end, End::PlyLimit);
        assert_eq!(g.winner, None);
        assert_eq!(g.table.plies(), 6);
        // Seat 0 acts at plies 0, 2 and 4, seeing the keys of the positions before each.
        assert_eq!(*seen.lock().unwrap(), [0, 2, 4]);
        assert_eq!(g.table.history().keys().len(), 7);
    }

    #[test]
    fn four_seats_play_by_alliance() {
        // 四國: A holds seats 0 and 2 in the first game, 1 and 3 in the second. A's partner
        // (seat 2, or seat 3) gives nothing: A's alliance loses both games.
        let config = PairConfig {
            pairs: 1,
            max_plies: 400,
            threads: 1,
        };
        let players = |_, a_first: bool| {
            (0..4)
                .map(|seat| {
                    let partner_of_a = if a_first { seat == 2 } else { seat == 3 };
                    if partner_of_a {
                        silent::<siguo::Position>()
                    } else {
                        first::<siguo::Position>()
                    }
                })
                .collect()
        };
        let r = run_pairs(
            &config,
            |_| Open::new(siguo::Position::default()),
            players,
            |_| {},
        );
        assert!(matches!(r.games[0].end, End::Forfeit(s) if s.index() == 2));
        assert!(matches!(r.games[1].end, End::Forfeit(s) if s.index() == 3));
        assert!(r.games.iter().all(|g| g.a_points == 0.0));
        // The first game: seats 0 and 1 acted once each; A's seat 0 and B's seat 1.
        assert_eq!(r.games[0].nodes, [1, 1]);
        assert_eq!(r.games[1].nodes, [1, 2]);
    }

    #[test]
    fn a_deal_completes_chance_and_a_missing_one_ends_drawn() {
        let start = FlipPosition::start_with(ModeRules::FLIP, ModeRules::FLIP.default_ruleset());
        let deal = luzhanqi_deal(9, 0);
        let dealt = Open::dealt(start.clone(), move |pos: &FlipPosition, a| {
            deal.reveal(pos, a)
        });
        let g = play_game(dealt, &mut [first(), first()], 10);
        assert_eq!(g.end, End::PlyLimit);
        assert!(g.table.history().chances().iter().any(Option::is_some));
        let flip = *GameState::legal_actions(&start).first().unwrap();
        assert!(matches!(flip, FlipAction::Flip(_)));
        let mut undealt = Open::new(start);
        assert_eq!(undealt.play(flip), Err(Refusal::NoChance));
        let g = play_game(undealt, &mut [first(), first()], 10);
        assert_eq!(g.end, End::NoChance);
        assert_eq!(g.winner, None);
    }

    #[test]
    fn the_seed_streams_are_separate_and_repeatable() {
        assert_eq!(luzhanqi_deployments(1, 0), luzhanqi_deployments(1, 0));
        assert_ne!(luzhanqi_deployments(1, 0), luzhanqi_deployments(1, 1));
        assert_ne!(
            luzhanqi_deployments(1, 0),
            crate::luzhanqi_game::pair_deployments(1, 0)
        );
    }

    #[test]
    fn dark_tables_show_the_seat_its_own_state() {
        let mut t = LuzhanqiDark::start(4, 0, DarkRules::STANDARD).unwrap();
        assert_eq!(t.to_move().index(), 0);
        let red_view = t.ask(|state: &InfoState, history| {
            assert!(history.is_empty());
            state.to_string()
        });
        assert_eq!(red_view, t.0.info_state(Side::Red).to_string());
        let m = *t.0.game().legal_moves().first().unwrap();
        assert_eq!(t.play(m), Ok(()));
        assert_eq!(t.to_move().index(), 1);
        assert_eq!(t.plies(), 1);
        assert_eq!(
            t.play(m),
            Err(Refusal::Illegal),
            "Red's move again, on Blue's turn"
        );
    }
}
