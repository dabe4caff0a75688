//! The board's fixed data for drawing: every point with its label, grid coordinates, terrain
//! and palace (R-1 … R-5), so that the page draws from the library's tables, not its own.

use gjjq::{Side, Square, terrain::Terrain};
use serde::Serialize;

/// One point of the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PointView {
    /// Its label (R-3): `5E`, `7d`.
    pub label: String,
    /// x = 0..8 from Red's left (R-2).
    pub x: u8,
    /// y = 0..9 from Red's base line (R-2).
    pub y: u8,
    /// The country it belongs to: `red` or `green`.
    pub country: String,
    /// `inland`, `coast` or `sea` (R-4).
    pub terrain: String,
    /// Whether it is a point of its country's palace (R-5).
    pub palace: bool,
}

/// All 90 points, in index order (`y * 9 + x`).
///
/// ```
/// let points = gjjq_wasm::board::points();
/// assert_eq!(points.len(), 90);
/// assert_eq!(points.iter().filter(|p| p.terrain == "coast").count(), 18);
/// ```
#[must_use]
pub fn points() -> Vec<PointView> {
    Square::all()
        .map(|sq| {
            let country: Side = sq.country();
            PointView {
                label: sq.to_string(),
                x: sq.x(),
                y: sq.y(),
                country: country.to_string(),
                terrain: match sq.terrain() {
                    Terrain::Inland => "inland",
                    Terrain::Coast => "coast",
                    Terrain::Sea => "sea",
                }
                .to_owned(),
                palace: sq.in_palace_of(country),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_terrain_and_palaces_r3_r4_r5() {
        let points = points();
        let at = |label: &str| points.iter().find(|p| p.label == label).unwrap();
        assert_eq!((at("1E").x, at("1E").y), (0, 0));
        assert_eq!((at("1e").x, at("1e").y), (8, 9));
        assert_eq!(at("5B").terrain, "coast");
        assert_eq!(at("5A").terrain, "sea");
        assert_eq!(at("5D").terrain, "inland");
        assert_eq!(points.iter().filter(|p| p.palace).count(), 18);
        assert!(at("4c").palace && !at("3c").palace);
        assert_eq!(points.iter().filter(|p| p.terrain == "sea").count(), 42);
    }
}
