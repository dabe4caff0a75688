//! Combat (L-11, L-12) cell by cell, and adjudication (L-13 … L-16) in its order.

mod common;

use common::{pos, pos_with, rules, sq};
use luzhanqi::{
    AttackOutcome, Combat, DrawReason, Game, GameError, Kind, MineOutcome, Move, Outcome, Side,
    WinReason,
};

/// L-5's ranks, written from the brief's table.
fn brief_rank(k: Kind) -> Option<u8> {
    let ranked = [
        (Kind::Marshal, 9),
        (Kind::General, 8),
        (Kind::Division, 7),
        (Kind::Brigade, 6),
        (Kind::Regiment, 5),
        (Kind::Battalion, 4),
        (Kind::Company, 3),
        (Kind::Platoon, 2),
        (Kind::Engineer, 1),
    ];
    ranked.iter().find(|(x, _)| *x == k).map(|&(_, r)| r)
}

#[test]
fn l11_every_cell_of_the_table_in_both_mine_readings() {
    use AttackOutcome::*;
    for mine in [MineOutcome::AttackerRemoved, MineOutcome::BothRemoved] {
        let rules = rules(|r| r.mine_outcome = mine);
        for a in Kind::ALL.into_iter().filter(|k| k.is_mobile()) {
            for d in Kind::ALL {
                let want = match (brief_rank(a), d) {
                    (None, _) => BothRemoved, // bomb row
                    (Some(_), Kind::Bomb) => BothRemoved,
                    (Some(1), Kind::Landmine) => DefenderRemoved,
                    (Some(_), Kind::Landmine) => match mine {
                        MineOutcome::AttackerRemoved => AttackerRemoved,
                        MineOutcome::BothRemoved => BothRemoved,
                    },
                    (Some(_), Kind::Flag) => DefenderRemoved,
                    (Some(ra), d) => {
                        let rd = brief_rank(d).unwrap();
                        if ra > rd {
                            DefenderRemoved
                        } else if ra < rd {
                            AttackerRemoved
                        } else {
                            BothRemoved
                        }
                    }
                };
                let c = Combat::resolve(a, d, &rules);
                assert_eq!(c.outcome, want, "{a} attacks {d} ({mine:?})");
                assert_eq!(c.flag_captured(), d == Kind::Flag, "{a} attacks {d}");
            }
        }
    }
}

#[test]
fn l11_attack_results_on_the_board() {
    // Marshal c6 takes the general on c7 and stands there; the count resets.
    let p = pos("1f3/5/5/5/5/2j2/2S2/5/5/5/5/1F3 r 12 7");
    let m: Move = "c6c7".parse().unwrap();
    assert_eq!(
        p.combat(m).map(|c| c.outcome),
        Some(AttackOutcome::DefenderRemoved)
    );
    let after = p.play(m).unwrap();
    assert_eq!(after.to_string(), "1f3/5/5/5/5/2S2/5/5/5/5/5/1F3 b 0 7");
    // A platoon attacking the general is removed; the general stays on c7.
    let p = pos("1f3/5/5/5/5/2j2/2P2/5/5/5/5/1F3 r");
    let after = p.play("c6c7".parse().unwrap()).unwrap();
    assert_eq!(after.to_string(), "1f3/5/5/5/5/2j2/5/5/5/5/5/1F3 b 0 1");
    // Equal ranks: both removed.
    let p = pos("1f3/5/5/5/5/2d2/2D2/5/5/5/5/1F3 r");
    let after = p.play("c6c7".parse().unwrap()).unwrap();
    assert_eq!(after.to_string(), "1f3/5/5/5/5/5/5/5/5/5/5/1F3 b 0 1");
    // Engineer clears a landmine and stands on its point.
    let p = pos("lf3/E4/5/5/5/5/5/5/5/5/5/1F3 r");
    let after = p.play("a11a12".parse().unwrap()).unwrap();
    assert_eq!(after.to_string(), "Ef3/5/5/5/5/5/5/5/5/5/5/1F3 b 0 1");
    // A general hits the mine: removed (default) or both removed.
    let s = "lf3/J4/5/5/5/5/5/5/5/5/5/1F3 r";
    let after = pos(s).play("a11a12".parse().unwrap()).unwrap();
    assert_eq!(after.to_string(), "lf3/5/5/5/5/5/5/5/5/5/5/1F3 b 0 1");
    let both = pos_with(s, rules(|r| r.mine_outcome = MineOutcome::BothRemoved));
    let after = both.play("a11a12".parse().unwrap()).unwrap();
    assert_eq!(after.to_string(), "1f3/5/5/5/5/5/5/5/5/5/5/1F3 b 0 1");
    // A bomb takes the flag with it: flag captured, Red wins.
    let p = pos("1f3/1Z3/5/5/5/5/5/5/5/5/5/1F1S1 r");
    let m: Move = "b11b12".parse().unwrap();
    assert!(p.combat(m).unwrap().flag_captured());
    let after = p.play(m).unwrap();
    assert_eq!(after.to_string(), "5/5/5/5/5/5/5/5/5/5/5/1F1S1 b 0 1");
    assert_eq!(
        after.outcome(),
        Some(Outcome::Decisive {
            winner: Side::Red,
            reason: WinReason::FlagCaptured
        })
    );
    assert!(after.legal_moves().is_empty());
}

#[test]
fn l16_flag_captured_comes_first() {
    // Blue has lost its flag and Blue (to move) has nothing movable: still a flag win for Red.
    let p = pos("5/5/5/5/5/5/5/5/5/5/5/1F3 b");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Side::Red,
            reason: WinReason::FlagCaptured
        })
    );
}

#[test]
fn l14_neither_side_movable_is_a_draw_before_no_move() {
    // Only flags and landmines, and a piece locked on a headquarters: nobody can move.
    let p = pos("lf1s1/5/5/5/5/5/5/5/5/5/L4/1F3 r");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoMovablePieces
        })
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn l14_no_legal_move_loses() {
    // Red's only mobile piece is locked on d1; Blue has a marshal: Red to move has no move.
    let p = pos("1f3/3s1/5/5/5/5/5/5/5/5/5/1F1S1 r");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Side::Blue,
            reason: WinReason::NoMove
        })
    );
    // A movable piece with no move: the platoon on a1 between its flag (b1) and its
    // landmine (a2). Red loses; with Blue to move the game goes on.
    let p = pos("1f3/3s1/5/5/5/5/5/5/5/5/L4/PF3 r");
    assert_eq!(p.movable(Side::Red).count(), 1);
    assert_eq!(p.outcome().map(|o| o.reason_str()), Some("no-move"));
    let p = pos("1f3/3s1/5/5/5/5/5/5/5/5/L4/PF3 b");
    assert_eq!(p.outcome(), None);
}

#[test]
fn l15_no_combat_limit_and_its_place_in_the_order() {
    let s69 = "1f3/3s1/5/5/5/5/5/5/5/5/5/1F1S1 r 69 40";
    let s70 = "1f3/5/5/5/5/5/5/5/5/5/S4/1F3 r 70 40";
    let p = pos(s69);
    // Red has no movable piece at all here, Blue has: Red loses whatever the count.
    assert_eq!(p.outcome().map(|o| o.reason_str()), Some("no-move"));
    let p = pos(s70);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoCombatLimit
        })
    );
    assert!(p.legal_moves().is_empty());
    let p = pos("1f3/3s1/5/5/5/5/5/5/5/5/S4/1F3 r 69 40");
    assert_eq!(p.outcome(), None);
    let after = p.play("a2a3".parse().unwrap()).unwrap();
    assert_eq!(
        after.outcome().map(|o| o.reason_str()),
        Some("no-combat-limit")
    );
    // 0 turns it off.
    let off = pos_with(s70, rules(|r| r.no_combat_limit = 0));
    assert_eq!(off.outcome(), None);
    // No legal move at the limit is a loss, not a draw (L-16's order).
    let p = pos("1f3/3s1/5/5/5/5/5/5/5/5/L4/PF3 r 70 40");
    assert_eq!(p.outcome().map(|o| o.reason_str()), Some("no-move"));
}

#[test]
fn l15_repetition_in_a_game() {
    let start = pos_with(
        "1f3/3s1/5/5/5/5/5/5/5/5/3S1/1F3 r",
        rules(|r| r.repetition = std::num::NonZeroU8::new(3)),
    );
    let mut g = Game::new(start.clone());
    let cycle: Vec<Move> = ["d2c2", "d11c11", "c2d2", "c11d11"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    for m in &cycle {
        g.play(*m).unwrap();
    }
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.outcome(), None);
    for m in &cycle {
        g.play(*m).unwrap();
    }
    assert_eq!(g.occurrences(), 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert!(g.legal_moves().is_empty());
    assert!(matches!(g.play(cycle[0]), Err(GameError::Over(_))));
    // Off by default: the same moves under the standard ruleset go on.
    let mut g = Game::new(start.with_ruleset(luzhanqi::Ruleset::STANDARD));
    for m in cycle.iter().chain(&cycle) {
        g.play(*m).unwrap();
    }
    assert_eq!(g.outcome(), None);
    assert_eq!(sq("d2"), g.moves()[0].from);
}
