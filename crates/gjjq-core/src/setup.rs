//! `Setup`: a position as plain, unchecked data, and its position string (R-31).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::Board;
use crate::piece::Piece;
use crate::square::{Side, Square, SquareParseError};

/// A pending return (R-19): the striker stands on `striker` and must fly back to `origin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PendingReturn {
    /// Where the striker stands: the point it captured on.
    pub striker: Square,
    /// Where it came from and must return to.
    pub origin: Square,
}

/// A position as plain data: no rule is checked here (see [`crate::Position::from_setup`]).
///
/// Its string form is the position string of R-31:
///
/// ```
/// use gjjq_core::Setup;
/// let text = "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1";
/// let setup: Setup = text.parse()?;
/// assert_eq!(setup.to_string(), text);
/// assert_eq!(setup, Setup::default_opening());
/// # Ok::<(), gjjq_core::setup::SetupParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The placement.
    pub board: Board,
    /// The side to move.
    pub turn: Side,
    /// Each side's pending return, indexed by [`Side::index`].
    pub pending: [Option<PendingReturn>; 2],
    /// Plies since the last capture of an enemy piece (R-31).
    pub plies_since_capture: u32,
    /// The move number: starts at 1 and rises after each Green move (R-31).
    pub move_number: u32,
}

/// The default opening's position string (R-27, R-31).
pub const DEFAULT_OPENING: &str = "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF r - 0 1";

impl Setup {
    /// An empty board, Red to move, no pending returns, counters 0 and 1.
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            board: Board::EMPTY,
            turn: Side::Red,
            pending: [None; 2],
            plies_since_capture: 0,
            move_number: 1,
        }
    }

    /// The library's default opening (R-27).
    #[must_use]
    pub fn default_opening() -> Setup {
        DEFAULT_OPENING
            .parse()
            .expect("the default opening string is valid")
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// Put `piece` (or nothing) on `sq`.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board.set(sq, piece);
    }

    /// The placement field of the position string.
    #[must_use]
    pub fn placement_string(&self) -> String {
        self.board.placement_string()
    }

    /// The pending-returns field of the position string: `-` or e.g. `r7d3E,g5B5e`.
    #[must_use]
    pub fn pending_string(&self) -> String {
        let parts: Vec<String> = Side::ALL
            .iter()
            .filter_map(|&s| {
                self.pending[s.index()].map(|p| format!("{}{}{}", s.letter(), p.striker, p.origin))
            })
            .collect();
        if parts.is_empty() {
            "-".to_owned()
        } else {
            parts.join(",")
        }
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {}",
            self.placement_string(),
            self.turn.letter(),
            self.pending_string(),
            self.plies_since_capture,
            self.move_number
        )
    }
}

/// The fields of a position string, for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The placement (rows separated by `/`).
    Placement,
    /// The side to move.
    SideToMove,
    /// The pending returns.
    PendingReturns,
    /// Plies since the last capture.
    PliesSinceCapture,
    /// The move number.
    MoveNumber,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Placement => "placement",
            Field::SideToMove => "side to move",
            Field::PendingReturns => "pending returns",
            Field::PliesSinceCapture => "plies since capture",
            Field::MoveNumber => "move number",
        })
    }
}

/// A position string that does not parse (R-31). Rows count from 1 at the top (y = 9);
/// columns are points 1..=9 within a row, from `x = 0`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupParseError {
    /// Too few or too many space-separated fields.
    #[error(
        "a position string has 3 to 5 space-separated fields (placement, side, pending returns, [plies, [move number]]), found {found}"
    )]
    FieldCount {
        /// How many were found.
        found: usize,
    },
    /// The placement does not have ten rows.
    #[error("placement: found {found} rows separated by '/', expected 10")]
    RowCount {
        /// How many were found.
        found: usize,
    },
    /// A row does not describe nine points.
    #[error("placement: row {row} has {found} points, expected 9")]
    RowWidth {
        /// The row, 1 = top (y = 9).
        row: usize,
        /// How many points it describes.
        found: usize,
    },
    /// A character in the placement is neither a piece letter nor a digit 1–9.
    #[error(
        "placement: row {row}, column {column}: '{found}' is not a piece letter (KGMFPADI, kgmfpadi) or a digit 1-9"
    )]
    BadPlacementChar {
        /// The row, 1 = top (y = 9).
        row: usize,
        /// The point within the row (1..=9) where the character stands.
        column: usize,
        /// The character.
        found: char,
    },
    /// The side to move is not `r` or `g`.
    #[error("side to move: '{found}' is not 'r' or 'g'")]
    BadSide {
        /// The field as found.
        found: String,
    },
    /// A pending-return entry is malformed.
    #[error("pending returns: entry {entry} '{found}': {reason}")]
    BadPending {
        /// The entry, 1-based.
        entry: usize,
        /// The entry as found.
        found: String,
        /// What is wrong with it.
        reason: PendingProblem,
    },
    /// A counter is not a non-negative integer (or the move number is 0).
    #[error("{field}: '{found}' is not {}", if matches!(field, Field::MoveNumber) { "a whole number of at least 1" } else { "a whole number" })]
    BadCounter {
        /// Which counter.
        field: Field,
        /// The field as found.
        found: String,
    },
    /// A counter is a whole number too large for it.
    #[error("{field}: '{found}' is too large (at most {max})")]
    CounterTooLarge {
        /// Which counter.
        field: Field,
        /// The field as found (cut to 40 characters).
        found: String,
        /// The largest value the counter holds.
        max: u32,
    },
}

/// `s` cut to 40 characters as [`clip`] does.
fn clip40(s: &str) -> String {
    clip(s, 40)
}

/// The one clipping of echoed input (`junqi_game::clip`), here for the 国际军棋 crates: `s` cut
/// to `limit` characters, with `…` and the full length when it was longer.
///
/// ```
/// assert_eq!(gjjq_core::setup::clip("abcdef", 3), "abc… (6 characters)");
/// ```
pub use junqi_game::clip;

/// What is wrong with a pending-return entry.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PendingProblem {
    /// Not five characters (side letter, striker label, origin label).
    #[error("expected a side letter and two point labels, e.g. r7d3E")]
    Shape,
    /// The side letter is not `r` or `g`.
    #[error("the side letter must be 'r' or 'g'")]
    Side,
    /// A label does not parse.
    #[error("the {which} label: {error}")]
    Label {
        /// `striker` or `origin`.
        which: &'static str,
        /// The label error.
        error: SquareParseError,
    },
    /// The side already has an entry, or Green's comes before Red's.
    #[error("each side has at most one entry, Red's first")]
    Order,
}

impl FromStr for Setup {
    type Err = SetupParseError;

    fn from_str(s: &str) -> Result<Setup, SetupParseError> {
        let fields: Vec<&str> = s.split_ascii_whitespace().collect();
        if !(3..=5).contains(&fields.len()) {
            return Err(SetupParseError::FieldCount {
                found: fields.len(),
            });
        }
        let mut setup = Setup::empty();
        parse_placement(fields[0], &mut setup.board)?;
        setup.turn = match fields[1] {
            "r" => Side::Red,
            "g" => Side::Green,
            other => {
                return Err(SetupParseError::BadSide {
                    found: clip40(other),
                });
            }
        };
        setup.pending = parse_pending(fields[2])?;
        if let Some(f) = fields.get(3) {
            setup.plies_since_capture = parse_counter(f, Field::PliesSinceCapture)?;
        }
        if let Some(f) = fields.get(4) {
            setup.move_number = parse_counter(f, Field::MoveNumber)?;
            if setup.move_number == 0 {
                return Err(SetupParseError::BadCounter {
                    field: Field::MoveNumber,
                    found: clip40(f),
                });
            }
        }
        Ok(setup)
    }
}

fn parse_counter(s: &str, field: Field) -> Result<u32, SetupParseError> {
    // Digits only: u32::from_str would also take a leading '+'.
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SetupParseError::BadCounter {
            field,
            found: clip40(s),
        });
    }
    // All digits: the only way to fail is to be too large.
    s.parse().map_err(|_| SetupParseError::CounterTooLarge {
        field,
        found: clip40(s),
        max: u32::MAX,
    })
}

/// Parses the placement field of the position string (R-31).
impl std::str::FromStr for Board {
    type Err = SetupParseError;

    fn from_str(s: &str) -> Result<Board, SetupParseError> {
        let mut board = Board::EMPTY;
        parse_placement(s, &mut board)?;
        Ok(board)
    }
}

pub(crate) fn parse_placement(s: &str, board: &mut Board) -> Result<(), SetupParseError> {
    let rows: Vec<&str> = s.split('/').collect();
    if rows.len() != 10 {
        return Err(SetupParseError::RowCount { found: rows.len() });
    }
    for (r, row) in rows.iter().enumerate() {
        let y = 9 - r as u8;
        let mut x: usize = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                x += d as usize;
            } else if let Some(p) = Piece::from_ascii(c) {
                if x < 9 {
                    board.set(Square::new(x as u8, y).expect("on board"), Some(p));
                }
                x += 1;
            } else {
                return Err(SetupParseError::BadPlacementChar {
                    row: r + 1,
                    column: x + 1,
                    found: c,
                });
            }
        }
        if x != 9 {
            return Err(SetupParseError::RowWidth {
                row: r + 1,
                found: x,
            });
        }
    }
    Ok(())
}

fn parse_pending(s: &str) -> Result<[Option<PendingReturn>; 2], SetupParseError> {
    let mut out = [None; 2];
    if s == "-" {
        return Ok(out);
    }
    let mut last: Option<Side> = None;
    for (i, entry) in s.split(',').enumerate() {
        let bad = |reason| SetupParseError::BadPending {
            entry: i + 1,
            found: clip40(entry),
            reason,
        };
        let chars: Vec<char> = entry.chars().collect();
        if chars.len() != 5 {
            return Err(bad(PendingProblem::Shape));
        }
        let side = match chars[0] {
            'r' => Side::Red,
            'g' => Side::Green,
            _ => return Err(bad(PendingProblem::Side)),
        };
        let label = |a: char, b: char, which| {
            let digit = a.to_digit(10).ok_or(PendingProblem::Label {
                which,
                error: SquareParseError::BadFile,
            })?;
            Square::from_label(digit as u8, b)
                .map_err(|error| PendingProblem::Label { which, error })
        };
        let striker = label(chars[1], chars[2], "striker").map_err(bad)?;
        let origin = label(chars[3], chars[4], "origin").map_err(bad)?;
        if last.is_some_and(|l| l >= side) {
            return Err(bad(PendingProblem::Order));
        }
        last = Some(side);
        out[side.index()] = Some(PendingReturn { striker, origin });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::PieceKind;

    #[test]
    fn default_opening_pieces() {
        let s = Setup::default_opening();
        let at = |l: &str| s.piece_at(l.parse().unwrap());
        // R-27: Red in its own labels, Green the mirror image in its own.
        for (l, k) in [
            ("1E", PieceKind::Fleet),
            ("9E", PieceKind::Fleet),
            ("2E", PieceKind::Aircraft),
            ("8E", PieceKind::Aircraft),
            ("3E", PieceKind::Missile),
            ("7E", PieceKind::Missile),
            ("4E", PieceKind::Guard),
            ("6E", PieceKind::Guard),
            ("5E", PieceKind::King),
            ("2D", PieceKind::Division),
            ("8D", PieceKind::Division),
            ("3D", PieceKind::Army),
            ("7D", PieceKind::Army),
            ("4B", PieceKind::Infantry),
            ("5B", PieceKind::Infantry),
            ("6B", PieceKind::Infantry),
        ] {
            assert_eq!(at(l), Some(Piece::new(Side::Red, k)), "{l}");
            assert_eq!(
                at(&l.to_lowercase()),
                Some(Piece::new(Side::Green, k)),
                "{l}"
            );
        }
        assert_eq!(s.board.iter().count(), 32);
    }

    #[test]
    fn counters_may_be_left_out() {
        let s: Setup = "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF g r7d3E"
            .parse()
            .unwrap();
        assert_eq!((s.plies_since_capture, s.move_number), (0, 1));
        assert_eq!(s.turn, Side::Green);
        assert_eq!(
            s.pending[0],
            Some(PendingReturn {
                striker: "7d".parse().unwrap(),
                origin: "3E".parse().unwrap()
            })
        );
        let s: Setup = "9/9/9/9/9/9/9/9/9/9 r - 12".parse().unwrap();
        assert_eq!((s.plies_since_capture, s.move_number), (12, 1));
    }

    #[test]
    fn malformed_strings_give_specific_errors() {
        use SetupParseError as E;
        let ok_rows = "fpmgkgmpf/1da3ad1/9/3iii3/9/9/3III3/9/1DA3AD1/FPMGKGMPF";
        let cases: Vec<(String, SetupParseError)> = vec![
            ("".into(), E::FieldCount { found: 0 }),
            (ok_rows.to_string(), E::FieldCount { found: 1 }),
            (format!("{ok_rows} r - 0 1 x"), E::FieldCount { found: 6 }),
            ("9/9/9 r -".into(), E::RowCount { found: 3 }),
            (
                "9/9/44/9/9/9/9/9/9/9 r -".into(),
                E::RowWidth { row: 3, found: 8 },
            ),
            (
                "9/9/55/9/9/9/9/9/9/9 r -".into(),
                E::RowWidth { row: 3, found: 10 },
            ),
            (
                "9/9/9/9/9/9/9/9/9/8 r -".into(),
                E::RowWidth { row: 10, found: 8 },
            ),
            (
                "9/9/9/9/9/9/9/9/9/4x4 r -".into(),
                E::BadPlacementChar {
                    row: 10,
                    column: 5,
                    found: 'x',
                },
            ),
            (
                "9/9/9/0/9/9/9/9/9/9 r -".into(),
                E::BadPlacementChar {
                    row: 4,
                    column: 1,
                    found: '0',
                },
            ),
            (format!("{ok_rows} w -"), E::BadSide { found: "w".into() }),
            (
                format!("{ok_rows} r r7d3"),
                E::BadPending {
                    entry: 1,
                    found: "r7d3".into(),
                    reason: PendingProblem::Shape,
                },
            ),
            (
                format!("{ok_rows} r x7d3E"),
                E::BadPending {
                    entry: 1,
                    found: "x7d3E".into(),
                    reason: PendingProblem::Side,
                },
            ),
            (
                format!("{ok_rows} r r7f3E"),
                E::BadPending {
                    entry: 1,
                    found: "r7f3E".into(),
                    reason: PendingProblem::Label {
                        which: "striker",
                        error: SquareParseError::BadRank,
                    },
                },
            ),
            (
                format!("{ok_rows} r r7d0E"),
                E::BadPending {
                    entry: 1,
                    found: "r7d0E".into(),
                    reason: PendingProblem::Label {
                        which: "origin",
                        error: SquareParseError::BadFile,
                    },
                },
            ),
            (
                format!("{ok_rows} r g5B5e,r7d3E"),
                E::BadPending {
                    entry: 2,
                    found: "r7d3E".into(),
                    reason: PendingProblem::Order,
                },
            ),
            (
                format!("{ok_rows} r r7d3E,r6d4E"),
                E::BadPending {
                    entry: 2,
                    found: "r6d4E".into(),
                    reason: PendingProblem::Order,
                },
            ),
            (
                format!("{ok_rows} r - -1"),
                E::BadCounter {
                    field: Field::PliesSinceCapture,
                    found: "-1".into(),
                },
            ),
            (
                format!("{ok_rows} r - +1"),
                E::BadCounter {
                    field: Field::PliesSinceCapture,
                    found: "+1".into(),
                },
            ),
            (
                format!("{ok_rows} r - 0 0"),
                E::BadCounter {
                    field: Field::MoveNumber,
                    found: "0".into(),
                },
            ),
            (
                format!("{ok_rows} r - 0 x"),
                E::BadCounter {
                    field: Field::MoveNumber,
                    found: "x".into(),
                },
            ),
        ];
        for (text, want) in cases {
            assert_eq!(text.parse::<Setup>(), Err(want), "{text:?}");
        }
        // Issue 11 finding 12: a huge number is a number, too large; a huge field is cut.
        let err = format!("{ok_rows} r - 99999999999999999999")
            .parse::<Setup>()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "plies since capture: '99999999999999999999' is too large (at most 4294967295)"
        );
        let huge = "x".repeat(1 << 20);
        let err = format!("{ok_rows} {huge} -").parse::<Setup>().unwrap_err();
        assert!(err.to_string().len() < 120, "{}", err.to_string().len());
    }

    #[test]
    fn error_messages_say_where() {
        let err = "9/9/7/9/9/9/9/9/9/9 r -".parse::<Setup>().unwrap_err();
        assert_eq!(err.to_string(), "placement: row 3 has 7 points, expected 9");
    }
}
