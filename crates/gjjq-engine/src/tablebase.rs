//! Endgame tablebase probing (殘局, `gjjq-tablebase`): the feature `tablebase`.
//!
//! An [`Engine`](crate::Engine) given a [`Tablebase`] ([`Engine::set_tablebase`]) uses it in
//! two places:
//!
//! - **At the root**: when the root position is in the tables, the engine searches nothing and
//!   plays from [`Tablebase::best_moves`]: the fastest win, else a draw, else the slowest loss.
//!   The result (and its one `info` line) scores `win N` / `loss N` in plies to the end or
//!   `cp 0` for a draw, the protocol's convention.
//! - **In the search**: a node whose total unit count (pieces besides the two kings) is at
//!   most [`Tablebase::max_units`] is probed; a value ends the node with an exact score (the
//!   tables hold the distance to the end, so a tablebase win in `n` plies `ply` plies from the
//!   root scores as the search's own win in `ply + n`: faster wins rank higher, and every win
//!   ranks above every heuristic score), a draw scores 0. The units are counted first (one
//!   population count), so a node with more material costs nothing more.
//!
//! **One probe per search.** Both use a [`Prober`] built once per search
//! ([`Tablebase::prober`]), at the first node whose units the tables may hold (a search that
//! never gets there builds none): the ruleset is checked there once (every position of the
//! search holds the root's), the endings held are put in an array indexed by the material,
//! and a node costs a population count, a walk over its few pieces, an array lookup, the
//! index and one word. It gives exactly [`Tablebase::probe_dtm`]'s values, terminal positions
//! included without asking `Position::outcome` (their stored word is the rules' verdict), so
//! the search's scores, trees and node counts are those of the per-call probe; only the time
//! per node falls.
//!
//! **What the tables cover** is decided by the tables, which use the core's own rules: a
//! position with a pending return is resolved by a short search down to indexed
//! positions, the palace seal and facing kings are in the core's moves and
//! verdicts. Any [`TablebaseError`](gjjq_tablebase::TablebaseError) — another ruleset, a
//! missing or damaged table, more units — means "search normally".
//!
//! **Repetition .** The tables value a position by the rules' own ends and take no game
//! history into account. The engine checks repetition first: a node that repeats a position
//! of the search path, or occurs a third time in the game, is a draw whatever the tables say,
//! and at the root a move into a position that would occur a third time counts as a draw.
//! This loses nothing for the winner: along the fastest win the distance falls on each of its
//! moves, so the winner never repeats a position; and it lets a losing side take a draw by
//! repetition that the opponent's earlier moves offered.

use std::cell::OnceCell;
use std::sync::Arc;

use gjjq_core::Position;
use gjjq_tablebase::{Prober, Tablebase, Value};

use crate::{PvLine, Score, SearchResult};

/// The longest principal variation the root answer follows through the tables.
const ROOT_PV_PLIES: usize = 24;

/// The tables an engine probes, if any.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tables(pub(crate) Option<Arc<Tablebase>>);

impl Tables {
    /// The probe of one search: its [`Prober`] is built once, at the first node whose units
    /// the tables may hold (a search that never gets there builds none).
    pub(crate) fn for_search(&self) -> Probe<'_> {
        Probe {
            tables: self.0.as_deref(),
            prober: OnceCell::new(),
        }
    }
}

/// The tables as one search probes them ([`Tables::for_search`]).
#[derive(Debug)]
pub(crate) struct Probe<'a> {
    tables: Option<&'a Tablebase>,
    /// The search's prober, built for the ruleset of the first node that needs it (every
    /// position of a search holds the root's ruleset); `None` inside if the tables refuse it.
    prober: OnceCell<Option<Prober<'a>>>,
}

impl<'a> Probe<'a> {
    /// The prober, if the tables may hold `pos`: none without tables, with more units than
    /// they hold (one population count), or under a ruleset they refuse.
    fn prober(&self, pos: &Position) -> Option<&Prober<'a>> {
        let tb = self.tables?;
        if units(pos) > tb.max_units() {
            return None;
        }
        self.prober
            .get_or_init(|| tb.prober(pos.ruleset()).ok())
            .as_ref()
    }

    /// The score of `pos` by the tables, if they cover it: a win or loss in plies to the end
    /// from `pos`, `Cp(0)` for a draw. One population count when the position has more units
    /// than the tables; else [`Prober::probe_dtm`]: an array lookup on the material, the index
    /// and one word (the value `Tablebase::probe_dtm` gives, without its per-call checks and
    /// move generation).
    pub(crate) fn probe(&self, pos: &Position) -> Option<Score> {
        self.prober(pos)?.probe_dtm(pos).map(score)
    }

    /// The tables' answer at the root, if they cover `pos` and it has a legal move: the best
    /// move by the tables with a principal variation through them, and with `multi_pv` above 1
    /// the best `multi_pv` moves. `earlier` counts how often a key occurred in the game before
    /// the root: a move into a position that occurred twice already is a draw.
    pub(crate) fn root(
        &self,
        pos: &Position,
        earlier: &dyn Fn(u64) -> u8,
        multi_pv: u32,
    ) -> Option<SearchResult> {
        let prober = self.prober(pos)?;
        let mut moves = prober.best_moves(pos)?;
        let probes = moves.len() as u64;
        for (m, v) in &mut moves {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            if earlier(child.zobrist_hash()) >= 2 {
                *v = Value::Draw; // the third occurrence
            }
        }
        // A stable sort keeps the tables' order among equal values.
        moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        let &(best, value) = moves.first()?;
        let pv = principal_variation(prober, pos, best, value);
        let mut lines = Vec::new();
        if multi_pv > 1 {
            lines = moves
                .iter()
                .take(multi_pv as usize)
                .map(|&(m, v)| PvLine {
                    score: score(v),
                    pv: if m == best { pv.clone() } else { vec![m] },
                })
                .collect();
        }
        Some(SearchResult {
            best_move: Some(best),
            score: score(value),
            depth: 1,
            seldepth: pv.len() as u32,
            nodes: probes,
            pv,
            lines,
            hashfull: 0,
        })
    }
}

/// The line from `pos` starting with `first` (worth `value`) that follows the tables' best
/// move while the game goes on, at most [`ROOT_PV_PLIES`] plies.
fn principal_variation(
    prober: &Prober<'_>,
    pos: &Position,
    first: gjjq_core::Move,
    value: Value,
) -> Vec<gjjq_core::Move> {
    let mut pv = vec![first];
    if value == Value::Draw {
        return pv;
    }
    let mut p = pos.clone();
    p.play_unchecked(first);
    while pv.len() < ROOT_PV_PLIES {
        let Some(&(m, _)) = prober
            .best_moves(&p)
            .and_then(|v| v.first().copied())
            .as_ref()
        else {
            break;
        };
        pv.push(m);
        p.play_unchecked(m);
    }
    pv
}

/// Pieces besides the two kings (a position the tables hold has both kings; one without a
/// king is decided and valued by the rules).
fn units(pos: &Position) -> u32 {
    pos.occupied().count().saturating_sub(2)
}

/// A table value as a search score from the side to move's view.
fn score(v: Value) -> Score {
    match v {
        Value::Win(n) => Score::Win(u32::from(n)),
        Value::Loss(n) => Score::Loss(u32::from(n)),
        Value::Draw => Score::Cp(0),
    }
}
