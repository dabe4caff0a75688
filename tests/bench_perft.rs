//! The perft counts recorded in `tests/data/bench.perft` (which the benches assert too), up to a
//! node budget so the test stays fast.
#[path = "../benches/common/mod.rs"]
mod common;

use gjjq::perft;

const NODE_BUDGET: u64 = 1_000_000;

#[test]
fn bench_positions_have_their_recorded_counts() {
    let cases = common::parse_perft_file(include_str!("data/bench.perft"));
    assert!(cases.len() >= 4);
    for case in &cases {
        for &(depth, nodes) in case.counts.iter().filter(|(_, n)| *n <= NODE_BUDGET) {
            assert_eq!(
                perft(&case.position, depth),
                nodes,
                "{} depth {depth}",
                case.id
            );
        }
    }
}
