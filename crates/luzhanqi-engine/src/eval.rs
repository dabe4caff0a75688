//! The evaluation of open positions: a score for the side to move, in units where a company
//! commander (連長) is about 100.
//!
//! The score is the difference of two sides' sums. A side's sum has these terms (each named
//! by a constant below, so that a test or a tuning run can refer to it):
//!
//! 1. **Material** ([`piece_value`]). Ranked pieces by rank ([`BASE_VALUE`]), with three
//!    dynamic values:
//!    - a ranked piece that outranks every enemy ranked piece (it can be stopped only by a
//!      bomb, a landmine or an equal) is worth [`TOP_PIECE_BONUS_PCT`] % more;
//!    - a **bomb** is worth [`BOMB_BASE`] plus half of the enemy's best ranked piece: its
//!      value is the trade it can still make (L-11: a bomb removes whatever it meets);
//!    - an **engineer** is worth [`ENGINEER_MINE_BONUS`] more, shared among the side's
//!      engineers, while the enemy has landmines: only engineers clear them (L-11), so the
//!      last engineer is the dearest;
//!    - a **landmine** next to its own flag is worth [`GUARD_MINE_BONUS`] more (it guards it).
//! 2. **The flag's defenders**: [`FLAG_GUARD`] for each own piece on a point next to the own
//!    flag, and [`FLAG_THREAT`] × (4 − distance) against each enemy movable piece within
//!    distance 3 of it (distance: files plus ranks).
//! 3. **Engineers against landmines**: while landmines stand next to the enemy flag, each own
//!    engineer earns [`ENGINEER_APPROACH`] × (10 − its distance to the nearest of them).
//! 4. **Mobility on the railway**: [`RAIL_PIECE`] for each own movable piece on a railway
//!    point (an engineer: [`RAIL_ENGINEER`]): from there it runs the lines (L-8, L-9).
//! 5. **Pressure on the flag**: each own movable ranked piece earns (14 − its distance to the
//!    enemy flag) × [`APPROACH_TOP`] if it outranks every enemy ranked piece, else ×
//!    [`APPROACH`]; and [`FORWARD_CAMP`] for each own piece in a camp of the enemy half (a
//!    camp's piece cannot be attacked, L-10).
//!
//! The side to move gets [`TEMPO`]. Won and lost positions are scored by the search, not here:
//! a win in `n` plies is `WIN - n`.
//!
//! ```
//! use luzhanqi::Position;
//! use luzhanqi_engine::eval::evaluate;
//! // The default start is symmetric: only the tempo separates the sides.
//! assert_eq!(evaluate(&Position::default()), luzhanqi_engine::eval::TEMPO);
//! ```

use luzhanqi::board::{CAMPS, RAILWAY, neighbours};
use luzhanqi::{Bitboard, Kind, Position, Side, Square};

/// The win scale every engine shares (`junqi-search`'s): a win now scores [`WIN`], a win in
/// `n` plies `WIN - n`; scores beyond [`WIN_BOUND`] are wins or losses found by the search.
pub use junqi_search::{WIN, WIN_BOUND};

/// The base value of each kind, in [`Kind::ALL`] order: 司令 1000, 軍長 750, 師長 450, 旅長 320,
/// 團長 220, 營長 150, 連長 100, 排長 70, 工兵 110, 炸彈 (see [`BOMB_BASE`]), 地雷 60, 軍旗 0
/// (its loss ends the game).
pub const BASE_VALUE: [i32; 12] = [1000, 750, 450, 320, 220, 150, 100, 70, 110, 0, 60, 0];
/// Percentage added to a ranked piece that outranks every enemy ranked piece.
pub const TOP_PIECE_BONUS_PCT: i32 = 30;
/// A bomb's value before half of the enemy's best ranked piece is added.
pub const BOMB_BASE: i32 = 100;
/// Shared among a side's engineers while the enemy has a landmine.
pub const ENGINEER_MINE_BONUS: i32 = 180;
/// Added to a landmine next to its own flag.
pub const GUARD_MINE_BONUS: i32 = 60;
/// For each own piece next to the own flag.
pub const FLAG_GUARD: i32 = 12;
/// Times (4 − distance) for each enemy movable piece within distance 3 of the own flag.
pub const FLAG_THREAT: i32 = 30;
/// Times (10 − distance to the nearest landmine next to the enemy flag), per own engineer.
pub const ENGINEER_APPROACH: i32 = 4;
/// For each own movable piece on a railway point.
pub const RAIL_PIECE: i32 = 6;
/// For each own engineer on a railway point.
pub const RAIL_ENGINEER: i32 = 12;
/// Times (14 − distance to the enemy flag) for a ranked piece outranking every enemy one.
pub const APPROACH_TOP: i32 = 6;
/// Times (14 − distance to the enemy flag) for any other movable ranked piece.
pub const APPROACH: i32 = 1;
/// For each own piece in a camp of the enemy half.
pub const FORWARD_CAMP: i32 = 15;
/// For the side to move.
pub const TEMPO: i32 = 10;

/// Distance between two points: files apart plus ranks apart.
#[must_use]
pub fn distance(a: Square, b: Square) -> i32 {
    (i32::from(a.file()) - i32::from(b.file())).abs()
        + (i32::from(a.rank()) - i32::from(b.rank())).abs()
}

/// The highest rank among `side`'s ranked pieces, 0 if it has none.
fn top_rank(pos: &Position, side: Side) -> u8 {
    top_rank_by(|s, k| pos.pieces(s, k).count(), side)
}

/// The highest rank among `side`'s ranked pieces counted by `count` (side, kind), 0 if it has
/// none: open play counts the board, flip play the face-up and unseen pieces.
#[inline]
pub(crate) fn top_rank_by(count: impl Fn(Side, Kind) -> u32, side: Side) -> u8 {
    top_kind(&count, side).and_then(Kind::rank).unwrap_or(0)
}

/// `side`'s highest ranked kind that `count` finds, if any.
#[inline]
fn top_kind(count: &impl Fn(Side, Kind) -> u32, side: Side) -> Option<Kind> {
    Kind::ALL[..9].iter().copied().find(|&k| count(side, k) > 0)
}

/// The value of one of `side`'s pieces of `kind` in `pos` (material term 1 of the module
/// documentation).
///
/// ```
/// use luzhanqi::{Kind, Position, Side};
/// use luzhanqi_engine::eval::piece_value;
/// let pos = Position::default();
/// // A bomb is worth more than a brigade commander while the enemy has its marshal.
/// assert!(piece_value(&pos, Side::Red, Kind::Bomb) > piece_value(&pos, Side::Red, Kind::Brigade));
/// ```
#[must_use]
pub fn piece_value(pos: &Position, side: Side, kind: Kind) -> i32 {
    value_by(
        |s, k| pos.pieces(s, k).count(),
        side,
        kind,
        ENGINEER_MINE_BONUS,
    )
}

/// Material term 1 of the module documentation for pieces counted by `count` (side, kind):
/// the board's in open play, the face-up and unseen ones in flip play, whose engineers'
/// share of the landmine bonus is `mine_bonus`. A landmine's guard bonus depends on its
/// point: [`side_score`] adds it.
#[inline]
pub(crate) fn value_by(
    count: impl Fn(Side, Kind) -> u32,
    side: Side,
    kind: Kind,
    mine_bonus: i32,
) -> i32 {
    let them = side.other();
    match kind {
        Kind::Bomb => BOMB_BASE + top_kind(&count, them).map_or(0, |k| BASE_VALUE[k.index()]) / 2,
        Kind::Engineer => {
            let mut v = BASE_VALUE[kind.index()];
            if count(them, Kind::Landmine) > 0 {
                let n = count(side, Kind::Engineer).max(1) as i32;
                v += mine_bonus / n;
            }
            v
        }
        Kind::Landmine | Kind::Flag => BASE_VALUE[kind.index()],
        k => {
            let v = BASE_VALUE[k.index()];
            if k.rank().unwrap_or(0) > top_rank_by(&count, them) {
                v + v * TOP_PIECE_BONUS_PCT / 100
            } else {
                v
            }
        }
    }
}

/// `side`'s sum of the module documentation's terms.
#[must_use]
pub fn side_score(pos: &Position, side: Side) -> i32 {
    let them = side.other();
    let own = pos.side_pieces(side);
    let movable = pos.movable(side);
    let own_flag = pos.pieces(side, Kind::Flag).first();
    let enemy_flag = pos.pieces(them, Kind::Flag).first();
    let enemy_top = top_rank(pos, them);
    let mut s = 0;

    // 1. Material.
    for kind in Kind::ALL {
        let set = pos.pieces(side, kind);
        if set.is_empty() {
            continue;
        }
        let n = set.count() as i32;
        match kind {
            Kind::Landmine => {
                let guard = own_flag.map_or(Bitboard::EMPTY, neighbours);
                s += n * BASE_VALUE[kind.index()];
                s += (set & guard).count() as i32 * GUARD_MINE_BONUS;
            }
            _ => s += n * piece_value(pos, side, kind),
        }
    }

    // 2. The flag's defenders.
    if let Some(f) = own_flag {
        s += (own & neighbours(f)).count() as i32 * FLAG_GUARD;
        for e in pos.movable(them) {
            let d = distance(e, f);
            if d <= 3 {
                s -= FLAG_THREAT * (4 - d);
            }
        }
    }

    if let Some(ef) = enemy_flag {
        // 3. Engineers against the landmines round the enemy flag.
        let guard_mines = pos.pieces(them, Kind::Landmine) & neighbours(ef);
        if !guard_mines.is_empty() {
            for e in pos.pieces(side, Kind::Engineer) {
                let d = guard_mines
                    .iter()
                    .map(|m| distance(e, m))
                    .min()
                    .unwrap_or(10);
                s += ENGINEER_APPROACH * (10 - d).max(0);
            }
        }
        // 5. Pressure on the flag.
        for kind in &Kind::ALL[..8] {
            let w = if kind.rank().unwrap_or(0) > enemy_top {
                APPROACH_TOP
            } else {
                APPROACH
            };
            for p in pos.pieces(side, *kind) & movable {
                s += w * (14 - distance(p, ef)).max(0);
            }
        }
    }

    // 4. Mobility on the railway.
    let engineers = pos.pieces(side, Kind::Engineer);
    s += ((movable & RAILWAY) - engineers).count() as i32 * RAIL_PIECE;
    s += (movable & RAILWAY & engineers).count() as i32 * RAIL_ENGINEER;

    // 5 (cont.). Forward camps.
    let enemy_half = match side {
        Side::Red => luzhanqi::board::BLUE_HALF,
        Side::Blue => luzhanqi::board::RED_HALF,
    };
    s += (own & CAMPS & enemy_half).count() as i32 * FORWARD_CAMP;
    s
}

/// The evaluation for the side to move: its [`side_score`] less the enemy's, plus [`TEMPO`].
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.turn();
    side_score(pos, us) - side_score(pos, us.other()) + TEMPO
}
