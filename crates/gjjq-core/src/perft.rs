//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use crate::moves::Move;
use crate::position::Position;

/// The number of leaf positions `depth` plies below `pos`. The last ply is counted without
/// being played (bulk counting); a decided position has no children (R-25).
///
/// ```
/// use gjjq_core::{perft, Position};
/// let pos = Position::default();
/// assert_eq!(perft(&pos, 1), 51);
/// assert_eq!(perft(&pos, 2), 2_569);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by root move: each legal move with the leaves below it, in generation order.
/// The counts add up to [`perft`] of the same depth (`depth` ≥ 1).
///
/// ```
/// use gjjq_core::{divide, perft, Position};
/// let pos = Position::default();
/// let split = divide(&pos, 2);
/// assert_eq!(split.len(), 51);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), perft(&pos, 2));
/// ```
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
