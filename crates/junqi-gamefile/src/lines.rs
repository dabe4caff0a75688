//! The lines of a game file: one bounded, decoded line at a time, with lines put back for a
//! look ahead.

use std::collections::VecDeque;
use std::io::BufRead;

use crate::{ReadError, ReadLimits, TextPos};

/// A line read: its number and its text without the line break, `None` at the end.
pub(crate) type LineItem = Result<Option<(usize, String)>, ReadError>;

/// Reads a `BufRead` one line at a time within [`ReadLimits::max_line_bytes`].
#[derive(Debug)]
pub(crate) struct Lines<R> {
    reader: R,
    max_line_bytes: usize,
    /// The number of the last line read from `reader`.
    line_no: usize,
    bytes: Vec<u8>,
    /// Lines read ahead, given again before the reader's, each with the number of the last
    /// line read when it was read.
    pushback: VecDeque<(usize, LineItem)>,
    /// The number of the last line given out.
    given: usize,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(reader: R, limits: &ReadLimits) -> Lines<R> {
        Lines {
            reader,
            max_line_bytes: limits.max_line_bytes,
            line_no: 0,
            bytes: Vec::new(),
            pushback: VecDeque::new(),
            given: 0,
        }
    }

    /// The number of the last line given out, or read past by an error (1-based; 0 before
    /// the first). A line put back stays counted.
    pub(crate) fn last_given(&self) -> usize {
        self.given
    }

    /// Give `line` again before any other.
    pub(crate) fn push_back(&mut self, line: (usize, String)) {
        self.pushback.push_front((line.0, Ok(Some(line))));
    }

    /// The next line without its line break, decoded; `None` at the end of the input.
    pub(crate) fn next_line(&mut self) -> LineItem {
        let (n, item) = match self.pushback.pop_front() {
            Some(item) => item,
            None => {
                let item = self.read_line();
                (self.line_no, item)
            }
        };
        self.given = self.given.max(n);
        item
    }

    /// Read ahead: the `k`-th line from here (from 0), kept to be given again by
    /// [`Lines::next_line`]; `None` past the end, `Some(None)` for a line that does not read
    /// (nothing is read past it).
    pub(crate) fn peek(&mut self, k: usize) -> Option<Option<&str>> {
        while self.pushback.len() <= k {
            match self.pushback.back() {
                Some((_, Ok(None))) => return None,
                Some((_, Err(_))) => return Some(None),
                _ => {}
            }
            let item = self.read_line();
            self.pushback.push_back((self.line_no, item));
        }
        match &self.pushback[k].1 {
            Ok(Some((_, line))) => Some(Some(line)),
            Ok(None) => None,
            Err(_) => Some(None),
        }
    }

    fn read_line(&mut self) -> LineItem {
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
            if self.bytes.len() + take > self.max_line_bytes + 2 {
                self.line_no = line;
                return Err(ReadError::LineTooLong {
                    line,
                    limit: self.max_line_bytes,
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
        if self.bytes.len() > self.max_line_bytes {
            return Err(ReadError::LineTooLong {
                line,
                limit: self.max_line_bytes,
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
    pub(crate) fn recover(&mut self) -> Result<(), ReadError> {
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
                self.push_back((n, line));
                return Ok(());
            }
            after_blank = t.is_empty();
        }
    }
}
