//! The value of a position: win, draw or loss for the side to move, with the distance to the
//! end in plies (DTM: the winner hurrying, the loser delaying).

use std::cmp::Ordering;
use std::fmt;

/// A position's value from the side to move's view.
///
/// The distance counts plies to the rules' own end (R-21 … R-23): `Win(1)` is a position whose
/// side to move can take the enemy king (or trap it, or leave it without a move) now;
/// `Loss(0)` a position the rules have already decided against the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies.
    Win(u16),
    /// Neither side can force a win (insufficient material, R-24, or a cycle nobody can leave
    /// with advantage).
    Draw,
    /// The side to move loses in this many plies.
    Loss(u16),
}

/// Win, draw or loss only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
    /// The side to move wins.
    Win,
}

/// The largest distance a table stores.
pub(crate) const MAX_DISTANCE: u16 = 0x3FFF;
/// The stored word of a placement that is not a position.
pub(crate) const NOT_A_POSITION: u16 = 0xFFFF;

impl Value {
    /// Win, draw or loss.
    #[must_use]
    pub fn wdl(self) -> Wdl {
        match self {
            Value::Win(_) => Wdl::Win,
            Value::Draw => Wdl::Draw,
            Value::Loss(_) => Wdl::Loss,
        }
    }

    /// The plies to the end, if the position is decided.
    #[must_use]
    pub fn distance(self) -> Option<u16> {
        match self {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        }
    }

    /// The value of the position before a move, from that mover's view, when this is the
    /// value of the position after it.
    #[must_use]
    pub fn parent(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n.saturating_add(1)),
            Value::Loss(n) => Value::Win(n.saturating_add(1)),
            Value::Draw => Value::Draw,
        }
    }

    /// The stored word: 0 draw, `0x8000 | n` win, `0x4000 | n` loss.
    pub(crate) fn encode(self) -> u16 {
        match self {
            Value::Draw => 0,
            Value::Win(n) => 0x8000 | n.min(MAX_DISTANCE),
            Value::Loss(n) => 0x4000 | n.min(MAX_DISTANCE),
        }
    }

    /// The value of a stored word; `None` for [`NOT_A_POSITION`] or a word no value gives.
    pub(crate) fn decode(w: u16) -> Option<Value> {
        match w >> 14 {
            0 if w == 0 => Some(Value::Draw),
            2 => Some(Value::Win(w & MAX_DISTANCE)),
            1 => Some(Value::Loss(w & MAX_DISTANCE)),
            _ => None,
        }
    }

    /// A rank for comparison: higher is better for the side to move.
    fn rank(self) -> i32 {
        match self {
            Value::Win(n) => 100_000 - i32::from(n),
            Value::Draw => 0,
            Value::Loss(n) => -100_000 + i32::from(n),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Better for the side to move is greater: a faster win, then a draw, then a slower loss.
impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

/// `win 27`, `draw`, `loss 4`: the verdict's word ([`Wdl`]'s) and the plies.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.distance() {
            Some(n) => write!(f, "{} {n}", self.wdl()),
            None => write!(f, "{}", self.wdl()),
        }
    }
}

/// `win`, `draw` or `loss`.
///
/// ```
/// use gjjq_tablebase::{Value, Wdl};
/// assert_eq!(Wdl::Win.to_string(), "win");
/// assert_eq!(Value::Loss(4).to_string(), "loss 4");
/// ```
impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_order() {
        for v in [
            Value::Draw,
            Value::Win(0),
            Value::Win(77),
            Value::Loss(0),
            Value::Loss(9),
        ] {
            assert_eq!(Value::decode(v.encode()), Some(v));
        }
        assert_eq!(Value::decode(NOT_A_POSITION), None);
        assert!(Value::Win(1) > Value::Win(3));
        assert!(Value::Win(99) > Value::Draw);
        assert!(Value::Draw > Value::Loss(99));
        assert!(Value::Loss(9) > Value::Loss(2));
        assert_eq!(Value::Loss(0).parent(), Value::Win(1));
    }
}
