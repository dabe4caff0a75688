//! Rulesets: the options the brief names, as plain data that move generation and
//! adjudication read (R-9, R-11, R-19, R-22, R-25), and deployment reads (R-32).

use std::num::NonZeroU32;

use thiserror::Error;

/// When a missile may make a quiet move (R-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum MissileWalk {
    /// Always (the standard ruleset).
    #[default]
    Always,
    /// Only once neither side has a piece able to go abroad (fleet, aircraft, division,
    /// infantry): seed 000 §棋子性能.
    NoAbroadPieces,
}

/// What happens after a returning capture (R-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ReturnRule {
    /// The striker stands on the captured point and must fly home at its owner's next turn.
    #[default]
    NextTurn,
    /// Seed 001's 同時回原址: the striker captures and stays on its origin.
    Immediate,
}

/// The trapped-king rule (R-22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
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
/// along the line (seed 001: 弹打二至四格 is `2..=4`). Always within `2..=9`: a strike needs a
/// screen between, and a line of the board is at most 10 points long.
///
/// ```
/// use gjjq_core::{ruleset::MissileRange, ruleset::RulesetError};
/// let r = MissileRange::new(2, 4)?;
/// assert_eq!((r.min(), r.max()), (2, 4));
/// assert!(MissileRange::new(0, 4).is_err());
/// assert!(MissileRange::new(9, 2).is_err());
/// # Ok::<(), RulesetError>(())
/// ```
// Packed into one non-zero byte (`min << 4 | max`) so that `Option<MissileRange>` is one
// byte and the ruleset, which every `Position` carries, stays 12 bytes (copy-make size).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "RawMissileRange", into = "RawMissileRange")
)]
pub struct MissileRange {
    packed: std::num::NonZeroU8,
}

impl std::fmt::Debug for MissileRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MissileRange")
            .field("min", &self.min())
            .field("max", &self.max())
            .finish()
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMissileRange {
    min: u8,
    max: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<RawMissileRange> for MissileRange {
    type Error = RulesetError;
    fn try_from(r: RawMissileRange) -> Result<MissileRange, RulesetError> {
        MissileRange::new(r.min, r.max)
    }
}

#[cfg(feature = "serde")]
impl From<MissileRange> for RawMissileRange {
    fn from(r: MissileRange) -> RawMissileRange {
        RawMissileRange {
            min: r.min(),
            max: r.max(),
        }
    }
}

impl MissileRange {
    /// The range `min..=max`.
    ///
    /// # Errors
    /// [`RulesetError::MissileRange`] unless `2 <= min <= max <= 9`.
    pub const fn new(min: u8, max: u8) -> Result<MissileRange, RulesetError> {
        if min < 2 || max > 9 || min > max {
            return Err(RulesetError::MissileRange { min, max });
        }
        match std::num::NonZeroU8::new((min << 4) | max) {
            Some(packed) => Ok(MissileRange { packed }),
            None => Err(RulesetError::MissileRange { min, max }),
        }
    }

    /// Shortest strike distance, at least 2.
    #[must_use]
    pub const fn min(self) -> u8 {
        self.packed.get() >> 4
    }

    /// Longest strike distance, at most 9.
    #[must_use]
    pub const fn max(self) -> u8 {
        self.packed.get() & 0x0f
    }
}

/// A ruleset that cannot be built: a bad option value, JSON that is not a ruleset, or an
/// unknown preset name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesetError {
    /// `missile_range` outside `2..=9` or empty.
    #[error(
        "missile_range: {min}..={max} is not a range within 2..=9 (a strike needs a screen, the board is 10 points long)"
    )]
    MissileRange {
        /// The shortest distance given.
        min: u8,
        /// The longest distance given.
        max: u8,
    },
    /// The JSON text is not a ruleset object.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// 1-based line in the JSON text.
        line: usize,
        /// 1-based column in the JSON text.
        column: usize,
        /// What is wrong there (an unknown field is named).
        message: String,
    },
    /// Neither `standard` nor a JSON object.
    #[error("'{0}' is not a ruleset: give `standard` or a JSON object")]
    Unknown(String),
}

/// Where missiles may be deployed before play (R-32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum MissileDeployment {
    /// Anywhere on the own land, inland or coast (seed 000: 彈隊只準布設在陸地).
    #[default]
    Land,
    /// On the own land within ranks C–E only (the other seed line: 彈隊只準布設在三線內).
    BackRanks,
}

/// Who hears that a proposal was refused in 暗式 (R-38).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum AnnounceIllegal {
    /// Only the proposer hears "illegal"; the opponent hears nothing.
    #[default]
    Mover,
    /// The opponent is also told that a proposal was refused, not which.
    Both,
}

/// Whether the captor learns the kind it captured in 暗式 (R-39).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum RevealCaptured {
    /// Never (被吃掉的棋子由裁判員暗收並不被對方發現); only the owner knows what it lost.
    #[default]
    Never,
    /// The captor is told the kind it took.
    ToCaptor,
}

/// The deployment rule (R-32), read by deployments and openings only: part of a
/// [`Ruleset`] as its `deployment` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct DeploymentRules {
    /// R-32: where missiles may be deployed. Default [`MissileDeployment::Land`].
    pub missile_deployment: MissileDeployment,
}

impl DeploymentRules {
    /// The standard deployment rule.
    pub const STANDARD: DeploymentRules = DeploymentRules {
        missile_deployment: MissileDeployment::Land,
    };
}

/// The referee's options of 暗式 (R-38, R-39), read by the hidden game only: part of a
/// [`Ruleset`] as its `hidden` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct HiddenRules {
    /// R-38: who hears of a refused proposal. Default [`AnnounceIllegal::Mover`].
    pub announce_illegal: AnnounceIllegal,
    /// R-39: whether the captor learns the captured kind. Default [`RevealCaptured::Never`].
    pub reveal_captured: RevealCaptured,
}

impl HiddenRules {
    /// The standard referee options.
    pub const STANDARD: HiddenRules = HiddenRules {
        announce_illegal: AnnounceIllegal::Mover,
        reveal_captured: RevealCaptured::Never,
    };
}

/// A ruleset: every option of the brief with its default (the preset [`Ruleset::STANDARD`]).
/// Every value of the type is a valid ruleset: the options' own types hold only values the
/// rules allow.
///
/// The options are grouped by who reads them: movement and adjudication (R-9 … R-25) are
/// fields of the ruleset itself and are what a [`crate::Position`] plays by; the deployment
/// rule (R-32) is [`Ruleset::deployment`], read by deployments and openings; the referee's
/// options of 暗式 (R-38, R-39) are [`Ruleset::hidden`], read by the hidden game.
///
/// With the `serde` feature it serializes to one flat JSON object with one field per option
/// (snake case), whatever group the option belongs to; missing fields take the standard value
/// and unknown fields are an error naming the field. The type may gain options, so start
/// from [`Ruleset::STANDARD`] and set fields:
///
/// ```
/// use gjjq_core::{ruleset::MissileDeployment, Ruleset, ruleset::ReturnRule};
/// let mut rules = Ruleset::STANDARD;
/// rules.return_rule = ReturnRule::Immediate;
/// # #[cfg(feature = "serde")]
/// assert_eq!(Ruleset::from_json(r#"{ "return_rule": "immediate" }"#), Ok(rules));
/// rules.deployment.missile_deployment = MissileDeployment::BackRanks;
/// # #[cfg(feature = "serde")]
/// assert_eq!(
///     rules.to_json(),
///     r#"{"king_palace_diagonals":false,"missile_walk":"always","missile_range":null,"return_rule":"immediate","trapped_king":"attacked_and_no_escape","no_capture_limit":null,"missile_deployment":"back_ranks","announce_illegal":"mover","reveal_captured":"never"}"#
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "FlatRuleset", into = "FlatRuleset"))]
#[non_exhaustive]
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
    /// R-25: plies without a capture after which the game is drawn, at least 1. Default `None`
    /// (off).
    pub no_capture_limit: Option<NonZeroU32>,
    /// R-32, for deployments and openings. Default [`DeploymentRules::STANDARD`].
    pub deployment: DeploymentRules,
    /// R-38, R-39, for the hidden game's referee. Default [`HiddenRules::STANDARD`].
    pub hidden: HiddenRules,
}

/// The JSON form of a [`Ruleset`]: one flat object, every option a field.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
struct FlatRuleset {
    king_palace_diagonals: bool,
    missile_walk: MissileWalk,
    missile_range: Option<MissileRange>,
    return_rule: ReturnRule,
    trapped_king: TrappedKing,
    no_capture_limit: Option<NonZeroU32>,
    missile_deployment: MissileDeployment,
    announce_illegal: AnnounceIllegal,
    reveal_captured: RevealCaptured,
}

#[cfg(feature = "serde")]
impl Default for FlatRuleset {
    fn default() -> FlatRuleset {
        FlatRuleset::from(Ruleset::STANDARD)
    }
}

#[cfg(feature = "serde")]
impl From<Ruleset> for FlatRuleset {
    fn from(r: Ruleset) -> FlatRuleset {
        FlatRuleset {
            king_palace_diagonals: r.king_palace_diagonals,
            missile_walk: r.missile_walk,
            missile_range: r.missile_range,
            return_rule: r.return_rule,
            trapped_king: r.trapped_king,
            no_capture_limit: r.no_capture_limit,
            missile_deployment: r.deployment.missile_deployment,
            announce_illegal: r.hidden.announce_illegal,
            reveal_captured: r.hidden.reveal_captured,
        }
    }
}

#[cfg(feature = "serde")]
impl From<FlatRuleset> for Ruleset {
    fn from(f: FlatRuleset) -> Ruleset {
        Ruleset {
            king_palace_diagonals: f.king_palace_diagonals,
            missile_walk: f.missile_walk,
            missile_range: f.missile_range,
            return_rule: f.return_rule,
            trapped_king: f.trapped_king,
            no_capture_limit: f.no_capture_limit,
            deployment: DeploymentRules {
                missile_deployment: f.missile_deployment,
            },
            hidden: HiddenRules {
                announce_illegal: f.announce_illegal,
                reveal_captured: f.reveal_captured,
            },
        }
    }
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
        deployment: DeploymentRules::STANDARD,
        hidden: HiddenRules::STANDARD,
    };

    /// The preset of that name: only `standard` so far.
    #[must_use]
    pub fn preset(name: &str) -> Option<Ruleset> {
        match name {
            "standard" => Some(Ruleset::STANDARD),
            _ => None,
        }
    }

    /// A ruleset from its JSON object (a leading byte-order mark is allowed).
    ///
    /// # Errors
    /// [`RulesetError::Json`] with the line and column in `json` for text that is not a JSON
    /// object, an unknown field or a bad value; [`RulesetError::MissileRange`] is reported the
    /// same way, at its place.
    ///
    /// ```
    /// use gjjq_core::{Ruleset, ruleset::RulesetError};
    /// let r = Ruleset::from_json(r#"{"no_capture_limit": 70}"#)?;
    /// assert_eq!(r.no_capture_limit.map(|n| n.get()), Some(70));
    /// let err = Ruleset::from_json("{\n  \"missile_rang\": null}").unwrap_err();
    /// assert!(matches!(err, RulesetError::Json { line: 2, .. }));
    /// assert!(err.to_string().contains("missile_rang"));
    /// assert!(Ruleset::from_json("[]").is_err());
    /// # Ok::<(), RulesetError>(())
    /// ```
    #[cfg(feature = "serde")]
    pub fn from_json(json: &str) -> Result<Ruleset, RulesetError> {
        let json = json.strip_prefix('\u{feff}').unwrap_or(json);
        if !json.trim_start().starts_with('{') {
            let (line, column) = first_token(json);
            return Err(RulesetError::Json {
                line,
                column,
                message: "a ruleset is a JSON object, `{ … }`".into(),
            });
        }
        serde_json::from_str(json).map_err(|e| RulesetError::Json {
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        })
    }

    /// The ruleset as a JSON object on one line.
    #[cfg(feature = "serde")]
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a ruleset always serializes")
    }
}

/// `standard` (a preset name) or a JSON object ([`Ruleset::from_json`]).
#[cfg(feature = "serde")]
impl std::str::FromStr for Ruleset {
    type Err = RulesetError;

    fn from_str(s: &str) -> Result<Ruleset, RulesetError> {
        if let Some(r) = Ruleset::preset(s.trim()) {
            return Ok(r);
        }
        if s.trim_start_matches('\u{feff}')
            .trim_start()
            .starts_with('{')
        {
            return Ruleset::from_json(s);
        }
        Err(RulesetError::Unknown(s.chars().take(40).collect()))
    }
}

/// The 1-based line and column of the first non-blank character.
#[cfg(feature = "serde")]
fn first_token(text: &str) -> (usize, usize) {
    let mut line = 1;
    let mut column = 1;
    for c in text.chars() {
        match c {
            '\n' => {
                line += 1;
                column = 1;
            }
            c if c.is_whitespace() => column += 1,
            _ => break,
        }
    }
    (line, column)
}

/// serde_json ends its messages with " at line L column C", which the error carries apart.
#[cfg(feature = "serde")]
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// The standard ruleset's one stored copy (see [`intern`]).
pub(crate) static STANDARD: Ruleset = Ruleset::STANDARD;

/// The one stored copy of `rules`, for the life of the process: a [`crate::Position`] holds
/// its ruleset by reference, so that it stays small enough to copy inline. The standard
/// ruleset is a static; any other distinct ruleset is stored (and leaked, a few bytes) the
/// first time it is seen.
pub(crate) fn intern(rules: Ruleset) -> &'static Ruleset {
    if rules == Ruleset::STANDARD {
        return &STANDARD;
    }
    static TABLE: std::sync::Mutex<Vec<&'static Ruleset>> = std::sync::Mutex::new(Vec::new());
    let mut table = TABLE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(r) = table.iter().find(|r| ***r == rules) {
        return r;
    }
    let r: &'static Ruleset = Box::leak(Box::new(rules));
    table.push(r);
    r
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::STANDARD
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    // Options are packed (one byte for the missile range); a Position holds its ruleset by
    // reference, so this size no longer enters the copy-make size.
    #[test]
    fn ruleset_size_is_pinned() {
        assert_eq!(std::mem::size_of::<Ruleset>(), 12);
        assert_eq!(std::mem::size_of::<Option<MissileRange>>(), 1);
        for min in 2..=9 {
            for max in min..=9 {
                let r = MissileRange::new(min, max).unwrap();
                assert_eq!((r.min(), r.max()), (min, max));
            }
        }
    }

    #[test]
    fn json_round_trip_and_defaults() {
        let json = Ruleset::STANDARD.to_json();
        assert_eq!(Ruleset::from_json(&json), Ok(Ruleset::STANDARD));
        assert_eq!(Ruleset::from_json("{}"), Ok(Ruleset::STANDARD));
        assert_eq!(Ruleset::from_json("\u{feff}{}"), Ok(Ruleset::STANDARD));
        let r = Ruleset::from_json(
            r#"{"king_palace_diagonals":true,"missile_walk":"no_abroad_pieces","missile_range":{"min":2,"max":4},
                "return_rule":"immediate","trapped_king":"no_escape","no_capture_limit":70,
                "missile_deployment":"back_ranks","announce_illegal":"both","reveal_captured":"to_captor"}"#,
        )
        .unwrap();
        assert!(r.king_palace_diagonals);
        assert_eq!(r.missile_range, Some(MissileRange::new(2, 4).unwrap()));
        assert_eq!(r.no_capture_limit, NonZeroU32::new(70));
        assert_eq!(
            r.deployment.missile_deployment,
            MissileDeployment::BackRanks
        );
        assert_eq!(r.hidden.announce_illegal, AnnounceIllegal::Both);
        assert_eq!(r.hidden.reveal_captured, RevealCaptured::ToCaptor);
        assert_eq!(Ruleset::from_json(&r.to_json()), Ok(r));
    }

    #[test]
    fn unknown_field_is_named() {
        let err = Ruleset::from_json(r#"{"missile_rang": null}"#).unwrap_err();
        assert!(err.to_string().contains("missile_rang"), "{err}");
        let err = Ruleset::from_json(r#"{"trapped_king": "sometimes"}"#).unwrap_err();
        assert!(err.to_string().contains("sometimes"), "{err}");
    }

    // Issue 10: these were accepted and panicked (or were taken silently) in move generation.
    #[test]
    fn bad_values_are_refused_where_they_enter() {
        for (json, line, column) in [
            (r#"{"missile_range": {"min": 0, "max": 4}}"#, 1, 39),
            (r#"{"missile_range": {"min": 2, "max": 40}}"#, 1, 40),
            (r#"{"missile_range": {"min": 9, "max": 2}}"#, 1, 39),
            ("{\n\"no_capture_limit\": 0}", 2, 21),
            ("[]", 1, 1),
            ("  7", 1, 3),
        ] {
            match Ruleset::from_json(json) {
                Err(RulesetError::Json {
                    line: l, column: c, ..
                }) => assert_eq!((l, c), (line, column), "{json}"),
                other => panic!("{json}: {other:?}"),
            }
        }
        assert_eq!(
            MissileRange::new(1, 4),
            Err(RulesetError::MissileRange { min: 1, max: 4 })
        );
    }

    #[test]
    fn from_str_takes_a_preset_or_json() {
        assert_eq!("standard".parse(), Ok(Ruleset::STANDARD));
        assert_eq!(
            r#"{"return_rule":"immediate"}"#.parse::<Ruleset>().map(|r| r.return_rule),
            Ok(ReturnRule::Immediate)
        );
        assert!(matches!(
            "classic".parse::<Ruleset>(),
            Err(RulesetError::Unknown(_))
        ));
    }
}
