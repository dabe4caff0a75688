//! The set-wise generator (`Position::generate_moves`) against the move list: on every
//! position of the perft files under `tests/data/` and on the positions of random games, the
//! sets hand over exactly the legal moves (same set, same count, same order), each set's kind
//! and removal are what `classify` says of its moves, the origin-limited form agrees with
//! `legal_moves_from`, and `Break` stops the generation at once.

use std::collections::HashSet;
use std::ops::ControlFlow;

use gjjq_core::{Bitboard, Move, Position};
use gjjq_test_support::{parse_perft_file, random_game};

/// Every move `generate_moves` hands over, in order, checking each set against `classify`.
fn generated(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    let flow = pos.generate_moves(|pm| {
        assert!(!pm.is_empty(), "{pos}: an empty set");
        assert_eq!(pm.len(), pm.iter().count());
        for m in pm {
            assert!(pm.contains(m));
            let info = pos
                .classify(m)
                .unwrap_or_else(|| panic!("{pos}: {m} unclassified"));
            assert_eq!(info.piece, pm.piece, "{pos}: {m}");
            assert_eq!(info.kind, pm.kind, "{pos}: {m}");
            assert_eq!(info.removal, pm.removal, "{pos}: {m}");
            out.push(m);
        }
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(flow, ControlFlow::Continue(()));
    out
}

fn check(pos: &Position) {
    let list = pos.legal_moves();
    let moves = generated(pos);
    assert_eq!(moves, list.to_vec(), "{pos}");
    let set: HashSet<Move> = moves.iter().copied().collect();
    assert_eq!(set.len(), list.len(), "{pos}: a move handed over twice");
    assert_eq!(pos.count_legal_moves(), list.len(), "{pos}");
    // Limited to one origin: the same as `legal_moves_from`.
    for from in pos.side_pieces(pos.turn()) {
        let mut one = Vec::new();
        let _ = pos.generate_moves_for(Bitboard::from_square(from), |pm| {
            assert_eq!(pm.from, from);
            one.extend(pm);
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(
            one,
            pos.legal_moves_from(from).to_vec(),
            "{pos}: from {from}"
        );
    }
    // `Break` stops at once and its value comes back.
    if let Some(&first) = list.first() {
        let mut calls = 0;
        let flow = pos.generate_moves(|pm| {
            calls += 1;
            ControlFlow::Break(pm.iter().next())
        });
        assert_eq!(flow, ControlFlow::Break(Some(first)), "{pos}");
        assert_eq!(calls, 1);
    } else {
        let mut calls = 0;
        let _ = pos.generate_moves(|_| {
            calls += 1;
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(calls, 0, "{pos}: a decided position hands over no set");
    }
}

#[test]
fn every_perft_file_position() {
    let mut n = 0;
    for text in [
        include_str!("data/positions.perft"),
        include_str!("data/bench.perft"),
    ] {
        for entry in parse_perft_file(text).expect("perft file") {
            check(&entry.position);
            // And every position one ply on.
            for m in entry.position.legal_moves() {
                let mut child = entry.position.clone();
                child.play_unchecked(m);
                check(&child);
                n += 1;
            }
        }
    }
    assert!(n > 900, "{n}");
}

#[test]
fn random_games() {
    let mut n = 0;
    for seed in 0..60 {
        let mut game = random_game(seed, 300, [0, 30, 70][seed as usize % 3]);
        for (pos, _) in game.by_ref() {
            check(&pos);
            n += 1;
        }
        check(game.position());
    }
    assert!(n > 5_000, "{n}");
}
