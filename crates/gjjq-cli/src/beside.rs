//! One way to replace an output file whole (issue 50, items 1, 2 and 13): a regular file is
//! written beside its name first and renamed over it when the writer says so, so what the name
//! held is never lost to a failed or cut-short run; anything else is written as it is. The
//! game file of `gjjq match` and [`ReplacedFile`] (`datagen --out`) are both built on it.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::common::CliError;

/// An output: a file beside its target (`.NAME.partial-PID` in the same directory, created
/// exclusively, with the target's permissions) until [`Beside::put_in_place`] renames it over
/// the target, or the named file itself when it cannot be replaced by a rename.
///
/// Written as it is: an existing name that is not a regular file (`/dev/null`, a FIFO, a
/// terminal) and any name under `/dev/` or `/proc/` (`/dev/stdout` may name a regular file the
/// shell opened, which must be written through, not replaced). A symbolic link to a regular
/// file has its target replaced; the link stays. Dropped before it is put in place, the file
/// beside is removed: the target keeps what it held.
pub(crate) struct Beside {
    file: File,
    /// The file beside and the target; `None` once put in place, or when written as it is.
    pending: Option<(PathBuf, PathBuf)>,
}

impl Beside {
    /// The output for `name`, given on the command line as `what` (`--out`, `--pgn`) for
    /// messages. The file beside is made at once, so an unwritable directory fails here,
    /// before any work.
    ///
    /// # Errors
    ///
    /// An empty name, or the system's, with the name.
    pub(crate) fn create(name: &str, what: &str) -> Result<Beside, CliError> {
        let fail = |e: &dyn std::fmt::Display| CliError(format!("{what} {name}: {e}"));
        if name.is_empty() {
            return Err(CliError(format!("{what}: the file name is empty")));
        }
        let given = Path::new(name);
        let device = ["/dev/", "/proc/"].iter().any(|d| name.starts_with(d));
        let existing = match fs::metadata(given) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(fail(&e)),
        };
        if device || existing.as_ref().is_some_and(|m| !m.is_file()) {
            let file = OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .open(given)
                .map_err(|e| fail(&e))?;
            return Ok(Beside {
                file,
                pending: None,
            });
        }
        let target = match existing {
            Some(_) => fs::canonicalize(given).map_err(|e| fail(&e))?,
            None => given.to_owned(),
        };
        let file_name = target
            .file_name()
            .ok_or_else(|| fail(&"not the name of a file"))?
            .to_string_lossy()
            .into_owned();
        let mut n = 0u32;
        let (beside, file) = loop {
            let suffix = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            let beside = target.with_file_name(format!(
                ".{file_name}.partial-{}{suffix}",
                std::process::id()
            ));
            match OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&beside)
            {
                Ok(f) => break (beside, f),
                // A name left by a killed run whose process id came back: take the next.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
                Err(e) => {
                    return Err(fail(&format!(
                        "cannot create {} beside it: {e}",
                        beside.display()
                    )));
                }
            }
        };
        // From here on the file beside is removed again by the drop on any error.
        let out = Beside {
            file,
            pending: Some((beside, target)),
        };
        if let (Some(m), Some((beside, _))) = (existing, &out.pending) {
            fs::set_permissions(beside, m.permissions()).map_err(|e| fail(&e))?;
        }
        Ok(out)
    }

    /// Whether the output is still written beside its target (it replaces the target when put
    /// in place); `false` once in place or when written as it is.
    pub(crate) fn is_beside(&self) -> bool {
        self.pending.is_some()
    }

    /// The file written.
    pub(crate) fn file(&mut self) -> &mut File {
        &mut self.file
    }

    /// Sync the file beside and rename it over the target; later writes go to the target.
    /// Nothing to do when written as it is or already in place.
    ///
    /// # Errors
    ///
    /// The system's; the target is then as it was.
    pub(crate) fn put_in_place(&mut self) -> io::Result<()> {
        let Some((beside, target)) = &self.pending else {
            return Ok(());
        };
        self.file.sync_all()?;
        fs::rename(beside, target).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot rename {} to it: {e}", beside.display()),
            )
        })?;
        self.pending = None;
        Ok(())
    }
}

impl Write for Beside {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.file.write(data)
    }

    fn write_all(&mut self, data: &[u8]) -> io::Result<()> {
        self.file.write_all(data)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for Beside {
    fn drop(&mut self) {
        if let Some((beside, _)) = self.pending.take() {
            let _ = fs::remove_file(beside);
        }
    }
}

/// An output file replaced whole or not at all ([`Beside`]): written beside its name
/// (`.<name>.partial-<pid>`, created exclusively) and renamed over it by
/// [`ReplacedFile::commit`]. Until then the old file (if any) is untouched and a reader sees it
/// whole; a failed run removes the file beside, and a killed one leaves it under a name that
/// says it is incomplete, never under the output's name. A device or FIFO is written directly.
pub struct ReplacedFile {
    /// The option and name given, for messages.
    name: String,
    file: std::io::BufWriter<Beside>,
}

impl ReplacedFile {
    /// Starts replacing `name` (the option's value, `--out`, for messages: `what`); the
    /// file beside is made at once, so an unwritable directory fails before any work.
    pub fn create(name: &str, what: &str) -> Result<ReplacedFile, CliError> {
        Ok(ReplacedFile {
            name: format!("{what} {name}"),
            file: std::io::BufWriter::new(Beside::create(name, what)?),
        })
    }

    /// What an error while writing becomes: a message naming the output and, while it is
    /// replaced, saying that it is left as it was.
    pub fn failure(
        &self,
    ) -> impl Fn(&dyn std::fmt::Display) -> CliError + Clone + Send + Sync + use<> {
        let name = self.name.clone();
        let kept = if self.file.get_ref().is_beside() {
            " (the file is left as it was)"
        } else {
            ""
        };
        move |e: &dyn std::fmt::Display| CliError(format!("{name}: {e}{kept}"))
    }

    /// Flushes, syncs and renames the file beside over the output's name.
    pub fn commit(mut self) -> Result<(), CliError> {
        use std::io::Write as _;
        let failure = self.failure();
        self.file.flush().map_err(|e| failure(&e))?;
        self.file.get_mut().put_in_place().map_err(|e| failure(&e))
    }
}

impl std::io::Write for ReplacedFile {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.file.write(data)
    }

    fn write_all(&mut self, data: &[u8]) -> std::io::Result<()> {
        self.file.write_all(data)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gjjq-beside-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    /// Until it is put in place the target keeps what it held; a drop before that leaves the
    /// directory as it was; put in place, the target holds the new text.
    #[test]
    fn the_target_is_replaced_whole_or_not_at_all() {
        let d = dir("whole");
        let target = d.join("out.txt");
        fs::write(&target, "old").unwrap();
        let name = target.to_str().unwrap();
        {
            let mut b = Beside::create(name, "--out").unwrap();
            assert!(b.is_beside());
            b.write_all(b"new, half").unwrap();
            assert_eq!(fs::read_to_string(&target).unwrap(), "old");
        }
        assert_eq!(
            fs::read_dir(&d).unwrap().count(),
            1,
            "the file beside is gone"
        );
        let mut b = Beside::create(name, "--out").unwrap();
        b.write_all(b"new").unwrap();
        b.put_in_place().unwrap();
        assert!(!b.is_beside());
        b.write_all(b", more").unwrap();
        drop(b);
        assert_eq!(fs::read_to_string(&target).unwrap(), "new, more");
        assert_eq!(fs::read_dir(&d).unwrap().count(), 1);
        let _ = fs::remove_dir_all(&d);
    }

    /// A device is written as it is; an empty name and a missing directory are refused with
    /// the option's name.
    #[test]
    fn devices_are_written_and_bad_names_refused() {
        let b = Beside::create("/dev/null", "--out").unwrap();
        assert!(!b.is_beside());
        let e = Beside::create("", "--pgn").err().unwrap();
        assert!(e.0.starts_with("--pgn:"), "{}", e.0);
        let e = Beside::create("/nonexistent-dir/x", "--out").err().unwrap();
        assert!(e.0.starts_with("--out /nonexistent-dir/x: "), "{}", e.0);
    }
}
