"""The PettingZoo AEC environment passes PettingZoo's API test and plays whole games."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

import gjjq  # noqa: E402
from gjjq.pettingzoo import env, parallel_env, raw_env  # noqa: E402


def test_api_test():
    api_test(env(max_plies=300), num_cycles=400)


def test_whole_games_reward_the_winner():
    for seed in range(3):
        e = env()
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = {a: 0.0 for a in e.possible_agents}
        for agent in e.agent_iter():
            obs, reward, termination, truncation, info = e.last()
            totals[agent] += reward
            if termination or truncation:
                e.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and mask.sum() > 0
            e.step(int(rng.choice(np.flatnonzero(mask))))
        assert sum(totals.values()) == 0.0
        outcome = e.unwrapped.game.outcome()
        if outcome is not None and outcome.winner is not None:
            assert totals[outcome.winner] == 1.0


def test_truncation_at_the_ply_cap():
    e = raw_env(max_plies=2)
    e.reset()
    e.step(gjjq.Move.from_ascii("5E5D").action)
    assert not any(e.truncations.values())
    e.step(gjjq.Move.from_ascii("5e5d").action)
    assert all(e.truncations.values()) and not any(e.terminations.values())


def illegal_action_ends_the_game(e, mover):
    """After an illegal action by `mover`: -1 to it, +1 to the other, both terminated, the
    infos say why, and the masks are empty."""
    other = gjjq.GREEN if mover == gjjq.RED else gjjq.RED
    assert e.terminations == {gjjq.RED: True, gjjq.GREEN: True}
    assert not any(e.truncations.values())
    assert e.rewards == {mover: -1.0, other: 1.0}
    for a in (gjjq.RED, gjjq.GREEN):
        info = e.infos[a]
        assert info["illegal_action"] == 0
        assert info["reason"].startswith(f"{mover} played the illegal action 0: 1E1E is not legal")
        assert info["outcome"] == f"{other} illegal-action"
        assert e.observe(a)["action_mask"].sum() == 0


# Issue 26: an illegal action follows the classic environments (the mover loses, game over).
def test_illegal_action_loses_the_game(caplog):
    e = raw_env()
    e.reset()
    e.step(0)
    assert "Illegal move made" in caplog.text  # PettingZoo's own log line
    illegal_action_ends_the_game(e, gjjq.RED)
    assert e.game.ply == 0  # nothing was played


def test_illegal_action_through_the_wrappers_and_the_episode_ends():
    e = env()
    e.reset(seed=0)
    e.step(gjjq.Move.from_ascii("5B5A").action)
    e.step(0)  # Green's illegal action
    illegal_action_ends_the_game(e.unwrapped, gjjq.GREEN)
    totals = {gjjq.RED: 0.0, gjjq.GREEN: 0.0}
    seen = []
    for agent in e.agent_iter():
        _, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        seen.append(agent)
        assert termination and not truncation
        e.step(None)
    assert sorted(seen) == [gjjq.GREEN, gjjq.RED]
    assert totals == {gjjq.RED: 1.0, gjjq.GREEN: -1.0}
    with pytest.raises(AssertionError):  # out of bounds stays a programming error
        e2 = env()
        e2.reset()
        e2.step(gjjq.NUM_ACTIONS)


def test_none_from_the_mover_is_refused():
    e = raw_env()
    e.reset()
    with pytest.raises(gjjq.GjjqError, match="must give an action"):
        e.step(None)


# Issue 26: max_cycles, PettingZoo's usual name, counts a step of each agent.
def test_max_cycles_is_two_plies_each():
    assert raw_env(max_cycles=3).max_plies == 6
    assert raw_env(max_plies=3).max_plies == 3
    assert raw_env().max_plies == 1000
    e = raw_env(max_cycles=1)
    e.reset()
    e.step(gjjq.Move.from_ascii("5E5D").action)
    assert not any(e.truncations.values())
    e.step(gjjq.Move.from_ascii("5e5d").action)
    assert all(e.truncations.values())
    with pytest.raises(ValueError, match="not both"):
        raw_env(max_plies=10, max_cycles=5)
    with pytest.raises(ValueError, match="positive integer"):
        raw_env(max_cycles=0)
    with pytest.raises(ValueError, match="positive integer"):
        raw_env(max_plies=2.5)  # type: ignore[arg-type]
    api_test(env(max_cycles=100), num_cycles=300)


# Issue 26: the parallel API over the turn-based game.
def test_parallel_env_passes_the_parallel_api_test():
    parallel_api_test(parallel_env(max_cycles=50), num_cycles=300)


def test_parallel_env_plays_the_mover_and_ignores_the_other():
    p = parallel_env(max_plies=4)
    observations, infos = p.reset(seed=3)
    assert set(observations) == {gjjq.RED, gjjq.GREEN}
    assert observations[gjjq.GREEN]["action_mask"].sum() == 0
    rng = np.random.default_rng(3)
    plies = 0
    while p.agents:
        actions = {}
        for a in p.agents:
            mask = observations[a]["action_mask"]
            actions[a] = int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
        observations, rewards, terminations, truncations, infos = p.step(actions)
        plies += 1
    assert plies == 4 and p.unwrapped.game.ply == 4
