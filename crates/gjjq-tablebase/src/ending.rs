//! Ending names: the two forces in the `deploy endgame` notation joined by `v`, Red first,
//! `K` for a bare king (`IvD`, `IIvK`, `DMvF`, `KvK`).

use std::fmt;
use std::str::FromStr;

use gjjq_core::endgame::{EndgameForce, EndgameForceError};
use thiserror::Error;

use crate::core::{self, KIND_COUNT, Kind};

/// One side's material in an ending: how many of each kind besides the king (R-7's limits).
///
/// Not the core's [`EndgameForce`], whose domain is smaller: an endgame force is what the
/// seed deploys (`deploy endgame`), one to three pieces besides the king, while a table's
/// force may be a bare king (`K`) and the material of a position ([`Ending::of`]) may be any
/// size. So a `Force` is built from an `EndgameForce` ([`From`]), and its name is written and
/// parsed by the core's notation: parsing is `EndgameForce`'s `FromStr` (besides `K`), and the
/// letters follow the core's [`LIST_ORDER`](gjjq_core::endgame::LIST_ORDER), as
/// `EndgameForce`'s `Display` writes them.
///
/// # Examples
///
/// ```
/// use gjjq_core::endgame::EndgameForce;
/// use gjjq_tablebase::Force;
/// let seed: EndgameForce = "雙團單師".parse()?;
/// let f = Force::from(seed);
/// assert_eq!(f.to_string(), seed.to_string());
/// assert_eq!(f, "DII".parse()?);
/// assert_eq!(Force::BARE.to_string(), "K");
/// assert_eq!("K".parse::<Force>()?, Force::BARE);
/// # Ok::<(), gjjq_core::endgame::EndgameForceError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Force {
    counts: [u8; KIND_COUNT],
}

/// An ending: Red's force and Green's force, each with its king.
///
/// # Examples
///
/// ```
/// use gjjq_tablebase::Ending;
/// let e: Ending = "DIvK".parse()?;
/// assert_eq!(e.to_string(), "IDvK");
/// assert_eq!(e.units(), 2);
/// # Ok::<(), gjjq_tablebase::EndingParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ending {
    /// Red's force.
    pub red: Force,
    /// Green's force.
    pub green: Force,
}

/// An ending name that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EndingParseError {
    /// No `v` between the two forces, or more than one.
    #[error("an ending is two forces joined by 'v', Red first, e.g. IvD or IIvK: {0:?}")]
    NoSeparator(String),
    /// One force does not parse.
    #[error("{side} force {text:?}: {reason}")]
    Force {
        /// `Red` or `Green`.
        side: &'static str,
        /// The force as written.
        text: String,
        /// Why it does not parse (the core's `deploy endgame` notation).
        #[source]
        reason: EndgameForceError,
    },
}

impl Force {
    /// A bare king.
    pub const BARE: Force = Force {
        counts: [0; KIND_COUNT],
    };

    /// How many pieces of `kind` besides the king.
    #[must_use]
    pub fn count(&self, kind: Kind) -> u8 {
        self.counts[kind.index()]
    }

    /// Pieces besides the king.
    #[must_use]
    pub fn units(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    pub(crate) fn from_counts(counts: [u8; KIND_COUNT]) -> Force {
        Force { counts }
    }

    /// This force with one `kind` fewer, if it has one.
    pub(crate) fn without(&self, kind: Kind) -> Option<Force> {
        let mut c = self.counts;
        let n = c[kind.index()].checked_sub(1)?;
        c[kind.index()] = n;
        Some(Force { counts: c })
    }
}

impl Ending {
    /// Pieces besides the two kings.
    #[must_use]
    pub fn units(&self) -> u32 {
        self.red.units() + self.green.units()
    }

    /// The ending of `pos`'s material (pieces of every kind besides the kings).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::Ending;
    /// use gjjq_core::{Position, Setup};
    /// let pos = Position::from_setup("3k5/3I5/9/9/9/9/9/9/9/4K4 r -".parse::<Setup>()?)?;
    /// assert_eq!(Ending::of(&pos).to_string(), "IvK");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn of(pos: &gjjq_core::Position) -> Ending {
        let mut red = core::counts(pos, core::SIDES[0]);
        let mut green = core::counts(pos, core::SIDES[1]);
        red[Kind::King.index()] = 0;
        green[Kind::King.index()] = 0;
        Ending {
            red: Force::from_counts(red),
            green: Force::from_counts(green),
        }
    }

    /// Every ending of the two kings and at most `units` other pieces (R-7's limits per
    /// kind), fewest units first, then by name.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::Ending;
    /// let all = Ending::all_up_to(1);
    /// assert_eq!(all.len(), 15); // KvK and each of 7 kinds on either side
    /// assert_eq!(all[0].to_string(), "KvK");
    /// ```
    #[must_use]
    pub fn all_up_to(units: u32) -> Vec<Ending> {
        let mut forces = vec![Force::BARE];
        let mut frontier = vec![Force::BARE];
        for _ in 0..units {
            let mut next = Vec::new();
            for f in &frontier {
                for kind in Kind::ALL.into_iter().filter(|&k| k != Kind::King) {
                    if u32::from(f.count(kind)) < kind.count_per_side() {
                        let mut c = f.counts;
                        c[kind.index()] += 1;
                        next.push(Force { counts: c });
                    }
                }
            }
            next.sort();
            next.dedup();
            forces.extend(next.iter().copied());
            frontier = next;
        }
        let mut out = Vec::new();
        for &red in &forces {
            for &green in &forces {
                if red.units() + green.units() <= units {
                    out.push(Ending { red, green });
                }
            }
        }
        out.sort_by_key(|e| (e.units(), e.to_string()));
        out
    }

    /// Every ending one capture away (one non-king piece fewer on either side), without
    /// repeats.
    #[must_use]
    pub fn sub_endings(&self) -> Vec<Ending> {
        let mut out = Vec::new();
        for kind in Kind::ALL {
            if let Some(r) = self.red.without(kind) {
                out.push(Ending {
                    red: r,
                    green: self.green,
                });
            }
            if let Some(g) = self.green.without(kind) {
                out.push(Ending {
                    red: self.red,
                    green: g,
                });
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

impl FromStr for Force {
    type Err = EndgameForceError;

    /// `K` (a bare king) or the core's `deploy endgame` notation of the pieces besides it.
    ///
    /// # Errors
    ///
    /// The core's [`EndgameForceError`] when the force is not in that notation.
    fn from_str(s: &str) -> Result<Force, EndgameForceError> {
        if s == "K" {
            return Ok(Force::BARE);
        }
        s.parse::<EndgameForce>().map(Force::from)
    }
}

/// The same pieces: an endgame force is a table's force of one to three units.
impl From<EndgameForce> for Force {
    fn from(f: EndgameForce) -> Force {
        Force {
            counts: core::force_counts(&f),
        }
    }
}

impl fmt::Display for Force {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.units() == 0 {
            return f.write_str("K");
        }
        f.write_str(&core::force_name(self.counts))
    }
}

impl fmt::Debug for Force {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Ending {
    type Err = EndingParseError;

    fn from_str(s: &str) -> Result<Ending, EndingParseError> {
        let mut parts = s.split('v');
        let (Some(r), Some(g), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(EndingParseError::NoSeparator(s.to_owned()));
        };
        let side = |side: &'static str, text: &str| {
            text.parse::<Force>()
                .map_err(|reason| EndingParseError::Force {
                    side,
                    text: text.to_owned(),
                    reason,
                })
        };
        Ok(Ending {
            red: side("Red", r)?,
            green: side("Green", g)?,
        })
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}v{}", self.red, self.green)
    }
}

impl fmt::Debug for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in ["KvK", "IvK", "IIvK", "DMvF", "KvG", "IvD"] {
            let e: Ending = name.parse().unwrap();
            assert_eq!(e.to_string(), name);
        }
        assert_eq!("DIvK".parse::<Ending>().unwrap().to_string(), "IDvK");
    }

    #[test]
    fn every_endgame_force_is_named_as_the_core_names_it() {
        // Issue 36: a force's name is the core's list order, written once (`LIST_ORDER`).
        for f in gjjq_core::endgame::EndgameForce::all() {
            let name = f.to_string();
            let force: Force = name.parse().unwrap();
            assert_eq!(force.to_string(), name);
            assert_eq!(format!("{name}vK").parse::<Ending>().unwrap().red, force);
        }
        // Beyond an endgame force (four units): the same letters in the same order.
        let mut counts = [0u8; KIND_COUNT];
        for (kind, n) in [(Kind::Guard, 1), (Kind::Army, 1), (Kind::Infantry, 2)] {
            counts[kind.index()] = n;
        }
        let big = Ending {
            red: Force::from_counts(counts),
            green: Force::BARE,
        };
        assert_eq!(big.to_string(), "IIAGvK");
    }

    #[test]
    fn force_errors_are_the_cores_typed_errors() {
        let e = "Q".parse::<Force>().unwrap_err();
        let core = "Q".parse::<gjjq_core::endgame::EndgameForce>().unwrap_err();
        assert_eq!(e, core);
        match "QvK".parse::<Ending>().unwrap_err() {
            EndingParseError::Force { side, reason, .. } => {
                assert_eq!((side, reason), ("Red", core));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_names_are_typed_errors() {
        assert!(matches!(
            "IK".parse::<Ending>(),
            Err(EndingParseError::NoSeparator(_))
        ));
        assert!(matches!(
            "IvKvK".parse::<Ending>(),
            Err(EndingParseError::NoSeparator(_))
        ));
        assert!(matches!(
            "XvK".parse::<Ending>(),
            Err(EndingParseError::Force { side: "Red", .. })
        ));
        assert!(matches!(
            "IvIIII".parse::<Ending>(),
            Err(EndingParseError::Force { side: "Green", .. })
        ));
        assert!(matches!(
            "vK".parse::<Ending>(),
            Err(EndingParseError::Force { .. })
        ));
    }
}
