//! The evaluation's terms.

use luzhanqi::deploy::{Deployment, opening};
use luzhanqi::rand::SeedableRng;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::{Kind, Piece, Position, Ruleset, Setup, Side, Square};
use luzhanqi_engine::eval::{
    BASE_VALUE, BOMB_BASE, ENGINEER_MINE_BONUS, GUARD_MINE_BONUS, evaluate, piece_value, side_score,
};

fn parse(s: &str) -> Position {
    s.parse().unwrap()
}

/// The position with the colours exchanged: each piece to the other side on the turned point.
fn mirrored(pos: &Position) -> Position {
    let mut s = Setup::empty();
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            s.put(sq.flip(), Some(Piece::new(p.side.other(), p.kind)));
        }
    }
    s.turn = pos.turn().other();
    Position::from_setup(s).unwrap()
}

#[test]
fn the_evaluation_is_the_same_for_either_colour() {
    for seed in 0..20u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let red = Deployment::random(&mut rng);
        let blue = Deployment::random(&mut rng);
        let pos = opening(&red, &blue, Side::Red, Ruleset::STANDARD).unwrap();
        assert_eq!(evaluate(&pos), evaluate(&mirrored(&pos)), "{pos}");
        let other = pos.clone().swap_turn();
        assert_eq!(
            evaluate(&pos) + evaluate(&other),
            2 * luzhanqi_engine::eval::TEMPO
        );
    }
}

#[test]
fn a_bomb_is_worth_the_trade_it_can_still_make() {
    // Blue has its marshal: Red's bomb is worth 100 + 500.
    let with = parse("1f1s1/5/5/5/5/5/5/5/5/5/5/1F1Z1 r");
    assert_eq!(
        piece_value(&with, Side::Red, Kind::Bomb),
        BOMB_BASE + BASE_VALUE[Kind::Marshal.index()] / 2
    );
    // Only a platoon commander left: the bomb is worth little more than its base.
    let without = parse("1f1p1/5/5/5/5/5/5/5/5/5/5/1F1Z1 r");
    assert_eq!(
        piece_value(&without, Side::Red, Kind::Bomb),
        BOMB_BASE + BASE_VALUE[Kind::Platoon.index()] / 2
    );
}

#[test]
fn the_last_engineer_is_dearest_while_mines_remain() {
    let three = parse("lfl2/5/5/5/5/5/5/5/5/5/EEE2/1F3 r");
    let one = parse("lfl2/5/5/5/5/5/5/5/5/5/E4/1F3 r");
    let no_mines = parse("1f3/5/5/5/5/5/5/5/5/5/E4/1F3 r");
    let e = BASE_VALUE[Kind::Engineer.index()];
    assert_eq!(
        piece_value(&three, Side::Red, Kind::Engineer),
        e + ENGINEER_MINE_BONUS / 3
    );
    assert_eq!(
        piece_value(&one, Side::Red, Kind::Engineer),
        e + ENGINEER_MINE_BONUS
    );
    assert_eq!(piece_value(&no_mines, Side::Red, Kind::Engineer), e);
}

#[test]
fn a_landmine_by_the_flag_guards_it() {
    // The same mine beside the flag (a1, next to b1) or away from it (e1).
    let beside = parse("1f3/5/5/5/5/5/5/5/5/5/5/LF3 r");
    let away = parse("1f3/5/5/5/5/5/5/5/5/5/5/1F2L r");
    let d = side_score(&beside, Side::Red) - side_score(&away, Side::Red);
    // The guard bonus, and the piece next to the flag (FLAG_GUARD).
    assert_eq!(d, GUARD_MINE_BONUS + luzhanqi_engine::eval::FLAG_GUARD);
}

#[test]
fn enemies_near_the_flag_cost_and_outranking_pieces_press() {
    let near = parse("1f3/5/5/5/5/5/5/5/5/5/c4/1F3 r");
    let far = parse("1f3/5/5/5/5/5/c4/5/5/5/5/1F3 r");
    assert!(side_score(&near, Side::Red) < side_score(&far, Side::Red));
    // Red's marshal (outranking all of Blue) is worth more close to Blue's flag.
    let close = parse("1f3/1S3/5/5/5/5/5/5/5/5/5/1F1c1 r");
    let home = parse("1f3/5/5/5/5/5/5/5/5/5/S4/1F1c1 r");
    assert!(side_score(&close, Side::Red) > side_score(&home, Side::Red));
}
