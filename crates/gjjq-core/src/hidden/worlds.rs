//! Worlds (R-41): enemy deployments tested against an information state, and drawn from the
//! consistent ones, each equally likely.

use std::collections::HashMap;

use rand::Rng;
use rand::seq::IndexedRandom;
use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::deploy::Deployment;
use crate::game::{Game, GameError};
use crate::hidden::info::{Event, InfoState, Seen, own_frame};
use crate::hidden::referee::observe;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::ruleset::MissileDeployment;
use crate::setup::Setup;
use crate::square::{Side, Square};
use crate::terrain::{ALL_INLAND, COUNTRY, LAND, PALACE};
use crate::{Ruleset, deploy::Opening};

/// How a world departs from an information state (R-41).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Mismatch {
    /// The deployment breaks R-32 or does not stand on the points seen occupied.
    #[error("the deployment does not fit: {0}")]
    Deployment(String),
    /// A move told as played is not legal in the world.
    #[error("{0} is not legal there")]
    Illegal(Move),
    /// An own proposal told as refused is legal in the world.
    #[error("the refused proposal {0} is legal there")]
    Legal(Move),
    /// The world tells a move differently.
    #[error("the world tells {world}, the state {told}")]
    Observation {
        /// As the state has it.
        told: Seen,
        /// As the world would tell it.
        world: Seen,
    },
    /// The ends differ (an end where none was told, none where one was, or another one).
    #[error("the world ends {world:?}, the state {told:?}")]
    End {
        /// As the state has it.
        told: Option<Outcome>,
        /// As the world has it.
        world: Option<Outcome>,
    },
}

/// A world inconsistent with an information state, with the first ply that differs: 0 for
/// the deployment, `k` for what was told at move `k` (or, for a refused proposal, before
/// move `k`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("ply {ply}: {what}")]
pub struct Inconsistency {
    /// The first ply that differs.
    pub ply: usize,
    /// How.
    pub what: Mismatch,
}

/// Whether `enemy` (a deployment in the enemy's own frame) is consistent with `state`
/// (R-41): replayed in the world it makes, every move told is legal and told the same,
/// every refused proposal of the side is illegal, and the game ends exactly where and how
/// it was told.
///
/// # Errors
/// The first [`Inconsistency`].
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::{Deployment, Opening}, hidden::{HiddenGame, check_world}};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.propose(Side::Red, "3E7d".parse()?)?; // a missile strike over the own army
/// let green = game.info_state(Side::Green);
/// assert!(check_world(green, &Deployment::default_formation()).is_ok());
/// // A world on other points (a division on 9d, not 8d) fails at once, at ply 0:
/// let other: Deployment = "9/3III3/9/1DA3A1D/FPMGKGMPF".parse()?;
/// assert_eq!(check_world(green, &other).unwrap_err().ply, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_world(state: &InfoState, enemy: &Deployment) -> Result<(), Inconsistency> {
    replay_world(state, enemy).map(|_| ())
}

/// The true game of the world `enemy` (a deployment in the enemy's own frame) after the
/// moves `state` was told, when that world is consistent with it (R-41): what a player
/// searches in when it plays as if the world it drew were true (e.g. an engine that samples
/// worlds, `gjjq-engine`'s hidden search).
///
/// # Errors
/// The first [`Inconsistency`], as [`check_world`].
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::{Deployment, Opening}, hidden::{HiddenGame, replay_world}};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.propose(Side::Red, "5B5A".parse()?)?;
/// let green = game.info_state(Side::Green);
/// let world = replay_world(green, &Deployment::default_formation())?;
/// assert_eq!(world.position(), game.game().position());
/// assert_eq!(world.keys(), game.game().keys());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay_world(state: &InfoState, enemy: &Deployment) -> Result<Game, Inconsistency> {
    let side = state.side();
    let rules = *state.rules();
    let at = |ply, what| Err(Inconsistency { ply, what });
    if state.is_endgame() {
        return at(
            0,
            Mismatch::Deployment(
                "a hidden endgame has no deployments: its worlds are start positions (replay_start)"
                    .to_owned(),
            ),
        );
    }
    if let Err(e) = enemy.validate(&rules) {
        return at(0, Mismatch::Deployment(e.to_string()));
    }
    let points: Bitboard = enemy
        .iter()
        .map(|(own, _)| Deployment::board_point(side.other(), own))
        .fold(Bitboard::EMPTY, Bitboard::with);
    if points != state.enemy_start() {
        return at(
            0,
            Mismatch::Deployment("not on the points seen occupied".to_owned()),
        );
    }
    let (red, green) = match side {
        Side::Red => (*state.deployment(), *enemy),
        Side::Green => (*enemy, *state.deployment()),
    };
    let opening = Opening::new(red, green, state.first());
    let Ok(start) = opening.position(rules) else {
        return at(0, Mismatch::Deployment("no opening".to_owned()));
    };
    replay(state, start, &|told| told == enemy)
}

/// The true game of the world that starts from `start` (both sides' pieces with their kinds)
/// after the moves `state` was told, when that world is consistent with it (R-41): as
/// [`replay_world`], for either kind of hidden game. After deployments, `start` is an
/// opening position whose own deployment is the state's; in a hidden endgame
/// ([`HiddenGame::endgame`](crate::hidden::HiddenGame::endgame)) a valid position (R-26)
/// with the own pieces the state starts with, the enemy's force on the enemy points, the
/// state's first mover to move and no return pending. The state's ruleset applies.
///
/// # Errors
/// The first [`Inconsistency`]; a start that does not fit the state's is one at ply 0.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Position, Side, endgame::EndgameForce, hidden::{HiddenGame, replay_start}};
/// let start: Position = "4k4/9/1ii6/9/9/9/9/9/9/4K1I2 r - 0 1".parse()?;
/// let mut game = HiddenGame::endgame(start.clone(), "I".parse()?, "II".parse()?)?;
/// game.propose(Side::Red, "7E7D".parse()?)?;
/// let red = game.info_state(Side::Red);
/// assert_eq!(replay_start(red, &start)?.position(), game.game().position());
/// // Green's pieces on other points: not the world Red saw, at ply 0.
/// let other: Position = "4k4/9/3ii4/9/9/9/9/9/9/4K1I2 r - 0 1".parse()?;
/// assert_eq!(replay_start(red, &other).unwrap_err().ply, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay_start(state: &InfoState, start: &Position) -> Result<Game, Inconsistency> {
    let side = state.side();
    let rules = *state.rules();
    let at = |what: String| {
        Err(Inconsistency {
            ply: 0,
            what: Mismatch::Deployment(what),
        })
    };
    if start.turn() != state.first() {
        return at(format!(
            "{} to move, the state's first mover is {}",
            start.turn(),
            state.first()
        ));
    }
    if state.endgame.is_none() {
        let opening = match Opening::from_position(start) {
            Ok(o) => o,
            Err(e) => return at(e.to_string()),
        };
        if opening.deployment(side) != state.deployment() {
            return at("the own deployment is not the state's".to_owned());
        }
        return replay_world(state, opening.deployment(side.other()));
    }
    if Side::ALL.iter().any(|&s| start.pending_return(s).is_some()) {
        return at("a return is pending at the start".to_owned());
    }
    if pieces_of(start, side) != state.own_start() {
        return at("the own pieces are not the state's".to_owned());
    }
    let enemy = pieces_of(start, side.other());
    if start.side_pieces(side.other()) != state.enemy_start() {
        return at("not on the points seen occupied".to_owned());
    }
    let counts = state.enemy_counts();
    if PieceKind::ALL
        .iter()
        .any(|k| start.pieces(side.other(), *k).count() != counts[k.index()])
    {
        return at("not the enemy's force".to_owned());
    }
    let start = match Position::from_setup_with(start.to_setup(), rules) {
        Ok(p) => p,
        Err(e) => return at(e.to_string()),
    };
    let told = state.endgame.as_ref().and_then(|e| e.told.clone());
    replay(state, start, &|_| told.as_ref() == Some(&enemy))
}

/// A side's pieces on `pos` with their kinds, in point order.
fn pieces_of(pos: &Position, side: Side) -> Vec<(Square, PieceKind)> {
    pos.side_pieces(side)
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p.kind)))
        .collect()
}

/// Replay `state`'s events from `start`; `end_fits` judges the enemy start told at the end.
fn replay(
    state: &InfoState,
    start: Position,
    end_fits: &dyn Fn(&Deployment) -> bool,
) -> Result<Game, Inconsistency> {
    let side = state.side();
    let rules = *state.rules();
    let at = |ply, what| Err(Inconsistency { ply, what });
    let mut game = Game::new(start);
    let mut told_end = None;
    for e in state.events() {
        let played = game.moves().len();
        match *e {
            Event::OpponentRefused => {}
            Event::Refused(m) => {
                if game.position().is_legal(m) {
                    return match game.outcome() {
                        None => at(played + 1, Mismatch::Legal(m)),
                        world => at(played, Mismatch::End { told: None, world }),
                    };
                }
            }
            Event::Played(seen) => {
                let m = seen.mv;
                let before = game.position().clone();
                let Some(info) = before.classify(m) else {
                    return at(played + 1, Mismatch::Illegal(m));
                };
                match game.play(m) {
                    Ok(()) => {}
                    Err(GameError::Finished { outcome }) => {
                        return at(
                            played,
                            Mismatch::End {
                                told: None,
                                world: Some(outcome),
                            },
                        );
                    }
                    Err(_) => return at(played + 1, Mismatch::Illegal(m)),
                }
                let world = observe(&before, m, &info, game.position(), side, &rules);
                if world != seen {
                    return at(played + 1, Mismatch::Observation { told: seen, world });
                }
            }
            Event::End {
                outcome,
                enemy: told,
            } => {
                told_end = Some(outcome);
                if !end_fits(&told) {
                    return at(
                        played,
                        Mismatch::Deployment("not the deployment told at the end".to_owned()),
                    );
                }
            }
        }
    }
    // Only now: the end of a world is judged once, after the last move told.
    let world = game.outcome();
    if world != told_end {
        return at(
            game.moves().len(),
            Mismatch::End {
                told: told_end,
                world,
            },
        );
    }
    Ok(game)
}

/// No consistent world was found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WorldError {
    /// No assignment of kinds fits the deployment rules and the moves seen: the state is
    /// not one a referee could have told.
    #[error("no assignment of kinds fits the deployment rules and the moves seen")]
    NoAssignment,
    /// Every one of `tries` drawn assignments failed the replay.
    #[error("{tries} drawn worlds all failed the replay")]
    Exhausted {
        /// How many were drawn.
        tries: u32,
    },
    /// The state is inconsistent: no referee could have told it (see
    /// [`InfoState::validate`]), or every one of the few assignments that fit was replayed
    /// and none survived.
    #[error("this state is inconsistent: {0}")]
    Inconsistent(String),
    /// A world of a hidden endgame was asked as a deployment: its worlds are start
    /// positions ([`WorldSampler::draw_start`]).
    #[error("a hidden endgame has no deployments: draw its worlds as start positions")]
    Endgame,
    /// The caller's `stop` asked to stop before a world was found.
    #[error("stopped after {tries} drawn worlds")]
    Stopped {
        /// How many were drawn.
        tries: u32,
    },
}

/// The kinds as a bit set, bit `k.index()`.
pub(crate) type Kinds = u8;

const ALL_KINDS: Kinds = 0xff;

pub(crate) fn bit(k: PieceKind) -> Kinds {
    1 << k.index()
}

/// Draws worlds consistent with an information state, each equally likely (R-41).
///
/// Each enemy piece (by its deployment point) gets a domain of kinds: those R-32 allows on
/// that point, narrowed by every move it was seen to make (a move's geometry, its country and
/// terrain rules, a stay after capture) and by a kind it was told. An assignment of kinds to
/// the pieces is drawn uniformly among those that fit the domains and the counts of R-7 —
/// counted exactly over classes of pieces with equal domains, in `u128` — and replayed with
/// [`check_world`]; a failing one is rejected and another drawn. The narrowing never excludes
/// a consistent world, and rejection keeps the draw uniform over the consistent ones.
///
/// In a hidden endgame ([`HiddenGame::endgame`](crate::hidden::HiddenGame::endgame)) the
/// domains at the start are where R-26 lets each kind stand (the library's check of
/// positions), the counts are the enemy force's ([`InfoState::enemy_counts`]), and a world is
/// a start position ([`WorldSampler::draw_start`], checked with [`replay_start`]).
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::{HiddenGame, WorldSampler, check_world}};
/// use rand::{SeedableRng, rngs::StdRng};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.propose(Side::Red, "5B5A".parse()?)?;
/// let green = game.info_state(Side::Green).clone();
/// let sampler = WorldSampler::new(&green);
/// // Green knows little yet: millions of assignments fit the domains.
/// assert!(sampler.assignments() > 1_000_000);
/// // The piece that stepped 5B-5A can only be one that steps one point forward.
/// let d = sampler.domain("5B".parse()?);
/// assert!(!d.contains(&gjjq_core::PieceKind::Fleet));
/// let world = sampler.draw(&mut StdRng::seed_from_u64(1))?;
/// assert!(check_world(&green, &world).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct WorldSampler {
    state: InfoState,
    /// The enemy's deployment points, board frame.
    pub(crate) ids: Vec<crate::square::Square>,
    /// Pieces grouped by equal domain: (domain, indices into `ids`).
    pub(crate) classes: Vec<(Kinds, Vec<usize>)>,
    /// Ways to complete from class `i` with the remaining counts (a state key).
    memo: HashMap<(usize, u32), u128>,
    /// The enemy's counts at the start ([`InfoState::enemy_counts`]).
    pub(crate) start_counts: [u8; 8],
    total: u128,
    /// Reject after this many draws in a row (default 1,000,000).
    pub max_tries: u32,
}

/// Kind counts as a key: 2 bits per kind (every R-7 count, and so every endgame force's, is
/// at most 3).
fn key(rem: &[u8; 8]) -> u32 {
    rem.iter()
        .enumerate()
        .fold(0, |acc, (i, &c)| acc | (u32::from(c) << (2 * i)))
}

fn factorial(n: usize) -> u128 {
    (1..=n as u128).product()
}

impl WorldSampler {
    /// The sampler of `state`'s enemy worlds.
    #[must_use]
    pub fn new(state: &InfoState) -> WorldSampler {
        let domains = domains(state);
        let ids: Vec<_> = domains.iter().map(|(sq, _)| *sq).collect();
        let mut classes: Vec<(Kinds, Vec<usize>)> = Vec::new();
        for (i, (_, d)) in domains.iter().enumerate() {
            match classes.iter_mut().find(|(c, _)| c == d) {
                Some((_, members)) => members.push(i),
                None => classes.push((*d, vec![i])),
            }
        }
        // Every count is at most 3 (R-7).
        let start_counts = state.enemy_counts().map(|c| c.min(3) as u8);
        let mut s = WorldSampler {
            state: state.clone(),
            ids,
            classes,
            memo: HashMap::new(),
            start_counts,
            total: 0,
            max_tries: 1_000_000,
        };
        s.total = s.ways(0, start_counts);
        s
    }

    /// The number of assignments that fit the domains and the counts: at least the number of
    /// consistent worlds.
    #[must_use]
    pub fn assignments(&self) -> u128 {
        self.total
    }

    /// The possible kinds of the enemy piece deployed on board point `id`, after narrowing.
    #[must_use]
    pub fn domain(&self, id: crate::square::Square) -> Vec<PieceKind> {
        let Some(i) = self.ids.iter().position(|&s| s == id) else {
            return Vec::new();
        };
        let d = self
            .classes
            .iter()
            .find(|(_, m)| m.contains(&i))
            .map_or(0, |(d, _)| *d);
        PieceKind::ALL
            .into_iter()
            .filter(|k| d & bit(*k) != 0)
            .collect()
    }

    /// Ways to give classes `i..` kinds using exactly the counts `rem`.
    fn ways(&mut self, i: usize, rem: [u8; 8]) -> u128 {
        if i == self.classes.len() {
            return u128::from(rem.iter().all(|&c| c == 0));
        }
        if let Some(&w) = self.memo.get(&(i, key(&rem))) {
            return w;
        }
        let (domain, n) = (self.classes[i].0, self.classes[i].1.len());
        let mut total = 0;
        for x in splits(domain, n, &rem) {
            let mut next = rem;
            for k in 0..8 {
                next[k] -= x[k];
            }
            let w = self.ways(i + 1, next);
            if w > 0 {
                total += arrangements(n, &x) * w;
            }
        }
        self.memo.insert((i, key(&rem)), total);
        total
    }

    /// The assignment numbered `r` (below [`WorldSampler::assignments`]) as a deployment
    /// (own frame): each number names one assignment, so a uniform `r` draws uniformly and
    /// `0..total` enumerates them all.
    pub(crate) fn assignment(&self, r: u128) -> Option<Deployment> {
        if self.state.is_endgame() {
            return None;
        }
        let kinds = self.assignment_kinds(r)?;
        let enemy = self.state.side().other();
        Deployment::from_points(
            self.ids
                .iter()
                .zip(kinds)
                .map(|(&sq, k)| (own_frame(enemy, sq), k)),
            self.state.rules(),
        )
        .ok()
    }

    /// The start position of the assignment numbered `r`: the own start and the enemy's
    /// pieces with the kinds of the assignment, `None` when that is no valid position (R-26).
    pub(crate) fn assignment_start(&self, r: u128) -> Option<Position> {
        if !self.state.is_endgame() {
            let enemy = self.assignment(r)?;
            let own = *self.state.deployment();
            let (red, green) = match self.state.side() {
                Side::Red => (own, enemy),
                Side::Green => (enemy, own),
            };
            return Opening::new(red, green, self.state.first())
                .position(*self.state.rules())
                .ok();
        }
        let kinds = self.assignment_kinds(r)?;
        let side = self.state.side();
        let mut setup = Setup::empty();
        setup.turn = self.state.first();
        for (sq, k) in self.state.own_start() {
            setup.set(sq, Some(Piece::new(side, k)));
        }
        for (&sq, k) in self.ids.iter().zip(kinds) {
            setup.set(sq, Some(Piece::new(side.other(), k)));
        }
        Position::from_setup_with(setup, *self.state.rules()).ok()
    }

    /// The kinds of the assignment numbered `r`, one per enemy start point (`ids`' order).
    pub(crate) fn assignment_kinds(&self, mut r: u128) -> Option<Vec<PieceKind>> {
        let mut rem = self.start_counts;
        let mut kinds = vec![PieceKind::King; self.ids.len()];
        for (i, (domain, members)) in self.classes.iter().enumerate() {
            let n = members.len();
            let mut chosen = None;
            for x in splits(*domain, n, &rem) {
                let mut next = rem;
                for k in 0..8 {
                    next[k] -= x[k];
                }
                let w = arrangements(n, &x) * self.memo_ways(i + 1, &next);
                if r < w {
                    chosen = Some((x, next));
                    break;
                }
                r -= w;
            }
            let (mut x, next) = chosen?;
            // `r` below arrangements(n, x) · ways(next): the arrangement in this class, then
            // the number for the classes after it.
            let a = arrangements(n, &x);
            let mut within = r % a;
            r /= a;
            // Unrank the arrangement: member by member, the kinds in order, each taking the
            // block of arrangements that start with it.
            for (j, &m) in members.iter().enumerate() {
                for k in PieceKind::ALL {
                    if x[k.index()] == 0 {
                        continue;
                    }
                    x[k.index()] -= 1;
                    let block = arrangements(n - j - 1, &x);
                    if within < block {
                        kinds[m] = k;
                        break;
                    }
                    x[k.index()] += 1;
                    within -= block;
                }
            }
            rem = next;
        }
        Some(kinds)
    }

    pub(crate) fn memo_ways(&self, i: usize, rem: &[u8; 8]) -> u128 {
        if i == self.classes.len() {
            return u128::from(rem.iter().all(|&c| c == 0));
        }
        self.memo.get(&(i, key(rem))).copied().unwrap_or(0)
    }

    /// A world consistent with the state, every consistent world equally likely (R-41).
    ///
    /// The state is checked first ([`InfoState::validate`]). The work is bounded by the
    /// counts: when no more assignments fit than [`WorldSampler::max_tries`], at most that
    /// many are drawn at random and then, if none passed, each is replayed once, so a state
    /// with 8 assignments costs at most 16 replays, and "none passed" means the state is
    /// inconsistent.
    ///
    /// # Errors
    /// [`WorldError::NoAssignment`] when nothing fits, [`WorldError::Inconsistent`] when the
    /// state cannot be, [`WorldError::Exhausted`] after [`WorldSampler::max_tries`] rejected
    /// draws among more assignments than that.
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Deployment, WorldError> {
        self.draw_until(rng, &mut || false)
    }

    /// [`WorldSampler::draw`], asking `stop` every 64 draws whether to give up (a deadline,
    /// a stop flag): [`WorldError::Stopped`] then.
    ///
    /// # Errors
    /// As [`WorldSampler::draw`], and [`WorldError::Stopped`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::deploy::Opening;
    /// use gjjq_core::hidden::{HiddenGame, WorldError, WorldSampler};
    /// use gjjq_core::{Ruleset, Side};
    /// use gjjq_core::rand::{SeedableRng, rngs::StdRng};
    /// let game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
    /// let sampler = WorldSampler::new(game.info_state(Side::Green));
    /// let mut rng = StdRng::seed_from_u64(1);
    /// assert!(matches!(sampler.draw_until(&mut rng, &mut || true), Err(WorldError::Stopped { .. })));
    /// assert!(sampler.draw_until(&mut rng, &mut || false).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw_until<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Deployment, WorldError> {
        if self.state.is_endgame() {
            return Err(WorldError::Endgame);
        }
        self.draw_with(rng, stop, &|r| {
            self.assignment(r)
                .filter(|world| check_world(&self.state, world).is_ok())
        })
    }

    /// A world consistent with the state as its start position, every consistent world
    /// equally likely (R-41), for either kind of hidden game: the opening position of a
    /// drawn enemy deployment, or in a hidden endgame the start with a drawn assignment of
    /// the enemy's force to its points. The work is bounded as in [`WorldSampler::draw`].
    ///
    /// # Errors
    /// As [`WorldSampler::draw`] (without [`WorldError::Endgame`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Position, Side, endgame::EndgameForce, hidden::{HiddenGame, WorldSampler, replay_start}};
    /// use gjjq_core::rand::{SeedableRng, rngs::StdRng};
    /// let start: Position = "4k4/9/1ii6/9/9/9/9/9/9/4K1I2 r - 0 1".parse()?;
    /// let game = HiddenGame::endgame(start, "I".parse()?, "II".parse()?)?;
    /// let red = game.info_state(Side::Red);
    /// let sampler = WorldSampler::new(red);
    /// // The king only in its palace (5e); the two infantry on the other points.
    /// assert_eq!(sampler.assignments(), 1);
    /// let world = sampler.draw_start(&mut StdRng::seed_from_u64(1))?;
    /// assert!(replay_start(red, &world).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw_start<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Position, WorldError> {
        self.draw_start_until(rng, &mut || false)
    }

    /// [`WorldSampler::draw_start`], asking `stop` every 64 draws whether to give up, as
    /// [`WorldSampler::draw_until`].
    ///
    /// # Errors
    /// As [`WorldSampler::draw_start`], and [`WorldError::Stopped`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Position, Side, hidden::{HiddenGame, WorldError, WorldSampler}};
    /// use gjjq_core::rand::{SeedableRng, rngs::StdRng};
    /// let start: Position = "4k4/9/1ii6/9/9/9/9/9/9/4K1I2 r - 0 1".parse()?;
    /// let game = HiddenGame::endgame(start, "I".parse()?, "II".parse()?)?;
    /// let sampler = WorldSampler::new(game.info_state(Side::Green));
    /// let mut rng = StdRng::seed_from_u64(1);
    /// assert!(matches!(sampler.draw_start_until(&mut rng, &mut || true), Err(WorldError::Stopped { .. })));
    /// assert!(sampler.draw_start_until(&mut rng, &mut || false).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw_start_until<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Position, WorldError> {
        self.draw_with(rng, stop, &|r| {
            self.assignment_start(r)
                .filter(|start| replay_start(&self.state, start).is_ok())
        })
    }

    /// Whether the assignment numbered `r` is a consistent world.
    pub(crate) fn consistent(&self, r: u128) -> bool {
        self.assignment_start(r)
            .is_some_and(|start| replay_start(&self.state, &start).is_ok())
    }

    fn draw_with<R: Rng + ?Sized, T: Clone>(
        &self,
        rng: &mut R,
        stop: &mut dyn FnMut() -> bool,
        passes: &dyn Fn(u128) -> Option<T>,
    ) -> Result<T, WorldError> {
        if let Err(e) = self.state.validate() {
            return Err(WorldError::Inconsistent(e.to_string()));
        }
        if self.total == 0 {
            return Err(WorldError::NoAssignment);
        }
        let few = self.total <= u128::from(self.max_tries);
        let tries = if few {
            self.total as u32
        } else {
            self.max_tries
        };
        for t in 0..tries {
            if t % 64 == 0 && stop() {
                return Err(WorldError::Stopped { tries: t });
            }
            if let Some(world) = passes(rng.random_range(0..self.total)) {
                return Ok(world);
            }
        }
        if !few {
            return Err(WorldError::Exhausted { tries });
        }
        // Few assignments: replay each once and draw among those that pass.
        let mut good = Vec::new();
        for r in 0..self.total {
            if r % 64 == 0 && stop() {
                return Err(WorldError::Stopped { tries });
            }
            if let Some(world) = passes(r) {
                good.push(world);
            }
        }
        good.choose(rng).cloned().ok_or_else(|| {
            WorldError::Inconsistent(format!(
                "each of the {} assignments that fit fails the replay",
                self.total
            ))
        })
    }
}

/// Every way to split `n` pieces of one class among the kinds of `domain` within `rem`.
pub(crate) fn splits(domain: Kinds, n: usize, rem: &[u8; 8]) -> Vec<[u8; 8]> {
    fn go(
        k: usize,
        left: u8,
        domain: Kinds,
        rem: &[u8; 8],
        cur: &mut [u8; 8],
        out: &mut Vec<[u8; 8]>,
    ) {
        if k == 8 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        let max = if domain & (1 << k) != 0 {
            rem[k].min(left)
        } else {
            0
        };
        for c in 0..=max {
            cur[k] = c;
            go(k + 1, left - c, domain, rem, cur, out);
        }
        cur[k] = 0;
    }
    let mut out = Vec::new();
    go(0, n as u8, domain, rem, &mut [0; 8], &mut out);
    out
}

/// n! / Π x_k!: the ways to give the class's pieces the kinds counted in `x`.
pub(crate) fn arrangements(n: usize, x: &[u8; 8]) -> u128 {
    x.iter()
        .fold(factorial(n), |acc, &c| acc / factorial(usize::from(c)))
}

/// Each enemy deployment point (board frame, in order) with its narrowed domain.
fn domains(state: &InfoState) -> Vec<(crate::square::Square, Kinds)> {
    let side = state.side();
    let enemy = side.other();
    let e = enemy.index();
    let rules = state.rules();
    let mut ids = Vec::new();
    let mut dom = [0 as Kinds; 90];
    let probe = state.endgame.as_ref().map(|_| {
        let mut setup = Setup::empty();
        setup.turn = side;
        for (sq, k) in state.own_start() {
            setup.set(sq, Some(Piece::new(side, k)));
        }
        setup
    });
    let counts = state.enemy_counts();
    for sq in state.enemy_start() {
        ids.push(sq);
        if let Some(probe) = &probe {
            // A hidden endgame: where R-26 lets each kind of the enemy's force stand, asked
            // of the library's own check of positions (a kind is out when a position with it
            // on `sq` has a violation on `sq`).
            let mut d: Kinds = 0;
            for k in PieceKind::ALL {
                if counts[k.index()] == 0 {
                    continue;
                }
                let mut setup = probe.clone();
                setup.set(sq, Some(Piece::new(enemy, k)));
                let fits = match Position::from_setup_with(setup, *rules) {
                    Ok(_) => true,
                    Err(e) => !e.violations.iter().any(|v| v.point == Some(sq)),
                };
                if fits {
                    d |= bit(k);
                }
            }
            dom[sq.index()] = d;
            continue;
        }
        // R-32: where each kind may be deployed.
        let mut d = ALL_KINDS;
        if !PALACE[e].contains(sq) {
            d &= !(bit(PieceKind::King) | bit(PieceKind::Guard));
        }
        // Ranks C–E are y 0..=2 in the owner's frame (E is its base line, R-3).
        let back = own_frame(enemy, sq).y() <= 2;
        if !LAND[e].contains(sq)
            || (rules.deployment.missile_deployment == MissileDeployment::BackRanks && !back)
        {
            d &= !bit(PieceKind::Missile);
        }
        if ALL_INLAND.contains(sq) {
            d &= !bit(PieceKind::Fleet);
        }
        dom[sq.index()] = d;
    }
    // Follow the identities through the moves seen (as a view does).
    let mut at: [Option<crate::square::Square>; 90] = [None; 90];
    for sq in state.enemy_start() {
        at[sq.index()] = Some(sq);
    }
    let mut mover = state.first();
    for ev in state.events() {
        match *ev {
            Event::Played(seen) => {
                let (from, to) = (seen.mv.from(), seen.mv.to());
                if mover == enemy {
                    if let Some(r) = seen.removed {
                        at[r.index()] = None;
                    }
                    if let Some(id) = at[from.index()] {
                        dom[id.index()] &= move_kinds(enemy, &seen, rules);
                        if !seen.stayed {
                            at[from.index()] = None;
                            at[to.index()] = Some(id);
                        }
                    }
                } else if seen.capture
                    && let Some(id) = at[to.index()].take()
                    && let Some(k) = seen.captured_kind
                {
                    dom[id.index()] &= bit(k);
                }
                mover = mover.other();
            }
            Event::End { enemy: dep, .. } => {
                for (own, k) in dep.iter() {
                    let sq = Deployment::board_point(enemy, own);
                    dom[sq.index()] &= bit(k);
                }
                if let Some(told) = state.endgame.as_ref().and_then(|e| e.told.as_ref()) {
                    for &(sq, k) in told {
                        dom[sq.index()] &= bit(k);
                    }
                }
            }
            _ => {}
        }
    }
    ids.into_iter().map(|sq| (sq, dom[sq.index()])).collect()
}

/// The kinds that could have made the move `seen` of `side` (a necessary condition only:
/// geometry, the country and terrain rules of the destination, a stay after capture).
fn move_kinds(side: Side, seen: &Seen, rules: &Ruleset) -> Kinds {
    let s = side.index();
    let (from, to) = (seen.mv.from(), seen.mv.to());
    let dx = (i16::from(to.x()) - i16::from(from.x())).abs();
    let dy = (i16::from(to.y()) - i16::from(from.y())).abs();
    let line = dx == 0 || dy == 0 || dx == dy;
    let reach = dx.max(dy);
    let mut d: Kinds = 0;
    let step = dx + dy == 1 || (rules.king_palace_diagonals && dx == 1 && dy == 1);
    if (step && PALACE[s].contains(to)) || (seen.capture && dx == 0 && PALACE[1 - s].contains(to)) {
        d |= bit(PieceKind::King);
    }
    if (dx == 0 || dy == 0) && PALACE[s].contains(to) && PALACE[s].contains(from) {
        d |= bit(PieceKind::Guard);
    }
    if line && (seen.capture || LAND[s].contains(to)) {
        d |= bit(PieceKind::Missile);
    }
    if (dx, dy) == (1, 3) || (dx, dy) == (3, 1) {
        d |= bit(PieceKind::Fleet);
    }
    if line && reach <= 3 {
        d |= bit(PieceKind::Aircraft);
    }
    if line && reach <= 2 && COUNTRY[s].contains(to) {
        d |= bit(PieceKind::Army);
    }
    if (dx, dy) == (1, 2) || (dx, dy) == (2, 1) {
        d |= bit(PieceKind::Division);
    }
    if dx + dy == 1 {
        d |= bit(PieceKind::Infantry);
    }
    if seen.stayed {
        d &= bit(PieceKind::Missile) | bit(PieceKind::Fleet);
    }
    d
}
