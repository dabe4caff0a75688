//! Property: positions at the edges of — a side to move without its king, huge
//! counters, any no-capture limit — are refused with a typed error or behave:
//!
//! - a position string parses back to an equal position;
//! - `outcome()` is `Some` exactly when there is no legal move, and
//!   `count_legal_moves() == legal_moves().len()`;
//! - a kingless side to move is accepted only with a captor of the other side and
//!   is then `king-captured`; a counter at or past the limit is `no-capture-limit` unless an
//!   earlier reason decides (R-25's order);
//! - the error of a refused setup names a side (`explain`), and is short.
#![no_main]

use std::num::NonZeroU32;

use arbitrary::Unstructured;
use gjjq_core::{PieceKind, Position, Setup, outcome::EndReason};
use gjjq_fuzz::{arbitrary_ruleset, arbitrary_valid_setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let (Ok(rules), Ok(mut setup)) = (arbitrary_ruleset(&mut u), arbitrary_valid_setup(&mut u))
    else {
        return;
    };
    let Ok(edits) = u.arbitrary::<(bool, u32, u32, Option<u32>, u8)>() else {
        return;
    };
    let (drop_king, plies, number, limit, extreme) = edits;
    if drop_king {
        for sq in setup.board.pieces(setup.turn, PieceKind::King) {
            setup.set(sq, None);
        }
    }
    // Counters near the ends of u32 as often as anywhere.
    setup.plies_since_capture = match extreme % 4 {
        0 => u32::MAX - plies % 3,
        _ => plies,
    };
    setup.move_number = number.max(1);
    let mut rules = rules;
    rules.no_capture_limit = limit.and_then(NonZeroU32::new);
    let text = setup.to_string();
    assert_eq!(text.parse::<Setup>().as_ref(), Ok(&setup), "{text}");
    let pos = match Position::from_setup_with(setup.clone(), rules) {
        Ok(pos) => pos,
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.contains("red") || message.contains("green"),
                "{message}"
            );
            assert!(message.len() < 2000, "{message}");
            return;
        }
    };
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len(), "{pos}");
    let outcome = pos.outcome();
    assert_eq!(outcome.is_some(), moves.is_empty(), "{pos}: {outcome:?}");
    if drop_king {
        let o = outcome.expect("kingless");
        assert_eq!(
            (o.winner(), o.reason()),
            (Some(setup.turn.other()), EndReason::KingCaptured)
        );
    }
    match (outcome, rules.no_capture_limit.map(NonZeroU32::get)) {
        (Some(o), Some(limit)) if pos.plies_since_capture() < limit => {
            assert_ne!(o.reason(), EndReason::NoCaptureLimit, "{pos}");
        }
        (None, Some(limit)) => {
            assert!(
                pos.plies_since_capture() < limit,
                "{pos} ongoing past the limit"
            );
        }
        _ => {}
    }
    let back: Setup = pos.to_string().parse().expect("a position's string parses");
    assert_eq!(Position::from_setup_with(back, rules).as_ref(), Ok(&pos));
    // Playing on saturates the counters rather than overflowing.
    for &m in moves.iter().take(4) {
        let mut child = pos.clone();
        child.play_unchecked(m);
        assert!(child.move_number() >= pos.move_number());
    }
});
