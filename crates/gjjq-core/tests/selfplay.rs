//! R-21 … R-25 over many random games: with a no-capture limit every game ends, with a reason.

use std::collections::BTreeMap;

use gjjq_core::{Game, Position, Ruleset, Setup, outcome::EndReason};
use gjjq_test_support::RandomMover;

#[test]
fn ten_thousand_random_games_all_end_with_a_reason() {
    let rules = {
        let mut r = Ruleset::STANDARD;
        r.no_capture_limit = std::num::NonZeroU32::new(60);
        r
    };
    let start = Position::from_setup_with(Setup::default_opening(), rules).unwrap();
    let mut mover = RandomMover::new(0x9e37_79b9_7f4a_7c15);
    let mut reasons: BTreeMap<&'static str, usize> = BTreeMap::new();
    for game_no in 0..10_000 {
        let mut game = Game::new(start.clone());
        let outcome = loop {
            if let Some(o) = game.outcome() {
                break o;
            }
            let moves = game.legal_moves();
            let m = mover.pick(game.position(), &moves).unwrap_or_else(|| {
                panic!(
                    "game {game_no}: no outcome but no moves in {}",
                    game.position()
                )
            });
            game.play(m).unwrap();
            assert!(game.moves().len() < 20_000, "game {game_no} does not end");
        };
        // A finished game refuses further moves (issue: Game::play after the end).
        if let Some(&m) = game.position().legal_moves().first() {
            assert!(game.play(m).is_err());
        }
        // The position-only reasons agree with Position::outcome.
        if matches!(
            outcome.reason(),
            EndReason::KingCaptured
                | EndReason::TrappedKing
                | EndReason::NoMove
                | EndReason::InsufficientMaterial
        ) {
            assert_eq!(game.position().outcome(), Some(outcome));
            assert!(game.position().legal_moves().is_empty());
        }
        // Every final position, a king capture's included, has a position string that reads
        // back and adjudicates the same.
        let text = game.position().to_string();
        let back = Position::from_setup_with(text.parse::<Setup>().unwrap(), rules)
            .unwrap_or_else(|e| panic!("game {game_no}: {text}: {e}"));
        assert_eq!(back.outcome(), game.position().outcome(), "{text}");
        *reasons.entry(outcome.reason().as_str()).or_default() += 1;
    }
    eprintln!("{reasons:?}");
    for reason in ["king-captured", "no-capture-limit"] {
        assert!(
            reasons.get(reason).copied().unwrap_or(0) > 0,
            "no game ended by {reason}: {reasons:?}"
        );
    }
}
