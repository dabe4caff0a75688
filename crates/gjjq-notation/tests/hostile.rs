//! Hostile game files (issue 11): bounded memory, linear time, errors that say where. One test
//! per numbered finding that concerns the library, named for it.

use std::cell::Cell;
use std::io::{self, BufReader, Read};
use std::rc::Rc;
use std::time::{Duration, Instant};

use gjjq_core::{Game, Position, Ruleset, Setup, outcome::EndReason};
use gjjq_notation::{
    GameFileError, GameReader, GameRecord, MoveForm, ReadError, ReadLimits, RecordedMove,
    ReplayError, TextPos, write_game,
};
use proptest::prelude::*;

fn tp(line: usize, column: usize) -> TextPos {
    TextPos { line, column }
}

fn read_one(text: &str) -> Result<GameRecord, ReadError> {
    GameReader::new(text.as_bytes()).next().expect("a game")
}

/// A reader that counts the bytes taken from it.
struct Counting<R> {
    inner: R,
    taken: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.taken.set(self.taken.get() + n as u64);
        Ok(n)
    }
}

/// A long game of quiet moves from the default opening that never repeats a position three
/// times and never ends: `plies` moves in the ASCII form.
fn long_quiet_game(plies: usize, seed: u64) -> Vec<String> {
    let mut game = Game::new(Position::default());
    let mut x = seed | 1;
    let mut out = Vec::with_capacity(plies);
    while out.len() < plies {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "ended after {} plies", out.len());
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let k = (x % moves.len() as u64) as usize;
        // The first quiet move from a random start whose position is new enough and live.
        let pick = (0..moves.len())
            .map(|i| moves[(k + i) % moves.len()])
            .find(|&m| {
                if game.position().piece_at(m.to()).is_some() {
                    return false;
                }
                let mut trial = game.clone();
                trial.play(m).is_ok() && trial.outcome().is_none() && trial.repetitions() < 3
            });
        let m = pick.expect("a quiet move that keeps the game going");
        out.push(m.to_string());
        game.play(m).unwrap();
    }
    out
}

fn movetext(moves: &[String]) -> String {
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(m);
        text.push(if i % 2 == 0 { ' ' } else { '\n' });
    }
    text.push_str("*\n");
    text
}

#[test]
fn finding_3_an_endless_line_stops_at_the_limit() {
    let t = Instant::now();
    let zeros = io::repeat(0).take(1 << 30);
    let mut reader = GameReader::from_read(zeros);
    match reader.next() {
        Some(Err(ReadError::LineTooLong { line: 1, limit })) => {
            assert_eq!(limit, ReadLimits::default().max_line_bytes);
        }
        other => panic!("{other:?}"),
    }
    // The reader stops: an endless line cannot be skipped.
    assert!(reader.next().is_none());
    assert!(t.elapsed() < Duration::from_secs(5));
    // A line exactly at the limit reads.
    let limits = ReadLimits {
        max_line_bytes: 9,
        ..ReadLimits::default()
    };
    let ok = GameReader::with_limits("1. 5B5A *\r\n".as_bytes(), limits).next();
    assert!(ok.unwrap().is_ok());
    let long = GameReader::with_limits("1.  5B5A *\n".as_bytes(), limits).next();
    assert!(matches!(
        long,
        Some(Err(ReadError::LineTooLong { line: 1, limit: 9 }))
    ));
}

#[test]
fn finding_4_replay_streams_and_stops_at_the_first_bad_move() {
    // 200,000 moves, the first illegal.
    let mut text = String::from("[Event \"x\"]\n\n1. 5B4A 5b5a\n");
    for n in 2..=100_000 {
        text.push_str(&format!("{n}. 5A5B 5a5b\n"));
    }
    let taken = Rc::new(Cell::new(0));
    let counting = Counting {
        inner: text.as_bytes(),
        taken: Rc::clone(&taken),
    };
    let mut reader = GameReader::new(BufReader::with_capacity(256, counting));
    match reader.replay_next(None) {
        Some(Err(GameFileError::Replay(ReplayError::Move { ply: 1, at, .. }))) => {
            assert_eq!(at, Some(tp(3, 4)));
        }
        other => panic!("{other:?}"),
    }
    // Only the first lines were read, not the 2 MB behind them.
    assert!(taken.get() <= 512, "{} bytes read", taken.get());
    assert_eq!(reader.line(), 3);

    // The moves are counted against the limit as they come.
    let limits = ReadLimits {
        max_moves: 3,
        ..ReadLimits::default()
    };
    let text = "1. 5B5A 5b5a\n2. 5A5B 5a5b\n";
    let err = GameReader::with_limits(text.as_bytes(), limits)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(matches!(err, ReadError::TooManyMoves { at, limit: 3 } if at == tp(2, 9)));
    let err = GameReader::with_limits(text.as_bytes(), limits)
        .replay_next(None)
        .unwrap()
        .unwrap_err();
    assert!(matches!(
        err,
        GameFileError::Read(ReadError::TooManyMoves { .. })
    ));
    // Tags and comments are bounded too.
    let limits = ReadLimits {
        max_text_bytes: 20,
        ..ReadLimits::default()
    };
    let text = "[Event \"0123456789\"]\n\n1. 5B5A {a comment that is long\nand longer} *\n";
    let err = GameReader::with_limits(text.as_bytes(), limits)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(err, ReadError::TooMuchText { at, limit: 20 } if at == tp(3, 10)),
        "{err}"
    );
}

#[test]
fn finding_5_replay_is_linear_in_plies() {
    // Before the fix a scan of the history per ply made 40,000 plies take 1.2 s and 200,000
    // 18 s; now both lengths cost the same per ply (benches/replay.rs measures it).
    let moves = long_quiet_game(20_000, 7);
    let text = movetext(&moves);
    let t = Instant::now();
    let game = GameReader::new(text.as_bytes())
        .replay_next(None)
        .unwrap()
        .unwrap();
    assert_eq!(game.moves().len(), 20_000);
    assert!(game.outcome().is_none());
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    // The streaming replay and the replay of the whole record agree.
    let record = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
    let whole = record.replay(None).unwrap();
    assert_eq!(whole.position(), game.position());
}

#[test]
fn finding_6_a_duplicate_tag_is_an_error_naming_both_lines() {
    let text = "[Setup \"4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 1\"]\n[Event \"x\"]\n\
                [Setup \"4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 7\"]\n\n7. 5B5A *\n";
    let err = read_one(text).unwrap_err();
    match &err {
        ReadError::DuplicateTag {
            at,
            name,
            first_line,
        } => {
            assert_eq!((*at, name.as_str(), *first_line), (tp(3, 1), "Setup", 1));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        err.to_string(),
        "3:1: a second Setup tag; the first is on line 1"
    );
    assert!(matches!(
        read_one("[Event \"a\"]\n[Event \"b\"]\n\n*\n"),
        Err(ReadError::DuplicateTag { first_line: 1, .. })
    ));
}

#[test]
fn finding_7_comment_backslashes_survive_the_round_trip() {
    let g = read_one("1. 5B5A {C:\\temp \\} \\\\ \\n} *\n").unwrap();
    assert_eq!(g.moves[0].comments, ["C:\\temp } \\ \\n"]);
    let mut out = Vec::new();
    write_game(&g, MoveForm::Ascii, &mut out).unwrap();
    let again = read_one(std::str::from_utf8(&out).unwrap()).unwrap();
    assert_eq!(again, g);
    // Tag values treat a lone backslash alike.
    let g = read_one("[Event \"C:\\temp \\\" \\\\\"]\n\n*\n").unwrap();
    assert_eq!(g.tag("Event"), Some("C:\\temp \" \\"));
}

#[test]
fn finding_8_a_rules_tag_array_is_refused_by_the_shared_parser() {
    for json in ["[]", "[false, \"always\"]"] {
        let text = format!("[Rules \"{}\"]\n\n*\n", json.replace('"', "\\\""));
        let err = GameReader::new(text.as_bytes())
            .replay_next(None)
            .unwrap()
            .unwrap_err();
        match err {
            GameFileError::Replay(ReplayError::BadRules { at, detail }) => {
                assert_eq!(at, Some(tp(1, 9)));
                assert!(detail.contains("JSON object"), "{detail}");
            }
            other => panic!("{other:?}"),
        }
        assert!(Ruleset::from_json(json).is_err());
    }
    // Without a file place (a record built in memory) the error is the same.
    let mut g = GameRecord::default();
    g.set_tag("Rules", "[]");
    assert!(matches!(
        g.replay(None),
        Err(ReplayError::BadRules { at: None, .. })
    ));
    assert_eq!(
        Ruleset::from_json("{}").unwrap(),
        Ruleset::STANDARD,
        "an empty object is the standard ruleset"
    );
}

#[test]
fn finding_9_a_bare_carriage_return_is_refused_with_its_place() {
    for (text, at) in [
        ("[Event \"a\rb\"]\n\n*\n", tp(1, 10)),
        ("\n1. 5B5A {a\rb} *\n", tp(2, 11)),
        ("1. 5B5A\r5b5a *\n", tp(1, 8)),
    ] {
        match read_one(text) {
            Err(ReadError::CarriageReturn { at: found }) => assert_eq!(found, at, "{text:?}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    // CR LF line ends are line ends.
    let g = read_one("[Event \"ab\"]\r\n\r\n1. 5B5A {x\r\ny} *\r\n").unwrap();
    assert_eq!(g.moves[0].comments, ["x\ny"]);
}

#[test]
fn finding_10_setup_tags_past_the_limit_and_without_captor() {
    // The no-capture limit is decided by the Setup's own counter.
    let text = "[Rules \"{\\\"no_capture_limit\\\": 10}\"]\n\
                [Setup \"5k3/9/9/9/9/9/I8/9/9/3K5 r - 10 40\"]\n\n40. 4E5E *\n";
    let err = GameReader::new(text.as_bytes())
        .replay_next(None)
        .unwrap()
        .unwrap_err();
    match err {
        GameFileError::Replay(ReplayError::AfterEnd { outcome, .. }) => {
            assert_eq!(outcome.reason(), EndReason::NoCaptureLimit);
        }
        other => panic!("{other:?}"),
    }
    // A kingless side to move without a captor is no position.
    let err = read_one("\n[Setup \"4k4/9/9/9/9/9/9/9/4I4/9 r -\"]\n\n*\n")
        .unwrap()
        .replay(None)
        .unwrap_err();
    assert!(err.to_string().contains("red has no king"), "{err}");
}

#[test]
fn finding_12_messages_are_located_and_bounded() {
    // Lookalikes: once, at the character.
    let err = read_one("1. 5B5A 5В5а *\n").unwrap_err();
    assert!(
        matches!(err, ReadError::Game(gjjq_notation::SyntaxError::NotAscii { at, found: 'В' }) if at == tp(1, 10))
    );
    assert_eq!(
        err.to_string(),
        "1:10: 'В' (U+0412) is not ASCII; an ASCII move is two point labels such as 5B5A"
    );
    // Full-width forms are ASCII.
    assert!(read_one("1. ５Ｂ５Ａ *\n").unwrap().replay(None).is_ok());
    // Record errors give one place, the file's.
    let err = read_one("1. 团5B走5A *\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "1:7: '走' is not a direction word (进攻侵退除撤移吞)"
    );
    // UTF-8 errors give the column.
    let err = GameReader::new(&b"1. 5B5A {\xc3\xa9\xff} *\n"[..])
        .next()
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(err, ReadError::Encoding { at } if at == tp(1, 11)),
        "{err}"
    );
    // An invalid Setup: the tag's place, the side and the point.
    let err =
        GameReader::new("[Event \"x\"]\n[Setup \"4k4/9/9/9/9/9/4K4/9/9/9 r -\"]\n\n*\n".as_bytes())
            .replay_next(None)
            .unwrap()
            .unwrap_err();
    assert_eq!(
        err.to_string(),
        "2:8: Setup tag: invalid position: red king on 5B is outside its palace (R-26)"
    );
    // Echoed fields are cut.
    let huge = "9".repeat(100_000);
    for text in [
        format!("{huge}. 5B5A *\n"),
        format!("1{huge}... 5B5A *\n"),
        format!("[Result \"{huge}\"]\n\n*\n"),
        format!("[Rules \"{huge}\"]\n\n*\n"),
        format!("[Rules \"{{\\\"{huge}\\\": 1}}\"]\n\n*\n"),
        format!("[Setup \"9/9/9/9/9/9/9/9/9/9 r - {huge}\"]\n\n*\n"),
    ] {
        let err = match GameReader::new(text.as_bytes()).replay_next(None).unwrap() {
            Err(e) => e.to_string(),
            Ok(_) => panic!("accepted"),
        };
        assert!(err.len() < 400, "{}", &err[..200]);
    }
}

/// The reader gives the same games through a one-byte buffer as from memory.
#[test]
fn a_one_byte_buffer_reads_the_same() {
    let moves = long_quiet_game(300, 3);
    let text = format!(
        "[Event \"é\"]\n\n{{before}}\n{}\n{}",
        movetext(&moves),
        movetext(&moves)
    );
    let from_memory: Vec<_> = GameReader::new(text.as_bytes())
        .map(Result::unwrap)
        .collect();
    let streamed: Vec<_> = GameReader::new(BufReader::with_capacity(1, text.as_bytes()))
        .map(Result::unwrap)
        .collect();
    assert_eq!(from_memory.len(), 2);
    assert_eq!(streamed, from_memory);
}

proptest! {
    // Any comment and tag text survives write → read (issue 11 finding 7), backslashes and
    // braces included.
    #[test]
    fn comments_and_tags_with_backslashes_round_trip(
        comment in "[^\r]{0,40}",
        value in "[^\r\n]{0,40}",
    ) {
        let mut g = GameRecord::default();
        g.set_tag("Event", &value);
        let mut m = RecordedMove::new("5B5A".parse().unwrap());
        m.comments.push(comment);
        g.moves.push(m);
        let mut out = Vec::new();
        write_game(&g, MoveForm::Ascii, &mut out).unwrap();
        let back = read_one(std::str::from_utf8(&out).unwrap()).unwrap();
        prop_assert_eq!(back, g);
    }
}

#[test]
fn setup_default_is_unchanged() {
    // The streaming replay of an empty movetext is the start position.
    let g = GameReader::new("*\n".as_bytes())
        .replay_next(None)
        .unwrap()
        .unwrap();
    assert_eq!(g.position().to_setup(), Setup::default_opening());
}

/// After a move that does not replay, the streaming replay reports the error at once and then
/// reads past the rest of that game exactly as the reader does, so both find the same games:
/// here a result followed on the next line by a game without tags, and a bad move with more
/// of its game after it. (Found by the `game_file` fuzz target: the replay used to skip to the
/// next tag line and lose the tagless game.)
#[test]
fn streaming_replay_finds_the_same_games_after_a_bad_move() {
    let text = "[Event \"a\"]\n\n1. 总5E移4E *\n1. 团5B进5A *\n\n\
                [Event \"b\"]\n\n1. 总5E移4E {a comment\n[not a tag]} 5b5a\n2. 5A5B *\n\
                1. 5B5A 5b5a *\n";
    let read: Vec<_> = GameReader::new(text.as_bytes()).collect();
    assert_eq!(read.len(), 4, "{read:?}");
    assert!(read.iter().all(Result::is_ok), "{read:?}");
    let mut replayer = GameReader::new(BufReader::with_capacity(3, text.as_bytes()));
    let mut replayed = Vec::new();
    while let Some(g) = replayer.replay_next(None) {
        replayed.push(g.map(|g| g.moves().len()).map_err(|e| e.to_string()));
    }
    assert_eq!(replayed.len(), 4, "{replayed:?}");
    assert!(
        replayed[0].as_ref().unwrap_err().contains("3:4"),
        "{replayed:?}"
    );
    assert_eq!(replayed[1], Ok(1));
    assert!(
        replayed[2].as_ref().unwrap_err().contains("8:4"),
        "{replayed:?}"
    );
    assert_eq!(replayed[3], Ok(2));
}

/// The end of a game whose move failed still gets the end's own checks (here the `Result`
/// tag against the result token), so that the reader's recovery after them, and so the games
/// found after it, are the same for the streaming replay. (Found by the `game_file` fuzz
/// target after the fix above.)
#[test]
fn streaming_replay_checks_the_end_of_a_game_whose_move_failed() {
    let texts = [
        // A bad move on the line of the result token.
        "[Result \"1-0\"]\n\n1. 总5E移4E *\n\n1. 5B5A *\n\n[Event \"x\"]\n\n1. 5B5A *\n",
        // A bad move, the result token on a later line.
        "[Result \"1-0\"]\n\n1. 总5E移4E\n*\n\n1. 5B5A *\n\n[Event \"x\"]\n\n1. 5B5A *\n",
    ];
    for text in texts {
        let read: Vec<_> = GameReader::new(text.as_bytes()).collect();
        let mut replayer = GameReader::new(text.as_bytes());
        let mut replayed = Vec::new();
        while let Some(g) = replayer.replay_next(None) {
            replayed.push(g.map(|g| g.moves().len()).map_err(|e| e.to_string()));
        }
        // The reader: the first game's Result tag disagrees; recovery skips to the next tag.
        assert_eq!(read.len(), 2, "{read:?}");
        assert!(read[0].is_err() && read[1].is_ok(), "{read:?}");
        assert_eq!(replayed.len(), 2, "{text:?}: {replayed:?}");
        assert!(replayed[0].as_ref().unwrap_err().contains("no legal move"));
        assert_eq!(replayed[1], Ok(1));
    }
}

// Issue 41 item 7: what a reader collects is bounded by the limits, not only what it holds
// as text: empty comments, glyphs and one-move variations count against `max_notes`, and
// past it the reader refuses with the place. The collected record stays within the count.
#[test]
fn issue41_7_empty_comments_glyphs_and_variations_are_bounded() {
    let limits = ReadLimits {
        max_notes: 1000,
        ..ReadLimits::default()
    };
    let cases = [
        ("1. 5B5A ", "{} ", 1001, "comments"),
        ("1. 5B5A ", "$1 ", 1001, "glyphs"),
        ("1. 5B5A ", "(1. 5B5C) ", 1001, "variations"),
    ];
    for (head, item, n, what) in cases {
        let mut text = String::from(head);
        for _ in 0..n {
            text.push_str(item);
        }
        text.push_str("*\n");
        let err = GameReader::with_limits(text.as_bytes(), limits)
            .next()
            .unwrap()
            .unwrap_err();
        let column = head.chars().count() + 1000 * item.chars().count() + 1;
        assert!(
            matches!(err, ReadError::TooManyNotes { at, limit: 1000 } if at == tp(1, column)),
            "{what}: {err}"
        );
        // At the limit the record holds exactly what was read.
        let mut text = String::from(head);
        for _ in 0..1000 {
            text.push_str(item);
        }
        text.push_str("*\n");
        let game = GameReader::with_limits(text.as_bytes(), limits)
            .next()
            .unwrap()
            .unwrap();
        let m = &game.moves[0];
        assert_eq!(
            m.comments.len() + m.glyphs.len() + m.variations.len(),
            1000,
            "{what}"
        );
    }
    // Tags count too.
    let mut text = String::new();
    for k in 0..1001 {
        text.push_str(&format!("[T{k} \"\"]\n"));
    }
    let err = GameReader::with_limits(text.as_bytes(), limits)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(err, ReadError::TooManyNotes { at, .. } if at == tp(1001, 1)),
        "{err}"
    );
    // The default applies to every reader: a stream of 1,000,001 empty comments is refused.
    let line = format!("{}\n", "{}".repeat(1000));
    let text = format!("1. 5B5A\n{}*\n", line.repeat(1001));
    let err = GameReader::new(text.as_bytes())
        .next()
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(
            err,
            ReadError::TooManyNotes {
                limit: 1_000_000,
                ..
            }
        ),
        "{err}"
    );
}

// Issue 41 item 8: tags are checked for duplicates by a hashed index, not a scan of the
// tags so far: 200,000 tags read (in quadratic time this took minutes), and a duplicate is
// still an error naming both lines.
#[test]
fn issue41_8_many_tags_read_and_duplicates_are_still_refused() {
    let mut text = String::new();
    for k in 0..200_000 {
        text.push_str(&format!("[T{k} \"v\"]\n"));
    }
    text.push_str("\n1. 5B5A *\n");
    let game = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
    assert_eq!(game.tags.len(), 200_000);
    assert_eq!(game.tag("T199999"), Some("v"));
    text.push_str("\n[A \"1\"]\n[B \"2\"]\n[A \"3\"]\n\n*\n");
    let mut reader = GameReader::new(text.as_bytes());
    reader.next();
    let err = reader.next().unwrap().unwrap_err();
    assert!(
        matches!(
            err,
            ReadError::DuplicateTag {
                first_line: 200_004,
                ..
            }
        ),
        "{err}"
    );
}

// The `Game` tag: a file without it, or with `gjjq`, is 国际军棋; another game's file is
// refused at the tag's value, before its moves are misread.
#[test]
fn the_game_tag_names_the_game() {
    let ok = "[Game \"gjjq\"]\n\n1. 5B5A *\n";
    assert!(GameReader::new(ok.as_bytes()).next().unwrap().is_ok());
    let other = "[Game \"luzhanqi\"]\n\n1. a6a7 *\n";
    let err = GameReader::new(other.as_bytes())
        .next()
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(&err, ReadError::Game(gjjq_notation::SyntaxError::OtherGame { at, .. }) if *at == tp(1, 7)),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "1:7: Game tag 'luzhanqi': this is not a 国际军棋 (gjjq) game file"
    );
}
