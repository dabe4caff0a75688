//! Game files of free-deployment and face-down games (R-32 … R-36): the `RedDeployment`,
//! `GreenDeployment`, `FirstMover` and `Mode` tags, read, written and replayed, and move
//! numbers when Green opens (R-34).

use gjjq_core::{
    Game, Position, Ruleset, Side,
    deploy::{Opening, PlayMode},
};
use gjjq_notation::{
    GameReader, GameRecord, MoveForm, MoveText, ReadError, Record, RecordedMove, ReplayError,
    write_game,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn read_one(text: &str) -> Result<GameRecord, ReadError> {
    GameReader::new(text.as_bytes()).next().unwrap()
}

fn write(game: &GameRecord, form: MoveForm) -> String {
    let mut out = Vec::new();
    write_game(game, form, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// A game of `plies` random moves from `opening`, as a record with its opening tags.
fn random_game(opening: &Opening, mode: PlayMode, seed: u64, plies: usize) -> (GameRecord, Game) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(opening.position(Ruleset::STANDARD).unwrap());
    let mut record = GameRecord::default();
    record.set_tag("Mode", mode.name());
    record.set_opening(opening);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        record
            .moves
            .push(RecordedMove::new(MoveText::Record(Record::from_move(
                game.position(),
                m,
            ))));
        game.play(m).unwrap();
    }
    (record, game)
}

// R-34: Green opens from the default formations; the movetext starts `1...` and Red's reply
// is move 2.
#[test]
fn green_opens_the_default_formation() {
    let text = "[FirstMover \"green\"]\n\n1... 团5b进5a\n2. 团5B进5A 团5a攻5A *\n";
    let game = read_one(text).unwrap();
    assert_eq!(game.moves.len(), 3);
    assert_eq!(write(&game, MoveForm::default()), text);
    let played = game.replay(None).unwrap();
    assert_eq!(played.start().turn(), Side::Green);
    assert_eq!(
        played.position().to_string(),
        "fpmgkgmpf/1da3ad1/9/3i1i3/9/4i4/3I1I3/9/1DA3AD1/FPMGKGMPF r - 0 3"
    );
    let o = game.opening(None).unwrap().unwrap();
    assert_eq!(o.first, Side::Green);
    assert_eq!((o.red, o.green), (o.green, o.red));
    // A Red move number where Green's move is due is refused with its place.
    let err = read_one("[FirstMover \"green\"]\n\n1. 团5b进5a *\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "3:1: expected move number 1... (the next move is Green's; move numbers start at 1, or \
         at the Setup tag's number, and go up by one after each Green move), found 1."
    );
    // The same through a Setup tag with Green to move.
    let text = "[Setup \"fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF g - 0 1\"]\n\n1... 团5b进5a\n2. 团5B进5A *\n";
    let game = read_one(text).unwrap();
    assert_eq!(write(&game, MoveForm::default()), text);
    assert!(game.replay(None).is_ok());
}

// R-36: a face-down game's record carries both deployments, the first mover and the mode;
// it is written, read back and replayed to the same position, in records and in ASCII.
#[test]
fn fanshi_games_round_trip() {
    for seed in 0..6 {
        let opening = Opening::fanshi(seed, None, &Ruleset::STANDARD);
        let (record, game) = random_game(&opening, PlayMode::Fanshi, seed, 40);
        for form in [MoveForm::default(), MoveForm::Ascii] {
            let text = write(&record, form);
            assert!(text.contains(&format!("[RedDeployment \"{}\"]", opening.red)));
            assert!(text.contains(&format!("[FirstMover \"{}\"]", opening.first)));
            let first_number = if opening.first == Side::Green {
                "\n1... "
            } else {
                "\n1. "
            };
            assert!(text.contains(first_number), "{text}");
            let back = read_one(&text).unwrap();
            assert_eq!(back.play_mode().unwrap(), PlayMode::Fanshi);
            let back_opening = back.opening(None).unwrap().unwrap();
            assert_eq!(back_opening, opening);
            assert!(!back_opening.is_default());
            let replayed = back.replay(None).unwrap();
            assert_eq!(replayed.position(), game.position(), "{text}");
            assert_eq!(
                replayed.start(),
                &opening.position(Ruleset::STANDARD).unwrap()
            );
        }
    }
}

// A converter tells a default opening from a free deployment or a face-down game by the tags.
#[test]
fn default_free_and_face_down_are_told_apart() {
    let plain = read_one("1. 团5B进5A *\n").unwrap();
    assert_eq!(plain.opening(None).unwrap(), None);
    assert_eq!(plain.play_mode().unwrap(), PlayMode::Open);
    let mut rng = StdRng::seed_from_u64(4);
    let free = Opening::random(&mut rng, Some(Side::Red), &Ruleset::STANDARD);
    let (record, _) = random_game(&free, PlayMode::Open, 4, 2);
    let back = read_one(&write(&record, MoveForm::default())).unwrap();
    assert_eq!(back.play_mode().unwrap(), PlayMode::Open);
    assert!(!back.opening(None).unwrap().unwrap().is_default());
    let (record, _) = random_game(&Opening::default_opening(), PlayMode::Open, 4, 2);
    assert!(record.opening(None).unwrap().unwrap().is_default());
    assert_eq!(record.start_position(None).unwrap(), Position::default());
}

#[test]
fn bad_opening_tags_are_errors() {
    let err = read_one("[FirstMover \"blue\"]\n\n*\n").unwrap_err();
    assert!(matches!(
        err,
        ReadError::Game(gjjq_notation::SyntaxError::BadFirstMover { .. })
    ));
    assert_eq!(
        err.to_string(),
        "1:13: FirstMover tag 'blue' is not red or green"
    );

    let mut g = GameRecord::default();
    g.set_tag("RedDeployment", "9/3III3/9/1DA3AD1/FPMGKGMPF");
    assert!(matches!(
        g.start_position(None),
        Err(ReplayError::MissingDeployment { side: Side::Green })
    ));
    g.set_tag("GreenDeployment", "9/3III3/9/1DA3AD1/PFMGKGMPF");
    let err = g.start_position(None).unwrap_err();
    assert!(matches!(
        err,
        ReplayError::BadDeployment {
            side: Side::Green,
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "GreenDeployment tag: the fleet on 2E stands inland (R-32: fleets on sea or coast)"
    );
    g.set_tag("GreenDeployment", "9/3III3/9/1DA3AD1/FPMGKGMPF");
    g.set_tag("Mode", "blind");
    assert!(matches!(g.play_mode(), Err(ReplayError::BadMode(_))));
    // A Setup tag must be the opening the deployment tags give.
    g.set_tag(
        "Setup",
        "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF g - 0 1",
    );
    assert!(matches!(
        g.start_position(None),
        Err(ReplayError::SetupContradictsOpening { .. })
    ));
    g.set_tag("FirstMover", "green");
    assert_eq!(g.start_position(None).unwrap().turn(), Side::Green);
    // A deployment that the ruleset's back_ranks option refuses.
    let mut g = GameRecord::default();
    g.set_tag("Rules", r#"{"missile_deployment":"back_ranks"}"#);
    g.set_tag("RedDeployment", "9/3IMI3/9/1DA3AD1/FPIGKGMPF");
    g.set_tag("GreenDeployment", "9/3III3/9/1DA3AD1/FPMGKGMPF");
    assert!(matches!(
        g.start_position(None),
        Err(ReplayError::BadDeployment {
            side: Side::Red,
            ..
        })
    ));
    assert!(g.start_position(Some(Ruleset::STANDARD)).is_ok());
}
