//! Position strings (L-20) and moves/records (L-21): errors name their column.

mod common;

use common::pos;
use luzhanqi::{
    Kind, MoveText, ParsePositionError, Position, PositionErrorKinds, RecordError, Setup,
};

#[test]
fn l20_syntax_errors_name_their_column() {
    let cases = [
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3 x", 29),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3", 28),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F12 r", 28),  // two digits
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3/5 r", 28), // 13 ranks
        ("1f3/5/5/5/5/5/5/5/5/5/1F3 r", 26),     // 11 ranks
        ("1f3/5/5/5/5/5/5/5/4/5/5/1F3 r", 20),   // rank 4 short
        ("1f3/5/5/5/5/5/5/5/5X/5/5/1F3 r", 20),  // bad letter
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3 r 3", 32), // one counter
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3 r x 1", 31),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3 r 0 1 z", 35),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F6 r", 27),
    ];
    for (s, col) in cases {
        let e = s.parse::<Setup>().unwrap_err();
        assert_eq!(e.column(), col, "{s}: {e}");
    }
}

#[test]
fn l20_validity_reports_every_reason_and_hands_the_setup_back() {
    // Two Red marshals, a Red landmine on c3, Red's flag on a1, no Blue flag is fine alone.
    let s = "5/5/5/5/5/5/5/5/2L2/5/SS3/F4 r";
    let Err(ParsePositionError::Invalid(e)) = s.parse::<Position>() else {
        panic!("invalid")
    };
    assert_eq!(
        e.kinds(),
        PositionErrorKinds::TOO_MANY
            | PositionErrorKinds::MINE_OUT_OF_PLACE
            | PositionErrorKinds::FLAG_OUT_OF_PLACE
    );
    assert_eq!(e.violations().len(), 3);
    assert_eq!(
        e.into_setup().to_string(),
        "5/5/5/5/5/5/5/5/2L2/5/SS3/F4 r 0 1"
    );
    // Both flags lost.
    let Err(ParsePositionError::Invalid(e)) = "5/5/5/5/5/5/5/5/5/5/S4/5 r".parse::<Position>()
    else {
        panic!("invalid")
    };
    assert_eq!(e.kinds(), PositionErrorKinds::BOTH_FLAGS_LOST);
    // Blue's landmine on its back two rows (a11) is fine, on a10 it is not.
    assert!("1f3/l4/5/5/5/5/5/5/5/5/5/1F3 r".parse::<Position>().is_ok());
    assert!(
        "1f3/5/l4/5/5/5/5/5/5/5/5/1F3 r"
            .parse::<Position>()
            .is_err()
    );
    // Counters: both or neither, read and written.
    assert_eq!(
        pos("1f3/5/5/5/5/5/5/5/5/5/5/1F3 b 12 30").to_string(),
        "1f3/5/5/5/5/5/5/5/5/5/5/1F3 b 12 30"
    );
}

#[test]
fn l21_ascii_moves_and_records_in_both_scripts() {
    let t: MoveText = "b10b11".parse().unwrap();
    assert_eq!(t.mv.to_string(), "b10b11");
    let t: MoveText = "工a2-e6".parse().unwrap();
    assert_eq!((t.kind, t.attack), (Some(Kind::Engineer), Some(false)));
    let t: MoveText = "軍a6xa7".parse().unwrap();
    assert_eq!((t.kind, t.attack), (Some(Kind::General), Some(true)));
    let t: MoveText = "军a6xa7".parse().unwrap();
    assert_eq!(t.kind, Some(Kind::General));
    let errs = [
        ("", Some(1)),
        ("x1a2", Some(1)),
        ("工a2+e6", Some(4)),
        ("工a2-e13", Some(7)),
        ("工a2-e6!", Some(7)),
        ("a2a2", Some(1)),
        ("a2f3", Some(3)),
        ("工a", Some(3)),
    ];
    for (s, col) in errs {
        let e = s.parse::<MoveText>().unwrap_err();
        assert_eq!(e.column(), col, "{s}: {e}");
    }
    // Resolution against the default start.
    let p = Position::default();
    assert!(matches!(
        p.find_move("司c5-b5"),
        Err(RecordError::WrongPiece { .. })
    ));
    assert!(matches!(
        p.find_move("c8c7"),
        Err(RecordError::NoPiece { .. })
    ));
    assert!(matches!(
        p.find_move("a1a2"),
        Err(RecordError::NoPiece { .. }) | Err(RecordError::Illegal(_))
    ));
    assert!(matches!(
        p.find_move("工c6-c7"),
        Err(RecordError::AttackMark { column: 4, .. })
    ));
}

/// L-21: a record, like the ASCII form, never names a move from a point to itself (found by
/// the `luzhanqi_move_text` fuzz target: `工c6xc6` parsed, `c6c6` did not).
#[test]
fn l21_a_record_from_a_point_to_itself_is_refused_as_the_ascii_form_is() {
    for text in ["工c6xc6", "工c6-c6", "c6c6"] {
        let e = text.parse::<luzhanqi::MoveText>().unwrap_err();
        assert_eq!(e.column(), Some(1), "{text}: {e}");
    }
    assert!(luzhanqi::Position::default().find_move("排c5-c5").is_err());
}

// L-20: a side is written `red`/`blue` by name and `r`/`b` in position strings; each form
// reads back only what it writes.
#[test]
fn l20_side_names_and_letters_read_back() {
    use luzhanqi::Side;
    for side in Side::ALL {
        assert_eq!(side.to_string().parse::<Side>(), Ok(side));
        assert_eq!(Side::from_char(side.char()), Some(side));
    }
    for bad in ["r", "Red", "green", "", " red"] {
        let e = bad.parse::<Side>().unwrap_err();
        assert_eq!(e.found(), bad);
    }
    let long = "x".repeat(100);
    assert!(
        long.parse::<Side>()
            .unwrap_err()
            .found()
            .ends_with("(100 characters)")
    );
    // The turn field takes the letter only.
    assert!("5/5/5/5/5/5/5/5/5/5/5/1F1S1 b".parse::<Position>().is_ok());
    assert!(
        "5/5/5/5/5/5/5/5/5/5/5/1F1S1 blue"
            .parse::<Position>()
            .is_err()
    );
}

/// A long word refused in a position string, a flip state string or a `--rules` argument is
/// quoted clipped to 40 characters (`junqi_game::clip`), not whole.
#[test]
fn long_refused_words_are_quoted_clipped() {
    let long = "x".repeat(100);
    let errors = [
        format!("1f3/5/5/5/5/5/5/5/5/5/5/1F3 {long}")
            .parse::<Setup>()
            .unwrap_err()
            .to_string(),
        format!("1f3/5/5/5/5/5/5/5/5/5/5/1F3 r 0 1 {long}")
            .parse::<Setup>()
            .unwrap_err()
            .to_string(),
        format!("1f3/5/5/5/5/5/5/5/5/5/5/1F3 {long} r -")
            .parse::<luzhanqi::flip::FlipSetup>()
            .unwrap_err()
            .to_string(),
        luzhanqi::Ruleset::parse(&long).unwrap_err().to_string(),
    ];
    for e in errors {
        assert!(e.contains("… (100 characters)"), "{e}");
    }
}
