//! Property: a 四國 game from four random deployments (L-58) under rules chosen by the input,
//! actions and surrenders chosen by the input, keeps its invariants at every ply: every listed
//! action is legal (`is_legal`) and plays; no move is listed twice; counting equals listing;
//! an arbitrary from/to pair is legal exactly when it is listed; the position is decided
//! exactly when it has no action; the position string round-trips with the same Zobrist key
//! (the crate keys from scratch only, so there is no incremental key to compare).
#![no_main]

use std::collections::HashSet;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use luzhanqi::deploy::Deployment;
use luzhanqi::rand::{SeedableRng, rngs::StdRng};
use siguo::deploy::opening;
use siguo::{Action, Move, NoCombatReset, OutPieces, Point, Position, Rules, Seat, TurnDirection};

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let (Ok(seed), Ok(flags), Ok(more)) = (
        u.arbitrary::<u64>(),
        u.arbitrary::<u16>(),
        u.arbitrary::<u8>(),
    ) else {
        return;
    };
    let mut rules = Rules::default();
    rules.base.hq_lock = flags & 1 == 0;
    if flags & 2 != 0 {
        rules.base.mine_outcome = luzhanqi::MineOutcome::BothRemoved;
    }
    if flags & 4 != 0 {
        rules.base.flag_capture = luzhanqi::FlagCapture::AfterMines;
    }
    if flags & 8 != 0 {
        rules.turn_direction = TurnDirection::Cw;
    }
    if flags & 16 != 0 {
        rules.out_pieces = OutPieces::Frozen;
    }
    if flags & 32 != 0 {
        rules.no_combat_reset = NoCombatReset::Removal;
    }
    rules.pass_limit = ((flags >> 6) & 3) as u8;
    rules.base.no_combat_limit = u16::from(more & 15) * 8;
    rules.surrender_after = u32::from(more >> 4);
    let mut rng = StdRng::seed_from_u64(seed);
    let d: [Deployment; 4] = std::array::from_fn(|_| Deployment::random(&mut rng));
    let first = Seat::from_index(usize::from(more));
    let Ok(mut pos) = opening([&d[0], &d[1], &d[2], &d[3]], first, rules) else {
        panic!("random deployments are legal");
    };
    for _ in 0..1000 {
        let s = pos.to_string();
        let back = Position::from_text(&s, rules).expect("a position's own string is valid");
        assert_eq!(back.to_string(), s);
        assert_eq!(back.zobrist(), pos.zobrist(), "{s}");
        let actions = pos.legal_actions();
        assert_eq!(actions.len() as u64, pos.count_actions(), "{s}");
        assert_eq!(pos.outcome().is_some(), actions.is_empty(), "{s}");
        let listed: HashSet<Action> = actions.iter().copied().collect();
        assert_eq!(listed.len(), actions.len(), "a move listed twice in {s}");
        for &a in &actions {
            assert!(pos.is_legal(a), "{a} in {s}");
        }
        if let (Ok(f), Ok(t)) = (u.int_in_range(0..=128usize), u.int_in_range(0..=128usize)) {
            let m = Move {
                from: Point::from_index(f).expect("a point"),
                to: Point::from_index(t).expect("a point"),
            };
            let a = Action::Move(m);
            assert_eq!(pos.is_legal(a), listed.contains(&a), "{m} in {s}");
        }
        // `Unstructured` hands out zeros once the input is spent: stop there.
        if actions.is_empty() || u.is_empty() {
            break;
        }
        let Ok(choice) = u.arbitrary::<u8>() else {
            break;
        };
        if choice == 255 {
            // A surrender (L-54) by a seat the input names; refused ones change nothing.
            let seat = Seat::from_index(usize::from(more >> 2));
            let before = pos.clone();
            if pos.surrender(seat).is_err() {
                assert_eq!(pos, before);
            }
            continue;
        }
        let Ok(i) = u.choose_index(actions.len()) else {
            break;
        };
        pos.play(actions[i]).expect("a listed action plays");
    }
});
