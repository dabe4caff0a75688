//! Combat (L-11, L-12): what an attack does, as a value a caller (a referee) can inspect.

use std::fmt;

use crate::piece::Kind;
use crate::ruleset::{MineOutcome, Ruleset};

/// What an attack removes (L-11): the three results a referee announces in 暗棋 (L-31).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttackOutcome {
    /// The defender is removed; the attacker stands on its point.
    DefenderRemoved,
    /// The attacker is removed; the defender stays.
    AttackerRemoved,
    /// Both are removed; the point is left empty.
    BothRemoved,
}

impl fmt::Display for AttackOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AttackOutcome::DefenderRemoved => "defender-removed",
            AttackOutcome::AttackerRemoved => "attacker-removed",
            AttackOutcome::BothRemoved => "both-removed",
        })
    }
}

/// One attack: who met whom and what it did (L-11).
///
/// ```
/// use luzhanqi::{AttackOutcome, Combat, Kind, Ruleset};
/// let c = Combat::resolve(Kind::Engineer, Kind::Landmine, &Ruleset::STANDARD);
/// assert_eq!(c.outcome, AttackOutcome::DefenderRemoved);
/// let c = Combat::resolve(Kind::Bomb, Kind::Flag, &Ruleset::STANDARD);
/// assert_eq!(c.outcome, AttackOutcome::BothRemoved);
/// assert!(c.flag_captured());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Combat {
    /// The attacking kind (never a landmine or flag: they never move).
    pub attacker: Kind,
    /// The attacked kind.
    pub defender: Kind,
    /// What was removed.
    pub outcome: AttackOutcome,
}

impl Combat {
    /// The result of `attacker` attacking `defender` under `rules` (L-11's table). Whether the
    /// attack is allowed at all (camps, `flag_capture`) is the move generator's question.
    #[must_use]
    pub fn resolve(attacker: Kind, defender: Kind, rules: &Ruleset) -> Combat {
        Combat {
            attacker,
            defender,
            outcome: outcome(attacker, defender, rules.mine_outcome),
        }
    }

    /// Whether the attack captured the flag (L-13): its side has lost.
    #[must_use]
    pub fn flag_captured(&self) -> bool {
        self.defender == Kind::Flag && self.outcome != AttackOutcome::AttackerRemoved
    }

    /// Whether the attacker was removed.
    #[must_use]
    pub fn attacker_removed(&self) -> bool {
        self.outcome != AttackOutcome::DefenderRemoved
    }

    /// Whether the defender was removed.
    #[must_use]
    pub fn defender_removed(&self) -> bool {
        self.outcome != AttackOutcome::AttackerRemoved
    }
}

/// L-11's table.
pub(crate) fn outcome(attacker: Kind, defender: Kind, mine: MineOutcome) -> AttackOutcome {
    use AttackOutcome::{AttackerRemoved, BothRemoved, DefenderRemoved};
    match (attacker, defender) {
        (Kind::Bomb, _) | (_, Kind::Bomb) => BothRemoved,
        (Kind::Engineer, Kind::Landmine) => DefenderRemoved,
        (_, Kind::Landmine) => match mine {
            MineOutcome::AttackerRemoved => AttackerRemoved,
            MineOutcome::BothRemoved => BothRemoved,
        },
        (_, Kind::Flag) => DefenderRemoved,
        (a, d) => match (a.rank(), d.rank()) {
            (Some(ra), Some(rd)) if ra > rd => DefenderRemoved,
            (Some(ra), Some(rd)) if ra < rd => AttackerRemoved,
            _ => BothRemoved,
        },
    }
}
