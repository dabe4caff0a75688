//! One game of hidden play (暗式, R-37 … R-41): a referee holds the true game and each engine
//! is sent only its own information state.

use gjjq_core::{Move, Side, deploy::Opening, hidden::HiddenGame};
use gjjq_notation::referee_record;
use junqi_protocol::Command;

use crate::config::{MatchConfig, TimeControl};
use crate::openings::random_line;
use crate::process::{answer, go_command, start_engines};
use crate::report::{Ending, GameReport, MatchError, Termination, game_report};

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

/// Play one hidden game (暗式, R-37 … R-41) from `game` (the referee at the start): each
/// engine is sent only its own information state (`position hidden`), a refused proposal
/// is sent back appended to the state for another `go`, and the referee decides. `red` is the
/// index of the engine playing Red.
pub(crate) fn play_hidden_game(
    config: &MatchConfig,
    names: &[String; 2],
    round: u32,
    opening: usize,
    mut game: HiddenGame,
    red: usize,
) -> GameReport {
    let engine_of = |side: Side| if side == Side::Red { red } else { 1 - red };
    let rules = *game.game().position().ruleset();
    let ending: Ending = 'game: {
        let mut procs = match start_engines(config, names, engine_of, &rules) {
            Ok(p) => p,
            Err(ending) => break 'game ending,
        };
        let mut clock = [0u64; 2];
        if let TimeControl::Clock { base_ms, .. } = config.time_control {
            clock = [base_ms, base_ms];
        }
        // Proposals refused since the side's last move: proposing one again loses.
        let mut refused: Vec<Move> = Vec::new();
        loop {
            if let Some(o) = game.outcome() {
                break 'game (
                    o.winner(),
                    Termination::Rules(o.reason().as_str()),
                    String::new(),
                );
            }
            if game.game().moves().len() >= config.max_plies as usize {
                break 'game (
                    None,
                    Termination::PlyLimit,
                    format!("{} plies played", config.max_plies),
                );
            }
            let side = game.turn();
            let e = engine_of(side);
            let p = &mut procs[side.index()];
            let (go, deadline_ms) = go_command(config, &config.engines[e], &clock, side);
            let position_cmd = Command::HiddenPosition(game.info_state(side).to_string());
            let (text, used) = match answer(p, &position_cmd, &go, deadline_ms, &names[e], side) {
                Ok(a) => (a.text, a.used_ms),
                Err(ending) => break 'game ending,
            };
            let c = &mut clock[side.index()];
            *c = c.saturating_sub(used);
            let m = match text.parse::<Move>() {
                Ok(m) => m,
                Err(err) => {
                    break 'game (
                        Some(side.other()),
                        Termination::IllegalMove,
                        format!("{} ({side}) sent 'bestmove {text}': {err}", names[e]),
                    );
                }
            };
            if refused.contains(&m) {
                break 'game (
                    Some(side.other()),
                    Termination::RepeatedRefusal,
                    format!(
                        "{} ({side}) proposed {m} again after the referee refused it",
                        names[e]
                    ),
                );
            }
            match game.propose(side, m) {
                Ok(told) if told.played => {
                    refused.clear();
                    // The increment comes with a move played, not with each proposal.
                    if let TimeControl::Clock { inc_ms, .. } = config.time_control {
                        clock[side.index()] += inc_ms;
                    }
                }
                Ok(_) => refused.push(m),
                // The loop checked the end and the turn first.
                Err(e) => break 'game (None, Termination::PlyLimit, format!("internal: {e}")),
            }
        }
    };
    let referee = referee_record(&game);
    let start_tags = referee
        .tags
        .into_iter()
        .filter(|(name, _)| name != "Result" && name != "Termination")
        .collect();
    game_report(
        config,
        names,
        round,
        opening,
        red,
        start_tags,
        ending,
        referee.moves,
        referee.comments_before,
    )
}
