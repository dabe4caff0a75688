//! Replaying a game record on the board.

use gjjq_core::{
    Game, GameError, Outcome, Position, Ruleset, Setup, Side,
    deploy::{Deployment, DeploymentParseError, Opening, PlayMode, PlayModeParseError},
    position::PositionError,
    ruleset::RulesetError,
    setup::SetupParseError,
};
use thiserror::Error;

use std::ops::ControlFlow;

use super::{GameRecord, GameResult, MoveText, RecordedMove, ResultToken, Skip, TextPos, Visitor};
use crate::record::{Record, RecordError};
use crate::text::{clip, clip_to};

/// A game record that does not replay. Read from a file (by [`crate::GameReader::replay_next`]),
/// every variant says where; echoed tag values are cut to 40 characters.
#[derive(Debug, Clone, Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The `Rules` tag names no known ruleset.
    #[error("{}unknown ruleset '{name}' in the Rules tag (known: standard, or a ruleset as a JSON object)", at_prefix(*.at))]
    UnknownRules {
        /// The tag's value (cut to 40 characters).
        name: String,
        /// Where the value stands in the file.
        at: Option<TextPos>,
    },
    /// The `Rules` tag holds a JSON ruleset that does not parse or breaks the rules' bounds.
    #[error("{}Rules tag: {detail}", at_prefix(*.at))]
    BadRules {
        /// What is wrong, naming the field.
        detail: String,
        /// Where the fault stands in the file (inside the tag value).
        at: Option<TextPos>,
    },
    /// The `Setup` tag is not a position string (R-31).
    #[error("Setup tag: {0}")]
    BadSetup(#[from] SetupParseError),
    /// The `Setup` tag is not a valid position (R-26): every reason, each with its side and
    /// point.
    #[error("{}Setup tag: {}", at_prefix(*.at), .error)]
    InvalidSetup {
        /// Why.
        error: Box<PositionError>,
        /// Where the value stands in the file.
        at: Option<TextPos>,
    },
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
    /// A move token that is not a move of 国际军棋 (only from a reader of another game's
    /// dialect: this crate's reader refuses such a token as it reads it).
    #[error("move {ply} '{text}': {detail}")]
    NotAMove {
        /// The ply, from 1.
        ply: usize,
        /// The token (cut to 40 characters).
        text: String,
        /// Why, with its place.
        detail: String,
    },
    /// The result token contradicts the result the rules give.
    #[error("{}the result {stated} contradicts the position: {outcome}", at_prefix(*.at))]
    ResultContradicts {
        /// The token.
        stated: GameResult,
        /// What the rules decided.
        outcome: Outcome,
        /// Where the result token (or the `Result` tag) stands in the file.
        at: Option<TextPos>,
    },
}

impl ReplayError {
    /// The error of a move the game refused: the game had already ended
    /// ([`ReplayError::AfterEnd`]), or else the move is illegal there (the record resolved
    /// only to legal moves, so no other refusal is expected).
    pub(crate) fn refused(
        e: GameError,
        m: gjjq_core::Move,
        ply: usize,
        text: String,
        at: Option<TextPos>,
    ) -> ReplayError {
        match e {
            GameError::Finished { outcome } => ReplayError::AfterEnd {
                ply,
                text,
                at,
                outcome,
            },
            _ => ReplayError::Move {
                ply,
                text,
                at,
                error: RecordError::Illegal {
                    from: m.from(),
                    to: m.to(),
                },
            },
        }
    }
}

impl MoveText {
    /// [`MoveText::to_move`] for a replay: its error as [`ReplayError::Move`] of ply `ply`,
    /// standing at `at`.
    pub(crate) fn replay_move(
        &self,
        pos: &Position,
        ply: usize,
        at: Option<TextPos>,
    ) -> Result<gjjq_core::Move, ReplayError> {
        self.to_move(pos).map_err(|error| ReplayError::Move {
            ply,
            text: self.to_string(),
            at,
            error,
        })
    }
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

fn at_prefix(at: Option<TextPos>) -> String {
    at.map(|a| format!("{a}: ")).unwrap_or_default()
}

/// Where the tags that replaying reads stand in the file (all `None` for a record built in
/// memory).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TagPlaces {
    /// The `Setup` tag's value.
    pub setup: Option<TextPos>,
    /// The `Rules` tag's value.
    pub rules: Option<TextPos>,
    /// The `Result` tag's value.
    pub result: Option<TextPos>,
    /// The result token of the movetext.
    pub result_token: Option<TextPos>,
}

impl TagPlaces {
    /// A tag as a game-building visitor reads it: kept in `tags`, in order, and the place of
    /// the ones replaying reads (`Setup`, `Rules`, `Result`) noted. The one tag handling of
    /// [`ReplayVisitor`] and [`crate::AnnotatedBuilder`].
    pub(crate) fn keep(
        &mut self,
        tags: &mut Vec<(String, String)>,
        name: &str,
        value: &str,
        at: TextPos,
    ) {
        match name {
            "Setup" => self.setup = Some(at),
            "Rules" => self.rules = Some(at),
            "Result" => self.result = Some(at),
            _ => {}
        }
        tags.push((name.to_owned(), value.to_owned()));
    }
}

/// Replays a game one move at a time: the engine of [`GameRecord::replay`] and of the
/// streaming [`crate::GameReader::replay_next`]. The main line is played in a [`Game`]; each
/// variation's moves are checked against the rules at their own position, a game over on its
/// own path (the position's outcome, or a third repetition counted on the path) ending it.
pub(crate) struct Player {
    rules: Option<Ruleset>,
    game: Option<Game>,
    ply: usize,
    /// The position before the main line's last move.
    before_last: Option<Position>,
    /// The variations being played, innermost last.
    lines: Vec<VariationLine>,
}

/// A variation being played.
struct VariationLine {
    pos: Position,
    before_last: Option<Position>,
    /// The ply of its last move.
    ply: usize,
    /// The Zobrist keys of the path from the start to `pos`, for repetition (R-24).
    keys: Vec<u64>,
}

impl Player {
    pub(crate) fn new(rules: Option<Ruleset>) -> Player {
        Player {
            rules,
            game: None,
            ply: 0,
            before_last: None,
            lines: Vec::new(),
        }
    }

    /// The game, started from `record`'s tags on first use.
    fn game(&mut self, record: &GameRecord, places: &TagPlaces) -> Result<&mut Game, ReplayError> {
        let game = match self.game.take() {
            Some(g) => g,
            None => Game::new(record.start_position_at(self.rules, places)?),
        };
        Ok(self.game.insert(game))
    }

    /// Resolve `text` against the current position of the current line and play it; `each`
    /// sees the position and the move before it is played.
    pub(crate) fn play_with(
        &mut self,
        record: &GameRecord,
        places: &TagPlaces,
        text: &MoveText,
        at: Option<TextPos>,
        each: &mut dyn FnMut(&Position, gjjq_core::Move),
    ) -> Result<(), ReplayError> {
        let name = || text.to_string();
        if let Some(line) = self.lines.last_mut() {
            line.ply += 1;
            let ply = line.ply;
            // Positions before the last capture have more pieces: only the plies since count.
            let recent = line.pos.plies_since_capture() as usize + 1;
            let key = line.pos.zobrist_hash();
            let reps = line
                .keys
                .iter()
                .rev()
                .take(recent)
                .filter(|&&k| k == key)
                .count();
            if let Some(outcome) = line.pos.outcome_with_repetitions(reps) {
                return Err(ReplayError::AfterEnd {
                    ply,
                    text: name(),
                    at,
                    outcome,
                });
            }
            let m = text.replay_move(&line.pos, ply, at)?;
            each(&line.pos, m);
            line.before_last = Some(line.pos.clone());
            line.pos.play_unchecked(m);
            line.keys.push(line.pos.zobrist_hash());
            return Ok(());
        }
        self.ply += 1;
        let ply = self.ply;
        let game = self.game(record, places)?;
        if let Some(outcome) = game.outcome() {
            return Err(ReplayError::AfterEnd {
                ply,
                text: name(),
                at,
                outcome,
            });
        }
        let m = text.replay_move(game.position(), ply, at)?;
        each(game.position(), m);
        let before = game.position().clone();
        game.play(m)
            .map_err(|e| ReplayError::refused(e, m, ply, name(), at))?;
        self.before_last = Some(before);
        Ok(())
    }

    /// The ply of the next move of the current line.
    pub(crate) fn next_ply(&self) -> usize {
        self.lines.last().map_or(self.ply, |l| l.ply) + 1
    }

    /// A variation starts: the alternatives to the current line's last move.
    pub(crate) fn begin_variation(&mut self) {
        let (before, ply, mut keys) = match self.lines.last() {
            Some(line) => (line.before_last.clone(), line.ply, line.keys.clone()),
            None => (
                self.before_last.clone(),
                self.ply,
                self.game
                    .as_ref()
                    .map_or_else(Vec::new, |g| g.keys().to_vec()),
            ),
        };
        // The path to the position before the last move.
        if before.is_some() {
            keys.pop();
        }
        // The reader lets a variation follow a move only; a record built in memory may
        // not, and then its variation starts where the line does.
        let pos = before.unwrap_or_else(|| match self.lines.last() {
            Some(line) => line.pos.clone(),
            None => self
                .game
                .as_ref()
                .map_or_else(Position::default, |g| g.position().clone()),
        });
        if keys.is_empty() {
            keys.push(pos.zobrist_hash());
        }
        self.lines.push(VariationLine {
            pos,
            before_last: None,
            ply: ply.saturating_sub(1),
            keys,
        });
    }

    /// The variation ends.
    pub(crate) fn end_variation(&mut self) {
        self.lines.pop();
    }

    /// The game after its last move, with the result token of `record` checked against the
    /// rules or recorded as a resignation or agreed draw.
    pub(crate) fn finish(
        self,
        record: &GameRecord,
        places: &TagPlaces,
    ) -> Result<Game, ReplayError> {
        let mut game = match self.game {
            Some(g) => g,
            None => Game::new(record.start_position_at(self.rules, places)?),
        };
        // A decided result that the rules do not reach is a resignation or an agreed draw.
        match (game.outcome(), record.result.stated_winner()) {
            (_, None) => {}
            (Some(outcome), Some(stated)) => {
                if outcome.winner() != stated {
                    return Err(ReplayError::ResultContradicts {
                        stated: record.result,
                        outcome,
                        at: places.result_token.or(places.result),
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
        Ok(game)
    }
}

/// The streaming replay as a visitor: the tags kept (with their places), each move played
/// as it is read, the first failure stops the game.
pub(crate) struct ReplayVisitor {
    player: Player,
    rules: Option<Ruleset>,
    record: GameRecord,
    places: TagPlaces,
}

impl ReplayVisitor {
    pub(crate) fn new(rules: Option<Ruleset>) -> ReplayVisitor {
        ReplayVisitor {
            player: Player::new(rules),
            rules,
            record: GameRecord::default(),
            places: TagPlaces::default(),
        }
    }
}

impl Visitor for ReplayVisitor {
    type Output = Result<Game, ReplayError>;

    fn begin_game(&mut self) {
        *self = ReplayVisitor::new(self.rules);
    }

    fn tag(&mut self, name: &str, value: &str, at: TextPos) -> ControlFlow<Self::Output> {
        self.places.keep(&mut self.record.tags, name, value, at);
        ControlFlow::Continue(())
    }

    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<Self::Output> {
        let text = match read_token(text, at, self.player.next_ply()) {
            Ok(t) => t,
            Err(e) => return ControlFlow::Break(Err(e)),
        };
        match self
            .player
            .play_with(&self.record, &self.places, &text, Some(at), &mut |_, _| {})
        {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }

    fn begin_variation(&mut self, _: TextPos) -> ControlFlow<Self::Output, Skip> {
        self.player.begin_variation();
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _: TextPos) -> ControlFlow<Self::Output> {
        self.player.end_variation();
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: ResultToken, at: Option<TextPos>) -> ControlFlow<Self::Output> {
        self.record.result = result.into();
        self.places.result_token = at;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Self::Output {
        let player = std::mem::replace(&mut self.player, Player::new(self.rules));
        player.finish(&self.record, &self.places)
    }
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
    /// use gjjq_core::{ruleset::MissileDeployment, Ruleset};
    /// let mut g = GameRecord::default();
    /// assert_eq!(g.rules(None)?, Ruleset::STANDARD);
    /// g.set_tag("Rules", r#"{"missile_deployment":"back_ranks"}"#);
    /// assert_eq!(g.rules(None)?.deployment.missile_deployment, MissileDeployment::BackRanks);
    /// # Ok::<(), gjjq_notation::ReplayError>(())
    /// ```
    pub fn rules(&self, rules: Option<Ruleset>) -> Result<Ruleset, ReplayError> {
        self.rules_at(rules, &TagPlaces::default())
    }

    /// [`GameRecord::rules`] with the place of the `Rules` tag for its errors.
    fn rules_at(&self, rules: Option<Ruleset>, places: &TagPlaces) -> Result<Ruleset, ReplayError> {
        Ok(match rules {
            Some(r) => r,
            None => match self.tag("Rules") {
                None => Ruleset::STANDARD,
                Some(json) if json.trim_start().starts_with(['{', '[']) => Ruleset::from_json(json)
                    .map_err(|e| ReplayError::BadRules {
                        at: places.rules.map(|at| place_in_value(at, json, &e)),
                        detail: match e {
                            RulesetError::Json { message, .. } => clip_to(&message, 240),
                            other => clip_to(&other.to_string(), 240),
                        },
                    })?,
                Some(name) => Ruleset::preset(name).ok_or_else(|| ReplayError::UnknownRules {
                    name: clip(name),
                    at: places.rules,
                })?,
            },
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
    /// use gjjq_core::deploy::PlayMode;
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
    /// use gjjq_core::{Side, deploy::Opening};
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
    /// use gjjq_core::deploy::Opening;
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
    /// assert_eq!(rules.return_rule, gjjq_core::ruleset::ReturnRule::Immediate);
    /// g.set_tag("Rules", r#"{"return_rul":"immediate"}"#);
    /// assert!(g.start_position(None).unwrap_err().to_string().contains("return_rul"));
    /// # Ok::<(), gjjq_notation::ReplayError>(())
    /// ```
    pub fn start_position(&self, rules: Option<Ruleset>) -> Result<Position, ReplayError> {
        self.start_position_at(rules, &TagPlaces::default())
    }

    /// [`GameRecord::start_position`] with the places of the tags for its errors.
    pub(crate) fn start_position_at(
        &self,
        rules: Option<Ruleset>,
        places: &TagPlaces,
    ) -> Result<Position, ReplayError> {
        let rules = self.rules_at(rules, places)?;
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
        Position::from_setup_with(setup, rules).map_err(|e| ReplayError::InvalidSetup {
            error: Box::new(e),
            at: places.setup,
        })
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
    /// use gjjq_core::outcome::EndReason;
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
        self.play_through(rules, |_, _| {})
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
        // Checks every line first, with the errors of `replay`.
        let game = self.play_through(rules, |_, _| {})?;
        let mut out = self.clone();
        resolve_line(game.start().clone(), &mut out.moves, 1)?;
        Ok(out)
    }

    fn play_through(
        &self,
        rules: Option<Ruleset>,
        mut each: impl FnMut(&Position, gjjq_core::Move),
    ) -> Result<Game, ReplayError> {
        let places = TagPlaces::default();
        let mut player = Player::new(rules);
        self.play_line(&mut player, &places, &self.moves, &mut each)?;
        player.finish(self, &places)
    }

    /// Play `moves` and their variations (each after its move, as a file has them).
    fn play_line(
        &self,
        player: &mut Player,
        places: &TagPlaces,
        moves: &[RecordedMove],
        each: &mut dyn FnMut(&Position, gjjq_core::Move),
    ) -> Result<(), ReplayError> {
        let main = player.lines.is_empty();
        for rm in moves {
            if main {
                player.play_with(self, places, &rm.text, rm.at, each)?;
            } else {
                player.play_with(self, places, &rm.text, rm.at, &mut |_, _| {})?;
            }
            for v in &rm.variations {
                player.begin_variation();
                self.play_line(player, places, &v.moves, each)?;
                player.end_variation();
            }
        }
        Ok(())
    }
}

/// A move token as the visitors of this crate read it ([`MoveText::parse_token`]); a token
/// that is not one (from a reader of another game's dialect) is [`ReplayError::NotAMove`].
pub(crate) fn read_token(text: &str, at: TextPos, ply: usize) -> Result<MoveText, ReplayError> {
    MoveText::parse_token(text, at).map_err(|e| ReplayError::NotAMove {
        ply,
        text: clip(text),
        detail: e.to_string(),
    })
}

/// Rewrite `moves` (and their variations) as canonical records from `pos`, the first move
/// at `first_ply`.
fn resolve_line(
    mut pos: Position,
    moves: &mut [RecordedMove],
    first_ply: usize,
) -> Result<(), ReplayError> {
    for (i, rm) in moves.iter_mut().enumerate() {
        let ply = first_ply + i;
        let m = rm.text.replay_move(&pos, ply, rm.at)?;
        for v in &mut rm.variations {
            resolve_line(pos.clone(), &mut v.moves, ply)?;
        }
        rm.text = MoveText::Record(Record::from_move(&pos, m));
        pos.play_unchecked(m);
    }
    Ok(())
}

/// The place in the file of a fault inside a one-line JSON tag value that starts (at its
/// opening quote) at `value_at`: the value's escapes (`\"`, `\\`) shift the columns.
fn place_in_value(value_at: TextPos, json: &str, e: &RulesetError) -> TextPos {
    let &RulesetError::Json { line, column, .. } = e else {
        return value_at;
    };
    // serde_json counts columns in bytes.
    let text = json.lines().nth(line.saturating_sub(1)).unwrap_or("");
    let end = column.saturating_sub(1).min(text.len());
    let before: String = text
        .char_indices()
        .take_while(|&(i, _)| i < end)
        .map(|(_, c)| c)
        .collect();
    // Lines of the value after the first cannot occur: a tag value is one line.
    let escapes = before.matches(['"', '\\']).count();
    TextPos {
        line: value_at.line,
        column: value_at.column + 1 + before.chars().count() + escapes,
    }
}

/// `red` or `green` (the names `Side` displays), by [`Side`]'s parser (which also takes the
/// letters `r` and `g`); `None` for anything else.
pub(crate) fn parse_side(s: &str) -> Option<Side> {
    s.parse().ok()
}
