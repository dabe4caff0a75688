//! The six-character record (R-28): piece character, origin label, direction word,
//! destination label; parsed from either script (R-30) and resolved against a position.

use gjjq_core::{Move, PieceKind, Position, Script, Side, Square};
use thiserror::Error;

use crate::direction::Direction;
use crate::text::fold_full_width;

/// A kind's name with its indefinite article: "an infantry", "a king".
fn with_article(kind: PieceKind) -> String {
    let name = kind.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// A six-character move record (R-28), as text: no position is needed to parse or write one.
///
/// `FromStr` parses strictly ([`Record::parse_strict`]), `Display` writes simplified
/// characters; serde uses the same string.
///
/// # Examples
///
/// ```
/// use gjjq_notation::{Direction, Record};
/// use gjjq_core::{PieceKind, Script};
/// let r: Record = "團5B進5A".parse()?;
/// assert_eq!(r.piece, PieceKind::Infantry);
/// assert_eq!(r.direction, Direction::Advance);
/// assert_eq!(r.to_string(), "团5B进5A");
/// assert_eq!(r.to_script(Script::Traditional), "團5B進5A");
/// # Ok::<(), gjjq_notation::RecordParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Record {
    /// The kind the piece character names.
    pub piece: PieceKind,
    /// For a king: the side its character names (总/總 Red, 主 Green), or `None` for 王 and
    /// 首, which name the king of whichever side stands on the origin. `None` for other kinds.
    pub king_side: Option<Side>,
    /// The origin label.
    pub from: Square,
    /// The direction word (R-29).
    pub direction: Direction,
    /// The destination label.
    pub to: Square,
}

/// A record that does not parse. Columns count characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordParseError {
    /// Nothing to parse.
    #[error("empty record")]
    Empty,
    /// A strict record is not exactly six characters.
    #[error(
        "a record is exactly six characters (piece, origin, direction, destination), found {found}"
    )]
    Length {
        /// How many characters were found.
        found: usize,
    },
    /// The first character is not a piece character.
    #[error(
        "column {column}: '{found}' is not a piece character (总卫弹舰机军师团主 or 總衛彈艦機軍師團)"
    )]
    Piece {
        /// Where.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A file digit is missing or not 1–9.
    #[error("column {column}: '{found}' is not a file digit 1-9")]
    File {
        /// Where.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A rank letter is missing or not A–E / a–e.
    #[error("column {column}: '{found}' is not a rank letter A-E (Red) or a-e (Green)")]
    Rank {
        /// Where.
        column: usize,
        /// The character found.
        found: char,
    },
    /// The direction character is not one of the eight words.
    #[error("column {column}: '{found}' is not a direction word (进攻侵退除撤移吞)")]
    Direction {
        /// Where.
        column: usize,
        /// The character found.
        found: char,
    },
    /// The record ends early.
    #[error("column {column}: the record ends before its {missing}")]
    Truncated {
        /// Where the missing part should start.
        column: usize,
        /// What is missing.
        missing: &'static str,
    },
    /// Characters follow a complete record.
    #[error("column {column}: '{found}' follows a complete record")]
    Trailing {
        /// Where.
        column: usize,
        /// The first extra character.
        found: char,
    },
    /// A form that only the lenient parser reads (王/首, spaces, a parenthesised file).
    #[error("column {column}: '{found}' is accepted only by the lenient parser ({what})")]
    NotStrict {
        /// Where.
        column: usize,
        /// The character found.
        found: char,
        /// Which lenient form it starts.
        what: &'static str,
    },
    /// A parenthesised file is not closed.
    #[error("column {column}: expected ')' after a parenthesised file, found '{found}'")]
    UnclosedParen {
        /// Where the `)` should be.
        column: usize,
        /// The character found instead.
        found: char,
    },
}

/// A record that does not name a legal move of the position (R-28, R-29). The ASCII form
/// ([`MoveText::to_move`](crate::MoveText::to_move) of a [`Move`]) uses the same errors, without the piece and word checks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// Nothing stands on the origin.
    #[error("no piece stands on {at}")]
    NoPiece {
        /// The origin.
        at: Square,
    },
    /// The piece on the origin belongs to the side not to move.
    #[error("the piece on {at} is {owner}'s, but {owner} is not to move")]
    NotToMove {
        /// The origin.
        at: Square,
        /// The piece's side.
        owner: Side,
    },
    /// The piece character names another kind than the piece on the origin.
    #[error("the record names {} but {} stands on {at}", with_article(*.written), with_article(*.found))]
    WrongPiece {
        /// The origin.
        at: Square,
        /// The kind the record names.
        written: PieceKind,
        /// The kind on the origin.
        found: PieceKind,
    },
    /// The king character names the other side's king (总 for Green's, 主 for Red's).
    #[error("the record names {written}'s king but {found}'s king stands on {at}")]
    WrongKing {
        /// The origin.
        at: Square,
        /// The side the character names.
        written: Side,
        /// The side of the king on the origin.
        found: Side,
    },
    /// No legal move goes from the origin to the destination.
    #[error("no legal move goes from {from} to {to}")]
    Illegal {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The direction word disagrees with the move the labels name (R-29).
    #[error("the move {from}{to} is written with '{expected}', not '{written}' (R-29)")]
    WrongDirection {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
        /// The word written.
        written: Direction,
        /// The word the move takes.
        expected: Direction,
    },
}

impl RecordParseError {
    /// The column (from 1) the error points at, if it points at one.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::Record;
    /// assert_eq!(Record::parse_strict("团5B走5A").unwrap_err().column(), Some(4));
    /// assert_eq!(Record::parse_strict("团5B").unwrap_err().column(), None);
    /// ```
    #[must_use]
    pub const fn column(&self) -> Option<usize> {
        match *self {
            RecordParseError::Empty | RecordParseError::Length { .. } => None,
            RecordParseError::Piece { column, .. }
            | RecordParseError::File { column, .. }
            | RecordParseError::Rank { column, .. }
            | RecordParseError::Direction { column, .. }
            | RecordParseError::Truncated { column, .. }
            | RecordParseError::Trailing { column, .. }
            | RecordParseError::NotStrict { column, .. }
            | RecordParseError::UnclosedParen { column, .. } => Some(column),
        }
    }
}

impl Record {
    /// Parse a record strictly: exactly six characters, piece and direction characters of
    /// either script, labels with ASCII or full-width digits and letters (R-30).
    ///
    /// # Errors
    ///
    /// A [`RecordParseError`] naming the column; lenient forms give
    /// [`RecordParseError::NotStrict`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{Record, RecordParseError};
    /// assert!(Record::parse_strict("弹３Ｅ攻７ｄ").is_ok());
    /// assert!(matches!(Record::parse_strict("王5E进5D"), Err(RecordParseError::NotStrict { .. })));
    /// ```
    pub fn parse_strict(s: &str) -> Result<Record, RecordParseError> {
        Parser::new(s, false).record()
    }

    /// Parse a record leniently: as [`Record::parse_strict`], and also spaces between the
    /// parts, a Green file written in parentheses (`(7)d`, the seed's form; a parenthesised
    /// file always names Green's country), and 王 or 首 for either side's king.
    ///
    /// # Errors
    ///
    /// A [`RecordParseError`] naming the column.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::Record;
    /// let r = Record::parse_lenient(" 弹 3E 攻 (7)d ")?;
    /// assert_eq!(r.to_string(), "弹3E攻7d");
    /// # Ok::<(), gjjq_notation::RecordParseError>(())
    /// ```
    pub fn parse_lenient(s: &str) -> Result<Record, RecordParseError> {
        Parser::new(s, true).record()
    }

    /// The record in `script`.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::Record;
    /// use gjjq_core::Script;
    /// let r: Record = "总5E进5D".parse()?;
    /// assert_eq!(r.to_script(Script::Traditional), "總5E進5D");
    /// # Ok::<(), gjjq_notation::RecordParseError>(())
    /// ```
    #[must_use]
    pub fn to_script(&self, script: Script) -> String {
        let mut out = String::with_capacity(14);
        // 王/首 name the king of the side standing on the origin: kings never leave their
        // palace (R-9), so the origin's country is that side.
        let side = self.king_side.unwrap_or(self.from.country());
        out.push(self.piece.record_char(side, script));
        out.push_str(&self.from.to_string());
        out.push(self.direction.to_char(script));
        out.push_str(&self.to.to_string());
        out
    }

    /// The canonical record of `m`, a move of `pos`'s side to move (R-28, R-29). `m` is not
    /// checked for legality.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::Record;
    /// use gjjq_core::Position;
    /// let pos = Position::default();
    /// let m = pos.legal_moves().into_iter().find(|m| m.to_string() == "3E7d").unwrap();
    /// assert_eq!(Record::from_move(&pos, m).to_string(), "弹3E攻7d");
    /// ```
    #[must_use]
    pub fn from_move(pos: &Position, m: Move) -> Record {
        let side = pos.turn();
        let piece = pos.piece_at(m.from()).map_or(PieceKind::King, |p| p.kind);
        Record {
            piece,
            king_side: (piece == PieceKind::King).then_some(side),
            from: m.from(),
            direction: Direction::of_move(pos, m),
            to: m.to(),
        }
    }

    /// The legal move of `pos` this record names: the one from its origin to its destination,
    /// after checking the piece character and the direction word (R-29).
    ///
    /// # Errors
    ///
    /// [`RecordError::NoPiece`], [`RecordError::NotToMove`], [`RecordError::WrongPiece`],
    /// [`RecordError::WrongKing`], [`RecordError::Illegal`] and
    /// [`RecordError::WrongDirection`], checked in that order.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{Record, RecordError};
    /// use gjjq_core::{Move, Position};
    /// let pos = Position::default();
    /// let r: Record = "团5B进5A".parse()?;
    /// assert_eq!(r.to_move(&pos), Ok("5B5A".parse::<Move>()?));
    /// let wrong: Record = "团5B侵5A".parse()?;
    /// assert!(matches!(wrong.to_move(&pos), Err(RecordError::WrongDirection { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, RecordError> {
        let found = mover_at(pos, self.from)?;
        if found.kind != self.piece {
            return Err(RecordError::WrongPiece {
                at: self.from,
                written: self.piece,
                found: found.kind,
            });
        }
        if let Some(written) = self.king_side
            && self.piece == PieceKind::King
            && written != found.side
        {
            return Err(RecordError::WrongKing {
                at: self.from,
                written,
                found: found.side,
            });
        }
        with_direction(pos, find_legal(pos, self.from, self.to)?, self.direction)
    }
}

/// `m`, a legal move of `pos`, if `written` is its direction word (R-29), else
/// [`RecordError::WrongDirection`].
pub(crate) fn with_direction(
    pos: &Position,
    m: Move,
    written: Direction,
) -> Result<Move, RecordError> {
    let expected = Direction::of_move(pos, m);
    if expected != written {
        return Err(RecordError::WrongDirection {
            from: m.from(),
            to: m.to(),
            written,
            expected,
        });
    }
    Ok(m)
}

/// The piece on `at`, which must belong to the side to move.
pub(crate) fn mover_at(pos: &Position, at: Square) -> Result<gjjq_core::Piece, RecordError> {
    let found = pos.piece_at(at).ok_or(RecordError::NoPiece { at })?;
    if found.side != pos.turn() {
        return Err(RecordError::NotToMove {
            at,
            owner: found.side,
        });
    }
    Ok(found)
}

/// `m` if it is legal in `pos` (R-30: origin and destination name it), else why not: no
/// piece, not the mover's, or no such move.
pub(crate) fn resolve(pos: &Position, m: Move) -> Result<Move, RecordError> {
    mover_at(pos, m.from())?;
    find_legal(pos, m.from(), m.to())
}

/// The legal move of `pos` from `from` to `to` (R-30: origin and destination name it).
pub(crate) fn find_legal(pos: &Position, from: Square, to: Square) -> Result<Move, RecordError> {
    pos.find_move(from, to)
        .ok_or(RecordError::Illegal { from, to })
}

/// The text forms of a record type (`$ty` with a `to_script`): `FromStr` by its parser
/// `$parse`, `Display` in simplified characters (R-30).
macro_rules! record_text {
    ($ty:ident, $parse:ident) => {
        impl std::str::FromStr for $ty {
            type Err = $crate::record::RecordParseError;

            fn from_str(s: &str) -> Result<$ty, $crate::record::RecordParseError> {
                $ty::$parse(s)
            }
        }

        /// Simplified characters (R-30).
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.to_script(gjjq_core::Script::Simplified))
            }
        }
    };
}
pub(crate) use record_text;

record_text!(Record, parse_strict);

/// A cursor over the characters of one record.
struct Parser {
    chars: Vec<char>,
    pos: usize,
    lenient: bool,
}

impl Parser {
    fn new(s: &str, lenient: bool) -> Parser {
        Parser {
            chars: s.chars().collect(),
            pos: 0,
            lenient,
        }
    }

    fn column(&self) -> usize {
        self.pos + 1
    }

    fn skip_spaces(&mut self) -> Result<(), RecordParseError> {
        while let Some(&c) = self.chars.get(self.pos) {
            if !c.is_whitespace() {
                break;
            }
            if !self.lenient {
                return Err(RecordParseError::NotStrict {
                    column: self.column(),
                    found: c,
                    what: "spaces",
                });
            }
            self.pos += 1;
        }
        Ok(())
    }

    fn next(&mut self, missing: &'static str) -> Result<char, RecordParseError> {
        let c = self
            .chars
            .get(self.pos)
            .copied()
            .ok_or(RecordParseError::Truncated {
                column: self.column(),
                missing,
            })?;
        self.pos += 1;
        Ok(c)
    }

    fn record(self) -> Result<Record, RecordParseError> {
        let (lenient, len) = (self.lenient, self.chars.len());
        match self.parts() {
            // A strict record is six characters: a short or long one says so.
            Err(RecordParseError::Truncated { .. } | RecordParseError::Trailing { .. })
                if !lenient =>
            {
                Err(RecordParseError::Length { found: len })
            }
            other => other,
        }
    }

    fn parts(mut self) -> Result<Record, RecordParseError> {
        if self.chars.iter().all(|c| c.is_whitespace()) && (self.lenient || self.chars.is_empty()) {
            return Err(RecordParseError::Empty);
        }
        self.skip_spaces()?;
        let column = self.column();
        let c = self.next("piece character")?;
        let (piece, king_side) =
            PieceKind::from_record_char(c).ok_or(RecordParseError::Piece { column, found: c })?;
        if piece == PieceKind::King && king_side.is_none() && !self.lenient {
            return Err(RecordParseError::NotStrict {
                column,
                found: c,
                what: "王 or 首 for either king",
            });
        }
        self.skip_spaces()?;
        let from = self.label()?;
        self.skip_spaces()?;
        let column = self.column();
        let c = self.next("direction word")?;
        let direction =
            Direction::from_char(c).ok_or(RecordParseError::Direction { column, found: c })?;
        self.skip_spaces()?;
        let to = self.label()?;
        self.skip_spaces()?;
        if let Some(&found) = self.chars.get(self.pos) {
            return Err(RecordParseError::Trailing {
                column: self.column(),
                found,
            });
        }
        Ok(Record {
            piece,
            king_side,
            from,
            direction,
            to,
        })
    }

    fn label(&mut self) -> Result<Square, RecordParseError> {
        let column = self.column();
        let mut c = fold_full_width(self.next("point label")?);
        let paren = c == '(';
        if paren {
            if !self.lenient {
                return Err(RecordParseError::NotStrict {
                    column,
                    found: c,
                    what: "a parenthesised Green file",
                });
            }
            c = fold_full_width(self.next("file digit")?);
        }
        let file_column = self.column() - 1;
        let digit = match c {
            '1'..='9' => c as u8 - b'0',
            _ => {
                return Err(RecordParseError::File {
                    column: file_column,
                    found: c,
                });
            }
        };
        if paren {
            let column = self.column();
            let close = fold_full_width(self.next("closing parenthesis")?);
            if close != ')' {
                return Err(RecordParseError::UnclosedParen {
                    column,
                    found: close,
                });
            }
        }
        let column = self.column();
        let mut letter = fold_full_width(self.next("rank letter")?);
        if paren {
            // The parentheses already say Green's country (seed 000's (1)…(9)).
            letter = letter.to_ascii_lowercase();
        }
        Square::from_label(digit, letter).map_err(|_| RecordParseError::Rank {
            column,
            found: letter,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 26: the article agrees with the kind ("an infantry", "a king").
    #[test]
    fn wrong_piece_message_has_the_right_article() {
        let at: Square = "5E".parse().unwrap();
        let e = RecordError::WrongPiece {
            at,
            written: PieceKind::Infantry,
            found: PieceKind::Army,
        };
        assert_eq!(
            e.to_string(),
            "the record names an infantry but an army stands on 5E"
        );
        let e = RecordError::WrongPiece {
            at,
            written: PieceKind::King,
            found: PieceKind::Aircraft,
        };
        assert_eq!(
            e.to_string(),
            "the record names a king but an aircraft stands on 5E"
        );
    }

    // R-28, R-30: both scripts and full-width forms read the same record.
    #[test]
    fn scripts_and_full_width_read_alike() {
        let a: Record = "团5B进5A".parse().unwrap();
        for s in ["團5B進5A", "团５Ｂ进５Ａ", "團５Ｂ進5A"] {
            assert_eq!(s.parse::<Record>().unwrap(), a, "{s}");
        }
        assert_eq!(a.to_script(Script::Traditional), "團5B進5A");
    }

    #[test]
    fn lenient_forms() {
        let r = Record::parse_lenient("王 5E 进 5D").unwrap();
        assert_eq!(r.king_side, None);
        assert_eq!(r.to_string(), "总5E进5D");
        let g = Record::parse_lenient("首(5)e进(5)d").unwrap();
        assert_eq!(g.to_string(), "主5e进5d");
        let up = Record::parse_lenient("弹3E攻(7)D").unwrap();
        assert_eq!(up.to_string(), "弹3E攻7d");
    }

    #[test]
    fn strict_errors() {
        use RecordParseError as E;
        assert_eq!(Record::parse_strict(""), Err(E::Empty));
        assert_eq!(Record::parse_strict("团5B进5"), Err(E::Length { found: 5 }));
        assert!(matches!(
            Record::parse_strict("团5B 进5A"),
            Err(E::NotStrict { column: 4, .. })
        ));
        assert!(matches!(
            Record::parse_strict("兵5B进5A"),
            Err(E::Piece {
                column: 1,
                found: '兵'
            })
        ));
        assert!(matches!(
            Record::parse_strict("团0B进5A"),
            Err(E::File { column: 2, .. })
        ));
        assert!(matches!(
            Record::parse_strict("团5F进5A"),
            Err(E::Rank { column: 3, .. })
        ));
        assert!(matches!(
            Record::parse_strict("团5B走5A"),
            Err(E::Direction { column: 4, .. })
        ));
    }
}
