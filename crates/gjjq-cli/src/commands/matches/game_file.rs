//! The game file of `gjjq match --pgn FILE` (issue 50, items 1 and 2): what FILE held is never
//! lost, and it only ever holds whole games.
//!
//! - A regular file (or a path where nothing is yet) is written beside it first, as
//!   `.NAME.partial-PID` in the same directory, and that file is renamed over FILE once the
//!   first game is in it: a match that cannot start, or whose first game cannot be written,
//!   leaves FILE as it was (and removes the file beside it). Later games are appended to the
//!   renamed file.
//! - Each game is written whole and flushed; a write that fails part-way (a full disk, a size
//!   limit) is cut back to the end of the last whole game, so the file never ends in a cut-off
//!   game.
//! - Anything else (`/dev/full`, a pipe, a terminal, any name under `/dev/` or `/proc/`, such
//!   as `/dev/stdout` sent to a file) is opened and written as it is; only a regular file can
//!   be cut back.

use std::fs::{self, File};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::common::CliError;

/// Where games are written: a [`Write`] that can be cut back to a length it had.
pub(crate) trait Sink: Write {
    /// Cut what was written back to its first `len` bytes and write on from there; `false`
    /// when this sink cannot be cut (a pipe, a device).
    ///
    /// # Errors
    ///
    /// The system's, when the cut fails.
    fn cut(&mut self, len: u64) -> io::Result<bool>;
}

impl Sink for File {
    fn cut(&mut self, len: u64) -> io::Result<bool> {
        if !self.metadata()?.is_file() {
            return Ok(false);
        }
        self.set_len(len)?;
        self.seek(SeekFrom::Start(len))?;
        Ok(true)
    }
}

/// The game file: whole games appended to `out`.
pub(crate) struct GameFile<S: Sink = File> {
    out: S,
    /// The bytes of the whole games written.
    whole: u64,
    /// The file beside the target and the target, until the first game is written and the
    /// one is renamed over the other.
    pending: Option<(PathBuf, PathBuf)>,
}

impl GameFile<File> {
    /// The game file for `--pgn path`, checked before the match: a regular file is made beside
    /// the target and must take a test write (a full disk refuses it here, not after the
    /// match); anything else is opened as it is and found out at the first game.
    ///
    /// # Errors
    ///
    /// The path's, with the path.
    pub(crate) fn create(path: &str) -> Result<GameFile<File>, CliError> {
        let fail = |e: io::Error| CliError(format!("--pgn {path}: {e}"));
        // A symbolic link is followed: the file it names is the one replaced.
        let target = fs::canonicalize(path).unwrap_or_else(|_| PathBuf::from(path));
        let existing = fs::metadata(&target).ok();
        // A device's name (`/dev/stdout`, `/proc/self/fd/1`) names an open file, which may be
        // a regular one (standard output sent to a file): it is written as it is, never
        // replaced by a file beside it.
        let device = ["/dev/", "/proc/"].iter().any(|d| path.starts_with(d));
        if device || existing.as_ref().is_some_and(|m| !m.is_file()) {
            let out = File::create(&target).map_err(fail)?;
            return Ok(GameFile {
                out,
                whole: 0,
                pending: None,
            });
        }
        let beside = beside(&target).map_err(fail)?;
        let out = File::create(&beside).map_err(|e| {
            CliError(format!(
                "--pgn {path}: cannot create {} beside it: {e}",
                beside.display()
            ))
        })?;
        // From here on the file beside is removed again by `file`'s drop on any error.
        let mut file = GameFile {
            out,
            whole: 0,
            pending: Some((beside.clone(), target)),
        };
        if let Some(m) = existing {
            fs::set_permissions(&beside, m.permissions()).map_err(fail)?;
        }
        let out = &mut file.out;
        out.write_all(b"\n")
            .and_then(|()| out.set_len(0))
            .and_then(|()| out.seek(SeekFrom::Start(0)).map(drop))
            .map_err(fail)?;
        Ok(file)
    }
}

/// The name of the file written beside `target` until its first game: `.NAME.partial-PID` in
/// the same directory (a rename within one directory replaces the target at once).
fn beside(target: &Path) -> io::Result<PathBuf> {
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not the name of a file"))?;
    let mut beside_name = std::ffi::OsString::from(".");
    beside_name.push(name);
    beside_name.push(format!(".partial-{}", std::process::id()));
    Ok(target.with_file_name(beside_name))
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
        if let Some((beside, target)) = &self.pending {
            fs::rename(beside, target)?;
            self.pending = None;
        }
        self.whole += text.len() as u64;
        Ok(())
    }
}

impl<S: Sink> Drop for GameFile<S> {
    /// A file beside the target that never got its first game is removed: the target keeps
    /// what it held.
    fn drop(&mut self) {
        if let Some((beside, _)) = self.pending.take() {
            let _ = fs::remove_file(beside);
        }
    }
}

#[cfg(test)]
mod tests {
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
            pending: None,
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
