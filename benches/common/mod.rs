//! Helpers shared by the benches (and by `examples/bench_positions.rs`, which includes this
//! file by path): a small deterministic PRNG, random games from the default opening, and the
//! perft file `tests/data/bench.perft`.
#![allow(dead_code)]

use gjjq::Position;

/// SplitMix64: tiny, deterministic, good enough to pick random moves reproducibly.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0); the slight modulo bias does not matter here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The positions of one random game from the default opening with `seed`: at most `plies`
/// moves, stopping early at a position without legal moves. The first entry is the opening.
pub fn random_game(seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = SplitMix(seed);
    let mut pos = Position::default();
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
        out.push(pos.clone());
    }
    out
}

/// The movegen suite: 50 positions from random games of 8 to 97 plies (seeds 1 … 50), each
/// the last position of its game that has legal moves.
pub fn movegen_suite() -> Vec<Position> {
    (1..=50u64)
        .map(|seed| {
            let plies = 8 + (seed as usize * 13) % 90;
            random_game(seed, plies)
                .into_iter()
                .rev()
                .find(|p| !p.legal_moves().is_empty())
                .expect("the opening has moves")
        })
        .collect()
}

/// The perft file of the benches, parsed by `gjjq::notation::parse_perft_file`.
pub fn bench_perft_file() -> Vec<gjjq::notation::PerftEntry> {
    gjjq::notation::parse_perft_file(include_str!("../../tests/data/bench.perft"))
        .expect("a valid perft file")
}
