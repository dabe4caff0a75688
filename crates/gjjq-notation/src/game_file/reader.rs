//! A streaming reader of game record files: one line at a time, one game per item.

use std::io::{self, BufRead, BufReader, Read};

use gjjq_core::{Setup, SetupParseError, Side};
use thiserror::Error;

use super::{GameRecord, GameResult, MoveText, RecordedMove, TextPos};
use crate::ascii::AsciiParseError;
use crate::record::{Record, RecordParseError};

/// A game file that does not read. Every variant but [`ReadError::Io`] says where.
#[derive(Debug, Error)]
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
    /// A line is not UTF-8.
    #[error("line {line}: not valid UTF-8")]
    Encoding {
        /// The line.
        line: usize,
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
    /// A backslash in a tag value escapes something other than `"` or `\`.
    #[error("{at}: '\\{found}' is not an escape; only \\\" and \\\\ are")]
    BadEscape {
        /// Where the backslash stands.
        at: TextPos,
        /// The escaped character.
        found: char,
    },
    /// A tag is not closed by `]`, or text follows it.
    #[error("{at}: expected ']' and the end of the line after the tag value")]
    TagClose {
        /// Where.
        at: TextPos,
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
        /// The value.
        found: String,
    },
    /// The `Result` tag disagrees with the result token of the movetext.
    #[error("{at}: the result token {token} disagrees with the Result tag \"{tag}\"")]
    ResultMismatch {
        /// Where the token stands.
        at: TextPos,
        /// The tag's value.
        tag: String,
        /// The token.
        token: GameResult,
    },
    /// A move record does not parse.
    #[error("{at}: {error}")]
    Record {
        /// Where the error points.
        at: TextPos,
        /// Why.
        error: RecordParseError,
    },
    /// An ASCII move does not parse.
    #[error("{at}: {error}")]
    Ascii {
        /// Where the error points.
        at: TextPos,
        /// Why.
        error: AsciiParseError,
    },
    /// A move number is malformed: digits then `.` (before Red's move) or `...` (Green's).
    #[error("{at}: '{found}' is not a move number (e.g. 12. or 12...)")]
    BadMoveNumber {
        /// Where.
        at: TextPos,
        /// The token.
        found: String,
    },
    /// A move number disagrees with the count of moves (or with the side to move).
    #[error("{at}: expected move number {expected}{}, found {found}", if *green { "..." } else { "." })]
    MoveNumber {
        /// Where.
        at: TextPos,
        /// The number expected here.
        expected: u32,
        /// Whether the next move is Green's (so `...` is expected).
        green: bool,
        /// The token.
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

/// Reads game records from a game file one game at a time, holding one line in memory.
///
/// It is an iterator of `Result<GameRecord, ReadError>`; stop whenever you like. After an
/// error it skips to the next tag section that follows a blank line and goes on.
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
    line_no: usize,
    bytes: Vec<u8>,
    pushback: Option<(usize, String)>,
    recovering: bool,
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

#[derive(PartialEq, Eq, Clone, Copy)]
enum Phase {
    Start,
    Tags,
    AfterTags,
    Moves,
}

/// The game being read.
struct Builder {
    game: GameRecord,
    phase: Phase,
    turn: Side,
    number: u32,
    comment: Option<(String, TextPos)>,
    result_at: Option<TextPos>,
    result_tag_at: Option<TextPos>,
    /// Whether a `Setup` tag gave the side to move (it outranks `FirstMover`).
    setup_seen: bool,
}

impl<R: BufRead> GameReader<R> {
    /// A reader over `reader`.
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
        GameReader {
            reader,
            line_no: 0,
            bytes: Vec::new(),
            pushback: None,
            recovering: false,
            done: false,
        }
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

    fn next_line(&mut self) -> Result<Option<(usize, String)>, ReadError> {
        if let Some(l) = self.pushback.take() {
            return Ok(Some(l));
        }
        self.bytes.clear();
        let n = self
            .reader
            .read_until(b'\n', &mut self.bytes)
            .map_err(|source| ReadError::Io {
                line: self.line_no + 1,
                source,
            })?;
        if n == 0 {
            return Ok(None);
        }
        self.line_no += 1;
        while matches!(self.bytes.last(), Some(b'\n' | b'\r')) {
            self.bytes.pop();
        }
        let mut text = std::str::from_utf8(&self.bytes)
            .map_err(|_| ReadError::Encoding { line: self.line_no })?
            .to_owned();
        if self.line_no == 1 && text.starts_with('\u{feff}') {
            text.remove(0);
        }
        Ok(Some((self.line_no, text)))
    }

    /// Skip lines after an error up to a tag line that follows a blank line.
    fn recover(&mut self) -> Result<(), ReadError> {
        let mut after_blank = false;
        while let Some((n, line)) = self.next_line()? {
            let t = line.trim();
            if t.starts_with('[') && after_blank {
                self.pushback = Some((n, line));
                break;
            }
            after_blank = t.is_empty();
        }
        Ok(())
    }

    fn read_game(&mut self) -> Result<Option<GameRecord>, ReadError> {
        let mut b = Builder {
            game: GameRecord::default(),
            phase: Phase::Start,
            turn: Side::Red,
            number: 1,
            comment: None,
            result_at: None,
            result_tag_at: None,
            setup_seen: false,
        };
        loop {
            let Some((line_no, line)) = self.next_line()? else {
                if b.phase == Phase::Start && b.comment.is_none() {
                    return Ok(None);
                }
                break;
            };
            match b.line(line_no, &line)? {
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
        if self.done {
            return None;
        }
        if std::mem::take(&mut self.recovering)
            && let Err(e) = self.recover()
        {
            self.done = true;
            return Some(Err(e));
        }
        match self.read_game() {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                if matches!(e, ReadError::Io { .. }) {
                    self.done = true;
                } else {
                    self.recovering = true;
                }
                Some(Err(e))
            }
        }
    }
}

impl Builder {
    fn line(&mut self, line_no: usize, line: &str) -> Result<LineEnd, ReadError> {
        let chars: Vec<char> = line.chars().collect();
        let at = |i: usize| TextPos {
            line: line_no,
            column: i + 1,
        };
        let mut i = 0;
        if self.comment.is_some() {
            match self.continue_comment(&chars, 0) {
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
                match self.continue_comment(&chars, i + 1) {
                    Some(next) => i = next,
                    None => return Ok(LineEnd::Continue),
                }
            } else if c == '}' {
                return Err(ReadError::UnexpectedBrace { at: at(i) });
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
                        return Err(ReadError::AfterResult { at: at(k) });
                    }
                    return Ok(LineEnd::Ended);
                }
                self.token(&token, at(i))?;
                i = j;
            }
        }
        Ok(LineEnd::Continue)
    }

    /// Read comment text from `chars[i..]`; the index after the closing brace, or `None` if
    /// the comment goes on to the next line.
    fn continue_comment(&mut self, chars: &[char], mut i: usize) -> Option<usize> {
        let (text, _) = self.comment.as_mut()?;
        while i < chars.len() {
            match chars[i] {
                '\\' if i + 1 < chars.len() => {
                    text.push(chars[i + 1]);
                    i += 2;
                }
                '}' => {
                    let (text, _) = self.comment.take()?;
                    match self.game.moves.last_mut() {
                        Some(m) => m.comments.push(text),
                        None => self.game.comments_before.push(text),
                    }
                    return Some(i + 1);
                }
                c => {
                    text.push(c);
                    i += 1;
                }
            }
        }
        text.push('\n');
        None
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
                Some('\\') => match chars.get(i + 1) {
                    Some(&c @ ('"' | '\\')) => {
                        value.push(c);
                        i += 2;
                    }
                    Some(&found) => return Err(ReadError::BadEscape { at: at(i), found }),
                    None => return Err(ReadError::UnterminatedTagValue { at: value_at }),
                },
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
        match name.as_str() {
            "Setup" => {
                let setup: Setup = value.parse().map_err(|error| ReadError::BadSetup {
                    at: value_at,
                    error,
                })?;
                self.turn = setup.turn;
                self.number = setup.move_number;
                self.setup_seen = true;
            }
            "FirstMover" => {
                // R-34: a game from an opening may start with Green's move, numbered 1...
                let side =
                    super::replay::parse_side(&value).ok_or_else(|| ReadError::BadFirstMover {
                        at: value_at,
                        found: value.clone(),
                    })?;
                if !self.setup_seen {
                    self.turn = side;
                    self.number = 1;
                }
            }
            "Result" => self.result_tag_at = Some(value_at),
            _ => {}
        }
        self.game.tags.push((name, value));
        Ok(())
    }

    fn token(&mut self, token: &str, at: TextPos) -> Result<(), ReadError> {
        let digits = token.chars().take_while(char::is_ascii_digit).count();
        let rest = &token[digits..];
        if digits > 0 && rest.starts_with('.') {
            let dots = rest.chars().take_while(|&c| c == '.').count();
            let bad = || ReadError::BadMoveNumber {
                at,
                found: token.to_owned(),
            };
            let n: u32 = token[..digits].parse().map_err(|_| bad())?;
            let green = match dots {
                1 => false,
                3 => true,
                _ => return Err(bad()),
            };
            let expect_green = self.turn == Side::Green;
            if n != self.number || green != expect_green {
                return Err(ReadError::MoveNumber {
                    at,
                    expected: self.number,
                    green: expect_green,
                    found: token[..digits + dots].to_owned(),
                });
            }
            let glued = &rest[dots..];
            if glued.is_empty() {
                return Ok(());
            }
            let column = at.column + digits + dots;
            return self.token(glued, TextPos { column, ..at });
        }
        let text =
            if token.is_ascii() {
                MoveText::Ascii(token.parse().map_err(|error: AsciiParseError| {
                    ReadError::Ascii {
                        at: shift(at, error.column()),
                        error,
                    }
                })?)
            } else if token.starts_with(crate::HIDDEN_PIECE) {
                MoveText::Hidden(crate::HiddenRecord::parse_lenient(token).map_err(|error| {
                    ReadError::Record {
                        at: shift(at, error.column()),
                        error,
                    }
                })?)
            } else {
                MoveText::Record(Record::parse_lenient(token).map_err(|error| {
                    ReadError::Record {
                        at: shift(at, error.column()),
                        error,
                    }
                })?)
            };
        self.game.moves.push(RecordedMove {
            text,
            comments: Vec::new(),
            at: Some(at),
        });
        if self.turn == Side::Green {
            self.number = self.number.saturating_add(1);
        }
        self.turn = self.turn.other();
        Ok(())
    }

    fn finish(mut self) -> Result<GameRecord, ReadError> {
        if let Some((_, at)) = self.comment {
            return Err(ReadError::UnterminatedComment { at });
        }
        if let Some(tag_at) = self.result_tag_at {
            let tag = self.game.tag("Result").unwrap_or_default().to_owned();
            let stated: GameResult = tag.parse().map_err(|_| ReadError::BadResultTag {
                at: tag_at,
                found: tag.clone(),
            })?;
            match self.result_at {
                Some(at) if stated != self.game.result => {
                    return Err(ReadError::ResultMismatch {
                        at,
                        tag,
                        token: self.game.result,
                    });
                }
                Some(_) => {}
                None => self.game.result = stated,
            }
        }
        Ok(self.game)
    }
}

/// `at` moved to the error's column within the token (the token start when it has none).
fn shift(at: TextPos, column: Option<usize>) -> TextPos {
    TextPos {
        column: at.column + column.unwrap_or(1) - 1,
        ..at
    }
}
