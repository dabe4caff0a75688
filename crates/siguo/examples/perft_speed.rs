//! Bulk perft speed of the four-player game against the two-player one (陸戰棋), in one run
//! and at equal piece count (issue 52): 四國's default opening with Blue and Yellow out (their
//! pieces removed, L-51), so that Red's and Green's 50 pieces stand, against 陸戰棋's default
//! start (50 pieces). Prints nodes and nodes per second of each and their ratio.
//!
//! `cargo run --release -p siguo --example perft_speed [-- SIGUO_DEPTH LUZHANQI_DEPTH REPEATS]`
//! (defaults 4 5 3: 四國 perft 4 and 陸戰棋 perft 5, interleaved, best of three each)
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

/// One timed run: (nodes, seconds).
fn timed(f: impl FnOnce() -> u64) -> (u64, f64) {
    let t = Instant::now();
    let nodes = f();
    (nodes, t.elapsed().as_secs_f64())
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let sg_depth = args.first().copied().unwrap_or(4);
    let lz_depth = args.get(1).copied().unwrap_or(5);
    let repeats = args.get(2).copied().unwrap_or(3);
    let sg = two_seat_siguo();
    let lz = luzhanqi::Position::default();
    // Interleaved, best of `repeats` each: the machine's load changes from second to second.
    let (mut sn, mut st, mut ln, mut lt) = (0, f64::INFINITY, 0, f64::INFINITY);
    for _ in 0..repeats {
        let (n, t) = timed(|| siguo::perft(&sg, sg_depth));
        (sn, st) = (n, st.min(t));
        let (n, t) = timed(|| luzhanqi::perft(&lz, lz_depth));
        (ln, lt) = (n, lt.min(t));
    }
    let (s_nps, l_nps) = (sn as f64 / st, ln as f64 / lt);
    println!(
        "siguo    two seats out, 50 pieces, perft {sg_depth}: {sn} nodes, {st:.3} s, {s_nps:.0} nodes/s"
    );
    println!(
        "luzhanqi default start, 50 pieces, perft {lz_depth}: {ln} nodes, {lt:.3} s, {l_nps:.0} nodes/s"
    );
    println!("ratio siguo/luzhanqi: {:.2}", s_nps / l_nps);
}
