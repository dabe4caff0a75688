//! Every legal move of positions from random games writes as a record that reads back as the
//! same move, in both scripts and in the ASCII form (R-28 … R-30).

use gjjq_core::{MoveKind, Position, Removal, Script};
use gjjq_notation::{Direction, MoveText, Record};
use gjjq_test_support::{RandomGame, RandomMover};

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    returns: usize,
    forfeits: usize,
    removals: usize,
    returning_captures: usize,
    words: [usize; 8],
}

fn check_position(pos: &Position, seen: &mut Seen) {
    seen.positions += 1;
    for m in pos.legal_moves() {
        seen.moves += 1;
        let info = pos.classify(m).expect("a legal move has a mover");
        match (info.removal, info.kind) {
            (Some(Removal::Forfeit(_)), _) => seen.forfeits += 1,
            (Some(Removal::BeforeMove(_)), _) => seen.removals += 1,
            (None, MoveKind::Return) => seen.returns += 1,
            (None, MoveKind::ReturningCapture) => seen.returning_captures += 1,
            _ => {}
        }
        let record = Record::from_move(pos, m);
        let word = Direction::ALL
            .iter()
            .position(|&d| d == record.direction)
            .unwrap();
        seen.words[word] += 1;
        for script in [Script::Simplified, Script::Traditional] {
            let text = record.to_script(script);
            let parsed: Record = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(parsed, record, "{text}");
            assert_eq!(parsed.to_script(script), text);
            assert_eq!(parsed.to_move(pos), Ok(m), "{text} in {pos}");
            let lenient = Record::parse_lenient(&text).unwrap();
            assert_eq!(lenient, record);
        }
        let text = m.to_string();
        let parsed: MoveText = text.parse().unwrap();
        assert_eq!(parsed, MoveText::Ascii(m));
        assert_eq!(parsed.to_string(), text);
        assert_eq!(parsed.to_move(pos), Ok(m), "{text} in {pos}");
    }
}

#[test]
fn every_legal_move_round_trips() {
    let mut seen = Seen::default();
    let mut games = 0u64;
    while seen.positions < 5_000 || games < 20 {
        games += 1;
        // Prefer captures now and then, so that games reach the sparse endgames where kings
        // are attacked while returns are owed (forfeits); stepping onto the origin of the
        // opponent's pending return forces a removal.
        let mover = RandomMover::new(0x9E37_79B9_7F4A_7C15 ^ games)
            .blocks(50)
            .captures(33);
        for (pos, _) in RandomGame::new(Position::default(), mover, 400) {
            check_position(&pos, &mut seen);
        }
    }
    eprintln!("{games} games, {seen:?}");
    assert!(seen.positions >= 1_000);
    assert!(seen.returns > 0, "no return seen: {seen:?}");
    assert!(seen.forfeits > 0, "no forfeit seen: {seen:?}");
    assert!(seen.removals > 0, "no removal seen: {seen:?}");
    assert!(seen.returning_captures > 0);
    assert!(seen.words.iter().all(|&n| n > 0), "{seen:?}");
}
