//! How a game ended, by alliance, with the reasons each game chooses.

use crate::seat::{Alliance, Seat};

/// How a game ended: an alliance won, or the game was drawn, each with a reason of the game's
/// own (`W` for wins, `D` for draws: a win by repetition cannot be written).
///
/// # Examples
///
/// ```
/// use junqi_game::{Outcome, Seat};
/// let s = |i| Seat::new(i, 4).unwrap();
/// // Seats 1 and 3 win together in a four-seat game.
/// let o: Outcome<&str, &str> = Outcome::Decisive { winner: s(3).alliance(), reason: "flag" };
/// assert_eq!(o.returns(4), Some(vec![-1.0, 1.0, -1.0, 1.0]));
/// // Seat 3's alliance is not one of a two-seat game: no returns rather than two losers.
/// assert_eq!(o.returns(2), None);
/// assert_eq!(o.points(s(1)), 1.0);
/// assert!(o.is_winner(s(1)) && !o.is_winner(s(2)));
/// let d: Outcome<&str, &str> = Outcome::Draw { reason: "repetition" };
/// assert_eq!(d.returns(2), Some(vec![0.0, 0.0]));
/// assert_eq!(d.returns(0), None);
/// assert_eq!(d.points(s(0)), 0.5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome<W, D> {
    /// An alliance won.
    Decisive {
        /// The winners.
        winner: Alliance,
        /// Why.
        reason: W,
    },
    /// Drawn.
    Draw {
        /// Why.
        reason: D,
    },
}

impl<W, D> Outcome<W, D> {
    /// The winning alliance, `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Alliance> {
        match self {
            Outcome::Decisive { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether `seat` is among the winners.
    #[must_use]
    pub fn is_winner(&self, seat: Seat) -> bool {
        self.winner().is_some_and(|w| w.contains(seat))
    }

    /// The points `seat` scores in a match: 1 for a win, ½ for a draw, 0 for a loss.
    #[must_use]
    pub fn points(&self, seat: Seat) -> f64 {
        match self.winner() {
            None => 0.5,
            Some(w) if w.contains(seat) => 1.0,
            Some(_) => 0.0,
        }
    }

    /// The return of every seat of a `seats`-seat game, as research frameworks expect: +1 for
    /// a winner, −1 for a loser, 0 for a draw. `None` when `seats` does not fit the outcome:
    /// not a seat count (1 to [`MAX_SEATS`](crate::seat::MAX_SEATS)), or a winning alliance
    /// that is not one of a `seats`-seat game (a two-seat game's winner asked for four
    /// returns), whose seats would all read as losers.
    #[must_use]
    pub fn returns(&self, seats: usize) -> Option<Vec<f64>> {
        let fits = match self.winner() {
            Some(w) => Seat::all(seats).any(|s| w.contains(s)),
            None => Seat::new(0, seats).is_some(),
        };
        fits.then(|| {
            Seat::all(seats)
                .map(|s| 2.0 * self.points(s) - 1.0)
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::MAX_SEATS;

    /// A seat count that does not fit the outcome gives no returns (no silent losers).
    #[test]
    fn returns_refuse_a_seat_count_that_does_not_fit() {
        let win = |i, n| -> Outcome<(), ()> {
            Outcome::Decisive {
                winner: Seat::new(i, n).unwrap().alliance(),
                reason: (),
            }
        };
        assert_eq!(win(1, 2).returns(2), Some(vec![-1.0, 1.0]));
        assert_eq!(win(1, 2).returns(3), None);
        assert_eq!(win(1, 2).returns(4), None);
        assert_eq!(win(2, 3).returns(2), None);
        assert_eq!(win(0, 4).returns(2), None);
        let draw: Outcome<(), ()> = Outcome::Draw { reason: () };
        assert_eq!(draw.returns(MAX_SEATS), Some(vec![0.0; MAX_SEATS]));
        assert_eq!(draw.returns(0), None);
        assert_eq!(draw.returns(MAX_SEATS + 1), None);
    }
}
