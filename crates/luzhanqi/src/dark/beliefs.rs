//! Beliefs (L-31): each enemy piece's probability of each kind given a side's information
//! state, every consistent world equally likely.

use rand::Rng;

use crate::piece::Kind;
use crate::square::Square;

use super::info::InfoState;
use super::kindset::KindSet;
use super::worlds::{COUNTS, STATES, STRIDE, WorldError, WorldSampler};

/// What a side believes of one enemy piece.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceBelief {
    /// The piece's identity (its start point).
    pub id: Square,
    /// Where it stands now; `None` once removed.
    pub at: Option<Square>,
    /// The probability of each kind, by [`Kind::index`].
    pub probabilities: [f64; 12],
    /// The standard error of each probability: 0 when exact, else that of the estimate
    /// from the worlds drawn.
    pub error: [f64; 12],
    /// The kinds the public deductions leave it ([`Knowledge::domains`](crate::dark::Knowledge::domains)).
    pub public: KindSet,
}

impl PieceBelief {
    /// The kind it is for certain (probability 1), if any.
    #[must_use]
    pub fn certain(&self) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| self.probabilities[k.index()] == 1.0 && self.error[k.index()] == 0.0)
    }

    /// The kind forced by the public deductions alone (a piece that turned on the railway is
    /// an engineer, …), if any: shown as a certainty whatever the counting says.
    #[must_use]
    pub fn forced(&self) -> Option<Kind> {
        self.public.single()
    }

    /// The most likely kind and its probability.
    #[must_use]
    pub fn most_likely(&self) -> (Kind, f64) {
        Kind::ALL
            .into_iter()
            .map(|k| (k, self.probabilities[k.index()]))
            .fold((Kind::Flag, -1.0), |a, b| if b.1 > a.1 { b } else { a })
    }
}

/// Each enemy piece's probability of each kind given a side's information state (L-31).
/// Exact (counted over all consistent worlds by the sampler's tables) unless the
/// `repetition` option is on; then estimated from drawn worlds with a standard error.
///
/// ```
/// use luzhanqi::dark::{Beliefs, DarkGame, DarkRules};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::{Kind, Side};
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// game.play("c6c7".parse()?)?; // engineer against c7: both removed
/// let b = Beliefs::new(game.info_state(Side::Red))?;
/// assert!(b.is_exact());
/// let c7 = b.piece("c7".parse()?).unwrap();
/// let p = c7.probabilities;
/// assert!((p[Kind::Engineer.index()] + p[Kind::Bomb.index()] - 1.0).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Beliefs {
    pieces: Vec<PieceBelief>,
    worlds: u128,
    exact: bool,
}

impl Beliefs {
    /// The beliefs of `state`; estimated from 4,000 worlds under `repetition`.
    ///
    /// # Errors
    /// As [`WorldSampler::new`].
    pub fn new(state: &InfoState) -> Result<Beliefs, WorldError> {
        let s = WorldSampler::new(state)?;
        if s.is_exact() {
            Ok(Beliefs::exact(&s))
        } else {
            let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(0);
            Beliefs::estimate(&s, 4000, &mut rng)
        }
    }

    /// The exact beliefs from the sampler's tables: one forward pass over the count vectors,
    /// each state's prefixes times each next kind's completions.
    #[must_use]
    pub fn exact(s: &WorldSampler) -> Beliefs {
        let (dom, ex, all, within) = s.tables();
        let mut num = [[0u128; 12]; 25];
        let mut fwd = vec![0u128; STATES];
        let mut fwd_in = vec![0u128; if ex.is_some() { STATES } else { 0 }];
        fwd[0] = 1;
        if let Some(f) = fwd_in.first_mut() {
            *f = 1;
        }
        let mut digits = [0usize; 12];
        let mut sum = 0;
        for code in 0..STATES {
            if sum < 25 && fwd[code] != 0 {
                let (f, g) = (fwd[code], fwd_in.get(code).copied().unwrap_or(0));
                for k in 0..12 {
                    if dom[sum] >> k & 1 == 0 || digits[k] == COUNTS[k] {
                        continue;
                    }
                    let next = code + STRIDE[k];
                    num[sum][k] += f * all[next];
                    fwd[next] += f;
                    if let Some(e) = ex
                        && e[sum] >> k & 1 != 0
                    {
                        num[sum][k] -= g * within[next];
                        fwd_in[next] += g;
                    }
                }
            }
            for k in 0..12 {
                if digits[k] < COUNTS[k] {
                    digits[k] += 1;
                    sum += 1;
                    break;
                }
                sum -= digits[k];
                digits[k] = 0;
            }
        }
        let total = s.count();
        let k = s.knowledge();
        let ids = k.ids();
        let pieces = (0..25)
            .map(|j| PieceBelief {
                id: ids[j],
                at: k.positions()[j],
                probabilities: std::array::from_fn(|x| num[j][x] as f64 / total as f64),
                error: [0.0; 12],
                public: k.domains()[j],
            })
            .collect();
        Beliefs {
            pieces,
            worlds: total,
            exact: true,
        }
    }

    /// Beliefs estimated from `n` drawn worlds, with the standard error of each.
    ///
    /// # Errors
    /// As [`WorldSampler::draw`].
    pub fn estimate<R: Rng + ?Sized>(
        s: &WorldSampler,
        n: u32,
        rng: &mut R,
    ) -> Result<Beliefs, WorldError> {
        let mut hits = [[0u32; 12]; 25];
        for _ in 0..n {
            let d = s.draw(rng)?;
            for (j, k) in d.pieces.iter().enumerate() {
                hits[j][k.index()] += 1;
            }
        }
        let k = s.knowledge();
        let ids = k.ids();
        let nf = f64::from(n.max(1));
        let pieces = (0..25)
            .map(|j| {
                let p: [f64; 12] = std::array::from_fn(|x| f64::from(hits[j][x]) / nf);
                PieceBelief {
                    id: ids[j],
                    at: k.positions()[j],
                    probabilities: p,
                    error: p.map(|q| (q * (1.0 - q) / nf).sqrt()),
                    public: k.domains()[j],
                }
            })
            .collect();
        Ok(Beliefs {
            pieces,
            worlds: s.count(),
            exact: false,
        })
    }

    /// Every enemy piece's belief, in the enemy's deployment order.
    #[must_use]
    pub fn pieces(&self) -> &[PieceBelief] {
        &self.pieces
    }

    /// The belief of the enemy piece that started on `id`, or stands on it now.
    #[must_use]
    pub fn piece(&self, sq: Square) -> Option<&PieceBelief> {
        self.pieces
            .iter()
            .find(|p| p.at == Some(sq))
            .or_else(|| self.pieces.iter().find(|p| p.id == sq))
    }

    /// The number of consistent worlds (an upper bound when not exact).
    #[must_use]
    pub fn worlds(&self) -> u128 {
        self.worlds
    }

    /// Whether the probabilities are exact.
    #[must_use]
    pub fn is_exact(&self) -> bool {
        self.exact
    }
}
