//! The game file of `gjjq match --pgn FILE` (issue 50, items 1 and 2): what FILE held is never
//! lost, and it only ever holds whole games.
//!
//! - A regular file (or a path where nothing is yet) is written beside it first
//!   ([`Beside`]: `.NAME.partial-PID` in the same directory), and that file is renamed over
//!   FILE once the first game is in it: a match that cannot start, or whose first game cannot
//!   be written, leaves FILE as it was (and removes the file beside it). Later games are
//!   appended to the renamed file.
//! - Each game is written whole and flushed; a write that fails part-way (a full disk, a size
//!   limit) is cut back to the end of the last whole game, so the file never ends in a cut-off
//!   game.
//! - Anything else (`/dev/full`, a pipe, a terminal, any name under `/dev/` or `/proc/`, such
//!   as `/dev/stdout` sent to a file) is opened and written as it is; only a regular file can
//!   be cut back.

use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};

use crate::beside::Beside;
use crate::common::CliError;

/// Where games are written: a [`Write`] that can be cut back to a length it had, and that is
/// put in place (over the file it replaces) once it holds a whole game.
pub(crate) trait Sink: Write {
    /// Cut what was written back to its first `len` bytes and write on from there; `false`
    /// when this sink cannot be cut (a pipe, a device).
    ///
    /// # Errors
    ///
    /// The system's, when the cut fails.
    fn cut(&mut self, len: u64) -> io::Result<bool>;

    /// Replace the target with what was written (nothing to do for most sinks).
    ///
    /// # Errors
    ///
    /// The system's.
    fn put_in_place(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Sink for Beside {
    fn cut(&mut self, len: u64) -> io::Result<bool> {
        let file: &mut File = self.file();
        if !file.metadata()?.is_file() {
            return Ok(false);
        }
        file.set_len(len)?;
        file.seek(SeekFrom::Start(len))?;
        Ok(true)
    }

    fn put_in_place(&mut self) -> io::Result<()> {
        Beside::put_in_place(self)
    }
}

/// The game file: whole games appended to `out`.
pub(crate) struct GameFile<S: Sink = Beside> {
    out: S,
    /// The bytes of the whole games written.
    whole: u64,
}

impl GameFile<Beside> {
    /// The game file for `--pgn path`, checked before the match: a regular file is made beside
    /// the target and must take a test write (a full disk refuses it here, not after the
    /// match); anything else is opened as it is and found out at the first game.
    ///
    /// # Errors
    ///
    /// The path's, with the path.
    pub(crate) fn create(path: &str) -> Result<GameFile<Beside>, CliError> {
        let mut out = Beside::create(path, "--pgn")?;
        if out.is_beside() {
            let file = out.file();
            file.write_all(b"\n")
                .and_then(|()| file.set_len(0))
                .and_then(|()| file.seek(SeekFrom::Start(0)).map(drop))
                .map_err(|e| CliError(format!("--pgn {path}: {e}")))?;
        }
        Ok(GameFile { out, whole: 0 })
    }
}

impl<S: Sink> GameFile<S> {
    /// Append one whole game (`text`, its blank line included) and flush it. On the first
    /// game the file beside the target replaces it.
    ///
    /// # Errors
    ///
    /// The write's, after cutting the file back to the end of the last whole game (a sink
    /// that cannot be cut keeps what it took).
    pub(crate) fn write_game(&mut self, text: &[u8]) -> io::Result<()> {
        if let Err(e) = self.out.write_all(text).and_then(|()| self.out.flush()) {
            if let Err(cut) = self.out.cut(self.whole) {
                return Err(io::Error::new(
                    e.kind(),
                    format!("{e}; cutting the file back to its last whole game failed too: {cut}"),
                ));
            }
            return Err(e);
        }
        self.out.put_in_place()?;
        self.whole += text.len() as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    /// A sink of bytes in memory that takes `room` bytes and then fails as a full disk does.
    struct Full {
        bytes: Vec<u8>,
        room: usize,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let n = buf.len().min(self.room - self.bytes.len());
            if n == 0 && !buf.is_empty() {
                return Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"));
            }
            self.bytes.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Sink for Full {
        fn cut(&mut self, len: u64) -> io::Result<bool> {
            self.bytes.truncate(len as usize);
            Ok(true)
        }
    }

    /// Item 2: a game the sink refuses part-way is cut off whole: the bytes end at the last
    /// whole game.
    #[test]
    fn a_game_cut_off_by_a_full_disk_is_removed() {
        let mut file = GameFile {
            out: Full {
                bytes: Vec::new(),
                room: 25,
            },
            whole: 0,
        };
        file.write_game(b"game one\n\n").unwrap();
        let e = file.write_game(b"game two, longer\n\n").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
        assert_eq!(file.out.bytes, b"game one\n\n");
        // What fits later is appended after the last whole game.
        file.write_game(b"game 3\n\n").unwrap();
        assert_eq!(file.out.bytes, b"game one\n\ngame 3\n\n");
    }

    /// Item 1: the target keeps what it held until the first game is written, and a file
    /// that never gets one leaves nothing beside it.
    #[test]
    fn the_target_is_replaced_at_the_first_game_only() {
        let dir = std::env::temp_dir().join(format!("gjjq-game-file-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("games.txt");
        fs::write(&target, "what was there\n").unwrap();
        let path = target.to_str().unwrap();
        drop(GameFile::create(path).unwrap());
        assert_eq!(fs::read_to_string(&target).unwrap(), "what was there\n");
        let mut file = GameFile::create(path).unwrap();
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2, "the file beside it");
        assert_eq!(fs::read_to_string(&target).unwrap(), "what was there\n");
        file.write_game(b"one\n\n").unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "one\n\n");
        file.write_game(b"two\n\n").unwrap();
        drop(file);
        assert_eq!(fs::read_to_string(&target).unwrap(), "one\n\ntwo\n\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }
}
