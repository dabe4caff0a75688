//! The learned evaluation (`gjjq_engine::nnue`): the built-in weights, the weight file's
//! checks, agreement with the Python trainer, the incremental accumulator, and the engine
//! option `Eval`.

use std::io::{BufReader, Write};
use std::time::{Duration, Instant};

use gjjq_core::deploy::Opening;
use gjjq_core::{Position, Ruleset, Side};
use gjjq_engine::dataset::{RECORD_SIZE, Record};
use gjjq_engine::eval::{EvalKind, EvalParams, evaluate_with};
use gjjq_engine::nnue::{FEATURES, HEADER_SIZE, Network, NnueError};
use gjjq_engine::server::{Player, ServerOptions, Transcript, serve};
use gjjq_engine::{Engine, EngineConfig, Limits};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

const WEIGHTS: &[u8] = include_bytes!("../src/nnue-weights.nnue");

#[test]
fn builtin_weights_load_and_match_the_file() {
    let net = Network::builtin().expect("built-in weights");
    let again = Network::from_bytes(WEIGHTS).unwrap();
    let pos = Position::default();
    assert_eq!(net.evaluate(&pos), again.evaluate(&pos));
}

fn with_checksum(mut b: Vec<u8>) -> Vec<u8> {
    let sum = b[HEADER_SIZE..].iter().fold(0x811c_9dc5_u32, |h, &x| {
        (h ^ u32::from(x)).wrapping_mul(0x0100_0193)
    });
    b[28..32].copy_from_slice(&sum.to_le_bytes());
    b
}

#[test]
fn corrupt_weight_files_are_refused_with_the_reason() {
    let good = WEIGHTS.to_vec();
    assert_eq!(
        Network::from_bytes(&good[..20]).unwrap_err(),
        NnueError::TooShort(20)
    );
    let mut magic = good.clone();
    magic[0] = b'X';
    assert_eq!(
        Network::from_bytes(&magic).unwrap_err(),
        NnueError::BadMagic
    );
    let mut version = good.clone();
    version[8] = 2;
    assert_eq!(
        Network::from_bytes(&version).unwrap_err(),
        NnueError::Unsupported {
            version: 2,
            header: 32
        }
    );
    let mut shape = good.clone();
    shape[14] = 64; // hidden 64
    shape[15] = 0;
    assert!(matches!(
        Network::from_bytes(&shape).unwrap_err(),
        NnueError::Shape { hidden: 64, .. }
    ));
    let truncated = &good[..good.len() - 2];
    assert!(matches!(
        Network::from_bytes(truncated).unwrap_err(),
        NnueError::Length { found, .. } if found == good.len() - HEADER_SIZE - 2
    ));
    let mut flipped = good.clone();
    flipped[HEADER_SIZE + 1000] ^= 0x40;
    assert!(matches!(
        Network::from_bytes(&flipped).unwrap_err(),
        NnueError::Checksum { .. }
    ));
    // A first-layer weight past the bound that keeps the i16 accumulator from overflowing,
    // with a checksum that matches: refused, not wrapped.
    let mut big = good.clone();
    big[HEADER_SIZE..HEADER_SIZE + 2].copy_from_slice(&30000i16.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&with_checksum(big)).unwrap_err(),
        NnueError::BadConstant(_)
    ));
    let mut zero_qa = good.clone();
    zero_qa[16] = 0;
    zero_qa[17] = 0;
    assert_eq!(
        Network::from_bytes(&zero_qa).unwrap_err(),
        NnueError::BadConstant("QA")
    );
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// `tests/data/nnue_vectors.json` is written by `training/train.py --vectors` with the same
/// weights: dataset records, the float model's evaluation and the integer one's (computed in
/// numpy). The Rust inference rebuilds each position from its record and must give the
/// integer value exactly and the float one within the quantisation error.
#[test]
fn rust_inference_equals_the_python_model() {
    let json: serde_json::Value =
        serde_json::from_str(include_str!("data/nnue_vectors.json")).unwrap();
    let vectors = json["vectors"].as_array().unwrap();
    assert!(vectors.len() >= 8);
    let net = Network::builtin().unwrap();
    let mut nonzero = 0;
    for (i, v) in vectors.iter().enumerate() {
        let bytes: [u8; RECORD_SIZE] = hex(v["record"].as_str().unwrap()).try_into().unwrap();
        let record = Record::decode(&bytes, i as u64).unwrap();
        let pos = record.position(Ruleset::default()).unwrap();
        let got = net.evaluate(&pos);
        let int_cp = v["int_cp"].as_i64().unwrap() as i32;
        let float_cp = v["float_cp"].as_f64().unwrap();
        assert_eq!(got, int_cp, "vector {i}: {pos}");
        assert!(
            (f64::from(got) - float_cp).abs() <= 12.0,
            "vector {i}: integer {got}, float {float_cp}"
        );
        nonzero += usize::from(got != 0);
    }
    assert!(nonzero > vectors.len() / 2, "the vectors are not all level");
}

#[test]
fn features_are_the_trainers() {
    let pos = Position::default();
    for persp in [Side::Red, Side::Green] {
        let f = Network::features(&pos, persp);
        assert_eq!(f.len(), 32);
        assert!(f.iter().all(|&i| i < FEATURES - 2));
        // 16 own pieces (first half of the features) and 16 enemy ones.
        assert_eq!(f.iter().filter(|&&i| i < 720).count(), 16);
    }
    // The default opening is symmetric under the half turn, so each side sees the same.
    assert_eq!(
        Network::features(&pos, Side::Red),
        Network::features(&pos, Side::Green)
    );
}

/// The incremental update from a parent's accumulator equals a full refresh, over random
/// games from random deployments: moves, captures, strikes and their returns, and
/// pieces removed.
#[test]
fn incremental_accumulator_equals_a_refresh() {
    let net = Network::builtin().unwrap();
    let rules = Ruleset::default();
    let mut rng = StdRng::seed_from_u64(24);
    let mut plies = 0;
    let mut pending_seen = 0;
    for game in 0..24 {
        let mut pos = if game % 3 == 0 {
            Position::default()
        } else {
            Opening::random(&mut rng, None, &rules)
                .position(rules)
                .unwrap()
        };
        let mut acc = net.refresh(&pos);
        for _ in 0..300 {
            let moves = pos.legal_moves();
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            let next = pos.clone().play(m).unwrap();
            net.update(&mut acc, &pos, &next);
            assert_eq!(acc, net.refresh(&next), "game {game}, after {m} in {pos}");
            assert_eq!(net.output(&acc, next.turn()), net.evaluate(&next));
            pending_seen += usize::from(
                next.pending_return(Side::Red).is_some()
                    || next.pending_return(Side::Green).is_some(),
            );
            plies += 1;
            pos = next;
            if rng.random_ratio(1, 200) {
                break;
            }
        }
    }
    assert!(plies > 1000, "{plies}");
    assert!(pending_seen > 0, "no return owed in {plies} plies");
}

/// The default evaluation settings with the learned evaluation.
fn nnue() -> EvalParams {
    EvalParams {
        kind: EvalKind::Nnue,
        ..EvalParams::default()
    }
}

/// An engine with a small table and the learned evaluation.
fn nnue_engine() -> Engine {
    Engine::new(EngineConfig {
        hash_mb: 1,
        eval: nnue(),
        ..EngineConfig::default()
    })
}

#[test]
fn the_engine_searches_with_the_network() {
    let pos = Position::default();
    let net = Network::builtin().unwrap();
    assert_eq!(evaluate_with(&pos, nnue()), net.evaluate(&pos));
    let r = nnue_engine().search(&pos, &[], Limits::depth(4));
    assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
}

#[test]
fn the_eval_option_switches_and_rejects_bad_values() {
    let (reader, mut input) = std::io::pipe().unwrap();
    let out = Transcript::default();
    let o = out.clone();
    let handle = std::thread::spawn(move || {
        serve(
            BufReader::new(reader),
            o,
            ServerOptions {
                player: Player::Search,
                seed: 1,
            },
        )
        .unwrap()
    });
    let wait = |prefix: &str, n: usize| {
        let start = Instant::now();
        while out.lines().iter().filter(|l| l.starts_with(prefix)).count() < n {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "{:?}",
                out.lines()
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    };
    for line in [
        "uci",
        "setoption name Eval value neural",
        "setoption name Eval value nnue",
        "isready",
        "position startpos",
        "go depth 4",
    ] {
        writeln!(input, "{line}").unwrap();
    }
    input.flush().unwrap();
    wait("bestmove", 1);
    for line in ["setoption name Eval value classic", "go movetime 100"] {
        writeln!(input, "{line}").unwrap();
    }
    input.flush().unwrap();
    wait("bestmove", 2);
    writeln!(input, "quit").unwrap();
    handle.join().unwrap();
    let lines = out.lines();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Eval type combo default ")
                && l.ends_with("var classic var nnue")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("'neural' is not a valid value for Eval")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "readyok"));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove ")).count(),
        2
    );
}

#[test]
fn the_search_keeps_its_accumulators_equal_to_a_refresh() {
    // The search brings each node's accumulator from its parent's (captures, returns R-19,
    // forfeits and removals, passes of the null move); debug builds compare it with a fresh
    // one every 64 nodes and panic on a difference. Positions from random games, some with a
    // return pending, searched deep enough for every kind of node. (A release build runs the
    // searches without the comparison.)
    let rules = Ruleset::default();
    let mut rng = StdRng::seed_from_u64(7);
    let mut searched = 0;
    let mut pending = 0;
    for _ in 0..6 {
        let mut pos = Opening::random(&mut rng, None, &rules)
            .position(rules)
            .unwrap();
        for ply in 0..160 {
            let moves = pos.legal_moves();
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            pos = pos.clone().play(m).unwrap();
            let owes = pos.pending_return(Side::Red).is_some()
                || pos.pending_return(Side::Green).is_some();
            if (ply % 40 == 39 || owes) && !pos.legal_moves().is_empty() {
                let r = nnue_engine().search(&pos, &[], Limits::depth(4));
                assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
                searched += 1;
                pending += usize::from(owes);
            }
        }
    }
    assert!(
        searched > 10 && pending > 0,
        "{searched} searched, {pending} with a return owed"
    );
}
