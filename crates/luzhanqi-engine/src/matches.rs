//! Matches in process: paired games from random deployment pairs, colours swapped, scored with
//! a confidence interval.
//!
//! Pair `i` draws two deployments uniformly (L-18) from a generator seeded by the match seed
//! and `i`; agent A plays Red with the first against B with the second, then B plays Red with
//! the first against A with the second (Red moves first). Each pair's score for A (0, ½, 1,
//! 1½ or 2 points) is one sample of the pentanomial distribution; the interval is the normal
//! one over the pair scores, which counts the correlation inside a pair.
//!
//! ```
//! use luzhanqi_engine::matches::{AgentSpec, MatchConfig, run_match};
//! use luzhanqi_engine::{AgentKind, Limits};
//! let config = MatchConfig {
//!     a: AgentSpec { kind: AgentKind::Heuristic, limits: Limits::default() },
//!     b: AgentSpec { kind: AgentKind::Random, limits: Limits::default() },
//!     pairs: 2,
//!     ..MatchConfig::default()
//! };
//! let r = run_match(&config, |_| {});
//! assert_eq!(r.games(), 4);
//! assert!(r.score() >= 0.0 && r.score() <= 1.0);
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use junqi_game::stats::{Pentanomial, Tally};
use luzhanqi::deploy::{Deployment, opening};
use luzhanqi::{Game, Move, Outcome, Position, Ruleset, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;

use luzhanqi::dark::{DarkGame, DarkRules, InfoState};

use crate::dark::{DarkAgentError, DarkAgentKind};
use crate::{Agent, AgentError, AgentKind, Choice, Limits};

/// One player of a match: which agent, thinking within which limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentSpec {
    /// The agent.
    pub kind: AgentKind,
    /// Its limits for every move.
    pub limits: Limits,
}

/// A match between agents A and B.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchConfig {
    /// Agent A (whose score is reported).
    pub a: AgentSpec,
    /// Agent B.
    pub b: AgentSpec,
    /// Number of pairs of games.
    pub pairs: u32,
    /// Seed of the deployments and of the agents (pair `i`'s agents are seeded from it and `i`).
    pub seed: u64,
    /// A game still going after this many plies is adjudicated a draw.
    pub max_plies: u32,
    /// The rules of every game.
    pub rules: Ruleset,
    /// Threads playing pairs at once (at least 1).
    pub threads: usize,
}

impl Default for MatchConfig {
    /// Search against random at depth 2, 10 pairs, seed 1, 1,000 plies, standard rules, one
    /// thread.
    fn default() -> MatchConfig {
        MatchConfig {
            a: AgentSpec {
                kind: AgentKind::Search,
                limits: Limits::depth(2),
            },
            b: AgentSpec {
                kind: AgentKind::Random,
                limits: Limits::default(),
            },
            pairs: 10,
            seed: 1,
            max_plies: 1_000,
            rules: Ruleset::STANDARD,
            threads: 1,
        }
    }
}

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules (L-13 … L-16).
    Rules(Outcome),
    /// The ply limit was reached: a draw.
    PlyLimit,
    /// A side gave an illegal move or none: it loses.
    Forfeit(Side),
}

impl GameEnd {
    /// The winner, `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        match self {
            GameEnd::Rules(o) => o.winner(),
            GameEnd::PlyLimit => None,
            GameEnd::Forfeit(loser) => Some(loser.other()),
        }
    }
}

/// One game of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// The pair it belongs to.
    pub pair: u32,
    /// Whether agent A played Red.
    pub a_red: bool,
    /// How it ended.
    pub end: GameEnd,
    /// Plies played.
    pub plies: u32,
    /// Nodes searched by A and by B, in all.
    pub nodes: [u64; 2],
}

impl GameReport {
    /// A's points: 1, ½ or 0.
    #[must_use]
    pub fn a_points(&self) -> f64 {
        let a_side = if self.a_red { Side::Red } else { Side::Blue };
        match self.end.winner() {
            Some(w) if w == a_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// The result of a match: every game, in pair order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MatchResult {
    /// The games, two per pair, A as Red first.
    pub games: Vec<GameReport>,
}

impl MatchResult {
    /// Number of games.
    #[must_use]
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// A's wins, draws and losses.
    #[must_use]
    pub fn wdl(&self) -> (u32, u32, u32) {
        let t = self.tally();
        (t.wins, t.draws, t.losses)
    }

    /// A's wins, draws and losses as the shared statistics count them (Elo, LOS, SPRT).
    #[must_use]
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for g in &self.games {
            t.add(g.a_points());
        }
        t
    }

    /// A's score, the fraction of points (0 for no games).
    #[must_use]
    pub fn score(&self) -> f64 {
        if self.games.is_empty() {
            return 0.0;
        }
        self.games.iter().map(GameReport::a_points).sum::<f64>() / self.games.len() as f64
    }

    /// The five pentanomial counts: pairs where A scored 0, ½, 1, 1½, 2.
    #[must_use]
    pub fn pentanomial(&self) -> [u32; 5] {
        self.pairs().counts
    }

    /// The pairs by A's points in the pair, for the shared statistics (Elo, LOS, SPRT).
    #[must_use]
    pub fn pairs(&self) -> Pentanomial {
        let mut p = Pentanomial::default();
        for pair in self.games.chunks(2) {
            let points = |i: usize| pair.get(i).map_or(0.0, GameReport::a_points);
            p.add_pair(points(0), points(1));
        }
        p
    }

    /// The 95 % confidence interval of A's score from the pair scores
    /// ([`Pentanomial::score_interval`]; `(score, score)` with fewer than two pairs).
    #[must_use]
    pub fn confidence_95(&self) -> (f64, f64) {
        self.pairs().score_interval()
    }
}

/// A game played by [`play_game`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedGame {
    /// How it ended.
    pub end: GameEnd,
    /// Plies played.
    pub plies: u32,
    /// Nodes searched by Red and by Blue, in all.
    pub nodes: [u64; 2],
    /// The moves.
    pub moves: Vec<Move>,
}

/// Play one game from `start` between `red` and `blue`, each within its limits; a game going
/// past `max_plies` is a draw. An agent that answers with an illegal move or none forfeits.
pub fn play_game(
    start: Position,
    red: (&mut dyn Agent<Position, Choice, AgentError>, &Limits),
    blue: (&mut dyn Agent<Position, Choice, AgentError>, &Limits),
    max_plies: u32,
) -> PlayedGame {
    let mut game = Game::new(start);
    let mut keys = vec![game.position().zobrist_hash()];
    let mut nodes = [0u64; 2];
    let (red_agent, red_limits) = red;
    let (blue_agent, blue_limits) = blue;
    let mut plies = 0;
    loop {
        if let Some(o) = game.outcome() {
            return PlayedGame {
                end: GameEnd::Rules(o),
                plies,
                nodes,
                moves: game.moves().to_vec(),
            };
        }
        if plies >= max_plies {
            return PlayedGame {
                end: GameEnd::PlyLimit,
                plies,
                nodes,
                moves: game.moves().to_vec(),
            };
        }
        let pos = game.position().clone();
        let side = pos.turn();
        let (agent, limits): (&mut dyn Agent<Position, Choice, AgentError>, &Limits) = match side {
            Side::Red => (&mut *red_agent, red_limits),
            Side::Blue => (&mut *blue_agent, blue_limits),
        };
        let history = &keys[..keys.len() - 1];
        let choice = match agent.choose(&pos, history, limits) {
            Ok(c) => c,
            Err(_) => {
                return PlayedGame {
                    end: GameEnd::Forfeit(side),
                    plies,
                    nodes,
                    moves: game.moves().to_vec(),
                };
            }
        };
        nodes[side.index()] += choice.nodes;
        if game.play(choice.mv).is_err() {
            return PlayedGame {
                end: GameEnd::Forfeit(side),
                plies,
                nodes,
                moves: game.moves().to_vec(),
            };
        }
        keys.push(game.position().zobrist_hash());
        plies += 1;
    }
}

/// The two deployments of pair `pair` of a match seeded `seed`.
#[must_use]
pub fn pair_deployments(seed: u64, pair: u32) -> (Deployment, Deployment) {
    let mut rng = StdRng::seed_from_u64(seed ^ u64::from(pair).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    (Deployment::random(&mut rng), Deployment::random(&mut rng))
}

/// Play pair `pair` of the match: two games, A as Red first.
#[must_use]
pub fn play_pair(config: &MatchConfig, pair: u32) -> [GameReport; 2] {
    let (d1, d2) = pair_deployments(config.seed, pair);
    let start = opening(&d1, &d2, Side::Red, config.rules).expect("random deployments are legal");
    let agent_seed = config
        .seed
        .wrapping_mul(31)
        .wrapping_add(u64::from(pair) * 2);
    let mut out = Vec::with_capacity(2);
    for a_red in [true, false] {
        let mut a = config.a.kind.build(agent_seed);
        let mut b = config.b.kind.build(agent_seed + 1);
        let g = if a_red {
            play_game(
                start.clone(),
                (a.as_mut(), &config.a.limits),
                (b.as_mut(), &config.b.limits),
                config.max_plies,
            )
        } else {
            play_game(
                start.clone(),
                (b.as_mut(), &config.b.limits),
                (a.as_mut(), &config.a.limits),
                config.max_plies,
            )
        };
        let nodes = if a_red {
            g.nodes
        } else {
            [g.nodes[1], g.nodes[0]]
        };
        out.push(GameReport {
            pair,
            a_red,
            end: g.end,
            plies: g.plies,
            nodes,
        });
    }
    [out[0].clone(), out[1].clone()]
}

/// Play the match on `config.threads` threads, calling `progress` after each pair (in the
/// order pairs finish). The result holds the games in pair order, the same for any number of
/// threads as long as no time limit is set.
pub fn run_match(config: &MatchConfig, progress: impl Fn(&[GameReport; 2]) + Sync) -> MatchResult {
    run_pairs(
        config.pairs,
        config.threads,
        |i| play_pair(config, i),
        progress,
    )
}

/// Play pairs `0 .. pairs` with `play` on `threads` threads, the games in pair order.
fn run_pairs(
    pairs: u32,
    threads: usize,
    play: impl Fn(u32) -> [GameReport; 2] + Sync,
    progress: impl Fn(&[GameReport; 2]) + Sync,
) -> MatchResult {
    let next = AtomicU32::new(0);
    let done: Mutex<Vec<GameReport>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= pairs {
                        break;
                    }
                    let pair = play(i);
                    progress(&pair);
                    done.lock().expect("no thread panicked").extend(pair);
                }
            });
        }
    });
    let mut games = done.into_inner().expect("no thread panicked");
    games.sort_by_key(|g| (g.pair, !g.a_red));
    MatchResult { games }
}

/// One player of a dark match: which dark agent, thinking within which limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DarkAgentSpec {
    /// The agent.
    pub kind: DarkAgentKind,
    /// Its limits for every move.
    pub limits: Limits,
}

/// A dark match (暗棋, L-31) between dark agents A and B: the same pairs as [`MatchConfig`]'s
/// (pair `i`'s deployments are [`pair_deployments`]`(seed, i)`), each game refereed by a
/// [`DarkGame`] that gives each agent only its own [`InfoState`].
///
/// ```
/// use luzhanqi_engine::dark::DarkAgentKind;
/// use luzhanqi_engine::matches::{DarkAgentSpec, DarkMatchConfig, run_dark_match};
/// use luzhanqi_engine::Limits;
/// let config = DarkMatchConfig {
///     a: DarkAgentSpec { kind: DarkAgentKind::Heuristic, limits: Limits::default() },
///     b: DarkAgentSpec { kind: DarkAgentKind::Random, limits: Limits::default() },
///     pairs: 1,
///     ..DarkMatchConfig::default()
/// };
/// let r = run_dark_match(&config, |_| {});
/// assert_eq!(r.games(), 2);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct DarkMatchConfig {
    /// Agent A (whose score is reported).
    pub a: DarkAgentSpec,
    /// Agent B.
    pub b: DarkAgentSpec,
    /// Number of pairs of games.
    pub pairs: u32,
    /// Seed of the deployments and of the agents.
    pub seed: u64,
    /// A game still going after this many plies is adjudicated a draw.
    pub max_plies: u32,
    /// The rules of every game (`flag_capture` must be `any`).
    pub rules: DarkRules,
    /// Threads playing pairs at once (at least 1).
    pub threads: usize,
}

impl Default for DarkMatchConfig {
    /// ISMCTS at 8,000 nodes against the heuristic, 10 pairs, seed 1, 1,000 plies, the
    /// standard dark rules, one thread.
    fn default() -> DarkMatchConfig {
        DarkMatchConfig {
            a: DarkAgentSpec {
                kind: DarkAgentKind::Ismcts,
                limits: Limits::nodes(8_000),
            },
            b: DarkAgentSpec {
                kind: DarkAgentKind::Heuristic,
                limits: Limits::default(),
            },
            pairs: 10,
            seed: 1,
            max_plies: 1_000,
            rules: DarkRules::STANDARD,
            threads: 1,
        }
    }
}

/// Play one dark game between `red` and `blue`, each within its limits and told only its own
/// information state by the referee `game`; a game going past `max_plies` is a draw; an agent
/// that answers with an illegal move or none forfeits.
pub fn play_dark_game(
    mut game: DarkGame,
    red: (&mut dyn Agent<InfoState, Choice, DarkAgentError>, &Limits),
    blue: (&mut dyn Agent<InfoState, Choice, DarkAgentError>, &Limits),
    max_plies: u32,
) -> PlayedGame {
    let mut nodes = [0u64; 2];
    let (red_agent, red_limits) = red;
    let (blue_agent, blue_limits) = blue;
    let mut plies = 0;
    let end = loop {
        if let Some(o) = game.outcome() {
            break GameEnd::Rules(o);
        }
        if plies >= max_plies {
            break GameEnd::PlyLimit;
        }
        let side = game.turn();
        let (agent, limits): (&mut dyn Agent<InfoState, Choice, DarkAgentError>, &Limits) =
            match side {
                Side::Red => (&mut *red_agent, red_limits),
                Side::Blue => (&mut *blue_agent, blue_limits),
            };
        let Ok(choice) = agent.choose(game.info_state(side), &[], limits) else {
            break GameEnd::Forfeit(side);
        };
        nodes[side.index()] += choice.nodes;
        if game.play(choice.mv).is_err() {
            break GameEnd::Forfeit(side);
        }
        plies += 1;
    };
    PlayedGame {
        end,
        plies,
        nodes,
        moves: game.game().moves().to_vec(),
    }
}

/// Play pair `pair` of the dark match: two games, A as Red first.
///
/// # Panics
/// When `config.rules` has `flag_capture` `after_mines`, which 暗棋 does not take.
#[must_use]
pub fn play_dark_pair(config: &DarkMatchConfig, pair: u32) -> [GameReport; 2] {
    let (d1, d2) = pair_deployments(config.seed, pair);
    let agent_seed = config
        .seed
        .wrapping_mul(31)
        .wrapping_add(u64::from(pair) * 2);
    [true, false].map(|a_red| {
        let game = DarkGame::new(&d1, &d2, Side::Red, config.rules)
            .expect("random deployments are legal and 暗棋 takes flag_capture any");
        let mut a = config.a.kind.build(agent_seed);
        let mut b = config.b.kind.build(agent_seed + 1);
        let (a, b): (
            &mut dyn Agent<InfoState, Choice, DarkAgentError>,
            &mut dyn Agent<InfoState, Choice, DarkAgentError>,
        ) = (a.as_mut(), b.as_mut());
        let (red, blue) = if a_red {
            ((a, &config.a.limits), (b, &config.b.limits))
        } else {
            ((b, &config.b.limits), (a, &config.a.limits))
        };
        let g = play_dark_game(game, red, blue, config.max_plies);
        GameReport {
            pair,
            a_red,
            end: g.end,
            plies: g.plies,
            nodes: if a_red {
                g.nodes
            } else {
                [g.nodes[1], g.nodes[0]]
            },
        }
    })
}

/// Play the dark match on `config.threads` threads, calling `progress` after each pair. The
/// result is the same for any number of threads as long as no time limit is set.
///
/// # Panics
/// As [`play_dark_pair`].
pub fn run_dark_match(
    config: &DarkMatchConfig,
    progress: impl Fn(&[GameReport; 2]) + Sync,
) -> MatchResult {
    run_pairs(
        config.pairs,
        config.threads,
        |i| play_dark_pair(config, i),
        progress,
    )
}
