//! Perft (L-57): moves and passes counted, surrenders never; a decided position is a leaf.

use crate::position::{Action, Position};

/// The number of leaves of the action tree `depth` plies deep.
///
/// ```
/// let pos = siguo::Position::default();
/// assert_eq!(siguo::perft(&pos, 1), pos.legal_actions().len() as u64);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_actions();
    }
    pos.legal_actions()
        .into_iter()
        .map(|a| {
            let mut child = pos.clone();
            child.play_unchecked(a);
            perft(&child, depth - 1)
        })
        .sum()
}

/// Perft split by root action, in the order of [`Position::legal_actions`].
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(Action, u64)> {
    pos.legal_actions()
        .into_iter()
        .map(|a| {
            let mut child = pos.clone();
            child.play_unchecked(a);
            (a, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
