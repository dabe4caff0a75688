//! `DeploymentCounter`: the deployments whose kinds lie in per-piece domains, counted and
//! drawn exactly (L-5, L-17, L-18).
//!
//! The one home of the counting that 陸戰棋's [`WorldSampler`](super::WorldSampler) and 四國's
//! world sampler (`siguo::dark::WorldSampler`, L-58) draw with. Dynamic programming over the
//! 25 pieces in [`OWN_POINTS`] order, the state being how many of each kind are used so far:
//! at most 2·2·3⁴·4³·3·4·2 = 497,664 count vectors, whatever the domains. The table holds each
//! vector's number of completions (the next piece being the vector's sum), so a draw is 25
//! choices weighted by the completions of each next kind: exactly uniform, no rejection.

use rand::Rng;
use thiserror::Error;

use crate::deploy::{Deployment, OWN_POINTS};
use crate::piece::Kind;

use super::kindset::KindSet;

/// L-5's count of each kind, by [`Kind::index`] ([`Kind::count`], the one home of the
/// numbers).
pub(crate) const COUNTS: [usize; 12] = {
    let mut counts = [0; 12];
    let mut i = 0;
    while i < 12 {
        counts[i] = Kind::ALL[i].count() as usize;
        i += 1;
    }
    counts
};

/// The mixed-radix stride of each kind's digit.
pub(crate) const STRIDE: [usize; 12] = strides();

/// The number of count vectors.
pub(crate) const STATES: usize = STRIDE[11] * (COUNTS[11] + 1);

const fn strides() -> [usize; 12] {
    let mut s = [1; 12];
    let mut k = 1;
    while k < 12 {
        s[k] = s[k - 1] * (COUNTS[k - 1] + 1);
        k += 1;
    }
    s
}

/// Completions of each count vector within `dom`, the piece next being `order[sum(vector)]`.
fn completions(dom: &[KindSet; 25], order: &[u8; 25]) -> Vec<u128> {
    let mut t = vec![0u128; STATES];
    let mut digits = COUNTS;
    let mut sum = 25;
    for code in (0..STATES).rev() {
        t[code] = if sum == 25 {
            1
        } else {
            let d = dom[usize::from(order[sum])].0;
            let mut acc = 0;
            for k in 0..12 {
                if d >> k & 1 != 0 && digits[k] < COUNTS[k] {
                    acc += t[code + STRIDE[k]];
                }
            }
            acc
        };
        for k in 0..12 {
            if digits[k] > 0 {
                digits[k] -= 1;
                sum -= 1;
                break;
            }
            digits[k] = COUNTS[k];
            sum += COUNTS[k];
        }
    }
    t
}

/// A piece order that is no order of the 25 pieces.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("piece {0} is out of range (0 … 24) or named twice in the order")]
pub struct OrderError(pub usize);

/// The deployments (each kind used L-5's number of times) whose every piece's kind lies in
/// its domain, counted exactly, and drawn from uniformly without rejection.
///
/// The domains are taken as given, in [`OWN_POINTS`] order: L-17's placement limits apply
/// only when they are in them ([`DeploymentCounter::placement_limits`] gives them; meet
/// them with what else is known). Building costs one pass over the 497,664 count vectors
/// (16 bytes each); a draw is then 25 weighted choices, made in the counter's piece order
/// ([`DeploymentCounter::with_order`]), and can be made one piece at a time
/// ([`DeploymentCounter::begin`]) so that a caller can stop early.
///
/// ```
/// use luzhanqi::Kind;
/// use luzhanqi::dark::{DeploymentCounter, KindSet};
/// use luzhanqi::deploy::Deployment;
/// use rand::{SeedableRng, rngs::StdRng};
/// let limits = DeploymentCounter::placement_limits();
/// // Every legal deployment (L-18).
/// let all = DeploymentCounter::new(limits);
/// assert_eq!(all.count(), Deployment::count() as u128);
/// // The first piece (own a1) known to be a landmine.
/// let mut domains = limits;
/// domains[0] = domains[0].and(KindSet::only(Kind::Landmine));
/// let c = DeploymentCounter::new(domains);
/// let d = c.draw(&mut StdRng::seed_from_u64(1)).expect("there is one");
/// assert_eq!(d.pieces[0], Kind::Landmine);
/// assert!(d.check().is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct DeploymentCounter {
    domains: [KindSet; 25],
    /// The pieces in the order the table counts them.
    order: [u8; 25],
    table: Vec<u128>,
}

impl DeploymentCounter {
    /// The counter of the deployments within `domains` (in [`OWN_POINTS`] order), drawn in
    /// that order.
    #[must_use]
    pub fn new(domains: [KindSet; 25]) -> DeploymentCounter {
        let order = std::array::from_fn(|i| i as u8);
        DeploymentCounter {
            table: completions(&domains, &order),
            domains,
            order,
        }
    }

    /// The counter of the same deployments, drawn with the pieces `first` (indices in
    /// [`OWN_POINTS`] order) first, in that order, then the others in [`OWN_POINTS`] order:
    /// a caller that tests a condition on those pieces can test it before the rest are drawn.
    ///
    /// # Errors
    /// [`OrderError`] for an index above 24 or named twice.
    pub fn with_order(
        domains: [KindSet; 25],
        first: &[usize],
    ) -> Result<DeploymentCounter, OrderError> {
        let mut taken = [false; 25];
        let mut order = Vec::with_capacity(25);
        for &i in first {
            if i >= 25 || taken[i] {
                return Err(OrderError(i));
            }
            taken[i] = true;
            order.push(i as u8);
        }
        order.extend((0..25u8).filter(|&i| !taken[usize::from(i)]));
        let order: [u8; 25] = order.try_into().expect("25 pieces");
        Ok(DeploymentCounter {
            table: completions(&domains, &order),
            domains,
            order,
        })
    }

    /// L-17's limits as domains, in [`OWN_POINTS`] order: the flag only in a headquarters,
    /// landmines only on the back two rows, bombs off the front row.
    #[must_use]
    pub fn placement_limits() -> [KindSet; 25] {
        OWN_POINTS.map(super::knowledge::start_domain)
    }

    /// The domains counted within.
    #[must_use]
    pub fn domains(&self) -> &[KindSet; 25] {
        &self.domains
    }

    /// The number of deployments within the domains.
    #[must_use]
    pub fn count(&self) -> u128 {
        self.table[0]
    }

    /// The completions of each count vector (the dynamic programme's table).
    pub(crate) fn table(&self) -> &[u128] {
        &self.table
    }

    /// One deployment within the domains, each equally likely; `None` when there is none.
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Deployment> {
        (self.count() > 0).then(|| self.draw_outside(None, rng))
    }

    /// A draw made one piece at a time in the counter's order; `None` when there is no
    /// deployment. Drawn to the end it is [`DeploymentCounter::draw`]'s draw (the same for
    /// the same generator), each deployment equally likely; each piece's kind is drawn with
    /// its exact probability given the kinds drawn before it.
    ///
    /// ```
    /// use luzhanqi::dark::DeploymentCounter;
    /// use rand::{SeedableRng, rngs::StdRng};
    /// let c = DeploymentCounter::with_order(DeploymentCounter::placement_limits(), &[7, 3])?;
    /// let mut rng = StdRng::seed_from_u64(2);
    /// let mut d = c.begin().expect("deployments");
    /// let (first, kind) = d.next(&mut rng).expect("a piece");
    /// assert_eq!(first, 7);
    /// assert_eq!(d.next(&mut rng).map(|(i, _)| i), Some(3));
    /// let full = d.finish(&mut rng);
    /// assert_eq!(full.pieces[7], kind);
    /// assert!(full.check().is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn begin(&self) -> Option<PartialDraw<'_>> {
        (self.count() > 0).then_some(PartialDraw {
            counter: self,
            code: 0,
            digits: [0; 12],
            drawn: 0,
            pieces: [Kind::Flag; 25],
        })
    }

    /// The number of deployments within the domains but not wholly within `within`'s (whose
    /// domains are subsets of these, in the same order).
    pub(crate) fn count_outside(&self, within: Option<&DeploymentCounter>) -> u128 {
        self.count() - within.map_or(0, DeploymentCounter::count)
    }

    /// The kind (index) of the piece at place `t` of the order, given the count vector
    /// `code` (`digits`) of those before it; with `within`, while not `broken`, only the
    /// completions not wholly within its domains count.
    fn step<R: Rng + ?Sized>(
        &self,
        t: usize,
        code: usize,
        digits: &[usize; 12],
        within: Option<&DeploymentCounter>,
        broken: bool,
        rng: &mut R,
    ) -> usize {
        let i = usize::from(self.order[t]);
        let d = self.domains[i].0;
        let ex = within.map_or(0, |e| e.domains[i].0);
        let mut w = [0u128; 12];
        let mut total = 0;
        for k in 0..12 {
            if d >> k & 1 != 0 && digits[k] < COUNTS[k] {
                let next = code + STRIDE[k];
                // Once a piece lies outside its set in `within`, every completion counts;
                // before, only those that are not wholly within.
                w[k] = match within {
                    Some(e) if !broken && ex >> k & 1 != 0 => self.table[next] - e.table[next],
                    _ => self.table[next],
                };
                total += w[k];
            }
        }
        let mut r = rng.random_range(0..total);
        for (k, wk) in w.iter().enumerate() {
            if r < *wk {
                return k;
            }
            r -= wk;
        }
        unreachable!("r < total")
    }

    /// One deployment within the domains, and when `within` is given not wholly within its
    /// domains (subsets of these, in the same order), each equally likely. At least one must
    /// exist ([`DeploymentCounter::count_outside`] positive).
    pub(crate) fn draw_outside<R: Rng + ?Sized>(
        &self,
        within: Option<&DeploymentCounter>,
        rng: &mut R,
    ) -> Deployment {
        let mut code = 0;
        let mut digits = [0usize; 12];
        let mut broken = within.is_none();
        let mut pieces = [Kind::Flag; 25];
        for t in 0..25 {
            let k = self.step(t, code, &digits, within, broken, rng);
            let i = usize::from(self.order[t]);
            broken |= within.is_some_and(|e| !e.domains[i].contains(Kind::ALL[k]));
            digits[k] += 1;
            code += STRIDE[k];
            pieces[i] = Kind::ALL[k];
        }
        Deployment { pieces }
    }
}

/// A deployment drawn one piece at a time ([`DeploymentCounter::begin`]).
#[derive(Debug, Clone)]
pub struct PartialDraw<'a> {
    counter: &'a DeploymentCounter,
    code: usize,
    digits: [usize; 12],
    drawn: usize,
    pieces: [Kind; 25],
}

impl PartialDraw<'_> {
    /// The next piece in the counter's order (its index in [`OWN_POINTS`] order) and its
    /// kind; `None` once all 25 are drawn.
    pub fn next<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<(usize, Kind)> {
        if self.drawn == 25 {
            return None;
        }
        let k = self
            .counter
            .step(self.drawn, self.code, &self.digits, None, true, rng);
        let i = usize::from(self.counter.order[self.drawn]);
        self.digits[k] += 1;
        self.code += STRIDE[k];
        self.pieces[i] = Kind::ALL[k];
        self.drawn += 1;
        Some((i, Kind::ALL[k]))
    }

    /// The rest drawn: the whole deployment.
    pub fn finish<R: Rng + ?Sized>(mut self, rng: &mut R) -> Deployment {
        while self.next(rng).is_some() {}
        Deployment {
            pieces: self.pieces,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    /// The deployments within `dom`, by brute force: every permutation of `base`'s kinds on
    /// the `free` pieces (the others fixed), kept when each kind lies in its domain.
    fn brute_force(base: &Deployment, free: &[usize], dom: &[KindSet; 25]) -> Vec<[Kind; 25]> {
        fn go(
            at: usize,
            free: &[usize],
            left: &mut Vec<Kind>,
            cur: &mut [Kind; 25],
            dom: &[KindSet; 25],
            out: &mut Vec<[Kind; 25]>,
        ) {
            if at == free.len() {
                if !out.contains(cur) {
                    out.push(*cur);
                }
                return;
            }
            for j in 0..left.len() {
                let k = left.remove(j);
                if dom[free[at]].contains(k) {
                    cur[free[at]] = k;
                    go(at + 1, free, left, cur, dom, out);
                }
                left.insert(j, k);
            }
        }
        let mut left: Vec<Kind> = free.iter().map(|&j| base.pieces[j]).collect();
        let mut cur = base.pieces;
        let mut out = Vec::new();
        go(0, free, &mut left, &mut cur, dom, &mut out);
        out
    }

    /// L-18, L-17: with L-17's limits alone the counter counts every legal deployment, and
    /// every draw is legal.
    #[test]
    fn l18_placement_limits_count_every_legal_deployment() {
        let c = DeploymentCounter::new(DeploymentCounter::placement_limits());
        assert_eq!(c.count(), u128::from(Deployment::count()));
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..200 {
            assert!(c.draw(&mut rng).unwrap().check().is_ok());
        }
        // Without L-17's limits: the multinomial 25!/(2!⁵·3!⁴) of L-5's counts.
        let free = DeploymentCounter::new([KindSet::ALL; 25]);
        let multinomial = (1..=25u128).product::<u128>() / (2u128.pow(5) * 6u128.pow(4));
        assert_eq!(free.count(), multinomial);
    }

    /// Stated distribution test: seeded hand-built domain sets over 5 or 6 free pieces (the
    /// rest fixed to a legal deployment's kinds; each free piece's domain the free kinds met by
    /// L-17's limits, some narrowed further) have few enough deployments to enumerate; the
    /// count is the enumeration's, and 200 draws per deployment give Pearson's χ² below
    /// df + 4.5·√(2·df) + 10 (above the 0.999 quantile for every df), every draw in the set.
    /// With no deployment the count is 0 and `draw` says so.
    #[test]
    fn draws_are_uniform_over_small_domain_sets() {
        let mut rng = StdRng::seed_from_u64(11);
        let limits = DeploymentCounter::placement_limits();
        let mut tested = 0;
        for case in 0..12 {
            let base = Deployment::random(&mut rng);
            let n = 5 + case % 2;
            let mut free: Vec<usize> = Vec::new();
            while free.len() < n {
                let j = rng.random_range(0..25);
                if !free.contains(&j) {
                    free.push(j);
                }
            }
            let kinds: KindSet = free.iter().map(|&j| base.pieces[j]).collect();
            let mut dom: [KindSet; 25] = std::array::from_fn(|j| KindSet::only(base.pieces[j]));
            for &j in &free {
                dom[j] = kinds.and(limits[j]);
                if case % 3 == 0 {
                    // Narrower, keeping the base's own kind so that a deployment remains.
                    let keep = KindSet(rng.random_range(0..4096u16));
                    dom[j] = dom[j].and(keep).with(base.pieces[j]);
                }
            }
            let worlds = brute_force(&base, &free, &dom);
            // Odd cases draw the free pieces first, last one first (the order changes the
            // table, not the count or the distribution).
            let c = if case % 2 == 1 {
                let first: Vec<usize> = free.iter().rev().copied().collect();
                DeploymentCounter::with_order(dom, &first).unwrap()
            } else {
                DeploymentCounter::new(dom)
            };
            assert_eq!(c.count(), worlds.len() as u128, "case {case}");
            if worlds.len() < 2 {
                continue;
            }
            tested += 1;
            let draws = 200 * worlds.len() as u32;
            let mut seen: HashMap<[Kind; 25], u32> = HashMap::new();
            for _ in 0..draws {
                let d = c.draw(&mut rng).unwrap();
                assert!(worlds.contains(&d.pieces), "case {case}");
                *seen.entry(d.pieces).or_default() += 1;
            }
            let e = f64::from(draws) / worlds.len() as f64;
            let chi: f64 = worlds
                .iter()
                .map(|w| (f64::from(seen.get(w).copied().unwrap_or(0)) - e).powi(2) / e)
                .sum();
            let df = (worlds.len() - 1) as f64;
            assert!(
                chi < df + 4.5 * (2.0 * df).sqrt() + 10.0,
                "case {case}: χ² {chi}, df {df}"
            );
        }
        assert!(tested >= 6, "{tested} cases with two or more deployments");
        // Two pieces that can only be the one flag: no deployment.
        let mut dom = limits;
        let hq: Vec<usize> = (0..25)
            .filter(|&j| limits[j].contains(Kind::Flag))
            .collect();
        for &j in &hq {
            dom[j] = KindSet::only(Kind::Flag);
        }
        let c = DeploymentCounter::new(dom);
        assert_eq!(c.count(), 0);
        assert!(c.draw(&mut rng).is_none());
        assert!(c.begin().is_none());
    }

    /// A draw piece by piece is the whole draw (same generator, same deployment), in the
    /// counter's order; an order naming a piece twice or past 24 is refused.
    #[test]
    fn a_draw_piece_by_piece_is_the_whole_draw() {
        let limits = DeploymentCounter::placement_limits();
        let c = DeploymentCounter::with_order(limits, &[24, 0, 12]).unwrap();
        for seed in 0..20 {
            let whole = c.draw(&mut StdRng::seed_from_u64(seed)).unwrap();
            let mut rng = StdRng::seed_from_u64(seed);
            let mut p = c.begin().unwrap();
            let firsts: Vec<(usize, Kind)> = (0..3).map(|_| p.next(&mut rng).unwrap()).collect();
            assert_eq!(
                firsts,
                [24, 0, 12].map(|i| (i, whole.pieces[i])).to_vec(),
                "seed {seed}"
            );
            assert_eq!(p.finish(&mut rng), whole);
        }
        assert_eq!(
            DeploymentCounter::with_order(limits, &[3, 3]).err(),
            Some(OrderError(3))
        );
        assert_eq!(
            DeploymentCounter::with_order(limits, &[25]).err(),
            Some(OrderError(25))
        );
    }
}
