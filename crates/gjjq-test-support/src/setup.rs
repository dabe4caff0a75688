//! Positions valid by construction (R-26) and arbitrary rulesets, from any source of choices.
//!
//! The placement rules live here once, in [`standing_points`]: kings and guards in their own
//! palace (R-9, R-10), armies in their own country (R-14), missiles on their own land (R-11),
//! fleets anywhere but inland (R-12), the rest anywhere; at most R-7's count of each kind. A
//! builder ([`valid_setup`]) places both kings, then further pieces only where and while these
//! rules allow, then perhaps a pending return (R-19) with a striker and an origin its kind
//! allows, so that (almost) every input gives a valid position and a fuzzer's or proptest's
//! effort goes into what is tested, not into being refused by `Position::from_setup`.
//!
//! The choices come from a [`Choices`]: a seeded [`StdRng`], a
//! [`ChoiceList`] (proptest draws a `Vec<u32>`), or a fuzz target's own adapter over its input.

use gjjq_core::{
    Bitboard, Piece, PieceKind, Position, Ruleset, Setup, Side, Square,
    ruleset::{MissileRange, MissileWalk, ReturnRule, TrappedKing},
    setup::PendingReturn,
    terrain::{COUNTRY, INLAND, LAND, PALACE},
};
use rand::Rng as _;
use rand::rngs::StdRng;

/// A source of choices: the builders ask it for indices.
pub trait Choices {
    /// An index in `0..n`; `n` is at least 1.
    fn below(&mut self, n: usize) -> usize;

    /// A coin flip.
    fn flip(&mut self) -> bool {
        self.below(2) == 1
    }

    /// A number in `lo..=hi` (`lo <= hi`).
    fn in_range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below((hi - lo) as usize + 1) as u32
    }

    /// One of `items` (not empty).
    fn choose<T: Copy>(&mut self, items: &[T]) -> T
    where
        Self: Sized,
    {
        items[self.below(items.len())]
    }
}

impl Choices for StdRng {
    fn below(&mut self, n: usize) -> usize {
        self.random_range(0..n)
    }
}

/// Choices read in order from a list of numbers (each taken modulo `n`), 0 once the list is
/// used up: the form in which proptest draws them and shrinks them.
///
/// ```
/// use gjjq_test_support::{ChoiceList, Choices};
/// let mut c = ChoiceList::new(vec![7, 3]);
/// assert_eq!(c.below(5), 2);
/// assert_eq!(c.below(5), 3);
/// assert_eq!(c.below(5), 0);
/// ```
#[derive(Debug, Clone)]
pub struct ChoiceList {
    values: Vec<u32>,
    next: usize,
}

impl ChoiceList {
    /// Choices from `values`.
    #[must_use]
    pub fn new(values: Vec<u32>) -> ChoiceList {
        ChoiceList { values, next: 0 }
    }
}

impl Choices for ChoiceList {
    fn below(&mut self, n: usize) -> usize {
        let v = self.values.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        v as usize % n
    }
}

/// The points where a piece of `kind` and `side` may stand in a valid position (R-26): the
/// own palace for the king (R-9) and the guards (R-10), the own country for armies (R-14), the
/// own land for missiles (R-11), every point but the inland ones for fleets (R-12), any point
/// for the others.
///
/// A fleet or missile that has just struck (a pending return's striker, R-19) may stand
/// elsewhere: anywhere for a missile, inland for a fleet.
///
/// ```
/// use gjjq_core::{terrain::PALACE, PieceKind, Side};
/// use gjjq_test_support::standing_points;
/// assert_eq!(standing_points(Side::Red, PieceKind::King), PALACE[Side::Red.index()]);
/// assert_eq!(standing_points(Side::Green, PieceKind::Infantry).count(), 90);
/// ```
#[must_use]
pub fn standing_points(side: Side, kind: PieceKind) -> Bitboard {
    let s = side.index();
    match kind {
        PieceKind::King | PieceKind::Guard => PALACE[s],
        PieceKind::Army => COUNTRY[s],
        PieceKind::Missile => LAND[s],
        PieceKind::Fleet => !(INLAND[0] | INLAND[1]),
        _ => Bitboard::FULL,
    }
}

/// A point of `set` chosen by `c`; `None` when `set` is empty.
fn choose_square(c: &mut impl Choices, set: Bitboard) -> Option<Square> {
    if set.is_empty() {
        return None;
    }
    let i = c.below(set.count() as usize);
    set.iter().nth(i)
}

/// Any ruleset whose options bear on positions and moves (the no-capture limit is left off:
/// it plays no part in a position).
///
/// ```
/// use gjjq_test_support::{ChoiceList, arbitrary_ruleset};
/// use gjjq_core::Ruleset;
/// // All-zero choices: every option at its first value.
/// let rules = arbitrary_ruleset(&mut ChoiceList::new(vec![]));
/// assert_eq!(rules.missile_range, None);
/// assert!(!rules.king_palace_diagonals);
/// ```
pub fn arbitrary_ruleset(c: &mut impl Choices) -> Ruleset {
    let missile_range = if c.flip() {
        let min = c.in_range(2, 9) as u8;
        let max = c.in_range(u32::from(min), 9) as u8;
        Some(MissileRange::new(min, max).expect("2 <= min <= max <= 9"))
    } else {
        None
    };
    let mut rules = Ruleset::STANDARD;
    rules.king_palace_diagonals = c.flip();
    rules.missile_walk = c.choose(&[MissileWalk::Always, MissileWalk::NoAbroadPieces]);
    rules.missile_range = missile_range;
    rules.return_rule = c.choose(&[ReturnRule::NextTurn, ReturnRule::Immediate]);
    rules.trapped_king = c.choose(&[
        TrappedKing::AttackedAndNoEscape,
        TrappedKing::NoEscape,
        TrappedKing::Off,
    ]);
    rules
}

/// A setup that passes R-26 by construction: a king in each palace, up to 30 further pieces
/// each on a point of its [`standing_points`] while its side has fewer than R-7 allows, then
/// for each side perhaps (one time in four) a pending return: a new missile or fleet on a
/// striker point, with an origin its kind may have come from (occupied or not: an occupied
/// origin means a removal, R-19). Either side to move; the clocks are arbitrary.
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_test_support::{ChoiceList, valid_setup};
/// for seed in 0..50u32 {
///     let list: Vec<u32> = (0..200u32).map(|i| i.wrapping_mul(2_654_435_761) ^ seed).collect();
///     let setup = valid_setup(&mut ChoiceList::new(list));
///     assert!(Position::from_setup(setup).is_ok());
/// }
/// ```
pub fn valid_setup(c: &mut impl Choices) -> Setup {
    let mut setup = Setup::empty();
    setup.turn = if c.flip() { Side::Green } else { Side::Red };
    let mut counts = [[0u32; 8]; 2];
    let place = |setup: &mut Setup, counts: &mut [[u32; 8]; 2], sq: Square, p: Piece| {
        setup.set(sq, Some(p));
        counts[p.side.index()][p.kind.index()] += 1;
    };
    // R-9: one king in each palace.
    for side in Side::ALL {
        let sq = choose_square(c, standing_points(side, PieceKind::King))
            .expect("a palace has nine points");
        place(
            &mut setup,
            &mut counts,
            sq,
            Piece::new(side, PieceKind::King),
        );
    }
    // Then up to 30 further pieces, each where its kind may stand.
    let extra = c.in_range(0, 30);
    for _ in 0..extra {
        let side = if c.flip() { Side::Green } else { Side::Red };
        let kind = c.choose(&PieceKind::ALL[1..]);
        if counts[side.index()][kind.index()] >= kind.count_per_side() {
            continue;
        }
        let free = standing_points(side, kind) - setup_occupied(&setup);
        if let Some(sq) = choose_square(c, free) {
            place(&mut setup, &mut counts, sq, Piece::new(side, kind));
        }
    }
    // Perhaps a pending return for each side: a new missile or fleet on the striker point, an
    // origin it may have come from.
    for side in Side::ALL {
        if c.below(4) != 0 {
            continue;
        }
        let s = side.index();
        let kind = c.choose(&[PieceKind::Missile, PieceKind::Fleet]);
        if counts[s][kind.index()] >= kind.count_per_side() {
            continue;
        }
        let strikers = match kind {
            PieceKind::Missile => Bitboard::FULL,
            _ => INLAND[0] | INLAND[1],
        };
        let Some(striker) = choose_square(c, strikers - setup_occupied(&setup)) else {
            continue;
        };
        let origins = standing_points(side, kind).without(striker);
        let Some(origin) = choose_square(c, origins) else {
            continue;
        };
        place(&mut setup, &mut counts, striker, Piece::new(side, kind));
        setup.pending[s] = Some(PendingReturn { striker, origin });
    }
    setup.plies_since_capture = c.in_range(0, 200);
    setup.move_number = c.in_range(1, 200);
    setup
}

/// The occupied points of `setup`.
fn setup_occupied(setup: &Setup) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for sq in Square::all() {
        if setup.piece_at(sq).is_some() {
            b.insert(sq);
        }
    }
    b
}

/// A valid position under an arbitrary ruleset: [`arbitrary_ruleset`] then [`valid_setup`].
///
/// # Panics
/// When the setup built by [`valid_setup`] is refused: a bug of this crate, or of the
/// validation (which is what the fuzz targets look for).
///
/// ```
/// use gjjq_test_support::{ChoiceList, valid_position};
/// let pos = valid_position(&mut ChoiceList::new(vec![1, 2, 3, 4, 5, 6, 7, 8, 9]));
/// assert!(pos.king(gjjq_core::Side::Red).is_some());
/// ```
pub fn valid_position(c: &mut impl Choices) -> Position {
    let rules = arbitrary_ruleset(c);
    let setup = valid_setup(c);
    Position::from_setup_with(setup.clone(), rules)
        .unwrap_or_else(|e| panic!("the harness builds valid setups: {setup}: {e}"))
}
