//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use crate::moves::Move;
use crate::position::Position;

/// The deepest subtree [`perft`] counts by recursion on the call stack (about 1 KB a ply);
/// the plies above it are walked with a stack on the heap, so no depth overflows the stack.
const RECURSION_DEPTH: u32 = 32;

/// The number of leaf positions `depth` plies below `pos`. The last ply is counted without
/// being played (bulk counting); a decided position has no children (R-25). Any `depth` is
/// safe for the call stack: only the last 32 plies recurse.
///
/// ```
/// use gjjq_core::{perft::perft, Position};
/// let pos = Position::default();
/// assert_eq!(perft(&pos, 1), 51);
/// assert_eq!(perft(&pos, 2), 2_569);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_within(pos, depth, RECURSION_DEPTH)
}

/// [`perft`] recursing on the call stack for at most `recursion` plies.
fn perft_within(pos: &Position, depth: u32, recursion: u32) -> u64 {
    if depth <= recursion {
        return perft_recursive(pos, depth);
    }
    // Depth-first on the heap down to RECURSION_DEPTH plies from the leaves: each frame is a
    // position, its moves and the index of the next one to play.
    let mut stack = vec![(pos.clone(), pos.legal_moves(), 0usize)];
    let mut nodes = 0u64;
    while let Some((node, moves, next)) = stack.last_mut() {
        let Some(&m) = moves.get(*next) else {
            stack.pop();
            continue;
        };
        *next += 1;
        let mut child = node.clone();
        child.play_unchecked(m);
        // The child is `stack.len()` plies below `pos`.
        let left = depth - stack.len() as u32;
        if left <= recursion {
            nodes = nodes.wrapping_add(perft_recursive(&child, left));
        } else {
            let moves = child.legal_moves();
            stack.push((child, moves, 0));
        }
    }
    nodes
}

fn perft_recursive(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft_recursive(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by root move: each legal move with the leaves below it, in generation order.
/// The counts add up to [`perft`] of the same depth (`depth` ≥ 1).
///
/// ```
/// use gjjq_core::{perft::divide, perft::perft, Position};
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::Setup;

    // Issue 11 finding 2: a depth far past the recursion limit does not overflow the stack,
    // and the walk on the heap counts exactly what the recursion counts.
    #[test]
    fn deep_perft_walks_on_the_heap() {
        let pos = Position::default();
        let want = perft_recursive(&pos, 3);
        assert_eq!(want, 129_372);
        for recursion in 0..3 {
            assert_eq!(perft_within(&pos, 3, recursion), want, "{recursion}");
        }
        let mid = Position::from_setup(
            "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF g -"
                .parse::<Setup>()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(perft_within(&mid, 2, 0), perft_recursive(&mid, 2));
        // Without material the position is drawn at once (R-24): no children at any depth,
        // however deep the count is asked for.
        let drawn = Position::from_setup("3gk4/9/9/9/9/9/9/9/9/4KG3 r -".parse::<Setup>().unwrap())
            .unwrap();
        assert_eq!(perft(&drawn, 5000), 0);
        assert_eq!(perft(&drawn, u32::MAX), 0);
    }
}
