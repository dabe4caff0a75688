//! Property tests over random four-player games (L-49 … L-59): whatever the seed and the
//! options, the generator, the legality check, the position string and the adjudication agree.

use luzhanqi::deploy::Deployment;
use luzhanqi::rand::{Rng, SeedableRng, rngs::StdRng};
use proptest::prelude::*;
use siguo::{
    Action, Move, Outcome, Point, Position, Rules, Seat, WinReason, deploy::opening, perft,
};

const OPTIONS: [&str; 6] = [
    "{}",
    r#"{"out_pieces":"frozen"}"#,
    r#"{"pass_limit":2,"surrender_after":0}"#,
    r#"{"turn_direction":"cw","no_combat_reset":"removal","no_combat_limit":30}"#,
    r#"{"flag_capture":"after_mines","hq_lock":false,"mine_outcome":"both_removed"}"#,
    r#"{"out_pieces":"frozen","pass_limit":1,"turn_direction":"cw","no_combat_limit":0}"#,
];

fn start(seed: u64, rules: Rules) -> (Position, StdRng) {
    let mut rng = StdRng::seed_from_u64(seed);
    let ds: Vec<Deployment> = (0..4).map(|_| Deployment::random(&mut rng)).collect();
    let first = Seat::from_index(rng.random_range(0..4));
    let pos = opening([&ds[0], &ds[1], &ds[2], &ds[3]], first, rules).unwrap();
    (pos, rng)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), opt in 0usize..OPTIONS.len()) {
        let rules = Rules::from_json(OPTIONS[opt]).unwrap();
        let (mut pos, mut rng) = start(seed, rules);
        for _ in 0..600 {
            // The string reads back to the same position (L-59).
            let text = pos.to_string();
            let back = Position::from_text(&text, rules).unwrap();
            prop_assert_eq!(back.to_string(), text.clone());
            prop_assert_eq!(back.legal_actions(), pos.legal_actions());
            // A won game reads back as `team-out` (the text does not say how), anything else
            // as it was.
            match pos.outcome() {
                Some(Outcome::Win { team, .. }) => prop_assert_eq!(
                    back.outcome(),
                    Some(Outcome::Win { team, reason: WinReason::TeamOut })
                ),
                o => prop_assert_eq!(back.outcome(), o),
            }
            let actions = pos.legal_actions();
            prop_assert_eq!(perft(&pos, 1), actions.len() as u64);
            prop_assert_eq!(pos.count_actions(), actions.len() as u64);
            // A decided position has no actions; an undecided one has some (L-57).
            prop_assert_eq!(pos.outcome().is_some(), actions.is_empty());
            if actions.is_empty() {
                break;
            }
            prop_assert!(pos.in_play(pos.turn()));
            // is_legal agrees with the generator for every pair of points of one seat.
            if rng.random_range(0..20) == 0 {
                for from in Point::all() {
                    for to in Point::all() {
                        let a = Action::Move(Move { from, to });
                        prop_assert_eq!(pos.is_legal(a), actions.contains(&a), "{}", a);
                    }
                }
            }
            let a = actions[rng.random_range(0..actions.len())];
            let before = pos.clone();
            pos.play(a).unwrap();
            // Pieces never appear; allies never lose a piece to their ally's move.
            let count = |p: &Position, s: Seat| Point::all().filter(|&q| p.piece_at(q).is_some_and(|x| x.seat == s)).count();
            for s in Seat::ALL {
                prop_assert!(count(&pos, s) <= count(&before, s));
            }
            if let Action::Move(m) = a {
                let mover = before.turn();
                // (Unless the ally went out at L-57 step 4: it may be next to move.)
                if pos.in_play(mover.ally()) || !before.in_play(mover.ally()) {
                    prop_assert!(count(&pos, mover.ally()) == count(&before, mover.ally()));
                }
                prop_assert!(before.piece_at(m.to).is_none_or(|d| d.seat.team() != mover.team()));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any text: a typed error or a position, never a panic (L-59, L-60).
    #[test]
    fn any_text_reads_without_panic(s in "[rgbySJDBTYCPEZLF0-9/ +a-q工司x-]{0,80}") {
        let _ = Position::from_text(&s, Rules::STANDARD);
        let pos = Position::default();
        let _ = pos.find_action(&s);
    }

    /// One character changed in a valid string: read or refused, never a panic; what reads
    /// writes back stably.
    #[test]
    fn mutated_strings(i in 0usize..300, c in proptest::char::any()) {
        let text = Position::default().to_string();
        let mut chars: Vec<char> = text.chars().collect();
        let i = i % chars.len();
        chars[i] = c;
        let s: String = chars.into_iter().collect();
        if let Ok(p) = Position::from_text(&s, Rules::STANDARD) {
            let again = Position::from_text(&p.to_string(), Rules::STANDARD).unwrap();
            prop_assert_eq!(again.to_string(), p.to_string());
        }
    }
}
