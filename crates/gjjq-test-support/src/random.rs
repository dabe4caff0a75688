//! Seeded random games: one move picker, [`RandomMover`], and one game driver,
//! [`random_game`], for every test, bench and example that plays random games.
//!
//! A picker chooses uniformly among the legal moves, except that it may be told to prefer two
//! kinds of move now and then, so that games reach the rare rules:
//!
//! - captures (an enemy piece stands on the destination), with a probability in percent:
//!   sparse endgames, kings attacked while returns are owed (R-19 forfeits, R-21, R-22);
//! - blocks, moves onto the origin of the opponent's pending return, which force a removal
//!   (R-19).
//!
//! With both biases at 0 a pick is exactly `moves[rng.random_range(0..moves.len())]` with a
//! [`StdRng`] seeded by `seed_from_u64(seed)`, so games recorded before this crate existed
//! (e.g. the ids of `tests/data/bench.perft`) are played again move for move.

use gjjq_core::{Move, Position};
use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};

/// Chooses moves at random, seeded, with optional preferences for captures and blocks.
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_test_support::RandomMover;
///
/// let pos = Position::default();
/// let moves = pos.legal_moves();
/// let mut mover = RandomMover::new(1);
/// let m = mover.pick(&pos, &moves).expect("the opening has moves");
/// assert!(moves.contains(&m));
/// assert_eq!(RandomMover::new(1).pick(&pos, &moves), Some(m)); // seeded
/// assert_eq!(mover.pick(&pos, &[]), None);
/// ```
#[derive(Debug, Clone)]
pub struct RandomMover {
    rng: StdRng,
    capture_bias: u32,
    block_bias: u32,
}

impl RandomMover {
    /// A uniform picker seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomMover {
        RandomMover {
            rng: StdRng::seed_from_u64(seed),
            capture_bias: 0,
            block_bias: 0,
        }
    }

    /// Prefer a capture, when there is one, `percent` % of the time (capped at 100).
    #[must_use]
    pub fn captures(mut self, percent: u32) -> RandomMover {
        self.capture_bias = percent.min(100);
        self
    }

    /// Prefer a move onto the origin of the opponent's pending return (forcing an R-19
    /// removal), when there is one, `percent` % of the time (capped at 100). Asked before
    /// captures.
    #[must_use]
    pub fn blocks(mut self, percent: u32) -> RandomMover {
        self.block_bias = percent.min(100);
        self
    }

    /// The random number generator, for tests that draw more than moves.
    pub fn rng(&mut self) -> &mut StdRng {
        &mut self.rng
    }

    /// Whether a preference of `percent` % applies to this pick; no draw when it cannot.
    fn roll(&mut self, percent: u32, candidates: usize) -> bool {
        percent > 0 && candidates > 0 && self.rng.random_range(0..100) < percent
    }

    /// One of `moves` (the legal moves of `pos`), or `None` when there are none.
    pub fn pick(&mut self, pos: &Position, moves: &[Move]) -> Option<Move> {
        if moves.is_empty() {
            return None;
        }
        if self.block_bias > 0 {
            let blocks: Vec<Move> = match pos.pending_return(pos.turn().other()) {
                Some(p) => moves
                    .iter()
                    .copied()
                    .filter(|m| m.to() == p.origin)
                    .collect(),
                None => Vec::new(),
            };
            if self.roll(self.block_bias, blocks.len()) {
                return Some(blocks[self.rng.random_range(0..blocks.len())]);
            }
        }
        if self.capture_bias > 0 {
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.to()).is_some_and(|p| p.side != pos.turn()))
                .collect();
            if self.roll(self.capture_bias, captures.len()) {
                return Some(captures[self.rng.random_range(0..captures.len())]);
            }
        }
        Some(moves[self.rng.random_range(0..moves.len())])
    }
}

/// A random game as an iterator of (position before the move, move), from
/// [`random_game`] or [`RandomGame::new`].
///
/// It ends after its ply limit or at a position without legal moves;
/// [`position`](RandomGame::position) is then the final position. Moves are played with
/// `play_unchecked` (they come from `legal_moves`).
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_test_support::{RandomGame, RandomMover};
///
/// let mut game = RandomGame::new(Position::default(), RandomMover::new(3).captures(80), 500);
/// let mut plies = 0;
/// for (before, m) in game.by_ref() {
///     assert!(before.is_legal(m));
///     plies += 1;
/// }
/// // Either the ply limit or a position without moves ended it.
/// assert!(plies == 500 || game.position().legal_moves().is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct RandomGame {
    pos: Position,
    mover: RandomMover,
    plies_left: usize,
}

impl RandomGame {
    /// A game from `start`, moves chosen by `mover`, at most `max_plies` moves.
    #[must_use]
    pub fn new(start: Position, mover: RandomMover, max_plies: usize) -> RandomGame {
        RandomGame {
            pos: start,
            mover,
            plies_left: max_plies,
        }
    }

    /// The position after the moves yielded so far (the final one once the game has ended).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

impl Iterator for RandomGame {
    type Item = (Position, Move);

    fn next(&mut self) -> Option<(Position, Move)> {
        if self.plies_left == 0 {
            return None;
        }
        let moves = self.pos.legal_moves();
        let m = self.mover.pick(&self.pos, &moves)?;
        self.plies_left -= 1;
        let before = self.pos.clone();
        self.pos.play_unchecked(m);
        Some((before, m))
    }
}

/// A seeded random game from the default opening (R-27): at most `max_plies` moves, a capture
/// preferred `capture_bias` % of the time (see [`RandomMover::captures`]).
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_test_support::random_game;
///
/// let mut game = random_game(11, 40, 0);
/// let first = game.next().expect("the opening has moves");
/// assert_eq!(first.0, Position::default());
/// assert_eq!(game.count(), 39);
/// ```
#[must_use]
pub fn random_game(seed: u64, max_plies: usize, capture_bias: u32) -> RandomGame {
    RandomGame::new(
        Position::default(),
        RandomMover::new(seed).captures(capture_bias),
        max_plies,
    )
}
