//! The direction word of a record (R-29): 进 攻 侵 退 除 撤 移 吞.

use std::fmt;

use gjjq_core::{Move, Position, Script, Side, Square};

/// The fourth character of a six-character record (R-28, R-29): which way the piece goes,
/// seen from its own side, and whether it captures.
///
/// | direction | condition | quiet | capture |
/// |---|---|---|---|
/// | forward | destination in the enemy country | [`Invade`](Direction::Invade) 侵 | [`Attack`](Direction::Attack) 攻 |
/// | forward | destination at home | [`Advance`](Direction::Advance) 进/進 | [`Attack`](Direction::Attack) 攻 |
/// | backward | origin in the enemy country | [`Withdraw`](Direction::Withdraw) 撤 | [`Remove`](Direction::Remove) 除 |
/// | backward | origin at home | [`Retreat`](Direction::Retreat) 退 | [`Remove`](Direction::Remove) 除 |
/// | along a rank | anywhere | [`Shift`](Direction::Shift) 移 | [`Swallow`](Direction::Swallow) 吞 |
///
/// # Examples
///
/// ```
/// use gjjq_notation::Direction;
/// use gjjq_core::{Side, Square};
/// let from: Square = "5A".parse()?;
/// let to: Square = "5a".parse()?;
/// assert_eq!(Direction::of(Side::Red, from, to, false), Direction::Invade);
/// assert_eq!(Direction::of(Side::Red, from, to, false).to_string(), "侵");
/// # Ok::<(), gjjq_core::SquareParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// 進 / 进: a quiet move forward that stays in (or returns to) the mover's own country.
    Advance,
    /// 攻: a capture with a forward component.
    Attack,
    /// 侵: a quiet move forward ending in the enemy country.
    Invade,
    /// 退: a quiet move backward from the mover's own country.
    Retreat,
    /// 除: a capture with a backward component.
    Remove,
    /// 撤: a quiet move backward from the enemy country.
    Withdraw,
    /// 移: a quiet move along a rank.
    Shift,
    /// 吞: a capture along a rank.
    Swallow,
}

impl Direction {
    /// All eight words, in the order of seed 000's list (進 攻 侵 退 除 撤 移 吞).
    pub const ALL: [Direction; 8] = [
        Direction::Advance,
        Direction::Attack,
        Direction::Invade,
        Direction::Retreat,
        Direction::Remove,
        Direction::Withdraw,
        Direction::Shift,
        Direction::Swallow,
    ];

    /// The word for a move of `side` from `from` to `to`, capturing or not (R-29).
    ///
    /// Forward is +y for Red and −y for Green; any forward component makes a move forward, any
    /// backward component backward, and only a move that keeps y is along a rank.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::Direction;
    /// use gjjq_core::{Side, Square};
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// // A Red fleet leaping (+3, −1) from Green's country back home: backward from abroad.
    /// assert_eq!(Direction::of(Side::Red, sq("8a"), sq("5A"), false), Direction::Withdraw);
    /// // A Green infantry stepping forward at home.
    /// assert_eq!(Direction::of(Side::Green, sq("5b"), sq("5a"), false), Direction::Advance);
    /// // An aircraft capturing along a rank.
    /// assert_eq!(Direction::of(Side::Red, sq("5A"), sq("8A"), true), Direction::Swallow);
    /// ```
    #[must_use]
    pub fn of(side: Side, from: Square, to: Square, capture: bool) -> Direction {
        let dy = (i16::from(to.y()) - i16::from(from.y())) * i16::from(side.forward());
        match (dy.signum(), capture) {
            (1, true) => Direction::Attack,
            (1, false) if to.country() != side => Direction::Invade,
            (1, false) => Direction::Advance,
            (-1, true) => Direction::Remove,
            (-1, false) if from.country() != side => Direction::Withdraw,
            (-1, false) => Direction::Retreat,
            (_, true) => Direction::Swallow,
            (_, false) => Direction::Shift,
        }
    }

    /// The word for `m` played in `pos` (R-29). A return takes the quiet word of its own
    /// direction (striker point to origin); a forfeit is the king's move; a move after a
    /// removal is written as that move.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::Direction;
    /// use gjjq_core::Position;
    /// // Red's missile struck 7d from 3E; flying home is a backward move from abroad: 撤.
    /// let pos: Position = "4k4/2M6/9/9/9/9/9/9/9/4K4 r r7d3E".parse()?;
    /// assert_eq!(Direction::of_move(&pos, "7d3E".parse()?), Direction::Withdraw);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn of_move(pos: &Position, m: Move) -> Direction {
        // A return captures nothing, which is exactly the quiet word it needs.
        let captures = pos.classify(m).is_some_and(|i| i.is_capture());
        Direction::of(pos.turn(), m.from(), m.to(), captures)
    }

    /// Whether this word names a capture (攻 除 吞).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::Direction;
    /// assert!(Direction::Attack.is_capture());
    /// assert!(!Direction::Invade.is_capture());
    /// ```
    #[must_use]
    pub const fn is_capture(self) -> bool {
        matches!(
            self,
            Direction::Attack | Direction::Remove | Direction::Swallow
        )
    }

    /// The character in `script`. Only 進/进 differs between the scripts.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::Direction;
    /// use gjjq_core::Script;
    /// assert_eq!(Direction::Advance.to_char(Script::Simplified), '进');
    /// assert_eq!(Direction::Advance.to_char(Script::Traditional), '進');
    /// assert_eq!(Direction::Withdraw.to_char(Script::Traditional), '撤');
    /// ```
    #[must_use]
    pub const fn to_char(self, script: Script) -> char {
        match self {
            Direction::Advance => match script {
                Script::Simplified => '进',
                Script::Traditional => '進',
            },
            Direction::Attack => '攻',
            Direction::Invade => '侵',
            Direction::Retreat => '退',
            Direction::Remove => '除',
            Direction::Withdraw => '撤',
            Direction::Shift => '移',
            Direction::Swallow => '吞',
        }
    }

    /// The word a character names, in either script (R-30).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::Direction;
    /// assert_eq!(Direction::from_char('進'), Some(Direction::Advance));
    /// assert_eq!(Direction::from_char('进'), Some(Direction::Advance));
    /// assert_eq!(Direction::from_char('走'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Direction> {
        Some(match c {
            '进' | '進' => Direction::Advance,
            '攻' => Direction::Attack,
            '侵' => Direction::Invade,
            '退' => Direction::Retreat,
            '除' => Direction::Remove,
            '撤' => Direction::Withdraw,
            '移' => Direction::Shift,
            '吞' => Direction::Swallow,
            _ => return None,
        })
    }
}

/// The simplified character.
impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char(Script::Simplified))
    }
}

/// Text that is not one direction word (R-29).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a direction word (进 攻 侵 退 除 撤 移 吞, either script)")]
pub struct DirectionParseError(String);

/// One character, in either script (R-30).
impl std::str::FromStr for Direction {
    type Err = DirectionParseError;

    fn from_str(s: &str) -> Result<Direction, DirectionParseError> {
        let mut chars = s.chars();
        match (chars.next().and_then(Direction::from_char), chars.next()) {
            (Some(d), None) => Ok(d),
            _ => Err(DirectionParseError(s.chars().take(8).collect())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    // R-29: the table, for both sides.
    #[test]
    fn every_word_for_both_sides() {
        use Direction::*;
        let red = [
            ("5B", "5A", false, Advance),
            ("5B", "5A", true, Attack),
            ("5A", "5a", false, Invade),
            ("5a", "5b", false, Invade),
            ("5A", "5a", true, Attack),
            ("5A", "5B", false, Retreat),
            ("5A", "5B", true, Remove),
            ("5b", "5a", false, Withdraw),
            ("5a", "5A", false, Withdraw),
            ("5a", "5A", true, Remove),
            ("5A", "6A", false, Shift),
            ("5a", "6a", true, Swallow),
            // A diagonal with a forward part is forward; a division leap (±2, ±1) too.
            ("3C", "4B", false, Advance),
            ("3C", "5B", false, Advance),
            ("3B", "4A", false, Advance),
            ("3A", "7a", false, Invade),
        ];
        for (f, t, c, w) in red {
            assert_eq!(
                Direction::of(Side::Red, sq(f), sq(t), c),
                w,
                "red {f}{t} {c}"
            );
        }
        let green = [
            ("5b", "5a", false, Advance),
            ("5a", "5A", false, Invade),
            ("5a", "5b", false, Retreat),
            ("5A", "5a", false, Withdraw),
            ("5B", "5A", false, Withdraw),
            ("5B", "5A", true, Remove),
            ("5b", "4b", true, Swallow),
            ("5A", "4A", false, Shift),
        ];
        for (f, t, c, w) in green {
            assert_eq!(
                Direction::of(Side::Green, sq(f), sq(t), c),
                w,
                "green {f}{t} {c}"
            );
        }
    }

    #[test]
    fn chars_round_trip_in_both_scripts() {
        for d in Direction::ALL {
            for s in [Script::Simplified, Script::Traditional] {
                assert_eq!(Direction::from_char(d.to_char(s)), Some(d));
            }
        }
    }
}
