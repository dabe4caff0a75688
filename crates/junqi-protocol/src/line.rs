//! Text that crosses a line protocol or reaches a terminal: lines read with a bound, and
//! outside text escaped so that it stays on one line.
//!
//! An engine's protocol server reads its commands with [`read_line_bounded`] and escapes every
//! `info string` with [`escape_for_line`]; the arbiter reads an engine's lines with the same
//! bound, and the `gjjq` command uses the two for the files it reads line by line and for its
//! error messages, so there is one spelling of each.

use std::fmt::Write as _;
use std::io::{self, BufRead};

/// `text` made safe to print on one line of a line protocol or a terminal: every control
/// character (C0, DEL, C1) and every invisible character that changes how text is laid out
/// (zero-width characters, line and paragraph separators, bidirectional controls, the
/// byte-order mark) is written as an escape — `\n`, `\r`, `\t`, `\0`, `\x1b` for the ASCII
/// ones, `\u{2028}` for the others. Printable text, backslashes included, is unchanged, so the
/// escaping is for reading, not a reversible encoding.
///
/// Whatever came from outside the program (a file's name or contents, a line an engine or a
/// controller sent) goes through this before it is printed: a file whose name holds a
/// newline cannot forge a protocol line, nor an escape sequence reach a terminal.
///
/// # Examples
///
/// ```
/// use junqi_protocol::line::escape_for_line;
/// assert_eq!(escape_for_line("IvK.gjtb"), "IvK.gjtb");
/// assert_eq!(escape_for_line("a\nbestmove 9A9A"), "a\\nbestmove 9A9A");
/// assert_eq!(escape_for_line("\u{1b}[31m\0"), "\\x1b[31m\\0");
/// assert_eq!(escape_for_line("殘局\u{202e}"), "殘局\\u{202e}");
/// ```
#[must_use]
pub fn escape_for_line(text: &str) -> String {
    if !text.chars().any(needs_escape) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if needs_escape(c) && u32::from(c) < 0x80 => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            c if needs_escape(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// Whether `c` is written as an escape by [`escape_for_line`].
fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            // Zero-width and directional marks, line and paragraph separators, bidirectional
            // embeddings and overrides, word joiner and invisible operators, isolates, the
            // byte-order mark (zero-width no-break space).
            '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// How [`read_line_bounded`] ended a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoundedLine {
    /// A whole line of at most the limit (its line end, `\n` or `\r\n`, not counted).
    Complete,
    /// A longer line: the buffer holds its first `limit` bytes, the rest was read and dropped.
    TooLong,
}

/// Reads one line of `input` into `buf` (cleared first), keeping at most `limit` bytes of it:
/// a longer line is read to its end and dropped as it goes, so no more than `limit + 1` bytes
/// are ever held, whatever the input. The line end (`\n`, and a `\r` before it or at the end
/// of the input) is not kept and not counted: a line of exactly `limit` bytes is
/// [`BoundedLine::Complete`]. `None` at the end of the input.
///
/// A line without an end (`/dev/zero`) is read for ever, in constant memory: a reader that
/// must answer at the limit reads with [`read_line_limited`] and then skips the rest
/// ([`skip_line`]) or stops.
///
/// The bytes are not checked to be UTF-8: the caller decides what a line of other bytes means.
///
/// # Errors
///
/// The input's read errors (an interrupted read is retried).
///
/// # Examples
///
/// ```
/// use junqi_protocol::line::{BoundedLine, read_line_bounded};
/// let mut input = "abcd\r\nabcde\nab".as_bytes();
/// let mut buf = Vec::new();
/// assert_eq!(read_line_bounded(&mut input, &mut buf, 4)?, Some(BoundedLine::Complete));
/// assert_eq!(buf, b"abcd");
/// assert_eq!(read_line_bounded(&mut input, &mut buf, 4)?, Some(BoundedLine::TooLong));
/// assert_eq!(buf, b"abcd");
/// assert_eq!(read_line_bounded(&mut input, &mut buf, 4)?, Some(BoundedLine::Complete));
/// assert_eq!(buf, b"ab");
/// assert_eq!(read_line_bounded(&mut input, &mut buf, 4)?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_line_bounded<R: BufRead + ?Sized>(
    input: &mut R,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<Option<BoundedLine>> {
    let read = read_line_limited(input, buf, limit)?;
    if read == Some(BoundedLine::TooLong) {
        skip_line(input)?;
    }
    Ok(read)
}

/// Reads one line of `input` into `buf` (cleared first) as [`read_line_bounded`] does, but
/// stops at the limit: a line longer than `limit` bytes is [`BoundedLine::TooLong`] as soon
/// as that is known, its first `limit` bytes in `buf` and the rest of it left in `input`
/// (at most `limit + 2` bytes of it read), so that an input that never ends its line (a
/// device such as `/dev/zero`, a hostile peer) is refused at its limit (issue 50, item 10).
/// The caller skips the rest ([`skip_line`]) or stops reading.
///
/// # Errors
///
/// The input's read errors (an interrupted read is retried).
///
/// # Examples
///
/// ```
/// use std::io::{BufReader, Read};
/// use junqi_protocol::line::{BoundedLine, read_line_limited};
/// // An endless line of zeros is refused at its limit.
/// let mut zeros = BufReader::new(std::io::repeat(0));
/// let mut buf = Vec::new();
/// assert_eq!(read_line_limited(&mut zeros, &mut buf, 8)?, Some(BoundedLine::TooLong));
/// assert_eq!(buf, [0; 8]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_line_limited<R: BufRead + ?Sized>(
    input: &mut R,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<Option<BoundedLine>> {
    buf.clear();
    // One byte more than the limit: room for the `\r` of a `\r\n` after a line of `limit`.
    let keep = limit.saturating_add(1);
    let mut read_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !read_any {
                return Ok(None);
            }
            break;
        }
        read_any = true;
        let room = keep - buf.len();
        // One byte past the room: a line end there still ends a line that fits.
        let window = &chunk[..chunk.len().min(room.saturating_add(1))];
        if let Some(i) = window.iter().position(|&b| b == b'\n') {
            let total = buf.len() + i;
            let last = if i > 0 {
                window[i - 1]
            } else {
                buf.last().copied().unwrap_or(0)
            };
            buf.extend_from_slice(&window[..i]);
            if total <= limit || (total == keep && last == b'\r') {
                input.consume(i + 1);
                break;
            }
            // Too long by its `\r`-less last byte: the line end is left for the caller.
            input.consume(i);
            buf.truncate(limit);
            return Ok(Some(BoundedLine::TooLong));
        }
        if room == 0 {
            // `keep` bytes and no line end after them: longer than the limit.
            buf.truncate(limit);
            return Ok(Some(BoundedLine::TooLong));
        }
        let take = window.len().min(room);
        buf.extend_from_slice(&window[..take]);
        input.consume(take);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if buf.len() > limit {
        buf.truncate(limit);
        return Ok(Some(BoundedLine::TooLong));
    }
    Ok(Some(BoundedLine::Complete))
}

/// Reads and drops the rest of a line of `input`, its line end included, in constant memory;
/// the bytes dropped.
///
/// # Errors
///
/// The input's read errors (an interrupted read is retried).
pub fn skip_line<R: BufRead + ?Sized>(input: &mut R) -> io::Result<u64> {
    input.skip_until(b'\n').map(|n| n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_character_is_escaped_and_printable_text_is_kept() {
        for b in (0u8..0x20).chain([0x7f]) {
            let s = escape_for_line(&char::from(b).to_string());
            assert!(
                s.starts_with('\\') && s.bytes().all(|c| (0x20..0x7f).contains(&c)),
                "{b}: {s}"
            );
        }
        assert_eq!(escape_for_line("\u{85}\u{9b}"), "\\u{85}\\u{9b}");
        assert_eq!(
            escape_for_line("\u{200b}\u{2029}\u{feff}"),
            "\\u{200b}\\u{2029}\\u{feff}"
        );
        let kept = "KvK IIvK 国际军棋 \\ C:\\tables ~!";
        assert_eq!(escape_for_line(kept), kept);
        let forged = "x\nbestmove 9A9A\nreadyok";
        assert_eq!(escape_for_line(forged).lines().count(), 1);
    }

    /// A reader of endless bytes without a newline (as `/dev/zero`), and how much it gave.
    struct Endless(u64);

    impl io::Read for Endless {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            out.fill(b'0');
            self.0 += out.len() as u64;
            Ok(out.len())
        }
    }

    #[test]
    fn an_endless_line_never_holds_more_than_the_limit() {
        // 64 MiB of one line through an 8 KiB buffer: the line buffer stays at the limit.
        let mut input = io::BufReader::new(io::Read::take(Endless(0), 64 << 20));
        let mut buf = Vec::new();
        let r = read_line_bounded(&mut input, &mut buf, 1000).unwrap();
        assert_eq!(r, Some(BoundedLine::TooLong));
        assert_eq!(buf.len(), 1000);
        assert!(buf.capacity() <= 64 * 1024, "{}", buf.capacity());
        assert_eq!(read_line_bounded(&mut input, &mut buf, 1000).unwrap(), None);
    }

    #[test]
    fn the_limit_is_the_line_without_its_end() {
        let limit = 65_536;
        for (line, end, want) in [
            (limit, "\n", BoundedLine::Complete),
            (limit, "\r\n", BoundedLine::Complete),
            (limit, "", BoundedLine::Complete),
            (limit + 1, "\n", BoundedLine::TooLong),
            (limit + 1, "\r\n", BoundedLine::TooLong),
            (limit + 1, "", BoundedLine::TooLong),
        ] {
            let text = if end.is_empty() {
                "a".repeat(line)
            } else {
                format!("{}{end}next\n", "a".repeat(line))
            };
            // A small buffer, so that lines arrive in many chunks.
            let mut input = io::BufReader::with_capacity(7, text.as_bytes());
            let mut buf = Vec::new();
            let r = read_line_bounded(&mut input, &mut buf, limit).unwrap();
            assert_eq!(r, Some(want), "{line} {end:?}");
            assert_eq!(buf.len(), limit.min(line));
            if !end.is_empty() {
                read_line_bounded(&mut input, &mut buf, limit).unwrap();
                assert_eq!(buf, b"next");
            }
        }
    }

    /// Issue 50, item 10: a line that never ends is refused at its limit, not read for ever.
    #[test]
    fn an_endless_line_is_refused_at_its_limit() {
        let mut input = io::BufReader::with_capacity(8192, Endless(0));
        let mut buf = Vec::new();
        let r = read_line_limited(&mut input, &mut buf, 65_536).unwrap();
        assert_eq!(r, Some(BoundedLine::TooLong));
        assert_eq!(buf.len(), 65_536);
        // What was read: the limit and at most one buffer more.
        assert!(input.get_ref().0 <= 65_536 + 8192, "{}", input.get_ref().0);
    }

    /// Stopping at the limit and skipping the rest reads the lines `read_line_bounded` reads.
    #[test]
    fn a_limited_read_and_a_skip_find_the_next_line() {
        for text in [
            "abcde\nnext\n",
            "abcd\r\nnext\n",
            "abcde\r\nnext\n",
            "abcd\rx\nnext\n",
        ] {
            for cap in [1, 2, 3, 7, 64] {
                let mut input = io::BufReader::with_capacity(cap, text.as_bytes());
                let mut buf = Vec::new();
                let r = read_line_limited(&mut input, &mut buf, 4).unwrap().unwrap();
                if r == BoundedLine::TooLong {
                    skip_line(&mut input).unwrap();
                }
                assert_eq!(buf, b"abcd", "{text:?} {cap}");
                assert_eq!(r == BoundedLine::Complete, text.starts_with("abcd\r\n"));
                read_line_limited(&mut input, &mut buf, 4).unwrap();
                assert_eq!(buf, b"next", "{text:?} {cap}");
            }
        }
    }
}
