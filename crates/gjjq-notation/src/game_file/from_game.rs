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
}
