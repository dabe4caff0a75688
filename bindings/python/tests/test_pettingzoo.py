"""The PettingZoo AEC environment passes PettingZoo's API test and plays whole games."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

import gjjq  # noqa: E402
from gjjq.pettingzoo import env, raw_env  # noqa: E402


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


def test_illegal_action_raises():
    e = raw_env()
    e.reset()
    with pytest.raises(gjjq.IllegalMoveError):
        e.step(0)
