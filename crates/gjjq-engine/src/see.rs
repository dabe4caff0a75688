//! Static exchange evaluation (SEE): what a capture wins or loses once the exchange on its
//! point is played out, each side recapturing with its least valuable piece or standing pat.
//!
//! The exchange is played on real positions with the library's legal moves, so every rule of
//! 国际军棋 that changes material is counted as it happens:
//!
//! - a **returning capture** (R-19, a missile strike or a fleet capturing inland) leaves the
//!   striker on the captured point, where the opponent may take it back;
//! - while a return is owed, the opponent may also answer by moving onto the striker's empty
//!   origin: the striker is then **removed** at the start of its owner's next turn (R-19), a
//!   loss of the striker's value;
//! - a **forfeit** (the king moves instead of the return) and a removal that goes with a move
//!   are part of that move: the material of the position after it already lacks the striker;
//! - the values are the evaluation's ([`crate::eval::piece_value`]), which depend on the point
//!   (a fleet at sea, an infantry abroad), and a capture of the king counts [`KING_VALUE`].

use gjjq_core::{Move, Position, Side};

use crate::eval::{material, piece_value};

/// What capturing the enemy king is worth in an exchange (the game ends, R-21).
pub const KING_VALUE: i32 = 10_000;

/// How many captures the exchange follows at most.
const MAX_EXCHANGE: u32 = 8;

/// The material balance of `side`.
fn balance(pos: &Position, side: Side) -> i32 {
    material(pos, side) - material(pos, side.other())
}

/// The static exchange value of `m` for the side to move, in centi-units: positive wins
/// material, negative loses it; `None` when `m` is not legal in `pos`.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Move, Position};
/// use gjjq_engine::see::static_exchange;
/// // Red's missile on 5D strikes Green's infantry on 5a (600) over its army on 5C (R-11).
/// let alone: Position = "4k4/9/9/9/4i3i/7f1/9/4AG3/4M4/4K4 r -".parse()?;
/// let strike: Move = "5D5a".parse()?;
/// assert_eq!(static_exchange(&alone, strike), Some(600));
/// // With Green's aircraft on 7D, it answers by flying onto the empty origin 5D: the missile
/// // (900) cannot return and is removed (R-19), so the strike loses 300.
/// let guarded: Position = "4k4/9/9/9/4i3i/7f1/9/4AG3/4M1p2/4K4 r -".parse()?;
/// assert_eq!(static_exchange(&guarded, strike), Some(-300));
/// // Not a legal move: no value.
/// assert_eq!(static_exchange(&alone, "5D5B".parse()?), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn static_exchange(pos: &Position, m: Move) -> Option<i32> {
    pos.is_legal(m).then(|| exchange_unchecked(pos, m))
}

/// [`static_exchange`] for a move known to be legal.
pub(crate) fn exchange_unchecked(pos: &Position, m: Move) -> i32 {
    exchange(pos, m, 0)
}

fn exchange(pos: &Position, m: Move, depth: u32) -> i32 {
    let us = pos.turn();
    let them = us.other();
    let mut child = pos.clone();
    child.play_unchecked(m);
    if child.king(them).is_none() {
        return KING_VALUE;
    }
    let gain = balance(&child, us) - balance(pos, us);
    if depth + 1 >= MAX_EXCHANGE {
        return gain;
    }
    // The opponent's best answer, or 0: it may decline the exchange.
    let mut reply = 0;
    let target = m.to();
    // No capture onto the point unless it is attacked (R-20; cheaper than generating).
    let attacked = child.is_attacked(target, them);
    let captures = if attacked {
        child.legal_captures().to_vec()
    } else {
        Vec::new()
    };
    let recapture = captures
        .into_iter()
        .filter(|r| r.to() == target)
        .min_by_key(|r| {
            child
                .piece_at(r.from())
                .map_or(i32::MAX, |p| piece_value(p, r.from()))
        });
    if let Some(r) = recapture {
        reply = reply.max(exchange(&child, r, depth + 1));
    }
    // R-19: a move onto the striker's empty origin has the striker removed on our next turn.
    if let Some(p) = child.pending_return(us)
        && child.piece_at(p.origin).is_none()
        && child.legal_moves().iter().any(|r| r.to() == p.origin)
    {
        let striker = child
            .piece_at(p.striker)
            .map_or(0, |piece| piece_value(piece, p.striker));
        reply = reply.max(striker);
    }
    gain - reply
}
