//! The competition's messages, one a line (protocol v1.0): what the platform sends
//! ([`Message`]) and what an engine answers ([`Reply`]), read tolerantly and written exactly.
//!
//! Reading: line ends `\n` or `\r\n`, spaces or tabs around and between fields, any case for
//! the message word, `INFO` or `INFORMATION`; a blank line is no message. Writing: one space
//! between fields, upper-case words, as the specification shows.

use std::fmt;
use std::str::FromStr;

use super::coords::{CcgcMove, CcgcPoint, array_letters, parse_array};
use super::error::{CcgcError, bad};
use luzhanqi::AttackOutcome;
use luzhanqi::deploy::Deployment;

/// The flag field of `GO` and `RESULT`: `00`, or the opponent's flag point once its field
/// marshal (司令) has died, in the receiver's frame.
pub type FlagField = Option<CcgcPoint>;

/// What the platform sends an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// `INFO 1.0` or `INFORMATION 1.0`: answer with the team's name.
    Info {
        /// The version given (`1.0`), empty when none.
        version: String,
    },
    /// `START <first> <time> <steps>`: a new game.
    Start {
        /// `true` when this engine moves first (`0`, red), `false` for `1`.
        first: bool,
        /// Each side's total thinking time, in seconds.
        time: u32,
        /// The no-combat limit: the side whose move completes `steps` plies in a row without
        /// an attack loses.
        steps: u16,
    },
    /// `GO <move> <r> <flag>`: the opponent's move (`None` for `0000`: this engine opens),
    /// its result, the opponent's flag point if shown; answer with `BESTMOVE`.
    Go {
        /// The opponent's move in this engine's frame.
        mv: Option<CcgcMove>,
        /// Its result (`None` for a plain move).
        result: Option<AttackOutcome>,
        /// The opponent's flag point, once shown.
        flag: FlagField,
    },
    /// `RESULT <r> <flag>`: the result of this engine's own move; no answer.
    Result {
        /// The result (`None` for a plain move).
        result: Option<AttackOutcome>,
        /// The opponent's flag point, once shown.
        flag: FlagField,
    },
    /// `END <code>`: the game is over.
    End(EndCode),
}

/// How a game ended for the engine told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndCode {
    /// `0`: lost.
    Lost,
    /// `1`: won.
    Won,
    /// `2`: an abnormal end (the referee also sends it for a draw).
    Abnormal,
}

/// The result code of an attack from the mover's side, as both `GO` (the opponent moved) and
/// `RESULT` (this engine moved) carry it: 0 the mover's piece died, 1 it won, 2 both removed,
/// 3 a plain move.
#[must_use]
pub const fn result_code(result: Option<AttackOutcome>) -> u8 {
    match result {
        Some(AttackOutcome::AttackerRemoved) => 0,
        Some(AttackOutcome::DefenderRemoved) => 1,
        Some(AttackOutcome::BothRemoved) => 2,
        None => 3,
    }
}

fn parse_result(text: &str) -> Result<Option<AttackOutcome>, CcgcError> {
    match text {
        "0" => Ok(Some(AttackOutcome::AttackerRemoved)),
        "1" => Ok(Some(AttackOutcome::DefenderRemoved)),
        "2" => Ok(Some(AttackOutcome::BothRemoved)),
        "3" => Ok(None),
        _ => Err(bad("result", text)),
    }
}

fn parse_flag(text: &str) -> Result<FlagField, CcgcError> {
    if text == "00" {
        Ok(None)
    } else {
        text.parse().map(Some).map_err(|_| bad("flag", text))
    }
}

fn flag_text(flag: FlagField) -> String {
    flag.map_or_else(|| "00".to_string(), |p| p.to_string())
}

/// The fields of a line after its word, each taken once by name.
struct Fields<'a> {
    message: &'static str,
    rest: std::str::SplitWhitespace<'a>,
}

impl<'a> Fields<'a> {
    fn next(&mut self, field: &'static str) -> Result<&'a str, CcgcError> {
        self.rest.next().ok_or(CcgcError::Missing {
            message: self.message,
            field,
        })
    }
}

impl Message {
    /// Read one line (its line end and surrounding blanks ignored); `Ok(None)` for a blank
    /// line. Words after the last field are ignored.
    ///
    /// ```
    /// use luzhanqi_engine::ccgc::{EndCode, Message};
    /// assert_eq!(Message::parse("END 1\r\n")?, Some(Message::End(EndCode::Won)));
    /// assert_eq!(Message::parse("  \r\n")?, None);
    /// assert!(matches!(Message::parse("information 1.0")?, Some(Message::Info { .. })));
    /// assert!(Message::parse("GO G4H3 7 00").is_err());
    /// # Ok::<(), luzhanqi_engine::ccgc::CcgcError>(())
    /// ```
    ///
    /// # Errors
    /// [`CcgcError`] naming the message word or the field that cannot be read.
    pub fn parse(line: &str) -> Result<Option<Message>, CcgcError> {
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            return Ok(None);
        };
        let upper = word.to_ascii_uppercase();
        let name: &'static str = match upper.as_str() {
            "INFO" | "INFORMATION" => "INFO",
            "START" => "START",
            "GO" => "GO",
            "RESULT" => "RESULT",
            "END" => "END",
            _ => return Err(CcgcError::Unknown(junqi_game::clip(word, 40))),
        };
        let mut f = Fields {
            message: name,
            rest: words,
        };
        let msg = match name {
            "INFO" => Message::Info {
                version: f.rest.next().unwrap_or_default().to_string(),
            },
            "START" => {
                let first = match f.next("first")? {
                    "0" => true,
                    "1" => false,
                    other => return Err(bad("first", other)),
                };
                let t = f.next("time")?;
                let time = t.parse().map_err(|_| bad("time", t))?;
                let s = f.next("steps")?;
                let steps = s.parse().map_err(|_| bad("steps", s))?;
                Message::Start { first, time, steps }
            }
            "GO" => {
                let m = f.next("move")?;
                let mv = if m == "0000" { None } else { Some(m.parse()?) };
                let result = parse_result(f.next("result")?)?;
                let flag = parse_flag(f.next("flag")?)?;
                Message::Go { mv, result, flag }
            }
            "RESULT" => {
                let result = parse_result(f.next("result")?)?;
                let flag = parse_flag(f.next("flag")?)?;
                Message::Result { result, flag }
            }
            _ => Message::End(match f.next("code")? {
                "0" => EndCode::Lost,
                "1" => EndCode::Won,
                "2" => EndCode::Abnormal,
                other => return Err(bad("code", other)),
            }),
        };
        Ok(Some(msg))
    }
}

impl fmt::Display for Message {
    /// The line as the platform writes it (no line end): `GO F0E1 3 00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Info { version } => write!(f, "INFO {version}"),
            Message::Start { first, time, steps } => {
                write!(f, "START {} {time} {steps}", u8::from(!first))
            }
            Message::Go { mv, result, flag } => {
                let m = mv.map_or_else(|| "0000".to_string(), |m| m.to_string());
                write!(f, "GO {m} {} {}", result_code(*result), flag_text(*flag))
            }
            Message::Result { result, flag } => {
                write!(f, "RESULT {} {}", result_code(*result), flag_text(*flag))
            }
            Message::End(code) => write!(
                f,
                "END {}",
                match code {
                    EndCode::Lost => 0,
                    EndCode::Won => 1,
                    EndCode::Abnormal => 2,
                }
            ),
        }
    }
}

/// What an engine answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// `NAME <team name>`, to `INFO`.
    Name(String),
    /// `ARRAY <25 letters>`, to `START`: the deployment (see
    /// [`array_letters`](super::array_letters)).
    Array(Deployment),
    /// `BESTMOVE <from><to>`, to `GO`; `None` is `A0A0`, the move of an engine that has none
    /// (the referee forfeits it).
    BestMove(Option<CcgcMove>),
}

impl fmt::Display for Reply {
    /// The line as an engine writes it (no line end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Name(n) => write!(f, "NAME {n}"),
            Reply::Array(d) => write!(f, "ARRAY {}", array_letters(d)),
            Reply::BestMove(Some(m)) => write!(f, "BESTMOVE {m}"),
            Reply::BestMove(None) => f.write_str("BESTMOVE A0A0"),
        }
    }
}

impl FromStr for Reply {
    type Err = CcgcError;

    /// A reply line, read as tolerantly as [`Message::parse`] reads the platform's; `A0A0`
    /// (or any move from a point to itself) is `BestMove(None)`.
    fn from_str(line: &str) -> Result<Reply, CcgcError> {
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or_default();
        match word.to_ascii_uppercase().as_str() {
            "NAME" => {
                let name: Vec<&str> = words.collect();
                Ok(Reply::Name(name.join(" ")))
            }
            "ARRAY" => {
                let text = words.next().ok_or(CcgcError::Missing {
                    message: "ARRAY",
                    field: "deployment",
                })?;
                Ok(Reply::Array(parse_array(text)?))
            }
            "BESTMOVE" => {
                let text = words.next().ok_or(CcgcError::Missing {
                    message: "BESTMOVE",
                    field: "move",
                })?;
                let m: CcgcMove = text.parse()?;
                Ok(Reply::BestMove((m.from != m.to).then_some(m)))
            }
            _ => Err(CcgcError::Unknown(junqi_game::clip(word, 40))),
        }
    }
}

impl FromStr for Message {
    type Err = CcgcError;

    /// As [`Message::parse`], with a blank line an error.
    fn from_str(line: &str) -> Result<Message, CcgcError> {
        Message::parse(line)?.ok_or(CcgcError::Missing {
            message: "line",
            field: "message",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(s: &str) -> Message {
        s.parse().unwrap()
    }

    #[test]
    fn every_message_round_trips() {
        for line in [
            "INFO 1.0",
            "START 0 1800 31",
            "START 1 60 31",
            "GO 0000 3 00",
            "GO F0E1 3 00",
            "GO F0E1 0 00",
            "GO F0E1 1 A1",
            "GO F0E1 2 A3",
            "RESULT 3 00",
            "RESULT 1 A3",
            "END 0",
            "END 1",
            "END 2",
        ] {
            assert_eq!(msg(line).to_string(), line);
        }
    }

    #[test]
    fn the_platforms_variants_are_read() {
        assert_eq!(
            msg("INFORMATION 1.0"),
            Message::Info {
                version: "1.0".into()
            }
        );
        assert_eq!(msg("info"), Message::Info { version: "".into() });
        assert_eq!(msg("  START   0\t1800  31 \r\n"), msg("START 0 1800 31"));
        assert_eq!(msg("go 0000 0 00\r"), msg("GO 0000 0 00"));
        assert_eq!(Message::parse("\r\n"), Ok(None));
        assert_eq!(Message::parse(""), Ok(None));
    }

    #[test]
    fn bad_lines_say_what_and_where() {
        let e = |s: &str| Message::parse(s).unwrap_err().to_string();
        assert_eq!(e("HELLO"), "unknown message 'HELLO'");
        assert_eq!(e("START 0 1800"), "START: the field 'steps' is missing");
        assert_eq!(e("START 2 1800 31"), "the field 'first' cannot be '2'");
        assert_eq!(e("START 0 -5 31"), "the field 'time' cannot be '-5'");
        assert_eq!(e("GO G4Z3 3 00"), "the field 'move' cannot be 'G4Z3'");
        assert_eq!(e("GO G4H3 4 00"), "the field 'result' cannot be '4'");
        assert_eq!(e("GO G4H3 3 Q9"), "the field 'flag' cannot be 'Q9'");
        assert_eq!(e("RESULT"), "RESULT: the field 'result' is missing");
        assert_eq!(e("END 7"), "the field 'code' cannot be '7'");
    }

    #[test]
    fn replies_round_trip_and_a0a0_is_no_move() {
        let d: Deployment = luzhanqi::deploy::DEFAULT_DEPLOYMENT.parse().unwrap();
        for r in [
            Reply::Name("gjjq".into()),
            Reply::Array(d),
            Reply::BestMove(Some("G4H3".parse().unwrap())),
            Reply::BestMove(None),
        ] {
            assert_eq!(r.to_string().parse::<Reply>(), Ok(r.clone()));
        }
        assert_eq!(
            "bestmove  A0A0\r".parse::<Reply>(),
            Ok(Reply::BestMove(None))
        );
        assert!("BESTMOVE".parse::<Reply>().is_err());
        assert!("MOVE G4H3".parse::<Reply>().is_err());
        assert!("ARRAY abc".parse::<Reply>().is_err());
    }

    #[test]
    fn result_codes_are_the_movers() {
        for r in [
            None,
            Some(AttackOutcome::AttackerRemoved),
            Some(AttackOutcome::DefenderRemoved),
            Some(AttackOutcome::BothRemoved),
        ] {
            assert_eq!(parse_result(&result_code(r).to_string()), Ok(r));
        }
        assert_eq!(result_code(Some(AttackOutcome::AttackerRemoved)), 0);
        assert_eq!(result_code(None), 3);
    }
}
