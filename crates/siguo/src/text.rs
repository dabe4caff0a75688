//! Text forms (L-59, L-60): the four-seat position string and the move forms, read and
//! written; every reading error says where (a 1-based column).

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use luzhanqi::{Kind, Script};
use thiserror::Error;

use crate::board::{Point, PointParseError};
use crate::position::{Action, Move, Position, PositionError, Setup};
use crate::seat::{Piece, Seat};

/// The points of each rank in file order, ranks 1 … 17 at index 0 … 16.
static RANKS: LazyLock<Vec<Vec<Point>>> = LazyLock::new(|| {
    let mut v = vec![Vec::new(); 17];
    for p in Point::all() {
        v[p.rank() as usize - 1].push(p);
    }
    v
});

/// A text that is not a position string (L-59); each variant names its 1-based column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// A character that starts no piece or run.
    #[error("column {column}: '{found}' is neither a seat letter r g b y nor a digit")]
    BadChar {
        /// Column.
        column: usize,
        /// The character.
        found: char,
    },
    /// A seat letter not followed by a kind letter.
    #[error("column {column}: {} after a seat letter is not a kind letter (S J D B T Y C P E Z L F)", found.map_or("nothing".to_string(), |c| format!("'{c}'")))]
    BadKind {
        /// Column of the kind letter.
        column: usize,
        /// What stood there (`None` at the end of the text or rank).
        found: Option<char>,
    },
    /// A run of empty points that is 0, has a leading zero, follows another run or runs
    /// past the rank's end.
    #[error("column {column}: {why}")]
    BadRun {
        /// Column.
        column: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// A rank with more or fewer points than L-59 gives it.
    #[error("column {column}: rank {rank} has {got} points, not {want}")]
    RankLength {
        /// Column at the rank's end.
        column: usize,
        /// The rank 1 … 17.
        rank: u8,
        /// Points given.
        got: usize,
        /// Points it has.
        want: usize,
    },
    /// Not 17 ranks.
    #[error("column {column}: {got} ranks, not 17")]
    RankCount {
        /// Column at the board field's end.
        column: usize,
        /// Ranks given.
        got: usize,
    },
    /// A field after the board that is wrong.
    #[error("column {column}: {field}: '{found}' {why}")]
    Field {
        /// Column where the field starts.
        column: usize,
        /// Which field.
        field: &'static str,
        /// Its text.
        found: String,
        /// What is wrong.
        why: &'static str,
    },
    /// Too few or too many fields.
    #[error(
        "{got} fields, not 3 (board, seat to move, seats in play), 5 (with counters) or 6 (with passes)"
    )]
    FieldCount {
        /// Fields given.
        got: usize,
    },
}

impl ParsePositionError {
    /// The 1-based column, if the error has one.
    #[must_use]
    pub fn column(&self) -> Option<usize> {
        match self {
            ParsePositionError::BadChar { column, .. }
            | ParsePositionError::BadKind { column, .. }
            | ParsePositionError::BadRun { column, .. }
            | ParsePositionError::RankLength { column, .. }
            | ParsePositionError::RankCount { column, .. }
            | ParsePositionError::Field { column, .. } => Some(*column),
            ParsePositionError::FieldCount { .. } => None,
        }
    }
}

fn parse_board(
    s: &str,
    base: usize,
    board: &mut [Option<Piece>; 129],
) -> Result<(), ParsePositionError> {
    let chars: Vec<char> = s.chars().collect();
    let mut rank_idx = 0usize; // 0 = rank 17
    let mut filled = 0usize;
    let mut last_run = false;
    let mut i = 0;
    let end_rank = |rank_idx: usize, filled: usize, column: usize| {
        let rank = 17 - rank_idx;
        let want = RANKS[rank - 1].len();
        if filled != want {
            return Err(ParsePositionError::RankLength {
                column,
                rank: rank as u8,
                got: filled,
                want,
            });
        }
        Ok(())
    };
    while i < chars.len() {
        let c = chars[i];
        let column = base + i;
        if rank_idx >= 17 {
            return Err(ParsePositionError::RankCount {
                column,
                got: rank_idx + 1,
            });
        }
        let rank = 17 - rank_idx;
        let points = &RANKS[rank - 1];
        if c == '/' {
            end_rank(rank_idx, filled, column)?;
            rank_idx += 1;
            filled = 0;
            last_run = false;
            i += 1;
            if rank_idx == 17 {
                return Err(ParsePositionError::RankCount { column, got: 18 });
            }
            continue;
        }
        if c.is_ascii_digit() {
            if last_run {
                return Err(ParsePositionError::BadRun {
                    column,
                    why: "two runs of empty points in a row",
                });
            }
            if c == '0' {
                return Err(ParsePositionError::BadRun {
                    column,
                    why: "a run of empty points starts with 0",
                });
            }
            let mut n = c.to_digit(10).expect("a digit") as usize;
            i += 1;
            if i < chars.len() && chars[i].is_ascii_digit() {
                n = n * 10 + chars[i].to_digit(10).expect("a digit") as usize;
                i += 1;
                if i < chars.len() && chars[i].is_ascii_digit() {
                    return Err(ParsePositionError::BadRun {
                        column: base + i,
                        why: "a run of more than two digits",
                    });
                }
            }
            if filled + n > points.len() {
                return Err(ParsePositionError::BadRun {
                    column,
                    why: "the run goes past the end of its rank",
                });
            }
            filled += n;
            last_run = true;
            continue;
        }
        let Some(seat) = Seat::from_letter(c) else {
            return Err(ParsePositionError::BadChar { column, found: c });
        };
        let k = chars.get(i + 1).copied();
        let Some(kind) = k.and_then(Kind::from_letter) else {
            return Err(ParsePositionError::BadKind {
                column: column + 1,
                found: k,
            });
        };
        if filled >= points.len() {
            return Err(ParsePositionError::RankLength {
                column,
                rank: rank as u8,
                got: filled + 1,
                want: points.len(),
            });
        }
        board[points[filled].index()] = Some(Piece::new(seat, kind));
        filled += 1;
        last_run = false;
        i += 2;
    }
    let column = base + chars.len();
    if rank_idx != 16 {
        return Err(ParsePositionError::RankCount {
            column,
            got: rank_idx + 1,
        });
    }
    end_rank(rank_idx, filled, column)
}

fn field_num(text: &str, column: usize, field: &'static str) -> Result<u32, ParsePositionError> {
    if text.is_empty()
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return Err(ParsePositionError::Field {
            column,
            field,
            found: text.into(),
            why: "is not a decimal number",
        });
    }
    text.parse().map_err(|_| ParsePositionError::Field {
        column,
        field,
        found: text.into(),
        why: "is too large",
    })
}

impl FromStr for Setup {
    type Err = ParsePositionError;

    /// Read a position string (L-59). Validity (counts, flags, seats) is
    /// [`Position::from_setup`]'s.
    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        // Fields with their 1-based columns; single spaces or runs of whitespace between.
        let mut fields = Vec::new();
        let mut start = None;
        for (i, c) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
            match (c.is_whitespace(), start) {
                (true, Some(st)) => {
                    fields.push((st, &s[st..i]));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        let col = |byte: usize| s[..byte].chars().count() + 1;
        if !matches!(fields.len(), 3 | 5 | 6) {
            return Err(ParsePositionError::FieldCount { got: fields.len() });
        }
        let mut setup = Setup::empty();
        let (b0, board) = fields[0];
        parse_board(board, col(b0), &mut setup.board)?;
        let (t0, turn) = fields[1];
        setup.turn = match turn.chars().collect::<Vec<_>>()[..] {
            [c] => Seat::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| ParsePositionError::Field {
            column: col(t0),
            field: "seat to move",
            found: turn.into(),
            why: "is not one of r g b y",
        })?;
        let (p0, play) = fields[2];
        let mut in_play = [false; 4];
        let mut last = None;
        for c in play.chars() {
            let seat = Seat::from_letter(c).filter(|s| last.is_none_or(|l: Seat| l < *s));
            let Some(seat) = seat else {
                return Err(ParsePositionError::Field {
                    column: col(p0),
                    field: "seats in play",
                    found: play.into(),
                    why: "is not some of r g b y, once each, in that order",
                });
            };
            in_play[seat.index()] = true;
            last = Some(seat);
        }
        if last.is_none() {
            return Err(ParsePositionError::Field {
                column: col(p0),
                field: "seats in play",
                found: play.into(),
                why: "names no seat",
            });
        }
        setup.in_play = in_play;
        if fields.len() >= 5 {
            let (c0, plies) = fields[3];
            setup.plies_since_attack = field_num(plies, col(c0), "plies since the last attack")?;
            let (m0, number) = fields[4];
            setup.move_number = field_num(number, col(m0), "move number")?;
            if setup.move_number == 0 {
                return Err(ParsePositionError::Field {
                    column: col(m0),
                    field: "move number",
                    found: number.into(),
                    why: "is 0 (it starts at 1)",
                });
            }
        }
        if fields.len() == 6 {
            let (q0, passes) = fields[5];
            let digits: Vec<u8> = passes
                .bytes()
                .filter(u8::is_ascii_digit)
                .map(|b| b - b'0')
                .collect();
            if passes.len() != 4 || digits.len() != 4 {
                return Err(ParsePositionError::Field {
                    column: col(q0),
                    field: "passes used",
                    found: passes.into(),
                    why: "is not four digits (r, g, b, y)",
                });
            }
            setup.passes_used = Some([digits[0], digits[1], digits[2], digits[3]]);
        }
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    /// The position string (L-59); passes written when the setup has them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_position(
            f,
            |p| self.board[p.index()].map(|pc| (pc.seat, pc.kind.letter())),
            self.turn,
            self.in_play,
            self.plies_since_attack,
            self.move_number,
            self.passes_used,
        )
    }
}

/// The points of a rank (1 … 17) in file order.
pub(crate) fn rank_points(rank: u8) -> &'static [Point] {
    &RANKS[usize::from(rank) - 1]
}

/// Write L-59's fields: the board, each piece as its seat letter and the character `cell`
/// gives for the point (a kind letter, or `?` on a seat's seen board), then the seat to move,
/// the seats in play, the two counters, and the passes when given. The one writer of the
/// position string and of [`SeenBoard`](crate::dark::SeenBoard)'s form.
pub(crate) fn write_position(
    f: &mut fmt::Formatter<'_>,
    cell: impl Fn(Point) -> Option<(Seat, char)>,
    turn: Seat,
    in_play: [bool; 4],
    plies_since_attack: u32,
    move_number: u32,
    passes_used: Option<[u8; 4]>,
) -> fmt::Result {
    for rank in (1..=17u8).rev() {
        let mut run = 0;
        for &p in rank_points(rank) {
            match cell(p) {
                None => run += 1,
                Some((seat, kind)) => {
                    if run > 0 {
                        write!(f, "{run}")?;
                        run = 0;
                    }
                    write!(f, "{}{kind}", seat.letter())?;
                }
            }
        }
        if run > 0 {
            write!(f, "{run}")?;
        }
        if rank > 1 {
            f.write_str("/")?;
        }
    }
    write!(f, " {} ", turn.letter())?;
    for s in Seat::ALL {
        if in_play[s.index()] {
            write!(f, "{}", s.letter())?;
        }
    }
    write!(f, " {plies_since_attack} {move_number}")?;
    if let Some(p) = passes_used {
        write!(f, " {}{}{}{}", p[0], p[1], p[2], p[3])?;
    }
    Ok(())
}

impl fmt::Display for Position {
    /// The position string (L-59).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

/// A position string that cannot be read, or reads to an invalid position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionTextError {
    /// Not a position string.
    #[error(transparent)]
    Parse(#[from] ParsePositionError),
    /// Not a valid position.
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

impl Position {
    /// Read and check a position string under `rules`.
    ///
    /// # Errors
    /// [`PositionTextError`].
    pub fn from_text(text: &str, rules: crate::Rules) -> Result<Position, PositionTextError> {
        let setup: Setup = text.trim().parse()?;
        Ok(Position::from_setup(setup, rules)?)
    }

    /// The record form of a legal move (L-21, L-60): `工k6xl7`, `排g6-g7`.
    #[must_use]
    pub fn record(&self, m: Move, script: Script) -> Option<String> {
        let pc = self.piece_at(m.from)?;
        let sep = if self.piece_at(m.to).is_some() {
            'x'
        } else {
            '-'
        };
        Some(format!("{}{}{sep}{}", pc.kind.char(script), m.from, m.to))
    }

    /// The legal action a text names: `pass`, an ASCII move (`g6g7`) or a record
    /// (`工g6-g7`, `工k6xl7`, either script).
    ///
    /// # Errors
    /// [`MoveTextError`] when the text is no action or names none that is legal.
    pub fn find_action(&self, text: &str) -> Result<Action, MoveTextError> {
        let a: ActionText = text.parse()?;
        let action = match a {
            ActionText::Pass => Action::Pass,
            ActionText::Move {
                kind,
                from,
                to,
                attack,
            } => {
                let m = Move { from, to };
                if kind.is_some_and(|k| self.piece_at(from).map(|p| p.kind) != Some(k))
                    || attack.is_some_and(|att| att != self.piece_at(to).is_some())
                {
                    return Err(MoveTextError::Illegal(text.into()));
                }
                Action::Move(m)
            }
        };
        if self.is_legal(action) {
            Ok(action)
        } else {
            Err(MoveTextError::Illegal(text.into()))
        }
    }
}

/// A move text that cannot be read or names no legal action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoveTextError {
    /// Not a move text; the column and why.
    #[error("'{text}', column {column}: {why}")]
    Syntax {
        /// The text.
        text: String,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        why: String,
    },
    /// A well-formed text that is no legal action of the position.
    #[error("'{0}' is not a legal action here")]
    Illegal(String),
}

/// A move text read without a position (L-60).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionText {
    /// `pass`.
    Pass,
    /// A move, with the kind and attack mark when the record form gives them.
    Move {
        /// The kind of the record form.
        kind: Option<Kind>,
        /// Origin.
        from: Point,
        /// Destination.
        to: Point,
        /// `x` (true) or `-` (false) in the record form.
        attack: Option<bool>,
    },
}

impl FromStr for ActionText {
    type Err = MoveTextError;

    fn from_str(s: &str) -> Result<ActionText, MoveTextError> {
        if s == "pass" {
            return Ok(ActionText::Pass);
        }
        let err = |column: usize, why: String| MoveTextError::Syntax {
            text: s.into(),
            column,
            why,
        };
        let mut chars = s.char_indices().peekable();
        let mut kind = None;
        let mut col = 1;
        if let Some(&(_, c)) = chars.peek()
            && !c.is_ascii()
        {
            kind = Some(
                Kind::from_char(c)
                    .ok_or_else(|| err(1, format!("'{c}' is not a piece character")))?,
            );
            chars.next();
            col = 2;
        }
        let rest: String = chars.map(|(_, c)| c).collect();
        if let Some((k, c)) = rest.char_indices().find(|(_, c)| !c.is_ascii()) {
            return Err(err(
                col + rest[..k].chars().count(),
                format!("'{c}' is not part of a point name"),
            ));
        }
        // Split into two point names, with an optional '-' or 'x' between.
        let bytes = rest.as_bytes();
        let mut i = 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let from_text = &rest[..i.min(rest.len())];
        let from: Point = from_text
            .parse()
            .map_err(|e: PointParseError| err(col, e.to_string()))?;
        let mut attack = None;
        let mut j = i;
        if kind.is_some() {
            match bytes.get(j) {
                Some(b'-') => attack = Some(false),
                Some(b'x') => attack = Some(true),
                _ => {
                    return Err(err(
                        col + j,
                        "a record needs '-' or 'x' between the points".into(),
                    ));
                }
            }
            j += 1;
        }
        let to: Point = rest[j..]
            .parse()
            .map_err(|e: PointParseError| err(col + j, e.to_string()))?;
        if to == from {
            // L-60: a move goes somewhere; `g6g6` names no action of any position.
            return Err(err(
                col + j,
                format!("origin and destination are the same point {from}"),
            ));
        }
        Ok(ActionText::Move {
            kind,
            from,
            to,
            attack,
        })
    }
}
