//! The perft files under `tests/data/` (see their headers), each count checked up to a node
//! budget per entry so CI stays fast; `GJJQ_PERFT_BUDGET` raises it.
//!
//! - `positions.perft`: the default opening (counts from an independent implementation) and
//!   positions built for the rare rules, each with a hand-derived depth-1 count (R-11 … R-22
//!   and every ruleset option).
//! - `bench.perft`: the mid-game positions the perft bench asserts.

use gjjq_core::perft::perft;
use gjjq_test_support::parse_perft_file;

fn budget() -> u64 {
    std::env::var("GJJQ_PERFT_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8_000_000)
}

fn check(name: &str, text: &str, min_entries: usize, min_counts: usize) {
    let suite = parse_perft_file(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(
        suite.len() >= min_entries,
        "{name} has {} entries",
        suite.len()
    );
    let mut checked = 0;
    for e in &suite {
        for &(depth, nodes) in e.counts.iter().filter(|(_, n)| *n <= budget()) {
            assert_eq!(
                perft(&e.position, depth),
                nodes,
                "{name}: {} perft {depth}",
                e.id
            );
            checked += 1;
        }
    }
    assert!(
        checked >= min_counts,
        "{name}: only {checked} counts within the budget"
    );
}

#[test]
fn rules_suite() {
    check(
        "positions.perft",
        include_str!("data/positions.perft"),
        20,
        50,
    );
}

#[test]
fn bench_positions() {
    check("bench.perft", include_str!("data/bench.perft"), 4, 12);
}
