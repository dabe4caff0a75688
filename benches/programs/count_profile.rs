//! The positions two plies from the default opening (2,569) and their children, each counted
//! with `count_legal_moves` (bulk counting) several times: a fixed workload for callgrind, so
//! that instruction counts of the counter alone can be compared before and after a change.
//!
//! `valgrind --tool=callgrind --toggle-collect='*count_profile*measure*' target/release/count_profile`
use gjjq::Position;

#[inline(never)]
fn measure(positions: &[Position], rounds: u32) -> u64 {
    let mut n = 0u64;
    for _ in 0..rounds {
        for p in positions {
            n += std::hint::black_box(p).count_legal_moves() as u64;
        }
    }
    n
}

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(4);
    let mut positions = vec![Position::default()];
    for _ in 0..3 {
        positions = positions
            .iter()
            .flat_map(|p| {
                p.legal_moves().into_iter().map(move |m| {
                    let mut c = p.clone();
                    c.play_unchecked(m);
                    c
                })
            })
            .collect();
    }
    let n = measure(&positions, rounds);
    println!("{} positions, {} moves counted", positions.len(), n);
}
