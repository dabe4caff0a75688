//! 国际军棋 on the line protocol (`docs/protocol.md`): what the crate `junqi-protocol` leaves
//! to the game. Its commands carry positions and moves as text; here they become a
//! [`Position`] (position strings, R-31, and ASCII moves, R-30) or an [`InfoState`] (暗式,
//! R-41), and a [`SearchResult`] becomes `info` and `bestmove` lines. No I/O: the protocol
//! server ([`crate::server`]) uses it, and so can a Web Worker.

use gjjq_core::{Move, Position, Ruleset, Setup, Side, hidden::InfoState};
use junqi_protocol::{BestMove, Info, PositionCommand, PositionRefused, Seat};
use thiserror::Error;

use crate::hidden::HiddenResult;
use crate::{Score, SearchResult};

/// A `position` command whose text is not a position of the game: the command parsed
/// ([`junqi_protocol::parse_command`]) but the game refuses what it names. The server reports
/// it as `info string <error>` and otherwise ignores the line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResolveError {
    /// The position string after `fen` is malformed or not a valid position (R-26, R-31).
    #[error("position: invalid position string '{fen}': {detail}")]
    Fen {
        /// The string.
        fen: String,
        /// Why.
        detail: String,
    },
    /// The information state after `position hidden` is malformed (`docs/hidden.md`), or a
    /// move after `moves` is malformed or not legal where it stands.
    #[error(transparent)]
    Refused(#[from] PositionRefused),
}

/// The clock of `go` that `side` reads: Red's is UCI's White (`wtime`, `winc`), Green's its
/// Black.
///
/// # Examples
///
/// ```
/// use gjjq_core::Side;
/// use gjjq_engine::protocol::seat;
/// use junqi_protocol::{Command, parse_command};
/// let Ok(Some(Command::Go(go))) = parse_command("go wtime 1000 btime 2000 binc 50") else { panic!() };
/// assert_eq!(go.clock(seat(Side::Red)), Some((1000, 0)));
/// assert_eq!(go.clock(seat(Side::Green)), Some((2000, 50)));
/// ```
#[must_use]
pub fn seat(side: Side) -> Seat {
    match side {
        Side::Red => Seat::White,
        Side::Green => Seat::Black,
    }
}

/// The information state of `position hidden <state>` ([`junqi_protocol::Command::HiddenPosition`]),
/// parsed under [`Ruleset::STANDARD`]; the server puts its `Rules` option into it
/// ([`InfoState::with_rules`]).
///
/// # Errors
///
/// [`ResolveError::Refused`] ([`PositionRefused::InfoState`]) for a malformed state.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
/// use gjjq_engine::protocol::parse_info_state;
/// use junqi_protocol::{Command, parse_command};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.propose(Side::Red, "5B5A".parse()?)?;
/// let line = Command::HiddenPosition(game.info_state(Side::Green).to_string()).to_string();
/// assert_eq!(line,
///     "position hidden g r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx 5B5A");
/// let Some(Command::HiddenPosition(text)) = parse_command(&line)? else { panic!() };
/// assert_eq!(&parse_info_state(&text)?, game.info_state(Side::Green));
/// assert!(parse_info_state("r r").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_info_state(text: &str) -> Result<InfoState, ResolveError> {
    text.parse::<InfoState>()
        .map_err(|e| PositionRefused::info_state(text, e).into())
}

/// The position a `position` command names under `rules`, with the Zobrist keys of the
/// positions before it (for R-24), oldest first.
///
/// # Errors
///
/// [`ResolveError::Fen`] for a bad position string, [`ResolveError::Refused`] ([`PositionRefused::Move`]) for the first
/// move that is malformed or illegal where it stands (a pending return's return, forfeit or
/// move after removal is an ordinary ASCII move, R-19).
///
/// # Examples
///
/// ```
/// use gjjq_core::Ruleset;
/// use gjjq_engine::protocol::resolve_position;
/// use junqi_protocol::PositionCommand;
/// let cmd = PositionCommand { fen: None, moves: vec!["3E7d".into(), "4b4a".into()] };
/// let (pos, keys) = resolve_position(&cmd, Ruleset::STANDARD)?;
/// assert_eq!(keys.len(), 2);
/// // Red's missile struck from 3E and owes the return (R-19): its only move now.
/// assert_eq!(pos.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["7d3E"]);
/// # Ok::<(), gjjq_engine::protocol::ResolveError>(())
/// ```
pub fn resolve_position(
    cmd: &PositionCommand,
    rules: Ruleset,
) -> Result<(Position, Vec<u64>), ResolveError> {
    let setup = match &cmd.fen {
        None => Setup::default_opening(),
        Some(fen) => fen.parse::<Setup>().map_err(|e| ResolveError::Fen {
            fen: fen.clone(),
            detail: e.to_string(),
        })?,
    };
    let mut pos = Position::from_setup_with(setup, rules).map_err(|e| ResolveError::Fen {
        fen: cmd.fen.clone().unwrap_or_default(),
        detail: e.to_string(),
    })?;
    let mut keys = Vec::with_capacity(cmd.moves.len());
    // R-24: how often each position has occurred, so that a move after a third repetition
    // (the game is drawn) is refused as `gjjq replay` refuses it.
    let mut seen: std::collections::HashMap<u64, u32> =
        std::collections::HashMap::from([(pos.zobrist_hash(), 1)]);
    for (i, text) in cmd.moves.iter().enumerate() {
        let err = |detail: String| ResolveError::from(PositionRefused::at_move(i, text, detail));
        let ascii: Move = text
            .parse()
            .map_err(|e| err(format!("is malformed: {e}")))?;
        if seen.get(&pos.zobrist_hash()).copied().unwrap_or(0) >= 3 {
            return Err(err(
                "comes after the end of the game: the position occurred a third time, a draw (R-24)"
                    .to_string(),
            ));
        }
        let m = pos
            .find_move(ascii.from(), ascii.to())
            .ok_or_else(|| err(format!("is not legal in {pos}")))?;
        keys.push(pos.zobrist_hash());
        pos.play_unchecked(m);
        *seen.entry(pos.zobrist_hash()).or_insert(0) += 1;
    }
    Ok((pos, keys))
}

/// The `info` lines for a completed iteration: one line, `info depth 5 seldepth 9 score cp 120
/// nodes 4000 nps 200000 hashfull 3 time 20 pv 5B5A 5b5a`; with `MultiPV` above 1 one line per
/// principal variation, best first, each with `multipv K` after `seldepth`.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::{Engine, EngineConfig, Limits, protocol::info_lines};
/// let mut engine = Engine::new(EngineConfig { hash_mb: 1, multi_pv: 2, ..EngineConfig::default() });
/// let r = engine.search(&Position::default(), &[], Limits::depth(1));
/// let lines = info_lines(&r, 10);
/// assert_eq!(lines.len(), 2);
/// assert!(lines[0].starts_with("info depth 1 seldepth "), "{}", lines[0]);
/// assert!(lines[1].contains(" multipv 2 score "), "{}", lines[1]);
/// ```
#[must_use]
pub fn info_lines(r: &SearchResult, elapsed_ms: u64) -> Vec<String> {
    if r.lines.len() <= 1 {
        return vec![info_line(r, elapsed_ms)];
    }
    r.lines
        .iter()
        .enumerate()
        .map(|(k, l)| info(r, Some(k + 1), l.score, &l.pv, elapsed_ms).to_string())
        .collect()
}

/// The `info` line of a completed iteration's best line: `info depth 5 seldepth 9 score cp 120
/// nodes 4000 nps 200000 hashfull 3 time 20 pv 5B5A 5b5a`.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::{Engine, EngineConfig, Limits, protocol::info_line};
/// let r = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() }).search(&Position::default(), &[], Limits::depth(1));
/// let line = info_line(&r, 10);
/// assert!(line.starts_with("info depth 1 seldepth "), "{line}");
/// assert!(line.contains(" score cp ") && line.contains(" hashfull "));
/// assert!(line.contains(" pv "));
/// ```
#[must_use]
pub fn info_line(r: &SearchResult, elapsed_ms: u64) -> String {
    info(r, None, r.score, &r.pv, elapsed_ms).to_string()
}

fn info(
    r: &SearchResult,
    multipv: Option<usize>,
    score: Score,
    pv: &[gjjq_core::Move],
    elapsed_ms: u64,
) -> Info {
    Info {
        depth: Some(r.depth),
        seldepth: Some(r.seldepth.max(r.depth)),
        multipv: multipv.map(|k| u32::try_from(k).unwrap_or(u32::MAX)),
        score: Some(score),
        nodes: Some(r.nodes),
        nps: Some(r.nodes * 1000 / elapsed_ms.max(1)),
        hashfull: Some(r.hashfull),
        time: Some(elapsed_ms),
        pv: pv.iter().map(ToString::to_string).collect(),
        string: None,
    }
}

/// The `bestmove` line; `bestmove 0000` when there is no legal move (the game is over).
///
/// # Examples
///
/// ```
/// use gjjq_engine::{Score, SearchResult, protocol::bestmove_line};
/// let none = SearchResult {
///     best_move: None, score: Score::Loss(0), depth: 0, seldepth: 0, nodes: 1, pv: vec![],
///     lines: vec![], hashfull: 0,
/// };
/// assert_eq!(bestmove_line(&none), "bestmove 0000");
/// ```
#[must_use]
pub fn bestmove_line(r: &SearchResult) -> String {
    bestmove(r.best_move)
}

/// The `bestmove` line of `m`; `bestmove 0000` for none.
pub(crate) fn bestmove(m: Option<gjjq_core::Move>) -> String {
    m.map_or_else(BestMove::none, |m| BestMove::new(m.to_string()))
        .to_string()
}

/// The `info string` line after a hidden-play search: how many consistent worlds were
/// searched and how many of them chose the proposal (`worlds 0` when none could be drawn and
/// the proposal is a fallback candidate).
///
/// # Examples
///
/// ```
/// use gjjq_engine::{HiddenResult, Score, protocol::worlds_line};
/// let r = HiddenResult { best_move: None, score: Score::Cp(0), worlds: 8, votes: 5, depth: 3, nodes: 900 };
/// assert_eq!(worlds_line(&r), "info string worlds 8 votes 5");
/// ```
#[must_use]
pub fn worlds_line(r: &HiddenResult) -> String {
    Info {
        string: Some(format!("worlds {} votes {}", r.worlds, r.votes)),
        ..Info::default()
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_protocol::{Command, parse_command};

    #[test]
    fn hidden_states_parse_or_are_refused() {
        use gjjq_core::{
            deploy::Opening,
            hidden::{Event, HiddenGame},
        };
        let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD).unwrap();
        game.propose(Side::Red, "5B4A".parse().unwrap()).unwrap(); // refused
        game.propose(Side::Red, "3E7d".parse().unwrap()).unwrap(); // captures
        let red = game.info_state(Side::Red).clone();
        assert_eq!(red.events().len(), 2);
        assert!(matches!(red.events()[0], Event::Refused(_)));
        let state = |line: &str| match parse_command(line) {
            Ok(Some(Command::HiddenPosition(text))) => parse_info_state(&text),
            other => panic!("{line}: {other:?}"),
        };
        // Whitespace between fields is free; the state is everything after `hidden`.
        let text = red.to_string().replace(' ', "  \t ");
        assert_eq!(
            state(&format!("joho position   hidden {text}")),
            Ok(red.clone())
        );
        // The refusal appended, as a controller re-sends it after `?5B4A`.
        let s = state(&format!("position hidden {red} ?7d7c")).unwrap();
        assert_eq!(s.events().len(), 3);
        assert_eq!(s.events()[2], Event::Refused("7d7c".parse().unwrap()));
        for bad in [
            "position hidden",
            "position hidden r r",
            "position hidden x r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx",
            "position hidden r r 9/3III3/9/1DA3AD1/FPMGKGMPF 9/3xxx3/9/1xx3xx1/xxxxxxxxx 5B5Q",
        ] {
            assert!(
                matches!(
                    state(bad),
                    Err(ResolveError::Refused(PositionRefused::InfoState { .. }))
                ),
                "{bad}: {:?}",
                state(bad)
            );
        }
    }

    #[test]
    fn positions_resolve_or_name_the_bad_move() {
        let cmd = |s: &str| match parse_command(s) {
            Ok(Some(Command::Position(p))) => p,
            other => panic!("{other:?}"),
        };
        let (pos, keys) =
            resolve_position(&cmd("position startpos moves 5B5A 5b5a"), Ruleset::STANDARD).unwrap();
        assert_eq!(
            keys,
            [Position::default().zobrist_hash(), {
                let mut p = Position::default();
                p.play_unchecked(
                    p.legal_moves()
                        .into_iter()
                        .find(|m| m.to_string() == "5B5A")
                        .unwrap(),
                );
                p.zobrist_hash()
            }]
        );
        assert_eq!(pos.turn(), Side::Red);
        let err = resolve_position(&cmd("position startpos moves 5B5A 5B4B"), Ruleset::STANDARD)
            .unwrap_err();
        assert!(
            matches!(
                err,
                ResolveError::Refused(PositionRefused::Move { index: 2, .. })
            ),
            "{err}"
        );
        let err =
            resolve_position(&cmd("position startpos moves 5Bxx"), Ruleset::STANDARD).unwrap_err();
        assert!(err.to_string().contains("malformed"), "{err}");
        let err = resolve_position(&cmd("position fen 9/9 r -"), Ruleset::STANDARD).unwrap_err();
        assert!(matches!(err, ResolveError::Fen { .. }), "{err}");
    }
}
