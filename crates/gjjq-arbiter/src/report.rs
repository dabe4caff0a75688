//! What a match reports: why each game ended, each game's report and game file record, the
//! summary, and the errors that stop a match before it starts.

use gjjq_notation::{GameRecord, GameResult, RecordedMove};
use junqi_game::{Alliance, Seat};
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

/// One finished game of any game: two seats or four, indexed by [`Seat`], its winner an
/// [`Alliance`] and its record the game file text in the game's own grammar.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// Its number, from 1.
    pub round: u32,
    /// The index of its opening in [`MatchConfig::openings`] (a 陸戰棋 or 四國 match: the
    /// number of its start, [`MatchConfig::start_of`]).
    pub opening: usize,
    /// The engine (0 or 1) of each seat, by [`Seat::index`].
    pub engines: Vec<usize>,
    /// The name of each seat's engine, by [`Seat::index`].
    pub players: Vec<String>,
    /// The winning alliance (of the game's seats: seat 0 is Red, the game's first seat; in a
    /// two-seat game seat 1 is Green, 陸戰棋's Blue, flip play's second player; in 四國 the
    /// alliances are Red–Blue and Green–Yellow), `None` for a draw.
    pub winner: Option<Alliance>,
    /// Why it ended.
    pub termination: Termination,
    /// What happened, in words (which engine, what it sent).
    pub detail: String,
    /// Plies played (refused proposals do not count; 四國: moves, passes and surrenders).
    pub plies: usize,
    /// The game file (`docs/game-file.md` for 国际军棋 with six-character moves,
    /// `docs/luzhanqi.md` for 陸戰棋 in simplified script, a 四國 referee record), with the
    /// match's tags (`Event`, `Round`, the players, `TimeControl`, `Termination`, …) and its
    /// result.
    pub record: String,
}

impl GameReport {
    /// The points of engine 0: 1, ½ or 0.
    ///
    /// ```
    /// use gjjq_arbiter::{GameReport, Termination};
    /// use junqi_game::Seat;
    /// let report = GameReport {
    ///     round: 1,
    ///     opening: 0,
    ///     engines: vec![1, 0, 1, 0],
    ///     players: vec!["b".into(), "a".into(), "b".into(), "a".into()],
    ///     winner: Some(Seat::new(3, 4).unwrap().alliance()),
    ///     termination: Termination::Rules("flag-captured"),
    ///     detail: String::new(),
    ///     plies: 90,
    ///     record: String::new(),
    /// };
    /// assert_eq!(report.first_engine_points(), 1.0);
    /// assert_eq!(report.engine_of(Seat::new(0, 4).unwrap()), Some(1));
    /// ```
    #[must_use]
    pub fn first_engine_points(&self) -> f64 {
        match self.winner {
            None => 0.5,
            Some(w) => {
                let first = w.members().any(|s| self.engines.get(s.index()) == Some(&0));
                if first { 1.0 } else { 0.0 }
            }
        }
    }

    /// The engine (0 or 1) that played `seat`.
    #[must_use]
    pub fn engine_of(&self, seat: Seat) -> Option<usize> {
        self.engines.get(seat.index()).copied()
    }
}

/// A 陸戰棋 game's own record, before the match's tags and result are put into it.
#[derive(Debug, Clone)]
pub(crate) enum LuzhanqiRecord {
    /// Open or dark play: the start, the moves with the engines' comments (score, depth,
    /// time); the match's tags name the second seat `Blue`, `BlueLimits` (a dark game's
    /// `Mode "dark"`).
    Moves(luzhanqi::game_file::GameRecord),
    /// Flip play (翻棋): the plies with what each flip revealed; the match's tags name the
    /// seats `First` and `Second`, `FirstLimits`, `SecondLimits`, and the result is by colour
    /// (`*` when a game ended before any flip settled the colours).
    Flip(luzhanqi::flip::record::FlipRecord),
}

impl LuzhanqiRecord {
    /// The record as a 陸戰棋 game file (`docs/luzhanqi.md`): open and dark moves in
    /// simplified script, flip plies in their own text (`c6=E`).
    pub(crate) fn write(&self) -> Result<String, String> {
        match self {
            LuzhanqiRecord::Moves(r) => r.write(luzhanqi::game_file::MoveForm::Simplified),
            LuzhanqiRecord::Flip(r) => r.write(),
        }
        .map_err(|e| e.to_string())
    }

    /// The number of plies played.
    pub(crate) fn plies(&self) -> usize {
        match self {
            LuzhanqiRecord::Moves(r) => r.game.moves().len(),
            LuzhanqiRecord::Flip(r) => r.game.plies().len(),
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

/// A finished two-seat game's record in 国际军棋's grammar (the frame every two-seat game's
/// record starts from): the match's tags around `start_tags` (the `Setup` of an open game, the
/// referee's tags of a hidden one), the moves and the result.
#[allow(clippy::too_many_arguments)]
pub(crate) fn match_record(
    config: &MatchConfig,
    names: &[String; 2],
    round: u32,
    opening: usize,
    red: usize,
    start_tags: Vec<(String, String)>,
    (winner, termination, detail): (Option<Seat>, Termination, &str),
    moves: Vec<RecordedMove>,
    comments_before: Vec<String>,
) -> GameRecord {
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
    record
}
