//! L-58: each seat deploys as 陸戰棋 does (L-17), drawn uniformly and independently (L-18).
//! Four random deployments placed by `deploy::opening` must show, at every seat's own points,
//! the exact marginals derived by hand from L-17, and the seats must be independent.

use luzhanqi::deploy::Deployment;
use luzhanqi::rand::{SeedableRng, rngs::StdRng};
use siguo::{Kind, Point, Rules, Seat, deploy};

/// Marginals of one uniform legal deployment (own file, own row, kind, chance), the spot
/// values of `luzhanqi`'s exact-marginal test (`l18_random_deployments_match_exact_marginals`,
/// which derives them by counting placements): the flag stands on one of the two headquarters
/// (own b1, d1), 1/2 each; a back corner (a1) holds a landmine with chance 1/3 and a
/// headquarters 1/2 · 1/3 = 1/6 (the other half it holds the flag); a bomb on c3 1/8; the 司令
/// on the front point c6 1/19.
const SPOTS: [(u8, u8, Kind, f64); 6] = [
    (2, 1, Kind::Flag, 0.5),
    (4, 1, Kind::Flag, 0.5),
    (1, 1, Kind::Landmine, 1.0 / 3.0),
    (4, 1, Kind::Landmine, 1.0 / 6.0),
    (3, 3, Kind::Bomb, 1.0 / 8.0),
    (3, 6, Kind::Marshal, 1.0 / 19.0),
];

fn own(seat: Seat, file: u8, row: u8) -> Point {
    Point::from_own(seat, file, row).expect("an own-frame point")
}

#[test]
fn l58_four_random_deployments_match_exact_marginals_and_are_independent() {
    let n = 20_000u32;
    let mut rng = StdRng::seed_from_u64(58);
    let mut seen = [[0u32; SPOTS.len()]; 4];
    // Red's and Green's flags both on own b1 (independent seats: 1/4), Red's and Blue's
    // 司令 both on own c6 (1/361).
    let mut both_flags = 0u32;
    let mut both_marshals = 0u32;
    for _ in 0..n {
        let ds = [(); 4].map(|()| Deployment::random(&mut rng));
        let pos = deploy::opening(
            [&ds[0], &ds[1], &ds[2], &ds[3]],
            Seat::Red,
            Rules::default(),
        )
        .expect("random deployments are legal");
        let kind_at = |seat: Seat, f: u8, r: u8| {
            let p = pos
                .piece_at(own(seat, f, r))
                .expect("every own non-camp point is filled");
            assert_eq!(p.seat, seat, "a seat's pieces stand in its own half");
            p.kind
        };
        for seat in Seat::ALL {
            for (i, &(f, r, kind, _)) in SPOTS.iter().enumerate() {
                if kind_at(seat, f, r) == kind {
                    seen[seat.index()][i] += 1;
                }
            }
        }
        if kind_at(Seat::Red, 2, 1) == Kind::Flag && kind_at(Seat::Green, 2, 1) == Kind::Flag {
            both_flags += 1;
        }
        if kind_at(Seat::Red, 3, 6) == Kind::Marshal && kind_at(Seat::Blue, 3, 6) == Kind::Marshal {
            both_marshals += 1;
        }
    }
    let close = |count: u32, q: f64, what: &str| {
        let got = f64::from(count) / f64::from(n);
        let sigma = (q * (1.0 - q) / f64::from(n)).sqrt();
        assert!(
            (got - q).abs() <= 5.0 * sigma,
            "{what}: {got:.5} vs exact {q:.5}"
        );
    };
    for seat in Seat::ALL {
        for (i, &(f, r, kind, q)) in SPOTS.iter().enumerate() {
            close(
                seen[seat.index()][i],
                q,
                &format!("{seat} {kind} on own ({f}, {r})"),
            );
        }
    }
    close(both_flags, 0.25, "Red's and Green's flags both on own b1");
    close(
        both_marshals,
        1.0 / 361.0,
        "Red's and Blue's 司令 both on own c6",
    );
}
