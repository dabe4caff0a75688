//! The engine the page plays against: the baseline engine of `gjjq-engine` (issue 14), run in
//! the page's Web Worker under a node limit (the worker has no clock to spare).

use gjjq::{Move, Position};
use gjjq_engine::{Engine, EngineConfig, Limits};
use serde::Serialize;

use crate::session::{Session, WebError};

/// The name the page shows for the engine.
pub const ENGINE_NAME: &str = "gjjq-engine (baseline, 60,000 nodes a move)";

/// The node budget of one reply: about a tenth of a second in a browser.
const NODES_PER_MOVE: u64 = 60_000;

/// The engine's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineReply {
    /// The move in the ASCII form, or `None` when the game is over.
    pub best_move: Option<String>,
    /// Which engine answered.
    pub engine: String,
}

/// The engine's move after `moves` (ASCII, space separated) from `start` (a position string;
/// empty for the default opening). `seed` is kept for the page's interface; the engine is
/// deterministic.
///
/// # Errors
/// Those of [`Session::new`] and [`Session::play`] for a bad start or move.
///
/// ```
/// use gjjq_wasm::engine::engine_reply;
/// let reply = engine_reply("", "5B5A", 7)?;
/// assert!(reply.best_move.is_some()); // Green's answer, in the ASCII form
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
pub fn engine_reply(start: &str, moves: &str, seed: u32) -> Result<EngineReply, WebError> {
    let mut session = Session::new(start)?;
    for m in moves.split_whitespace() {
        let ply = session.plies();
        session.play(ply, m)?;
    }
    let game = session.annotated();
    let end = session.line_end();
    // Over (the rules, or a stated result): no move.
    let best = if game.outcome_at(end).is_some() {
        None
    } else {
        // The Zobrist keys of every position so far, for an engine that sees repetitions (R-24).
        choose_move(game.position_at(end), &game.keys_to(end), seed)
    };
    Ok(EngineReply {
        best_move: best.map(|m| m.to_string()),
        engine: ENGINE_NAME.to_owned(),
    })
}

/// The engine call: the move to play in `position`, `None` when it has no legal move (the
/// caller asks first whether the game is over, repetition and stated results included).
/// `history` holds the Zobrist key of every position of the game, the current one last
/// ([`gjjq::Game::keys`], [`gjjq::notation::AnnotatedGame::keys_to`]), so that the search
/// sees repetitions (R-24).
#[must_use]
pub fn choose_move(position: &Position, history: &[u64], seed: u32) -> Option<Move> {
    let _ = seed;
    let legal = position.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let mut engine = Engine::new(EngineConfig {
        hash_mb: 4,
        ..EngineConfig::default()
    });
    let result = engine.search(position, history, Limits::nodes(NODES_PER_MOVE));
    result.best_move.or_else(|| legal.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_king_when_it_can_r21() {
        let reply = engine_reply("4k4/9/9/4P4/9/9/9/9/9/4K4 r - 0 1", "", 0).unwrap();
        assert_eq!(reply.best_move.as_deref(), Some("5b5e"));
        assert_eq!(reply.engine, ENGINE_NAME);
    }

    #[test]
    fn replies_with_a_legal_move_and_none_at_the_end() {
        let reply = engine_reply("", "5B5A", 3).unwrap();
        let m = reply.best_move.unwrap();
        let mut s = Session::new("").unwrap();
        s.play(0, "5B5A").unwrap();
        assert!(s.view(1).unwrap().legal.iter().any(|v| v.ascii == m));
        let end = engine_reply("4k4/9/9/4P4/9/9/9/9/9/4K4 r - 0 1", "5b5e", 0).unwrap();
        assert_eq!(end.best_move, None);
    }

    #[test]
    fn a_bad_history_is_an_error() {
        assert!(engine_reply("", "5B5A 5B5A", 0).is_err());
    }
}
