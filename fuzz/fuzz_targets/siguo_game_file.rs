//! Property: any bytes read as a 四國 game file (L-61) never panic; every game that reads
//! writes back to a file that reads to the same first position, entries, final position and
//! the result its outcome gives, and writing that file again gives the same text (parse → write → parse is stable).
#![no_main]

use libfuzzer_sys::fuzz_target;
use siguo::game_file::{read_games, result_token, write_game};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for record in read_games(text).into_iter().take(64).flatten() {
        let players = ["r", "g", "b", "y"];
        let written = write_game(&record.start, &record.entries, players)
            .unwrap_or_else(|(i, e)| panic!("entry {i} of a game that read: {e}"));
        let mut back = read_games(&written);
        assert_eq!(back.len(), 1, "{written}");
        let back = back
            .pop()
            .expect("one game")
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back.start, record.start, "{written}");
        assert_eq!(back.entries, record.entries, "{written}");
        assert_eq!(back.end, record.end, "{written}");
        assert_eq!(back.end.outcome(), record.end.outcome(), "{written}");
        assert_eq!(back.result, result_token(record.end.outcome()), "{written}");
        let again = write_game(&back.start, &back.entries, players).expect("writes again");
        assert_eq!(again, written);
    }
});
