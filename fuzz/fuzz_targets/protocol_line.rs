//! Property: every line of the protocol reads without a panic, and what reads writes back to
//! itself.
//!
//! For any text, `parse_command` and `Reply::from_str` answer a value or a typed error; a
//! command or message that reads, written and read again, is the same value; a score that
//! reads writes back to the same score. The escaped form of the text stays on one line.
#![no_main]

use junqi_protocol::line::escape_for_line;
use junqi_protocol::{Reply, Score, parse_command};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    for line in text.lines() {
        if let Ok(Some(c)) = parse_command(line) {
            let written = c.to_string();
            assert_eq!(parse_command(&written), Ok(Some(c)), "{written:?}");
        }
        if let Ok(r) = line.parse::<Reply>() {
            let written = r.to_string();
            assert_eq!(written.parse::<Reply>(), Ok(r), "{written:?}");
        }
        if let Ok(s) = line.parse::<Score>() {
            assert_eq!(s.to_string().parse::<Score>(), Ok(s));
        }
    }
    assert_eq!(
        escape_for_line(text).lines().count(),
        usize::from(!text.is_empty())
    );
});
