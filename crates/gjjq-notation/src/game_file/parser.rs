//! The syntax of one game, a line at a time: tags, move numbers, moves, comments, glyphs,
//! variations and the result, told to a [`Visitor`] as they are read.

use std::ops::ControlFlow;

use gjjq_core::{Setup, Side};

use super::{GameResult, Glyph, MoveText, ReadError, ReadLimits, Skip, TextPos, Visitor};
use crate::ascii::AsciiParseError;
use crate::record::Record;
use crate::text::{clip, fold_full_width};

/// The visitor being told, and what stopped it.
pub(crate) struct Out<'v, V: Visitor> {
    pub visitor: &'v mut V,
    /// Set when a call returned `Break`: nothing more is told.
    pub stopped: Option<V::Output>,
}

/// What a line did to the game being read.
pub(crate) enum LineEnd {
    /// The game goes on.
    Continue,
    /// The result token ended it.
    Ended,
    /// The line starts the next game: read it again for that one.
    NextGame,
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub(crate) enum Phase {
    Start,
    Tags,
    AfterTags,
    Moves,
}

/// Where a line of moves stands: the side and number of the next move, and of the last move
/// (whose alternatives a variation gives).
#[derive(Debug, Clone, Copy)]
struct LineState {
    turn: Side,
    number: u32,
    last: Option<(Side, u32)>,
    /// Where this line's `(` stands (the main line: nowhere).
    opened_at: TextPos,
}

/// The state of the game being read, without its visitor: a game whose visitor stopped is
/// read on to its end with this state alone.
#[derive(Debug)]
pub(crate) struct GameParser {
    limits: ReadLimits,
    pub(crate) phase: Phase,
    /// Each tag's name and line, for duplicates.
    tag_names: Vec<(String, usize)>,
    /// The `Result` tag's value and place.
    result_tag: Option<(String, TextPos)>,
    setup_seen: bool,
    /// The line being read.
    line: LineState,
    /// The lines that enclose it, the main line first.
    stack: Vec<LineState>,
    plies: usize,
    text_bytes: usize,
    pub(crate) comment: Option<(String, TextPos)>,
    result: GameResult,
    result_at: Option<TextPos>,
    tags_ended: bool,
    skip_game: bool,
    /// The depth of a skipped variation: nothing inside it is told.
    skip_depth: Option<usize>,
}

impl GameParser {
    pub(crate) fn new(limits: ReadLimits) -> GameParser {
        GameParser {
            limits,
            phase: Phase::Start,
            tag_names: Vec::new(),
            result_tag: None,
            setup_seen: false,
            line: LineState {
                turn: Side::Red,
                number: 1,
                last: None,
                opened_at: TextPos { line: 0, column: 0 },
            },
            stack: Vec::new(),
            plies: 0,
            text_bytes: 0,
            comment: None,
            result: GameResult::Unknown,
            result_at: None,
            tags_ended: false,
            skip_game: false,
            skip_depth: None,
        }
    }

    /// Tell `out`'s visitor, unless it stopped or this part is skipped.
    fn emit<V: Visitor>(
        &self,
        out: &mut Out<'_, V>,
        f: impl FnOnce(&mut V) -> ControlFlow<V::Output>,
    ) {
        if out.stopped.is_some() || self.skip_game || self.skip_depth.is_some() {
            return;
        }
        if let ControlFlow::Break(o) = f(out.visitor) {
            out.stopped = Some(o);
        }
    }

    /// Tell the end of the tags once.
    fn end_tags<V: Visitor>(&mut self, out: &mut Out<'_, V>) {
        if std::mem::replace(&mut self.tags_ended, true) || out.stopped.is_some() {
            return;
        }
        match out.visitor.end_tags() {
            ControlFlow::Continue(Skip(skip)) => self.skip_game = skip,
            ControlFlow::Break(o) => out.stopped = Some(o),
        }
    }

    pub(crate) fn line<V: Visitor>(
        &mut self,
        out: &mut Out<'_, V>,
        line_no: usize,
        line: &str,
    ) -> Result<LineEnd, ReadError> {
        let chars: Vec<char> = line.chars().collect();
        let at = |i: usize| TextPos {
            line: line_no,
            column: i + 1,
        };
        let mut i = 0;
        if self.comment.is_some() {
            match self.continue_comment(out, &chars, 0, line_no)? {
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
                    self.tag(out, &chars, k, &at)?;
                    self.phase = Phase::Tags;
                    return Ok(LineEnd::Continue);
                }
                Some(_) => {}
            }
        }
        self.phase = Phase::Moves;
        self.end_tags(out);
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() {
                i += 1;
            } else if c == '{' {
                self.comment = Some((String::new(), at(i)));
                match self.continue_comment(out, &chars, i + 1, line_no)? {
                    Some(next) => i = next,
                    None => return Ok(LineEnd::Continue),
                }
            } else if c == '}' {
                return Err(ReadError::UnexpectedBrace { at: at(i) });
            } else if c == '(' {
                self.open_variation(out, at(i))?;
                i += 1;
            } else if c == ')' {
                self.close_variation(out, at(i))?;
                i += 1;
            } else {
                // A token ends at a space, a brace or a `)` it did not open itself: a
                // lenient record may hold a Green file as `(7)`.
                let mut j = i;
                let mut open = 0usize;
                while j < chars.len() {
                    match chars[j] {
                        d if d.is_whitespace() || d == '{' || d == '}' => break,
                        '(' => open += 1,
                        ')' if open == 0 => break,
                        ')' => open -= 1,
                        _ => {}
                    }
                    j += 1;
                }
                let token: String = chars[i..j].iter().collect();
                if let Ok(result) = token.parse::<GameResult>() {
                    if !self.stack.is_empty() {
                        return Err(ReadError::UnclosedVariation {
                            at: self.line.opened_at,
                        });
                    }
                    self.result = result;
                    self.result_at = Some(at(i));
                    if let Some(k) = (j..chars.len()).find(|&k| !chars[k].is_whitespace()) {
                        return Err(ReadError::AfterResult { at: at(k) });
                    }
                    return Ok(LineEnd::Ended);
                }
                if token.starts_with(['!', '?', '$']) {
                    self.glyph(out, &token, at(i))?;
                } else {
                    self.token(out, &token, at(i))?;
                }
                i = j;
            }
        }
        Ok(LineEnd::Continue)
    }

    fn open_variation<V: Visitor>(
        &mut self,
        out: &mut Out<'_, V>,
        at: TextPos,
    ) -> Result<(), ReadError> {
        let Some((turn, number)) = self.line.last else {
            return Err(ReadError::VariationWithoutMove { at });
        };
        if self.stack.len() >= self.limits.max_depth {
            return Err(ReadError::TooDeep {
                at,
                limit: self.limits.max_depth,
            });
        }
        let enclosing = std::mem::replace(
            &mut self.line,
            LineState {
                turn,
                number,
                last: None,
                opened_at: at,
            },
        );
        self.stack.push(enclosing);
        if out.stopped.is_some() || self.skip_game || self.skip_depth.is_some() {
            return Ok(());
        }
        match out.visitor.begin_variation(at) {
            ControlFlow::Continue(Skip(true)) => self.skip_depth = Some(self.stack.len()),
            ControlFlow::Continue(Skip(false)) => {}
            ControlFlow::Break(o) => out.stopped = Some(o),
        }
        Ok(())
    }

    fn close_variation<V: Visitor>(
        &mut self,
        out: &mut Out<'_, V>,
        at: TextPos,
    ) -> Result<(), ReadError> {
        let depth = self.stack.len();
        let Some(enclosing) = self.stack.pop() else {
            return Err(ReadError::UnexpectedParen { at });
        };
        self.line = enclosing;
        if self.skip_depth == Some(depth) {
            self.skip_depth = None;
        } else {
            self.emit(out, |v| v.end_variation(at));
        }
        Ok(())
    }

    fn glyph<V: Visitor>(
        &mut self,
        out: &mut Out<'_, V>,
        token: &str,
        at: TextPos,
    ) -> Result<(), ReadError> {
        let glyph: Glyph = token.parse().map_err(|_| ReadError::BadGlyph {
            at,
            found: clip(token),
        })?;
        if self.line.last.is_none() {
            return Err(ReadError::GlyphWithoutMove { at });
        }
        self.emit(out, |v| v.glyph(glyph, at));
        Ok(())
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
    fn continue_comment<V: Visitor>(
        &mut self,
        out: &mut Out<'_, V>,
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
            && let Some((text, at)) = self.comment.take()
        {
            self.emit(out, |v| v.comment(&text, at));
        }
        Ok(end)
    }

    fn tag<V: Visitor>(
        &mut self,
        out: &mut Out<'_, V>,
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
        if let Some((_, first_line)) = self.tag_names.iter().find(|(n, _)| *n == name) {
            return Err(ReadError::DuplicateTag {
                at: at(start),
                name: clip(&name),
                first_line: *first_line,
            });
        }
        self.held(name.len() + value.len(), at(start))?;
        match name.as_str() {
            "Setup" => {
                let setup: Setup = value.parse().map_err(|error| ReadError::BadSetup {
                    at: value_at,
                    error,
                })?;
                self.line.turn = setup.turn;
                self.line.number = setup.move_number;
                self.setup_seen = true;
            }
            "FirstMover" => {
                // a game from an opening may start with Green's move, numbered 1...
                // A `Setup` tag, which gives the side to move itself, outranks it.
                let side = super::parse_side(&value).ok_or_else(|| ReadError::BadFirstMover {
                    at: value_at,
                    found: value.clone(),
                })?;
                if !self.setup_seen {
                    self.line.turn = side;
                    self.line.number = 1;
                }
            }
            "Result" => self.result_tag = Some((value.clone(), value_at)),
            _ => {}
        }
        self.emit(out, |v| v.tag(&name, &value, value_at));
        self.tag_names.push((name, value_at.line));
        Ok(())
    }

    fn token<V: Visitor>(
        &mut self,
        out: &mut Out<'_, V>,
        token: &str,
        at: TextPos,
    ) -> Result<(), ReadError> {
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
                _ => return Err(bad()),
            };
            let expect_green = self.line.turn == Side::Green;
            if n != self.line.number || green != expect_green {
                return Err(ReadError::MoveNumber {
                    at,
                    expected: self.line.number,
                    green: expect_green,
                    found: clip(&token[..digits + dots]),
                });
            }
            let glued = &rest[dots..];
            if glued.is_empty() {
                return Ok(());
            }
            let column = at.column + digits + dots;
            let at = TextPos { column, ..at };
            return if glued.starts_with(['!', '?', '$']) {
                self.glyph(out, glued, at)
            } else {
                self.token(out, glued, at)
            };
        }
        if self.plies >= self.limits.max_moves {
            return Err(ReadError::TooManyMoves {
                at,
                limit: self.limits.max_moves,
            });
        }
        // A glyph may be glued to its move: `团5B进5A!?`.
        let suffix = token
            .chars()
            .rev()
            .take_while(|c| matches!(c, '!' | '?'))
            .count();
        let (move_text, glyph) = token.split_at(token.len() - suffix);
        let text = parse_move(move_text, at)?;
        let glyph = if glyph.is_empty() {
            None
        } else {
            let glyph_at = TextPos {
                column: at.column + move_text.chars().count(),
                ..at
            };
            let g: Glyph = glyph.parse().map_err(|_| ReadError::BadGlyph {
                at: glyph_at,
                found: clip(glyph),
            })?;
            Some((g, glyph_at))
        };
        self.plies += 1;
        self.emit(out, |v| v.mv(text, at));
        if let Some((g, glyph_at)) = glyph {
            self.emit(out, |v| v.glyph(g, glyph_at));
        }
        let line = &mut self.line;
        line.last = Some((line.turn, line.number));
        if line.turn == Side::Green {
            line.number = line.number.saturating_add(1);
        }
        line.turn = line.turn.other();
        Ok(())
    }

    /// The end of the game: its own checks (an open comment or variation, the `Result`
    /// tag), then the result told.
    pub(crate) fn finish<V: Visitor>(&mut self, out: &mut Out<'_, V>) -> Result<(), ReadError> {
        if let Some((_, at)) = self.comment {
            return Err(ReadError::UnterminatedComment { at });
        }
        if !self.stack.is_empty() {
            return Err(ReadError::UnclosedVariation {
                at: self.line.opened_at,
            });
        }
        if let Some((tag, tag_at)) = &self.result_tag {
            let stated: GameResult = tag.parse().map_err(|_| ReadError::BadResultTag {
                at: *tag_at,
                found: clip(tag),
            })?;
            match self.result_at {
                Some(at) if stated != self.result => {
                    return Err(ReadError::ResultMismatch {
                        at,
                        tag: clip(tag),
                        token: self.result,
                    });
                }
                Some(_) => {}
                None => self.result = stated,
            }
        }
        self.end_tags(out);
        let (result, at) = (self.result, self.result_at);
        self.emit(out, |v| v.result(result, at));
        Ok(())
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
    // an enemy move in a player's record of a hidden game, the piece unknown.
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
