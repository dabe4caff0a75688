//! The cross board as data (L-40 … L-46): 129 points, their names and kinds, the roads and
//! railways, the 18 railway lines a non-engineer's run follows, the four corner arcs and the
//! 九宮.
//!
//! ```text
//!  17              g h i j k                 Blue (north)
//!  16              = = = = =
//!  15              | + | + |
//!  14              |   +   |
//!  13              | + | + |
//!  12              = = = = =
//!  11  b = = = = f g = i = k l = = = = p
//!  10  | + | + | |  |     |  | + | + |
//!   9  |   +   | f g = i = k l   +   |     Yellow west, Green east
//!   8  | + | + | |  |     |  | + | + |
//!   7  b = = = = f g = i = k l = = = = p
//!   6              = = = = =
//!   5              | + | + |
//!   4              |   +   |
//!   3              | + | + |
//!   2              = = = = =
//!   1              g h i j k                 Red (south)
//!      a b c d e f g h i j k l m n o p q
//! ```
//!
//! (`=`/`|` railway, `+` camp; the corner arcs join g6–f7, k6–l7, k12–l11, g12–f11; files a
//! and q and ranks 1 and 17 are the headquarters rows.) See `docs/siguo.md` for the full
//! drawing.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use thiserror::Error;

use crate::seat::Seat;

/// Points on the board (L-40).
pub const POINT_COUNT: usize = 129;

/// A point of the cross board (L-40), numbered 0 … 128 rank by rank from rank 1, each rank
/// from file a. Only the 129 points of L-40 can be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

/// Whether (file, rank), both 1 … 17, is a point (L-40).
const fn exists(file: u8, rank: u8) -> bool {
    if file < 1 || file > 17 || rank < 1 || rank > 17 {
        return false;
    }
    let mid_files = file >= 7 && file <= 11;
    let mid_ranks = rank >= 7 && rank <= 11;
    if mid_files && !mid_ranks {
        return true; // Red's and Blue's halves
    }
    if mid_ranks && !mid_files {
        return true; // Yellow's and Green's halves
    }
    // The 九宮: files g, i, k × ranks 7, 9, 11.
    mid_files && mid_ranks && file % 2 == 1 && rank % 2 == 1
}

const fn build_grid() -> [[u8; 18]; 18] {
    let mut grid = [[u8::MAX; 18]; 18];
    let mut n = 0u8;
    let mut rank = 1;
    while rank <= 17 {
        let mut file = 1;
        while file <= 17 {
            if exists(file as u8, rank as u8) {
                grid[file][rank] = n;
                n += 1;
            }
            file += 1;
        }
        rank += 1;
    }
    grid
}

const fn build_coords() -> [(u8, u8); POINT_COUNT] {
    let mut out = [(0u8, 0u8); POINT_COUNT];
    let mut n = 0;
    let mut rank = 1;
    while rank <= 17 {
        let mut file = 1;
        while file <= 17 {
            if exists(file, rank) {
                out[n] = (file, rank);
                n += 1;
            }
            file += 1;
        }
        rank += 1;
    }
    out
}

/// Point number of (file, rank), `u8::MAX` where there is none.
const GRID: [[u8; 18]; 18] = build_grid();
/// (file, rank) of each point.
const COORDS: [(u8, u8); POINT_COUNT] = build_coords();

impl Point {
    /// The point at file and rank numbers (a = 1 … q = 17, ranks 1 … 17), if L-40 has it.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file > 17 || rank > 17 {
            return None;
        }
        match GRID[file as usize][rank as usize] {
            u8::MAX => None,
            n => Some(Point(n)),
        }
    }

    /// The point of an index 0 … 128.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Point> {
        if i < POINT_COUNT {
            Some(Point(i as u8))
        } else {
            None
        }
    }

    /// The index 0 … 128.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File number, a = 1 … q = 17.
    #[must_use]
    pub const fn file(self) -> u8 {
        COORDS[self.0 as usize].0
    }

    /// Rank number 1 … 17.
    #[must_use]
    pub const fn rank(self) -> u8 {
        COORDS[self.0 as usize].1
    }

    /// All 129 points in index order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINT_COUNT as u8).map(Point)
    }

    /// The global point of a seat's own-frame point (L-41): own file 1 … 5 (a … e from the
    /// seat's left), own row 1 … 6 from its back row; row 7 gives the 九宮 point in front of
    /// own files a, c and e.
    #[must_use]
    pub fn from_own(seat: Seat, file: u8, row: u8) -> Option<Point> {
        if !(1..=5).contains(&file) || !(1..=7).contains(&row) {
            return None;
        }
        let (x, y) = match seat {
            Seat::Red => (6 + file, row),
            Seat::Green => (18 - row, 6 + file),
            Seat::Blue => (12 - file, 18 - row),
            Seat::Yellow => (row, 12 - file),
        };
        Point::new(x, y)
    }

    /// The seat whose half holds the point and the point's own frame (file 1 … 5, row
    /// 1 … 6) there; `None` for the 九宮 (L-41).
    #[must_use]
    pub fn own(self) -> Option<(Seat, u8, u8)> {
        let (x, y) = (self.file(), self.rank());
        if (7..=11).contains(&x) && y <= 6 {
            Some((Seat::Red, x - 6, y))
        } else if (7..=11).contains(&x) && y >= 12 {
            Some((Seat::Blue, 12 - x, 18 - y))
        } else if x >= 12 {
            Some((Seat::Green, y - 6, 18 - x))
        } else if x <= 6 {
            Some((Seat::Yellow, 12 - y, x))
        } else {
            None
        }
    }

    /// What kind of point it is (L-41).
    #[must_use]
    pub fn kind(self) -> PointKind {
        TABLES.kinds[self.index()]
    }

    /// Whether the point is on the railway (L-42, L-43).
    #[must_use]
    pub fn is_railway(self) -> bool {
        TABLES.railway.contains(self)
    }

    /// Whether the point is a camp (行營, L-41).
    #[must_use]
    pub fn is_camp(self) -> bool {
        self.kind() == PointKind::Camp
    }

    /// Whether the point is a headquarters (大本營, L-41).
    #[must_use]
    pub fn is_headquarters(self) -> bool {
        self.kind() == PointKind::Headquarters
    }

    /// Neighbours along any line (road or railway, L-42 … L-44).
    #[must_use]
    pub fn neighbours(self) -> &'static [Point] {
        &TABLES.neighbours[self.index()]
    }

    /// Neighbours along a railway segment.
    #[must_use]
    pub fn railway_neighbours(self) -> &'static [Point] {
        &TABLES.rail_neighbours[self.index()]
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() - 1) as char, self.rank())
    }
}

/// A text that is not a point name (L-40).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PointParseError {
    /// Not a file letter a–q followed by a rank 1–17.
    #[error("'{0}' is not a file a–q followed by a rank 1–17")]
    Syntax(String),
    /// A well-formed name that L-40 does not have (`h7`, `a1`).
    #[error("'{0}' is not a point of the cross board")]
    NoSuchPoint(String),
}

impl FromStr for Point {
    type Err = PointParseError;

    fn from_str(s: &str) -> Result<Point, PointParseError> {
        let b = s.as_bytes();
        let syntax = || PointParseError::Syntax(s.chars().take(8).collect());
        if b.len() < 2 || b.len() > 3 || !(b'a'..=b'q').contains(&b[0]) {
            return Err(syntax());
        }
        let digits = &s[1..];
        if !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
            return Err(syntax());
        }
        let rank: u8 = digits.parse().map_err(|_| syntax())?;
        if !(1..=17).contains(&rank) {
            return Err(syntax());
        }
        Point::new(b[0] - b'a' + 1, rank).ok_or_else(|| PointParseError::NoSuchPoint(s.into()))
    }
}

/// The kind of a point (L-41).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointKind {
    /// A station (兵站), including the 9 points of the 九宮.
    Station,
    /// A camp (行營): its piece cannot be attacked (L-10).
    Camp,
    /// A headquarters (大本營): a piece there is locked under `hq_lock` (L-10).
    Headquarters,
}

/// A set of points: three words, since 129 points do not fit a `u128` (docs/siguo.md).
/// Built only from [`Point`]s, so it never holds a bit past point 128 (which [`PointSet::iter`]
/// would turn into a point that does not exist):
///
/// ```compile_fail
/// let s = siguo::PointSet([0, 0, u64::MAX]); // the words are the crate's own
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet(pub(crate) [u64; 3]);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet([0; 3]);

    /// Whether `p` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(&self, p: Point) -> bool {
        self.0[p.0 as usize >> 6] >> (p.0 & 63) & 1 != 0
    }

    /// Add `p`.
    #[inline]
    pub fn insert(&mut self, p: Point) {
        self.0[p.index() >> 6] |= 1 << (p.0 & 63);
    }

    /// Remove `p`.
    #[inline]
    pub fn remove(&mut self, p: Point) {
        self.0[p.index() >> 6] &= !(1 << (p.0 & 63));
    }

    /// The number of points.
    #[must_use]
    pub const fn count(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    /// The union (crate-internal: the move generator's set algebra).
    #[inline]
    pub(crate) const fn or(self, o: PointSet) -> PointSet {
        PointSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }

    /// The intersection.
    #[inline]
    pub(crate) const fn and(self, o: PointSet) -> PointSet {
        PointSet([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }

    /// The points of `self` not in `o`.
    #[inline]
    pub(crate) const fn minus(self, o: PointSet) -> PointSet {
        PointSet([
            self.0[0] & !o.0[0],
            self.0[1] & !o.0[1],
            self.0[2] & !o.0[2],
        ])
    }

    /// The points in index order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        (0..3).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Point(w as u8 * 64 + i as u8))
            })
        })
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut s = PointSet::EMPTY;
        for p in iter {
            s.insert(p);
        }
        s
    }
}

/// One line of the board: two points and whether it is a railway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Line {
    /// One end.
    pub a: Point,
    /// The other end.
    pub b: Point,
    /// Railway (鐵路) or road (公路).
    pub railway: bool,
}

/// The board's derived tables.
pub(crate) struct Tables {
    kinds: [PointKind; POINT_COUNT],
    /// The railway points.
    pub(crate) railway: PointSet,
    /// The camps.
    pub(crate) camps: PointSet,
    /// The headquarters.
    pub(crate) headquarters: PointSet,
    lines: Vec<Line>,
    neighbours: Vec<Vec<Point>>,
    rail_neighbours: Vec<Vec<Point>>,
    /// Each point's neighbours as a set (the move generator's steps, L-7).
    pub(crate) neighbour_sets: [PointSet; POINT_COUNT],
    /// Each point's railway neighbours as a set (engineer paths, L-47).
    pub(crate) rail_sets: [PointSet; POINT_COUNT],
    /// The 18 lines of L-46.
    pub(crate) runs: Vec<Vec<Point>>,
    /// For each point, (run index, position in run).
    pub(crate) on_runs: Vec<Vec<(u8, u8)>>,
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y).expect("a point of L-40")
}

fn own(seat: Seat, f: u8, r: u8) -> Point {
    Point::from_own(seat, f, r).expect("an own-frame point")
}

/// Own-frame camps (L-2): b3 d3 c4 b5 d5.
const OWN_CAMPS: [(u8, u8); 5] = [(2, 3), (4, 3), (3, 4), (2, 5), (4, 5)];
/// Own-frame headquarters (L-2): b1 d1.
const OWN_HQ: [(u8, u8); 2] = [(2, 1), (4, 1)];

fn build_tables() -> Tables {
    let mut kinds = [PointKind::Station; POINT_COUNT];
    let mut lines = Vec::new();
    for seat in Seat::ALL {
        for (f, r) in OWN_CAMPS {
            kinds[own(seat, f, r).index()] = PointKind::Camp;
        }
        for (f, r) in OWN_HQ {
            kinds[own(seat, f, r).index()] = PointKind::Headquarters;
        }
        // L-42: L-3 in own frame.
        for f in 1..=5u8 {
            for r in 1..=6u8 {
                if f < 5 {
                    let railway = r == 2 || r == 6;
                    lines.push(Line {
                        a: own(seat, f, r),
                        b: own(seat, f + 1, r),
                        railway,
                    });
                }
                if r < 6 {
                    let railway = (f == 1 || f == 5) && r >= 2;
                    lines.push(Line {
                        a: own(seat, f, r),
                        b: own(seat, f, r + 1),
                        railway,
                    });
                }
            }
        }
        for (f, r) in OWN_CAMPS {
            for (df, dr) in [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)] {
                let (g, s) = ((f as i8 + df) as u8, (r as i8 + dr) as u8);
                // A diagonal between two camps (c4 and its four) is one line.
                if OWN_CAMPS.contains(&(g, s)) && (g, s) < (f, r) {
                    continue;
                }
                lines.push(Line {
                    a: own(seat, f, r),
                    b: own(seat, g, s),
                    railway: false,
                });
            }
        }
        // L-43: own a6, c6, e6 to the 九宮 point in front.
        for f in [1, 3, 5] {
            lines.push(Line {
                a: own(seat, f, 6),
                b: own(seat, f, 7),
                railway: true,
            });
        }
        // L-44: own a6 to the own e6 of the seat on its left.
        lines.push(Line {
            a: own(seat, 1, 6),
            b: own(seat.left(), 5, 6),
            railway: true,
        });
    }
    // L-43: the 九宮 grid.
    for a in [7u8, 9, 11] {
        for b in [7u8, 9] {
            lines.push(Line {
                a: p(a, b),
                b: p(a, b + 2),
                railway: true,
            });
            lines.push(Line {
                a: p(b, a),
                b: p(b + 2, a),
                railway: true,
            });
        }
    }
    let mut neighbours = vec![Vec::new(); POINT_COUNT];
    let mut rail_neighbours = vec![Vec::new(); POINT_COUNT];
    let mut railway = PointSet::EMPTY;
    for l in &lines {
        neighbours[l.a.index()].push(l.b);
        neighbours[l.b.index()].push(l.a);
        if l.railway {
            rail_neighbours[l.a.index()].push(l.b);
            rail_neighbours[l.b.index()].push(l.a);
            railway.insert(l.a);
            railway.insert(l.b);
        }
    }
    for v in neighbours.iter_mut().chain(rail_neighbours.iter_mut()) {
        v.sort();
    }
    let runs = build_runs();
    let mut on_runs = vec![Vec::new(); POINT_COUNT];
    for (i, run) in runs.iter().enumerate() {
        for (j, q) in run.iter().enumerate() {
            on_runs[q.index()].push((i as u8, j as u8));
        }
    }
    let set_of = |v: &Vec<Point>| v.iter().copied().collect::<PointSet>();
    let neighbour_sets = std::array::from_fn(|i| set_of(&neighbours[i]));
    let rail_sets = std::array::from_fn(|i| set_of(&rail_neighbours[i]));
    let kind_set = |k: PointKind| Point::all().filter(|q| kinds[q.index()] == k).collect();
    Tables {
        kinds,
        railway,
        camps: kind_set(PointKind::Camp),
        headquarters: kind_set(PointKind::Headquarters),
        lines,
        neighbours,
        rail_neighbours,
        neighbour_sets,
        rail_sets,
        runs,
        on_runs,
    }
}

/// The 18 railway lines of L-46, each as its points in order.
fn build_runs() -> Vec<Vec<Point>> {
    let column = |x: u8, ys: &mut dyn Iterator<Item = u8>| -> Vec<Point> {
        ys.filter_map(|y| Point::new(x, y)).collect()
    };
    let row = |y: u8, xs: &mut dyn Iterator<Item = u8>| -> Vec<Point> {
        xs.filter_map(|x| Point::new(x, y)).collect()
    };
    let mut runs = vec![
        // back railways
        row(2, &mut (7..=11)),
        column(16, &mut (7..=11)),
        row(16, &mut (7..=11)),
        column(2, &mut (7..=11)),
        // front rows
        row(6, &mut (7..=11)),
        column(12, &mut (7..=11)),
        row(12, &mut (7..=11)),
        column(6, &mut (7..=11)),
        // across the 九宮, edge to edge (h8 and the like are no points)
        column(7, &mut (2..=16)),
        column(11, &mut (2..=16)),
        row(7, &mut (2..=16)),
        row(11, &mut (2..=16)),
        // across the middle
        column(9, &mut (6..=12)),
        row(9, &mut (6..=12)),
    ];
    // round the arcs
    let mut arc = |a: Vec<Point>, b: Vec<Point>| runs.push(a.into_iter().chain(b).collect());
    arc(column(7, &mut (2..=6)), row(7, &mut (2..=6).rev()));
    arc(column(11, &mut (2..=6)), row(7, &mut (12..=16)));
    arc(column(11, &mut (12..=16).rev()), row(11, &mut (12..=16)));
    arc(column(7, &mut (12..=16).rev()), row(11, &mut (2..=6).rev()));
    runs
}

static TABLES: LazyLock<Tables> = LazyLock::new(build_tables);

/// The derived tables, for a caller that reads many (one lazy-initialisation check).
#[inline]
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

/// Every line of the board (L-45: 92 railway segments and 196 roads).
#[must_use]
pub fn lines() -> &'static [Line] {
    &TABLES.lines
}

/// The 18 railway lines of L-46, each its points in order along the line.
#[must_use]
pub fn railway_lines() -> &'static [Vec<Point>] {
    &TABLES.runs
}

/// The railway lines through a point: (index into [`railway_lines`], position on it).
#[must_use]
pub fn lines_through(p: Point) -> &'static [(u8, u8)] {
    &TABLES.on_runs[p.index()]
}

/// The railway points (L-45: 73).
#[must_use]
pub fn railway_points() -> PointSet {
    TABLES.railway
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn l40_points_and_names() {
        assert_eq!(Point::all().count(), 129);
        for q in Point::all() {
            assert_eq!(q.to_string().parse::<Point>().unwrap(), q);
        }
        for bad in ["h7", "g8", "a1", "i8", "h9"] {
            assert!(matches!(
                bad.parse::<Point>(),
                Err(PointParseError::NoSuchPoint(_))
            ));
        }
        for bad in ["", "r1", "g0", "g18", "g01", "G1", "g"] {
            assert!(matches!(
                bad.parse::<Point>(),
                Err(PointParseError::Syntax(_))
            ));
        }
    }

    #[test]
    fn l41_own_frames() {
        let table = [
            (
                Seat::Red,
                ["g1", "k1", "g6", "k6"],
                ["h1", "j1"],
                ["h3", "j3", "i4", "h5", "j5"],
            ),
            (
                Seat::Green,
                ["q7", "q11", "l7", "l11"],
                ["q8", "q10"],
                ["o8", "o10", "n9", "m8", "m10"],
            ),
            (
                Seat::Blue,
                ["k17", "g17", "k12", "g12"],
                ["j17", "h17"],
                ["j15", "h15", "i14", "j13", "h13"],
            ),
            (
                Seat::Yellow,
                ["a11", "a7", "f11", "f7"],
                ["a10", "a8"],
                ["c10", "c8", "d9", "e10", "e8"],
            ),
        ];
        for (seat, corners, hq, camps) in table {
            let got = [(1, 1), (5, 1), (1, 6), (5, 6)].map(|(f, r)| own(seat, f, r).to_string());
            assert_eq!(got, corners);
            let got = OWN_HQ.map(|(f, r)| own(seat, f, r).to_string());
            assert_eq!(got, hq);
            let got = OWN_CAMPS.map(|(f, r)| own(seat, f, r).to_string());
            assert_eq!(got, camps);
            for f in 1..=5 {
                for r in 1..=6 {
                    assert_eq!(own(seat, f, r).own(), Some((seat, f, r)));
                }
            }
        }
        for s in ["g7", "i9", "k11"] {
            assert_eq!(pt(s).own(), None);
        }
        assert_eq!(Point::all().filter(|q| q.is_camp()).count(), 20);
        assert_eq!(Point::all().filter(|q| q.is_headquarters()).count(), 8);
    }

    #[test]
    fn l45_counts() {
        let rail = lines().iter().filter(|l| l.railway).count();
        let road = lines().iter().filter(|l| !l.railway).count();
        assert_eq!((rail, road, lines().len()), (92, 196, 288));
        assert_eq!(railway_points().count(), 73);
        assert_eq!(railway_lines().len(), 18);
        // Every railway segment lies on some line of L-46 (as consecutive points).
        for l in lines().iter().filter(|l| l.railway) {
            let on = railway_lines().iter().any(|run| {
                run.windows(2)
                    .any(|w| (w[0], w[1]) == (l.a, l.b) || (w[1], w[0]) == (l.a, l.b))
            });
            assert!(on, "{}-{}", l.a, l.b);
        }
        // And every consecutive pair of a line is a railway segment.
        for run in railway_lines() {
            for w in run.windows(2) {
                assert!(
                    w[0].railway_neighbours().contains(&w[1]),
                    "{}-{}",
                    w[0],
                    w[1]
                );
            }
        }
    }

    #[test]
    fn l45_quarter_turn_symmetry() {
        let turn = |q: Point| Point::new(18 - q.rank(), q.file()).unwrap();
        let set: std::collections::HashSet<(Point, Point, bool)> = lines()
            .iter()
            .flat_map(|l| [(l.a, l.b, l.railway), (l.b, l.a, l.railway)])
            .collect();
        for &(a, b, r) in &set {
            assert!(set.contains(&(turn(a), turn(b), r)));
        }
        for q in Point::all() {
            assert_eq!(turn(q).kind(), q.kind());
        }
    }

    #[test]
    fn l44_arcs() {
        for (a, b) in [("g6", "f7"), ("k6", "l7"), ("k12", "l11"), ("g12", "f11")] {
            assert!(pt(a).railway_neighbours().contains(&pt(b)));
        }
        // L-43: own b6 and d6 have no line out of their half.
        for s in ["h6", "j6"] {
            assert!(
                pt(s)
                    .neighbours()
                    .iter()
                    .all(|n| n.own().map(|o| o.0) == Some(Seat::Red))
            );
        }
    }
}
