//! SVG pictures of a position for notebooks: the facade's renderer (`gjjq::svg`), with the
//! last move and, for a board seen from Green's side, the picture turned half a turn.

use gjjq::svg::{SvgOptions, render_position};
use gjjq_core::Square;
use pyo3::prelude::*;

use crate::errors::{MoveParseError, err};
use crate::types::{PyMove, parse_script};

/// The picture of `position` by the facade's renderer; `flipped` turns it half a turn
/// (Red's country on top) with every text kept upright.
pub fn picture(
    position: &gjjq_core::Position,
    last_move: Option<(Square, Square)>,
    flipped: bool,
    size: u32,
    script: &str,
) -> PyResult<String> {
    let opts = SvgOptions {
        script: parse_script(script)?,
        last_move,
        size,
        ..SvgOptions::default()
    };
    let svg = render_position(position, &opts);
    Ok(if flipped { flip(&svg) } else { svg })
}

/// The renderer's picture turned half a turn about its centre: everything after the `<defs>`
/// goes into one rotated group, and each `<text>` is turned back about its own anchor so that
/// it stays upright where the rotation put it. A picture the transformation does not
/// recognise is returned unchanged.
fn flip(svg: &str) -> String {
    let Some((width, height)) = view_box(svg) else {
        return svg.to_owned();
    };
    let Some(body_start) = svg.find("</defs>").map(|i| i + "</defs>".len()) else {
        return svg.to_owned();
    };
    let Some(body_end) = svg.rfind("</svg>") else {
        return svg.to_owned();
    };
    let mut out = String::with_capacity(svg.len() + 4096);
    out.push_str(&svg[..body_start]);
    out.push_str(&format!(
        "\n<g class=\"flipped\" transform=\"rotate(180 {} {})\">",
        width / 2.0,
        height / 2.0
    ));
    let mut rest = &svg[body_start..body_end];
    while let Some(i) = rest.find("<text") {
        let tag_end = rest[i..].find('>').map_or(rest.len(), |j| i + j);
        let tag = &rest[i..tag_end];
        out.push_str(&rest[..i]);
        let turn = match (attr(tag, "x"), attr(tag, "y")) {
            (Some(x), Some(y)) => format!(" transform=\"rotate(180 {x} {y})\""),
            _ => " transform=\"rotate(180)\"".to_owned(),
        };
        out.push_str("<text");
        out.push_str(&turn);
        rest = &rest[i + "<text".len()..];
    }
    out.push_str(rest);
    out.push_str("</g>\n");
    out.push_str(&svg[body_end..]);
    out
}

/// The width and height of the `viewBox="0 0 W H"` of the root element.
fn view_box(svg: &str) -> Option<(f64, f64)> {
    let root = &svg[..svg.find('>')?];
    let vb = attr(root, "viewBox")?;
    let parts: Vec<f64> = vb
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    match parts[..] {
        [_, _, w, h] => Some((w, h)),
        _ => None,
    }
}

/// The value of attribute `name` in a start tag.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// A last move given as a `Move`, its ASCII form (`"5B5A"`) or `None`.
pub fn last_move_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<(Square, Square)>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    if let Ok(m) = obj.cast::<PyMove>() {
        let m = m.get();
        return Ok(Some((m.from, m.to)));
    }
    if let Ok(s) = obj.extract::<String>() {
        let m = PyMove::parse_ascii(s.trim())?;
        return Ok(Some((m.from, m.to)));
    }
    Err(err::<MoveParseError>(
        "last_move is a Move, an ASCII move ('5B5A') or None",
    ))
}
