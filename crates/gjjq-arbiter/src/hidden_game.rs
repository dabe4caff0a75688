//! Hidden play (暗式, R-37 … R-41) of 国际军棋 as a [`MatchGame`]: a referee holds the true
//! game and each engine is sent only its own information state. A [`Side`] is the match's seat
//! of the same index ([`Side::seat`]).

use gjjq_core::{Move, Side, deploy::Opening, hidden::HiddenGame};
use gjjq_notation::referee_record;
use junqi_game::Seat;
use junqi_protocol::Command;

use crate::config::MatchConfig;
use crate::game::{GameRecordParts, MatchGame, Played};
use crate::open_game::rules_setup;
use crate::openings::random_line;
use crate::process::Answer;
use crate::report::{Ending, MatchError, Termination};
use crate::seats::opponent;

/// The referee of hidden game pair `pair` (暗式): the opening's deployments, first mover and
/// ruleset, and the pair's random plies played through the referee.
pub(crate) fn hidden_start(
    config: &MatchConfig,
    pair: u32,
) -> Result<(usize, HiddenGame), MatchError> {
    let (index, line) = random_line(config, pair);
    let start = &config.openings[index];
    let bad = |detail: String| MatchError::NotAnOpening {
        index: index + 1,
        detail,
    };
    let opening = Opening::from_position(start).map_err(|e| bad(e.to_string()))?;
    let mut game = HiddenGame::new(opening, *start.ruleset()).map_err(|e| bad(e.to_string()))?;
    for m in line {
        let side = game.turn();
        game.propose(side, m).map_err(|e| bad(e.to_string()))?;
    }
    Ok((index, game))
}

/// One hidden game (暗式, R-37 … R-41) as a [`MatchGame`]: the referee holds the true game,
/// each engine is sent only its own information state (`position hidden`), a refused proposal
/// is sent back appended to the state for another `go`, and the referee decides.
pub(crate) struct HiddenMatchGame {
    game: HiddenGame,
    /// Proposals refused since the side's last move: proposing one again loses.
    refused: Vec<Move>,
}

impl HiddenMatchGame {
    /// The game from `game`, the referee at the start.
    pub(crate) fn new(game: HiddenGame) -> HiddenMatchGame {
        HiddenMatchGame {
            game,
            refused: Vec::new(),
        }
    }
}

/// The 国际军棋 side of a match's seat.
fn colour(seat: Seat) -> Side {
    Side::ALL[seat.index() % 2]
}

impl MatchGame for HiddenMatchGame {
    fn setup(&self) -> Vec<Command> {
        rules_setup(self.game.game().position().ruleset())
    }

    fn turn(&self) -> Seat {
        self.game.turn().seat()
    }

    fn plies(&self) -> usize {
        self.game.game().moves().len()
    }

    fn ending(&self, _config: &MatchConfig) -> Option<Ending> {
        self.game.outcome().map(|o| {
            (
                o.winner().map(Side::seat),
                Termination::Rules(o.reason().as_str()),
                String::new(),
            )
        })
    }

    fn position(&self, side: Seat) -> Command {
        Command::HiddenPosition(self.game.info_state(colour(side)).to_string())
    }

    fn play(&mut self, seat: Seat, who: &str, answer: &Answer) -> Result<Played, Ending> {
        let text = &answer.text;
        let side = colour(seat);
        let m = text.parse::<Move>().map_err(|err| {
            (
                Some(opponent(seat)),
                Termination::IllegalMove,
                format!("{who} ({side}) sent 'bestmove {text}': {err}"),
            )
        })?;
        if self.refused.contains(&m) {
            return Err((
                Some(opponent(seat)),
                Termination::RepeatedRefusal,
                format!("{who} ({side}) proposed {m} again after the referee refused it"),
            ));
        }
        match self.game.propose(side, m) {
            Ok(told) if told.played => {
                self.refused.clear();
                Ok(Played::Move)
            }
            Ok(_) => {
                self.refused.push(m);
                Ok(Played::Refused)
            }
            // The loop checked the end and the turn first.
            Err(e) => Err((None, Termination::PlyLimit, format!("internal: {e}"))),
        }
    }

    fn into_record(self) -> GameRecordParts {
        let referee = referee_record(&self.game);
        GameRecordParts {
            start_tags: referee
                .tags
                .into_iter()
                .filter(|(name, _)| name != "Result" && name != "Termination")
                .collect(),
            moves: referee.moves,
            comments_before: referee.comments_before,
            luzhanqi: None,
        }
    }
}
