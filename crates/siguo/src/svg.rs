//! An SVG picture of the cross board (L-40 … L-44): roads thin, railways and the corner arcs
//! thick, the 九宮 marked, camps as circles, headquarters as squares, pieces as tiles in their
//! seat's colour (a piece of an out seat, under `frozen`, in grey).

use std::fmt::Write;

use crate::board::{Point, PointKind, lines};
use crate::position::Position;
use crate::seat::Seat;
use luzhanqi::Script;

const STEP: i32 = 40;
const MARGIN: i32 = 30;

fn xy(p: Point) -> (i32, i32) {
    (
        MARGIN + (i32::from(p.file()) - 1) * STEP,
        MARGIN + (17 - i32::from(p.rank())) * STEP,
    )
}

fn colour(seat: Seat) -> &'static str {
    match seat {
        Seat::Red => "#c62828",
        Seat::Green => "#2e7d32",
        Seat::Blue => "#1565c0",
        Seat::Yellow => "#b8860b",
    }
}

impl Position {
    /// The position as a standalone SVG document (simplified characters).
    ///
    /// ```
    /// let svg = siguo::Position::default().to_svg();
    /// assert!(svg.starts_with("<svg") && svg.contains("司") && svg.ends_with("</svg>\n"));
    /// ```
    #[must_use]
    pub fn to_svg(&self) -> String {
        let size = 2 * MARGIN + 16 * STEP;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">"#
        );
        let _ = writeln!(
            s,
            r##"<rect width="{size}" height="{size}" fill="#f5e6c8"/>"##
        );
        // The 九宮, shaded.
        let (x0, y0) = xy(Point::new(7, 11).expect("g11"));
        let _ = writeln!(
            s,
            r##"<rect x="{x0}" y="{y0}" width="{w}" height="{w}" fill="#ead2a4"/>"##,
            w = 4 * STEP
        );
        for l in lines() {
            let ((x1, y1), (x2, y2)) = (xy(l.a), xy(l.b));
            let width = if l.railway { 4 } else { 1 };
            let _ = writeln!(
                s,
                r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#333" stroke-width="{width}"/>"##
            );
        }
        for p in Point::all() {
            let (x, y) = xy(p);
            match p.kind() {
                PointKind::Camp => {
                    let _ = writeln!(
                        s,
                        r##"<circle cx="{x}" cy="{y}" r="13" fill="#f5e6c8" stroke="#333"/>"##
                    );
                }
                PointKind::Headquarters => {
                    let _ = writeln!(
                        s,
                        r##"<rect x="{}" y="{}" width="26" height="26" fill="#f5e6c8" stroke="#333"/>"##,
                        x - 13,
                        y - 13
                    );
                }
                PointKind::Station => {
                    let _ = writeln!(s, r##"<circle cx="{x}" cy="{y}" r="3" fill="#333"/>"##);
                }
            }
            if let Some(pc) = self.piece_at(p) {
                let fill = if self.in_play(pc.seat) {
                    colour(pc.seat)
                } else {
                    "#888"
                };
                let _ = writeln!(
                    s,
                    r##"<rect x="{}" y="{}" width="30" height="22" rx="4" fill="{fill}"/><text x="{x}" y="{}" font-size="16" text-anchor="middle" fill="#fff">{}</text>"##,
                    x - 15,
                    y - 11,
                    y + 6,
                    pc.kind.char(Script::Simplified)
                );
            }
        }
        s.push_str("</svg>\n");
        s
    }
}
