//! Worlds consistent with a seat's information state: each hidden army drawn exactly from the
//! deployments (L-58) within its pieces' domains, weighted by per-piece beliefs, and the
//! joint world kept when it replays.

use luzhanqi::dark::{DeploymentCounter, KindSet};
use luzhanqi::deploy::{Deployment, OWN_POINTS};
use luzhanqi::rand::Rng;
use luzhanqi::{AttackOutcome, Combat, Kind};
use thiserror::Error;

use super::announce::{Announcement, Event};
use super::info::{InfoState, SeatView};
use super::referee::{DarkError, DarkGame};
use crate::board::Point;
use crate::deploy::own_point;
use crate::position::{Action, Position, Setup};
use crate::ruleset::SiguoMode;
use crate::seat::{Piece, Seat};

/// The board point of a deployment's `i`-th own-frame point ([`OWN_POINTS`] order).
fn id_point(seat: Seat, i: usize) -> Point {
    own_point(seat, OWN_POINTS[i])
}

/// Whether a non-engineer could move `from` → `to` on the seen board: one step along a line
/// (L-7), or a straight run along one of the 18 railway lines over empty points (L-46).
fn plain_move(view: &SeatView, from: Point, to: Point) -> bool {
    if from.neighbours().contains(&to) {
        return true;
    }
    let lines = crate::board::railway_lines();
    crate::board::lines_through(from).iter().any(|&(l, a)| {
        let line = &lines[usize::from(l)];
        let a = usize::from(a);
        line.iter().position(|&p| p == to).is_some_and(|b| {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            line[lo + 1..hi].iter().all(|&p| view.at(p).is_none())
        })
    })
}

/// The hidden armies of one world: a deployment for each seat whose kinds the observer does
/// not see, `None` for the others.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct World {
    /// By [`Seat::index`].
    pub deployments: [Option<Deployment>; 4],
}

/// Why a world does not replay to an information state.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Inconsistency {
    /// A hidden seat has no deployment, or a seen seat has one.
    #[error("{0}'s deployment is missing or not hidden from the observer")]
    Shape(Seat),
    /// The first position the world makes is not valid.
    #[error("the world's first position is not valid: {0}")]
    Invalid(String),
    /// An announced action is not legal in the world.
    #[error("announcement {ply}: {why}")]
    Illegal {
        /// Its index, from 0.
        ply: usize,
        /// Why.
        why: String,
    },
    /// The referee would have announced something else.
    #[error("announcement {ply}: the world announces '{world}', not '{told}'")]
    Differs {
        /// Its index, from 0.
        ply: usize,
        /// What the world's referee announces.
        world: String,
        /// What the seat was told.
        told: String,
    },
}

/// Replay a world: the first position it makes with the seen board, and every announced
/// action through a fresh referee, which must announce exactly what the seat was told.
///
/// # Errors
/// The first [`Inconsistency`].
pub fn check_world(state: &InfoState, world: &World) -> Result<DarkGame, Inconsistency> {
    let mut setup = Setup::empty();
    for p in Point::all() {
        if let Some(s) = state.start.board[p.index()]
            && let Some(kind) = s.kind
        {
            setup.put(p, Some(Piece::new(s.seat, kind)));
        }
    }
    for seat in Seat::ALL {
        let hidden = state
            .start
            .board
            .iter()
            .flatten()
            .any(|s| s.seat == seat && s.kind.is_none());
        match (&world.deployments[seat.index()], hidden) {
            (Some(d), true) => {
                for (i, k) in d.pieces.iter().enumerate() {
                    let p = id_point(seat, i);
                    if state.start.board[p.index()]
                        .is_none_or(|s| s.seat != seat || s.kind.is_some())
                    {
                        return Err(Inconsistency::Shape(seat));
                    }
                    setup.put(p, Some(Piece::new(seat, *k)));
                }
            }
            (None, false) => {}
            _ => return Err(Inconsistency::Shape(seat)),
        }
    }
    setup.turn = state.start.turn;
    setup.in_play = state.start.in_play;
    setup.plies_since_attack = state.start.plies_since_attack;
    setup.move_number = state.start.move_number;
    setup.passes_used = state.start.passes_used;
    let pos = Position::from_setup(setup, state.rules)
        .map_err(|e| Inconsistency::Invalid(e.to_string()))?;
    let mut game = DarkGame::new(pos).map_err(|e| Inconsistency::Invalid(e.to_string()))?;
    for (ply, told) in state.history.iter().enumerate() {
        let got = match told.event {
            Event::Move { mv, .. } => game.play(Action::Move(mv)),
            Event::Pass(_) => game.play(Action::Pass),
            Event::Resign(s) => game.surrender(s),
        };
        let got: &Announcement = got.map_err(|e: DarkError| Inconsistency::Illegal {
            ply,
            why: e.to_string(),
        })?;
        if got != told {
            return Err(Inconsistency::Differs {
                ply,
                world: got.to_string(),
                told: told.to_string(),
            });
        }
    }
    Ok(game)
}

/// Why no world can be drawn.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WorldError {
    /// A hidden seat's pieces at the start are not a full deployment on its half's 25
    /// non-camp points (the sampler draws deployments, L-58).
    #[error("{0}'s hidden pieces at the start are not a full deployment")]
    NotAnOpening(Seat),
    /// What was announced leaves a hidden piece no kind.
    #[error("no kind fits the hidden piece that started on {0}")]
    Inconsistent(Point),
    /// Each of the seat's pieces has a kind, but no deployment (L-5's counts, L-17's
    /// limits) gives every piece one within its domain.
    #[error("no deployment of {0} fits what was announced")]
    NoWorld(Seat),
    /// A belief weight is negative, not finite, or all of a piece's are zero.
    #[error("the beliefs for the piece that started on {0} are not usable weights")]
    BadBeliefs(Point),
    /// No consistent world was found within the attempts allowed.
    #[error("no consistent world in {0} attempts")]
    Exhausted(u64),
}

/// Per-piece beliefs: for each hidden piece (by the point it started on), a non-negative
/// weight per kind. A world is drawn with probability proportional to the product of its
/// pieces' weights, among consistent worlds (uniform by default).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Beliefs {
    weights: Vec<(Point, [f64; 12])>,
}

impl Beliefs {
    /// No preference: every consistent world equally likely.
    #[must_use]
    pub fn uniform() -> Beliefs {
        Beliefs::default()
    }

    /// Set the weights of the piece that started on `id`, by [`Kind::index`].
    #[must_use]
    pub fn with(mut self, id: Point, weights: [f64; 12]) -> Beliefs {
        self.weights.retain(|(p, _)| *p != id);
        self.weights.push((id, weights));
        self
    }
}

/// Draws worlds consistent with a seat's information state (L-63 … L-65).
///
/// Exact: each hidden seat's deployment is drawn uniformly from the legal deployments (L-58,
/// L-17) whose every piece's kind lies in its domain (what the announcements force one piece
/// at a time: moved pieces are movable, a move no non-engineer could make was an engineer's,
/// attacks against a known kind, shown flags, scouted kinds and scouting engineers, a 司令's
/// flag), counted and drawn exactly by 陸戰棋's [`DeploymentCounter`] with no rejection. What
/// ties two hidden seats together is tested by rejection: each attack between two hidden
/// pieces as soon as both are drawn (they are drawn first), then, once the armies are whole,
/// an acceptance draw of the product of the pieces' belief weights (each scaled to at most 1
/// over the piece's domain), then the replay of the joint world ([`check_world`]), kept only
/// when the referee announces exactly what the seat was told. Any failure draws the whole
/// world again. Rejection from the prior restricted to a superset is exact: each consistent
/// world comes out with probability proportional to its weight. `draw` gives up after its
/// attempt budget with [`WorldError::Exhausted`].
#[derive(Debug, Clone)]
pub struct WorldSampler {
    state: InfoState,
    hidden: Vec<Seat>,
    domains: [[KindSet; 25]; 4],
    weights: [[[f64; 12]; 25]; 4],
    /// Each hidden seat's deployments within its domains, by [`Seat::index`], its linked
    /// pieces first in the order of `steps`.
    counters: [Option<DeploymentCounter>; 4],
    /// The linked pieces (in attacks between two hidden pieces), in drawing order: each
    /// piece's seat, and the links whose two pieces are both drawn once it is.
    steps: Vec<(Seat, Vec<Link>)>,
}

/// An attack between two hidden pieces (by seat and index in [`OWN_POINTS`] order) and its
/// announced result: a condition on the pair that no single domain says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Link {
    attacker: (Seat, usize),
    defender: (Seat, usize),
    result: AttackOutcome,
}

/// The linked pieces in drawing order: each link's attacker, then its defender, in the order
/// the attacks were announced, each piece once.
fn schedule(links: &[Link]) -> Vec<(Seat, usize)> {
    let mut steps = Vec::new();
    for l in links {
        for p in [l.attacker, l.defender] {
            if !steps.contains(&p) {
                steps.push(p);
            }
        }
    }
    steps
}

impl WorldSampler {
    /// The sampler of a seat's information state, uniform over consistent worlds.
    ///
    /// # Errors
    /// [`WorldError::NotAnOpening`], [`WorldError::Inconsistent`], [`WorldError::NoWorld`].
    pub fn new(state: &InfoState) -> Result<WorldSampler, WorldError> {
        WorldSampler::with_beliefs(state, &Beliefs::uniform())
    }

    /// The sampler with per-piece beliefs.
    ///
    /// # Errors
    /// As [`WorldSampler::new`]; [`WorldError::BadBeliefs`].
    pub fn with_beliefs(state: &InfoState, beliefs: &Beliefs) -> Result<WorldSampler, WorldError> {
        let board = &state.start.board;
        let hidden: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| {
                board
                    .iter()
                    .flatten()
                    .any(|p| p.seat == *s && p.kind.is_none())
            })
            .collect();
        for &seat in &hidden {
            let on_half = board.iter().flatten().filter(|p| p.seat == seat).count();
            let full = (0..25).all(|i| {
                board[id_point(seat, i).index()].is_some_and(|p| p.seat == seat && p.kind.is_none())
            });
            if on_half != 25 || !full {
                return Err(WorldError::NotAnOpening(seat));
            }
        }
        // L-58, L-17: where each kind may stand at the start.
        let mut domains = [DeploymentCounter::placement_limits(); 4];
        let index = |p: Point| -> Option<(Seat, usize)> {
            let s = board[p.index()]?;
            if s.kind.is_some() {
                return None;
            }
            (0..25)
                .find(|&i| id_point(s.seat, i) == p)
                .map(|i| (s.seat, i))
        };
        let base = state.rules.base;
        let dark = state.rules.mode.mode != SiguoMode::Open;
        let scouting = dark && state.rules.mode.engineer_scout;
        let reveals = dark && state.rules.mode.marshal_reveals_flag;
        let mut links = Vec::new();
        let mut view = SeatView::start(state);
        for a in &state.history {
            let stays: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|&s| view.in_play(s) && !a.outs.iter().any(|(o, _)| *o == s))
                .collect();
            if let Event::Move { mv, .. } = a.event {
                let att = view.at(mv.from).expect("a checked state");
                if let Some((s, i)) = index(att.id) {
                    let mut d = domains[s.index()][i].and(KindSet::MOVABLE);
                    // L-46, L-47: a move no non-engineer could make was an engineer's.
                    if !plain_move(&view, mv.from, mv.to) {
                        d = d.and(KindSet::only(Kind::Engineer));
                    }
                    domains[s.index()][i] = d;
                }
                if let (Some(def), Some(r)) = (view.at(mv.to), a.result) {
                    let fits = |x: Kind, y: Kind| Combat::resolve(x, y, &base).outcome == r;
                    match (att.kind, def.kind, index(att.id), index(def.id)) {
                        (None, Some(kd), Some((s, i)), _) => {
                            let d = &mut domains[s.index()][i];
                            *d = d.iter().filter(|&x| fits(x, kd)).collect();
                        }
                        (Some(ka), None, _, Some((s, i))) => {
                            let d = &mut domains[s.index()][i];
                            *d = d.iter().filter(|&y| fits(ka, y)).collect();
                        }
                        (None, None, Some(attacker), Some(defender)) => links.push(Link {
                            attacker,
                            defender,
                            result: r,
                        }),
                        _ => {}
                    }
                    // L-65: under engineer scouting a kind is shown exactly when an engineer
                    // attacked.
                    if scouting && let Some((s, i)) = index(att.id) {
                        let d = &mut domains[s.index()][i];
                        *d = if a.shown.is_some() {
                            d.and(KindSet::only(Kind::Engineer))
                        } else {
                            d.without(Kind::Engineer)
                        };
                    }
                    // L-63: a 司令 removed shows its seat's flag while the flag stands, as it
                    // does while the seat is in play; a removed piece of a seat still in play
                    // whose flag was not shown was no 司令, and one whose flag was shown was
                    // (the attack's two pieces are of two seats).
                    if reveals {
                        let removed = [
                            (r != AttackOutcome::DefenderRemoved, att),
                            (r != AttackOutcome::AttackerRemoved, def),
                        ];
                        for (gone, p) in removed {
                            let Some((s, i)) = index(p.id).filter(|_| gone) else {
                                continue;
                            };
                            let d = &mut domains[s.index()][i];
                            if a.flags.iter().any(|(f, _)| *f == s) && att.seat != def.seat {
                                *d = d.and(KindSet::only(Kind::Marshal));
                            } else if stays.contains(&s) {
                                *d = d.without(Kind::Marshal);
                            }
                        }
                    }
                    if let (Some(k), Some((s, i))) = (a.shown, index(def.id)) {
                        domains[s.index()][i] = domains[s.index()][i].and(KindSet::only(k));
                    }
                }
            }
            view.tell(a).expect("a checked state");
            // A flag shown stands where the announcement left it: telling it checked that its
            // seat's piece is there (the point before the action may be empty).
            for &(_, p) in &a.flags {
                let id = view.at(p).expect("a checked state").id;
                if let Some((s, i)) = index(id) {
                    domains[s.index()][i] = domains[s.index()][i].and(KindSet::only(Kind::Flag));
                }
            }
        }
        // Each link's two domains keep only the kinds that some kind of the other gives the
        // announced result with (arc consistency), until nothing changes: fewer tries fail
        // the links' tests, and no world is lost.
        let mut changed = true;
        while changed {
            changed = false;
            for l in &links {
                let (a, d) = (l.attacker, l.defender);
                let fits = |x: Kind, y: Kind| Combat::resolve(x, y, &base).outcome == l.result;
                let (da, dd) = (domains[a.0.index()][a.1], domains[d.0.index()][d.1]);
                let na: KindSet = da
                    .iter()
                    .filter(|&x| dd.iter().any(|y| fits(x, y)))
                    .collect();
                let nd: KindSet = dd
                    .iter()
                    .filter(|&y| na.iter().any(|x| fits(x, y)))
                    .collect();
                if (na, nd) != (da, dd) {
                    domains[a.0.index()][a.1] = na;
                    domains[d.0.index()][d.1] = nd;
                    changed = true;
                }
            }
        }
        for &seat in &hidden {
            for (i, d) in domains[seat.index()].iter().enumerate() {
                if d.is_empty() {
                    return Err(WorldError::Inconsistent(id_point(seat, i)));
                }
            }
        }
        let mut weights = [[[1.0; 12]; 25]; 4];
        for &(id, w) in &beliefs.weights {
            let Some((s, i)) = index(id) else {
                continue;
            };
            if w.iter().any(|x| !x.is_finite() || *x < 0.0) {
                return Err(WorldError::BadBeliefs(id));
            }
            // Scaled over the domain: the kinds outside it are never drawn, and a larger
            // acceptance chance changes no ratio between worlds.
            let max = domains[s.index()][i]
                .iter()
                .map(|k| w[k.index()])
                .fold(0.0, f64::max);
            if max <= 0.0 {
                return Err(WorldError::BadBeliefs(id));
            }
            weights[s.index()][i] = w.map(|x| x / max);
        }
        let steps = schedule(&links);
        let mut counters = [None, None, None, None];
        for &seat in &hidden {
            let first: Vec<usize> = steps
                .iter()
                .filter(|(s, _)| *s == seat)
                .map(|(_, i)| *i)
                .collect();
            let c = DeploymentCounter::with_order(domains[seat.index()], &first)
                .expect("each linked piece once");
            if c.count() == 0 {
                return Err(WorldError::NoWorld(seat));
            }
            counters[seat.index()] = Some(c);
        }
        let steps = steps
            .iter()
            .enumerate()
            .map(|(t, &(seat, _))| {
                let at = |p: (Seat, usize)| steps.iter().position(|&q| q == p);
                // A link is tested at the step that draws the later of its two pieces.
                let due = links
                    .iter()
                    .filter(|l| at(l.attacker).max(at(l.defender)) == Some(t))
                    .copied()
                    .collect();
                (seat, due)
            })
            .collect();
        Ok(WorldSampler {
            state: state.clone(),
            hidden,
            domains,
            weights,
            counters,
            steps,
        })
    }

    /// The seats whose armies are drawn: the three others under 四暗, the two enemies under
    /// 雙明, none under 全明.
    #[must_use]
    pub fn hidden(&self) -> &[Seat] {
        &self.hidden
    }

    /// The kinds L-17's limits and the announcements leave the hidden piece that started on
    /// `id`, one piece at a time (a superset of what the joint replay allows).
    #[must_use]
    pub fn domain(&self, id: Point) -> Option<KindSet> {
        let s = self.state.start.board[id.index()]?;
        let i = (0..25).find(|&i| id_point(s.seat, i) == id)?;
        self.hidden
            .contains(&s.seat)
            .then_some(self.domains[s.seat.index()][i])
    }

    /// Each hidden piece's probability of each kind (by [`Kind::index`]), estimated from
    /// `draws` worlds, with the piece's id (the point it started on), in point order.
    ///
    /// # Errors
    /// [`WorldError::Exhausted`] when a draw runs out of attempts.
    pub fn marginals<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        draws: u32,
        max_attempts: u64,
    ) -> Result<Vec<(Point, [f64; 12])>, WorldError> {
        let mut counts = [[[0u32; 12]; 25]; 4];
        for _ in 0..draws {
            let w = self.draw(rng, max_attempts)?;
            for &seat in &self.hidden {
                let d = w.deployments[seat.index()]
                    .as_ref()
                    .expect("a hidden seat's army");
                for (i, k) in d.pieces.iter().enumerate() {
                    counts[seat.index()][i][k.index()] += 1;
                }
            }
        }
        let mut out: Vec<(Point, [f64; 12])> = self
            .hidden
            .iter()
            .flat_map(|&seat| {
                (0..25).map(move |i| {
                    let c = counts[seat.index()][i];
                    (
                        id_point(seat, i),
                        c.map(|n| f64::from(n) / f64::from(draws.max(1))),
                    )
                })
            })
            .collect();
        out.sort_by_key(|(p, _)| p.index());
        Ok(out)
    }

    /// The number of deployments of a hidden seat within its pieces' domains (an upper bound
    /// on its consistent armies); `None` for a seat not hidden.
    #[must_use]
    pub fn count(&self, seat: Seat) -> Option<u128> {
        self.counters[seat.index()]
            .as_ref()
            .map(DeploymentCounter::count)
    }

    /// Draw one world, trying at most `max_attempts` deployments in all (each try of a joint
    /// world counts one for each hidden seat, however early it is given up).
    ///
    /// The linked pieces (those in attacks between two hidden pieces) are drawn first, each
    /// from its seat's exact conditional, and each attack is tested as soon as both its
    /// pieces are drawn, so that a try that breaks one stops there; then each seat's other
    /// pieces, the belief acceptance draws, and the replay. Any failure draws the whole
    /// world again (so the result stays exact).
    ///
    /// # Errors
    /// [`WorldError::Exhausted`].
    pub fn draw<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        max_attempts: u64,
    ) -> Result<World, WorldError> {
        let base = self.state.rules.base;
        let per_try = self.hidden.len().max(1) as u64;
        let mut attempts = 0;
        'world: loop {
            attempts += per_try;
            if attempts > max_attempts {
                return Err(WorldError::Exhausted(max_attempts));
            }
            let mut partial: [_; 4] = std::array::from_fn(|s| {
                self.counters[s]
                    .as_ref()
                    .map(|c| c.begin().expect("a seat with deployments"))
            });
            let mut kinds = [[Kind::Flag; 25]; 4];
            let mut linked = [[false; 25]; 4];
            for (seat, due) in &self.steps {
                let (i, k) = partial[seat.index()]
                    .as_mut()
                    .and_then(|p| p.next(rng))
                    .expect("a linked piece of a hidden seat");
                kinds[seat.index()][i] = k;
                linked[seat.index()][i] = true;
                let w = self.weights[seat.index()][i][k.index()];
                if w < 1.0 && rng.random::<f64>() >= w {
                    continue 'world;
                }
                for l in due {
                    let (a, d) = (l.attacker, l.defender);
                    let x = kinds[a.0.index()][a.1];
                    let y = kinds[d.0.index()][d.1];
                    if Combat::resolve(x, y, &base).outcome != l.result {
                        continue 'world;
                    }
                }
            }
            let mut world = World {
                deployments: [None, None, None, None],
            };
            for &seat in &self.hidden {
                let d = partial[seat.index()]
                    .take()
                    .expect("a hidden seat's draw")
                    .finish(rng);
                let w = &self.weights[seat.index()];
                let p: f64 = (0..25)
                    .filter(|&i| !linked[seat.index()][i])
                    .map(|i| w[i][d.pieces[i].index()])
                    .product();
                if p < 1.0 && rng.random::<f64>() >= p {
                    continue 'world;
                }
                world.deployments[seat.index()] = Some(d);
            }
            if check_world(&self.state, &world).is_ok() {
                return Ok(world);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use luzhanqi::rand::SeedableRng;
    use luzhanqi::rand::rngs::StdRng;

    use super::*;
    use crate::Rules;

    impl WorldSampler {
        /// The sampler with `seat`'s domains replaced (hand-built domain sets).
        fn with_domains(mut self, seat: Seat, domains: [KindSet; 25]) -> WorldSampler {
            self.domains[seat.index()] = domains;
            self.counters[seat.index()] = Some(DeploymentCounter::new(domains));
            self
        }
    }

    /// The deployments that permute `base`'s kinds on the `free` pieces within `dom` (every
    /// assignment of the free kinds, kept when it uses each as often as `base` does).
    fn enumerate(base: &Deployment, free: &[usize], dom: &[KindSet; 25]) -> Vec<Deployment> {
        let kinds: Vec<Kind> = free.iter().map(|&j| base.pieces[j]).collect();
        let mut sorted = kinds.clone();
        sorted.sort();
        let n = free.len();
        let mut out = Vec::new();
        for code in 0..kinds.len().pow(n as u32) {
            let mut d = *base;
            let mut c = code;
            for &j in free {
                d.pieces[j] = kinds[c % kinds.len()];
                c /= kinds.len();
            }
            let mut used: Vec<Kind> = free.iter().map(|&j| d.pieces[j]).collect();
            used.sort();
            if used == sorted
                && free.iter().all(|&j| dom[j].contains(d.pieces[j]))
                && !out.contains(&d)
            {
                out.push(d);
            }
        }
        out
    }

    /// Stated distribution test of the per-seat draw (L-58): Green's domains hand-built so that
    /// only permutations of five of its pieces' kinds fit (each free piece's domain the five
    /// kinds met by L-17's limits), at the start of a game seen by Red (every such army is a
    /// world), once without beliefs and once with a piece's beliefs weighting two kinds 1/4
    /// and 1/2. Green's army comes out with probability proportional to the product of its
    /// weights over the enumerated armies: Pearson's χ² over 200 draws per army below
    /// df + 4.5·√(2·df) + 10 (above the 0.999 quantile for every df), seeded.
    #[test]
    fn the_per_seat_draw_is_exact_over_a_small_domain_set() {
        let mut rng = StdRng::seed_from_u64(9);
        let d: [Deployment; 4] = std::array::from_fn(|_| Deployment::random(&mut rng));
        let pos = crate::deploy::opening([&d[0], &d[1], &d[2], &d[3]], Seat::Red, Rules::STANDARD)
            .unwrap();
        let state = DarkGame::new(pos).unwrap().info_state(Seat::Red);
        // Five pieces of distinct kinds, the flag's headquarters and a back-row point among
        // them so that L-17's limits bite.
        let green = d[1];
        let mut free = vec![green.pieces.iter().position(|&k| k == Kind::Flag).unwrap()];
        for j in 0..25 {
            if free.len() < 5 && free.iter().all(|&f| green.pieces[f] != green.pieces[j]) {
                free.push(j);
            }
        }
        let limits = DeploymentCounter::placement_limits();
        let kinds: KindSet = free.iter().map(|&j| green.pieces[j]).collect();
        let dom: [KindSet; 25] = std::array::from_fn(|j| {
            if free.contains(&j) {
                kinds.and(limits[j])
            } else {
                KindSet::only(green.pieces[j])
            }
        });
        let armies = enumerate(&green, &free, &dom);
        assert!(armies.len() >= 6, "{} armies", armies.len());
        let (wa, wb) = (green.pieces[free[1]], green.pieces[free[2]]);
        let mut w = [1.0; 12];
        w[wa.index()] = 0.25;
        w[wb.index()] = 0.5;
        let id = id_point(Seat::Green, free[1]);
        for beliefs in [Beliefs::uniform(), Beliefs::uniform().with(id, w)] {
            let weighted = beliefs != Beliefs::uniform();
            let s = WorldSampler::with_beliefs(&state, &beliefs)
                .unwrap()
                .with_domains(Seat::Green, dom);
            assert_eq!(s.count(Seat::Green), Some(armies.len() as u128));
            let weight = |a: &Deployment| {
                if weighted {
                    w[a.pieces[free[1]].index()]
                } else {
                    1.0
                }
            };
            let total: f64 = armies.iter().map(weight).sum();
            let draws = 200 * armies.len() as u32;
            let mut seen = vec![0u32; armies.len()];
            for _ in 0..draws {
                let world = s.draw(&mut rng, 1_000).unwrap();
                let g = world.deployments[Seat::Green.index()].unwrap();
                let at = armies
                    .iter()
                    .position(|a| *a == g)
                    .expect("an enumerated army");
                seen[at] += 1;
            }
            let chi: f64 = armies
                .iter()
                .zip(&seen)
                .map(|(a, &n)| {
                    let e = f64::from(draws) * weight(a) / total;
                    (f64::from(n) - e).powi(2) / e
                })
                .sum();
            let df = (armies.len() - 1) as f64;
            assert!(
                chi < df + 4.5 * (2.0 * df).sqrt() + 10.0,
                "weighted {weighted}: χ² {chi}, df {df}, {seen:?}"
            );
        }
    }
}
