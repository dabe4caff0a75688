//! Rulesets (L-3, L-10, L-11, L-12, L-14, L-15) and their presets (`standard`, `ccgc`) and,
//! kept apart, the ways of playing (L-30 … L-33).

use std::fmt;
use std::num::NonZeroU8;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What the middle crossing c6–c7 is (L-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MiddleCrossing {
    /// A railway (default): runs and engineer paths cross the fronts at a, c and e.
    #[default]
    Railway = 0,
    /// A road: c6–c7 is one step; no railway run or engineer path uses it (c6 and c7 stay
    /// railway points of their ranks).
    Road = 1,
}

/// What a landmine does to an attacker other than an engineer or a bomb (L-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MineOutcome {
    /// The attacker is removed, the mine stays (default).
    #[default]
    AttackerRemoved,
    /// Both are removed (seed 002: 除工兵外，其它棋子撞上地雷均同歸於盡).
    BothRemoved,
}

/// Who may attack the flag (L-12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagCapture {
    /// Any piece, at any time (default: 任何棋子都能吃掉軍旗).
    #[default]
    Any,
    /// Only once none of the flag's side's landmines is left on the board; until then the
    /// flag cannot be attacked, by a bomb either, and still blocks railway runs.
    AfterMines,
    /// Only an engineer may attack the flag, at any time; to every other piece, a bomb
    /// included, the flag is a piece it cannot attack (it still blocks railway runs). The 翻棋
    /// app of issue 50 item 14 (Hu3367/junqi_engine) plays so.
    Engineer,
}

/// What reaching the no-combat limit does (L-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoCombatResult {
    /// The game is drawn (default).
    #[default]
    Draw,
    /// The side whose move completed the limit's quiet plies loses, at exactly the limit (the
    /// CCGC specification: "双方连续31步未碰子时当前行棋方为负").
    LossToMover,
}

/// What a side to move with no legal move means (L-14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoMoveResult {
    /// The side to move loses (default, L-14); only when neither side has a movable piece at
    /// all is the game drawn.
    #[default]
    Loss,
    /// As `loss`, except that when the side to move has no legal move and its opponent, were
    /// it to move, would have none either, the game is drawn (the CCGC specification: both
    /// sides unable to move is a draw, one side unable to move loses).
    DrawIfBothStuck,
}

/// A ruleset cannot be built: JSON that is not a ruleset, a bad value, an unknown preset.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesetError {
    /// The JSON text is not a ruleset object (an unknown field is named).
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// 1-based line in the JSON text.
        line: usize,
        /// 1-based column in the JSON text.
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// `repetition` below 2 (a position occurs once as soon as it is reached).
    #[error("repetition: {0} is below 2 (a count of occurrences that draws, or null for off)")]
    Repetition(u8),
    /// Neither a preset's name (`standard`, `ccgc`) nor a JSON object.
    #[error("'{0}' is not a ruleset: give `standard`, `ccgc` or a JSON object")]
    Unknown(String),
}

/// The movement, combat and adjudication options of the brief, with their defaults (the
/// preset [`Ruleset::STANDARD`]). Every value of the type is a valid ruleset.
///
/// Its JSON form is one flat object, one field per option; missing fields take the standard
/// value, unknown fields are refused with their line and column. The options added after the
/// first six (`no_combat_result`, `no_move_result`, `forbid_losing_attacks`) are written only
/// when they differ from the standard value, so the records of standard games read as before.
/// Those three are packed in one byte, so that a [`Position`](crate::Position) keeps to 64
/// bytes: read them with [`Ruleset::no_combat_result`], [`Ruleset::no_move_result`],
/// [`Ruleset::forbid_losing_attacks`] and set them with the `with_` methods:
///
/// ```
/// use luzhanqi::{FlagCapture, Ruleset};
/// let rules = Ruleset::from_json(r#"{ "flag_capture": "after_mines", "no_combat_limit": 40 }"#)?;
/// assert_eq!(rules.flag_capture, FlagCapture::AfterMines);
/// assert_eq!(rules.no_combat_limit, 40);
/// assert_eq!(
///     Ruleset::STANDARD.to_json(),
///     r#"{"middle_crossing":"railway","hq_lock":true,"mine_outcome":"attacker_removed","flag_capture":"any","no_combat_limit":70,"repetition":null}"#
/// );
/// let err = Ruleset::from_json("{\n  \"hq_lok\": false }").unwrap_err();
/// assert!(err.to_string().starts_with("line 2, column"));
/// # Ok::<(), luzhanqi::RulesetError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Ruleset {
    /// L-3: the middle crossing c6–c7. Default [`MiddleCrossing::Railway`].
    pub middle_crossing: MiddleCrossing,
    /// L-10: a piece on a headquarters never moves. Default `true`.
    pub hq_lock: bool,
    /// L-11: a landmine against an attacker other than engineer or bomb. Default
    /// [`MineOutcome::AttackerRemoved`].
    pub mine_outcome: MineOutcome,
    /// L-12: who may attack the flag. Default [`FlagCapture::Any`].
    pub flag_capture: FlagCapture,
    /// L-15: plies in a row without an attack after which the game is drawn; 0 turns it off.
    /// Default 70.
    pub no_combat_limit: u16,
    /// L-15: occurrences of one position (placement and side to move) that draw the game, at
    /// least 2; `None` (default) is off. Read by [`Game`](crate::Game) only.
    pub repetition: Option<NonZeroU8>,
    /// `no_combat_result`, `no_move_result` and `forbid_losing_attacks`, one bit each (the
    /// `VARIANT_*` bits), in the byte the fields above leave free.
    pub(crate) variants: u8,
}

/// `no_combat_result` `loss_to_mover`.
const VARIANT_LOSS_TO_MOVER: u8 = 1;
/// `no_move_result` `draw_if_both_stuck`.
const VARIANT_DRAW_IF_BOTH_STUCK: u8 = 1 << 1;
/// `forbid_losing_attacks`.
const VARIANT_FORBID_LOSING_ATTACKS: u8 = 1 << 2;

/// `bits` set in `variants` when `on`, cleared otherwise.
const fn set_bits(variants: u8, bits: u8, on: bool) -> u8 {
    if on {
        variants | bits
    } else {
        variants & !bits
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::STANDARD
    }
}

impl fmt::Debug for Ruleset {
    /// Every option by name, the packed ones too.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ruleset")
            .field("middle_crossing", &self.middle_crossing)
            .field("hq_lock", &self.hq_lock)
            .field("mine_outcome", &self.mine_outcome)
            .field("flag_capture", &self.flag_capture)
            .field("no_combat_limit", &self.no_combat_limit)
            .field("repetition", &self.repetition)
            .field("no_combat_result", &self.no_combat_result())
            .field("no_move_result", &self.no_move_result())
            .field("forbid_losing_attacks", &self.forbid_losing_attacks())
            .finish()
    }
}

#[derive(Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct JsonRuleset {
    middle_crossing: MiddleCrossing,
    hq_lock: bool,
    mine_outcome: MineOutcome,
    flag_capture: FlagCapture,
    no_combat_limit: u16,
    repetition: Option<u8>,
    #[serde(skip_serializing_if = "is_default")]
    no_combat_result: NoCombatResult,
    #[serde(skip_serializing_if = "is_default")]
    no_move_result: NoMoveResult,
    #[serde(skip_serializing_if = "is_default")]
    forbid_losing_attacks: bool,
}

/// Whether `v` is its type's default (the options written only when set).
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

impl Default for JsonRuleset {
    fn default() -> JsonRuleset {
        let r = Ruleset::STANDARD;
        JsonRuleset {
            middle_crossing: r.middle_crossing,
            hq_lock: r.hq_lock,
            mine_outcome: r.mine_outcome,
            flag_capture: r.flag_capture,
            no_combat_limit: r.no_combat_limit,
            repetition: None,
            no_combat_result: r.no_combat_result(),
            no_move_result: r.no_move_result(),
            forbid_losing_attacks: r.forbid_losing_attacks(),
        }
    }
}

pub(crate) fn json_error(e: &serde_json::Error) -> RulesetError {
    let message = e.to_string();
    // serde_json appends " at line L column C"; the fields say it already.
    let message = match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    };
    RulesetError::Json {
        line: e.line(),
        column: e.column(),
        message,
    }
}

impl Ruleset {
    /// The standard ruleset: every option at the brief's default.
    pub const STANDARD: Ruleset = Ruleset {
        middle_crossing: MiddleCrossing::Railway,
        hq_lock: true,
        mine_outcome: MineOutcome::AttackerRemoved,
        flag_capture: FlagCapture::Any,
        no_combat_limit: 70,
        repetition: None,
        variants: 0,
    };

    /// L-15: what reaching `no_combat_limit` does. Default [`NoCombatResult::Draw`].
    #[must_use]
    pub const fn no_combat_result(&self) -> NoCombatResult {
        if self.variants & VARIANT_LOSS_TO_MOVER != 0 {
            NoCombatResult::LossToMover
        } else {
            NoCombatResult::Draw
        }
    }

    /// The ruleset with `no_combat_result` set to `result`.
    #[must_use]
    pub const fn with_no_combat_result(mut self, result: NoCombatResult) -> Ruleset {
        self.variants = set_bits(
            self.variants,
            VARIANT_LOSS_TO_MOVER,
            matches!(result, NoCombatResult::LossToMover),
        );
        self
    }

    /// L-14: what a side to move with no legal move means. Default [`NoMoveResult::Loss`].
    #[must_use]
    pub const fn no_move_result(&self) -> NoMoveResult {
        if self.variants & VARIANT_DRAW_IF_BOTH_STUCK != 0 {
            NoMoveResult::DrawIfBothStuck
        } else {
            NoMoveResult::Loss
        }
    }

    /// The ruleset with `no_move_result` set to `result`.
    #[must_use]
    pub const fn with_no_move_result(mut self, result: NoMoveResult) -> Ruleset {
        self.variants = set_bits(
            self.variants,
            VARIANT_DRAW_IF_BOTH_STUCK,
            matches!(result, NoMoveResult::DrawIfBothStuck),
        );
        self
    }

    /// L-11: whether an attack whose result would be
    /// [`AttackerRemoved`](crate::AttackOutcome) against a face-up defender is not a legal
    /// move (the 翻棋 app of issue 50 item 14). In 翻棋 a face-down defender is unknown, so
    /// the option does not bar attacks on it. Default `false`.
    #[must_use]
    pub const fn forbid_losing_attacks(&self) -> bool {
        self.variants & VARIANT_FORBID_LOSING_ATTACKS != 0
    }

    /// The ruleset with `forbid_losing_attacks` set to `on`.
    #[must_use]
    pub const fn with_forbid_losing_attacks(mut self, on: bool) -> Ruleset {
        self.variants = set_bits(self.variants, VARIANT_FORBID_LOSING_ATTACKS, on);
        self
    }

    /// The rules of the Chinese Computer Games Championship's 军棋 track (issue 51; its
    /// specification v1.0 and the platform's logs): standard movement and combat, a no-combat
    /// limit of 31 plies that the side making the 31st quiet ply loses
    /// ([`NoCombatResult::LossToMover`]), both sides unable to move a draw
    /// ([`NoMoveResult::DrawIfBothStuck`]), no repetition rule. A bomb hitting the flag
    /// captures it (L-11, L-13), as everywhere.
    ///
    /// ```
    /// use luzhanqi::{NoCombatResult, Ruleset};
    /// assert_eq!(Ruleset::preset("ccgc"), Some(Ruleset::CCGC));
    /// assert_eq!(Ruleset::parse("ccgc")?, Ruleset::CCGC);
    /// assert_eq!(Ruleset::CCGC.no_combat_limit, 31);
    /// assert_eq!(Ruleset::CCGC.no_combat_result(), NoCombatResult::LossToMover);
    /// assert_eq!(Ruleset::CCGC.repetition, None);
    /// # Ok::<(), luzhanqi::RulesetError>(())
    /// ```
    pub const CCGC: Ruleset = Ruleset {
        no_combat_limit: 31,
        ..Ruleset::STANDARD
    }
    .with_no_combat_result(NoCombatResult::LossToMover)
    .with_no_move_result(NoMoveResult::DrawIfBothStuck);

    /// The named presets, by name: `standard` and `ccgc`.
    pub const PRESETS: [(&'static str, Ruleset); 2] =
        [("standard", Ruleset::STANDARD), ("ccgc", Ruleset::CCGC)];

    /// The preset named `name` (`standard`, `ccgc`), if there is one.
    #[must_use]
    pub fn preset(name: &str) -> Option<Ruleset> {
        Ruleset::PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, r)| r)
    }

    /// A ruleset from its JSON object (missing fields standard).
    ///
    /// # Errors
    /// [`RulesetError::Json`] with line and column for text that is not such an object or
    /// names an unknown field; [`RulesetError::Repetition`] for a repetition count below 2.
    pub fn from_json(text: &str) -> Result<Ruleset, RulesetError> {
        let raw: JsonRuleset = serde_json::from_str(text).map_err(|e| json_error(&e))?;
        let repetition = match raw.repetition {
            None => None,
            Some(n) if n >= 2 => NonZeroU8::new(n),
            Some(n) => return Err(RulesetError::Repetition(n)),
        };
        Ok(Ruleset {
            middle_crossing: raw.middle_crossing,
            hq_lock: raw.hq_lock,
            mine_outcome: raw.mine_outcome,
            flag_capture: raw.flag_capture,
            no_combat_limit: raw.no_combat_limit,
            repetition,
            variants: 0,
        }
        .with_no_combat_result(raw.no_combat_result)
        .with_no_move_result(raw.no_move_result)
        .with_forbid_losing_attacks(raw.forbid_losing_attacks))
    }

    /// A preset's name (`standard`, `ccgc`) or a JSON object (what a `--rules` argument
    /// takes).
    ///
    /// # Errors
    /// As [`Ruleset::from_json`]; [`RulesetError::Unknown`] for text that is neither.
    pub fn parse(text: &str) -> Result<Ruleset, RulesetError> {
        let t = text.trim();
        if let Some(r) = Ruleset::preset(t) {
            Ok(r)
        } else if t.starts_with('{') {
            Ruleset::from_json(text)
        } else {
            Err(RulesetError::Unknown(junqi_game::clip(t, 40)))
        }
    }

    /// The JSON object of the ruleset: the first six fields always, the later ones when they
    /// differ from the standard value.
    #[must_use]
    pub fn to_json(&self) -> String {
        let raw = JsonRuleset {
            middle_crossing: self.middle_crossing,
            hq_lock: self.hq_lock,
            mine_outcome: self.mine_outcome,
            flag_capture: self.flag_capture,
            no_combat_limit: self.no_combat_limit,
            repetition: self.repetition.map(NonZeroU8::get),
            no_combat_result: self.no_combat_result(),
            no_move_result: self.no_move_result(),
            forbid_losing_attacks: self.forbid_losing_attacks(),
        };
        serde_json::to_string(&raw).expect("a ruleset serializes")
    }
}

/// The way of playing (L-30 … L-32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// 明棋: both deployments seen by both sides (L-30). Default.
    #[default]
    Open,
    /// 暗棋: a referee sees everything, each side only its own kinds (L-31).
    Dark,
    /// 翻棋: all 50 pieces face down, shuffled over the 50 non-camp points (L-32).
    Flip,
}

/// How the first player's colour is settled in 翻棋 (L-32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourRule {
    /// The first player plays the colour of the first piece it flips (default).
    #[default]
    FirstFlip,
    /// Flips go on until an engineer appears; its finder plays its colour.
    FirstEngineer,
    /// Flips go on until a landmine appears; its finder plays its colour.
    FirstMine,
}

/// The mode and its options (L-30 … L-32), kept apart from the movement and combat options of
/// [`Ruleset`] (L-33). Its JSON form is a flat object like the ruleset's.
///
/// ```
/// use luzhanqi::{Mode, ModeRules, FlagCapture};
/// let flip = ModeRules::from_json(r#"{ "mode": "flip" }"#)?;
/// assert_eq!(flip.mode, Mode::Flip);
/// let rules = flip.default_ruleset();
/// assert!(!rules.hq_lock);
/// assert_eq!(rules.flag_capture, FlagCapture::AfterMines);
/// # Ok::<(), luzhanqi::RulesetError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct ModeRules {
    /// The way of playing. Default [`Mode::Open`].
    pub mode: Mode,
    /// L-31: when a field marshal is removed, the referee shows its side's flag point. Default
    /// `true`.
    pub marshal_reveals_flag: bool,
    /// L-32: face-down pieces may be attacked. Default `false`.
    pub attack_face_down: bool,
    /// L-32: how colours are settled. Default [`ColourRule::FirstFlip`].
    pub colour_rule: ColourRule,
    /// L-15, L-32: whether a flip resets the no-combat count as an attack does (default
    /// `true`: the count counts plies with neither an attack nor a flip). `false`: a flip is
    /// a quiet ply that the count counts, as the 翻棋 app of issue 50 item 14
    /// (Hu3367/junqi_engine) plays. Written in the JSON form only when `false`.
    #[serde(skip_serializing_if = "is_true")]
    pub flip_resets_no_combat: bool,
}

/// Whether `b` is `true` (a mode option written only when off).
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_true(b: &bool) -> bool {
    *b
}

impl Default for ModeRules {
    fn default() -> ModeRules {
        ModeRules::OPEN
    }
}

impl ModeRules {
    /// 明棋 with every option at its default.
    pub const OPEN: ModeRules = ModeRules {
        mode: Mode::Open,
        marshal_reveals_flag: true,
        attack_face_down: false,
        colour_rule: ColourRule::FirstFlip,
        flip_resets_no_combat: true,
    };

    /// 翻棋 with every option at its default (L-32).
    pub const FLIP: ModeRules = ModeRules {
        mode: Mode::Flip,
        ..ModeRules::OPEN
    };

    /// The mode options from their JSON object (missing fields default).
    ///
    /// # Errors
    /// [`RulesetError::Json`] with line and column, naming an unknown field.
    pub fn from_json(text: &str) -> Result<ModeRules, RulesetError> {
        serde_json::from_str(text).map_err(|e| json_error(&e))
    }

    /// The JSON object, every field written.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("mode rules serialize")
    }

    /// The ruleset a mode plays by unless a game says otherwise: [`Ruleset::STANDARD`], except
    /// in 翻棋 (L-32) `hq_lock` off and `flag_capture` `after_mines`; 暗棋 takes
    /// `flag_capture` `any` only (L-12), which is the standard value. (In 翻棋 the no-combat
    /// count also counts plies with neither an attack nor a flip; flips belong to the next
    /// issue's flip game, which resets the position's counter on a flip.)
    #[must_use]
    pub fn default_ruleset(&self) -> Ruleset {
        match self.mode {
            Mode::Open | Mode::Dark => Ruleset::STANDARD,
            Mode::Flip => Ruleset {
                hq_lock: false,
                flag_capture: FlagCapture::AfterMines,
                ..Ruleset::STANDARD
            },
        }
    }
}
