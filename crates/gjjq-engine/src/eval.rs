//! Static evaluation: the seed's piece values (子力價值, R-7) and king tropism (classic), or
//! the learned network of [`crate::nnue`].

use gjjq_core::{Piece, Position, Side, terrain::PALACE};

/// Centi-units per unit of the seed's value scale: an infantry at home (6) is 600.
pub const VALUE_SCALE: i32 = 100;

/// The value of `piece` standing on its point, in centi-units: seed 000's 子力價值 (guard 6,
/// missile 9, fleet 8 at sea and 6 on land, aircraft 8, army 8, division 7, infantry 6 at home
/// and 5 abroad), times [`VALUE_SCALE`]. The king has no value: losing it ends the game
/// (R-21), which the search scores as a win or loss instead.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Piece, PieceKind, Side, Square};
/// use gjjq_engine::eval::piece_value;
/// let fleet = Piece::new(Side::Red, PieceKind::Fleet);
/// assert_eq!(piece_value(fleet, "1A".parse::<Square>().unwrap()), 800); // sea
/// assert_eq!(piece_value(fleet, "1E".parse::<Square>().unwrap()), 600); // coast is land
/// assert_eq!(piece_value(Piece::new(Side::Red, PieceKind::King), "5E".parse().unwrap()), 0);
/// ```
#[must_use]
pub fn piece_value(piece: Piece, at: gjjq_core::Square) -> i32 {
    piece
        .seed_value(at)
        .map_or(0, |v| i32::from(v) * VALUE_SCALE)
}

/// The material of `side`: the sum of [`piece_value`] over its pieces.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Position, Side};
/// use gjjq_engine::eval::material;
/// // Default opening (R-27): 2 guards 12 + 2 missiles 18 + 2 fleets on the coast 12
/// // + 2 aircraft 16 + 2 armies 16 + 2 divisions 14 + 3 infantry 18 = 106.
/// assert_eq!(material(&Position::default(), Side::Red), 10_600);
/// ```
#[must_use]
pub fn material(pos: &Position, side: Side) -> i32 {
    pos.side_pieces(side)
        .iter()
        .filter_map(|sq| pos.piece_at(sq).map(|p| piece_value(p, sq)))
        .sum()
}

/// The terms of the evaluation beyond material, with their weights (0 turns a term off).
///
/// # Examples
///
/// ```
/// use gjjq_engine::eval::EvalParams;
/// assert_eq!(EvalParams::MATERIAL_ONLY.tropism, 0);
/// assert!(EvalParams::default().tropism > 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EvalParams {
    /// King tropism: per piece, this many centi-units for each point it stands closer to the
    /// enemy king than 9 points (Chebyshev distance). It draws pieces toward the enemy king, so
    /// that a side that is ahead goes for the king instead of shuffling. Kept because a match
    /// showed it wins games (`docs/engine.md`).
    pub tropism: i32,
    /// Which evaluation: the hand-written one (material and the terms above) or the learned
    /// network (which ignores the terms above). Engine option `Eval`.
    pub kind: EvalKind,
}

/// The evaluation the engine uses (engine option `Eval`, `classic` or `nnue`).
///
/// # Examples
///
/// ```
/// use gjjq_engine::eval::EvalKind;
/// assert_eq!("nnue".parse::<EvalKind>(), Ok(EvalKind::Nnue));
/// assert_eq!(EvalKind::Classic.to_string(), "classic");
/// assert!("neural".parse::<EvalKind>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvalKind {
    /// Material with the seed's values and king tropism.
    Classic,
    /// The network built into the engine ([`crate::nnue::Network::builtin`]).
    Nnue,
}

impl std::fmt::Display for EvalKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EvalKind::Classic => "classic",
            EvalKind::Nnue => "nnue",
        })
    }
}

/// An `Eval` value that is neither `classic` nor `nnue`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown evaluation {text:?} (classic or nnue)")]
pub struct EvalKindError {
    text: String,
}

impl EvalKindError {
    /// The text that did not parse (as given, or clipped where the error says so).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl std::str::FromStr for EvalKind {
    type Err = EvalKindError;
    fn from_str(s: &str) -> Result<EvalKind, EvalKindError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classic" => Ok(EvalKind::Classic),
            "nnue" => Ok(EvalKind::Nnue),
            _ => Err(EvalKindError { text: s.to_owned() }),
        }
    }
}

impl EvalParams {
    /// Material alone: the seed's piece values.
    pub const MATERIAL_ONLY: EvalParams = EvalParams {
        tropism: 0,
        kind: EvalKind::Classic,
    };

    /// The evaluation of [`EvalParams::default`], so of the library's `EngineConfig::default`
    /// (datagen, selfplay, the bindings): the classic one, whose values the library's
    /// results and tests are stated in. The protocol engine (`gjjq engine`) starts with
    /// [`EvalParams::ENGINE_KIND`] instead.
    pub const DEFAULT_KIND: EvalKind = EvalKind::Classic;

    /// The evaluation `gjjq engine` starts with (option `Eval`): the learned one, which won
    /// its match against the classic one (`docs/engine.md`, "Learned evaluation").
    pub const ENGINE_KIND: EvalKind = EvalKind::Nnue;
}

impl Default for EvalParams {
    fn default() -> EvalParams {
        EvalParams {
            tropism: 4,
            kind: EvalParams::DEFAULT_KIND,
        }
    }
}

/// The king-tropism sum of `side` (see [`EvalParams::tropism`]), unweighted.
fn tropism(pos: &Position, side: Side) -> i32 {
    let Some(king) = pos.king(side.other()) else {
        return 0;
    };
    pos.side_pieces(side)
        .iter()
        .map(|sq| 9 - i32::from(sq.distance(king)))
        .sum()
}

/// The static evaluation of `pos` from the side to move's point of view, in centi-units, with
/// the given terms, or the learned network's ([`crate::nnue`]) when `params.kind` is
/// [`EvalKind::Nnue`].
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::eval::{EvalParams, evaluate_with};
/// assert_eq!(evaluate_with(&Position::default(), EvalParams::default()), 0);
/// ```
#[must_use]
pub fn evaluate_with(pos: &Position, params: EvalParams) -> i32 {
    if params.kind == EvalKind::Nnue
        && let Ok(net) = crate::nnue::Network::builtin()
    {
        return net.evaluate(pos);
    }
    let us = pos.turn();
    let them = us.other();
    let mut v = material(pos, us) - material(pos, them);
    if params.tropism != 0 {
        v += params.tropism * (tropism(pos, us) - tropism(pos, them));
    }
    v
}

/// The static evaluation of `pos` from the side to move's point of view, in centi-units:
/// material, and the terms of [`EvalParams::default`] (only those a match showed to win
/// games, see `docs/engine.md`).
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::eval::evaluate;
/// assert_eq!(evaluate(&Position::default()), 0); // the opening is symmetric
/// ```
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, EvalParams::default())
}

/// The lead (centi-units, from the static evaluation) at which [`conversion_bonus`] starts to
/// count, and the lead at which it counts in full.
pub const CONVERSION_LEAD: (i32, i32) = (400, 1_200);
/// [`king_net`]'s weight per escape point of the enemy king taken away.
pub(crate) const NET_POINT: i32 = 50;
/// [`king_net`]'s weight for the enemy king attacked (R-20).
const NET_ATTACK: i32 = 100;
/// [`conversion_bonus`]'s weight per point of king tropism of the leading side.
const CONVERSION_TROPISM: i32 = 10;

/// How tightly `attacker` nets the enemy king, for winning won endgames: 50 per
/// point of the four a king steps to that the king cannot use — off the board, outside its
/// palace (R-9), held by its own side or attacked by `attacker` (R-20) — and 100
/// when the king itself is attacked. These are the two halves of a trapped king (R-22): a
/// king attacked with no escape loses. 0 while the seal holds (R-17: nothing can attack a
/// palace point) or without an enemy king.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Position, Side};
/// use gjjq_engine::eval::king_net;
/// // Sealed: no net.
/// assert_eq!(king_net(&Position::default(), Side::Red), 0);
/// // Green's king alone in the corner 4e of its palace: 4e's two outward points are off
/// // its palace; Red's missile on 4A strikes it over the army on 4c.
/// let pos: Position = "5k3/9/5a3/9/9/9/9/9/4K4/5M3 r - 0 1".parse().unwrap();
/// assert!(king_net(&pos, Side::Red) >= 2 * 50 + 100);
/// ```
#[must_use]
pub fn king_net(pos: &Position, attacker: Side) -> i32 {
    let defender = attacker.other();
    if pos.is_sealed() {
        return 0;
    }
    let Some(king) = pos.king(defender) else {
        return 0;
    };
    let palace = PALACE[defender.index()];
    let taken = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .into_iter()
        .filter(|&(dx, dy)| match king.offset(dx, dy) {
            Some(to) if palace.contains(to) => {
                pos.piece_at(to).is_some_and(|p| p.side == defender)
                    || pos.is_attacked(to, attacker)
            }
            _ => true,
        })
        .count();
    let attacked = pos.is_attacked(king, attacker);
    NET_POINT * taken as i32 + if attacked { NET_ATTACK } else { 0 }
}

/// `score` (a static evaluation from the side to move's point of view) with the leading
/// side's [`king_net`] and 10 × its king tropism (per piece, 9 less its distance to the
/// enemy king) added, weighted from 0 at a lead of [`CONVERSION_LEAD`]`.0` to 1 at `.1`: a
/// side far ahead brings its pieces towards the enemy king and, once the seal is lifted
/// (R-17), nets it towards the trapped king (R-22) that wins, where the material count alone
/// sees no progress to make. A score within `CONVERSION_LEAD.0` of even is returned as it
/// is.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::eval::conversion_bonus;
/// let pos = Position::default();
/// assert_eq!(conversion_bonus(&pos, 100), 100); // near even: nothing added
/// // Green, not to move, far ahead: its pieces' closeness to Red's king counts for it (the
/// // seal holds, so its net is 0).
/// assert!(conversion_bonus(&pos, -5_000) < -5_000);
/// ```
#[must_use]
pub fn conversion_bonus(pos: &Position, score: i32) -> i32 {
    let (from, full) = CONVERSION_LEAD;
    let lead = score.saturating_abs();
    if lead <= from {
        return score;
    }
    let leader = if score > 0 {
        pos.turn()
    } else {
        pos.turn().other()
    };
    let net = king_net(pos, leader) + CONVERSION_TROPISM * tropism(pos, leader);
    let weighted = net * (lead.min(full) - from) / (full - from);
    if score > 0 {
        score.saturating_add(weighted)
    } else {
        score.saturating_sub(weighted)
    }
}

#[cfg(test)]
mod typed_error_tests {
    use super::*;

    #[test]
    fn eval_kind_error_keeps_the_text() {
        let e = "deep".parse::<EvalKind>().unwrap_err();
        assert_eq!(e.text(), "deep");
        assert_eq!(
            e.to_string(),
            "unknown evaluation \"deep\" (classic or nnue)"
        );
    }
}
