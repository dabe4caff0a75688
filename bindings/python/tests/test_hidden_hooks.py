"""The research-tool hooks of hidden play (issue 25, items 5 … 7): OpenSpiel's
``resample_from_infostate`` (and OpenSpiel's own IS-MCTS bot playing through it), the
PettingZoo environment ``gjjq_hidden_v0``, and the no-leak property of each: two true worlds
that give a player the same information state give it the same draws, observations and
masks."""

import random
import time

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

import gjjq  # noqa: E402
import gjjq.openspiel  # noqa: E402,F401  (registers the games)
from conftest import fixed_sampler, random_hidden_play  # noqa: E402
from gjjq.pettingzoo_hidden import env, parallel_env, raw_env  # noqa: E402
from gjjq.worlds import mix_seed, replay_actions, replay_in_world, sample_world_game  # noqa: E402

BOTH = '{"announce_illegal":"both";"reveal_captured":"to_captor"}'


def load_hidden(**params):
    return pyspiel.load_game(gjjq.openspiel.HIDDEN_SHORT_NAME, params)


@pytest.mark.parametrize("rules", ["standard", BOTH])
def test_resample_keeps_the_information_state(rules):
    game = load_hidden(deployments=20, seed=3, max_plies=200, rules=rules)
    rng = random.Random(5)
    for plies in (0, 7, 40, 80):
        state = random_hidden_play(game.new_initial_state(), plies, rng)
        if state.is_terminal():
            continue
        for player in (0, 1):
            worlds = set()
            for u in (0.1, 0.5, 0.9):
                new = state.resample_from_infostate(player, fixed_sampler(u))
                for view in ("information_state_string", "information_state_tensor"):
                    assert getattr(new, view)(player) == getattr(state, view)(player)
                assert new.current_player() == state.current_player()
                assert new.legal_actions(player) == state.legal_actions(player) or (
                    new.current_player() != player
                )
                mine = new.deployments[player]
                assert mine == state.deployments[player]
                worlds.add(str(new.deployments[1 - player]))
            if plies == 0:
                assert len(worlds) == 3  # fresh draws, not the true world each time


def test_resample_honours_the_seed():
    rng = random.Random(1)
    states = []
    for seed in (0, 0, 1):
        game = load_hidden(deployments=10, seed=seed, max_plies=100)
        states.append(random_hidden_play(game.new_initial_state(), 10, random.Random(1)))
    del rng
    a, b, c = (s.resample_from_infostate(0, fixed_sampler(0.3)) for s in states)
    assert str(a) == str(b)  # same game seed, same sampler value: the same world
    assert str(a) != str(c)  # another game seed: another world
    assert str(states[0].resample_from_infostate(0, fixed_sampler(0.7))) != str(a)
    assert mix_seed(0, 0.3) == mix_seed(0, 0.3) != mix_seed(1, 0.3)
    with pytest.raises(gjjq.GjjqError, match="must be in"):
        mix_seed(0, 1.5)
    with pytest.raises(gjjq.GjjqError, match="player_id is 2"):
        states[0].resample_from_infostate(2, fixed_sampler(0.3))


def test_resample_before_play_and_after_the_end():
    game = load_hidden(deployments=5, max_plies=30)
    state = game.new_initial_state()
    assert str(state.resample_from_infostate(0, fixed_sampler(0.2))) == str(state)
    ended = random_hidden_play(game.new_initial_state(), 10_000, random.Random(2))
    assert ended.is_terminal()
    new = ended.resample_from_infostate(1, fixed_sampler(0.2))
    assert new.information_state_string(1) == ended.information_state_string(1)


def test_ismcts_plays_a_whole_game_against_random():
    start = time.monotonic()
    game = load_hidden(opening="default", max_plies=40)
    bots = [
        ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0)),
            uct_c=2.0,
            max_simulations=20,
            random_state=np.random.RandomState(1),
        ),
        pyspiel.make_uniform_random_bot(1, 2),
    ]
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
        steps += 1
    assert state.hidden is not None and state.hidden.ply > 0
    assert state.returns()[0] == -state.returns()[1]
    assert time.monotonic() - start < 60, f"{steps} steps took too long"


def two_worlds(rules="standard", plies=80, seed=5):
    """Two OpenSpiel states of different true worlds giving Red the same information state:
    one played at random, one of another consistent Green deployment with Red's history
    replayed."""
    game = load_hidden(deployments=8, seed=seed, max_plies=200, rules=rules)
    true = random_hidden_play(game.new_initial_state(), plies, random.Random(seed))
    info = true.info_state(0)
    for s in range(100):
        other = sample_world_game(info, s)
        if other.opening.green != true.hidden.opening.green:
            break
    else:
        raise AssertionError("no other consistent world in 100 draws")
    opening = f"{other.opening.red} {other.opening.green} {info.first}"
    twin = load_hidden(opening=opening, seed=seed, max_plies=200, rules=rules).new_initial_state()
    for action in replay_actions(info):
        twin.apply_action(action)
    return true, twin


@pytest.mark.parametrize("rules", ["standard", BOTH])
def test_no_leak_openspiel(rules):
    a, b = two_worlds(rules)
    assert a.hidden.opening.green != b.hidden.opening.green
    kinds = [e.kind for e in a.info_state(0).events]
    assert "refused" in kinds and any(e.capture for e in a.info_state(0).events)
    if rules == BOTH:
        assert "opponent-refused" in kinds  # replayed by the stand-in in the twin
    else:
        assert len(a.history()) > len(b.history())  # Green's refusals, unknown to Red, left out
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.legal_actions(0) == b.legal_actions(0)
    for u in (0.0, 0.42, 0.99):
        ra = a.resample_from_infostate(0, fixed_sampler(u))
        rb = b.resample_from_infostate(0, fixed_sampler(u))
        assert ra.deployments == rb.deployments  # the same draw
        assert str(ra) == str(rb)


@pytest.mark.parametrize("rules", [None, BOTH.replace(";", ",")])
def test_no_leak_pettingzoo(rules):
    a, b = two_worlds(rules or "standard")
    envs = []
    for state in (a, b):
        e = raw_env(rules=rules)
        e.reset(seed=0)
        e.game = state.hidden.copy()
        e.agent_selection = e.game.turn
        envs.append(e)
    for kind in ("info_state", "view"):
        for e in envs:
            e.observation_kind = kind
        oa, ob = (e.observe(gjjq.RED) for e in envs)
        assert np.array_equal(oa["observation"], ob["observation"])
        assert np.array_equal(oa["action_mask"], ob["action_mask"])
    # The twins differ in what Green sees: the worlds really are different.
    ga, gb = (e.observe(gjjq.GREEN)["observation"] for e in envs)
    assert not np.array_equal(ga, gb)


def test_replay_in_world_refuses_an_inconsistent_world():
    game = gjjq.Opening.random(seed=2).hidden_game()
    game.play_out(seed=1, max_plies=20)
    info = game.info_state("red")
    assert replay_in_world(info, game.opening.green).info_state("red") == info
    bad = gjjq.Deployment.random(seed=99)
    if gjjq.check_world(info, bad) is not None:
        with pytest.raises(gjjq.WorldError, match="not consistent"):
            replay_in_world(info, bad)


# PettingZoo


def test_pettingzoo_api_test():
    api_test(env(max_plies=60), num_cycles=300)


def test_pettingzoo_parallel_api_test():
    parallel_api_test(parallel_env(max_plies=40), num_cycles=300)


def test_pettingzoo_view_observation_and_api():
    e = env(max_plies=30, observation="view", rules=BOTH.replace(";", ","))
    api_test(e, num_cycles=100)
    assert e.observation_space(gjjq.RED)["observation"].shape == tuple(gjjq.HIDDEN_OBSERVATION_SHAPE)


def test_pettingzoo_whole_games_refusals_and_rewards():
    for seed in range(2):
        e = env(max_plies=400)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = {a: 0.0 for a in e.possible_agents}
        refused = 0
        for agent in e.agent_iter():
            obs, reward, termination, truncation, info = e.last()
            totals[agent] += reward
            if termination or truncation:
                e.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and mask.sum() > 0
            assert mask.sum() == len(e.unwrapped.game.info_state(agent).proposal_actions())
            action = int(rng.choice(np.flatnonzero(mask)))
            e.step(action)
            if e.unwrapped.infos.get(agent, {}).get("refused") == action:
                refused += 1
                assert e.unwrapped.agent_selection == agent  # a refusal: the same agent acts
                assert e.unwrapped.observe(agent)["action_mask"][action] == 0
        assert refused > 0
        assert sum(totals.values()) == 0.0
        outcome = e.unwrapped.game.outcome()
        if outcome is not None and outcome.winner is not None:
            assert totals[outcome.winner] == 1.0


def test_pettingzoo_action_outside_the_mask_loses(caplog):
    e = raw_env(opening="default")
    e.reset()
    e.step(0)  # 1E1E: no candidate
    assert "Illegal move made" in caplog.text
    assert e.terminations == {gjjq.RED: True, gjjq.GREEN: True}
    assert e.rewards == {gjjq.RED: -1.0, gjjq.GREEN: 1.0}
    for a in (gjjq.RED, gjjq.GREEN):
        assert e.infos[a]["illegal_action"] == 0
        assert e.infos[a]["reason"].startswith("red proposed 1E1E (action 0)")
        assert e.infos[a]["outcome"] == "green illegal-action"
        assert e.observe(a)["action_mask"].sum() == 0
    assert e.game.ply == 0 and e.game.refusals() == []


def test_pettingzoo_a_refused_proposal_retried_loses():
    e = raw_env()
    e.reset(seed=3)
    rng = random.Random(3)
    while True:  # legal moves until the mover has a candidate that is not legal
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        legal = set(e.game.true_game.legal_actions())
        illegal = [int(a) for a in np.flatnonzero(mask) if a not in legal]
        if illegal:
            break
        e.step(rng.choice(sorted(legal)))
        assert not any(e.terminations.values()) and not any(e.truncations.values())
    other = gjjq.GREEN if agent == gjjq.RED else gjjq.RED
    e.step(illegal[0])
    assert e.infos[agent] == {"refused": illegal[0]} and e.agent_selection == agent
    assert not any(e.terminations.values()) and e.rewards == {agent: 0.0, other: 0.0}
    e.step(illegal[0])  # already refused this turn: outside the mask
    assert e.rewards == {agent: -1.0, other: 1.0}


def test_pettingzoo_hidden_endgames():
    api_test(env(endgame="IID:AF", max_plies=40), num_cycles=200)
    e = raw_env(endgame="IID:AF", first="green", max_plies=200)
    e.reset(seed=4)
    start = str(e.game.true_game.position)
    assert e.game.is_endgame and e.agent_selection == gjjq.GREEN
    assert e.game.info_state(gjjq.RED).enemy_force == "AF"
    assert e.game.info_state(gjjq.GREEN).enemy_force == "IID"
    assert start == str(gjjq.random_endgames("IID", "AF", 1, seed=4, first="green")[0])
    e.reset(seed=4)
    assert str(e.game.true_game.position) == start
    e.reset(seed=5)
    assert str(e.game.true_game.position) != start
    # Whole games: the masks are the untried candidates, the rewards sum to 0.
    rng = np.random.default_rng(1)
    for seed in range(3):
        e = env(endgame="I:I", max_plies=60)
        e.reset(seed=seed)
        totals = {a: 0.0 for a in e.possible_agents}
        for agent in e.agent_iter():
            obs, reward, termination, truncation, _ = e.last()
            totals[agent] += reward
            if termination or truncation:
                e.step(None)
                continue
            assert obs["action_mask"].sum() == len(
                e.unwrapped.game.info_state(agent).proposal_actions()
            )
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert sum(totals.values()) == 0.0


@pytest.mark.parametrize(
    "params, match",
    [
        ({"endgame": "IID"}, "expected '<red force>:<green force>'"),
        ({"endgame": "IIX:AF"}, "endgame 'IIX:AF': .*IIX"),
        ({"endgame": "I:I", "opening": "default"}, "exclude each other"),
    ],
)
def test_pettingzoo_bad_endgames(params, match):
    with pytest.raises(ValueError, match=match):
        raw_env(**params)


def test_pettingzoo_bad_parameters():
    bads = ({"max_plies": 0}, {"observation": "board"}, {"first": "blue"}, {"render_mode": "x"})
    for bad in bads + ({"opening": "a b c d"},):
        with pytest.raises(ValueError):
            raw_env(**bad)
    assert raw_env(opening="default", first="green").game.turn == gjjq.GREEN
    e = raw_env(render_mode="ansi", opening="default")
    e.reset()
    assert isinstance(e.render(), str)
