//! The evaluation of 全明 (open) positions by team: a score for Red–Blue (its negation for
//! Green–Yellow), in the units of 陸戰棋's evaluation, where a company commander (連長) is
//! about 100. Won and lost positions are scored by the search, not here: a win in `n` plies
//! is [`WIN`] − `n`.
//!
//! A team's value is the sum over its seats **in play** (L-51: a seat out counts nothing, and
//! under `out_pieces` `stay` its pieces are only obstacles) of:
//!
//! 1. **The seat itself**: [`SEAT_IN_PLAY`]. A team down to one seat moves half as often and
//!    has one flag left to lose, so a seat out (L-51 … L-53) costs more than its pieces.
//! 2. **Material by rank** ([`piece_value`]): 陸戰棋's [`BASE_VALUE`] for ranked pieces,
//!    engineers and landmines; a bomb [`BOMB_VALUE`]; the flag nothing (its loss puts the seat
//!    out, term 1).
//! 3. **Flag safety**: [`FLAG_ATTACKED`] off for each enemy movable piece on a point next to
//!    the seat's flag while the flag is open to attack (L-12: under `after_mines` only once the
//!    seat's landmines are gone). A headquarters is not a railway point, so a piece reaches
//!    the flag only by a step from a neighbour: these are exactly the pieces that could take it
//!    on their seat's next turn. Then [`FLAG_NEAR`] × (4 − distance) off for each enemy
//!    movable piece within distance 3, and [`FLAG_GUARD`] for each own piece next to the flag.
//! 4. **Threats to the enemy flags**: the same terms seen from the other team, since the score
//!    is one team's sum less the other's.
//! 5. **Pressure**: [`APPROACH`] × (24 − distance to the nearest enemy flag of a seat in play)
//!    for each movable piece, so that a quiet position still has a direction.
//!
//! Distance is files apart plus ranks apart in the board's one frame (L-40).
//!
//! ```
//! use siguo::Position;
//! use siguo_engine::eval::evaluate;
//! // Four equal default deployments: the cross board is symmetric under the quarter turn.
//! assert_eq!(evaluate(&Position::default()), 0);
//! ```

use luzhanqi::{AttackOutcome, FlagCapture, Kind};
use siguo::{Move, Point, Position, Seat, Team};

pub use luzhanqi_engine::eval::{BASE_VALUE, WIN, WIN_BOUND};

/// For each seat in play.
pub const SEAT_IN_PLAY: i32 = 2_000;
/// A bomb's value (L-11: it removes whatever it meets).
pub const BOMB_VALUE: i32 = 350;
/// Off for each enemy movable piece next to an open flag.
pub const FLAG_ATTACKED: i32 = 900;
/// Times (4 − distance) off for each enemy movable piece within distance 3 of the flag.
pub const FLAG_NEAR: i32 = 25;
/// For each own piece next to the own flag.
pub const FLAG_GUARD: i32 = 15;
/// Times (24 − distance to the nearest enemy flag) for each movable piece.
pub const APPROACH: i32 = 2;
/// What taking a flag is worth to move ordering and to the heuristic's reply term.
pub const FLAG_GAIN: i32 = SEAT_IN_PLAY + 1_000;

/// The value of a piece of `kind` (term 2 of the module documentation).
///
/// ```
/// use luzhanqi::Kind;
/// use siguo_engine::eval::piece_value;
/// assert!(piece_value(Kind::Marshal) > piece_value(Kind::General));
/// assert_eq!(piece_value(Kind::Flag), 0);
/// ```
#[must_use]
pub const fn piece_value(kind: Kind) -> i32 {
    match kind {
        Kind::Bomb => BOMB_VALUE,
        k => BASE_VALUE[k.index()],
    }
}

/// Files apart plus ranks apart.
#[must_use]
pub fn distance(a: Point, b: Point) -> i32 {
    (i32::from(a.file()) - i32::from(b.file())).abs()
        + (i32::from(a.rank()) - i32::from(b.rank())).abs()
}

/// Whether a piece of `kind` may ever move from `p` (L-6, L-10).
fn movable(pos: &Position, kind: Kind, p: Point) -> bool {
    kind.is_mobile() && !(pos.rules().base.hq_lock && p.is_headquarters())
}

/// The score of `pos` for Red–Blue (see the module documentation); Green–Yellow's is its
/// negation ([`for_team`]).
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    // One pass for the flags and the landmines, one for the terms.
    let mut flag: [Option<Point>; 4] = [None; 4];
    let mut mines = [0u8; 4];
    for p in Point::all() {
        if let Some(pc) = pos.piece_at(p) {
            match pc.kind {
                Kind::Flag => flag[pc.seat.index()] = Some(p),
                Kind::Landmine => mines[pc.seat.index()] += 1,
                _ => {}
            }
        }
    }
    let in_play: [bool; 4] = std::array::from_fn(|i| pos.in_play(Seat::from_index(i)));
    let any_flag = pos.rules().base.flag_capture == FlagCapture::Any;
    let mut seat_score = [0i32; 4];
    for s in Seat::ALL {
        if in_play[s.index()] {
            seat_score[s.index()] += SEAT_IN_PLAY;
        }
    }
    for p in Point::all() {
        let Some(pc) = pos.piece_at(p) else { continue };
        let s = pc.seat.index();
        if !in_play[s] {
            continue;
        }
        let mut v = piece_value(pc.kind);
        if movable(pos, pc.kind, p) {
            let team = pc.seat.team();
            let mut nearest = i32::MAX;
            for e in Seat::ALL {
                if e.team() == team || !in_play[e.index()] {
                    continue;
                }
                if let Some(f) = flag[e.index()] {
                    let d = distance(p, f);
                    nearest = nearest.min(d);
                    if d <= 3 {
                        // Term 3 for the flag's seat: an enemy next to (or near) its flag.
                        let open = any_flag || mines[e.index()] == 0;
                        let threat = if d == 1 && open && f.neighbours().contains(&p) {
                            FLAG_ATTACKED
                        } else {
                            FLAG_NEAR * (4 - d)
                        };
                        seat_score[e.index()] -= threat;
                    }
                }
            }
            if nearest != i32::MAX {
                v += APPROACH * (24 - nearest).max(0);
            }
        }
        if let Some(f) = flag[s]
            && f.neighbours().contains(&p)
        {
            v += FLAG_GUARD;
        }
        seat_score[s] += v;
    }
    seat_score[0] + seat_score[2] - seat_score[1] - seat_score[3]
}

/// A Red–Blue score seen by `team`.
#[must_use]
pub const fn for_team(score: i32, team: Team) -> i32 {
    match team {
        Team::RedBlue => score,
        Team::GreenYellow => -score,
    }
}

/// What an attack gains its mover in material (positive: good for the mover), `None` for a
/// move onto an empty point. Taking a flag gains [`FLAG_GAIN`].
#[must_use]
pub fn capture_gain(pos: &Position, m: Move) -> Option<i32> {
    let c = pos.combat(m)?;
    let dv = if c.defender == Kind::Flag {
        FLAG_GAIN
    } else {
        piece_value(c.defender)
    };
    let av = piece_value(c.attacker);
    Some(match c.outcome {
        AttackOutcome::DefenderRemoved => dv,
        AttackOutcome::BothRemoved => dv - av,
        AttackOutcome::AttackerRemoved => -av,
    })
}

/// The best gain the seat to move could make by one attack now (0 if none gains).
#[must_use]
pub fn best_capture(pos: &Position) -> i32 {
    pos.legal_moves()
        .into_iter()
        .filter_map(|m| capture_gain(pos, m))
        .max()
        .unwrap_or(0)
        .max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// L-51: a seat out of play counts nothing, its seat bonus gone.
    #[test]
    fn a_seat_out_costs_its_team() {
        let text = "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3 r rgby 0 1";
        let pos = Position::from_text(text, siguo::Rules::STANDARD).unwrap();
        let mut rules = siguo::Rules::STANDARD;
        rules.surrender_after = 0;
        let mut out = Position::from_text(text, rules).unwrap();
        let before = evaluate(&out);
        assert_eq!(before, evaluate(&pos));
        out.surrender(Seat::Yellow).unwrap();
        assert!(evaluate(&out) >= before + SEAT_IN_PLAY);
    }

    /// Term 3: an enemy next to an open flag (L-12 `any`) is a threat the score sees.
    #[test]
    fn an_enemy_next_to_the_flag_is_a_threat() {
        // Green's engineer on g1 next to Red's flag h1, or far away on q11.
        let near = "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/gErF3 r rgby 0 1";
        let far = "3bF1/5/5/2bS2/5/5/14gE/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3 r rgby 0 1";
        let near = Position::from_text(near, siguo::Rules::STANDARD).unwrap();
        let far = Position::from_text(far, siguo::Rules::STANDARD).unwrap();
        assert!(evaluate(&far) - evaluate(&near) >= FLAG_ATTACKED);
    }
}
