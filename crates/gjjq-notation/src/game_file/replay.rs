//! Replaying a game record on the board.

use gjjq_core::{
    Deployment, DeploymentParseError, Game, GameError, Opening, Outcome, PlayMode,
    PlayModeParseError, Position, PositionError, Ruleset, Setup, SetupParseError, Side,
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
    /// A `RedDeployment` or `GreenDeployment` tag is not a valid deployment string (R-32,
    /// R-33).
    #[error("{}Deployment tag: {error}", side_tag(*.side))]
    BadDeployment {
        /// Whose deployment.
        side: Side,
        /// Why.
        error: DeploymentParseError,
    },
    /// One side's deployment tag is given without the other's.
    #[error("a {}Deployment tag needs a {}Deployment tag too", side_tag(side.other()), side_tag(*.side))]
    MissingDeployment {
        /// The side whose tag is missing.
        side: Side,
    },
    /// The `FirstMover` tag is not `red` or `green`.
    #[error("FirstMover tag: '{found}' is not red or green")]
    BadFirstMover {
        /// The tag's value.
        found: String,
    },
    /// The `Mode` tag is not a play mode.
    #[error("Mode tag: {0}")]
    BadMode(#[from] PlayModeParseError),
    /// The `Setup` tag is not the opening that the deployment and first-mover tags give.
    #[error(
        "the Setup tag is not the opening the RedDeployment, GreenDeployment and FirstMover tags give ({opening})"
    )]
    SetupContradictsOpening {
        /// The opening's position string.
        opening: String,
    },
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

fn side_tag(side: Side) -> &'static str {
    match side {
        Side::Red => "Red",
        Side::Green => "Green",
    }
}

fn at_suffix(at: Option<TextPos>) -> String {
    at.map(|a| format!(" at {a}")).unwrap_or_default()
}

impl GameRecord {
    /// The ruleset: `rules`, or when `None` the `Rules` tag (`standard` if absent).
    ///
    /// # Errors
    ///
    /// [`ReplayError::UnknownRules`], [`ReplayError::BadRules`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameRecord;
    /// use gjjq_core::{MissileDeployment, Ruleset};
    /// let mut g = GameRecord::default();
    /// assert_eq!(g.rules(None)?, Ruleset::STANDARD);
    /// g.set_tag("Rules", r#"{"missile_deployment":"back_ranks"}"#);
    /// assert_eq!(g.rules(None)?.missile_deployment, MissileDeployment::BackRanks);
    /// # Ok::<(), gjjq_notation::ReplayError>(())
    /// ```
    pub fn rules(&self, rules: Option<Ruleset>) -> Result<Ruleset, ReplayError> {
        if let Some(r) = rules {
            return Ok(r);
        }
        Ok(match self.tag("Rules") {
            None => Ruleset::STANDARD,
            Some(json) if json.trim_start().starts_with('{') => {
                Ruleset::from_json(json).map_err(|e| ReplayError::BadRules {
                    detail: e.to_string(),
                })?
            }
            Some(name) => Ruleset::preset(name).ok_or_else(|| ReplayError::UnknownRules {
                name: name.to_owned(),
            })?,
        })
    }

    /// The play mode of the `Mode` tag (R-36): `open` (明式, the default when absent),
    /// `fanshi` (翻式) or `hidden` (暗式).
    ///
    /// # Errors
    ///
    /// [`ReplayError::BadMode`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameRecord;
    /// use gjjq_core::PlayMode;
    /// let mut g = GameRecord::default();
    /// assert_eq!(g.play_mode()?, PlayMode::Open);
    /// g.set_tag("Mode", "fanshi");
    /// assert_eq!(g.play_mode()?, PlayMode::Fanshi);
    /// # Ok::<(), gjjq_notation::ReplayError>(())
    /// ```
    pub fn play_mode(&self) -> Result<PlayMode, ReplayError> {
        Ok(self
            .tag("Mode")
            .map(str::parse)
            .transpose()?
            .unwrap_or_default())
    }

    /// The first mover of the `FirstMover` tag (R-34), if there is one.
    ///
    /// # Errors
    ///
    /// [`ReplayError::BadFirstMover`].
    pub fn first_mover(&self) -> Result<Option<Side>, ReplayError> {
        self.tag("FirstMover")
            .map(|v| {
                parse_side(v).ok_or_else(|| ReplayError::BadFirstMover {
                    found: v.to_owned(),
                })
            })
            .transpose()
    }

    /// The opening the `RedDeployment`, `GreenDeployment` and `FirstMover` tags describe
    /// (R-32 … R-34), deployments checked under the ruleset ([`GameRecord::rules`]); `None`
    /// when none of the three is present. With `FirstMover` alone the deployments are R-27's;
    /// with deployments alone Red moves first.
    ///
    /// A free-deployment game has deployment tags whose opening is not the default
    /// ([`Opening::is_default`]); a face-down one also has `[Mode "fanshi"]`.
    ///
    /// # Errors
    ///
    /// [`ReplayError::MissingDeployment`], [`ReplayError::BadDeployment`],
    /// [`ReplayError::BadFirstMover`] and the errors of [`GameRecord::rules`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameRecord;
    /// use gjjq_core::{Opening, Side};
    /// let mut g = GameRecord::default();
    /// assert_eq!(g.opening(None)?, None);
    /// g.set_opening(&Opening::fanshi(5, Some(Side::Green), &Default::default()));
    /// let o = g.opening(None)?.unwrap();
    /// assert_eq!(o.first, Side::Green);
    /// assert!(!o.is_default());
    /// # Ok::<(), gjjq_notation::ReplayError>(())
    /// ```
    pub fn opening(&self, rules: Option<Ruleset>) -> Result<Option<Opening>, ReplayError> {
        let first = self.first_mover()?;
        let tags = [self.tag("RedDeployment"), self.tag("GreenDeployment")];
        if first.is_none() && tags.iter().all(Option::is_none) {
            return Ok(None);
        }
        let rules = self.rules(rules)?;
        let mut deployments = [Deployment::default_formation(); 2];
        if tags.iter().any(Option::is_some) {
            for side in Side::ALL {
                let text = tags[side.index()].ok_or(ReplayError::MissingDeployment { side })?;
                deployments[side.index()] = Deployment::parse_with(text, &rules)
                    .map_err(|error| ReplayError::BadDeployment { side, error })?;
            }
        }
        Ok(Some(Opening::new(
            deployments[0],
            deployments[1],
            first.unwrap_or(Side::Red),
        )))
    }

    /// Write `opening` into the tags: `RedDeployment`, `GreenDeployment` and `FirstMover`
    /// (set or replaced). The `Mode` tag is left as it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::GameRecord;
    /// use gjjq_core::Opening;
    /// let mut g = GameRecord::default();
    /// g.set_opening(&Opening::default_opening());
    /// assert_eq!(g.tag("RedDeployment"), Some("9/3III3/9/1DA3AD1/FPMGKGMPF"));
    /// assert_eq!(g.tag("FirstMover"), Some("red"));
    /// ```
    pub fn set_opening(&mut self, opening: &Opening) {
        self.set_tag("RedDeployment", &opening.red.to_string());
        self.set_tag("GreenDeployment", &opening.green.to_string());
        self.set_tag("FirstMover", &opening.first.to_string());
    }

    /// The starting position under `rules`, or when `rules` is `None` under the `Rules` tag
    /// (`standard` if absent): the opening of the deployment tags
    /// ([`GameRecord::opening`]), else the `Setup` tag, else the default opening (R-27). When
    /// both an opening and a `Setup` tag are given they must agree.
    ///
    /// # Errors
    ///
    /// [`ReplayError::UnknownRules`], [`ReplayError::BadRules`], [`ReplayError::BadSetup`],
    /// [`ReplayError::InvalidSetup`], those of [`GameRecord::opening`], and
    /// [`ReplayError::SetupContradictsOpening`].
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
        let rules = self.rules(rules)?;
        let setup: Option<Setup> = self.tag("Setup").map(str::parse).transpose()?;
        let setup = match (self.opening(Some(rules))?, setup) {
            (Some(opening), setup) => {
                let from_tags = opening.setup();
                if setup.is_some_and(|s| s != from_tags) {
                    return Err(ReplayError::SetupContradictsOpening {
                        opening: from_tags.to_string(),
                    });
                }
                from_tags
            }
            (None, Some(setup)) => setup,
            (None, None) => Setup::default_opening(),
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

/// `red` or `green` (the names `Side` displays).
pub(crate) fn parse_side(s: &str) -> Option<Side> {
    match s {
        "red" => Some(Side::Red),
        "green" => Some(Side::Green),
        _ => None,
    }
}
