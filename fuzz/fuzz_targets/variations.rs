//! Property: any bytes through the game-file reader with variations and glyphs give games or
//! typed errors, never a panic, and every game that reads is a fixed point of writing:
//!
//! - written (ASCII form, which needs no position) and read back, it is the same game (tags,
//!   comments, moves as ASCII, glyphs, variations nested as they were, result), and writing
//!   that again gives the same bytes (parse → write → parse is stable);
//! - when it replays, every line resolved to records writes in both scripts and reads back
//!   equal, and the annotated game built from the record and the one built while streaming
//!   (`AnnotatedBuilder`) write the same record.
#![no_main]

use gjjq_core::Script;
use gjjq_notation::{
    AnnotatedBuilder, AnnotatedGame, GameReader, GameRecord, MoveForm, RecordedMove, write_game,
};
use libfuzzer_sys::fuzz_target;

fn write(game: &GameRecord, form: MoveForm) -> Vec<u8> {
    let mut out = Vec::new();
    write_game(game, form, &mut out)
        .unwrap_or_else(|e| panic!("a game that was read does not write: {e}\n{game:?}"));
    out
}

fn read_back(text: &[u8]) -> GameRecord {
    let mut reader = GameReader::new(text);
    let game = reader
        .next()
        .expect("one game written")
        .unwrap_or_else(|e| {
            panic!(
                "written game does not read back: {e}\n{}",
                String::from_utf8_lossy(text)
            )
        });
    assert!(reader.next().is_none(), "one game written, more read");
    game
}

/// The same line, moves compared by their ASCII form.
fn same_line(a: &[RecordedMove], b: &[RecordedMove]) {
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        assert_eq!(x.text.ascii(), y.text.ascii());
        assert_eq!(x.comments, y.comments);
        assert_eq!(x.glyphs, y.glyphs);
        assert_eq!(x.variations.len(), y.variations.len());
        for (v, w) in x.variations.iter().zip(&y.variations) {
            assert_eq!(v.comments_before, w.comments_before);
            same_line(&v.moves, &w.moves);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let games: Vec<_> = GameReader::new(data).collect();
    let mut builder = GameReader::new(data);
    for game in games {
        let streamed = builder.read_with(&mut AnnotatedBuilder::new(None));
        let Ok(record) = game else { continue };
        let ascii = write(&record, MoveForm::Ascii);
        let back = read_back(&ascii);
        assert_eq!(back.tags, record.tags);
        assert_eq!(back.comments_before, record.comments_before);
        assert_eq!(back.result, record.result);
        same_line(&back.moves, &record.moves);
        assert_eq!(write(&back, MoveForm::Ascii), ascii, "stable");

        let tree = AnnotatedGame::from_record(&record, None);
        match (&tree, streamed) {
            (Ok(t), Some(Ok(Ok(s)))) => assert_eq!(t.to_record(), s.to_record()),
            (Err(_), Some(Ok(Err(_)))) => {}
            (a, b) => panic!("from the record {a:?}, streaming {b:?}"),
        }
        let Ok(resolved) = record.resolve(None) else {
            continue;
        };
        assert!(tree.is_ok(), "a record that resolves builds a tree");
        for script in [Script::Simplified, Script::Traditional] {
            let text = write(&resolved, MoveForm::Script(script));
            let back = read_back(&text);
            assert_eq!(back, resolved, "{script:?}");
            assert_eq!(write(&back, MoveForm::Script(script)), text, "stable");
        }
    }
});
