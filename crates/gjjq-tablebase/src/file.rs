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
//! A file is read whole at open and checked (magic, version, name, ruleset hash, size against
//! the index, every word, checksum); any fault is a typed error, never a value.

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

/// The values of a table file's bytes, checked against `ending`'s index.
pub(crate) fn decode(bytes: &[u8], index: &EndingIndex) -> Result<Vec<u16>, String> {
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
    let values: Vec<u16> = body
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let (sum, total) = take(8)?;
    let sum = u64::from_le_bytes(sum.try_into().map_err(|_| "checksum")?);
    if total != bytes.len() {
        return Err("trailing bytes after the checksum".to_owned());
    }
    if sum != fnv1a(&bytes[..end]) {
        return Err("checksum mismatch".to_owned());
    }
    if let Some(i) = values
        .iter()
        .position(|&w| w != NOT_A_POSITION && Value::decode(w).is_none())
    {
        return Err(format!("word {i} is no value"));
    }
    Ok(values)
}

/// Reads `path` as `ending`'s table.
pub(crate) fn read(path: &Path, index: &EndingIndex) -> Result<Vec<u16>, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    decode(&bytes, index)
}
