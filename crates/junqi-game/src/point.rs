//! A board's points: the newtype every game's point is.

/// Defines a game's point: a newtype over an unsigned word holding the index `0..count`, with
/// `COUNT`, `from_index`, `index`, `all` (and the trait [`Point`](crate::Point)) and a crate-private `from_index_unchecked` (for the
/// crate's own tables and bit loops, which guarantee the range: a debug build asserts it), and
/// `Debug` written as the point's `Display` (its label), which the game writes. Each game
/// instantiates it once (国际军棋's 90 points, 陸戰棋's 60): the methods are `const fn` on the
/// game's own type and compile to the same code as a type written by hand. How the index maps
/// to coordinates, and the label, are the game's own.
///
/// # Examples
///
/// ```
/// use std::fmt;
/// junqi_game::point! {
///     /// A point of a ten-point line.
///     pub struct Point(u8) of 10;
/// }
/// impl fmt::Display for Point {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "p{}", self.index())
///     }
/// }
/// assert_eq!(Point::from_index(9).map(Point::index), Some(9));
/// assert_eq!(Point::from_index(10), None);
/// assert_eq!(Point::all().count(), Point::COUNT);
/// assert_eq!(format!("{:?}", Point::from_index(3).unwrap()), "p3");
/// ```
#[macro_export]
macro_rules! point {
    (
        $(#[$meta:meta])*
        $vis:vis struct $P:ident($word:ty) of $count:literal;
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $P($word);

        #[allow(dead_code)]
        impl $P {
            #[doc = concat!("Number of points on the board: ", stringify!($count), ".")]
            pub const COUNT: usize = $count;

            /// The point with index `i`, if `i` is below [`COUNT`](Self::COUNT).
            #[inline]
            #[must_use]
            pub const fn from_index(i: usize) -> Option<$P> {
                if i < $count {
                    Some($P(i as $word))
                } else {
                    None
                }
            }

            /// The point with index `i` below [`COUNT`](Self::COUNT), for the crate's own
            /// tables and bit loops, which guarantee the range.
            #[inline]
            #[must_use]
            pub(crate) const fn from_index_unchecked(i: usize) -> $P {
                debug_assert!(i < $count);
                $P(i as $word)
            }

            /// The point's index, below [`COUNT`](Self::COUNT).
            #[inline]
            #[must_use]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// Every point, in index order.
            pub fn all() -> impl Iterator<Item = $P> + Clone {
                (0..$count as $word).map($P)
            }
        }

        impl $crate::Point for $P {
            const COUNT: usize = $count;

            #[inline]
            fn index(self) -> usize {
                <$P>::index(self)
            }

            #[inline]
            fn from_index(i: usize) -> Option<$P> {
                <$P>::from_index(i)
            }
        }

        $crate::debug_as_display!($P);
    };
}

/// Implements `Debug` as the type's `Display`: for the values whose text form is what a
/// reader wants to see in a debug print too (a point's label, a move's ASCII form).
///
/// ```
/// use std::fmt;
/// pub struct Label(u8);
/// impl fmt::Display for Label {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "L{}", self.0)
///     }
/// }
/// junqi_game::debug_as_display!(Label);
/// assert_eq!(format!("{:?}", Label(4)), "L4");
/// ```
#[macro_export]
macro_rules! debug_as_display {
    ($($ty:ty),* $(,)?) => {$(
        impl ::core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(self, f)
            }
        }
    )*};
}

/// Implements `Display` and `Debug` for a move of two points (fields `from` and `to`, each
/// with a `Display`): the origin's label then the destination's, the ASCII form every game's
/// moves share (`5B5A`, `b10b11`).
///
/// ```
/// use std::fmt;
/// pub struct Move { from: u8, to: u8 }
/// junqi_game::move_text!(Move);
/// assert_eq!(Move { from: 3, to: 4 }.to_string(), "34");
/// assert_eq!(format!("{:?}", Move { from: 3, to: 4 }), "34");
/// ```
#[macro_export]
macro_rules! move_text {
    ($ty:ty) => {
        impl ::core::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::write!(f, "{}{}", self.from, self.to)
            }
        }

        $crate::debug_as_display!($ty);
    };
}
