//! The engine with endgame tables (issue 23): the root answer from the tables (fastest win,
//! slowest loss), the cut in the search, and legal moves without usable tables.

use std::sync::Arc;

use gjjq_core::{Position, Setup, Side};
use gjjq_engine::{Engine, EngineConfig, Limits, Score, Tablebase};
use gjjq_tablebase::Value;

fn engine(tables: Option<Arc<Tablebase>>) -> Engine {
    let mut e = Engine::new(EngineConfig {
        hash_mb: 1,
        ..EngineConfig::default()
    });
    e.set_tablebase(tables);
    e
}

/// `IvK`, `KvI` and `KvK`, solved in memory.
fn small_tables() -> Arc<Tablebase> {
    let mut tb = Tablebase::new();
    tb.generate(&"IvK".parse().unwrap()).unwrap();
    tb.generate(&"KvI".parse().unwrap()).unwrap();
    Arc::new(tb)
}

/// A position string from pieces at (row from the top, column from the left), if the rules
/// accept the placement.
fn position(pieces: &[(usize, usize, char)], turn: char) -> Option<Position> {
    let mut rows = vec![vec![None; 9]; 10];
    for &(r, c, p) in pieces {
        if rows[r][c].is_some() {
            return None;
        }
        rows[r][c] = Some(p);
    }
    let mut text = String::new();
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            text.push('/');
        }
        let mut empty = 0;
        for cell in row {
            match cell {
                Some(p) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(*p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
    }
    text.push_str(&format!(" {turn} -"));
    let setup: Setup = text.parse().ok()?;
    Position::from_setup(setup).ok()
}

/// Positions of a Red infantry against Green's king with both kings at fixed points, the
/// infantry anywhere, `turn` to move.
fn ivk_positions(turn: char) -> Vec<Position> {
    let mut out = Vec::new();
    for (gk, rk) in [((1, 4), (9, 3)), ((0, 3), (8, 4)), ((2, 5), (9, 4))] {
        for r in 0..10 {
            for c in 0..9 {
                if let Some(p) =
                    position(&[(gk.0, gk.1, 'k'), (rk.0, rk.1, 'K'), (r, c, 'I')], turn)
                    && !p.legal_moves().is_empty()
                {
                    out.push(p);
                }
            }
        }
    }
    out
}

fn value_after(tb: &Tablebase, pos: &Position, m: gjjq_core::Move) -> Value {
    let mut child = pos.clone();
    child.play_unchecked(m);
    tb.probe_dtm(&child).unwrap().parent()
}

#[test]
fn root_plays_the_fastest_win_and_the_slowest_loss() {
    let tb = small_tables();
    let mut e = engine(Some(Arc::clone(&tb)));
    let mut with_choice = 0;
    for turn in ['r', 'g'] {
        for pos in ivk_positions(turn) {
            let value = tb.probe_dtm(&pos).unwrap();
            let moves = tb.best_moves(&pos).unwrap();
            let r = e.search(&pos, &[], Limits::depth(1));
            let m = r.best_move.expect("a legal move");
            assert!(pos.is_legal(m), "{pos}");
            // The move keeps the position's value: the fastest win, the slowest loss, a draw.
            assert_eq!(value_after(&tb, &pos, m), value, "{pos}: {m}");
            let expected = match value {
                Value::Win(n) => Score::Win(u32::from(n)),
                Value::Loss(n) => Score::Loss(u32::from(n)),
                Value::Draw => Score::Cp(0),
            };
            assert_eq!(r.score, expected, "{pos}");
            assert_eq!(r.pv.first(), Some(&m));
            if moves.iter().any(|&(_, v)| v != value) {
                with_choice += 1;
            }
        }
    }
    assert!(
        with_choice > 100,
        "only {with_choice} positions had a worse move"
    );
}

#[test]
fn root_counts_a_move_into_a_third_occurrence_as_a_draw() {
    let tb = small_tables();
    // Green's bare king against an infantry: lost; a move into a position that occurred twice
    // already draws, which beats the slowest loss.
    let pos = ivk_positions('g')
        .into_iter()
        .find(|p| matches!(tb.probe_dtm(p), Ok(Value::Loss(n)) if n > 4))
        .expect("a lost position with some play");
    let moves = tb.best_moves(&pos).unwrap();
    let (worst, _) = *moves.last().unwrap();
    let mut child = pos.clone();
    child.play_unchecked(worst);
    let key = child.zobrist_hash();
    let mut e = engine(Some(tb));
    let r = e.search(&pos, &[key, 1, key, 2], Limits::depth(1));
    assert_eq!(r.best_move, Some(worst));
    assert_eq!(r.score, Score::Cp(0));
}

#[test]
fn search_cuts_at_table_positions_and_sees_a_win_a_plain_search_does_not() {
    let tb = small_tables();
    let mut found = 0;
    // Red's infantry next to Green's infantry: taking it enters IvK (one unit, in the tables)
    // from a position of two units (not in them).
    'outer: for gi in [(5, 4), (4, 2), (6, 6), (3, 4), (5, 1)] {
        for (dr, dc) in [(1, 0), (0, 1), (0, -1), (-1, 0)] {
            let ri = (gi.0 as i32 + dr, gi.1 as i32 + dc);
            if !(0..10).contains(&ri.0) || !(0..9).contains(&ri.1) {
                continue;
            }
            let Some(pos) = position(
                &[
                    (1, 4, 'k'),
                    (9, 3, 'K'),
                    (gi.0, gi.1, 'i'),
                    (ri.0 as usize, ri.1 as usize, 'I'),
                ],
                'r',
            ) else {
                continue;
            };
            let Some(capture) = pos
                .legal_moves()
                .into_iter()
                .find(|m| pos.piece_at(m.to()).is_some_and(|p| p.side == Side::Green))
            else {
                continue;
            };
            let Value::Win(n) = value_after(&tb, &pos, capture) else {
                continue;
            };
            if n < 6 {
                continue;
            }
            let plain = engine(None).search(&pos, &[], Limits::depth(3));
            assert!(
                !matches!(plain.score, Score::Win(_)),
                "{pos}: without tables depth 3 sees {}",
                plain.score
            );
            let mut with = engine(Some(Arc::clone(&tb)));
            let r = with.search(&pos, &[], Limits::depth(3));
            let best = r.best_move.unwrap();
            assert!(pos.is_legal(best));
            let Score::Win(w) = r.score else {
                panic!("{pos}: with tables: {}", r.score);
            };
            // The win the search reports is the tables' own distance through its move.
            assert_eq!(value_after(&tb, &pos, best), Value::Win(w as u16), "{pos}");
            assert!(w <= u32::from(n), "{pos}: {w} > {n}");
            found += 1;
            if found == 3 {
                break 'outer;
            }
        }
    }
    assert!(found > 0, "no test position");
}

#[test]
fn a_won_ending_is_won_against_a_searching_defender() {
    let tb = small_tables();
    let pos = ivk_positions('r')
        .into_iter()
        .filter(|p| matches!(tb.probe_dtm(p), Ok(Value::Win(_))))
        .max_by_key(|p| tb.probe_dtm(p).unwrap().distance())
        .unwrap();
    let Value::Win(n) = tb.probe_dtm(&pos).unwrap() else {
        unreachable!()
    };
    let mut red = engine(Some(tb));
    let mut green = engine(None);
    let mut p = pos.clone();
    let mut keys = vec![p.zobrist_hash()];
    for ply in 0..=n {
        if p.outcome().is_some() || p.legal_moves().is_empty() {
            break;
        }
        let e = if p.turn() == Side::Red {
            &mut red
        } else {
            &mut green
        };
        let m = e.search(&p, &keys, Limits::depth(2)).best_move.unwrap();
        assert!(p.is_legal(m), "ply {ply}");
        p.play_unchecked(m);
        keys.push(p.zobrist_hash());
    }
    let winner = p.outcome().and_then(|o| o.winner());
    assert!(
        winner == Some(Side::Red) || (p.legal_moves().is_empty() && p.turn() == Side::Green),
        "{pos}: not won within {n} plies: {p}"
    );
}

#[test]
fn missing_or_partial_tables_still_give_legal_moves() {
    // No table at all; only KvK (no unit covered); IvK alone (KvI missing: Green's positions
    // with an infantry are not covered, the search goes on without them).
    let mut only_kvk = Tablebase::new();
    only_kvk.generate(&"KvK".parse().unwrap()).unwrap();
    let mut ivk = Tablebase::new();
    ivk.generate(&"IvK".parse().unwrap()).unwrap();
    let ivi = position(&[(1, 4, 'k'), (9, 3, 'K'), (5, 4, 'i'), (6, 4, 'I')], 'g').unwrap();
    let kvi = position(&[(1, 4, 'k'), (9, 3, 'K'), (5, 4, 'i')], 'g').unwrap();
    for tb in [Tablebase::new(), only_kvk, ivk] {
        let mut e = engine(Some(Arc::new(tb)));
        for pos in [Position::default(), ivi.clone(), kvi.clone()] {
            let r = e.search(&pos, &[], Limits::depth(2));
            assert!(pos.is_legal(r.best_move.unwrap()), "{pos}");
        }
        for pos in ivk_positions('g').into_iter().take(20) {
            let r = e.search(&pos, &[], Limits::depth(2));
            assert!(pos.is_legal(r.best_move.unwrap()), "{pos}");
        }
    }
}

#[test]
fn unreadable_directories_are_errors_not_panics() {
    let dir = std::env::temp_dir().join(format!("gjjq-engine-tb-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Empty: no tables, a legal move.
    let empty = Tablebase::open(&dir).unwrap();
    assert!(empty.endings().is_empty());
    // A damaged file: refused when opened.
    Tablebase::new()
        .generate_in(&dir, &["IvK".parse().unwrap()])
        .unwrap();
    let file = dir.join("IvK.gjtb");
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x40;
    std::fs::write(&file, &bytes).unwrap();
    assert!(Tablebase::open(&dir).is_err());
    assert!(Tablebase::open(&dir.join("missing")).is_err());
    let mut e = engine(Some(Arc::new(empty)));
    let pos = ivk_positions('r').pop().unwrap();
    assert!(pos.is_legal(e.search(&pos, &[], Limits::depth(2)).best_move.unwrap()));
    std::fs::remove_dir_all(&dir).unwrap();
}
