//! Helpers shared by the fuzz targets: turning arbitrary bytes into rulesets and valid
//! positions.
//!
//! The mapping is built so that (almost) every input gives a valid position: kings are
//! placed in their palaces first, then each further piece only on a point its kind may stand on
//! and only while its side has fewer than R-7 allows, then perhaps a pending return with
//! a striker and an origin its kind allows. The fuzzer's effort thus goes into move generation,
//! not into being refused by `Position::from_setup`.

use arbitrary::{Result, Unstructured};
use gjjq_core::{
    Bitboard, COUNTRY, LAND, MissileDeployment, MissileRange, MissileWalk, PALACE, PendingReturn,
    Piece, PieceKind, Position, ReturnRule, Ruleset, Setup, Side, Square, TrappedKing,
};

/// Points inland on either side: a fleet stands there only as a striker.
fn all_inland() -> Bitboard {
    gjjq_core::INLAND[0] | gjjq_core::INLAND[1]
}

/// A point of `set`, chosen by the input; `None` when `set` is empty.
fn choose_square(u: &mut Unstructured, set: Bitboard) -> Result<Option<Square>> {
    if set.is_empty() {
        return Ok(None);
    }
    let i = u.choose_index(set.count() as usize)?;
    Ok(set.iter().nth(i))
}

/// Any ruleset the options allow (the no-capture limit plays no part in a position).
pub fn arbitrary_ruleset(u: &mut Unstructured) -> Result<Ruleset> {
    let missile_range = if u.arbitrary()? {
        let min = u.int_in_range(2..=9)?;
        let max = u.int_in_range(min..=9)?;
        Some(MissileRange::new(min, max).expect("2 <= min <= max <= 9"))
    } else {
        None
    };
    let mut rules = Ruleset::STANDARD;
    rules.king_palace_diagonals = u.arbitrary()?;
    rules.missile_walk = *u.choose(&[MissileWalk::Always, MissileWalk::NoAbroadPieces])?;
    rules.missile_range = missile_range;
    rules.return_rule = *u.choose(&[ReturnRule::NextTurn, ReturnRule::Immediate])?;
    rules.trapped_king = *u.choose(&[
        TrappedKing::AttackedAndNoEscape,
        TrappedKing::NoEscape,
        TrappedKing::Off,
    ])?;
    rules.missile_deployment =
        *u.choose(&[MissileDeployment::Land, MissileDeployment::BackRanks])?;
    Ok(rules)
}

/// A setup that passes R-26 by construction.
pub fn arbitrary_valid_setup(u: &mut Unstructured) -> Result<Setup> {
    let mut setup = Setup::empty();
    setup.turn = if u.arbitrary()? {
        Side::Green
    } else {
        Side::Red
    };
    let mut occupied = Bitboard::EMPTY;
    let mut counts = [[0u32; 8]; 2];
    let place = |setup: &mut Setup,
                 occupied: &mut Bitboard,
                 counts: &mut [[u32; 8]; 2],
                 sq: Square,
                 p: Piece| {
        setup.set(sq, Some(p));
        occupied.insert(sq);
        counts[p.side.index()][p.kind.index()] += 1;
    };
    // one king in each palace.
    for side in Side::ALL {
        let sq = choose_square(u, PALACE[side.index()])?.expect("a palace has nine points");
        place(
            &mut setup,
            &mut occupied,
            &mut counts,
            sq,
            Piece::new(side, PieceKind::King),
        );
    }
    // Then up to 30 further pieces, each where its kind may stand.
    let extra = u.int_in_range(0..=30)?;
    for _ in 0..extra {
        let side = if u.arbitrary()? {
            Side::Green
        } else {
            Side::Red
        };
        let kind = *u.choose(&PieceKind::ALL[1..])?;
        let s = side.index();
        if counts[s][kind.index()] >= kind.count_per_side() {
            continue;
        }
        let allowed = match kind {
            PieceKind::Guard => PALACE[s],
            PieceKind::Army => COUNTRY[s],
            PieceKind::Missile => LAND[s],
            PieceKind::Fleet => !all_inland(),
            _ => Bitboard::FULL,
        };
        if let Some(sq) = choose_square(u, allowed - occupied)? {
            place(
                &mut setup,
                &mut occupied,
                &mut counts,
                sq,
                Piece::new(side, kind),
            );
        }
    }
    // Perhaps a pending return for each side: a new missile or fleet on the striker point, an
    // origin it may have come from (occupied or not: an occupied origin means removal, R-19).
    for side in Side::ALL {
        if u.int_in_range(0u8..=3)? != 0 {
            continue;
        }
        let s = side.index();
        let kind = *u.choose(&[PieceKind::Missile, PieceKind::Fleet])?;
        if counts[s][kind.index()] >= kind.count_per_side() {
            continue;
        }
        let (strikers, origins) = match kind {
            PieceKind::Missile => (Bitboard::FULL, LAND[s]),
            _ => (all_inland(), !all_inland()),
        };
        let Some(striker) = choose_square(u, strikers - occupied)? else {
            continue;
        };
        let Some(origin) = choose_square(u, origins.without(striker))? else {
            continue;
        };
        place(
            &mut setup,
            &mut occupied,
            &mut counts,
            striker,
            Piece::new(side, kind),
        );
        setup.pending[s] = Some(PendingReturn { striker, origin });
    }
    setup.plies_since_capture = u.int_in_range(0..=200)?;
    setup.move_number = u.int_in_range(1..=200)?;
    Ok(setup)
}

/// A valid position under an arbitrary ruleset.
///
/// # Panics
/// When the setup built by [`arbitrary_valid_setup`] is refused: a bug of this harness, or of
/// the validation.
pub fn arbitrary_position(u: &mut Unstructured) -> Result<Position> {
    let rules = arbitrary_ruleset(u)?;
    let setup = arbitrary_valid_setup(u)?;
    Ok(Position::from_setup_with(setup, rules).expect("the harness builds valid setups"))
}
