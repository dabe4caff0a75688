//! The search's probe (`Prober`) against `Tablebase::probe_dtm`: the same answer on every
//! index of several endings (terminal positions included), along random games out of them
//! (captures into smaller endings, pending returns R-19, kings taken R-21), under a ruleset
//! value that plays as the standard one, and `None` beyond the units held.

use gjjq_core::ruleset::MissileDeployment;
use gjjq_core::{Position, Ruleset, Side};
use gjjq_tablebase::{Ending, Prober, Tablebase, Value};
use rand::{Rng, SeedableRng, rngs::StdRng};

/// What the comparisons met, so that a test can say it met each case.
#[derive(Debug, Default)]
struct Met {
    compared: usize,
    terminal: usize,
    wins: usize,
    losses: usize,
    draws: usize,
    pending: usize,
    /// Pending returns whose placement the index of their ending holds with another value
    /// than theirs: where reading the word without resolving the return would be wrong.
    pending_word_differs: usize,
    king_taken: usize,
    uncovered: usize,
}

/// Compares the two probes on `pos`, counting what it is.
fn compare(tb: &Tablebase, prober: &Prober<'_>, pos: &Position, met: &mut Met) {
    let slow = tb.probe_dtm(pos).ok();
    let fast = prober.probe_dtm(pos);
    assert_eq!(fast, slow, "{pos}");
    assert_eq!(
        prober.probe_wdl(pos),
        slow.map(Value::wdl),
        "{pos}: probe_wdl"
    );
    met.compared += 1;
    if pos.pending_return(Side::Red).is_some() || pos.pending_return(Side::Green).is_some() {
        met.pending += 1;
        if let Some((index, words)) = tb.raw(&Ending::of(pos))
            && let Some(idx) = index.index_of(pos)
            && decode(words[idx]) != slow
        {
            met.pending_word_differs += 1;
        }
    }
    if pos.king(Side::Red).is_none() || pos.king(Side::Green).is_none() {
        met.king_taken += 1;
    }
    if pos.outcome().is_some() {
        met.terminal += 1;
    }
    match slow {
        Some(Value::Win(_)) => met.wins += 1,
        Some(Value::Loss(_)) => met.losses += 1,
        Some(Value::Draw) => met.draws += 1,
        None => met.uncovered += 1,
    }
}

/// A stored word's value (`docs/endgames.md`: 0 a draw, `0x8000 | n` a win, `0x4000 | n` a
/// loss, `0xFFFF` not a position).
fn decode(w: u16) -> Option<Value> {
    match w >> 14 {
        0 if w == 0 => Some(Value::Draw),
        2 => Some(Value::Win(w & 0x3FFF)),
        1 => Some(Value::Loss(w & 0x3FFF)),
        _ => None,
    }
}

/// The tables of `names` (and the endings they reach).
fn tables(names: &[&str]) -> Tablebase {
    let mut tb = Tablebase::new();
    for name in names {
        tb.generate(&name.parse().unwrap()).unwrap();
    }
    tb
}

/// Every index of each ending: the stored positions, terminal ones included.
#[test]
fn every_index_of_small_endings_probes_alike() {
    let names = ["KvK", "IvK", "KvG", "GvG", "MvI", "IvF", "DvA", "IIvK"];
    let tb = tables(&names);
    let prober = tb.prober(&Ruleset::STANDARD).unwrap();
    let mut met = Met::default();
    for name in names {
        let ending: Ending = name.parse().unwrap();
        let (index, _) = tb.raw(&ending).unwrap();
        for idx in 0..index.size() {
            if let Some(pos) = index.position(idx) {
                compare(&tb, &prober, &pos, &mut met);
                // Its mirror image (stored as the position itself) probes alike too.
                let mirrored = mirror(&pos);
                compare(&tb, &prober, &mirrored, &mut met);
            }
        }
    }
    assert!(met.compared > 500_000, "{met:?}");
    assert!(met.terminal > 1000, "{met:?}");
    assert!(
        met.wins > 1000 && met.losses > 1000 && met.draws > 1000,
        "{met:?}"
    );
    assert_eq!(met.uncovered, 0, "{met:?}");
}

/// The mirror image of `pos` (x ↔ 8 − x), with the same side to move.
fn mirror(pos: &Position) -> Position {
    let mut setup = gjjq_core::Setup::empty();
    for sq in pos.occupied() {
        let to = gjjq_core::Square::new(8 - sq.x(), sq.y()).unwrap();
        setup.set(to, pos.piece_at(sq));
    }
    setup.turn = pos.turn();
    Position::from_setup(setup).unwrap()
}

/// Random games from random positions of three-unit endings: every position met, captures
/// into the sub-endings, pending returns and taken kings among them.
#[test]
fn random_games_out_of_three_unit_endings_probe_alike() {
    let names = ["MGvI", "MvIG", "FvGG", "GvMI"];
    let tb = tables(&names);
    let prober = tb.prober(&Ruleset::STANDARD).unwrap();
    let mut rng = StdRng::seed_from_u64(385);
    let mut met = Met::default();
    for name in names {
        let ending: Ending = name.parse().unwrap();
        assert_eq!(ending.units(), 3);
        let (index, _) = tb.raw(&ending).unwrap();
        let mut games = 0;
        while games < 2500 {
            let Some(mut pos) = index.position(rng.random_range(0..index.size())) else {
                continue;
            };
            games += 1;
            for _ in 0..24 {
                compare(&tb, &prober, &pos, &mut met);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                pos = pos.play(m).unwrap();
            }
            if pos.legal_moves().is_empty() {
                compare(&tb, &prober, &pos, &mut met);
            }
        }
    }
    assert!(met.compared > 100_000, "{met:?}");
    assert!(met.pending > 100, "{met:?}");
    assert!(met.pending_word_differs > 10, "{met:?}");
    assert!(met.king_taken > 100, "{met:?}");
    assert!(met.terminal > 1000, "{met:?}");
    assert!(
        met.wins > 1000 && met.losses > 1000 && met.draws > 1000,
        "{met:?}"
    );
    assert_eq!(met.uncovered, 0, "{met:?}");
}

/// A position under a ruleset value that is not the prober's but plays as standard (another
/// deployment option) gets the full check and the same answers; one under a ruleset that does
/// not play as standard is not covered, as `probe_dtm` refuses it.
#[test]
fn other_ruleset_values_probe_alike() {
    let tb = tables(&["MvI", "IIvK"]);
    let prober = tb.prober(&Ruleset::STANDARD).unwrap();
    let mut deploy = Ruleset::STANDARD;
    deploy.deployment.missile_deployment = MissileDeployment::BackRanks;
    let deploy_prober = tb.prober(&deploy).unwrap();
    let mut diagonals = Ruleset::STANDARD;
    diagonals.king_palace_diagonals = true;
    let mut rng = StdRng::seed_from_u64(7);
    let mut met = Met::default();
    let mut other = Met::default();
    for name in ["MvI", "IIvK"] {
        let (index, _) = tb.raw(&name.parse().unwrap()).unwrap();
        let mut n = 0;
        while n < 3000 {
            let Some(pos) = index.position(rng.random_range(0..index.size())) else {
                continue;
            };
            n += 1;
            let pos = pos.with_ruleset(deploy);
            compare(&tb, &prober, &pos, &mut met);
            compare(&tb, &deploy_prober, &pos, &mut met);
            let pos = pos.with_ruleset(diagonals);
            compare(&tb, &prober, &pos, &mut other);
        }
    }
    assert_eq!(met.uncovered, 0, "{met:?}");
    assert_eq!(other.uncovered, other.compared, "{other:?}");
}

/// Beyond the units held: `None` (where `probe_dtm` says too many units), and a set's prober
/// covers only the endings it holds (a partial set: the rules' verdict or nothing).
#[test]
fn more_units_or_endings_not_held() {
    let tb = tables(&["IvK"]);
    let prober = tb.prober(&Ruleset::STANDARD).unwrap();
    assert_eq!(prober.max_units(), 1);
    assert_eq!(prober.probe_dtm(&Position::default()), None);
    assert!(tb.probe_dtm(&Position::default()).is_err());
    // KvI and KvG are not held: an undecided position is not covered, a decided one (KvG:
    // kings and a guard, insufficient material R-24) is the rules' verdict, as `probe_dtm`
    // gives them.
    let mut met = Met::default();
    let other = tables(&["KvI", "KvG"]);
    for name in ["KvI", "KvG"] {
        let (index, _) = other.raw(&name.parse().unwrap()).unwrap();
        for idx in 0..index.size() {
            if let Some(pos) = index.position(idx) {
                compare(&tb, &prober, &pos, &mut met);
            }
        }
    }
    assert!(met.uncovered > 1000 && met.terminal > 100, "{met:?}");
    assert_eq!(met.uncovered + met.terminal, met.compared, "{met:?}");
}

/// The root's move list: `Tablebase::best_moves`, move for move, value for value.
#[test]
fn best_moves_agree() {
    let tb = tables(&["MvI", "DvA"]);
    let prober = tb.prober(&Ruleset::STANDARD).unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    for name in ["MvI", "DvA"] {
        let (index, _) = tb.raw(&name.parse().unwrap()).unwrap();
        let mut n = 0;
        while n < 2000 {
            let Some(pos) = index.position(rng.random_range(0..index.size())) else {
                continue;
            };
            n += 1;
            assert_eq!(prober.best_moves(&pos), tb.best_moves(&pos).ok(), "{pos}");
        }
    }
}
