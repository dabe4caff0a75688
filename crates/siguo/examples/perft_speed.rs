//! Bulk perft speed of the four-player game against the two-player one (陸戰棋), in one run
//! and at equal piece count (issue 52): 四國's default opening with Blue and Yellow out (their
//! pieces removed, L-51), so that Red's and Green's 50 pieces stand, against 陸戰棋's default
//! start (50 pieces). Prints nodes and nodes per second of each and their ratio.
//!
//! `cargo run --release -p siguo --example perft_speed [-- SIGUO_DEPTH LUZHANQI_DEPTH REPEATS]`
use std::time::Instant;

use siguo::{Position, Seat};

/// 四國's default opening with Blue and Yellow out: 50 pieces, Red to move.
fn two_seat_siguo() -> Position {
    let mut setup = Position::default().to_setup();
    for seat in [Seat::Blue, Seat::Yellow] {
        setup.in_play[seat.index()] = false;
        for sq in setup.board.iter_mut() {
            if matches!(sq, Some(pc) if pc.seat == seat) {
                *sq = None;
            }
        }
    }
    Position::from_setup(setup, siguo::Rules::default()).expect("a valid position")
}

/// Best of `repeats` runs: (nodes, seconds).
fn best(repeats: u32, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = f64::INFINITY;
    let mut nodes = 0;
    for _ in 0..repeats {
        let t = Instant::now();
        nodes = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (nodes, best)
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let sg_depth = args.first().copied().unwrap_or(4);
    let lz_depth = args.get(1).copied().unwrap_or(4);
    let repeats = args.get(2).copied().unwrap_or(3);
    let sg = two_seat_siguo();
    let lz = luzhanqi::Position::default();
    let (sn, st) = best(repeats, || siguo::perft(&sg, sg_depth));
    let (ln, lt) = best(repeats, || luzhanqi::perft(&lz, lz_depth));
    let (s_nps, l_nps) = (sn as f64 / st, ln as f64 / lt);
    println!(
        "siguo    two seats out, 50 pieces, perft {sg_depth}: {sn} nodes, {st:.3} s, {s_nps:.0} nodes/s"
    );
    println!(
        "luzhanqi default start, 50 pieces, perft {lz_depth}: {ln} nodes, {lt:.3} s, {l_nps:.0} nodes/s"
    );
    println!("ratio siguo/luzhanqi: {:.2}", s_nps / l_nps);
}
