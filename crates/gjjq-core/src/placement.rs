//! Counting and drawing placements of pieces on allowed points, exactly.
//!
//! A placement problem is a list of groups, each a number of interchangeable pieces and the
//! set of points they may stand on (their domain), no two pieces on one point. The deployments
//! of R-32 and the endgame positions of [`crate::endgame`] are such problems.
//!
//! The points are split into atoms, the classes of points that lie in the same domains.
//! Groups whose domain is the whole universe ("free" groups) are placed last: whatever the
//! other groups took, the number of ways to place them is a multinomial coefficient of the
//! points left. The other ("constrained") groups are counted by recursion over how many of
//! their pieces go to each atom, memoised on (group, free points per atom).
//!
//! Drawing follows the same recursion: each constrained group chooses its split over the
//! atoms with probability proportional to the exact number of placements that complete it,
//! then takes points uniformly within each atom; free groups take uniform subsets of what is
//! left. Every placement is reached by exactly one sequence of choices, whose probabilities
//! multiply to `1 / total`: the draw is exactly uniform, with no rejection and no order of
//! preference.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use rand::Rng;

use crate::bitboard::Bitboard;
use crate::piece::Piece;
use crate::square::Square;

/// At most this many atoms (free points per atom are packed 7 bits each into a `u64` key).
const MAX_ATOMS: usize = 8;

/// Largest `k` of the binomial table: no group or force places more pieces than this.
const TABLE_K: usize = 16;

/// `C(n, k)` for `n ≤ 90`, `k ≤ 16`, by Pascal's rule at compile time (C(90, 16) < 2^58).
static BINOMIAL: [[u128; TABLE_K + 1]; 91] = {
    let mut t = [[0u128; TABLE_K + 1]; 91];
    let mut n = 0;
    while n < 91 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= TABLE_K && n > 0 {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// `n` choose `k`, exactly.
pub(crate) fn binomial(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    if n <= 90 && k as usize <= TABLE_K {
        return BINOMIAL[n as usize][k as usize];
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        // Exact at every step: r * (n − i) is divisible by i + 1.
        r = r * u128::from(n - i) / u128::from(i + 1);
    }
    r
}

/// One group of a placement problem: `count` pieces of `piece`, each on a point of `domain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Group {
    pub piece: Piece,
    pub count: u8,
    pub domain: Bitboard,
}

#[derive(Debug, Clone)]
struct Constrained {
    piece: Piece,
    count: u8,
    /// Bit `a` set when atom `a` lies in the domain.
    atoms: u8,
}

/// A placement problem with its counts precomputed: [`Placer::count`] and [`Placer::sample`].
#[derive(Debug, Clone)]
pub(crate) struct Placer {
    universe: Bitboard,
    atoms: Vec<Bitboard>,
    constrained: Vec<Constrained>,
    free: Vec<(Piece, u8)>,
    /// For every state reachable from the start, (group index, free points per atom): the
    /// group's possible splits with the cumulated number of placements that complete them.
    memo: Memo,
    total: u128,
}

/// A hasher for the memo's packed `u64` keys: one multiply (the keys are already spread).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = (k ^ (k >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type Memo = HashMap<u64, Vec<Choice>, BuildHasherDefault<KeyHasher>>;

/// One way for a group to split over the atoms, with the number of placements of this and
/// the earlier splits of its state that complete them (a cumulative weight).
#[derive(Debug, Clone)]
struct Choice {
    split: [u8; MAX_ATOMS],
    cumulative: u128,
}

fn key(group: usize, free: &[u8; MAX_ATOMS]) -> u64 {
    let mut k = group as u64;
    for &f in free {
        k = (k << 7) | u64::from(f);
    }
    k
}

impl Placer {
    /// The problem of placing `groups` on distinct points of `universe`. Domains are clipped
    /// to the universe.
    ///
    /// # Panics
    /// When the constrained domains cut the universe into more than 8 atoms; the problems of
    /// this crate have at most 8 (four terrain classes in each country).
    pub(crate) fn new(universe: Bitboard, groups: &[Group]) -> Placer {
        let constrained_groups: Vec<&Group> = groups
            .iter()
            .filter(|g| g.count > 0 && (g.domain & universe) != universe)
            .collect();
        // Atoms: points of the universe with the same membership in the constrained domains.
        let mut atoms: Vec<(u64, Bitboard)> = Vec::new();
        for sq in universe {
            let signature = constrained_groups
                .iter()
                .enumerate()
                .fold(0u64, |s, (i, g)| {
                    s | (u64::from(g.domain.contains(sq)) << i)
                });
            match atoms.iter_mut().find(|(s, _)| *s == signature) {
                Some((_, b)) => b.insert(sq),
                None => atoms.push((signature, Bitboard::from_square(sq))),
            }
        }
        assert!(
            atoms.len() <= MAX_ATOMS,
            "a placement problem with {} atoms (at most {MAX_ATOMS})",
            atoms.len()
        );
        let atoms: Vec<Bitboard> = atoms.into_iter().map(|(_, b)| b).collect();
        let constrained = constrained_groups
            .iter()
            .map(|g| Constrained {
                piece: g.piece,
                count: g.count,
                atoms: atoms
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| a.intersects(g.domain))
                    .fold(0u8, |m, (i, _)| m | (1 << i)),
            })
            .collect();
        let free = groups
            .iter()
            .filter(|g| g.count > 0 && (g.domain & universe) == universe)
            .map(|g| (g.piece, g.count))
            .collect();
        let mut placer = Placer {
            universe,
            atoms,
            constrained,
            free,
            memo: Memo::default(),
            total: 0,
        };
        let start = placer.start();
        placer.total = placer.completions(0, &start);
        placer
    }

    fn start(&self) -> [u8; MAX_ATOMS] {
        let mut free = [0u8; MAX_ATOMS];
        for (f, a) in free.iter_mut().zip(&self.atoms) {
            *f = a.count() as u8;
        }
        free
    }

    /// The number of placements (pieces of one group interchangeable).
    pub(crate) fn count(&self) -> u128 {
        self.total
    }

    /// Ways to place the free groups on `left` points.
    fn free_ways(&self, mut left: u32) -> u128 {
        let mut ways = 1u128;
        for &(_, c) in &self.free {
            ways *= binomial(left, u32::from(c));
            left = left.saturating_sub(u32::from(c));
        }
        ways
    }

    /// Every split of `count` pieces over the atoms in `mask` that fits in `free`, each with
    /// its number of point choices (the product of binomials), passed to `f`.
    fn splits(
        mask: u8,
        count: u8,
        free: &[u8; MAX_ATOMS],
        f: &mut impl FnMut(&[u8; MAX_ATOMS], u128),
    ) {
        fn go(
            a: usize,
            mask: u8,
            left: u8,
            free: &[u8; MAX_ATOMS],
            split: &mut [u8; MAX_ATOMS],
            ways: u128,
            f: &mut impl FnMut(&[u8; MAX_ATOMS], u128),
        ) {
            if left == 0 {
                f(split, ways);
                return;
            }
            if a == MAX_ATOMS {
                return;
            }
            if mask & (1 << a) == 0 {
                go(a + 1, mask, left, free, split, ways, f);
                return;
            }
            for k in 0..=left.min(free[a]) {
                split[a] = k;
                let w = ways * binomial(u32::from(free[a]), u32::from(k));
                go(a + 1, mask, left - k, free, split, w, f);
            }
            split[a] = 0;
        }
        let mut split = [0u8; MAX_ATOMS];
        go(0, mask, count, free, &mut split, 1, f);
    }

    fn completions(&mut self, group: usize, free: &[u8; MAX_ATOMS]) -> u128 {
        if group == self.constrained.len() {
            let left: u32 = free.iter().map(|&f| u32::from(f)).sum();
            return self.free_ways(left);
        }
        let k = key(group, free);
        if let Some(choices) = self.memo.get(&k) {
            return choices.last().map_or(0, |c| c.cumulative);
        }
        let g = self.constrained[group].clone();
        let mut options = Vec::new();
        Placer::splits(g.atoms, g.count, free, &mut |split, ways| {
            options.push((*split, ways));
        });
        let mut choices = Vec::with_capacity(options.len());
        let mut total = 0u128;
        for (split, ways) in options {
            let mut rest = *free;
            for (r, s) in rest.iter_mut().zip(&split) {
                *r -= s;
            }
            let n = ways * self.completions(group + 1, &rest);
            if n > 0 {
                total += n;
                choices.push(Choice {
                    split,
                    cumulative: total,
                });
            }
        }
        self.memo.insert(k, choices);
        total
    }

    /// A placement drawn uniformly from all [`Placer::count`] of them, each piece handed to
    /// `put` with its point; `None` when there is none.
    pub(crate) fn sample<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        mut put: impl FnMut(Square, Piece),
    ) -> Option<()> {
        if self.total == 0 {
            return None;
        }
        let mut free = self.start();
        let mut taken = Bitboard::EMPTY;
        for (gi, g) in self.constrained.iter().enumerate() {
            // Every state reachable from the start was tabled by `new`, with the exact
            // number of completions of each split, cumulated.
            let choices = self.memo.get(&key(gi, &free))?;
            let pick = below(rng, choices.last()?.cumulative);
            let choice = choices.iter().find(|c| pick < c.cumulative)?;
            for (a, &k) in choice.split.iter().enumerate().take(self.atoms.len()) {
                for _ in 0..k {
                    let sq = pick_point(rng, self.atoms[a] & !taken);
                    taken.insert(sq);
                    put(sq, g.piece);
                }
                free[a] -= k;
            }
        }
        if !self.free.is_empty() {
            // A uniform arrangement of the free pieces on the points left: a partial
            // Fisher–Yates shuffle of those points.
            let mut points = [Square::from_index_unchecked(0); Square::COUNT];
            let mut n = 0;
            for sq in self.universe & !taken {
                points[n] = sq;
                n += 1;
            }
            let mut i = 0;
            for &(piece, c) in &self.free {
                for _ in 0..c {
                    let j = rng.random_range(i..n);
                    points.swap(i, j);
                    put(points[i], piece);
                    i += 1;
                }
            }
        }
        Some(())
    }
}

/// A number in `0..n`, each equally likely (in 64 bits when `n` allows: faster).
fn below<R: Rng + ?Sized>(rng: &mut R, n: u128) -> u128 {
    match u64::try_from(n) {
        Ok(n) => u128::from(rng.random_range(0..n)),
        Err(_) => rng.random_range(0..n),
    }
}

/// A point of the non-empty set `set`, each equally likely.
fn pick_point<R: Rng + ?Sized>(rng: &mut R, set: Bitboard) -> Square {
    let n = rng.random_range(0..set.count());
    let mut bits = set.0;
    for _ in 0..n {
        bits &= bits - 1;
    }
    Square::from_index_unchecked(bits.trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::PieceKind;
    use crate::square::{Side, Square};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn binomials() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(45, 0), 1);
        assert_eq!(binomial(3, 4), 0);
        assert_eq!(binomial(90, 16), 214_667_221_708_410_075);
        // Pascal's rule on a range.
        for n in 1..60 {
            for k in 1..n {
                assert_eq!(binomial(n, k), binomial(n - 1, k - 1) + binomial(n - 1, k));
            }
        }
    }

    fn bits(indices: &[usize]) -> Bitboard {
        indices.iter().fold(Bitboard::EMPTY, |b, &i| {
            b.with(Square::from_index_unchecked(i))
        })
    }

    /// A small problem with overlapping domains, a free group and interchangeable pieces,
    /// small enough to enumerate: 8 points.
    fn small_problem() -> (Bitboard, Vec<Group>) {
        let red = |k| Piece::new(Side::Red, k);
        let universe = bits(&[0, 1, 2, 3, 4, 5, 6, 7]);
        let groups = vec![
            Group {
                piece: red(PieceKind::King),
                count: 1,
                domain: bits(&[0, 1, 2]),
            },
            Group {
                piece: red(PieceKind::Guard),
                count: 2,
                domain: bits(&[0, 1, 2, 3]),
            },
            Group {
                piece: red(PieceKind::Missile),
                count: 2,
                domain: bits(&[2, 3, 4, 5]),
            },
            Group {
                piece: red(PieceKind::Fleet),
                count: 1,
                domain: bits(&[4, 5, 6, 7]),
            },
            Group {
                piece: red(PieceKind::Infantry),
                count: 1,
                domain: universe,
            },
        ];
        (universe, groups)
    }

    /// Every placement by brute force: each piece in turn on each point of its domain, as a
    /// canonical board (pieces of a group interchangeable, so boards are deduplicated).
    fn enumerate(universe: Bitboard, groups: &[Group]) -> Vec<Vec<Option<Piece>>> {
        let pieces: Vec<(Piece, Bitboard)> = groups
            .iter()
            .flat_map(|g| std::iter::repeat_n((g.piece, g.domain & universe), g.count as usize))
            .collect();
        let mut out = std::collections::HashSet::new();
        fn go(
            i: usize,
            pieces: &[(Piece, Bitboard)],
            board: &mut Vec<Option<Piece>>,
            out: &mut std::collections::HashSet<Vec<Option<Piece>>>,
        ) {
            if i == pieces.len() {
                out.insert(board.clone());
                return;
            }
            for sq in pieces[i].1 {
                if board[sq.index()].is_none() {
                    board[sq.index()] = Some(pieces[i].0);
                    go(i + 1, pieces, board, out);
                    board[sq.index()] = None;
                }
            }
        }
        let mut board = vec![None; 90];
        go(0, &pieces, &mut board, &mut out);
        out.into_iter().collect()
    }

    // the count is exact and every placement is equally likely.
    #[test]
    fn small_problem_counts_and_draws_uniformly() {
        let (universe, groups) = small_problem();
        let all = enumerate(universe, &groups);
        let placer = Placer::new(universe, &groups);
        assert_eq!(placer.count(), all.len() as u128);
        assert!(all.len() > 50, "{}", all.len());
        let index: HashMap<Vec<Option<Piece>>, usize> = all
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, b)| (b, i))
            .collect();
        let cells = all.len();
        let per_cell = 200;
        let draws = cells * per_cell;
        let mut counts = vec![0u64; cells];
        let mut rng = StdRng::seed_from_u64(35);
        for _ in 0..draws {
            let mut board = vec![None; 90];
            placer
                .sample(&mut rng, |sq, p| {
                    assert!(board[sq.index()].is_none());
                    board[sq.index()] = Some(p);
                })
                .unwrap();
            counts[*index.get(&board).expect("a legal placement")] += 1;
        }
        // Pearson's chi-square against the uniform law: cells − 1 degrees of freedom, mean
        // cells − 1, standard deviation sqrt(2 (cells − 1)). A sampler that is uniform stays
        // below mean + 5 sd except with probability far below 1e-5; one that favours some
        // placements by even 10 % over a tenth of them lands far above.
        let expected = per_cell as f64;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        let dof = (cells - 1) as f64;
        let bound = dof + 5.0 * (2.0 * dof).sqrt();
        assert!(
            chi2 < bound,
            "chi2 {chi2} over bound {bound} ({cells} cells)"
        );
        assert!(counts.iter().all(|&c| c > 0));
    }

    #[test]
    fn impossible_problem_counts_zero_and_draws_nothing() {
        let red = |k| Piece::new(Side::Red, k);
        let universe = bits(&[0, 1, 2]);
        let groups = [Group {
            piece: red(PieceKind::Guard),
            count: 2,
            domain: bits(&[0]),
        }];
        let placer = Placer::new(universe, &groups);
        assert_eq!(placer.count(), 0);
        let mut rng = StdRng::seed_from_u64(1);
        assert!(placer.sample(&mut rng, |_, _| {}).is_none());
    }
}
