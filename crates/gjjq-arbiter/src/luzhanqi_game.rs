//! 陸戰棋 (Luzhanqi) as [`MatchGame`]s: open play, the library adjudicating every move, and
//! dark play (暗棋, L-31), a referee ([`DarkGame`]) holding the game and each engine sent only
//! its own information state. The engines speak the protocol of `luzhanqi engine`
//! (`docs/protocol.md`, "陸戰棋").
//!
//! The match loop's two seats are [`Side::Red`] (陸戰棋's Red, `wtime`) and [`Side::Green`]
//! (陸戰棋's Blue, `btime`); the game file names them Red and Blue.

use gjjq_core::Side;
use junqi_protocol::{Command, PositionCommand};
use luzhanqi::dark::{DarkGame, DarkRules};
use luzhanqi::deploy::{self, Deployment};
use luzhanqi::game_file::GameRecord;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::rand::{Rng, SeedableRng};
use luzhanqi::{Game, Move, Ruleset};

use crate::adjudicate::ScoreAdjudicator;
use crate::config::{LuzhanqiMode, MatchConfig};
use crate::game::{GameRecordParts, MatchGame, Played};
use crate::process::Answer;
use crate::report::{Ending, Termination};

/// The deployments of game pair `pair` (Red's, Blue's): two uniform draws (L-18) from a
/// generator seeded by the match's seed and the pair, so a pair's start does not depend on
/// how many games run at once or in which order they finish.
pub(crate) fn pair_deployments(seed: u64, pair: u32) -> (Deployment, Deployment) {
    let mut rng =
        StdRng::seed_from_u64(seed ^ u64::from(pair).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x1a2d);
    // One draw past the two, so that nearby seeds do not share a first deployment.
    let _: u64 = rng.random();
    (Deployment::random(&mut rng), Deployment::random(&mut rng))
}

/// The seat of a 陸戰棋 side.
fn seat(side: luzhanqi::Side) -> Side {
    match side {
        luzhanqi::Side::Red => Side::Red,
        luzhanqi::Side::Blue => Side::Green,
    }
}

/// The 陸戰棋 side of a seat.
fn colour(seat: Side) -> luzhanqi::Side {
    match seat {
        Side::Red => luzhanqi::Side::Red,
        Side::Green => luzhanqi::Side::Blue,
    }
}

/// The name of a seat in words: `red` or `blue`.
fn name(seat: Side) -> &'static str {
    match seat {
        Side::Red => "red",
        Side::Green => "blue",
    }
}

/// What every engine is told before a game: the mode.
fn mode_setup(mode: LuzhanqiMode) -> Vec<Command> {
    vec![Command::SetOption {
        name: "Mode".to_string(),
        value: Some(mode.as_str().to_string()),
    }]
}

/// The ending of a game over by the rules.
fn rules_ending(o: luzhanqi::Outcome) -> Ending {
    (
        o.winner().map(seat),
        Termination::Rules(o.reason_str()),
        String::new(),
    )
}

/// A move text that is not a move, or a move the game refuses: the sender loses.
fn illegal(side: Side, who: &str, text: &str, why: &str) -> Ending {
    (
        Some(side.other()),
        Termination::IllegalMove,
        format!("{who} ({}) played '{text}': {why}", name(side)),
    )
}

/// The game record of `game` with each move's comment.
fn record(
    game: &Game,
    comments: Vec<String>,
    start_tags: Vec<(String, String)>,
) -> GameRecordParts {
    let mut lz = GameRecord::from_game(game);
    for (m, c) in lz.moves.iter_mut().zip(comments) {
        m.comments.push(c);
    }
    GameRecordParts {
        start_tags,
        moves: Vec::new(),
        comments_before: Vec::new(),
        luzhanqi: Some(lz),
    }
}

/// One open game of 陸戰棋: the true game, the `position` command both engines are sent, the
/// moves' comments and the score adjudication's streaks.
pub(crate) struct LuzhanqiOpenGame {
    game: Game,
    sent: PositionCommand,
    comments: Vec<String>,
    adjudicator: ScoreAdjudicator,
}

impl LuzhanqiOpenGame {
    /// The game from Red's and Blue's deployments, Red first, standard rules.
    pub(crate) fn new(config: &MatchConfig, red: &Deployment, blue: &Deployment) -> Self {
        let start = deploy::opening(red, blue, luzhanqi::Side::Red, Ruleset::STANDARD)
            .expect("drawn deployments are legal (L-17)");
        LuzhanqiOpenGame {
            sent: PositionCommand {
                fen: Some(start.to_string()),
                moves: Vec::new(),
            },
            game: Game::new(start),
            comments: Vec::new(),
            adjudicator: ScoreAdjudicator::new(config.adjudication),
        }
    }
}

impl MatchGame for LuzhanqiOpenGame {
    fn side_name(&self, side: Side) -> &'static str {
        name(side)
    }

    fn setup(&self) -> Vec<Command> {
        mode_setup(LuzhanqiMode::Open)
    }

    fn turn(&self) -> Side {
        seat(self.game.position().turn())
    }

    fn plies(&self) -> usize {
        self.game.moves().len()
    }

    fn ending(&self, _config: &MatchConfig) -> Option<Ending> {
        self.game.outcome().map(rules_ending)
    }

    fn position(&self, _side: Side) -> Command {
        Command::Position(self.sent.clone())
    }

    fn play(&mut self, side: Side, who: &str, answer: &Answer) -> Result<Played, Ending> {
        let text = answer.text.as_str();
        let m: Move = text
            .parse()
            .map_err(|e: luzhanqi::MoveParseError| illegal(side, who, text, &e.to_string()))?;
        self.game
            .play(m)
            .map_err(|e| illegal(side, who, text, &e.to_string()))?;
        self.sent.moves.push(m.to_string());
        self.comments.push(answer.comment());
        if let Some(ending) =
            self.adjudicator
                .after_move(side, answer.score, self.game.moves().len())
            && self.game.outcome().is_none()
        {
            return Err(ending);
        }
        Ok(Played::Move)
    }

    fn into_record(self) -> GameRecordParts {
        record(&self.game, self.comments, Vec::new())
    }
}

/// One dark game of 陸戰棋 (暗棋, L-31): the referee holds the true game and each engine is
/// sent only its own information state (`position hidden`); a move its view does not allow
/// loses, as an illegal move in open play.
pub(crate) struct LuzhanqiDarkGame {
    game: DarkGame,
    comments: Vec<String>,
}

impl LuzhanqiDarkGame {
    /// The game from Red's and Blue's deployments, Red first, standard dark rules.
    pub(crate) fn new(red: &Deployment, blue: &Deployment) -> Self {
        LuzhanqiDarkGame {
            game: DarkGame::new(red, blue, luzhanqi::Side::Red, DarkRules::STANDARD)
                .expect("drawn deployments are legal (L-17) and the standard rules dark ones"),
            comments: Vec::new(),
        }
    }
}

impl MatchGame for LuzhanqiDarkGame {
    fn side_name(&self, side: Side) -> &'static str {
        name(side)
    }

    fn setup(&self) -> Vec<Command> {
        mode_setup(LuzhanqiMode::Dark)
    }

    fn turn(&self) -> Side {
        seat(self.game.turn())
    }

    fn plies(&self) -> usize {
        self.game.game().moves().len()
    }

    fn ending(&self, _config: &MatchConfig) -> Option<Ending> {
        self.game.outcome().map(rules_ending)
    }

    fn position(&self, side: Side) -> Command {
        Command::HiddenPosition(self.game.info_state(colour(side)).to_string())
    }

    fn play(&mut self, side: Side, who: &str, answer: &Answer) -> Result<Played, Ending> {
        let text = answer.text.as_str();
        let m: Move = text
            .parse()
            .map_err(|e: luzhanqi::MoveParseError| illegal(side, who, text, &e.to_string()))?;
        self.game
            .play(m)
            .map_err(|e| illegal(side, who, text, &e.to_string()))?;
        self.comments.push(answer.comment());
        Ok(Played::Move)
    }

    fn into_record(self) -> GameRecordParts {
        // The referee's record (`luzhanqi::dark::record::referee_record`'s tags).
        let tags = vec![
            ("Mode".to_string(), "dark".to_string()),
            (
                "MarshalRevealsFlag".to_string(),
                self.game.rules().marshal_reveals_flag.to_string(),
            ),
        ];
        record(self.game.game(), self.comments, tags)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_start_depends_on_the_seed_and_the_pair_only() {
        let a = pair_deployments(1, 0);
        assert_eq!(a, pair_deployments(1, 0));
        assert_ne!(a, pair_deployments(1, 1));
        assert_ne!(a, pair_deployments(2, 0));
        assert!(a.0.check().is_ok() && a.1.check().is_ok());
    }
}
