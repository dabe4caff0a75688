//! Exact beliefs (R-41): for each enemy piece on the board, the probability of each kind
//! given a side's information state, under the uniform prior over the consistent worlds,
//! computed by counting worlds, never by sampling.

use std::collections::HashMap;

use thiserror::Error;

use crate::deploy::Deployment;
use crate::hidden::info::InfoState;
use crate::hidden::view::PlayerView;
use crate::hidden::worlds::{WorldSampler, arrangements, check_world, splits};
use crate::moves::MoveKind;
use crate::piece::PieceKind;
use crate::square::Square;

/// By default, [`Beliefs::new`] replays every assignment that fits the domains when there
/// are at most this many (about a second in a debug build for a game of 20 plies).
///
/// ```
/// assert_eq!(gjjq_core::hidden::DEFAULT_MAX_REPLAYS, 20_000);
/// ```
pub const DEFAULT_MAX_REPLAYS: u128 = 20_000;

/// How far the figures of [`Beliefs`] can be trusted.
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::{Beliefs, Exactness, HiddenGame}};
/// let game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// // Green, second to move, before anything is told: too many worlds to replay.
/// let b = Beliefs::new(game.info_state(Side::Green))?;
/// assert!(matches!(b.exactness(), Exactness::DomainsOnly { bound: 20_000, .. }));
/// assert!(!b.is_exact());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Exactness {
    /// Exact over the consistent worlds: each of the `assignments` assignments that fit the
    /// domains and the counts was replayed ([`check_world`]) and only the consistent ones
    /// were counted.
    Enumerated {
        /// How many assignments were replayed.
        assignments: u128,
    },
    /// Exact over the consistent worlds, proved without replaying: nothing was told yet and
    /// this side moves first, so a world is consistent exactly when it is a deployment of
    /// R-32 on the points seen occupied, which is what the domains and counts describe (the
    /// seal, R-17, holds, so the start cannot end the game whatever the enemy's kinds, and
    /// this side's quiet moves do not depend on them).
    Proved,
    /// Exact only over the assignments that fit the domains and the counts of R-7: too many
    /// to replay (more than the bound), and some may be inconsistent through a constraint
    /// between pieces that the domains do not see (a refused proposal, a capture's kind
    /// rules, an end not told, facing kings R-18, …), so the figures may differ from those
    /// over the consistent worlds.
    DomainsOnly {
        /// How many assignments fit the domains.
        assignments: u128,
        /// The replay bound that was exceeded.
        bound: u128,
    },
}

/// Why no beliefs could be given.
///
/// ```
/// use gjjq_core::hidden::{BeliefError, Beliefs, InfoState};
/// // Green's piece on 1e leaps to 3b (two files, three ranks): no kind moves so.
/// let state: InfoState = "r r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx 5B5A 1e3b"
///     .parse()?;
/// assert!(matches!(Beliefs::new(&state), Err(BeliefError::Inconsistent(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BeliefError {
    /// The state is inconsistent: no referee could have told it, or no world fits it.
    #[error("this state is inconsistent: {0}")]
    Inconsistent(String),
    /// Asked for exact figures ([`Beliefs::exact`]) when only the domain figures could be
    /// counted.
    #[error(
        "{assignments} assignments fit the domains, more than the {bound} that can be replayed: \
         the figures are exact only over the domain-fitting assignments"
    )]
    NotExact {
        /// How many assignments fit the domains.
        assignments: u128,
        /// The replay bound.
        bound: u128,
    },
}

/// The belief about one enemy piece on the board.
///
/// ```
/// use gjjq_core::{PieceKind, Ruleset, Side, deploy::Opening, hidden::{Beliefs, HiddenGame}};
/// let game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// let red = Beliefs::new(game.info_state(Side::Red))?;
/// let p = red.piece("5e".parse()?).unwrap(); // the middle of Green's palace
/// assert_eq!(p.id, p.at); // not moved
/// assert_eq!(p.counts.iter().sum::<u128>(), p.total);
/// assert_eq!(p.most_likely().0, PieceKind::Guard); // two guards, one king share the palace
/// assert!((p.probabilities().iter().sum::<f64>() - 1.0).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceBelief {
    /// Where it stands now (board point).
    pub at: Square,
    /// Its identity: the board point it was deployed on, followed through its moves.
    pub id: Square,
    /// For each kind (in [`PieceKind::ALL`] order), the number of counted worlds in which
    /// this piece is of that kind.
    pub counts: [u128; 8],
    /// The number of counted worlds (the same for every piece; the denominator).
    pub total: u128,
}

impl PieceBelief {
    /// The probability that this piece is of kind `k`: `counts[k] / total`.
    #[must_use]
    pub fn probability(&self, k: PieceKind) -> f64 {
        // Exact integers divided once; u128 → f64 rounds to the nearest double.
        self.counts[k.index()] as f64 / self.total as f64
    }

    /// The probabilities of all kinds, in [`PieceKind::ALL`] order.
    #[must_use]
    pub fn probabilities(&self) -> [f64; 8] {
        PieceKind::ALL.map(|k| self.probability(k))
    }

    /// The most likely kind and its probability (the first in [`PieceKind::ALL`] order on a
    /// tie).
    #[must_use]
    pub fn most_likely(&self) -> (PieceKind, f64) {
        let mut best = PieceKind::ALL[0];
        for k in PieceKind::ALL {
            if self.counts[k.index()] > self.counts[best.index()] {
                best = k;
            }
        }
        (best, self.probability(best))
    }
}

/// Exact beliefs about the enemy's pieces (R-41): for every enemy piece still on the board,
/// the number of worlds in which it is of each kind, out of all the worlds counted.
///
/// The worlds are the assignments of kinds to the enemy's deployment points that
/// [`WorldSampler`] counts (the kind domains narrowed by R-32 and the moves seen, the
/// counts of R-7; in a hidden endgame R-26's areas and the enemy force's counts): for each class of pieces with equal domains and each kind, the number of
/// assignments giving one member of the class that kind is summed exactly (in `u128`) over
/// forward and backward counts of the classes. Some of those assignments can still be
/// inconsistent (constraints between pieces the domains do not hold), so:
///
/// - when at most `max_replays` assignments fit, each is replayed with [`check_world`] and
///   only the consistent ones are counted ([`Exactness::Enumerated`]);
/// - when nothing was told yet and this side moves first, every assignment is consistent
///   ([`Exactness::Proved`]);
/// - otherwise the figures are those over the domain-fitting assignments, flagged
///   [`Exactness::DomainsOnly`] ([`Beliefs::exact`] turns that into an error).
///
/// Pieces are listed in point order ([`Square`]'s `Ord`: the internal index `y · 9 + x`,
/// from Red's base line). Captured pieces are not listed; a piece whose kind was told has
/// probability 1.
///
/// # Examples
///
/// ```
/// use gjjq_core::{PieceKind, Ruleset, Side, deploy::Opening};
/// use gjjq_core::hidden::{Beliefs, Exactness, HiddenGame};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// // Before anything is told, Red (the first mover) knows only R-32 and R-7.
/// let red = Beliefs::new(game.info_state(Side::Red))?;
/// assert_eq!(red.exactness(), Exactness::Proved);
/// assert_eq!(red.pieces().len(), 16);
/// let palace = red.piece("5e".parse()?).unwrap(); // the middle of Green's base line, in its palace
/// assert!(palace.probability(PieceKind::King) > 0.0);
/// let corner = red.piece("9e".parse()?).unwrap();
/// assert_eq!(corner.probability(PieceKind::King), 0.0);
/// // After Red's step 5B-5A, Green's piece on 5A cannot be a fleet.
/// game.propose(Side::Red, "5B5A".parse()?)?;
/// let green = Beliefs::new(game.info_state(Side::Green))?;
/// assert_eq!(green.piece("5A".parse()?).unwrap().probability(PieceKind::Fleet), 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beliefs {
    pieces: Vec<PieceBelief>,
    total: u128,
    exactness: Exactness,
}

impl Beliefs {
    /// The beliefs of `state`'s side, replaying up to [`DEFAULT_MAX_REPLAYS`] assignments.
    ///
    /// # Errors
    /// [`BeliefError::Inconsistent`] when the state is not one a referee could have told or
    /// no world fits it.
    pub fn new(state: &InfoState) -> Result<Beliefs, BeliefError> {
        Beliefs::with_max_replays(state, DEFAULT_MAX_REPLAYS)
    }

    /// The beliefs of `state`'s side, replaying every assignment when at most
    /// `max_replays` fit the domains (0: never replay).
    ///
    /// # Errors
    /// As [`Beliefs::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, Side, deploy::Opening};
    /// use gjjq_core::hidden::{Beliefs, BeliefError, Exactness, HiddenGame};
    /// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
    /// game.propose(Side::Red, "5B5A".parse()?)?;
    /// let b = Beliefs::with_max_replays(game.info_state(Side::Green), 0)?;
    /// assert!(matches!(b.exactness(), Exactness::DomainsOnly { .. }));
    /// assert!(matches!(b.exact(), Err(BeliefError::NotExact { bound: 0, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_max_replays(state: &InfoState, max_replays: u128) -> Result<Beliefs, BeliefError> {
        state
            .validate()
            .map_err(|e| BeliefError::Inconsistent(e.to_string()))?;
        let sampler = WorldSampler::new(state);
        let assignments = sampler.assignments();
        if assignments == 0 {
            return Err(BeliefError::Inconsistent(
                "no assignment of kinds fits the deployment rules and the moves seen".to_owned(),
            ));
        }
        let on_board = PlayerView::new(state).enemy();
        let (by_id, total, exactness) = if assignments <= max_replays {
            let (by_id, total) = enumerate(state, &sampler)?;
            (by_id, total, Exactness::Enumerated { assignments })
        } else {
            let by_id = marginals(&sampler);
            let exactness = if proved(state, &sampler) {
                Exactness::Proved
            } else {
                Exactness::DomainsOnly {
                    assignments,
                    bound: max_replays,
                }
            };
            (by_id, assignments, exactness)
        };
        let mut pieces: Vec<PieceBelief> = on_board
            .into_iter()
            .map(|e| PieceBelief {
                at: e.at,
                id: e.id,
                counts: by_id.get(&e.id).copied().unwrap_or([0; 8]),
                total,
            })
            .collect();
        pieces.sort_by_key(|p| p.at);
        Ok(Beliefs {
            pieces,
            total,
            exactness,
        })
    }

    /// The enemy pieces on the board, in point order.
    #[must_use]
    pub fn pieces(&self) -> &[PieceBelief] {
        &self.pieces
    }

    /// The belief about the enemy piece standing on board point `at`, if one does.
    #[must_use]
    pub fn piece(&self, at: Square) -> Option<&PieceBelief> {
        self.pieces.iter().find(|p| p.at == at)
    }

    /// The number of worlds counted (the common denominator).
    #[must_use]
    pub fn worlds(&self) -> u128 {
        self.total
    }

    /// How far the figures can be trusted.
    #[must_use]
    pub fn exactness(&self) -> Exactness {
        self.exactness
    }

    /// Whether the figures are exact over the consistent worlds.
    #[must_use]
    pub fn is_exact(&self) -> bool {
        !matches!(self.exactness, Exactness::DomainsOnly { .. })
    }

    /// These beliefs if they are exact over the consistent worlds.
    ///
    /// # Errors
    /// [`BeliefError::NotExact`] for [`Exactness::DomainsOnly`].
    pub fn exact(self) -> Result<Beliefs, BeliefError> {
        match self.exactness {
            Exactness::DomainsOnly { assignments, bound } => {
                Err(BeliefError::NotExact { assignments, bound })
            }
            _ => Ok(self),
        }
    }
}

/// Every assignment replayed: the kind counts of each identity over the consistent worlds.
fn enumerate(
    state: &InfoState,
    sampler: &WorldSampler,
) -> Result<(HashMap<Square, [u128; 8]>, u128), BeliefError> {
    let enemy = state.side().other();
    let mut by_id: HashMap<Square, [u128; 8]> =
        sampler.ids.iter().map(|&id| (id, [0; 8])).collect();
    let mut total = 0u128;
    for r in 0..sampler.assignments() {
        if state.is_endgame() {
            // A hidden endgame's worlds are start positions.
            let Some(kinds) = sampler.assignment_kinds(r) else {
                continue;
            };
            if !sampler.consistent(r) {
                continue;
            }
            total += 1;
            for (id, k) in sampler.ids.iter().zip(kinds) {
                if let Some(c) = by_id.get_mut(id) {
                    c[k.index()] += 1;
                }
            }
            continue;
        }
        let Some(world) = sampler.assignment(r) else {
            continue;
        };
        if check_world(state, &world).is_err() {
            continue;
        }
        total += 1;
        for (own, k) in world.iter() {
            let id = Deployment::board_point(enemy, own);
            if let Some(c) = by_id.get_mut(&id) {
                c[k.index()] += 1;
            }
        }
    }
    if total == 0 {
        return Err(BeliefError::Inconsistent(format!(
            "each of the {} assignments that fit fails the replay",
            sampler.assignments()
        )));
    }
    Ok((by_id, total))
}

/// The kind counts of each identity over the assignments that fit the domains and the
/// counts: forward counts `f` (ways to fill the classes before `i`, leaving `rem`) times the
/// arrangements of class `i` with one given member of kind `k` (the multinomial of `n - 1`
/// members with one fewer `k`), times the backward counts (ways to fill the classes after).
fn marginals(sampler: &WorldSampler) -> HashMap<Square, [u128; 8]> {
    let mut by_id = HashMap::new();
    let full = sampler.start_counts;
    let mut forward: HashMap<[u8; 8], u128> = HashMap::from([(full, 1)]);
    for (i, (domain, members)) in sampler.classes.iter().enumerate() {
        let n = members.len();
        let mut counts = [0u128; 8];
        let mut next_forward: HashMap<[u8; 8], u128> = HashMap::new();
        for (rem, f) in &forward {
            for x in splits(*domain, n, rem) {
                let mut next = *rem;
                for k in 0..8 {
                    next[k] -= x[k];
                }
                let back = sampler.memo_ways(i + 1, &next);
                if back == 0 {
                    continue;
                }
                for k in 0..8 {
                    if x[k] > 0 {
                        let mut y = x;
                        y[k] -= 1;
                        counts[k] += f * arrangements(n - 1, &y) * back;
                    }
                }
                *next_forward.entry(next).or_insert(0) += f * arrangements(n, &x);
            }
        }
        forward = next_forward;
        for &m in members {
            by_id.insert(sampler.ids[m], counts);
        }
    }
    by_id
}

/// Whether every assignment that fits the domains is consistent, by the argument of
/// [`Exactness::Proved`]: nothing told, this side to move first, and in one world (any: the
/// first assignment) this side has a quiet legal move and the world is consistent.
fn proved(state: &InfoState, sampler: &WorldSampler) -> bool {
    // A hidden endgame's start need not be undecided in every world (a king with no move
    // left, say), so the argument does not carry over: its figures are enumerated or flagged.
    if state.is_endgame() || !state.events().is_empty() || state.first() != state.side() {
        return false;
    }
    let Some(world) = sampler.assignment(0) else {
        return false;
    };
    let Ok(game) = crate::hidden::worlds::replay_world(state, &world) else {
        return false;
    };
    let position = game.position();
    game.legal_moves().iter().any(|&m| {
        position
            .classify(m)
            .is_some_and(|info| info.kind == MoveKind::Quiet)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deploy::Opening;
    use crate::hidden::HiddenGame;
    use crate::ruleset::{HiddenRules, RevealCaptured, Ruleset};
    use crate::square::Side;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn to_captor() -> Ruleset {
        Ruleset {
            hidden: HiddenRules {
                reveal_captured: RevealCaptured::ToCaptor,
                ..HiddenRules::STANDARD
            },
            ..Ruleset::STANDARD
        }
    }

    /// Information states of random self-play games (seeded), every `step` plies.
    fn states(rules: Ruleset, seeds: std::ops::Range<u64>, step: usize) -> Vec<InfoState> {
        let mut out = Vec::new();
        for seed in seeds {
            let mut game = HiddenGame::new(Opening::fanshi(seed, None, &rules), rules).unwrap();
            game.play_out(&mut StdRng::seed_from_u64(seed), 300);
            for side in Side::ALL {
                let full = game.info_state(side).clone();
                for k in (0..=full.plies()).step_by(step) {
                    out.push(full.at_ply(k));
                }
            }
        }
        out
    }

    /// The counts of every identity over all assignments that fit the domains, one by one.
    fn brute_domain_counts(state: &InfoState) -> HashMap<Square, [u128; 8]> {
        let sampler = WorldSampler::new(state);
        let enemy = state.side().other();
        let mut by_id = HashMap::new();
        for r in 0..sampler.assignments() {
            let world = sampler.assignment(r).unwrap();
            for (own, k) in world.iter() {
                by_id
                    .entry(Deployment::board_point(enemy, own))
                    .or_insert([0u128; 8])[k.index()] += 1;
            }
        }
        by_id
    }

    // The forward/backward marginals equal the counts of the assignments one by one (which
    // `WorldSampler` numbers 0..assignments), on states with few enough to list.
    #[test]
    fn marginals_count_the_assignments() {
        let mut checked = 0;
        for state in states(to_captor(), 0..3, 7) {
            let sampler = WorldSampler::new(&state);
            let n = sampler.assignments();
            if n == 0 || n > 5_000 {
                continue;
            }
            assert_eq!(marginals(&sampler), brute_domain_counts(&state), "{state}");
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} states checked");
    }

    /// Draw `n` worlds with the sampler; per identity, the kind frequencies.
    fn sampled(state: &InfoState, n: u32, seed: u64) -> HashMap<Square, [u32; 8]> {
        let sampler = WorldSampler::new(state);
        let enemy = state.side().other();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut by_id = HashMap::new();
        for _ in 0..n {
            let world = sampler.draw(&mut rng).unwrap();
            for (own, k) in world.iter() {
                by_id
                    .entry(Deployment::board_point(enemy, own))
                    .or_insert([0u32; 8])[k.index()] += 1;
            }
        }
        by_id
    }

    /// Whether `c` draws of `n` fit the probability `p`: 0 exactly when p is 0 or 1, else
    /// within five binomial standard deviations (a chance below 1e-6 per figure to fail).
    fn fits(c: u32, n: u32, p: f64) -> bool {
        let (c, n) = (f64::from(c), f64::from(n));
        if p == 0.0 || p == 1.0 {
            return c == n * p;
        }
        (c - n * p).abs() <= 5.0 * (n * p * (1.0 - p)).sqrt()
    }

    fn all_fit(b: &Beliefs, freq: &HashMap<Square, [u32; 8]>, n: u32) -> bool {
        b.pieces().iter().all(|p| {
            PieceKind::ALL
                .iter()
                .all(|&k| fits(freq[&p.id][k.index()], n, p.probability(k)))
        })
    }

    /// States (seeded games) with a constraint between pieces: fewer consistent worlds than
    /// assignments fitting the domains, few enough to replay quickly; computed once.
    fn constrained() -> &'static [(InfoState, Beliefs)] {
        static FOUND: std::sync::OnceLock<Vec<(InfoState, Beliefs)>> = std::sync::OnceLock::new();
        FOUND.get_or_init(|| {
            let mut found = Vec::new();
            for rules in [Ruleset::STANDARD, to_captor()] {
                for state in states(rules, 0..4, 5) {
                    let n = WorldSampler::new(&state).assignments();
                    if !(50..=3_000).contains(&n) {
                        continue;
                    }
                    let b = Beliefs::new(&state).unwrap();
                    if b.worlds() < n && b.pieces().iter().any(|p| p.most_likely().1 < 0.9) {
                        found.push((state, b));
                    }
                    if found.len() == 4 {
                        return found;
                    }
                }
            }
            found
        })
    }

    // Issue 25 item 3: the exact figures against the frequencies of 20,000 sampled worlds,
    // on a state where the domains alone would give other figures (a constraint between
    // pieces), and the test tells them apart: the domain figures fail it.
    #[test]
    fn exact_figures_match_sampled_frequencies() {
        let found = constrained();
        assert!(!found.is_empty(), "no constrained state found");
        let n = 20_000;
        let mut told_apart = 0;
        for (i, (state, exact)) in found.iter().enumerate() {
            assert!(matches!(exact.exactness(), Exactness::Enumerated { .. }));
            let freq = sampled(state, n, i as u64);
            assert!(all_fit(exact, &freq, n), "{state}");
            let domains = Beliefs::with_max_replays(state, 0).unwrap();
            assert!(matches!(domains.exactness(), Exactness::DomainsOnly { .. }));
            if !all_fit(&domains, &freq, n) {
                told_apart += 1;
            }
        }
        assert!(told_apart > 0, "the domain figures were never told apart");
    }

    // A constraint between pieces: the enumerated figures count fewer worlds than the
    // domains allow, and each counted world passes the replay.
    #[test]
    fn a_cross_piece_constraint_changes_the_figures() {
        let (state, exact) = &constrained()[0];
        let domains = Beliefs::with_max_replays(state, 0).unwrap();
        assert!(exact.worlds() < domains.worlds());
        assert_ne!(
            exact
                .pieces()
                .iter()
                .map(PieceBelief::probabilities)
                .collect::<Vec<_>>(),
            domains
                .pieces()
                .iter()
                .map(PieceBelief::probabilities)
                .collect::<Vec<_>>()
        );
        for p in exact.pieces() {
            assert_eq!(p.counts.iter().sum::<u128>(), exact.worlds());
        }
    }

    // Hand-derived: every kind told at the end (R-39) has probability 1.
    #[test]
    fn kinds_told_at_the_end_are_certain() {
        let mut game = HiddenGame::new(
            Opening::fanshi(3, None, &Ruleset::STANDARD),
            Ruleset::STANDARD,
        )
        .unwrap();
        game.play_out(&mut StdRng::seed_from_u64(3), 2_000);
        assert!(game.outcome().is_some());
        let red = Beliefs::new(game.info_state(Side::Red)).unwrap();
        assert!(!red.pieces().is_empty());
        for p in red.pieces() {
            let truth = game.game().position().piece_at(p.at).unwrap().kind;
            assert_eq!(p.probability(truth), 1.0, "{}", p.at);
            assert_eq!(p.most_likely(), (truth, 1.0));
        }
    }

    // Hand-derived: Green's army steps two points straight on land in its own country
    // (3d-5d along inland rank d, R-4; 4d empty): only a missile (R-11), an aircraft (R-13)
    // or an army (R-14) can; a king or guard could not stand on 3d (R-32).
    #[test]
    fn a_two_point_straight_move_leaves_the_kinds_that_can() {
        let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD).unwrap();
        game.propose(Side::Red, "5B5A".parse().unwrap()).unwrap();
        game.propose(Side::Green, "3d5d".parse().unwrap()).unwrap();
        assert_eq!(game.game().moves().len(), 2);
        let red = Beliefs::new(game.info_state(Side::Red)).unwrap();
        let p = red.piece("5d".parse().unwrap()).unwrap();
        assert_eq!(p.id, "3d".parse().unwrap());
        let possible: Vec<PieceKind> = PieceKind::ALL
            .into_iter()
            .filter(|&k| p.probability(k) > 0.0)
            .collect();
        assert_eq!(
            possible,
            [PieceKind::Missile, PieceKind::Aircraft, PieceKind::Army]
        );
        let sum: f64 = p.probabilities().iter().sum();
        assert!((sum - 1.0).abs() < 1e-12);
    }

    // The proof of `Exactness::Proved`: at Red's start, random assignments fitting the
    // domains (uniform by number) all pass the replay.
    #[test]
    fn before_anything_is_told_every_assignment_is_consistent() {
        let mut rng = StdRng::seed_from_u64(7);
        for seed in 0..5 {
            let game = HiddenGame::new(
                Opening::fanshi(seed, Some(Side::Red), &Ruleset::STANDARD),
                Ruleset::STANDARD,
            )
            .unwrap();
            let red = game.info_state(Side::Red);
            assert_eq!(Beliefs::new(red).unwrap().exactness(), Exactness::Proved);
            let sampler = WorldSampler::new(red);
            for _ in 0..400 {
                let world = sampler
                    .assignment(rng.random_range(0..sampler.assignments()))
                    .unwrap();
                assert!(check_world(red, &world).is_ok(), "{world}");
            }
            // Green, second to move, is not proved.
            let green = game.info_state(Side::Green);
            assert!(matches!(
                Beliefs::new(green).unwrap().exactness(),
                Exactness::DomainsOnly { .. }
            ));
        }
    }

    // Issue 25 item 7, no leak: two true worlds (Green's army and division swapped on 2d
    // and 3d) that tell Red the same give Red the same beliefs.
    #[test]
    fn the_same_information_gives_the_same_beliefs() {
        let red = Deployment::default_formation();
        let greens: [Deployment; 2] = [
            "9/3III3/9/1DA3AD1/FPMGKGMPF".parse().unwrap(),
            "9/3III3/9/1AD3AD1/FPMGKGMPF".parse().unwrap(),
        ];
        let moves = ["5B5A", "5b5a", "4B4A", "6b6a", "6B6A", "4b4a"];
        let mut states = Vec::new();
        for green in greens {
            let opening = Opening::new(red, green, Side::Red);
            let mut game = HiddenGame::new(opening, Ruleset::STANDARD).unwrap();
            for (i, m) in moves.iter().enumerate() {
                let side = if i % 2 == 0 { Side::Red } else { Side::Green };
                game.propose(side, m.parse().unwrap()).unwrap();
            }
            assert_eq!(game.game().moves().len(), moves.len());
            states.push(game.info_state(Side::Red).clone());
        }
        assert_eq!(states[0], states[1]);
        for bound in [0, DEFAULT_MAX_REPLAYS] {
            let a = Beliefs::with_max_replays(&states[0], bound).unwrap();
            let b = Beliefs::with_max_replays(&states[1], bound).unwrap();
            assert_eq!(a, b);
        }
    }

    // Bad input is a typed error: Green's piece on 1e jumps to 3b (two files, three ranks),
    // which no kind can (R-9 … R-16), so no world fits; and a state that breaks its ruleset.
    #[test]
    fn an_impossible_state_is_an_error() {
        let head = "r r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx";
        let state: InfoState = format!("{head} 5B5A 1e3b").parse().unwrap();
        assert!(matches!(
            Beliefs::new(&state),
            Err(BeliefError::Inconsistent(_))
        ));
        // A kind told of a capture under reveal_captured: never (the standard rules).
        let state: InfoState = format!("{head} 3E7dxI").parse().unwrap();
        assert!(matches!(
            Beliefs::new(&state),
            Err(BeliefError::Inconsistent(_))
        ));
        assert!(Beliefs::new(&state.with_rules(to_captor())).is_ok());
    }
}
