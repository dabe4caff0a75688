//! What the match tool needs of a game, and the one loop that plays any such game between two
//! engine processes.
//!
//! [`MatchGame`] is the seam: open play (明式, `open_game`) and hidden play (暗式,
//! `hidden_game`) implement it, and [`play`] runs either. The loop owns what every
//! game shares — starting both engines, the clocks, the ply limit, asking each engine with a
//! deadline, and the report — and asks the game only what differs: what it tells an engine,
//! what an answer does, when it is over, and its record.
//!
//! Another game plugs in the same way: 陸戰棋 (`gjjq match --game luzhanqi`, issue 40,
//! `luzhanqi_game`) is a type that holds the true game and implements [`MatchGame`],
//! speaking the line protocol of `junqi-protocol` (its moves and positions are text); its two
//! sides are the match's two [`Seat`]s (the game converts its own sides to seats), seat 0 the
//! one that reads `wtime`, and the first to move is whoever the game says. Nothing in this
//! module knows any game's rules or sides.

use gjjq_notation::{GameRecord, MoveForm, RecordedMove, write_game};
use junqi_game::Seat;
use junqi_protocol::Command;

use crate::config::{MatchConfig, TimeControl};
use crate::process::{Answer, answer, go_command, start_engines};
use crate::report::{Ending, GameReport, LuzhanqiRecord, Termination, match_record};
use crate::seats::{SEATS, engine_of, seat_word};

/// A game the match tool can run: the arbiter holds the true game, tells each engine what it
/// may know, plays its answers and asks the game whether it is over.
pub(crate) trait MatchGame {
    /// What every engine is told after its handshake and before `ucinewgame` (a ruleset other
    /// than the standard one, as `setoption name Rules value …`).
    fn setup(&self) -> Vec<Command>;

    /// The seat to move.
    fn turn(&self) -> Seat;

    /// How the arbiter's details name a seat: the match's words ([`seat_word`]: `red`,
    /// `green`) unless the game names its seats otherwise (陸戰棋's second seat `blue`).
    fn side_name(&self, side: Seat) -> &'static str {
        seat_word(side)
    }

    /// Plies played so far (proposals refused by a referee do not count).
    fn plies(&self) -> usize;

    /// The end of the game before the next move, if it has one: by its rules first, then by
    /// whatever else the match adjudicates by (endgame tables).
    fn ending(&self, config: &MatchConfig) -> Option<Ending>;

    /// The `position` command that tells `side`'s engine the game as it may see it.
    fn position(&self, side: Seat) -> Command;

    /// Play `side`'s `answer` (its engine is `who`): [`Played::Move`] when a move was played
    /// (the clock's increment comes with it), [`Played::Refused`] when the referee refused a
    /// proposal (the side answers again), or the ending the answer brings (an illegal move,
    /// an adjudication).
    fn play(&mut self, side: Seat, who: &str, answer: &Answer) -> Result<Played, Ending>;

    /// The game file's part of the report: the tags that describe the start, the moves and
    /// the comments before the first move.
    fn into_record(self) -> GameRecordParts;

    /// The game file text of the finished game and its plies: by default `frame` itself,
    /// 国际军棋's record with six-character moves; a game that keeps a record of its own
    /// ([`GameRecordParts::luzhanqi`]) puts `frame`'s tags and the result (`winner`) into it and
    /// writes it in its own grammar.
    ///
    /// # Errors
    /// Why the record cannot be written (a tag its grammar cannot hold).
    fn write_record(
        frame: &GameRecord,
        own: Option<LuzhanqiRecord>,
        winner: Option<Seat>,
    ) -> Result<(String, usize), String>
    where
        Self: Sized,
    {
        let _ = (own, winner);
        let mut text = Vec::new();
        write_game(frame, MoveForm::default(), &mut text).map_err(|e| e.to_string())?;
        let text = String::from_utf8(text).map_err(|e| e.to_string())?;
        Ok((text, frame.moves.len()))
    }
}

/// What an answer did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Played {
    /// A move was played: the turn passes.
    Move,
    /// A proposal was refused (hidden play, R-38): the same side answers again.
    Refused,
}

/// The record of a played game, as [`MatchGame::into_record`] gives it.
pub(crate) struct GameRecordParts {
    /// The tags that describe the start (`Setup`, the hidden game's openings).
    pub(crate) start_tags: Vec<(String, String)>,
    /// The moves, each with its comments.
    pub(crate) moves: Vec<RecordedMove>,
    /// Comments before the first move.
    pub(crate) comments_before: Vec<String>,
    /// A 陸戰棋 game's record (its moves and start; `moves` is then empty): the match's tags
    /// and result are put into it, the seats named as the mode names them
    /// ([`MatchGame::write_record`]).
    pub(crate) luzhanqi: Option<LuzhanqiRecord>,
}

/// Play one game of `game` from its start: `red` is the index of the engine playing Red,
/// `round` and `opening` go into the report.
pub(crate) fn play<G: MatchGame>(
    config: &MatchConfig,
    names: &[String; 2],
    round: u32,
    opening: usize,
    mut game: G,
    red: usize,
) -> GameReport {
    let engine_of = |side: Seat| engine_of(red, side);
    let ending: Ending = 'game: {
        let mut procs = match start_engines(
            config,
            names,
            engine_of,
            |side| game.side_name(side),
            &game.setup(),
        ) {
            Ok(p) => p,
            Err(ending) => break 'game ending,
        };
        let mut clock = [0u64; 2];
        if let TimeControl::Clock { base_ms, .. } = config.time_control {
            clock = [base_ms, base_ms];
        }
        loop {
            if let Some(ending) = game.ending(config) {
                break 'game ending;
            }
            if game.plies() >= config.max_plies as usize {
                break 'game (
                    None,
                    Termination::PlyLimit,
                    format!("{} plies played", config.max_plies),
                );
            }
            let side = game.turn();
            let e = engine_of(side);
            let (go, deadline_ms) = go_command(config, &config.engines[e], &clock, side);
            let position = game.position(side);
            let p = &mut procs[side.index()];
            let reply = match answer(
                p,
                &position,
                &go,
                deadline_ms,
                &names[e],
                (side, game.side_name(side)),
            ) {
                Ok(a) => a,
                Err(ending) => break 'game ending,
            };
            let c = &mut clock[side.index()];
            *c = c.saturating_sub(reply.used_ms);
            match game.play(side, &names[e], &reply) {
                Ok(Played::Move) => {
                    // The increment comes with a move played, not with each proposal.
                    if let TimeControl::Clock { inc_ms, .. } = config.time_control {
                        clock[side.index()] += inc_ms;
                    }
                }
                Ok(Played::Refused) => {}
                Err(ending) => break 'game ending,
            }
        }
    };
    let parts = game.into_record();
    let (winner, termination, detail) = ending;
    let frame = match_record(
        config,
        names,
        round,
        opening,
        red,
        parts.start_tags,
        (winner, termination, &detail),
        parts.moves,
        parts.comments_before,
    );
    let (record, plies) = G::write_record(&frame, parts.luzhanqi, winner).unwrap_or_else(|e| {
        // Never: every tag is the match's own or the game's, which its grammar holds.
        (
            format!("; the record of round {round} cannot be written: {e}\n"),
            frame.moves.len(),
        )
    });
    let seats = SEATS.map(engine_of);
    GameReport {
        round,
        opening,
        engines: seats.to_vec(),
        players: seats.iter().map(|&e| names[e].clone()).collect(),
        winner: winner.map(Seat::alliance),
        termination,
        detail,
        plies,
        record,
    }
}
