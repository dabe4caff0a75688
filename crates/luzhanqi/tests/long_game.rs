//! Issue 50 item 9: under the ruleset's `repetition` (L-15) a game keeps its occurrence counts
//! in a hash map (the shared model's `History`), so a long game plays and replays in time
//! linear in its length. Before, every ply rescanned all earlier keys: replaying a legal
//! 400,000-ply game took 28.6 s against 0.23 s without `repetition`.

use std::collections::HashMap;
use std::num::NonZeroU8;

use luzhanqi::board::HEADQUARTERS;
use luzhanqi::{Game, Move, Position, Ruleset};

/// Two flags and one regiment a side: the regiments shuffle along roads and railways, so the
/// game revisits its few thousand positions many times.
const START: &str = "1f3/5/2t2/5/5/5/5/5/5/2T2/5/1F3 r";

fn rules() -> Ruleset {
    let mut rules = Ruleset::default();
    rules.no_combat_limit = 0;
    rules.repetition = NonZeroU8::new(255);
    rules
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

// L-15: a legal 400,000-ply game under `repetition`, played and replayed; after every ply the
// game's count of the position equals the test's own, and no position reaches 255.
#[test]
fn a_400000_ply_game_under_repetition_keeps_exact_counts() {
    const PLIES: usize = 400_000;
    let start = START.parse::<Position>().unwrap().with_ruleset(rules());
    let mut game = Game::new(start.clone());
    let mut counts: HashMap<u64, usize> = HashMap::from([(start.zobrist_hash(), 1)]);
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut most = 0;
    let mut taken_back = 0;
    while game.moves().len() < PLIES {
        let pos = game.position();
        // Quiet moves, not into a headquarters (a piece there moves no more under `hq_lock`, L-10), whose
        // position has not yet occurred 254 times: the game goes on.
        let fresh: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|&m| pos.piece_at(m.to).is_none() && !HEADQUARTERS.contains(m.to))
            .filter(|&m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                counts.get(&next.zobrist_hash()).copied().unwrap_or(0) < 254
            })
            .collect();
        if fresh.is_empty() {
            // A dead end (a regiment cornered, or every quiet move used up): take back two
            // plies, keeping the counts in step, and choose again.
            for _ in 0..2 {
                *counts.get_mut(&game.position().zobrist_hash()).unwrap() -= 1;
                game.undo().unwrap();
                assert_eq!(game.occurrences(), counts[&game.position().zobrist_hash()]);
            }
            taken_back += 1;
            continue;
        }
        let m = fresh[(xorshift(&mut rng) % fresh.len() as u64) as usize];
        game.play(m).unwrap();
        let n = counts.entry(game.position().zobrist_hash()).or_insert(0);
        *n += 1;
        most = most.max(*n);
        assert_eq!(game.occurrences(), *n, "ply {}", game.moves().len());
        assert_eq!(game.outcome(), None);
    }
    // Positions repeat up to one short of the draw.
    assert_eq!(most, 254);
    assert!(taken_back < 10_000, "{taken_back} dead ends");

    // The record replays to the same game.
    let mut again = Game::new(start);
    for &m in game.moves() {
        again.play(m).unwrap();
    }
    assert_eq!(again.position(), game.position());
    assert_eq!(again.occurrences(), game.occurrences());
    assert_eq!(again.keys(), game.keys());
}

// L-15: with `repetition` 3 the third occurrence draws the game, which then refuses moves.
#[test]
fn the_limit_draws() {
    let mut rules = rules();
    rules.repetition = NonZeroU8::new(3);
    let start = START.parse::<Position>().unwrap().with_ruleset(rules);
    let mut game = Game::new(start);
    let shuffle: Vec<Move> = ["c3c2", "c10c11", "c2c3", "c11c10"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    for &m in shuffle.iter().cycle().take(8) {
        game.play(m).unwrap();
    }
    assert_eq!(game.occurrences(), 3);
    assert_eq!(
        game.outcome().map(|o| o.reason_str()),
        Some("repetition"),
        "third occurrence"
    );
    assert!(game.legal_moves().is_empty());
    assert!(game.play(shuffle[0]).is_err());
    // Taking a move back undoes the draw.
    assert_eq!(game.undo(), Some(shuffle[3]));
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.outcome(), None);
}
