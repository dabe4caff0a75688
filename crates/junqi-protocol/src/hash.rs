//! The `Hash` option's memory, for any game's engine: a transposition table is allocated
//! fallibly ([`try_filled`]), and when the size asked for cannot be had the engine takes a
//! smaller one ([`allocate`]: the fallback size halved in turn) and says so on one `info
//! string` line ([`fallback_message`]) instead of aborting. `gjjq engine` and `luzhanqi
//! engine` answer alike (issue 50, item 6).
//!
//! ```
//! use junqi_protocol::hash::{allocate, entries_in, fallback_message, try_filled};
//!
//! // A table of 16-byte entries: 1 MiB holds 65,536 of them.
//! let table = |mb: usize| try_filled(entries_in(mb, 16), [0u64; 2]);
//! let (t, got) = allocate(2, 16, table).expect("2 MiB");
//! assert_eq!((t.len(), got), (2 * 65_536, 2));
//! // More than any address space: the fallback is taken, and the engine says so.
//! let (t, got) = allocate(usize::MAX, 1, table).expect("1 MiB");
//! assert_eq!((t.len(), got), (65_536, 1));
//! assert_eq!(
//!     fallback_message(usize::MAX, got).split_once(';').unwrap().1,
//!     " the table has 1 MiB"
//! );
//! ```

/// `n` copies of `value` (at least one), or `None` when that much memory cannot be had: the
/// memory is asked for fallibly (`try_reserve_exact`), so a size too large for the machine is
/// refused, never an abort.
#[must_use]
pub fn try_filled<T: Clone>(n: usize, value: T) -> Option<Vec<T>> {
    let n = n.max(1);
    let mut v = Vec::new();
    v.try_reserve_exact(n).ok()?;
    v.resize(n, value);
    Some(v)
}

/// How many entries of `entry_bytes` bytes fit in `megabytes` MiB (at least one).
#[must_use]
pub const fn entries_in(megabytes: usize, entry_bytes: usize) -> usize {
    let n = megabytes.saturating_mul(1 << 20) / if entry_bytes == 0 { 1 } else { entry_bytes };
    if n == 0 { 1 } else { n }
}

/// A table of `megabytes` MiB made by `try_new` (which answers `None` when it cannot have the
/// memory), or, when that cannot be had, the largest that can of `fallback_mb` (taken below
/// `megabytes`) halved in turn down to 1 MiB; with the size it got. `None` when not even 1 MiB
/// can be had (the caller keeps a table of one entry, size 0). The caller frees its old table
/// first, so that old and new are never held together.
pub fn allocate<T>(
    megabytes: usize,
    fallback_mb: usize,
    mut try_new: impl FnMut(usize) -> Option<T>,
) -> Option<(T, usize)> {
    if let Some(t) = try_new(megabytes) {
        return Some((t, megabytes));
    }
    let mut mb = fallback_mb.min(megabytes.saturating_sub(1));
    while mb >= 1 {
        if let Some(t) = try_new(mb) {
            return Some((t, mb));
        }
        mb /= 2;
    }
    None
}

/// The text of the `info string` an engine answers when `asked` MiB could not be had and it
/// took `got` MiB instead (0: a table of one entry).
#[must_use]
pub fn fallback_message(asked: usize, got: usize) -> String {
    format!(
        "setoption: Hash: cannot allocate {asked} MiB; the table has {}",
        if got == 0 {
            "one entry".to_string()
        } else {
            format!("{got} MiB")
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_that_cannot_be_had_falls_back_halving_and_never_aborts() {
        assert!(try_filled(usize::MAX / 2, 0u64).is_none());
        let mut asked = Vec::new();
        // A machine with 3 MiB: 8 fails, the fallback 6 fails, 3 is had.
        let got = allocate(8, 6, |mb| {
            asked.push(mb);
            (mb <= 3).then_some(mb)
        });
        assert_eq!(got, Some((3, 3)));
        assert_eq!(asked, [8, 6, 3]);
        // The fallback is never above what was asked.
        let got = allocate(4, 16, |mb| (mb < 4).then_some(mb));
        assert_eq!(got, Some((3, 3)));
        // Nothing at all: no table, and the message says one entry.
        assert_eq!(allocate(2, 16, |_| None::<()>), None);
        assert!(fallback_message(2, 0).ends_with("the table has one entry"));
        assert_eq!(entries_in(1, 24), 43_690);
        assert_eq!(entries_in(0, 24), 1);
        assert_eq!(entries_in(usize::MAX, 24), usize::MAX / 24);
    }
}
