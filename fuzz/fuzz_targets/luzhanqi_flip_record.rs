//! Property: reading a 翻棋 game file (L-32 in the grammar of L-22) never panics, and a file
//! that reads writes back to a file that reads to the same game (start, plies, tags).
#![no_main]

use libfuzzer_sys::fuzz_target;
use luzhanqi::flip::record::{flip_record, read_flip_record};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = read_flip_record(text) else {
        return;
    };
    let written = flip_record(&record.game, &record.tags).expect("a read game's tags write");
    let again = read_flip_record(&written)
        .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
    assert_eq!(again.game.plies(), record.game.plies());
    assert_eq!(again.game.start(), record.game.start());
    assert_eq!(again.tags, record.tags);
});
