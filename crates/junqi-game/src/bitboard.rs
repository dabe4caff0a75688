//! The one bitboard of every game: a set of a board's points as the bits of one machine word.

/// Defines a game's bitboard: a set of its points as the bits of one unsigned word (bit `i`
/// for the point of index `i`, the bits from the point count up always clear), with its
/// iterator, the set operators (`&`, `|`, `^`, `-` for difference, `!` for the complement
/// within the board) and the conversions from points. Each game instantiates it once with
/// its own point type and word (国际军棋's 90 points in a `u128`, 陸戰棋's 60 in a `u64`), so
/// the methods stay `const fn` on the game's own type and compile to the same code as a type
/// written by hand; how a set is drawn (`Display`, `Debug`) is the game's own.
///
/// The point type must have `const fn index(self) -> usize` and
/// `const fn from_index_unchecked(i) -> Self` for an index below the count (its argument may
/// be any unsigned integer type). The tuple field of the set is `pub(crate)` in the crate that
/// instantiates it, for its const tables.
///
/// # Examples
///
/// ```
/// #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// pub struct Point(u8);
/// impl Point {
///     pub const fn index(self) -> usize { self.0 as usize }
///     const fn from_index_unchecked(i: u8) -> Point { Point(i) }
/// }
/// junqi_game::bitboard! {
///     /// The ten points of a small board.
///     #[derive(Debug)]
///     pub struct Set(u16) of 10 Point;
///     /// The points of a [`Set`].
///     pub struct SetIter;
/// }
/// let s = Set::from_squares(&[Point(0), Point(9)]);
/// assert_eq!((s.count(), s.first(), s.last()), (2, Some(Point(0)), Some(Point(9))));
/// assert_eq!((!s).count(), 8);
/// assert_eq!(Set::from_bits(1 << 10), None);
/// assert_eq!(s.iter().collect::<Vec<_>>(), [Point(0), Point(9)]);
/// ```
#[macro_export]
macro_rules! bitboard {
    (
        $(#[$meta:meta])*
        $vis:vis struct $Set:ident($word:ty) of $count:literal $Point:ty;
        $(#[$imeta:meta])*
        $ivis:vis struct $Iter:ident;
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        $vis struct $Set(pub(crate) $word);

        #[allow(dead_code)]
        impl $Set {
            /// No points.
            pub const EMPTY: $Set = $Set(0);
            #[doc = concat!("All ", stringify!($count), " points.")]
            pub const FULL: $Set = $Set(((1 as $word) << $count) - 1);

            /// The set with these bits (bit `i` for the point of index `i`), or `None` if a
            /// bit beyond the board is set: a set only ever holds points.
            #[inline]
            #[must_use]
            pub const fn from_bits(bits: $word) -> Option<$Set> {
                if bits & !$Set::FULL.0 == 0 {
                    Some($Set(bits))
                } else {
                    None
                }
            }

            /// The set with the bits of `bits` that are points (the others dropped).
            #[inline]
            #[must_use]
            pub const fn from_bits_truncate(bits: $word) -> $Set {
                $Set(bits & $Set::FULL.0)
            }

            /// The bits of the set: bit `i` for each member of index `i`.
            #[inline]
            #[must_use]
            pub const fn bits(self) -> $word {
                self.0
            }

            /// The set holding one point.
            #[inline]
            #[must_use]
            pub const fn from_square(sq: $Point) -> $Set {
                $Set(1 << sq.index())
            }

            /// The set of these points.
            #[must_use]
            pub const fn from_squares(squares: &[$Point]) -> $Set {
                let mut bits = 0;
                let mut i = 0;
                while i < squares.len() {
                    bits |= 1 << squares[i].index();
                    i += 1;
                }
                $Set(bits)
            }

            /// Whether `sq` is in the set.
            #[inline]
            #[must_use]
            pub const fn contains(self, sq: $Point) -> bool {
                self.0 & (1 << sq.index()) != 0
            }

            /// The set with `sq` added.
            #[inline]
            #[must_use]
            pub const fn with(self, sq: $Point) -> $Set {
                $Set(self.0 | (1 << sq.index()))
            }

            /// The set with `sq` removed.
            #[inline]
            #[must_use]
            pub const fn without(self, sq: $Point) -> $Set {
                $Set(self.0 & !(1 << sq.index()))
            }

            /// Add `sq`.
            #[inline]
            pub fn insert(&mut self, sq: $Point) {
                self.0 |= 1 << sq.index();
            }

            /// Remove `sq`.
            #[inline]
            pub fn remove(&mut self, sq: $Point) {
                self.0 &= !(1 << sq.index());
            }

            /// Whether the set is empty.
            #[inline]
            #[must_use]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether the set has at least one point.
            #[inline]
            #[must_use]
            pub const fn any(self) -> bool {
                self.0 != 0
            }

            /// Number of points in the set.
            #[inline]
            #[must_use]
            pub const fn count(self) -> u32 {
                self.0.count_ones()
            }

            /// The point with the lowest index, if any.
            #[inline]
            #[must_use]
            pub const fn first(self) -> Option<$Point> {
                if self.0 == 0 {
                    None
                } else {
                    Some(<$Point>::from_index_unchecked(self.0.trailing_zeros() as _))
                }
            }

            /// The point with the highest index, if any.
            #[inline]
            #[must_use]
            pub const fn last(self) -> Option<$Point> {
                if self.0 == 0 {
                    None
                } else {
                    Some(<$Point>::from_index_unchecked(
                        (<$word>::BITS - 1 - self.0.leading_zeros()) as _,
                    ))
                }
            }

            /// Whether the two sets share a point.
            #[inline]
            #[must_use]
            pub const fn intersects(self, other: $Set) -> bool {
                self.0 & other.0 != 0
            }

            /// The points, lowest index first.
            #[inline]
            #[must_use]
            pub const fn iter(self) -> $Iter {
                $Iter(self.0)
            }
        }

        $(#[$imeta])*
        #[derive(Debug, Clone)]
        $ivis struct $Iter($word);

        impl ::core::iter::Iterator for $Iter {
            type Item = $Point;

            #[inline]
            fn next(&mut self) -> Option<$Point> {
                if self.0 == 0 {
                    return None;
                }
                let i = self.0.trailing_zeros();
                self.0 &= self.0 - 1;
                Some(<$Point>::from_index_unchecked(i as _))
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }

        impl ::core::iter::ExactSizeIterator for $Iter {}

        impl ::core::iter::IntoIterator for $Set {
            type Item = $Point;
            type IntoIter = $Iter;
            fn into_iter(self) -> $Iter {
                self.iter()
            }
        }

        impl ::core::iter::FromIterator<$Point> for $Set {
            fn from_iter<T: ::core::iter::IntoIterator<Item = $Point>>(iter: T) -> $Set {
                let mut set = $Set::EMPTY;
                for sq in iter {
                    set.insert(sq);
                }
                set
            }
        }

        impl ::core::convert::From<$Point> for $Set {
            fn from(sq: $Point) -> $Set {
                $Set::from_square(sq)
            }
        }

        $crate::bitboard!(@op $Set, BitAnd, bitand, BitAndAssign, bitand_assign, &);
        $crate::bitboard!(@op $Set, BitOr, bitor, BitOrAssign, bitor_assign, |);
        $crate::bitboard!(@op $Set, BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

        impl ::core::ops::Sub for $Set {
            type Output = $Set;
            /// Set difference: the points of `self` not in `rhs`.
            #[inline]
            fn sub(self, rhs: $Set) -> $Set {
                $Set(self.0 & !rhs.0)
            }
        }

        impl ::core::ops::Not for $Set {
            type Output = $Set;
            /// The complement within the board.
            #[inline]
            fn not(self) -> $Set {
                $Set(!self.0 & $Set::FULL.0)
            }
        }
    };
    (@op $Set:ident, $tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl ::core::ops::$tr for $Set {
            type Output = $Set;
            #[inline]
            fn $f(self, rhs: $Set) -> $Set {
                $Set(self.0 $op rhs.0)
            }
        }
        impl ::core::ops::$tra for $Set {
            #[inline]
            fn $fa(&mut self, rhs: $Set) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

#[cfg(test)]
mod tests {
    /// A board of 70 points, so the word is wider than the board and wider than 64 bits.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Point(u8);

    impl Point {
        const fn index(self) -> usize {
            self.0 as usize
        }
        const fn from_index_unchecked(i: usize) -> Point {
            Point(i as u8)
        }
    }

    crate::bitboard! {
        /// Seventy points.
        #[derive(Debug)]
        struct Set(u128) of 70 Point;
        /// Its points.
        struct SetIter;
    }

    #[test]
    fn set_operations_stay_within_the_board() {
        let (a, b) = (Point(0), Point(69));
        let s = Set::EMPTY.with(a).with(b);
        assert_eq!(Set::FULL.count(), 70);
        assert_eq!((s.count(), s.first(), s.last()), (2, Some(a), Some(b)));
        assert_eq!(
            (!s).count(),
            68,
            "the complement holds no bit beyond the board"
        );
        assert_eq!(s - Set::from_square(a), Set::from(b));
        assert_eq!(s ^ Set::from_square(b), Set::from_square(a));
        assert!(s.without(a).without(b).is_empty() && s.any());
        assert_eq!(Set::from_bits(1 << 70), None);
        assert_eq!(Set::from_bits_truncate(u128::MAX), Set::FULL);
        assert_eq!(Set::FULL.iter().len(), 70);
        assert_eq!(s.iter().collect::<Vec<_>>(), [a, b]);
        assert_eq!([b, a].into_iter().collect::<Set>(), s);
        let mut t = Set::from_squares(&[a, Point(5)]);
        t.remove(a);
        t.insert(b);
        assert_eq!(t.iter().collect::<Vec<_>>(), [Point(5), b]);
        assert!(t.intersects(s) && t.contains(b) && !t.contains(a));
        assert_eq!(t & s, Set::from(b));
        assert_eq!((t | s).count(), 3);
    }
}
