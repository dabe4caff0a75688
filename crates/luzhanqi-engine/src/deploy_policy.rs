//! Deployment policies (布阵): how an engine chooses its deployment among L-17's legal ones.
//!
//! [`DeploymentPolicy::Uniform`] draws uniformly ([`Deployment::random`]);
//! [`DeploymentPolicy::Guarded`] is a hand-made policy: the flag on a headquarters between two
//! landmines with a defender in front of it, a bomb near it, the field marshal and general off the front row on different
//! flanks, middle ranks on the front row, everything else shuffled, so that two games rarely
//! share a deployment and the flag is not left open the way uniform deployments often leave
//! it (a uniform deployment guards the flag's three neighbours with landmines once in about
//! 150).

use std::fmt;
use std::str::FromStr;

use luzhanqi::deploy::{Deployment, OWN_POINTS};
use luzhanqi::rand::Rng;
use luzhanqi::{Kind, Square};
use thiserror::Error;

/// How a deployment is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum DeploymentPolicy {
    /// The flag and landmines placed to be defended, the rest varied (the default).
    #[default]
    Guarded,
    /// Uniform over L-17's legal deployments.
    Uniform,
    /// Always this deployment (a test's fixed entry; not checked here).
    Fixed(Deployment),
}

/// A name that is not a deployment policy (`guarded`, `uniform` or a legal deployment string
/// was expected); the text is clipped to 40 characters.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown deployment policy '{0}' (expected guarded, uniform or a deployment string)")]
pub struct UnknownPolicy(pub String);

impl FromStr for DeploymentPolicy {
    type Err = UnknownPolicy;

    /// `guarded`, `uniform`, or a deployment string (L-19) of a legal deployment (L-17) for
    /// [`DeploymentPolicy::Fixed`].
    fn from_str(s: &str) -> Result<DeploymentPolicy, UnknownPolicy> {
        match s.trim().to_ascii_lowercase().as_str() {
            "guarded" => Ok(DeploymentPolicy::Guarded),
            "uniform" => Ok(DeploymentPolicy::Uniform),
            _ => s
                .trim()
                .parse::<Deployment>()
                .ok()
                .filter(|d| d.check().is_ok())
                .map(DeploymentPolicy::Fixed)
                .ok_or_else(|| UnknownPolicy(junqi_game::clip(s, 40))),
        }
    }
}

impl fmt::Display for DeploymentPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeploymentPolicy::Guarded => f.write_str("guarded"),
            DeploymentPolicy::Uniform => f.write_str("uniform"),
            DeploymentPolicy::Fixed(d) => write!(f, "{d}"),
        }
    }
}

/// An own-frame point (file 0–4, row 1–6; Red's frame is the board's).
fn pt(file: u8, row: u8) -> Square {
    Square::new(file, row).expect("own-frame point")
}

/// The own-frame points still free (camps are never deployment points).
struct Board {
    kinds: [Option<Kind>; 25],
}

impl Board {
    fn slot(sq: Square) -> usize {
        OWN_POINTS
            .iter()
            .position(|&p| p == sq)
            .expect("a deployment point")
    }

    fn free(&self, sq: Square) -> bool {
        OWN_POINTS.contains(&sq) && self.kinds[Board::slot(sq)].is_none()
    }

    fn put(&mut self, sq: Square, k: Kind) {
        self.kinds[Board::slot(sq)] = Some(k);
    }

    /// Put `k` on a uniform free point of `candidates`; `false` when none is free.
    fn put_among<R: Rng + ?Sized>(&mut self, rng: &mut R, candidates: &[Square], k: Kind) -> bool {
        let free: Vec<Square> = candidates
            .iter()
            .copied()
            .filter(|&s| self.free(s))
            .collect();
        if free.is_empty() {
            return false;
        }
        self.put(free[rng.random_range(0..free.len())], k);
        true
    }

    fn points_where(&self, f: impl Fn(Square) -> bool) -> Vec<Square> {
        OWN_POINTS
            .iter()
            .copied()
            .filter(|&s| self.free(s) && f(s))
            .collect()
    }
}

fn shuffle<T, R: Rng + ?Sized>(rng: &mut R, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
}

impl DeploymentPolicy {
    /// A deployment of the policy; always legal (L-17) but for a `Fixed` one.
    ///
    /// ```
    /// use luzhanqi::rand::{SeedableRng, rngs::StdRng};
    /// use luzhanqi_engine::deploy_policy::DeploymentPolicy;
    /// let mut rng = StdRng::seed_from_u64(3);
    /// let d = DeploymentPolicy::Guarded.choose(&mut rng);
    /// assert!(d.check().is_ok());
    /// ```
    pub fn choose<R: Rng + ?Sized>(self, rng: &mut R) -> Deployment {
        match self {
            DeploymentPolicy::Uniform => Deployment::random(rng),
            DeploymentPolicy::Fixed(d) => d,
            DeploymentPolicy::Guarded => {
                let d = guarded(rng);
                // Every step keeps to L-17's rooms; the check guards against a slip.
                if d.check().is_ok() {
                    d
                } else {
                    Deployment::random(rng)
                }
            }
        }
    }
}

/// The guarded policy, step by step (own frame: rows 1 back … 6 front, headquarters b1 d1).
fn guarded<R: Rng + ?Sized>(rng: &mut R) -> Deployment {
    let mut b = Board { kinds: [None; 25] };
    // The flag on a headquarters (L-17), the side drawn.
    let left = rng.random_bool(0.5);
    let (flag_file, other_hq_file, corner): (u8, u8, u8) = if left { (1, 3, 0) } else { (3, 1, 4) };
    b.put(pt(flag_file, 1), Kind::Flag);
    // Landmines on the flag's two back-row neighbours (the corner and the centre, L-17), and
    // a piece that moves on the point in front of it: a landmine there would cut row 2's
    // railway (L-8), the only road by which a defender reaches the railway's corner end
    // beside the flag other than the file a raider comes down. The third landmine on that
    // corner end (row 2) or on another back-row point, drawn.
    b.put(pt(corner, 1), Kind::Landmine);
    b.put(pt(2, 1), Kind::Landmine);
    let front = pt(flag_file, 2);
    let defender = [Kind::Division, Kind::Brigade, Kind::Regiment][rng.random_range(0..3)];
    b.put(front, defender);
    if rng.random_bool(0.5) {
        b.put(pt(corner, 2), Kind::Landmine);
    } else {
        let back = b.points_where(|s| s.rank() <= 2);
        b.put(back[rng.random_range(0..back.len())], Kind::Landmine);
    }
    // A bomb near the flag (rows 2–4 on its side), the other anywhere off the front row.
    let near: Vec<Square> =
        b.points_where(|s| (2..=4).contains(&s.rank()) && s.file().abs_diff(flag_file) <= 1);
    let mut bombs = 2 - usize::from(b.put_among(rng, &near, Kind::Bomb));
    while bombs > 0 {
        let off_front = b.points_where(|s| (2..=5).contains(&s.rank()));
        b.put_among(rng, &off_front, Kind::Bomb);
        bombs -= 1;
    }
    // The field marshal and the general off the front row and off the back row, on different
    // flanks where there is room.
    let mid = b.points_where(|s| (2..=5).contains(&s.rank()));
    b.put_among(rng, &mid, Kind::Marshal);
    let marshal_file = OWN_POINTS
        .iter()
        .zip(b.kinds)
        .find(|(_, k)| *k == Some(Kind::Marshal))
        .map_or(2, |(s, _)| s.file());
    let other_flank = b.points_where(|s| {
        (2..=5).contains(&s.rank()) && (s.file() < 2) != (marshal_file < 2) && s.file() != 2
    });
    if !b.put_among(rng, &other_flank, Kind::General) {
        let mid = b.points_where(|s| (2..=5).contains(&s.rank()));
        b.put_among(rng, &mid, Kind::General);
    }
    // The other headquarters: a piece that need not move (a locked piece, L-10).
    // (unless the feint landmine went there).
    let decoy = [Kind::Platoon, Kind::Company, Kind::Battalion][rng.random_range(0..3)];
    if b.free(pt(other_hq_file, 1)) {
        b.put(pt(other_hq_file, 1), decoy);
    }
    // What is left of the 25 pieces, by kind.
    let mut left_over: Vec<Kind> = Kind::ALL
        .iter()
        .flat_map(|&k| std::iter::repeat_n(k, k.count() as usize))
        .collect();
    for k in b.kinds.iter().flatten() {
        let i = left_over
            .iter()
            .position(|x| x == k)
            .expect("placed from the 25");
        left_over.swap_remove(i);
    }
    // The front row (row 6): middle and low ranks, at most one engineer.
    let front = b.points_where(|s| s.rank() == 6);
    let mut front_pool: Vec<Kind> = left_over
        .iter()
        .copied()
        .filter(|k| !matches!(k, Kind::Division | Kind::Engineer))
        .collect();
    front_pool.push(Kind::Engineer);
    shuffle(rng, &mut front_pool);
    for (&s, &k) in front.iter().zip(&front_pool) {
        b.put(s, k);
        let i = left_over.iter().position(|&x| x == k).expect("in the pool");
        left_over.swap_remove(i);
    }
    // Everything else, shuffled over the free points.
    shuffle(rng, &mut left_over);
    let rest = b.points_where(|_| true);
    for (s, k) in rest.into_iter().zip(left_over) {
        b.put(s, k);
    }
    Deployment {
        pieces: b.kinds.map(|k| k.unwrap_or(Kind::Platoon)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use luzhanqi::rand::SeedableRng;
    use luzhanqi::rand::rngs::StdRng;
    use std::collections::HashSet;

    fn kind_at(d: &Deployment, s: &str) -> Kind {
        let sq: Square = s.parse().unwrap();
        d.iter().find(|&(p, _)| p == sq).unwrap().1
    }

    /// L-17 always holds; the flag stands on a headquarters between two landmines (its
    /// back-row neighbours) with a division, brigade or regiment in front of it, never a
    /// landmine that would cut row 2's railway (L-8); the third landmine is on the railway's
    /// corner end beside the flag about half the time; no two of 500 deployments are the same.
    #[test]
    fn guarded_deployments_are_legal_defended_and_varied() {
        let mut rng = StdRng::seed_from_u64(11);
        let mut seen = HashSet::new();
        let mut corner_end = 0;
        let mut left = 0;
        for _ in 0..500 {
            let d = guarded(&mut rng);
            assert_eq!(d.check(), Ok(()), "{d}");
            let (flag, corner, front, end) = if kind_at(&d, "b1") == Kind::Flag {
                left += 1;
                ("b1", "a1", "b2", "a2")
            } else {
                ("d1", "e1", "d2", "e2")
            };
            assert_eq!(kind_at(&d, flag), Kind::Flag);
            assert_eq!(kind_at(&d, corner), Kind::Landmine, "{d}");
            assert_eq!(kind_at(&d, "c1"), Kind::Landmine, "{d}");
            assert!(
                matches!(
                    kind_at(&d, front),
                    Kind::Division | Kind::Brigade | Kind::Regiment
                ),
                "{d}"
            );
            corner_end += usize::from(kind_at(&d, end) == Kind::Landmine);
            seen.insert(d);
        }
        assert_eq!(seen.len(), 500);
        assert!(
            (220..=330).contains(&corner_end),
            "{corner_end} corner ends mined of 500"
        );
        assert!(
            (200..=300).contains(&left),
            "{left} flags on the left of 500"
        );
    }

    /// The field marshal and the general never stand on the front row or a headquarters.
    #[test]
    fn marshal_and_general_stand_back_from_the_front() {
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..300 {
            let d = DeploymentPolicy::Guarded.choose(&mut rng);
            for (s, k) in d.iter() {
                if matches!(k, Kind::Marshal | Kind::General) {
                    assert!((2..=5).contains(&s.rank()), "{d}");
                }
            }
        }
    }

    #[test]
    fn policies_parse_by_name() {
        assert_eq!("uniform".parse(), Ok(DeploymentPolicy::Uniform));
        assert_eq!(" Guarded ".parse(), Ok(DeploymentPolicy::Guarded));
        assert!("best".parse::<DeploymentPolicy>().is_err());
        // A deployment string that breaks L-17 (the flag off a headquarters) is refused.
        let flag_on_a1 = luzhanqi::deploy::DEFAULT_DEPLOYMENT.replace("LFLCP", "FLLCP");
        assert!(flag_on_a1.parse::<Deployment>().is_ok());
        assert!(flag_on_a1.parse::<DeploymentPolicy>().is_err());
        let long = "x".repeat(100);
        assert!(
            long.parse::<DeploymentPolicy>()
                .unwrap_err()
                .0
                .ends_with("… (100 characters)")
        );
        let fixed = luzhanqi::deploy::DEFAULT_DEPLOYMENT;
        let p: DeploymentPolicy = fixed.parse().unwrap();
        assert_eq!(p.to_string(), fixed);
        assert_eq!(p.choose(&mut StdRng::seed_from_u64(1)).to_string(), fixed);
        assert_eq!(DeploymentPolicy::default().to_string(), "guarded");
    }
}
