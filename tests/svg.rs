//! The SVG pictures are well-formed XML with one piece element per piece, each showing the
//! record character of its piece in the chosen script (R-7, R-28, R-30).

use gjjq::svg::{SvgOptions, render};
use gjjq::{Game, Move, Position, Ruleset, Script, Setup, Square};
use gjjq_test_support::RandomMover;

/// Parse `svg` and check every piece element against `setup`.
fn check(setup: &Setup, opts: &SvgOptions) {
    let svg = render(setup, opts);
    let doc = roxmltree::Document::parse(&svg)
        .unwrap_or_else(|e| panic!("not well-formed XML ({e}) for {setup}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.attribute("width"),
        Some(opts.size.to_string().as_str())
    );

    let pieces: Vec<_> = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').next() == Some("piece"))
        })
        .collect();
    let on_board = Square::all()
        .filter(|&s| setup.piece_at(s).is_some())
        .count();
    assert_eq!(pieces.len(), on_board, "piece elements for {setup}");

    for node in pieces {
        let label = node.attribute("data-square").expect("data-square");
        let sq: Square = label.parse().expect("a point label");
        let piece = setup
            .piece_at(sq)
            .expect("a piece element on an empty point");
        assert_eq!(
            node.attribute("class"),
            Some(format!("piece {} {}", piece.side, piece.kind).as_str()),
            "{label}"
        );
        let text: String = node
            .descendants()
            .filter(|n| n.is_text())
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(
            text,
            piece.record_char(opts.script).to_string(),
            "{label} in {setup}"
        );
    }

    let highlights = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("last-move "))
        })
        .count();
    match opts.last_move {
        Some((a, b)) if a != b => assert_eq!(highlights, 3, "from, to and the arrow"),
        Some(_) => assert_eq!(highlights, 2),
        None => assert_eq!(highlights, 0),
    }
}

fn both_scripts(setup: &Setup, last_move: Option<(Square, Square)>) {
    for script in [Script::Simplified, Script::Traditional] {
        let opts = SvgOptions {
            script,
            last_move,
            size: 480,
            ..SvgOptions::default()
        };
        check(setup, &opts);
    }
}

#[test]
fn default_opening_in_both_scripts() {
    both_scripts(&Setup::default_opening(), None);
    let simp = render(&Setup::default_opening(), &SvgOptions::default());
    let trad = render(
        &Setup::default_opening(),
        &SvgOptions {
            script: Script::Traditional,
            ..SvgOptions::default()
        },
    );
    // R-7: the kings and one unit of each other kind, in each script.
    for c in "总主卫弹舰机军师团".chars() {
        assert!(simp.contains(&format!(">{c}</text>")), "{c}");
    }
    for c in "總主衛彈艦機軍師團".chars() {
        assert!(trad.contains(&format!(">{c}</text>")), "{c}");
    }
    assert!(!simp.contains('總') && !trad.contains('总'));
    assert!(simp.contains(r#"<g class="piece red king" data-square="5E""#));
    assert!(simp.contains(r#"<g class="piece green king" data-square="5e""#));
}

#[test]
fn labels_of_both_countries() {
    let svg = render(&Setup::default_opening(), &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts = |class: &str| -> Vec<String> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .filter_map(|n| n.text().map(str::to_owned))
            .collect()
    };
    // R-3: Red's digits 1..9 from x = 0, Green's 9..1 from x = 0.
    assert_eq!(texts("file red").concat(), "123456789");
    assert_eq!(texts("file green").concat(), "987654321");
    // Rank letters on both sides, y = 0..9.
    assert_eq!(texts("rank red").concat(), "EEDDCCBBAA");
    assert_eq!(texts("rank green").concat(), "aabbccddee");
}

#[test]
fn random_game_positions() {
    let mut rules = Ruleset::STANDARD;
    rules.no_capture_limit = std::num::NonZeroU32::new(60);
    let start = Position::from_setup_with(Setup::default_opening(), rules).unwrap();
    let mut mover = RandomMover::new(0x0005_eed0_f5a9);
    let mut checked = 0;
    for _ in 0..6 {
        let mut game = Game::new(start.clone());
        let mut last: Option<Move> = None;
        while game.outcome().is_none() && game.moves().len() < 300 {
            let moves = game.legal_moves();
            let m = mover
                .pick(game.position(), &moves)
                .expect("no outcome, so moves");
            game.play(m).unwrap();
            last = Some(m);
            if game.moves().len().is_multiple_of(37) {
                both_scripts(&game.position().to_setup(), Some((m.from(), m.to())));
                checked += 1;
            }
        }
        both_scripts(
            &game.position().to_setup(),
            last.map(|m| (m.from(), m.to())),
        );
    }
    assert!(checked > 10);
}

#[test]
fn any_setup_renders_even_invalid_ones() {
    // Nonsense is drawn as it is: two kings on one side, a pending return on an empty point.
    let setup: Setup = "kkkkkkkkk/9/9/9/9/9/9/9/9/IIIIIIIII g r5A5E 7 9"
        .parse()
        .unwrap();
    both_scripts(&setup, Some(("5E".parse().unwrap(), "5E".parse().unwrap())));
    let svg = render(&setup, &SvgOptions::default());
    assert!(svg.contains(r#"class="pending-return red""#));
}

#[test]
fn docs_opening_svg_is_current() {
    let committed = include_str!("../docs/opening.svg");
    let fresh = render(&Setup::default_opening(), &SvgOptions::default());
    assert!(
        committed == fresh,
        "docs/opening.svg is stale: regenerate it with `cargo run -p gjjq-cli -- svg > docs/opening.svg`"
    );
}
