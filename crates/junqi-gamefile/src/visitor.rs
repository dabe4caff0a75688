//! The streaming visitor: what the reader tells as it reads a game, in file order.

use std::ops::ControlFlow;

use crate::{Glyph, ResultToken, TextPos};

/// Whether to skip a part of a game: returned by [`Visitor::end_tags`] (the whole movetext)
/// and [`Visitor::begin_variation`] (that variation, nested ones included). A skipped part is
/// still read and checked (so the next game starts where it should), only not told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Skip(pub bool);

/// What a [`GameReader`](crate::GameReader) tells while it reads one game, the shape of
/// `pgn-reader`'s visitor: the calls come in file order, one line of text in memory at a
/// time, so a visitor that keeps nothing reads any amount of games in flat memory.
///
/// The order of the calls for a game: [`begin_game`](Visitor::begin_game), each
/// [`tag`](Visitor::tag), [`end_tags`](Visitor::end_tags), then the movetext
/// ([`comment`](Visitor::comment), [`mv`](Visitor::mv), [`glyph`](Visitor::glyph),
/// [`begin_variation`](Visitor::begin_variation) … [`end_variation`](Visitor::end_variation)),
/// then [`result`](Visitor::result) and [`end_game`](Visitor::end_game). The reader checks
/// the syntax (tags, move numbers of every line, brackets, glyphs, limits) itself; a game
/// with a syntax error (or a tag or move its [`Dialect`](crate::Dialect) refuses) ends with a
/// [`ReadError`](crate::ReadError) and no `end_game`. A move comes as the text it is: each
/// game resolves its own moves.
///
/// Every call but `begin_game` and `end_game` may stop the game with
/// `ControlFlow::Break(output)`: the reader then reads past the rest of the game without
/// telling it and hands `output` back at once (a bad move is reported before the rest of its
/// game is read). A variation is a move's alternatives: after `begin_variation` the moves
/// start again from the position before the last move told in the enclosing line.
///
/// # Examples
///
/// Counting moves of every line, keeping nothing else:
///
/// ```
/// use std::ops::ControlFlow;
/// use junqi_gamefile::{GameReader, TextPos, Visitor};
///
/// struct Count(usize);
/// impl Visitor for Count {
///     type Output = usize;
///     fn begin_game(&mut self) { self.0 = 0; }
///     fn mv(&mut self, _: &str, _: TextPos) -> ControlFlow<usize> {
///         self.0 += 1;
///         ControlFlow::Continue(())
///     }
///     fn end_game(&mut self) -> usize { self.0 }
/// }
///
/// let text = "1. 团5B进5A (1. 团5B进5C) 1... 团5b进5a *\n";
/// let mut reader = GameReader::new(text.as_bytes());
/// assert_eq!(reader.read_with(&mut Count(0)).unwrap()?, 3);
/// assert!(reader.read_with(&mut Count(0)).is_none());
/// # Ok::<(), junqi_gamefile::ReadError>(())
/// ```
pub trait Visitor {
    /// What a game gives.
    type Output;

    /// A game starts (before its first tag). Reset what the last game left.
    fn begin_game(&mut self) {}

    /// A tag, value unescaped; `at` is where its value (the opening quote) stands.
    fn tag(&mut self, name: &str, value: &str, at: TextPos) -> ControlFlow<Self::Output> {
        let _ = (name, value, at);
        ControlFlow::Continue(())
    }

    /// The tags are over (called once, also for a game without tags). `Skip(true)` skips
    /// the whole movetext: no call follows but [`Visitor::end_game`].
    fn end_tags(&mut self) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(false))
    }

    /// A comment, without its braces, escapes resolved, line breaks as `\n`; `at` is its
    /// opening brace. It follows the last move told in its line, or starts the line.
    fn comment(&mut self, text: &str, at: TextPos) -> ControlFlow<Self::Output> {
        let _ = (text, at);
        ControlFlow::Continue(())
    }

    /// A move as written, without the glyphs glued to it (its move number checked, and the
    /// token accepted by the reader's [`Dialect::check_move`](crate::Dialect::check_move)).
    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<Self::Output> {
        let _ = (text, at);
        ControlFlow::Continue(())
    }

    /// An annotation glyph of the last move told in its line.
    fn glyph(&mut self, glyph: Glyph, at: TextPos) -> ControlFlow<Self::Output> {
        let _ = (glyph, at);
        ControlFlow::Continue(())
    }

    /// A variation `(` opens: alternatives to the last move told in the current line.
    /// `Skip(true)` skips it (and the variations inside it) up to its `)`, whose
    /// `end_variation` is not called either.
    fn begin_variation(&mut self, at: TextPos) -> ControlFlow<Self::Output, Skip> {
        let _ = at;
        ControlFlow::Continue(Skip(false))
    }

    /// The variation closes; the enclosing line goes on.
    fn end_variation(&mut self, at: TextPos) -> ControlFlow<Self::Output> {
        let _ = at;
        ControlFlow::Continue(())
    }

    /// The game's result: the result token (`at` its place) or, without one, the `Result`
    /// tag's value or `*` (`at` is `None`). Called once, after the movetext.
    fn result(&mut self, result: ResultToken, at: Option<TextPos>) -> ControlFlow<Self::Output> {
        let _ = (result, at);
        ControlFlow::Continue(())
    }

    /// The game is over and read without error: what it gives.
    fn end_game(&mut self) -> Self::Output;
}

/// Keeps nothing: reads past a game, checking it. `read_with(&mut Discard)` is `Some(Ok(()))`
/// for a game that reads.
///
/// # Examples
///
/// ```
/// use junqi_gamefile::{Discard, GameReader};
/// let mut reader = GameReader::new("1. a b )\n".as_bytes());
/// assert!(reader.read_with(&mut Discard).unwrap().is_err());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Discard;

impl Visitor for Discard {
    type Output = ();

    fn end_game(&mut self) {}
}
