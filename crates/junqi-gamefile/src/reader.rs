//! The reader: games one at a time from a `BufRead`, each told to a [`Visitor`].

use std::io::{BufRead, BufReader, Read};

use crate::error::widen;
use crate::lines::Lines;
use crate::parser::{GameParser, LineEnd, Out, Phase};
use crate::{Dialect, Discard, Plain, ReadError, ReadLimits, Visitor};

/// Reads a game file one game at a time, holding one line in memory (within [`ReadLimits`]),
/// and tells each game to a [`Visitor`]; the game's [`Dialect`] (by default [`Plain`], the
/// grammar alone) says which tokens are moves and which tags set the move numbers.
///
/// After a game that fails to read, the next read gives the next game (the reader skips to a
/// tag line that follows a blank line); after an I/O error or an over-long line it ends.
///
/// # Examples
///
/// ```
/// use junqi_gamefile::{Discard, GameReader};
/// let text = "[Event \"A\"]\n\n1. 团5B进5A 1-0\n\n[Event \"B\"]\n\n1. 5B5A *\n";
/// let mut reader = GameReader::new(text.as_bytes());
/// let mut games = 0;
/// while let Some(game) = reader.read_with(&mut Discard) {
///     game?;
///     games += 1;
/// }
/// assert_eq!(games, 2);
/// # Ok::<(), junqi_gamefile::ReadError>(())
/// ```
#[derive(Debug)]
pub struct GameReader<R, D: Dialect = Plain> {
    lines: Lines<R>,
    dialect: D,
    limits: ReadLimits,
    recovering: bool,
    /// The rest of a game whose visitor stopped, still to be read past.
    resume: Option<GameParser>,
    /// An error found while looking ahead ([`GameReader::peek_tags`]), told by the next read.
    pending: Option<ReadError>,
    done: bool,
}

impl<R: BufRead> GameReader<R> {
    /// A reader over `reader` with the default [`ReadLimits`].
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::{Discard, GameReader};
    /// use std::io::BufReader;
    /// let mut reader = GameReader::new(BufReader::new("1. 5B5A *".as_bytes()));
    /// assert!(reader.read_with(&mut Discard).unwrap().is_ok());
    /// assert!(reader.read_with(&mut Discard).is_none());
    /// ```
    pub fn new(reader: R) -> GameReader<R> {
        GameReader::with_limits(reader, ReadLimits::default())
    }

    /// A reader over `reader` that keeps to `limits`.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::{Discard, GameReader, ReadError, ReadLimits};
    /// // `/dev/zero` would be one endless line: it stops at the limit.
    /// let zeros = std::io::repeat(0).take(1 << 20);
    /// let limits = ReadLimits { max_line_bytes: 4096, ..ReadLimits::default() };
    /// let mut reader = GameReader::with_limits(std::io::BufReader::new(zeros), limits);
    /// let err = reader.read_with(&mut Discard).unwrap().unwrap_err();
    /// assert!(matches!(err, ReadError::LineTooLong { line: 1, limit: 4096 }));
    /// assert!(reader.read_with(&mut Discard).is_none());
    /// # use std::io::Read;
    /// ```
    pub fn with_limits(reader: R, limits: ReadLimits) -> GameReader<R> {
        GameReader::with_dialect(reader, Plain, limits)
    }
}

impl<R: BufRead, D: Dialect> GameReader<R, D> {
    /// A reader over `reader` of the files of `dialect`'s game, keeping to `limits`.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::{GameReader, Plain, ReadLimits};
    /// let reader = GameReader::with_dialect("*\n".as_bytes(), Plain, ReadLimits::default());
    /// assert_eq!(reader.dialect(), &Plain);
    /// ```
    pub fn with_dialect(reader: R, dialect: D, limits: ReadLimits) -> GameReader<R, D> {
        GameReader {
            lines: Lines::new(reader, &limits),
            dialect,
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
    /// use junqi_gamefile::{GameReader, ReadLimits};
    /// assert_eq!(*GameReader::new(&b""[..]).limits(), ReadLimits::default());
    /// ```
    #[must_use]
    pub fn limits(&self) -> &ReadLimits {
        &self.limits
    }

    /// The game's dialect this reader reads with.
    #[must_use]
    pub fn dialect(&self) -> &D {
        &self.dialect
    }

    /// The number of the last line read (1-based; 0 before the first).
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::{Discard, GameReader};
    /// let mut reader = GameReader::new("1. 5B5A *\n".as_bytes());
    /// reader.read_with(&mut Discard);
    /// assert_eq!(reader.line(), 1);
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        self.lines.last_given()
    }

    /// Read the next game through `visitor` (see [`Visitor`] for the calls and how a visitor
    /// stops or skips): what its [`Visitor::end_game`] gives, or what it stopped with;
    /// `None` at the end of the input. The memory is one line and what the visitor keeps.
    ///
    /// # Errors
    ///
    /// [`ReadError`] for text that is not a game file (or that the dialect refuses); the next
    /// call goes on with the next game (after an I/O error or an over-long line, it gives
    /// `None`).
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::{Discard, GameReader};
    /// let mut reader = GameReader::new("1. 5B5A *\n\n1. 5B5A 5b5a *\n".as_bytes());
    /// assert!(reader.read_with(&mut Discard).unwrap().is_ok());
    /// assert!(reader.read_with(&mut Discard).unwrap().is_ok());
    /// assert!(reader.read_with(&mut Discard).is_none());
    /// ```
    pub fn read_with<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, ReadError<D::Error>>> {
        if let Some(e) = self.settle() {
            return Some(Err(widen(e)));
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

    /// The tags of the next game, in file order (values unescaped), without reading it:
    /// `None` at the end of the input. The tag lines are read ahead (at most 1,000) and given
    /// again to the next read, which checks them; a line that does not read ends the look
    /// ahead and is reported by the next read.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::{Discard, GameReader};
    /// let text = "[Mode \"hidden\"]\n[Note \"a \\\"b\\\"\"]\n\n1. 5B5A *\n\n1. 5B5A *\n";
    /// let mut reader = GameReader::new(text.as_bytes());
    /// let tags = reader.peek_tags().unwrap();
    /// assert_eq!(tags[1], ("Note".to_string(), "a \"b\"".to_string()));
    /// assert!(reader.read_with(&mut Discard).unwrap().is_ok());
    /// assert_eq!(reader.peek_tags(), Some(vec![]));
    /// reader.read_with(&mut Discard);
    /// assert_eq!(reader.peek_tags(), None);
    /// ```
    pub fn peek_tags(&mut self) -> Option<Vec<(String, String)>> {
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
            tags.push((name.to_owned(), peek_value(rest)));
        }
        (any || self.pending.is_some()).then_some(tags)
    }

    /// The game the next game's tags name ([`crate::game_of`]: its `Game` tag, else
    /// `gjjq`), without reading it; `None` at the end of the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_gamefile::GameReader;
    /// let mut reader = GameReader::new("[Game \"luzhanqi\"]\n\n*\n".as_bytes());
    /// assert_eq!(reader.peek_game().as_deref(), Some("luzhanqi"));
    /// let mut reader = GameReader::new("1. 5B5A *\n".as_bytes());
    /// assert_eq!(reader.peek_game().as_deref(), Some("gjjq"));
    /// ```
    pub fn peek_game(&mut self) -> Option<String> {
        self.peek_tags()
            .map(|tags| crate::game_of(&tags).to_owned())
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

    fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Result<Option<V::Output>, ReadError<D::Error>> {
        visitor.begin_game();
        let mut p = GameParser::new(self.limits);
        let mut out = Out {
            visitor,
            stopped: None,
        };
        loop {
            let Some((line_no, line)) = self.lines.next_line().map_err(widen)? else {
                if p.phase == Phase::Start && p.comment.is_none() {
                    return Ok(None);
                }
                break;
            };
            let end = p.line(&mut out, &self.dialect, line_no, &line);
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
    fn skip_rest(&mut self, mut p: GameParser) -> Result<(), ReadError<D::Error>> {
        let mut out = Out {
            visitor: &mut Discard,
            stopped: Some(()),
        };
        while let Some((line_no, line)) = self.lines.next_line().map_err(widen)? {
            match p.line(&mut out, &self.dialect, line_no, &line)? {
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
    /// use junqi_gamefile::{Discard, GameReader};
    /// let bytes: &[u8] = "1. 团5B进5A *\n".as_bytes();
    /// assert!(GameReader::from_read(bytes).read_with(&mut Discard).unwrap().is_ok());
    /// ```
    pub fn from_read(reader: R) -> GameReader<BufReader<R>> {
        GameReader::new(BufReader::new(reader))
    }
}

/// A tag value as the look ahead reads it: from the opening quote to the closing one, escapes
/// (`\"`, `\\`) resolved; empty when there is no quote.
fn peek_value(rest: &str) -> String {
    let Some(v) = rest.trim_start().strip_prefix('"') else {
        return String::new();
    };
    let mut value = String::new();
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.clone().next() {
                Some(e @ ('"' | '\\')) => {
                    value.push(e);
                    chars.next();
                }
                _ => value.push(c),
            },
            '"' => break,
            c => value.push(c),
        }
    }
    value
}
