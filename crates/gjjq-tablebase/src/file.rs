//! The table file format, version 2, one file per ending, named `<ending>.gjtb` (`IvK.gjtb`).
//!
//! All integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GJJQTB\r\n` |
//! | 4 | version, 2 (the index layout of [`crate::EndingIndex`]) |
//! | 1 | length `n` of the ending name |
//! | n | the ending name, ASCII (`IvK`) |
//! | 8 | ruleset hash: FNV-1a 64 of the standard ruleset's play options |
//! | 8 | index size `s` (see [`crate::EndingIndex`]) |
//! | 2 × s | one word per index: 0 draw, `0x8000 \| n` win in n, `0x4000 \| n` loss in n, `0xFFFF` not a position |
//! | 8 | checksum: FNV-1a 64 of every byte before it |
//!
//! Beside it, `<ending>.gjwdl` (version 1) holds win, draw or loss only, in two bits a word,
//! an eighth of the size, for a program that needs no distances (see [`crate::WdlTablebase`]):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GJJQWDL\n` |
//! | 4 | version, 1 |
//! | 1, n, 8, 8 | the ending name's length and name, the ruleset hash, the index size `s`, as above |
//! | ⌈s / 4⌉ | four words a byte, word `i` in bits `2(i mod 4)` and up of byte `i / 4`: 0 draw, 1 win, 2 loss, 3 not a position; the unused bits of the last byte 0 |
//! | 8 | checksum: FNV-1a 64 of every byte before it |
//!
//! Files are read into memory or mapped ([`crate::Tablebase::open`],
//! [`crate::Tablebase::open_mapped`]); each is checked whole when it is
//! opened (magic, version, name, ruleset hash, size against the index, every word, checksum),
//! which reads every byte once, and any fault is a typed error, never a value. Probes then read
//! only the words they need. A file changed in place after it was opened is not checked again:
//! generation never does that (it writes a new file and renames it over the old one, so an open
//! mapping keeps the old contents), and nothing else should.

use std::path::{Path, PathBuf};

use crate::core;
use crate::ending::{Ending, EndingParseError};
use crate::index::EndingIndex;
use crate::value::{NOT_A_POSITION, Value, Wdl};

/// The two kinds of table file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// `<ending>.gjtb`: a value (with its distance) a word, two bytes.
    Dtm,
    /// `<ending>.gjwdl`: win, draw or loss a word, two bits.
    Wdl,
}

impl Format {
    fn magic(self) -> &'static [u8; 8] {
        match self {
            Format::Dtm => b"GJJQTB\r\n",
            Format::Wdl => b"GJJQWDL\n",
        }
    }

    fn version(self) -> u32 {
        match self {
            Format::Dtm => 2,
            Format::Wdl => 1,
        }
    }

    /// The file name's extension.
    pub(crate) fn extension(self) -> &'static str {
        match self {
            Format::Dtm => "gjtb",
            Format::Wdl => "gjwdl",
        }
    }

    /// The bytes of the words of an index of `size` words.
    fn body_len(self, size: usize) -> usize {
        match self {
            Format::Dtm => 2 * size,
            Format::Wdl => size.div_ceil(4),
        }
    }

    /// What is wrong with the words of a file (`size` of them in `body`), if anything.
    fn check_body(self, body: &[u8], size: usize) -> Result<(), String> {
        match self {
            Format::Dtm => match body
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .position(|w| w != NOT_A_POSITION && Value::decode(w).is_none())
            {
                Some(i) => Err(format!("word {i} is no value")),
                None => Ok(()),
            },
            // Every two bits are a code; only the bits past the last word must be clear.
            Format::Wdl => match (size % 4, body.last()) {
                (used @ 1..=3, Some(&last)) if last >> (2 * used) != 0 => {
                    Err("bits set past the last word".to_owned())
                }
                _ => Ok(()),
            },
        }
    }
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The hash of the rules the tables are built under.
pub(crate) fn ruleset_hash() -> u64 {
    fnv1a(core::ruleset_description().as_bytes())
}

/// The file name of `ending`'s table in `format` (`IvK.gjtb`, `IvK.gjwdl`).
pub(crate) fn file_name(ending: &Ending, format: Format) -> String {
    format!("{ending}.{}", format.extension())
}

/// The files of `format` in `dir` (by their extension), sorted by name.
pub(crate) fn files_in(dir: &Path, format: Format) -> std::io::Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|x| x == format.extension()) {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

/// The ending a table file's name says (`IvK.gjtb`: `IvK`).
pub(crate) fn ending_of(path: &Path) -> Result<Ending, EndingParseError> {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("")
        .parse()
}

/// What each two-bit code of a `.gjwdl` file means (`None`: not a position).
const WDL_CODES: [Option<Wdl>; 4] = [Some(Wdl::Draw), Some(Wdl::Win), Some(Wdl::Loss), None];

/// The two-bit code of a stored word in a `.gjwdl` file.
fn wdl_code(w: u16) -> u8 {
    let wdl = Value::decode(w).map(Value::wdl);
    WDL_CODES.iter().position(|&c| c == wdl).unwrap_or(3) as u8
}

/// The bytes of one table's file in `format`, from its stored words.
pub(crate) fn encode(ending: &Ending, values: &[u16], format: Format) -> Vec<u8> {
    let name = ending.to_string();
    let mut out = Vec::with_capacity(45 + name.len() + format.body_len(values.len()));
    out.extend_from_slice(format.magic());
    out.extend_from_slice(&format.version().to_le_bytes());
    out.push(name.len() as u8);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&ruleset_hash().to_le_bytes());
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    match format {
        Format::Dtm => {
            for &w in values {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        Format::Wdl => {
            for four in values.chunks(4) {
                let byte = four
                    .iter()
                    .enumerate()
                    .fold(0u8, |b, (i, &w)| b | wdl_code(w) << (2 * i));
                out.push(byte);
            }
        }
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The stored words of one table: in memory after generation, or a checked file's mapping.
#[derive(Debug)]
pub(crate) enum Words {
    /// Generated here.
    Owned(Vec<u16>),
    /// A mapped file's words, two bytes each.
    Mapped(Checked),
}

impl Words {
    /// How many words.
    pub(crate) fn len(&self) -> usize {
        match self {
            Words::Owned(v) => v.len(),
            Words::Mapped(c) => c.len,
        }
    }

    /// Word `i` (`i < len`, checked by the caller; out of range reads as not a position).
    #[inline]
    pub(crate) fn get(&self, i: usize) -> u16 {
        match self {
            Words::Owned(v) => v.get(i).copied().unwrap_or(NOT_A_POSITION),
            Words::Mapped(c) => {
                if i >= c.len {
                    return NOT_A_POSITION;
                }
                let at = c.start + 2 * i;
                u16::from_le_bytes([c.bytes[at], c.bytes[at + 1]])
            }
        }
    }

    /// Every word, copied.
    pub(crate) fn to_vec(&self) -> Vec<u16> {
        match self {
            Words::Owned(v) => v.clone(),
            Words::Mapped(_) => (0..self.len()).map(|i| self.get(i)).collect(),
        }
    }
}

/// How a [`crate::Tablebase`] holds the files it opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Access {
    /// Read whole into memory ([`read`]): safe whatever happens to the file afterwards.
    #[default]
    Read,
    /// Memory-mapped ([`map`]): chosen only through the tablebase's `unsafe` constructors,
    /// whose callers promise that no file is changed while it is mapped.
    Map,
}

/// A file's bytes, checked whole, and where its words are in them.
#[derive(Debug)]
pub(crate) struct Checked {
    bytes: Bytes,
    /// Where the words start in `bytes`.
    start: usize,
    /// How many words.
    len: usize,
}

/// The win/draw/loss codes of one `.gjwdl` file, read or mapped, two bits a word.
#[derive(Debug)]
pub(crate) struct Codes(Checked);

/// A checked file's bytes.
#[derive(Debug)]
enum Bytes {
    Owned(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            Bytes::Mapped(m) => m,
        }
    }
}

impl Codes {
    /// Word `i`'s verdict, `None` for a placement that is not a position (or `i` out of
    /// range).
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<Wdl> {
        let c = &self.0;
        if i >= c.len {
            return None;
        }
        WDL_CODES[usize::from((c.bytes[c.start + i / 4] >> (2 * (i % 4))) & 3)]
    }
}

/// `path` as `index`'s table, read or mapped as `access` says, checked whole.
pub(crate) fn load(path: &Path, index: &EndingIndex, access: Access) -> Result<Words, MapError> {
    let checked = load_bytes(path, index, access, Format::Dtm)?;
    Ok(match checked.bytes {
        Bytes::Owned(ref bytes) => Words::Owned(
            bytes[checked.start..checked.start + 2 * checked.len]
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        ),
        Bytes::Mapped(_) => Words::Mapped(checked),
    })
}

/// `path` as `index`'s `.gjwdl` file, read or mapped as `access` says, checked whole.
pub(crate) fn load_codes(
    path: &Path,
    index: &EndingIndex,
    access: Access,
) -> Result<Codes, MapError> {
    load_bytes(path, index, access, Format::Wdl).map(Codes)
}

/// The bytes of `path`, read or mapped, checked whole as `index`'s file in `format`.
fn load_bytes(
    path: &Path,
    index: &EndingIndex,
    access: Access,
    format: Format,
) -> Result<Checked, MapError> {
    let (bytes, start) = match access {
        Access::Read => read(path, index, format)?,
        // SAFETY: `Access::Map` is set only by `Tablebase::new_mapped` and
        // `WdlTablebase::open_mapped`, `unsafe fn`s whose callers promise that no table file
        // is modified or truncated while it is mapped: `map`'s contract.
        #[allow(unsafe_code)]
        Access::Map => unsafe { map(path, index, format)? },
    };
    Ok(Checked {
        bytes,
        start,
        len: index.size(),
    })
}

/// Reads `path` whole into memory and checks it as `index`'s file in `format`.
fn read(path: &Path, index: &EndingIndex, format: Format) -> Result<(Bytes, usize), MapError> {
    use std::io::Read as _;
    let mut f = open_regular(path)?;
    let len = f.metadata().map_err(|e| MapError::Io(e.to_string()))?.len();
    // The size the file must have is known from the index: a larger one is refused before
    // it is read, so a huge file named like a table cannot take the memory.
    let most = 8 + 4 + 1 + 255 + 8 + 8 + format.body_len(index.size()) as u64 + 8;
    if len > most {
        return Err(MapError::Corrupt(format!(
            "{len} bytes, more than a table of {} holds",
            index.ending()
        )));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    f.by_ref()
        .take(most + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| MapError::Io(e.to_string()))?;
    let start = check(&bytes, index, format).map_err(MapError::Corrupt)?;
    Ok((Bytes::Owned(bytes), start))
}

/// Maps `path` and checks it whole as `index`'s file in `format`.
///
/// # Safety
///
/// The file must not be modified or truncated while the returned bytes (and any table made of
/// them) are alive: the mapping would see the change, or the process be killed by `SIGBUS`
/// for a read past a truncated end (undefined behaviour by Rust's rules either way).
/// Replacing the file by a rename, as generation does, is harmless: the mapping keeps the old
/// contents.
#[allow(unsafe_code)]
unsafe fn map(
    path: &Path,
    index: &EndingIndex,
    format: Format,
) -> Result<(Bytes, usize), MapError> {
    let f = open_regular(path)?;
    let len = f.metadata().map_err(|e| MapError::Io(e.to_string()))?.len();
    if len < 8 {
        return Err(MapError::Corrupt(format!("truncated: {len} bytes")));
    }
    // SAFETY: the caller's promise (this function's contract).
    let map = unsafe { memmap2::Mmap::map(&f) }.map_err(|e| MapError::Io(e.to_string()))?;
    let start = check(&map, index, format).map_err(MapError::Corrupt)?;
    Ok((Bytes::Mapped(map), start))
}

/// `O_NONBLOCK` of Linux on the architectures where it is `0o4000` (all but alpha, MIPS,
/// PA-RISC and SPARC): std has no name for it and the crate takes no `libc` for one constant.
/// Elsewhere `None`: the metadata check before opening is all there is.
#[cfg_attr(not(unix), allow(dead_code))]
const O_NONBLOCK: Option<i32> = if cfg!(all(
    target_os = "linux",
    any(
        target_arch = "x86",
        target_arch = "x86_64",
        target_arch = "arm",
        target_arch = "aarch64",
        target_arch = "riscv64",
        target_arch = "powerpc64",
        target_arch = "s390x",
        target_arch = "loongarch64"
    )
)) {
    Some(0o4000)
} else {
    None
};

/// Opens `path` for reading if it is a regular file (or a link to one), never blocking: a
/// FIFO, a device, a socket or a directory named like a table is refused from its metadata
/// before it is opened (opening a FIFO would wait for a writer), and where the platform allows
/// it the file is opened non-blocking and checked again once open, so that one swapped in
/// between the two looks cannot block either. Reading a regular file is unaffected by
/// `O_NONBLOCK`, and mapping it too.
pub(crate) fn open_regular(path: &Path) -> Result<std::fs::File, MapError> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // `metadata` follows links: a link whose target is missing is named as such.
            return Err(match std::fs::symlink_metadata(path) {
                Ok(l) if l.file_type().is_symlink() => MapError::DanglingLink(
                    std::fs::read_link(path)
                        .map_or_else(|_| "?".to_owned(), |t| t.display().to_string()),
                ),
                _ => MapError::Missing,
            });
        }
        Err(e) => return Err(MapError::Io(e.to_string())),
    };
    if !meta.is_file() {
        return Err(MapError::NotAFile(file_kind(&meta.file_type())));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    if let Some(flag) = O_NONBLOCK {
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, flag);
    }
    let f = options
        .open(path)
        .map_err(|e| MapError::Io(e.to_string()))?;
    let opened = f.metadata().map_err(|e| MapError::Io(e.to_string()))?;
    if !opened.is_file() {
        return Err(MapError::NotAFile(file_kind(&opened.file_type())));
    }
    Ok(f)
}

/// What a file that is not a regular one is, in words.
pub(crate) fn file_kind(t: &std::fs::FileType) -> &'static str {
    if t.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Why a file cannot be mapped.
#[derive(Debug)]
pub(crate) enum MapError {
    /// No such file (nor a link of that name).
    Missing,
    /// A symbolic link whose target (given) does not exist.
    DanglingLink(String),
    /// Something else than a regular file: what it is.
    NotAFile(&'static str),
    /// The system's message.
    Io(String),
    /// What is wrong with the contents.
    Corrupt(String),
}

/// Checks a table file's bytes in `format` against `ending`'s index; returns where the words
/// start.
fn check(bytes: &[u8], index: &EndingIndex, format: Format) -> Result<usize, String> {
    let mut at = 0usize;
    let mut take = |n: usize| -> Result<(&[u8], usize), String> {
        let s = bytes
            .get(at..at + n)
            .ok_or_else(|| format!("truncated at byte {at}"))?;
        at += n;
        Ok((s, at))
    };
    if take(8)?.0 != format.magic() {
        return Err(format!(
            "not a gjjq .{} file (bad magic)",
            format.extension()
        ));
    }
    let version = u32::from_le_bytes(take(4)?.0.try_into().map_err(|_| "version")?);
    if version != format.version() {
        return Err(format!(
            "version {version}, this library reads {}",
            format.version()
        ));
    }
    let n = usize::from(take(1)?.0[0]);
    let name = String::from_utf8_lossy(take(n)?.0).into_owned();
    if name != index.ending().to_string() {
        return Err(format!("holds {name}, expected {}", index.ending()));
    }
    let hash = u64::from_le_bytes(take(8)?.0.try_into().map_err(|_| "hash")?);
    if hash != ruleset_hash() {
        return Err("built under another ruleset (ruleset hash differs)".to_owned());
    }
    let size = u64::from_le_bytes(take(8)?.0.try_into().map_err(|_| "size")?);
    if size != index.size() as u64 {
        return Err(format!("index size {size}, expected {}", index.size()));
    }
    let (body, end) = take(format.body_len(index.size()))?;
    let start = end - body.len();
    let (sum, total) = take(8)?;
    let sum = u64::from_le_bytes(sum.try_into().map_err(|_| "checksum")?);
    if total != bytes.len() {
        return Err("trailing bytes after the checksum".to_owned());
    }
    if sum != fnv1a(&bytes[..end]) {
        return Err("checksum mismatch".to_owned());
    }
    format.check_body(body, index.size())?;
    Ok(start)
}
