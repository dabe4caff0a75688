//! Legal move generation (R-8 … R-19).
//!
//! Moves are produced per piece as (origin, set of destinations, class), so that perft can
//! count whole sets at the last ply and a list builder can expand them. There is no check rule
//! (R-8), so every move the piece rules allow is legal; what makes generation more than that
//! is the pending return (R-19), which replaces the side's move set, and adjudication
//! (R-21 … R-24), which empties it.

use crate::bitboard::Bitboard;
use crate::geometry::{
    ARMY_SHADOW, DIRS, DIVISION_BLOCKED, DIVISION_SCATTER, DIVISION_TARGETS, FLEET_LEAPS,
    INFANTRY_STEPS, MISSILE_STRIKE_RAYS, MISSILE_WALK_RAYS, ORTHO, ORTHO_STEPS,
    PALACE_DIAGONAL_STEPS, RAYS, RAYS3, RING2, STAR3, STEPS8, WITHIN, army_index, before,
    division_index, nearest, unwindow, window,
};
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::ruleset::MissileWalk;
use crate::square::{Side, Square};
use crate::terrain::{ALL_INLAND, ALL_WATERS, COUNTRY, PALACE};

/// Which rule a set of destinations follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    Quiet,
    Capture,
    Returning,
    Return,
}

/// What the pending return (R-19) makes of the generated moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wrap {
    /// No return is owed.
    Plain,
    /// King moves instead of the return; the striker on this point is then removed.
    Forfeit(Square),
    /// The striker on this point was removed first (its origin was occupied).
    AfterRemoval(Square),
}

/// Receives generated moves, a set of destinations at a time.
pub(crate) trait MoveSink {
    fn push(
        &mut self,
        pos: &Position,
        kind: PieceKind,
        from: Square,
        to: Bitboard,
        class: Class,
        wrap: Wrap,
    );
}

/// Counts moves without building them (perft's bulk counting).
pub(crate) struct Counter(pub usize);

impl MoveSink for Counter {
    #[inline(always)]
    fn push(&mut self, _: &Position, _: PieceKind, _: Square, to: Bitboard, _: Class, _: Wrap) {
        self.0 += to.count() as usize;
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, _: &Position, _: PieceKind, from: Square, to: Bitboard, _: Class, _: Wrap) {
        for t in to {
            self.push(Move::new(from, t));
        }
    }
}

/// Keeps only captures (plain, returning, forfeits and after-removal moves that capture).
struct CapturesOnly<'a>(&'a mut MoveList);

impl MoveSink for CapturesOnly<'_> {
    #[inline]
    fn push(
        &mut self,
        pos: &Position,
        kind: PieceKind,
        from: Square,
        to: Bitboard,
        class: Class,
        wrap: Wrap,
    ) {
        if matches!(class, Class::Capture | Class::Returning) {
            MoveSink::push(self.0, pos, kind, from, to, class, wrap);
        }
    }
}

/// Finds whether a move between two points is generated, building no list.
struct Finder {
    to: Square,
    found: bool,
}

impl MoveSink for Finder {
    #[inline]
    fn push(&mut self, _: &Position, _: PieceKind, _: Square, to: Bitboard, _: Class, _: Wrap) {
        // Generation is restricted to the one origin, so only the destination is left to test.
        self.found |= to.contains(self.to);
    }
}

/// The points of `ray` (along `dir`) up to and including the first occupied one.
#[inline(always)]
pub(crate) fn slide(ray: Bitboard, occ: Bitboard, dir: crate::geometry::Dir) -> Bitboard {
    match nearest(ray & occ, dir) {
        Some(b) => ray - RAYS[dir.index][b.index()],
        None => ray,
    }
}

impl Position {
    /// Every legal move, in generation order. Empty when the position is decided
    /// (R-21 king captured, R-22 trapped king, R-24 insufficient material) or the side to move
    /// has none (R-23).
    ///
    /// Cost: one generation of the side's moves, plus, when the king is threatened (R-22), one
    /// attack test for each of the king's own moves.
    ///
    /// ```
    /// use gjjq_core::Position;
    /// // R-27: 51 moves from the default opening.
    /// assert_eq!(Position::default().legal_moves().len(), 51);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        if self.is_decided_without_trap() {
            return MoveList::new();
        }
        // Generated once: R-22's escapes are judged on the same list.
        let list = self.movable();
        if self.is_threatened() && self.has_no_escape(&list) {
            return MoveList::new();
        }
        list
    }

    /// The legal moves that capture an enemy piece: plain and returning captures, and
    /// forfeits or moves after a removal that capture (R-19). A subset of
    /// [`Position::legal_moves`], in the same order, for quiescence search.
    ///
    /// ```
    /// use gjjq_core::Position;
    /// let pos = Position::default();
    /// let captures = pos.legal_captures();
    /// // From the default opening only the missiles can capture: each strikes an army or a
    /// // division over a screen (R-11).
    /// assert!(captures.iter().all(|m| pos.classify(*m).unwrap().is_capture()));
    /// assert_eq!(captures.len(), pos.legal_moves().iter().filter(|m| pos.classify(**m).unwrap().is_capture()).count());
    /// ```
    #[must_use]
    pub fn legal_captures(&self) -> MoveList {
        if self.is_decided() {
            return MoveList::new();
        }
        let mut list = MoveList::new();
        self.generate(&mut CapturesOnly(&mut list), Bitboard::FULL);
        list
    }

    /// The legal moves of the piece on `from` (none if it is not a piece of the side to move).
    ///
    /// ```
    /// use gjjq_core::{Position, Square};
    /// let pos = Position::default();
    /// // R-16: an infantry at home steps forward or back (5B4B and 5B6B hold own infantry).
    /// let mut moves: Vec<String> = pos.legal_moves_from("5B".parse::<Square>()?).iter().map(|m| m.to_string()).collect();
    /// moves.sort();
    /// assert_eq!(moves, ["5B5A", "5B5C"]);
    /// # Ok::<(), gjjq_core::SquareParseError>(())
    /// ```
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        if self.is_decided() {
            return MoveList::new();
        }
        let mut list = MoveList::new();
        self.generate(&mut list, Bitboard::from_square(from));
        list
    }

    /// The legal move from `from` to `to`, if there is one. Every legal move is named by its
    /// two points alone (R-30), so this is how a record or an ASCII move is resolved.
    ///
    /// Cost: the adjudication of the position (see [`Position::is_legal`]) and the generation
    /// of the one piece on `from`.
    ///
    /// ```
    /// use gjjq_core::{Move, Position, Square};
    /// let pos = Position::default();
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// assert_eq!(pos.find_move(sq("3E"), sq("7d")), Some(Move::new(sq("3E"), sq("7d"))));
    /// assert_eq!(pos.find_move(sq("3E"), sq("3D")), None);
    /// ```
    #[must_use]
    pub fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        let m = Move::new(from, to);
        self.is_legal(m).then_some(m)
    }

    /// Whether `m` is legal here: it is one of [`Position::legal_moves`] (a test checks the two
    /// agree on every one of the 90 × 90 pairs).
    ///
    /// Cost: no list is built and only the piece on the origin is generated; the position's
    /// own adjudication (R-21 … R-24) is checked first, which costs an attack test on the king
    /// and, only when the king is threatened, the trapped-king test (R-22).
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        // Cheap filter first: the mover must be ours.
        if !self.by_side[self.turn.index()].contains(m.from()) || self.is_decided() {
            return false;
        }
        let mut finder = Finder {
            to: m.to(),
            found: false,
        };
        self.generate(&mut finder, Bitboard::from_square(m.from()));
        finder.found
    }

    /// The number of legal moves, without building them.
    ///
    /// Speed: on x86-64 CPUs with `popcnt` (detected at run time, so a portable build gets
    /// it too) the counting runs in a copy compiled for that instruction; elsewhere the
    /// portable copy runs. Both are the same source and a test checks they agree.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if fast_bits::available() {
            // SAFETY: the CPU has every feature the function is compiled for.
            #[allow(unsafe_code)]
            return unsafe { self.count_legal_moves_x86() };
        }
        self.count_legal_moves_portable()
    }

    /// [`Position::count_legal_moves`] compiled for `popcnt`, `lzcnt` and `bmi1`: the bulk
    /// counter makes one 128-bit popcount per set, which is two software popcounts without
    /// the instruction.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    fn count_legal_moves_x86(&self) -> usize {
        self.count_legal_moves_portable()
    }

    /// The portable body of [`Position::count_legal_moves`], inlined into each copy.
    #[inline(always)]
    pub(crate) fn count_legal_moves_portable(&self) -> usize {
        if self.is_decided_without_trap() {
            return 0;
        }
        // A threatened king needs the list to judge R-22; otherwise count in bulk.
        if self.is_threatened() {
            let list = self.movable();
            return if self.has_no_escape(&list) {
                0
            } else {
                list.len()
            };
        }
        let mut c = Counter(0);
        if self.pending[self.turn.index()].is_none() {
            // The common case, inlined so that it is compiled with the caller's features.
            self.generate_pieces_inline(&mut c, Wrap::Plain, Bitboard::FULL);
        } else {
            self.generate(&mut c, Bitboard::FULL);
        }
        c.0
    }

    /// The moves the rules of movement allow the side to move, before adjudication empties
    /// the list of a decided position.
    pub(crate) fn movable(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, Bitboard::FULL);
        list
    }

    /// The moves of the pieces on `origins`. R-19: a pending return replaces the move set.
    fn generate<S: MoveSink>(&self, sink: &mut S, origins: Bitboard) {
        let us = self.turn;
        match self.pending[us.index()] {
            None => self.generate_pieces(sink, Wrap::Plain, origins),
            Some(p) if self.piece_at(p.origin).is_none() => {
                // The return is not subject to paths, terrain or the seal.
                if origins.contains(p.striker) {
                    sink.push(
                        self,
                        self.kind_at(p.striker),
                        p.striker,
                        Bitboard::from_square(p.origin),
                        Class::Return,
                        Wrap::Plain,
                    );
                }
                // 棄彈保王: with its king attacked, the side may move the king instead.
                if let Some(k) = self.king(us)
                    && origins.contains(k)
                    && self.king_attacked(us)
                {
                    self.generate_pieces(sink, Wrap::Forfeit(p.striker), Bitboard::from_square(k));
                }
            }
            Some(p) => {
                // Origin occupied: the striker is taken off first; the move is judged without it.
                let mut reduced = self.clone();
                reduced.take(p.striker);
                reduced.pending[us.index()] = None;
                reduced.generate_pieces(sink, Wrap::AfterRemoval(p.striker), origins);
            }
        }
    }

    /// Whether `side`'s king stands attacked by the other side (R-20).
    pub(crate) fn king_attacked(&self, side: Side) -> bool {
        // R-17: while sealed no enemy move may end in the palace, so the king cannot be attacked.
        if self.is_sealed() {
            return false;
        }
        match self.king(side) {
            Some(k) => self.is_attacked(k, side.other()),
            None => false,
        }
    }

    /// The mask of strike distances allowed from `from` (option `missile_range`, R-11).
    #[inline]
    pub(crate) fn strike_range(&self, from: Square) -> Bitboard {
        match self.rules.missile_range {
            None => Bitboard::FULL,
            Some(r) => {
                WITHIN[from.index()][r.max() as usize] - WITHIN[from.index()][r.min() as usize - 1]
            }
        }
    }

    /// Moves of every piece of the side to move by the rules of movement (R-8 … R-18).
    pub(crate) fn generate_pieces<S: MoveSink>(&self, sink: &mut S, wrap: Wrap, origins: Bitboard) {
        self.generate_pieces_inline(sink, wrap, origins);
    }

    /// [`Position::generate_pieces`], always inlined: the bulk counter's copies use it.
    #[inline(always)]
    fn generate_pieces_inline<S: MoveSink>(&self, sink: &mut S, wrap: Wrap, origins: Bitboard) {
        let us = self.turn;
        let them = us.other();
        let u = us.index();
        let own = self.by_side[u];
        let movers = own & origins;
        let enemy = self.by_side[them.index()];
        let occ = own | enemy;
        // R-8: never onto an own piece; R-17: never into the enemy palace while sealed.
        let forbidden = if self.is_sealed() {
            own | PALACE[them.index()]
        } else {
            own
        };

        // R-9 King, R-18 facing kings.
        if let Some(k) = self.king(us).filter(|&k| origins.contains(k)) {
            let mut steps = ORTHO_STEPS[k.index()];
            if self.rules.king_palace_diagonals {
                steps |= PALACE_DIAGONAL_STEPS[k.index()];
            }
            let dests = (steps & PALACE[u]) - own;
            sink.push(self, PieceKind::King, k, dests - occ, Class::Quiet, wrap);
            let mut caps = dests & enemy;
            if self.kings_may_face()
                && let Some(ek) = self.king(them)
                && facing(k, ek, occ)
            {
                caps.insert(ek);
            }
            sink.push(self, PieceKind::King, k, caps, Class::Capture, wrap);
        }
        // R-10 Guard: slides orthogonally inside its palace (convex, so masking the slide is exact).
        for g in self.pieces(us, PieceKind::Guard) & movers {
            let mut reach = Bitboard::EMPTY;
            for d in ORTHO {
                reach |= slide(RAYS[d.index][g.index()] & PALACE[u], occ, d);
            }
            let dests = reach - own;
            self.push_quiet_and_captures(sink, PieceKind::Guard, g, dests, wrap);
        }

        // R-11 Missile.
        let missiles = self.pieces(us, PieceKind::Missile) & movers;
        if missiles.any() {
            let may_walk = match self.rules.missile_walk {
                MissileWalk::Always => true,
                MissileWalk::NoAbroadPieces => (self.by_kind[PieceKind::Fleet.index()]
                    | self.by_kind[PieceKind::Aircraft.index()]
                    | self.by_kind[PieceKind::Division.index()]
                    | self.by_kind[PieceKind::Infantry.index()])
                .is_empty(),
            };
            let walk_rays = &MISSILE_WALK_RAYS[u];
            let strike_rays = &MISSILE_STRIKE_RAYS[u];
            let (occ_bits, enemy_bits) = (occ.0, enemy.0);
            for m in missiles {
                let i = m.index();
                let (mut walks, mut strikes) = (0u128, 0u128);
                // Per direction: the first piece on the strike line is the screen; the walk
                // (a prefix of that line, on own land) stops before it, and the enemies beyond
                // it may be struck. Unrolled so that each direction's order is known.
                macro_rules! line {
                    ($d:expr, ascending) => {{
                        let b = strike_rays[$d][i].0 & occ_bits;
                        walks |= walk_rays[$d][i].0 & !(b | b.wrapping_neg());
                        strikes |= b & b.wrapping_sub(1);
                    }};
                    ($d:expr, descending) => {{
                        let b = strike_rays[$d][i].0 & occ_bits;
                        let lz = b.leading_zeros();
                        walks |= walk_rays[$d][i].0 & !u128::MAX.checked_shr(lz).unwrap_or(0);
                        strikes |= b & u128::MAX.checked_shr(lz + 1).unwrap_or(0);
                    }};
                }
                line!(0, ascending);
                line!(1, ascending);
                line!(4, ascending);
                line!(5, ascending);
                line!(2, descending);
                line!(3, descending);
                line!(6, descending);
                line!(7, descending);
                let walks = if may_walk {
                    Bitboard(walks)
                } else {
                    Bitboard::EMPTY
                };
                let strikes = (Bitboard(strikes & enemy_bits) & self.strike_range(m)) - forbidden;
                sink.push(self, PieceKind::Missile, m, walks, Class::Quiet, wrap);
                sink.push(self, PieceKind::Missile, m, strikes, Class::Returning, wrap);
            }
        }

        // R-12 Fleet.
        let fleets = self.pieces(us, PieceKind::Fleet) & movers;
        if fleets.any() {
            let enemy_missiles = self.pieces(them, PieceKind::Missile);
            for f in fleets {
                let mut quiet = Bitboard::EMPTY;
                let mut caps = Bitboard::EMPTY;
                for leap in &FLEET_LEAPS[f.index()] {
                    if leap.to == 255 {
                        continue;
                    }
                    let t = Square::from_index_unchecked(leap.to as usize);
                    if forbidden.contains(t) {
                        continue;
                    }
                    if enemy.contains(t) {
                        // 艦走目來勿越彈: not onto a missile, not over an enemy missile.
                        if !enemy_missiles.contains(t)
                            && leap.paths.iter().any(|p| !p.intersects(enemy_missiles))
                        {
                            caps.insert(t);
                        }
                    } else if ALL_WATERS.contains(t)
                        && leap.paths.iter().any(|p| !p.intersects(occ))
                    {
                        quiet.insert(t);
                    }
                }
                sink.push(self, PieceKind::Fleet, f, quiet, Class::Quiet, wrap);
                // Capturing inland is a returning capture; on sea or coast the fleet stays.
                sink.push(
                    self,
                    PieceKind::Fleet,
                    f,
                    caps - ALL_INLAND,
                    Class::Capture,
                    wrap,
                );
                sink.push(
                    self,
                    PieceKind::Fleet,
                    f,
                    caps & ALL_INLAND,
                    Class::Returning,
                    wrap,
                );
            }
        }

        // R-13 Aircraft: 1–3 points, over anything but an enemy missile, onto anything but one.
        let planes = self.pieces(us, PieceKind::Aircraft) & movers;
        if planes.any() {
            let enemy_missiles = self.pieces(them, PieceKind::Missile);
            for a in planes {
                // Usually no enemy missile is within reach: the whole star is open.
                if !STAR3[a.index()].intersects(enemy_missiles) {
                    let dests = STAR3[a.index()] - forbidden;
                    self.push_quiet_and_captures(sink, PieceKind::Aircraft, a, dests, wrap);
                    continue;
                }
                let mut reach = Bitboard::EMPTY;
                for d in DIRS {
                    let ray = RAYS3[d.index][a.index()];
                    reach |= match nearest(ray & enemy_missiles, d) {
                        Some(stop) => before(ray, d, stop),
                        None => ray,
                    };
                }
                let dests = reach - forbidden;
                self.push_quiet_and_captures(sink, PieceKind::Aircraft, a, dests, wrap);
            }
        }

        // R-14 Army: 1 or 2 points in its own country, the middle point empty.
        for a in self.pieces(us, PieceKind::Army) & movers {
            // One step anywhere; two where the middle point is empty (a table of the eight
            // neighbours' occupancy gives the far points they block).
            let shadow = unwindow(ARMY_SHADOW[army_index(window(occ, a))], a);
            let reach = STEPS8[a.index()] | (RING2[a.index()] - shadow);
            let dests = (reach & COUNTRY[u]) - own;
            self.push_quiet_and_captures(sink, PieceKind::Army, a, dests, wrap);
        }

        // R-15 Division: 日 leap with one of three grid paths clear.
        for dv in self.pieces(us, PieceKind::Division) & movers {
            // The occupancy of the twelve points its paths can pass indexes the blocked leaps.
            let blocked = DIVISION_BLOCKED[division_index(window(occ, dv))];
            let dests = DIVISION_TARGETS[dv.index()]
                - unwindow(DIVISION_SCATTER[blocked as usize], dv)
                - forbidden;
            self.push_quiet_and_captures(sink, PieceKind::Division, dv, dests, wrap);
        }

        // R-16 Infantry.
        for i in self.pieces(us, PieceKind::Infantry) & movers {
            let dests = INFANTRY_STEPS[u][i.index()] - forbidden;
            self.push_quiet_and_captures(sink, PieceKind::Infantry, i, dests, wrap);
        }
    }
}

impl Position {
    /// Push `dests` (never an own point) split into quiet moves and captures.
    #[inline(always)]
    fn push_quiet_and_captures<S: MoveSink>(
        &self,
        sink: &mut S,
        kind: PieceKind,
        from: Square,
        dests: Bitboard,
        wrap: Wrap,
    ) {
        let enemy = self.by_side[self.turn.other().index()];
        sink.push(self, kind, from, dests - enemy, Class::Quiet, wrap);
        sink.push(self, kind, from, dests & enemy, Class::Capture, wrap);
    }
}

/// Run-time detection of the bit-counting instructions (x86-64 only).
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
pub(crate) mod fast_bits {
    /// Whether the CPU has `popcnt`, `lzcnt` and `bmi1` (std caches the answer). Setting the
    /// environment variable `GJJQ_PORTABLE` at the first call forces the portable code, for
    /// comparisons.
    #[inline]
    pub(crate) fn available() -> bool {
        use std::sync::atomic::{AtomicU8, Ordering};
        // 0 unknown, 1 no, 2 yes.
        static STATE: AtomicU8 = AtomicU8::new(0);
        match STATE.load(Ordering::Relaxed) {
            0 => {
                let yes = std::env::var_os("GJJQ_PORTABLE").is_none()
                    && std::is_x86_feature_detected!("popcnt")
                    && std::is_x86_feature_detected!("lzcnt")
                    && std::is_x86_feature_detected!("bmi1");
                STATE.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
                yes
            }
            s => s == 2,
        }
    }
}

/// R-18: the two kings stand on one file with nothing between.
#[inline]
pub(crate) fn facing(a: Square, b: Square, occ: Bitboard) -> bool {
    if a.x() != b.x() {
        return false;
    }
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    // North ray from the lower king, south ray from the upper: their overlap lies between.
    (RAYS[0][lo.index()] & RAYS[2][hi.index()] & occ).is_empty()
}

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::ruleset::{MissileRange, MissileWalk, Ruleset};
    use rand::rngs::StdRng;
    use rand::{Rng as _, SeedableRng};

    // R-14, R-15: the neighbour-occupancy tables of the army and the division give the same
    // points as walking the rays and the grid paths, for every point and random occupancies
    // (dense and sparse).
    #[test]
    fn army_and_division_tables_agree_with_rays_and_paths() {
        use crate::bitboard::Bitboard;
        use crate::geometry::*;
        let mut rng = StdRng::seed_from_u64(15);
        for round in 0..4000 {
            let density = [2u32, 4, 8][round % 3];
            let occ = Bitboard::from_bits_truncate(
                (0..density).fold(u128::MAX, |acc, _| acc & rng.random::<u128>()),
            );
            for sq in Bitboard::FULL {
                let i = sq.index();
                let mut army = Bitboard::EMPTY;
                for d in DIRS {
                    army |= super::slide(RAYS2[d.index][i], occ, d);
                }
                let shadow = unwindow(ARMY_SHADOW[army_index(window(occ, sq))], sq);
                assert_eq!(STEPS8[i] | (RING2[i] - shadow), army, "army {sq}");
                let mut division = Bitboard::EMPTY;
                for leap in DIVISION_LEAPS[i].iter().filter(|l| l.to != 255) {
                    if leap.paths.iter().any(|p| !p.intersects(occ)) {
                        division.insert(crate::square::Square::from_index_unchecked(
                            leap.to as usize,
                        ));
                    }
                }
                let blocked = DIVISION_BLOCKED[division_index(window(occ, sq))];
                let table = DIVISION_TARGETS[i] - unwindow(DIVISION_SCATTER[blocked as usize], sq);
                assert_eq!(table, division, "division {sq}");
            }
        }
    }

    // The bulk counter agrees with the list in every copy: the dispatched one (compiled for
    // `popcnt` where the CPU has it) and the portable one, on positions from random games
    // (pending returns, threatened kings and decided positions included) under several
    // rulesets.
    #[test]
    fn every_counting_copy_agrees_with_the_list() {
        let rulesets = [
            Ruleset::STANDARD,
            Ruleset {
                king_palace_diagonals: true,
                missile_walk: MissileWalk::NoAbroadPieces,
                ..Ruleset::STANDARD
            },
            Ruleset {
                missile_range: Some(MissileRange::new(2, 4).unwrap()),
                ..Ruleset::STANDARD
            },
        ];
        let mut rng = StdRng::seed_from_u64(17);
        let (mut checked, mut pending) = (0, 0);
        for rules in rulesets {
            for _ in 0..100 {
                let mut pos = Position::default().with_ruleset(rules);
                for _ in 0..300 {
                    let moves = pos.legal_moves();
                    assert_eq!(pos.count_legal_moves(), moves.len(), "{pos}");
                    assert_eq!(pos.count_legal_moves_portable(), moves.len(), "{pos}");
                    checked += 1;
                    pending += usize::from(pos.pending[pos.turn.index()].is_some());
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(checked > 20_000 && pending > 1_000, "{checked} {pending}");
    }
}
