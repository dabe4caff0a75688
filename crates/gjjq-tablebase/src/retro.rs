//! The generator: retrograde analysis by levels over a table of words, no move graph kept.
//!
//! 1. **Pass 0, every index once.** Each index is decoded into its placement ([`EndingIndex`]
//!    arithmetic, both sides to move from one decoding), rebuilt into a position and judged
//!    by the core: not a position, terminal (level 0: `Position::is_decided_setwise`, or no
//!    legal move, and then `Position::outcome` says who won, R-21 … R-24), or undecided. An
//!    undecided position's moves are generated once: the children a capture makes belong to
//!    smaller endings (or end the game, or owe a return, R-19) and are valued here, once, by
//!    the sub-tables, into its *outside* word (the fastest win, whether one is a draw, the
//!    slowest loss); an outside win waits for its level, and a position whose children are
//!    all outside and lost is a loss at once. Its first quiet child becomes its *witness*.
//! 2. **Levels n = 1, 2, ….** The positions decided at level n − 1 mark the positions a quiet
//!    move can come from: each piece of the side that moved taken back to every point of the
//!    core's [`quiet_reach`] read backwards, into one bit set when the child is a loss (the
//!    position may be a win now) and another when it is a win (it may be a loss now). A quiet
//!    move changes one piece's point, so a child's index is index arithmetic and its state a
//!    read of the table. A marked undecided position is generated again, its quiet children
//!    read as seen at level n: a win in n if a child is a loss in n − 1 (or its fastest
//!    outside win is n); a loss when every child is a decided win, in the most plies of its
//!    children and outside losses. A position marked only as a possible loss is not generated
//!    while its witness (a child found not to be a win at its last generation) is still not
//!    a win, since it cannot be a loss before then. A value decided at level n is invisible to
//!    the other positions of level n, so the passes are parallel and the result does not
//!    depend on their order.
//! 3. What is never decided is a draw (a cycle nobody can leave with advantage, R-24).
//!
//! The marking is a superset of the true predecessors (the reach bounds every quiet move, and
//! a marked position is generated, never assumed), so every value is the core's moves' value:
//! `tests/identical.rs` checks the result against the first generator's, word for word.
//!
//! Memory: per index the value and outside words, the witness (four bytes) and two bits (the
//! marks), the lists of each level's decided positions and the table written, no edges:
//! about 14 bytes a word at the peak (measured on `IDPvK`, docs/endgames.md).

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering};

use gjjq_core::movegen::quiet_reach;
use gjjq_core::{Bitboard, MoveKind, Position, Ruleset, Side, Square};
use rayon::prelude::*;

use crate::core::{self, Kind, Move};
use crate::ending::Ending;
use crate::index::{EndingIndex, Placement};
use crate::tablebase::{Table, Tablebase, TablebaseError};
use crate::value::{NOT_A_POSITION, Value};

/// A position not decided yet (never a stored value: 0b11 in the top bits, not all ones).
const UNDECIDED: u16 = 0xC000;
/// The outside word of a position that can never be a loss (an outside win or draw).
const NEVER_LOST: u16 = 0xFFFF;
/// A witness word that names no child yet.
const NO_WITNESS: u32 = u32::MAX;
/// Indices per parallel task (even: a chunk holds both sides to move of its placements).
const CHUNK: usize = 1 << 14;

/// Where each kind of each side may have come from by a quiet move: `from[side][kind][to]`.
struct Origins {
    from: [[[Bitboard; 90]; 8]; 2],
}

impl Origins {
    fn new() -> Box<Origins> {
        let mut o = Box::new(Origins {
            from: [[[Bitboard::EMPTY; 90]; 8]; 2],
        });
        for (s, side) in core::SIDES.into_iter().enumerate() {
            for kind in Kind::ALL {
                for a in Bitboard::FULL {
                    for b in quiet_reach(&Ruleset::STANDARD, side, kind, a) {
                        o.from[s][kind.index()][b.index()].insert(a);
                    }
                }
            }
        }
        o
    }
}

/// What one generation of a position says at level `n`.
#[derive(Default)]
struct Verdict {
    /// A child is a loss in n − 1.
    win: bool,
    /// Every in-ending child is a decided win (visible at this level). Their longest win
    /// needs no count: a win visible at level n was decided before n, so it is at most
    /// n − 1 plies, and the loss is in n (or in its outside loss, if longer).
    all_wins: bool,
    /// The first in-ending child that is not a decided win ([`NO_WITNESS`] if none is, or the
    /// child has no index).
    blocker: u32,
}

/// The solver of one ending.
struct Solver<'a> {
    tb: &'a Tablebase,
    index: EndingIndex,
    values: Vec<AtomicU16>,
    origins: Box<Origins>,
    /// The sub-table a capture of (side, kind) leads to.
    subs: [[Option<&'a Table>; 8]; 2],
}

/// The positions to generate again at the next level, as bit sets over the index.
struct Marks {
    /// A child became a loss: the position may be a win.
    win: Vec<AtomicU64>,
    /// A child became a win: the position may be a loss.
    loss: Vec<AtomicU64>,
}

/// What `Solver::again` is told about a marked position.
struct Again {
    /// The level.
    n: u16,
    /// Its outside word.
    outside: u16,
    /// Marked by a child that became a loss.
    may_win: bool,
}

/// Positions decided at one level, wins and losses apart (their predecessors are marked in
/// different sets, and the list says which without a read of the table).
#[derive(Default)]
struct Decided {
    won: Vec<u32>,
    lost: Vec<u32>,
}

impl Decided {
    fn push(&mut self, idx: usize, value: Value) {
        match value {
            Value::Win(_) => self.won.push(idx as u32),
            Value::Loss(_) => self.lost.push(idx as u32),
            Value::Draw => {}
        }
    }

    fn extend(&mut self, other: Decided) {
        self.won.extend(other.won);
        self.lost.extend(other.lost);
    }

    fn is_empty(&self) -> bool {
        self.won.is_empty() && self.lost.is_empty()
    }
}

/// One level's results from one task.
#[derive(Default)]
struct Found {
    /// Decided at this level.
    newly: Decided,
    /// Wins from outside children, by level (level, index).
    wins: Vec<(u16, u32)>,
    /// Losses decided now whose level is later (level, index).
    losses: Vec<(u16, u32)>,
}

impl Found {
    fn merge(mut self, other: Found) -> Found {
        self.newly.extend(other.newly);
        self.wins.extend(other.wins);
        self.losses.extend(other.losses);
        self
    }
}

/// A word's meaning to a position generated at level `n`: decided before `n` or not.
#[inline]
fn visible(w: u16, n: u16) -> Option<Value> {
    if w == UNDECIDED {
        return None;
    }
    match Value::decode(w)? {
        Value::Win(d) if d < n => Some(Value::Win(d)),
        Value::Loss(d) if d < n => Some(Value::Loss(d)),
        Value::Draw => Some(Value::Draw),
        _ => None,
    }
}

impl Tablebase {
    /// Retrograde analysis of one ending whose sub-endings are all held (the generator).
    pub(crate) fn solve(&self, ending: Ending) -> Result<(EndingIndex, Vec<u16>), TablebaseError> {
        // Positions are numbered with 32 bits, `NO_WITNESS` kept apart (the public entry
        // points refuse such an ending first; this keeps the arithmetic below honest).
        Tablebase::generation_words(&ending)?;
        let index = EndingIndex::new(ending);
        let mut subs: [[Option<&Table>; 8]; 2] = [[None; 8]; 2];
        for (s, side) in core::SIDES.into_iter().enumerate() {
            let force = if s == 0 { ending.red } else { ending.green };
            for kind in Kind::ALL {
                if let Some(rest) = force.without(kind) {
                    let sub = if side == Side::Red {
                        Ending {
                            red: rest,
                            green: ending.green,
                        }
                    } else {
                        Ending {
                            red: ending.red,
                            green: rest,
                        }
                    };
                    // The side loses the piece: the capture is by the other side.
                    subs[s][kind.index()] = Some(
                        self.tables
                            .get(&sub)
                            .map(AsRef::as_ref)
                            .ok_or(TablebaseError::MissingTable(sub))?,
                    );
                }
            }
        }
        let values: Vec<AtomicU16> = (0..index.size())
            .map(|_| AtomicU16::new(UNDECIDED))
            .collect();
        let solver = Solver {
            tb: self,
            index,
            values,
            origins: Origins::new(),
            subs,
        };
        let values = solver.run()?;
        Ok((solver.index, values))
    }
}

impl Solver<'_> {
    fn run(&self) -> Result<Vec<u16>, TablebaseError> {
        let size = self.index.size();
        // Pass 0: every index once: its state, and for an undecided position its outside word.
        let mut outside = vec![NEVER_LOST; size];
        let witness: Vec<AtomicU32> = (0..size).map(|_| AtomicU32::new(NO_WITNESS)).collect();
        let found = outside
            .par_chunks_mut(CHUNK)
            .enumerate()
            .map(|(c, out)| -> Result<Found, TablebaseError> {
                let mut found = Found::default();
                // The two sides to move of one placement are neighbours (the index's lowest
                // digit), and a chunk holds whole pairs: one decoding for both.
                for (i, pair) in out.chunks_mut(2).enumerate() {
                    let idx = c * CHUNK + 2 * i;
                    let placement = self.index.decode(idx);
                    for (turn, o) in pair.iter_mut().enumerate() {
                        let p = placement.map(|p| Placement {
                            red_to_move: turn == 0,
                            ..p
                        });
                        let at = idx + turn;
                        self.start(at, p.as_ref(), o, &witness[at], &mut found)?;
                    }
                }
                Ok(found)
            })
            .try_reduce(Found::default, |a, b| Ok(a.merge(b)))?;
        let outside = outside;
        let mut wins: Vec<Vec<u32>> = Vec::new();
        let mut losses: Vec<Vec<u32>> = Vec::new();
        let bucket = |b: &mut Vec<Vec<u32>>, level: u16, idx: u32| {
            let l = usize::from(level);
            if b.len() <= l {
                b.resize_with(l + 1, Vec::new);
            }
            b[l].push(idx);
        };
        for &(l, i) in &found.wins {
            bucket(&mut wins, l, i);
        }
        for &(l, i) in &found.losses {
            bucket(&mut losses, l, i);
        }
        let words = size.div_ceil(64);
        let marks = Marks {
            win: (0..words).map(|_| AtomicU64::new(0)).collect(),
            loss: (0..words).map(|_| AtomicU64::new(0)).collect(),
        };
        // Level 0 is the terminal positions (`found.newly` of pass 0); levels from 1 on are
        // decided by the loop, the levels pass 0 has found already waiting in the buckets.
        let mut newly: Decided = found.newly;
        let mut n: u16 = 0;
        loop {
            let l = usize::from(n) + 1;
            if newly.is_empty() && l >= wins.len() && l >= losses.len() {
                break;
            }
            // Mark the positions a quiet move into one decided at level n can come from: a
            // child lost may make them wins, a child won losses.
            for (decided, set) in [(&newly.lost, &marks.win), (&newly.won, &marks.loss)] {
                decided
                    .par_chunks(1024)
                    .for_each(|cs| cs.iter().for_each(|&c| self.mark(c as usize, set)));
            }
            n += 1;
            let mut next = Decided::default();
            // Outside wins due now, and losses decided earlier whose level this is.
            if let Some(b) = wins.get_mut(usize::from(n)) {
                for idx in std::mem::take(b) {
                    let v = &self.values[idx as usize];
                    if v.load(Ordering::Relaxed) == UNDECIDED {
                        v.store(Value::Win(n).encode(), Ordering::Relaxed);
                        next.won.push(idx);
                    }
                }
            }
            if let Some(b) = losses.get_mut(usize::from(n)) {
                next.lost.extend(std::mem::take(b));
            }
            let found = marks
                .win
                .par_chunks(CHUNK / 64)
                .zip(marks.loss.par_chunks(CHUNK / 64))
                .enumerate()
                .map(|(c, (ws, ls))| {
                    let mut found = Found::default();
                    for (j, (w, l)) in ws.iter().zip(ls).enumerate() {
                        let win = take(w);
                        let mut bits = win | take(l);
                        while bits != 0 {
                            let bit = bits.trailing_zeros();
                            let idx = (c * CHUNK / 64 + j) * 64 + bit as usize;
                            bits &= bits - 1;
                            if self.values[idx].load(Ordering::Relaxed) == UNDECIDED {
                                let may_win = win & (1 << bit) != 0;
                                let at = Again {
                                    n,
                                    outside: outside[idx],
                                    may_win,
                                };
                                self.again(idx, &at, &witness[idx], &mut found);
                            }
                        }
                    }
                    found
                })
                .reduce(Found::default, Found::merge);
            next.extend(found.newly);
            for &(l, i) in &found.losses {
                bucket(&mut losses, l, i);
            }
            newly = next;
        }
        Ok(self
            .values
            .iter()
            .map(|v| match v.load(Ordering::Relaxed) {
                UNDECIDED => Value::Draw.encode(),
                w => w,
            })
            .collect())
    }

    /// Pass 0 for `idx`: not a position, terminal (level 0, announced in `found.newly` when a
    /// win or a loss, whose predecessors level 1 generates), or undecided with its outside
    /// word: the captures valued by the sub-tables, an outside win announced at its level,
    /// and a position without a quiet move (its children all outside) settled at once.
    fn start(
        &self,
        idx: usize,
        p: Option<&Placement>,
        outside: &mut u16,
        witness: &AtomicU32,
        found: &mut Found,
    ) -> Result<(), TablebaseError> {
        let v = &self.values[idx];
        let Some(p) = p else {
            v.store(NOT_A_POSITION, Ordering::Relaxed);
            return Ok(());
        };
        let pos = self.index.rebuild(p);
        let terminal = |found: &mut Found| {
            // The core says who won (R-21 … R-24).
            if let Some(value) = core::terminal(&pos) {
                v.store(value.encode(), Ordering::Relaxed);
                found.newly.push(idx, value);
            }
        };
        if pos.is_decided_setwise() {
            terminal(found);
            return Ok(());
        }
        let mut win: Option<u16> = None;
        let mut draw = false;
        let mut loss = 0u16;
        let mut quiet = false;
        let mut any = false;
        let mut err = None;
        let _ = pos.generate_moves_undecided(|pm| {
            any = true;
            if pm.kind != MoveKind::Quiet || pm.removal.is_some() {
                for to in pm.to {
                    match self.capture_value(&pos, Move::new(pm.from, to), pm.kind) {
                        Ok(Value::Win(d)) => win = Some(win.map_or(d, |w| w.min(d))),
                        Ok(Value::Draw) => draw = true,
                        Ok(Value::Loss(d)) => loss = loss.max(d),
                        Err(e) => err = Some(e),
                    }
                }
            } else if let Some(to) = pm.to.iter().next() {
                if !quiet {
                    // The first quiet child is the position's first witness (see `again`).
                    let from = pm.from.index() as u8;
                    let group = self.group_of(p, from);
                    if let Some(c) = self.child(idx, p, group, from, to.index() as u8) {
                        witness.store(c as u32, Ordering::Relaxed);
                    }
                }
                quiet = true;
            }
            std::ops::ControlFlow::<()>::Continue(())
        });
        if let Some(e) = err {
            return Err(e);
        }
        if !any {
            // No legal move: decided (`Position::is_decided_quickly`'s second half).
            terminal(found);
            return Ok(());
        }
        *outside = if win.is_some() || draw {
            NEVER_LOST
        } else {
            loss
        };
        if let Some(w) = win {
            // A capture's value is its child's, one ply on: a win is in at least 1.
            found.wins.push((w, idx as u32));
        } else if !quiet && *outside != NEVER_LOST {
            // Every child outside and lost: a loss in the most plies of them, at level 1 or
            // later (as `settle` would say at level 1).
            let level = (*outside).max(1);
            v.store(Value::Loss(level).encode(), Ordering::Relaxed);
            found.losses.push((level, idx as u32));
        }
        Ok(())
    }

    /// Level `n` for a marked undecided `idx`.
    ///
    /// Marked only because a child became a win, the position can change only to a loss, and
    /// not while its witness (a child found not to be a win before) is still not one: then
    /// nothing is generated.
    fn again(&self, idx: usize, at: &Again, witness: &AtomicU32, found: &mut Found) {
        let n = at.n;
        if !at.may_win {
            if at.outside == NEVER_LOST {
                return;
            }
            let w = witness.load(Ordering::Relaxed);
            if w != NO_WITNESS
                && !matches!(
                    visible(self.values[w as usize].load(Ordering::Relaxed), n),
                    Some(Value::Win(_))
                )
            {
                return;
            }
        }
        let Some(p) = self.index.decode(idx) else {
            return;
        };
        let pos = self.index.rebuild(&p);
        let verdict = self.generate(idx, &p, &pos, n, at.may_win);
        if verdict.win {
            self.values[idx].store(Value::Win(n).encode(), Ordering::Relaxed);
            found.newly.won.push(idx as u32);
            return;
        }
        witness.store(verdict.blocker, Ordering::Relaxed);
        self.settle(idx, n, at.outside, &verdict, found);
    }

    /// A loss once every child is a decided win: now if its level is `n`, else stored now and
    /// announced at its level.
    fn settle(&self, idx: usize, n: u16, outside: u16, verdict: &Verdict, found: &mut Found) {
        if outside == NEVER_LOST || !verdict.all_wins {
            return;
        }
        let level = outside.max(n);
        self.values[idx].store(Value::Loss(level).encode(), Ordering::Relaxed);
        if level == n {
            found.newly.lost.push(idx as u32);
        } else {
            found.losses.push((level, idx as u32));
        }
    }

    /// Generates `pos`'s quiet moves (the core's) and reads their children from the table as
    /// seen at level `n`, stopping at a win (the other moves were valued once, into the
    /// outside word, by pass 0). `pos` is undecided (its word was `UNDECIDED`, so
    /// `Position::outcome` said `None`), so the core's adjudication is not asked again at each
    /// level.
    ///
    /// A position not marked as a possible win (`may_win` false) has no child visible now as
    /// a loss: such a child was decided at a level d < n, its predecessors were marked as
    /// possible wins at level d + 1, and this position became a win then. So its first child
    /// that is not a decided win settles it (not a loss now, and that child its witness): the
    /// generation stops there.
    #[inline]
    fn generate(
        &self,
        idx: usize,
        p: &Placement,
        pos: &Position,
        n: u16,
        may_win: bool,
    ) -> Verdict {
        let mut v = Verdict {
            win: false,
            all_wins: true,
            blocker: NO_WITNESS,
        };
        let _ = pos.generate_moves_undecided(|pm| {
            if pm.kind != MoveKind::Quiet || pm.removal.is_some() {
                return std::ops::ControlFlow::<()>::Continue(());
            }
            let from = pm.from.index() as u8;
            let group = self.group_of(p, from);
            for to in pm.to {
                let Some(child) = self.child(idx, p, group, from, to.index() as u8) else {
                    v.all_wins = false;
                    if !may_win {
                        return std::ops::ControlFlow::Break(());
                    }
                    continue;
                };
                let w = self.values[child].load(Ordering::Relaxed);
                match visible(w, n) {
                    Some(Value::Loss(_)) => {
                        // A win: nothing else about this position matters at this level.
                        v.win = true;
                        return std::ops::ControlFlow::Break(());
                    }
                    Some(Value::Win(_)) => {}
                    _ => {
                        if v.all_wins {
                            v.blocker = child as u32;
                        }
                        v.all_wins = false;
                        if !may_win {
                            return std::ops::ControlFlow::Break(());
                        }
                    }
                }
            }
            std::ops::ControlFlow::Continue(())
        });
        v
    }

    /// The index after the quiet move `from`–`to` of the piece of `group` (`None`: the king of
    /// the side to move) in the placement `p` at `idx`.
    #[inline]
    fn child(
        &self,
        idx: usize,
        p: &Placement,
        group: Option<usize>,
        from: u8,
        to: u8,
    ) -> Option<usize> {
        match group {
            Some(g) => Some(self.index.moved(idx, p, g, from, to)),
            None => self
                .index
                .king_moved(idx, p, usize::from(!p.red_to_move), from, to),
        }
    }

    /// The group of the non-king piece on `sq`, `None` for a king.
    #[inline]
    fn group_of(&self, p: &Placement, sq: u8) -> Option<usize> {
        if p.kings.contains(&sq) {
            return None;
        }
        (0..self.index.group_count()).find(|&g| {
            let (_, _, count) = self.index.group(g);
            p.points[g][..count].contains(&sq)
        })
    }

    /// The value, from the mover's view, of a capture (or any move that leaves the ending).
    fn capture_value(
        &self,
        pos: &Position,
        m: Move,
        kind: MoveKind,
    ) -> Result<Value, TablebaseError> {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let them = pos.turn().other();
        if kind == MoveKind::Capture
            && child.king(them).is_some()
            && !core::has_pending(&child)
            && let Some(victim) = pos.piece_at(m.to())
            && let Some(table) = self.subs[victim.side.index()][victim.kind.index()]
        {
            let idx = table
                .index
                .index_of(&child)
                .ok_or(TablebaseError::OutsideIndex(table.index.ending()))?;
            return Value::decode(table.values.get(idx))
                .map(Value::parent)
                .ok_or(TablebaseError::OutsideIndex(table.index.ending()));
        }
        Ok(self.tb.value_of(&child)?.parent())
    }

    /// Marks in `marks` every position a quiet move into `c` can come from (in the set of
    /// possible wins when `c` is a loss, of possible losses when it is a win).
    fn mark(&self, c: usize, marks: &[AtomicU64]) {
        let Some(p) = self.index.decode(c) else {
            return;
        };
        // The side that moved into `c`.
        let mover = usize::from(p.red_to_move);
        let mut occ = Bitboard::EMPTY;
        occ.insert(sq(p.kings[0]));
        occ.insert(sq(p.kings[1]));
        for g in 0..self.index.group_count() {
            let (_, _, count) = self.index.group(g);
            for &s in &p.points[g][..count] {
                occ.insert(sq(s));
            }
        }
        let set = |i: usize| {
            // Most predecessors are marked by several children: a read first spares the
            // read-modify-write (a bit set late by another thread is set again, harmlessly).
            let (word, bit) = (&marks[i / 64], 1u64 << (i % 64));
            if word.load(Ordering::Relaxed) & bit == 0 {
                word.fetch_or(bit, Ordering::Relaxed);
            }
        };
        // The stored `c` stands for its placement and the mirror image (unless both kings
        // stand on the middle file). A predecessor of the image is the mirror of one of `p`'s
        // (the rules are symmetric) and stored at that one's index, except a predecessor with
        // both kings on the middle file, whose two images are stored apart: so king moves are
        // taken back from the image too, onto the middle file, when the other king is on it.
        let other_on_middle = p.kings[1 - mover] % 9 == 4;
        let mirror = p.mirrored();
        let images: &[Placement] = if p.kings_on_middle() || !other_on_middle {
            &[p]
        } else {
            &[p, mirror]
        };
        for (i, image) in images.iter().enumerate() {
            let king = image.kings[mover];
            let occ = if i == 0 { occ } else { mirror_bits(occ) };
            for a in self.origins.from[mover][Kind::King.index()][usize::from(king)] - occ {
                let a = a.index() as u8;
                if !self.index.in_palace(mover, a) || (i == 1 && a % 9 != 4) {
                    continue;
                }
                let i = if i == 0 {
                    self.index.king_moved(c, image, mover, king, a)
                } else {
                    self.index.index_with(image, king, a, mover == 0)
                };
                if let Some(i) = i {
                    set(i);
                }
            }
        }
        for g in 0..self.index.group_count() {
            let (side, kind, count) = self.index.group(g);
            if side.index() != mover {
                continue;
            }
            for &b in &p.points[g][..count] {
                for a in self.origins.from[mover][kind.index()][usize::from(b)] - occ {
                    let a = a.index() as u8;
                    if self.index.in_group_range(g, a) {
                        set(self.index.moved(c, &p, g, b, a));
                    }
                }
            }
        }
    }
}

/// Reads and clears a word of marks: a plain read, and a write only when a bit is set. The
/// scan visits every word of both sets at every level (176 levels on `IIvD`) and most words
/// are clear, so an unconditional swap (a locked instruction) cost more than the reads.
#[inline]
fn take(w: &AtomicU64) -> u64 {
    let v = w.load(Ordering::Relaxed);
    if v != 0 {
        w.store(0, Ordering::Relaxed);
    }
    v
}

/// A set of points mirrored (x ↔ 8 − x).
fn mirror_bits(b: Bitboard) -> Bitboard {
    let mut m = Bitboard::EMPTY;
    for s in b {
        m.insert(sq(crate::index::mirror(s.index() as u8)));
    }
    m
}

#[inline]
fn sq(i: u8) -> Square {
    Square::from_index(usize::from(i)).expect("a point of the index")
}
