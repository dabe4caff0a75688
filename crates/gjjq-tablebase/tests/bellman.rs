//! The tables against the core: every stored value equals the value one ply of the core's
//! move generation and adjudication gives from the children (the Bellman equation), terminal
//! positions are what `Position::outcome` says, and short distances agree with a plain
//! depth-limited search that uses no table.

use gjjq_core::{Position, Side};
use gjjq_tablebase::{Ending, Tablebase, Value};
use rand::{Rng, SeedableRng, rngs::StdRng};

fn outcome_value(pos: &Position) -> Option<Value> {
    pos.outcome().map(|o| match o.winner() {
        None => Value::Draw,
        Some(w) if w == pos.turn() => Value::Win(0),
        Some(_) => Value::Loss(0),
    })
}

/// Checks every index of `name` (generated with its sub-endings); returns the positions.
fn check_bellman(tb: &Tablebase, name: &str) -> usize {
    let ending: Ending = name.parse().unwrap();
    let (index, words) = tb.raw(&ending).unwrap();
    let mut positions = 0;
    let mut decided = 0;
    for (idx, &word) in words.iter().enumerate() {
        let Some(pos) = index.position(idx) else {
            assert_eq!(
                word, 0xFFFF,
                "{name} {idx}: not a position but stored {word:#x}"
            );
            continue;
        };
        positions += 1;
        assert_eq!(index.index_of(&pos), Some(idx), "{name}: index round trip");
        let stored = tb.probe_dtm(&pos).unwrap();
        if let Some(v) = outcome_value(&pos) {
            assert_eq!(stored, v, "{name} {pos}: terminal");
            continue;
        }
        let moves = pos.legal_moves();
        assert!(!moves.is_empty(), "{name} {pos}: no move but no outcome");
        let best = moves
            .iter()
            .map(|&m| {
                let child = pos.clone().play(m).unwrap();
                tb.probe_dtm(&child).unwrap().parent()
            })
            .max()
            .unwrap();
        assert_eq!(stored, best, "{name} {pos}: Bellman");
        if stored != Value::Draw {
            decided += 1;
        }
    }
    assert!(positions > 0);
    let _ = decided;
    positions
}

#[test]
fn kvk_is_all_draws() {
    let mut tb = Tablebase::new();
    tb.generate(&"KvK".parse().unwrap()).unwrap();
    assert_eq!(
        check_bellman(&tb, "KvK"),
        2 * 45,
        "45 king pairs of 81 after mirror folding"
    );
    let (_, words) = tb.raw(&"KvK".parse().unwrap()).unwrap();
    assert!(
        words.iter().all(|&w| w == 0),
        "R-24: kings alone are a draw"
    );
}

#[test]
fn small_endings_satisfy_bellman() {
    let mut tb = Tablebase::new();
    for name in ["IvK", "KvI", "DvK", "FvK", "PvK", "MvK", "GvK"] {
        tb.generate(&name.parse().unwrap()).unwrap();
        check_bellman(&tb, name);
    }
}

/// A plain depth-limited search, no tables: the value if decided within `depth` plies.
fn search(pos: &Position, depth: u16) -> Option<Value> {
    if let Some(v) = outcome_value(pos) {
        return Some(v);
    }
    if depth == 0 {
        return None;
    }
    let mut best_win: Option<u16> = None;
    let mut all_lost = true;
    let mut slowest = 0u16;
    for m in pos.legal_moves() {
        let child = pos.clone().play(m).unwrap();
        match search(&child, depth - 1) {
            Some(Value::Loss(n)) => best_win = Some(best_win.map_or(n + 1, |b| b.min(n + 1))),
            Some(Value::Win(n)) => slowest = slowest.max(n + 1),
            _ => all_lost = false,
        }
    }
    match best_win {
        Some(n) => Some(Value::Win(n)),
        None if all_lost => Some(Value::Loss(slowest)),
        None => None,
    }
}

#[test]
fn short_distances_match_a_plain_search() {
    let mut tb = Tablebase::new();
    let mut rng = StdRng::seed_from_u64(23);
    for name in ["IvK", "DvK", "PvK"] {
        let ending: Ending = name.parse().unwrap();
        tb.generate(&ending).unwrap();
        let (index, words) = tb.raw(&ending).unwrap();
        let mut checked = 0;
        let mut tries = 0;
        while checked < 40 && tries < 200_000 {
            tries += 1;
            let idx = rng.random_range(0..words.len());
            let Some(pos) = index.position(idx) else {
                continue;
            };
            let v = tb.probe_dtm(&pos).unwrap();
            let Some(d) = v.distance() else { continue };
            if d == 0 || d > 4 {
                continue;
            }
            // A win in d plies is found at depth d, and no faster one exists.
            assert_eq!(search(&pos, d), Some(v), "{name} {pos}");
            if d > 1 {
                let shallower = search(&pos, d - 1);
                assert_ne!(shallower, Some(v), "{name} {pos}: decided too early");
            }
            checked += 1;
        }
        assert!(checked > 0, "{name}: no short distance found");
    }
    let _ = Side::Red;
}

#[test]
fn other_rulesets_are_refused() {
    let mut rules = gjjq_core::Ruleset::STANDARD;
    rules.no_capture_limit = std::num::NonZeroU32::new(50);
    assert!(Tablebase::for_ruleset(&rules).is_err());
    let tb = Tablebase::new();
    let pos = Position::default().with_ruleset(rules);
    assert_eq!(
        tb.probe_dtm(&pos),
        Err(gjjq_tablebase::TablebaseError::OtherRuleset)
    );
    assert!(matches!(
        Tablebase::new().probe_dtm(&Position::default()),
        Err(gjjq_tablebase::TablebaseError::TooManyUnits {
            units: 30,
            max: 0,
            ..
        })
    ));
}

/// The value of `pos` with pending returns searched out here, by the core's moves, rather
/// than by the library's own resolution.
fn value_with_pending(tb: &Tablebase, pos: &Position) -> Value {
    if let Some(v) = outcome_value(pos) {
        return v;
    }
    if pos.pending_return(Side::Red).is_some() || pos.pending_return(Side::Green).is_some() {
        return pos
            .legal_moves()
            .iter()
            .map(|&m| value_with_pending(tb, &pos.clone().play(m).unwrap()).parent())
            .max()
            .unwrap();
    }
    tb.probe_dtm(pos).unwrap()
}

/// MvI: missile strikes on the infantry are returning captures, so the children of
/// its positions include positions with a pending return, valued here by the core's moves.
#[test]
fn an_ending_with_returning_captures_satisfies_bellman() {
    let mut tb = Tablebase::new();
    let ending: Ending = "MvI".parse().unwrap();
    tb.generate(&ending).unwrap();
    let (index, words) = tb.raw(&ending).unwrap();
    let mut pending_children = 0usize;
    for (idx, &word) in words.iter().enumerate() {
        let Some(pos) = index.position(idx) else {
            assert_eq!(word, 0xFFFF);
            continue;
        };
        let stored = tb.probe_dtm(&pos).unwrap();
        if let Some(v) = outcome_value(&pos) {
            assert_eq!(stored, v, "{pos}: terminal");
            continue;
        }
        let best = pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let child = pos.clone().play(m).unwrap();
                if child.pending_return(pos.turn()).is_some() {
                    pending_children += 1;
                }
                value_with_pending(&tb, &child).parent()
            })
            .max()
            .unwrap();
        assert_eq!(stored, best, "{pos}: Bellman");
    }
    assert!(
        pending_children > 1000,
        "{pending_children} returning captures"
    );
}
