"""国际军棋 as a PettingZoo AEC environment.

Agents are ``"red"`` and ``"green"``; the one to move is ``agent_selection``. Each
observation is a dict:

- ``"observation"``: float32 ``(32, 10, 9)``, the position seen from the observing agent
  (docs/python.md lists the planes);
- ``"action_mask"``: int8 ``(8100,)``, 1 at the legal actions of the observing agent (all 0
  when it is not to move).

An action is ``from_index * 90 + to_index`` (points indexed ``y * 9 + x``, R-2). Rewards are
given at the end: +1 to the winner, -1 to the loser, 0 each for a draw. The game terminates
on an outcome of the rules (R-21 … R-25) and is truncated (a draw, reward 0) after
``max_plies`` plies, since the rules alone do not bound a game's length; ``max_cycles``,
PettingZoo's usual name, counts cycles of a step by each agent (``max_cycles=n`` is
``max_plies=2 * n``).

An illegal action (one the mask does not allow) ends the game as PettingZoo's classic
environments do (chess, tic-tac-toe): the mover loses, reward -1 (and +1 to the other agent,
so the game stays zero-sum), both agents are terminated and each ``info`` says why
(``"illegal_action"``, ``"reason"``, ``"outcome"``). An action outside ``0 … 8099`` is a
programming error, refused by the bounds wrapper of ``env``.

``parallel_env`` is the same game behind PettingZoo's ``ParallelEnv`` API (its
``turn_based_aec_to_parallel``): each step takes an action from every live agent, and the
one not to move (its mask all 0) is ignored. It is a convenience for parallel-API tooling;
the game itself is turn-based, and the AEC ``env`` is its natural form.

Example::

    from gjjq.pettingzoo import env

    e = env(max_plies=400)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
"""

from __future__ import annotations

import operator
from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.env_logger import EnvLogger

import gjjq

DEFAULT_MAX_PLIES = 1000
"""The default ply cap, after which a game is truncated."""


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's usual checks (action bounds, order of calls)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The environment behind PettingZoo's parallel API (``turn_based_aec_to_parallel``):
    every live agent gives an action each step, and only the mover's is played."""
    return turn_based_aec_to_parallel(env(**kwargs))


class raw_env(AECEnv, EzPickle):
    """The unwrapped AEC environment of the open game (明式)."""

    metadata: Dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "gjjq_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        render_mode: Optional[str] = None,
        max_plies: Optional[int] = None,
        rules: Optional[str] = None,
        position: Optional[str] = None,
        max_cycles: Optional[int] = None,
    ) -> None:
        EzPickle.__init__(self, render_mode, max_plies, rules, position, max_cycles)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of ansi, human")
        if max_plies is not None and max_cycles is not None:
            raise ValueError(
                "give max_plies or max_cycles, not both (max_cycles=n is max_plies=2*n)"
            )
        if max_cycles is not None:
            max_plies = 2 * max_cycles
        if max_plies is None:
            max_plies = DEFAULT_MAX_PLIES
        try:
            cap = operator.index(max_plies)
        except TypeError:
            cap = 0
        if isinstance(max_plies, bool) or cap < 1:
            raise ValueError(f"the ply cap must be a positive integer, not {max_plies!r}")
        self.render_mode = render_mode
        self.max_plies = cap
        self.start = (
            gjjq.Position.from_string(position, rules) if position else gjjq.Position(rules)
        )
        self.game = gjjq.Game(self.start)
        self.possible_agents = [gjjq.RED, gjjq.GREEN]
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(gjjq.NUM_ACTIONS) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=1.0, shape=gjjq.OBSERVATION_SHAPE, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(gjjq.NUM_ACTIONS,), dtype=np.int8
                    ),
                }
            )
            for a in self.possible_agents
        }
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection = self.start.turn

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        obs = self.game.observation(agent)
        if (
            agent == self.game.position.turn
            and not self.game.is_over()
            and not self.terminations.get(agent, False)
            and not self.truncations.get(agent, False)
        ):
            mask = self.game.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(gjjq.NUM_ACTIONS, np.int8)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.game = gjjq.Game(self.start)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.start.turn

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise gjjq.GjjqError(f"{agent} is to move and must give an action, not None")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        try:
            self.game.push_action(int(action))
        except gjjq.IllegalMoveError as e:
            self._illegal(agent, int(action), str(e))
            return
        outcome = self.game.outcome()
        if outcome is not None:
            for a in self.agents:
                self.terminations[a] = True
                if outcome.winner is not None:
                    self.rewards[a] = 1.0 if a == outcome.winner else -1.0
                self.infos[a] = {"outcome": str(outcome)}
        elif self.game.ply >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"outcome": "draw ply-limit"}
        self.agent_selection = self.game.position.turn
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str, action: int, why: str) -> None:
        """The classic environments' rule for an illegal action: the mover loses (-1, the
        other +1) and the game is over for both, each ``info`` saying why."""
        EnvLogger.warn_on_illegal_move()
        winner = gjjq.GREEN if agent == gjjq.RED else gjjq.RED
        info = {
            "illegal_action": action,
            "reason": f"{agent} played the illegal action {action}: {why}",
            "outcome": f"{winner} illegal-action",
        }
        for a in self.agents:
            self.terminations[a] = True
            self.rewards[a] = -1.0 if a == agent else 1.0
            self.infos[a] = dict(info)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        text = self.game.position.diagram()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
