//! Seats and teams (L-49): Red south, Green east, Blue north, Yellow west; opposite seats are
//! allies.

use std::fmt;

use luzhanqi::Kind;

/// One of the four seats (L-49), in counter-clockwise order from Red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// Red 紅, south, `r`.
    Red,
    /// Green 綠, east, `g`.
    Green,
    /// Blue 藍, north, `b`.
    Blue,
    /// Yellow 黃, west, `y`.
    Yellow,
}

impl Seat {
    /// The four seats in counter-clockwise order (L-50's default turn order).
    pub const ALL: [Seat; 4] = [Seat::Red, Seat::Green, Seat::Blue, Seat::Yellow];

    /// 0 … 3 in the order of [`Seat::ALL`].
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat of an index 0 … 3 (taken modulo 4).
    #[must_use]
    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The seat's letter (L-49): `r g b y`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Seat::Red => 'r',
            Seat::Green => 'g',
            Seat::Blue => 'b',
            Seat::Yellow => 'y',
        }
    }

    /// The seat of a lower-case letter.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| s.letter() == c)
    }

    /// The seat's English name, lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Red => "red",
            Seat::Green => "green",
            Seat::Blue => "blue",
            Seat::Yellow => "yellow",
        }
    }

    /// The ally, sitting opposite (L-49).
    #[must_use]
    pub const fn ally(self) -> Seat {
        Seat::from_index(self.index() + 2)
    }

    /// The seat on this seat's left (L-44): Red's left is Yellow.
    #[must_use]
    pub const fn left(self) -> Seat {
        Seat::from_index(self.index() + 3)
    }

    /// The seat's team (L-49).
    #[must_use]
    pub const fn team(self) -> Team {
        match self {
            Seat::Red | Seat::Blue => Team::RedBlue,
            Seat::Green | Seat::Yellow => Team::GreenYellow,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the two teams (L-49).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Team {
    /// Red and Blue.
    RedBlue,
    /// Green and Yellow.
    GreenYellow,
}

impl Team {
    /// Both teams.
    pub const ALL: [Team; 2] = [Team::RedBlue, Team::GreenYellow];

    /// The other team.
    #[must_use]
    pub const fn other(self) -> Team {
        match self {
            Team::RedBlue => Team::GreenYellow,
            Team::GreenYellow => Team::RedBlue,
        }
    }

    /// The team's two seats.
    #[must_use]
    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Team::RedBlue => [Seat::Red, Seat::Blue],
            Team::GreenYellow => [Seat::Green, Seat::Yellow],
        }
    }

    /// `red-blue` or `green-yellow` (the CLI's outcome words).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Team::RedBlue => "red-blue",
            Team::GreenYellow => "green-yellow",
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: its seat and its kind (L-5's kinds, reused from `luzhanqi`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub seat: Seat,
    /// What piece.
    pub kind: Kind,
}

impl Piece {
    /// A piece.
    #[must_use]
    pub const fn new(seat: Seat, kind: Kind) -> Piece {
        Piece { seat, kind }
    }
}

impl fmt::Display for Piece {
    /// The two characters of L-59: seat letter, kind letter (`rS`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.seat.letter(), self.kind.letter())
    }
}
