//! A game record from a played [`Game`]: its tags filled from the game, its moves as records.

use gjjq_core::{Game, Ruleset, Setup};

use super::{GameRecord, GameResult, MoveText, RecordedMove};
use crate::record::Record;

impl GameRecord {
    /// The record of `game`: a `Setup` tag when it did not start from the default opening
    /// (R-27), a `Rules` tag (`standard` or the ruleset's JSON), the `Result` tag and token, a
    /// `Termination` tag with the end reason's word when the game is over (`king-captured`,
    /// `resignation`, …), and every move as a six-character record (R-28).
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
        let start = game.start();
        if start.to_setup() != Setup::default_opening() {
            record.set_tag("Setup", &start.to_string());
        }
        let rules = start.ruleset();
        if *rules == Ruleset::STANDARD {
            record.set_tag("Rules", "standard");
        } else {
            record.set_tag("Rules", &rules.to_json());
        }
        let outcome = game.outcome();
        record.result = GameResult::from_outcome(outcome);
        record.set_tag("Result", record.result.as_str());
        if let Some(o) = outcome {
            record.set_tag("Termination", o.reason().as_str());
        }
        record.moves = game
            .plies()
            .map(|(pos, m)| RecordedMove::new(MoveText::Record(Record::from_move(&pos, m))))
            .collect();
        record
    }

    /// The tags [`GameRecord::from_game`] writes from the game itself: taken from the game,
    /// never from an original record.
    const FROM_THE_GAME: [&'static str; 4] = ["Setup", "Rules", "Result", "Termination"];

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
        let mut fresh = GameRecord::from_game(game);
        let mut record = GameRecord {
            tags: Vec::with_capacity(original.tags.len() + fresh.tags.len()),
            comments_before: original.comments_before.clone(),
            moves: std::mem::take(&mut fresh.moves),
            result: fresh.result,
        };
        for (name, value) in &original.tags {
            if !Self::FROM_THE_GAME.contains(&name.as_str()) {
                record.tags.push((name.clone(), value.clone()));
            } else if let Some(v) = fresh.tag(name) {
                record.tags.push((name.clone(), v.to_owned()));
            }
        }
        for (name, value) in &fresh.tags {
            if record.tag(name).is_none() {
                record.tags.push((name.clone(), value.clone()));
            }
        }
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
