//! Game record files: read → write → read is the identity; replays rebuild the games.

use gjjq_core::{Game, Position, Script, Setup};
use gjjq_notation::{
    GameReader, GameRecord, GameResult, MoveForm, MoveText, Record, RecordedMove, write_game,
};
use gjjq_test_support::RandomMover;
use proptest::prelude::*;

fn write(game: &GameRecord, form: MoveForm) -> String {
    let mut out = Vec::new();
    write_game(game, form, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn read_all(text: &str) -> Vec<GameRecord> {
    GameReader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A game of `plies` seeded random legal moves from `start`, as a record with comments.
fn random_game(start: Position, plies: usize, seed: u64) -> (GameRecord, Game) {
    let mut game = Game::new(start.clone());
    let mut record = GameRecord::default();
    record.set_tag("Event", "Test \"quoted\" \\ game");
    record.set_tag("Rules", "standard");
    record.set_tag("Setup", &start.to_string());
    record.comments_before.push("before {the} first".into());
    let mut mover = RandomMover::new(seed);
    for i in 0..plies {
        let moves = game.legal_moves();
        let Some(m) = mover.pick(game.position(), &moves) else {
            break;
        };
        let mut rm = RecordedMove::new(MoveText::Record(Record::from_move(game.position(), m)));
        if i % 7 == 3 {
            rm.comments.push(format!("ply {i}\nsecond line \\ }}"));
        }
        record.moves.push(rm);
        game.play(m).unwrap();
    }
    record.result = GameResult::from_outcome(game.outcome());
    (record, game)
}

#[test]
fn read_write_read_is_identity() {
    let mut file = String::new();
    let mut originals = Vec::new();
    for seed in 1..=12u64 {
        let start = if seed % 3 == 0 {
            // Green to move first: the movetext starts with `1...`.
            let mut s = Setup::default_opening();
            s.turn = gjjq_core::Side::Green;
            Position::from_setup(s).unwrap()
        } else {
            Position::default()
        };
        let (record, game) = random_game(start, 150, seed);
        let script = if seed % 2 == 0 {
            Script::Traditional
        } else {
            Script::Simplified
        };
        file.push_str(&write(&record, MoveForm::Script(script)));
        file.push('\n');
        originals.push((record, game));
    }
    let games = read_all(&file);
    assert_eq!(games.len(), originals.len());
    let mut rewritten = String::new();
    for (read, (original, game)) in games.iter().zip(&originals) {
        assert_eq!(read, original);
        let replayed = read.replay(None).unwrap();
        assert_eq!(replayed.moves(), game.moves());
        assert_eq!(replayed.position(), game.position());
        // The ASCII form reads back and resolves to the same records.
        let ascii = read_all(&write(read, MoveForm::Ascii));
        assert_eq!(ascii.len(), 1);
        assert_eq!(&ascii[0].resolve(None).unwrap(), original);
        rewritten.push_str(&write(read, MoveForm::Script(Script::Simplified)));
        rewritten.push('\n');
    }
    assert_eq!(read_all(&rewritten), games);
}

#[test]
fn games_without_tags_and_results() {
    let text = "1. 团5B进5A 团5b进5a 1/2-1/2\n1. 5B5A *\n\n\n[Event \"x\"]\n";
    let games = read_all(text);
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].result, GameResult::Draw);
    let drawn = games[0].replay(None).unwrap();
    assert_eq!(
        drawn.outcome().unwrap().reason(),
        gjjq_core::outcome::EndReason::Agreement
    );
    assert_eq!(games[1].moves.len(), 1);
    assert!(games[2].moves.is_empty());
    assert_eq!(games[2].result, GameResult::Unknown);
}

#[test]
fn lenient_records_and_glued_numbers_read() {
    let text = "1.团５Ｂ進5A 1...團5b进(5)a 2.弹3E攻(7)d *";
    let g = &read_all(text)[0];
    let texts: Vec<String> = g.moves.iter().map(|m| m.text.to_string()).collect();
    assert_eq!(texts, ["团5B进5A", "团5b进5a", "弹3E攻7d"]);
    assert!(g.replay(None).is_ok());
}

proptest! {
    // Tag values and comments round-trip through write → read (comments keep line breaks
    // as `\n`; carriage returns are not kept).
    #[test]
    fn tags_and_comments_round_trip(
        value in "[^\r\n]{0,30}",
        comment in "[^\r]{0,40}",
        name in "[A-Za-z_][A-Za-z0-9_]{0,10}",
    ) {
        let mut g = GameRecord::default();
        g.set_tag(&name, &value);
        g.comments_before.push(comment.clone());
        let mut m = RecordedMove::new("团5B进5A".parse::<MoveText>().unwrap());
        m.comments.push(comment);
        g.moves.push(m);
        let text = write(&g, MoveForm::default());
        let back = read_all(&text);
        prop_assert_eq!(back.len(), 1);
        prop_assert_eq!(&back[0], &g);
    }

    // Records: parse → write → parse is the identity for every well-formed record.
    #[test]
    fn records_round_trip(
        piece in 0usize..8, from in 0usize..90, word in 0usize..8, to in 0usize..90,
        trad in any::<bool>(),
    ) {
        let kind = gjjq_core::PieceKind::ALL[piece];
        let from = gjjq_core::Square::from_index(from).unwrap();
        let r = Record {
            piece: kind,
            king_side: (kind == gjjq_core::PieceKind::King).then(|| from.country()),
            from,
            direction: gjjq_notation::Direction::ALL[word],
            to: gjjq_core::Square::from_index(to).unwrap(),
        };
        let script = if trad { Script::Traditional } else { Script::Simplified };
        let text = r.to_script(script);
        prop_assert_eq!(Record::parse_strict(&text).unwrap(), r);
        // Serde needs the crate's `serde` feature (on in the workspace, off for `-p`).
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&r).unwrap();
            prop_assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), r);
        }
    }

    // Arbitrary text never panics the reader.
    #[test]
    fn reader_never_panics(text in "(?s).{0,200}") {
        for g in GameReader::new(text.as_bytes()).flatten() {
            let _ = g.replay(None);
        }
    }
}
