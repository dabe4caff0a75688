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
//! Files are memory-mapped ([`crate::Tablebase::open`]); each is checked whole when it is
//! opened (magic, version, name, ruleset hash, size against the index, every word, checksum),
//! which reads every byte once, and any fault is a typed error, never a value. Probes then read
//! only the words they need. A file changed in place after it was opened is not checked again:
//! generation never does that (it writes a new file and renames it over the old one, so an open
//! mapping keeps the old contents), and nothing else should.

use std::path::Path;

use crate::core;
use crate::ending::Ending;
use crate::index::EndingIndex;
use crate::value::{NOT_A_POSITION, Value};

const MAGIC: &[u8; 8] = b"GJJQTB\r\n";
const VERSION: u32 = 2;

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

/// The file name of `ending`.
pub(crate) fn file_name(ending: &Ending) -> String {
    format!("{ending}.gjtb")
}

/// The bytes of one table.
pub(crate) fn encode(ending: &Ending, values: &[u16]) -> Vec<u8> {
    let name = ending.to_string();
    let mut out = Vec::with_capacity(40 + name.len() + 2 * values.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(name.len() as u8);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&ruleset_hash().to_le_bytes());
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    for &w in values {
        out.extend_from_slice(&w.to_le_bytes());
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
    /// A mapped file whose words start at byte `start`.
    Mapped {
        map: memmap2::Mmap,
        start: usize,
        len: usize,
    },
}

impl Words {
    /// How many words.
    pub(crate) fn len(&self) -> usize {
        match self {
            Words::Owned(v) => v.len(),
            Words::Mapped { len, .. } => *len,
        }
    }

    /// Word `i` (`i < len`, checked by the caller; out of range reads as not a position).
    #[inline]
    pub(crate) fn get(&self, i: usize) -> u16 {
        match self {
            Words::Owned(v) => v.get(i).copied().unwrap_or(NOT_A_POSITION),
            Words::Mapped { map, start, len } => {
                if i >= *len {
                    return NOT_A_POSITION;
                }
                let at = start + 2 * i;
                u16::from_le_bytes([map[at], map[at + 1]])
            }
        }
    }

    /// Every word, copied.
    pub(crate) fn to_vec(&self) -> Vec<u16> {
        match self {
            Words::Owned(v) => v.clone(),
            Words::Mapped { .. } => (0..self.len()).map(|i| self.get(i)).collect(),
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

/// `path` as `index`'s table, read or mapped as `access` says, checked whole.
pub(crate) fn load(path: &Path, index: &EndingIndex, access: Access) -> Result<Words, MapError> {
    match access {
        Access::Read => read(path, index),
        // SAFETY: `Access::Map` is set only by `Tablebase::new_mapped`, an `unsafe fn` whose
        // caller promises that no table file is modified or truncated while it is mapped:
        // `map`'s contract.
        #[allow(unsafe_code)]
        Access::Map => unsafe { map(path, index) },
    }
}

/// Reads `path` whole into memory and checks it as `index`'s table.
pub(crate) fn read(path: &Path, index: &EndingIndex) -> Result<Words, MapError> {
    use std::io::Read as _;
    let mut f = open_regular(path)?;
    let len = f.metadata().map_err(|e| MapError::Io(e.to_string()))?.len();
    // The size the file must have is known from the index: a larger one is refused before
    // it is read, so a huge file named like a table cannot take the memory.
    let most = 8 + 4 + 1 + 255 + 8 + 8 + 2 * index.size() as u64 + 8;
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
    let start = check(&bytes, index).map_err(MapError::Corrupt)?;
    let words = bytes[start..start + 2 * index.size()]
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    Ok(Words::Owned(words))
}

/// Maps `path` and checks it whole as `index`'s table.
///
/// # Safety
///
/// The file must not be modified or truncated while the returned words (and any table made of
/// them) are alive: the mapping would see the change, or the process be killed by `SIGBUS`
/// for a read past a truncated end (undefined behaviour by Rust's rules either way).
/// Replacing the file by a rename, as generation does, is harmless: the mapping keeps the old
/// contents.
#[allow(unsafe_code)]
pub(crate) unsafe fn map(path: &Path, index: &EndingIndex) -> Result<Words, MapError> {
    let f = open_regular(path)?;
    let len = f.metadata().map_err(|e| MapError::Io(e.to_string()))?.len();
    if len < 8 {
        return Err(MapError::Corrupt(format!("truncated: {len} bytes")));
    }
    // SAFETY: the caller's promise (this function's contract).
    let map = unsafe { memmap2::Mmap::map(&f) }.map_err(|e| MapError::Io(e.to_string()))?;
    let start = check(&map, index).map_err(MapError::Corrupt)?;
    Ok(Words::Mapped {
        map,
        start,
        len: index.size(),
    })
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

/// Checks a table file's bytes against `ending`'s index; returns where the words start.
fn check(bytes: &[u8], index: &EndingIndex) -> Result<usize, String> {
    let mut at = 0usize;
    let mut take = |n: usize| -> Result<(&[u8], usize), String> {
        let s = bytes
            .get(at..at + n)
            .ok_or_else(|| format!("truncated at byte {at}"))?;
        at += n;
        Ok((s, at))
    };
    if take(8)?.0 != MAGIC {
        return Err("not a gjjq table file (bad magic)".to_owned());
    }
    let version = u32::from_le_bytes(take(4)?.0.try_into().map_err(|_| "version")?);
    if version != VERSION {
        return Err(format!("version {version}, this library reads {VERSION}"));
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
    let (body, end) = take(2 * index.size())?;
    let start = end - body.len();
    let (sum, total) = take(8)?;
    let sum = u64::from_le_bytes(sum.try_into().map_err(|_| "checksum")?);
    if total != bytes.len() {
        return Err("trailing bytes after the checksum".to_owned());
    }
    if sum != fnv1a(&bytes[..end]) {
        return Err("checksum mismatch".to_owned());
    }
    if let Some(i) = body
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .position(|w| w != NOT_A_POSITION && Value::decode(w).is_none())
    {
        return Err(format!("word {i} is no value"));
    }
    Ok(start)
}
