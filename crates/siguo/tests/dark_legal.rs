//! Legal actions from an information state (L-63, L-64): the seat to move lists its actions
//! from what it sees, and they are exactly the true position's.

use luzhanqi::deploy::Deployment;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::rand::{Rng, SeedableRng};
use proptest::prelude::*;
use siguo::dark::{DarkGame, sees_kinds};
use siguo::{Action, Position, Rules, Seat};

/// Four seeded uniform deployments (L-58), Red first.
fn opening(seed: u64, rules: Rules) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let d: [Deployment; 4] = std::array::from_fn(|_| Deployment::random(&mut rng));
    siguo::deploy::opening([&d[0], &d[1], &d[2], &d[3]], Seat::Red, rules).unwrap()
}

/// Every seat's view of the game now against the referee's true position: the seat to move
/// and (under 雙明) its ally list exactly the true legal actions; a seat that cannot see the
/// mover's kinds gets `None` while the game goes on.
fn check_every_seat(g: &DarkGame) {
    let pos = g.position();
    let mode = pos.rules().mode.mode;
    for seat in Seat::ALL {
        let info = g.info_state(seat);
        let got = info.legal_actions();
        // Once the result is announced, every seat knows there is nothing to do.
        if pos.outcome().is_some() || sees_kinds(mode, seat, pos.turn()) {
            assert_eq!(
                got.as_deref(),
                Some(&pos.legal_actions()[..]),
                "{seat} sees {} to move in {pos}",
                pos.turn()
            );
        } else {
            assert_eq!(
                got,
                None,
                "{seat} cannot see {}'s kinds in {pos}",
                pos.turn()
            );
        }
    }
}

fn rules(mode: &str, pass_limit: u8, stay: bool, scout: bool, hq_lock: bool) -> Rules {
    let out = if stay { "frozen" } else { "removed" };
    Rules::from_json(&format!(
        r#"{{"mode":"{mode}","pass_limit":{pass_limit},"out_pieces":"{out}","engineer_scout":{scout},"hq_lock":{hq_lock},"surrender_after":0}}"#
    ))
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// L-63, L-64: at every ply of random 四暗 and 雙明 games (passes, surrenders, seats
    /// going out, options changed), the legal actions read from the seat to move's
    /// information state equal the referee's.
    #[test]
    fn info_state_actions_are_the_true_ones(
        seed in 0u64..10_000,
        double in any::<bool>(),
        pass_limit in 0u8..3,
        stay in any::<bool>(),
        scout in any::<bool>(),
        hq_lock in any::<bool>(),
    ) {
        let mode = if double { "double_open" } else { "dark" };
        let pos = opening(seed, rules(mode, pass_limit, stay, scout, hq_lock));
        let mut g = DarkGame::new(pos).unwrap();
        let mut rng = StdRng::seed_from_u64(seed ^ 0x1e6a1);
        for _ in 0..240 {
            check_every_seat(&g);
            if g.position().outcome().is_some() {
                break;
            }
            if rng.random_range(0..150) == 0 {
                let s = Seat::ALL[rng.random_range(0..4)];
                if g.position().in_play(s) {
                    g.surrender(s).unwrap();
                    continue;
                }
            }
            // Prefer passes now and then, so that the counts of L-55 are used up.
            let acts = g.position().legal_actions();
            if acts.contains(&Action::Pass) && rng.random_range(0..4) == 0 {
                g.play(Action::Pass).unwrap();
            } else {
                g.play_random(&mut rng).unwrap();
            }
        }
        check_every_seat(&g);
    }
}

/// L-55: the view counts announced passes; once a seat's passes are used up it lists no pass
/// (the seen board's count and the announcements both count).
#[test]
fn passes_are_counted_from_the_announcements() {
    let r = rules("dark", 1, false, false, true);
    let mut g = DarkGame::new(opening(3, r)).unwrap();
    let red = g.info_state(Seat::Red);
    assert_eq!(red.legal_actions().unwrap().last(), Some(&Action::Pass));
    // Red passes; the other three move; Red is to move again with no pass left.
    g.play(Action::Pass).unwrap();
    let mut rng = StdRng::seed_from_u64(9);
    while g.position().turn() != Seat::Red {
        let moves = g.position().legal_moves();
        let m = moves[rng.random_range(0..moves.len())];
        g.play(Action::Move(m)).unwrap();
    }
    let red = g.info_state(Seat::Red);
    let acts = red.legal_actions().unwrap();
    assert!(!acts.contains(&Action::Pass));
    assert_eq!(acts, g.position().legal_actions());
    // The same state read back from its text counts the same.
    let read: siguo::dark::InfoState = red.to_string().parse().unwrap();
    assert_eq!(read.legal_actions().unwrap(), acts);
}

/// L-63: under 四暗 a seat does not know another seat's moves (its landmines, flag and
/// engineers are hidden); under 雙明 it knows its ally's (L-64), not an enemy's.
#[test]
fn hidden_movers_have_no_listed_actions() {
    let dark = DarkGame::new(opening(5, rules("dark", 0, false, false, true))).unwrap();
    assert!(dark.info_state(Seat::Red).legal_actions().is_some());
    for s in [Seat::Green, Seat::Blue, Seat::Yellow] {
        assert_eq!(dark.info_state(s).legal_actions(), None);
    }
    let double = DarkGame::new(opening(5, rules("double_open", 0, false, false, true))).unwrap();
    assert_eq!(
        double.info_state(Seat::Blue).legal_actions(),
        Some(double.position().legal_actions())
    );
    assert_eq!(double.info_state(Seat::Green).legal_actions(), None);
}

/// A view's text: L-59's board (hidden kinds `?`), seat to move and seats in play, as the
/// seat sees them now.
#[test]
fn view_text_is_the_seen_board_now() {
    let mut g = DarkGame::new(opening(5, rules("dark", 0, false, false, true))).unwrap();
    let start = g.info_state(Seat::Green).to_string();
    let seen = start
        .lines()
        .nth(2)
        .unwrap()
        .strip_prefix("start ")
        .unwrap();
    let head: Vec<&str> = seen.split(' ').take(3).collect();
    assert_eq!(g.info_state(Seat::Green).view().to_string(), head.join(" "));
    let m = g.position().legal_moves()[0];
    g.play(Action::Move(m)).unwrap();
    let now = g.info_state(Seat::Green).view().to_string();
    assert!(now.ends_with(" g rgby"), "{now}");
    assert!(
        !now.contains("rE") && now.contains("r?") && now.contains("gF"),
        "{now}"
    );
}

/// L-55: an information state whose seat passes more often than `pass_limit` allows does not
/// replay (a typed error naming the line), since the view counts the passes.
#[test]
fn a_pass_beyond_the_limit_does_not_replay() {
    let r = rules("dark", 1, false, false, true);
    let mut g = DarkGame::new(opening(3, r)).unwrap();
    g.play(Action::Pass).unwrap();
    let first = g.history()[0].to_string();
    let mut rng = StdRng::seed_from_u64(4);
    while g.position().turn() != Seat::Red {
        g.play_random(&mut rng).unwrap();
    }
    let text = format!("{}{first}\n", g.info_state(Seat::Blue));
    let err = text.parse::<siguo::dark::InfoState>().unwrap_err();
    assert!(
        matches!(err, siguo::dark::InfoStateError::Replay { line: 8, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("no pass left"), "{err}");
}
