//! What an agent knows of the pieces on the board: for each point, the kinds its piece may be.
//! In open play (明棋) every set holds one kind; a dark view (暗棋) gives sets of several, and
//! the heuristic agent decides from the sets alone.

use std::fmt;

use luzhanqi::{AttackOutcome, Combat, Kind, Position, Ruleset, Side, Square};

/// The rules crate's set of kinds ([`luzhanqi::dark::KindSet`]), what the dark view's
/// knowledge is made of: one type for both.
pub use luzhanqi::dark::KindSet;

/// What one side knows of the board: the kinds the piece on each point may be (its own
/// pieces' kinds exactly; the enemy's as sets).
///
/// ```
/// use luzhanqi::{Kind, Position, Side};
/// use luzhanqi_engine::{KindSet, Knowledge};
/// let pos = Position::default();
/// let k = Knowledge::open(&pos, Side::Red);
/// // In open play the enemy's flag is known.
/// assert_eq!(k.kinds("d12".parse().unwrap()), KindSet::only(Kind::Flag));
/// assert_eq!(k.kinds("c5".parse().unwrap()), KindSet::only(Kind::Platoon));
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
                kinds[sq.index()] = KindSet::only(p.kind);
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
