//! A hand-written table of records and the moves they name, derived from the
//! rules by hand, not by running the code.

use gjjq_core::{Move, MoveKind, Position, Removal, Script, Setup};
use gjjq_notation::{MoveText, Record};

const OPENING: &str = "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1";
const OPENING_G: &str = "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF g - 0 1";
// Red to move; Red K 5E, G 4C, M 3C, I 5A and 9a, P 9A, F 9d, D 7A; Green k 5e, i 5a, i 7C.
const POS_A: &str = "4k4/F8/9/9/I3i4/4I1D1P/9/2MG2i2/9/4K4 r -";
// Green to move; Green k 5e, m 3e, a 3d, i 5a and 5A, p 3B; Red K 5E, A 3D 7D, F 1B, I 7a.
const POS_B: &str = "4k1m2/6a2/9/9/2I1i4/4i4/F1p6/9/2A3A2/4K4 g -";
// Returns: the origin of each pending return is empty.
const RET_RED_MISSILE: &str = "4k4/2M6/9/9/9/9/9/9/9/4K4 r r7d3E";
const RET_GREEN_MISSILE: &str = "4k4/9/9/9/9/9/9/9/6m2/4K4 g g7D3e";
const RET_RED_FLEET: &str = "4k4/9/9/9/9/9/9/3F5/9/4K4 r r4C1D";
const RET_ALONG_RANK: &str = "4k4/9/9/9/9/9/9/6M2/9/4K4 r r7C3C";
// Forfeits: the king is attacked while a return is owed (Green aircraft on 5B, infantry 4E).
const FORFEIT_RED: &str = "4k4/2M6/9/9/9/9/4p4/9/9/3iK4 r r7d3E";
// Red aircraft on 5b attacks Green's king while Green owes a return.
const FORFEIT_GREEN: &str = "4k4/9/9/4P4/9/9/9/9/6m2/4K4 g g7D3e";
// Removal: the origin 3E of Red's striker is occupied by Red's aircraft.
const REMOVAL: &str = "4k4/2M6/9/9/9/9/2i6/9/9/2P1K4 r r7d3E";

/// (position, record, ASCII form, variant)
const TABLE: &[(&str, &str, &str, &str)] = &[
    // The default opening, Red.
    (OPENING, "团5B进5A", "5B5A", "Quiet"),
    (OPENING, "弹3E攻7d", "3E7d", "ReturningCapture"),
    (OPENING, "师2D进3B", "2D3B", "Quiet"),
    (OPENING, "机2E进2B", "2E2B", "Quiet"),
    (OPENING, "军3D进3B", "3D3B", "Quiet"),
    (OPENING, "军3D进4C", "3D4C", "Quiet"),
    (OPENING, "团4B移3B", "4B3B", "Quiet"),
    (OPENING, "团5B退5C", "5B5C", "Quiet"),
    // The default opening, Green to move.
    (OPENING_G, "团5b进5a", "5b5a", "Quiet"),
    (OPENING_G, "弹3e攻7D", "3e7D", "ReturningCapture"),
    (OPENING_G, "师2d进3b", "2d3b", "Quiet"),
    // Red, both countries.
    (POS_A, "团5A攻5a", "5A5a", "Capture"),
    (POS_A, "团5A移4A", "5A4A", "Quiet"),
    (POS_A, "团5A退5B", "5A5B", "Quiet"),
    (POS_A, "团9a侵9b", "9a9b", "Quiet"),
    (POS_A, "团9a移8a", "9a8a", "Quiet"),
    (POS_A, "机9A侵2a", "9A2a", "Quiet"),
    (POS_A, "机9A侵1a", "9A1a", "Quiet"),
    (POS_A, "机9A退9B", "9A9B", "Quiet"),
    (POS_A, "机9A移8A", "9A8A", "Quiet"),
    (POS_A, "机9A除7C", "9A7C", "Capture"),
    (POS_A, "舰9d撤8a", "9d8a", "Quiet"),
    (POS_A, "弹3C吞7C", "3C7C", "ReturningCapture"),
    (POS_A, "弹3C退4D", "3C4D", "Quiet"),
    (POS_A, "总5E进5D", "5E5D", "Quiet"),
    (POS_A, "总5E移4E", "5E4E", "Quiet"),
    (POS_A, "卫4C退4E", "4C4E", "Quiet"),
    (POS_A, "卫4C移5C", "4C5C", "Quiet"),
    (POS_A, "师7A侵2b", "7A2b", "Quiet"),
    (POS_A, "师7A退5B", "7A5B", "Quiet"),
    // Green, both countries.
    (POS_B, "团5A侵5B", "5A5B", "Quiet"),
    (POS_B, "团5A移4A", "5A4A", "Quiet"),
    (POS_B, "团5a退5b", "5a5b", "Quiet"),
    (POS_B, "团5a移6a", "5a6a", "Quiet"),
    (POS_B, "机3B撤3A", "3B3A", "Quiet"),
    (POS_B, "机3B撤7b", "3B7b", "Quiet"),
    (POS_B, "机3B侵3C", "3B3C", "Quiet"),
    (POS_B, "机3B攻3D", "3B3D", "Capture"),
    (POS_B, "机3B吞1B", "3B1B", "Capture"),
    (POS_B, "机3B除7a", "3B7a", "Capture"),
    (POS_B, "弹3e攻7D", "3e7D", "ReturningCapture"),
    (POS_B, "弹3e移4e", "3e4e", "Quiet"),
    // Returns take the quiet word of their direction.
    (RET_RED_MISSILE, "弹7d撤3E", "7d3E", "Return"),
    (RET_GREEN_MISSILE, "弹7D撤3e", "7D3e", "Return"),
    (RET_RED_FLEET, "舰4C退1D", "4C1D", "Return"),
    (RET_ALONG_RANK, "弹7C移3C", "7C3C", "Return"),
    // Forfeits are written as the king's move.
    (FORFEIT_RED, "弹7d撤3E", "7d3E", "Return"),
    (FORFEIT_RED, "总5E吞4E", "5E4E", "Forfeit"),
    (FORFEIT_RED, "总5E移6E", "5E6E", "Forfeit"),
    (FORFEIT_RED, "总5E进5D", "5E5D", "Forfeit"),
    (FORFEIT_GREEN, "主5e进5d", "5e5d", "Forfeit"),
    (FORFEIT_GREEN, "主5e移4e", "5e4e", "Forfeit"),
    (FORFEIT_GREEN, "弹7D撤3e", "7D3e", "Return"),
    // A move after a removal is written as that move.
    (REMOVAL, "机3E进3D", "3E3D", "AfterRemoval"),
    (REMOVAL, "机3E攻3B", "3E3B", "AfterRemoval"),
    (REMOVAL, "总5E进5D", "5E5D", "AfterRemoval"),
];

/// The case of that `m` is in `pos`.
fn variant(pos: &Position, m: Move) -> &'static str {
    let info = pos.classify(m).expect("a mover");
    match (info.removal, info.kind) {
        (Some(Removal::Forfeit(_)), _) => "Forfeit",
        (Some(Removal::BeforeMove(_)), _) => "AfterRemoval",
        (_, MoveKind::Quiet) => "Quiet",
        (_, MoveKind::Capture) => "Capture",
        (_, MoveKind::ReturningCapture) => "ReturningCapture",
        (_, MoveKind::Return) => "Return",
        _ => "unknown",
    }
}

fn position(s: &str) -> Position {
    Position::from_setup(s.parse::<Setup>().unwrap()).unwrap_or_else(|e| panic!("{s}: {e}"))
}

// each record names the expected move, and the move writes back as the record.
#[test]
fn table_of_records() {
    assert!(TABLE.len() >= 30);
    for &(pos_str, text, ascii, kind) in TABLE {
        let pos = position(pos_str);
        let record: Record = text.parse().unwrap();
        let m = record
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{text} in {pos_str}: {e}"));
        assert_eq!(m.to_string(), ascii, "{text}");
        assert_eq!(variant(&pos, m), kind, "{text}");
        assert_eq!(Record::from_move(&pos, m), record, "{text}");
        let a = MoveText::Ascii(ascii.parse().unwrap());
        assert_eq!(a.to_move(&pos).unwrap(), m, "{ascii}");
        // the traditional form names the same move.
        let trad = record.to_script(Script::Traditional);
        assert_eq!(trad.parse::<Record>().unwrap().to_move(&pos).unwrap(), m);
    }
}

// Every direction word appears for Red and for Green in the table.
#[test]
fn table_covers_every_word_for_both_sides() {
    for side_turn in [" r ", " g "] {
        let words: std::collections::BTreeSet<char> = TABLE
            .iter()
            .filter(|(p, ..)| p.contains(side_turn))
            .map(|(_, r, ..)| r.chars().nth(3).unwrap())
            .collect();
        for w in "进攻侵退除撤移吞".chars() {
            assert!(words.contains(&w), "{w} missing for{side_turn}");
        }
    }
}
