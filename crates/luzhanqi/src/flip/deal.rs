//! A deal of the face-down pieces (L-32): which piece lies under each face-down point, fixed
//! before the game by whoever holds the chance (a match's arbiter, a referee), never by the
//! players.
//!
//! A flip reveals a piece drawn uniformly from the unseen ones (L-32). Shuffling the 50 pieces
//! onto the 50 points before the game and revealing the dealt piece is the same draw; a deal
//! lets two games (the players swapping seats) hide the same layout.

use rand::seq::SliceRandom;

use super::{FlipAction, FlipPosition, Pool, START_POINTS};
use crate::{Piece, Square};

/// The pieces under the face-down points: a shuffle of the 50 pieces (L-5) onto the 50
/// non-camp points.
///
/// ```
/// use luzhanqi::flip::{FlipDeal, FlipPosition, Pool, START_POINTS};
/// use luzhanqi::rand::{SeedableRng, rngs::StdRng};
/// let deal = FlipDeal::random(&mut StdRng::seed_from_u64(1));
/// let mut pool = Pool::EMPTY;
/// for sq in START_POINTS {
///     pool.add(deal.piece_at(sq).expect("a piece on every non-camp point"));
/// }
/// assert_eq!(pool, Pool::FULL);
/// // A flip reveals the piece dealt there; a move between face-up pieces reveals none.
/// let start = FlipPosition::start();
/// let c6 = "c6".parse()?;
/// assert_eq!(deal.reveal(&start, c6), deal.piece_at("c6".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FlipDeal {
    pieces: [Option<Piece>; Square::COUNT],
}

impl FlipDeal {
    /// A uniform shuffle of the 50 pieces onto the 50 non-camp points.
    pub fn random<R: rand::Rng + ?Sized>(rng: &mut R) -> FlipDeal {
        let mut all: Vec<Piece> = Pool::FULL
            .iter()
            .flat_map(|(p, n)| std::iter::repeat_n(p, n as usize))
            .collect();
        all.shuffle(rng);
        let mut pieces = [None; Square::COUNT];
        for (sq, p) in START_POINTS.into_iter().zip(all) {
            pieces[sq.index()] = Some(p);
        }
        FlipDeal { pieces }
    }

    /// The piece dealt to `sq` (`None` on a camp).
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pieces[sq.index()]
    }

    /// What `action` reveals in `pos` under this deal: for a chance action (a flip, or with
    /// `attack_face_down` a move onto a face-down piece) the piece dealt to its point, else
    /// `None` — the second argument of [`FlipPosition::apply`].
    #[must_use]
    pub fn reveal(&self, pos: &FlipPosition, action: FlipAction) -> Option<Piece> {
        if !pos.is_chance(action) {
            return None;
        }
        match action {
            FlipAction::Flip(sq) => self.piece_at(sq),
            FlipAction::Move(m) => self.piece_at(m.to),
        }
    }
}
