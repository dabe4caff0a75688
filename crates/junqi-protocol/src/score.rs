//! The score of an `info` line.

use std::fmt;
use std::str::FromStr;

use crate::error::ProtocolError;

/// A score from the side to move's point of view, as `info … score …` writes it.
///
/// `Display` and `FromStr` are the protocol's form: `cp 120`, `win 3`, `loss 2`. Wins and
/// losses count plies, not moves (UCI's `mate` counts moves): a 军棋 game is decided by a
/// capture or a trapped king, and a ply is the unit the engines search.
///
/// The order is the order of preference: any win above any heuristic value, a nearer win
/// above a farther one, a farther loss above a nearer one.
///
/// # Examples
///
/// ```
/// use junqi_protocol::Score;
/// assert_eq!(Score::Cp(-35).to_string(), "cp -35");
/// assert_eq!(Score::Win(1).to_string(), "win 1");
/// assert_eq!("loss 4".parse(), Ok(Score::Loss(4)));
/// assert!(Score::Win(1) > Score::Win(3));
/// assert!(Score::Win(9) > Score::Cp(5000));
/// assert!(Score::Loss(2) < Score::Loss(6));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// A heuristic value in hundredths of the game's value unit (for 国际军棋 an infantry at
    /// home is 600).
    Cp(i32),
    /// The side to move wins in this many plies at most, against any defence.
    Win(u32),
    /// The side to move loses in this many plies at the latest, whatever it plays.
    Loss(u32),
}

impl Score {
    /// Every win ranks above `WIN_RANK - u32::MAX`, which is above every `Cp`.
    const WIN_RANK: i64 = 1 << 40;

    /// The score of an engine's evaluation `value`, whose decided values lie beyond `bound`
    /// and count plies down from `win`: `win N` (`N = win - value`) above `bound`, `loss N`
    /// (`N = win + value`) below `-bound`, else `cp value`.
    ///
    /// ```
    /// use junqi_protocol::Score;
    /// assert_eq!(Score::from_eval(29_997, 30_000, 29_000), Score::Win(3));
    /// assert_eq!(Score::from_eval(-29_996, 30_000, 29_000), Score::Loss(4));
    /// assert_eq!(Score::from_eval(120, 30_000, 29_000), Score::Cp(120));
    /// ```
    #[must_use]
    pub fn from_eval(value: i32, win: i32, bound: i32) -> Score {
        if value > bound {
            Score::Win(win.saturating_sub(value).max(0) as u32)
        } else if value < -bound {
            Score::Loss(win.saturating_add(value).max(0) as u32)
        } else {
            Score::Cp(value)
        }
    }

    fn rank(self) -> i64 {
        match self {
            Score::Cp(c) => i64::from(c),
            Score::Win(n) => Score::WIN_RANK - i64::from(n),
            Score::Loss(n) => -Score::WIN_RANK + i64::from(n),
        }
    }

    /// The score written as two words, `kind` and `value` (`cp`, `-40`), as `info` holds it.
    ///
    /// # Errors
    ///
    /// [`ProtocolError::Score`] for a kind other than `cp`, `win` and `loss` or a value that
    /// is not a number of the kind (a win in `-1` plies).
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_protocol::Score;
    /// assert_eq!(Score::from_words("cp", "-40"), Ok(Score::Cp(-40)));
    /// assert!(Score::from_words("mate", "3").is_err());
    /// ```
    pub fn from_words(kind: &str, value: &str) -> Result<Score, ProtocolError> {
        let bad = || ProtocolError::Score {
            found: format!("{kind} {value}").trim().to_string(),
        };
        match kind {
            "cp" => value.parse().map(Score::Cp).map_err(|_| bad()),
            "win" => value.parse().map(Score::Win).map_err(|_| bad()),
            "loss" => value.parse().map(Score::Loss).map_err(|_| bad()),
            _ => Err(bad()),
        }
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

impl FromStr for Score {
    type Err = ProtocolError;

    fn from_str(s: &str) -> Result<Score, ProtocolError> {
        let mut words = s.split_whitespace();
        let (kind, value) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        if words.next().is_some() {
            return Err(ProtocolError::Score {
                found: s.trim().to_string(),
            });
        }
        Score::from_words(kind, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_rank_above_every_value_and_losses_below() {
        assert!(Score::Win(u32::MAX) > Score::Cp(i32::MAX));
        assert!(Score::Loss(u32::MAX) < Score::Cp(i32::MIN));
        assert!(Score::Loss(3) < Score::Loss(5));
        assert!(Score::Win(3) > Score::Win(5));
    }

    #[test]
    fn malformed_scores_are_refused() {
        for bad in ["", "cp", "cp x", "win -1", "mate 3", "cp 1 2"] {
            assert!(
                matches!(bad.parse::<Score>(), Err(ProtocolError::Score { .. })),
                "{bad}"
            );
        }
    }
}
