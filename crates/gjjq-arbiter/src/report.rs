//! What a match reports: why each game ended, each game's report and game file record, the
//! summary, and the errors that stop a match before it starts.

use gjjq_notation::{GameRecord, GameResult, RecordedMove};
use junqi_game::Seat;
use thiserror::Error;

use crate::config::MatchConfig;
use crate::seats::{SEATS, engine_of};
use crate::stats::{Pentanomial, SprtDecision, Tally};

/// Why a game ended, beyond the rules' own reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The rules decided (R-21 … R-25): king captured, trapped king, no move, insufficient
    /// material, repetition, no-capture limit; the word is the rule's.
    Rules(&'static str),
    /// An engine answered with a move that is malformed or (in open play) not legal.
    IllegalMove,
    /// In hidden play (暗式), an engine proposed again a move the referee had refused it
    /// this turn (R-38).
    RepeatedRefusal,
    /// An engine exited or closed its output.
    Crash,
    /// An engine answered too late or not at all.
    Timeout,
    /// An engine did not complete the handshake (`uciok`, `readyok`).
    StartupFailure,
    /// The game reached the match's ply limit: drawn.
    PlyLimit,
    /// Both engines' scores agreed that one side is winning ([`crate::ResignAdjudication`]).
    ResignAdjudication,
    /// Both engines' scores agreed that the game is level ([`crate::DrawAdjudication`]).
    DrawAdjudication,
    /// The position entered the endgame tables ([`crate::MatchConfig::tablebase`]), whose
    /// value decided the result.
    Tablebase,
}

impl Termination {
    /// The word of the game file's `Termination` tag.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_arbiter::Termination;
    /// assert_eq!(Termination::IllegalMove.as_str(), "illegal-move");
    /// assert_eq!(Termination::Rules("trapped-king").as_str(), "trapped-king");
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Rules(w) => w,
            Termination::IllegalMove => "illegal-move",
            Termination::RepeatedRefusal => "repeated-refusal",
            Termination::Crash => "crash",
            Termination::Timeout => "timeout",
            Termination::StartupFailure => "startup-failure",
            Termination::PlyLimit => "ply-limit",
            Termination::ResignAdjudication => "resign-adjudication",
            Termination::DrawAdjudication => "draw-adjudication",
            Termination::Tablebase => "tablebase",
        }
    }
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// Its number, from 1.
    pub round: u32,
    /// The index of its opening in [`MatchConfig::openings`].
    pub opening: usize,
    /// Which engine (0 or 1) played Red (seat 0).
    pub red_engine: usize,
    /// The winning seat (of two: 0 is Red, the game's first seat; 1 is Green, 陸戰棋's Blue,
    /// flip play's second player), `None` for a draw.
    pub winner: Option<Seat>,
    /// Why it ended.
    pub termination: Termination,
    /// What happened, in words (which engine, what it sent).
    pub detail: String,
    /// The game file record (tags, moves, result). In a 陸戰棋 match it holds the match's
    /// tags and result only (its seats named Red and Green); the game is
    /// [`GameReport::luzhanqi_record`].
    pub record: GameRecord,
    /// In a 陸戰棋 match ([`MatchConfig::luzhanqi`]), the game's 陸戰棋 game file record
    /// ([`LuzhanqiRecord`]). `None` in a 国际军棋 match.
    pub luzhanqi_record: Option<LuzhanqiRecord>,
}

/// A 陸戰棋 game's record, as a match reports it ([`GameReport::luzhanqi_record`]).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum LuzhanqiRecord {
    /// Open or dark play: the start, the moves with the engines' comments (score, depth,
    /// time), the match's tags (the second seat's named `Blue`, `BlueLimits`; a dark game's
    /// `Mode "dark"`) and the result.
    Moves(luzhanqi::game_file::GameRecord),
    /// Flip play (翻棋): the plies with what each flip revealed, the match's tags (the seats
    /// named `First` and `Second`, `FirstLimits`, `SecondLimits`) and the result by colour
    /// (`*` when a game ended before any flip settled the colours).
    Flip(luzhanqi::flip::record::FlipRecord),
}

impl LuzhanqiRecord {
    /// The record as a 陸戰棋 game file (`docs/luzhanqi.md`): open and dark moves in `form`,
    /// flip plies in their own text (`c6=E`).
    ///
    /// # Errors
    /// A tag the game-file grammar cannot hold.
    pub fn write(
        &self,
        form: luzhanqi::game_file::MoveForm,
    ) -> Result<String, junqi_gamefile::WriteError<std::convert::Infallible>> {
        match self {
            LuzhanqiRecord::Moves(r) => r.write(form),
            LuzhanqiRecord::Flip(r) => r.write(),
        }
    }

    /// The number of plies played.
    #[must_use]
    pub fn plies(&self) -> usize {
        match self {
            LuzhanqiRecord::Moves(r) => r.game.moves().len(),
            LuzhanqiRecord::Flip(r) => r.game.plies().len(),
        }
    }
}

impl GameReport {
    /// The points of engine 0: 1, ½ or 0.
    #[must_use]
    pub fn first_engine_points(&self) -> f64 {
        match self.winner {
            None => 0.5,
            Some(w) => {
                let first_is_red = self.red_engine == 0;
                if (w.index() == 0) == first_is_red {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}

/// The end of a match.
#[derive(Debug, Clone)]
pub struct MatchSummary {
    /// The engines' names.
    pub names: [String; 2],
    /// The first engine's wins, draws and losses.
    pub tally: Tally,
    /// How many games ended for each reason, in order of first appearance.
    pub terminations: Vec<(&'static str, u32)>,
    /// The game pairs (both games of an opening, colours swapped) by the first engine's
    /// points: the fishtest statistics. A pair counts once both its games are played.
    pub pentanomial: Pentanomial,
    /// The SPRT's decision, if a test was asked for and decided (on the pairs).
    pub sprt_decision: Option<SprtDecision>,
    /// Why the match stopped, other than an SPRT decision: a game lost by a crash or a failed
    /// start without [`crate::MatchConfig::recover`] (even the last game: the match did not
    /// play out as asked), or the reason `on_game` gave for stopping it ([`crate::run_match`]).
    pub stopped: Option<String>,
}

/// A match that cannot start.
#[derive(Debug, Error)]
pub enum MatchError {
    /// An engine does not complete the handshake on its own before the match.
    #[error("engine {index} ('{command}') does not start: {detail}")]
    EngineStart {
        /// 1 or 2.
        index: usize,
        /// Its command.
        command: String,
        /// What went wrong.
        detail: String,
    },
    /// The configuration has no games, no openings or no concurrency.
    #[error("nothing to play: {0}")]
    Empty(&'static str),
    /// A hidden match's opening is not an opening (R-32), or its random plies do not replay
    /// through the referee.
    #[error("opening {index} cannot start a hidden game: {detail}")]
    NotAnOpening {
        /// Its number in [`MatchConfig::openings`], from 1.
        index: usize,
        /// Why.
        detail: String,
    },
}

/// How a game ended: the winner (`None` a draw), the reason and the details in words.
pub(crate) type Ending = (Option<Seat>, Termination, String);

/// The report of a finished game, with its game file record: the match's tags around
/// `start_tags` (the `Setup` of an open game, the referee's tags of a hidden one), the moves
/// and the result.
#[allow(clippy::too_many_arguments)]
pub(crate) fn game_report(
    config: &MatchConfig,
    names: &[String; 2],
    round: u32,
    opening: usize,
    red: usize,
    start_tags: Vec<(String, String)>,
    (winner, termination, detail): Ending,
    moves: Vec<RecordedMove>,
    comments_before: Vec<String>,
) -> GameReport {
    let mut record = GameRecord::default();
    record.set_tag("Event", &config.event);
    record.set_tag("Round", &round.to_string());
    record.set_tag("Red", &names[red]);
    record.set_tag("Green", &names[1 - red]);
    for (name, value) in start_tags {
        record.set_tag(&name, &value);
    }
    record.set_tag("TimeControl", &config.time_control.to_string());
    for (side, tag) in SEATS.into_iter().zip(["RedLimits", "GreenLimits"]) {
        let spec = &config.engines[engine_of(red, side)];
        let mut limits = Vec::new();
        if let Some(d) = spec.depth {
            limits.push(format!("depth {d}"));
        }
        if let Some(n) = spec.nodes {
            limits.push(format!("nodes {n}"));
        }
        if !limits.is_empty() {
            record.set_tag(tag, &limits.join(" "));
        }
    }
    record.set_tag("Opening", &opening.to_string());
    let result = match winner.map(Seat::index) {
        Some(0) => GameResult::RedWins,
        Some(_) => GameResult::GreenWins,
        None => GameResult::Draw,
    };
    record.set_tag("Result", result.as_str());
    record.set_tag("Termination", termination.as_str());
    if !detail.is_empty() {
        record.set_tag("TerminationDetail", &detail.replace(['\n', '\r'], " "));
    }
    record.set_tag("PlyCount", &moves.len().to_string());
    record.comments_before = comments_before;
    record.moves = moves;
    record.result = result;
    GameReport {
        round,
        opening,
        red_engine: red,
        winner,
        termination,
        detail,
        record,
        luzhanqi_record: None,
    }
}
