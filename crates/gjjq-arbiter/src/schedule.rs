//! What every match does with its games, whatever the game and however many seats: the rounds
//! played on [`MatchConfig::concurrency`] threads, each report counted in the calling thread
//! before the thread that played it takes another ([`rounds`]), and the counting itself
//! ([`Counter`]: W/D/L, the pairs' pentanomial, the terminations, an SPRT's decision, why the
//! match stopped). [`crate::run_match`] (two seats) and `team::run_team_match` (four
//! seats, two teams) are both written on it.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use crate::config::MatchConfig;
use crate::report::{GameReport, MatchSummary, Termination};
use crate::stats::{Pentanomial, SprtDecision, Tally};

/// Play rounds 1 to [`MatchConfig::games`] on `concurrency` threads: `play` plays one (`None`:
/// no game, and no more are started); a game that [`ends_the_match`] stops new games unless
/// [`MatchConfig::recover`]. Each report goes to `take` in the calling thread, in the order
/// games finish, before its thread takes another game; `take` answers whether to start no
/// new game (games under way finish and are taken).
pub(crate) fn rounds<R: Send>(
    config: &MatchConfig,
    play: impl Fn(u32) -> Option<R> + Sync,
    termination: impl Fn(&R) -> Termination + Sync,
    mut take: impl FnMut(R) -> bool,
) {
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    // Each report goes with a channel on which the thread that played it waits until the
    // report is counted: a decision taken on it (an SPRT's, `on_game`'s stop) is known before
    // that thread takes another game.
    let (tx, rx) = mpsc::channel::<(R, mpsc::Sender<()>)>();
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.min(config.games as usize) {
            let tx = tx.clone();
            let (next, stop, play, termination) = (&next, &stop, &play, &termination);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    // 64 bits: the counter goes one past the last game in every thread and
                    // must not wrap back to the first.
                    let Ok(round) = u32::try_from(i + 1) else {
                        break;
                    };
                    if round > config.games {
                        break;
                    }
                    let Some(report) = play(round) else {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    };
                    // Set by the thread that played it, before it takes the next game, so a
                    // match of one game at a time stops right after it.
                    if !config.recover && ends_the_match(termination(&report)) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    let (counted, wait) = mpsc::channel();
                    if tx.send((report, counted)).is_err() {
                        break;
                    }
                    // An error: the match thread has dropped its end, counted or not.
                    let _ = wait.recv();
                }
            });
        }
        drop(tx);
        for (report, counted) in rx {
            if take(report) {
                stop.store(true, Ordering::Relaxed);
            }
            // Counted: the thread that played the game may take another.
            drop(counted);
        }
    });
}

/// What a [`Counter`] reads of a finished game's report, whatever the game and its seats.
pub(crate) trait Counted {
    /// The game's round, from 1.
    fn round(&self) -> u32;
    /// The first engine's (or team's) points: 1, ½ or 0.
    fn first_engine_points(&self) -> f64;
    /// How the game ended.
    fn termination(&self) -> Termination;
    /// The ending's detail, for the summary's stop line.
    fn detail(&self) -> &str;
}

impl Counted for GameReport {
    fn round(&self) -> u32 {
        self.round
    }
    fn first_engine_points(&self) -> f64 {
        GameReport::first_engine_points(self)
    }
    fn termination(&self) -> Termination {
        self.termination
    }
    fn detail(&self) -> &str {
        &self.detail
    }
}

/// [`rounds`] with each report counted by `counter`, then shown to `on_game` with the running
/// tally; `on_game`'s `Break` (or the SPRT's decision) starts no new game.
pub(crate) fn counted_rounds<R: Counted + Send>(
    config: &MatchConfig,
    counter: &mut Counter,
    play: impl Fn(u32) -> Option<R> + Sync,
    mut on_game: impl FnMut(&R, &Tally) -> ControlFlow<String>,
) {
    rounds(config, play, Counted::termination, |report| {
        counter.add(
            config,
            report.round(),
            report.first_engine_points(),
            report.termination(),
            report.detail(),
        );
        let flow = on_game(&report, &counter.tally);
        counter.decide(config, flow)
    });
}

/// Whether a game ended so that a match stops without [`MatchConfig::recover`]: an engine
/// lost it by crashing or failing to start.
pub(crate) fn ends_the_match(termination: Termination) -> bool {
    matches!(
        termination,
        Termination::Crash | Termination::StartupFailure
    )
}

/// A match's count of its finished games.
#[derive(Default)]
pub(crate) struct Counter {
    pub(crate) tally: Tally,
    pentanomial: Pentanomial,
    /// The first engine's points in the first finished game of each pair still waiting for
    /// its partner (games finish out of order with concurrency).
    half_pairs: HashMap<u32, f64>,
    terminations: Vec<(&'static str, u32)>,
    decision: Option<SprtDecision>,
    stopped: Option<String>,
}

impl Counter {
    /// Count the game of round `round` (from 1; rounds `2k+1` and `2k+2` are a pair): engine
    /// 1's `points`, how it ended.
    pub(crate) fn add(
        &mut self,
        config: &MatchConfig,
        round: u32,
        points: f64,
        termination: Termination,
        detail: &str,
    ) {
        self.tally.add(points);
        let pair = (round - 1) / 2;
        match self.half_pairs.remove(&pair) {
            Some(other) => self.pentanomial.add_pair(other, points),
            None => {
                self.half_pairs.insert(pair, points);
            }
        }
        // The thread that played the game has already stopped the others (`rounds`); here
        // the summary only says why.
        if !config.recover && self.stopped.is_none() && ends_the_match(termination) {
            self.stopped = Some(format!(
                "game {round} ended by {} ({detail}); --recover goes on after such a game",
                termination.as_str(),
            ));
        }
        let word = termination.as_str();
        match self.terminations.iter_mut().find(|(w, _)| *w == word) {
            Some((_, n)) => *n += 1,
            None => self.terminations.push((word, 1)),
        }
    }

    /// After the caller's `on_game` answered `flow` for the game just counted: whether to
    /// start no new game (`on_game` stopped the match, or the SPRT decided on the pairs).
    pub(crate) fn decide(&mut self, config: &MatchConfig, flow: ControlFlow<String>) -> bool {
        let mut stop = false;
        if let ControlFlow::Break(why) = flow {
            stop = true;
            self.stopped.get_or_insert(why);
        }
        if let Some(s) = config.sprt
            && self.decision.is_none()
        {
            self.decision = s.status_pentanomial(&self.pentanomial).decision;
            stop |= self.decision.is_some();
        }
        stop
    }

    /// The summary of the match between `names`.
    pub(crate) fn summary(self, names: [String; 2]) -> MatchSummary {
        MatchSummary {
            names,
            tally: self.tally,
            terminations: self.terminations,
            pentanomial: self.pentanomial,
            sprt_decision: self.decision,
            stopped: self.stopped,
        }
    }
}
