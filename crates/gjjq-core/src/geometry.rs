//! Per-point tables computed at compile time: rays, steps, and the grid paths of the fleet and
//! division leaps. Move generation and attack tests read these and never walk the
//! board point by point.

use crate::bitboard::Bitboard;
use crate::square::{Side, Square};
use crate::terrain::{COUNTRY, PALACE};

/// One of the eight directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Dir {
    pub dx: i8,
    pub dy: i8,
    /// Index 0..8 into [`RAYS`].
    pub index: usize,
}

impl Dir {
    /// Whether moving along this direction increases the point index (so the nearest point of
    /// a set on the ray is its lowest bit).
    ///
    /// Speed: read from the index by a bit test, as the direction loops of move generation are
    /// not unrolled and comparing `dx`, `dy` there cost 3 % of perft's instructions (see
    /// benches/README.md). In [`DIRS`] order the ascending ones are 0 (north), 1 (east),
    /// 4 (north-east) and 5 (north-west); a test checks the mask against `dx`, `dy`.
    #[inline]
    pub const fn ascending(self) -> bool {
        (ASCENDING_DIRS >> self.index) & 1 != 0
    }

    /// Whether the direction is one of the four diagonals: indices 4 … 7 in [`DIRS`] order.
    #[inline]
    pub const fn is_diagonal(self) -> bool {
        self.index >= 4
    }
}

/// Bit `i` is set when direction `i` of [`DIRS`] is ascending (see [`Dir::ascending`]).
const ASCENDING_DIRS: u8 = 0b0011_0011;

/// The four orthogonal directions then the four diagonals.
pub(crate) const DIRS: [Dir; 8] = [
    Dir {
        dx: 0,
        dy: 1,
        index: 0,
    },
    Dir {
        dx: 1,
        dy: 0,
        index: 1,
    },
    Dir {
        dx: 0,
        dy: -1,
        index: 2,
    },
    Dir {
        dx: -1,
        dy: 0,
        index: 3,
    },
    Dir {
        dx: 1,
        dy: 1,
        index: 4,
    },
    Dir {
        dx: -1,
        dy: 1,
        index: 5,
    },
    Dir {
        dx: 1,
        dy: -1,
        index: 6,
    },
    Dir {
        dx: -1,
        dy: -1,
        index: 7,
    },
];

/// The four orthogonal directions.
pub(crate) const ORTHO: [Dir; 4] = [DIRS[0], DIRS[1], DIRS[2], DIRS[3]];

const fn sq_at(x: i32, y: i32) -> Option<usize> {
    if x >= 0 && x < 9 && y >= 0 && y < 10 {
        Some((y * 9 + x) as usize)
    } else {
        None
    }
}

/// The point at `(dx, dy)` from point `i`, if on the board.
const fn offset(i: usize, dx: i32, dy: i32) -> Option<usize> {
    sq_at((i % 9) as i32 + dx, (i / 9) as i32 + dy)
}

/// The point `k` steps from point `i` along direction `d` of [`DIRS`], if on the board.
const fn along(i: usize, d: usize, k: i32) -> Option<usize> {
    offset(i, DIRS[d].dx as i32 * k, DIRS[d].dy as i32 * k)
}

const fn bit(i: usize) -> u128 {
    1u128 << i
}

/// Points along each direction from each point, up to `max_len` steps, origin excluded,
/// stopping before the first point outside `land` (a set of point bits).
const fn rays_within(max_len: i32, land: u128) -> [[Bitboard; 90]; 8] {
    let mut out = [[Bitboard::EMPTY; 90]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < 90 {
            let mut bits = 0u128;
            let mut k = 1;
            while k <= max_len {
                match along(i, d, k) {
                    Some(j) if land & bit(j) != 0 => bits |= bit(j),
                    _ => break,
                }
                k += 1;
            }
            out[d][i] = Bitboard(bits);
            i += 1;
        }
        d += 1;
    }
    out
}

/// Points along each direction from each point, up to `max_len` steps, origin excluded.
const fn rays(max_len: i32) -> [[Bitboard; 90]; 8] {
    rays_within(max_len, Bitboard::FULL.0)
}

/// Full rays to the edge of the board: slides, missile lines, facing kings.
pub(crate) static RAYS: [[Bitboard; 90]; 8] = rays(10);
/// The first three points of each ray: the aircraft's reach.
pub(crate) static RAYS3: [[Bitboard; 90]; 8] = rays(3);
/// The first two points of each ray: the army's reach.
pub(crate) static RAYS2: [[Bitboard; 90]; 8] = rays(2);

/// Orthogonal neighbours of each point (king steps, R-9).
pub(crate) static ORTHO_STEPS: [Bitboard; 90] = star(&rays(1), 4);

const fn palace_diagonals() -> [Bitboard; 90] {
    // R-9 option: the palace's two diagonals join each corner to the centre.
    let mut out = [Bitboard::EMPTY; 90];
    let mut s = 0;
    while s < 2 {
        let cy: i32 = if s == 0 { 1 } else { 8 };
        let centre = (cy * 9 + 4) as usize;
        let mut c = 0;
        while c < 4 {
            let dx: i32 = if c % 2 == 0 { -1 } else { 1 };
            let dy: i32 = if c < 2 { -1 } else { 1 };
            let corner = ((cy + dy) * 9 + 4 + dx) as usize;
            out[centre] = Bitboard(out[centre].0 | bit(corner));
            out[corner] = Bitboard(out[corner].0 | bit(centre));
            c += 1;
        }
        s += 1;
    }
    out
}

/// Diagonal king steps along the palace diagonals (option `king_palace_diagonals`, R-9).
pub(crate) static PALACE_DIAGONAL_STEPS: [Bitboard; 90] = palace_diagonals();

const fn infantry_steps(side: Side) -> [Bitboard; 90] {
    // four directions at home and inside the enemy palace; abroad elsewhere, never
    // backward.
    let own = COUNTRY[side as usize];
    let enemy_palace = PALACE[1 - side as usize];
    let back: i32 = match side {
        Side::Red => -1,
        Side::Green => 1,
    };
    let mut out = [Bitboard::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let free = own.0 & bit(i) != 0 || enemy_palace.0 & bit(i) != 0;
        let mut bits = 0u128;
        let mut d = 0;
        while d < 4 {
            if (free || DIRS[d].dy as i32 != back)
                && let Some(j) = along(i, d, 1)
            {
                bits |= bit(j);
            }
            d += 1;
        }
        out[i] = Bitboard(bits);
        i += 1;
    }
    out
}

/// Where an infantry piece of each side may step from each point.
pub(crate) static INFANTRY_STEPS: [[Bitboard; 90]; 2] =
    [infantry_steps(Side::Red), infantry_steps(Side::Green)];

const fn infantry_sources(steps: &[Bitboard; 90]) -> [Bitboard; 90] {
    let mut out = [Bitboard::EMPTY; 90];
    let mut from = 0;
    while from < 90 {
        let mut to = 0;
        while to < 90 {
            if steps[from].0 & bit(to) != 0 {
                out[to] = Bitboard(out[to].0 | bit(from));
            }
            to += 1;
        }
        from += 1;
    }
    out
}

/// From where an infantry piece of each side could step onto each point: the reverse of
/// [`INFANTRY_STEPS`], for attack tests.
pub(crate) static INFANTRY_SOURCES: [[Bitboard; 90]; 2] = [
    infantry_sources(&INFANTRY_STEPS[0]),
    infantry_sources(&INFANTRY_STEPS[1]),
];

/// A leap of the fleet or division with the grid paths it may take.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Leap<const P: usize> {
    /// Destination index, or 255 when off the board.
    pub to: u8,
    /// Intermediate points of each monotone grid path from origin to destination.
    pub paths: [Bitboard; P],
}

/// A monotone grid path from (0,0) to (a·sx, b·sy) with `a + b` steps: the intermediate points
/// of the path that makes its one short-leg step after `k` long-leg steps.
const fn leaps<const P: usize>(long: i32) -> [[Leap<P>; 8]; 90] {
    let empty = Leap {
        to: 255,
        paths: [Bitboard::EMPTY; P],
    };
    let mut out = [[empty; 8]; 90];
    let mut i = 0;
    while i < 90 {
        let x = (i % 9) as i32;
        let y = (i / 9) as i32;
        let mut n = 0;
        while n < 8 {
            let sx: i32 = if n & 1 == 0 { 1 } else { -1 };
            let sy: i32 = if n & 2 == 0 { 1 } else { -1 };
            let long_is_y = n & 4 == 0;
            let (dx, dy) = if long_is_y {
                (sx, sy * long)
            } else {
                (sx * long, sy)
            };
            if let Some(t) = sq_at(x + dx, y + dy) {
                let mut paths = [Bitboard::EMPTY; P];
                // P = long + 1 paths: the single short step taken after k long steps.
                let mut k = 0;
                while k <= long {
                    let mut bits = 0u128;
                    let (mut cx, mut cy) = (x, y);
                    let mut step = 0;
                    while step < long + 1 {
                        if step == k {
                            if long_is_y {
                                cx += sx;
                            } else {
                                cy += sy;
                            }
                        } else if long_is_y {
                            cy += sy;
                        } else {
                            cx += sx;
                        }
                        if step < long
                            && let Some(j) = sq_at(cx, cy)
                        {
                            bits |= bit(j);
                        }
                        step += 1;
                    }
                    paths[k as usize] = Bitboard(bits);
                    k += 1;
                }
                out[i][n] = Leap { to: t as u8, paths };
            }
            n += 1;
        }
        i += 1;
    }
    out
}

/// Fleet leaps (目, (±1, ±3) and (±3, ±1)) with their 4 grid paths of 3 points.
pub(crate) static FLEET_LEAPS: [[Leap<4>; 8]; 90] = leaps::<4>(3);
/// Division leaps (日, (±1, ±2) and (±2, ±1)) with their 3 grid paths of 2 points.
pub(crate) static DIVISION_LEAPS: [[Leap<3>; 8]; 90] = leaps::<3>(2);

/// The union of the rays of `table` over the first `dirs` directions of [`DIRS`] (4: the
/// orthogonal ones; 8: all), for each point.
const fn star(table: &[[Bitboard; 90]; 8], dirs: usize) -> [Bitboard; 90] {
    let mut out = [Bitboard::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let mut d = 0;
        while d < dirs {
            out[i] = Bitboard(out[i].0 | table[d][i].0);
            d += 1;
        }
        i += 1;
    }
    out
}

/// The eight neighbours of each point.
pub(crate) static STEPS8: [Bitboard; 90] = star(&rays(1), 8);
/// The points two steps away along the eight directions (the army's far points, R-14).
pub(crate) static RING2: [Bitboard; 90] = {
    let near = star(&rays(1), 8);
    let both = star(&rays(2), 8);
    let mut out = [Bitboard::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        out[i] = Bitboard(both[i].0 & !near[i].0);
        i += 1;
    }
    out
};
/// Every point within three steps along the eight directions (the aircraft's reach when no
/// enemy missile stands on it, R-13).
pub(crate) static STAR3: [Bitboard; 90] = star(&rays(3), 8);

/// The 64 bits of `occ` from point `sq - 20` up: bit `20 + o` is the point at index offset
/// `o` from `sq` (offsets −20 … 43; points below index 0 read as empty). The army and
/// division tables below are indexed by a few of these bits.
#[inline(always)]
pub(crate) const fn window(occ: Bitboard, sq: Square) -> u64 {
    ((occ.0 << 20) >> sq.index()) as u64
}

/// Back from a window pattern (bit `20 + o` = offset `o`) to the points it names around `sq`.
#[inline(always)]
pub(crate) const fn unwindow(pattern: u64, sq: Square) -> Bitboard {
    Bitboard((((pattern as u128) << sq.index()) >> 20) & Bitboard::FULL.0)
}

/// The index offsets of the eight neighbours, in the bit order of [`army_index`].
const NEIGHBOUR_OFFSETS: [i32; 8] = [-10, -9, -8, -1, 1, 8, 9, 10];

/// Which of the eight neighbours of `sq` are occupied, as 8 bits (see [`NEIGHBOUR_OFFSETS`]),
/// read from the [`window`] of the occupied points.
#[inline(always)]
pub(crate) const fn army_index(w: u64) -> usize {
    ((w >> 10) & 7 | ((w >> 19) & 1) << 3 | ((w >> 21) & 1) << 4 | ((w >> 28) & 7) << 5) as usize
}

/// R-14, as a window pattern: the far points (two steps) whose middle point is occupied, for
/// each set of occupied neighbours ([`army_index`]). Offsets that leave the board alias other
/// points, but only for directions whose far point is off the board too, and [`RING2`]
/// removes those.
pub(crate) static ARMY_SHADOW: [u64; 256] = {
    let mut out = [0u64; 256];
    let mut idx = 0;
    while idx < 256 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < 8 {
            if idx & (1 << i) != 0 {
                bits |= 1u64 << (20 + 2 * NEIGHBOUR_OFFSETS[i]);
            }
            i += 1;
        }
        out[idx] = bits;
        idx += 1;
    }
    out
};

/// The offsets `(dx, dy)` of the twelve points a division's grid paths can pass, in
/// the bit order of [`division_index`].
const DIVISION_PATH_POINTS: [(i32, i32); 12] = [
    (0, -2),
    (-1, -1),
    (0, -1),
    (1, -1),
    (-2, 0),
    (-1, 0),
    (1, 0),
    (2, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (0, 2),
];

/// Which of the twelve points of [`DIVISION_PATH_POINTS`] are occupied, as 12 bits read from
/// the [`window`] of the occupied points.
#[inline(always)]
pub(crate) const fn division_index(w: u64) -> usize {
    ((w >> 2) & 1
        | ((w >> 10) & 7) << 1
        | ((w >> 18) & 3) << 4
        | ((w >> 21) & 3) << 6
        | ((w >> 28) & 7) << 8
        | ((w >> 38) & 1) << 11) as usize
}

/// The eight 日 leaps, in the bit order of [`DIVISION_BLOCKED`].
const DIVISION_LEAP_OFFSETS: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

const fn path_point_bit(dx: i32, dy: i32) -> usize {
    let mut i = 0;
    while i < 12 {
        if DIVISION_PATH_POINTS[i].0 == dx && DIVISION_PATH_POINTS[i].1 == dy {
            return i;
        }
        i += 1;
    }
    panic!("not a point of a division's path")
}

/// for each occupancy of the twelve path points ([`division_index`]), the leaps (bit `i`
/// for [`DIVISION_LEAP_OFFSETS`]`[i]`) whose three monotone grid paths are all blocked. For a
/// leap that stays on the board every path point is on the board too, so the window reads
/// the true points; leaps off the board are removed by [`DIVISION_TARGETS`].
pub(crate) static DIVISION_BLOCKED: [u8; 4096] = {
    let mut out = [0u8; 4096];
    let mut idx = 0;
    while idx < 4096 {
        let mut l = 0;
        while l < 8 {
            let (dx, dy) = DIVISION_LEAP_OFFSETS[l];
            let (sx, sy) = (if dx > 0 { 1 } else { -1 }, if dy > 0 { 1 } else { -1 });
            let long_is_y = dy == 2 || dy == -2;
            let mut all_blocked = true;
            // The short step comes after k long steps (k = 0, 1, 2).
            let mut k = 0;
            while k < 3 {
                let (mut x, mut y) = (0, 0);
                let mut blocked = false;
                let mut step = 0;
                while step < 2 {
                    if step == k {
                        if long_is_y { x += sx } else { y += sy }
                    } else if long_is_y {
                        y += sy
                    } else {
                        x += sx
                    }
                    if idx & (1 << path_point_bit(x, y)) != 0 {
                        blocked = true;
                    }
                    step += 1;
                }
                if !blocked {
                    all_blocked = false;
                }
                k += 1;
            }
            if all_blocked {
                out[idx] |= 1 << l;
            }
            l += 1;
        }
        idx += 1;
    }
    out
};

/// The [`window`] pattern of each set of leaps (bit `i` for [`DIVISION_LEAP_OFFSETS`]`[i]`).
pub(crate) static DIVISION_SCATTER: [u64; 256] = {
    let mut out = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut l = 0;
        while l < 8 {
            if m & (1 << l) != 0 {
                let (dx, dy) = DIVISION_LEAP_OFFSETS[l];
                out[m] |= 1u64 << (20 + dx + 9 * dy);
            }
            l += 1;
        }
        m += 1;
    }
    out
};

/// The points a division's leaps reach from each point, paths aside.
pub(crate) static DIVISION_TARGETS: [Bitboard; 90] = {
    let mut out = [Bitboard::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let mut l = 0;
        while l < 8 {
            let (dx, dy) = DIVISION_LEAP_OFFSETS[l];
            if let Some(j) = offset(i, dx, dy) {
                out[i] = Bitboard(out[i].0 | bit(j));
            }
            l += 1;
        }
        i += 1;
    }
    out
};

/// The longest prefix of each ray that lies on the side's land.
const fn walk_rays(side: Side) -> [[Bitboard; 90]; 8] {
    rays_within(10, crate::terrain::LAND[side as usize].0)
}

/// R-11 quiet moves: the prefix of each ray that stays on the side's own land (a missile's
/// walk cannot go further whatever stands on it).
pub(crate) static MISSILE_WALK_RAYS: [[[Bitboard; 90]; 8]; 2] =
    [walk_rays(Side::Red), walk_rays(Side::Green)];

const fn strike_rays(side: Side) -> [[Bitboard; 90]; 8] {
    let country = COUNTRY[side as usize].0;
    let full = rays(10);
    let mut out = full;
    let mut d = 4;
    while d < 8 {
        let mut i = 0;
        while i < 90 {
            out[d][i] = if country & bit(i) != 0 {
                Bitboard(full[d][i].0 & country)
            } else {
                Bitboard::EMPTY
            };
            i += 1;
        }
        d += 1;
    }
    out
}

/// R-11 strikes: file and rank lines across the board; diagonals only from a point of the
/// side's own country and only within it (打斜彈).
pub(crate) static MISSILE_STRIKE_RAYS: [[[Bitboard; 90]; 8]; 2] =
    [strike_rays(Side::Red), strike_rays(Side::Green)];

const fn within() -> [[Bitboard; 11]; 90] {
    let mut out = [[Bitboard::EMPTY; 11]; 90];
    let mut i = 0;
    while i < 90 {
        let mut d = 0;
        while d < 11 {
            let mut bits = 0u128;
            let mut j = 0;
            while j < 90 {
                let dx = ((i % 9) as i32 - (j % 9) as i32).abs();
                let dy = ((i / 9) as i32 - (j / 9) as i32).abs();
                let dist = if dx > dy { dx } else { dy };
                if dist <= d as i32 {
                    bits |= bit(j);
                }
                j += 1;
            }
            out[i][d] = Bitboard(bits);
            d += 1;
        }
        i += 1;
    }
    out
}

/// Points within Chebyshev distance `d` (0..=10) of each point: the `missile_range` option.
pub(crate) static WITHIN: [[Bitboard; 11]; 90] = within();

/// The nearest point of `set` along `dir` (set must lie on the ray of `dir`).
#[inline]
pub(crate) fn nearest(set: Bitboard, dir: Dir) -> Option<Square> {
    if dir.ascending() {
        set.first()
    } else {
        set.last()
    }
}

/// The points of `ray` (the ray of `dir` from some origin) strictly before `stop`.
#[inline]
pub(crate) fn before(ray: Bitboard, dir: Dir, stop: Square) -> Bitboard {
    ray - RAYS[dir.index][stop.index()] - Bitboard::from_square(stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_properties_match_their_steps() {
        for (i, d) in DIRS.iter().enumerate() {
            assert_eq!(d.index, i);
            assert_eq!(d.ascending(), d.dy > 0 || (d.dy == 0 && d.dx > 0), "{d:?}");
            assert_eq!(d.is_diagonal(), d.dx != 0 && d.dy != 0, "{d:?}");
        }
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// The grid paths of the leap from `from` to `to`, as sorted point sets, and how many of the
    /// eight leaps from `from` stay on the board.
    fn leap_paths<const P: usize>(
        table: &[[Leap<P>; 8]; 90],
        from: &str,
        to: &str,
    ) -> (Vec<u128>, usize) {
        let leaps = &table[sq(from).index()];
        let leap = leaps
            .iter()
            .find(|l| l.to as usize == sq(to).index())
            .unwrap();
        let mut paths: Vec<u128> = leap.paths.iter().map(|p| p.0).collect();
        paths.sort_unstable();
        (paths, leaps.iter().filter(|l| l.to != 255).count())
    }

    /// Point sets written as labels, sorted like [`leap_paths`].
    fn label_sets(sets: &[&[&str]]) -> Vec<u128> {
        let mut out: Vec<u128> = sets
            .iter()
            .map(|set| set.iter().map(|l| sq(l)).collect::<Bitboard>().0)
            .collect();
        out.sort_unstable();
        out
    }

    // from 1E the fleet leap to 2B has 4 paths of 3 points, written out by hand.
    #[test]
    fn fleet_paths_by_hand() {
        // (0,0)->(1,3): intermediates as (x,y): [(1,0),(1,1),(1,2)], [(0,1),(1,1),(1,2)],
        // [(0,1),(0,2),(1,2)], [(0,1),(0,2),(0,3)].
        let want = label_sets(&[
            &["2E", "2D", "2C"],
            &["1D", "2D", "2C"],
            &["1D", "1C", "2C"],
            &["1D", "1C", "1B"],
        ]);
        // Only 2 of the 8 leaps stay on the board from a corner.
        assert_eq!(leap_paths(&FLEET_LEAPS, "1E", "2B"), (want, 2));
    }

    // from 5C (4,2) the division leap to 6A (5,4) has 3 paths of 2 points.
    #[test]
    fn division_paths_by_hand() {
        // (4,2)->(5,4): [(5,2),(5,3)], [(4,3),(5,3)], [(4,3),(4,4)]
        let want = label_sets(&[&["6C", "6B"], &["5B", "6B"], &["5B", "5A"]]);
        assert_eq!(leap_paths(&DIVISION_LEAPS, "5C", "6A"), (want, 8));
    }

    #[test]
    fn rays_and_steps() {
        assert_eq!(RAYS[0][sq("5E").index()].count(), 9);
        assert_eq!(RAYS3[4][sq("1E").index()].count(), 3);
        assert_eq!(ORTHO_STEPS[sq("1E").index()].count(), 2);
        assert_eq!(PALACE_DIAGONAL_STEPS[sq("5D").index()].count(), 4);
        assert_eq!(
            PALACE_DIAGONAL_STEPS[sq("4E").index()],
            Bitboard::from_square(sq("5D"))
        );
        assert!(PALACE_DIAGONAL_STEPS[sq("5E").index()].is_empty());
        assert_eq!(PALACE_DIAGONAL_STEPS[sq("5d").index()].count(), 4);
    }

    // R-16 by hand: Red infantry abroad on 5c (not palace? 5c is in Green's palace).
    #[test]
    fn infantry_steps_by_hand() {
        let red = &INFANTRY_STEPS[0];
        let set = |v: &[&str]| v.iter().map(|s| sq(s)).collect::<Bitboard>();
        // At home: four directions.
        assert_eq!(red[sq("5B").index()], set(&["5A", "5C", "4B", "6B"]));
        // On Red's front line, backward is home: allowed.
        assert_eq!(red[sq("5A").index()], set(&["5a", "5B", "4A", "6A"]));
        // Abroad on Green's front line: forward, left, right; never back.
        assert_eq!(red[sq("5a").index()], set(&["5b", "4a", "6a"]));
        // Inside Green's palace (5d): all four, back out of it too.
        assert_eq!(red[sq("5d").index()], set(&["5c", "5e", "4d", "6d"]));
        // Green infantry at home on 5b: four; abroad on 5B: no backward (toward y up).
        let green = &INFANTRY_STEPS[1];
        assert_eq!(green[sq("5b").index()], set(&["5a", "5c", "4b", "6b"]));
        assert_eq!(green[sq("5B").index()], set(&["5C", "4B", "6B"]));
    }
}
