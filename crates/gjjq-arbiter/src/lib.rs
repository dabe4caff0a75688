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
//! | module | owns |
//! |---|---|
//! | [`config`] | [`EngineSpec`], [`TimeControl`], [`MatchConfig`] |
//! | [`openings`] | the opening of each game pair ([`opening_for`]), openings files ([`parse_openings`]) |
//! | `process` (private) | engine processes: process groups, deadlines, bounded output |
//! | `open_game`, `hidden_game` (private) | one game of open play, one of hidden play |
//! | [`report`] | [`Termination`], [`GameReport`], [`MatchSummary`], [`MatchError`] |
//! | `adjudicate` (private) | adjudication beyond the rules: by agreeing scores, by endgame tables |
//! | [`stats`] | [`stats::Tally`] (W/D/L, Elo, LOS), [`stats::Pentanomial`] (game pairs) and the [`stats::Sprt`] |
//!
//! Native only: it runs processes and threads.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;

use gjjq_core::Position;

mod adjudicate;
pub mod config;
mod hidden_game;
mod open_game;
pub mod openings;
mod process;
pub mod report;
pub mod stats;

pub use config::{
    Adjudication, DrawAdjudication, EngineSpec, MatchConfig, ResignAdjudication, TimeControl,
    TimeControlError,
};
pub use openings::{opening_for, parse_openings};
pub use report::{GameReport, MatchError, MatchSummary, Termination};

use hidden_game::{hidden_start, play_hidden_game};
use open_game::play_game;
use process::probe;
use stats::{Pentanomial, Tally};

/// Play the match. `on_game` is called in the calling thread after each game (in the order
/// games finish) with the report and the running tally; the game file is the caller's to
/// write. With an SPRT, no new game starts once it decides (games under way finish and count).
///
/// # Errors
///
/// [`MatchError::EngineStart`] if an engine does not complete the handshake before the
/// match, [`MatchError::Empty`] for a configuration with nothing to play,
/// [`MatchError::NotAnOpening`] for a hidden match from a position that is not an opening.
pub fn run_match(
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameReport, &Tally),
) -> Result<MatchSummary, MatchError> {
    if config.games == 0 {
        return Err(MatchError::Empty("0 games"));
    }
    if config.openings.is_empty() {
        return Err(MatchError::Empty("no openings"));
    }
    if config.concurrency == 0 {
        return Err(MatchError::Empty("concurrency 0"));
    }
    let hidden_starts = if config.hidden {
        (0..config.games.div_ceil(2))
            .map(|pair| hidden_start(config, pair))
            .collect::<Result<Vec<_>, _>>()?
    } else {
        Vec::new()
    };
    let names = probe(config)?;
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut pentanomial = Pentanomial::default();
    // The first engine's points in the first finished game of each pair still waiting for
    // its partner (games finish out of order with concurrency).
    let mut half_pairs: HashMap<u32, f64> = HashMap::new();
    let mut terminations: Vec<(&'static str, u32)> = Vec::new();
    let mut decision = None;
    let mut stopped = None;
    let (tx, rx) = mpsc::channel::<GameReport>();
    let openings: Mutex<Vec<Option<(usize, Position)>>> =
        Mutex::new(vec![None; config.games.div_ceil(2) as usize]);
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.min(config.games as usize) {
            let tx = tx.clone();
            let (next, stop, names, openings, hidden_starts) =
                (&next, &stop, &names, &openings, &hidden_starts);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games {
                        break;
                    }
                    let pair = i / 2;
                    let red = (i % 2) as usize;
                    if config.hidden {
                        let (opening, game) = hidden_starts[pair as usize].clone();
                        let report = play_hidden_game(config, names, i + 1, opening, game, red);
                        stop_on_failure(config, &report, stop);
                        if tx.send(report).is_err() {
                            break;
                        }
                        continue;
                    }
                    let (opening, start) = {
                        let mut o = openings.lock().unwrap_or_else(|e| e.into_inner());
                        o[pair as usize]
                            .get_or_insert_with(|| opening_for(config, pair))
                            .clone()
                    };
                    let report = play_game(config, names, i + 1, opening, &start, (i % 2) as usize);
                    stop_on_failure(config, &report, stop);
                    if tx.send(report).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for report in rx {
            let points = report.first_engine_points();
            match points {
                1.0 => tally.wins += 1,
                0.0 => tally.losses += 1,
                _ => tally.draws += 1,
            }
            let pair = (report.round - 1) / 2;
            match half_pairs.remove(&pair) {
                Some(other) => pentanomial.add_pair(other, points),
                None => {
                    half_pairs.insert(pair, points);
                }
            }
            // The thread that played the game has already stopped the others
            // (`stop_on_failure`); here the summary only says why.
            if !config.recover && stopped.is_none() && ends_the_match(&report) {
                stopped = Some(format!(
                    "game {} ended by {} ({}); --recover goes on after such a game",
                    report.round,
                    report.termination.as_str(),
                    report.detail
                ));
            }
            let word = report.termination.as_str();
            match terminations.iter_mut().find(|(w, _)| *w == word) {
                Some((_, n)) => *n += 1,
                None => terminations.push((word, 1)),
            }
            on_game(&report, &tally);
            if let Some(s) = config.sprt
                && decision.is_none()
            {
                decision = s.status_pentanomial(&pentanomial).decision;
                if decision.is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    Ok(MatchSummary {
        names,
        tally,
        terminations,
        pentanomial,
        sprt_decision: decision,
        stopped,
    })
}

/// Whether `report` is a game an engine lost by crashing or failing to start, which ends a
/// match without [`MatchConfig::recover`].
fn ends_the_match(report: &GameReport) -> bool {
    matches!(
        report.termination,
        Termination::Crash | Termination::StartupFailure
    )
}

/// Stop starting games once a game ends the match; set by the thread that played it, before
/// it takes the next game, so a match of one game at a time stops right after it.
fn stop_on_failure(config: &MatchConfig, report: &GameReport, stop: &AtomicBool) {
    if !config.recover && ends_the_match(report) {
        stop.store(true, Ordering::Relaxed);
    }
}
