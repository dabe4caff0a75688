//! The brief's check values (L-46, L-47, L-59), derived by hand in docs/siguo.md.

use std::collections::BTreeSet;

use siguo::{Kind, Piece, Point, Position, Rules, Seat, Setup, perft};

/// L-59's example: each seat deployed as `LFLCP/ELZTP/D+B+Y/CZ+JY/E+S+T/BDCPE`.
const EXAMPLE: &str = "bPbCbLbFbL/bPbTbZbLbE/bY1bB1bD/bYbJ1bZbC/bT1bS1bE/bEbPbCbDbB/yLyEyDyCyEyB3gEgTgYgYgPgP/yFyL1yZ1yDgP1gJ1gTgC/yLyZyB1ySyC3gCgS1gBgZgL/yCyT1yJ1yPgD1gZ1gLgF/yPyPyYyYyTyE3gBgEgCgDgEgL/rBrDrCrPrE/rE1rS1rT/rCrZ1rJrY/rD1rB1rY/rErLrZrTrP/rLrFrLrCrP r rgby 0 1";

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// Red's flag on h1 and Green's on q8, Blue and Yellow out: otherwise an empty board, with
/// one Red piece of `kind` on `at`.
fn lone(kind: Kind, at: &str) -> Position {
    let mut s = Setup::empty();
    s.in_play = [true, true, false, false];
    s.put(pt("h1"), Some(Piece::new(Seat::Red, Kind::Flag)));
    s.put(pt("q8"), Some(Piece::new(Seat::Green, Kind::Flag)));
    s.put(pt(at), Some(Piece::new(Seat::Red, kind)));
    Position::from_setup(s, Rules::STANDARD).unwrap()
}

fn destinations(pos: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == pt(from))
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

/// The destinations of a lone Red piece of `kind` on `at` are exactly `want` (sorted as text).
fn assert_destinations(kind: Kind, at: &str, want: &str) {
    let mut want: Vec<&str> = want.split(' ').collect();
    want.sort_unstable();
    assert_eq!(destinations(&lone(kind, at), at), want, "{kind:?} on {at}");
}

#[test]
fn l46_g4_has_20_destinations() {
    assert_destinations(
        Kind::Division,
        "g4",
        "b7 c7 d7 e7 f7 g2 g3 g5 g6 g7 g9 g11 g12 g13 g14 g15 g16 h3 h4 h5",
    );
}

/// Row 6 to k6 (4), file g both ways across the 九宮 to g16 (12), round the arc to b7 (5),
/// and the road to the camp h5 (1).
#[test]
fn l46_g6_has_22_destinations() {
    assert_destinations(
        Kind::Division,
        "g6",
        "b7 c7 d7 e7 f7 g2 g3 g4 g5 g7 g9 g11 g12 g13 g14 g15 g16 h5 h6 i6 j6 k6",
    );
}

#[test]
fn l46_i9_has_8_destinations() {
    assert_destinations(Kind::Marshal, "i9", "f9 g9 i6 i7 i11 i12 k9 l9");
}

#[test]
fn l47_engineer_on_i9_reaches_72_railway_points() {
    assert_eq!(destinations(&lone(Kind::Engineer, "i9"), "i9").len(), 72);
}

#[test]
fn l59_example_round_trips() {
    let pos = Position::from_text(EXAMPLE, Rules::STANDARD).unwrap();
    assert_eq!(pos.to_string(), EXAMPLE);
}

#[test]
fn l59_example_53_moves_for_each_seat_7_attacks() {
    for seat in ["r", "g", "b", "y"] {
        let text = EXAMPLE.replace(" r rgby", &format!(" {seat} rgby"));
        let pos = Position::from_text(&text, Rules::STANDARD).unwrap();
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 53, "seat {seat}");
        let attacks = moves
            .iter()
            .filter(|m| pos.piece_at(m.to).is_some())
            .count();
        assert_eq!(attacks, 7, "seat {seat}");
    }
}

#[test]
fn l59_example_perft_2_is_2831() {
    let pos = Position::from_text(EXAMPLE, Rules::STANDARD).unwrap();
    assert_eq!(perft(&pos, 1), 53);
    assert_eq!(perft(&pos, 2), 2_831);
}

/// Each seat's flag on its own b1: `h1 q8 j17 a10`, which a quarter turn maps onto each other.
const OWN_B1: [&str; 4] = ["h1", "q8", "j17", "a10"];

/// The destinations of a lone `kind` of `seat` on `at`, with the four flags where `flags`
/// puts them.
fn flagged_destinations(
    flags: [(Seat, Point); 4],
    seat: Seat,
    kind: Kind,
    at: Point,
) -> BTreeSet<Point> {
    let mut s = Setup::empty();
    for (owner, p) in flags {
        s.put(p, Some(Piece::new(owner, Kind::Flag)));
    }
    s.put(at, Some(Piece::new(seat, kind)));
    s.turn = seat;
    let pos = Position::from_setup(s, Rules::STANDARD).unwrap();
    pos.legal_moves()
        .iter()
        .filter(|m| m.from == at)
        .map(|m| m.to)
        .collect()
}

/// L-45: a quarter turn about i9 maps the board onto itself and each seat onto the next, so
/// the destinations of a seat's piece on p are those of the next seat's piece on the turned
/// point, turned — for every point, seat and way of moving (run, engineer path, step).
#[test]
fn l45_destinations_turn_with_the_board() {
    let turn = |p: Point| Point::new(18 - p.rank(), p.file()).unwrap();
    let flags: [(Seat, Point); 4] = std::array::from_fn(|i| (Seat::from_index(i), pt(OWN_B1[i])));
    for kind in [Kind::Division, Kind::Engineer] {
        for p in Point::all().filter(|p| !flags.iter().any(|f| f.1 == *p)) {
            for seat in Seat::ALL {
                let here: BTreeSet<Point> = flagged_destinations(flags, seat, kind, p)
                    .into_iter()
                    .map(turn)
                    .collect();
                let next = Seat::from_index(seat.index() + 1);
                assert_eq!(
                    here,
                    flagged_destinations(flags, next, kind, turn(p)),
                    "{kind:?} of {seat} on {p}"
                );
            }
        }
    }
}

/// L-45: the mirror x → 18 − x maps the board onto itself, Red and Blue onto themselves and
/// Green onto Yellow (teams kept), so destinations mirror too (the flags mirror with them).
#[test]
fn l45_destinations_mirror_with_the_board() {
    let mirror = |p: Point| Point::new(18 - p.file(), p.rank()).unwrap();
    let seat_mirror = |s: Seat| match s {
        Seat::Green => Seat::Yellow,
        Seat::Yellow => Seat::Green,
        s => s,
    };
    let flags: [(Seat, Point); 4] = std::array::from_fn(|i| (Seat::from_index(i), pt(OWN_B1[i])));
    let mirrored = flags.map(|(s, p)| (seat_mirror(s), mirror(p)));
    for p in Point::all().filter(|p| !flags.iter().any(|f| f.1 == *p)) {
        for seat in Seat::ALL {
            let here: BTreeSet<Point> = flagged_destinations(flags, seat, Kind::Brigade, p)
                .into_iter()
                .map(mirror)
                .collect();
            assert_eq!(
                here,
                flagged_destinations(mirrored, seat_mirror(seat), Kind::Brigade, mirror(p)),
                "{seat} on {p}"
            );
        }
    }
}
