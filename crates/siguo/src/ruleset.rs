//! The four-player ruleset (section 9): 陸戰棋's options that apply (L-10, L-11, L-12, L-15,
//! reused as [`luzhanqi::Ruleset`]) and the options of L-50 … L-56; the ways of playing
//! (L-62 … L-65) kept apart in [`SiguoModeRules`] (L-66).

use std::num::NonZeroU8;

use luzhanqi::{FlagCapture, MineOutcome, Ruleset};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::seat::Seat;

/// Turn order (L-50).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnDirection {
    /// Counter-clockwise: Red, Green, Blue, Yellow (default).
    #[default]
    Ccw,
    /// Clockwise: Red, Yellow, Blue, Green.
    Cw,
}

impl TurnDirection {
    /// The seat after `seat` in this order (L-50), in play or not.
    pub(crate) const fn next(self, seat: Seat) -> Seat {
        match self {
            TurnDirection::Ccw => Seat::from_index(seat.index() + 1),
            TurnDirection::Cw => Seat::from_index(seat.index() + 3),
        }
    }

    /// A seat's place in the round, Red first (L-59: the move number rises when the turn
    /// passes to a seat that comes no later).
    pub(crate) const fn place(self, seat: Seat) -> usize {
        match self {
            TurnDirection::Ccw => seat.index(),
            TurnDirection::Cw => (4 - seat.index()) % 4,
        }
    }
}

/// What becomes of an out seat's pieces (L-51).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutPieces {
    /// They all leave the board at once (default).
    #[default]
    Removed,
    /// They stay, belong to nobody in play: never move, never attacked or entered, block runs.
    Frozen,
}

/// What resets the no-combat count (L-56).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoCombatReset {
    /// Every attack, whatever its result (default).
    #[default]
    Attack,
    /// Every attack, and an out seat's pieces leaving the board.
    Removal,
}

/// The four-player ways of playing (L-62 … L-64).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiguoMode {
    /// 四暗: each seat sees its own kinds only (default, L-63).
    #[default]
    Dark,
    /// 雙明: each seat also sees its ally's kinds (L-64).
    DoubleOpen,
    /// 全明: every kind seen (L-62).
    Open,
}

impl SiguoMode {
    /// The mode's name in JSON and in a game file's `Mode` tag: `dark`, `double_open`, `open`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            SiguoMode::Dark => "dark",
            SiguoMode::DoubleOpen => "double_open",
            SiguoMode::Open => "open",
        }
    }
}

/// The mode and its options, apart from the rules of movement and adjudication (L-66).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SiguoModeRules {
    /// The way of playing. Default [`SiguoMode::Dark`].
    pub mode: SiguoMode,
    /// L-63: a removed 司令 shows its seat's flag point. Default `true`.
    pub marshal_reveals_flag: bool,
    /// L-65: an engineer's attack shows the defender's kind. Default `false`.
    pub engineer_scout: bool,
}

/// The rules of a four-player game. JSON is validated where it enters; the fields can also
/// hold values it refuses: a `pass_limit` above 9 makes no position
/// ([`Position::from_setup`](crate::Position::from_setup) refuses it: the passes field of L-59
/// has one digit a seat), and a `repetition` of 1 draws every position an action reaches.
///
/// ```
/// use siguo::{OutPieces, Rules};
/// let r = Rules::from_json(r#"{ "out_pieces": "frozen", "pass_limit": 4 }"#)?;
/// assert_eq!(r.out_pieces, OutPieces::Frozen);
/// assert_eq!(r.pass_limit, 4);
/// assert!(Rules::from_json(r#"{ "pass_limit": 10 }"#).is_err());
/// # Ok::<(), siguo::RulesError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// `hq_lock` (L-10), `mine_outcome` (L-11), `flag_capture` (L-12), `no_combat_limit`
    /// (L-15, L-56), `repetition` (L-15, L-56); its `middle_crossing` has no four-player
    /// meaning (L-45) and stays at its default.
    pub base: Ruleset,
    /// L-50. Default [`TurnDirection::Ccw`].
    pub turn_direction: TurnDirection,
    /// L-51. Default [`OutPieces::Removed`].
    pub out_pieces: OutPieces,
    /// L-55: passes each seat may make, 0 … 9. Default 0.
    pub pass_limit: u8,
    /// L-56. Default [`NoCombatReset::Attack`].
    pub no_combat_reset: NoCombatReset,
    /// L-54: plies from the first position before a seat may surrender; 0 any time.
    /// Default 20.
    pub surrender_after: u32,
    /// L-62 … L-66: the mode and its options (no effect on moves).
    pub mode: SiguoModeRules,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::STANDARD
    }
}

/// A ruleset that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not a JSON ruleset object (an unknown field is named), with where.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// `pass_limit` above 9 (L-55).
    #[error("pass_limit: {0} is above 9")]
    PassLimit(u32),
    /// `repetition` below 2.
    #[error("repetition: {0} is below 2 (a count of occurrences that draws, or null for off)")]
    Repetition(u8),
    /// `engineer_scout` in 全明, or `flag_capture` `after_mines` in 四暗 or 雙明 (L-63, L-65).
    #[error("{0}")]
    ModeConflict(&'static str),
    /// Neither `standard` nor a JSON object.
    #[error("'{0}' is not a ruleset: give `standard` or a JSON object")]
    Unknown(String),
}

#[derive(Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct JsonRules {
    hq_lock: bool,
    mine_outcome: MineOutcome,
    flag_capture: FlagCapture,
    no_combat_limit: u16,
    repetition: Option<u8>,
    turn_direction: TurnDirection,
    out_pieces: OutPieces,
    pass_limit: u32,
    no_combat_reset: NoCombatReset,
    surrender_after: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    mode: Option<SiguoMode>,
    marshal_reveals_flag: bool,
    engineer_scout: bool,
}

impl Default for JsonRules {
    fn default() -> JsonRules {
        let r = Rules::STANDARD;
        JsonRules {
            hq_lock: r.base.hq_lock,
            mine_outcome: r.base.mine_outcome,
            flag_capture: r.base.flag_capture,
            no_combat_limit: r.base.no_combat_limit,
            repetition: None,
            turn_direction: r.turn_direction,
            out_pieces: r.out_pieces,
            pass_limit: 0,
            no_combat_reset: r.no_combat_reset,
            surrender_after: r.surrender_after,
            mode: None,
            marshal_reveals_flag: true,
            engineer_scout: false,
        }
    }
}

impl Rules {
    /// Every option at the brief's default.
    pub const STANDARD: Rules = Rules {
        base: Ruleset::STANDARD,
        turn_direction: TurnDirection::Ccw,
        out_pieces: OutPieces::Removed,
        pass_limit: 0,
        no_combat_reset: NoCombatReset::Attack,
        surrender_after: 20,
        mode: SiguoModeRules {
            mode: SiguoMode::Dark,
            marshal_reveals_flag: true,
            engineer_scout: false,
        },
    };

    /// Rules from one flat JSON object (missing fields default). Fields: `hq_lock`,
    /// `mine_outcome`, `flag_capture`, `no_combat_limit`, `repetition`, `turn_direction`,
    /// `out_pieces`, `pass_limit`, `no_combat_reset`, `surrender_after`, and the mode's
    /// `mode`, `marshal_reveals_flag`, `engineer_scout`.
    ///
    /// # Errors
    /// [`RulesError::Json`] with line and column; [`RulesError::PassLimit`],
    /// [`RulesError::Repetition`]; [`RulesError::ModeConflict`] when `mode` is given and
    /// conflicts (`engineer_scout` in `open`; `after_mines` in `dark` or `double_open`).
    pub fn from_json(text: &str) -> Result<Rules, RulesError> {
        let raw: JsonRules = serde_json::from_str(text).map_err(|e| {
            let message = e.to_string();
            let message = match message.rfind(" at line ") {
                Some(i) => message[..i].to_string(),
                None => message,
            };
            RulesError::Json {
                line: e.line(),
                column: e.column(),
                message,
            }
        })?;
        if raw.pass_limit > 9 {
            return Err(RulesError::PassLimit(raw.pass_limit));
        }
        let repetition = match raw.repetition {
            None => None,
            Some(n) if n >= 2 => NonZeroU8::new(n),
            Some(n) => return Err(RulesError::Repetition(n)),
        };
        match raw.mode {
            Some(SiguoMode::Open) if raw.engineer_scout => {
                return Err(RulesError::ModeConflict(
                    "engineer_scout is for the dark and double_open modes only (L-65)",
                ));
            }
            Some(SiguoMode::Dark | SiguoMode::DoubleOpen)
                if raw.flag_capture == FlagCapture::AfterMines =>
            {
                return Err(RulesError::ModeConflict(
                    "flag_capture after_mines needs the flag known: open mode only (L-63)",
                ));
            }
            _ => {}
        }
        let mut base = Ruleset::STANDARD;
        base.hq_lock = raw.hq_lock;
        base.mine_outcome = raw.mine_outcome;
        base.flag_capture = raw.flag_capture;
        base.no_combat_limit = raw.no_combat_limit;
        base.repetition = repetition;
        Ok(Rules {
            base,
            turn_direction: raw.turn_direction,
            out_pieces: raw.out_pieces,
            pass_limit: raw.pass_limit as u8,
            no_combat_reset: raw.no_combat_reset,
            surrender_after: raw.surrender_after,
            mode: SiguoModeRules {
                mode: raw.mode.unwrap_or_default(),
                marshal_reveals_flag: raw.marshal_reveals_flag,
                engineer_scout: raw.engineer_scout,
            },
        })
    }

    /// `standard` or a JSON object (what `--rules` takes).
    ///
    /// # Errors
    /// As [`Rules::from_json`]; [`RulesError::Unknown`] for anything else.
    pub fn parse(text: &str) -> Result<Rules, RulesError> {
        let t = text.trim();
        if t == "standard" {
            Ok(Rules::STANDARD)
        } else if t.starts_with('{') {
            Rules::from_json(text)
        } else {
            Err(RulesError::Unknown(t.chars().take(40).collect()))
        }
    }

    /// The JSON object, every field written.
    #[must_use]
    pub fn to_json(&self) -> String {
        let raw = JsonRules {
            hq_lock: self.base.hq_lock,
            mine_outcome: self.base.mine_outcome,
            flag_capture: self.base.flag_capture,
            no_combat_limit: self.base.no_combat_limit,
            repetition: self.base.repetition.map(NonZeroU8::get),
            turn_direction: self.turn_direction,
            out_pieces: self.out_pieces,
            pass_limit: u32::from(self.pass_limit),
            no_combat_reset: self.no_combat_reset,
            surrender_after: self.surrender_after,
            mode: Some(self.mode.mode),
            marshal_reveals_flag: self.mode.marshal_reveals_flag,
            engineer_scout: self.mode.engineer_scout,
        };
        serde_json::to_string(&raw).expect("rules serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip_and_errors() {
        let r = Rules::from_json(
            r#"{"turn_direction":"cw","out_pieces":"frozen","pass_limit":9,"no_combat_reset":"removal","surrender_after":0,"engineer_scout":true,"mine_outcome":"both_removed","repetition":3}"#,
        )
        .unwrap();
        assert_eq!(Rules::from_json(&r.to_json()).unwrap(), r);
        assert_eq!(
            Rules::from_json(&Rules::STANDARD.to_json()).unwrap(),
            Rules::STANDARD
        );
        assert!(matches!(
            Rules::from_json("{\n \"middle_crossing\": \"road\" }"),
            Err(RulesError::Json { line: 2, .. })
        ));
        assert_eq!(
            Rules::from_json(r#"{"pass_limit":12}"#),
            Err(RulesError::PassLimit(12))
        );
        assert_eq!(
            Rules::from_json(r#"{"repetition":1}"#),
            Err(RulesError::Repetition(1))
        );
        assert!(matches!(
            Rules::from_json(r#"{"mode":"open","engineer_scout":true}"#),
            Err(RulesError::ModeConflict(_))
        ));
        assert!(matches!(
            Rules::from_json(r#"{"mode":"dark","flag_capture":"after_mines"}"#),
            Err(RulesError::ModeConflict(_))
        ));
        assert!(Rules::from_json(r#"{"flag_capture":"after_mines"}"#).is_ok());
        assert!(matches!(Rules::parse("fast"), Err(RulesError::Unknown(_))));
    }

    #[test]
    fn mode_names_are_the_json_names() {
        for m in [SiguoMode::Dark, SiguoMode::DoubleOpen, SiguoMode::Open] {
            assert_eq!(
                serde_json::to_string(&m).unwrap(),
                format!("\"{}\"", m.name())
            );
        }
    }
}
