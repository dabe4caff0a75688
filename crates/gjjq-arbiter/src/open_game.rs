//! Open play (明式) of 国际军棋 as a [`MatchGame`]: the library adjudicates every move and
//! every end. A [`Side`] is the match's seat of the same index ([`Side::seat`]).

use gjjq_core::{Game, Move, Position, Ruleset, Side};
use gjjq_notation::{DerivedTags, GameRecord, MoveText, Record, RecordedMove};
use gjjq_tablebase::{Tablebase, Wdl};
use junqi_game::Seat;
use junqi_protocol::{Command, PositionCommand};

use crate::adjudicate::ScoreAdjudicator;
use crate::config::MatchConfig;
use crate::game::{GameRecordParts, MatchGame, Played};
use crate::process::Answer;
use crate::report::{Ending, Termination};
use crate::seats::opponent;

/// One open game: the true game, its record, the `position` command both engines are sent
/// (the start and the moves so far) and the streaks of the score adjudication.
pub(crate) struct OpenGame {
    start: Position,
    game: Game,
    moves: Vec<RecordedMove>,
    sent: PositionCommand,
    adjudicator: ScoreAdjudicator,
}

impl OpenGame {
    /// An open game from `start`, adjudicated by `config`'s rules beyond the game's own.
    pub(crate) fn new(config: &MatchConfig, start: Position) -> OpenGame {
        OpenGame {
            sent: PositionCommand {
                fen: (start != Position::default()).then(|| start.to_string()),
                moves: Vec::new(),
            },
            game: Game::new(start.clone()),
            start,
            moves: Vec::new(),
            adjudicator: ScoreAdjudicator::new(config.adjudication),
        }
    }
}

/// What an engine is told of a ruleset: nothing for the standard one, else `setoption name
/// Rules value <JSON>`.
pub(crate) fn rules_setup(rules: &Ruleset) -> Vec<Command> {
    if *rules == Ruleset::STANDARD {
        return Vec::new();
    }
    vec![Command::SetOption {
        name: "Rules".to_string(),
        value: Some(rules.to_json()),
    }]
}

/// The ending the tables give `pos` when it is in them (and not already decided by the
/// rules, which the caller checks first): the side to move wins, loses or draws as its value
/// says. Positions outside the tables (more units, a missing file) go on.
pub(crate) fn by_tablebase(tb: &Tablebase, pos: &Position) -> Option<Ending> {
    let value = tb.probe_dtm(pos).ok()?;
    let mover = pos.turn();
    let winner = match value.wdl() {
        Wdl::Win => Some(mover),
        Wdl::Loss => Some(mover.other()),
        Wdl::Draw => None,
    };
    Some((
        winner.map(Side::seat),
        Termination::Tablebase,
        format!("the tables give {mover} to move {value}"),
    ))
}

impl MatchGame for OpenGame {
    fn setup(&self) -> Vec<Command> {
        rules_setup(self.start.ruleset())
    }

    fn turn(&self) -> Seat {
        self.game.position().turn().seat()
    }

    fn plies(&self) -> usize {
        self.game.moves().len()
    }

    fn ending(&self, config: &MatchConfig) -> Option<Ending> {
        if let Some(o) = self.game.outcome() {
            return Some((
                o.winner().map(Side::seat),
                Termination::Rules(o.reason().as_str()),
                String::new(),
            ));
        }
        config
            .tablebase
            .as_ref()
            .and_then(|tb| by_tablebase(tb, self.game.position()))
    }

    fn position(&self, _side: Seat) -> Command {
        Command::Position(self.sent.clone())
    }

    fn play(&mut self, side: Seat, who: &str, answer: &Answer) -> Result<Played, Ending> {
        let text = answer.text.as_str();
        let name = self.side_name(side);
        let pos = self.game.position().clone();
        let m = match text.parse::<Move>() {
            Ok(a) => MoveText::Ascii(a).to_move(&pos).map_err(|err| {
                (
                    Some(opponent(side)),
                    Termination::IllegalMove,
                    format!("{who} ({name}) played '{text}': {err}"),
                )
            })?,
            Err(err) => {
                return Err((
                    Some(opponent(side)),
                    Termination::IllegalMove,
                    format!("{who} ({name}) sent 'bestmove {text}': {err}"),
                ));
            }
        };
        let mut recorded = RecordedMove::new(MoveText::Record(Record::from_move(&pos, m)));
        recorded.comments.push(answer.comment());
        self.moves.push(recorded);
        self.sent.moves.push(m.to_string());
        if self.game.play(m).is_err() {
            // `to_move` found it among the legal moves; the game refuses only after its end,
            // which the loop checks first.
            return Err((None, Termination::PlyLimit, "internal: move refused".into()));
        }
        let game = &self.game;
        self.adjudicator
            .judge(side, answer, game.moves().len(), || {
                game.outcome().is_some()
            })
    }

    fn into_record(self) -> GameRecordParts {
        // The tags of the start come from the one place that derives tags from a game
        // (`Setup` for another opening, `Rules` for another ruleset, so that the file reads
        // back); the result and termination are the match's (`game_report`), which knows
        // endings the rules do not (time, illegal answers, adjudication).
        let mut start = GameRecord::default();
        start.derive_tags(&self.start, None, DerivedTags::ReadBack);
        GameRecordParts {
            start_tags: start.tags,
            moves: self.moves,
            comments_before: Vec::new(),
            luzhanqi: None,
        }
    }
}
