//! Game files of 陸戰棋 (L-22): round trips, notes and variations, errors with their place,
//! the other game's files refused.

use junqi_gamefile::{ReadError, ResultToken, TextPos};
use luzhanqi::game_file::{
    GameFileError, GameFileReader, GameRecord, MoveForm, ReplayError, TokenError, read_games,
};
use luzhanqi::rand::{Rng, SeedableRng, rngs::StdRng};
use luzhanqi::{Game, Position, Side};

fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(Position::default());
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        game.play(m).unwrap();
    }
    game
}

fn read_one(text: &str) -> Result<GameRecord, GameFileError> {
    GameFileReader::new(text.as_bytes()).next_game().unwrap()
}

fn at_of(e: &GameFileError) -> String {
    e.to_string().split(": ").next().unwrap().to_owned()
}

#[test]
fn round_trip_in_every_form() {
    for seed in 0..6 {
        let game = random_game(seed, 120);
        let record = GameRecord::from_game(&game);
        for form in [MoveForm::Simplified, MoveForm::Traditional, MoveForm::Ascii] {
            let text = record.write(form).unwrap();
            let back = read_one(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.game.moves(), game.moves());
            assert_eq!(back.game.position(), game.position());
            assert_eq!(back.result, record.result);
            assert_eq!(back.write(form).unwrap(), text);
        }
    }
}

#[test]
fn writes_the_usual_tags_and_a_setup_when_not_the_default_start() {
    let start: Position = "1f3/5/5/5/5/5/5/5/5/1J3/5/1F3 r 4 9".parse().unwrap();
    let mut game = Game::new(start.clone());
    let m = game.legal_moves()[0];
    game.play(m).unwrap();
    let mut record = GameRecord::from_game(&game);
    record.tags[0].1 = "Test \"cup\"".into();
    let text = record.write(MoveForm::Simplified).unwrap();
    assert!(text.starts_with(
        "[Game \"luzhanqi\"]\n[Event \"Test \\\"cup\\\"\"]\n[Red \"?\"]\n[Blue \"?\"]\n[Result \"1-0\"]\n[Setup \""
    ));
    // Blue, left with its flag, has no move.
    assert!(
        text.contains("[Termination \"no-move\"]\n\n9. 军b3-a2 1-0\n"),
        "{text}"
    );
    assert!(text.contains(&format!("[Setup \"{start}\"]")));
    assert!(text.contains("\n\n9. "), "{text}");
    let back = read_one(&text).unwrap();
    assert_eq!(back.game.start(), &start);
    assert_eq!(back.tags[0].1, "Test \"cup\"");
    // The default start writes no Setup tag.
    let plain = GameRecord::from_game(&Game::new(Position::default()))
        .write(MoveForm::Ascii)
        .unwrap();
    assert_eq!(
        plain,
        "[Game \"luzhanqi\"]\n[Event \"?\"]\n[Red \"?\"]\n[Blue \"?\"]\n[Result \"*\"]\n\n*\n"
    );
}

#[test]
fn a_decided_game_writes_its_result_and_termination() {
    // Red's engineer on b2 takes Blue's flag? Build: Blue's flag on b12, a Red piece beside.
    let pos: Position = "1f3/1J3/5/5/5/5/5/5/5/5/5/1F3 r".parse().unwrap();
    let m = pos.find_move("军b11xb12").unwrap();
    let mut game = Game::new(pos);
    game.play(m).unwrap();
    let record = GameRecord::from_game(&game);
    assert_eq!(record.result, ResultToken::FirstWins);
    let text = record.write(MoveForm::Traditional).unwrap();
    assert!(text.contains("[Termination \"flag-captured\"]"), "{text}");
    assert!(text.ends_with(" 1-0\n"), "{text}");
    assert!(text.contains("軍b11xb12"), "{text}");
    let back = read_one(&text).unwrap();
    assert_eq!(back.game.outcome(), game.outcome());
    // The other result contradicts the rules.
    let flipped = text
        .replace(" 1-0\n", " 0-1\n")
        .replace("[Result \"1-0\"]", "[Result \"0-1\"]");
    let err = read_one(&flipped).unwrap_err();
    assert!(matches!(
        err,
        GameFileError::Replay(ReplayError::ResultContradicts { .. })
    ));
}

const NOTES: &str = "[Game \"luzhanqi\"]
[Event \"Notes\"]

{before the first move} 1. 排c5-b5 {Red's platoon} (1. 排c5-d5 !? {into the other camp}
1... 排c8-b8 (1... 排c8-d8)) 1... 排c8-d8 $1 (1... 排c8-b8) 2. 排b5-c5!! {back} *
";

#[test]
fn comments_variations_and_glyphs() {
    let r = read_one(NOTES).unwrap();
    assert_eq!(r.intro, vec!["before the first move".to_owned()]);
    assert_eq!(r.moves.len(), 3);
    assert_eq!(r.moves[0].comments, vec!["Red's platoon".to_owned()]);
    let v = &r.moves[0].variations[0];
    assert_eq!(v.moves.len(), 2);
    assert_eq!(v.moves[0].comments, vec!["into the other camp".to_owned()]);
    assert_eq!(v.moves[0].glyphs.len(), 1);
    assert_eq!(v.moves[1].variations[0].moves[0].mv.to_string(), "c8d8");
    assert_eq!(r.moves[1].glyphs.len(), 1);
    assert_eq!(r.moves[1].variations.len(), 1);
    assert_eq!(r.moves[2].glyphs.len(), 1);
    assert_eq!(r.game.moves().len(), 3);
    // Written and read again: the same notes.
    for form in [MoveForm::Simplified, MoveForm::Traditional, MoveForm::Ascii] {
        let text = r.write(form).unwrap();
        let back = read_one(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.moves, r.moves);
        assert_eq!(back.intro, r.intro);
    }
}

#[test]
fn a_variation_is_checked_against_its_own_position() {
    // The main line's 2. 排b5-c5 is legal there, not in the variation (whose platoon went to
    // d5): refused there, with its place.
    let bad = NOTES.replace("(1... 排c8-d8))", "(1... 排c8-d8 2. 排b5-c5))");
    assert!(read_one(NOTES).is_ok());
    let err = read_one(&bad).unwrap_err();
    assert!(
        matches!(err, GameFileError::Replay(ReplayError::Move { ply: 3, .. })),
        "{err}"
    );
    assert_eq!(at_of(&err), "5:30");
}

#[test]
fn errors_say_line_and_column() {
    let cases: [(&str, &str); 6] = [
        // Not a move.
        ("[Game \"luzhanqi\"]\n\n1. a6z7 *\n", "3:6"),
        // A record whose piece is not on the origin.
        ("[Game \"luzhanqi\"]\n\n1. 司a6-a7 *\n", "3:4"),
        // Illegal.
        ("[Game \"luzhanqi\"]\n\n1. a6a8 *\n", "3:4"),
        // A bad position string: the fault inside the value.
        ("[Game \"luzhanqi\"]\n[Setup \"5/5/x\"]\n\n*\n", "2:13"),
        // Syntax: a ')' closing nothing.
        ("[Game \"luzhanqi\"]\n\n1. a6a7 ) *\n", "3:9"),
        // A move number that is wrong.
        ("[Game \"luzhanqi\"]\n\n2. a6a7 *\n", "3:1"),
    ];
    for (text, at) in cases {
        let err = read_one(text).unwrap_err();
        assert_eq!(at_of(&err), at, "{err}");
    }
}

#[test]
fn an_invalid_setup_is_refused_with_its_place() {
    // Two Red flags.
    let text = "[Game \"luzhanqi\"]\n[Setup \"5/5/5/5/5/5/5/5/5/5/5/1F1F1 r\"]\n\n*\n";
    let err = read_one(text).unwrap_err();
    assert!(
        matches!(
            err,
            GameFileError::Replay(ReplayError::InvalidSetup {
                at: TextPos { line: 2, column: 8 },
                ..
            })
        ),
        "{err}"
    );
}

#[test]
fn the_other_game_and_files_without_a_game_tag_are_refused() {
    let err = read_one("[Game \"gjjq\"]\n\n1. 团5B进5A *\n").unwrap_err();
    assert!(
        matches!(
            err,
            GameFileError::Read(ReadError::Game(TokenError::OtherGame {
                at: TextPos { line: 1, column: 7 },
                ..
            }))
        ),
        "{err}"
    );
    let err = read_one("[Event \"x\"]\n\n1. a6a7 *\n").unwrap_err();
    assert!(
        matches!(
            err,
            GameFileError::Replay(ReplayError::MissingGameTag {
                at: TextPos { line: 3, column: 4 }
            })
        ),
        "{err}"
    );
    assert_eq!(at_of(&err), "3:4");
}

#[test]
fn a_move_after_the_end_is_refused() {
    let text = "[Game \"luzhanqi\"]\n[Setup \"1f3/1J3/5/5/5/5/5/5/5/5/5/1F3 r\"]\n\n1. b11b12 1... a1a2 1-0\n";
    let err = read_one(text).unwrap_err();
    assert!(
        matches!(
            err,
            GameFileError::Replay(ReplayError::AfterEnd { ply: 2, .. })
        ),
        "{err}"
    );
    assert_eq!(at_of(&err), "4:16");
}

#[test]
fn several_games_and_rules() {
    let game = random_game(9, 30);
    let one = GameRecord::from_game(&game).write(MoveForm::Ascii).unwrap();
    let rules = "[Game \"luzhanqi\"]\n[Rules \"{\\\"hq_lock\\\": false}\"]\n\n1. a6a7 *\n";
    let text = format!("{one}\n{rules}");
    let games = read_games(text.as_bytes()).unwrap();
    assert_eq!(games.len(), 2);
    assert!(!games[1].game.start().ruleset().hq_lock);
    // A ruleset that is not standard is written back.
    let again = games[1].write(MoveForm::Ascii).unwrap();
    assert!(again.contains("[Rules \""), "{again}");
    assert!(!read_one(&again).unwrap().game.start().ruleset().hq_lock);
    let err = read_one("[Game \"luzhanqi\"]\n[Rules \"{\\\"hq_lok\\\": 1}\"]\n\n*\n").unwrap_err();
    assert!(matches!(
        err,
        GameFileError::Read(ReadError::Game(TokenError::BadRules { .. }))
    ));
    let _ = Side::Red;
}

#[test]
fn repetition_counts_the_variations_path_through_the_main_line() {
    // Three occurrences draw. The main line reaches the start twice; the variation of move 3
    // reaches it a third time on its own path, after which its next move is refused.
    let head = "[Game \"luzhanqi\"]\n[Rules \"{\\\"repetition\\\": 3}\"]\n\n\
                1. c5b5 1... c8b8 2. b5c5 2... b8c8 3. c5b5";
    let fine = format!("{head} (3. c5d5 3... c8d8 4. d5c5 4... d8c8) *\n");
    let r = read_one(&fine).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.game.occurrences(), 2);
    let past = format!("{head} (3. c5d5 3... c8d8 4. d5c5 4... d8c8 5. c5b5) *\n");
    let err = read_one(&past).unwrap_err();
    assert!(
        matches!(
            err,
            GameFileError::Replay(ReplayError::AfterEnd {
                ply: 9,
                outcome: luzhanqi::Outcome::Draw { .. },
                ..
            })
        ),
        "{err}"
    );
    // Without the option the same variation goes on.
    let off = past.replace("[Rules \"{\\\"repetition\\\": 3}\"]\n", "");
    assert!(read_one(&off).is_ok());
}

/// The fuzz target's property on mutations of a file with every kind of note: reading never
/// panics, and a game that reads writes back to a file that reads to the same game.
#[test]
fn mutated_files_never_panic_and_what_reads_round_trips() {
    let mut rng = StdRng::seed_from_u64(37);
    let base: Vec<char> = NOTES.chars().collect();
    let alphabet: Vec<char> = "abcde0123456789 .(){}!?$*-x/\n\"[]排工军軍司团1"
        .chars()
        .collect();
    let mut read = 0;
    for _ in 0..3000 {
        let mut text = base.clone();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..text.len());
            match rng.random_range(0..3) {
                0 => {
                    text.remove(i);
                }
                1 => text.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
                _ => text[i] = alphabet[rng.random_range(0..alphabet.len())],
            }
        }
        let text: String = text.into_iter().collect();
        let mut reader = GameFileReader::new(text.as_bytes());
        while let Some(game) = reader.next_game() {
            let Ok(record) = game else { continue };
            read += 1;
            for form in [MoveForm::Simplified, MoveForm::Traditional, MoveForm::Ascii] {
                let Ok(out) = record.write(form) else {
                    continue;
                };
                let back = read_one(&out).unwrap_or_else(|e| panic!("{e}\n{text}\n{out}"));
                assert_eq!(back.game.position(), record.game.position());
                assert_eq!(back.moves, record.moves, "{text}\n{out}");
                assert_eq!(back.intro, record.intro);
                assert_eq!(back.result, record.result);
            }
        }
    }
    assert!(read > 100, "{read}");
}
