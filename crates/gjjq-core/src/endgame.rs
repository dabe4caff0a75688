//! Endgame sets (殘局棋型, seed 000 ch. 8): one side's endgame force, a king with one to
//! three other pieces within R-7's counts, the list of all such forces, and random valid
//! positions (R-26) with two given forces.
//!
//! Seed 000 counts 108 types and lists them with slips; the library derives the list from
//! R-7 instead: 113 types (see `docs/rules.md`, "Endgame sets").

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::piece::{Piece, PieceKind, Script};
use crate::placement::{Group, Placer};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::setup::Setup;
use crate::square::Side;

/// The kinds besides the king in the order the seed lists endgame types: 團 師 軍 機 艦 彈 衛.
/// A force's name ([`EndgameForce`]'s `Display`, the tablebase's endings) lists its pieces in
/// this order.
///
/// # Examples
///
/// ```
/// use gjjq_core::{PieceKind, endgame::{EndgameForce, LIST_ORDER}};
/// assert_eq!(LIST_ORDER[0], PieceKind::Infantry);
/// let f = EndgameForce::new(&[PieceKind::Guard, PieceKind::Infantry])?;
/// assert_eq!(f.to_string(), "IG");
/// # Ok::<(), gjjq_core::endgame::EndgameForceError>(())
/// ```
pub const LIST_ORDER: [PieceKind; 7] = [
    PieceKind::Infantry,
    PieceKind::Division,
    PieceKind::Army,
    PieceKind::Aircraft,
    PieceKind::Fleet,
    PieceKind::Missile,
    PieceKind::Guard,
];

/// One side's endgame force (殘局棋型): its king and one to three other pieces, no kind more
/// often than R-7 gives.
///
/// Written as ASCII letters of the other pieces (`IID`, the king implied) or in record
/// characters as the seed names the types: `雙團單師` (two infantry, one division), `團師軍`,
/// `團團團`, `雙艦`, `機`. `Display` gives the ASCII form, letters in the seed's order
/// (團 師 軍 機 艦 彈 衛 = I D A P F M G); [`EndgameForce::name`] the characters.
///
/// # Examples
///
/// ```
/// use gjjq_core::{PieceKind, Script, endgame::EndgameForce};
/// let f: EndgameForce = "雙團單師".parse()?;
/// assert_eq!(f.to_string(), "IID");
/// assert_eq!(f, "DII".parse()?);
/// assert_eq!(f.count(PieceKind::Infantry), 2);
/// assert_eq!(f.name(Script::Simplified), "双团单师");
/// assert_eq!(EndgameForce::all().len(), 113);
/// # Ok::<(), gjjq_core::endgame::EndgameForceError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EndgameForce {
    /// Pieces of each kind besides the king, indexed by [`PieceKind::index`].
    counts: [u8; 8],
}

/// An endgame type that does not parse or breaks the limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EndgameForceError {
    /// No piece named.
    #[error("an endgame type names 1 to 3 pieces besides the king, e.g. IID or 雙團單師")]
    Empty,
    /// A space (or other white space) in the type, which is written without any.
    #[error("column {column}: a space; an endgame type is written without spaces, e.g. IID")]
    Space {
        /// The space's column, from 1.
        column: usize,
    },
    /// A character that names no piece.
    #[error(
        "column {column}: '{found}' is not a piece letter (GMFPADI) or record character, nor 雙/單/三"
    )]
    BadChar {
        /// The character's column, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// The king is named: it is always there.
    #[error("column {column}: the king is part of every endgame force; name only the others")]
    King {
        /// Where.
        column: usize,
    },
    /// 雙, 單 or 三 not followed by a piece character.
    #[error("column {column}: '{found}' must be followed by a piece character")]
    DanglingCount {
        /// Where the count character stands.
        column: usize,
        /// It.
        found: char,
    },
    /// More than three pieces besides the king (殘局: six pieces or fewer in all).
    #[error("{found} pieces besides the king; an endgame force has 1 to 3")]
    TooMany {
        /// How many were named.
        found: u32,
    },
    /// More of a kind than R-7 gives a side.
    #[error("{found} {kind} named; R-7 gives a side {max}")]
    TooManyOfKind {
        /// The kind.
        kind: PieceKind,
        /// How many were named.
        found: u32,
        /// R-7's number.
        max: u32,
    },
}

impl EndgameForce {
    /// The force with `others` besides the king.
    ///
    /// # Errors
    ///
    /// [`EndgameForceError::Empty`], [`EndgameForceError::King`] (column 0),
    /// [`EndgameForceError::TooMany`], [`EndgameForceError::TooManyOfKind`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{PieceKind, endgame::EndgameForce};
    /// let f = EndgameForce::new(&[PieceKind::Fleet, PieceKind::Fleet])?;
    /// assert_eq!(f.to_string(), "FF");
    /// assert!(EndgameForce::new(&[PieceKind::Guard; 3]).is_err());
    /// # Ok::<(), gjjq_core::endgame::EndgameForceError>(())
    /// ```
    pub fn new(others: &[PieceKind]) -> Result<EndgameForce, EndgameForceError> {
        let mut counts = [0u32; 8];
        for &k in others {
            if k == PieceKind::King {
                return Err(EndgameForceError::King { column: 0 });
            }
            counts[k.index()] = counts[k.index()].saturating_add(1);
        }
        EndgameForce::from_counts(counts)
    }

    /// Checks counts taken in `u32` (saturating: no wrap however many are named, issue 26).
    fn from_counts(counts: [u32; 8]) -> Result<EndgameForce, EndgameForceError> {
        let total: u32 = counts.iter().fold(0u32, |a, &c| a.saturating_add(c));
        if total == 0 {
            return Err(EndgameForceError::Empty);
        }
        for k in LIST_ORDER {
            let (found, max) = (counts[k.index()], k.count_per_side());
            if found > max {
                return Err(EndgameForceError::TooManyOfKind {
                    kind: k,
                    found,
                    max,
                });
            }
        }
        if total > 3 {
            return Err(EndgameForceError::TooMany { found: total });
        }
        // Each count is at most 3 here (the total is).
        Ok(EndgameForce {
            counts: counts.map(|c| c as u8),
        })
    }

    /// Every endgame force, derived from R-7: 7 of one piece, 28 of two (7 pairs of one kind,
    /// 21 of two kinds), 78 of three (團團團, 42 of a pair and a single, 35 of three kinds) —
    /// 113 in all, fewest pieces first, then in the seed's order of kinds.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::endgame::EndgameForce;
    /// let all = EndgameForce::all();
    /// assert_eq!(all[0].to_string(), "I");
    /// assert_eq!(all.iter().filter(|f| f.size() == 3).count(), 78);
    /// ```
    #[must_use]
    pub fn all() -> Vec<EndgameForce> {
        let mut out = Vec::new();
        // Every vector of counts within R-7, total 1 to 3, by odometer over the 7 kinds.
        let mut c = [0u8; 7];
        loop {
            let mut counts = [0u32; 8];
            for (i, k) in LIST_ORDER.iter().enumerate() {
                counts[k.index()] = u32::from(c[i]);
            }
            if let Ok(f) = EndgameForce::from_counts(counts) {
                out.push(f);
            }
            let mut i = 0;
            loop {
                if i == 7 {
                    out.sort_by_key(|f| (f.size(), f.order_key()));
                    return out;
                }
                if u32::from(c[i]) < LIST_ORDER[i].count_per_side().min(3) {
                    c[i] += 1;
                    break;
                }
                c[i] = 0;
                i += 1;
            }
        }
    }

    fn order_key(&self) -> Vec<usize> {
        self.others()
            .map(|k| LIST_ORDER.iter().position(|&o| o == k).unwrap_or(7))
            .collect()
    }

    /// The number of pieces besides the king, 1 to 3.
    #[must_use]
    pub fn size(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// How many pieces of `kind` the force has (1 for the king).
    #[must_use]
    pub fn count(&self, kind: PieceKind) -> u32 {
        if kind == PieceKind::King {
            1
        } else {
            u32::from(self.counts[kind.index()])
        }
    }

    /// The pieces besides the king, in the seed's order (團 師 軍 機 艦 彈 衛).
    pub fn others(&self) -> impl Iterator<Item = PieceKind> + '_ {
        LIST_ORDER
            .iter()
            .flat_map(move |&k| std::iter::repeat_n(k, usize::from(self.counts[k.index()])))
    }

    /// The seed's name of the type in `script`: `双团单师`, `团师军`, `团团团`, `双舰`, `机`.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Script, endgame::EndgameForce};
    /// let f: EndgameForce = "IDA".parse()?;
    /// assert_eq!(f.name(Script::Traditional), "團師軍");
    /// let f: EndgameForce = "MM".parse()?;
    /// assert_eq!(f.name(Script::Traditional), "雙彈");
    /// # Ok::<(), gjjq_core::endgame::EndgameForceError>(())
    /// ```
    #[must_use]
    pub fn name(&self, script: Script) -> String {
        let ch = |k: PieceKind| k.record_char(Side::Red, script);
        let (double, single) = match script {
            Script::Traditional => ('雙', '單'),
            Script::Simplified => ('双', '单'),
        };
        let pair = LIST_ORDER.iter().find(|k| self.counts[k.index()] == 2);
        match (pair, self.size()) {
            (Some(&p), 2) => format!("{double}{}", ch(p)),
            (Some(&p), 3) => {
                let other = self.others().find(|&k| k != p).expect("a third piece");
                format!("{double}{}{single}{}", ch(p), ch(other))
            }
            _ => self.others().map(ch).collect(),
        }
    }

    fn groups(&self, side: Side) -> Vec<Group> {
        PieceKind::ALL
            .iter()
            .map(|&kind| Group {
                piece: Piece::new(side, kind),
                count: self.count(kind) as u8,
                // Where R-26 lets each kind stand.
                domain: kind.allowed_squares(side),
            })
            .collect()
    }
}

impl FromStr for EndgameForce {
    type Err = EndgameForceError;

    fn from_str(s: &str) -> Result<EndgameForce, EndgameForceError> {
        let mut counts = [0u32; 8];
        let mut pending: Option<(u32, usize, char)> = None;
        for (i, c) in s.chars().enumerate() {
            let column = i + 1;
            if c.is_whitespace() {
                return Err(EndgameForceError::Space { column });
            }
            let multiplier = match c {
                '雙' | '双' => Some(2),
                '單' | '单' => Some(1),
                '三' => Some(3),
                _ => None,
            };
            if let Some(m) = multiplier {
                if let Some((_, at, found)) = pending {
                    return Err(EndgameForceError::DanglingCount { column: at, found });
                }
                pending = Some((m, column, c));
                continue;
            }
            let kind = if c.is_ascii() {
                PieceKind::from_ascii(c)
            } else {
                PieceKind::from_record_char(c).map(|(k, _)| k)
            };
            let Some(kind) = kind else {
                return Err(EndgameForceError::BadChar { column, found: c });
            };
            if kind == PieceKind::King {
                return Err(EndgameForceError::King { column });
            }
            let n = pending.take().map_or(1, |(m, _, _)| m);
            counts[kind.index()] = counts[kind.index()].saturating_add(n);
        }
        if let Some((_, column, found)) = pending {
            return Err(EndgameForceError::DanglingCount { column, found });
        }
        EndgameForce::from_counts(counts)
    }
}

/// The ASCII form: letters of the pieces besides the king in the seed's order, e.g. `IID`.
impl fmt::Display for EndgameForce {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in self.others() {
            write!(f, "{}", k.ascii())?;
        }
        Ok(())
    }
}

impl fmt::Debug for EndgameForce {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EndgameForce({self})")
    }
}

/// No endgame position was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EndgameError {
    /// Every draw was already decided or let the side to move take the king, e.g. when
    /// neither force has a missile, fleet, aircraft, division or infantry (always a draw,
    /// R-24).
    #[error(
        "no undecided position in {tries} draws in which {turn} cannot take the king at once (with neither side holding a missile, fleet, aircraft, division or infantry every position is a draw, R-24)"
    )]
    NoPosition {
        /// Draws made.
        tries: u32,
        /// The side to move.
        turn: Side,
    },
}

/// The number of placements [`random_endgame`] draws from before its checks: every way to
/// put both forces on the board validly (R-26), pieces of one kind interchangeable.
///
/// # Examples
///
/// ```
/// use gjjq_core::{endgame::{EndgameForce, endgame_placements}};
/// // Two kings (9 · 9) and a Red infantry anywhere else (88 points).
/// let i: EndgameForce = "I".parse()?;
/// let g: EndgameForce = "I".parse()?;
/// assert_eq!(endgame_placements(&i, &g), 9 * 9 * 88 * 87);
/// # Ok::<(), gjjq_core::endgame::EndgameForceError>(())
/// ```
#[must_use]
pub fn endgame_placements(red: &EndgameForce, green: &EndgameForce) -> u128 {
    endgame_placer(red, green).count()
}

fn endgame_placer(red: &EndgameForce, green: &EndgameForce) -> Placer {
    let mut groups = red.groups(Side::Red);
    groups.extend(green.groups(Side::Green));
    Placer::new(Bitboard::FULL, &groups)
}

/// How many placements [`random_endgame`] draws before giving up.
const ENDGAME_TRIES: u32 = 10_000;

/// A random endgame position: Red's force `red` and Green's `green` on the board, `turn` to
/// move, no pending return, counters 0 and 1, that is valid (R-26), not already decided
/// ([`Position::outcome`] is `None`) and in which `turn` cannot capture the enemy king at
/// once.
///
/// Where pieces may stand is R-26's rule for any position: kings and guards in their own
/// palace, armies in their own country, missiles on their own land, fleets on sea or coast
/// of either country, aircraft, divisions and infantry anywhere. A placement is drawn
/// uniformly from all of them ([`endgame_placements`], exactly, as deployments are) and the
/// whole draw is repeated until it passes the two checks, so the result is uniform over the
/// placements that pass.
///
/// # Errors
///
/// [`EndgameError::NoPosition`] when 10,000 draws all fail the checks.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, endgame::{EndgameForce, random_endgame}};
/// use gjjq_core::rand::{SeedableRng, rngs::StdRng};
/// let red: EndgameForce = "雙團單師".parse()?;
/// let green: EndgameForce = "團師軍".parse()?;
/// let pos = random_endgame(&red, &green, Side::Red, &Ruleset::STANDARD,
///     &mut StdRng::seed_from_u64(1)).unwrap();
/// assert_eq!(pos.piece_count(Side::Red), 4);
/// assert!(pos.outcome().is_none());
/// # Ok::<(), gjjq_core::endgame::EndgameForceError>(())
/// ```
pub fn random_endgame<R: Rng + ?Sized>(
    red: &EndgameForce,
    green: &EndgameForce,
    turn: Side,
    rules: &Ruleset,
    rng: &mut R,
) -> Result<Position, EndgameError> {
    let placer = endgame_placer(red, green);
    for _ in 0..ENDGAME_TRIES {
        let mut setup = Setup::empty();
        setup.turn = turn;
        placer.sample(rng, |sq, p| setup.set(sq, Some(p)));
        let pos = Position::from_setup_with(setup, *rules)
            .expect("placements within R-26's areas are valid positions");
        if pos.outcome().is_some() {
            continue;
        }
        let Some(king) = pos.king(turn.other()) else {
            continue;
        };
        if pos.legal_moves().iter().any(|m| m.to() == king) {
            continue;
        }
        return Ok(pos);
    }
    Err(EndgameError::NoPosition {
        tries: ENDGAME_TRIES,
        turn,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn f(s: &str) -> EndgameForce {
        s.parse().unwrap()
    }

    #[test]
    fn the_list_is_derived_from_r7() {
        let all = EndgameForce::all();
        assert_eq!(all.len(), 113);
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 113);
        let shape = |f: &EndgameForce| {
            let mut c: Vec<u32> = PieceKind::ALL[1..]
                .iter()
                .map(|&k| f.count(k))
                .filter(|&c| c > 0)
                .collect();
            c.sort_unstable();
            c
        };
        let n = |want: &[u32]| all.iter().filter(|f| shape(f) == want).count();
        assert_eq!(n(&[1]), 7);
        assert_eq!(n(&[2]), 7);
        assert_eq!(n(&[1, 1]), 21);
        assert_eq!(n(&[3]), 1);
        assert_eq!(n(&[1, 2]), 42);
        assert_eq!(n(&[1, 1, 1]), 35);
        // The types the seed's list misses or garbles.
        for missing in [
            "雙艦",
            "雙師單機",
            "雙艦單彈",
            "雙彈單衛",
            "機艦彈",
            "機艦衛",
            "機彈衛",
            "艦彈衛",
        ] {
            assert!(all.contains(&f(missing)), "{missing}");
        }
        for f in &all {
            assert_eq!(f.name(Script::Traditional).parse::<EndgameForce>(), Ok(*f));
            assert_eq!(f.to_string().parse::<EndgameForce>(), Ok(*f));
        }
    }

    #[test]
    fn names_and_parse_errors() {
        use EndgameForceError as E;
        assert_eq!(f("雙團單師").to_string(), "IID");
        assert_eq!(f("团师军").to_string(), "IDA");
        assert_eq!(f("團團團").name(Script::Simplified), "团团团");
        assert_eq!(f("三團"), f("III"));
        assert_eq!(f("iid"), f("IID"));
        // Issue 26 item 17: spaces are refused where they stand, not skipped.
        assert_eq!("團 師".parse::<EndgameForce>(), Err(E::Space { column: 2 }));
        assert_eq!(" I".parse::<EndgameForce>(), Err(E::Space { column: 1 }));
        assert_eq!("I\t".parse::<EndgameForce>(), Err(E::Space { column: 2 }));
        // Issue 26 item 17: 10,000 infantry are counted as 10,000, not wrapped at 255.
        let many = "I".repeat(10_000);
        let err = many.parse::<EndgameForce>().unwrap_err();
        assert_eq!(
            err,
            E::TooManyOfKind {
                kind: PieceKind::Infantry,
                found: 10_000,
                max: 3
            }
        );
        assert!(err.to_string().starts_with("10000 "), "{err}");
        assert_eq!(
            EndgameForce::new(&[PieceKind::Infantry; 300]),
            Err(E::TooManyOfKind {
                kind: PieceKind::Infantry,
                found: 300,
                max: 3
            })
        );
        assert_eq!("".parse::<EndgameForce>(), Err(E::Empty));
        assert_eq!(
            "IIX".parse::<EndgameForce>(),
            Err(E::BadChar {
                column: 3,
                found: 'X'
            })
        );
        assert_eq!("IK".parse::<EndgameForce>(), Err(E::King { column: 2 }));
        assert_eq!(
            "團雙".parse::<EndgameForce>(),
            Err(E::DanglingCount {
                column: 2,
                found: '雙'
            })
        );
        assert_eq!("IIDA".parse::<EndgameForce>(), Err(E::TooMany { found: 4 }));
        assert_eq!(
            "雙艦單艦".parse::<EndgameForce>(),
            Err(E::TooManyOfKind {
                kind: PieceKind::Fleet,
                found: 3,
                max: 2
            })
        );
    }

    #[test]
    fn placements_are_counted() {
        // Kings 9 · 9; two Red guards in the 8 palace points left; a Green missile on the 24
        // land points less its king's: 23.
        assert_eq!(endgame_placements(&f("GG"), &f("M")), 9 * 9 * 28 * 23);
        // Fleets: 60 sea and coast points, none in a palace.
        assert_eq!(endgame_placements(&f("F"), &f("F")), 81 * 60 * 59);
    }

    // The drawn positions are valid, undecided, and the side to move cannot take the king.
    #[test]
    fn random_endgames_pass_their_checks() {
        let mut rng = StdRng::seed_from_u64(8);
        for (r, g) in [("IID", "IDA"), ("FF", "MMG"), ("P", "III"), ("DA", "GG")] {
            for turn in Side::ALL {
                for _ in 0..20 {
                    let pos =
                        random_endgame(&f(r), &f(g), turn, &Ruleset::STANDARD, &mut rng).unwrap();
                    assert_eq!(pos.turn(), turn);
                    assert!(pos.outcome().is_none(), "{pos}");
                    let king = pos.king(turn.other()).unwrap();
                    assert!(pos.legal_moves().iter().all(|m| m.to() != king), "{pos}");
                    for (side, force) in [(Side::Red, f(r)), (Side::Green, f(g))] {
                        for k in PieceKind::ALL {
                            assert_eq!(pos.pieces(side, k).count(), force.count(k), "{pos}");
                        }
                    }
                }
            }
        }
    }

    // R-24: with neither side holding a missile, fleet, aircraft, division or infantry every
    // position is drawn, so there is none to give.
    #[test]
    fn always_drawn_forces_are_refused() {
        let mut rng = StdRng::seed_from_u64(1);
        let err = random_endgame(&f("GG"), &f("AA"), Side::Red, &Ruleset::STANDARD, &mut rng)
            .unwrap_err();
        assert!(matches!(err, EndgameError::NoPosition { .. }));
    }
}
