//! The reader: games one at a time from a `BufRead`, each told to a [`Visitor`].

use std::io::{BufRead, BufReader, Read};

use gjjq_core::{Game, Ruleset};

use super::collect::{CollectRecord, Discard};
use super::lines::Lines;
use super::parser::{GameParser, LineEnd, Out, Phase};
use super::replay::ReplayVisitor;
use super::{GameFileError, GameRecord, ReadError, ReadLimits, RecordKind, Visitor};

/// Reads game records from a game file one game at a time, holding one line in memory
/// (within [`ReadLimits`]).
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
    lines: Lines<R>,
    limits: ReadLimits,
    recovering: bool,
    /// The rest of a game whose visitor stopped, still to be read past.
    resume: Option<GameParser>,
    /// An error found while looking ahead ([`GameReader::peek_kind`]), told by the next read.
    pending: Option<ReadError>,
    done: bool,
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
            lines: Lines::new(reader, &limits),
            limits,
            recovering: false,
            resume: None,
            pending: None,
            done: false,
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
        &self.limits
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
        self.lines.last_given()
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
        if let Some(e) = self.settle() {
            return Some(Err(e));
        }
        if self.done {
            return None;
        }
        match self.read_game(visitor) {
            Ok(Some(o)) => Some(Ok(o)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                if e.is_fatal() {
                    self.done = true;
                } else {
                    self.recovering = true;
                }
                Some(Err(e))
            }
        }
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
        if let Some(e) = self.settle() {
            self.pending = Some(e);
        }
        if self.done {
            return None;
        }
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut any = false;
        for k in 0..1000 {
            let line = match self.lines.peek(k) {
                None => break,
                Some(None) => {
                    any = true;
                    break;
                }
                Some(Some(line)) => line,
            };
            let t = line.trim();
            if t.is_empty() {
                if tags.is_empty() {
                    continue;
                }
                break;
            }
            any = true;
            let Some(tag) = t.strip_prefix('[') else {
                break;
            };
            let tag = tag.trim_start();
            let name_end = tag
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(tag.len());
            let (name, rest) = tag.split_at(name_end);
            let value = rest
                .trim_start()
                .strip_prefix('"')
                .and_then(|v| v.split('"').next())
                .unwrap_or_default();
            tags.push((name.to_owned(), value.to_owned()));
        }
        (any || self.pending.is_some()).then(|| RecordKind::of_tags(&tags))
    }

    /// Go on after the last game: past the rest of a game whose visitor stopped, then to the
    /// next game after an error. The error that stops the reader, if any.
    fn settle(&mut self) -> Option<ReadError> {
        if let Some(e) = self.pending.take() {
            return Some(e);
        }
        if self.done {
            return None;
        }
        if let Some(parser) = self.resume.take() {
            match self.skip_rest(parser) {
                Ok(()) => {}
                // That game was reported already (its visitor's stop); the reader stops here.
                Err(e) if e.is_fatal() => {
                    self.done = true;
                    return None;
                }
                Err(_) => self.recovering = true,
            }
        }
        if std::mem::take(&mut self.recovering)
            && let Err(e) = self.lines.recover()
        {
            self.done = true;
            return Some(e);
        }
        None
    }

    fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> Result<Option<V::Output>, ReadError> {
        visitor.begin_game();
        let mut p = GameParser::new(self.limits);
        let mut out = Out {
            visitor,
            stopped: None,
        };
        loop {
            let Some((line_no, line)) = self.lines.next_line()? else {
                if p.phase == Phase::Start && p.comment.is_none() {
                    return Ok(None);
                }
                break;
            };
            let end = p.line(&mut out, line_no, &line);
            if let Some(o) = out.stopped.take() {
                // Told now, before the rest of the game is read; what the rest of this line
                // did decides how the next call goes on.
                let mut discard = Out {
                    visitor: &mut Discard,
                    stopped: Some(()),
                };
                let end = match end {
                    Ok(LineEnd::Continue) => {
                        self.resume = Some(p);
                        Ok(())
                    }
                    Ok(LineEnd::Ended) => p.finish(&mut discard),
                    Ok(LineEnd::NextGame) => {
                        self.lines.push_back((line_no, line));
                        p.finish(&mut discard)
                    }
                    Err(e) => Err(e),
                };
                match end {
                    Ok(()) => {}
                    Err(r) if r.is_fatal() => self.done = true,
                    Err(_) => self.recovering = true,
                }
                return Ok(Some(o));
            }
            match end? {
                LineEnd::Continue => {}
                LineEnd::Ended => break,
                LineEnd::NextGame => {
                    self.lines.push_back((line_no, line));
                    break;
                }
            }
        }
        p.finish(&mut out)?;
        Ok(Some(match out.stopped.take() {
            Some(o) => o,
            None => out.visitor.end_game(),
        }))
    }

    /// Reads past the rest of a game whose visitor stopped, as a reader telling it would.
    fn skip_rest(&mut self, mut p: GameParser) -> Result<(), ReadError> {
        let mut out = Out {
            visitor: &mut Discard,
            stopped: Some(()),
        };
        while let Some((line_no, line)) = self.lines.next_line()? {
            match p.line(&mut out, line_no, &line)? {
                LineEnd::Continue => {}
                LineEnd::Ended => break,
                LineEnd::NextGame => {
                    self.lines.push_back((line_no, line));
                    break;
                }
            }
        }
        // The end's own checks (an open comment, the `Result` tag) decide, as for any game,
        // whether the reader recovers before the next one.
        p.finish(&mut out)
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
