//! The engine the page plays against.
//!
//! [`choose_move`] is the one place the page's engine is called. Until the baseline engine
//! (`gjjq-engine`, issue 14) lands it runs [`FALLBACK_NAME`]: a two-ply greedy mover that
//! takes the most valuable piece it can and avoids the most valuable immediate loss. It is a
//! stand-in so that the page can be played, not the project's engine.

use gjjq::{Game, Move, Piece, PieceKind, Position, Square};
use serde::Serialize;

use crate::session::{Session, WebError};

/// The name the page shows for the stand-in engine.
pub const FALLBACK_NAME: &str = "fallback: greedy 2-ply (not gjjq-engine)";

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
/// empty for the default opening). `seed` varies the choice among equal moves.
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
    let game = session.game()?;
    // The Zobrist keys of every position so far, for an engine that sees repetitions (R-24).
    let best = choose_move(&game, game.keys(), seed);
    Ok(EngineReply {
        best_move: best.map(|m| m.to_string()),
        engine: FALLBACK_NAME.to_owned(),
    })
}

/// The engine call: the move to play in `game`, `None` once it is over. `history` holds the
/// Zobrist key of every position of the game, the current one last ([`Game::keys`]).
///
/// Wiring the baseline engine replaces the body with its search under a node or depth limit
/// (the worker has no clock to spare), along the lines of
/// `Engine::new(EngineConfig::default()).search(game.position(), history, limits).best_move`,
/// and [`FALLBACK_NAME`] with its name.
#[must_use]
pub fn choose_move(game: &Game, history: &[u64], seed: u32) -> Option<Move> {
    let _ = history;
    fallback_move(game.position(), &game.legal_moves(), seed)
}

/// What taking `p` standing on `at` is worth to the stand-in: the seed's values (R-7), the
/// king above everything.
fn value(p: Piece, at: Square) -> i32 {
    if p.kind == PieceKind::King {
        1000
    } else {
        i32::from(p.seed_value(at).unwrap_or(0))
    }
}

/// The value of the best capture available to the side to move in `pos`.
fn best_capture(pos: &Position) -> i32 {
    let mover = pos.turn();
    pos.legal_moves()
        .iter()
        .filter_map(|m| {
            pos.piece_at(m.to())
                .filter(|p| p.side != mover)
                .map(|p| value(p, m.to()))
        })
        .max()
        .unwrap_or(0)
}

/// The stand-in: for each move, what it takes minus the best the opponent can take back;
/// ties broken by a hash of the position, the move and `seed`.
fn fallback_move(pos: &Position, legal: &[Move], seed: u32) -> Option<Move> {
    let mover = pos.turn();
    let mut best: Option<(i32, u64, Move)> = None;
    for &m in legal {
        let gain = pos
            .piece_at(m.to())
            .filter(|p| p.side != mover)
            .map_or(0, |p| value(p, m.to()));
        let mut after = pos.clone();
        after.play_unchecked(m);
        let score = if gain >= 1000 {
            gain
        } else {
            gain - best_capture(&after)
        };
        let tie = mix(pos.zobrist_hash()
            ^ u64::from(seed)
            ^ ((m.from().index() * 90 + m.to().index()) as u64));
        if best.is_none_or(|(s, t, _)| (score, tie) > (s, t)) {
            best = Some((score, tie, m));
        }
    }
    best.map(|(_, _, m)| m)
}

/// splitmix64's finaliser: a well-spread tie-break.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_king_when_it_can_r21() {
        let reply = engine_reply("4k4/9/9/4P4/9/9/9/9/9/4K4 r - 0 1", "", 0).unwrap();
        assert_eq!(reply.best_move.as_deref(), Some("5b5e"));
        assert_eq!(reply.engine, FALLBACK_NAME);
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
