//! Variations and annotation glyphs in game files (issue 22): reading, writing back, replaying
//! every line against the rules, and the errors with their places.

use gjjq_core::Script;
use gjjq_notation::{
    GameFileError, GameReader, GameRecord, Glyph, MoveForm, ReadError, ReadLimits, ReplayError,
    TextPos, write_game,
};

fn read(text: &str) -> GameRecord {
    GameReader::new(text.as_bytes()).next().unwrap().unwrap()
}

fn read_err(text: &str) -> ReadError {
    GameReader::new(text.as_bytes())
        .next()
        .unwrap()
        .unwrap_err()
}

fn write(game: &GameRecord) -> String {
    let mut out = Vec::new();
    write_game(game, MoveForm::Script(Script::Simplified), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

const SAMPLE: &str = "[Event \"Study\"]\n\n\
{Default opening.}\n\
1. 团5B进5A! {the usual} (1. 团5B退5C?! {slower} 1... 团5b进5a (1... 团5b退5c) 2. 团5C进5B) (1. 弹3E攻7d $14) 1... 团5b进5a\n\
2. 团5A攻5a!! $1 *\n";

#[test]
fn a_file_with_variations_and_glyphs_is_written_back_exactly() {
    let game = read(SAMPLE);
    assert_eq!(game.moves.len(), 3);
    let first = &game.moves[0];
    assert_eq!(first.glyphs, [Glyph::Good]);
    assert_eq!(first.comments, ["the usual"]);
    assert_eq!(first.variations.len(), 2);
    let v = &first.variations[0];
    assert_eq!(v.moves.len(), 3);
    assert_eq!(v.moves[0].glyphs, [Glyph::Dubious]);
    assert_eq!(v.moves[1].variations[0].moves.len(), 1);
    assert_eq!(first.variations[1].moves[0].glyphs, [Glyph::Numeric(14)]);
    assert_eq!(game.moves[2].glyphs, [Glyph::Brilliant, Glyph::Numeric(1)]);
    assert_eq!(write(&game), SAMPLE);
    // Every line replays.
    let played = game.replay(None).unwrap();
    assert_eq!(played.moves().len(), 3);
}

fn tp(line: usize, column: usize) -> TextPos {
    TextPos { line, column }
}

#[test]
fn an_illegal_move_inside_a_variation_is_an_error_with_its_place() {
    // 团5B进5C names a backward move with the forward word: wrong at its own position.
    let text = "1. 团5B进5A (1. 团5B进5C) 1... 团5b进5a *\n";
    let game = read(text);
    let err = game.replay(None).unwrap_err();
    assert!(
        matches!(err, ReplayError::Move { ply: 1, at: Some(at), .. } if at == tp(1, 15)),
        "{err:?}"
    );
    let err = GameReader::new(text.as_bytes())
        .replay_next(None)
        .unwrap()
        .unwrap_err();
    assert!(err.to_string().contains("at 1:15"), "{err}");
    // A move legal only after the main move is illegal in the variation (its own position).
    let text = "1. 团5B进5A 1... 团5b进5a (1... 团5b退5c 2. 团5A攻5a) *\n";
    let err = GameReader::new(text.as_bytes())
        .replay_next(None)
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(&err, GameFileError::Replay(ReplayError::Move { ply: 3, at: Some(at), .. }) if *at == tp(1, 39)),
        "{err:?}"
    );
    // Nested: the inner variation starts before the variation's own last move.
    let text = "1. 团5B进5A 1... 团5b进5a (1... 团5b退5c 2. 团5A进5B (2. 团5A攻5a)) *\n";
    let err = read(text).replay(None).unwrap_err();
    assert!(matches!(err, ReplayError::Move { ply: 3, .. }), "{err:?}");
    // Resolving rewrites every line.
    let text = "1. 5B5A (1. 5B5C 5b5a) 1... 5b5a *\n";
    let resolved = read(text).resolve(None).unwrap();
    assert_eq!(
        write(&resolved),
        "1. 团5B进5A (1. 团5B退5C 团5b进5a) 1... 团5b进5a *\n"
    );
}

#[test]
fn syntax_errors_of_variations_and_glyphs_name_their_place() {
    type Case = (&'static str, fn(&ReadError) -> bool, TextPos);
    let cases: &[Case] = &[
        (
            "(1. 5B5A) *",
            |e| matches!(e, ReadError::VariationWithoutMove { .. }),
            tp(1, 1),
        ),
        (
            "1. 5B5A ) *",
            |e| matches!(e, ReadError::UnexpectedParen { .. }),
            tp(1, 9),
        ),
        (
            "1. 5B5A (1. 5B5C *",
            |e| matches!(e, ReadError::UnclosedVariation { .. }),
            tp(1, 9),
        ),
        (
            "1. 5B5A (1. 5B5C\n",
            |e| matches!(e, ReadError::UnclosedVariation { .. }),
            tp(1, 9),
        ),
        (
            "1. 5B5A (1... 5b5a) *",
            |e| matches!(e, ReadError::MoveNumber { .. }),
            tp(1, 10),
        ),
        (
            "! 1. 5B5A *",
            |e| matches!(e, ReadError::GlyphWithoutMove { .. }),
            tp(1, 1),
        ),
        (
            "1. 5B5A (! 5B5C) *",
            |e| matches!(e, ReadError::GlyphWithoutMove { .. }),
            tp(1, 10),
        ),
        (
            "1. 5B5A !!! *",
            |e| matches!(e, ReadError::BadGlyph { .. }),
            tp(1, 9),
        ),
        (
            "1. 5B5A $256 *",
            |e| matches!(e, ReadError::BadGlyph { .. }),
            tp(1, 9),
        ),
        (
            "1. 5B5A $ *",
            |e| matches!(e, ReadError::BadGlyph { .. }),
            tp(1, 9),
        ),
        (
            "1. 5B5A $1x *",
            |e| matches!(e, ReadError::BadGlyph { .. }),
            tp(1, 9),
        ),
        (
            "1. 5B5A!?! *",
            |e| matches!(e, ReadError::BadGlyph { .. }),
            tp(1, 8),
        ),
        (
            "1. 团5B进5A??? *",
            |e| matches!(e, ReadError::BadGlyph { .. }),
            tp(1, 10),
        ),
    ];
    for (text, is, at) in cases {
        let err = read_err(text);
        assert!(is(&err), "{text}: {err:?}");
        assert!(
            err.to_string().starts_with(&format!("{at}:")),
            "{text}: {err}"
        );
    }
}

#[test]
fn glyphs_read_glued_or_apart_and_numeric() {
    let game = read("1. 5B5A!? $0 $255 ? 1... 5b5a?! 2.5A5a?? *\n");
    assert_eq!(
        game.moves[0].glyphs,
        [
            Glyph::Interesting,
            Glyph::Numeric(0),
            Glyph::Numeric(255),
            Glyph::Mistake
        ]
    );
    assert_eq!(game.moves[1].glyphs, [Glyph::Dubious]);
    assert_eq!(game.moves[2].glyphs, [Glyph::Blunder]);
    // A Green file in parentheses stays part of its record, inside a variation too.
    let game = read("1. 弹3E攻(7)d (1. 弹3E攻(7)d! {same}) *\n");
    assert_eq!(game.moves[0].text.to_string(), "弹3E攻7d");
    assert_eq!(game.moves[0].variations[0].moves[0].glyphs, [Glyph::Good]);
    // Glyph and comment after a variation belong to the move before the variation.
    let game = read("1. 5B5A (1. 5B5C) ! {c} 1... 5b5a *\n");
    assert_eq!(game.moves[0].glyphs, [Glyph::Good]);
    assert_eq!(game.moves[0].comments, ["c"]);
}

#[test]
fn variations_nest_to_the_depth_limit() {
    let limits = ReadLimits {
        max_depth: 3,
        ..ReadLimits::default()
    };
    let nest = |depth: usize| {
        let mut text = String::from("1. 5B5A");
        for _ in 0..depth {
            text.push_str(" (1. 5B5A");
        }
        text.push_str(&")".repeat(depth));
        text.push_str(" *\n");
        text
    };
    assert!(
        GameReader::with_limits(nest(3).as_bytes(), limits)
            .next()
            .unwrap()
            .is_ok()
    );
    let err = GameReader::with_limits(nest(4).as_bytes(), limits)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(err, ReadError::TooDeep { limit: 3, at } if at == tp(1, 36)),
        "{err:?}"
    );
    // The default limit, 64.
    assert!(GameReader::new(nest(64).as_bytes()).next().unwrap().is_ok());
    let err = read_err(&nest(65));
    assert!(matches!(err, ReadError::TooDeep { limit: 64, .. }));
    // The reader goes on with the next game.
    let text = format!("{}\n[Event \"next\"]\n\n1. 5B5A *\n", nest(65));
    let games: Vec<_> = GameReader::new(text.as_bytes()).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("next"));
}

#[test]
fn a_variation_ends_at_a_third_repetition_on_its_own_path() {
    use gjjq_notation::AnnotatedGame;
    // The start occurs at plies 0 and 4 on the main line and a third time at ply 8 in the
    // variation: the variation's ninth ply comes after the end.
    let text = "1. 5B5A 5b5a 2. 5A5B 5a5b 3. 5B5A 5b5a 4. 5A5B 4b4a (4... 5a5b 5. 5B5A) *\n";
    let record = read(text);
    for err in [
        record.replay(None).unwrap_err(),
        AnnotatedGame::from_record(&record, None).unwrap_err(),
    ] {
        assert!(
            matches!(err, ReplayError::AfterEnd { ply: 9, at: Some(at), .. } if at == tp(1, 67)),
            "{err:?}"
        );
    }
    let ok = read("1. 5B5A 5b5a 2. 5A5B 5a5b 3. 5B5A 5b5a 4. 5A5B 4b4a (4... 5a5b) *\n");
    assert!(ok.replay(None).is_ok());
    assert!(AnnotatedGame::from_record(&ok, None).is_ok());
}

// Issue 41 item 12: writing records of a game whose variation holds an ASCII move names that
// move's ply along its line (the ply of the move it replaces), not its index in the
// variation.
#[test]
fn issue41_12_an_ascii_move_in_a_variation_is_named_by_its_ply() {
    let text = "1. 团5B进5A 1... 团5b进5a 2. 团5A退5B (2. 团5A退5B 2... 5a5b) *\n";
    let game = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
    let err = write_game(&game, MoveForm::default(), &mut Vec::new()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("move 4 (5a5b) is in the ASCII form"),
        "{err}"
    );
    // Resolved, it writes.
    let resolved = game.resolve(None).unwrap();
    write_game(&resolved, MoveForm::default(), &mut Vec::new()).unwrap();
}
