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
use gjjq_fuzz::{read_one, write_one};
use gjjq_notation::{AnnotatedBuilder, AnnotatedGame, GameReader, MoveForm, RecordedMove};
use libfuzzer_sys::fuzz_target;

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
        let ascii = write_one(&record, MoveForm::Ascii);
        let back = read_one(&ascii);
        assert_eq!(back.tags, record.tags);
        assert_eq!(back.comments_before, record.comments_before);
        assert_eq!(back.result, record.result);
        same_line(&back.moves, &record.moves);
        assert_eq!(write_one(&back, MoveForm::Ascii), ascii, "stable");

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
            let text = write_one(&resolved, MoveForm::Script(script));
            let back = read_one(&text);
            assert_eq!(back, resolved, "{script:?}");
            assert_eq!(write_one(&back, MoveForm::Script(script)), text, "stable");
        }
    }
});
