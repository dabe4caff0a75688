//! The engine's messages: `id`, `uciok`, `readyok`, `option`, `info` and `bestmove`, written
//! (`Display`) and parsed (`FromStr`).

use std::fmt;
use std::str::FromStr;

use crate::error::ProtocolError;
use crate::score::Score;

/// One line from the engine to the controller.
///
/// # Examples
///
/// ```
/// use junqi_protocol::{BestMove, Info, Reply, Score};
/// let line = "info depth 2 seldepth 4 score cp 35 nodes 120 nps 6000 hashfull 0 time 20 pv 5B5A 5b5a";
/// let Ok(Reply::Info(info)) = line.parse::<Reply>() else { panic!() };
/// assert_eq!((info.depth, info.score), (Some(2), Some(Score::Cp(35))));
/// assert_eq!(info.pv, ["5B5A", "5b5a"]);
/// assert_eq!(Reply::Info(info).to_string(), line);
/// assert_eq!("bestmove 5B5A".parse(), Ok(Reply::BestMove(BestMove::new("5B5A"))));
/// assert!("hello".parse::<Reply>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// `id name <text>` or `id author <text>`.
    Id(Id),
    /// `uciok`: the options have been listed.
    UciOk,
    /// `readyok`: the answer to `isready`.
    ReadyOk,
    /// `option name <name> type <type> …`.
    Option(OptionLine),
    /// `info …`.
    Info(Info),
    /// `bestmove <move> [ponder <move>]`.
    BestMove(BestMove),
    /// `deployment <deployment string>`: the answer to `deploy` (the game's deployment
    /// string, the rest of the line, trimmed; 陸戰棋's L-19).
    Deployment(String),
}

/// The engine's identity, from `uci`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Id {
    /// `id name <text>`.
    Name(String),
    /// `id author <text>`.
    Author(String),
}

/// An option the engine offers, from `uci`: its name and its type with the type's fields.
///
/// # Examples
///
/// ```
/// use junqi_protocol::{OptionKind, OptionLine};
/// let hash = OptionLine {
///     name: "Hash".into(),
///     kind: OptionKind::Spin { default: 16, min: 1, max: 4096 },
/// };
/// assert_eq!(hash.to_string(), "option name Hash type spin default 16 min 1 max 4096");
/// let dir: OptionLine = "option name TablebaseDir type string default <empty>".parse()?;
/// assert_eq!(dir.kind, OptionKind::String { default: String::new() });
/// # Ok::<(), junqi_protocol::ProtocolError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionLine {
    /// The option's name (may hold spaces, never the word `type`).
    pub name: String,
    /// Its type, default and range.
    pub kind: OptionKind,
}

/// The type of an [`OptionLine`] and its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// `type check default true|false`.
    Check {
        /// The default.
        default: bool,
    },
    /// `type spin default D min A max B`: an integer (wide enough for `u64::MAX` and
    /// negative bounds alike).
    Spin {
        /// The default.
        default: i128,
        /// The least value.
        min: i128,
        /// The greatest value.
        max: i128,
    },
    /// `type combo default D var V1 var V2 …`.
    Combo {
        /// The default (one of `vars`).
        default: String,
        /// The values.
        vars: Vec<String>,
    },
    /// `type button`.
    Button,
    /// `type string default <text>`; the empty string is written `<empty>`.
    String {
        /// The default.
        default: String,
    },
}

impl OptionLine {
    /// `option name <name> type spin default <default> min <min> max <max>`.
    ///
    /// ```
    /// use junqi_protocol::OptionLine;
    /// let hash = OptionLine::spin("Hash", 16, 1, 4096);
    /// assert_eq!(hash.to_string(), "option name Hash type spin default 16 min 1 max 4096");
    /// ```
    #[must_use]
    pub fn spin(name: &str, default: u64, min: u64, max: u64) -> OptionLine {
        OptionLine {
            name: name.to_string(),
            kind: OptionKind::Spin {
                default: default.into(),
                min: min.into(),
                max: max.into(),
            },
        }
    }

    /// `option name <name> type combo default <default> var <v1> var <v2> …`.
    ///
    /// ```
    /// use junqi_protocol::OptionLine;
    /// let mode = OptionLine::combo("Mode", "dark", &["open", "dark"]);
    /// assert_eq!(mode.to_string(), "option name Mode type combo default dark var open var dark");
    /// ```
    #[must_use]
    pub fn combo(name: &str, default: &str, vars: &[&str]) -> OptionLine {
        OptionLine {
            name: name.to_string(),
            kind: OptionKind::Combo {
                default: default.to_string(),
                vars: vars.iter().map(|v| (*v).to_string()).collect(),
            },
        }
    }

    /// `option name <name> type string default <default>` (`<empty>` for the empty string).
    ///
    /// ```
    /// use junqi_protocol::OptionLine;
    /// let rules = OptionLine::string("Rules", "standard");
    /// assert_eq!(rules.to_string(), "option name Rules type string default standard");
    /// ```
    #[must_use]
    pub fn string(name: &str, default: &str) -> OptionLine {
        OptionLine {
            name: name.to_string(),
            kind: OptionKind::String {
                default: default.to_string(),
            },
        }
    }

    /// `option name <name> type check default true|false`.
    ///
    /// ```
    /// use junqi_protocol::OptionLine;
    /// let ponder = OptionLine::check("Ponder", false);
    /// assert_eq!(ponder.to_string(), "option name Ponder type check default false");
    /// ```
    #[must_use]
    pub fn check(name: &str, default: bool) -> OptionLine {
        OptionLine {
            name: name.to_string(),
            kind: OptionKind::Check { default },
        }
    }
}

/// An `info` line: the fields given, each at most once. `Display` writes them in the order
/// `depth seldepth multipv score nodes nps hashfull time pv … string …`; parsing takes them in
/// any order and skips words it does not know (UCI's `currmove`, `tbhits`, …). `pv` runs to
/// the next field's name and `string` to the end of the line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Info {
    /// The depth of the completed iteration.
    pub depth: Option<u32>,
    /// The deepest ply reached.
    pub seldepth: Option<u32>,
    /// The rank of this line's variation, from 1, when the engine reports several.
    pub multipv: Option<u32>,
    /// The score from the side to move's view.
    pub score: Option<Score>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// The transposition table's use in permille.
    pub hashfull: Option<u32>,
    /// Milliseconds searched.
    pub time: Option<u64>,
    /// The principal variation, as move texts.
    pub pv: Vec<String>,
    /// Free text (`info string …`), the rest of the line.
    pub string: Option<String>,
}

/// `bestmove <move> [ponder <move>]`. The move is text; [`BestMove::NONE`] (`0000`) says the
/// engine has no move to give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMove {
    /// The move, as written.
    pub mv: String,
    /// The move the engine expects in reply, if it says.
    pub ponder: Option<String>,
}

impl BestMove {
    /// The move text of "no move": `bestmove 0000`.
    pub const NONE: &'static str = "0000";

    /// `bestmove <mv>`.
    #[must_use]
    pub fn new(mv: impl Into<String>) -> BestMove {
        BestMove {
            mv: mv.into(),
            ponder: None,
        }
    }

    /// `bestmove 0000`: no move (the game is over).
    ///
    /// ```
    /// use junqi_protocol::BestMove;
    /// assert_eq!(BestMove::none().to_string(), "bestmove 0000");
    /// assert!(BestMove::none().is_none());
    /// ```
    #[must_use]
    pub fn none() -> BestMove {
        BestMove::new(BestMove::NONE)
    }

    /// Whether the move is `0000`.
    #[must_use]
    pub fn is_none(&self) -> bool {
        self.mv == BestMove::NONE
    }
}

/// The words of `line` with their byte offsets.
fn words(line: &str) -> Vec<(usize, &str)> {
    line.split_whitespace()
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize, w))
        .collect()
}

fn number<T: FromStr>(
    command: &'static str,
    name: &str,
    found: Option<&(usize, &str)>,
) -> Result<T, ProtocolError> {
    let text = found.map_or("", |(_, w)| *w);
    text.parse().map_err(|_| ProtocolError::BadNumber {
        command,
        name: name.to_string(),
        found: text.to_string(),
    })
}

const INFO_FIELDS: [&str; 10] = [
    "depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv", "string",
];

impl FromStr for Info {
    type Err = ProtocolError;

    /// Parses a line that starts with `info`.
    fn from_str(line: &str) -> Result<Info, ProtocolError> {
        let w = words(line);
        match w.first() {
            Some((_, "info")) => {}
            other => {
                return Err(ProtocolError::UnknownMessage {
                    found: other.map_or("", |(_, t)| *t).to_string(),
                });
            }
        }
        let mut info = Info::default();
        let mut i = 1;
        while i < w.len() {
            let name = w[i].1;
            let next = w.get(i + 1);
            match name {
                "depth" => info.depth = Some(number("info", name, next)?),
                "seldepth" => info.seldepth = Some(number("info", name, next)?),
                "multipv" => info.multipv = Some(number("info", name, next)?),
                "nodes" => info.nodes = Some(number("info", name, next)?),
                "nps" => info.nps = Some(number("info", name, next)?),
                "hashfull" => info.hashfull = Some(number("info", name, next)?),
                "time" => info.time = Some(number("info", name, next)?),
                "score" => {
                    let word = |k: usize| w.get(k).map_or("", |(_, t)| *t);
                    info.score = Some(Score::from_words(word(i + 1), word(i + 2))?);
                    i += 3;
                    continue;
                }
                "pv" => {
                    let end = w[i + 1..]
                        .iter()
                        .position(|(_, t)| INFO_FIELDS.contains(t))
                        .map_or(w.len(), |k| i + 1 + k);
                    info.pv = w[i + 1..end]
                        .iter()
                        .map(|(_, t)| (*t).to_string())
                        .collect();
                    i = end;
                    continue;
                }
                "string" => {
                    let rest = next.map_or("", |&(at, _)| &line[at..]);
                    info.string = Some(rest.to_string());
                    break;
                }
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        Ok(info)
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        let before_score = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (name, value) in before_score {
            if let Some(v) = value {
                write!(f, " {name} {v}")?;
            }
        }
        if let Some(s) = self.score {
            write!(f, " score {s}")?;
        }
        let after_score = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("time", self.time),
        ];
        for (name, value) in after_score {
            if let Some(v) = value {
                write!(f, " {name} {v}")?;
            }
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        if let Some(s) = &self.string {
            write!(f, " string {s}")?;
        }
        Ok(())
    }
}

const OPTION_FIELDS: [&str; 4] = ["default", "min", "max", "var"];

impl FromStr for OptionLine {
    type Err = ProtocolError;

    /// Parses a line that starts with `option`.
    fn from_str(line: &str) -> Result<OptionLine, ProtocolError> {
        let bad =
            |field: &'static str, problem: String| ProtocolError::OptionLine { field, problem };
        let w: Vec<&str> = line.split_whitespace().collect();
        if w.first() != Some(&"option") {
            return Err(ProtocolError::UnknownMessage {
                found: w.first().copied().unwrap_or("").to_string(),
            });
        }
        if w.get(1) != Some(&"name") {
            return Err(bad(
                "name",
                "is missing: expected 'option name <name> type <type>'".into(),
            ));
        }
        let type_at = w
            .iter()
            .position(|&t| t == "type")
            .ok_or_else(|| bad("type", "is missing".into()))?;
        let name = w[2..type_at.max(2)].join(" ");
        if name.is_empty() {
            return Err(bad("name", "is empty".into()));
        }
        let kind_word = w.get(type_at + 1).copied().unwrap_or("");
        let rest = &w[(type_at + 2).min(w.len())..];
        // The fields after the type: each name and the words up to the next field's name.
        let mut fields: Vec<(&'static str, String)> = Vec::new();
        let mut k = 0;
        let string_type = kind_word == "string";
        while k < rest.len() {
            let Some(&field) = OPTION_FIELDS.iter().find(|&&f| f == rest[k]) else {
                return Err(bad(
                    "type",
                    format!("{kind_word}: unexpected '{}'", rest[k]),
                ));
            };
            // A string's default runs to the end of the line.
            let end = if string_type && field == "default" {
                rest.len()
            } else {
                rest[k + 1..]
                    .iter()
                    .position(|t| OPTION_FIELDS.contains(t))
                    .map_or(rest.len(), |e| k + 1 + e)
            };
            fields.push((field, rest[k + 1..end].join(" ")));
            k = end;
        }
        let take = |field: &'static str| -> Result<String, ProtocolError> {
            let mut found = fields.iter().filter(|(f, _)| *f == field);
            match (found.next(), found.next()) {
                (Some((_, v)), None) => Ok(v.clone()),
                (None, _) => Err(bad(field, format!("is missing for type {kind_word}"))),
                (Some(_), Some(_)) => Err(bad(field, "is given twice".into())),
            }
        };
        let only = |allowed: &[&str]| -> Result<(), ProtocolError> {
            match fields.iter().find(|(f, _)| !allowed.contains(f)) {
                Some((f, _)) => Err(bad(f, format!("is not a field of type {kind_word}"))),
                None => Ok(()),
            }
        };
        let spin = |field: &'static str| -> Result<i128, ProtocolError> {
            let v = take(field)?;
            v.parse().map_err(|_| ProtocolError::BadNumber {
                command: "option",
                name: field.to_string(),
                found: v,
            })
        };
        let kind = match kind_word {
            "check" => {
                only(&["default"])?;
                match take("default")?.as_str() {
                    "true" => OptionKind::Check { default: true },
                    "false" => OptionKind::Check { default: false },
                    other => return Err(bad("default", format!("'{other}' is not true or false"))),
                }
            }
            "spin" => {
                only(&["default", "min", "max"])?;
                OptionKind::Spin {
                    default: spin("default")?,
                    min: spin("min")?,
                    max: spin("max")?,
                }
            }
            "combo" => {
                only(&["default", "var"])?;
                let vars: Vec<String> = fields
                    .iter()
                    .filter(|(f, _)| *f == "var")
                    .map(|(_, v)| v.clone())
                    .collect();
                OptionKind::Combo {
                    default: take("default")?,
                    vars,
                }
            }
            "button" => {
                only(&[])?;
                OptionKind::Button
            }
            "string" => {
                let default = take("default")?;
                OptionKind::String {
                    default: if default == "<empty>" {
                        String::new()
                    } else {
                        default
                    },
                }
            }
            other => {
                return Err(bad(
                    "type",
                    format!("'{other}' is not check, spin, combo, button or string"),
                ));
            }
        };
        Ok(OptionLine { name, kind })
    }
}

impl fmt::Display for OptionLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                for v in vars {
                    write!(f, " var {v}")?;
                }
                Ok(())
            }
            OptionKind::Button => f.write_str("button"),
            OptionKind::String { default } if default.is_empty() => {
                f.write_str("string default <empty>")
            }
            OptionKind::String { default } => write!(f, "string default {default}"),
        }
    }
}

impl FromStr for BestMove {
    type Err = ProtocolError;

    /// Parses a line that starts with `bestmove`.
    fn from_str(line: &str) -> Result<BestMove, ProtocolError> {
        let w: Vec<&str> = line.split_whitespace().collect();
        if w.first() != Some(&"bestmove") {
            return Err(ProtocolError::UnknownMessage {
                found: w.first().copied().unwrap_or("").to_string(),
            });
        }
        match w[1..] {
            [mv] => Ok(BestMove::new(mv)),
            [mv, "ponder", ponder] => Ok(BestMove {
                mv: mv.to_string(),
                ponder: Some(ponder.to_string()),
            }),
            _ => Err(ProtocolError::BestMove {
                found: w[1..].join(" "),
            }),
        }
    }
}

impl fmt::Display for BestMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bestmove {}", self.mv)?;
        if let Some(p) = &self.ponder {
            write!(f, " ponder {p}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Id::Name(n) => write!(f, "id name {n}"),
            Id::Author(a) => write!(f, "id author {a}"),
        }
    }
}

impl FromStr for Reply {
    type Err = ProtocolError;

    fn from_str(line: &str) -> Result<Reply, ProtocolError> {
        let w = words(line);
        let first = w.first().map_or("", |(_, t)| *t);
        match first {
            "uciok" => Ok(Reply::UciOk),
            "readyok" => Ok(Reply::ReadyOk),
            "info" => line.parse().map(Reply::Info),
            "option" => line.parse().map(Reply::Option),
            "bestmove" => line.parse().map(Reply::BestMove),
            "deployment" => match w.get(1) {
                Some(&(at, _)) => Ok(Reply::Deployment(line[at..].trim_end().to_string())),
                None => Err(ProtocolError::Deployment),
            },
            "id" => {
                // The text is the rest of the line after `name` or `author`, trimmed.
                let text = |k: usize| w.get(k).map_or("", |&(at, _)| line[at..].trim_end());
                match w.get(1).map(|(_, t)| *t) {
                    Some("name") => Ok(Reply::Id(Id::Name(text(2).to_string()))),
                    Some("author") => Ok(Reply::Id(Id::Author(text(2).to_string()))),
                    _ => Err(ProtocolError::Id {
                        found: text(1).to_string(),
                    }),
                }
            }
            other => Err(ProtocolError::UnknownMessage {
                found: other.to_string(),
            }),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Id(id) => id.fmt(f),
            Reply::UciOk => f.write_str("uciok"),
            Reply::ReadyOk => f.write_str("readyok"),
            Reply::Option(o) => o.fmt(f),
            Reply::Info(i) => i.fmt(f),
            Reply::BestMove(b) => b.fmt(f),
            Reply::Deployment(d) => write!(f, "deployment {d}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer to `deploy` (issue 51 item 2(b)): the rest of the line, read and written
    /// back; without a deployment string it is an error that says so.
    #[test]
    fn a_deployment_is_the_rest_of_the_line() {
        let d = "LFLYP/ELECE/Z+B+T/SB+ZD/J+P+D/PYCTC";
        let r: Reply = format!("deployment  {d} \r").parse().unwrap();
        assert_eq!(r, Reply::Deployment(d.into()));
        assert_eq!(r.to_string(), format!("deployment {d}"));
        assert_eq!(
            "deployment".parse::<Reply>(),
            Err(ProtocolError::Deployment)
        );
        assert_eq!(
            ProtocolError::Deployment.to_string(),
            "deployment: expected 'deployment <deployment string>'"
        );
    }

    #[test]
    fn info_fields_in_any_order_unknown_words_skipped() {
        let info: Info = "info nodes 5 currmove 5B5A depth 3 score loss 2 pv a b string x  y"
            .parse()
            .unwrap();
        assert_eq!(info.nodes, Some(5));
        assert_eq!(info.depth, Some(3));
        assert_eq!(info.score, Some(Score::Loss(2)));
        assert_eq!(info.pv, ["a", "b"]);
        assert_eq!(info.string.as_deref(), Some("x  y"));
        // `string` takes the rest of the line, field names included.
        let info: Info = "info string depth 3 score cp 1".parse().unwrap();
        assert_eq!((info.depth, info.score), (None, None));
    }

    #[test]
    fn malformed_info_says_which_field() {
        assert_eq!(
            "info depth x".parse::<Info>().unwrap_err().to_string(),
            "info: 'depth' needs a number, found 'x'"
        );
        assert!(matches!(
            "info nodes".parse::<Info>(),
            Err(ProtocolError::BadNumber { found, .. }) if found.is_empty()
        ));
        assert!(matches!(
            "info score mate 3".parse::<Info>(),
            Err(ProtocolError::Score { found }) if found == "mate 3"
        ));
    }

    #[test]
    fn the_options_of_gjjq_engine_read_and_write_back() {
        for line in [
            "option name Hash type spin default 16 min 1 max 4096",
            "option name Clear Hash type button",
            "option name Eval type combo default nnue var classic var nnue",
            "option name Seed type spin default 0 min 0 max 18446744073709551615",
            "option name Contempt type spin default 0 min -300 max 300",
            "option name Rules type string default standard",
            "option name TablebaseDir type string default <empty>",
            "option name NullMove type check default true",
        ] {
            let o: OptionLine = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(o.to_string(), line);
        }
        let combo: OptionLine = "option name Eval type combo default nnue var classic var nnue"
            .parse()
            .unwrap();
        assert_eq!(
            combo.kind,
            OptionKind::Combo {
                default: "nnue".into(),
                vars: vec!["classic".into(), "nnue".into()]
            }
        );
    }

    #[test]
    fn malformed_options_name_the_field() {
        for (line, field) in [
            ("option type spin", "name"),
            ("option name Hash", "type"),
            ("option name type button", "name"),
            ("option name Hash type spin default 1 min 0", "max"),
            ("option name X type check default maybe", "default"),
            ("option name X type button default 1", "default"),
            ("option name X type dial", "type"),
            (
                "option name X type spin default 1 default 2 min 0 max 3",
                "default",
            ),
        ] {
            match line.parse::<OptionLine>() {
                Err(ProtocolError::OptionLine { field: f, .. }) => assert_eq!(f, field, "{line}"),
                other => panic!("{line}: {other:?}"),
            }
        }
        assert!(matches!(
            "option name Hash type spin default x min 1 max 2".parse::<OptionLine>(),
            Err(ProtocolError::BadNumber {
                command: "option",
                ..
            })
        ));
    }

    #[test]
    fn ids_bestmoves_and_unknown_lines() {
        assert_eq!(
            "id name gjjq-engine 0.1.0".parse(),
            Ok(Reply::Id(Id::Name("gjjq-engine 0.1.0".into())))
        );
        assert!(matches!(
            "id nick x".parse::<Reply>(),
            Err(ProtocolError::Id { .. })
        ));
        assert_eq!(
            "bestmove 5B5A ponder 5b5a"
                .parse::<BestMove>()
                .unwrap()
                .ponder
                .as_deref(),
            Some("5b5a")
        );
        for bad in ["bestmove", "bestmove a b", "bestmove a ponder"] {
            assert!(
                matches!(bad.parse::<BestMove>(), Err(ProtocolError::BestMove { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            "bestmovex 5B5A".parse::<Reply>(),
            Err(ProtocolError::UnknownMessage { found }) if found == "bestmovex"
        ));
        assert!(matches!(
            "".parse::<Reply>(),
            Err(ProtocolError::UnknownMessage { .. })
        ));
    }
}
