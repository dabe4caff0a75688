//! Generation (retrograde analysis over the core's forward moves) and probing.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use gjjq_core::{Position, Ruleset};
use rayon::prelude::*;
use thiserror::Error;

use crate::core::{self, Move};
use crate::ending::{Ending, Force};
use crate::file::{self, Words};
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
    #[error("the ending {ending} has {units} units besides the kings; at most {max} allowed")]
    TooManyUnits {
        /// The ending.
        ending: Ending,
        /// Its units.
        units: u32,
        /// The limit.
        max: u32,
    },
}

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
struct Table {
    index: EndingIndex,
    values: Words,
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
    tables: HashMap<Ending, Arc<Table>>,
    max_units: u32,
}

/// What one position's children say, its in-ending children aside.
#[derive(Debug, Clone, Copy, Default)]
struct Outside {
    /// The fastest win through a child outside the ending.
    win: Option<u16>,
    /// A child outside the ending is a draw.
    draw: bool,
    /// The slowest loss through the children outside the ending.
    loss: u16,
}

/// One chunk of the forward pass: nodes, in-ending degrees, in-ending children.
type Chunk = (Vec<Node>, Vec<u32>, Vec<u32>);

enum Node {
    NotAPosition,
    Terminal(Value),
    Inner(Outside),
}

impl Tablebase {
    /// An empty set.
    #[must_use]
    pub fn new() -> Tablebase {
        Tablebase::default()
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
    /// None for valid endings so far; the `Result` is for the limits to come.
    pub fn generate(&mut self, ending: &Ending) -> Result<Vec<GenerationStats>, TablebaseError> {
        let mut stats = Vec::new();
        self.generate_into(*ending, None, &mut stats)?;
        Ok(stats)
    }

    /// Generates each of `endings` and the endings they reach, as [`Tablebase::generate`],
    /// writing each table to `dir` as soon as it is solved. Resumable: an ending whose file in
    /// `dir` is intact is read instead of generated (and not counted in the figures); a
    /// damaged one is generated again and overwritten.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] when a file cannot be written.
    pub fn generate_in(
        &mut self,
        dir: &Path,
        endings: &[Ending],
    ) -> Result<Vec<GenerationStats>, TablebaseError> {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, &e))?;
        let mut stats = Vec::new();
        for e in endings {
            self.generate_into(*e, Some(dir), &mut stats)?;
        }
        Ok(stats)
    }

    fn generate_into(
        &mut self,
        ending: Ending,
        dir: Option<&Path>,
        stats: &mut Vec<GenerationStats>,
    ) -> Result<(), TablebaseError> {
        if self.tables.contains_key(&ending) {
            return Ok(());
        }
        if let Some(dir) = dir {
            let index = EndingIndex::new(ending);
            if let Ok(values) = file::map(&dir.join(file::file_name(&ending)), &index) {
                self.insert(ending, Table { index, values });
                return Ok(());
            }
        }
        for sub in ending.sub_endings() {
            self.generate_into(sub, dir, stats)?;
        }
        let start = Instant::now();
        let (index, values) = self.solve(ending)?;
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
        if let Some(dir) = dir {
            write_table(dir, &ending, &values)?;
        }
        let values = Words::Owned(values);
        self.insert(ending, Table { index, values });
        Ok(())
    }

    /// Opens every table file (`*.gjtb`) in `dir`, checking each whole.
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

    /// Adds `ending`'s table from `dir` and those of every ending it reaches by captures
    /// (each file mapped and checked whole, see [`Tablebase::open`]), skipping those held:
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
        let path = dir.join(file::file_name(ending));
        if !path.exists() {
            return Err(TablebaseError::MissingTable(*ending));
        }
        let index = EndingIndex::new(*ending);
        let values = file::map(&path, &index).map_err(|e| match e {
            file::MapError::Io(message) => TablebaseError::Io {
                path: path.display().to_string(),
                message,
            },
            file::MapError::Corrupt(reason) => TablebaseError::CorruptFile {
                path: path.display().to_string(),
                reason,
            },
        })?;
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
        let entries = std::fs::read_dir(dir).map_err(|e| io_error(dir, &e))?;
        let mut paths = Vec::new();
        for entry in entries {
            let path = entry.map_err(|e| io_error(dir, &e))?.path();
            if path.extension().is_some_and(|x| x == "gjtb") {
                paths.push(path);
            }
        }
        paths.sort();
        for path in &paths {
            let corrupt = |reason: String| TablebaseError::CorruptFile {
                path: path.display().to_string(),
                reason,
            };
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let ending: Ending = stem
                .parse()
                .map_err(|e: crate::EndingParseError| corrupt(e.to_string()))?;
            let index = EndingIndex::new(ending);
            let values = file::map(path, &index).map_err(|e| match e {
                file::MapError::Io(message) => TablebaseError::Io {
                    path: path.display().to_string(),
                    message,
                },
                file::MapError::Corrupt(reason) => corrupt(reason),
            })?;
            self.insert(ending, Table { index, values });
        }
        Ok(paths.len())
    }

    /// Writes every table held to `dir`.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`].
    pub fn save(&self, dir: &Path) -> Result<(), TablebaseError> {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, &e))?;
        for (ending, table) in &self.tables {
            write_table(dir, ending, &table.values.to_vec())?;
        }
        Ok(())
    }

    /// Retrograde analysis of one ending whose sub-endings are all held.
    fn solve(&self, ending: Ending) -> Result<(EndingIndex, Vec<u16>), TablebaseError> {
        let index = EndingIndex::new(ending);
        let size = index.size();
        const CHUNK: usize = 4096;
        // Forward pass (parallel): each position's node and its in-ending children.
        let chunks: Vec<Result<Chunk, TablebaseError>> = (0..size)
            .step_by(CHUNK)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|start| {
                let end = (start + CHUNK).min(size);
                let mut nodes = Vec::with_capacity(end - start);
                let mut degree = Vec::with_capacity(end - start);
                let mut edges = Vec::new();
                for idx in start..end {
                    let Some(pos) = index.position(idx) else {
                        nodes.push(Node::NotAPosition);
                        degree.push(0);
                        continue;
                    };
                    if let Some(v) = core::terminal(&pos) {
                        nodes.push(Node::Terminal(v));
                        degree.push(0);
                        continue;
                    }
                    let mut outside = Outside::default();
                    let mut d = 0u32;
                    for (_, child) in core::children(&pos) {
                        if core::terminal(&child).is_none()
                            && !core::has_pending(&child)
                            && material(&child) == ending
                        {
                            let c = index
                                .index_of(&child)
                                .ok_or(TablebaseError::OutsideIndex(ending))?;
                            edges.push(c as u32);
                            d += 1;
                            continue;
                        }
                        match self.value_of(&child)?.parent() {
                            Value::Win(n) => {
                                outside.win = Some(outside.win.map_or(n, |w| w.min(n)))
                            }
                            Value::Draw => outside.draw = true,
                            Value::Loss(n) => outside.loss = outside.loss.max(n),
                        }
                    }
                    nodes.push(Node::Inner(outside));
                    degree.push(d);
                }
                Ok((nodes, degree, edges))
            })
            .collect();
        let mut nodes = Vec::with_capacity(size);
        let mut degree = Vec::with_capacity(size);
        let mut edges = Vec::new();
        for c in chunks {
            let (n, d, e) = c?;
            nodes.extend(n);
            degree.extend(d);
            edges.extend(e);
        }
        // Predecessors, compressed: pred[pred_start[c]..pred_start[c + 1]] move into c.
        let mut pred_start = vec![0u32; size + 1];
        for &c in &edges {
            pred_start[c as usize + 1] += 1;
        }
        for i in 0..size {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut pred = vec![0u32; edges.len()];
        let mut e = 0usize;
        for (p, &d) in degree.iter().enumerate() {
            for _ in 0..d {
                let c = edges[e] as usize;
                pred[fill[c] as usize] = p as u32;
                fill[c] += 1;
                e += 1;
            }
        }
        drop(edges);
        drop(fill);
        // Level by level: at level n every position won or lost in n plies is decided.
        let mut values = vec![NOT_A_POSITION; size];
        let mut decided = vec![false; size];
        let mut wins: Vec<Vec<u32>> = vec![Vec::new()];
        let mut losses: Vec<Vec<u32>> = vec![Vec::new()];
        let push = |buckets: &mut Vec<Vec<u32>>, level: u16, p: usize| {
            let l = usize::from(level);
            if buckets.len() <= l {
                buckets.resize_with(l + 1, Vec::new);
            }
            buckets[l].push(p as u32);
        };
        let mut level0 = Vec::new();
        for (p, node) in nodes.iter().enumerate() {
            match *node {
                Node::NotAPosition => {}
                Node::Terminal(v) => {
                    values[p] = v.encode();
                    decided[p] = true;
                    level0.push(p as u32);
                }
                Node::Inner(o) => {
                    values[p] = Value::Draw.encode();
                    if let Some(w) = o.win {
                        push(&mut wins, w, p);
                    } else if degree[p] == 0 && !o.draw {
                        push(&mut losses, o.loss, p);
                    }
                }
            }
        }
        let mut level = 0u16;
        loop {
            let l = usize::from(level);
            if l >= wins.len() && l >= losses.len() {
                break;
            }
            let mut newly = if level == 0 {
                std::mem::take(&mut level0)
            } else {
                Vec::new()
            };
            if l < wins.len() {
                for p in std::mem::take(&mut wins[l]) {
                    if !decided[p as usize] {
                        decided[p as usize] = true;
                        values[p as usize] = Value::Win(level).encode();
                        newly.push(p);
                    }
                }
            }
            if l < losses.len() {
                for p in std::mem::take(&mut losses[l]) {
                    if !decided[p as usize] {
                        decided[p as usize] = true;
                        values[p as usize] = Value::Loss(level).encode();
                        newly.push(p);
                    }
                }
            }
            for &c in &newly {
                let cv = Value::decode(values[c as usize]);
                let preds =
                    &pred[pred_start[c as usize] as usize..pred_start[c as usize + 1] as usize];
                for &q in preds {
                    let q = q as usize;
                    if decided[q] {
                        continue;
                    }
                    match cv {
                        Some(Value::Loss(_)) => push(&mut wins, level + 1, q),
                        Some(Value::Win(_)) => {
                            degree[q] -= 1;
                            if degree[q] == 0
                                && let Node::Inner(o) = nodes[q]
                                && o.win.is_none()
                                && !o.draw
                            {
                                push(&mut losses, o.loss.max(level + 1), q);
                            }
                        }
                        _ => {}
                    }
                }
            }
            level += 1;
        }
        Ok((index, values))
    }

    /// The value of `pos` from the side to move's view: the rules' verdict if it has one,
    /// a short search down to indexed positions if a return is pending, else the table.
    fn value_of(&self, pos: &Position) -> Result<Value, TablebaseError> {
        if let Some(v) = core::terminal(pos) {
            return Ok(v);
        }
        if core::has_pending(pos) {
            let mut best: Option<Value> = None;
            for (_, child) in core::children(pos) {
                let v = self.value_of(&child)?.parent();
                best = Some(best.map_or(v, |b| b.max(v)));
            }
            // A position with no move is terminal (R-23), so `best` is set.
            return Ok(best.unwrap_or(Value::Loss(0)));
        }
        let ending = material(pos);
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
        if !core::is_standard(pos) {
            return Err(TablebaseError::OtherRuleset);
        }
        let units = pos.occupied().count().saturating_sub(2);
        if units > self.max_units {
            if let Some(v) = core::terminal(pos) {
                return Ok(v);
            }
            return Err(TablebaseError::TooManyUnits {
                ending: material(pos),
                units,
                max: self.max_units,
            });
        }
        self.value_of(pos)
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
                w @ Words::Mapped { .. } => Cow::Owned(w.to_vec()),
            };
            (&t.index, words)
        })
    }
}

fn io_error(path: &Path, e: &std::io::Error) -> TablebaseError {
    TablebaseError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// Writes one table through a temporary file, so that a stopped run leaves no half file under
/// the table's name.
fn write_table(dir: &Path, ending: &Ending, values: &[u16]) -> Result<(), TablebaseError> {
    let path = dir.join(file::file_name(ending));
    let tmp = dir.join(format!("{}.tmp", file::file_name(ending)));
    std::fs::write(&tmp, file::encode(ending, values)).map_err(|e| io_error(&tmp, &e))?;
    std::fs::rename(&tmp, &path).map_err(|e| io_error(&path, &e))
}

/// The ending a position's material makes (see [`Ending::of`]).
pub(crate) fn material(pos: &Position) -> Ending {
    let mut red = core::counts(pos, core::SIDES[0]);
    let mut green = core::counts(pos, core::SIDES[1]);
    red[core::Kind::King.index()] = 0;
    green[core::Kind::King.index()] = 0;
    Ending {
        red: Force::from_counts(red),
        green: Force::from_counts(green),
    }
}
