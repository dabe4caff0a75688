//! Attack tests (R-20): could a side capture on a point, were it to move now with no return of
//! its own pending? Computed backward from the point, piece kind by piece kind, so that it costs
//! a few table lookups rather than a move generation.

use crate::geometry::{
    DIRS, DIVISION_LEAPS, FLEET_LEAPS, INFANTRY_SOURCES, ORTHO, ORTHO_STEPS, PALACE_DIAGONAL_STEPS,
    RAYS, RAYS2, RAYS3, before, nearest,
};
use crate::movegen::{facing, slide};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::{Side, Square};
use crate::terrain::{COUNTRY, PALACE};

impl Position {
    /// Whether `by` attacks `sq` (R-20): `by`, were it to move now with no pending return of its
    /// own, would have a capture onto `sq` by the rules of movement, the seal (R-17) and facing
    /// kings (R-18) included. Strikers count where they stand. Adjudication is not applied to
    /// that hypothetical move.
    ///
    /// A point holding a piece of `by` is never attacked by `by`; an empty point is attacked
    /// when `by` could capture an enemy king standing there (project decision, docs/rules.md).
    ///
    /// ```
    /// use gjjq_core::{Position, Side, Square};
    /// let pos = Position::default();
    /// // The missile on 3E strikes the army on 7d over its own army on 3D (R-11).
    /// assert!(pos.is_attacked("7d".parse::<Square>().unwrap(), Side::Red));
    /// // The palace is sealed while both sides have more than 8 pieces (R-17).
    /// assert!(!pos.is_attacked("5e".parse::<Square>().unwrap(), Side::Red));
    /// ```
    #[must_use]
    pub fn is_attacked(&self, sq: Square, by: Side) -> bool {
        let target = self.piece_at(sq);
        if target.is_some_and(|p| p.side == by) {
            return false;
        }
        let b = by.index();
        let defender = by.other();
        if PALACE[defender.index()].contains(sq) && self.is_sealed() {
            return false;
        }
        let target_is_missile = target.is_some_and(|p| p.kind == PieceKind::Missile);
        let target_is_king = target.is_none_or(|p| p.kind == PieceKind::King);
        let occ = self.occupied();
        let s = sq.index();

        // R-9 king steps and R-10 guard slides, both inside `by`'s own palace.
        if PALACE[b].contains(sq) {
            let mut steps = ORTHO_STEPS[s];
            if self.rules.king_palace_diagonals {
                steps |= PALACE_DIAGONAL_STEPS[s];
            }
            if steps.intersects(self.pieces(by, PieceKind::King)) {
                return true;
            }
            let guards = self.pieces(by, PieceKind::Guard);
            if guards.any() {
                for d in ORTHO {
                    if let Some(first) = nearest(RAYS[d.index][s] & PALACE[b] & occ, d)
                        && guards.contains(first)
                    {
                        return true;
                    }
                }
            }
        }
        // R-18 facing kings.
        if target_is_king
            && PALACE[defender.index()].contains(sq)
            && self.kings_may_face()
            && let Some(k) = self.king(by)
            && facing(k, sq, occ)
        {
            return true;
        }
        // R-11 missiles: a missile on this line with at least one piece between.
        let missiles = self.pieces(by, PieceKind::Missile);
        if missiles.any() {
            let range = self.strike_range(sq);
            for d in DIRS {
                let mut ray = RAYS[d.index][s];
                if d.is_diagonal() {
                    if !COUNTRY[b].contains(sq) {
                        continue;
                    }
                    ray &= COUNTRY[b];
                }
                let blockers = ray & occ;
                if let Some(first) = nearest(blockers, d)
                    && (blockers.without(first) & missiles & range).any()
                {
                    return true;
                }
            }
        }
        if !target_is_missile {
            let defender_missiles = self.pieces(defender, PieceKind::Missile);
            // R-12 fleets: grid paths are the same either way round.
            let fleets = self.pieces(by, PieceKind::Fleet);
            if fleets.any() {
                for leap in &FLEET_LEAPS[s] {
                    if leap.to != 255
                        && fleets.contains(Square::from_index_unchecked(leap.to as usize))
                        && leap.paths.iter().any(|p| !p.intersects(defender_missiles))
                    {
                        return true;
                    }
                }
            }
            // R-13 aircraft: within three points, no defending missile between.
            let planes = self.pieces(by, PieceKind::Aircraft);
            if planes.any() {
                for d in DIRS {
                    let ray = RAYS3[d.index][s];
                    let reach = match nearest(ray & defender_missiles, d) {
                        Some(stop) => before(ray, d, stop),
                        None => ray,
                    };
                    if reach.intersects(planes) {
                        return true;
                    }
                }
            }
        }
        // R-14 armies: only inside their own country.
        if COUNTRY[b].contains(sq) {
            let armies = self.pieces(by, PieceKind::Army);
            if armies.any() {
                for d in DIRS {
                    if slide(RAYS2[d.index][s], occ, d).intersects(armies) {
                        return true;
                    }
                }
            }
        }
        // R-15 divisions.
        let divisions = self.pieces(by, PieceKind::Division);
        if divisions.any() {
            for leap in &DIVISION_LEAPS[s] {
                if leap.to != 255
                    && divisions.contains(Square::from_index_unchecked(leap.to as usize))
                    && leap.paths.iter().any(|p| !p.intersects(occ))
                {
                    return true;
                }
            }
        }
        // R-16 infantry.
        INFANTRY_SOURCES[b][s].intersects(self.pieces(by, PieceKind::Infantry))
    }
}

#[cfg(test)]
mod tests {
    use crate::movegen::MoveSink;
    use crate::moves::MoveList;
    use crate::position::Position;
    use crate::ruleset::{MissileRange, Ruleset};
    use crate::square::{Side, Square};
    use rand::rngs::StdRng;
    use rand::{Rng as _, SeedableRng};

    /// The captures `by` would have onto `sq` were it to move now with no pending return of its
    /// own: R-20's definition, computed by the forward generator.
    fn captures_onto(pos: &Position, sq: Square, by: Side) -> bool {
        let mut hypo = pos.clone();
        hypo.turn = by;
        hypo.pending[by.index()] = None;
        let mut list = MoveList::new();
        hypo.generate_pieces_for_test(&mut list);
        list.iter()
            .any(|m| m.to() == sq && hypo.classify(*m).is_some_and(|i| i.is_capture()))
    }

    // R-20: the backward attack test agrees with the forward generator on every occupied
    // point of positions from random games, under several rulesets.
    #[test]
    fn backward_attacks_agree_with_forward_captures() {
        let rulesets = [
            Ruleset::STANDARD,
            Ruleset {
                king_palace_diagonals: true,
                ..Ruleset::STANDARD
            },
            Ruleset {
                missile_range: Some(MissileRange::new(2, 4).unwrap()),
                ..Ruleset::STANDARD
            },
        ];
        let mut rng = StdRng::seed_from_u64(0x1234_5678_9abc_def1);
        let mut checked = 0;
        for rules in rulesets {
            for _ in 0..150 {
                let mut pos = Position::default().with_ruleset(rules);
                for _ in 0..200 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                    if pos.king(Side::Red).is_none() || pos.king(Side::Green).is_none() {
                        break;
                    }
                    for sq in pos.occupied() {
                        let owner = pos.piece_at(sq).unwrap().side;
                        let by = owner.other();
                        assert_eq!(
                            pos.is_attacked(sq, by),
                            captures_onto(&pos, sq, by),
                            "{sq} by {by} in {pos}"
                        );
                        assert!(!pos.is_attacked(sq, owner));
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    impl Position {
        fn generate_pieces_for_test<S: MoveSink>(&self, sink: &mut S) {
            self.generate_pieces(sink, crate::movegen::Wrap::Plain, crate::Bitboard::FULL);
        }
    }
}
