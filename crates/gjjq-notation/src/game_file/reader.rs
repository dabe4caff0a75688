//! A streaming reader of game record files: one bounded line at a time, one game per item.

use std::io::{self, BufRead, BufReader, Read};

use gjjq_core::{Game, Ruleset, Setup, SetupParseError, Side};
use thiserror::Error;

use super::replay::{Player, TagPlaces};
use super::{GameRecord, GameResult, MoveText, RecordedMove, ReplayError, TextPos};
use crate::ascii::AsciiParseError;
use crate::record::{Record, RecordParseError};
use crate::text::{clip, fold_full_width, without_column};

/// The bounds a [`GameReader`] keeps to, whatever the input: memory stays within them and
/// passing one is a typed error with its place.
///
/// With the defaults the reader holds at most one line of 1 MiB (plus its decoded characters,
/// 4 bytes each), and for the one game it is reading at most 1,000,000 moves and 16 MiB of tag
/// and comment text. [`GameReader::replay_next`] does not keep the moves at all: its memory is
/// the line plus the [`Game`] (about 20 bytes a ply).
///
/// # Examples
///
/// ```
/// use gjjq_notation::{GameReader, ReadError, ReadLimits};
/// let limits = ReadLimits { max_moves: 1, ..ReadLimits::default() };
/// let mut reader = GameReader::with_limits("1. 5B5A 5b5a *\n".as_bytes(), limits);
/// let err = reader.next().unwrap().unwrap_err();
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
}

impl Default for ReadLimits {
    fn default() -> ReadLimits {
        ReadLimits {
            max_line_bytes: 1 << 20,
            max_moves: 1_000_000,
            max_text_bytes: 16 << 20,
        }
    }
}

/// A game file that does not read. Every variant but [`ReadError::Io`] says where; an
/// offending token is echoed cut to at most 40 characters.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ReadError {
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
    /// The `Setup` tag is not a position string (R-31).
    #[error("{at}: Setup tag: {error}")]
    BadSetup {
        /// Where the value starts.
        at: TextPos,
        /// Why.
        error: SetupParseError,
    },
    /// The `FirstMover` tag is not `red` or `green` (R-34).
    #[error("{at}: FirstMover tag '{found}' is not red or green")]
    BadFirstMover {
        /// Where the value starts.
        at: TextPos,
        /// The value.
        found: String,
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
        token: GameResult,
    },
    /// A move record does not parse.
    #[error("{at}: {}", without_column(&error.to_string()))]
    Record {
        /// Where the error points.
        at: TextPos,
        /// Why (its column is within the record).
        error: RecordParseError,
    },
    /// An ASCII move does not parse.
    #[error("{at}: {}", without_column(&error.to_string()))]
    Ascii {
        /// Where the error points.
        at: TextPos,
        /// Why (its column is within the move).
        error: AsciiParseError,
    },
    /// A token that starts like an ASCII move (a digit) holds a character that is not ASCII,
    /// e.g. a Cyrillic `В` that looks like `B`.
    #[error(
        "{at}: '{found}' (U+{:04X}) is not ASCII; an ASCII move is two point labels such as 5B5A",
        u32::from(*found)
    )]
    NotAscii {
        /// Where the character stands.
        at: TextPos,
        /// The character.
        found: char,
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
         or at the Setup tag's number, and go up by one after each Green move), found {found}",
        if *green { "..." } else { "." },
        if *green { "Green" } else { "Red" }
    )]
    MoveNumber {
        /// Where.
        at: TextPos,
        /// The number expected here.
        expected: u32,
        /// Whether the next move is Green's (so `...` is expected).
        green: bool,
        /// The token (cut to 40 characters).
        found: String,
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
    /// Text follows the result token on its line.
    #[error("{at}: text after the result token; a result ends the game")]
    AfterResult {
        /// Where.
        at: TextPos,
    },
}

impl ReadError {
    /// Whether the reader stops after this error (the input failed or cannot be read on);
    /// after any other it goes on with the next game.
    fn is_fatal(&self) -> bool {
        matches!(self, ReadError::Io { .. } | ReadError::LineTooLong { .. })
    }
}

/// A game that does not read or does not replay: what [`GameReader::replay_next`] returns.
#[derive(Debug, Error)]
pub enum GameFileError {
    /// The text is not a game file.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The game does not replay: the first bad move, reported before the rest is read.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

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
    reader: R,
    limits: ReadLimits,
    line_no: usize,
    bytes: Vec<u8>,
    pushback: Option<(usize, String)>,
    recovering: bool,
    /// The rest of a game whose sink failed, still to be read past.
    resume: Option<Resume>,
    done: bool,
}

/// What a line did to the game being read.
enum LineEnd {
    /// The game goes on.
    Continue,
    /// The result token ended it.
    Ended,
    /// The line starts the next game: read it again for that one.
    NextGame,
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Phase {
    Start,
    Tags,
    AfterTags,
    Moves,
}

/// Where the moves of the game being read go.
trait Sink {
    /// What stops the game.
    type Error: From<ReadError>;
    /// A move, read after all the tags of `game`.
    fn mv(
        &mut self,
        game: &mut GameRecord,
        places: &TagPlaces,
        m: RecordedMove,
    ) -> Result<(), Self::Error>;
    /// A comment, after the last move given (or before the first).
    fn comment(&mut self, game: &mut GameRecord, text: String);
}

/// Keeps every move and comment in the record.
struct Collect;

impl Sink for Collect {
    type Error = ReadError;

    fn mv(
        &mut self,
        game: &mut GameRecord,
        _: &TagPlaces,
        m: RecordedMove,
    ) -> Result<(), ReadError> {
        game.moves.push(m);
        Ok(())
    }

    fn comment(&mut self, game: &mut GameRecord, text: String) {
        match game.moves.last_mut() {
            Some(m) => m.comments.push(text),
            None => game.comments_before.push(text),
        }
    }
}

/// Plays each move as it is read; keeps neither moves nor comments.
impl Sink for Player {
    type Error = GameFileError;

    fn mv(
        &mut self,
        game: &mut GameRecord,
        places: &TagPlaces,
        m: RecordedMove,
    ) -> Result<(), GameFileError> {
        self.play(game, places, &m)?;
        Ok(())
    }

    fn comment(&mut self, _: &mut GameRecord, _: String) {}
}

/// Reads the rest of a game whose sink failed: counts and checks as [`Collect`] would, so
/// that the next game starts where the reader's own would, and keeps nothing.
struct Discard;

impl Sink for Discard {
    type Error = ReadError;

    fn mv(&mut self, _: &mut GameRecord, _: &TagPlaces, _: RecordedMove) -> Result<(), ReadError> {
        Ok(())
    }

    fn comment(&mut self, _: &mut GameRecord, _: String) {}
}

/// Where a game stood when its sink failed (a move that does not replay): enough to read the
/// rest of it later exactly as a [`Collect`]ing reader would, so that a streaming replay and a
/// reader find the same games, while the error is reported at once.
#[derive(Debug)]
struct Resume {
    /// The tags and their places: the end of the game checks the `Result` tag.
    tags: Vec<(String, String)>,
    places: TagPlaces,
    phase: Phase,
    turn: Side,
    number: u32,
    plies: usize,
    text_bytes: usize,
    comment: Option<(String, TextPos)>,
    result_at: Option<TextPos>,
}

/// The game being read.
struct Builder<'s, S: Sink> {
    sink: &'s mut S,
    limits: ReadLimits,
    game: GameRecord,
    places: TagPlaces,
    /// The line of each tag, in `game.tags` order.
    tag_lines: Vec<usize>,
    phase: Phase,
    turn: Side,
    number: u32,
    plies: usize,
    text_bytes: usize,
    comment: Option<(String, TextPos)>,
    result_at: Option<TextPos>,
    /// The sink's first error: from then on the game is only read to its end, and the
    /// sink is told nothing more.
    failed: Option<S::Error>,
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
            reader,
            limits,
            line_no: 0,
            bytes: Vec::new(),
            pushback: None,
            recovering: false,
            resume: None,
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
        self.line_no
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
        let mut player = Player::new(rules);
        self.next_with(&mut player)
            .map(|r| r.and_then(|(record, places)| Ok(player.finish(&record, &places)?)))
    }

    /// The next game through `sink`: the record (without moves for a sink that keeps none)
    /// and the places of its tags.
    fn next_with<S: Sink>(
        &mut self,
        sink: &mut S,
    ) -> Option<Result<(GameRecord, TagPlaces), S::Error>> {
        if self.done {
            return None;
        }
        if let Some(resume) = self.resume.take() {
            match self.skip_rest(resume) {
                Ok(()) => {}
                // That game was reported already (its sink's error); the reader stops here.
                Err(e) if e.is_fatal() => {
                    self.done = true;
                    return None;
                }
                Err(_) => self.recovering = true,
            }
        }
        if std::mem::take(&mut self.recovering)
            && let Err(e) = self.recover()
        {
            self.done = true;
            return Some(Err(e.into()));
        }
        match self.read_game(sink) {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                match &e {
                    // `read_game` left what follows a sink's error to `resume`.
                    Stop::Sink(_) => {}
                    e if e.is_fatal() => self.done = true,
                    _ => self.recovering = true,
                }
                Some(Err(e.into_sink_error()))
            }
        }
    }

    /// The next line without its line break, decoded; `None` at the end of the input.
    fn next_line(&mut self) -> Result<Option<(usize, String)>, ReadError> {
        if let Some(l) = self.pushback.take() {
            return Ok(Some(l));
        }
        self.bytes.clear();
        let line = self.line_no + 1;
        let io = |source| ReadError::Io { line, source };
        let mut any = false;
        loop {
            let buf = self.reader.fill_buf().map_err(io)?;
            if buf.is_empty() {
                break;
            }
            any = true;
            let (take, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            // The line break and a CR before it are not part of the line's length.
            if self.bytes.len() + take > self.limits.max_line_bytes + 2 {
                self.line_no = line;
                return Err(ReadError::LineTooLong {
                    line,
                    limit: self.limits.max_line_bytes,
                });
            }
            self.bytes.extend_from_slice(&buf[..take]);
            self.reader.consume(take);
            if end {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.line_no = line;
        if self.bytes.last() == Some(&b'\n') {
            self.bytes.pop();
            if self.bytes.last() == Some(&b'\r') {
                self.bytes.pop();
            }
        }
        if self.bytes.len() > self.limits.max_line_bytes {
            return Err(ReadError::LineTooLong {
                line,
                limit: self.limits.max_line_bytes,
            });
        }
        let mut text = match std::str::from_utf8(&self.bytes) {
            Ok(t) => t.to_owned(),
            Err(e) => {
                let valid = std::str::from_utf8(&self.bytes[..e.valid_up_to()]).unwrap_or("");
                return Err(ReadError::Encoding {
                    at: TextPos {
                        line,
                        column: valid.chars().count() + 1,
                    },
                });
            }
        };
        if line == 1 && text.starts_with('\u{feff}') {
            text.remove(0);
        }
        if let Some(i) = text.find('\r') {
            return Err(ReadError::CarriageReturn {
                at: TextPos {
                    line,
                    column: text[..i].chars().count() + 1,
                },
            });
        }
        Ok(Some((line, text)))
    }

    /// Skip lines after an error up to a tag line that follows a blank line.
    fn recover(&mut self) -> Result<(), ReadError> {
        let mut after_blank = false;
        loop {
            let (n, line) = match self.next_line() {
                Ok(Some(l)) => l,
                Ok(None) => return Ok(()),
                // Lines that do not decode are skipped like any other.
                Err(e @ (ReadError::Io { .. } | ReadError::LineTooLong { .. })) => return Err(e),
                Err(_) => {
                    after_blank = false;
                    continue;
                }
            };
            let t = line.trim();
            if t.starts_with('[') && after_blank {
                self.pushback = Some((n, line));
                return Ok(());
            }
            after_blank = t.is_empty();
        }
    }

    fn read_game<S: Sink>(
        &mut self,
        sink: &mut S,
    ) -> Result<Option<(GameRecord, TagPlaces)>, Stop<S::Error>> {
        let mut b = Builder::new(sink, self.limits);
        loop {
            let Some((line_no, line)) = self.next_line().map_err(Stop::Read)? else {
                if b.phase == Phase::Start && b.comment.is_none() {
                    return Ok(None);
                }
                break;
            };
            let end = b.line(line_no, &line);
            if let Some(e) = b.failed.take() {
                // Reported now, before the rest of the game is read; what the rest of this
                // line did decides how the next call goes on.
                let end = match end {
                    Ok(LineEnd::Continue) => {
                        self.resume = Some(b.resume());
                        Ok(())
                    }
                    Ok(LineEnd::Ended) => b.finish().map(|_| ()),
                    Ok(LineEnd::NextGame) => {
                        self.pushback = Some((line_no, line));
                        b.finish().map(|_| ())
                    }
                    Err(e) => Err(e),
                };
                match end {
                    Ok(()) => {}
                    Err(Stop::Read(r)) if r.is_fatal() => self.done = true,
                    Err(_) => self.recovering = true,
                }
                return Err(Stop::Sink(e));
            }
            match end? {
                LineEnd::Continue => {}
                LineEnd::Ended => break,
                LineEnd::NextGame => {
                    self.pushback = Some((line_no, line));
                    break;
                }
            }
        }
        b.finish().map(Some)
    }

    /// Reads past the rest of a game whose sink failed, as a reader keeping it would.
    fn skip_rest(&mut self, resume: Resume) -> Result<(), ReadError> {
        let mut discard = Discard;
        let mut b = Builder::new(&mut discard, self.limits);
        b.game.tags = resume.tags;
        b.places = resume.places;
        b.phase = resume.phase;
        b.turn = resume.turn;
        b.number = resume.number;
        b.plies = resume.plies;
        b.text_bytes = resume.text_bytes;
        b.comment = resume.comment;
        b.result_at = resume.result_at;
        while let Some((line_no, line)) = self.next_line()? {
            match b.line(line_no, &line).map_err(Stop::into_sink_error)? {
                LineEnd::Continue => {}
                LineEnd::Ended => break,
                LineEnd::NextGame => {
                    self.pushback = Some((line_no, line));
                    break;
                }
            }
        }
        // The end's own checks (an open comment, the `Result` tag) decide, as for any game,
        // whether the reader recovers before the next one.
        b.finish().map(|_| ()).map_err(Stop::into_sink_error)
    }
}

/// An error that stops a game: the reader's own, or the sink's.
enum Stop<E> {
    Read(ReadError),
    Sink(E),
}

impl<E: From<ReadError>> Stop<E> {
    fn is_fatal(&self) -> bool {
        matches!(self, Stop::Read(e) if e.is_fatal())
    }

    fn into_sink_error(self) -> E {
        match self {
            Stop::Read(e) => e.into(),
            Stop::Sink(e) => e,
        }
    }
}

impl<E> From<ReadError> for Stop<E> {
    fn from(e: ReadError) -> Stop<E> {
        Stop::Read(e)
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

impl<R: BufRead> Iterator for GameReader<R> {
    type Item = Result<GameRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_with(&mut Collect).map(|r| r.map(|(g, _)| g))
    }
}

impl<'s, S: Sink> Builder<'s, S> {
    fn new(sink: &'s mut S, limits: ReadLimits) -> Builder<'s, S> {
        Builder {
            sink,
            limits,
            game: GameRecord::default(),
            places: TagPlaces::default(),
            tag_lines: Vec::new(),
            phase: Phase::Start,
            turn: Side::Red,
            number: 1,
            plies: 0,
            text_bytes: 0,
            comment: None,
            result_at: None,
            failed: None,
        }
    }

    /// Where the game stands, to read its rest later.
    fn resume(self) -> Resume {
        Resume {
            tags: self.game.tags,
            places: self.places,
            phase: self.phase,
            turn: self.turn,
            number: self.number,
            plies: self.plies,
            text_bytes: self.text_bytes,
            comment: self.comment,
            result_at: self.result_at,
        }
    }

    fn line(&mut self, line_no: usize, line: &str) -> Result<LineEnd, Stop<S::Error>> {
        let chars: Vec<char> = line.chars().collect();
        let at = |i: usize| TextPos {
            line: line_no,
            column: i + 1,
        };
        let mut i = 0;
        if self.comment.is_some() {
            match self.continue_comment(&chars, 0, line_no)? {
                Some(next) => i = next,
                None => return Ok(LineEnd::Continue),
            }
        } else {
            let first = chars.iter().position(|c| !c.is_whitespace());
            match first {
                None => {
                    if self.phase == Phase::Tags {
                        self.phase = Phase::AfterTags;
                    }
                    return Ok(LineEnd::Continue);
                }
                Some(k) if chars[k] == '[' => {
                    if matches!(self.phase, Phase::AfterTags | Phase::Moves) {
                        return Ok(LineEnd::NextGame);
                    }
                    self.tag(&chars, k, &at)?;
                    self.phase = Phase::Tags;
                    return Ok(LineEnd::Continue);
                }
                Some(_) => {}
            }
        }
        self.phase = Phase::Moves;
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() {
                i += 1;
            } else if c == '{' {
                self.comment = Some((String::new(), at(i)));
                match self.continue_comment(&chars, i + 1, line_no)? {
                    Some(next) => i = next,
                    None => return Ok(LineEnd::Continue),
                }
            } else if c == '}' {
                return Err(ReadError::UnexpectedBrace { at: at(i) }.into());
            } else {
                let mut j = i;
                while j < chars.len() && !chars[j].is_whitespace() && !matches!(chars[j], '{' | '}')
                {
                    j += 1;
                }
                let token: String = chars[i..j].iter().collect();
                if let Ok(result) = token.parse::<GameResult>() {
                    self.game.result = result;
                    self.result_at = Some(at(i));
                    if let Some(k) = (j..chars.len()).find(|&k| !chars[k].is_whitespace()) {
                        return Err(ReadError::AfterResult { at: at(k) }.into());
                    }
                    return Ok(LineEnd::Ended);
                }
                self.token(&token, at(i))?;
                i = j;
            }
        }
        Ok(LineEnd::Continue)
    }

    /// Count `n` more bytes of tag or comment text against the limit.
    fn held(&mut self, n: usize, at: TextPos) -> Result<(), ReadError> {
        self.text_bytes += n;
        if self.text_bytes > self.limits.max_text_bytes {
            return Err(ReadError::TooMuchText {
                at,
                limit: self.limits.max_text_bytes,
            });
        }
        Ok(())
    }

    /// Read comment text from `chars[i..]`; the index after the closing brace, or `None` if
    /// the comment goes on to the next line. `\}` and `\\` are escapes; a backslash before any
    /// other character is kept as it stands.
    fn continue_comment(
        &mut self,
        chars: &[char],
        mut i: usize,
        line_no: usize,
    ) -> Result<Option<usize>, ReadError> {
        let start = i;
        let Some((text, _)) = self.comment.as_mut() else {
            return Ok(Some(i));
        };
        let before = text.len();
        let mut end = None;
        while i < chars.len() {
            match chars[i] {
                '\\' if matches!(chars.get(i + 1), Some('}' | '\\')) => {
                    text.push(chars[i + 1]);
                    i += 2;
                }
                '}' => {
                    end = Some(i + 1);
                    break;
                }
                c => {
                    text.push(c);
                    i += 1;
                }
            }
        }
        if end.is_none() {
            text.push('\n');
        }
        let added = text.len() - before;
        self.held(
            added,
            TextPos {
                line: line_no,
                column: start + 1,
            },
        )?;
        if end.is_some()
            && let Some((text, _)) = self.comment.take()
            && self.failed.is_none()
        {
            self.sink.comment(&mut self.game, text);
        }
        Ok(end)
    }

    fn tag(
        &mut self,
        chars: &[char],
        start: usize,
        at: &dyn Fn(usize) -> TextPos,
    ) -> Result<(), ReadError> {
        let skip_ws = |mut i: usize| {
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            i
        };
        let mut i = skip_ws(start + 1);
        let name_start = i;
        while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i == name_start {
            return Err(ReadError::TagName { at: at(i) });
        }
        let name: String = chars[name_start..i].iter().collect();
        i = skip_ws(i);
        if chars.get(i) != Some(&'"') {
            return Err(ReadError::TagValue { at: at(i) });
        }
        let value_at = at(i);
        i += 1;
        let mut value = String::new();
        loop {
            match chars.get(i) {
                None => return Err(ReadError::UnterminatedTagValue { at: value_at }),
                // `\"` and `\\` are escapes; a backslash before anything else is itself, as
                // in comments.
                Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                    value.push(chars[i + 1]);
                    i += 2;
                }
                Some('"') => break,
                Some(&c) => {
                    value.push(c);
                    i += 1;
                }
            }
        }
        i = skip_ws(i + 1);
        if chars.get(i) != Some(&']') || skip_ws(i + 1) != chars.len() {
            let k = if chars.get(i) == Some(&']') {
                skip_ws(i + 1)
            } else {
                i
            };
            return Err(ReadError::TagClose { at: at(k) });
        }
        if let Some(k) = self.game.tags.iter().position(|(n, _)| *n == name) {
            return Err(ReadError::DuplicateTag {
                at: at(start),
                name: clip(&name),
                first_line: self.tag_lines[k],
            });
        }
        self.held(name.len() + value.len(), at(start))?;
        match name.as_str() {
            "Setup" => {
                let setup: Setup = value.parse().map_err(|error| ReadError::BadSetup {
                    at: value_at,
                    error,
                })?;
                self.turn = setup.turn;
                self.number = setup.move_number;
                self.places.setup = Some(value_at);
            }
            "FirstMover" => {
                // R-34: a game from an opening may start with Green's move, numbered 1...
                // A `Setup` tag, which gives the side to move itself, outranks it.
                let side =
                    super::replay::parse_side(&value).ok_or_else(|| ReadError::BadFirstMover {
                        at: value_at,
                        found: value.clone(),
                    })?;
                if self.places.setup.is_none() {
                    self.turn = side;
                    self.number = 1;
                }
            }
            "Rules" => self.places.rules = Some(value_at),
            "Result" => self.places.result = Some(value_at),
            _ => {}
        }
        self.tag_lines.push(value_at.line);
        self.game.tags.push((name, value));
        Ok(())
    }

    fn token(&mut self, token: &str, at: TextPos) -> Result<(), Stop<S::Error>> {
        let digits = token.chars().take_while(char::is_ascii_digit).count();
        let rest = &token[digits..];
        if digits > 0 && rest.starts_with('.') {
            let dots = rest.chars().take_while(|&c| c == '.').count();
            let bad = || ReadError::BadMoveNumber {
                at,
                found: clip(token),
            };
            let n: u32 = token[..digits].parse().map_err(|_| bad())?;
            let green = match dots {
                1 => false,
                3 => true,
                _ => return Err(bad().into()),
            };
            let expect_green = self.turn == Side::Green;
            if n != self.number || green != expect_green {
                return Err(ReadError::MoveNumber {
                    at,
                    expected: self.number,
                    green: expect_green,
                    found: clip(&token[..digits + dots]),
                }
                .into());
            }
            let glued = &rest[dots..];
            if glued.is_empty() {
                return Ok(());
            }
            let column = at.column + digits + dots;
            return self.token(glued, TextPos { column, ..at });
        }
        if self.plies >= self.limits.max_moves {
            return Err(ReadError::TooManyMoves {
                at,
                limit: self.limits.max_moves,
            }
            .into());
        }
        let text = parse_move(token, at)?;
        self.plies += 1;
        let m = RecordedMove {
            text,
            comments: Vec::new(),
            at: Some(at),
        };
        if self.failed.is_none()
            && let Err(e) = self.sink.mv(&mut self.game, &self.places, m)
        {
            self.failed = Some(e);
        }
        if self.turn == Side::Green {
            self.number = self.number.saturating_add(1);
        }
        self.turn = self.turn.other();
        Ok(())
    }

    fn finish(mut self) -> Result<(GameRecord, TagPlaces), Stop<S::Error>> {
        if let Some((_, at)) = self.comment {
            return Err(ReadError::UnterminatedComment { at }.into());
        }
        if let Some(tag_at) = self.places.result {
            let tag = self.game.tag("Result").unwrap_or_default().to_owned();
            let stated: GameResult = tag.parse().map_err(|_| ReadError::BadResultTag {
                at: tag_at,
                found: clip(&tag),
            })?;
            match self.result_at {
                Some(at) if stated != self.game.result => {
                    return Err(ReadError::ResultMismatch {
                        at,
                        tag: clip(&tag),
                        token: self.game.result,
                    }
                    .into());
                }
                Some(_) => {}
                None => self.game.result = stated,
            }
        }
        self.places.result_token = self.result_at;
        Ok((self.game, self.places))
    }
}

/// A move token: the ASCII form when it is ASCII (after folding full-width forms, R-30) or
/// starts with a digit, else a lenient record.
fn parse_move(token: &str, at: TextPos) -> Result<MoveText, ReadError> {
    let folded: String = token.chars().map(fold_full_width).collect();
    if folded.is_ascii() {
        return folded
            .parse()
            .map(MoveText::Ascii)
            .map_err(|error: AsciiParseError| ReadError::Ascii {
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
        return Err(ReadError::NotAscii {
            at: shift(at, Some(k + 1)),
            found,
        });
    }
    // R-40: an enemy move in a player's record of a hidden game, the piece unknown.
    if token.starts_with(crate::HIDDEN_PIECE) {
        return crate::HiddenRecord::parse_lenient(token)
            .map(MoveText::Hidden)
            .map_err(|error| ReadError::Record {
                at: shift(at, error.column()),
                error,
            });
    }
    Record::parse_lenient(token)
        .map(MoveText::Record)
        .map_err(|error| ReadError::Record {
            at: shift(at, error.column()),
            error,
        })
}

/// `at` moved to the error's column within the token (the token start when it has none).
fn shift(at: TextPos, column: Option<usize>) -> TextPos {
    TextPos {
        column: at.column + column.unwrap_or(1) - 1,
        ..at
    }
}
