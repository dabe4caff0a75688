//! gjjq against cozy-chess (chess) in one run, rounds interleaved; the median time of each
//! gives nodes/s and their ratio (the best time is printed beside it). Three comparisons:
//!
//! - `bulk`: gjjq perft 5 of the default opening (347,827,021 nodes) against cozy-chess perft
//!   6 of the start position (119,060,324 nodes), both counting the last ply in bulk.
//! - `make`: the same trees one ply shallower with every leaf move played (copy-make, no bulk
//!   counting): gjjq depth 4 (6,519,892 leaves) against cozy-chess depth 5 (4,865,609).
//! - `engine`: gjjq-engine's nodes/s searching the default opening and the bench positions to
//!   a fixed depth, beside gjjq's bulk and make-move perft rates measured in the same run.
//!
//! `cargo run --release -p gjjq-bench --bin perft_ratio -- [bulk|make|engine] [rounds]`
#[path = "../common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use gjjq::{Position, perft::perft};

/// Time `f` and check its node count.
fn timed<F: FnMut() -> u64>(times: &mut Vec<Duration>, expected: u64, mut f: F) {
    let t = Instant::now();
    let n = std::hint::black_box(f());
    times.push(t.elapsed());
    assert_eq!(n, expected);
}

/// Median and best of `times`, as nodes/s in millions.
fn rate(times: &mut [Duration], nodes: u64) -> (f64, f64, Duration) {
    times.sort();
    let median = times[times.len() / 2];
    let best = times[0];
    let per = |d: Duration| nodes as f64 / d.as_secs_f64() / 1e6;
    (per(median), per(best), median)
}

fn compare(
    label: &str,
    rounds: u32,
    (gjjq_depth, gjjq_nodes): (u32, u64),
    (cozy_depth, cozy_nodes): (u32, u64),
    gjjq_run: fn(&Position, u32) -> u64,
    cozy_run: fn(&cozy_chess::Board, u32) -> u64,
) {
    let pos = Position::default();
    let board = cozy_chess::Board::default();
    let (mut g, mut c) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        timed(&mut g, gjjq_nodes, || {
            gjjq_run(std::hint::black_box(&pos), gjjq_depth)
        });
        timed(&mut c, cozy_nodes, || {
            cozy_run(std::hint::black_box(&board), cozy_depth)
        });
    }
    let (gm, gb, gt) = rate(&mut g, gjjq_nodes);
    let (cm, cb, ct) = rate(&mut c, cozy_nodes);
    println!("{label}: gjjq depth {gjjq_depth}: median {gt:.2?}, {gm:.1} Mnodes/s (best {gb:.1})");
    println!("{label}: cozy depth {cozy_depth}: median {ct:.2?}, {cm:.1} Mnodes/s (best {cb:.1})");
    println!(
        "{label}: ratio gjjq/cozy {:.2} (medians), {:.2} (bests), {rounds} rounds",
        gm / cm,
        gb / cb
    );
}

fn engine(depth: u32) {
    use gjjq_engine::{Engine, EngineConfig, Limits};
    let mut positions = vec![("default-opening".to_string(), Position::default())];
    for case in common::bench_perft_file() {
        if case.id != "default-opening" {
            positions.push((case.id.clone(), case.position.clone()));
        }
    }
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for (id, pos) in &positions {
        let mut engine = Engine::new(EngineConfig::default());
        let t = Instant::now();
        let r = engine.search(pos, &[], Limits::depth(depth));
        let dt = t.elapsed();
        println!(
            "engine {id}: depth {}, {} nodes in {dt:.2?}, {:.2} Mnodes/s",
            r.depth,
            r.nodes,
            r.nodes as f64 / dt.as_secs_f64() / 1e6
        );
        nodes += r.nodes;
        time += dt;
    }
    println!(
        "engine: all positions {:.2} Mnodes/s",
        nodes as f64 / time.as_secs_f64() / 1e6
    );
    let pos = Position::default();
    for (label, f) in [
        ("bulk perft 4", perft as fn(&Position, u32) -> u64),
        ("make-move perft 4", common::make_perft),
    ] {
        let mut times = Vec::new();
        for _ in 0..3 {
            timed(&mut times, 6_519_892, || f(std::hint::black_box(&pos), 4));
        }
        let (m, _, _) = rate(&mut times, 6_519_892);
        println!("gjjq {label} (default opening): {m:.1} Mnodes/s");
    }
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "bulk".into());
    let rounds: u32 = std::env::args()
        .nth(2)
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    match mode.as_str() {
        "bulk" => compare(
            "bulk",
            rounds,
            (5, 347_827_021),
            (6, 119_060_324),
            perft,
            common::cozy_perft,
        ),
        "make" => compare(
            "make",
            rounds,
            (4, 6_519_892),
            (5, 4_865_609),
            common::make_perft,
            common::cozy_make_perft,
        ),
        "engine" => engine(rounds),
        other => {
            eprintln!("unknown mode {other}: bulk, make or engine");
            std::process::exit(2);
        }
    }
}
