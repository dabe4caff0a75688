//! The reader of 国际军棋 game files: the shared grammar's reader with 国际军棋's dialect, and
//! the ways this crate reads a game (a record, a replay, the kind of record).

use std::io::{BufRead, BufReader, Read};

use gjjq_core::{Game, Ruleset};

use super::collect::CollectRecord;
use super::replay::ReplayVisitor;
use super::{GameFileError, GameRecord, GjjqDialect, ReadError, ReadLimits, RecordKind, Visitor};
use crate::annotated::{AnnotatedBuilder, AnnotatedGame};

/// Reads game records from a game file one game at a time, holding one line in memory
/// (within [`ReadLimits`]): the shared grammar's [`junqi_gamefile::GameReader`] with
/// 国际军棋's [`GjjqDialect`].
///
/// After a game that fails to read, the next item is the next game (the reader skips to a
/// tag line that follows a blank line); after an I/O error or an over-long line it ends.
///
/// # Examples
///
/// ```
/// use gjjq_notation::GameReader;
/// let text = "[Event \"A\"]\n\n1. 团5B进5A 1-0\n\n[Event \"B\"]\n\n1. 5B5A *\n";
/// let games: Vec<_> = GameReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].tag("Event"), Some("B"));
/// # Ok::<(), gjjq_notation::ReadError>(())
/// ```
#[derive(Debug)]
pub struct GameReader<R> {
    inner: junqi_gamefile::GameReader<R, GjjqDialect>,
}

impl<R: BufRead> GameReader<R> {
    /// A reader over `reader` with the default [`ReadLimits`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameReader;
    /// use std::io::BufReader;
    /// let mut reader = GameReader::new(BufReader::new("1. 5B5A *".as_bytes()));
    /// assert_eq!(reader.next().unwrap()?.moves.len(), 1);
    /// assert!(reader.next().is_none());
    /// # Ok::<(), gjjq_notation::ReadError>(())
    /// ```
    pub fn new(reader: R) -> GameReader<R> {
        GameReader::with_limits(reader, ReadLimits::default())
    }

    /// A reader over `reader` that keeps to `limits`.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{GameReader, ReadError, ReadLimits};
    /// // `/dev/zero` would be one endless line: it stops at the limit.
    /// let zeros = std::io::repeat(0).take(1 << 20);
    /// let limits = ReadLimits { max_line_bytes: 4096, ..ReadLimits::default() };
    /// let mut reader = GameReader::with_limits(std::io::BufReader::new(zeros), limits);
    /// let err = reader.next().unwrap().unwrap_err();
    /// assert!(matches!(err, ReadError::LineTooLong { line: 1, limit: 4096 }));
    /// assert!(reader.next().is_none());
    /// # use std::io::Read;
    /// ```
    pub fn with_limits(reader: R, limits: ReadLimits) -> GameReader<R> {
        GameReader {
            inner: junqi_gamefile::GameReader::with_dialect(reader, GjjqDialect, limits),
        }
    }

    /// The limits this reader keeps to.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{GameReader, ReadLimits};
    /// assert_eq!(*GameReader::new(&b""[..]).limits(), ReadLimits::default());
    /// ```
    #[must_use]
    pub fn limits(&self) -> &ReadLimits {
        self.inner.limits()
    }

    /// The number of the last line read (1-based; 0 before the first).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameReader;
    /// let mut reader = GameReader::new("1. 5B5A *\n".as_bytes());
    /// reader.next();
    /// assert_eq!(reader.line(), 1);
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        self.inner.line()
    }

    /// Read and replay the next game, each move played as soon as it is read: a bad move is
    /// reported before the rest of its game is read, and the moves are not kept (memory is
    /// one line and the [`Game`]). `rules` as in [`GameRecord::start_position`]. `None` at the
    /// end of the input.
    ///
    /// # Errors
    ///
    /// [`GameFileError::Read`] for text that is not a game file, [`GameFileError::Replay`]
    /// for a game that does not replay (the errors of [`GameRecord::replay`], which here also
    /// say where the `Setup` or `Rules` tag stands). The next call goes on with the next game.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{GameFileError, GameReader, ReplayError};
    /// let text = "1. 团5B进5A 团5b进5a *\n\n1. 5B4A 5b5a\n";
    /// let mut reader = GameReader::new(text.as_bytes());
    /// assert_eq!(reader.replay_next(None).unwrap()?.moves().len(), 2);
    /// let err = reader.replay_next(None).unwrap().unwrap_err();
    /// assert!(matches!(err, GameFileError::Replay(ReplayError::Move { ply: 1, .. })));
    /// assert!(reader.replay_next(None).is_none());
    /// # Ok::<(), GameFileError>(())
    /// ```
    pub fn replay_next(&mut self, rules: Option<Ruleset>) -> Option<Result<Game, GameFileError>> {
        let mut player = ReplayVisitor::new(rules);
        self.read_with(&mut player).map(|r| match r {
            Ok(Ok(game)) => Ok(game),
            Ok(Err(e)) => Err(GameFileError::Replay(e)),
            Err(e) => Err(GameFileError::Read(e)),
        })
    }

    /// Read the next game into an [`AnnotatedGame`] in one pass: the builder
    /// ([`AnnotatedBuilder`]) is the visitor, so each move, in any line, is resolved as it is
    /// read and no [`GameRecord`] is built on the way. `rules` as in
    /// [`GameRecord::start_position`]. `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// [`GameFileError::Read`] for text that is not a game file, [`GameFileError::Replay`]
    /// for a game that does not replay, with the place of the bad move or tag. The next call
    /// goes on with the next game.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{GameFileError, GameReader};
    /// let text = "[Event \"E\"]\n\n1. 团5B进5A (1. 团5B退5C) 1... 团5b进5a *\n";
    /// let game = GameReader::new(text.as_bytes()).read_annotated(None).unwrap()?;
    /// assert_eq!(game.tag("Event"), Some("E"));
    /// assert_eq!(game.variations(game.main_at(1).unwrap()).len(), 1);
    /// # Ok::<(), GameFileError>(())
    /// ```
    pub fn read_annotated(
        &mut self,
        rules: Option<Ruleset>,
    ) -> Option<Result<AnnotatedGame, GameFileError>> {
        let mut builder = AnnotatedBuilder::new(rules);
        self.read_with(&mut builder).map(|r| match r {
            Ok(Ok(game)) => Ok(game),
            Ok(Err(e)) => Err(GameFileError::Replay(e)),
            Err(e) => Err(GameFileError::Read(e)),
        })
    }

    /// Read the next game through `visitor` (see [`Visitor`] for the calls and how a visitor
    /// stops or skips): what its [`Visitor::end_game`] gives, or what it stopped with;
    /// `None` at the end of the input. The memory is one line and what the visitor keeps.
    ///
    /// # Errors
    ///
    /// [`ReadError`] for text that is not a game file; the next call goes on with the next
    /// game (after an I/O error or an over-long line, it gives `None`).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{CollectRecord, GameReader};
    /// let mut reader = GameReader::new("1. 5B5A *\n\n1. 5B5A 5b5a *\n".as_bytes());
    /// let mut collect = CollectRecord::default();
    /// assert_eq!(reader.read_with(&mut collect).unwrap()?.moves.len(), 1);
    /// assert_eq!(reader.read_with(&mut collect).unwrap()?.moves.len(), 2);
    /// assert!(reader.read_with(&mut collect).is_none());
    /// # Ok::<(), gjjq_notation::ReadError>(())
    /// ```
    pub fn read_with<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, ReadError>> {
        self.inner.read_with(visitor)
    }

    /// The tags of the next game without reading it ([`junqi_gamefile::GameReader::peek_tags`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameReader;
    /// let mut reader = GameReader::new("[Red \"Zhang\"]\n\n*\n".as_bytes());
    /// assert_eq!(reader.peek_tags().unwrap(), [("Red".to_string(), "Zhang".to_string())]);
    /// ```
    pub fn peek_tags(&mut self) -> Option<Vec<(String, String)>> {
        self.inner.peek_tags()
    }

    /// What kind of record the next game is, from its tags, without reading it: a player's
    /// record of a hidden game (a `Player` tag), the referee's record of one
    /// (`[Mode "hidden"]`), or an open game record (anything else). `None` at the end of the
    /// input. The tag lines are read ahead (at most 1,000) and given again to the next read;
    /// a line that does not read ends the look ahead and is reported by the next read.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{GameReader, RecordKind};
    /// let text = "[Mode \"hidden\"]\n[Player \"red\"]\n\n1. 5B5A *\n\n1. 5B5A *\n";
    /// let mut reader = GameReader::new(text.as_bytes());
    /// assert_eq!(reader.peek_kind(), Some(RecordKind::HiddenPlayer));
    /// assert_eq!(reader.next().unwrap()?.tag("Player"), Some("red"));
    /// assert_eq!(reader.peek_kind(), Some(RecordKind::Open));
    /// reader.next();
    /// assert_eq!(reader.peek_kind(), None);
    /// # Ok::<(), gjjq_notation::ReadError>(())
    /// ```
    pub fn peek_kind(&mut self) -> Option<RecordKind> {
        self.peek_tags().map(|tags| RecordKind::of_tags(&tags))
    }
}

impl<R: Read> GameReader<BufReader<R>> {
    /// A reader over any `io::Read` (a file, a socket, standard input), buffered so that it
    /// still reads one line at a time.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameReader;
    /// let bytes: &[u8] = "1. 团5B进5A *\n".as_bytes();
    /// let games: Vec<_> = GameReader::from_read(bytes).collect();
    /// assert_eq!(games.len(), 1);
    /// ```
    pub fn from_read(reader: R) -> GameReader<BufReader<R>> {
        GameReader::new(BufReader::new(reader))
    }
}

/// Each game as a [`GameRecord`] (through [`CollectRecord`]).
impl<R: BufRead> Iterator for GameReader<R> {
    type Item = Result<GameRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_with(&mut CollectRecord::default())
    }
}
