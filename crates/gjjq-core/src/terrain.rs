//! Countries, terrain (inland, coast, sea) and palaces (R-2, R-4, R-5).
//!
//! The seeds give areas, not coordinates; these tables are the brief's reconstruction (R-4):
//! in each country's own labels, land is the trapezoid with base 1E–9E and top 4B–6B, its
//! three slanted or top sides the coastline.

use crate::bitboard::Bitboard;
use crate::square::{Side, Square};

/// The kind of ground a point lies on (R-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// 內陸: land away from the coastline.
    Inland,
    /// 沿海: land on the coastline.
    Coast,
    /// 海洋: the sea, including each country's front line.
    Sea,
}

/// Distance of `(x, y)` from its own country's base line, 0..=4.
const fn rows_from_base(y: u8) -> u8 {
    if y < 5 { y } else { 9 - y }
}

const fn terrain_at(x: u8, y: u8) -> Terrain {
    let r = rows_from_base(y);
    // Label digit d = x + 1 (Red) or 9 − x (Green); the trapezoid is symmetric, so x alone
    // decides: land where 1 + r <= d <= 9 − r, i.e. r <= x <= 8 − r, for r <= 3.
    if r > 3 || x < r || x > 8 - r {
        Terrain::Sea
    } else if r == 3 || x == r || x == 8 - r {
        Terrain::Coast
    } else {
        Terrain::Inland
    }
}

const fn mask(side: Side, want: u8) -> Bitboard {
    // want: 0 inland, 1 coast, 2 sea, 3 land, 4 palace, 5 whole country
    let mut bits = 0u128;
    let mut i = 0;
    while i < 90 {
        let x = (i % 9) as u8;
        let y = (i / 9) as u8;
        let in_country = (y < 5) == matches!(side, Side::Red);
        if in_country {
            let t = terrain_at(x, y);
            let r = rows_from_base(y);
            let hit = match want {
                0 => matches!(t, Terrain::Inland),
                1 => matches!(t, Terrain::Coast),
                2 => matches!(t, Terrain::Sea),
                3 => !matches!(t, Terrain::Sea),
                4 => r <= 2 && x >= 3 && x <= 5,
                _ => true,
            };
            if hit {
                bits |= 1u128 << i;
            }
        }
        i += 1;
    }
    Bitboard(bits)
}

/// Each side's country (R-2), indexed by [`Side::index`].
pub const COUNTRY: [Bitboard; 2] = [mask(Side::Red, 5), mask(Side::Green, 5)];
/// Each country's inland points (R-4), 15 each.
pub const INLAND: [Bitboard; 2] = [mask(Side::Red, 0), mask(Side::Green, 0)];
/// Each country's coast points (R-4), 9 each.
pub const COAST: [Bitboard; 2] = [mask(Side::Red, 1), mask(Side::Green, 1)];
/// Each country's sea points (R-4), 21 each.
pub const SEA: [Bitboard; 2] = [mask(Side::Red, 2), mask(Side::Green, 2)];
/// Each country's land: inland and coast (R-4), 24 each.
pub const LAND: [Bitboard; 2] = [mask(Side::Red, 3), mask(Side::Green, 3)];
/// Each side's palace, 總統府 / 主席府 (R-5): files 4–6 × ranks C–E, 9 points each.
pub const PALACE: [Bitboard; 2] = [mask(Side::Red, 4), mask(Side::Green, 4)];

/// Inland points of both countries.
pub(crate) const ALL_INLAND: Bitboard = Bitboard(INLAND[0].0 | INLAND[1].0);
/// Sea and coast points of both countries: where a fleet may sail (R-12).
pub(crate) const ALL_WATERS: Bitboard = Bitboard(!ALL_INLAND.0 & Bitboard::FULL.0);

impl Square {
    /// The terrain of this point (R-4).
    ///
    /// ```
    /// use gjjq_core::{Square, terrain::Terrain};
    /// assert_eq!("5E".parse::<Square>().unwrap().terrain(), Terrain::Inland);
    /// assert_eq!("4B".parse::<Square>().unwrap().terrain(), Terrain::Coast);
    /// assert_eq!("5a".parse::<Square>().unwrap().terrain(), Terrain::Sea);
    /// ```
    #[must_use]
    pub const fn terrain(self) -> Terrain {
        terrain_at(self.x(), self.y())
    }

    /// Whether this point is in `side`'s palace (R-5).
    #[must_use]
    pub const fn in_palace_of(self, side: Side) -> bool {
        PALACE[side.index()].contains(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R-4, R-5: the terrain of all 90 points, written out by hand from the brief's labels.
    /// Rows from y = 9 (Green's base line) down to y = 0, x = 0..8.
    /// `I` inland, `C` coast, `~` sea; lower case marks a palace point.
    const BY_HAND: [&str; 10] = [
        "C I I i i i I I C", // y=9 e: 9e coast, 8e..2e inland, 1e coast
        "~ C I i i i I C ~", // y=8 d: 8d, 2d coast; 7d..3d inland
        "~ ~ C i i i C ~ ~", // y=7 c: 7c, 3c coast; 6c..4c inland
        "~ ~ ~ C C C ~ ~ ~", // y=6 b: 6b 5b 4b coast
        "~ ~ ~ ~ ~ ~ ~ ~ ~", // y=5 a: front line, sea
        "~ ~ ~ ~ ~ ~ ~ ~ ~", // y=4 A
        "~ ~ ~ C C C ~ ~ ~", // y=3 B: 4B 5B 6B coast
        "~ ~ C i i i C ~ ~", // y=2 C: 3C, 7C coast; 4C..6C inland
        "~ C I i i i I C ~", // y=1 D: 2D, 8D coast; 3D..7D inland
        "C I I i i i I I C", // y=0 E: 1E, 9E coast; 2E..8E inland
    ];

    #[test]
    fn terrain_of_every_point_matches_hand_table() {
        for (row, line) in BY_HAND.iter().enumerate() {
            let y = 9 - row as u8;
            let cells: Vec<&str> = line.split(' ').collect();
            assert_eq!(cells.len(), 9);
            for (x, cell) in cells.iter().enumerate() {
                let sq = Square::new(x as u8, y).unwrap();
                let want = match *cell {
                    "I" | "i" => Terrain::Inland,
                    "C" => Terrain::Coast,
                    "~" => Terrain::Sea,
                    _ => unreachable!(),
                };
                assert_eq!(sq.terrain(), want, "terrain of {sq}");
                let palace = *cell == "i";
                assert_eq!(sq.in_palace_of(sq.country()), palace, "palace at {sq}");
                assert!(!sq.in_palace_of(sq.country().other()));
            }
        }
    }

    #[test]
    fn counts_match_the_brief() {
        for side in Side::ALL {
            let i = side.index();
            assert_eq!(INLAND[i].count(), 15);
            assert_eq!(COAST[i].count(), 9);
            assert_eq!(SEA[i].count(), 21);
            assert_eq!(LAND[i].count(), 24);
            assert_eq!(PALACE[i].count(), 9);
            assert_eq!(COUNTRY[i].count(), 45);
        }
        // R-4 names the coast points in each country's own labels.
        for label in ["1E", "2D", "3C", "4B", "5B", "6B", "7C", "8D", "9E"] {
            assert!(COAST[0].contains(label.parse().unwrap()), "{label}");
            assert!(
                COAST[1].contains(label.to_lowercase().parse().unwrap()),
                "{label}"
            );
        }
    }
}
