//! The board as data (L-2 … L-4): kinds of point, road and railway lines, the straight railway
//! lines as precomputed runs, the middle crossing.
//!
//! ```text
//!  a12-b12-c12-d12-e12    b12 d12: Blue's headquarters (大本營)
//!   |   |   |   |   |
//!  a11=b11=c11=d11=e11    = and ‖: railway (鐵路); - | / \: road (公路)
//!   ‖   | \ | / |   ‖
//!  a10-(b10)-c10-(d10)-e10    ( ): camps (行營)
//!   ‖   | / | \ |   ‖
//!  a9--b9-(c9)--d9--e9
//!   ‖   | \ | / |   ‖
//!  a8-(b8)--c8-(d8)--e8
//!   ‖   | / | \ |   ‖
//!  a7==b7==c7==d7==e7
//!   ‖       ‖       ‖      the fronts meet only at a, c (middle crossing) and e
//!  a6==b6==c6==d6==e6
//!   ‖   | \ | / |   ‖
//!  a5-(b5)--c5-(d5)--e5
//!   ‖   | / | \ |   ‖
//!  a4--b4-(c4)--d4--e4
//!   ‖   | \ | / |   ‖
//!  a3-(b3)--c3-(d3)--e3
//!   ‖   | / | \ |   ‖
//!  a2==b2==c2==d2==e2
//!   |   |   |   |   |
//!  a1--b1--c1--d1--e1     b1 d1: Red's headquarters
//! ```

use std::fmt;

use crate::bitboard::Bitboard;
use crate::ruleset::MiddleCrossing;
use crate::square::Square;

const fn bit(file: u8, rank: u8) -> u64 {
    1u64 << ((rank - 1) * 5 + file)
}

const fn rank_mask(rank: u8) -> u64 {
    0b11111u64 << ((rank - 1) * 5)
}

/// The four headquarters (大本營, L-2): b1, d1 (Red), b12, d12 (Blue).
pub const HEADQUARTERS: Bitboard = Bitboard(bit(1, 1) | bit(3, 1) | bit(1, 12) | bit(3, 12));

/// The ten camps (行營, L-2): b3 d3 c4 b5 d5 (Red), b10 d10 c9 b8 d8 (Blue).
pub const CAMPS: Bitboard = Bitboard(
    bit(1, 3)
        | bit(3, 3)
        | bit(2, 4)
        | bit(1, 5)
        | bit(3, 5)
        | bit(1, 10)
        | bit(3, 10)
        | bit(2, 9)
        | bit(1, 8)
        | bit(3, 8),
);

/// The 46 stations (兵站, L-2): the points neither camp nor headquarters.
pub const STATIONS: Bitboard = Bitboard(Bitboard::FULL.0 & !HEADQUARTERS.0 & !CAMPS.0);

const fn file_rail(file: u8) -> u64 {
    let mut m = 0;
    let mut r = 2;
    while r <= 11 {
        m |= bit(file, r);
        r += 1;
    }
    m
}

/// The 32 railway points (L-3): ranks 2, 6, 7, 11 and files a and e between them.
pub const RAILWAY: Bitboard = Bitboard(
    rank_mask(2) | rank_mask(6) | rank_mask(7) | rank_mask(11) | file_rail(0) | file_rail(4),
);

/// Red's half, ranks 1–6.
pub const RED_HALF: Bitboard = Bitboard((1u64 << 30) - 1);
/// Blue's half, ranks 7–12.
pub const BLUE_HALF: Bitboard = Bitboard(Bitboard::FULL.0 & !RED_HALF.0);

/// Points `s` whose railway joins `s` to `s + 1` (east): files a–d of the railway ranks.
pub(crate) const RAIL_EAST: u64 =
    (rank_mask(2) | rank_mask(6) | rank_mask(7) | rank_mask(11)) & !file_rail(4) & !bit(4, 2);

/// Points `s` whose railway joins `s` to `s + 5` (north) on files a and e: ranks 2–10.
const RAIL_NORTH_EDGES: u64 = (file_rail(0) | file_rail(4)) & !rank_mask(11);

/// c6, whose railway joins it to c7 when the middle crossing is a railway.
const C6: u64 = bit(2, 6);

/// Points `s` joined by railway to `s + 5`, for a middle crossing.
#[inline]
pub(crate) const fn rail_north(crossing: MiddleCrossing) -> u64 {
    match crossing {
        MiddleCrossing::Railway => RAIL_NORTH_EDGES | C6,
        MiddleCrossing::Road => RAIL_NORTH_EDGES,
    }
}

/// The points joined by a railway segment to a point of `set` (L-3), for a middle crossing:
/// one step of the engineer's flood fill (L-9), four shifts.
#[inline]
#[must_use]
pub const fn railway_expand(set: Bitboard, crossing: MiddleCrossing) -> Bitboard {
    let x = set.0;
    let n = rail_north(crossing);
    Bitboard(((x & RAIL_EAST) << 1) | ((x >> 1) & RAIL_EAST) | ((x & n) << 5) | ((x >> 5) & n))
}

/// A kind of point (L-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointKind {
    /// Headquarters (大本營): pieces there never move under `hq_lock` (L-10).
    Headquarters,
    /// Camp (行營): its piece cannot be attacked (L-10).
    Camp,
    /// Station (兵站): every other point.
    Station,
}

/// The kind of a point (L-2).
///
/// ```
/// use luzhanqi::board::{point_kind, PointKind};
/// assert_eq!(point_kind("c4".parse().unwrap()), PointKind::Camp);
/// assert_eq!(point_kind("d12".parse().unwrap()), PointKind::Headquarters);
/// assert_eq!(point_kind("c6".parse().unwrap()), PointKind::Station);
/// ```
#[must_use]
pub const fn point_kind(sq: Square) -> PointKind {
    if HEADQUARTERS.contains(sq) {
        PointKind::Headquarters
    } else if CAMPS.contains(sq) {
        PointKind::Camp
    } else {
        PointKind::Station
    }
}

/// A line between two points (L-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// A road (公路): one step.
    Road,
    /// A railway (鐵路): runs (L-8) and engineer paths (L-9).
    Railway,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Line::Road => "road",
            Line::Railway => "railway",
        })
    }
}

/// The middle crossing c6–c7 (L-3): a railway or a road by the option `middle_crossing`.
pub const MIDDLE_CROSSING: (Square, Square) = (
    Square::from_index_unchecked(27),
    Square::from_index_unchecked(32),
);

const fn build_neighbours() -> [Bitboard; 60] {
    let mut out = [Bitboard::EMPTY; 60];
    let mut i = 0;
    while i < 60 {
        let file = (i % 5) as i32;
        let rank = (i / 5 + 1) as i32;
        let mut m = 0u64;
        // Orthogonal neighbours inside one half; across the fronts only files a, c, e.
        let dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let mut d = 0;
        while d < 4 {
            let (df, dr) = dirs[d];
            let (f, r) = (file + df, rank + dr);
            if f >= 0 && f < 5 && r >= 1 && r <= 12 {
                let crosses = (rank <= 6) != (r <= 6);
                if !crosses || f == 0 || f == 2 || f == 4 {
                    m |= bit(f as u8, r as u8);
                }
            }
            d += 1;
        }
        out[i] = Bitboard(m);
        i += 1;
    }
    // Camp diagonals: each camp to its four diagonal neighbours, both ways.
    let mut c = 0;
    while c < 60 {
        if CAMPS.0 >> c & 1 != 0 {
            let file = (c % 5) as i32;
            let rank = (c / 5 + 1) as i32;
            let diags = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
            let mut d = 0;
            while d < 4 {
                let (f, r) = (file + diags[d].0, rank + diags[d].1);
                let j = ((r - 1) * 5 + f) as usize;
                out[c].0 |= 1 << j;
                out[j].0 |= 1 << c;
                d += 1;
            }
        }
        c += 1;
    }
    out
}

/// The points joined to each point by a line of either kind (L-3, L-7), by index.
pub(crate) const NEIGHBOURS: [Bitboard; 60] = build_neighbours();

/// The points joined to `sq` by a line, road or railway (the one-step moves of L-7).
///
/// ```
/// use luzhanqi::board::neighbours;
/// let n = neighbours("b3".parse().unwrap());
/// assert_eq!(n.count(), 8); // a camp: four orthogonal, four diagonal
/// assert_eq!(neighbours("b6".parse().unwrap()).count(), 3); // no line to b7
/// ```
#[inline]
#[must_use]
pub const fn neighbours(sq: Square) -> Bitboard {
    NEIGHBOURS[sq.index()]
}

/// The kind of line joining `a` and `b`, or `None` when they are not joined (L-3).
#[must_use]
pub const fn line(a: Square, b: Square, crossing: MiddleCrossing) -> Option<Line> {
    if !neighbours(a).contains(b) {
        return None;
    }
    if railway_expand(Bitboard::from_square(a), crossing).contains(b) {
        Some(Line::Railway)
    } else {
        Some(Line::Road)
    }
}

/// A direction of a straight railway run (L-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards rank 12.
    North,
    /// Towards file e.
    East,
    /// Towards rank 1.
    South,
    /// Towards file a.
    West,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];
}

const fn build_rays(crossing: MiddleCrossing) -> [[Bitboard; 60]; 4] {
    let north = rail_north(crossing);
    let mut out = [[Bitboard::EMPTY; 60]; 4];
    let mut s = 0;
    while s < 60 {
        // North: +5 while the railway goes on.
        let mut m = 0;
        let mut t = s;
        while north >> t & 1 != 0 {
            t += 5;
            m |= 1 << t;
        }
        out[0][s].0 = m;
        m = 0;
        t = s;
        while RAIL_EAST >> t & 1 != 0 {
            t += 1;
            m |= 1 << t;
        }
        out[1][s].0 = m;
        m = 0;
        t = s;
        while t >= 5 && north >> (t - 5) & 1 != 0 {
            t -= 5;
            m |= 1 << t;
        }
        out[2][s].0 = m;
        m = 0;
        t = s;
        while t >= 1 && RAIL_EAST >> (t - 1) & 1 != 0 {
            t -= 1;
            m |= 1 << t;
        }
        out[3][s].0 = m;
        s += 1;
    }
    out
}

/// Straight railway rays, `[crossing][direction][point]`: the points a run from the point
/// passes in that direction on an empty board (L-8).
pub(crate) const RAYS: [[[Bitboard; 60]; 4]; 2] = [
    build_rays(MiddleCrossing::Railway),
    build_rays(MiddleCrossing::Road),
];

/// The points a straight railway run from `sq` in `dir` passes on an empty board (L-8), nearest
/// first in index order for North and East, last for South and West.
///
/// ```
/// use luzhanqi::board::{ray, Direction};
/// use luzhanqi::MiddleCrossing;
/// let a2 = "a2".parse().unwrap();
/// assert_eq!(ray(a2, Direction::North, MiddleCrossing::Railway).count(), 9); // a3 … a11
/// let c6 = "c6".parse().unwrap();
/// assert_eq!(ray(c6, Direction::North, MiddleCrossing::Railway).count(), 1); // c7
/// assert!(ray(c6, Direction::North, MiddleCrossing::Road).is_empty());
/// ```
#[inline]
#[must_use]
pub const fn ray(sq: Square, dir: Direction, crossing: MiddleCrossing) -> Bitboard {
    RAYS[crossing as usize][dir as usize][sq.index()]
}

/// The straight railway lines (L-8) as ordered lists of points: ranks 2, 6, 7, 11, files a and
/// e from rank 2 to 11, and the middle crossing c6–c7 when it is a railway.
#[must_use]
pub fn straight_lines(crossing: MiddleCrossing) -> Vec<Vec<Square>> {
    let sq = |f, r| Square::new(f, r).expect("on the board");
    let mut lines: Vec<Vec<Square>> = [2u8, 6, 7, 11]
        .iter()
        .map(|&r| (0..5).map(|f| sq(f, r)).collect())
        .collect();
    for f in [0u8, 4] {
        lines.push((2..=11).map(|r| sq(f, r)).collect());
    }
    if crossing == MiddleCrossing::Railway {
        lines.push(vec![MIDDLE_CROSSING.0, MIDDLE_CROSSING.1]);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn counts_per_half_are_the_seeds() {
        // L-2: 5 camps, 23 stations, 2 headquarters a side; L-3: 32 railway points.
        for half in [RED_HALF, BLUE_HALF] {
            assert_eq!((CAMPS & half).count(), 5);
            assert_eq!((HEADQUARTERS & half).count(), 2);
            assert_eq!((STATIONS & half).count(), 23);
        }
        assert_eq!(RAILWAY.count(), 32);
        assert!(!RAILWAY.intersects(CAMPS | HEADQUARTERS));
    }

    #[test]
    fn lines_are_symmetric_and_the_brief_examples_hold() {
        for a in Square::all() {
            for b in Square::all() {
                for c in [MiddleCrossing::Railway, MiddleCrossing::Road] {
                    assert_eq!(line(a, b, c), line(b, a, c));
                    // L-4: left-right and halves symmetry.
                    assert_eq!(line(a, b, c), line(a.flip(), b.flip(), c));
                }
            }
        }
        let rw = MiddleCrossing::Railway;
        for (a, b) in [
            ("a1", "a2"),
            ("a1", "b1"),
            ("b2", "b3"),
            ("c3", "c4"),
            ("b5", "b6"),
        ] {
            assert_eq!(line(sq(a), sq(b), rw), Some(Line::Road), "{a}-{b}");
        }
        for (a, b) in [
            ("a6", "a7"),
            ("c6", "c7"),
            ("e6", "e7"),
            ("a2", "b2"),
            ("e5", "e6"),
        ] {
            assert_eq!(line(sq(a), sq(b), rw), Some(Line::Railway), "{a}-{b}");
        }
        assert_eq!(
            line(sq("c6"), sq("c7"), MiddleCrossing::Road),
            Some(Line::Road)
        );
        for (a, b) in [
            ("b6", "b7"),
            ("d6", "d7"),
            ("a3", "b4"),
            ("b2", "c3"),
            ("c6", "c8"),
        ] {
            assert_eq!(line(sq(a), sq(b), rw), None, "{a}-{b}");
        }
        for (camp, diags) in [
            ("b3", ["a2", "c2", "a4", "c4"]),
            ("d3", ["c2", "e2", "c4", "e4"]),
            ("c4", ["b3", "d3", "b5", "d5"]),
            ("b5", ["a4", "c4", "a6", "c6"]),
            ("d5", ["c4", "e4", "c6", "e6"]),
        ] {
            for d in diags {
                assert_eq!(line(sq(camp), sq(d), rw), Some(Line::Road), "{camp}-{d}");
            }
        }
        // Railway neighbours exist only between railway points.
        for a in Square::all() {
            let r = railway_expand(Bitboard::from_square(a), rw);
            assert!(r.is_empty() || RAILWAY.contains(a));
            assert_eq!(r - RAILWAY, Bitboard::EMPTY);
        }
    }

    #[test]
    fn straight_lines_match_the_rays() {
        for c in [MiddleCrossing::Railway, MiddleCrossing::Road] {
            let lines = straight_lines(c);
            for s in Square::all() {
                let along: Bitboard = Direction::ALL
                    .iter()
                    .map(|&d| ray(s, d, c))
                    .fold(Bitboard::EMPTY, |a, b| a | b);
                let from_lines: Bitboard = lines
                    .iter()
                    .filter(|l| l.contains(&s))
                    .flat_map(|l| l.iter().copied())
                    .filter(|&t| t != s)
                    .collect();
                assert_eq!(along, from_lines, "{s} {c:?}");
            }
        }
    }
}
