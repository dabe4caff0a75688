//! The guarded deployment policy measured against uniform deployments in paired dark games
//! under the competition's rules (the no-combat limit of 31 lost by the side completing it):
//! in each pair the same agents play twice, colours swapped, one side deploying by the policy
//! and the other uniformly. The measurement is ignored by default (it plays hundreds of
//! games); `cargo test --release -p luzhanqi-engine --test deploy_policy -- --ignored
//! --nocapture` prints it. The short test checks the harness.

use gjjq_arbiter::local::{End, LuzhanqiDark, Player, Reply, agent_player, play_game};
use luzhanqi::dark::{DarkGame, DarkRules, InfoState};
use luzhanqi::rand::SeedableRng;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::{Move, Side};
use luzhanqi_engine::ccgc::{competition_agent_config, competition_rules, competition_winner};
use luzhanqi_engine::dark::{DarkHeuristicAgent, DynDarkAgent, IsmctsAgent};
use luzhanqi_engine::deploy_policy::DeploymentPolicy;
use luzhanqi_engine::{Choice, Limits};

/// Wins, draws and losses of the policy's side over `pairs` pairs.
fn paired(pairs: u64, make: &dyn Fn(u64) -> Box<DynDarkAgent>, limits: &Limits) -> (u32, u32, u32) {
    let rules = DarkRules {
        rules: competition_rules(31),
        marshal_reveals_flag: true,
    };
    let (mut w, mut d, mut l) = (0, 0, 0);
    for pair in 0..pairs {
        let mut rng = StdRng::seed_from_u64(1000 + pair);
        let guarded = DeploymentPolicy::Guarded.choose(&mut rng);
        let uniform = DeploymentPolicy::Uniform.choose(&mut rng);
        for policy_red in [true, false] {
            let (red, blue) = if policy_red {
                (guarded, uniform)
            } else {
                (uniform, guarded)
            };
            let game = LuzhanqiDark(DarkGame::new(&red, &blue, Side::Red, rules).unwrap());
            let mut seats = [
                seat(make(pair * 2), limits),
                seat(make(pair * 2 + 1), limits),
            ];
            let g = play_game(game, &mut seats, 1000);
            let to_move = g.table.0.turn();
            let winner = match g.end {
                End::Rules(o) => competition_winner(o, to_move),
                End::Forfeit(seat) => Some(Side::ALL[seat.index()].other()),
                End::PlyLimit | End::NoChance => None,
            };
            let policy_side = if policy_red { Side::Red } else { Side::Blue };
            match winner {
                Some(s) if s == policy_side => w += 1,
                Some(_) => l += 1,
                None => d += 1,
            }
        }
    }
    (w, d, l)
}

/// A seat played by `agent` within `limits`.
fn seat(agent: Box<DynDarkAgent>, limits: &Limits) -> Box<Player<'static, InfoState, Move>> {
    let reply = |c: &Choice| Reply {
        action: c.mv,
        nodes: c.nodes,
    };
    agent_player(agent, limits.clone(), reply)
}

fn heuristic(seed: u64) -> Box<DynDarkAgent> {
    Box::new(DarkHeuristicAgent::new(seed))
}

fn ismcts(seed: u64) -> Box<DynDarkAgent> {
    Box::new(IsmctsAgent::with_config(seed, competition_agent_config()))
}

/// The harness plays whole games and counts each once.
#[test]
fn paired_games_are_counted() {
    let (w, d, l) = paired(2, &heuristic, &Limits::default());
    assert_eq!(w + d + l, 4);
}

#[test]
#[ignore = "a measurement: hundreds of games"]
fn guarded_against_uniform_deployments() {
    let (w, d, l) = paired(200, &heuristic, &Limits::default());
    let score = (f64::from(w) + f64::from(d) / 2.0) / f64::from(w + d + l);
    println!("heuristic agents, 400 games: guarded {w} wins {d} draws {l} losses ({score:.3})");
    let (w, d, l) = paired(50, &ismcts, &Limits::nodes(2_000));
    let score = (f64::from(w) + f64::from(d) / 2.0) / f64::from(w + d + l);
    println!("ismcts 2,000 nodes, 100 games: guarded {w} wins {d} draws {l} losses ({score:.3})");
}
