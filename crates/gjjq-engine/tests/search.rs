//! The baseline engine's search: legal answers, king captures, forced wins,
//! repetition.

use gjjq_core::{Move, Position, Setup, Side};
use gjjq_engine::see::{KING_VALUE, static_exchange};
use gjjq_engine::{Engine, EngineConfig, Limits, Score, SearchFeatures, SearchStats};
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

// --- Issue 24: each selective feature is measured by a counter of the last search, and turned
// off by its flag in `SearchFeatures`.

fn engine_with(features: SearchFeatures) -> Engine {
    Engine::new(EngineConfig {
        hash_mb: 2,
        features,
        ..EngineConfig::default()
    })
}

/// Positions of seeded random games that owe a return, and some that do not.
fn positions_with_pending_returns() -> (Vec<Position>, Vec<Position>) {
    let all = random_positions(24, 40, 80);
    let (pending, other): (Vec<Position>, Vec<Position>) = all
        .into_iter()
        .filter(|p| p.outcome().is_none())
        .partition(|p| {
            p.pending_return(Side::Red).is_some() || p.pending_return(Side::Green).is_some()
        });
    (pending, other)
}

/// Sum of a counter over searches of `positions` at `depth`.
fn total(
    features: SearchFeatures,
    positions: &[Position],
    depth: u32,
    counter: fn(&SearchStats) -> u64,
) -> u64 {
    let mut e = engine_with(features);
    positions
        .iter()
        .map(|p| {
            e.clear();
            let _ = e.search(p, &[], Limits::depth(depth));
            counter(&e.stats())
        })
        .sum()
}

#[test]
fn null_move_is_never_tried_with_a_pending_return() {
    let (pending, other) = positions_with_pending_returns();
    assert!(pending.len() >= 10, "{} positions", pending.len());
    let all = SearchFeatures::ALL;
    // Searches from positions with and without a return owed reach many nodes of both kinds.
    let sample: Vec<Position> = pending
        .iter()
        .take(12)
        .chain(other.iter().step_by(20).take(12))
        .cloned()
        .collect();
    assert!(total(all, &sample, 5, |s| s.null_tries) > 0);
    assert_eq!(total(all, &sample, 5, |s| s.null_tries_with_pending), 0);
    let off = SearchFeatures {
        null_move: false,
        ..all
    };
    assert_eq!(total(off, &sample, 5, |s| s.null_tries), 0);
}

#[test]
fn each_feature_acts_only_when_on() {
    // Opening and middle-game positions, and endgames where kings can be attacked (while the
    // seal holds, R-17, no king can be).
    let mut positions: Vec<Position> = random_positions(7, 4, 40).into_iter().step_by(8).collect();
    positions.push(pos("4k4/4g4/9/9/9/4P4/9/9/9/4K4 r -"));
    positions.push(pos("3k5/9/3g5/9/9/4P4/2I6/9/9/4K4 r -"));
    // Green to move; after most of its moves Red's missile steps 7E→6E and strikes its
    // king on 4e over the army (its steps: off the board, off its palace, its own guards).
    positions.push(pos("4gk3/5g3/5a3/9/9/9/9/9/4K4/6M2 g -"));
    let all = SearchFeatures::ALL;
    let none = SearchFeatures::NONE;
    type Counter = fn(&SearchStats) -> u64;
    let counters: [(&str, Counter); 10] = [
        ("null", |s| s.null_tries),
        ("lmr", |s| s.lmr_reductions),
        ("aspiration", |s| s.aspiration_researches),
        ("check extension", |s| s.check_extensions),
        ("futility", |s| s.futility_prunes),
        ("see", |s| s.see_prunes),
        ("reverse futility", |s| s.reverse_futility_prunes),
        ("late-move pruning", |s| s.late_move_prunes),
        ("iir", |s| s.iir_reductions),
        ("quiescence traps", |s| s.quiescence_traps),
    ];
    for (name, c) in counters {
        assert!(total(all, &positions, 5, c) > 0, "{name} never acted");
        assert_eq!(total(none, &positions, 5, c), 0, "{name} acted while off");
    }
}

#[test]
fn the_features_search_fewer_nodes_to_the_same_depth() {
    let p = Position::default();
    let mut on = engine_with(SearchFeatures::ALL);
    let mut off = engine_with(SearchFeatures::NONE);
    let a = on.search(&p, &[], Limits::depth(6));
    let b = off.search(&p, &[], Limits::depth(6));
    assert!(a.nodes * 2 < b.nodes, "{} vs {}", a.nodes, b.nodes);
    assert!(a.seldepth >= 6 && b.seldepth >= 6);
}

#[test]
fn aspiration_windows_search_again_when_the_score_leaves_the_window() {
    // Random middle-game positions: scores swing between iterations, so some fall outside the
    // window and the root is searched again; without aspiration, never.
    let positions: Vec<Position> = random_positions(11, 10, 30)
        .into_iter()
        .step_by(6)
        .collect();
    let all = SearchFeatures::ALL;
    assert!(total(all, &positions, 6, |s| s.aspiration_researches) > 0);
    let off = SearchFeatures {
        aspiration: false,
        ..all
    };
    assert_eq!(total(off, &positions, 6, |s| s.aspiration_researches), 0);
    // The re-searched result is still a legal, fully searched move.
    for p in &positions {
        let r = engine().search(p, &[], Limits::depth(5));
        assert!(p.is_legal(r.best_move.unwrap()));
        assert_eq!(r.pv.first(), r.best_move.as_ref());
    }
}

#[test]
fn multipv_lines_are_distinct_and_ordered() {
    let mut e = Engine::new(EngineConfig {
        hash_mb: 2,
        multi_pv: 4,
        ..EngineConfig::default()
    });
    for p in random_positions(3, 3, 20).into_iter().step_by(7) {
        let r = e.search(&p, &[], Limits::depth(4));
        let n = p.legal_moves().len().min(4);
        assert_eq!(r.lines.len(), n);
        let firsts: std::collections::HashSet<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
        assert_eq!(firsts.len(), n, "first moves not distinct");
        assert!(r.lines.windows(2).all(|w| w[0].score >= w[1].score));
        assert_eq!(r.lines[0].pv, r.pv);
        assert_eq!(r.lines[0].score, r.score);
        for l in &r.lines {
            assert!(p.is_legal(l.pv[0]));
        }
    }
    // One legal move: one line whatever MultiPV says.
    let single = pos("4k4/9/9/9/9/9/9/9/9/3K5 r -");
    let r = e.search(&single, &[], Limits::depth(2));
    assert!(r.lines.len() <= single.legal_moves().len());
}

#[test]
fn static_exchange_understands_returning_captures_and_removals() {
    // Default opening: the missile on 3E strikes the army on 7d (800) and nothing of
    // Green's can take it back; it strikes the missile on 7e (900) and Green's missile on 3e
    // strikes it back (900): even.
    let p = Position::default();
    assert_eq!(static_exchange(&p, "3E7d".parse().unwrap()), Some(800));
    assert_eq!(static_exchange(&p, "3E7e".parse().unwrap()), Some(0));
    // A fleet at sea (800) struck by a missile (900) that Green's aircraft can cut off from
    // its origin (removal, R-19): −100. Without the aircraft: +800.
    let guarded = pos("4k4/9/9/9/4i3i/7f1/9/4AG3/4M1p2/4K4 r -");
    let alone = pos("4k4/9/9/9/4i3i/7f1/9/4AG3/4M4/4K4 r -");
    assert_eq!(
        static_exchange(&guarded, "5D8A".parse().unwrap()),
        Some(-100)
    );
    assert_eq!(static_exchange(&alone, "5D8A".parse().unwrap()), Some(800));
    assert_eq!(
        static_exchange(&guarded, "5D5a".parse().unwrap()),
        Some(-300)
    );
    // Taking the king outweighs everything.
    assert_eq!(
        static_exchange(&alone, "5D5e".parse().unwrap()),
        Some(KING_VALUE)
    );
    // An ordinary capture: the guard takes the aircraft on 6D, nothing takes back.
    let near = pos("4k4/9/9/9/4i3i/7f1/9/4AG3/4Mp3/4K4 r -");
    assert_eq!(static_exchange(&near, "6C6D".parse().unwrap()), Some(800));
    // The quiescence search prunes the losing strikes only with SEE on (Green's king moved
    // off file 5 so that no strike takes it).
    let no_king_strike = pos("3k5/9/9/9/4i3i/7f1/9/4AG3/4M1p2/4K4 r -");
    assert_eq!(
        static_exchange(&no_king_strike, "5D5a".parse().unwrap()),
        Some(-300)
    );
    let all = SearchFeatures::ALL;
    let see = |f| {
        total(f, std::slice::from_ref(&no_king_strike), 3, |s| {
            s.see_prunes
        })
    };
    assert!(see(all) > 0);
    assert_eq!(see(SearchFeatures { see: false, ..all }), 0);
}

#[test]
fn stats_and_result_fields_agree() {
    let mut e = engine();
    let r = e.search(&Position::default(), &[], Limits::depth(5));
    assert_eq!(e.stats().nodes, r.nodes);
    assert_eq!(u64::from(e.stats().seldepth), u64::from(r.seldepth));
    assert!(r.seldepth >= r.depth);
    assert!(r.hashfull > 0 && r.hashfull <= 1000);
}

#[test]
fn quiescence_searches_every_move_with_the_king_attacked_only_once_the_seal_is_lifted() {
    // while the seal holds no king can be attacked, so quiescence never meets a check.
    for p in random_positions(11, 3, 30).into_iter().step_by(6) {
        let mut e = engine();
        let _ = e.search(&p, &[], Limits::depth(4));
        if p.piece_count(gjjq_core::Side::Red) > 8 && p.piece_count(gjjq_core::Side::Green) > 8 {
            assert_eq!(e.stats().quiescence_evasions, 0, "{p}");
        }
    }
    // Endgames (seal lifted): a capture at the horizon that attacks the king is answered by
    // every move of the side in check (R-20 … R-22), not by its static score. (Quiescence
    // traps off: here they find a trapped king before the horizon's captures are played.)
    let mut e = engine_with(SearchFeatures {
        quiescence_traps: false,
        ..SearchFeatures::default()
    });
    let _ = e.search(
        &pos("3k5/9/3g5/9/9/4P4/2I6/9/9/4K4 r -"),
        &[],
        Limits::depth(3),
    );
    assert!(e.stats().quiescence_evasions > 0);
}

#[test]
fn progress_shrinks_a_lead_as_the_plies_since_a_capture_grow() {
    // Both sides at 9 pieces (the seal holds, R-17), Red ahead, nothing to take within two
    // plies: the same placement with R-31's counter at 0 and at 150.
    let board = "5k3/2P6/3gmg3/9/1ai1a1i2/3d5/3D1P3/5G3/4K4/1A1GMI3 r -";
    let score = |features: SearchFeatures, counter: u32| {
        let p = pos(&format!("{board} {counter} 80"));
        match engine_with(features)
            .search(&p, &[], Limits::depth(2))
            .score
        {
            Score::Cp(v) => v,
            other => panic!("{other:?}"),
        }
    };
    let on = SearchFeatures {
        progress: true,
        ..SearchFeatures::default()
    };
    let fresh = score(on, 0);
    let stale = score(on, 150);
    assert!(fresh > 100, "Red is ahead: {fresh}");
    assert!(stale > 0 && stale * 4 < fresh * 3, "{stale} vs {fresh}");
    let off = SearchFeatures {
        progress: false,
        ..on
    };
    assert_eq!(score(off, 0), score(off, 150));
}

#[test]
fn contempt_scores_a_draw_below_even_for_the_side_at_the_root() {
    // The position of `repetition_is_a_draw_inside_the_search`: Green, a division down, has a
    // move into a position that occurred twice. With contempt 150 the draw is worth −150
    // to Green, still better than playing on, so Green takes it and reports −150.
    let q = pos("4k4/9/9/3iii3/9/9/3III3/1D7/9/4K4 g -");
    let draw_move = q.legal_moves()[0];
    let mut child = q.clone();
    child.play_unchecked(draw_move);
    let history = [child.zobrist_hash(), child.zobrist_hash()];
    let with = |contempt: i32| {
        Engine::new(EngineConfig {
            hash_mb: 2,
            contempt,
            ..EngineConfig::default()
        })
        .search(&q, &history, Limits::depth(4))
    };
    let r = with(150);
    assert_eq!((r.best_move, r.score), (Some(draw_move), Score::Cp(-150)));
    // Negative contempt: the draw is worth +150 to the side at the root.
    let r = with(-150);
    assert_eq!((r.best_move, r.score), (Some(draw_move), Score::Cp(150)));
    // With no draw within the horizon, contempt changes nothing.
    let p = pos("4k4/9/9/3iii3/9/9/3III3/1D7/9/4K4 r -");
    let plain = engine().search(&p, &[], Limits::depth(4));
    let contempt = Engine::new(EngineConfig {
        hash_mb: 2,
        contempt: 150,
        ..EngineConfig::default()
    })
    .search(&p, &[], Limits::depth(4));
    assert_eq!(
        plain.best_move, contempt.best_move,
        "no draw in sight: the same choice"
    );
    assert_eq!(plain.score, contempt.score);
}

#[test]
fn conversion_scores_the_leaders_net_around_the_enemy_king_only_when_on() {
    // R-17 lifted (Red has 8 pieces), Red far ahead; Green's king in the corner 4e of its
    // palace, two of its four steps off the palace: a net the bonus counts.
    let p = pos("5k3/9/9/i8/9/9/9/2III4/3GKG3/1D5D1 r -");
    let all = SearchFeatures::ALL;
    let without = SearchFeatures {
        conversion: false,
        ..all
    };
    let score = |f| engine_with(f).search(&p, &[], Limits::depth(2)).score;
    let (Score::Cp(on), Score::Cp(off)) = (score(all), score(without)) else {
        panic!("no decisive score expected at depth 2");
    };
    assert!(off > 1_200, "Red's lead: {off}");
    assert!(on >= off + 2 * 50, "{on} vs {off}");
    // Near even (the default opening) nothing is added.
    let sealed = Position::default();
    let default_score = |f| engine_with(f).search(&sealed, &[], Limits::depth(2)).score;
    assert_eq!(default_score(all), default_score(without));
}
