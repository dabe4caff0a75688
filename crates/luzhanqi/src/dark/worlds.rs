//! Worlds (L-31): enemy deployments tested against an information state, and drawn from the
//! consistent ones, each equally likely, by exact counting.
//!
//! A world is the enemy's deployment. Given [`Knowledge`] (each enemy piece's possible
//! kinds, the one excluded conjunction at the last position), a world is consistent exactly
//! when every piece's kind lies in its domain, each kind is used L-5's number of times, and
//! not every piece lies in its excluded set. Those are counted by dynamic programming over
//! the pieces in order ([`DeploymentCounter`], the state being how many of each kind are used
//! so far: at most 2·2·3⁴·4³·3·4·2 = 497,664 states, whatever the position). The number of
//! completions of each state (with the domains, and with the domains met by the excluded
//! sets) gives each next kind its exact weight, so a draw is 25 weighted choices with no
//! rejection. The
//! `repetition` option is the one rule whose verdict depends on which kinds stand where; under
//! it a drawn world is also replayed and drawn again if it does not fit (rejection from a
//! uniform superset, so still uniform).

use rand::Rng;
use thiserror::Error;

use crate::deploy::{Deployment, DeploymentError};
use crate::moves::Move;
use crate::piece::Side;

use super::announce::Announcement;
use super::counter::DeploymentCounter;
use super::info::{InfoState, InfoStateError};
use super::kindset::KindSet;
use super::knowledge::Knowledge;
use super::referee::DarkGame;

pub(crate) use super::counter::{COUNTS, STATES, STRIDE};

/// How a world departs from an information state.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Inconsistency {
    /// The deployment breaks L-17 (or the state's own deployment does).
    #[error("the deployment breaks L-17: {0}")]
    Deployment(DeploymentError),
    /// A move told is not legal in the world (ply from 1).
    #[error("ply {ply}: {mv} is not legal there")]
    Illegal {
        /// The ply.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The world announces a move otherwise than the state tells it.
    #[error("ply {ply}: the world announces {world}, the state {told}")]
    Announcement {
        /// The ply.
        ply: usize,
        /// As the state has it.
        told: Announcement,
        /// As the world has it.
        world: Announcement,
    },
}

/// The true dark game of the world `enemy` (the enemy's deployment, own frame) after the
/// moves `state` was told, when that world is consistent with it: what a player searches in
/// when it plays as if the world it drew were true.
///
/// # Errors
/// The first [`Inconsistency`].
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules, replay_world};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// game.play("c6c7".parse()?)?;
/// let world = replay_world(game.info_state(Side::Red), &d)?;
/// assert_eq!(world.game().position(), game.game().position());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay_world(state: &InfoState, enemy: &Deployment) -> Result<DarkGame, Inconsistency> {
    let (red, blue) = match state.side() {
        Side::Red => (state.deployment(), enemy),
        Side::Blue => (enemy, state.deployment()),
    };
    let mut g = match DarkGame::new(red, blue, state.first(), *state.rules()) {
        Ok(g) => g,
        Err(super::DarkError::Opening(crate::deploy::OpeningError::Deployment {
            error, ..
        })) => return Err(Inconsistency::Deployment(error)),
        Err(_) => return Err(Inconsistency::Deployment(DeploymentError(Vec::new()))),
    };
    for (i, told) in state.history().iter().enumerate() {
        let world = match g.play(told.mv) {
            Ok(a) => a,
            Err(_) => {
                return Err(Inconsistency::Illegal {
                    ply: i + 1,
                    mv: told.mv,
                });
            }
        };
        if world != *told {
            return Err(Inconsistency::Announcement {
                ply: i + 1,
                told: *told,
                world,
            });
        }
    }
    Ok(g)
}

/// Whether `enemy` is consistent with `state` ([`replay_world`] without the game).
///
/// # Errors
/// The first [`Inconsistency`].
pub fn check_world(state: &InfoState, enemy: &Deployment) -> Result<(), Inconsistency> {
    replay_world(state, enemy).map(|_| ())
}

/// No world can be drawn.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WorldError {
    /// The state is not one a referee could have told.
    #[error(transparent)]
    Invalid(#[from] InfoStateError),
    /// No enemy deployment is consistent with the state (the counts of L-5 cannot be met).
    #[error("no enemy deployment is consistent with the state")]
    NoWorld,
    /// Under `repetition`, `tries` drawn worlds in a row failed the replay.
    #[error("{tries} drawn worlds in a row failed the replay (repetition)")]
    Rejected {
        /// How many.
        tries: u32,
    },
}

/// Draws enemy deployments consistent with a side's information state, each equally likely
/// (exact: see the module's text), and counts them.
///
/// Building it costs one pass over the 497,664 count vectors per table (two when the last
/// position excludes a conjunction); each draw is then 25 weighted choices.
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules, WorldSampler, check_world};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::Side;
/// use rand::{SeedableRng, rngs::StdRng};
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// game.play("c6c7".parse()?)?;
/// let red = game.info_state(Side::Red);
/// let sampler = WorldSampler::new(red)?;
/// let world = sampler.draw(&mut StdRng::seed_from_u64(3))?;
/// assert!(check_world(red, &world).is_ok());
/// // Before any move every legal deployment is a world (L-18).
/// let start = WorldSampler::new(&red.at_ply(0))?;
/// assert_eq!(start.count(), luzhanqi::deploy::Deployment::count() as u128);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct WorldSampler {
    state: InfoState,
    knowledge: Knowledge,
    domains: [u16; 25],
    excluded: Option<[u16; 25]>,
    /// The deployments within the domains.
    all: DeploymentCounter,
    /// The deployments within the domains met by the excluded sets.
    within: Option<DeploymentCounter>,
}

/// The domains, excluded sets and both completion tables, for the beliefs.
pub(crate) type Tables<'a> = (&'a [u16; 25], Option<&'a [u16; 25]>, &'a [u128], &'a [u128]);

impl WorldSampler {
    /// The sampler of `state`'s worlds.
    ///
    /// # Errors
    /// [`WorldError::Invalid`] for a state no referee could have told,
    /// [`WorldError::NoWorld`] when no deployment is consistent with it.
    pub fn new(state: &InfoState) -> Result<WorldSampler, WorldError> {
        // The count below says whether a world fits: `validate`'s own search for one would
        // be done twice.
        let knowledge = state.knowledge()?;
        let domains = knowledge.domains().map(|d| d.0);
        let excluded = knowledge
            .excluded()
            .map(|e| std::array::from_fn(|j| e[j].0 & domains[j]));
        let all = DeploymentCounter::new(knowledge.domains().to_owned());
        let within = excluded.map(|e| DeploymentCounter::new(e.map(KindSet)));
        let s = WorldSampler {
            state: state.clone(),
            knowledge,
            domains,
            excluded,
            all,
            within,
        };
        if s.count() == 0 {
            return Err(WorldError::NoWorld);
        }
        Ok(s)
    }

    /// A sampler over given domains and excluded sets (tests of the counting against brute
    /// force); its state is `state`, which draws do not consult.
    #[cfg(test)]
    pub(crate) fn synthetic(
        state: &InfoState,
        domains: [u16; 25],
        excluded: Option<[u16; 25]>,
    ) -> WorldSampler {
        let knowledge = state.validate().expect("a valid state");
        let excluded = excluded.map(|e| std::array::from_fn(|j| e[j] & domains[j]));
        WorldSampler {
            state: state.clone(),
            knowledge,
            domains,
            all: DeploymentCounter::new(domains.map(KindSet)),
            within: excluded.map(|e| DeploymentCounter::new(e.map(KindSet))),
            excluded,
        }
    }

    /// The number of consistent worlds (enemy deployments). Under `repetition` the number
    /// before the replay's test, an upper bound ([`WorldSampler::is_exact`]).
    #[must_use]
    pub fn count(&self) -> u128 {
        self.all.count_outside(self.within.as_ref())
    }

    /// Whether [`WorldSampler::count`] is exact and draws need no replay (always, unless
    /// the `repetition` option is on).
    #[must_use]
    pub fn is_exact(&self) -> bool {
        !self.knowledge.needs_replay()
    }

    /// What the state says about each enemy piece.
    #[must_use]
    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    /// The state the sampler draws for.
    #[must_use]
    pub fn state(&self) -> &InfoState {
        &self.state
    }

    pub(crate) fn tables(&self) -> Tables<'_> {
        (
            &self.domains,
            self.excluded.as_ref(),
            self.all.table(),
            self.within.as_ref().map_or(&[], DeploymentCounter::table),
        )
    }

    /// One world drawn uniformly, without the replay of `repetition`.
    pub(crate) fn draw_once<R: Rng + ?Sized>(&self, rng: &mut R) -> Deployment {
        self.all.draw_outside(self.within.as_ref(), rng)
    }

    /// One enemy deployment (own frame) drawn uniformly from the consistent ones.
    ///
    /// # Errors
    /// [`WorldError::Rejected`] under `repetition` when 10,000 draws in a row fail the
    /// replay; never otherwise.
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Deployment, WorldError> {
        if self.is_exact() {
            return Ok(self.draw_once(rng));
        }
        const TRIES: u32 = 10_000;
        for _ in 0..TRIES {
            let d = self.draw_once(rng);
            if check_world(&self.state, &d).is_ok() {
                return Ok(d);
            }
        }
        Err(WorldError::Rejected { tries: TRIES })
    }

    /// A world drawn as [`WorldSampler::draw`], replayed: the true game in it, for a player
    /// that searches as if it were true.
    ///
    /// # Errors
    /// As [`WorldSampler::draw`].
    pub fn draw_game<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<DarkGame, WorldError> {
        let d = self.draw(rng)?;
        replay_world(&self.state, &d).map_err(|_| WorldError::NoWorld)
    }
}
