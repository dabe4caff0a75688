//! What differs between the games' files: the sides' names, the tags that say where the move
//! numbers start, and which tokens are moves.

use std::convert::Infallible;

use crate::TextPos;

/// Where a game's move numbers start: whose move is first and its number (`1.` before the
/// first side's move, `1...` before the second's).
///
/// # Examples
///
/// ```
/// use junqi_gamefile::Numbering;
/// let n = Numbering::default();
/// assert_eq!((n.second, n.number, n.fixed), (false, 1, false));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Numbering {
    /// Whether the first move is the second side's.
    pub second: bool,
    /// The number of the first move (from 1).
    pub number: u32,
    /// Set by a tag that gives a whole position (国际军棋's `Setup`): a tag that only names the
    /// first mover then leaves the numbering as it is, whatever the order of the tags.
    pub fixed: bool,
}

impl Numbering {
    /// Set by a tag that gives a whole position: its side to move (`second`: the second
    /// side's) and move number. It outranks a tag that only names the first mover, whatever
    /// the order of the tags.
    ///
    /// ```
    /// use junqi_gamefile::Numbering;
    /// let mut n = Numbering::default();
    /// n.set_position(true, 12);
    /// n.set_first_mover(false);
    /// assert_eq!((n.second, n.number, n.fixed), (true, 12, true));
    /// ```
    pub fn set_position(&mut self, second: bool, number: u32) {
        *self = Numbering {
            second,
            number,
            fixed: true,
        };
    }

    /// Set by a tag that names the first mover (国际军棋's R-34, 陸戰棋's dark records): a
    /// game from an opening may start with the second side's move, numbered `1...`. Nothing
    /// changes once a position tag has set the numbering ([`Numbering::set_position`]).
    pub fn set_first_mover(&mut self, second: bool) {
        if !self.fixed {
            *self = Numbering {
                second,
                ..Numbering::default()
            };
        }
    }
}

/// A tag of a game as the reader hands it to a [`Dialect`]: its name, its value (unescaped)
/// and where the value's opening quote stands.
///
/// # Examples
///
/// ```
/// use junqi_gamefile::{Tag, TextPos};
/// let tag = Tag { name: "Game", value: "gjjq", at: TextPos { line: 1, column: 7 } };
/// assert_eq!(tag.other_game("luzhanqi").as_deref(), Some("gjjq"));
/// assert_eq!(tag.other_game("gjjq"), None);
/// assert_eq!(tag.value_pos(3), TextPos { line: 1, column: 10 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The tag's name.
    pub name: &'a str,
    /// Its value, unescaped.
    pub value: &'a str,
    /// Where its value's opening quote stands.
    pub at: TextPos,
}

impl Tag<'_> {
    /// When this is a [`GAME_TAG`](crate::GAME_TAG) that names another game than `game`,
    /// the name it gives, cut for an error message ([`clip`](crate::clip), 40 characters):
    /// every dialect refuses another game's file the same way.
    #[must_use]
    pub fn other_game(&self, game: &str) -> Option<String> {
        (self.name == crate::GAME_TAG && self.value != game)
            .then(|| crate::text::clip40(self.value))
    }

    /// The place of character `column` (from 1) of the value, for an error within it: the
    /// value starts one column after its opening quote.
    #[must_use]
    pub fn value_pos(&self, column: usize) -> TextPos {
        self.at.offset(column + 1)
    }
}

impl Default for Numbering {
    fn default() -> Numbering {
        Numbering {
            second: false,
            number: 1,
            fixed: false,
        }
    }
}

/// A game's part of the grammar. The reader asks it about each tag (which may set where the
/// move numbers start, or be a value the game cannot read) and each move token (whether it
/// is a move in the game's syntax, not whether it is legal); what it refuses is a
/// [`ReadError::Game`](crate::ReadError::Game) with its place, after which the reader goes
/// on with the next game as after any syntax error.
///
/// # Examples
///
/// A dialect whose moves are two lower-case letters:
///
/// ```
/// use junqi_gamefile::{Dialect, GameReader, Numbering, ReadError, Tag, TextPos};
///
/// #[derive(Debug, thiserror::Error)]
/// #[error("{at}: '{token}' is not two letters")]
/// struct NotAMove { at: TextPos, token: String }
///
/// struct Letters;
/// impl Dialect for Letters {
///     type Error = NotAMove;
///     fn side_names(&self) -> [&'static str; 2] { ["Red", "Blue"] }
///     fn tag(&self, _: Tag<'_>, _: &mut Numbering) -> Result<(), NotAMove> {
///         Ok(())
///     }
///     fn check_move(&self, token: &str, at: TextPos) -> Result<(), NotAMove> {
///         if token.len() == 2 && token.bytes().all(|b| b.is_ascii_lowercase()) {
///             Ok(())
///         } else {
///             Err(NotAMove { at, token: token.to_owned() })
///         }
///     }
/// }
///
/// let mut reader = GameReader::with_dialect("1. ab 1... cd 2. e5 *\n".as_bytes(), Letters, Default::default());
/// let err = reader.read_with(&mut junqi_gamefile::Discard).unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "1:18: 'e5' is not two letters");
/// assert!(matches!(err, ReadError::Game(NotAMove { .. })));
/// ```
pub trait Dialect {
    /// What the game refuses in a file that the grammar accepts.
    type Error: std::error::Error + 'static;

    /// The sides' names in messages, the side of `1-0` first (`["Red", "Green"]`).
    fn side_names(&self) -> [&'static str; 2];

    /// The tag whose position gives the first move number, as messages name it: `Setup` in
    /// every game so far.
    fn position_tag(&self) -> &'static str {
        "Setup"
    }

    /// A tag of a game: set `numbering` if the tag says where the move numbers start
    /// ([`Numbering::set_position`], [`Numbering::set_first_mover`]); an error if the game
    /// cannot read it (a file of another game: [`Tag::other_game`]).
    ///
    /// # Errors
    ///
    /// The game's, for a tag value it cannot read.
    fn tag(&self, tag: Tag<'_>, numbering: &mut Numbering) -> Result<(), Self::Error>;

    /// Whether `token` (a move as written, without glyphs glued to it; `at` its first
    /// character) is a move in the game's syntax.
    ///
    /// # Errors
    ///
    /// The game's, for a token that is not a move.
    fn check_move(&self, token: &str, at: TextPos) -> Result<(), Self::Error>;
}

/// The grammar alone: every token is a move, no tag sets the numbering (the first side's move
/// 1 starts every game), the sides are called `First` and `Second`. What
/// [`GameReader::new`](crate::GameReader::new) reads with: enough to count, index or copy the
/// files of any game.
///
/// # Examples
///
/// ```
/// use junqi_gamefile::{Dialect, Plain};
/// assert_eq!(Plain.side_names(), ["First", "Second"]);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Plain;

impl Dialect for Plain {
    type Error = Infallible;

    fn side_names(&self) -> [&'static str; 2] {
        ["First", "Second"]
    }

    fn tag(&self, _: Tag<'_>, _: &mut Numbering) -> Result<(), Infallible> {
        Ok(())
    }

    fn check_move(&self, _: &str, _: TextPos) -> Result<(), Infallible> {
        Ok(())
    }
}
