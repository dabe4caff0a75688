//! Agents for 四暗 and 雙明 (L-63, L-64): they decide from the seat's [`InfoState`] only.
//!
//! A [`DarkAgent`] is asked with the information state of the seat to move (what the referee
//! showed that seat at the start and the announcements since: under 雙明 the ally's kinds,
//! under 四暗 only its own), never with the referee's position. Three kinds of agent:
//!
//! - [`DeterminizedAgent`]: draws worlds consistent with the state ([`WorldSampler`], exact),
//!   scores every legal action on each world's full position with a shallow team search,
//!   and plays the action with the best mean;
//! - [`SampledAgent`]: any 全明 [`Agent`] (the heuristic yardstick, the search) played on one
//!   world drawn from the state, as if that world were true;
//! - [`RandomAgent`]: a uniform action of [`InfoState::legal_actions`] (no world needed).

use std::ops::ControlFlow;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use siguo::dark::{InfoState, WorldSampler, check_world};
use siguo::{Action, Position};

use crate::heuristic::HeuristicAgent;
use crate::random::{uniform_choice, unless_stopped};
use crate::search::SearchAgent;
use crate::{Agent, AgentError, Answer, Choice, Limits, RandomAgent, actions_of};

/// An agent that plays one seat of a dark game from that seat's information state.
pub trait DarkAgent {
    /// The agent's name (`determinized`, `heuristic`, `search`, `random`).
    fn name(&self) -> &'static str;

    /// A legal action for the seat to move, which must be the state's own seat
    /// ([`InfoState::seat`]), within `limits`. A stop signal raised before the call gives a
    /// legal action at once.
    ///
    /// # Errors
    /// [`AgentError::NoLegalAction`] when the game is over; [`AgentError::NotToMove`] when
    /// the seat to move is not the state's seat.
    fn choose_dark(&mut self, state: &InfoState, limits: &Limits) -> Result<Choice, AgentError>;

    /// Forget what was learnt in an earlier game; the seed stays.
    fn new_game(&mut self) {}
}

/// The legal actions of the state's seat, which must be the seat to move.
fn dark_actions(state: &InfoState) -> Result<Vec<Action>, AgentError> {
    let view = state.view();
    if view.outcome().is_some() {
        return Err(AgentError::NoLegalAction(state.to_string()));
    }
    if view.turn() != state.seat() {
        return Err(AgentError::NotToMove {
            seat: state.seat(),
            turn: view.turn(),
        });
    }
    match view.legal_actions() {
        // The mover's own kinds are always seen, so the set is exact (SeatView::legal_actions).
        Some(a) if !a.is_empty() => Ok(a),
        _ => Err(AgentError::NoLegalAction(state.to_string())),
    }
}

/// A dark agent's clock at its start and the seat's legal actions.
type Started = (Option<Instant>, Vec<Action>);

/// The start of a dark agent's choice: the clock (read only under a time limit, see
/// [`spent`]) and the seat's legal actions ([`dark_actions`]), or, when the stop signal was
/// raised before the call, a uniform one of them to play at once ([`unless_stopped`]).
fn dark_start(
    state: &InfoState,
    limits: &Limits,
    rng: &mut StdRng,
) -> Result<ControlFlow<Choice, Started>, AgentError> {
    let start = limits.time.map(|_| Instant::now());
    Ok(match unless_stopped(dark_actions(state)?, limits, rng) {
        ControlFlow::Break(c) => ControlFlow::Break(c),
        ControlFlow::Continue(actions) => ControlFlow::Continue((start, actions)),
    })
}

/// Whether a search begun at `start` must end now (stop raised, or the time spent). `start`
/// is read only under a time limit (`None` without one), so that an agent under node or world
/// limits never reads the clock: wasm32's `Instant::now` panics (the web page's workers).
fn spent(limits: &Limits, start: Option<Instant>) -> bool {
    limits.stopped()
        || limits
            .time
            .zip(start)
            .is_some_and(|(t, s)| s.elapsed() >= t)
}

/// Attempts allowed for one call of the sampler (each attempt is one hidden army drawn): a
/// draw that needs more is given up and the next starts afresh, so that the clock is read
/// between calls (a failed try is redrawn whole, so many small calls are as exact as one
/// large one).
const ATTEMPTS_PER_WORLD: u64 = 60;

/// Without a time limit, the failed calls allowed per world asked for.
const FAILURES_PER_WORLD: u32 = 50;

/// Calls of the sampler allowed past the time limit while no world came out yet (each a few
/// milliseconds at most: on a loaded machine the first world of a late 四暗 position took up
/// to 20 calls, the build before it 100–260 ms).
const LATE_CALLS: u32 = 10;

/// Plies the team search looks ahead on each world from each action (then quiescence):
/// the seats after the mover answer with their captures. One ply more scored 80 % against the
/// heuristic team under 雙明 where the one-ply score scored 62.5 % (40 games each, 16 worlds;
/// docs/siguo-engine.md), at some 15 % more time; two plies cost five times as much.
const WORLD_DEPTH: u32 = 1;

/// Failed calls of a kept sampler (one built for an earlier state) after which, if they
/// outnumber its worlds three to one, it is built again for the current state.
const STALE_CALLS: u32 = 4;

/// Draw one world of `sampler` and replay it: the full position it makes now (`None` when no
/// world came out within the attempts, or in the world another seat is to move).
fn world_position<R: Rng + ?Sized>(
    state: &InfoState,
    sampler: &WorldSampler,
    rng: &mut R,
) -> Option<Position> {
    let world = sampler.draw(rng, ATTEMPTS_PER_WORLD).ok()?;
    let game = check_world(state, &world).ok()?;
    // The one check kept on every world: the seat to move is the state's (else no action of
    // the seat is legal in it). Never false, as `check_world` replayed every announcement,
    // but such a world would be skipped as no world (a failed draw), not counted.
    (game.position().turn() == state.seat()).then(|| game.position().clone())
}

/// Determinized evaluation over sampled worlds (issue 53, item 1, dark part).
///
/// For the seat to move, from its [`InfoState`] only, it builds the exact [`WorldSampler`]
/// (L-63 … L-65: under 雙明 the ally's kinds are part of the state, under 四暗 no other seat's
/// are), draws worlds one after another, builds each world's full [`Position`], and scores
/// every legal action ([`InfoState::legal_actions`]) there with the 全明 team search
/// ([`SearchAgent`](crate::SearchAgent)'s paranoid alpha-beta for the mover's team, L-53):
/// each action searched one ply further and then by quiescence, so that the seats after the
/// mover answer with their captures and the mover's own follow-ups are seen (material, flag
/// safety and threats by [`eval`](crate::eval) at the leaves). It plays the action with the
/// best mean over the worlds, ties broken by its seeded generator. If the time runs out in
/// the first world's search, that world is scored with the heuristic yardstick's one-ply score
/// instead (one world beats none).
///
/// The number of worlds: under a time limit, as many as fit in it (at most
/// [`DeterminizedAgent::MAX_WORLDS`]); without one, the count given at construction
/// ([`DeterminizedAgent::DEFAULT_WORLDS`] by default), so that the agent is deterministic given
/// its seed. The sampler's build takes tens of milliseconds and cannot be interrupted, so the
/// agent keeps it from one call to the next of the same game and seat: a sampler built for an
/// earlier state still draws exactly when its worlds are kept only if they replay to the
/// current state (rejection from a superset), and it is built again once its draws mostly
/// fail (an attack since, say). The clock and the stop signal are read between worlds; past
/// the time, while no world came out, up to ten more calls of the sampler are made (on a loaded
/// machine the build alone can take the whole limit). A stop signal raised before the call
/// gives a uniform legal action at once, without a sampler.
///
/// When no world can be drawn (the sampler cannot be built, or every draw runs out of
/// attempts before the time is spent) it falls back to a uniform legal action of the
/// state: a fallback that reads nothing hidden. (It is not rare in 四暗 after a hundred
/// plies or so: attacks between hidden pieces of two other seats are met by rejection, and
/// the sampler can fail every try; see docs/siguo-engine.md.)
///
/// ```
/// use siguo::dark::DarkGame;
/// use siguo::{Position, Rules, Seat};
/// use siguo_engine::{DarkAgent, DeterminizedAgent, Limits};
/// // 四暗 (the standard rules' mode) from the default opening: Red sees only its own kinds.
/// let game = DarkGame::new(Position::default())?;
/// let state = game.info_state(Seat::Red);
/// let c = DeterminizedAgent::with_worlds(7, 2).choose_dark(&state, &Limits::default())?;
/// assert!(state.legal_actions().unwrap().contains(&c.action));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct DeterminizedAgent {
    rng: StdRng,
    worlds: u32,
    /// The sampler of an earlier call and the state it was built for (see
    /// [`DeterminizedAgent::sampler_for`]).
    cache: Option<(InfoState, WorldSampler)>,
    /// The team search that scores the actions on each world.
    search: SearchAgent,
}

impl DeterminizedAgent {
    /// The worlds drawn a call without a time limit.
    pub const DEFAULT_WORLDS: u32 = 16;
    /// The most worlds drawn a call under a time limit.
    pub const MAX_WORLDS: u32 = 512;

    /// An agent seeded with `seed` (worlds and ties), [`Self::DEFAULT_WORLDS`] worlds a call
    /// without a time limit.
    #[must_use]
    pub fn new(seed: u64) -> DeterminizedAgent {
        DeterminizedAgent::with_worlds(seed, DeterminizedAgent::DEFAULT_WORLDS)
    }

    /// An agent drawing `worlds` worlds a call without a time limit (at least 1).
    #[must_use]
    pub fn with_worlds(seed: u64, worlds: u32) -> DeterminizedAgent {
        DeterminizedAgent {
            rng: StdRng::seed_from_u64(seed),
            worlds: worlds.max(1),
            cache: None,
            search: SearchAgent::new(seed),
        }
    }

    /// The kept sampler when it was built for an earlier state of the same seat and game (a
    /// prefix of `state`: the same rules, seat, start and first announcements), with whether
    /// it is stale; else `None`.
    ///
    /// Drawing from the sampler of an earlier state and keeping only the worlds that replay
    /// to the current one (as [`world_position`] does) is exact: the worlds consistent with
    /// `state` are among those consistent with its prefix, and rejection from the uniform
    /// distribution over a superset is uniform over the subset. What it saves is the
    /// sampler's build (tens of milliseconds, most of a 四暗 move's time at 100 ms, and
    /// several times that on a loaded machine).
    fn sampler_for(&mut self, state: &InfoState) -> Option<WorldSampler> {
        let (old, sampler) = self.cache.take()?;
        let n = old.history().len();
        (n <= state.history().len() && state.truncated(n) == old).then_some(sampler)
    }

    /// The action with the best sum of scores (the best mean), ties by the generator.
    fn best(&mut self, actions: &[Action], sums: &[i64]) -> (Action, i64) {
        let top = sums.iter().copied().max().unwrap_or(0);
        let best: Vec<usize> = (0..actions.len()).filter(|&i| sums[i] == top).collect();
        let i = best[self.rng.random_range(0..best.len())];
        (actions[i], top)
    }

    /// Add each action's score on `pos` (a world's full position) to `sums`: the team search's
    /// value of the action searched [`WORLD_DEPTH`] plies deep and then by quiescence. Returns
    /// the nodes visited, or `None` when the limits ran out before every action was scored
    /// (then `sums` is unchanged).
    fn score_world(
        &mut self,
        pos: &Position,
        actions: &[Action],
        sums: &mut [i64],
        limits: &Limits,
        start: Option<Instant>,
    ) -> Option<u64> {
        // The actions are legal on `pos`: under 全明 they are its own; on a sampled world
        // (`world_position`) the seat to move is the state's, and `check_world` replayed every
        // announcement, so what the legality of the seat's actions reads (where each seat's
        // pieces stand, the seat's own kinds, the seats in play and the passes used) is what
        // the seat sees and computed them from (`dark_actions`). Checked in debug builds only:
        // a legality test per action on every world would repeat that proof on the search's
        // path (the check this replaces also counted a failing world, scoring it nothing).
        debug_assert!(
            actions.iter().all(|&a| pos.is_legal(a)),
            "an action of the seat is illegal in its world {pos}"
        );
        let scores = self
            .search
            .action_scores(pos, actions, WORLD_DEPTH, limits, start)?;
        for (sum, s) in sums.iter_mut().zip(scores) {
            *sum += i64::from(s);
        }
        Some(self.search.nodes())
    }

    /// Add each action's one-ply score on `pos` to `sums` (the heuristic yardstick's); returns
    /// the nodes visited. The quick score of a world when the time ran out before the first
    /// world's search ended.
    fn score_world_quick(pos: &Position, actions: &[Action], sums: &mut [i64]) -> u64 {
        let team = pos.turn().team();
        for (i, &a) in actions.iter().enumerate() {
            sums[i] += if pos.is_legal(a) {
                let mut child = pos.clone();
                child.play_unchecked(a);
                i64::from(HeuristicAgent::score(&child, team))
            } else {
                // Never for a consistent world: the mover's actions are known exactly.
                i64::from(-crate::eval::WIN)
            };
        }
        actions.len() as u64
    }
}

impl DarkAgent for DeterminizedAgent {
    fn name(&self) -> &'static str {
        "determinized"
    }

    fn new_game(&mut self) {
        self.cache = None;
        self.search.new_game();
    }

    fn choose_dark(&mut self, state: &InfoState, limits: &Limits) -> Result<Choice, AgentError> {
        let (start, actions) = match dark_start(state, limits, &mut self.rng)? {
            ControlFlow::Break(c) => return Ok(c),
            ControlFlow::Continue(x) => x,
        };
        let uniform = |rng: &mut StdRng| uniform_choice(&actions, rng, 0);
        // The sampler of an earlier call while it still gives worlds (see `sampler_for`),
        // else a new one.
        let kept = self.sampler_for(state);
        let mut fresh = kept.is_none();
        let sampler = match kept {
            Some(s) => Ok(s),
            None => WorldSampler::new(state),
        };
        let Ok(mut sampler) = sampler else {
            // No world fits (never for a state a referee kept): fall back.
            return Ok(uniform(&mut self.rng));
        };
        // Without a hidden seat (全明) every world is the true position: one is enough.
        let cap = if sampler.hidden().is_empty() {
            1
        } else if limits.time.is_some() {
            DeterminizedAgent::MAX_WORLDS
        } else {
            self.worlds
        };
        let mut sums = vec![0i64; actions.len()];
        let mut worlds = 0u32;
        let mut failures = 0u32;
        let mut nodes = 0;
        while worlds < cap {
            // Past the time, more calls of the sampler while no world came out yet (as
            // the yardstick always draws one): the sampler's build may take the whole limit
            // on a loaded machine, and a uniform action is much weaker than one world.
            if spent(limits, start) && (worlds > 0 || limits.stopped() || failures >= LATE_CALLS) {
                break;
            }
            match world_position(state, &sampler, &mut self.rng) {
                Some(pos) => {
                    match self.score_world(&pos, &actions, &mut sums, limits, start) {
                        Some(n) => nodes += n,
                        // Out of time mid-world: the world's quick score if it is the first
                        // (one world beats none), else the worlds already scored.
                        None if worlds == 0 => {
                            nodes +=
                                DeterminizedAgent::score_world_quick(&pos, &actions, &mut sums);
                        }
                        None => break,
                    }
                    worlds += 1;
                }
                None => {
                    // A draw out of attempts: try again while the time lasts; without a time
                    // limit, give up after FAILURES_PER_WORLD failures per world asked for.
                    failures += 1;
                    if !fresh && failures >= STALE_CALLS && failures > 3 * worlds {
                        // The kept sampler's worlds rarely replay to this state any more
                        // (an attack since, say): a new one, built for this state.
                        let Ok(s) = WorldSampler::new(state) else {
                            break;
                        };
                        sampler = s;
                        fresh = true;
                        failures = 0;
                        continue;
                    }
                    if limits.time.is_none()
                        && failures >= self.worlds.saturating_mul(FAILURES_PER_WORLD)
                    {
                        break;
                    }
                }
            }
        }
        self.cache = Some((state.clone(), sampler));
        if worlds == 0 {
            return Ok(uniform(&mut self.rng));
        }
        let (action, sum) = self.best(&actions, &sums);
        let mean = sum / i64::from(worlds);
        Ok(Choice {
            action,
            score: i32::try_from(mean).unwrap_or(if mean > 0 { i32::MAX } else { i32::MIN }),
            depth: worlds,
            nodes,
        })
    }
}

impl Agent<Position, Choice, AgentError> for DeterminizedAgent {
    fn name(&self) -> &'static str {
        "determinized"
    }

    /// Under 全明 the only world consistent with what the seat sees is the position itself:
    /// the mean over worlds is the world search's score on `pos`.
    fn choose(&mut self, pos: &Position, _history: &[u64], limits: &Limits) -> Answer {
        let actions = match unless_stopped(actions_of(pos)?, limits, &mut self.rng) {
            ControlFlow::Break(c) => return Ok(c),
            ControlFlow::Continue(a) => a,
        };
        let start = limits.start();
        let mut sums = vec![0i64; actions.len()];
        let nodes = match self.score_world(pos, &actions, &mut sums, limits, start) {
            Some(n) => n,
            None => DeterminizedAgent::score_world_quick(pos, &actions, &mut sums),
        };
        let (action, sum) = self.best(&actions, &sums);
        Ok(Choice {
            action,
            score: i32::try_from(sum).unwrap_or(0),
            depth: 1,
            nodes,
        })
    }
}

/// A 全明 agent made to play a dark seat: it draws one world from the seat's information
/// state and lets the inner agent choose on that world's full position, as if it were true.
/// This is how the heuristic yardstick and the search play 四暗 and 雙明 in the arena: they
/// read nothing hidden (the world is a guess consistent with what the seat was told).
///
/// The inner agent gets the time left after the sampler and the draw; with no world (the
/// sampler cannot be built, or the draw runs out of attempts) it falls back to a uniform
/// legal action of the state. A stop signal raised before the call gives a uniform legal
/// action at once.
#[derive(Debug, Clone)]
pub struct SampledAgent<A> {
    inner: A,
    rng: StdRng,
}

impl<A: Agent<Position, Choice, AgentError>> SampledAgent<A> {
    /// `inner` on one world a call, drawn by a generator seeded with `seed`.
    #[must_use]
    pub fn new(inner: A, seed: u64) -> SampledAgent<A> {
        SampledAgent {
            inner,
            rng: StdRng::seed_from_u64(seed),
        }
    }
}

impl<A: Agent<Position, Choice, AgentError>> DarkAgent for SampledAgent<A> {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn choose_dark(&mut self, state: &InfoState, limits: &Limits) -> Result<Choice, AgentError> {
        let (start, actions) = match dark_start(state, limits, &mut self.rng)? {
            ControlFlow::Break(c) => return Ok(c),
            ControlFlow::Continue(x) => x,
        };
        let uniform = |rng: &mut StdRng| uniform_choice(&actions, rng, 0);
        // Try again after a draw out of attempts, while the time lasts.
        let pos = WorldSampler::new(state).ok().and_then(|s| {
            (0..FAILURES_PER_WORLD)
                .take_while(|&i| i == 0 || !spent(limits, start))
                .find_map(|_| world_position(state, &s, &mut self.rng))
        });
        let Some(pos) = pos else {
            return Ok(uniform(&mut self.rng));
        };
        let mut rest = limits.clone();
        if let Some((t, s)) = limits.time.zip(start) {
            rest.time = Some(t.saturating_sub(s.elapsed()));
        }
        let c = self.inner.choose(&pos, &[], &rest)?;
        if actions.contains(&c.action) {
            Ok(c)
        } else {
            // Never for a consistent world: the mover's actions are known exactly.
            Ok(uniform(&mut self.rng))
        }
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }
}

impl DarkAgent for RandomAgent {
    fn name(&self) -> &'static str {
        "random"
    }

    /// A uniform action of [`InfoState::legal_actions`].
    fn choose_dark(&mut self, state: &InfoState, _limits: &Limits) -> Result<Choice, AgentError> {
        let actions = dark_actions(state)?;
        Ok(self.pick(&actions))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use siguo::Rules;

    /// Red's company on o8 (a camp of Green's half, safe there) can step to p8, next to
    /// Green's open flag on q8 (no Green landmine), where Green's battalion on p9 takes it by
    /// the railway p9–p8 on Green's turn, which comes next (L-50). Blue's and Yellow's
    /// marshals are out of reach.
    const STEP_INTO_CAPTURE: &str =
        "3bF1/5/5/2bS2/5/5/15/yF11/1yS11gY1/9rC1gF/15/5/5/5/5/5/1rF3 r rgby 0 1";

    /// The world search (one ply, then quiescence) sees the battalion take the company, which
    /// the one-ply score discounts to three quarters of the company while counting the whole
    /// threat to the flag: the one-ply score steps next to the flag, the agent does not. This
    /// fails if the world search were the one-ply score.
    #[test]
    fn the_world_search_sees_the_capture_the_one_ply_score_discounts() {
        let pos = Position::from_text(STEP_INTO_CAPTURE, Rules::STANDARD).unwrap();
        let actions = actions_of(&pos).unwrap();
        let step = pos.find_action("o8p8").unwrap();
        let mut quick = vec![0i64; actions.len()];
        DeterminizedAgent::score_world_quick(&pos, &actions, &mut quick);
        let top = quick.iter().copied().max().unwrap();
        let best: Vec<Action> = (0..actions.len())
            .filter(|&i| quick[i] == top)
            .map(|i| actions[i])
            .collect();
        assert_eq!(best, [step], "{actions:?} {quick:?}");
        for seed in 0..4 {
            let c = DeterminizedAgent::new(seed)
                .choose(&pos, &[], &Limits::default())
                .unwrap();
            assert_ne!(c.action, step, "seed {seed}: {c:?}");
            assert!(pos.is_legal(c.action));
        }
    }
}
