//! Records of hidden games: the referee's record and each player's round-trip through
//! game files, and the referee's record replays as an ordinary game.

use std::num::NonZeroU32;

use gjjq_core::{
    Ruleset, Side,
    deploy::Opening,
    hidden::HiddenGame,
    ruleset::{AnnounceIllegal, ReturnRule, RevealCaptured},
};
use gjjq_notation::{
    GameReader, MoveForm, MoveText, Script, hidden_game_from_record, info_state_from_player_record,
    player_record, referee_record, write_game,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn rules_variants() -> Vec<Ruleset> {
    let mut r = Ruleset::STANDARD;
    r.no_capture_limit = NonZeroU32::new(60);
    let mut r2 = r;
    r2.hidden.announce_illegal = AnnounceIllegal::Both;
    r2.hidden.reveal_captured = RevealCaptured::ToCaptor;
    let mut r3 = r;
    r3.return_rule = ReturnRule::Immediate;
    vec![Ruleset::STANDARD, r, r2, r3]
}

fn write(record: &gjjq_notation::GameRecord, script: Script) -> String {
    let mut out = Vec::new();
    write_game(record, MoveForm::Script(script), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn read(text: &str) -> gjjq_notation::GameRecord {
    GameReader::new(text.as_bytes()).next().unwrap().unwrap()
}

// every record form writes, reads back and means the same game.
#[test]
fn referee_and_player_records_round_trip() {
    let mut hidden_moves = 0;
    let mut refusals = 0;
    for (i, rules) in rules_variants().into_iter().enumerate() {
        for seed in 0..25u64 {
            let mut rng = StdRng::seed_from_u64(seed * 10 + i as u64);
            let opening = Opening::random(&mut rng, None, &rules);
            let mut game = HiddenGame::new(opening, rules).unwrap();
            game.play_out(&mut rng, if seed.is_multiple_of(2) { 100_000 } else { 40 });
            refusals += game.refusals().len();
            // The referee's record: an ordinary game record with the refusals as comments.
            let referee = referee_record(&game);
            for script in [Script::Simplified, Script::Traditional] {
                let back = read(&write(&referee, script));
                assert_eq!(back.tag("Mode"), Some("hidden"));
                let replayed = back.replay(None).unwrap();
                assert_eq!(replayed.moves(), game.game().moves());
                assert_eq!(replayed.outcome(), game.outcome());
                let again = hidden_game_from_record(&back).unwrap();
                for side in Side::ALL {
                    assert_eq!(again.info_state(side), game.info_state(side));
                }
            }
            // Each player's record: own moves in full, the enemy's with 暗.
            for side in Side::ALL {
                let state = game.info_state(side);
                let record = player_record(state);
                for script in [Script::Simplified, Script::Traditional] {
                    let text = write(&record, script);
                    let back = read(&text);
                    assert_eq!(back, record);
                    assert_eq!(info_state_from_player_record(&back).unwrap(), *state);
                }
                for (ply, rm) in record.moves.iter().enumerate() {
                    let mover = if ply.is_multiple_of(2) {
                        opening.first
                    } else {
                        opening.first.other()
                    };
                    match rm.text {
                        MoveText::Hidden(_) => {
                            assert_ne!(mover, side);
                            hidden_moves += 1;
                        }
                        MoveText::Record(_) => assert_eq!(mover, side),
                        MoveText::Ascii(_) => panic!("a player's record writes records"),
                    }
                }
                // A 暗 record resolves against the true position by its points and its word.
                let truth = game.game();
                for ((pos, m), rm) in truth.plies().zip(&record.moves) {
                    assert_eq!(rm.text.to_move(&pos).unwrap(), m);
                }
            }
        }
    }
    assert!(
        hidden_moves > 1000 && refusals > 0,
        "{hidden_moves} {refusals}"
    );
}

#[test]
fn hidden_records_parse_and_check_their_word() {
    let t: MoveText = "暗5b攻5B".parse().unwrap();
    assert!(matches!(t, MoveText::Hidden(_)));
    assert_eq!(t.to_string(), "暗5b攻5B");
    assert_eq!(t.ascii().to_string(), "5b5B");
    // The word must fit the points: 5B to 5A is a forward move at home, 进 not 攻.
    let wrong: MoveText = "暗5B攻5A".parse().unwrap();
    assert!(wrong.to_move(&gjjq_core::Position::default()).is_err());
    let right: MoveText = "暗5B进5A".parse().unwrap();
    assert!(right.to_move(&gjjq_core::Position::default()).is_ok());
    assert!("暗5B进".parse::<MoveText>().is_err());
    assert!("暗".parse::<MoveText>().is_err());
}

// Issue 22: a player annotates its own record (scores, times) and the referee's record reads
// into the annotated game, refusals kept as comments.
#[test]
fn records_of_hidden_games_carry_annotations() {
    use gjjq_notation::{AnnotatedGame, Glyph, RecordKind};
    let mut rng = StdRng::seed_from_u64(22);
    let opening = Opening::random(&mut rng, None, &Ruleset::STANDARD);
    let mut game = HiddenGame::new(opening, Ruleset::STANDARD).unwrap();
    game.play_out(&mut rng, 30);
    let state = game.info_state(Side::Red).clone();
    let mut record = player_record(&state);
    assert_eq!(record.kind(), RecordKind::HiddenPlayer);
    record.comments_before.push("clock 10:00".into());
    for (i, m) in record.moves.iter_mut().enumerate() {
        m.comments.push(format!("score {i} time 3s"));
        m.glyphs.push(Glyph::Interesting);
    }
    let text = write(&record, Script::Simplified);
    let back = read(&text);
    assert_eq!(back, record);
    assert_eq!(info_state_from_player_record(&back).unwrap(), state);
    // A comment that starts like a known form must be that form.
    let mut bad = back.clone();
    bad.moves[0].comments.push("captured ZZ".into());
    assert!(info_state_from_player_record(&bad).is_err());

    let mut referee = referee_record(&game);
    assert_eq!(referee.kind(), RecordKind::HiddenReferee);
    referee.moves[0].comments.push("a note".into());
    let back = read(&write(&referee, Script::Simplified));
    let again = hidden_game_from_record(&back).unwrap();
    assert_eq!(again.info_state(Side::Green), game.info_state(Side::Green));
    let annotated = AnnotatedGame::from_record(&back, None).unwrap();
    assert_eq!(annotated.to_game().moves(), game.game().moves());
    assert_eq!(annotated.to_record(), back);
}

// Issue 41 item 14: a player's record whose enemy move no referee could have told (Green
// has no piece on 1e: its king stands on 5e) is a typed error naming the move and its place,
// not a garbled message about a comment; a referee's record with a note of a known form that
// is not that form (`{captured Q}`: no such kind) is refused with the place of its move.
#[test]
fn issue41_14_impossible_enemy_moves_and_bad_notes_name_their_place() {
    let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD).unwrap();
    game.propose(Side::Red, "5B5A".parse().unwrap()).unwrap();
    let text = write(
        &player_record(game.info_state(Side::Red)),
        Script::Simplified,
    );
    let text = text.replace(" *", "\n1... 暗5c进5b *");
    let record = read(&text);
    let err = info_state_from_player_record(&record).unwrap_err();
    let message = err.to_string();
    assert!(
        matches!(err, gjjq_notation::HiddenFileError::Impossible { ply: 2, at: Some(at), .. }
            if at.column == 6),
        "{message}"
    );
    assert!(message.starts_with("move 2 '暗5c进5b' at "), "{message}");
    assert!(!message.contains("field"), "{message}");

    let text = write(&referee_record(&game), Script::Simplified).replace(" *", " {captured Q} *");
    let record = read(&text);
    let err = hidden_game_from_record(&record).unwrap_err();
    assert!(
        matches!(
            &err,
            gjjq_notation::HiddenFileError::Comment {
                ply: 1,
                at: Some(_),
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().contains(":4: ply 1: comment 'captured Q'"),
        "{err}"
    );
    // A note of its form, or an annotator's comment, still reads.
    for ok in ["{captured A}", "{+0.3 12s}"] {
        let text =
            write(&referee_record(&game), Script::Simplified).replace(" *", &format!(" {ok} *"));
        assert!(hidden_game_from_record(&read(&text)).is_ok(), "{ok}");
    }
}
