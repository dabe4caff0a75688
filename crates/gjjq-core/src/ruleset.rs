//! Rulesets: the options the brief names, as plain data that move generation and
//! adjudication read (R-9, R-11, R-19, R-22, R-25), and deployment reads (R-32).

use serde::{Deserialize, Serialize};

/// When a missile may make a quiet move (R-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissileWalk {
    /// Always (the standard ruleset).
    #[default]
    Always,
    /// Only once neither side has a piece able to go abroad (fleet, aircraft, division,
    /// infantry): seed 000 §棋子性能.
    NoAbroadPieces,
}

/// What happens after a returning capture (R-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReturnRule {
    /// The striker stands on the captured point and must fly home at its owner's next turn.
    #[default]
    NextTurn,
    /// Seed 001's 同時回原址: the striker captures and stays on its origin.
    Immediate,
}

/// The trapped-king rule (R-22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrappedKing {
    /// The king is attacked, no king move escapes, and the side cannot capture the enemy king.
    #[default]
    AttackedAndNoEscape,
    /// As the default, but it suffices that a point next to the king in its palace is attacked
    /// by or holds an enemy piece (被敵方棋子所逼).
    NoEscape,
    /// No trapped-king rule.
    Off,
}

/// An inclusive range of strike distances for the `missile_range` option (R-11), in steps
/// along the line (seed 001: 弹打二至四格 is `2..=4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissileRange {
    /// Shortest strike distance, at least 2 (a strike always has a screen between).
    pub min: u8,
    /// Longest strike distance, at most 9.
    pub max: u8,
}

/// Where missiles may be deployed before play (R-32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissileDeployment {
    /// Anywhere on the own land, inland or coast (seed 000: 彈隊只準布設在陸地).
    #[default]
    Land,
    /// On the own land within ranks C–E only (the other seed line: 彈隊只準布設在三線內).
    BackRanks,
}

/// A ruleset: every option of the brief with its default (the preset [`Ruleset::STANDARD`]).
///
/// It serializes to JSON with one field per option; missing fields take the standard value and
/// unknown fields are an error naming the field.
///
/// ```
/// use gjjq_core::{Ruleset, ReturnRule};
/// let rules: Ruleset = serde_json::from_str(r#"{ "return_rule": "immediate" }"#).unwrap();
/// assert_eq!(rules.return_rule, ReturnRule::Immediate);
/// assert_eq!(Ruleset { return_rule: ReturnRule::NextTurn, ..rules }, Ruleset::STANDARD);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Ruleset {
    /// R-9: the king may also step along the palace's two diagonals. Default `false`.
    pub king_palace_diagonals: bool,
    /// R-11: when a missile may walk. Default [`MissileWalk::Always`].
    pub missile_walk: MissileWalk,
    /// R-11: allowed strike distances. Default `None` (any distance).
    pub missile_range: Option<MissileRange>,
    /// R-19: when a striker returns. Default [`ReturnRule::NextTurn`].
    pub return_rule: ReturnRule,
    /// R-22: the trapped-king rule. Default [`TrappedKing::AttackedAndNoEscape`].
    pub trapped_king: TrappedKing,
    /// R-25: plies without a capture after which the game is drawn. Default `None` (off).
    pub no_capture_limit: Option<u32>,
    /// R-32: where missiles may be deployed. Default [`MissileDeployment::Land`].
    pub missile_deployment: MissileDeployment,
}

impl Ruleset {
    /// The standard ruleset: seed 000's 2014 rules as the brief reads them.
    pub const STANDARD: Ruleset = Ruleset {
        king_palace_diagonals: false,
        missile_walk: MissileWalk::Always,
        missile_range: None,
        return_rule: ReturnRule::NextTurn,
        trapped_king: TrappedKing::AttackedAndNoEscape,
        no_capture_limit: None,
        missile_deployment: MissileDeployment::Land,
    };

    /// The preset of that name: only `standard` so far.
    #[must_use]
    pub fn preset(name: &str) -> Option<Ruleset> {
        match name {
            "standard" => Some(Ruleset::STANDARD),
            _ => None,
        }
    }

    /// Check values that the types allow but the rules do not.
    ///
    /// # Errors
    /// A message naming the field when `missile_range` is empty or outside `2..=9`, or
    /// `no_capture_limit` is zero.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(r) = self.missile_range
            && (r.min < 2 || r.max > 9 || r.min > r.max)
        {
            return Err(format!(
                "missile_range: {}..={} is not a range within 2..=9 (a strike needs a screen, the board is 10 points long)",
                r.min, r.max
            ));
        }
        if self.no_capture_limit == Some(0) {
            return Err(
                "no_capture_limit: must be at least 1 ply (leave it out for no limit)".into(),
            );
        }
        Ok(())
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::STANDARD
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip_and_defaults() {
        let json = serde_json::to_string(&Ruleset::STANDARD).unwrap();
        assert_eq!(
            serde_json::from_str::<Ruleset>(&json).unwrap(),
            Ruleset::STANDARD
        );
        assert_eq!(
            serde_json::from_str::<Ruleset>("{}").unwrap(),
            Ruleset::STANDARD
        );
        let r: Ruleset = serde_json::from_str(
            r#"{"king_palace_diagonals":true,"missile_walk":"no_abroad_pieces","missile_range":{"min":2,"max":4},
                "return_rule":"immediate","trapped_king":"no_escape","no_capture_limit":70,
                "missile_deployment":"back_ranks"}"#,
        )
        .unwrap();
        assert!(r.king_palace_diagonals);
        assert_eq!(r.missile_range, Some(MissileRange { min: 2, max: 4 }));
        assert_eq!(r.no_capture_limit, Some(70));
        assert_eq!(r.missile_deployment, MissileDeployment::BackRanks);
        assert!(r.validate().is_ok());
    }

    #[test]
    fn unknown_field_is_named() {
        let err = serde_json::from_str::<Ruleset>(r#"{"missile_rang": null}"#).unwrap_err();
        assert!(err.to_string().contains("missile_rang"), "{err}");
        let err = serde_json::from_str::<Ruleset>(r#"{"trapped_king": "sometimes"}"#).unwrap_err();
        assert!(err.to_string().contains("sometimes"), "{err}");
    }

    #[test]
    fn validate_rejects_bad_values() {
        let bad = Ruleset {
            missile_range: Some(MissileRange { min: 1, max: 4 }),
            ..Ruleset::STANDARD
        };
        assert!(bad.validate().unwrap_err().contains("missile_range"));
        let bad = Ruleset {
            no_capture_limit: Some(0),
            ..Ruleset::STANDARD
        };
        assert!(bad.validate().unwrap_err().contains("no_capture_limit"));
    }
}
