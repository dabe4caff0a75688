//! One game of open play (明式): the library adjudicates every move and every end.

use gjjq_core::{Game, Position, Side};
use gjjq_notation::{AsciiMove, MoveText, Record, RecordedMove};
use junqi_protocol::{Command, PositionCommand};

use crate::adjudicate::{ScoreAdjudicator, by_tablebase};
use crate::config::{MatchConfig, TimeControl};
use crate::process::{answer, go_command, start_engines};
use crate::report::{Ending, GameReport, Termination, game_report};

/// Play one game: `red` is the index of the engine playing Red.
pub(crate) fn play_game(
    config: &MatchConfig,
    names: &[String; 2],
    round: u32,
    opening: usize,
    start: &Position,
    red: usize,
) -> GameReport {
    let engine_of = |side: Side| if side == Side::Red { red } else { 1 - red };
    let mut game = Game::new(start.clone());
    let mut moves: Vec<RecordedMove> = Vec::new();
    let ending: Ending = 'game: {
        let mut procs = match start_engines(config, names, engine_of, start.ruleset()) {
            Ok(p) => p,
            Err(ending) => break 'game ending,
        };
        let mut clock = [0u64; 2];
        if let TimeControl::Clock { base_ms, .. } = config.time_control {
            clock = [base_ms, base_ms];
        }
        let mut position_cmd = PositionCommand {
            fen: (*start != Position::default()).then(|| start.to_string()),
            moves: Vec::new(),
        };
        let mut adjudicator = ScoreAdjudicator::new(config.adjudication);
        loop {
            if let Some(o) = game.outcome() {
                break 'game (
                    o.winner(),
                    Termination::Rules(o.reason().as_str()),
                    String::new(),
                );
            }
            if let Some(tb) = &config.tablebase
                && let Some(ending) = by_tablebase(tb, game.position())
            {
                break 'game ending;
            }
            if game.moves().len() >= config.max_plies as usize {
                break 'game (
                    None,
                    Termination::PlyLimit,
                    format!("{} plies played", config.max_plies),
                );
            }
            let side = game.position().turn();
            let e = engine_of(side);
            let p = &mut procs[side.index()];
            let (go, deadline_ms) = go_command(config, &config.engines[e], &clock, side);
            let command = Command::Position(position_cmd.clone());
            let reply = match answer(p, &command, &go, deadline_ms, &names[e], side) {
                Ok(a) => a,
                Err(ending) => break 'game ending,
            };
            let (text, used) = (reply.text.as_str(), reply.used_ms);
            if let TimeControl::Clock { inc_ms, .. } = config.time_control {
                let c = &mut clock[side.index()];
                *c = c.saturating_sub(used) + inc_ms;
            }
            let pos = game.position().clone();
            let m = match text.parse::<AsciiMove>() {
                Ok(a) => match a.to_move(&pos) {
                    Ok(m) => m,
                    Err(err) => {
                        break 'game (
                            Some(side.other()),
                            Termination::IllegalMove,
                            format!("{} ({side}) played '{text}': {err}", names[e]),
                        );
                    }
                },
                Err(err) => {
                    break 'game (
                        Some(side.other()),
                        Termination::IllegalMove,
                        format!("{} ({side}) sent 'bestmove {text}': {err}", names[e]),
                    );
                }
            };
            let mut recorded = RecordedMove::new(MoveText::Record(Record::from_move(&pos, m)));
            recorded.comments.push(reply.comment());
            moves.push(recorded);
            position_cmd.moves.push(m.to_string());
            if game.play(m).is_err() {
                // `to_move` found it among the legal moves; the game refuses only after its
                // end, which the loop checks first.
                break 'game (None, Termination::PlyLimit, "internal: move refused".into());
            }
            // The rules' own end comes first: the loop head sees it.
            if let Some(ending) = adjudicator.after_move(side, reply.score, game.moves().len())
                && game.outcome().is_none()
            {
                break 'game ending;
            }
        }
    };
    let mut start_tags = Vec::new();
    if *start != Position::default() {
        start_tags.push(("Setup".to_string(), start.to_string()));
    }
    game_report(
        config,
        names,
        round,
        opening,
        red,
        start_tags,
        ending,
        moves,
        Vec::new(),
    )
}
