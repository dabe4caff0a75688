//! What an agent knows of the pieces on the board: for each point, the kinds its piece may be.
//! In open play (明棋) every set holds one kind; a dark view (暗棋) gives sets of several, and
//! the heuristic agent decides from the sets alone.

use std::fmt;

use luzhanqi::{AttackOutcome, Combat, Kind, Position, Ruleset, Side, Square};

/// A set of kinds, one bit per [`Kind`] in [`Kind::ALL`] order.
///
/// ```
/// use luzhanqi::Kind;
/// use luzhanqi_engine::KindSet;
/// let s = KindSet::single(Kind::Bomb).with(Kind::Landmine);
/// assert_eq!(s.len(), 2);
/// assert!(s.contains(Kind::Bomb) && !s.contains(Kind::Flag));
/// assert_eq!(s.only(), None);
/// assert_eq!(KindSet::single(Kind::Flag).only(), Some(Kind::Flag));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KindSet(u16);

impl KindSet {
    /// No kind.
    pub const EMPTY: KindSet = KindSet(0);
    /// All twelve kinds.
    pub const ALL: KindSet = KindSet((1 << 12) - 1);

    /// The set of one kind.
    #[must_use]
    pub const fn single(kind: Kind) -> KindSet {
        KindSet(1 << kind.index())
    }

    /// The set with `kind` added.
    #[must_use]
    pub const fn with(self, kind: Kind) -> KindSet {
        KindSet(self.0 | 1 << kind.index())
    }

    /// The set with `kind` removed.
    #[must_use]
    pub const fn without(self, kind: Kind) -> KindSet {
        KindSet(self.0 & !(1 << kind.index()))
    }

    /// Whether `kind` is a member.
    #[must_use]
    pub const fn contains(self, kind: Kind) -> bool {
        self.0 >> kind.index() & 1 != 0
    }

    /// Number of kinds.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kind, when the set holds exactly one.
    #[must_use]
    pub fn only(self) -> Option<Kind> {
        if self.len() == 1 {
            Kind::from_index(self.0.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// The members in [`Kind::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(move |&k| self.contains(k))
    }
}

impl fmt::Debug for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, k) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", k.letter())?;
        }
        f.write_str("}")
    }
}

/// What one side knows of the board: the kinds the piece on each point may be (its own
/// pieces' kinds exactly; the enemy's as sets).
///
/// ```
/// use luzhanqi::{Kind, Position, Side};
/// use luzhanqi_engine::{KindSet, Knowledge};
/// let pos = Position::default();
/// let k = Knowledge::open(&pos, Side::Red);
/// // In open play the enemy's flag is known.
/// assert_eq!(k.kinds("d12".parse().unwrap()), KindSet::single(Kind::Flag));
/// assert_eq!(k.kinds("c5".parse().unwrap()), KindSet::single(Kind::Platoon));
/// assert!(k.kinds("b5".parse().unwrap()).is_empty()); // an empty camp
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Knowledge {
    side: Side,
    kinds: [KindSet; 60],
}

impl fmt::Debug for Knowledge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Knowledge")
            .field("side", &self.side)
            .finish_non_exhaustive()
    }
}

impl Knowledge {
    /// What `side` knows in open play: every piece's kind.
    #[must_use]
    pub fn open(pos: &Position, side: Side) -> Knowledge {
        let mut kinds = [KindSet::EMPTY; 60];
        for sq in pos.occupied() {
            if let Some(p) = pos.piece_at(sq) {
                kinds[sq.index()] = KindSet::single(p.kind);
            }
        }
        Knowledge { side, kinds }
    }

    /// Knowledge from explicit sets (a dark view): `kinds[i]` for the point of index `i`,
    /// empty for an empty point.
    #[must_use]
    pub fn from_sets(side: Side, kinds: [KindSet; 60]) -> Knowledge {
        Knowledge { side, kinds }
    }

    /// The side that knows.
    #[must_use]
    pub fn side(&self) -> Side {
        self.side
    }

    /// The kinds the piece on `sq` may be (empty for an empty point).
    #[must_use]
    pub fn kinds(&self, sq: Square) -> KindSet {
        self.kinds[sq.index()]
    }

    /// The outcomes `attacker` may meet attacking the piece on `sq`: which of L-11's results
    /// are possible, over every kind the defender may be.
    #[must_use]
    pub fn possible_outcomes(&self, attacker: Kind, sq: Square, rules: &Ruleset) -> Outcomes {
        let mut o = Outcomes::default();
        for d in self.kinds(sq).iter() {
            match Combat::resolve(attacker, d, rules).outcome {
                AttackOutcome::DefenderRemoved => o.win = true,
                AttackOutcome::BothRemoved => o.trade = true,
                AttackOutcome::AttackerRemoved => o.loss = true,
            }
        }
        o
    }
}

/// Which results of an attack are possible, given what is known of the defender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcomes {
    /// The defender may be removed alone.
    pub win: bool,
    /// Both may be removed.
    pub trade: bool,
    /// The attacker may be removed alone.
    pub loss: bool,
}

impl Outcomes {
    /// Whether the attacker surely wins (the defender is removed, the attacker stays).
    #[must_use]
    pub fn sure_win(self) -> bool {
        self.win && !self.trade && !self.loss
    }

    /// Whether the attacker surely survives.
    #[must_use]
    pub fn survives(self) -> bool {
        !self.trade && !self.loss
    }
}
