//! 国际军棋's part of the game-file grammar: the `Setup` and `FirstMover` tags, which set the
//! move numbers, the `Game` tag, and the move tokens (records and ASCII moves).

use gjjq_core::{Setup, Side};
use junqi_gamefile::{Dialect, Numbering, Tag};

use super::{MoveText, SyntaxError, TextPos};
use crate::record::Record;
use crate::text::fold_full_width;
use gjjq_core::MoveParseError;

/// The files of 国际军棋 as a [`Dialect`] of the shared grammar: Red and Green; the `Setup` tag
/// (a position string, R-31) and the `FirstMover` tag (R-34) set where the move numbers
/// start; a move is a six-character record, the ASCII form or a hidden record
/// ([`MoveText::parse_token`]); a `Game` tag, if any, is `gjjq`. What [`crate::GameReader`]
/// reads with.
///
/// # Examples
///
/// ```
/// use gjjq_notation::{GjjqDialect, SyntaxError, TextPos};
/// use junqi_gamefile::{Dialect, Numbering, Tag};
/// let at = TextPos { line: 1, column: 8 };
/// let mut n = Numbering::default();
/// GjjqDialect.tag(Tag { name: "FirstMover", value: "green", at }, &mut n)?;
/// assert!(n.second);
/// assert!(GjjqDialect.check_move("团5B进5A", at).is_ok());
/// assert!(matches!(GjjqDialect.check_move("5B5Z", at), Err(SyntaxError::Ascii { .. })));
/// # Ok::<(), SyntaxError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct GjjqDialect;

impl Dialect for GjjqDialect {
    type Error = SyntaxError;

    fn side_names(&self) -> [&'static str; 2] {
        ["Red", "Green"]
    }

    fn tag(&self, tag: Tag<'_>, numbering: &mut Numbering) -> Result<(), SyntaxError> {
        if let Some(found) = tag.other_game(junqi_gamefile::DEFAULT_GAME) {
            return Err(SyntaxError::OtherGame { at: tag.at, found });
        }
        match tag.name {
            "Setup" => {
                let setup: Setup = tag
                    .value
                    .parse()
                    .map_err(|error| SyntaxError::BadSetup { at: tag.at, error })?;
                numbering.set_position(setup.turn == Side::Green, setup.move_number);
            }
            "FirstMover" => {
                // R-34: a game from an opening may start with Green's move, numbered 1...
                // A `Setup` tag, which gives the side to move itself, outranks it.
                let side =
                    super::parse_side(tag.value).ok_or_else(|| SyntaxError::BadFirstMover {
                        at: tag.at,
                        found: tag.value.to_owned(),
                    })?;
                numbering.set_first_mover(side == Side::Green);
            }
            _ => {}
        }
        Ok(())
    }

    fn check_move(&self, token: &str, at: TextPos) -> Result<(), SyntaxError> {
        MoveText::parse_token(token, at).map(|_| ())
    }
}

impl MoveText {
    /// A move token of a game file (`at` its first character): the ASCII form when it is
    /// ASCII (after folding full-width forms, R-30) or starts with a digit, a hidden record
    /// when it starts with `暗` (R-40), else a lenient record. The one parser of a file's
    /// moves: the reader checks each token with it and the visitors read them with it.
    ///
    /// # Errors
    ///
    /// [`SyntaxError::Ascii`], [`SyntaxError::NotAscii`] or [`SyntaxError::Record`], each
    /// with the place in the file of what is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{MoveText, SyntaxError, TextPos};
    /// let at = TextPos { line: 2, column: 4 };
    /// assert_eq!(MoveText::parse_token("５Ｂ５Ａ", at)?.to_string(), "5B5A");
    /// let err = MoveText::parse_token("5Вx", at).unwrap_err();
    /// assert!(matches!(err, SyntaxError::NotAscii { found: 'В', .. }));
    /// assert!(err.to_string().starts_with("2:5: "));
    /// # Ok::<(), SyntaxError>(())
    /// ```
    pub fn parse_token(token: &str, at: TextPos) -> Result<MoveText, SyntaxError> {
        let folded: String = token.chars().map(fold_full_width).collect();
        if folded.is_ascii() {
            return folded
                .parse()
                .map(MoveText::Ascii)
                .map_err(|error: MoveParseError| SyntaxError::Ascii {
                    at: shift(at, error.column()),
                    error,
                });
        }
        // A record starts with a piece character; a digit first means an ASCII move with a
        // character that only looks like ASCII.
        if folded.starts_with(|c: char| c.is_ascii_digit())
            && let Some((k, found)) = token
                .chars()
                .enumerate()
                .find(|&(_, c)| !fold_full_width(c).is_ascii())
        {
            return Err(SyntaxError::NotAscii {
                at: shift(at, Some(k + 1)),
                found,
            });
        }
        // R-40: an enemy move in a player's record of a hidden game, the piece unknown.
        if token.starts_with(crate::HIDDEN_PIECE) {
            return crate::HiddenRecord::parse_lenient(token)
                .map(MoveText::Hidden)
                .map_err(|error| SyntaxError::Record {
                    at: shift(at, error.column()),
                    error,
                });
        }
        Record::parse_lenient(token)
            .map(MoveText::Record)
            .map_err(|error| SyntaxError::Record {
                at: shift(at, error.column()),
                error,
            })
    }
}

/// `at` moved to the error's column within the token (the token start when it has none).
fn shift(at: TextPos, column: Option<usize>) -> TextPos {
    at.offset(column.unwrap_or(1))
}
