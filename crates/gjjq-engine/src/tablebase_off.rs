//! Without endgame tables (`wasm32`: `gjjq-tablebase` maps files, a native-only feature): the
//! search asks and is told nothing, so it searches every position.

use gjjq_core::Position;

use crate::search::{Score, SearchResult};

/// No tables.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tables;

impl Tables {
    /// Never a score.
    #[allow(clippy::unused_self)]
    pub(crate) fn probe(&self, _pos: &Position) -> Option<Score> {
        None
    }

    /// Never an answer.
    #[allow(clippy::unused_self)]
    pub(crate) fn root(
        &self,
        _pos: &Position,
        _earlier: &dyn Fn(u64) -> u8,
        _multi_pv: u32,
    ) -> Option<SearchResult> {
        None
    }
}
