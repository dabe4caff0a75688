//! Setup → position string → Setup is the identity, for arbitrary setups and for
//! arbitrary valid ones through `Position`.

use gjjq_core::{Piece, PieceKind, Position, Setup, Side, Square, setup::PendingReturn};
use gjjq_test_support::ChoiceList;
use proptest::prelude::*;

fn piece() -> impl Strategy<Value = Piece> {
    (prop::bool::ANY, 0usize..8)
        .prop_map(|(g, k)| Piece::new(if g { Side::Green } else { Side::Red }, PieceKind::ALL[k]))
}

fn square() -> impl Strategy<Value = Square> {
    (0usize..90).prop_map(|i| Square::from_index(i).unwrap())
}

prop_compose! {
    fn any_setup()(
        cells in prop::collection::vec(prop::option::weighted(0.3, piece()), 90),
        green in prop::bool::ANY,
        pending in prop::collection::vec(prop::option::of((square(), square())), 2),
        plies in 0u32..10_000,
        number in 1u32..10_000,
    ) -> Setup {
        let mut s = Setup::empty();
        for (i, c) in cells.into_iter().enumerate() {
            s.set(Square::from_index(i).unwrap(), c);
        }
        s.turn = if green { Side::Green } else { Side::Red };
        for (i, p) in pending.into_iter().enumerate() {
            s.pending[i] = p.map(|(striker, origin)| PendingReturn { striker, origin });
        }
        s.plies_since_capture = plies;
        s.move_number = number;
        s
    }
}

prop_compose! {
    /// A valid position, built by `gjjq_test_support::valid_setup` from proptest's
    /// choices: kings and guards in their palaces, armies in their country, missiles on their
    /// land, fleets off the inland points, at most R-7's count of each kind, perhaps pending
    /// returns.
    fn valid_setup()(choices in prop::collection::vec(any::<u32>(), 0..120)) -> Setup {
        gjjq_test_support::valid_setup(&mut ChoiceList::new(choices))
    }
}

proptest! {
    #[test]
    fn setup_string_round_trip(setup in any_setup()) {
        let text = setup.to_string();
        prop_assert_eq!(text.parse::<Setup>().unwrap(), setup);
    }

    #[test]
    fn valid_positions_round_trip(setup in valid_setup()) {
        let pos = Position::from_setup(setup.clone()).unwrap();
        prop_assert_eq!(pos.to_setup(), setup.clone());
        let back = Position::from_setup(pos.to_string().parse().unwrap()).unwrap();
        prop_assert_eq!(back.zobrist_hash(), pos.zobrist_hash());
        prop_assert_eq!(back, pos.clone());
        // Every legal move plays and keeps the key consistent.
        for m in pos.legal_moves() {
            let next = pos.clone().play(m).unwrap();
            prop_assert_eq!(next.zobrist_hash(), next.compute_hash());
        }
    }
}
