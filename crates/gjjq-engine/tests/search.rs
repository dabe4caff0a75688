//! The baseline engine's search: legal answers, king captures, forced wins,
//! repetition.

use gjjq_core::{Move, Position, Setup, Side};
use gjjq_engine::{Engine, EngineConfig, Limits, Score};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn pos(s: &str) -> Position {
    Position::from_setup(s.parse::<Setup>().unwrap()).unwrap()
}

fn engine() -> Engine {
    Engine::new(EngineConfig {
        hash_mb: 2,
        ..EngineConfig::default()
    })
}

/// Positions of seeded random games, `per_game` of them from each, none decided.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::default();
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(p.clone());
            p.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    out
}

fn ends_on_enemy_king(p: &Position, m: Move) -> bool {
    p.king(p.turn().other()) == Some(m.to())
}

#[test]
fn never_plays_an_illegal_move() {
    let positions = random_positions(11, 40, 150);
    assert!(positions.len() > 2_000, "{}", positions.len());
    let mut e = engine();
    for (i, p) in positions.iter().enumerate() {
        let r = e.search(
            p,
            &[],
            Limits {
                depth: Some(3),
                nodes: Some(400),
            },
        );
        let m = r.best_move.unwrap_or_else(|| panic!("no move in {p}"));
        assert!(p.is_legal(m), "{m} is not legal in {p}");
        assert!(
            r.pv.first() == Some(&m) || r.pv.is_empty(),
            "pv {:?} vs {m}",
            r.pv
        );
        if i % 7 == 0 {
            e.clear();
        }
    }
}

#[test]
fn captures_the_king_whenever_it_can() {
    // positions from random games where the side to move can take the enemy king.
    let candidates: Vec<Position> = random_positions(5, 300, 200)
        .into_iter()
        .filter(|p| p.legal_moves().iter().any(|&m| ends_on_enemy_king(p, m)))
        .collect();
    assert!(candidates.len() >= 50, "{}", candidates.len());
    let mut e = engine();
    for p in &candidates {
        let r = e.search(p, &[], Limits::depth(4));
        let m = r.best_move.unwrap();
        assert!(
            ends_on_enemy_king(p, m),
            "{m} in {p} does not take the king"
        );
        assert_eq!(r.score, Score::Win(1), "{p}");
    }
}

/// Exhaustive check, independent of the engine: can the side to move force the game to end in
/// its favour within `plies` plies (its own moves included)?
fn forced_win_within(p: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let us = p.turn();
    p.legal_moves().into_iter().any(|m| {
        let mut q = p.clone();
        q.play_unchecked(m);
        match q.outcome() {
            Some(o) => o.winner() == Some(us),
            None => {
                plies >= 3
                    && q.legal_moves().into_iter().all(|r| {
                        let mut s = q.clone();
                        s.play_unchecked(r);
                        match s.outcome() {
                            Some(o) => o.winner() == Some(us),
                            None => forced_win_within(&s, plies - 2),
                        }
                    })
            }
        }
    })
}

#[test]
fn facing_kings_capture_along_an_open_file() {
    // Red has 2 pieces, Green 1 (at most 5), the kings share file 5 and nothing stands
    // between 5E and 5e: Red's king takes Green's.
    let p = pos("4k4/9/9/9/9/9/9/9/2I6/4K4 r -");
    assert!(forced_win_within(&p, 1));
    let r = engine().search(&p, &[], Limits::depth(4));
    assert_eq!(r.best_move.unwrap().to_string(), "5E5e");
    assert_eq!(r.score, Score::Win(1));
    // With Red's infantry on 5D between them the file is closed: no win in 1.
    let blocked = pos("4k4/9/9/9/9/9/9/9/4I4/4K4 r -");
    assert!(!forced_win_within(&blocked, 1));
    let r = engine().search(&blocked, &[], Limits::depth(2));
    assert!(!matches!(r.score, Score::Win(1)), "{:?}", r.score);
}

#[test]
fn finds_the_forced_win_by_trapped_king_in_three_plies() {
    // Red: king 5E, aircraft 5A. Green: king 5e, guard 5d. Both sides have at most 8 pieces
    // (no seal, R-17) and at most 5 (facing kings, R-18).
    //
    // By hand: 1. 5A5b (aircraft to 5b) attacks 5e over 5c and the guard on 5d. Green:
    // - 5e4e or 5e6e: 5b5d takes the guard; the aircraft on 5d touches 4e/6e diagonally and
    //   both the king's steps (5e, 4d/6d) are next to it: trapped, Red wins.
    // - any guard move (5d5c, 5d4d, 5d6d): 5b5e takes the king over 5c/5d.
    // No Red move wins at once (the aircraft reaches at most 5c from 5A, 3 points).
    let p = pos("4k4/4g4/9/9/9/4P4/9/9/9/4K4 r -");
    assert!(!forced_win_within(&p, 1));
    assert!(forced_win_within(&p, 3));
    let r = engine().search(&p, &[], Limits::depth(5));
    assert_eq!(r.score, Score::Win(3));
    let first = r.best_move.unwrap();
    let mut after = p.clone();
    after.play_unchecked(first);
    // Whatever Green answers, Red's reply ends the game in Red's favour.
    for reply in after.legal_moves() {
        let mut q = after.clone();
        q.play_unchecked(reply);
        let r2 = engine().search(&q, &[], Limits::depth(3));
        assert_eq!(r2.score, Score::Win(1), "after {first} {reply}");
        let mut end = q.clone();
        end.play_unchecked(r2.best_move.unwrap());
        assert_eq!(
            end.outcome().unwrap().winner(),
            Some(Side::Red),
            "after {first} {reply}"
        );
    }
}

#[test]
fn a_lost_position_scores_a_loss() {
    // Green to move in the position above after 5A5b: every move loses within 2 plies.
    let p = pos("4k4/4g4/9/4P4/9/9/9/9/9/4K4 g -");
    let r = engine().search(&p, &[], Limits::depth(4));
    assert_eq!(r.score, Score::Loss(2));
}

#[test]
fn repetition_is_a_draw_inside_the_search() {
    // Red is a division up; take the engine's preferred quiet move and make the position
    // after it one that has occurred twice: it would be a draw, so the engine avoids it.
    let p = pos("4k4/9/9/3iii3/9/9/3III3/1D7/9/4K4 r -");
    let mut e = engine();
    let first = e.search(&p, &[], Limits::depth(4));
    let m = first.best_move.unwrap();
    assert!(
        matches!(first.score, Score::Cp(c) if c > 300),
        "{:?}",
        first.score
    );
    let mut child = p.clone();
    child.play_unchecked(m);
    let history = [child.zobrist_hash(), 1, child.zobrist_hash(), 2];
    e.clear();
    let second = e.search(&p, &history, Limits::depth(4));
    assert_ne!(second.best_move, Some(m), "walked into a third repetition");
    assert!(matches!(second.score, Score::Cp(c) if c > 300));

    // The side that is behind takes the draw: Green, a division down, finds a move whose
    // position occurred twice and scores 0.
    let q = pos("4k4/9/9/3iii3/9/9/3III3/1D7/9/4K4 g -");
    let e_first = e.search(&q, &[], Limits::depth(4));
    assert!(matches!(e_first.score, Score::Cp(c) if c < -300));
    let draw_move = q.legal_moves()[0];
    let mut child = q.clone();
    child.play_unchecked(draw_move);
    e.clear();
    let r = e.search(
        &q,
        &[child.zobrist_hash(), child.zobrist_hash()],
        Limits::depth(4),
    );
    assert_eq!(r.best_move, Some(draw_move));
    assert_eq!(r.score, Score::Cp(0));
}

#[test]
fn node_and_depth_limits_hold() {
    let p = Position::default();
    let r = engine().search(&p, &[], Limits::nodes(5_000));
    assert!(r.nodes <= 5_000 + 256, "{}", r.nodes);
    assert!(r.best_move.is_some());
    let r = engine().search(&p, &[], Limits::depth(2));
    assert_eq!(r.depth, 2);
}

#[test]
fn a_decided_position_has_no_best_move() {
    // The trapped king of the line above: Green to move has lost, nothing to play.
    let p = pos("3k5/4P4/9/9/9/9/9/9/9/4K4 g -");
    assert_eq!(p.outcome().unwrap().winner(), Some(Side::Red));
    let r = engine().search(&p, &[], Limits::depth(3));
    assert_eq!((r.best_move, r.score), (None, Score::Loss(0)));
}
