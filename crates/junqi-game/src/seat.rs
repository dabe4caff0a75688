//! Seats and alliances: who plays, as indices rather than colours.

use std::fmt;

/// The most seats a game may have.
pub const MAX_SEATS: usize = 6;

/// A seat at the table: an index in turn order of the game's own choosing, with the number of
/// seats, so a two-seat game (国际军棋, 陸戰棋) and a four-seat one (四國軍棋) use one type.
/// Which seat moves next is the game's business ([`crate::GameState::to_move`]), not the
/// seat's.
///
/// # Examples
///
/// ```
/// use junqi_game::Seat;
/// let red = Seat::new(0, 2).unwrap();
/// assert_eq!((red.index(), red.count()), (0, 2));
/// assert_eq!(Seat::new(2, 2), None, "no third seat in a two-seat game");
/// assert_eq!(Seat::all(4).map(Seat::index).collect::<Vec<_>>(), [0, 1, 2, 3]);
/// assert_eq!(red.to_string(), "seat 0 of 2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat {
    index: u8,
    count: u8,
}

impl Seat {
    /// Seat `index` of `count`; `None` unless `index < count` and `count` is 1 to
    /// [`MAX_SEATS`].
    #[must_use]
    pub const fn new(index: usize, count: usize) -> Option<Seat> {
        if count == 0 || count > MAX_SEATS || index >= count {
            return None;
        }
        Some(Seat {
            index: index as u8,
            count: count as u8,
        })
    }

    /// Every seat of an `N`-seat game, in index order, `N` checked when compiled (1 to
    /// [`MAX_SEATS`]): a game's own sides map onto them by their index.
    ///
    /// ```
    /// use junqi_game::Seat;
    /// let [red, blue] = Seat::table::<2>();
    /// assert_eq!((red.index(), blue.index(), blue.count()), (0, 1, 2));
    /// assert_eq!(Seat::table::<4>()[3], Seat::new(3, 4).unwrap());
    /// ```
    #[must_use]
    pub const fn table<const N: usize>() -> [Seat; N] {
        const { assert!(N >= 1 && N <= MAX_SEATS, "a game has 1 to MAX_SEATS seats") };
        let mut seats = [Seat {
            index: 0,
            count: N as u8,
        }; N];
        let mut i = 0;
        while i < N {
            seats[i].index = i as u8;
            i += 1;
        }
        seats
    }

    /// The seat's index if it is a seat of a `count`-seat game, `None` for another game's seat:
    /// how a game finds its own side of a seat.
    ///
    /// ```
    /// use junqi_game::Seat;
    /// let green = Seat::new(1, 4).unwrap();
    /// assert_eq!(green.index_in(4), Some(1));
    /// assert_eq!(green.index_in(2), None);
    /// ```
    #[must_use]
    pub const fn index_in(self, count: usize) -> Option<usize> {
        if self.count() == count {
            Some(self.index())
        } else {
            None
        }
    }

    /// The index, `0..count`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// How many seats the game has.
    #[inline]
    #[must_use]
    pub const fn count(self) -> usize {
        self.count as usize
    }

    /// Every seat of a `count`-seat game, in index order (none if `count` is not 1 to
    /// [`MAX_SEATS`]).
    pub fn all(count: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..count).filter_map(move |i| Seat::new(i, count))
    }

    /// The alliance the seat plays in: with four or six seats, two alliances of alternate
    /// seats (0+2 against 1+3, as 四國軍棋's partners sit opposite); with two or three, each
    /// seat alone.
    ///
    /// ```
    /// use junqi_game::Seat;
    /// let s = |i, n| Seat::new(i, n).unwrap();
    /// assert_ne!(s(0, 2).alliance(), s(1, 2).alliance());
    /// assert_eq!(s(0, 4).alliance(), s(2, 4).alliance());
    /// assert_ne!(s(0, 4).alliance(), s(1, 4).alliance());
    /// assert_eq!(s(3, 4).alliance().index(), 1);
    /// ```
    #[must_use]
    pub const fn alliance(self) -> Alliance {
        if Alliance::partnered(self.count()) {
            Alliance {
                index: self.index % 2,
                seats: self.count,
            }
        } else {
            Alliance {
                index: self.index,
                seats: self.count,
            }
        }
    }

    /// Whether `other` plays in the same alliance (a seat is its own partner).
    #[must_use]
    pub const fn is_partner(self, other: Seat) -> bool {
        self.alliance().index == other.alliance().index
    }
}

impl fmt::Display for Seat {
    /// `seat 0 of 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {} of {}", self.index, self.count)
    }
}

/// A side of the game that wins or loses together: one seat in a two-seat game, two partners
/// in a four-seat one ([`Seat::alliance`]).
///
/// # Examples
///
/// ```
/// use junqi_game::{Alliance, Seat};
/// let a = Seat::new(1, 4).unwrap().alliance();
/// assert_eq!(a.members().map(Seat::index).collect::<Vec<_>>(), [1, 3]);
/// assert_eq!(Alliance::count(4), 2);
/// assert_eq!(Alliance::count(2), 2);
/// assert!(a.contains(Seat::new(3, 4).unwrap()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Alliance {
    index: u8,
    seats: u8,
}

impl Alliance {
    /// Whether a game of `seats` seats plays in two alliances of alternate seats.
    const fn partnered(seats: usize) -> bool {
        seats >= 4 && seats.is_multiple_of(2)
    }

    /// How many alliances a `seats`-seat game has.
    #[must_use]
    pub const fn count(seats: usize) -> usize {
        if Alliance::partnered(seats) { 2 } else { seats }
    }

    /// The alliance's index, `0..Alliance::count(seats)`; in a two-seat game, the index of its
    /// one seat.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// Whether `seat` plays in this alliance.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        seat.count == self.seats && seat.alliance().index == self.index
    }

    /// The seats of this alliance, in index order.
    pub fn members(self) -> impl Iterator<Item = Seat> + Clone {
        Seat::all(self.seats as usize).filter(move |&s| self.contains(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_out_of_range_are_refused() {
        assert_eq!(Seat::new(0, 0), None);
        assert_eq!(Seat::new(4, 4), None);
        assert_eq!(Seat::new(0, MAX_SEATS + 1), None);
        assert_eq!(Seat::all(MAX_SEATS + 1).count(), 0);
        assert_eq!(Seat::all(MAX_SEATS).count(), MAX_SEATS);
    }

    #[test]
    fn the_table_is_every_seat_in_order() {
        assert!(Seat::table::<1>().into_iter().eq(Seat::all(1)));
        assert!(Seat::table::<2>().into_iter().eq(Seat::all(2)));
        assert!(Seat::table::<4>().into_iter().eq(Seat::all(4)));
        assert!(
            Seat::table::<MAX_SEATS>()
                .into_iter()
                .eq(Seat::all(MAX_SEATS))
        );
        for n in 1..=MAX_SEATS {
            for seat in Seat::all(n) {
                for m in 1..=MAX_SEATS {
                    assert_eq!(seat.index_in(m), (m == n).then_some(seat.index()));
                }
            }
        }
    }

    #[test]
    fn every_seat_is_in_exactly_one_alliance() {
        for n in 1..=MAX_SEATS {
            for seat in Seat::all(n) {
                let homes = (0..n)
                    .filter_map(|i| Seat::new(i, n))
                    .map(Seat::alliance)
                    .filter(|a| a.contains(seat))
                    .collect::<std::collections::HashSet<_>>();
                assert_eq!(homes.len(), 1, "{seat}");
            }
            let alliances: std::collections::HashSet<_> =
                Seat::all(n).map(Seat::alliance).collect();
            assert_eq!(alliances.len(), Alliance::count(n), "{n} seats");
        }
        // Four seats: partners sit opposite.
        let s = |i| Seat::new(i, 4).unwrap();
        assert!(s(0).is_partner(s(2)) && s(1).is_partner(s(3)));
        assert!(!s(0).is_partner(s(1)) && !s(2).is_partner(s(3)));
    }
}
