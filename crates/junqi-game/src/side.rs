//! A game's own side type as seats of the model.

/// Implements `seat` and `from_seat` for a game's own side (or player) type, whose values are
/// the seats of an `N`-seat game in the order of its `ALL` table: `seat` is
/// [`Seat::table`](crate::Seat::table)'s seat of its `index()`, `from_seat` the value of a
/// seat of an `N`-seat game (`None` for another game's seat). The one conversion between
/// every game's sides and the model's [`Seat`](crate::Seat).
///
/// The type must have `const ALL: [Self; N]` and `const fn index(self) -> usize`; the
/// attributes given (the doc of `seat`, with its example) go on `seat`.
///
/// # Examples
///
/// ```
/// #[derive(Debug, Clone, Copy, PartialEq)]
/// pub enum Colour { White, Black }
/// impl Colour {
///     pub const ALL: [Colour; 2] = [Colour::White, Colour::Black];
///     pub const fn index(self) -> usize { self as usize }
/// }
/// junqi_game::seats! {
///     /// The colour's seat: White is seat 0 of two.
///     Colour of 2
/// }
/// assert_eq!(Colour::Black.seat().index(), 1);
/// assert_eq!(Colour::from_seat(Colour::Black.seat()), Some(Colour::Black));
/// assert_eq!(Colour::from_seat(junqi_game::Seat::new(1, 4).unwrap()), None);
/// ```
#[macro_export]
macro_rules! seats {
    ($(#[$meta:meta])* $Side:ident of $n:literal) => {
        impl $Side {
            $(#[$meta])*
            #[inline]
            #[must_use]
            pub const fn seat(self) -> $crate::Seat {
                $crate::Seat::table::<$n>()[self.index()]
            }

            #[doc = concat!(
                "The value of a seat of a ", stringify!($n),
                "-seat game (the inverse of `seat`), `None` for another game's seat."
            )]
            #[must_use]
            pub const fn from_seat(seat: $crate::Seat) -> Option<$Side> {
                match seat.index_in($n) {
                    Some(i) => Some($Side::ALL[i]),
                    None => None,
                }
            }
        }
    };
}
