//! `luzhanqi ccgc`: a competition engine on standard input and output (the CCGC 军棋 protocol
//! v1.0, docs/ccgc.md), and `--stand-in`, the small entry the tests play against.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use clap::Args;
use junqi_protocol::line::{BoundedLine, read_line_limited, skip_line};
use luzhanqi::dark::{DarkView, InfoState};
use luzhanqi::deploy::{DEFAULT_DEPLOYMENT, Deployment};
use luzhanqi_engine::ccgc::{CcgcMove, EndCode, Message, Reply, Session, SessionConfig};
use luzhanqi_engine::dark::DarkAgentError;
use luzhanqi_engine::deploy_policy::DeploymentPolicy;
use luzhanqi_engine::{Agent, Choice, Limits};

/// `luzhanqi ccgc`'s options.
#[derive(Debug, Args)]
pub struct CcgcArgs {
    /// The team name answered to `INFO`.
    #[arg(long, default_value = "gjjq")]
    name: String,
    /// The seed of the deployment and the agent (0 draws one).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The longest a move may take, in milliseconds, whatever the clock allows.
    #[arg(long, value_name = "MS")]
    max_move_ms: Option<u64>,
    /// How the deployment is chosen: `guarded`, `uniform`, or a deployment string (L-19) to
    /// play always.
    #[arg(long, default_value = "guarded", value_parser = parse_policy)]
    deployment: DeploymentPolicy,
    /// Play as the tests' stand-in entry instead: the default deployment, the first legal
    /// move, every message read by fixed character offsets as old entries read them.
    #[arg(long)]
    stand_in: bool,
}

fn parse_policy(s: &str) -> Result<DeploymentPolicy, String> {
    s.parse()
        .map_err(|e: luzhanqi_engine::deploy_policy::UnknownPolicy| e.to_string())
}

/// The longest line kept; the rest of a longer line is dropped (no message is near it).
const MAX_LINE: usize = 4096;

/// Serve `luzhanqi ccgc` until the input ends.
///
/// # Errors
/// Reading the input or writing the output fails.
pub fn run(args: &CcgcArgs, input: impl BufRead, output: impl Write) -> io::Result<()> {
    let seed = if args.seed == 0 {
        junqi_cli::fresh_seed()
    } else {
        args.seed
    };
    let config = SessionConfig {
        name: args.name.clone(),
        seed,
        max_move: args.max_move_ms.map(Duration::from_millis),
        policy: args.deployment,
    };
    if args.stand_in {
        let config = SessionConfig {
            name: "stand-in".to_string(),
            policy: DeploymentPolicy::Fixed(stand_in_deployment()),
            ..config
        };
        serve(
            Session::with_agent(config, Box::new(FirstMove)),
            input,
            output,
            io::stderr(),
            stand_in_message,
        )
    } else {
        serve(
            Session::new(config),
            input,
            output,
            io::stderr(),
            Message::parse,
        )
    }
}

/// The conversation: each line read (tolerantly or by offsets, `read`), acted on, answered
/// and flushed; anything unreadable is told on standard error and skipped. A line equal to
/// the previous message is a repeat: its answer is sent again and nothing else changes.
fn serve<E: std::fmt::Display>(
    mut session: Session,
    mut input: impl BufRead,
    mut output: impl Write,
    mut errors: impl Write,
    read: impl Fn(&str) -> Result<Option<Message>, E>,
) -> io::Result<()> {
    let mut buf = Vec::new();
    let mut number = 0usize;
    let mut last: Option<(Message, Option<Reply>)> = None;
    while let Some(kind) = read_line_limited(&mut input, &mut buf, MAX_LINE)? {
        let arrived = Instant::now();
        number += 1;
        let line = String::from_utf8_lossy(&buf);
        if kind == BoundedLine::TooLong {
            // Told at the limit, before the rest is read (an endless line is read for ever,
            // in constant memory, but the platform's operator sees why the engine is silent).
            writeln!(
                errors,
                "ccgc: line {number}: longer than {MAX_LINE} bytes, skipped"
            )?;
            errors.flush()?;
            skip_line(&mut input)?;
            continue;
        }
        let msg = match read(&line) {
            Ok(Some(m)) => m,
            Ok(None) => continue,
            Err(e) => {
                writeln!(
                    errors,
                    "ccgc: line {number}: {}: '{}'",
                    printable(&e.to_string()),
                    printable(&line)
                )?;
                continue;
            }
        };
        if let Some((prev, reply)) = &last
            && *prev == msg
        {
            writeln!(
                errors,
                "ccgc: line {number}: a repeat of the previous message"
            )?;
            if let Some(r) = reply {
                writeln!(output, "{r}")?;
                output.flush()?;
            }
            continue;
        }
        let (reply, error) = session.answer(&msg, arrived.elapsed());
        if let Some(r) = &reply {
            writeln!(output, "{r}")?;
            output.flush()?;
        }
        if let Some(e) = error {
            writeln!(errors, "ccgc: line {number}: {e}")?;
        }
        last = Some((msg, reply));
    }
    Ok(())
}

/// A line for standard error: control characters as spaces, at most 80 characters.
fn printable(line: &str) -> String {
    line.chars()
        .take(80)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Read a line the way old entries do: dispatch on its first letter, fields at fixed
/// character offsets (`GO G4H3 1 00`: the move at 3–6, the result at 8, the flag at 10–11).
/// Blank lines are skipped; anything else that does not fit is an error.
fn stand_in_message(line: &str) -> Result<Option<Message>, String> {
    let at = |a: usize, b: usize| line.get(a..b).ok_or_else(|| format!("too short: '{line}'"));
    let result = |i: usize| -> Result<_, String> {
        let text = format!("RESULT {} 00", at(i, i + 1)?);
        match Message::parse(&text).map_err(|e| e.to_string())? {
            Some(Message::Result { result, .. }) => Ok(result),
            _ => unreachable!("a RESULT line"),
        }
    };
    let flag = |i: usize| -> Result<Option<luzhanqi_engine::ccgc::CcgcPoint>, String> {
        let f = at(i, i + 2)?;
        if f == "00" {
            Ok(None)
        } else {
            f.parse()
                .map(Some)
                .map_err(|e: luzhanqi_engine::ccgc::CcgcError| e.to_string())
        }
    };
    let msg = match line.as_bytes().first() {
        None | Some(b'\r') => return Ok(None),
        Some(b'I') => Message::Info {
            version: String::new(),
        },
        Some(b'S') => Message::Start {
            first: at(6, 7)? == "0",
            // Old entries do not read the clock: an hour is more than any test game takes.
            time: 3600,
            steps: 31,
        },
        Some(b'G') => {
            let m = at(3, 7)?;
            Message::Go {
                mv: if m == "0000" {
                    None
                } else {
                    Some(m.parse::<CcgcMove>().map_err(|e| e.to_string())?)
                },
                result: result(8)?,
                flag: flag(10)?,
            }
        }
        Some(b'R') => Message::Result {
            result: result(7)?,
            flag: flag(9)?,
        },
        Some(b'E') => Message::End(EndCode::Abnormal),
        Some(_) => return Err(format!("unknown message '{line}'")),
    };
    Ok(Some(msg))
}

/// The stand-in's agent: the first legal move of its view (in the library's order).
struct FirstMove;

impl Agent<InfoState, Choice, DarkAgentError> for FirstMove {
    fn name(&self) -> &'static str {
        "first"
    }

    fn choose(
        &mut self,
        state: &InfoState,
        _: &[u64],
        _: &Limits,
    ) -> Result<Choice, DarkAgentError> {
        let mv = *DarkView::new(state)
            .legal_moves()
            .first()
            .ok_or_else(|| DarkAgentError::NoLegalMove(state.to_string()))?;
        Ok(Choice {
            mv,
            score: 0,
            depth: 0,
            nodes: 0,
        })
    }
}

/// The stand-in's deployment: the library's default.
#[must_use]
pub fn stand_in_deployment() -> Deployment {
    DEFAULT_DEPLOYMENT.parse().expect("the default deployment")
}

#[cfg(test)]
mod tests {
    use super::*;
    use luzhanqi::dark::{DarkGame, DarkRules};
    use luzhanqi::{Move, Side};
    use luzhanqi_engine::ccgc::{array_letters, competition_rules};

    fn stand_in_session() -> Session {
        let config = SessionConfig {
            name: "tester".to_string(),
            seed: 1,
            max_move: None,
            policy: DeploymentPolicy::Fixed(stand_in_deployment()),
        };
        Session::with_agent(config, Box::new(FirstMove))
    }

    fn talk(input: &str) -> (Vec<String>, Vec<String>) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        serve(
            stand_in_session(),
            input.as_bytes(),
            &mut out,
            &mut err,
            Message::parse,
        )
        .unwrap();
        let lines = |b: Vec<u8>| {
            String::from_utf8(b)
                .unwrap()
                .lines()
                .map(String::from)
                .collect()
        };
        (lines(out), lines(err))
    }

    /// An over-long line is told at its limit, before the rest of it is read: a line with no
    /// end (here cut off by a read error after twice the limit) still leaves its message.
    #[test]
    fn an_endless_line_is_told_at_its_limit() {
        struct Endless(usize);
        impl io::Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 >= 2 * MAX_LINE {
                    return Err(io::Error::other("no end"));
                }
                let n = buf.len().min(64);
                buf[..n].fill(b'x');
                self.0 += n;
                Ok(n)
            }
        }
        let mut err = Vec::new();
        let r = serve(
            stand_in_session(),
            io::BufReader::new(Endless(0)),
            Vec::new(),
            &mut err,
            Message::parse,
        );
        assert!(r.is_err());
        assert_eq!(
            String::from_utf8(err).unwrap(),
            format!("ccgc: line 1: longer than {MAX_LINE} bytes, skipped\n")
        );
    }

    /// A whole conversation in which the engine plays second (Blue) from the default
    /// deployment against a first player that plays its first legal move; the platform's
    /// messages come with every variant the protocol's readers meet: INFORMATION, CRLF, blank
    /// and repeated lines, extra spaces, lower case, garbage. Every `GO` is answered with the
    /// move the referee expects, every repeat with the same answer, every unreadable line
    /// with a message on standard error and no answer.
    #[test]
    fn a_conversation_with_every_message_and_each_malformed_variant() {
        let d = stand_in_deployment();
        let mut rules = DarkRules::STANDARD;
        rules.rules = competition_rules(31);
        let mut referee = DarkGame::new(&d, &d, Side::Red, rules).unwrap();
        let first = |g: &DarkGame| -> Move { g.view(g.turn()).legal_moves()[0] };
        // Red's flag point as Blue is told it, once shown.
        let shown = |g: &DarkGame| {
            g.history()
                .iter()
                .find_map(|a| a.flag_shown[Side::Red.index()])
                .map(|sq| luzhanqi_engine::ccgc::CcgcPoint::from_square(sq, Side::Blue))
        };
        let mut input = String::from("INFORMATION 1.0\r\n\r\n  START   1  60\t31  \r\n");
        input.push_str("  START   1  60\t31  \r\n"); // repeated
        input.push_str("HELLO WORLD\r\n"); // garbage
        input.push_str("GO Z9Z9 3 00\r\n"); // a field that cannot be read
        input.push_str("\u{0}\u{7f}garbage\n");
        let mut expected = vec![
            "NAME tester".to_string(),
            format!("ARRAY {}", array_letters(&d)),
            format!("ARRAY {}", array_letters(&d)),
        ];
        for ply in 0..6 {
            let red = first(&referee);
            let a = referee.play(red).unwrap();
            let go = Message::Go {
                mv: Some(CcgcMove::from_move(red, Side::Blue)),
                result: a.result,
                flag: shown(&referee),
            };
            // Extra spaces on odd plies, the word in lower case on even ones; the second GO
            // twice.
            let line = go.to_string();
            let text = if ply % 2 == 1 {
                line.replace(' ', "   ")
            } else {
                format!("go{}", &line[2..])
            };
            input.push_str(&format!("{text}\r\n"));
            let blue = first(&referee);
            let answer = format!("BESTMOVE {}", CcgcMove::from_move(blue, Side::Blue));
            expected.push(answer.clone());
            if ply == 1 {
                input.push_str(&format!("{text}\r\n"));
                expected.push(answer);
            }
            let b = referee.play(blue).unwrap();
            let result = Message::Result {
                result: b.result,
                flag: shown(&referee),
            };
            input.push_str(&format!("{result}\n\n"));
        }
        input.push_str("END 1\r\n");
        input.push_str("INFO\n");
        expected.push("NAME tester".to_string());
        let (out, err) = talk(&input);
        assert_eq!(out, expected);
        assert!(
            err.iter().any(|l| l.contains("unknown message 'HELLO'")),
            "{err:?}"
        );
        assert!(
            err.iter().any(|l| l.contains("'move' cannot be 'Z9Z9'")),
            "{err:?}"
        );
        assert!(
            err.iter()
                .any(|l| l.contains("unknown message") && l.contains("garbage")),
            "{err:?}"
        );
        assert_eq!(
            err.iter().filter(|l| l.contains("a repeat")).count(),
            2,
            "{err:?}"
        );
    }

    /// A `GO` that does not fit the board (the opponent moves from an empty point) is still
    /// answered, and the mismatch is told on standard error; `RESULT` before any move and
    /// `GO` before `START` too.
    #[test]
    fn messages_that_do_not_fit_the_game_are_told_and_survived() {
        let (out, err) = talk("GO 0000 3 00\nSTART 0 60 31\nRESULT 3 00\nGO D2E2 3 00\n");
        assert_eq!(out.len(), 3, "{out:?}");
        assert_eq!(out[0], "BESTMOVE A0A0");
        assert!(
            out[2].starts_with("BESTMOVE ") && out[2] != "BESTMOVE A0A0",
            "{out:?}"
        );
        assert!(err.iter().any(|l| l.contains("GO before START")), "{err:?}");
        assert!(
            err.iter().any(|l| l.contains("RESULT without a move")),
            "{err:?}"
        );
        assert!(err.iter().any(|l| l.contains("D2E2")), "{err:?}");
    }

    /// The stand-in reads by offsets: a line with two spaces where one belongs is misread,
    /// as an old entry would misread it.
    #[test]
    fn the_stand_in_reads_fixed_offsets() {
        assert_eq!(
            stand_in_message("GO F0E1 1 A3"),
            Ok(Some(Message::Go {
                mv: Some("F0E1".parse().unwrap()),
                result: Some(luzhanqi::AttackOutcome::DefenderRemoved),
                flag: Some("A3".parse().unwrap()),
            }))
        );
        assert!(stand_in_message("GO  F0E1 1 A3").is_err());
        assert_eq!(
            stand_in_message("START 1 1800 31"),
            Ok(Some(Message::Start {
                first: false,
                time: 3600,
                steps: 31
            }))
        );
        assert!(stand_in_message("GO 00").is_err());
    }
}
