//! Zobrist keys: the identity of a position for repetition is its placement, side to
//! move and pending returns; the keys cover exactly those.

use crate::piece::Piece;
use crate::setup::PendingReturn;
use crate::square::{Side, Square};

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

struct Keys {
    // 256 points a row (only the first 90 used, the rest 0): a `Square`'s index is a `u8`,
    // so indexing needs no bounds check on the hot path of playing a move.
    pieces: [[u64; 256]; 16],
    striker: [[u64; 90]; 2],
    origin: [[u64; 90]; 2],
    green_to_move: u64,
}

const fn keys() -> Keys {
    let mut state = 0x6a6a_715f_6b65_7973; // "jjq_keys"
    let mut k = Keys {
        pieces: [[0; 256]; 16],
        striker: [[0; 90]; 2],
        origin: [[0; 90]; 2],
        green_to_move: 0,
    };
    let mut p = 0;
    while p < 16 {
        let mut i = 0;
        while i < 90 {
            k.pieces[p][i] = splitmix(&mut state);
            i += 1;
        }
        p += 1;
    }
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < 90 {
            k.striker[s][i] = splitmix(&mut state);
            k.origin[s][i] = splitmix(&mut state);
            i += 1;
        }
        s += 1;
    }
    k.green_to_move = splitmix(&mut state);
    k
}

static KEYS: Keys = keys();

/// The key of `piece` standing on `sq`.
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.side.index() * 8 + piece.kind.index()][sq.index()]
}

/// The key of the piece with mailbox code `code` (side × 8 + kind, as in `Position`) on `sq`.
#[inline]
pub(crate) fn code_key(code: u8, sq: Square) -> u64 {
    KEYS.pieces[code as usize][sq.index()]
}

/// The key of `side`'s pending return, 0 for none.
#[inline]
pub(crate) fn pending_key(side: Side, pending: Option<PendingReturn>) -> u64 {
    match pending {
        Some(p) => {
            KEYS.striker[side.index()][p.striker.index()]
                ^ KEYS.origin[side.index()][p.origin.index()]
        }
        None => 0,
    }
}

/// The key of the side to move.
#[inline]
pub(crate) fn turn_key(side: Side) -> u64 {
    match side {
        Side::Red => 0,
        Side::Green => KEYS.green_to_move,
    }
}
