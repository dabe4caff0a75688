//! Generation (retrograde analysis over the core's forward moves) and probing.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use gjjq_core::{Position, Ruleset};
use thiserror::Error;

use crate::core::{self, Move};
use crate::ending::Ending;
use crate::file::{self, Format, Words};
use crate::index::EndingIndex;
use crate::value::{NOT_A_POSITION, Value, Wdl};

/// Why a position cannot be probed or an ending not generated.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TablebaseError {
    /// The position is played under another ruleset than the standard one.
    #[error("the tables are built for the standard ruleset only")]
    OtherRuleset,
    /// The ending (or one the position leads to) has not been generated or loaded.
    #[error("no table for the ending {0}")]
    MissingTable(Ending),
    /// The position has a piece where its index has no place (a bug or a foreign position).
    #[error("the position is outside the index of {0}")]
    OutsideIndex(Ending),
    /// A table file cannot be read or written.
    #[error("{path}: {message}")]
    Io {
        /// The file or directory.
        path: String,
        /// The system's message.
        message: String,
    },
    /// A table's name in the directory is not a regular file (a directory, a FIFO, a device,
    /// a socket): refused from its metadata, never opened, so that nothing waits on it.
    #[error("{path}: {kind}, not a table file (a table file is a regular file)")]
    NotAFile {
        /// The name.
        path: String,
        /// What it is: `a directory`, `a FIFO (named pipe)`, ….
        kind: String,
    },
    /// The generation lock's name in the directory (`.gjtb-generate.lock`) is taken by
    /// something else than a regular file (a symbolic link, a FIFO, a directory): refused from
    /// its metadata, never opened or followed (issue 50, item 13).
    #[error(
        "{path}: {kind} at the generation lock's name (the lock is a regular file); remove it to generate here"
    )]
    LockNotAFile {
        /// The lock file's name.
        path: String,
        /// What it is: `a symbolic link`, `a FIFO (named pipe)`, ….
        kind: String,
    },
    /// A table's name in the directory is a symbolic link whose target does not exist.
    #[error("{path}: a dangling symbolic link (its target {target} does not exist)")]
    DanglingLink {
        /// The link.
        path: String,
        /// Where it points.
        target: String,
    },
    /// Another generation is writing into the directory (it holds the directory's lock file,
    /// see [`Tablebase::generate_in`]).
    #[error(
        "{dir}: another generation is writing into this directory (it holds {lock}); run one at a time"
    )]
    Locked {
        /// The directory.
        dir: String,
        /// The lock file.
        lock: String,
    },
    /// A table file is damaged or not what its name says (bad magic, version, ending,
    /// ruleset hash, size, word or checksum).
    #[error("{path}: corrupt table file: {reason}")]
    CorruptFile {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// The position or ending has more units (pieces besides the kings) than the tables hold
    /// or than asked for.
    #[error(
        "the ending {ending} has {units} units besides the kings; the tables hold at most {max}"
    )]
    TooManyUnits {
        /// The ending.
        ending: Ending,
        /// Its units.
        units: u32,
        /// The limit.
        max: u32,
    },
    /// The ending's index has more words than the generator can number
    /// ([`MAX_INDEX_WORDS`]): refused before anything is generated.
    #[error(
        "the ending {ending} has {words} index words; the generator handles at most {max} (32-bit positions)"
    )]
    IndexTooLarge {
        /// The ending.
        ending: Ending,
        /// Its index words ([`EndingIndex::size`]).
        words: usize,
        /// The limit, [`MAX_INDEX_WORDS`].
        max: usize,
    },
}

/// The most index words an ending may have to be generated: the generator numbers positions
/// with 32 bits (its lists of decided positions and its witnesses, four bytes a word, where
/// eight would add half again to its memory), one value kept for "none". Every ending of at
/// most three units fits (the largest, `IDPvK`, has 65.6 M words); 15 four-unit endings of
/// 5.9 × 10⁹ words (`IDvID`, `DPvDP`, …) do not and are refused with
/// [`TablebaseError::IndexTooLarge`].
///
/// ```
/// use gjjq_tablebase::{EndingIndex, MAX_INDEX_WORDS, Tablebase, TablebaseError};
/// let big = "IDvID".parse()?;
/// assert!(EndingIndex::new(big).size() > MAX_INDEX_WORDS);
/// assert!(matches!(
///     Tablebase::new().generate(&big),
///     Err(TablebaseError::IndexTooLarge { .. })
/// ));
/// # Ok::<(), gjjq_tablebase::EndingParseError>(())
/// ```
pub const MAX_INDEX_WORDS: usize = u32::MAX as usize;

/// Figures of one generated ending.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GenerationStats {
    /// The ending.
    pub ending: Ending,
    /// Index size.
    pub index_size: usize,
    /// Placements that are positions.
    pub positions: usize,
    /// Wall time in seconds.
    pub seconds: f64,
    /// The longest win (plies).
    pub longest_win: u16,
}

/// What one ending's table holds, counted over legal placements (a stored position and its
/// mirror image both count, see [`EndingIndex::placements_at`]), for each side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndingStats {
    /// The ending.
    pub ending: Ending,
    /// Positions stored (one of each mirror pair).
    pub stored: u64,
    /// Legal placements with Red to move (and as many with Green to move).
    pub placements: u64,
    /// Wins, draws, losses for the side to move, Red to move (`[0]`) and Green to move
    /// (`[1]`).
    pub wdl: [[u64; 3]; 2],
    /// The longest win in plies (0 if there is no win).
    pub longest_win: u16,
    /// One position that is won in `longest_win` plies.
    pub longest_win_position: Option<Position>,
}

/// One ending's values.
#[derive(Debug)]
pub(crate) struct Table {
    pub(crate) index: EndingIndex,
    pub(crate) values: Words,
}

/// A set of solved endings, in memory.
///
/// # Examples
///
/// ```
/// use gjjq_tablebase::{Tablebase, Value};
/// use gjjq_core::{Position, Setup};
/// let mut tb = Tablebase::new();
/// tb.generate(&"IvK".parse()?)?;
/// // Red's infantry beside Green's king, Red to move: takes it.
/// let pos = Position::from_setup("3k5/3I5/9/9/9/9/9/9/9/4K4 r -".parse::<Setup>()?)?;
/// assert_eq!(tb.probe_dtm(&pos)?, Value::Win(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Tablebase {
    pub(crate) tables: HashMap<Ending, Arc<Table>>,
    max_units: u32,
    /// How files are held when opened: read (the default) or mapped ([`Tablebase::new_mapped`]).
    access: file::Access,
}

impl Tablebase {
    /// An empty set. The files it opens ([`Tablebase::load`], [`Tablebase::add_directory`])
    /// are read whole into memory and checked.
    #[must_use]
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// An empty set whose files ([`Tablebase::load`], [`Tablebase::add_directory`]) are
    /// memory-mapped instead of read: opening costs no copy and the system pages a table in
    /// as probes touch it, which matters for sets larger than memory. Each file is still
    /// checked whole (checksum and every word) when it is opened.
    ///
    /// # Safety
    ///
    /// No table file opened through this set may be modified in place or truncated while the
    /// set, a clone of it, or a table taken from it is alive: the mapping would see the
    /// change after the check, or the process receive `SIGBUS` reading past a truncated end,
    /// and either is undefined behaviour. Replacing a file by writing another and renaming it
    /// over the old one (what [`Tablebase::generate_in`] does) is harmless: a mapping keeps
    /// the old contents. Use [`Tablebase::new`] when the files are not under your control.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::Tablebase;
    /// let dir = std::env::temp_dir().join(format!("gjjq-tb-mapped-doc-{}", std::process::id()));
    /// Tablebase::new().generate_in(&dir, &["IvK".parse()?])?;
    /// // SAFETY: the directory is this example's own; nothing writes to it while it is mapped.
    /// let mut tb = unsafe { Tablebase::new_mapped() };
    /// tb.load(&dir, &"IvK".parse()?)?;
    /// assert_eq!(tb.endings().len(), 2);
    /// drop(tb);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[allow(unsafe_code)]
    pub unsafe fn new_mapped() -> Tablebase {
        Tablebase {
            access: file::Access::Map,
            ..Tablebase::default()
        }
    }

    /// The index words of `ending` ([`EndingIndex::size`], what its generation costs is about
    /// proportional to), or [`TablebaseError::IndexTooLarge`] when the generator cannot take
    /// it: the one test of [`MAX_INDEX_WORDS`] that generation makes before anything is
    /// generated. Its sub-endings are smaller (a piece fewer), so checking the ending asked
    /// for covers them.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::IndexTooLarge`] for an ending over [`MAX_INDEX_WORDS`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::{Tablebase, TablebaseError};
    /// assert_eq!(Tablebase::generation_words(&"IvK".parse()?)?, 8100);
    /// assert!(matches!(
    ///     Tablebase::generation_words(&"IDvID".parse()?),
    ///     Err(TablebaseError::IndexTooLarge { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generation_words(ending: &Ending) -> Result<usize, TablebaseError> {
        let words = EndingIndex::new(*ending).size();
        if words > MAX_INDEX_WORDS {
            return Err(TablebaseError::IndexTooLarge {
                ending: *ending,
                words,
                max: MAX_INDEX_WORDS,
            });
        }
        Ok(words)
    }

    /// An empty set for positions under `rules`.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::OtherRuleset`] unless `rules` plays as the standard ruleset.
    pub fn for_ruleset(rules: &Ruleset) -> Result<Tablebase, TablebaseError> {
        if core::plays_as_standard(rules) {
            Ok(Tablebase::new())
        } else {
            Err(TablebaseError::OtherRuleset)
        }
    }

    /// The endings held.
    #[must_use]
    pub fn endings(&self) -> Vec<Ending> {
        let mut v: Vec<Ending> = self.tables.keys().copied().collect();
        v.sort();
        v
    }

    /// Whether no ending is held (an empty directory opens as an empty set: a caller that
    /// expects tables says so).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::Tablebase;
    /// let mut tb = Tablebase::new();
    /// assert!(tb.is_empty());
    /// tb.generate(&"KvK".parse()?)?;
    /// assert!(!tb.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The endings whose table files (`<ending>.gjtb`) are in `dir`, sorted, by their names
    /// alone: nothing is opened or checked (see [`Tablebase::load`] and
    /// [`Tablebase::open`] for that), and a name that is no ending is left out. What a prober
    /// can tell before loading: the most units of the tables there, or that there are none.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] if `dir` cannot be listed.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::Tablebase;
    /// let dir = std::env::temp_dir().join(format!("gjjq-tb-endings-in-doc-{}", std::process::id()));
    /// Tablebase::new().generate_in(&dir, &["IvK".parse()?])?;
    /// let names: Vec<String> = Tablebase::endings_in(&dir)?.iter().map(|e| e.to_string()).collect();
    /// assert_eq!(names, ["KvK", "IvK"]);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn endings_in(dir: &Path) -> Result<Vec<Ending>, TablebaseError> {
        endings_in(dir, Format::Dtm)
    }

    /// The most units (pieces besides the kings) of an ending held: a position with more is
    /// never in the tables, which an engine can test before probing.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::Tablebase;
    /// let mut tb = Tablebase::new();
    /// assert_eq!(tb.max_units(), 0);
    /// tb.generate(&"IvK".parse()?)?;
    /// assert_eq!(tb.max_units(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_units(&self) -> u32 {
        self.max_units
    }

    fn insert(&mut self, ending: Ending, table: Table) {
        self.max_units = self.max_units.max(ending.units());
        self.tables.insert(ending, Arc::new(table));
    }

    /// Generates `ending` and, first, every ending it can reach by captures, skipping those
    /// already held. Returns the figures of the endings generated now, smallest first.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::IndexTooLarge`] for an ending over [`MAX_INDEX_WORDS`] (before
    /// anything is generated).
    pub fn generate(&mut self, ending: &Ending) -> Result<Vec<GenerationStats>, TablebaseError> {
        Tablebase::generation_words(ending)?;
        let mut stats = Vec::new();
        self.generate_into(*ending, None, &mut stats, false)?;
        Ok(stats)
    }

    /// Generates each of `endings` and the endings they reach, as [`Tablebase::generate`],
    /// writing each table to `dir` as soon as it is solved: its `.gjtb` file (values with
    /// their distances) and its `.gjwdl` file (win, draw or loss only, an eighth of the size,
    /// for [`WdlTablebase`](crate::WdlTablebase)). Resumable: an ending whose `.gjtb` file in
    /// `dir` is intact is read instead of generated (and not counted in the figures; its
    /// `.gjwdl` file is written from it if missing or damaged); a damaged one is generated
    /// again and overwritten. A set made by [`Tablebase::new`] keeps each table it generates
    /// in memory as well (a run over a set needs the memory of all its tables); one made by
    /// [`Tablebase::new_mapped`] holds each table written as its file's mapping instead, so
    /// that a run needs the memory of its largest ending (what `gjjq tablebase generate`
    /// does).
    ///
    /// Holds `dir`'s [`GenerationLock`] while it runs: a second generation into the same
    /// directory at the same time fails at once with [`TablebaseError::Locked`] rather than
    /// wait (a generation can take hours) or race the first. Each table is written to a new
    /// temporary file beside it (`IvK.gjtb.tmp`, created exclusively, never through a link)
    /// and renamed over its name when complete, so a stopped run leaves no half table under a
    /// table's name, and the next run removes its temporary files.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Locked`] while another generation holds `dir`,
    /// [`TablebaseError::Io`] when a file cannot be written,
    /// [`TablebaseError::IndexTooLarge`] for an ending over [`MAX_INDEX_WORDS`] (before
    /// anything is generated).
    pub fn generate_in(
        &mut self,
        dir: &Path,
        endings: &[Ending],
    ) -> Result<Vec<GenerationStats>, TablebaseError> {
        let lock = GenerationLock::acquire(dir)?;
        self.generate_locked(&lock, endings)
    }

    /// [`Tablebase::generate_in`] into the directory of a lock already held: for a caller
    /// that generates in several steps (one ending at a time, to report each) under one lock.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] when a file cannot be written,
    /// [`TablebaseError::IndexTooLarge`] for an ending over [`MAX_INDEX_WORDS`] (before
    /// anything is generated).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::{GenerationLock, Tablebase};
    /// let dir = std::env::temp_dir().join(format!("gjjq-tb-locked-doc-{}", std::process::id()));
    /// let lock = GenerationLock::acquire(&dir)?;
    /// let mut tb = Tablebase::new();
    /// for ending in ["KvK", "IvK"] {
    ///     tb.generate_locked(&lock, &[ending.parse()?])?;
    /// }
    /// drop(lock);
    /// assert_eq!(Tablebase::open(&dir)?.endings().len(), 2);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_locked(
        &mut self,
        lock: &GenerationLock,
        endings: &[Ending],
    ) -> Result<Vec<GenerationStats>, TablebaseError> {
        for e in endings {
            Tablebase::generation_words(e)?;
        }
        let mut stats = Vec::new();
        for e in endings {
            self.generate_into(*e, Some(&lock.dir), &mut stats, false)?;
        }
        Ok(stats)
    }

    /// [`Tablebase::generate`] with the first generator (the reference of `tests/identical.rs`
    /// and `tests/measure.rs`): the same tables, generated slowly.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::generate`].
    #[cfg(feature = "reference")]
    #[doc(hidden)]
    pub fn generate_reference(
        &mut self,
        ending: &Ending,
    ) -> Result<Vec<GenerationStats>, TablebaseError> {
        let mut stats = Vec::new();
        self.generate_into(*ending, None, &mut stats, true)?;
        Ok(stats)
    }

    fn generate_into(
        &mut self,
        ending: Ending,
        dir: Option<&Path>,
        stats: &mut Vec<GenerationStats>,
        reference: bool,
    ) -> Result<(), TablebaseError> {
        if self.tables.contains_key(&ending) {
            return Ok(());
        }
        if let Some(dir) = dir {
            let index = EndingIndex::new(ending);
            if let Ok(values) = file::load(
                &dir.join(file::file_name(&ending, Format::Dtm)),
                &index,
                self.access,
            ) {
                // A set generated before `.gjwdl` files existed (or one whose `.gjwdl` file
                // is damaged or gone) gets it now, from the table.
                let wdl = dir.join(file::file_name(&ending, Format::Wdl));
                if file::load_codes(&wdl, &index, file::Access::Read).is_err() {
                    write_file(dir, &ending, &values.to_vec(), Format::Wdl)?;
                }
                self.insert(ending, Table { index, values });
                return Ok(());
            }
        }
        for sub in ending.sub_endings() {
            self.generate_into(sub, dir, stats, reference)?;
        }
        let start = Instant::now();
        #[cfg(any(test, feature = "reference"))]
        let (index, values) = if reference {
            self.solve_reference(ending)?
        } else {
            self.solve(ending)?
        };
        #[cfg(not(any(test, feature = "reference")))]
        let (index, values) = {
            let _ = reference;
            self.solve(ending)?
        };
        let positions = values.iter().filter(|&&w| w != NOT_A_POSITION).count();
        let longest_win = values
            .iter()
            .filter_map(|&w| match Value::decode(w) {
                Some(Value::Win(n)) => Some(n),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        stats.push(GenerationStats {
            ending,
            index_size: index.size(),
            positions,
            seconds: start.elapsed().as_secs_f64(),
            longest_win,
        });
        let values = match dir {
            Some(dir) => {
                write_table(dir, &ending, &values)?;
                match self.access {
                    // A set of `new`: kept in memory, since mapping the file just written
                    // would make this safe function's result depend on no one changing it.
                    file::Access::Read => Words::Owned(values),
                    // A set of `new_mapped`, whose maker promised that no table file changes
                    // while it is mapped: the file just written, checked whole, replaces the
                    // words in memory, so a run holds only its largest ending's.
                    file::Access::Map => {
                        let path = dir.join(file::file_name(&ending, Format::Dtm));
                        drop(values);
                        file::load(&path, &index, file::Access::Map)
                            .map_err(|e| map_error(&path, Some(ending), e))?
                    }
                }
            }
            None => Words::Owned(values),
        };
        self.insert(ending, Table { index, values });
        Ok(())
    }

    /// Opens every table file (`*.gjtb`) in `dir`, reading each whole into memory and
    /// checking it: what happens to the files afterwards cannot touch the set.
    /// [`Tablebase::open_mapped`] maps them instead.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] if `dir` or a file cannot be read,
    /// [`TablebaseError::CorruptFile`] for a damaged file or one whose name is no ending.
    pub fn open(dir: &Path) -> Result<Tablebase, TablebaseError> {
        let mut tb = Tablebase::new();
        tb.add_directory(dir)?;
        Ok(tb)
    }

    /// Opens every table file (`*.gjtb`) in `dir` as [`Tablebase::open`] does, but
    /// memory-mapped ([`Tablebase::new_mapped`]).
    ///
    /// # Safety
    ///
    /// As [`Tablebase::new_mapped`]: no file of `dir` the set opens may be modified in place
    /// or truncated while the set (or a clone, or a table of it) is alive.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::open`].
    #[allow(unsafe_code)]
    pub unsafe fn open_mapped(dir: &Path) -> Result<Tablebase, TablebaseError> {
        // SAFETY: the caller's promise, passed on.
        let mut tb = unsafe { Tablebase::new_mapped() };
        tb.add_directory(dir)?;
        Ok(tb)
    }

    /// Adds `ending`'s table from `dir` and those of every ending it reaches by captures
    /// (each file read, or mapped for a set made by [`Tablebase::new_mapped`], and checked
    /// whole), skipping those held:
    /// what probing one position of `ending` needs, without opening the whole directory.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::MissingTable`] if a file is missing, [`TablebaseError::Io`] if it
    /// cannot be read, [`TablebaseError::CorruptFile`] if it is damaged; the tables read
    /// before the fault stay added.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::{Tablebase, TablebaseError};
    /// let dir = std::env::temp_dir().join(format!("gjjq-tb-load-doc-{}", std::process::id()));
    /// Tablebase::new().generate_in(&dir, &["IvK".parse()?])?;
    /// let mut tb = Tablebase::new();
    /// tb.load(&dir, &"IvK".parse()?)?;
    /// assert_eq!(tb.endings().len(), 2); // IvK and KvK
    /// assert!(matches!(tb.load(&dir, &"DvK".parse()?), Err(TablebaseError::MissingTable(_))));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(&mut self, dir: &Path, ending: &Ending) -> Result<(), TablebaseError> {
        if self.tables.contains_key(ending) {
            return Ok(());
        }
        let path = dir.join(file::file_name(ending, Format::Dtm));
        let index = EndingIndex::new(*ending);
        let values = file::load(&path, &index, self.access)
            .map_err(|e| map_error(&path, Some(*ending), e))?;
        self.insert(*ending, Table { index, values });
        for sub in ending.sub_endings() {
            self.load(dir, &sub)?;
        }
        Ok(())
    }

    /// Adds every table file in `dir` (see [`Tablebase::open`]); returns how many.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::open`]; the tables read before the fault stay added.
    pub fn add_directory(&mut self, dir: &Path) -> Result<usize, TablebaseError> {
        let paths = file::files_in(dir, Format::Dtm).map_err(|e| io_error(dir, &e))?;
        for path in &paths {
            let ending = named_ending(path)?;
            let index = EndingIndex::new(ending);
            let values = file::load(path, &index, self.access)
                .map_err(|e| map_error(path, Some(ending), e))?;
            self.insert(ending, Table { index, values });
        }
        Ok(paths.len())
    }

    /// Writes every table held to `dir`, each as [`Tablebase::generate_in`] writes one, under
    /// `dir`'s [`GenerationLock`].
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Locked`] while a generation holds `dir`, [`TablebaseError::Io`].
    pub fn save(&self, dir: &Path) -> Result<(), TablebaseError> {
        let _lock = GenerationLock::acquire(dir)?;
        for (ending, table) in &self.tables {
            write_table(dir, ending, &table.values.to_vec())?;
        }
        Ok(())
    }

    /// The value of `pos` from the side to move's view: the rules' verdict if it has one,
    /// a short search down to indexed positions if a return is pending, else the table.
    pub(crate) fn value_of(&self, pos: &Position) -> Result<Value, TablebaseError> {
        resolve(pos, &|pos| self.stored_value(pos))
    }

    /// The stored value of a position without a pending return that the rules have not
    /// decided.
    fn stored_value(&self, pos: &Position) -> Result<Value, TablebaseError> {
        let ending = Ending::of(pos);
        let table = self
            .tables
            .get(&ending)
            .ok_or(TablebaseError::MissingTable(ending))?;
        let idx = table
            .index
            .index_of(pos)
            .ok_or(TablebaseError::OutsideIndex(ending))?;
        Value::decode(table.values.get(idx)).ok_or(TablebaseError::OutsideIndex(ending))
    }

    /// The value of `pos` (win, draw or loss for the side to move, with plies to the end).
    ///
    /// A position the rules have already decided is valued by them (`Position::outcome`),
    /// held tables or not. Otherwise the probe fails fast, before any table is looked at, for
    /// another ruleset or more units than [`Tablebase::max_units`]; a position without a
    /// pending return costs the rules' verdict (`Position::outcome`, one move generation into
    /// the core's inline list) and one table lookup, and allocates nothing; one with a pending
    /// return
    /// (R-19) is resolved by the core's moves (a few plies, which allocate).
    ///
    /// A search, which probes millions of positions of one ruleset, builds a
    /// [`Prober`](crate::Prober) once instead ([`Tablebase::prober`]): the same answers
    /// without the ruleset check, the rules' verdict or the hash lookup per position.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::OtherRuleset`], [`TablebaseError::TooManyUnits`],
    /// [`TablebaseError::MissingTable`] for a position whose ending (or an ending a pending
    /// return leads to) is not held.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::{Tablebase, TablebaseError, Value};
    /// use gjjq_core::{Position, Setup};
    /// let mut tb = Tablebase::new();
    /// tb.generate(&"KvI".parse()?)?;
    /// // Green's infantry beside Red's king, Green to move: it takes the king.
    /// let pos = Position::from_setup("4k4/9/9/9/9/9/9/9/4i4/4K4 g -".parse::<Setup>()?)?;
    /// assert_eq!(tb.probe_dtm(&pos)?, Value::Win(1));
    /// assert!(matches!(
    ///     tb.probe_dtm(&Position::default()),
    ///     Err(TablebaseError::TooManyUnits { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_dtm(&self, pos: &Position) -> Result<Value, TablebaseError> {
        guarded(pos, self.max_units, || self.value_of(pos))
    }

    /// Win, draw or loss for the side to move (as [`Tablebase::probe_dtm`], same cost).
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_dtm`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::{Tablebase, Wdl};
    /// use gjjq_core::{Position, Setup};
    /// let mut tb = Tablebase::new();
    /// tb.generate(&"KvK".parse()?)?;
    /// let pos = Position::from_setup("4k4/9/9/9/9/9/9/9/9/3K5 g -".parse::<Setup>()?)?;
    /// assert_eq!(tb.probe_wdl(&pos)?, Wdl::Draw);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_wdl(&self, pos: &Position) -> Result<Wdl, TablebaseError> {
        self.probe_dtm(pos).map(Value::wdl)
    }

    /// Every legal move with the value of the position after it, from the mover's view, best
    /// first.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_dtm`].
    pub fn best_moves(&self, pos: &Position) -> Result<Vec<(Move, Value)>, TablebaseError> {
        if !core::is_standard(pos) {
            return Err(TablebaseError::OtherRuleset);
        }
        let mut out = Vec::new();
        for (m, child) in core::children(pos) {
            out.push((m, self.value_of(&child)?.parent()));
        }
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        Ok(out)
    }

    /// Counts of `ending`'s table: wins, draws and losses for each side to move, the longest
    /// win and a position reaching it. Reads the whole table.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::MissingTable`] if `ending` is not held.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_tablebase::Tablebase;
    /// let mut tb = Tablebase::new();
    /// tb.generate(&"KvK".parse()?)?;
    /// let s = tb.stats(&"KvK".parse()?)?;
    /// assert_eq!(s.placements, 81); // every pair of king points
    /// assert_eq!(s.wdl[0], [0, 81, 0]); // all draws (R-24)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self, ending: &Ending) -> Result<EndingStats, TablebaseError> {
        let t = self
            .tables
            .get(ending)
            .ok_or(TablebaseError::MissingTable(*ending))?;
        let mut stats = EndingStats {
            ending: *ending,
            stored: 0,
            placements: 0,
            wdl: [[0; 3]; 2],
            longest_win: 0,
            longest_win_position: None,
        };
        let mut longest_at = None;
        for idx in 0..t.values.len() {
            let Some(v) = Value::decode(t.values.get(idx)) else {
                continue;
            };
            let weight = u64::from(t.index.placements_at(idx));
            stats.stored += 1;
            let side = idx % 2;
            if side == 0 {
                stats.placements += weight;
            }
            let column = match v {
                Value::Win(n) => {
                    if n > stats.longest_win || longest_at.is_none() {
                        stats.longest_win = n;
                        longest_at = Some(idx);
                    }
                    0
                }
                Value::Draw => 1,
                Value::Loss(_) => 2,
            };
            stats.wdl[side][column] += weight;
        }
        stats.longest_win_position = longest_at.and_then(|i| t.index.position(i));
        Ok(stats)
    }

    /// The stored word of every index of `ending` (tests and statistics).
    #[doc(hidden)]
    #[must_use]
    pub fn raw(&self, ending: &Ending) -> Option<(&EndingIndex, Cow<'_, [u16]>)> {
        self.tables.get(ending).map(|t| {
            let words = match &t.values {
                Words::Owned(v) => Cow::Borrowed(v.as_slice()),
                w @ Words::Mapped(_) => Cow::Owned(w.to_vec()),
            };
            (&t.index, words)
        })
    }
}

/// What a probe answers: a value with its distance ([`Value`]) or only win, draw or loss
/// ([`Wdl`]); greater is better for the side to move.
pub(crate) trait Verdict: Copy + Ord {
    /// The verdict of a value.
    fn of(value: Value) -> Self;
    /// The verdict of the position before a move, from that mover's view.
    fn parent(self) -> Self;
}

impl Verdict for Value {
    fn of(value: Value) -> Value {
        value
    }
    fn parent(self) -> Value {
        Value::parent(self)
    }
}

impl Verdict for Wdl {
    fn of(value: Value) -> Wdl {
        value.wdl()
    }
    fn parent(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// The checks of a probe before any table is read, for a set of at most `max_units` units:
/// the standard ruleset, and the units (a position with more is answered only when the rules
/// have decided it); then `probe`.
pub(crate) fn guarded<T: Verdict>(
    pos: &Position,
    max_units: u32,
    probe: impl FnOnce() -> Result<T, TablebaseError>,
) -> Result<T, TablebaseError> {
    if !core::is_standard(pos) {
        return Err(TablebaseError::OtherRuleset);
    }
    let units = pos.occupied().count().saturating_sub(2);
    if units > max_units {
        if let Some(v) = core::terminal(pos) {
            return Ok(T::of(v));
        }
        return Err(TablebaseError::TooManyUnits {
            ending: Ending::of(pos),
            units,
            max: max_units,
        });
    }
    probe()
}

/// The verdict of `pos`: the rules' own if they have decided it (R-21 … R-24), the best of its
/// children's when a return is pending (R-19: a short search down to indexed positions), else
/// the table's (`stored`).
pub(crate) fn resolve<T: Verdict, F: Fn(&Position) -> Result<T, TablebaseError>>(
    pos: &Position,
    stored: &F,
) -> Result<T, TablebaseError> {
    if let Some(v) = core::terminal(pos) {
        return Ok(T::of(v));
    }
    if core::has_pending(pos) {
        let mut best: Option<T> = None;
        for (_, child) in core::children(pos) {
            let v = resolve(&child, stored)?.parent();
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        // A position with no move is terminal (R-23), so `best` is set.
        return Ok(best.unwrap_or(T::of(Value::Loss(0))));
    }
    stored(pos)
}

/// The endings of the files of `format` in `dir`, fewest units first (names that are no
/// ending left out).
pub(crate) fn endings_in(dir: &Path, format: Format) -> Result<Vec<Ending>, TablebaseError> {
    let mut endings: Vec<Ending> = file::files_in(dir, format)
        .map_err(|e| io_error(dir, &e))?
        .iter()
        .filter_map(|p| file::ending_of(p).ok())
        .collect();
    endings.sort_by_key(|e| (e.units(), e.to_string()));
    Ok(endings)
}

/// The ending a table file's name says, or the error naming the file.
pub(crate) fn named_ending(path: &Path) -> Result<Ending, TablebaseError> {
    file::ending_of(path).map_err(|e| TablebaseError::CorruptFile {
        path: path.display().to_string(),
        reason: e.to_string(),
    })
}

pub(crate) fn io_error(path: &Path, e: &std::io::Error) -> TablebaseError {
    TablebaseError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// A table's [`file::MapError`] as the crate's error, naming `path`.
pub(crate) fn map_error(path: &Path, ending: Option<Ending>, e: file::MapError) -> TablebaseError {
    let path = path.display().to_string();
    match e {
        file::MapError::Missing => match ending {
            Some(ending) => TablebaseError::MissingTable(ending),
            None => TablebaseError::Io {
                path,
                message: "no such file".to_owned(),
            },
        },
        file::MapError::DanglingLink(target) => TablebaseError::DanglingLink { path, target },
        file::MapError::NotAFile(kind) => TablebaseError::NotAFile {
            path,
            kind: kind.to_owned(),
        },
        file::MapError::Io(message) => TablebaseError::Io { path, message },
        file::MapError::Corrupt(reason) => TablebaseError::CorruptFile { path, reason },
    }
}

/// The name of a directory's lock file (see [`GenerationLock`]).
const LOCK_FILE: &str = ".gjtb-generate.lock";

/// The suffix of a table's temporary file while it is written (`IvK.gjtb.tmp`).
const TMP_SUFFIX: &str = ".tmp";

/// The lock of a table directory that a generation holds while it writes there: a lock on the
/// file `.gjtb-generate.lock` in the directory (an advisory whole-file lock, `flock` on Unix,
/// `LockFileEx` on Windows), released when dropped or when the process ends, however it
/// ends. The file itself stays (removing it would race a process about to lock it); it holds
/// nothing.
///
/// Taking it never waits: a directory another generation holds is
/// [`TablebaseError::Locked`]. Taking it also removes the temporary files a stopped
/// generation left (`*.gjtb.tmp`, `*.gjwdl.tmp`, unlinked, never followed).
///
/// # Examples
///
/// ```
/// use gjjq_tablebase::{GenerationLock, TablebaseError};
/// let dir = std::env::temp_dir().join(format!("gjjq-tb-lock-doc-{}", std::process::id()));
/// let lock = GenerationLock::acquire(&dir)?;
/// assert!(matches!(GenerationLock::acquire(&dir), Err(TablebaseError::Locked { .. })));
/// drop(lock);
/// assert!(GenerationLock::acquire(&dir).is_ok());
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct GenerationLock {
    dir: std::path::PathBuf,
    /// Locked while held; closing it releases the lock.
    _file: std::fs::File,
}

impl GenerationLock {
    /// Creates `dir` if missing and takes its lock.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Locked`] if another generation holds it,
    /// [`TablebaseError::LockNotAFile`] if the lock file's name is taken by something else than
    /// a regular file (a link, a FIFO), [`TablebaseError::Io`] if the directory or the lock file cannot be made or
    /// locked.
    pub fn acquire(dir: &Path) -> Result<GenerationLock, TablebaseError> {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, &e))?;
        let path = dir.join(LOCK_FILE);
        let file = match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                // An earlier run's: used if it is a regular file itself (never through a link),
                // opened for reading only (a lock needs no more), never blocking.
                let meta = std::fs::symlink_metadata(&path).map_err(|e| io_error(&path, &e))?;
                let not_a_lock = |kind: &str| TablebaseError::LockNotAFile {
                    path: path.display().to_string(),
                    kind: kind.to_owned(),
                };
                if !meta.is_file() {
                    return Err(not_a_lock(file::file_kind(&meta.file_type())));
                }
                file::open_regular(&path).map_err(|e| match e {
                    file::MapError::NotAFile(kind) => not_a_lock(kind),
                    e => map_error(&path, None, e),
                })?
            }
            Err(e) => return Err(io_error(&path, &e)),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(TablebaseError::Locked {
                    dir: dir.display().to_string(),
                    lock: path.display().to_string(),
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io_error(&path, &e)),
        }
        remove_temporaries(dir)?;
        Ok(GenerationLock {
            dir: dir.to_owned(),
            _file: file,
        })
    }

    /// The directory locked.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// Removes the temporary table files (`*.gjtb.tmp`, `*.gjwdl.tmp`) a stopped generation left
/// in `dir`: each is unlinked (a link is removed, never followed); a directory of that name is
/// left alone (writing that table will name it).
fn remove_temporaries(dir: &Path) -> Result<(), TablebaseError> {
    for entry in std::fs::read_dir(dir).map_err(|e| io_error(dir, &e))? {
        let entry = entry.map_err(|e| io_error(dir, &e))?;
        let name = entry.file_name();
        if !name.to_str().is_some_and(|n| {
            [Format::Dtm, Format::Wdl]
                .iter()
                .any(|f| n.ends_with(&format!(".{}{TMP_SUFFIX}", f.extension())))
        }) {
            continue;
        }
        let path = entry.path();
        match std::fs::symlink_metadata(&path) {
            Ok(m) if !m.is_dir() => {
                std::fs::remove_file(&path).map_err(|e| io_error(&path, &e))?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Writes one table through a temporary file beside it, created exclusively (`O_EXCL`: never
/// through a link, never into an existing file) and renamed over the table's name when
/// written and synced, so that a stopped run leaves no half file under the table's name.
/// The caller holds the directory's [`GenerationLock`].
fn write_table(dir: &Path, ending: &Ending, values: &[u16]) -> Result<(), TablebaseError> {
    write_file(dir, ending, values, Format::Wdl)?;
    write_file(dir, ending, values, Format::Dtm)
}

/// Writes one table's file in `format` as [`write_table`] says.
fn write_file(
    dir: &Path,
    ending: &Ending,
    values: &[u16],
    format: Format,
) -> Result<(), TablebaseError> {
    use std::io::Write as _;
    let name = file::file_name(ending, format);
    let path = dir.join(&name);
    let tmp = dir.join(format!("{name}{TMP_SUFFIX}"));
    // Whatever holds the name (a stopped run's file, a link planted there) is unlinked, never
    // followed; `create_new` then refuses anything that appears in between.
    if std::fs::symlink_metadata(&tmp).is_ok_and(|m| !m.is_dir()) {
        std::fs::remove_file(&tmp).map_err(|e| io_error(&tmp, &e))?;
    }
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(|e| io_error(&tmp, &e))?;
    let written = f
        .write_all(&file::encode(ending, values, format))
        .and_then(|()| f.sync_all());
    drop(f);
    let result = written
        .map_err(|e| io_error(&tmp, &e))
        .and_then(|()| std::fs::rename(&tmp, &path).map_err(|e| io_error(&path, &e)));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
