//! Perft: the number of move sequences of a depth (L-16: a decided position is a leaf with no
//! children), counted in bulk at the last ply.

use crate::moves::Move;
use crate::position::Position;

/// The number of legal move sequences of `depth` plies from `pos`; the last ply is counted
/// from the destination sets without playing the moves.
///
/// ```
/// use luzhanqi::{perft, Position};
/// let pos = Position::default();
/// assert_eq!(perft(&pos, 1), pos.legal_moves().len() as u64);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                perft(&next, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by root move, sorted by the moves' ASCII form in byte order (`a10a11` before
/// `a1a2`).
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            (m, perft(&next, depth.saturating_sub(1)))
        })
        .collect();
    out.sort_by_cached_key(|(m, _)| m.to_string());
    out
}
