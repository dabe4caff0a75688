//! Game files (L-61): the family's grammar (`junqi-gamefile`, L-22) with `[Game "siguo"]`,
//! the tags `Red`, `Green`, `Blue`, `Yellow`, `Setup` (L-59, always written), `Rules`, `Mode`,
//! `Termination`; no move numbers; each round on its own line; `1-0` team Red–Blue, `0-1` team
//! Green–Yellow, `1/2-1/2` drawn, `*` unfinished or without result.

use std::ops::ControlFlow;

use junqi_gamefile::{
    Dialect, GameReader, Numbering, ReadError, ResultToken, Tag, TextPos, Visitor,
};
use thiserror::Error;

use crate::position::{Action, Outcome, Position, Repetitions};
use crate::ruleset::Rules;
use crate::seat::{Seat, Team};
use crate::text::ActionText;

/// One entry of a game's movetext: an action of the seat to move, or a surrender (L-60).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A move or a pass.
    Action(Action),
    /// `resign-g`: the seat surrenders (L-54).
    Resign(Seat),
}

/// A game read from a file and replayed.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The tags in file order.
    pub tags: Vec<(String, String)>,
    /// The first position (the `Setup` tag under the `Rules` tag).
    pub start: Position,
    /// The mainline's entries.
    pub entries: Vec<Entry>,
    /// The position after them.
    pub end: Position,
    /// The result token.
    pub result: ResultToken,
}

/// What a four-player game file holds that the grammar accepts but the game does not.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameFileError {
    /// A `Game` tag naming another game.
    #[error("{at}: the Game tag says '{game}', not siguo")]
    OtherGame {
        /// Where its value stands.
        at: TextPos,
        /// The game it names (cut to 40 characters).
        game: String,
    },
    /// A token that is no move, `pass` or `resign-x`.
    #[error("{at}: '{token}' is not a move, pass or resign-r|g|b|y")]
    NotAMove {
        /// Where.
        at: TextPos,
        /// The token.
        token: String,
    },
    /// A tag value that cannot be read (`Setup`, `Rules`).
    #[error("{at}: the {tag} tag: {why}")]
    BadTag {
        /// Where its value stands.
        at: TextPos,
        /// Which tag.
        tag: &'static str,
        /// Why.
        why: String,
    },
    /// No `Setup` tag (it is always written, L-61).
    #[error("the game has no Setup tag")]
    NoSetup,
    /// A move that is not legal where it stands.
    #[error("{at}: '{token}': {why}")]
    IllegalMove {
        /// Where.
        at: TextPos,
        /// The token.
        token: String,
        /// Why.
        why: String,
    },
}

/// The four-player dialect of the grammar.
#[derive(Debug, Clone, Copy, Default)]
pub struct SiguoDialect;

fn parse_entry(token: &str) -> Option<Entry> {
    if let Some(letter) = token.strip_prefix("resign-") {
        let mut c = letter.chars();
        return match (c.next().and_then(Seat::from_letter), c.next()) {
            (Some(seat), None) => Some(Entry::Resign(seat)),
            _ => None,
        };
    }
    token
        .parse::<ActionText>()
        .ok()
        .map(|_| Entry::Action(Action::Pass))
}

impl Dialect for SiguoDialect {
    type Error = GameFileError;

    fn side_names(&self) -> [&'static str; 2] {
        ["Red–Blue", "Green–Yellow"]
    }

    fn tag(&self, tag: Tag<'_>, _: &mut Numbering) -> Result<(), GameFileError> {
        match tag.other_game("siguo") {
            Some(game) => Err(GameFileError::OtherGame { at: tag.at, game }),
            None => Ok(()),
        }
    }

    fn check_move(&self, token: &str, at: TextPos) -> Result<(), GameFileError> {
        parse_entry(token)
            .map(|_| ())
            .ok_or_else(|| GameFileError::NotAMove {
                at,
                token: token.into(),
            })
    }
}

#[derive(Default)]
struct Replay {
    tags: Vec<(String, String)>,
    setup: Option<(String, TextPos)>,
    rules: Option<(String, TextPos)>,
    /// The first position, the position now, and the positions reached (L-56).
    state: Option<(Position, Repetitions, Position)>,
    entries: Vec<Entry>,
    result: ResultToken,
}

impl Visitor for Replay {
    type Output = Result<GameRecord, GameFileError>;

    fn begin_game(&mut self) {
        *self = Replay::default();
    }

    fn tag(&mut self, name: &str, value: &str, at: TextPos) -> ControlFlow<Self::Output> {
        self.tags.push((name.into(), value.into()));
        match name {
            "Setup" => self.setup = Some((value.into(), at)),
            "Rules" => self.rules = Some((value.into(), at)),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn end_tags(&mut self) -> ControlFlow<Self::Output, junqi_gamefile::Skip> {
        let rules = match &self.rules {
            None => Rules::STANDARD,
            Some((text, at)) => match Rules::parse(text) {
                Ok(r) => r,
                Err(e) => {
                    return ControlFlow::Break(Err(GameFileError::BadTag {
                        at: *at,
                        tag: "Rules",
                        why: e.to_string(),
                    }));
                }
            },
        };
        let Some((text, at)) = &self.setup else {
            return ControlFlow::Break(Err(GameFileError::NoSetup));
        };
        match Position::from_text(text, rules) {
            Ok(p) => self.state = Some((p.clone(), Repetitions::new(&p), p)),
            Err(e) => {
                return ControlFlow::Break(Err(GameFileError::BadTag {
                    at: *at,
                    tag: "Setup",
                    why: e.to_string(),
                }));
            }
        }
        ControlFlow::Continue(junqi_gamefile::Skip(false))
    }

    fn begin_variation(&mut self, _: TextPos) -> ControlFlow<Self::Output, junqi_gamefile::Skip> {
        // Variations are read and checked by the grammar; the replay follows the mainline.
        ControlFlow::Continue(junqi_gamefile::Skip(true))
    }

    fn mv(&mut self, token: &str, at: TextPos) -> ControlFlow<Self::Output> {
        let (_, seen, pos) = self.state.as_mut().expect("end_tags set the position");
        let illegal = |why: String| {
            ControlFlow::Break(Err(GameFileError::IllegalMove {
                at,
                token: token.into(),
                why,
            }))
        };
        if let Some(Entry::Resign(seat)) = parse_entry(token) {
            if let Err(e) = pos.surrender(seat) {
                return illegal(e.to_string());
            }
            seen.reached(pos);
            self.entries.push(Entry::Resign(seat));
            return ControlFlow::Continue(());
        }
        if let Some(o) = pos.outcome() {
            return illegal(format!("the game is over ({o})"));
        }
        match pos.find_action(token) {
            Ok(a) => {
                pos.play_unchecked(a);
                seen.reached(pos);
                self.entries.push(Entry::Action(a));
                ControlFlow::Continue(())
            }
            Err(e) => illegal(e.to_string()),
        }
    }

    fn result(&mut self, result: ResultToken, _: Option<TextPos>) -> ControlFlow<Self::Output> {
        self.result = result;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Self::Output {
        let (start, _, end) = self.state.take().ok_or(GameFileError::NoSetup)?;
        Ok(GameRecord {
            tags: std::mem::take(&mut self.tags),
            start,
            entries: std::mem::take(&mut self.entries),
            end,
            result: self.result,
        })
    }
}

/// A game file's games, each replayed on its mainline, or the error that stopped it (the
/// grammar's, with its place, or the game's).
#[must_use]
pub fn read_games(text: &str) -> Vec<Result<GameRecord, ReadError<GameFileError>>> {
    let mut reader = GameReader::with_dialect(text.as_bytes(), SiguoDialect, Default::default());
    let mut out = Vec::new();
    while let Some(r) = reader.read_with(&mut Replay::default()) {
        out.push(match r {
            Ok(Ok(g)) => Ok(g),
            Ok(Err(e)) => Err(ReadError::Game(e)),
            Err(e) => Err(e),
        });
    }
    out
}

/// The result token of an outcome (L-61).
#[must_use]
pub fn result_token(outcome: Option<Outcome>) -> ResultToken {
    match outcome {
        Some(Outcome::Win {
            team: Team::RedBlue,
            ..
        }) => ResultToken::FirstWins,
        Some(Outcome::Win {
            team: Team::GreenYellow,
            ..
        }) => ResultToken::SecondWins,
        Some(Outcome::Draw(_)) => ResultToken::Draw,
        None => ResultToken::Unknown,
    }
}

/// Write a game (L-61): `Game`, the four player tags, `Setup`, `Rules`, `Mode`,
/// `Termination` (the outcome's words, when decided), `Result`; then the entries with each
/// round on its own line, then the result token.
///
/// # Errors
/// An entry that is not legal where it stands, with its index.
pub fn write_game(
    start: &Position,
    entries: &[Entry],
    players: [&str; 4],
) -> Result<String, (usize, String)> {
    let mut pos = start.clone();
    let mut seen = Repetitions::new(&pos);
    let mut lines: Vec<Vec<String>> = vec![Vec::new()];
    for (i, e) in entries.iter().enumerate() {
        let before = pos.move_number();
        match *e {
            Entry::Action(a) => {
                pos.play(a).map_err(|err| (i, err.to_string()))?;
                lines.last_mut().expect("a line").push(a.to_string());
            }
            Entry::Resign(seat) => {
                pos.surrender(seat).map_err(|err| (i, err.to_string()))?;
                lines
                    .last_mut()
                    .expect("a line")
                    .push(format!("resign-{}", seat.letter()));
            }
        }
        seen.reached(&mut pos);
        if pos.move_number() != before {
            lines.push(Vec::new());
        }
    }
    let result = result_token(pos.outcome());
    let mode = start.rules().mode.mode.name();
    let mut tags: Vec<(String, String)> = vec![("Game".into(), "siguo".into())];
    for (name, player) in ["Red", "Green", "Blue", "Yellow"].iter().zip(players) {
        tags.push(((*name).into(), player.into()));
    }
    tags.push(("Setup".into(), start.to_string()));
    tags.push(("Rules".into(), start.rules().to_json()));
    tags.push(("Mode".into(), mode.into()));
    if let Some(o) = pos.outcome() {
        tags.push(("Termination".into(), o.to_string()));
    }
    tags.push(("Result".into(), result.as_str().into()));
    let mut text = String::new();
    junqi_gamefile::write_tags::<std::convert::Infallible>(&mut text, &tags)
        .map_err(|e| (0, e.to_string()))?;
    for line in lines.iter().filter(|l| !l.is_empty()) {
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text.push_str(result.as_str());
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries_action(e: &Entry) -> Action {
        match e {
            Entry::Action(a) => *a,
            Entry::Resign(_) => Action::Pass,
        }
    }

    #[test]
    fn write_then_read_is_the_same_game() {
        let start = Position::from_text(
            "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3 r rgby 0 1",
            Rules::from_json(r#"{"surrender_after":0,"pass_limit":1}"#).unwrap(),
        )
        .unwrap();
        let entries = [
            Entry::Action(start.find_action("i4i5").unwrap()),
            Entry::Action(Action::Pass),
            Entry::Resign(Seat::Yellow),
        ];
        let text = write_game(&start, &entries, ["a", "b", "c", "d"]).unwrap();
        assert!(text.starts_with("[Game \"siguo\"]\n"));
        let games = read_games(&text);
        assert_eq!(games.len(), 1);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.entries, entries);
        assert_eq!(g.end.to_string(), {
            let mut p = start.clone();
            p.play(entries_action(&entries[0])).unwrap();
            p.play(Action::Pass).unwrap();
            p.surrender(Seat::Yellow).unwrap();
            p.to_string()
        });
        assert_eq!(g.result, ResultToken::Unknown);
        let bad = text.replace("i4i5", "i4i7");
        assert!(matches!(
            read_games(&bad)[0],
            Err(ReadError::Game(GameFileError::IllegalMove { .. }))
        ));
        let other = text.replace("\"siguo\"", "\"luzhanqi\"");
        assert!(matches!(
            read_games(&other)[0],
            Err(ReadError::Game(GameFileError::OtherGame { .. }))
        ));
    }

    /// The `Game` tag of another game is refused with its value cut to 40 characters, as
    /// every game's dialect echoes it (`Tag::other_game`), not in full.
    #[test]
    fn another_games_tag_is_echoed_cut() {
        let long = "x".repeat(100);
        let text = format!("[Game \"{long}\"]\n\n*\n");
        let err = read_games(&text).remove(0).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "1:7: the Game tag says '{}… (100 characters)', not siguo",
                "x".repeat(40)
            )
        );
    }

    /// L-56 holds in game files as in play: a shuttle that repeats under `repetition: 2` ends
    /// the game as drawn (written with its Termination and 1/2-1/2), and a move after it is
    /// refused on reading.
    #[test]
    fn repetition_ends_a_written_and_a_read_game() {
        let start = Position::from_text(
            "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3 r rgby 0 1",
            Rules::from_json(r#"{"repetition":2}"#).unwrap(),
        )
        .unwrap();
        let shuttle = [
            "i4i5", "m9m10", "i14i13", "b9b10", "i5i4", "m10m9", "i13i14", "b10b9",
        ];
        let mut pos = start.clone();
        let entries: Vec<Entry> = shuttle
            .iter()
            .map(|m| {
                let a = pos.find_action(m).unwrap();
                pos.play(a).unwrap();
                Entry::Action(a)
            })
            .collect();
        let text = write_game(&start, &entries, ["a", "b", "c", "d"]).unwrap();
        assert!(text.contains("[Termination \"draw repetition\"]"), "{text}");
        assert!(text.ends_with("\n1/2-1/2\n"), "{text}");
        let g = read_games(&text).remove(0).unwrap();
        assert_eq!(
            g.end.outcome(),
            Some(Outcome::Draw(crate::DrawReason::Repetition))
        );
        let more = text.replace("b10b9\n", "b10b9 i4i5\n");
        assert_ne!(more, text);
        assert!(matches!(
            read_games(&more)[0],
            Err(ReadError::Game(GameFileError::IllegalMove { .. }))
        ));
    }
}
