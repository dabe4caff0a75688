//! Flip matches in process: paired games from shuffled starts, the players swapped.
//!
//! Pair `i` shuffles the 50 pieces onto the 50 non-camp points ([`FlipDeal::random`], from a
//! generator seeded by the match seed and `i`): the brief's uniform shuffle (L-32), fixed in
//! advance so that both games of the pair flip the same pieces on the same points. Agent A
//! acts first in the first game and second in the other. The agents never see the deal: for
//! them a flip is chance ([`FlipPosition::chance_outcomes`]); the referee reveals the dealt
//! piece. Since the colours are settled by the flips, [`GameReport::a_red`] says whether A
//! ended up playing Red (or, in a game ended before any colour was settled, whether A acted
//! first). The statistics are [`MatchResult`]'s.
//!
//! ```
//! use luzhanqi::ModeRules;
//! use luzhanqi_engine::flip::matches::run_flip_match;
//! use luzhanqi_engine::matches::{AgentSpec, MatchConfig};
//! use luzhanqi_engine::{AgentKind, Limits};
//! let config = MatchConfig {
//!     a: AgentSpec { kind: AgentKind::Heuristic, limits: Limits::default() },
//!     b: AgentSpec { kind: AgentKind::Random, limits: Limits::default() },
//!     pairs: 1,
//!     rules: ModeRules::FLIP.default_ruleset(),
//!     ..MatchConfig::default()
//! };
//! let r = run_flip_match(&config, &ModeRules::FLIP, |_| {});
//! assert_eq!(r.games(), 2);
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use luzhanqi::flip::{FlipGame, FlipPly, FlipPosition, Player};
use luzhanqi::{ModeRules, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::FlipChoice;
use crate::matches::{GameEnd, GameReport, MatchConfig, MatchResult};
use crate::{Agent, AgentError, Limits};

/// The pieces under the face-down points (the referee's, never the agents'): the rules
/// crate's, re-exported here where the matches use it.
pub use luzhanqi::flip::FlipDeal;

/// The deal of pair `pair` of a match seeded `seed`.
#[must_use]
pub fn pair_deal(seed: u64, pair: u32) -> FlipDeal {
    let mut rng =
        StdRng::seed_from_u64(seed ^ u64::from(pair).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xf11b);
    FlipDeal::random(&mut rng)
}

/// A flip game played by [`play_flip_game`].
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedFlipGame {
    /// How it ended (a forfeit names the forfeiting player's colour; before the colours were
    /// settled, Red for the first player).
    pub end: GameEnd,
    /// The colour the first player played (`None` if never settled).
    pub first_colour: Option<Side>,
    /// Nodes searched by the first and by the second player, in all.
    pub nodes: [u64; 2],
    /// The plies, each with the piece it revealed.
    pub plies: Vec<FlipPly>,
}

/// Play one game from `start` with the face-down pieces of `deal`, `first` acting first; a
/// game going past `max_plies` is a draw; an agent that answers with an illegal action or
/// none forfeits. A deal that does not fit `start` (a dealt piece not among the unseen) ends
/// the game as a draw at once with the plies so far.
pub fn play_flip_game(
    start: FlipPosition,
    deal: &FlipDeal,
    first: (
        &mut dyn Agent<FlipPosition, FlipChoice, AgentError>,
        &Limits,
    ),
    second: (
        &mut dyn Agent<FlipPosition, FlipChoice, AgentError>,
        &Limits,
    ),
    max_plies: u32,
) -> PlayedFlipGame {
    let mut game = FlipGame::new(start);
    let mut keys = vec![game.position().zobrist_hash()];
    let mut nodes = [0u64; 2];
    let (a1, l1) = first;
    let (a2, l2) = second;
    let finish = |game: &FlipGame, end: GameEnd, nodes: [u64; 2]| PlayedFlipGame {
        end,
        first_colour: game.position().colour_of(Player::First),
        nodes,
        plies: game.plies().to_vec(),
    };
    loop {
        if let Some(o) = game.outcome() {
            return finish(&game, GameEnd::Rules(o), nodes);
        }
        if game.plies().len() >= max_plies as usize {
            return finish(&game, GameEnd::PlyLimit, nodes);
        }
        let pos = game.position().clone();
        let player = pos.player_to_act();
        let side = pos.side_to_act().unwrap_or(match player {
            Player::First => Side::Red,
            Player::Second => Side::Blue,
        });
        let (agent, limits): (
            &mut dyn Agent<FlipPosition, FlipChoice, AgentError>,
            &Limits,
        ) = match player {
            Player::First => (&mut *a1, l1),
            Player::Second => (&mut *a2, l2),
        };
        let history = &keys[..keys.len() - 1];
        let Ok(choice) = agent.choose(&pos, history, limits) else {
            return finish(&game, GameEnd::Forfeit(side), nodes);
        };
        nodes[player.index()] += choice.nodes;
        if !pos.is_legal(choice.action) {
            return finish(&game, GameEnd::Forfeit(side), nodes);
        }
        let revealed = deal.reveal(&pos, choice.action);
        if game.play(choice.action, revealed).is_err() {
            return finish(&game, GameEnd::PlyLimit, nodes);
        }
        keys.push(game.position().zobrist_hash());
    }
}

/// Play pair `pair` of a flip match under `mode`'s options and `config.rules` (for 翻棋's
/// defaults, `ModeRules::FLIP.default_ruleset()`): two games on the same deal, A first in
/// the first.
#[must_use]
pub fn play_flip_pair(config: &MatchConfig, mode: &ModeRules, pair: u32) -> [GameReport; 2] {
    let deal = pair_deal(config.seed, pair);
    let start = FlipPosition::start_with(*mode, config.rules);
    let agent_seed = config
        .seed
        .wrapping_mul(31)
        .wrapping_add(u64::from(pair) * 2);
    [true, false].map(|a_first| {
        let mut a = config.a.kind.build_flip(agent_seed);
        let mut b = config.b.kind.build_flip(agent_seed + 1);
        let g = if a_first {
            play_flip_game(
                start.clone(),
                &deal,
                (a.as_mut(), &config.a.limits),
                (b.as_mut(), &config.b.limits),
                config.max_plies,
            )
        } else {
            play_flip_game(
                start.clone(),
                &deal,
                (b.as_mut(), &config.b.limits),
                (a.as_mut(), &config.a.limits),
                config.max_plies,
            )
        };
        let first_red = g.first_colour.is_none_or(|c| c == Side::Red);
        GameReport {
            pair,
            a_red: a_first == first_red,
            end: g.end,
            plies: g.plies.len() as u32,
            nodes: if a_first {
                g.nodes
            } else {
                [g.nodes[1], g.nodes[0]]
            },
        }
    })
}

/// Play a flip match on `config.threads` threads, calling `progress` after each pair. The
/// result holds the games in pair order (A first, then B first), the same for any number of
/// threads as long as no time limit is set.
pub fn run_flip_match(
    config: &MatchConfig,
    mode: &ModeRules,
    progress: impl Fn(&[GameReport; 2]) + Sync,
) -> MatchResult {
    let next = AtomicU32::new(0);
    let done: Mutex<Vec<GameReport>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..config.threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.pairs {
                        break;
                    }
                    let pair = play_flip_pair(config, mode, i);
                    progress(&pair);
                    done.lock().expect("no thread panicked").extend(pair);
                }
            });
        }
    });
    let mut games = done.into_inner().expect("no thread panicked");
    // Within a pair the game with A first comes first.
    games.sort_by_key(|g| g.pair);
    MatchResult { games }
}
