//! Counting and uniform drawing of one side's deployments (R-35).

use super::*;

/// Counts and draws the deployments of one side under a ruleset (R-32, R-35).
///
/// The count comes from the rules: the king and guards choose points of the palace, the
/// missiles of their land, the fleets of sea and coast, each group split over the terrain
/// classes it may use, and the other kinds take any of the points left (pieces of one kind
/// interchangeable). A draw makes the same choices, each split weighted by the exact number
/// of deployments that complete it and points uniform within a class, so every legal
/// deployment is equally likely (R-35): no rejection, no order of preference.
///
/// # Examples
///
/// ```
/// use gjjq_core::{ruleset::MissileDeployment, Ruleset, deploy::DeploymentSampler};
/// use gjjq_core::rand::{SeedableRng, rngs::StdRng};
/// let mut back = Ruleset::STANDARD;
/// back.deployment.missile_deployment = MissileDeployment::BackRanks;
/// let sampler = DeploymentSampler::new(&back);
/// assert!(sampler.count() < DeploymentSampler::new(&Ruleset::STANDARD).count());
/// let mut rng = StdRng::seed_from_u64(1);
/// for _ in 0..100 {
///     assert!(sampler.sample(&mut rng).validate(&back).is_ok());
/// }
/// ```
#[derive(Debug, Clone)]
pub struct DeploymentSampler {
    placer: Placer,
}

impl DeploymentSampler {
    /// The sampler of `rules`' deployments (only `missile_deployment` matters).
    #[must_use]
    pub fn new(rules: &Ruleset) -> DeploymentSampler {
        let groups: Vec<Group> = PieceKind::ALL
            .iter()
            .map(|&kind| Group {
                piece: Piece::new(Side::Red, kind),
                count: kind.count_per_side() as u8,
                domain: domain(kind, rules),
            })
            .collect();
        DeploymentSampler {
            placer: Placer::new(OWN, &groups),
        }
    }

    /// The number of legal deployments of one side.
    #[must_use]
    pub fn count(&self) -> u128 {
        self.placer.count()
    }

    /// A deployment drawn uniformly from all legal ones (R-35).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Deployment {
        let mut board = [None; 45];
        self.placer
            .sample(rng, |sq, p| board[sq.index()] = Some(p.kind))
            .expect("every ruleset has legal deployments");
        Deployment { board }
    }
}
