//! Replaying a game record on the board.

use gjjq_core::{
    Game, GameError, Outcome, Position, PositionError, Ruleset, Setup, SetupParseError,
};
use thiserror::Error;

use super::{GameRecord, GameResult, MoveText, TextPos};
use crate::record::{Record, RecordError};

/// A game record that does not replay.
#[derive(Debug, Clone, Error)]
pub enum ReplayError {
    /// The `Rules` tag names no known ruleset.
    #[error("unknown ruleset '{name}' in the Rules tag (known: standard, or a ruleset as JSON)")]
    UnknownRules {
        /// The tag's value.
        name: String,
    },
    /// The `Rules` tag holds a JSON ruleset that does not parse or break the rules' bounds.
    #[error("Rules tag: {detail}")]
    BadRules {
        /// What is wrong, naming the field.
        detail: String,
    },
    /// The `Setup` tag is not a position string (R-31).
    #[error("Setup tag: {0}")]
    BadSetup(#[from] SetupParseError),
    /// The `Setup` tag is not a valid position (R-26).
    #[error("Setup tag: {0}")]
    InvalidSetup(Box<PositionError>),
    /// A move does not name a legal move of its position.
    #[error("move {ply} '{text}'{}: {error}", at_suffix(*.at))]
    Move {
        /// The ply, from 1.
        ply: usize,
        /// The move as written (canonical form).
        text: String,
        /// Where it stands in the file.
        at: Option<TextPos>,
        /// Why it does not resolve.
        error: RecordError,
    },
    /// A move follows the end of the game.
    #[error("move {ply} '{text}'{}: the game is already over ({outcome})", at_suffix(*.at))]
    AfterEnd {
        /// The ply, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// Where it stands in the file.
        at: Option<TextPos>,
        /// How the game ended.
        outcome: Outcome,
    },
    /// The result token contradicts the result the rules give.
    #[error("the result {stated} contradicts the position: {outcome}")]
    ResultContradicts {
        /// The token.
        stated: GameResult,
        /// What the rules decided.
        outcome: Outcome,
    },
}

fn at_suffix(at: Option<TextPos>) -> String {
    at.map(|a| format!(" at {a}")).unwrap_or_default()
}

impl GameRecord {
    /// The starting position: the `Setup` tag (the default opening, R-27, without one) under
    /// `rules`, or when `rules` is `None` under the `Rules` tag (`standard` if absent).
    ///
    /// # Errors
    ///
    /// [`ReplayError::UnknownRules`], [`ReplayError::BadRules`], [`ReplayError::BadSetup`],
    /// [`ReplayError::InvalidSetup`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameRecord;
    /// let mut g = GameRecord::default();
    /// assert_eq!(g.start_position(None)?, gjjq_core::Position::default());
    /// g.set_tag("Rules", "house");
    /// assert!(g.start_position(None).is_err());
    /// g.set_tag("Rules", r#"{"return_rule":"immediate"}"#);
    /// let rules = *g.start_position(None)?.ruleset();
    /// assert_eq!(rules.return_rule, gjjq_core::ReturnRule::Immediate);
    /// g.set_tag("Rules", r#"{"return_rul":"immediate"}"#);
    /// assert!(g.start_position(None).unwrap_err().to_string().contains("return_rul"));
    /// # Ok::<(), gjjq_notation::ReplayError>(())
    /// ```
    pub fn start_position(&self, rules: Option<Ruleset>) -> Result<Position, ReplayError> {
        let rules = match rules {
            Some(r) => r,
            None => match self.tag("Rules") {
                None => Ruleset::STANDARD,
                Some(json) if json.trim_start().starts_with('{') => Ruleset::from_json(json)
                    .map_err(|e| ReplayError::BadRules {
                        detail: e.to_string(),
                    })?,
                Some(name) => Ruleset::preset(name).ok_or_else(|| ReplayError::UnknownRules {
                    name: name.to_owned(),
                })?,
            },
        };
        let setup = match self.tag("Setup") {
            Some(s) => s.parse()?,
            None => Setup::default_opening(),
        };
        Position::from_setup_with(setup, rules).map_err(|e| ReplayError::InvalidSetup(Box::new(e)))
    }

    /// Play the game: each move resolved against its position, stopping at the first that
    /// fails. A result of `1-0`, `0-1` or `1/2-1/2` that the rules do not decide is recorded
    /// as a resignation or an agreed draw. `rules` as in [`GameRecord::start_position`].
    ///
    /// # Errors
    ///
    /// Those of [`GameRecord::start_position`], then [`ReplayError::Move`] or
    /// [`ReplayError::AfterEnd`] for the first failing move (with ply, text and place), and
    /// [`ReplayError::ResultContradicts`] when the result token disagrees with the rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{GameReader, ReplayError};
    /// use gjjq_core::EndReason;
    /// let text = "1. 团5B进5A 团5b进5a 0-1\n";
    /// let game = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
    /// let played = game.replay(None)?;
    /// assert_eq!(played.moves().len(), 2);
    /// assert_eq!(played.outcome().unwrap().reason(), EndReason::Resignation);
    ///
    /// let bad = GameReader::new("1. 团5B侵5A *".as_bytes()).next().unwrap().unwrap();
    /// let err = bad.replay(None).unwrap_err();
    /// assert!(matches!(err, ReplayError::Move { ply: 1, .. }));
    /// assert!(err.to_string().contains("at 1:4"));
    /// # Ok::<(), ReplayError>(())
    /// ```
    pub fn replay(&self, rules: Option<Ruleset>) -> Result<Game, ReplayError> {
        self.play_through(rules, |_, _| {}).map(|(g, _)| g)
    }

    /// The same game with every move rewritten as its canonical record, resolved against its
    /// position; ASCII moves become records. Comments, tags and the result are kept.
    ///
    /// # Errors
    ///
    /// Those of [`GameRecord::replay`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{GameReader, MoveText};
    /// let game = GameReader::new("1. 3E7d *".as_bytes()).next().unwrap().unwrap();
    /// let resolved = game.resolve(None)?;
    /// assert_eq!(resolved.moves[0].text.to_string(), "弹3E攻7d");
    /// # Ok::<(), gjjq_notation::ReplayError>(())
    /// ```
    pub fn resolve(&self, rules: Option<Ruleset>) -> Result<GameRecord, ReplayError> {
        let mut records = Vec::with_capacity(self.moves.len());
        self.play_through(rules, |pos, m| records.push(Record::from_move(pos, m)))?;
        let mut out = self.clone();
        for (rm, r) in out.moves.iter_mut().zip(records) {
            rm.text = MoveText::Record(r);
        }
        Ok(out)
    }

    fn play_through(
        &self,
        rules: Option<Ruleset>,
        mut each: impl FnMut(&Position, gjjq_core::Move),
    ) -> Result<(Game, ()), ReplayError> {
        let mut game = Game::new(self.start_position(rules)?);
        for (i, rm) in self.moves.iter().enumerate() {
            let ply = i + 1;
            let text = rm.text.to_string();
            if let Some(outcome) = game.outcome() {
                return Err(ReplayError::AfterEnd {
                    ply,
                    text,
                    at: rm.at,
                    outcome,
                });
            }
            let m = rm
                .text
                .to_move(game.position())
                .map_err(|error| ReplayError::Move {
                    ply,
                    text: text.clone(),
                    at: rm.at,
                    error,
                })?;
            each(game.position(), m);
            game.play(m).map_err(|e| match e {
                GameError::Finished { outcome } => ReplayError::AfterEnd {
                    ply,
                    text: text.clone(),
                    at: rm.at,
                    outcome,
                },
                // to_move only returns legal moves, so any other refusal is an illegal move.
                _ => ReplayError::Move {
                    ply,
                    text: text.clone(),
                    at: rm.at,
                    error: RecordError::Illegal {
                        from: m.from(),
                        to: m.to(),
                    },
                },
            })?;
        }
        // A decided result that the rules do not reach is a resignation or an agreed draw.
        match (game.outcome(), self.result.stated_winner()) {
            (_, None) => {}
            (Some(outcome), Some(stated)) => {
                if outcome.winner() != stated {
                    return Err(ReplayError::ResultContradicts {
                        stated: self.result,
                        outcome,
                    });
                }
            }
            // Cannot fail: the game is not over.
            (None, Some(Some(winner))) => {
                let _ = game.resign(winner.other());
            }
            (None, Some(None)) => {
                let _ = game.agree_draw();
            }
        }
        Ok((game, ()))
    }
}
