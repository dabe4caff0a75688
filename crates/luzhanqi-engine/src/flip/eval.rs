//! The evaluation of 翻棋 positions: a score for the player to act, in the units of the open
//! evaluation ([`crate::eval`]: a company commander is about 100).
//!
//! A face-down piece is not any particular piece until it is flipped (L-32, played lazily by
//! [`FlipPosition`]); what is known is the pool of unseen pieces. So the material term counts
//! every side's unseen pieces at their full value: the expected value of a face-down point is
//! the pool's mean, and the face-down points together are worth the pool. A flip therefore
//! changes the material only through what it makes possible next (an attack on the revealed
//! piece, or by it), which is the search's business.
//!
//! A side's sum ([`side_score`]):
//!
//! 1. **Material** ([`piece_value`]), face up and unseen alike: the open game's base values
//!    ([`crate::eval::BASE_VALUE`]), with the dynamic values counted over face-up and unseen
//!    pieces together: a ranked piece outranking every enemy ranked piece (face up or unseen)
//!    is worth [`crate::eval::TOP_PIECE_BONUS_PCT`] % more; a bomb
//!    [`crate::eval::BOMB_BASE`] plus half the enemy's best ranked piece; engineers share
//!    [`ENGINEER_MINE_BONUS`] while the enemy has a landmine (under `after_mines` only the
//!    landmines' removal opens the flag, L-12, and only an engineer clears one unharmed).
//! 2. **Hunting** ([`HUNT`]): each own face-up movable ranked piece earns [`HUNT`] × (8 −
//!    distance) toward the nearest enemy face-up piece it beats (an engineer: or a landmine),
//!    so that a stronger side closes in. The game is won by taking the flag or by leaving the
//!    enemy no move (L-14); both need the enemy's pieces taken.
//! 3. **The flag**: once an enemy flag is face up and attackable (no enemy landmine left,
//!    face up or unseen, under `after_mines`), each own movable piece that may attack it (under
//!    `flag_capture` `engineer` an engineer only, L-12) earns [`FLAG_APPROACH`] × (14 −
//!    distance); while its landmines still stand, each own engineer earns
//!    [`ENGINEER_APPROACH`] × (10 − distance) toward the nearest face-up enemy landmine.
//!    [`FLAG_GUARD`] for each own face-up piece next to the own face-up flag.
//! 4. **Mobility**: [`MOBILE`] for each own face-up movable piece.
//! 5. **Progress**: the difference of the sums is scaled by (limit − count) / limit, where
//!    count is the plies with neither an attack nor a flip and limit the ruleset's
//!    `no_combat_limit` (L-15, L-32): the position drifts toward the draw the limit will
//!    declare, so the side ahead attacks or flips (and resets the count) rather than wait.
//!
//! The player to act gets [`crate::eval::TEMPO`]. Before the colours are settled the
//! position is symmetric and scores 0.
//!
//! ```
//! use luzhanqi::flip::FlipPosition;
//! use luzhanqi_engine::flip::eval::evaluate;
//! // Before any flip nobody has a colour: nothing separates the players.
//! assert_eq!(evaluate(&FlipPosition::start()), 0);
//! ```

use luzhanqi::board::neighbours;
use luzhanqi::flip::FlipPosition;
use luzhanqi::{Combat, FlagCapture, Kind, Piece, Side};

use crate::eval::{TEMPO, distance, top_rank_by, value_by};

/// Shared among a side's engineers (face up and unseen) while the enemy has a landmine.
pub const ENGINEER_MINE_BONUS: i32 = 240;
/// Times (8 − distance to the nearest enemy face-up piece it beats), per own movable piece.
pub const HUNT: i32 = 4;
/// Times (14 − distance to an attackable face-up enemy flag), per own movable piece that may
/// attack it.
pub const FLAG_APPROACH: i32 = 12;
/// Times (10 − distance to the nearest face-up enemy landmine), per own face-up engineer,
/// while the enemy flag is face up and protected.
pub const ENGINEER_APPROACH: i32 = 6;
/// For each own face-up piece next to the own face-up flag.
pub const FLAG_GUARD: i32 = 10;
/// For each own face-up movable piece.
pub const MOBILE: i32 = 8;

/// How many `side` pieces of `kind` are face up or unseen.
#[must_use]
pub fn count(pos: &FlipPosition, side: Side, kind: Kind) -> u32 {
    pos.face_up().pieces(side, kind).count() + pos.pool().count(Piece::new(side, kind))
}

/// The highest rank among `side`'s ranked pieces, face up or unseen; 0 if none is left.
#[must_use]
pub fn top_rank(pos: &FlipPosition, side: Side) -> u8 {
    top_rank_by(|s, k| count(pos, s, k), side)
}

/// The value of one of `side`'s pieces of `kind` (face up or unseen) in `pos`: term 1 of the
/// module documentation (open play's, counting the unseen pieces too).
///
/// ```
/// use luzhanqi::flip::FlipPosition;
/// use luzhanqi::{Kind, Side};
/// use luzhanqi_engine::flip::eval::piece_value;
/// let pos = FlipPosition::start();
/// // Blue still has a marshal too, so Red's outranks nothing: its base value, no bonus.
/// assert_eq!(piece_value(&pos, Side::Red, Kind::Marshal), 1000);
/// assert!(piece_value(&pos, Side::Red, Kind::Bomb) > piece_value(&pos, Side::Red, Kind::Brigade));
/// ```
#[must_use]
pub fn piece_value(pos: &FlipPosition, side: Side, kind: Kind) -> i32 {
    value_by(|s, k| count(pos, s, k), side, kind, ENGINEER_MINE_BONUS)
}

/// Whether `attacker` removes `defender` and survives (L-11 under the position's rules).
fn beats(pos: &FlipPosition, attacker: Kind, defender: Kind) -> bool {
    let c = Combat::resolve(attacker, defender, pos.ruleset());
    c.defender_removed() && !c.attacker_removed()
}

/// Whether `side`'s flag may be attacked once found: always under `flag_capture` `any`;
/// under `after_mines` once none of its landmines is left, face up or unseen.
#[must_use]
pub fn flag_open(pos: &FlipPosition, side: Side) -> bool {
    pos.ruleset().flag_capture != FlagCapture::AfterMines || count(pos, side, Kind::Landmine) == 0
}

/// Whether a `kind` may attack an open enemy flag for its kind: any piece, but under
/// `flag_capture` `engineer` an engineer only (L-12).
pub(crate) fn takes_flag(pos: &FlipPosition, kind: Kind) -> bool {
    pos.ruleset().flag_capture != FlagCapture::Engineer || kind == Kind::Engineer
}

/// `side`'s sum of the module documentation's terms.
#[must_use]
pub fn side_score(pos: &FlipPosition, side: Side) -> i32 {
    let them = side.other();
    let board = pos.face_up();
    let movable = board.movable(side);
    let mut s = 0;

    // 1. Material, face up and unseen.
    for kind in Kind::ALL {
        let n = count(pos, side, kind);
        if n > 0 {
            s += n as i32 * piece_value(pos, side, kind);
        }
    }

    // 2. Hunting.
    let enemy = board.side_pieces(them);
    for p in movable {
        let Some(a) = board.piece_at(p) else { continue };
        let mut best: Option<i32> = None;
        for e in enemy {
            let Some(d) = board.piece_at(e) else { continue };
            if d.kind == Kind::Flag || (d.kind == Kind::Landmine && a.kind != Kind::Engineer) {
                continue;
            }
            if a.kind == Kind::Bomb || !beats(pos, a.kind, d.kind) {
                continue;
            }
            let dist = distance(p, e);
            best = Some(best.map_or(dist, |b: i32| b.min(dist)));
        }
        if let Some(d) = best {
            s += HUNT * (8 - d).max(0);
        }
    }

    // 3. The flag.
    if let Some(ef) = board.pieces(them, Kind::Flag).first() {
        if flag_open(pos, them) {
            for p in movable {
                if board.piece_at(p).is_some_and(|a| takes_flag(pos, a.kind)) {
                    s += FLAG_APPROACH * (14 - distance(p, ef)).max(0);
                }
            }
        } else {
            let mines = board.pieces(them, Kind::Landmine);
            if !mines.is_empty() {
                for e in board.pieces(side, Kind::Engineer) {
                    let d = mines.iter().map(|m| distance(e, m)).min().unwrap_or(10);
                    s += ENGINEER_APPROACH * (10 - d).max(0);
                }
            }
        }
    }
    if let Some(f) = board.pieces(side, Kind::Flag).first() {
        s += (board.side_pieces(side) & neighbours(f)).count() as i32 * FLAG_GUARD;
    }

    // 4. Mobility.
    s += movable.count() as i32 * MOBILE;
    s
}

/// The evaluation for the player to act: its colour's [`side_score`] less the enemy's, plus
/// [`TEMPO`], scaled toward the draw by the no-combat count (term 5 of the module
/// documentation); 0 while the colours are unsettled.
#[must_use]
pub fn evaluate(pos: &FlipPosition) -> i32 {
    let Some(us) = pos.side_to_act() else {
        return 0;
    };
    let raw = side_score(pos, us) - side_score(pos, us.other()) + TEMPO;
    let limit = i64::from(pos.ruleset().no_combat_limit);
    if limit == 0 {
        return raw;
    }
    let left = (limit - i64::from(pos.plies_since_attack_or_flip())).max(0);
    (i64::from(raw) * left / limit) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use luzhanqi::ModeRules;
    use luzhanqi::flip::FlipSetup;

    /// Red's score with `placement` (no piece face down, Red to act) under `flag_capture`.
    fn red_score(placement: &str, flag_capture: FlagCapture) -> i32 {
        let setup: FlipSetup = format!("{placement} 1 r -").parse().unwrap();
        let mut rules = ModeRules::FLIP.default_ruleset();
        rules.flag_capture = flag_capture;
        let pos = FlipPosition::from_setup(setup, ModeRules::FLIP, rules).unwrap();
        side_score(&pos, Side::Red)
    }

    #[test]
    fn under_engineer_capture_only_engineers_earn_the_flag_approach() {
        // A Red general, then a Red engineer, on a5 or on a10, against Blue's flag on e12.
        for (piece, approaches_under_engineer) in [('J', false), ('E', true)] {
            let far = format!("4f/5/5/5/5/5/5/{piece}4/5/5/5/F4");
            let near = format!("4f/5/{piece}4/5/5/5/5/5/5/5/5/F4");
            let gain = |fc| red_score(&near, fc) - red_score(&far, fc);
            assert!(gain(FlagCapture::Any) > 0, "{piece}");
            assert_eq!(
                gain(FlagCapture::Engineer) > 0,
                approaches_under_engineer,
                "{piece}"
            );
        }
    }
}
