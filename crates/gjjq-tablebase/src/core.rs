//! Everything the tablebase asks of `gjjq-core`, in one place, so that a change of the core's
//! API touches this module only.
//!
//! The tables use the core's own move generation (`legal_moves`, `play_unchecked`) and
//! adjudication (`Position::outcome`), never a rule of their own; the only rule knowledge
//! here is where each kind may stand, read from the core's terrain masks.

use gjjq_core::endgame::{EndgameForce, LIST_ORDER};
use gjjq_core::{Piece, Position, Ruleset, Setup, Side, Square};

pub use gjjq_core::{Move, PieceKind as Kind};

use crate::value::Value;

/// Kinds, the king included, indexed by `PieceKind::index`.
pub const KIND_COUNT: usize = 8;

/// The counts per kind (the king's 0) of one side's endgame force in the core's
/// `deploy endgame` notation.
pub(crate) fn force_counts(f: &EndgameForce) -> [u8; KIND_COUNT] {
    let mut counts = [0u8; KIND_COUNT];
    for k in Kind::ALL {
        if k != Kind::King {
            counts[k.index()] = f.count(k) as u8;
        }
    }
    counts
}

/// The core's ASCII name of a force: its pieces besides the king in the core's list order
/// ([`LIST_ORDER`]), as [`EndgameForce`]'s `Display` writes one, for any material (a
/// position's may be beyond an endgame force's three units).
pub(crate) fn force_name(counts: [u8; KIND_COUNT]) -> String {
    LIST_ORDER
        .iter()
        .flat_map(|&k| std::iter::repeat_n(k.ascii(), usize::from(counts[k.index()])))
        .collect()
}

/// Where a piece of `kind` of `side` may stand in a position without a pending return
/// kings and guards in the own palace, armies in the own country,
/// missiles on the own land (R-11: quiet moves stay on land, a strike always returns), fleets
/// on any sea or coast (R-12: quiet moves and captures that stay end off inland; an inland
/// capture is a returning one), aircraft, divisions and infantry anywhere.
pub(crate) fn domain(side: Side, kind: Kind) -> Vec<u8> {
    let mask = kind.allowed_squares(side);
    mask.iter().map(|sq| sq.index() as u8).collect()
}

/// The two sides in index order.
pub(crate) const SIDES: [Side; 2] = [Side::Red, Side::Green];

/// The position with these pieces (side, kind, square index), `red_to_move` or not, no pending
/// return, under the standard ruleset; `None` when the core refuses it.
pub(crate) fn build(pieces: &[(Side, Kind, u8)], red_to_move: bool) -> Option<Position> {
    let mut setup = Setup::empty();
    for &(side, kind, sq) in pieces {
        let sq = Square::from_index(usize::from(sq))?;
        if setup.piece_at(sq).is_some() {
            return None;
        }
        setup.set(sq, Some(Piece::new(side, kind)));
    }
    setup.turn = if red_to_move { Side::Red } else { Side::Green };
    Position::from_setup_with(setup, Ruleset::STANDARD).ok()
}

/// Every point by its index.
pub(crate) const SQUARES: [Square; 90] = {
    let mut out = [Square::from_index(0).unwrap(); 90];
    let mut i = 0;
    while i < 90 {
        out[i] = Square::from_index(i).unwrap();
        i += 1;
    }
    out
};

/// [`build`] again for a placement [`build`] has accepted before: the same position, built
/// without the core's validation.
#[inline]
pub(crate) fn rebuild(pieces: &[(Piece, Square)], red_to_move: bool) -> Position {
    let turn = if red_to_move { Side::Red } else { Side::Green };
    Position::from_pieces_unchecked(pieces, turn)
}

/// How many of `side`'s pieces of each kind stand on the board.
pub(crate) fn counts(pos: &Position, side: Side) -> [u8; KIND_COUNT] {
    let mut c = [0u8; KIND_COUNT];
    for k in Kind::ALL {
        c[k.index()] = pos.pieces(side, k).count() as u8;
    }
    c
}

/// Whether Red is to move.
pub(crate) fn red_to_move(pos: &Position) -> bool {
    pos.turn() == Side::Red
}

/// Whether either side holds a pending return.
pub(crate) fn has_pending(pos: &Position) -> bool {
    SIDES.iter().any(|&s| pos.pending_return(s).is_some())
}

/// Whether the position is played under the rules the tables were built for: the standard
/// ruleset's play options (the deployment and hidden-play options do not change open play).
pub(crate) fn is_standard(pos: &Position) -> bool {
    plays_as_standard(pos.ruleset())
}

/// Whether `r` plays as the standard ruleset (see [`is_standard`]).
pub(crate) fn plays_as_standard(r: &Ruleset) -> bool {
    let s = Ruleset::STANDARD;
    r.king_palace_diagonals == s.king_palace_diagonals
        && r.missile_walk == s.missile_walk
        && r.missile_range == s.missile_range
        && r.return_rule == s.return_rule
        && r.trapped_king == s.trapped_king
        && r.no_capture_limit == s.no_capture_limit
}

/// The rules' own verdict on the position alone, from the side to move's view:
/// `Position::outcome` (R-21 … R-24), repetition aside.
pub(crate) fn terminal(pos: &Position) -> Option<Value> {
    pos.outcome().map(|o| match o.winner() {
        None => Value::Draw,
        Some(w) if w == pos.turn() => Value::Win(0),
        Some(_) => Value::Loss(0),
    })
}

/// Every legal move with the position after it (the core's generator and `play_unchecked`).
pub(crate) fn children(pos: &Position) -> Vec<(Move, Position)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut c = pos.clone();
            c.play_unchecked(m);
            (m, c)
        })
        .collect()
}

/// A description of the rules the tables are built under, for the files' ruleset hash: the
/// standard ruleset's play options.
pub(crate) fn ruleset_description() -> String {
    let s = Ruleset::STANDARD;
    format!(
        "gjjq standard: king_palace_diagonals={:?} missile_walk={:?} missile_range={:?} return_rule={:?} trapped_king={:?} no_capture_limit={:?}",
        s.king_palace_diagonals,
        s.missile_walk,
        s.missile_range,
        s.return_rule,
        s.trapped_king,
        s.no_capture_limit
    )
}
