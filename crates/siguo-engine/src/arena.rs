//! Team matches in process (全明, 四暗, 雙明): paired games from random deployments, teams
//! swapped.
//!
//! Pair `i` draws four deployments uniformly (L-18, L-58) from a generator seeded by the match
//! seed and `i`. In its first game team 1 plays Red and Blue and team 2 Green and Yellow; in
//! its second, on the same four deployments, team 1 plays Green and Yellow. Red moves first in
//! both. Every seat has its own agent (two independent agents a team, sharing nothing), seeded
//! from the match seed, the game and the seat. A game still going after `max_plies` plies is
//! a draw; a seat whose agent gives no action or an illegal one loses the game for its team.
//! Each pair's points for team 1 are one sample of the pentanomial distribution; the interval
//! is [`Pentanomial::score_interval`], which counts the correlation inside a pair.
//!
//! Under 全明 each agent is given the true position ([`Agent`](crate::Agent)). Under 四暗 and
//! 雙明 the game is played through the referee ([`DarkGame`], L-63 … L-65) and each seat's agent
//! is asked with that seat's own information state ([`DarkAgent`], built by
//! [`AgentKind::build_dark`]): the determinized agent, the heuristic or the search on one
//! sampled world, the uniform mover.
//!
//! ```
//! use siguo_engine::arena::{ArenaConfig, TeamSpec, run_arena};
//! use siguo_engine::{AgentKind, Limits};
//! let config = ArenaConfig {
//!     team1: TeamSpec::new(AgentKind::Heuristic, Limits::default()),
//!     team2: TeamSpec::new(AgentKind::Random, Limits::default()),
//!     pairs: 1,
//!     max_plies: 200,
//!     ..ArenaConfig::default()
//! };
//! let r = run_arena(&config, |_| {})?;
//! assert_eq!(r.games.len(), 2);
//! assert!((0.0..=1.0).contains(&r.score()));
//! # Ok::<(), siguo::dark::DarkError>(())
//! ```

use std::fmt;

use junqi_game::stats::{Pentanomial, Tally};
use luzhanqi::deploy::Deployment;
use rand::SeedableRng;
use rand::rngs::StdRng;
use siguo::dark::{DarkError, DarkGame};
use siguo::{Outcome, Position, Rules, Seat, SiguoMode, Team};

use crate::{AgentKind, DarkAgent, DynAgent, Limits};

/// One team of a match: which agent plays its seats, within which limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamSpec {
    /// The agent of the team's seats (of its first seat, Red or Green, when `ally` is given).
    pub kind: AgentKind,
    /// Its limits for every action.
    pub limits: Limits,
    /// The agent of the team's second seat (Blue or Yellow) when it is not `kind`: a mixed
    /// team, e.g. the determinized agent beside a heuristic ally.
    pub ally: Option<AgentKind>,
}

impl TeamSpec {
    /// Both seats played by `kind` within `limits`.
    #[must_use]
    pub fn new(kind: AgentKind, limits: Limits) -> TeamSpec {
        TeamSpec {
            kind,
            limits,
            ally: None,
        }
    }

    /// The agent of `seat` (a seat of this team).
    #[must_use]
    pub fn kind_of(&self, seat: Seat) -> AgentKind {
        match self.ally {
            Some(k) if matches!(seat, Seat::Blue | Seat::Yellow) => k,
            _ => self.kind,
        }
    }
}

/// A match between team 1 and team 2.
#[derive(Debug, Clone, PartialEq)]
pub struct ArenaConfig {
    /// Team 1 (whose score is reported).
    pub team1: TeamSpec,
    /// Team 2.
    pub team2: TeamSpec,
    /// Pairs of games (two games each).
    pub pairs: u32,
    /// Seed of the deployments and of the agents.
    pub seed: u64,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// The rules of every game (their mode is replaced by `mode`).
    pub rules: Rules,
    /// The way of playing: 全明 (default), 四暗 or 雙明 (L-62 … L-64).
    pub mode: SiguoMode,
}

impl Default for ArenaConfig {
    /// Heuristic against random, 10 pairs, seed 1, 2,000 plies, standard rules in 全明.
    fn default() -> ArenaConfig {
        ArenaConfig {
            team1: TeamSpec::new(AgentKind::Heuristic, Limits::default()),
            team2: TeamSpec::new(AgentKind::Random, Limits::default()),
            pairs: 10,
            seed: 1,
            max_plies: 2_000,
            rules: Rules::STANDARD,
            mode: SiguoMode::Open,
        }
    }
}

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules (L-53, L-56).
    Rules(Outcome),
    /// The ply cap was reached: a draw.
    PlyCap,
    /// A seat's agent gave no action or an illegal one: its team loses.
    Forfeit(Seat),
}

impl GameEnd {
    /// The winning team, `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Team> {
        match self {
            GameEnd::Rules(Outcome::Win { team, .. }) => Some(*team),
            GameEnd::Rules(Outcome::Draw(_)) | GameEnd::PlyCap => None,
            GameEnd::Forfeit(seat) => Some(seat.team().other()),
        }
    }
}

impl fmt::Display for GameEnd {
    /// `red-blue flag-captured`, `draw no-combat-limit`, `draw ply-cap`,
    /// `green-yellow forfeit-r` (Red forfeited).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Rules(o) => o.fmt(f),
            GameEnd::PlyCap => f.write_str("draw ply-cap"),
            GameEnd::Forfeit(s) => write!(f, "{} forfeit-{}", s.team().other(), s.letter()),
        }
    }
}

/// One game of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// The game's number, from 1.
    pub game: u32,
    /// The pair it belongs to, from 1.
    pub pair: u32,
    /// The team team 1 played.
    pub team1: Team,
    /// How it ended.
    pub end: GameEnd,
    /// Plies played.
    pub plies: u32,
    /// Nodes searched by team 1's seats and by team 2's, in all.
    pub nodes: [u64; 2],
}

impl GameReport {
    /// Team 1's points: 1, ½ or 0.
    #[must_use]
    pub fn team1_points(&self) -> f64 {
        match self.end.winner() {
            Some(t) if t == self.team1 => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

impl fmt::Display for GameReport {
    /// `game 1 pair 1 team1 red-blue: red-blue flag-captured plies 212 points 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {} pair {} team1 {}: {} plies {} points {}",
            self.game,
            self.pair,
            self.team1,
            self.end,
            self.plies,
            self.team1_points()
        )
    }
}

/// The result of a match: every game, in order (two per pair, team 1 as Red–Blue first).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ArenaResult {
    /// The games.
    pub games: Vec<GameReport>,
}

impl ArenaResult {
    /// Team 1's wins, draws and losses.
    #[must_use]
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for g in &self.games {
            t.add(g.team1_points());
        }
        t
    }

    /// Team 1's score, the fraction of points (0.5 for no games).
    #[must_use]
    pub fn score(&self) -> f64 {
        self.tally().score()
    }

    /// The pairs by team 1's points in the pair.
    #[must_use]
    pub fn pairs(&self) -> Pentanomial {
        let mut p = Pentanomial::default();
        for pair in self.games.chunks(2) {
            let points = |i: usize| pair.get(i).map_or(0.5, GameReport::team1_points);
            p.add_pair(points(0), points(1));
        }
        p
    }

    /// The 95 % interval of team 1's score from the pair scores.
    #[must_use]
    pub fn confidence_95(&self) -> (f64, f64) {
        self.pairs().score_interval()
    }

    /// The final line: `score W/D/L 3/1/0 87.5% (95% interval 62.0%-100.0%)`.
    #[must_use]
    pub fn score_line(&self) -> String {
        let t = self.tally();
        let (lo, hi) = self.confidence_95();
        format!(
            "score W/D/L {}/{}/{} {:.1}% (95% interval {:.1}%-{:.1}%)",
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            100.0 * lo,
            100.0 * hi
        )
    }
}

/// SplitMix64 of `x`: independent seeds from the match seed and small numbers.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The four deployments (r, g, b, y) of pair `pair` (from 0) of a match seeded `seed`.
#[must_use]
pub fn pair_deployments(seed: u64, pair: u32) -> [Deployment; 4] {
    let mut rng = StdRng::seed_from_u64(mix(seed ^ mix(u64::from(pair))));
    std::array::from_fn(|_| Deployment::random(&mut rng))
}

/// Play one game from `start` to its end or the ply cap, each seat's action chosen by its
/// agent (by [`Seat::index`]) within its limits. Returns how it ended, the plies played and
/// the nodes each team's agents searched (Red–Blue, Green–Yellow).
pub fn play_game(
    start: &Position,
    agents: &mut [Box<DynAgent>; 4],
    limits: &[Limits; 4],
    max_plies: u32,
) -> (GameEnd, u32, [u64; 2]) {
    let mut pos = start.clone();
    let mut seen = siguo::Repetitions::new(&pos);
    let mut keys = vec![pos.zobrist()];
    let mut nodes = [0u64; 2];
    let mut plies = 0;
    loop {
        if let Some(o) = pos.outcome() {
            return (GameEnd::Rules(o), plies, nodes);
        }
        if plies >= max_plies {
            return (GameEnd::PlyCap, plies, nodes);
        }
        let seat = pos.turn();
        let i = seat.index();
        let history = &keys[..keys.len() - 1];
        let Ok(c) = agents[i].choose(&pos, history, &limits[i]) else {
            return (GameEnd::Forfeit(seat), plies, nodes);
        };
        nodes[i & 1] += c.nodes;
        if pos.play(c.action).is_err() {
            return (GameEnd::Forfeit(seat), plies, nodes);
        }
        seen.reached(&mut pos);
        keys.push(pos.zobrist());
        plies += 1;
    }
}

/// Play one dark game (四暗 or 雙明) from `start` through the referee, each seat's action
/// chosen by its agent (by [`Seat::index`]) from that seat's information state only. Returns
/// as [`play_game`].
///
/// # Errors
/// [`DarkError::FlagCapture`] when the rules cannot be played dark (L-63).
pub fn play_dark_game(
    start: &Position,
    agents: &mut [Box<dyn DarkAgent + Send>; 4],
    limits: &[Limits; 4],
    max_plies: u32,
) -> Result<(GameEnd, u32, [u64; 2]), DarkError> {
    let mut game = DarkGame::new(start.clone())?;
    let mut nodes = [0u64; 2];
    let mut plies = 0;
    loop {
        if let Some(o) = game.position().outcome() {
            return Ok((GameEnd::Rules(o), plies, nodes));
        }
        if plies >= max_plies {
            return Ok((GameEnd::PlyCap, plies, nodes));
        }
        let seat = game.position().turn();
        let i = seat.index();
        let state = game.info_state(seat);
        let Ok(c) = agents[i].choose_dark(&state, &limits[i]) else {
            return Ok((GameEnd::Forfeit(seat), plies, nodes));
        };
        nodes[i & 1] += c.nodes;
        if game.play(c.action).is_err() {
            return Ok((GameEnd::Forfeit(seat), plies, nodes));
        }
        plies += 1;
    }
}

/// Run a match, calling `on_game` after each game (for progress lines).
///
/// # Errors
/// [`DarkError::FlagCapture`] when `mode` is dark and the rules' `flag_capture` is not `any`
/// (L-63), before any game.
pub fn run_arena(
    config: &ArenaConfig,
    mut on_game: impl FnMut(&GameReport),
) -> Result<ArenaResult, DarkError> {
    let mut rules = config.rules;
    rules.mode.mode = config.mode;
    let dark = config.mode != SiguoMode::Open;
    if dark && rules.base.flag_capture != luzhanqi::FlagCapture::Any {
        return Err(DarkError::FlagCapture);
    }
    let mut result = ArenaResult::default();
    for pair in 0..config.pairs {
        let ds = pair_deployments(config.seed, pair);
        let start = siguo::deploy::opening([&ds[0], &ds[1], &ds[2], &ds[3]], Seat::Red, rules)
            .expect("uniform deployments are legal (L-18)");
        for (g, team1) in [Team::RedBlue, Team::GreenYellow].into_iter().enumerate() {
            let game = pair * 2 + g as u32;
            let spec = |seat: Seat| {
                if seat.team() == team1 {
                    &config.team1
                } else {
                    &config.team2
                }
            };
            let seed = |i: usize| mix(config.seed ^ mix(u64::from(game) << 2 | i as u64));
            let limits: [Limits; 4] =
                std::array::from_fn(|i| spec(Seat::from_index(i)).limits.clone());
            let (end, plies, nodes) = if dark {
                let mut agents: [Box<dyn DarkAgent + Send>; 4] = std::array::from_fn(|i| {
                    let s = Seat::from_index(i);
                    spec(s).kind_of(s).build_dark(seed(i))
                });
                play_dark_game(&start, &mut agents, &limits, config.max_plies)?
            } else {
                let mut agents: [Box<DynAgent>; 4] = std::array::from_fn(|i| {
                    let s = Seat::from_index(i);
                    spec(s).kind_of(s).build(seed(i))
                });
                play_game(&start, &mut agents, &limits, config.max_plies)
            };
            let t1 = usize::from(team1 == Team::GreenYellow);
            let report = GameReport {
                game: game + 1,
                pair: pair + 1,
                team1,
                end,
                plies,
                nodes: [nodes[t1], nodes[1 - t1]],
            };
            on_game(&report);
            result.games.push(report);
        }
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both games of a pair start from the same four deployments; the teams swap seats.
    #[test]
    fn a_pair_replays_its_deployments_with_teams_swapped() {
        let config = ArenaConfig {
            pairs: 2,
            max_plies: 40,
            ..ArenaConfig::default()
        };
        let r = run_arena(&config, |_| {}).unwrap();
        assert_eq!(r.games.len(), 4);
        assert_eq!(r.games[0].team1, Team::RedBlue);
        assert_eq!(r.games[1].team1, Team::GreenYellow);
        assert_eq!(r.games[1].pair, 1);
        assert_eq!(r.games[2].pair, 2);
        assert_eq!(pair_deployments(1, 0), pair_deployments(1, 0));
        assert_ne!(pair_deployments(1, 0), pair_deployments(1, 1));
        // A capped game is a draw for both.
        for g in &r.games {
            if g.end == GameEnd::PlyCap {
                assert_eq!(g.plies, 40);
                assert_eq!(g.team1_points(), 0.5);
            }
        }
        // The same seed, the same match.
        assert_eq!(run_arena(&config, |_| {}).unwrap(), r);
    }

    #[test]
    fn a_forfeit_loses_for_the_team() {
        let end = GameEnd::Forfeit(Seat::Green);
        assert_eq!(end.winner(), Some(Team::RedBlue));
        assert_eq!(end.to_string(), "red-blue forfeit-g");
    }
}
