//! The streaming visitor (issue 22 item 3): calls in file order, skipping, stopping, memory
//! that does not grow with the input, and the kind of a record before it is read.

use std::io::{BufReader, Read};
use std::ops::ControlFlow;

use gjjq_notation::{
    GameReader, GameResult, Glyph, MoveText, ReadError, RecordKind, ResultToken, Skip, TextPos,
    Visitor,
};

/// Writes every call as a word.
#[derive(Default)]
struct Trace {
    words: Vec<String>,
    skip_variations: bool,
    skip_games_tagged: Option<&'static str>,
}

impl Visitor for Trace {
    type Output = Vec<String>;

    fn begin_game(&mut self) {
        self.words.clear();
        self.words.push("begin".into());
    }
    fn tag(&mut self, name: &str, value: &str, _: TextPos) -> ControlFlow<Vec<String>> {
        self.words.push(format!("[{name}={value}]"));
        ControlFlow::Continue(())
    }
    fn end_tags(&mut self) -> ControlFlow<Vec<String>, Skip> {
        self.words.push("tags".into());
        let skip = self
            .skip_games_tagged
            .is_some_and(|t| self.words.iter().any(|w| w.contains(t)));
        ControlFlow::Continue(Skip(skip))
    }
    fn comment(&mut self, text: &str, _: TextPos) -> ControlFlow<Vec<String>> {
        self.words.push(format!("{{{text}}}"));
        ControlFlow::Continue(())
    }
    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<Vec<String>> {
        let text = MoveText::parse_token(text, at).expect("the reader checked it");
        self.words.push(text.ascii().to_string());
        ControlFlow::Continue(())
    }
    fn glyph(&mut self, glyph: Glyph, _: TextPos) -> ControlFlow<Vec<String>> {
        self.words.push(glyph.to_string());
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: TextPos) -> ControlFlow<Vec<String>, Skip> {
        self.words.push("(".into());
        ControlFlow::Continue(Skip(self.skip_variations))
    }
    fn end_variation(&mut self, _: TextPos) -> ControlFlow<Vec<String>> {
        self.words.push(")".into());
        ControlFlow::Continue(())
    }
    fn result(&mut self, result: ResultToken, _: Option<TextPos>) -> ControlFlow<Vec<String>> {
        self.words.push(GameResult::from(result).to_string());
        ControlFlow::Continue(())
    }
    fn end_game(&mut self) -> Vec<String> {
        self.words.push("end".into());
        std::mem::take(&mut self.words)
    }
}

const TEXT: &str = "[Event \"A\"]\n\n{c} 1. 5B5A! (1. 5B5C ({n} 1. 4B4A) 1... 5b5a) 1... 5b5a $3 1-0\n\n\
                    [Event \"B\"]\n\n1. 5B5A *\n";

fn trace(v: &mut Trace) -> Vec<String> {
    GameReader::new(TEXT.as_bytes())
        .read_with(v)
        .unwrap()
        .unwrap()
}

#[test]
fn calls_come_in_file_order() {
    assert_eq!(
        trace(&mut Trace::default()).join(" "),
        "begin [Event=A] tags {c} 5B5A ! ( 5B5C ( {n} 4B4A ) 5b5a ) 5b5a $3 1-0 end"
    );
}

#[test]
fn a_visitor_skips_variations_or_whole_games() {
    let mut v = Trace {
        skip_variations: true,
        ..Trace::default()
    };
    assert_eq!(
        trace(&mut v).join(" "),
        "begin [Event=A] tags {c} 5B5A ! ( 5b5a $3 1-0 end"
    );
    let mut v = Trace {
        skip_games_tagged: Some("=A"),
        ..Trace::default()
    };
    let mut reader = GameReader::new(TEXT.as_bytes());
    assert_eq!(
        reader.read_with(&mut v).unwrap().unwrap().join(" "),
        "begin [Event=A] tags end"
    );
    // The next game is read as usual.
    assert_eq!(
        reader.read_with(&mut v).unwrap().unwrap().join(" "),
        "begin [Event=B] tags 5B5A * end"
    );
    // Skipped text is still checked.
    let bad = "[Event \"A\"]\n\n1. 5B5A ) *\n";
    let err = GameReader::new(bad.as_bytes())
        .read_with(&mut v)
        .unwrap()
        .unwrap_err();
    assert!(matches!(err, ReadError::UnexpectedParen { .. }));
}

/// Stops at the first move that names a Green piece's origin: the output comes back at once.
struct StopAtGreen;

impl Visitor for StopAtGreen {
    type Output = Option<String>;
    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<Option<String>> {
        let text = MoveText::parse_token(text, at).expect("the reader checked it");
        if text
            .ascii()
            .to_string()
            .chars()
            .nth(1)
            .is_some_and(|c| c.is_ascii_lowercase())
        {
            return ControlFlow::Break(Some(format!("{at}")));
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self) -> Option<String> {
        None
    }
}

#[test]
fn a_visitor_stops_a_game_and_the_reader_goes_on() {
    let mut reader = GameReader::new(TEXT.as_bytes());
    assert_eq!(
        reader.read_with(&mut StopAtGreen).unwrap().unwrap(),
        Some("3:42".to_owned())
    );
    assert_eq!(reader.read_with(&mut StopAtGreen).unwrap().unwrap(), None);
    assert!(reader.read_with(&mut StopAtGreen).is_none());
}

/// Counts calls; its memory is three integers whatever the input.
#[derive(Default)]
struct Counter {
    games: usize,
    moves: usize,
    variations: usize,
}

impl Visitor for Counter {
    type Output = ();
    fn begin_game(&mut self) {
        self.games += 1;
    }
    fn mv(&mut self, _: &str, _: TextPos) -> ControlFlow<()> {
        self.moves += 1;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: TextPos) -> ControlFlow<(), Skip> {
        self.variations += 1;
        ControlFlow::Continue(Skip(false))
    }
    fn end_game(&mut self) {}
}

/// An endless source of one game, repeated: no file is held anywhere.
struct Repeat {
    game: &'static [u8],
    at: usize,
    left: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Ok(0);
        }
        let n = buf.len().min(self.game.len() - self.at);
        buf[..n].copy_from_slice(&self.game[self.at..self.at + n]);
        self.at += n;
        if self.at == self.game.len() {
            self.at = 0;
            self.left -= 1;
        }
        Ok(n)
    }
}

#[test]
fn a_counting_visitor_streams_a_hundred_megabytes_in_flat_memory() {
    const GAME: &[u8] =
        "[Event \"E\"]\n\n1. 团5B进5A! (1. 团5B退5C {slow} 1... 团5b进5a) 1... 团5b进5a\n\
                          2. 团5A攻5a {x} 0-1\n\n"
            .as_bytes();
    let copies = 100_000_000 / GAME.len() + 1;
    let mut reader = GameReader::new(BufReader::with_capacity(
        8192,
        Repeat {
            game: GAME,
            at: 0,
            left: copies,
        },
    ));
    let mut counter = Counter::default();
    while let Some(r) = reader.read_with(&mut counter) {
        r.unwrap();
    }
    // Every game was told; the visitor kept counts only, and the reader a line at a time.
    assert_eq!(counter.games, copies + 1, "and one begin_game at the end");
    assert_eq!(counter.moves, 5 * copies);
    assert_eq!(counter.variations, copies);
    assert!(std::mem::size_of_val(&reader) < 1024);
}

#[test]
fn the_kind_of_the_next_record_is_asked_before_reading_it() {
    let text = "\n[Event \"open\"]\n\n1. 5B5A *\n\n[Mode \"hidden\"]\n[RedDeployment \"x\"]\n\n1. 5B5A *\n\n\
                [Mode \"hidden\"]\n[Player \"green\"]\n\n1. 5B5A *\n\n1. 5B5A *\n";
    let mut reader = GameReader::new(text.as_bytes());
    let mut kinds = Vec::new();
    while let Some(kind) = reader.peek_kind() {
        assert_eq!(
            reader.peek_kind(),
            Some(kind),
            "peeking twice reads nothing"
        );
        let record = reader.next().unwrap().unwrap();
        assert_eq!(record.kind(), kind);
        kinds.push(kind);
    }
    assert_eq!(
        kinds,
        [
            RecordKind::Open,
            RecordKind::HiddenReferee,
            RecordKind::HiddenPlayer,
            RecordKind::Open
        ]
    );
    assert!(reader.next().is_none());
    // A line that does not decode is reported by the read after the look ahead.
    let mut reader = GameReader::new(&b"[Event \"\xff\"]\n\n1. 5B5A *\n"[..]);
    assert_eq!(reader.peek_kind(), Some(RecordKind::Open));
    assert!(matches!(
        reader.next().unwrap(),
        Err(ReadError::Encoding { .. })
    ));
}
