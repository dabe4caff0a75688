//! The two SVG renderers stay in step (issue 22): the facade's `src/svg.rs` (static pictures:
//! `gjjq svg`, Python's `_repr_svg_`) and the page's `web/src/board.ts` (the interactive DOM
//! board) draw the same geometry in the same colours. Why two stay: `docs/architecture.md`.
//! This test reads both sources and compares every shared constant, so a change to one
//! without the other fails here.

const RUST: &str = include_str!("../../../src/svg.rs");
const TS: &str = include_str!("../web/src/board.ts");

/// The value of `const NAME: T = VALUE;` (Rust) or `const NAME = VALUE;` (TypeScript),
/// quotes dropped.
fn constant(source: &str, name: &str) -> Option<String> {
    source.lines().find_map(|line| {
        let rest = line.trim().strip_prefix("const ")?.strip_prefix(name)?;
        let rest = match rest.strip_prefix(':') {
            Some(typed) => typed.split_once('=')?.1,
            None => rest.trim_start().strip_prefix('=')?,
        };
        let value = rest.trim().trim_end_matches(';').trim();
        Some(value.trim_matches(['"', '\'']).to_owned())
    })
}

#[test]
fn geometry_and_colours_are_the_same_in_both_renderers() {
    let shared = [
        "CELL",
        "MARGIN",
        "BORDER",
        "WIDTH",
        "HEIGHT",
        "PIECE_R",
        "PAPER",
        "SEA",
        "BORDER_SEA",
        "LAND",
        "LINE",
        "COASTLINE",
    ];
    for name in shared {
        let rust = constant(RUST, name).unwrap_or_else(|| panic!("src/svg.rs has no {name}"));
        let ts = constant(TS, name).unwrap_or_else(|| panic!("board.ts has no {name}"));
        assert_eq!(
            rust, ts,
            "{name}: src/svg.rs says {rust}, board.ts says {ts}"
        );
    }
    // The side colours: Rust's RED and GREEN, TypeScript's COLOUR map.
    let colours = constant(TS, "COLOUR").expect("board.ts has COLOUR");
    for (side, name) in [("red", "RED"), ("green", "GREEN")] {
        let rust = constant(RUST, name).unwrap_or_else(|| panic!("src/svg.rs has no {name}"));
        assert!(
            colours.contains(&format!("{side}: '{rust}'")),
            "{side}: src/svg.rs says {rust}, board.ts says {colours}"
        );
    }
}

#[test]
fn the_rendered_picture_has_the_geometry_both_sources_state() {
    let svg = gjjq::svg::render(
        &gjjq::Setup::default_opening(),
        &gjjq::svg::SvgOptions::default(),
    );
    let width: i32 = constant(TS, "MARGIN").unwrap().parse::<i32>().unwrap() * 2
        + 8 * constant(TS, "CELL").unwrap().parse::<i32>().unwrap();
    let height = width + constant(TS, "BORDER").unwrap().parse::<i32>().unwrap();
    assert!(
        svg.contains(&format!("viewBox=\"0 0 {width} {height}\"")),
        "the facade's picture is {width}×{height} as board.ts computes it"
    );
}

#[test]
fn the_reader_finds_constants_and_refuses_missing_ones() {
    assert_eq!(constant("const A: i32 = 7;", "A").as_deref(), Some("7"));
    assert_eq!(constant("const A = '#fff';", "A").as_deref(), Some("#fff"));
    assert_eq!(constant("const AB = 1;", "A"), None);
    assert_eq!(constant("let A = 1;", "A"), None);
}
