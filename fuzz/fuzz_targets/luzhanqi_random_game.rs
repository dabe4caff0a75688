//! Property: a 陸戰棋 game from two random deployments, moves chosen by the input, keeps its
//! invariants at every ply: incremental Zobrist key = key from scratch, counting = listing,
//! every listed move legal, `outcome()` is `Some` exactly when there are no legal moves, and
//! the position string round-trips.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use luzhanqi::deploy::{Deployment, opening};
use luzhanqi::rand::{SeedableRng, rngs::StdRng};
use luzhanqi::{FlagCapture, MiddleCrossing, MineOutcome, Position, Ruleset, Side};

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(seed) = u.arbitrary::<u64>() else {
        return;
    };
    let Ok(flags) = u.arbitrary::<u8>() else {
        return;
    };
    let mut rules = Ruleset::STANDARD;
    if flags & 1 != 0 {
        rules.middle_crossing = MiddleCrossing::Road;
    }
    rules.hq_lock = flags & 2 == 0;
    if flags & 4 != 0 {
        rules.mine_outcome = MineOutcome::BothRemoved;
    }
    if flags & 8 != 0 {
        rules.flag_capture = FlagCapture::AfterMines;
    }
    rules.no_combat_limit = u16::from(flags >> 4) * 10;
    let mut rng = StdRng::seed_from_u64(seed);
    let (red, blue) = (Deployment::random(&mut rng), Deployment::random(&mut rng));
    let mut pos = opening(&red, &blue, Side::Red, rules).expect("random deployments are legal");
    for _ in 0..2000 {
        assert_eq!(pos.zobrist_hash(), pos.compute_hash(), "{pos}");
        let moves = pos.legal_moves();
        assert_eq!(moves.len() as u64, pos.count_legal_moves());
        assert_eq!(pos.outcome().is_some(), moves.is_empty(), "{pos}");
        let back: Position = pos.to_string().parse().expect("round trip");
        assert_eq!(back.with_ruleset(rules), pos);
        if moves.is_empty() {
            break;
        }
        let Ok(i) = u.choose_index(moves.len()) else {
            break;
        };
        let m = moves[i];
        assert!(pos.is_legal(m));
        pos = pos.play(m).expect("a listed move is legal");
    }
});
