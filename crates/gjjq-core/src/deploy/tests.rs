use super::*;
use crate::ruleset::MissileDeployment;

fn sq(l: &str) -> Square {
    l.parse().unwrap()
}

const BACK: Ruleset = Ruleset {
    deployment: crate::ruleset::DeploymentRules {
        missile_deployment: MissileDeployment::BackRanks,
    },
    ..Ruleset::STANDARD
};

// the default count, derived from the rules, and the back_ranks one.
#[test]
fn counts() {
    assert_eq!(
        Deployment::count(&Ruleset::STANDARD),
        26_759_431_679_433_868_800
    );
    // By hand: king and guards 9 · C(8,2); then missiles and fleets by the number j of
    // missiles on the coast: C(c, j) · C(i, 2 − j) · C(30 − j, 2), with c the coast points
    // missiles may use and i = 12 the inland points left to them (6 outside the palace,
    // 6 palace points the king and guards left); then the other 9 pieces on the 38 points
    // left, 38! / (29! 2! 2! 2! 3!).
    let rest = 38u128 * 37 * 36 * 35 * 34 * 33 * 32 * 31 * 30 / (2 * 2 * 2 * 6);
    let mf = |c: u32| {
        let ch = crate::placement::binomial;
        (0..=2)
            .map(|j| ch(c, j) * ch(12, 2 - j) * ch(30 - j, 2))
            .sum::<u128>()
    };
    assert_eq!(mf(9), 86_166);
    assert_eq!(9 * 28 * mf(9) * rest, 26_759_431_679_433_868_800);
    // back_ranks: every inland point is on ranks C–E already; the coast loses 4B 5B 6B.
    assert_eq!(Deployment::count(&BACK), 9 * 28 * mf(6) * rest);
    assert_eq!(Deployment::count(&BACK), 19_755_135_064_783_641_600);
}

#[test]
fn default_formation_round_trips() {
    let d = Deployment::default_formation();
    assert_eq!(d.to_string(), "9/3III3/9/1DA3AD1/FPMGKGMPF");
    assert_eq!(d.iter().count(), 16);
    assert_eq!(d.piece_at(sq("1E")), Some(PieceKind::Fleet));
    assert_eq!(d.piece_at(sq("2D")), Some(PieceKind::Division));
}

// one string, the same formation for either side; Green's points are the mirrored
// (half-turned) board points with lower-case labels.
#[test]
fn strings_place_each_side_in_its_own_frame() {
    let d: Deployment = "F8/I1I1I4/2M3M1D/D3A1A2/1P1GKG1PF".parse().unwrap();
    let mut setup = Setup::empty();
    d.place(Side::Red, &mut setup);
    d.place(Side::Green, &mut setup);
    for (own, kind) in d.iter() {
        let red = setup.piece_at(own).unwrap();
        assert_eq!(red, Piece::new(Side::Red, kind));
        let lower: Square = own.to_string().to_lowercase().parse().unwrap();
        assert_eq!(setup.piece_at(lower), Some(Piece::new(Side::Green, kind)));
        assert_eq!((lower.x(), lower.y()), (8 - own.x(), 9 - own.y()));
    }
    assert_eq!(
        Opening::from_setup(&setup, &Ruleset::STANDARD),
        Ok(Opening::new(d, d, Side::Red))
    );
}

#[test]
fn round_trip_through_an_opening_for_both_sides() {
    let red: Deployment = "9/2I1I1I2/3M1M3/1DA3AD1/FP1GKG1PF".parse().unwrap();
    let green: Deployment = "F8/I1I1I4/2M3M1D/D3A1A2/1P1GKG1PF".parse().unwrap();
    for first in Side::ALL {
        let o = Opening::new(red, green, first);
        let pos = o.position(Ruleset::STANDARD).unwrap();
        assert_eq!(pos.turn(), first);
        assert_eq!(Opening::from_position(&pos).unwrap(), o);
        // Green's fleet written on its own 1A stands on the board's 1a, x = 8, y = 5.
        assert_eq!(
            pos.piece_at(Square::new(8, 5).unwrap()),
            Some(Piece::new(Side::Green, PieceKind::Fleet))
        );
        assert_eq!(
            pos.piece_at(sq("1a")),
            Some(Piece::new(Side::Green, PieceKind::Fleet))
        );
        let text = o.setup().to_string();
        let back: Setup = text.parse().unwrap();
        assert_eq!(Opening::from_setup(&back, &Ruleset::STANDARD).unwrap(), o);
    }
    for d in [red, green] {
        assert_eq!(d.to_string().parse::<Deployment>().unwrap(), d);
    }
}

// each rule's error names the piece and the point.
#[test]
fn validity_errors() {
    use DeploymentError as E;
    let cases: [(&str, Ruleset, DeploymentError); 8] = [
        (
            "9/3IKI3/9/1DA3AD1/FPMG1GMPF",
            Ruleset::STANDARD,
            E::OutsidePalace {
                kind: PieceKind::King,
                at: sq("5B"),
            },
        ),
        (
            "9/3III3/9/1DA3AD1/FPMGKMGPF",
            Ruleset::STANDARD,
            E::OutsidePalace {
                kind: PieceKind::Guard,
                at: sq("7E"),
            },
        ),
        (
            "M8/3III3/9/1DA3AD1/FP1GKGMPF",
            Ruleset::STANDARD,
            E::MissileOffLand { at: sq("1A") },
        ),
        (
            "9/3IMI3/9/1DA3AD1/FPIGKGMPF",
            BACK,
            E::MissileBeyondBackRanks { at: sq("5B") },
        ),
        (
            "9/3III3/9/1DA3AD1/PFMGKGMPF",
            Ruleset::STANDARD,
            E::FleetInland { at: sq("2E") },
        ),
        (
            "9/3III3/9/1DA3AD1/FPMGKGMP1",
            Ruleset::STANDARD,
            E::WrongCount {
                kind: PieceKind::Fleet,
                expected: 2,
                found: 1,
            },
        ),
        (
            "I8/3III3/9/1DA3AD1/FPMGKGMPF",
            Ruleset::STANDARD,
            E::WrongCount {
                kind: PieceKind::Infantry,
                expected: 3,
                found: 4,
            },
        ),
        (
            "9/3III3/9/1DA3AD1/FPMG1GMPF",
            Ruleset::STANDARD,
            E::WrongCount {
                kind: PieceKind::King,
                expected: 1,
                found: 0,
            },
        ),
    ];
    for (text, rules, want) in cases {
        assert_eq!(
            Deployment::parse_with(text, &rules),
            Err(DeploymentParseError::Invalid(want)),
            "{text}"
        );
    }
    // The same missile on 5B is fine under the default.
    assert!("9/3IMI3/9/1DA3AD1/FPIGKGMPF".parse::<Deployment>().is_ok());
    let err = "9/3IKI3/9/1DA3AD1/FPMG1GMPF"
        .parse::<Deployment>()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the king on 5B stands outside its palace (R-32: king and guards in the palace)"
    );
    let d = Deployment::default_formation();
    let mut pts: Vec<_> = d.iter().collect();
    pts.push((sq("5e"), PieceKind::Infantry));
    assert_eq!(
        Deployment::from_points(pts, &Ruleset::STANDARD),
        Err(E::TwoOnOnePoint { at: sq("5E") })
    );
}

#[test]
fn parse_errors_give_the_column() {
    use DeploymentParseError as E;
    let cases = [
        ("9/9/9/9", E::RowCount { found: 4 }),
        (
            "9/3III3/9/1DA3AD1/FPMGKGMPX",
            E::BadChar {
                rank: 'E',
                column: 27,
                found: 'X',
            },
        ),
        (
            "9/3iII3/9/1DA3AD1/FPMGKGMPF",
            E::LowerCase {
                rank: 'B',
                column: 4,
                found: 'i',
            },
        ),
        (
            "9/3III3/8/1DA3AD1/FPMGKGMPF",
            E::RowWidth {
                rank: 'C',
                column: 10,
                found: 8,
            },
        ),
        (
            "9/3III4/9/1DA3AD1/FPMGKGMPF",
            E::RowWidth {
                rank: 'B',
                column: 7,
                found: 10,
            },
        ),
        (
            "0/3III3/9/1DA3AD1/FPMGKGMPF",
            E::BadChar {
                rank: 'A',
                column: 1,
                found: '0',
            },
        ),
        // Issue 26 item 17: spaces around or inside are refused where they stand.
        (
            " 9/3III3/9/1DA3AD1/FPMGKGMPF",
            E::Space {
                rank: 'A',
                column: 1,
            },
        ),
        (
            "9/3III3/9/1DA3AD1/FPMGKGMPF\n",
            E::Space {
                rank: 'E',
                column: 28,
            },
        ),
        (
            "9/3I II3/9/1DA3AD1/FPMGKGMPF",
            E::Space {
                rank: 'B',
                column: 5,
            },
        ),
    ];
    for (text, want) in cases {
        assert_eq!(text.parse::<Deployment>(), Err(want), "{text}");
    }
}

#[test]
fn opening_errors() {
    let mut s = Setup::default_opening();
    s.set(sq("5A"), s.piece_at(sq("5B")));
    s.set(sq("5B"), None);
    assert!(Opening::from_setup(&s, &Ruleset::STANDARD).is_ok());
    s.set(sq("5a"), s.piece_at(sq("5A")));
    s.set(sq("5A"), None);
    assert_eq!(
        Opening::from_setup(&s, &Ruleset::STANDARD),
        Err(OpeningError::PieceAbroad {
            piece: Piece::new(Side::Red, PieceKind::Infantry),
            at: sq("5a")
        })
    );
    let mut s = Setup::default_opening();
    s.set(sq("3e"), None); // Green's missile
    s.set(sq("5a"), Some(Piece::new(Side::Green, PieceKind::Missile)));
    assert_eq!(
        Opening::from_setup(&s, &Ruleset::STANDARD),
        Err(OpeningError::Deployment {
            side: Side::Green,
            error: DeploymentError::MissileOffLand { at: sq("5A") }
        })
    );
    // A deployment valid under land is refused by a back_ranks opening.
    let d: Deployment = "9/3IMI3/9/1DA3AD1/FPIGKGMPF".parse().unwrap();
    let o = Opening::new(Deployment::default_formation(), d, Side::Red);
    assert!(o.position(Ruleset::STANDARD).is_ok());
    assert!(matches!(
        o.position(BACK),
        Err(OpeningError::Deployment {
            side: Side::Green,
            error: DeploymentError::MissileBeyondBackRanks { .. }
        })
    ));
}

// Green may open; the position string says so and play starts with Green.
#[test]
fn green_opens() {
    let o = Opening::new(
        Deployment::default_formation(),
        Deployment::default_formation(),
        Side::Green,
    );
    let pos = o.position(Ruleset::STANDARD).unwrap();
    assert_eq!(
        pos.to_string(),
        "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF g - 0 1"
    );
    let m = pos.legal_moves()[0];
    assert_eq!(pos.piece_at(m.from()).unwrap().side, Side::Green);
    let after = pos.play(m).unwrap();
    assert_eq!((after.turn(), after.move_number()), (Side::Red, 2));
}

// the same seed gives the same opening; the first mover is drawn when not given.
#[test]
fn fanshi_draws_from_one_seed() {
    let a = Opening::fanshi(9, None, &Ruleset::STANDARD);
    assert_eq!(a, Opening::fanshi(9, None, &Ruleset::STANDARD));
    assert_ne!(a.red, a.green);
    let firsts: std::collections::HashSet<Side> = (0..40)
        .map(|s| Opening::fanshi(s, None, &Ruleset::STANDARD).first)
        .collect();
    assert_eq!(firsts.len(), 2, "both sides open for some seed");
    assert_eq!(
        Opening::fanshi(9, Some(Side::Red), &Ruleset::STANDARD).first,
        Side::Red
    );
}

#[test]
fn play_mode_names() {
    for m in [PlayMode::Open, PlayMode::Fanshi, PlayMode::Hidden] {
        assert_eq!(m.name().parse::<PlayMode>(), Ok(m));
    }
    assert!("face-down".parse::<PlayMode>().is_err());
}
