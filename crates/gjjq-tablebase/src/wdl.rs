//! Sets of win/draw/loss tables (`*.gjwdl`): what a program that needs no distances opens,
//! an eighth of the size of the distance tables.

use std::collections::HashMap;
use std::path::Path;

use gjjq_core::Position;

use crate::ending::Ending;
use crate::file::{self, Access, Codes, Format};
use crate::index::EndingIndex;
use crate::tablebase::{
    TablebaseError, endings_in, guarded, io_error, map_error, named_ending, resolve,
};
use crate::value::Wdl;

/// A set of win/draw/loss tables: each ending's `.gjwdl` file, two bits a position, which
/// [`Tablebase::generate_in`](crate::Tablebase::generate_in) writes beside its `.gjtb` file.
/// It answers [`WdlTablebase::probe_wdl`] exactly as [`Tablebase::probe_wdl`] does from the
/// `.gjtb` files, in an eighth of the disk and memory (the ≤ 3-unit set: 2.0 GB instead of
/// 16.2 GB), but holds no distances: a program that must play a won ending out needs the
/// `.gjtb` files.
///
/// Files are read whole and checked (magic, version, ending, ruleset hash, size, padding,
/// checksum) when opened; [`WdlTablebase::open_mapped`] maps them instead.
///
/// # Examples
///
/// ```
/// use gjjq_tablebase::{Tablebase, WdlTablebase, Wdl};
/// use gjjq_core::{Position, Setup};
/// let dir = std::env::temp_dir().join(format!("gjjq-wdl-doc-{}", std::process::id()));
/// Tablebase::new().generate_in(&dir, &["IvK".parse()?])?;
/// let wdl = WdlTablebase::open(&dir)?;
/// assert_eq!(wdl.endings().len(), 2); // IvK and KvK
/// // Red's infantry beside Green's king, Red to move: takes it.
/// let pos = Position::from_setup("3k5/3I5/9/9/9/9/9/9/9/4K4 r -".parse::<Setup>()?)?;
/// assert_eq!(wdl.probe_wdl(&pos)?, Wdl::Win);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`Tablebase::probe_wdl`]: crate::Tablebase::probe_wdl
#[derive(Default)]
pub struct WdlTablebase {
    tables: HashMap<Ending, (EndingIndex, Codes)>,
    max_units: u32,
}

/// The endings held and their most units, not the codes.
impl std::fmt::Debug for WdlTablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WdlTablebase")
            .field("endings", &self.endings())
            .field("max_units", &self.max_units)
            .finish()
    }
}

impl WdlTablebase {
    /// An empty set; [`WdlTablebase::load`] adds tables to it.
    #[must_use]
    pub fn new() -> WdlTablebase {
        WdlTablebase::default()
    }

    /// Opens every `.gjwdl` file in `dir`, reading each whole into memory and checking it:
    /// what happens to the files afterwards cannot touch the set.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] if `dir` or a file cannot be read, [`TablebaseError::NotAFile`]
    /// or [`TablebaseError::DanglingLink`] for a name that is no regular file,
    /// [`TablebaseError::CorruptFile`] for a damaged file or one whose name is no ending.
    pub fn open(dir: &Path) -> Result<WdlTablebase, TablebaseError> {
        WdlTablebase::open_with(dir, Access::Read)
    }

    /// Opens every `.gjwdl` file in `dir` as [`WdlTablebase::open`] does, but memory-mapped:
    /// no copy, the system pages a table in as probes touch it. Each file is still checked
    /// whole when opened.
    ///
    /// # Safety
    ///
    /// No file the set opens may be modified in place or truncated while the set is alive (as
    /// [`Tablebase::new_mapped`](crate::Tablebase::new_mapped) asks): the mapping would see
    /// the change after the check, or the process receive `SIGBUS`, undefined behaviour
    /// either way. Replacing a file by a rename (what generation does) is harmless.
    ///
    /// # Errors
    ///
    /// As [`WdlTablebase::open`].
    #[allow(unsafe_code)]
    pub unsafe fn open_mapped(dir: &Path) -> Result<WdlTablebase, TablebaseError> {
        WdlTablebase::open_with(dir, Access::Map)
    }

    fn open_with(dir: &Path, access: Access) -> Result<WdlTablebase, TablebaseError> {
        let mut tb = WdlTablebase::default();
        for path in file::files_in(dir, Format::Wdl).map_err(|e| io_error(dir, &e))? {
            let ending = named_ending(&path)?;
            tb.add(&path, ending, access)?;
        }
        Ok(tb)
    }

    /// Adds `ending`'s `.gjwdl` file from `dir` and those of every ending it reaches by
    /// captures, skipping those held (each read whole and checked): what probing the
    /// positions of `ending` needs, without opening the whole directory.
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
    /// use gjjq_tablebase::{Tablebase, TablebaseError, WdlTablebase};
    /// let dir = std::env::temp_dir().join(format!("gjjq-wdl-load-doc-{}", std::process::id()));
    /// Tablebase::new().generate_in(&dir, &["IvK".parse()?])?;
    /// let mut wdl = WdlTablebase::new();
    /// wdl.load(&dir, &"IvK".parse()?)?;
    /// assert_eq!(wdl.endings().len(), 2); // IvK and KvK
    /// assert!(matches!(wdl.load(&dir, &"DvK".parse()?), Err(TablebaseError::MissingTable(_))));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(&mut self, dir: &Path, ending: &Ending) -> Result<(), TablebaseError> {
        if self.tables.contains_key(ending) {
            return Ok(());
        }
        let path = dir.join(file::file_name(ending, Format::Wdl));
        self.add(&path, *ending, Access::Read)?;
        for sub in ending.sub_endings() {
            self.load(dir, &sub)?;
        }
        Ok(())
    }

    /// The endings of the `.gjwdl` files in `dir` (by their names, not opened), fewest units
    /// first; a name that is no ending is left out.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] if `dir` cannot be listed.
    pub fn endings_in(dir: &Path) -> Result<Vec<Ending>, TablebaseError> {
        endings_in(dir, Format::Wdl)
    }

    /// Adds the file at `path` as `ending`'s table.
    fn add(&mut self, path: &Path, ending: Ending, access: Access) -> Result<(), TablebaseError> {
        let index = EndingIndex::new(ending);
        let codes =
            file::load_codes(path, &index, access).map_err(|e| map_error(path, Some(ending), e))?;
        self.max_units = self.max_units.max(ending.units());
        self.tables.insert(ending, (index, codes));
        Ok(())
    }

    /// The endings held, sorted.
    #[must_use]
    pub fn endings(&self) -> Vec<Ending> {
        let mut v: Vec<Ending> = self.tables.keys().copied().collect();
        v.sort();
        v
    }

    /// The most units (pieces besides the kings) of an ending held (0 when empty).
    #[must_use]
    pub fn max_units(&self) -> u32 {
        self.max_units
    }

    /// Win, draw or loss for the side to move: the rules' verdict if they have one (R-21 …
    /// R-24), a short search down to indexed positions if a return is pending (R-19), else
    /// the table. The same answers as [`Tablebase::probe_wdl`](crate::Tablebase::probe_wdl).
    ///
    /// # Errors
    ///
    /// [`TablebaseError::OtherRuleset`] for a position under another ruleset,
    /// [`TablebaseError::TooManyUnits`] for one of more units than the set holds (unless the
    /// rules have decided it), [`TablebaseError::MissingTable`] for an ending (or one a
    /// pending return leads to) not held.
    pub fn probe_wdl(&self, pos: &Position) -> Result<Wdl, TablebaseError> {
        guarded(pos, self.max_units, || {
            resolve(pos, &|pos| self.stored_wdl(pos))
        })
    }

    /// The stored verdict of a position without a pending return that the rules have not
    /// decided.
    fn stored_wdl(&self, pos: &Position) -> Result<Wdl, TablebaseError> {
        let ending = Ending::of(pos);
        let (index, codes) = self
            .tables
            .get(&ending)
            .ok_or(TablebaseError::MissingTable(ending))?;
        let idx = index
            .index_of(pos)
            .ok_or(TablebaseError::OutsideIndex(ending))?;
        codes.get(idx).ok_or(TablebaseError::OutsideIndex(ending))
    }
}
