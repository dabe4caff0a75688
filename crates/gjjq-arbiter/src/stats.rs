//! Match statistics: W/D/L ([`Tally`]), game pairs ([`Pentanomial`]), Elo, LOS and the SPRT
//! ([`Sprt`]). They live in `junqi_game::stats`, the one home of match statistics for every
//! game; the arbiter re-exports them here.

pub use junqi_game::stats::{Pentanomial, Sprt, SprtDecision, SprtParseError, SprtStatus, Tally};
