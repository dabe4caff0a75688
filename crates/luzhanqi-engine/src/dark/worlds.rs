//! Worlds for the searching dark agents: the exact sampler of the state's consistent enemy
//! deployments, kept while the state's constraints stay the same, and a drawn world replayed
//! to the state's present.

use luzhanqi::dark::{InfoState, KindSet, WorldError, WorldSampler, replay_world};
use luzhanqi::{Game, Position};
use rand::Rng;

/// One world: the true position in it now and the Zobrist keys of the game's earlier
/// positions (oldest first), for the search's repetition test.
#[derive(Debug, Clone)]
pub(crate) struct World {
    pub pos: Position,
    pub keys: Vec<u64>,
}

impl World {
    fn of(game: &Game) -> World {
        let mut p = game.start().clone();
        let mut keys = Vec::with_capacity(game.moves().len() + 1);
        for &m in game.moves() {
            keys.push(p.zobrist_hash());
            p.play_unchecked(m);
        }
        World {
            pos: game.position().clone(),
            keys,
        }
    }
}

/// The sampler of the last state, kept while the next state constrains the worlds alike.
///
/// The consistent worlds of an exact state are exactly the deployments whose kinds lie in
/// the [`Knowledge`](luzhanqi::dark::Knowledge)'s domains, meet L-5's counts and are not all
/// in its excluded sets, so a sampler built for an earlier state with the same domains and
/// excluded sets draws from the same worlds; its draws are then replayed against the new
/// state. Rebuilding it (tens of milliseconds) is thus needed only when something was
/// learnt.
#[derive(Debug, Default)]
pub(crate) struct WorldCache {
    key: Option<([KindSet; 25], Option<[KindSet; 25]>)>,
    sampler: Option<WorldSampler>,
}

impl WorldCache {
    /// The sampler for `state`.
    fn sampler(&mut self, state: &InfoState) -> Result<&WorldSampler, WorldError> {
        let know = state.validate()?;
        let key = (*know.domains(), know.excluded().copied());
        let fresh = self.key.as_ref() == Some(&key)
            && self.sampler.as_ref().is_some_and(WorldSampler::is_exact);
        if !fresh {
            self.sampler = Some(WorldSampler::new(state)?);
            self.key = Some(key);
        }
        Ok(self.sampler.as_ref().expect("just built"))
    }

    /// `n` worlds of `state`, each drawn uniformly from the consistent ones; fewer (at least
    /// one) when `time_up` says so: it is asked before each world after the first, since a
    /// world is replayed through the whole game and a thousand of them at a late ply take
    /// longer than a short `movetime` (issue 50, item 13: 128 ms for `movetime 50`).
    pub fn draw<R: Rng + ?Sized>(
        &mut self,
        state: &InfoState,
        n: usize,
        rng: &mut R,
        mut time_up: impl FnMut() -> bool,
    ) -> Result<Vec<World>, WorldError> {
        let sampler = self.sampler(state)?;
        let mut out = Vec::with_capacity(n.min(1024));
        for i in 0..n.max(1) {
            if i > 0 && time_up() {
                break;
            }
            let d = sampler.draw(rng)?;
            let game = replay_world(state, &d).map_err(|_| WorldError::NoWorld)?;
            out.push(World::of(game.game()));
        }
        Ok(out)
    }

    /// Forget the sampler.
    pub fn clear(&mut self) {
        *self = WorldCache::default();
    }
}

#[cfg(test)]
mod tests {
    use luzhanqi::Side;
    use luzhanqi::dark::{DarkGame, DarkRules, check_world};
    use luzhanqi::deploy::Deployment;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    /// A sampler kept from an earlier state draws exactly what a fresh one would, and its
    /// worlds fit the new state.
    #[test]
    fn a_kept_sampler_draws_as_a_fresh_one() {
        let mut rng = StdRng::seed_from_u64(8);
        let (r, b) = (Deployment::random(&mut rng), Deployment::random(&mut rng));
        let mut game = DarkGame::new(&r, &b, Side::Red, DarkRules::STANDARD).unwrap();
        let mut cache = WorldCache::default();
        let mut kept = 0;
        for ply in 0..160u64 {
            if game.outcome().is_some() {
                break;
            }
            if game.turn() != Side::Red {
                game.play_random(&mut rng, game.game().moves().len() + 1);
                continue;
            }
            // Red decides: the state's excluded sets are none (they tie Blue's pieces only
            // when Blue is to move), so the sampler is kept until Red learns something.
            let state = game.info_state(Side::Red).clone();
            let before = cache.key;
            let kept_worlds = cache
                .draw(&state, 3, &mut StdRng::seed_from_u64(ply), || false)
                .unwrap();
            kept += u32::from(before == cache.key);
            let fresh = WorldCache::default()
                .draw(&state, 3, &mut StdRng::seed_from_u64(ply), || false)
                .unwrap();
            for (k, f) in kept_worlds.iter().zip(&fresh) {
                assert_eq!(k.pos, f.pos, "ply {ply}");
                assert_eq!(k.keys, f.keys);
                assert_eq!(k.keys.len(), state.plies());
            }
            let d = WorldSampler::new(&state).unwrap().draw(&mut rng).unwrap();
            assert!(check_world(&state, &d).is_ok());
            game.play_random(&mut rng, game.game().moves().len() + 1);
        }
        assert!(kept > 10, "the sampler was kept only {kept} times");
    }

    /// Issue 50, item 13: the time is looked at between two worlds, so that drawing many of
    /// them at a late ply ends when the time is up (a counting clock: the fourth look says so).
    #[test]
    fn drawing_stops_when_the_time_is_up_and_keeps_one_world() {
        let mut rng = StdRng::seed_from_u64(3);
        let (r, b) = (Deployment::random(&mut rng), Deployment::random(&mut rng));
        let mut game = DarkGame::new(&r, &b, Side::Red, DarkRules::STANDARD).unwrap();
        for _ in 0..20 {
            game.play_random(&mut rng, game.game().moves().len() + 1);
        }
        let state = game.info_state(game.turn()).clone();
        let mut cache = WorldCache::default();
        let mut looks = 0;
        let worlds = cache
            .draw(&state, 1024, &mut rng, || {
                looks += 1;
                looks >= 4
            })
            .unwrap();
        assert_eq!((worlds.len(), looks), (4, 4));
        // Time up from the start: one world all the same.
        let worlds = cache.draw(&state, 1024, &mut rng, || true).unwrap();
        assert_eq!(worlds.len(), 1);
        assert_eq!(cache.draw(&state, 5, &mut rng, || false).unwrap().len(), 5);
    }
}
