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
``max_plies`` plies, since the rules alone do not bound a game's length.

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

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import gjjq

DEFAULT_MAX_PLIES = 1000
"""The default ply cap, after which a game is truncated."""


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's usual checks (illegal moves, order of calls)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


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
        max_plies: int = DEFAULT_MAX_PLIES,
        rules: Optional[str] = None,
        position: Optional[str] = None,
    ) -> None:
        EzPickle.__init__(self, render_mode, max_plies, rules, position)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of ansi, human")
        self.render_mode = render_mode
        self.max_plies = max_plies
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
        if agent == self.game.position.turn and not self.game.is_over():
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
        self.game.push_action(int(action))  # raises IllegalMoveError for an illegal action
        self.rewards = {a: 0.0 for a in self.agents}
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

    def render(self) -> Optional[str]:
        text = self.game.position.diagram()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
