//! The bounds a reader keeps to and the errors of reading a game file.

use std::convert::Infallible;
use std::io;

use thiserror::Error;

use crate::{ResultToken, TextPos};

/// The bounds a [`GameReader`](crate::GameReader) keeps to, whatever the input: memory stays within them and
/// passing one is a typed error with its place. The limits apply to what a game holds, so
/// they bound every visitor's memory alike: a visitor that keeps each move, comment, glyph,
/// variation and tag keeps at most [`ReadLimits::max_moves`] moves and
/// [`ReadLimits::max_notes`] of the rest.
///
/// With the defaults the reader holds at most one line of 1 MiB (plus its decoded characters,
/// 4 bytes each), and for the one game it is reading at most 1,000,000 moves and 16 MiB of tag
/// and comment text, 1,000,000 comments, glyphs, variations and tags, and variations nested at
/// most 64 deep.
///
/// # Examples
///
/// ```
/// use junqi_gamefile::{Discard, GameReader, ReadError, ReadLimits};
/// let limits = ReadLimits { max_moves: 1, ..ReadLimits::default() };
/// let mut reader = GameReader::with_limits("1. 5B5A 5b5a *\n".as_bytes(), limits);
/// let err = reader.read_with(&mut Discard).unwrap().unwrap_err();
/// assert!(matches!(err, ReadError::TooManyMoves { limit: 1, .. }));
/// assert_eq!(err.to_string(), "1:9: more than 1 moves in one game (the reader's limit)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReadLimits {
    /// The longest line, in bytes, without its line break (default 1 MiB).
    pub max_line_bytes: usize,
    /// The most moves (plies) in one game (default 1,000,000).
    pub max_moves: usize,
    /// The most bytes of tag values and comments in one game (default 16 MiB).
    pub max_text_bytes: usize,
    /// The deepest nesting of variations: `( … )` inside `( … )` (default 64; the main line
    /// is depth 0, a variation of it depth 1).
    pub max_depth: usize,
    /// The most comments, glyphs, variations and tags in one game, all counted together
    /// (default 1,000,000): an empty comment `{}` or a glyph `$1` holds no text but is kept.
    pub max_notes: usize,
}

impl Default for ReadLimits {
    fn default() -> ReadLimits {
        ReadLimits {
            max_line_bytes: 1 << 20,
            max_moves: 1_000_000,
            max_text_bytes: 16 << 20,
            max_depth: 64,
            max_notes: 1_000_000,
        }
    }
}

/// A game file that does not read. Every variant but [`ReadError::Io`] says where; an
/// offending token is echoed cut to at most 40 characters. `E` is what the game's
/// [`Dialect`](crate::Dialect) refuses ([`ReadError::Game`]).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ReadError<E = Infallible> {
    /// The underlying reader failed.
    #[error("line {line}: read error: {source}")]
    Io {
        /// The line being read.
        line: usize,
        /// The error.
        #[source]
        source: io::Error,
    },
    /// A line is longer than [`ReadLimits::max_line_bytes`]. The reader stops there.
    #[error("line {line}: longer than {limit} bytes (the reader's limit of a line)")]
    LineTooLong {
        /// The line.
        line: usize,
        /// The limit.
        limit: usize,
    },
    /// A game has more than [`ReadLimits::max_moves`] moves.
    #[error("{at}: more than {limit} moves in one game (the reader's limit)")]
    TooManyMoves {
        /// Where the move past the limit stands.
        at: TextPos,
        /// The limit.
        limit: usize,
    },
    /// A game's tags and comments hold more than [`ReadLimits::max_text_bytes`].
    #[error("{at}: more than {limit} bytes of tags and comments in one game (the reader's limit)")]
    TooMuchText {
        /// Where the text past the limit starts.
        at: TextPos,
        /// The limit.
        limit: usize,
    },
    /// A game has more comments, glyphs, variations and tags than [`ReadLimits::max_notes`].
    #[error(
        "{at}: more than {limit} comments, glyphs, variations and tags in one game (the reader's limit)"
    )]
    TooManyNotes {
        /// Where the one past the limit stands.
        at: TextPos,
        /// The limit.
        limit: usize,
    },
    /// A line is not UTF-8.
    #[error("{at}: not valid UTF-8")]
    Encoding {
        /// The first byte that is not UTF-8 (its column counts the valid characters before).
        at: TextPos,
    },
    /// A carriage return that does not end its line (a line ends with LF or CR LF).
    #[error("{at}: a carriage return inside a line (lines end with LF or CR LF)")]
    CarriageReturn {
        /// Where.
        at: TextPos,
    },
    /// A tag line has no name after `[`.
    #[error("{at}: a tag needs a name of letters, digits or '_' after '['")]
    TagName {
        /// Where the name should start.
        at: TextPos,
    },
    /// A tag name is not followed by a quoted value.
    #[error("{at}: expected '\"' to start the tag value")]
    TagValue {
        /// Where the quote should be.
        at: TextPos,
    },
    /// A tag value is not closed by `"`.
    #[error("{at}: the tag value is not closed by '\"' on this line")]
    UnterminatedTagValue {
        /// Where the value starts.
        at: TextPos,
    },
    /// A tag is not closed by `]`, or text follows it.
    #[error("{at}: expected ']' and the end of the line after the tag value")]
    TagClose {
        /// Where.
        at: TextPos,
    },
    /// A game has two tags of one name (which one would count is not clear).
    #[error("{at}: a second {name} tag; the first is on line {first_line}")]
    DuplicateTag {
        /// Where the second tag starts.
        at: TextPos,
        /// The name (cut to 40 characters).
        name: String,
        /// The line of the first.
        first_line: usize,
    },
    /// The `Result` tag is not a result token.
    #[error("{at}: Result tag '{found}' is not 1-0, 0-1, 1/2-1/2 or *")]
    BadResultTag {
        /// Where the value starts.
        at: TextPos,
        /// The value (cut to 40 characters).
        found: String,
    },
    /// The `Result` tag disagrees with the result token of the movetext.
    #[error("{at}: the result token {token} disagrees with the Result tag \"{tag}\"")]
    ResultMismatch {
        /// Where the token stands.
        at: TextPos,
        /// The tag's value (cut to 40 characters).
        tag: String,
        /// The token.
        token: ResultToken,
    },
    /// A move number is malformed: digits then `.` (before Red's move) or `...` (Green's).
    #[error("{at}: '{found}' is not a move number (e.g. 12. or 12...)")]
    BadMoveNumber {
        /// Where.
        at: TextPos,
        /// The token (cut to 40 characters).
        found: String,
    },
    /// A move number disagrees with the count of moves (or with the side to move).
    #[error(
        "{at}: expected move number {expected}{} (the next move is {}'s; move numbers start at 1, \
         or at the {position_tag} tag's number, and go up by one after each {} move), found {found}",
        if *second { "..." } else { "." },
        sides[usize::from(*second)],
        sides[1]
    )]
    MoveNumber {
        /// Where.
        at: TextPos,
        /// The number expected here.
        expected: u32,
        /// Whether the next move is the second side's (so `...` is expected).
        second: bool,
        /// The token (cut to 40 characters).
        found: String,
        /// The sides' names ([`Dialect::side_names`](crate::Dialect::side_names)).
        sides: [&'static str; 2],
        /// The tag that sets the first number
        /// ([`Dialect::position_tag`](crate::Dialect::position_tag)).
        position_tag: &'static str,
    },
    /// A `}` outside a comment.
    #[error("{at}: '}}' outside a comment")]
    UnexpectedBrace {
        /// Where.
        at: TextPos,
    },
    /// A comment is not closed before the end of the file.
    #[error("{at}: the comment starting here is never closed by '}}'")]
    UnterminatedComment {
        /// Where the comment starts.
        at: TextPos,
    },
    /// A token that starts like an annotation glyph (`!`, `?`, `$`) but is none of `!`, `?`,
    /// `!!`, `??`, `!?`, `?!` or `$N` with `N` in 0..=255.
    #[error("{at}: '{found}' is not an annotation glyph (!, ?, !!, ??, !?, ?! or $0 … $255)")]
    BadGlyph {
        /// Where.
        at: TextPos,
        /// The token (cut to 40 characters).
        found: String,
    },
    /// A glyph with no move before it in its line (at the start of the game or of a
    /// variation).
    #[error("{at}: an annotation glyph needs a move before it")]
    GlyphWithoutMove {
        /// Where.
        at: TextPos,
    },
    /// A `(` with no move before it in its line: a variation gives alternatives to a move.
    #[error("{at}: a variation '(' needs a move before it (it gives that move's alternatives)")]
    VariationWithoutMove {
        /// Where.
        at: TextPos,
    },
    /// A `)` that closes no variation.
    #[error("{at}: ')' closes no variation")]
    UnexpectedParen {
        /// Where.
        at: TextPos,
    },
    /// A variation still open at the result token or at the end of the game.
    #[error("{at}: the variation opened here is not closed by ')'")]
    UnclosedVariation {
        /// Where the innermost open variation starts.
        at: TextPos,
    },
    /// Variations nested deeper than [`ReadLimits::max_depth`].
    #[error("{at}: variations nested more than {limit} deep (the reader's limit)")]
    TooDeep {
        /// Where the `(` past the limit stands.
        at: TextPos,
        /// The limit.
        limit: usize,
    },
    /// Text follows the result token on its line.
    #[error("{at}: text after the result token; a result ends the game")]
    AfterResult {
        /// Where.
        at: TextPos,
    },
    /// A tag or a move token the game's [`Dialect`](crate::Dialect) refuses (its error says
    /// where).
    #[error(transparent)]
    Game(E),
}

impl<E> ReadError<E> {
    /// Whether the reader stops after this error (the input failed or cannot be read on);
    /// after any other it goes on with the next game.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::{ReadError, TextPos};
    /// let e: ReadError = ReadError::UnexpectedParen { at: TextPos { line: 1, column: 1 } };
    /// assert!(!e.is_fatal());
    /// ```
    #[must_use]
    pub fn is_fatal(&self) -> bool {
        matches!(self, ReadError::Io { .. } | ReadError::LineTooLong { .. })
    }

    /// The same error with the game's part changed by `f`.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::{ReadError, TextPos};
    /// let e: ReadError<u8> = ReadError::Game(7);
    /// assert!(matches!(e.map_game(u32::from), ReadError::Game(7u32)));
    /// ```
    pub fn map_game<F>(self, f: impl FnOnce(E) -> F) -> ReadError<F> {
        // Every variant but `Game` is the grammar's own: rebuilt as it is, its fields named once.
        macro_rules! keep {
            ($($variant:ident { $($field:ident),* },)*) => {
                match self {
                    $(ReadError::$variant { $($field),* } => ReadError::$variant { $($field),* },)*
                    ReadError::Game(e) => ReadError::Game(f(e)),
                }
            };
        }
        keep! {
            Io { line, source },
            LineTooLong { line, limit },
            TooManyMoves { at, limit },
            TooMuchText { at, limit },
            TooManyNotes { at, limit },
            Encoding { at },
            CarriageReturn { at },
            TagName { at },
            TagValue { at },
            UnterminatedTagValue { at },
            TagClose { at },
            DuplicateTag { at, name, first_line },
            BadResultTag { at, found },
            ResultMismatch { at, tag, token },
            BadMoveNumber { at, found },
            MoveNumber { at, expected, second, found, sides, position_tag },
            UnexpectedBrace { at },
            UnterminatedComment { at },
            BadGlyph { at, found },
            GlyphWithoutMove { at },
            VariationWithoutMove { at },
            UnexpectedParen { at },
            UnclosedVariation { at },
            TooDeep { at, limit },
            AfterResult { at },
        }
    }
}

/// An error of the grammar alone, as an error of a reader of any dialect.
pub(crate) fn widen<E>(e: ReadError) -> ReadError<E> {
    e.map_game(|never| match never {})
}
