//! An SVG picture of a position: roads thin, railways thick with cross-ties, camps as circles,
//! headquarters as arches, pieces as labelled tiles in red and blue.

use std::fmt::Write;

use crate::board::{CAMPS, HEADQUARTERS, Line, line};
use crate::piece::{Script, Side};
use crate::position::Position;
use crate::square::Square;

const STEP: i32 = 64;
const MARGIN: i32 = 48;
/// The mountains between the fronts (no line crosses at b and d).
const GAP: i32 = 48;

fn xy(sq: Square) -> (i32, i32) {
    let x = MARGIN + i32::from(sq.file()) * STEP;
    let mut y = MARGIN + (12 - i32::from(sq.rank())) * STEP;
    if sq.rank() <= 6 {
        y += GAP;
    }
    (x, y)
}

impl Position {
    /// The position as a standalone SVG document (simplified characters).
    ///
    /// ```
    /// let svg = luzhanqi::Position::default().to_svg();
    /// assert!(svg.starts_with("<svg") && svg.contains("司"));
    /// ```
    #[must_use]
    pub fn to_svg(&self) -> String {
        self.to_svg_with(Script::Simplified)
    }

    /// The position as an SVG document, pieces in `script`.
    #[must_use]
    pub fn to_svg_with(&self, script: Script) -> String {
        let w = 2 * MARGIN + 4 * STEP;
        let h = 2 * MARGIN + 11 * STEP + GAP;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"##
        );
        let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#f3e6c4"/>"##);
        let crossing = self.ruleset().middle_crossing;
        let mut rails = String::new();
        for a in Square::all() {
            for b in Square::all().filter(|&b| b > a) {
                let Some(kind) = line(a, b, crossing) else {
                    continue;
                };
                let ((x1, y1), (x2, y2)) = (xy(a), xy(b));
                match kind {
                    Line::Road => {
                        let _ = writeln!(
                            s,
                            r##"<line class="road" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#6b5b3e" stroke-width="1.5"/>"##
                        );
                    }
                    Line::Railway => {
                        let _ = writeln!(
                            rails,
                            r##"<line class="railway" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#222" stroke-width="6"/><line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#f3e6c4" stroke-width="2" stroke-dasharray="6 6"/>"##
                        );
                    }
                }
            }
        }
        s.push_str(&rails);
        for sq in Square::all() {
            let (x, y) = xy(sq);
            if CAMPS.contains(sq) {
                let _ = writeln!(
                    s,
                    r##"<circle class="camp" cx="{x}" cy="{y}" r="22" fill="#f3e6c4" stroke="#6b5b3e" stroke-width="2"/>"##
                );
            } else if HEADQUARTERS.contains(sq) {
                let (l, t) = (x - 24, y - 18);
                let _ = writeln!(
                    s,
                    r##"<path class="headquarters" d="M{l} {b} L{l} {t2} Q{x} {t} {r} {t2} L{r} {b} Z" fill="#f3e6c4" stroke="#6b5b3e" stroke-width="2"/>"##,
                    b = y + 18,
                    t2 = t + 10,
                    t = t - 8,
                    r = x + 24
                );
            } else {
                let _ = writeln!(
                    s,
                    r##"<rect class="station" x="{}" y="{}" width="36" height="24" fill="#f3e6c4" stroke="#6b5b3e"/>"##,
                    x - 18,
                    y - 12
                );
            }
        }
        for sq in self.occupied() {
            let p = self.piece_at(sq).expect("occupied");
            let (x, y) = xy(sq);
            let (fill, side) = match p.side {
                Side::Red => ("#c0392b", "red"),
                Side::Blue => ("#1f4e9c", "blue"),
            };
            let _ = writeln!(
                s,
                r##"<g class="piece {side}"><rect x="{}" y="{}" width="40" height="26" rx="4" fill="#fffaf0" stroke="{fill}" stroke-width="2"/><text x="{x}" y="{}" font-size="18" text-anchor="middle" fill="{fill}">{}</text></g>"##,
                x - 20,
                y - 13,
                y + 6,
                p.kind.char(script)
            );
        }
        s.push_str("</svg>\n");
        s
    }
}
