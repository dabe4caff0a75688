//! Malformed records and game files each give their own typed error, with its place.

use gjjq_core::{Move, MoveParseError, PieceKind, Position, Side, SquareParseError};
use gjjq_notation::{
    GameReader, GameRecord, MoveText, ReadError, Record, RecordError, RecordParseError as P,
    ReplayError, SyntaxError as S, TextPos,
};

fn tp(line: usize, column: usize) -> TextPos {
    TextPos { line, column }
}

fn read_one(text: &str) -> Result<GameRecord, ReadError> {
    GameReader::new(text.as_bytes()).next().expect("a game")
}

#[test]
fn record_syntax_errors() {
    let strict = |s: &str| Record::parse_strict(s).unwrap_err();
    let lenient = |s: &str| Record::parse_lenient(s).unwrap_err();
    assert_eq!(strict(""), P::Empty);
    assert_eq!(lenient("   "), P::Empty);
    assert_eq!(strict("团5B进5A5"), P::Length { found: 7 });
    assert!(matches!(
        strict("团5B 进5A"),
        P::NotStrict {
            column: 4,
            found: ' ',
            ..
        }
    ));
    assert!(matches!(
        strict("王5E进5D"),
        P::NotStrict {
            column: 1,
            found: '王',
            ..
        }
    ));
    assert_eq!(strict("团5B进5"), P::Length { found: 5 });
    assert!(matches!(
        strict("弹3E攻(7d"),
        P::NotStrict {
            column: 5,
            found: '(',
            ..
        }
    ));
    assert_eq!(
        strict("兵5B进5A"),
        P::Piece {
            column: 1,
            found: '兵'
        }
    );
    assert_eq!(
        strict("团XB进5A"),
        P::File {
            column: 2,
            found: 'X'
        }
    );
    assert_eq!(
        strict("团5G进5A"),
        P::Rank {
            column: 3,
            found: 'G'
        }
    );
    assert_eq!(
        strict("团5B向5A"),
        P::Direction {
            column: 4,
            found: '向'
        }
    );
    assert_eq!(
        lenient("团5B进5A 了"),
        P::Trailing {
            column: 8,
            found: '了'
        }
    );
    assert_eq!(
        lenient("团 5B 进"),
        P::Truncated {
            column: 7,
            missing: "point label"
        }
    );
    assert_eq!(
        lenient("弹3E攻(7d"),
        P::UnclosedParen {
            column: 7,
            found: 'd'
        }
    );
}

#[test]
fn record_resolution_errors() {
    let pos = Position::default();
    let err = |s: &str| s.parse::<Record>().unwrap().to_move(&pos).unwrap_err();
    assert_eq!(
        err("团5C进5B"),
        RecordError::NoPiece {
            at: "5C".parse().unwrap()
        }
    );
    assert_eq!(
        err("团5b进5a"),
        RecordError::NotToMove {
            at: "5b".parse().unwrap(),
            owner: Side::Green
        }
    );
    assert_eq!(
        err("师5B进5A"),
        RecordError::WrongPiece {
            at: "5B".parse().unwrap(),
            written: PieceKind::Division,
            found: PieceKind::Infantry
        }
    );
    assert_eq!(
        err("主5E进5D"),
        RecordError::WrongKing {
            at: "5E".parse().unwrap(),
            written: Side::Green,
            found: Side::Red
        }
    );
    assert!(matches!(err("团5B进4A"), RecordError::Illegal { .. }));
    assert!(matches!(
        err("弹3E侵7d"),
        RecordError::WrongDirection {
            written: gjjq_notation::Direction::Invade,
            expected: gjjq_notation::Direction::Attack,
            ..
        }
    ));
}

#[test]
fn ascii_errors() {
    assert_eq!(
        "5B5".parse::<Move>(),
        Err(MoveParseError::Length { len: 3 })
    );
    assert!(matches!(
        "5B5f".parse::<Move>(),
        Err(MoveParseError::Label {
            column: 3,
            source: SquareParseError::BadRank,
            ..
        })
    ));
    let pos = Position::default();
    let a = MoveText::Ascii("5B4A".parse().unwrap());
    assert!(matches!(a.to_move(&pos), Err(RecordError::Illegal { .. })));
}

#[test]
fn game_file_errors() {
    use ReadError as R;
    let e = |s: &str| read_one(s).unwrap_err();
    assert!(matches!(e("[ \"x\"]\n"), R::TagName { at } if at == tp(1, 3)));
    assert!(matches!(e("[Event x]\n"), R::TagValue { at } if at == tp(1, 8)));
    assert!(matches!(e("[Event \"x]\n"), R::UnterminatedTagValue { at } if at == tp(1, 8)));
    // A backslash before anything but `"` or `\` is itself (issue 11 finding 7).
    assert_eq!(
        read_one("[Event \"a\\qb\"]\n").unwrap().tag("Event"),
        Some("a\\qb")
    );
    assert!(matches!(e("[Event \"x\"] y\n"), R::TagClose { at } if at == tp(1, 13)));
    assert!(matches!(e("[Event \"x\"\n"), R::TagClose { at } if at == tp(1, 11)));
    assert!(
        matches!(e("[Setup \"9/9 r -\"]\n"), R::Game(S::BadSetup { at, .. }) if at == tp(1, 8))
    );
    assert!(matches!(e("[Result \"2-0\"]\n\n*\n"), R::BadResultTag { at, .. } if at == tp(1, 9)));
    assert!(
        matches!(e("[Result \"1-0\"]\n\n1. 团5B进5A 0-1\n"), R::ResultMismatch { at, .. } if at == tp(3, 11))
    );
    assert!(matches!(
        e("\n1. 团5B走5A *\n"),
        R::Game(S::Record { at, error: P::Direction { .. } }) if at == tp(2, 7)
    ));
    assert!(matches!(
        e("1. 5B5Z *\n"),
        R::Game(S::Ascii { at, error: MoveParseError::Label { column: 3, .. } }) if at == tp(1, 6)
    ));
    assert!(matches!(e("1.. 5B5A *\n"), R::BadMoveNumber { at, .. } if at == tp(1, 1)));
    assert!(matches!(
        e("2. 5B5A *\n"),
        R::MoveNumber {
            expected: 1,
            second: false,
            ..
        }
    ));
    assert!(matches!(
        e("1. 5B5A 1. 5b5a *\n"),
        R::MoveNumber { at, expected: 1, second: true, .. } if at == tp(1, 9)
    ));
    assert!(matches!(e("1. 5B5A } *\n"), R::UnexpectedBrace { at } if at == tp(1, 9)));
    assert!(
        matches!(e("1. 5B5A {never\nclosed\n"), R::UnterminatedComment { at } if at == tp(1, 9))
    );
    assert!(matches!(e("1. 5B5A * 5b5a\n"), R::AfterResult { at } if at == tp(1, 11)));
    let bad_utf8: &[u8] = b"1. 5B5A \xff *\n";
    assert!(matches!(
        GameReader::new(bad_utf8).next().unwrap(),
        Err(R::Encoding { at }) if at == tp(1, 9)
    ));
}

#[test]
fn replay_errors() {
    let replay = |s: &str| read_one(s).unwrap().replay(None).unwrap_err();
    assert!(matches!(
        replay("[Rules \"house\"]\n\n*\n"),
        ReplayError::UnknownRules { .. }
    ));
    assert!(matches!(
        replay("[Setup \"9/9/9/9/9/9/9/9/9/9 r -\"]\n\n*\n"),
        ReplayError::InvalidSetup { .. }
    ));
    let err = replay("1. 团5B进5A 团5b进5a\n2. 团5A进5a *\n");
    match &err {
        ReplayError::Move {
            ply: 3,
            text,
            at: Some(pos),
            error: RecordError::WrongDirection { .. },
        } => {
            assert_eq!(text, "团5A进5a");
            assert_eq!(*pos, tp(2, 4));
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("at 2:4"));
    // Only kings and guards: drawn by insufficient material before any move.
    let drawn = "[Setup \"3gk4/9/9/9/9/9/9/9/9/4KG3 r -\"]\n\n";
    assert!(matches!(
        replay(&format!("{drawn}1. 总5E进5D *\n")),
        ReplayError::AfterEnd { ply: 1, .. }
    ));
    assert!(matches!(
        replay(&format!("{drawn}1-0\n")),
        ReplayError::ResultContradicts { .. }
    ));
}

// After an error the reader goes on with the next game.
#[test]
fn reader_recovers_at_the_next_tag_section() {
    let text = "[Event \"bad\"]\n\n1. 团5B走5A\n2. 团5A侵5a *\n\n[Event \"good\"]\n\n1. 5B5A *\n";
    let results: Vec<_> = GameReader::new(text.as_bytes()).collect();
    assert_eq!(results.len(), 2);
    assert!(results[0].is_err());
    assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("good"));
}
