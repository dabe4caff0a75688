//! `KindSet`: a set of kinds (L-5), the domain of an unseen enemy piece.

use std::fmt;

use crate::piece::Kind;

/// A set of the twelve kinds (L-5), one bit each by [`Kind::index`]: what an unseen enemy
/// piece may be.
///
/// ```
/// use luzhanqi::Kind;
/// use luzhanqi::dark::KindSet;
/// let s = KindSet::MOVABLE;
/// assert!(!s.contains(Kind::Landmine) && s.contains(Kind::Bomb));
/// assert_eq!(s.len(), 10);
/// assert_eq!(KindSet::only(Kind::Engineer).to_string(), "E");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KindSet(pub(crate) u16);

impl KindSet {
    /// No kind.
    pub const EMPTY: KindSet = KindSet(0);
    /// All twelve kinds.
    pub const ALL: KindSet = KindSet((1 << 12) - 1);
    /// The kinds that move (L-6): all but landmine and flag.
    pub const MOVABLE: KindSet =
        KindSet(KindSet::ALL.0 & !(1 << Kind::Landmine as u16) & !(1 << Kind::Flag as u16));
    /// Landmine and flag, which never move (L-6).
    pub const FIXED: KindSet = KindSet((1 << Kind::Landmine as u16) | (1 << Kind::Flag as u16));

    /// The set of one kind.
    #[must_use]
    pub const fn only(k: Kind) -> KindSet {
        KindSet(1 << k as u16)
    }

    /// Whether `k` is in the set.
    #[must_use]
    pub const fn contains(self, k: Kind) -> bool {
        self.0 >> k as u16 & 1 != 0
    }

    /// The set with `k`.
    #[must_use]
    pub const fn with(self, k: Kind) -> KindSet {
        KindSet(self.0 | 1 << k as u16)
    }

    /// The set without `k`.
    #[must_use]
    pub const fn without(self, k: Kind) -> KindSet {
        KindSet(self.0 & !(1 << k as u16))
    }

    /// Both sets' kinds.
    #[must_use]
    pub const fn and(self, o: KindSet) -> KindSet {
        KindSet(self.0 & o.0)
    }

    /// Either set's kinds.
    #[must_use]
    pub const fn or(self, o: KindSet) -> KindSet {
        KindSet(self.0 | o.0)
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of kinds.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The one kind of a set of one, else `None`.
    #[must_use]
    pub fn single(self) -> Option<Kind> {
        (self.len() == 1).then(|| Kind::ALL[self.0.trailing_zeros() as usize])
    }

    /// The kinds, in [`Kind::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(move |&k| self.contains(k))
    }
}

impl FromIterator<Kind> for KindSet {
    fn from_iter<I: IntoIterator<Item = Kind>>(iter: I) -> KindSet {
        iter.into_iter().fold(KindSet::EMPTY, KindSet::with)
    }
}

impl fmt::Display for KindSet {
    /// The kinds' letters (L-5), upper case, in [`Kind::ALL`] order; `-` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for k in self.iter() {
            write!(f, "{}", k.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KindSet({self})")
    }
}
