//! # gjjq-arbiter
//!
//! The match arbiter: plays two engine programs against each other over the protocol, with the
//! library adjudicating every move and every end. Native only (processes, threads, clocks).
//!
//! Each game starts both engines afresh, so a crash, a hang or garbage in one game cannot touch
//! the next. Each opening is played twice, the engines swapping colours.
//!
//! In a hidden match ([`MatchConfig::hidden`], 暗式, R-37 … R-41) a referee
//! ([`HiddenGame`](gjjq_core::hidden::HiddenGame)) holds the true game and each engine is sent only its own information
//! state (`position hidden`, `docs/protocol.md`); a refused proposal is sent back, appended
//! to the state, for another `go`.
//!
//! A 陸戰棋 match ([`MatchConfig::luzhanqi`]) runs the same loop over 陸戰棋's open, dark or
//! flip play: each pair of games from two deployments drawn from the seed (flip: one deal of
//! the face-down pieces), the engines told their `Mode`, each game's 陸戰棋 game file in
//! its [`GameReport::record`].
//!
//! A hidden match (国际军棋's hidden play, 陸戰棋's dark and flip play) draws a fresh hidden
//! layout for every game by default; [`Layouts::Paired`] gives both games of a pair one layout
//! (issue 50, item 3, [`MatchConfig::layouts`]).
//!
//! | module | owns |
//! |---|---|
//! | [`config`] | [`EngineSpec`], [`TimeControl`], [`MatchConfig`] |
//! | [`openings`] | the opening of each game pair ([`opening_for`]), openings files ([`parse_openings`]) |
//! | `process` (private) | engine processes: process groups, deadlines, bounded output |
//! | `seats` (private) | the match's two seats ([`junqi_game::Seat`]), the engine of each, their words in details |
//! | `game` (private) | `MatchGame`, what the match needs of a game, and the one loop that plays any such game |
//! | `open_game`, `hidden_game` (private) | open play and hidden play as `MatchGame`s |
//! | `luzhanqi_game` (private) | 陸戰棋's open, dark and flip play as `MatchGame`s ([`MatchConfig::luzhanqi`]) |
//! | [`report`] | [`Termination`], [`GameReport`], [`MatchSummary`], [`MatchError`] |
//! | `adjudicate` (private) | adjudication beyond the rules: by agreeing scores, by endgame tables |
//! | [`local`] | the in-process mode: agents of this process in paired games ([`local::run_pairs`]), any game through [`local::Table`] |
//! | [`team`] | matches by team (四國軍棋): [`team::run_team_match`], one process a seat, the same [`GameReport`] indexed by seat |
//! | [`stats`] | [`stats::Tally`] (W/D/L, Elo, LOS), [`stats::Pentanomial`] (game pairs) and the [`stats::Sprt`] |
//!
//! Native only: it runs processes and threads.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Mutex;

use gjjq_core::Position;

mod adjudicate;
pub mod config;
mod game;
mod hidden_game;
pub mod local;
mod luzhanqi_game;
mod open_game;
pub mod openings;
mod process;
pub mod report;
mod schedule;
mod seats;
pub mod stats;
pub mod team;

pub use config::{
    Adjudication, DrawAdjudication, EngineSpec, Layouts, LuzhanqiMode, LuzhanqiModeError,
    MatchConfig, ResignAdjudication, TimeControl, TimeControlError,
};
pub use openings::{OpeningLineError, OpeningsError, opening_for, parse_openings, read_openings};
pub use report::{GameReport, MatchError, MatchSummary, Termination};

use hidden_game::{HiddenMatchGame, hidden_start};
use luzhanqi::flip::FlipDeal;
use luzhanqi_game::{LuzhanqiGame, pair_deal, pair_deployments};
use open_game::OpenGame;
use process::probe;
use schedule::Counter;
use stats::Tally;

/// Play the match. `on_game` is called in the calling thread after each game (in the order
/// games finish) with the report and the running tally; the game file is the caller's to
/// write. With an SPRT, no new game starts once it decides (games under way finish and count).
/// `on_game` may stop the match too: [`ControlFlow::Break`] with the reason (a game file
/// that cannot be written) starts no new game; games under way finish and are passed to
/// `on_game` and counted, and the reason is the summary's [`MatchSummary::stopped`].
///
/// Memory does not grow with [`MatchConfig::games`]: the start of a game pair is made when
/// its first game starts and dropped once its second has.
///
/// # Errors
///
/// [`MatchError::EngineStart`] if an engine does not complete the handshake before the
/// match, [`MatchError::Empty`] for a configuration with nothing to play,
/// [`MatchError::NotAnOpening`] for a hidden match from a position that is not an opening.
pub fn run_match(
    config: &MatchConfig,
    on_game: impl FnMut(&GameReport, &Tally) -> ControlFlow<String>,
) -> Result<MatchSummary, MatchError> {
    if config.games == 0 {
        return Err(MatchError::Empty("0 games"));
    }
    if config.openings.is_empty() && config.luzhanqi.is_none() {
        return Err(MatchError::Empty("no openings"));
    }
    if config.concurrency == 0 {
        return Err(MatchError::Empty("concurrency 0"));
    }
    if config.hidden && config.luzhanqi.is_none() {
        // Every opening is checked before the match, with the random plies of the first start
        // that plays it; the other starts are made as they are played.
        let starts = config.start_of(config.games) + 1;
        let checked = u32::try_from(config.openings.len()).unwrap_or(u32::MAX);
        for start in 0..starts.min(checked) {
            hidden_start(config, start)?;
        }
    }
    let names = probe(config)?;
    let mut counter = Counter::default();
    let starts = Starts::default();
    // A failure to make a hidden pair's start after the check above (none is known).
    let late_error: Mutex<Option<MatchError>> = Mutex::new(None);
    let play = |round: u32| {
        let red = ((round - 1) % 2) as usize;
        // The pair's start, or the game's own in a hidden match with fresh layouts (issue 50,
        // item 3).
        let start = config.start_of(round);
        let names = &names;
        Some(match starts.take(config, start) {
            Ok(Start::Hidden(opening, hidden)) => {
                let hidden = HiddenMatchGame::new(*hidden);
                game::play(config, names, round, opening, hidden, red)
            }
            Ok(Start::Open(opening, position)) => {
                let open = OpenGame::new(config, position);
                game::play(config, names, round, opening, open, red)
            }
            Ok(Start::LuzhanqiOpen(red_d, blue_d)) => {
                let g = LuzhanqiGame::open(config, &red_d, &blue_d);
                game::play(config, names, round, start as usize, g, red)
            }
            Ok(Start::LuzhanqiDark(red_d, blue_d)) => {
                let g = LuzhanqiGame::dark(&red_d, &blue_d);
                game::play(config, names, round, start as usize, g, red)
            }
            Ok(Start::LuzhanqiFlip(deal)) => {
                let g = LuzhanqiGame::flip(config, *deal);
                game::play(config, names, round, start as usize, g, red)
            }
            Err(e) => {
                late_error
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(e);
                return None;
            }
        })
    };
    schedule::counted_rounds(config, &mut counter, play, on_game);
    if let Some(e) = late_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    Ok(counter.summary(names))
}

/// The start of a game pair, as both its games play it.
#[derive(Clone)]
enum Start {
    /// Open play: the opening's index and the position after the random plies.
    Open(usize, Position),
    /// Hidden play: the opening's index and the referee after the random plies.
    Hidden(usize, Box<gjjq_core::hidden::HiddenGame>),
    /// 陸戰棋 open play: the pair's deployments, Red's and Blue's.
    LuzhanqiOpen(luzhanqi::deploy::Deployment, luzhanqi::deploy::Deployment),
    /// 陸戰棋 dark play: the pair's deployments, Red's and Blue's.
    LuzhanqiDark(luzhanqi::deploy::Deployment, luzhanqi::deploy::Deployment),
    /// 陸戰棋 flip play: the pair's deal of the face-down pieces.
    LuzhanqiFlip(Box<FlipDeal>),
}

/// The starts of the games under way ([`MatchConfig::start_of`]): a start the games of a pair
/// share is made by the first of them and dropped when the second takes it: as many as games
/// are played at once, never one per game of the match (issue 41, item 6). A start of one game
/// alone (a hidden match's fresh layout) is not kept.
#[derive(Default)]
struct Starts(Mutex<HashMap<u32, Start>>);

impl Starts {
    /// Start number `pair` ([`MatchConfig::start_of`]) for one of its games.
    fn take(&self, config: &MatchConfig, pair: u32) -> Result<Start, MatchError> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(start) = map.remove(&pair) {
            return Ok(start);
        }
        let start = if let Some(mode) = config.luzhanqi {
            let deployments = || pair_deployments(config.seed, pair);
            match mode {
                LuzhanqiMode::Open => {
                    let (red, blue) = deployments();
                    Start::LuzhanqiOpen(red, blue)
                }
                LuzhanqiMode::Dark => {
                    let (red, blue) = deployments();
                    Start::LuzhanqiDark(red, blue)
                }
                LuzhanqiMode::Flip => Start::LuzhanqiFlip(Box::new(pair_deal(config.seed, pair))),
            }
        } else if config.hidden {
            let (opening, game) = hidden_start(config, pair)?;
            Start::Hidden(opening, Box::new(game))
        } else {
            let (opening, position) = opening_for(config, pair);
            Start::Open(opening, position)
        };
        // The pair's other game takes what is kept (a last game without a partner keeps
        // nothing, nor does a game with a start of its own).
        if config.pairs_share_starts() && u64::from(pair) * 2 + 1 < u64::from(config.games) {
            map.insert(pair, start.clone());
        }
        Ok(start)
    }
}
