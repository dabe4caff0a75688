//! The tags a game derives for its file (`Setup`, `Rules`, `Result`, `Termination`), in one
//! place for every front end, and a game record from a played [`Game`].

use gjjq_core::{Game, Outcome, Position, Ruleset, Setup};

use super::{GameRecord, GameResult, MoveText, RecordedMove, set_tag};
use crate::record::Record;

/// Which of the tags a game derives a written file takes from the game itself
/// ([`GameRecord::derive_tags`], [`crate::AnnotatedGame::to_record_with`]). The values are
/// the same under each: `Setup` the start's position string when it is not the default
/// opening (R-27), `Rules` `standard` or the ruleset's JSON, `Result` the game's result (a
/// stated one, or what the rules decided), `Termination` the end reason's word
/// (`king-captured`, `resignation`, …). What differs is which tags are written, and whether
/// one the game gives no value for is removed.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_notation::{AnnotatedGame, DerivedTags, NodeId};
/// let mut game = AnnotatedGame::new(Position::default());
/// game.push(NodeId::ROOT, "5B5A".parse()?)?;
/// let all = game.to_record_with(DerivedTags::All);
/// let names: Vec<&str> = all.tags.iter().map(|(n, _)| n.as_str()).collect();
/// assert_eq!(names, ["Rules", "Result"]);
/// assert!(game.to_record_with(DerivedTags::ReadBack).tags.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum DerivedTags {
    /// Every derived tag from the game: `Setup` (removed for the default opening), `Rules`,
    /// `Result`, and `Termination` (removed while the game goes on). [`GameRecord::from_game`]
    /// and the records of the command line.
    #[default]
    All,
    /// The result and how it came: `Setup` when the start is not the default opening,
    /// `Result`, and `Termination` once the game is over; the other tags as they are. The
    /// web board's export.
    Outcome,
    /// Only what reading the file back needs: `Setup` when the start is not the default
    /// opening, `Rules` when the ruleset is not the standard one, and a `Result` tag already
    /// there follows the result. Python's `Game`.
    ReadBack,
}

impl DerivedTags {
    /// The tags a game derives, in the order they are appended.
    pub const NAMES: [&'static str; 4] = ["Setup", "Rules", "Result", "Termination"];
}

impl GameRecord {
    /// Fill the tags and the result that a game from `start` ending in `outcome` derives,
    /// as `which` says ([`DerivedTags`]): the one place that writes `Setup`, `Rules`,
    /// `Result` and `Termination` from a game. The record's result becomes the game's.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Outcome, Position, Side, outcome::WinReason};
    /// use gjjq_notation::{DerivedTags, GameRecord, GameResult};
    /// let mut record = GameRecord::default();
    /// record.set_tag("Event", "Demo");
    /// let resigned = Outcome::Win { winner: Side::Red, reason: WinReason::Resignation };
    /// record.derive_tags(&Position::default(), Some(resigned), DerivedTags::Outcome);
    /// assert_eq!(record.result, GameResult::RedWins);
    /// assert_eq!(record.tag("Termination"), Some("resignation"));
    /// assert_eq!(record.tag("Rules"), None);
    /// ```
    pub fn derive_tags(&mut self, start: &Position, outcome: Option<Outcome>, which: DerivedTags) {
        let setup = (start.to_setup() != Setup::default_opening()).then(|| start.to_string());
        let rules = start.ruleset();
        let standard = *rules == Ruleset::STANDARD;
        self.result = GameResult::from_outcome(outcome);
        let result = self.result.as_str();
        let termination = outcome.map(|o| o.reason().as_str());
        let tags = &mut self.tags;
        match which {
            DerivedTags::All => {
                for name in DerivedTags::NAMES {
                    let value = match name {
                        "Setup" => setup.clone(),
                        "Rules" if standard => Some("standard".to_owned()),
                        "Rules" => Some(rules.to_json()),
                        "Result" => Some(result.to_owned()),
                        _ => termination.map(str::to_owned),
                    };
                    match value {
                        Some(v) => set_tag(tags, name, &v),
                        None => tags.retain(|(n, _)| n != name),
                    }
                }
            }
            DerivedTags::Outcome => {
                if let Some(s) = &setup {
                    set_tag(tags, "Setup", s);
                }
                set_tag(tags, "Result", result);
                if let Some(t) = termination {
                    set_tag(tags, "Termination", t);
                }
            }
            DerivedTags::ReadBack => {
                if let Some(s) = &setup {
                    set_tag(tags, "Setup", s);
                }
                if !standard {
                    set_tag(tags, "Rules", &rules.to_json());
                }
                if tags.iter().any(|(n, _)| n == "Result") {
                    set_tag(tags, "Result", result);
                }
            }
        }
    }

    /// The record of `game`: a `Setup` tag when it did not start from the default opening
    /// (R-27), a `Rules` tag (`standard` or the ruleset's JSON), the `Result` tag and token, a
    /// `Termination` tag with the end reason's word when the game is over (`king-captured`,
    /// `resignation`, …), and every move as a six-character record (R-28): the tags of
    /// [`DerivedTags::All`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Game, Position, Side};
    /// use gjjq_notation::{GameRecord, GameResult};
    /// let mut game = Game::new(Position::default());
    /// game.play("5B5A".parse()?)?;
    /// game.resign(Side::Green)?;
    /// let record = GameRecord::from_game(&game);
    /// assert_eq!(record.moves[0].text.to_string(), "团5B进5A");
    /// assert_eq!(record.result, GameResult::RedWins);
    /// assert_eq!(record.tag("Termination"), Some("resignation"));
    /// // It replays to the same game.
    /// let again = record.replay(None)?;
    /// assert_eq!(again.moves(), game.moves());
    /// assert_eq!(again.outcome(), game.outcome());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_game(game: &Game) -> GameRecord {
        let mut record = GameRecord::default();
        record.derive_tags(game.start(), game.outcome(), DerivedTags::All);
        record.moves = game
            .plies()
            .map(|(pos, m)| RecordedMove::new(MoveText::Record(Record::from_move(&pos, m))))
            .collect();
        record
    }

    /// [`GameRecord::from_game`], keeping what `original` (the record `game` was replayed
    /// from, perhaps then played on or taken back) said beside the moves: its tags in their
    /// order (`Event`, `Red`, `Date`, …), its comments before the first move, and the comments
    /// of each move the two share. The tags `Setup`, `Rules`, `Result` and `Termination` come
    /// from the game, as in `from_game` (an original's `Termination` is dropped when the game
    /// is not over); the moves are the game's.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{GameReader, GameRecord};
    /// let text = "[Event \"Demo\"]\n{before} 1. 团5B进5A {opening} 团5b进5a *\n";
    /// let original = GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let mut game = original.replay(None)?;
    /// game.play("5A5B".parse()?)?;
    /// let record = GameRecord::from_game_with(&game, &original);
    /// assert_eq!(record.tag("Event"), Some("Demo"));
    /// assert_eq!(record.comments_before, ["before"]);
    /// assert_eq!(record.moves[0].comments, ["opening"]);
    /// assert_eq!(record.moves.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_game_with(game: &Game, original: &GameRecord) -> GameRecord {
        let mut record = GameRecord::from_game(game);
        record.tags.clone_from(&original.tags);
        record.derive_tags(game.start(), game.outcome(), DerivedTags::All);
        record.comments_before.clone_from(&original.comments_before);
        for (m, o) in record.moves.iter_mut().zip(&original.moves) {
            m.comments.clone_from(&o.comments);
        }
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameReader;

    // Issue 26 item 16: a replayed record's tags and comments are kept; the game decides
    // the tags it knows, an original's `Termination` is dropped when no longer true.
    #[test]
    fn from_game_with_keeps_tags_and_comments() {
        let text = "[Event \"Demo\"]\n[Red \"Zhang\"]\n[Result \"1-0\"]\n\
                    [Termination \"resignation\"]\n{before} 1. 团5B进5A {a} {b} 团5b进5a {c} 1-0\n";
        let original = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
        let mut game = original.replay(None).unwrap();
        let plain = GameRecord::from_game(&game);
        assert_eq!(plain.tag("Event"), None, "from_game alone keeps nothing");
        // Take back the stated result, if the replay stated one, and one move.
        while let Some(gjjq_core::Undone::Result(_)) = game.undo() {}
        let record = GameRecord::from_game_with(&game, &original);
        let names: Vec<&str> = record.tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["Event", "Red", "Result", "Rules"]);
        assert_eq!(record.tag("Result"), Some("*"));
        assert_eq!(record.comments_before, ["before"]);
        assert_eq!(record.moves.len(), 1);
        assert_eq!(record.moves[0].comments, ["a", "b"]);
    }
}
