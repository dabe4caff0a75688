//! Text forms: position strings (L-20) and records (L-21).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveParseError, parse_move_prefix};
use crate::piece::{Kind, Piece, Script, Side};
use crate::position::{Position, PositionError};
use crate::setup::Setup;
use crate::square::{Square, SquareParseError, parse_square_prefix};

/// Declares the error of a text that ends with the two counters (L-20's position string,
/// L-32's flip state string): the variants given, then `Counter`, `MissingCounter` and
/// `Trailing` (with its message and doc), and the conversion from [`CountersError`] that
/// [`parse_counters`] returns.
macro_rules! counters_error {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($variants:tt)*
        }
        trailing: $trailing:tt, $trailing_doc:tt
    ) => {
        $(#[$meta])*
        pub enum $name {
            $($variants)*
            /// A counter that is not a number.
            #[error("column {column}: '{found}' is not a counter (a whole number)")]
            Counter {
                /// Column.
                column: usize,
                /// What was found.
                found: String,
            },
            /// One counter without the other (both or neither).
            #[error("column {column}: the move number is missing (give both counters or neither)")]
            MissingCounter {
                /// Column.
                column: usize,
            },
            #[doc = $trailing_doc]
            #[error($trailing)]
            Trailing {
                /// Column.
                column: usize,
                /// The text.
                found: String,
            },
        }

        impl From<$crate::text::CountersError> for $name {
            fn from(e: $crate::text::CountersError) -> $name {
                use $crate::text::CountersError as C;
                match e {
                    C::Counter { column, found } => $name::Counter { column, found },
                    C::MissingCounter { column } => $name::MissingCounter { column },
                    C::Trailing { column, found } => $name::Trailing { column, found },
                }
            }
        }
    };
}
pub(crate) use counters_error;

counters_error! {
    /// A text that is not a position string (L-20). Every variant names its 1-based column (in
    /// characters).
    #[derive(Debug, Clone, PartialEq, Eq, Error)]
    #[non_exhaustive]
    pub enum SetupParseError {
        /// A character that is not a piece letter, a digit 1–5 or `/` in the placement.
        #[error("column {column}: '{found}' is not a piece letter, a digit 1-5 or '/'")]
        BadChar {
            /// Column.
            column: usize,
            /// The character.
            found: char,
        },
        /// Two digits in a row (each run of empty points is one digit).
        #[error("column {column}: two digits in a row (a run of empty points is one digit)")]
        TwoDigits {
            /// Column of the second digit.
            column: usize,
        },
        /// A rank with more or fewer than 5 points.
        #[error("column {column}: rank {rank} has {points} points, not 5")]
        RankLength {
            /// Column where the rank ends.
            column: usize,
            /// The rank (12 … 1).
            rank: u8,
            /// How many points it described.
            points: u32,
        },
        /// More or fewer than 12 ranks.
        #[error("column {column}: {ranks} ranks, not 12")]
        RankCount {
            /// Column where the placement ends.
            column: usize,
            /// How many ranks it had.
            ranks: usize,
        },
        /// The side to move is missing or not `r`/`b`.
        #[error("column {column}: expected the side to move, r or b, found '{found}'")]
        Turn {
            /// Column.
            column: usize,
            /// What was found (empty at the end of the text).
            found: String,
        },
    }
    trailing: "column {column}: unexpected '{found}' after the position", "Text after the position."
}

/// What is wrong with the counters that end a position string (L-20) or a flip state string
/// (L-32), before it becomes that text's error ([`counters_error`]).
pub(crate) enum CountersError {
    /// A counter that is not a number.
    Counter { column: usize, found: String },
    /// One counter without the other.
    MissingCounter { column: usize },
    /// Text after the counters' place.
    Trailing { column: usize, found: String },
}

/// The two counters of a text split into words `w` (see [`words`]): words `first` and
/// `first + 1`, both or neither (`None`), and no word after their place; `end` is the column
/// just after the text.
pub(crate) fn parse_counters(
    w: &[(usize, String)],
    first: usize,
    end: usize,
) -> Result<Option<(u32, u32)>, CountersError> {
    let counter = |(column, t): &(usize, String)| {
        t.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| t.parse::<u32>().ok())
            .flatten()
            .ok_or_else(|| CountersError::Counter {
                column: *column,
                found: junqi_game::clip(t, 40),
            })
    };
    let counters = match (w.get(first), w.get(first + 1)) {
        (None, _) => None,
        (Some(p), None) => {
            counter(p)?;
            return Err(CountersError::MissingCounter { column: end });
        }
        (Some(p), Some(n)) => Some((counter(p)?, counter(n)?)),
    };
    if let Some((column, t)) = w.get(first + 2) {
        return Err(CountersError::Trailing {
            column: *column,
            found: junqi_game::clip(t, 40),
        });
    }
    Ok(counters)
}

impl SetupParseError {
    /// The 1-based column of the error.
    #[must_use]
    pub fn column(&self) -> usize {
        match self {
            SetupParseError::BadChar { column, .. }
            | SetupParseError::TwoDigits { column }
            | SetupParseError::RankLength { column, .. }
            | SetupParseError::RankCount { column, .. }
            | SetupParseError::Turn { column, .. }
            | SetupParseError::Counter { column, .. }
            | SetupParseError::MissingCounter { column }
            | SetupParseError::Trailing { column, .. } => *column,
        }
    }
}

/// Split at ASCII spaces, keeping each word's 1-based column.
pub(crate) fn words(chars: &[char]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i] != ' ' {
            i += 1;
        }
        out.push((start + 1, chars[start..i].iter().collect()));
    }
    out
}

/// Read the placement field of a position string (L-20) that starts at 1-based column `col0`:
/// the pieces by point and, when `allow_down` (翻棋's state string, L-32), the points written
/// `?` (a face-down piece).
pub(crate) fn parse_placement(
    col0: usize,
    pc: &[char],
    allow_down: bool,
) -> Result<([Option<Piece>; 60], Bitboard), SetupParseError> {
    let mut board = [None; 60];
    let mut down = Bitboard::EMPTY;
    let mut rank_i = 0usize; // 0 is rank 12
    let mut file = 0u32;
    let mut last_digit = false;
    for (j, &c) in pc.iter().enumerate() {
        let column = col0 + j;
        let rank_length = |points: u32| SetupParseError::RankLength {
            column,
            rank: 12 - rank_i as u8,
            points,
        };
        match c {
            '/' => {
                if file != 5 || rank_i >= 11 {
                    if rank_i >= 11 && file == 5 {
                        return Err(SetupParseError::RankCount { column, ranks: 13 });
                    }
                    return Err(rank_length(file));
                }
                rank_i += 1;
                file = 0;
                last_digit = false;
            }
            '1'..='5' => {
                if last_digit {
                    return Err(SetupParseError::TwoDigits { column });
                }
                file += c as u32 - '0' as u32;
                if file > 5 {
                    return Err(rank_length(file));
                }
                last_digit = true;
            }
            _ => {
                // A piece letter, or `?` for a face-down piece where one may stand.
                let piece = if c == '?' && allow_down {
                    None
                } else {
                    let Some(p) = Piece::from_letter(c) else {
                        return Err(SetupParseError::BadChar { column, found: c });
                    };
                    Some(p)
                };
                if file >= 5 {
                    return Err(rank_length(file + 1));
                }
                let sq = Square::new(file as u8, 12 - rank_i as u8).expect("on the board");
                match piece {
                    Some(p) => board[sq.index()] = Some(p),
                    None => down = down.with(sq),
                }
                file += 1;
                last_digit = false;
            }
        }
    }
    let end = col0 + pc.len();
    if rank_i < 11 {
        return Err(SetupParseError::RankCount {
            column: end,
            ranks: rank_i + 1,
        });
    }
    if file != 5 {
        return Err(SetupParseError::RankLength {
            column: end,
            rank: 1,
            points: file,
        });
    }
    Ok((board, down))
}

/// Write the placement field of a position string (L-20): `cell` gives each point's letter
/// (`None` for an empty point).
pub(crate) fn write_placement(
    f: &mut impl fmt::Write,
    cell: impl Fn(Square) -> Option<char>,
) -> fmt::Result {
    for rank in (1..=12u8).rev() {
        let mut empty = 0;
        for file in 0..5u8 {
            let sq = Square::new(file, rank).expect("on the board");
            match cell(sq) {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    f.write_char(c)?;
                }
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 1 {
            f.write_str("/")?;
        }
    }
    Ok(())
}

impl FromStr for Setup {
    type Err = SetupParseError;

    /// Read a position string (L-20): ranks 12 … 1, side, then optionally both counters.
    fn from_str(s: &str) -> Result<Setup, SetupParseError> {
        let chars: Vec<char> = s.chars().collect();
        let w = words(&chars);
        let mut setup = Setup::empty();
        let Some((col0, placement)) = w.first() else {
            return Err(SetupParseError::RankCount {
                column: 1,
                ranks: 0,
            });
        };
        let pc: Vec<char> = placement.chars().collect();
        let (board, _) = parse_placement(*col0, &pc, false)?;
        setup.board = board;
        match w.get(1) {
            Some((column, t)) => {
                setup.turn = Side::from_letter(t).ok_or_else(|| SetupParseError::Turn {
                    column: *column,
                    found: junqi_game::clip(t, 40),
                })?;
            }
            None => {
                return Err(SetupParseError::Turn {
                    column: chars.len() + 1,
                    found: String::new(),
                });
            }
        }
        if let Some((plies, number)) = parse_counters(&w, 2, chars.len() + 1)? {
            setup.plies_since_attack = plies;
            setup.move_number = number;
        }
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    /// The position string (L-20), both counters written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_placement(f, |sq| self.piece_at(sq).map(Piece::letter))?;
        write!(
            f,
            " {} {} {}",
            self.turn.char(),
            self.plies_since_attack,
            self.move_number
        )
    }
}

/// A text that is not a valid position: its syntax, or L-20's validity.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// Not a position string.
    #[error("{0}")]
    Syntax(#[from] SetupParseError),
    /// A position string whose placement is not valid.
    #[error("{0}")]
    Invalid(#[from] PositionError),
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Read a position string (L-20) under the standard ruleset.
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::from_setup(s.parse()?)?)
    }
}

impl fmt::Display for Position {
    /// The position string (L-20).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

/// A move text that does not name a legal move of the position: malformed ASCII or record
/// (L-21), or a well-formed one that does not fit. Every variant names its column where the
/// text is at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is empty.
    #[error("column 1: expected a move, found nothing")]
    Empty,
    /// The first character is neither a piece character nor a file.
    #[error("column 1: '{0}' is neither a piece character nor a file a-e")]
    Piece(char),
    /// A malformed point.
    #[error("{0}")]
    Square(SquareParseError),
    /// A malformed ASCII move.
    #[error("{0}")]
    Ascii(MoveParseError),
    /// The separator is not `-` or `x`.
    #[error("column {column}: expected '-' or 'x', found '{found}'")]
    Separator {
        /// Column.
        column: usize,
        /// What was found (empty at the end).
        found: String,
    },
    /// Text after the move.
    #[error("column {column}: unexpected '{found}' after the move")]
    Trailing {
        /// Column.
        column: usize,
        /// The text.
        found: String,
    },
    /// No piece of the side to move stands on the origin.
    #[error("column {column}: no piece of the side to move on {square}")]
    NoPiece {
        /// Column of the origin.
        column: usize,
        /// The origin.
        square: Square,
    },
    /// The record names another kind than the one on the origin.
    #[error("column 1: the record names a {written} but {square} holds a {actual}")]
    WrongPiece {
        /// The kind written.
        written: Kind,
        /// The kind on the origin.
        actual: Kind,
        /// The origin.
        square: Square,
    },
    /// `x` on a move that is not an attack, or `-` on one that is.
    #[error("column {column}: '{written}' but the move {}", if *.written == 'x' { "attacks nothing" } else { "is an attack (write x)" })]
    AttackMark {
        /// Column of the separator.
        column: usize,
        /// The separator written.
        written: char,
    },
    /// The move is well formed but not legal.
    #[error("{0} is not a legal move")]
    Illegal(Move),
}

impl RecordError {
    /// The 1-based column of the error, where the text is at fault (`None` for an illegal
    /// move, which is the whole text).
    #[must_use]
    pub fn column(&self) -> Option<usize> {
        match self {
            RecordError::Empty | RecordError::Piece(_) | RecordError::WrongPiece { .. } => Some(1),
            RecordError::Square(e) => Some(e.column()),
            RecordError::Ascii(e) => Some(e.column()),
            RecordError::Separator { column, .. }
            | RecordError::Trailing { column, .. }
            | RecordError::NoPiece { column, .. }
            | RecordError::AttackMark { column, .. } => Some(*column),
            RecordError::Illegal(_) => None,
        }
    }
}

/// A move text read without a position: the ASCII form, or a record (L-21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The move.
    pub mv: Move,
    /// For a record, the kind its character names; `None` for the ASCII form.
    pub kind: Option<Kind>,
    /// For a record, whether it is written as an attack (`x`); `None` for the ASCII form.
    pub attack: Option<bool>,
}

impl FromStr for MoveText {
    type Err = RecordError;

    /// `c6c7`, `工a2-e6`, `工a6xa7`, `軍c6-c7` (either script).
    fn from_str(s: &str) -> Result<MoveText, RecordError> {
        let chars: Vec<char> = s.chars().collect();
        let Some(&c0) = chars.first() else {
            return Err(RecordError::Empty);
        };
        if ('a'..='e').contains(&c0) {
            let (mv, n) = parse_move_prefix(&chars).map_err(RecordError::Ascii)?;
            if n < chars.len() {
                return Err(RecordError::Trailing {
                    column: n + 1,
                    found: chars[n..].iter().collect(),
                });
            }
            return Ok(MoveText {
                mv,
                kind: None,
                attack: None,
            });
        }
        let kind = Kind::from_char(c0).ok_or(RecordError::Piece(c0))?;
        let (from, n) =
            parse_square_prefix(&chars[1..]).map_err(|e| RecordError::Square(e.shifted(1)))?;
        let at = 1 + n;
        let attack = match chars.get(at) {
            Some('-') => false,
            Some('x') => true,
            other => {
                return Err(RecordError::Separator {
                    column: at + 1,
                    found: other.map(|c| c.to_string()).unwrap_or_default(),
                });
            }
        };
        let (to, k) = parse_square_prefix(&chars[at + 1..])
            .map_err(|e| RecordError::Square(e.shifted(at + 1)))?;
        let end = at + 1 + k;
        // A record names a move as the ASCII form does: never from a point to itself (L-21).
        if from == to {
            return Err(RecordError::Ascii(crate::MoveParseError::Null(from)));
        }
        if end < chars.len() {
            return Err(RecordError::Trailing {
                column: end + 1,
                found: chars[end..].iter().collect(),
            });
        }
        Ok(MoveText {
            mv: Move { from, to },
            kind: Some(kind),
            attack: Some(attack),
        })
    }
}

impl Position {
    /// The record of `m` (L-21): the mover's character in `script`, origin, `-` or `x` (an
    /// attack), destination; `None` when no piece stands on the origin.
    ///
    /// ```
    /// use luzhanqi::{Position, Script};
    /// let pos = Position::default();
    /// let m = "c5b5".parse()?;
    /// assert_eq!(pos.record(m, Script::Simplified).as_deref(), Some("排c5-b5"));
    /// let m = "c6c7".parse()?; // engineer against engineer
    /// assert_eq!(pos.record(m, Script::Simplified).as_deref(), Some("工c6xc7"));
    /// # Ok::<(), luzhanqi::MoveParseError>(())
    /// ```
    #[must_use]
    pub fn record(&self, m: Move, script: Script) -> Option<String> {
        let p = self.piece_at(m.from)?;
        let attack = self.piece_at(m.to).is_some_and(|d| d.side != p.side);
        Some(format!(
            "{}{}{}{}",
            p.kind.char(script),
            m.from,
            if attack { 'x' } else { '-' },
            m.to
        ))
    }

    /// Resolve a move text (ASCII or a record in either script, L-21) to a legal move of the
    /// position, checking that a record's character and attack mark fit it.
    ///
    /// ```
    /// use luzhanqi::Position;
    /// let pos = Position::default();
    /// assert_eq!(pos.find_move("工c6xc7")?, "c6c7".parse().unwrap());
    /// assert_eq!(pos.find_move("c6c7")?, "c6c7".parse().unwrap());
    /// assert!(pos.find_move("工c6-c7").is_err()); // an attack: x
    /// assert!(pos.find_move("軍a5-a6").is_err()); // a6 holds Red's own piece
    /// # Ok::<(), luzhanqi::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// [`RecordError`]: malformed text with its column, a piece that does not fit, an illegal
    /// move.
    pub fn find_move(&self, text: &str) -> Result<Move, RecordError> {
        let t: MoveText = text.parse()?;
        let m = t.mv;
        let origin_col = if t.kind.is_some() { 2 } else { 1 };
        let Some(p) = self.piece_at(m.from).filter(|p| p.side == self.turn()) else {
            return Err(RecordError::NoPiece {
                column: origin_col,
                square: m.from,
            });
        };
        if let Some(k) = t.kind
            && k != p.kind
        {
            return Err(RecordError::WrongPiece {
                written: k,
                actual: p.kind,
                square: m.from,
            });
        }
        if let Some(a) = t.attack {
            let is_attack = self.piece_at(m.to).is_some_and(|d| d.side != p.side);
            if a != is_attack {
                let column = 1 + m.from.to_string().len() + 1;
                return Err(RecordError::AttackMark {
                    column,
                    written: if a { 'x' } else { '-' },
                });
            }
        }
        if !self.is_legal(m) {
            return Err(RecordError::Illegal(m));
        }
        Ok(m)
    }
}
