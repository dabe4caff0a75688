//! The syntax of one game, a line at a time: tags, move numbers, moves, comments, glyphs,
//! variations and the result, told to a [`Visitor`] as they are read.

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::text::clip40 as clip;
use crate::{
    Dialect, Glyph, Numbering, ReadError, ReadLimits, ResultToken, Skip, TextPos, Visitor,
};

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

/// Where a line of moves stands: the side (whether the second) and number of the next move,
/// and of the last move (whose alternatives a variation gives).
#[derive(Debug, Clone, Copy)]
struct LineState {
    second: bool,
    number: u32,
    last: Option<(bool, u32)>,
    /// Where this line's `(` stands (the main line: nowhere).
    opened_at: TextPos,
}

/// The state of the game being read, without its visitor: a game whose visitor stopped is
/// read on to its end with this state alone.
#[derive(Debug)]
pub(crate) struct GameParser {
    limits: ReadLimits,
    pub(crate) phase: Phase,
    /// Each tag's name and line, for duplicates (hashed: a game may have many tags).
    tag_names: HashMap<String, usize>,
    /// The `Result` tag's value and place.
    result_tag: Option<(String, TextPos)>,
    /// Where the move numbers start, as the dialect read the tags.
    numbering: Numbering,
    /// The line being read.
    line: LineState,
    /// The lines that enclose it, the main line first.
    stack: Vec<LineState>,
    plies: usize,
    text_bytes: usize,
    /// Comments, glyphs, variations and tags so far.
    notes: usize,
    pub(crate) comment: Option<(String, TextPos)>,
    result: ResultToken,
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
            tag_names: HashMap::new(),
            result_tag: None,
            numbering: Numbering::default(),
            line: LineState {
                second: false,
                number: 1,
                last: None,
                opened_at: TextPos { line: 0, column: 0 },
            },
            stack: Vec::new(),
            plies: 0,
            text_bytes: 0,
            notes: 0,
            comment: None,
            result: ResultToken::Unknown,
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

    pub(crate) fn line<V: Visitor, D: Dialect>(
        &mut self,
        out: &mut Out<'_, V>,
        dialect: &D,
        line_no: usize,
        line: &str,
    ) -> Result<LineEnd, ReadError<D::Error>> {
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
                    self.tag(out, dialect, &chars, k, &at)?;
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
                if let Ok(result) = token.parse::<ResultToken>() {
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
                    self.token(out, dialect, &token, at(i))?;
                }
                i = j;
            }
        }
        Ok(LineEnd::Continue)
    }

    fn open_variation<V: Visitor, E>(
        &mut self,
        out: &mut Out<'_, V>,
        at: TextPos,
    ) -> Result<(), ReadError<E>> {
        let Some((second, number)) = self.line.last else {
            return Err(ReadError::VariationWithoutMove { at });
        };
        if self.stack.len() >= self.limits.max_depth {
            return Err(ReadError::TooDeep {
                at,
                limit: self.limits.max_depth,
            });
        }
        self.note(at)?;
        let enclosing = std::mem::replace(
            &mut self.line,
            LineState {
                second,
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

    fn close_variation<V: Visitor, E>(
        &mut self,
        out: &mut Out<'_, V>,
        at: TextPos,
    ) -> Result<(), ReadError<E>> {
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

    fn glyph<V: Visitor, E>(
        &mut self,
        out: &mut Out<'_, V>,
        token: &str,
        at: TextPos,
    ) -> Result<(), ReadError<E>> {
        let glyph: Glyph = token.parse().map_err(|_| ReadError::BadGlyph {
            at,
            found: clip(token),
        })?;
        if self.line.last.is_none() {
            return Err(ReadError::GlyphWithoutMove { at });
        }
        self.note(at)?;
        self.emit(out, |v| v.glyph(glyph, at));
        Ok(())
    }

    /// Count one more comment, glyph, variation or tag against the limit.
    fn note<E>(&mut self, at: TextPos) -> Result<(), ReadError<E>> {
        self.notes += 1;
        if self.notes > self.limits.max_notes {
            return Err(ReadError::TooManyNotes {
                at,
                limit: self.limits.max_notes,
            });
        }
        Ok(())
    }

    /// Count `n` more bytes of tag or comment text against the limit.
    fn held<E>(&mut self, n: usize, at: TextPos) -> Result<(), ReadError<E>> {
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
    fn continue_comment<V: Visitor, E>(
        &mut self,
        out: &mut Out<'_, V>,
        chars: &[char],
        mut i: usize,
        line_no: usize,
    ) -> Result<Option<usize>, ReadError<E>> {
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
            self.note(at)?;
            self.emit(out, |v| v.comment(&text, at));
        }
        Ok(end)
    }

    fn tag<V: Visitor, D: Dialect>(
        &mut self,
        out: &mut Out<'_, V>,
        dialect: &D,
        chars: &[char],
        start: usize,
        at: &dyn Fn(usize) -> TextPos,
    ) -> Result<(), ReadError<D::Error>> {
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
        if let Some(&first_line) = self.tag_names.get(&name) {
            return Err(ReadError::DuplicateTag {
                at: at(start),
                name: clip(&name),
                first_line,
            });
        }
        self.held(name.len() + value.len(), at(start))?;
        self.note(at(start))?;
        dialect
            .tag(
                crate::Tag {
                    name: &name,
                    value: &value,
                    at: value_at,
                },
                &mut self.numbering,
            )
            .map_err(ReadError::Game)?;
        self.line.second = self.numbering.second;
        self.line.number = self.numbering.number;
        if name == "Result" {
            self.result_tag = Some((value.clone(), value_at));
        }
        self.emit(out, |v| v.tag(&name, &value, value_at));
        self.tag_names.insert(name, value_at.line);
        Ok(())
    }

    fn token<V: Visitor, D: Dialect>(
        &mut self,
        out: &mut Out<'_, V>,
        dialect: &D,
        token: &str,
        at: TextPos,
    ) -> Result<(), ReadError<D::Error>> {
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
            let expect_second = self.line.second;
            if n != self.line.number || green != expect_second {
                return Err(ReadError::MoveNumber {
                    at,
                    expected: self.line.number,
                    second: expect_second,
                    found: clip(&token[..digits + dots]),
                    sides: dialect.side_names(),
                    position_tag: dialect.position_tag(),
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
                self.token(out, dialect, glued, at)
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
        dialect.check_move(move_text, at).map_err(ReadError::Game)?;
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
        if let Some((_, glyph_at)) = glyph {
            self.note(glyph_at)?;
        }
        self.emit(out, |v| v.mv(move_text, at));
        if let Some((g, glyph_at)) = glyph {
            self.emit(out, |v| v.glyph(g, glyph_at));
        }
        let line = &mut self.line;
        line.last = Some((line.second, line.number));
        if line.second {
            line.number = line.number.saturating_add(1);
        }
        line.second = !line.second;
        Ok(())
    }

    /// The end of the game: its own checks (an open comment or variation, the `Result`
    /// tag), then the result told.
    pub(crate) fn finish<V: Visitor, E>(
        &mut self,
        out: &mut Out<'_, V>,
    ) -> Result<(), ReadError<E>> {
        if let Some((_, at)) = self.comment {
            return Err(ReadError::UnterminatedComment { at });
        }
        if !self.stack.is_empty() {
            return Err(ReadError::UnclosedVariation {
                at: self.line.opened_at,
            });
        }
        if let Some((tag, tag_at)) = &self.result_tag {
            let stated: ResultToken = tag.parse().map_err(|_| ReadError::BadResultTag {
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
