//! What the agents' tests share: a match in process through the arbiter.

use gjjq_arbiter::local::{PairConfig, PairResult, Player, Table, luzhanqi_seats, run_pairs};

/// `pairs` pairs in process on `threads` threads, 1,000 plies at most a game, each pair's
/// tables made by `start` and A's and B's players by `agent(is_a, seed)` from the engine's
/// agent seeds (`luzhanqi_seats`).
pub fn paired<T: Table>(
    pairs: u32,
    seed: u64,
    threads: usize,
    start: impl Fn(u32) -> T + Sync,
    agent: impl Fn(bool, u64) -> Box<Player<'static, T::View, T::Action>> + Sync,
) -> PairResult<T::Outcome>
where
    T::Outcome: Send,
{
    let config = PairConfig {
        pairs,
        max_plies: 1_000,
        threads,
    };
    let seats = |pair, a_first| luzhanqi_seats(seed, pair, a_first, &agent);
    run_pairs(&config, start, seats, |_| {})
}
