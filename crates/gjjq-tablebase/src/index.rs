//! The index of an ending's positions without a pending return.
//!
//! A position of an ending is its placement and the side to move; nothing else a
//! [`gjjq_core::Position`] holds changes play under the standard ruleset in an ending: the
//! palace seal (R-17) and facing kings (R-18) follow from the piece counts, the no-capture
//! counter and move number do not count without a `no_capture_limit`, and repetition is the
//! tables' own business (a cycle is a draw). Pending returns (R-19) are not indexed: a
//! position with one arises only from a capture, so it belongs to a smaller ending, and it
//! resolves within at most three plies (the owner's next turn returns, forfeits or removes);
//! the tables value it by that short search down to indexed positions (see
//! [`crate::Tablebase`]).
//!
//! Layout (file format version 2):
//!
//! - **Kings, folded by the mirror.** The rules are left-right symmetric (x ↔ 8 − x: terrain
//!   R-4, palaces R-5 and every move rule; `tests/mirror.rs` checks the core against it), so a
//!   position and its mirror image have one value. Only placements with Red's king left of the
//!   middle file (x < 4), or on it with Green's king on it or left of it, are stored: 45 king
//!   pairs of the 81. Positions with both kings on the middle file are stored in both images.
//! - **Sorted slots for identical pieces.** The `c` pieces of one side and kind are one
//!   combination of `c` points from their kind's range (R-26, as derived in `core::domain`:
//!   9 palace points for guards, 45 for armies, 24 land points for missiles, 60 sea and coast
//!   points for fleets, 90 for the rest), numbered by the combinatorial number system
//!   (`Σ C(aᵢ, i + 1)` over the ascending point numbers `aᵢ`): `C(n, c)` slots, not `nᶜ`.
//! - The index is `turn + 2 × (k + 45 × (g₀ + G₀ × (g₁ + G₁ × …)))`, `turn` 0 for Red to
//!   move, `k` the king pair, `gᵢ` the combination of group `i` (Red's groups then Green's, in
//!   `PieceKind` order), `Gᵢ` its count. Placements that are not positions (two pieces on one
//!   point, or one the core refuses) are stored as "not a position".

use gjjq_core::{Piece, Position, Side};

use crate::core::{self, Kind};
use crate::ending::Ending;

/// The most pieces of one side and kind (R-7: three infantry).
const MAX_GROUP: usize = 3;

/// `BINOM[n][k]` = C(n, k) for n ≤ 90, k ≤ [`MAX_GROUP`].
const BINOM: [[u64; MAX_GROUP + 1]; 91] = {
    let mut t = [[0u64; MAX_GROUP + 1]; 91];
    let mut n = 0;
    while n <= 90 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_GROUP {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The combinations of `count` numbers below 90 in the order of their ranks, flat, `count`
/// bytes each (colex: entry `r` is the combination `a₀ < a₁ < …` with `Σ C(aᵢ, i + 1) = r`),
/// for [`EndingIndex::decode`]: one read instead of a search per number. Built once: 8 KB for
/// pairs, 352 KB for triples; empty for one number (its rank is the number).
#[derive(Clone, Copy)]
struct Unranked(&'static [u8]);

impl std::fmt::Debug for Unranked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Unranked({} bytes)", self.0.len())
    }
}

impl Unranked {
    fn of(count: usize) -> Unranked {
        /// Colex order: the largest number slowest (groups have at most three pieces).
        fn build(count: usize) -> Vec<u8> {
            let mut out = Vec::with_capacity(count * BINOM[90][count] as usize);
            for c in 0..90u8 {
                for b in 0..c {
                    if count == 2 {
                        out.extend([b, c]);
                        continue;
                    }
                    for a in 0..b {
                        out.extend([a, b, c]);
                    }
                }
            }
            out
        }
        static PAIRS: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
        static TRIPLES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
        Unranked(match count {
            2 => PAIRS.get_or_init(|| build(2)),
            3 => TRIPLES.get_or_init(|| build(3)),
            _ => &[],
        })
    }
}

/// The mirror image of a point index (x ↔ 8 − x).
#[inline]
pub(crate) const fn mirror(sq: u8) -> u8 {
    let y = sq / 9;
    let x = sq % 9;
    y * 9 + (8 - x)
}

/// Division by a constant of the index (a group's size, the king pairs) without a hardware
/// divide for numerators below 2³² (every index of three units is one; larger ones divide
/// plainly): `m = ⌈2⁶⁴ / d⌉` and `⌊a / d⌋ = ⌊m · a / 2⁶⁴⌋`, exact for 32-bit `a` and `d`
/// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
#[derive(Debug, Clone, Copy)]
struct Divisor {
    d: u64,
    /// ⌈2⁶⁴ / d⌉, 0 when `d` is 1 or does not fit 32 bits (plain division then).
    m: u64,
}

impl Divisor {
    fn new(d: usize) -> Divisor {
        let d = d as u64;
        let m = if d > 1 && d >> 32 == 0 {
            u64::MAX / d + 1
        } else {
            0
        };
        Divisor { d, m }
    }

    /// `(a / d, a % d)`.
    #[inline(always)]
    fn div_rem(self, a: usize) -> (usize, usize) {
        let a = a as u64;
        if self.m != 0 && a >> 32 == 0 {
            let q = ((u128::from(self.m) * u128::from(a)) >> 64) as u64;
            (q as usize, (a - q * self.d) as usize)
        } else {
            ((a / self.d) as usize, (a % self.d) as usize)
        }
    }
}

/// The pieces of one side and kind.
#[derive(Debug, Clone)]
struct Group {
    side: Side,
    kind: Kind,
    count: usize,
    /// Point indices the piece may stand on, ascending.
    domain: Vec<u8>,
    /// Point index → number in `domain`, `u8::MAX` if outside.
    number: [u8; 90],
    /// C(domain.len(), count).
    size: usize,
    /// `size` as a divisor.
    divisor: Divisor,
    /// What one step of its combination's rank adds to the index.
    step: usize,
    /// Its combinations by rank (more than one piece).
    unranked: Unranked,
}

/// The index of one ending.
///
/// # Examples
///
/// ```
/// use gjjq_tablebase::EndingIndex;
/// // Two Red infantry: 45 king pairs × C(90, 2) placements × 2 sides to move.
/// let index = EndingIndex::new("IIvK".parse()?);
/// assert_eq!(index.size(), 2 * 45 * 4005);
/// # Ok::<(), gjjq_tablebase::EndingParseError>(())
/// ```
#[derive(Debug, Clone)]
pub struct EndingIndex {
    ending: Ending,
    /// The stored king pairs (Red's point, Green's point).
    kings: Vec<(u8, u8)>,
    /// (Red king's palace number, Green king's palace number) → pair, `u8::MAX` if folded.
    king_pair: [[u8; 9]; 9],
    king_number: [[u8; 90]; 2],
    groups: Vec<Group>,
    /// The number of king pairs as a divisor.
    pairs: Divisor,
    size: usize,
    plain_size: usize,
}

/// The number of each point of `domain`, `u8::MAX` outside it.
fn numbers(domain: &[u8]) -> [u8; 90] {
    let mut number = [u8::MAX; 90];
    for (i, &sq) in domain.iter().enumerate() {
        number[usize::from(sq)] = i as u8;
    }
    number
}

impl EndingIndex {
    /// The index of `ending`.
    #[must_use]
    pub fn new(ending: Ending) -> EndingIndex {
        let red_palace = core::domain(Side::Red, Kind::King);
        let green_palace = core::domain(Side::Green, Kind::King);
        let king_number = [numbers(&red_palace), numbers(&green_palace)];
        let mut kings = Vec::new();
        let mut king_pair = [[u8::MAX; 9]; 9];
        for (i, &r) in red_palace.iter().enumerate() {
            for (j, &g) in green_palace.iter().enumerate() {
                let (rx, gx) = (r % 9, g % 9);
                if rx < 4 || (rx == 4 && gx <= 4) {
                    king_pair[i][j] = kings.len() as u8;
                    kings.push((r, g));
                }
            }
        }
        let mut groups = Vec::new();
        let mut plain_size = 2 * red_palace.len() * green_palace.len();
        for (side, force) in [(Side::Red, ending.red), (Side::Green, ending.green)] {
            for kind in Kind::ALL {
                let count = usize::from(force.count(kind));
                if count == 0 || kind == Kind::King {
                    continue;
                }
                let domain = core::domain(side, kind);
                let count = count.min(MAX_GROUP);
                plain_size *= domain.len().pow(count as u32);
                groups.push(Group {
                    side,
                    kind,
                    count,
                    number: numbers(&domain),
                    size: BINOM[domain.len()][count] as usize,
                    divisor: Divisor::new(BINOM[domain.len()][count] as usize),
                    step: 0,
                    unranked: Unranked::of(count),
                    domain,
                });
            }
        }
        // The lowest digits are the side to move and the king pair, then each group's rank.
        let size = groups.iter_mut().fold(2 * kings.len(), |n, g| {
            g.step = n;
            n * g.size
        });
        let pairs = Divisor::new(kings.len());
        EndingIndex {
            ending,
            kings,
            king_pair,
            king_number,
            groups,
            pairs,
            size,
            plain_size,
        }
    }

    /// The ending.
    #[must_use]
    pub fn ending(&self) -> Ending {
        self.ending
    }

    /// Index size, placements that are not positions included.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The size of the plain index without mirror folding and sorted slots (one slot per
    /// piece over its whole range), for comparison.
    #[doc(hidden)]
    #[must_use]
    pub fn plain_size(&self) -> usize {
        self.plain_size
    }

    /// How many placements the stored index `idx` stands for: 2 (itself and its mirror image)
    /// unless both kings stand on the middle file, where each image is stored apart (1).
    #[must_use]
    pub fn placements_at(&self, idx: usize) -> u8 {
        let (rk, gk) = self.kings[(idx / 2) % self.kings.len()];
        if rk % 9 == 4 && gk % 9 == 4 { 1 } else { 2 }
    }

    /// The position at `idx`, if the placement there is one (in range, no two pieces on one
    /// point, accepted by the core).
    #[must_use]
    pub fn position(&self, idx: usize) -> Option<Position> {
        if idx >= self.size {
            return None;
        }
        let red_to_move = idx.is_multiple_of(2);
        let mut rest = idx / 2;
        let (rk, gk) = self.kings[rest % self.kings.len()];
        rest /= self.kings.len();
        let mut pieces = Vec::with_capacity(2 + 2 * MAX_GROUP);
        pieces.push((Side::Red, Kind::King, rk));
        pieces.push((Side::Green, Kind::King, gk));
        for g in &self.groups {
            let mut r = (rest % g.size) as u64;
            rest /= g.size;
            // Colex unranking: the largest a with C(a, i + 1) ≤ r, from the top piece down.
            let mut top = g.domain.len();
            for i in (0..g.count).rev() {
                let mut a = top - 1;
                while BINOM[a][i + 1] > r {
                    a -= 1;
                }
                r -= BINOM[a][i + 1];
                pieces.push((g.side, g.kind, g.domain[a]));
                top = a;
            }
        }
        core::build(&pieces, red_to_move)
    }

    /// Where the kings at `rk` and `gk` put a placement: whether the stored image is the
    /// mirror one (the red king right of the centre file, or on it with the green king right
    /// of it), and the index of the king pair with the side to move, before the groups'
    /// ranks are added. `None` for a king pair the ending does not hold.
    #[inline]
    fn king_base(&self, rk: u8, gk: u8, red_to_move: bool) -> Option<(bool, usize)> {
        let flip = rk % 9 > 4 || (rk % 9 == 4 && gk % 9 > 4);
        let map = |sq: u8| if flip { mirror(sq) } else { sq };
        let rn = self.king_number[0][usize::from(map(rk))];
        let gn = self.king_number[1][usize::from(map(gk))];
        if rn == u8::MAX || gn == u8::MAX {
            return None;
        }
        let k = self.king_pair[usize::from(rn)][usize::from(gn)];
        if k == u8::MAX {
            return None;
        }
        Some((flip, 2 * usize::from(k) + usize::from(!red_to_move)))
    }

    /// The index of `pos` (or of its mirror image, whichever is stored), which must have this
    /// ending's material and no pending return; `None` if a piece stands outside its slot's
    /// range or a group has another count. Allocates nothing.
    #[must_use]
    pub fn index_of(&self, pos: &Position) -> Option<usize> {
        let rk = pos.king(Side::Red)?.index() as u8;
        let gk = pos.king(Side::Green)?.index() as u8;
        let (flip, mut idx) = self.king_base(rk, gk, core::red_to_move(pos))?;
        let map = |sq: u8| if flip { mirror(sq) } else { sq };
        for g in &self.groups {
            let mut a = [0u8; MAX_GROUP];
            let mut n = 0usize;
            for sq in pos.pieces(g.side, g.kind).iter() {
                if n == g.count {
                    return None;
                }
                let number = g.number[usize::from(map(sq.index() as u8))];
                if number == u8::MAX {
                    return None;
                }
                a[n] = number;
                n += 1;
            }
            if n != g.count {
                return None;
            }
            idx += combination_rank(&mut a[..n]) * g.step;
        }
        Some(idx)
    }
}

/// The rank of a combination of numbers in a group's range, given in any order (sorted here):
/// `Σ C(aᵢ, i + 1)` over the numbers ascending (the combinatorial number system, colex).
#[inline]
fn combination_rank(a: &mut [u8]) -> usize {
    a.sort_unstable();
    a.iter()
        .enumerate()
        .map(|(i, &x)| BINOM[usize::from(x)][i + 1] as usize)
        .sum()
}

/// The most groups (sides and kinds with pieces besides the kings) the fast paths handle.
pub(crate) const MAX_GROUPS: usize = 8;

/// The most pieces of a placement the fast paths handle: the kings and [`MAX_GROUPS`] full
/// groups.
const MAX_PIECES: usize = 2 + MAX_GROUPS * MAX_GROUP;

/// A stored index taken apart: the side to move, the kings and each group's points (in the
/// stored image, ascending by their number in the group's range), for the generator.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Placement {
    /// Red to move.
    pub red_to_move: bool,
    /// Red's and Green's king.
    pub kings: [u8; 2],
    /// Their stored pair's number.
    pub pair: usize,
    /// Per group, its points (the first `count` of each).
    pub points: [[u8; MAX_GROUP]; MAX_GROUPS],
    /// Per group, its combination's number.
    pub ranks: [u32; MAX_GROUPS],
}

impl Placement {
    /// The mirror image (x ↔ 8 − x), every point mirrored (groups no longer in ascending
    /// order: for [`EndingIndex::index_with`], which sorts).
    pub(crate) fn mirrored(&self) -> Placement {
        let mut m = *self;
        m.kings = self.kings.map(mirror);
        for g in &mut m.points {
            *g = g.map(mirror);
        }
        m
    }

    /// Whether both kings stand on the middle file (the placement and its mirror image are
    /// stored apart).
    pub(crate) fn kings_on_middle(&self) -> bool {
        self.kings[0] % 9 == 4 && self.kings[1] % 9 == 4
    }
}

impl EndingIndex {
    /// How many groups.
    #[inline]
    pub(crate) fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// Group `g`'s side, kind and count.
    #[inline]
    pub(crate) fn group(&self, g: usize) -> (Side, Kind, usize) {
        let gr = &self.groups[g];
        (gr.side, gr.kind, gr.count)
    }

    /// Whether a piece of group `g` may stand on `sq`.
    #[inline]
    pub(crate) fn in_group_range(&self, g: usize, sq: u8) -> bool {
        self.groups[g].number[usize::from(sq)] != u8::MAX
    }

    /// Whether `side`'s king may stand on `sq`.
    #[inline]
    pub(crate) fn in_palace(&self, side: usize, sq: u8) -> bool {
        self.king_number[side][usize::from(sq)] != u8::MAX
    }

    /// The stored index `idx` taken apart; `None` out of range or when two pieces share a
    /// point (a placement the core cannot hold).
    #[inline]
    pub(crate) fn decode(&self, idx: usize) -> Option<Placement> {
        if idx >= self.size || self.groups.len() > MAX_GROUPS {
            return None;
        }
        let mut p = Placement {
            red_to_move: idx.is_multiple_of(2),
            kings: [0; 2],
            pair: 0,
            points: [[0; MAX_GROUP]; MAX_GROUPS],
            ranks: [0; MAX_GROUPS],
        };
        let (mut rest, pair) = self.pairs.div_rem(idx / 2);
        p.pair = pair;
        let (rk, gk) = self.kings[p.pair];
        p.kings = [rk, gk];
        let mut occ: u128 = (1u128 << rk) | (1u128 << gk);
        for (gi, g) in self.groups.iter().enumerate() {
            let (q, r0) = g.divisor.div_rem(rest);
            rest = q;
            p.ranks[gi] = r0 as u32;
            // The numbers of the combination of rank r0: r0 itself for one piece, else the
            // table's entry (a rank below C(domain, count) names numbers in the domain).
            let one = [r0 as u8];
            let numbers = if g.count == 1 {
                &one[..]
            } else {
                &g.unranked.0[r0 * g.count..(r0 + 1) * g.count]
            };
            for (i, &a) in numbers.iter().enumerate() {
                let sq = g.domain[usize::from(a)];
                let bit = 1u128 << sq;
                if occ & bit != 0 {
                    return None;
                }
                occ |= bit;
                p.points[gi][i] = sq;
            }
        }
        Some(p)
    }

    /// The position of a placement the index decoded, its pieces straight into the core's
    /// unchecked builder ([`core::rebuild`]), no list allocated. Every placement the index
    /// decodes is one the core accepts (R-26): each kind on its range
    /// ([`gjjq_core::PieceKind::allowed_squares`]), both kings, R-7's counts, no pending
    /// return, one piece a point; so it is built without validating it again
    /// (`tests/identical.rs` compares the "not a position" words with the first generator,
    /// which validates each).
    #[inline]
    pub(crate) fn rebuild(&self, p: &Placement) -> Position {
        let mut pieces = [(Piece::new(Side::Red, Kind::King), core::SQUARES[0]); MAX_PIECES];
        pieces[0] = (
            Piece::new(Side::Red, Kind::King),
            core::SQUARES[usize::from(p.kings[0])],
        );
        pieces[1] = (
            Piece::new(Side::Green, Kind::King),
            core::SQUARES[usize::from(p.kings[1])],
        );
        let mut n = 2;
        for (gi, g) in self.groups.iter().enumerate().take(MAX_GROUPS) {
            let piece = Piece::new(g.side, g.kind);
            for &sq in &p.points[gi][..g.count] {
                pieces[n] = (piece, core::SQUARES[usize::from(sq)]);
                n += 1;
            }
        }
        core::rebuild(&pieces[..n], p.red_to_move)
    }

    /// The index after a move of group `g`'s piece from `from` to `to` (no king moves, so no
    /// change of image), the other side to move.
    #[inline]
    pub(crate) fn moved(&self, idx: usize, p: &Placement, g: usize, from: u8, to: u8) -> usize {
        let gr = &self.groups[g];
        let base = idx ^ 1;
        if gr.count == 1 {
            let old = usize::from(gr.number[usize::from(from)]);
            let new = usize::from(gr.number[usize::from(to)]);
            return base + new * gr.step - old * gr.step;
        }
        let mut a = [0u8; MAX_GROUP];
        for (i, &sq) in p.points[g][..gr.count].iter().enumerate() {
            a[i] = gr.number[usize::from(if sq == from { to } else { sq })];
        }
        base + combination_rank(&mut a[..gr.count]) * gr.step - p.ranks[g] as usize * gr.step
    }

    /// The index after a move of `side`'s king from `from` to `to` in the stored placement
    /// `p` at `idx`, the other side to move: index arithmetic while the image stays, else
    /// [`EndingIndex::index_with`].
    #[inline]
    pub(crate) fn king_moved(
        &self,
        idx: usize,
        p: &Placement,
        side: usize,
        from: u8,
        to: u8,
    ) -> Option<usize> {
        let mut kings = p.kings;
        kings[side] = to;
        let (rk, gk) = (kings[0], kings[1]);
        if rk % 9 < 4 || (rk % 9 == 4 && gk % 9 <= 4) {
            let rn = self.king_number[0][usize::from(rk)];
            let gn = self.king_number[1][usize::from(gk)];
            if rn == u8::MAX || gn == u8::MAX {
                return None;
            }
            let k = usize::from(self.king_pair[usize::from(rn)][usize::from(gn)]);
            return Some((idx ^ 1) + 2 * k - 2 * p.pair);
        }
        self.index_with(p, from, to, !p.red_to_move)
    }

    /// The stored index of a placement given in any image: `kings`, each group's points (in
    /// any order) with `from` replaced by `to`, `red_to_move`. `None` if a piece is outside its
    /// range.
    pub(crate) fn index_with(
        &self,
        p: &Placement,
        from: u8,
        to: u8,
        red_to_move: bool,
    ) -> Option<usize> {
        let swap = |sq: u8| if sq == from { to } else { sq };
        let (rk, gk) = (swap(p.kings[0]), swap(p.kings[1]));
        let (flip, mut idx) = self.king_base(rk, gk, red_to_move)?;
        let map = |sq: u8| if flip { mirror(sq) } else { sq };
        for (gi, g) in self.groups.iter().enumerate() {
            let mut a = [0u8; MAX_GROUP];
            for (i, &sq) in p.points[gi][..g.count].iter().enumerate() {
                let number = g.number[usize::from(map(swap(sq)))];
                if number == u8::MAX {
                    return None;
                }
                a[i] = number;
            }
            idx += combination_rank(&mut a[..g.count]) * g.step;
        }
        Some(idx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisors_divide() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(38);
        let mut ds: Vec<usize> = vec![1, 2, 3, 9, 36, 45, 4005, 117_480, (1 << 32) - 1, 1 << 32];
        ds.extend((0..200).map(|_| rng.random_range(1..=u32::MAX as usize)));
        for d in ds {
            let div = Divisor::new(d);
            let mut nums: Vec<usize> = vec![
                0,
                1,
                d - 1,
                d,
                d + 1,
                u32::MAX as usize,
                1 << 32,
                (1 << 40) + 7,
            ];
            nums.extend((0..500).map(|_| rng.random_range(0..=u32::MAX as usize)));
            nums.extend((0..50).map(|_| rng.random_range(0..1usize << 45)));
            for a in nums {
                assert_eq!(div.div_rem(a), (a / d, a % d), "{a} / {d}");
            }
        }
    }

    #[test]
    fn binomials() {
        assert_eq!(BINOM[90][2], 4005);
        assert_eq!(BINOM[90][3], 117_480);
        assert_eq!(BINOM[9][2], 36);
        assert_eq!(BINOM[2][3], 0);
    }

    #[test]
    fn every_index_round_trips() {
        for name in ["KvK", "GGvK", "IIvK", "MvF", "GvG"] {
            let index = EndingIndex::new(name.parse().unwrap());
            let mut positions = 0;
            for idx in 0..index.size() {
                if let Some(pos) = index.position(idx) {
                    positions += 1;
                    assert_eq!(index.index_of(&pos), Some(idx), "{name} {pos}");
                }
            }
            assert!(positions > index.size() / 2, "{name}: {positions}");
        }
    }
}
