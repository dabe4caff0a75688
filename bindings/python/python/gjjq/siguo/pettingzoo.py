"""四國軍棋 as a PettingZoo AEC environment: ``env(mode="open")`` (全明; the dark modes wait for
the 四暗 referee, see :data:`gjjq.siguo.MODES`).

Agents are ``"red"``, ``"green"``, ``"blue"`` and ``"yellow"`` (players 0 … 3), allies
opposite: Red–Blue against Green–Yellow (L-49). The agent to act is the seat to move; a seat
that goes out (L-51) stays among the agents, is never selected again and gets its team's
reward at the end (its ``info`` says ``"in_play": False``). Each observation is a dict:

- ``"observation"``: float32 (57, 17, 17), the position seen by the observing agent in its own
  frame (docs/python.md lists the planes);
- ``"action_mask"``: int8 (16642,), 1 at the agent's legal actions (all 0 when it is not to
  act).

An action is :mod:`gjjq.siguo`'s dense index: a move ``from * 129 + to``, the pass 16,641.
Each ``reset(seed)`` draws four deployments uniformly (L-58) from that seed unless
``position`` gives the start (a position string, or ``"default"``). Rewards come at the end, by
team: +1 to both seats of the winning team, -1 to the other two, 0 each for a draw; a game
reaching ``max_plies`` actions is truncated (a draw). An illegal action ends the game as
PettingZoo's classic environments do, by team: the mover's team loses (-1 each, the other
team +1), and each ``info`` says why.

Example::

    from gjjq.siguo.pettingzoo import env

    e = env(mode="open")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.env_logger import EnvLogger

from gjjq._aec import RENDER_MODES, parallel, positive, wrapped
from gjjq._gjjq import echo
from gjjq.siguo import NUM_ACTIONS, OBSERVATION_SHAPE, SEATS, team_of, team_returns
from gjjq.siguo.modes import ADAPTERS, PLANNED, new_adapter

DEFAULT_MAX_PLIES = 2000
"""The default cap on actions, after which a game is truncated."""

AGENTS = list(SEATS)


def env(**kwargs: Any) -> AECEnv:
    """The environment in PettingZoo's usual checks (action bounds, order of calls)."""
    return wrapped(raw_env, **kwargs)


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The environment behind PettingZoo's parallel API."""
    return parallel(raw_env, **kwargs)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # pettingzoo has no stubs
    """The unwrapped AEC environment of one mode."""

    metadata: Dict[str, Any] = {
        "render_modes": RENDER_MODES,
        "name": "siguo_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        mode: str = "open",
        render_mode: Optional[str] = None,
        max_plies: Optional[int] = None,
        rules: Optional[str] = None,
        position: str = "",
    ) -> None:
        EzPickle.__init__(self, mode, render_mode, max_plies, rules, position)
        super().__init__()
        if mode not in ADAPTERS:
            later = " (not built yet: it waits for the 四暗 referee)" if mode in PLANNED else ""
            raise ValueError(
                f"siguo_v0: mode {echo(repr(mode))} is not one of {', '.join(ADAPTERS)}{later}"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"siguo_v0: render_mode {echo(repr(render_mode))} is not one of ansi, human"
            )
        self.mode = mode
        self.render_mode = render_mode
        self.max_plies = positive(
            "siguo_v0: the ply cap", DEFAULT_MAX_PLIES if max_plies is None else max_plies
        )
        self._rules = rules
        self._position = "" if position.strip() == "default" else position
        self._default = position.strip() == "default"
        self.adapter = self._new_adapter(0)  # checks the arguments now
        self.possible_agents = AGENTS[:]
        self.agents = AGENTS[:]
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, 1.0, shape=tuple(OBSERVATION_SHAPE), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self.np_random = np.random.default_rng()
        self._clear()

    def _new_adapter(self, seed: int):
        """A fresh game: from ``position`` when given, else four deployments from ``seed``."""
        drawn = None if self._position.strip() or self._default else seed
        return new_adapter(self.mode, self._rules, self._position, drawn, self.max_plies)

    def _clear(self) -> None:
        self.agents = AGENTS[:]
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self._seat_infos()
        self.agent_selection = AGENTS[self.adapter.player()]

    def _seat_infos(self) -> None:
        for i, a in enumerate(AGENTS):
            self.infos[a]["team"] = team_of(i)
            self.infos[a]["in_play"] = self.adapter.in_play(i)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self.np_random = np.random.default_rng(seed)
        self.adapter = self._new_adapter(int(self.np_random.integers(0, 2**63 - 1)))
        self._clear()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        i = AGENTS.index(agent)
        obs = np.asarray(self.adapter.observation(i), dtype=np.float32)
        done = self.terminations[agent] or self.truncations[agent]
        if not done and not self.adapter.is_over() and self.adapter.player() == i:
            mask = np.asarray(self.adapter.legal_action_mask(), dtype=np.int8)
        else:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"siguo_v0: {agent} is to act and must give an action, not None")
        action = int(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if action not in self.adapter.legal_actions():
            EnvLogger.warn_on_illegal_move()
            mover = AGENTS.index(agent)
            loser = team_of(mover)
            winner = team_of((mover + 1) % 4)
            info = {
                "illegal_action": action,
                "reason": f"{agent} played the illegal action {action}",
                "outcome": f"{winner} illegal-action",
            }
            for i, a in enumerate(AGENTS):
                self.terminations[a] = True
                self.rewards[a] = -1.0 if team_of(i) == loser else 1.0
                self.infos[a].update(info)
            self._accumulate_rewards()
            return
        self.adapter.apply(action)
        self._seat_infos()
        o = self.adapter.outcome()
        if o is not None:
            team, reason = o
            returns = team_returns(team)
            for i, a in enumerate(AGENTS):
                self.terminations[a] = True
                self.rewards[a] = returns[i]
                self.infos[a]["outcome"] = f"draw {reason}" if team is None else f"{team} {reason}"
        elif self.adapter.capped():
            for a in AGENTS:
                self.truncations[a] = True
                self.infos[a]["outcome"] = "draw ply-limit"
        if o is None and not self.adapter.capped():
            self.agent_selection = AGENTS[self.adapter.player()]
        else:
            self.agent_selection = AGENTS[(AGENTS.index(agent) + 1) % 4]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        text = self.adapter.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
