//! Properties of deployments, openings and endgame types (R-32 … R-36): nothing the parsers
//! or `Opening::from_setup` accept panics, what parses writes back the same, and openings
//! read back from their setups.

use gjjq_core::{
    Piece, PieceKind, Ruleset, Setup, Side, Square,
    deploy::{Deployment, DeploymentSampler, Opening},
    endgame::EndgameForce,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

fn setup() -> impl Strategy<Value = Setup> {
    (
        prop::collection::vec((0usize..90, any::<bool>(), 0usize..8), 0..40),
        any::<bool>(),
        0u32..3,
        1u32..3,
    )
        .prop_map(|(pieces, green, plies, number)| {
            let mut s = Setup::empty();
            for (i, g, k) in pieces {
                let side = if g { Side::Green } else { Side::Red };
                s.set(
                    Square::from_index(i).unwrap(),
                    Some(Piece::new(side, PieceKind::ALL[k])),
                );
            }
            s.turn = if green { Side::Green } else { Side::Red };
            s.plies_since_capture = plies;
            s.move_number = number;
            s
        })
}

proptest! {
    // any text at all: an error or a deployment that writes back as the same text.
    #[test]
    fn deployment_strings_never_panic(text in "[0-9KGMFPADIkgmfpadi/x]{0,40}") {
        if let Ok(d) = text.parse::<Deployment>() {
            prop_assert_eq!(d.to_string().parse::<Deployment>().unwrap(), d);
        }
    }

    // every drawn deployment writes and reads back, and sits on the board of
    // either side as the same formation.
    #[test]
    fn drawn_deployments_round_trip(seed in any::<u64>()) {
        let d = DeploymentSampler::new(&Ruleset::STANDARD).sample(&mut StdRng::seed_from_u64(seed));
        prop_assert_eq!(d.to_string().parse::<Deployment>(), Ok(d));
        for first in Side::ALL {
            let o = Opening::new(d, d, first);
            let pos = o.position(Ruleset::STANDARD).unwrap();
            prop_assert_eq!(Opening::from_position(&pos), Ok(o));
        }
    }

    // an opening read from any setup gives that setup back.
    #[test]
    fn openings_from_any_setup(s in setup()) {
        if let Ok(o) = Opening::from_setup(&s, &Ruleset::STANDARD) {
            prop_assert_eq!(o.setup(), s);
        }
    }

    #[test]
    fn endgame_types_never_panic(text in "[雙双單单三團团師师軍军機机艦舰彈弹衛卫總IDAPFMGKx ]{0,8}") {
        if let Ok(f) = text.parse::<EndgameForce>() {
            prop_assert!((1..=3).contains(&f.size()));
            prop_assert_eq!(f.to_string().parse::<EndgameForce>(), Ok(f));
        }
    }
}
