//! SVG pictures of a position: the board of R-1 … R-5 with its terrain, palaces, border and
//! both label systems, the pieces as discs with their record characters (R-7, R-28), and the
//! last move.
//!
//! ```
//! use gjjq::Setup;
//! use gjjq::svg::{render, SvgOptions};
//!
//! let svg = render(&Setup::default_opening(), &SvgOptions::default());
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("<g class=\"piece ").count(), 32);
//! assert!(svg.contains(r#"<g class="piece red missile" data-square="3E""#));
//! ```
//!
//! The picture is drawn from Red's side: Green's country on top, Red's at the bottom, as in
//! `docs/board.md`. Every piece is one `<g class="piece SIDE KIND" data-square="LABEL">`
//! element, so a stylesheet or a script can find it; the last move's points are
//! `<rect class="last-move from">` and `<rect class="last-move to">`, and a pending return
//! (R-19) is a dashed `<line class="pending-return">` from the striker to its origin.

use std::fmt::Write;

use gjjq_core::{PieceKind, Position, Script, Setup, Side, Square, terrain::Terrain};

/// How to draw a position.
///
/// ```
/// use gjjq::{Script, Square};
/// use gjjq::svg::SvgOptions;
///
/// let opts = SvgOptions {
///     script: Script::Traditional,
///     last_move: Some(("5B".parse::<Square>()?, "5A".parse::<Square>()?)),
///     ..SvgOptions::default()
/// };
/// assert_eq!(opts.size, 600);
/// # Ok::<(), gjjq::SquareParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SvgOptions {
    /// The script of the piece characters and of the border's name (R-30). Default simplified.
    pub script: Script,
    /// The origin and destination of the last move, highlighted with an arrow between them.
    /// Default none.
    pub last_move: Option<(Square, Square)>,
    /// The width of the picture in pixels; the height follows the board's proportions.
    /// Default 600.
    pub size: u32,
    /// Draw the file digits and rank letters of both countries (R-3). Default `true`.
    pub labels: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            script: Script::Simplified,
            last_move: None,
            size: 600,
            labels: true,
        }
    }
}

// Geometry, in user units of the viewBox. Points are CELL apart; the border strip (國界) is
// drawn wider than a step so that its name fits between the two front lines' pieces, but
// crossing it is still one step (R-1).
const CELL: i32 = 100;
const MARGIN: i32 = 100;
const BORDER: i32 = 140;
const WIDTH: i32 = 2 * MARGIN + 8 * CELL;
const HEIGHT: i32 = 2 * MARGIN + 8 * CELL + BORDER;
const PIECE_R: i32 = 40;

const PAPER: &str = "#f4ecd8";
const SEA: &str = "#cfe3f1";
const BORDER_SEA: &str = "#9cc3e0";
const LAND: &str = "#e6d3a3";
const LINE: &str = "#5b4a32";
const COASTLINE: &str = "#a0782c";
const RED: &str = "#c0262d";
const GREEN: &str = "#1d7a3a";

/// The x of a point's centre in user units.
fn px(x: u8) -> i32 {
    MARGIN + i32::from(x) * CELL
}

/// The y of a point's centre in user units: `y = 9` at the top.
fn py(y: u8) -> i32 {
    let rows_above = 9 - i32::from(y);
    let gap = if y <= 4 { BORDER - CELL } else { 0 };
    MARGIN + rows_above * CELL + gap
}

fn side_colour(side: Side) -> &'static str {
    match side {
        Side::Red => RED,
        Side::Green => GREEN,
    }
}

fn font_family(script: Script) -> &'static str {
    // Quoted names for SVG's font-family; the attribute itself is written with double quotes.
    match script {
        Script::Simplified => {
            "'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'Noto Sans CJK', \
             'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif"
        }
        Script::Traditional => {
            "'Noto Sans CJK TC', 'Noto Sans TC', 'Source Han Sans TC', 'Noto Sans CJK', \
             'PingFang TC', 'Microsoft JhengHei', 'WenQuanYi Micro Hei', sans-serif"
        }
    }
}

/// `s` with the five XML special characters escaped, for text and attribute values.
///
/// ```
/// assert_eq!(gjjq::svg::escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
/// ```
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// The SVG picture of `setup`, drawn from Red's side.
///
/// Any setup can be drawn, valid or not: pieces stand wherever the setup puts them. The result
/// is a standalone, well-formed SVG document (no XML declaration, UTF-8 text).
///
/// ```
/// use gjjq::{Script, Setup};
/// use gjjq::svg::{render, SvgOptions};
///
/// let opts = SvgOptions { script: Script::Traditional, ..SvgOptions::default() };
/// let svg = render(&Setup::default_opening(), &opts);
/// assert!(svg.contains(">總</text>") && svg.contains(">主</text>"));
/// assert!(svg.contains(">國界</text>"));
/// ```
#[must_use]
pub fn render(setup: &Setup, opts: &SvgOptions) -> String {
    let mut out = String::with_capacity(24_000);
    // `write!` into a String cannot fail; the results are ignored on purpose.
    let size = opts.size.max(1);
    let height = (u64::from(size) * HEIGHT as u64).div_ceil(WIDTH as u64);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{}">"#,
        font_family(opts.script)
    );
    let _ = writeln!(
        out,
        "<title>{}</title>",
        escape(&format!("国际军棋 {setup}"))
    );
    defs(&mut out);
    board(&mut out, opts.script);
    if opts.labels {
        labels(&mut out);
    }
    if let Some((from, to)) = opts.last_move {
        highlight(&mut out, from, "from");
        highlight(&mut out, to, "to");
    }
    pending(&mut out, setup);
    pieces(&mut out, setup, opts.script);
    if let Some((from, to)) = opts.last_move {
        arrow(&mut out, from, to);
    }
    out.push_str("</svg>\n");
    out
}

/// The SVG picture of a validated position: [`render`] of its setup.
///
/// ```
/// use gjjq::Position;
/// use gjjq::svg::{render_position, SvgOptions};
///
/// let mut pos = Position::default();
/// let m = pos.legal_moves()[0];
/// pos = pos.play(m).expect("a legal move");
/// let opts = SvgOptions { last_move: Some((m.from(), m.to())), ..SvgOptions::default() };
/// let svg = render_position(&pos, &opts);
/// assert!(svg.contains(r#"class="last-move to""#));
/// ```
#[must_use]
pub fn render_position(position: &Position, opts: &SvgOptions) -> String {
    render(&position.to_setup(), opts)
}

fn defs(out: &mut String) {
    let _ = writeln!(
        out,
        r##"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3.6" markerHeight="3.6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f5fbf"/></marker></defs>"##
    );
}

fn board(out: &mut String, script: Script) {
    let (left, right) = (px(0), px(8));
    let pad = CELL / 2;
    // Paper and frame.
    let _ = writeln!(
        out,
        r#"<rect class="paper" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="{PAPER}"/>"#
    );
    let _ = writeln!(
        out,
        r#"<rect class="frame" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{LINE}" stroke-width="4"/>"#,
        left - pad,
        py(9) - pad,
        right - left + 2 * pad,
        py(0) - py(9) + 2 * pad
    );
    // The sea (海洋) under everything, the whole grid of points.
    let _ = writeln!(
        out,
        r#"<rect class="sea" x="{left}" y="{}" width="{}" height="{}" fill="{SEA}"/>"#,
        py(9),
        right - left,
        py(0) - py(9)
    );
    // The border strip (國界) between the two front lines (R-1).
    let border_name = match script {
        Script::Simplified => "国界",
        Script::Traditional => "國界",
    };
    let _ = writeln!(
        out,
        r#"<rect class="border" x="{}" y="{}" width="{}" height="{BORDER}" fill="{BORDER_SEA}"/>"#,
        left - pad,
        py(5),
        right - left + 2 * pad
    );
    let _ = writeln!(
        out,
        r#"<text class="border-name" x="{}" y="{}" font-size="38" letter-spacing="40" text-anchor="middle" dominant-baseline="central" fill="{LINE}" fill-opacity="0.55">{border_name}</text>"#,
        (left + right) / 2 + 20,
        (py(5) + py(4)) / 2
    );
    for side in Side::ALL {
        country(out, side);
    }
}

/// The grid point of `side`'s country `rows` ranks from its base line.
fn country_y(side: Side, rows: u8) -> u8 {
    match side {
        Side::Red => rows,
        Side::Green => 9 - rows,
    }
}

fn country(out: &mut String, side: Side) {
    let name = side.to_string();
    let base = country_y(side, 0);
    let front = country_y(side, 4);
    let top = country_y(side, 3);
    let _ = writeln!(out, r#"<g class="country {name}">"#);
    // Land (R-4): the trapezoid 1E–9E–6B–4B, filled; its three sea-facing sides are the dashed
    // coastline.
    let _ = writeln!(
        out,
        r#"<polygon class="land" points="{},{} {},{} {},{} {},{}" fill="{LAND}"/>"#,
        px(0),
        py(base),
        px(8),
        py(base),
        px(5),
        py(top),
        px(3),
        py(top)
    );
    // Palace (R-5): a light tint under its lines.
    let (p0, p2) = (country_y(side, 0), country_y(side, 2));
    let _ = writeln!(
        out,
        r#"<rect class="palace-area" x="{}" y="{}" width="{}" height="{}" fill="{}" fill-opacity="0.08"/>"#,
        px(3),
        py(p0).min(py(p2)),
        2 * CELL,
        2 * CELL,
        side_colour(side)
    );
    // Grid (R-1): 9 files and 5 ranks in each country.
    let (y_lo, y_hi) = (py(base).min(py(front)), py(base).max(py(front)));
    let _ = write!(
        out,
        r#"<g class="grid" stroke="{LINE}" stroke-width="2" stroke-linecap="square">"#
    );
    for x in 0..9u8 {
        let _ = write!(
            out,
            r#"<line x1="{0}" y1="{y_lo}" x2="{0}" y2="{y_hi}"/>"#,
            px(x)
        );
    }
    for r in 0..5u8 {
        let y = py(country_y(side, r));
        let _ = write!(
            out,
            r#"<line x1="{}" y1="{y}" x2="{}" y2="{y}"/>"#,
            px(0),
            px(8)
        );
    }
    out.push_str("</g>\n");
    let _ = writeln!(
        out,
        r#"<polyline class="coastline" points="{},{} {},{} {},{} {},{}" fill="none" stroke="{COASTLINE}" stroke-width="5" stroke-dasharray="14 10"/>"#,
        px(0),
        py(base),
        px(3),
        py(top),
        px(5),
        py(top),
        px(8),
        py(base),
    );
    // Palace lines: the outline of its 4 small squares, thicker, and its two diagonals.
    let _ = writeln!(
        out,
        r#"<g class="palace" stroke="{LINE}" stroke-width="4" fill="none"><rect x="{}" y="{}" width="{}" height="{}"/><line x1="{}" y1="{}" x2="{}" y2="{}"/><line x1="{}" y1="{}" x2="{}" y2="{}"/></g>"#,
        px(3),
        py(p0).min(py(p2)),
        2 * CELL,
        2 * CELL,
        px(3),
        py(p0),
        px(5),
        py(p2),
        px(5),
        py(p0),
        px(3),
        py(p2)
    );
    // Point marks by terrain: coast points as sand rings, inland points as dots, sea points as
    // small blue rings.
    for sq in Square::all().filter(|s| s.country() == side) {
        let (cx, cy) = (px(sq.x()), py(sq.y()));
        let mark = match sq.terrain() {
            Terrain::Coast => format!(
                r##"<circle class="point coast" cx="{cx}" cy="{cy}" r="9" fill="#f0c36a" stroke="#8a6420" stroke-width="3"/>"##
            ),
            Terrain::Inland => {
                format!(r#"<circle class="point inland" cx="{cx}" cy="{cy}" r="5" fill="{LINE}"/>"#)
            }
            Terrain::Sea => format!(
                r##"<circle class="point sea" cx="{cx}" cy="{cy}" r="6" fill="{SEA}" stroke="#3f7fb0" stroke-width="2"/>"##
            ),
        };
        out.push_str(&mark);
    }
    out.push('\n');
    out.push_str("</g>\n");
}

fn labels(out: &mut String) {
    let text = |out: &mut String, class: &str, x: i32, y: i32, colour: &str, s: String| {
        let _ = write!(
            out,
            r#"<text class="{class}" x="{x}" y="{y}" font-size="34" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="{colour}">{}</text>"#,
            escape(&s)
        );
    };
    let _ = write!(out, r#"<g class="labels">"#);
    // Halfway between the frame (half a cell out) and the picture's edge.
    let off = (MARGIN + CELL / 2) / 2;
    for x in 0..9u8 {
        for side in Side::ALL {
            let edge = country_y(side, 0);
            let sq = Square::new(x, edge).expect("x < 9, y < 10");
            let y = match side {
                Side::Red => py(edge) + off,
                Side::Green => py(edge) - off,
            };
            let class = format!("file {side}");
            text(
                out,
                &class,
                px(x),
                y,
                side_colour(side),
                sq.label_digit().to_string(),
            );
        }
    }
    for y in 0..10u8 {
        let sq = Square::new(0, y).expect("x < 9, y < 10");
        let side = sq.country();
        let class = format!("rank {side}");
        for x in [px(0) - off, px(8) + off] {
            text(
                out,
                &class,
                x,
                py(y),
                side_colour(side),
                sq.label_letter().to_string(),
            );
        }
    }
    out.push_str("</g>\n");
}

fn highlight(out: &mut String, sq: Square, which: &str) {
    let half = CELL / 2 - 4;
    let (fill, opacity) = match which {
        "from" => ("#f2d04b", "0.55"),
        _ => ("#f2b01e", "0.75"),
    };
    let _ = writeln!(
        out,
        r#"<rect class="last-move {which}" data-square="{sq}" x="{}" y="{}" width="{}" height="{}" rx="10" fill="{fill}" fill-opacity="{opacity}"/>"#,
        px(sq.x()) - half,
        py(sq.y()) - half,
        2 * half,
        2 * half
    );
}

fn pending(out: &mut String, setup: &Setup) {
    for side in Side::ALL {
        if let Some(p) = setup.pending[side.index()] {
            let _ = writeln!(
                out,
                r#"<line class="pending-return {side}" data-striker="{}" data-origin="{}" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="5" stroke-dasharray="4 10" stroke-linecap="round" stroke-opacity="0.8"/>"#,
                p.striker,
                p.origin,
                px(p.striker.x()),
                py(p.striker.y()),
                px(p.origin.x()),
                py(p.origin.y()),
                side_colour(side)
            );
        }
    }
}

fn pieces(out: &mut String, setup: &Setup, script: Script) {
    let _ = writeln!(out, r#"<g class="pieces">"#);
    for sq in Square::all() {
        let Some(piece) = setup.piece_at(sq) else {
            continue;
        };
        let colour = side_colour(piece.side);
        let fill = match piece.side {
            Side::Red => "#fff3ee",
            Side::Green => "#eefaf0",
        };
        let ch = piece.record_char(script).to_string();
        let kind = piece.kind.name();
        let king = if piece.kind == PieceKind::King {
            r#" stroke-width="7""#
        } else {
            r#" stroke-width="4""#
        };
        let _ = writeln!(
            out,
            r#"<g class="piece {side} {kind}" data-square="{sq}" transform="translate({x},{y})"><circle r="{PIECE_R}" fill="{fill}" stroke="{colour}"{king}/><circle r="{inner}" fill="none" stroke="{colour}" stroke-width="1.5"/><text font-size="44" text-anchor="middle" dominant-baseline="central" fill="{colour}">{}</text></g>"#,
            escape(&ch),
            side = piece.side,
            x = px(sq.x()),
            y = py(sq.y()),
            inner = PIECE_R - 7,
        );
    }
    out.push_str("</g>\n");
}

fn arrow(out: &mut String, from: Square, to: Square) {
    if from == to {
        return;
    }
    let (x1, y1) = (f64::from(px(from.x())), f64::from(py(from.y())));
    let (x2, y2) = (f64::from(px(to.x())), f64::from(py(to.y())));
    let len = (x2 - x1).hypot(y2 - y1);
    // Stop at the edge of the destination's disc so the arrowhead does not hide its character.
    let stop = f64::from(PIECE_R) + 6.0;
    let t = ((len - stop) / len).max(0.0);
    let (ex, ey) = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
    let _ = writeln!(
        out,
        r##"<line class="last-move arrow" x1="{x1:.0}" y1="{y1:.0}" x2="{ex:.0}" y2="{ey:.0}" stroke="#1f5fbf" stroke-width="8" stroke-linecap="round" stroke-opacity="0.65" marker-end="url(#arrowhead)"/>"##
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_keeps_points_inside_the_frame() {
        assert_eq!(py(9), MARGIN);
        assert_eq!(py(0), HEIGHT - MARGIN);
        assert_eq!(py(4) - py(5), BORDER);
        assert_eq!(px(8), WIDTH - MARGIN);
    }

    #[test]
    fn escape_all_specials() {
        assert_eq!(escape("<&>\"'x"), "&lt;&amp;&gt;&quot;&apos;x");
    }

    #[test]
    fn zero_size_does_not_panic() {
        let svg = render(
            &Setup::empty(),
            &SvgOptions {
                size: 0,
                ..SvgOptions::default()
            },
        );
        assert!(svg.contains(r#"width="1""#));
    }
}
