//! The parts of writing a game file that do not depend on the game: tag lines, comments with
//! their escapes, and the layout of the movetext (move numbers, glyphs, comments, variations).

use std::convert::Infallible;
use std::io;

use thiserror::Error;

use crate::{Glyph, Numbering};

/// A game that cannot be written. `E` is what the game's own writing refuses (a move it
/// cannot write in the form asked for), [`WriteError::Move`].
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum WriteError<E = Infallible> {
    /// The output failed.
    #[error("write error: {0}")]
    Io(#[from] io::Error),
    /// A tag name is empty or has characters other than ASCII letters, digits and `_`.
    #[error("tag name '{name}' is not letters, digits and '_'")]
    TagName {
        /// The name.
        name: String,
    },
    /// A tag value holds a line break, which a tag line cannot.
    #[error("the value of tag '{name}' holds a line break")]
    TagValue {
        /// The tag's name.
        name: String,
    },
    /// A move the game cannot write in the form asked for.
    #[error(transparent)]
    Move(E),
}

/// Append the tag lines `[Name "value"]` (with `\` and `"` escaped by a backslash) and, when
/// there is a tag, the blank line after them.
///
/// # Errors
///
/// [`WriteError::TagName`] for a name that is not ASCII letters, digits and `_`,
/// [`WriteError::TagValue`] for a value with a line break; nothing is appended then.
///
/// # Examples
///
/// ```
/// let mut text = String::new();
/// junqi_gamefile::write_tags::<std::convert::Infallible>(
///     &mut text,
///     &[("Game".into(), "luzhanqi".into()), ("Note".into(), r#"a "b" \ c"#.into())],
/// )?;
/// assert_eq!(text, "[Game \"luzhanqi\"]\n[Note \"a \\\"b\\\" \\\\ c\"]\n\n");
/// # Ok::<(), junqi_gamefile::WriteError>(())
/// ```
pub fn write_tags<E>(text: &mut String, tags: &[(String, String)]) -> Result<(), WriteError<E>> {
    let mut lines = String::new();
    for (name, value) in tags {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(WriteError::TagName { name: name.clone() });
        }
        if value.contains(['\n', '\r']) {
            return Err(WriteError::TagValue { name: name.clone() });
        }
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        lines.push_str(&format!("[{name} \"{escaped}\"]\n"));
    }
    if !tags.is_empty() {
        lines.push('\n');
    }
    text.push_str(&lines);
    Ok(())
}

/// `{text}` with `\` and `}` escaped by a backslash. Files are read line by line, so a
/// comment's line breaks are `\n`: carriage returns are dropped.
///
/// # Examples
///
/// ```
/// assert_eq!(junqi_gamefile::comment("a } b \\ c\r\nd"), "{a \\} b \\\\ c\nd}");
/// ```
#[must_use]
pub fn comment(text: &str) -> String {
    let text = text.replace('\r', "");
    format!("{{{}}}", text.replace('\\', "\\\\").replace('}', "\\}"))
}

/// A move of a line to be written by [`write_movetext`]: what follows it in a file. The move
/// itself is written by the caller, which knows the game. Each method says "nothing" unless
/// given, so a move without notes implements it with an empty block; a record's move that keeps
/// its notes in fields implements it with [`impl_write_move!`](crate::impl_write_move).
pub trait WriteMove: Sized {
    /// Its annotation glyphs, in order; none unless given.
    fn glyphs(&self) -> &[Glyph] {
        &[]
    }
    /// Its comments, in order, without braces; none unless given.
    fn comments(&self) -> &[String] {
        &[]
    }
    /// Its variations, each as the comments before its first move and its moves; none unless
    /// given.
    fn variations(&self) -> impl Iterator<Item = (&[String], &[Self])> {
        std::iter::empty()
    }
}

/// Implement [`WriteMove`] for a record's move type that keeps its notes in fields: its glyphs
/// (a `Vec<Glyph>`), its comments (a `Vec<String>`) and its variations (a `Vec` of a type
/// with the comments before the variation's first move and its moves, both `Vec`s), each
/// named by its field.
///
/// # Examples
///
/// ```
/// use junqi_gamefile::{Glyph, Numbering, impl_write_move, write_movetext};
///
/// struct Line {
///     before: Vec<String>,
///     moves: Vec<M>,
/// }
/// struct M {
///     text: &'static str,
///     glyphs: Vec<Glyph>,
///     comments: Vec<String>,
///     lines: Vec<Line>,
/// }
/// impl_write_move!(M { glyphs, comments, variations: lines { before, moves } });
///
/// let alt = M { text: "b6b7", glyphs: vec![], comments: vec![], lines: vec![] };
/// let m = M {
///     text: "a6a7",
///     glyphs: vec!["!".parse()?],
///     comments: vec!["x".into()],
///     lines: vec![Line { before: vec!["or".into()], moves: vec![alt] }],
/// };
/// let mut text = String::new();
/// write_movetext(&mut text, &[m], Numbering::default(), true, &mut |t: &mut String, m: &M, _| {
///     t.push_str(m.text);
///     Ok::<(), ()>(())
/// }).unwrap();
/// assert_eq!(text, "1. a6a7! {x} ({or} 1. b6b7)");
/// # Ok::<(), junqi_gamefile::GlyphParseError>(())
/// ```
#[macro_export]
macro_rules! impl_write_move {
    ($ty:ty { $glyphs:ident, $comments:ident, variations: $variations:ident { $before:ident, $moves:ident } }) => {
        impl $crate::WriteMove for $ty {
            fn glyphs(&self) -> &[$crate::Glyph] {
                &self.$glyphs
            }
            fn comments(&self) -> &[::std::string::String] {
                &self.$comments
            }
            fn variations(
                &self,
            ) -> impl ::std::iter::Iterator<Item = (&[::std::string::String], &[Self])> {
                self.$variations
                    .iter()
                    .map(|v| (v.$before.as_slice(), v.$moves.as_slice()))
            }
        }
    };
}

/// Append a line of moves from `start`: the main line (`main`) with one move number a line,
/// as files without variations have always been written; a variation on one line. Each move
/// is written by `write_move(text, move, ply)` (its ply counted from the start of the game
/// along its line, from 1 at `start`), then its glyphs (a first symbolic one glued:
/// `团5B进5A!?`), its comments and its variations `( … )`. A move of the second side gets its
/// number `N...` when it starts a line or follows a comment or a variation.
///
/// # Errors
///
/// The first error of `write_move`.
///
/// # Examples
///
/// ```
/// use junqi_gamefile::{Numbering, WriteMove, write_movetext};
///
/// struct M(&'static str, Vec<String>);
/// impl WriteMove for M {
///     fn comments(&self) -> &[String] { &self.1 }
/// }
///
/// let moves = [M("a6a7", vec!["x".into()]), M("a7a6", vec![]), M("b6b7", vec![])];
/// let mut text = String::new();
/// write_movetext(&mut text, &moves, Numbering::default(), true, &mut |t: &mut String, m: &M, _| {
///     t.push_str(m.0);
///     Ok::<(), ()>(())
/// }).unwrap();
/// assert_eq!(text, "1. a6a7 {x} 1... a7a6\n2. b6b7");
/// ```
pub fn write_movetext<M: WriteMove, E>(
    text: &mut String,
    moves: &[M],
    start: Numbering,
    main: bool,
    write_move: &mut impl FnMut(&mut String, &M, usize) -> Result<(), E>,
) -> Result<(), E> {
    write_line(text, moves, start.second, start.number, 1, main, write_move)
}

fn write_line<M: WriteMove, E>(
    text: &mut String,
    moves: &[M],
    mut second: bool,
    mut number: u32,
    first_ply: usize,
    main: bool,
    write_move: &mut impl FnMut(&mut String, &M, usize) -> Result<(), E>,
) -> Result<(), E> {
    let mut after_aside = false;
    for (i, m) in moves.iter().enumerate() {
        if second {
            if i == 0 {
                text.push_str(&format!("{number}... "));
            } else if after_aside {
                text.push_str(&format!(" {number}... "));
            } else {
                text.push(' ');
            }
        } else {
            if i > 0 {
                text.push(if main { '\n' } else { ' ' });
            }
            text.push_str(&format!("{number}. "));
        }
        let ply = first_ply + i;
        write_move(text, m, ply)?;
        for (k, g) in m.glyphs().iter().enumerate() {
            if k > 0 || g.symbol().is_none() {
                text.push(' ');
            }
            text.push_str(&g.to_string());
        }
        for c in m.comments() {
            text.push(' ');
            text.push_str(&comment(c));
        }
        let mut any_variation = false;
        for (before, line) in m.variations() {
            any_variation = true;
            text.push_str(" (");
            for c in before {
                text.push_str(&comment(c));
                text.push(' ');
            }
            write_line(text, line, second, number, ply, false, write_move)?;
            if text.ends_with(' ') {
                text.pop();
            }
            text.push(')');
        }
        after_aside = !m.comments().is_empty() || any_variation;
        if second {
            number = number.saturating_add(1);
        }
        second = !second;
    }
    Ok(())
}
