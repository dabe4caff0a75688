//! `gjjq tablebase`: endgame tables (殘局): generate, probe, stats (docs/endgames.md).
//!
//! Output formats (tools read them):
//!
//! - `generate`: writes each ending's `<ending>.gjtb` (values with distances) and
//!   `<ending>.gjwdl` (win, draw or loss only, an eighth of the size); one line per ending of
//!   the set, smallest first:
//!   `<ending> <positions> <seconds>` (positions stored, one of each mirror pair; seconds with
//!   three decimals, `0.000` for an ending already on disk and intact, which is not generated
//!   again). A progress bar goes to stderr (the share of the set's index words done, the
//!   ending, an estimate of the time left). The run holds the directory's lock
//!   (`GenerationLock`): a second run into the same directory fails at once.
//! - `plan --units N [--ending NAME ...]`: the task graph of `generate` with the same
//!   arguments, one line per ending, every ending after the endings it reaches by one capture
//!   (fewest units first, then by name): `<ending> <index-words> <sub1,sub2,...|->`, where
//!   `index-words` is the size of the ending's index (`EndingIndex::size`, placements that are
//!   not positions included) and the list names the endings one capture away, sorted by name,
//!   `-` when there is none (`KvK`). `tools/tb_cluster.py` runs this graph as Ray tasks.
//! - `probe --position S`: `win N`, `loss N` or `draw`, from the side to move's view, N plies
//!   to the end. A position the tables do not cover is an error (stderr, exit 1), one beyond
//!   the directory's most units names that limit; a directory without tables is an error.
//! - `probe --positions-file F`: one line per input line: the same words, `none` for a
//!   position the tables do not cover, `error <reason>` for a line that is no position (or
//!   longer than 65,536 bytes, a limit applied while reading) or a table that cannot be read,
//!   escaped to stay on its line.
//! - `probe --position S --moves`: `<ascii> <value>` per legal move, sorted by the ASCII form,
//!   the value of the position after the move from the side then to move.
//! - `probe --wdl ...`: the same, from the directory's `.gjwdl` files alone, each value `win`,
//!   `draw` or `loss` (no distance).
//! - `stats`: one line per ending: `<ending> positions <p> placements <n> red <w>/<d>/<l> green
//!   <w>/<d>/<l> longest-win <plies> <position string>|-`: `positions` is the count `generate`
//!   prints (positions stored, one of each mirror pair, either side to move), `placements`
//!   the legal placements of the pieces (a position and its mirror image both count); the
//!   wins, draws and losses are counted over legal placements, `red` and `green` for the side
//!   to move.

use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Subcommand;
use gjjq_core::{Position, Setup};
use gjjq_tablebase::{
    Ending, EndingIndex, GenerationLock, Tablebase, TablebaseError, WdlTablebase,
};
use junqi_protocol::line::{BoundedLine, escape_for_line, read_line_limited};

use crate::common::{CliError, open_file, outln};

/// The most units `--units` accepts (four already needs days and tens of gigabytes).
const MAX_UNITS: i64 = 4;

/// The most threads `--threads` starts.
const MAX_THREADS: i64 = 256;

/// The longest line read from a positions file (a position string is under 200 bytes).
const MAX_LINE_BYTES: usize = 64 * 1024;

/// Arguments of `tablebase`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: TablebaseCommand,
}

#[derive(Debug, Subcommand)]
enum TablebaseCommand {
    /// Generate every ending of at most N units (or the named ones) into DIR, resumably:
    /// `<ending> <positions> <seconds>` per ending.
    Generate {
        /// The directory of the table files (created if missing).
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// The most pieces besides the two kings, 0 to 4.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=MAX_UNITS))]
        units: u32,
        /// Worker threads, 1 to 256 (all cores when left out).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS))]
        threads: Option<u32>,
        /// Only this ending (and those it reaches by captures), e.g. `IvD`; repeatable.
        #[arg(long, value_name = "NAME")]
        ending: Vec<String>,
    },
    /// The task graph of `generate`: `<ending> <index-words> <sub1,sub2,...|->` per ending,
    /// every ending after its sub-endings.
    Plan {
        /// The most pieces besides the two kings, 0 to 4.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=MAX_UNITS))]
        units: u32,
        /// Only this ending (and those it reaches by captures), e.g. `IvD`; repeatable.
        #[arg(long, value_name = "NAME")]
        ending: Vec<String>,
    },
    /// The value of a position from the side to move's view: `win N`, `loss N` or `draw`.
    Probe {
        /// The directory of the table files.
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// A position string.
        #[arg(
            long,
            value_name = "STRING",
            required_unless_present = "positions_file"
        )]
        position: Option<String>,
        /// A file of position strings, one a line: one answer line each.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves"])]
        positions_file: Option<String>,
        /// Every legal move with the value after it, sorted by ASCII form.
        #[arg(long)]
        moves: bool,
        /// Answer from the win/draw/loss files (`*.gjwdl`) alone: `win`, `draw` or `loss`.
        #[arg(long)]
        wdl: bool,
    },
    /// Per ending: positions (as `generate` counts them), placements, wins/draws/losses for
    /// each side to move, the longest win.
    Stats {
        /// The directory of the table files.
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
    },
}

/// Run `tablebase`.
pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        TablebaseCommand::Generate {
            dir,
            units,
            threads,
            ending,
        } => generate(&dir, units, threads, &ending),
        TablebaseCommand::Plan { units, ending } => print_plan(units, &ending),
        TablebaseCommand::Probe {
            dir,
            position,
            positions_file,
            moves,
            wdl,
        } => match (position, positions_file) {
            (Some(s), _) => probe_one(&dir, &s, moves, wdl),
            (None, Some(f)) => probe_file(&dir, &f, wdl),
            (None, None) => Err(CliError("give --position or --positions-file".into())),
        },
        TablebaseCommand::Stats { dir } => stats(&dir),
    }
}

/// The endings to generate: every one of at most `units`, or the named ones, each with the
/// endings it reaches by captures, fewest units first.
fn plan(units: u32, names: &[String]) -> Result<Vec<Ending>, CliError> {
    if names.is_empty() {
        return Ok(Ending::all_up_to(units));
    }
    let mut set = BTreeSet::new();
    let mut todo = Vec::new();
    for name in names {
        let e: Ending = name
            .parse()
            .map_err(|e| CliError(format!("--ending {name}: {e}")))?;
        if e.units() > units {
            return Err(CliError(format!(
                "--ending {name}: {} units besides the kings, more than --units {units}",
                e.units()
            )));
        }
        todo.push(e);
    }
    while let Some(e) = todo.pop() {
        if set.insert(e) {
            todo.extend(e.sub_endings());
        }
    }
    let mut v: Vec<Ending> = set.into_iter().collect();
    v.sort_by_key(|e| (e.units(), e.to_string()));
    Ok(v)
}

/// `plan`: the endings `generate` would make, each with its index size and the endings one
/// capture away. The order is `plan`'s (fewest units first), in which a capture's ending,
/// having one unit fewer, always comes first.
fn print_plan(units: u32, names: &[String]) -> Result<(), CliError> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for e in plan(units, names)? {
        let mut subs: Vec<String> = e.sub_endings().iter().map(Ending::to_string).collect();
        subs.sort();
        let subs = if subs.is_empty() {
            "-".to_owned()
        } else {
            subs.join(",")
        };
        writeln!(out, "{e} {} {subs}", EndingIndex::new(e).size())?;
    }
    out.flush()?;
    Ok(())
}

fn generate(
    dir: &Path,
    units: u32,
    threads: Option<u32>,
    names: &[String],
) -> Result<(), CliError> {
    let plan = plan(units, names)?;
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        builder = builder.num_threads(t as usize);
    }
    let pool = builder
        .build()
        .map_err(|e| CliError(format!("cannot start the threads: {e}")))?;
    // Every ending is checked against the generator's limit before hours go into the others.
    // The bar counts index words (what generation costs is about proportional to them), so
    // its estimate of the time left weighs a large ending as what it is. An ending already on
    // disk leaves the count instead of advancing it, so a resumed run does not take the
    // endings it reads for a speed.
    let sizes: Vec<u64> = plan
        .iter()
        .map(|e| Tablebase::generation_words(e).map(|w| w as u64))
        .collect::<Result<_, _>>()?;
    let bar = indicatif::ProgressBar::new(sizes.iter().sum());
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {percent}% of the index, {msg}, about {eta} left",
        )
        .map_err(|e| CliError(format!("progress bar: {e}")))?
        .progress_chars("=> "),
    );
    // One run at a time in a directory: the lock is held until the run ends (a second run
    // fails at once with a message naming the lock file).
    let lock = GenerationLock::acquire(dir)?;
    // SAFETY: `new_mapped`'s contract is that no table file it maps is changed in place while
    // mapped. The files it maps are the tables of `dir`, which this run holds the generation
    // lock of: gjjq writes a table only into a new temporary file renamed over the old name
    // (an open mapping keeps the old contents), and only under that lock. Mapping them is
    // what keeps a run's memory at its largest ending's rather than the whole set's (16 GB
    // for the ≤ 3-unit set); the maps live no longer than this function.
    #[allow(unsafe_code)]
    let mut tb = unsafe { Tablebase::new_mapped() };
    let started = Instant::now();
    for (i, (ending, &size)) in plan.iter().zip(&sizes).enumerate() {
        bar.set_message(format!("ending {}/{} {ending}", i + 1, plan.len()));
        let generated = pool.install(|| tb.generate_locked(&lock, &[*ending]))?;
        let line = match generated.iter().find(|s| s.ending == *ending) {
            Some(s) => {
                bar.inc(size);
                format!("{} {} {:.3}", s.ending, s.positions, s.seconds)
            }
            None => {
                bar.dec_length(size);
                format!("{ending} {} 0.000", tb.stats(ending)?.stored)
            }
        };
        bar.suspend(|| -> Result<(), CliError> {
            outln!("{line}");
            std::io::stdout().flush()?;
            Ok(())
        })?;
    }
    bar.finish_and_clear();
    let _ = writeln!(
        std::io::stderr(),
        "{} endings in {:.1} s",
        plan.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The position of a position string, under the standard ruleset.
fn parse_position(s: &str) -> Result<Position, String> {
    let setup: Setup = s.parse().map_err(|e| format!("position string: {e}"))?;
    Position::from_setup(setup).map_err(|e| format!("position: {e}"))
}

/// Whether an error means only "not in the tables".
fn not_covered(e: &TablebaseError) -> bool {
    matches!(
        e,
        TablebaseError::MissingTable(_)
            | TablebaseError::TooManyUnits { .. }
            | TablebaseError::OutsideIndex(_)
            | TablebaseError::OtherRuleset
    )
}

/// The tables of one directory, loaded as the positions probed need them.
struct Prober<'a> {
    dir: &'a Path,
    tables: Tables,
    /// The most units of the table files in `dir` (by their names).
    max_units: u32,
}

/// The files a prober reads: the `.gjtb` files (values with distances) or the `.gjwdl` ones.
enum Tables {
    Dtm(Tablebase),
    Wdl(WdlTablebase),
}

/// What `no_tables` calls the `.gjtb` files.
const DTM_FILES: &str = "table files (*.gjtb)";

impl Tables {
    /// An empty set of the `.gjwdl` files for `wdl`, else of the `.gjtb` files.
    fn empty(wdl: bool) -> Tables {
        if wdl {
            Tables::Wdl(WdlTablebase::new())
        } else {
            Tables::Dtm(Tablebase::new())
        }
    }

    /// The endings of this kind of file in `dir`, by their names.
    fn endings_in(&self, dir: &Path) -> Result<Vec<Ending>, TablebaseError> {
        match self {
            Tables::Dtm(_) => Tablebase::endings_in(dir),
            Tables::Wdl(_) => WdlTablebase::endings_in(dir),
        }
    }

    /// What these files are called in messages.
    fn files(&self) -> &'static str {
        match self {
            Tables::Dtm(_) => DTM_FILES,
            Tables::Wdl(_) => "win/draw/loss files (*.gjwdl)",
        }
    }
}

impl<'a> Prober<'a> {
    /// The prober of `dir`: a directory with at least one table file (`.gjwdl` for `wdl`).
    fn new(dir: &'a Path, wdl: bool) -> Result<Prober<'a>, CliError> {
        if !dir.is_dir() {
            return Err(CliError(format!("{}: not a directory", dir.display())));
        }
        let tables = Tables::empty(wdl);
        let endings = tables.endings_in(dir)?;
        let Some(max_units) = endings.iter().map(Ending::units).max() else {
            return Err(no_tables(dir, tables.files()));
        };
        Ok(Prober {
            dir,
            tables,
            max_units,
        })
    }

    /// The value of `pos` in words (`win N`, `draw`, `loss N`; `win`, `draw`, `loss` from
    /// `.gjwdl` files), the tables it needs loaded first. A position the rules have decided
    /// needs none: the probe values it by the rules (R-21 … R-24), held tables or not.
    fn value(&mut self, pos: &Position) -> Result<String, TablebaseError> {
        if pos.outcome().is_none() {
            let ending = Ending::of(pos);
            if ending.units() > self.max_units {
                // Beyond every table here: say the limit, not a missing table.
                return Err(TablebaseError::TooManyUnits {
                    ending,
                    units: ending.units(),
                    max: self.max_units,
                });
            }
            match &mut self.tables {
                Tables::Dtm(tb) => tb.load(self.dir, &ending)?,
                Tables::Wdl(tb) => tb.load(self.dir, &ending)?,
            }
        }
        match &self.tables {
            Tables::Dtm(tb) => tb.probe_dtm(pos).map(|v| v.to_string()),
            Tables::Wdl(tb) => tb.probe_wdl(pos).map(|w| w.to_string()),
        }
    }
}

/// The error for a directory without any of `files` ([`Tables::files`]).
fn no_tables(dir: &Path, files: &str) -> CliError {
    CliError(format!(
        "{}: no {files} in this directory; make them with `gjjq tablebase generate`",
        dir.display()
    ))
}

fn probe_one(dir: &Path, s: &str, moves: bool, wdl: bool) -> Result<(), CliError> {
    let mut prober = Prober::new(dir, wdl)?;
    let pos = parse_position(s).map_err(CliError)?;
    if !moves {
        let v = prober
            .value(&pos)
            .map_err(|e| CliError(format!("the tables in {}: {e}", dir.display())))?;
        outln!("{v}");
        return Ok(());
    }
    let mut lines = Vec::new();
    for m in pos.legal_moves() {
        let child = pos.clone().play(m)?;
        let v = prober
            .value(&child)
            .map_err(|e| CliError(format!("after {m}: the tables in {}: {e}", dir.display())))?;
        lines.push(format!("{m} {v}"));
    }
    lines.sort();
    for l in lines {
        outln!("{l}");
    }
    Ok(())
}

fn probe_file(dir: &Path, path: &str, wdl: bool) -> Result<(), CliError> {
    let mut prober = Prober::new(dir, wdl)?;
    let mut reader = std::io::BufReader::new(open_file(path)?);
    answer_lines(
        &mut reader,
        &mut std::io::stdout().lock(),
        path,
        |line, first| answer(&mut prober, line, first),
    )
}

/// Write one answer per line of `reader` (`answer` gets the line, its end removed, and
/// whether it is the first). A line longer than [`MAX_LINE_BYTES`] is refused at its limit
/// (issue 50, item 10): it is answered `error line longer than 65536 bytes` and reading stops
/// there with an error naming it, since its end may never come (`/dev/zero`); no more than the
/// limit is ever read of it or held.
fn answer_lines<R: BufRead, W: Write>(
    reader: &mut R,
    out: &mut W,
    path: &str,
    mut answer: impl FnMut(&[u8], bool) -> String,
) -> Result<(), CliError> {
    let mut buf = Vec::new();
    let mut number = 0usize;
    while let Some(read) = read_line_limited(reader, &mut buf, MAX_LINE_BYTES)
        .map_err(|e| CliError(format!("{path}: {e}")))?
    {
        number += 1;
        match read {
            BoundedLine::TooLong => {
                writeln!(out, "error line longer than {MAX_LINE_BYTES} bytes")?;
                out.flush()?;
                return Err(CliError(format!(
                    "{path}: line {number} is longer than {MAX_LINE_BYTES} bytes: \
                     the lines after it are not read"
                )));
            }
            // An answer may quote the tables' files (a name, a damaged header): one line each.
            BoundedLine::Complete => {
                writeln!(out, "{}", escape_for_line(&answer(&buf, number == 1)))?;
            }
        }
    }
    Ok(())
}

/// The answer to one line of a positions file (its line end removed).
fn answer(prober: &mut Prober<'_>, line: &[u8], first: bool) -> String {
    let Ok(text) = std::str::from_utf8(line) else {
        return "error not valid UTF-8".to_owned();
    };
    let text = if first {
        text.strip_prefix('\u{feff}').unwrap_or(text)
    } else {
        text
    };
    let text = text.trim();
    if text.is_empty() {
        return "error empty line".to_owned();
    }
    let pos = match parse_position(text) {
        Ok(p) => p,
        Err(reason) => return format!("error {reason}"),
    };
    match prober.value(&pos) {
        Ok(v) => v,
        Err(e) if not_covered(&e) => "none".to_owned(),
        Err(e) => format!("error {e}"),
    }
}

fn stats(dir: &Path) -> Result<(), CliError> {
    let tb = Tablebase::open(dir)?;
    if tb.is_empty() {
        return Err(no_tables(dir, DTM_FILES));
    }
    let mut endings = tb.endings();
    endings.sort_by_key(|e| (e.units(), e.to_string()));
    for e in endings {
        let s = tb.stats(&e)?;
        let [r, g] = s.wdl;
        let at = s
            .longest_win_position
            .map_or_else(|| "-".to_owned(), |p| p.to_string());
        outln!(
            "{e} positions {} placements {} red {}/{}/{} green {}/{}/{} longest-win {} {at}",
            s.stored,
            s.placements,
            r[0],
            r[1],
            r[2],
            g[0],
            g[1],
            g[2],
            s.longest_win
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader of endless zeros without a line end (as `/dev/zero`), and how much it gave.
    struct Zeros(u64);

    impl std::io::Read for Zeros {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            out.fill(0);
            self.0 += out.len() as u64;
            Ok(out.len())
        }
    }

    /// Issue 50, item 10: `--positions-file /dev/zero` is refused at the line limit, as a
    /// regular file of zeros is, instead of being read for ever.
    #[test]
    fn an_endless_line_is_refused_at_the_limit() {
        let mut reader = std::io::BufReader::new(Zeros(0));
        let mut out = Vec::new();
        let err =
            answer_lines(&mut reader, &mut out, "/dev/zero", |_, _| unreachable!()).unwrap_err();
        assert_eq!(out, b"error line longer than 65536 bytes\n");
        assert_eq!(
            err.0,
            "/dev/zero: line 1 is longer than 65536 bytes: the lines after it are not read"
        );
        assert!(reader.get_ref().0 <= 2 * 65_536, "{}", reader.get_ref().0);
        // Lines before it are answered.
        let mut input = "a\nb\n".as_bytes();
        let mut out = Vec::new();
        answer_lines(&mut input, &mut out, "f", |l, first| {
            format!("{}{}", String::from_utf8_lossy(l), u8::from(first))
        })
        .unwrap();
        assert_eq!(out, b"a1\nb0\n");
    }
}
