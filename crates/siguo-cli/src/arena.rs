//! `siguo arena`: team matches in process (全明, 四暗, 雙明), played by the arbiter's in-process
//! mode (`gjjq_arbiter::local`, issue 49: no engine keeps a match runner of its own).
//!
//! Pair `i` draws four deployments uniformly (L-18, L-58, [`siguo_deployments`]). In its first
//! game team 1 plays Red and Blue (the even seats) and team 2 Green and Yellow; in its second,
//! on the same four deployments, team 1 plays Green and Yellow. Red moves first in both. Every
//! seat has its own agent (two independent agents a team, sharing nothing), seeded from the
//! match seed, the game and the seat ([`siguo_seat_seed`]). A game still going after
//! `max_plies` plies is a draw; a seat whose agent gives no action or an illegal one loses the
//! game for its team. Under 全明 each agent is given the true position ([`Open`]); under 四暗
//! and 雙明 the game is played through the referee ([`SiguoDark`]) and each seat's agent is
//! asked with that seat's own information state.

use gjjq_arbiter::local::{
    End, Open, PairConfig, PairGame, PairResult, Player, Reply, SiguoDark, agent_player, run_pairs,
    siguo_deployments, siguo_seat_seed,
};
use siguo::dark::{DarkGame, InfoState};
use siguo::{Action, DrawReason, Outcome, Position, Rules, Seat, SiguoMode, Team, WinReason};
use siguo_engine::{AgentKind, Choice, Limits};

/// One team of a match: which agent plays its seats, within which limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TeamSpec {
    /// The agent of the team's seats (of its first seat, Red or Green, when `ally` is given).
    pub(crate) kind: AgentKind,
    /// Its limits for every action.
    pub(crate) limits: Limits,
    /// The agent of the team's second seat (Blue or Yellow) when it is not `kind`: a mixed
    /// team, e.g. the determinized agent beside a heuristic ally.
    pub(crate) ally: Option<AgentKind>,
}

impl TeamSpec {
    /// The agent of `seat` (a seat of this team).
    fn kind_of(&self, seat: Seat) -> AgentKind {
        match self.ally {
            Some(k) if matches!(seat, Seat::Blue | Seat::Yellow) => k,
            _ => self.kind,
        }
    }
}

/// A match between team 1 and team 2.
#[derive(Debug, Clone)]
pub(crate) struct Arena {
    /// Team 1 (whose score is reported).
    pub(crate) team1: TeamSpec,
    /// Team 2.
    pub(crate) team2: TeamSpec,
    /// Pairs of games (two games each).
    pub(crate) pairs: u32,
    /// Seed of the deployments and of the agents.
    pub(crate) seed: u64,
    /// A game still going after this many plies is a draw.
    pub(crate) max_plies: u32,
    /// The rules of every game (their mode is replaced by `mode`).
    pub(crate) rules: Rules,
    /// The way of playing.
    pub(crate) mode: SiguoMode,
}

impl Arena {
    /// The spec of the team holding `seat` in a game where team 1 holds the even seats when
    /// `team1_first`.
    fn spec(&self, seat: Seat, team1_first: bool) -> &TeamSpec {
        if (seat.team() == Team::RedBlue) == team1_first {
            &self.team1
        } else {
            &self.team2
        }
    }

    /// The seat players of game `game` (from 0): each seat's agent, seeded for the seat,
    /// wrapped by `seat_player`.
    fn seats<V: ?Sized>(
        &self,
        pair: u32,
        team1_first: bool,
        seat_player: impl Fn(AgentKind, u64, Limits) -> Box<Player<'static, V, Action>>,
    ) -> Vec<Box<Player<'static, V, Action>>> {
        let game = pair * 2 + u32::from(!team1_first);
        Seat::ALL
            .iter()
            .map(|&seat| {
                let spec = self.spec(seat, team1_first);
                let seed = siguo_seat_seed(self.seed, game, seat.index());
                seat_player(spec.kind_of(seat), seed, spec.limits.clone())
            })
            .collect()
    }
}

/// A player of the true position (全明).
fn open_player(
    kind: AgentKind,
    seed: u64,
    limits: Limits,
) -> Box<Player<'static, Position, Action>> {
    agent_player(kind.build(seed), limits, reply)
}

/// A player of its seat's information state (四暗, 雙明).
fn dark_player(
    kind: AgentKind,
    seed: u64,
    limits: Limits,
) -> Box<Player<'static, InfoState, Action>> {
    let mut agent = kind.build_dark(seed);
    Box::new(move |state: &InfoState, _: &[u64]| {
        agent.choose_dark(state, &limits).ok().map(|c| reply(&c))
    })
}

/// An agent's choice as the arbiter takes it.
fn reply(c: &Choice) -> Reply<Action> {
    Reply {
        action: c.action,
        nodes: c.nodes,
    }
}

/// 四國's outcome of the shared model's (the open table's).
fn siguo_outcome(o: junqi_game::Outcome<WinReason, DrawReason>) -> Outcome {
    match o {
        junqi_game::Outcome::Decisive { winner, reason } => Outcome::Win {
            team: Team::ALL[winner.index() % 2],
            reason,
        },
        junqi_game::Outcome::Draw { reason } => Outcome::Draw(reason),
    }
}

/// A game's line: `game 1 pair 1 team1 red-blue: red-blue flag-captured plies 212 points 1`
/// (the result word is the `outcome` command's, or `draw ply-cap`, or `<winning team>
/// forfeit-<seat letter>`), the rules' end written by `outcome`.
fn game_line<O>(g: &PairGame<O>, outcome: impl Fn(&O) -> Outcome) -> String {
    let end = match &g.end {
        End::Rules(o) => outcome(o).to_string(),
        End::PlyLimit | End::NoChance => "draw ply-cap".to_string(),
        End::Forfeit(seat) => {
            let seat = Seat::ALL[seat.index() % 4];
            format!("{} forfeit-{}", seat.team().other(), seat.letter())
        }
    };
    let team1 = if g.a_first {
        Team::RedBlue
    } else {
        Team::GreenYellow
    };
    format!(
        "game {} pair {} team1 {team1}: {end} plies {} points {}",
        g.pair * 2 + u32::from(!g.a_first) + 1,
        g.pair + 1,
        g.plies,
        g.a_points
    )
}

/// The final line: `score W/D/L 3/1/0 87.5% (95% interval 62.0%-100.0%)`.
fn score_line<O>(r: &PairResult<O>) -> String {
    let t = r.tally();
    let (lo, hi) = r.pairs().score_interval();
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

/// Play the match, one game after another, calling `on_line` with each game's line as its
/// pair ends; the score line is returned.
///
/// # Errors
/// The dark referee's refusal when `mode` is dark and the rules' `flag_capture` is not `any`
/// (L-63), and a start the rules refuse, both before any game.
pub(crate) fn run(arena: &Arena, mut on_line: impl FnMut(&str)) -> Result<String, String> {
    let mut rules = arena.rules;
    rules.mode.mode = arena.mode;
    let start = |pair: u32| {
        let ds = siguo_deployments(arena.seed, pair);
        siguo::deploy::opening([&ds[0], &ds[1], &ds[2], &ds[3]], Seat::Red, rules)
    };
    // The first start is checked before the match: what the rules refuse they refuse of every
    // start (uniform deployments are legal, L-18), so a refusal stops the match before any
    // game and the later starts cannot fail.
    let first = start(0).map_err(|e| e.to_string())?;
    let start = |pair: u32| start(pair).expect("the rules took the first start (L-18)");
    let config = PairConfig {
        pairs: arena.pairs,
        max_plies: arena.max_plies,
        threads: 1,
    };
    let score = if arena.mode == SiguoMode::Open {
        let r = run_pairs(
            &config,
            |pair| Open::new(start(pair)),
            |p, first| arena.seats(p, first, open_player),
            |pair| {
                for g in pair {
                    on_line(&game_line(g, |&o| siguo_outcome(o)));
                }
            },
        );
        score_line(&r)
    } else {
        DarkGame::new(first).map_err(|e| format!("--mode: {e}"))?;
        let dark = |pair: u32| {
            SiguoDark(DarkGame::new(start(pair)).expect("the referee took the first start (L-63)"))
        };
        let r = run_pairs(
            &config,
            dark,
            |p, first| arena.seats(p, first, dark_player),
            |pair| {
                for g in pair {
                    on_line(&game_line(g, |&o| o));
                }
            },
        );
        score_line(&r)
    };
    Ok(score)
}
