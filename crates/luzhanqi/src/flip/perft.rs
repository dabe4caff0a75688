//! Perft for flip positions: action sequences counted with each chance action branching once
//! per distinct piece it may reveal.

use super::{FlipAction, FlipPosition};

/// The number of leaves `depth` plies below `pos`, where a move is one branch and a chance
/// action (a flip, or a move onto a face-down piece) one branch per distinct unseen piece
/// (side and kind) it may reveal. A decided position is a leaf with no children (L-16).
///
/// ```
/// use luzhanqi::flip::{flip_perft, FlipPosition};
/// // 50 face-down points, 24 distinct pieces each may be.
/// assert_eq!(flip_perft(&FlipPosition::start(), 1), 50 * 24);
/// ```
#[must_use]
pub fn flip_perft(pos: &FlipPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = pos.legal_actions();
    if depth == 1 {
        let kinds = pos.pool().iter().count() as u64;
        return actions
            .iter()
            .map(|&a| if pos.is_chance(a) { kinds } else { 1 })
            .sum();
    }
    actions.iter().map(|&a| branch(pos, a, depth - 1)).sum()
}

fn branch(pos: &FlipPosition, a: FlipAction, depth: u32) -> u64 {
    if pos.is_chance(a) {
        pos.pool()
            .iter()
            .map(|(p, _)| {
                let mut next = pos.clone();
                next.apply_unchecked(a, Some(p));
                flip_perft(&next, depth)
            })
            .sum()
    } else {
        let mut next = pos.clone();
        next.apply_unchecked(a, None);
        flip_perft(&next, depth)
    }
}

/// [`flip_perft`] split by root action, sorted by the actions' text in byte order.
#[must_use]
pub fn flip_divide(pos: &FlipPosition, depth: u32) -> Vec<(FlipAction, u64)> {
    let mut out: Vec<(FlipAction, u64)> = pos
        .legal_actions()
        .iter()
        .map(|&a| (a, branch(pos, a, depth.saturating_sub(1))))
        .collect();
    out.sort_by_cached_key(|(a, _)| a.to_string());
    out
}
