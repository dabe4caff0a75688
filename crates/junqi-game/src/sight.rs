//! What one seat sees of the pieces in a game of hidden pieces.

/// A board's point as the shared crates read it: an index below `COUNT` and back. The
/// [`point!`](crate::point) macro implements it for every game's point.
pub trait Point: Copy {
    /// Number of points on the board.
    const COUNT: usize;
    /// The point's index, below `COUNT`.
    fn index(self) -> usize;
    /// The point of index `i`, `None` from `COUNT` on.
    fn from_index(i: usize) -> Option<Self>;
}

/// An enemy piece as a seat sees it in a game of hidden pieces: a point and an identity,
/// never a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EnemyPiece<P> {
    /// Where it stands now.
    pub at: P,
    /// Its identity: the point it started on, followed through its moves.
    pub id: P,
}

/// One seat's picture of the pieces in a game of hidden pieces (国际军棋's hidden game,
/// 陸戰棋's dark game): on each of the `N` points (`N` is `P::COUNT`), its own piece's kind or
/// an enemy piece's identity ([`EnemyPiece::id`]), never an enemy kind. A plain table the
/// game's view keeps up to date as the referee tells it; the lists read it in point order.
///
/// # Examples
///
/// ```
/// use junqi_game::{EnemyPiece, Point, Sight};
/// # #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// # struct P(u8);
/// # impl Point for P {
/// #     const COUNT: usize = 4;
/// #     fn index(self) -> usize { usize::from(self.0) }
/// #     fn from_index(i: usize) -> Option<P> { (i < 4).then(|| P(i as u8)) }
/// # }
/// let mut s: Sight<P, char, 4> = Sight::new();
/// s.own[0] = Some('K');
/// s.enemy[3] = Some(P(2)); // the piece that started on point 2 now stands on 3
/// assert_eq!(s.own(), [(P(0), 'K')]);
/// assert_eq!(s.enemy(), [EnemyPiece { at: P(3), id: P(2) }]);
/// assert_eq!(s.enemy_at(P(3)), Some(P(2)));
/// let (own, enemy): (Vec<P>, Vec<P>) = s.occupied();
/// assert_eq!((own, enemy), (vec![P(0)], vec![P(3)]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sight<P, K, const N: usize> {
    /// The own piece's kind on each point, by index.
    pub own: [Option<K>; N],
    /// The identity of the enemy piece on each point, by index.
    pub enemy: [Option<P>; N],
}

impl<P: Point, K: Copy, const N: usize> Default for Sight<P, K, N> {
    fn default() -> Self {
        Sight::new()
    }
}

impl<P: Point, K: Copy, const N: usize> Sight<P, K, N> {
    /// No pieces.
    #[must_use]
    pub fn new() -> Self {
        const { assert!(N == P::COUNT, "a sight has a slot for every point") };
        Sight {
            own: [None; N],
            enemy: [None; N],
        }
    }

    /// Every occupied slot of `slots`, with its point, in point order.
    fn listed<T: Copy>(slots: &[Option<T>; N]) -> impl Iterator<Item = (P, T)> + '_ {
        slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((P::from_index(i)?, (*s)?)))
    }

    /// The own pieces with their kinds, in point order.
    #[must_use]
    pub fn own(&self) -> Vec<(P, K)> {
        Self::listed(&self.own).collect()
    }

    /// The enemy pieces on the board, in point order, with their identities.
    #[must_use]
    pub fn enemy(&self) -> Vec<EnemyPiece<P>> {
        Self::listed(&self.enemy)
            .map(|(at, id)| EnemyPiece { at, id })
            .collect()
    }

    /// The identity of the enemy piece on `at`, if one stands there.
    #[must_use]
    pub fn enemy_at(&self, at: P) -> Option<P> {
        self.enemy.get(at.index()).copied().flatten()
    }

    /// The points of the own pieces and of the enemy's, as any set of points (a game's
    /// bitboard).
    #[must_use]
    pub fn occupied<B: FromIterator<P>>(&self) -> (B, B) {
        (
            Self::listed(&self.own).map(|(p, _)| p).collect(),
            Self::listed(&self.enemy).map(|(p, _)| p).collect(),
        )
    }
}
