"""陸戰棋 as a PettingZoo AEC environment: ``env(mode="open"|"flip"|"dark")``.

Agents are ``"player_0"`` and ``"player_1"``: in the open and dark games player 0 is Red; in
the flip game player 0 acts first and the colours are settled by the flips (each ``info``
gives the agent's ``"colour"`` once known). Each observation is a dict:

- ``"observation"``: float32 (50, 12, 5), the state seen by the observing agent
  (docs/python.md lists the planes); in the dark game (暗棋, L-31) the agent's
  information-state tensor (74, 12, 5), computed from what it was told alone (no enemy
  kind), its deployments drawn uniformly at each ``reset(seed)`` unless ``position`` gives
  them (``"<red> <blue> [first]"`` or ``"default"``);
- ``"action_mask"``: int8 (3660,), 1 at the agent's legal actions (all 0 when it is not to
  act).

An action is the dense index of docs/luzhanqi.md: a move ``from * 60 + to``, a flip
``3600 + point``. A flip's chance outcome is drawn by the environment, from the generator
seeded by ``reset(seed=...)``, uniformly among the unseen pieces. Rewards come at the end: +1
to the winner, -1 to the loser, 0 each for a draw; a game reaching ``max_plies`` actions is
truncated (a draw). An illegal action ends the game as PettingZoo's classic environments do:
the mover loses (-1, the other +1), and each ``info`` says why.

Example::

    from gjjq.luzhanqi.pettingzoo import env

    e = env(mode="flip")
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
from gjjq.luzhanqi import NUM_ACTIONS
from gjjq.luzhanqi.modes import ADAPTERS, CHANCE, new_adapter
from gjjq._gjjq import echo

DEFAULT_MAX_PLIES = 1000
"""The default cap on actions, after which a game is truncated."""

AGENTS = ["player_0", "player_1"]


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
        "name": "luzhanqi_v0",
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
        colour_rule: str = "first_flip",
        attack_face_down: bool = False,
        marshal_reveals_flag: bool = True,
    ) -> None:
        EzPickle.__init__(
            self,
            mode,
            render_mode,
            max_plies,
            rules,
            position,
            colour_rule,
            attack_face_down,
            marshal_reveals_flag,
        )
        super().__init__()
        if mode not in ADAPTERS:
            raise ValueError(
                f"luzhanqi_v0: mode {echo(repr(mode))} is not one of {', '.join(ADAPTERS)}"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"luzhanqi_v0: render_mode {echo(repr(render_mode))} is not one of ansi, human"
            )
        self.mode = mode
        self.render_mode = render_mode
        self.max_plies = positive(
            "luzhanqi_v0: the ply cap", DEFAULT_MAX_PLIES if max_plies is None else max_plies
        )
        self._args = (mode, rules, position, colour_rule, attack_face_down, marshal_reveals_flag)
        self.adapter = self._new_adapter(0)  # checks the arguments now
        shape = self.adapter.observation_shape
        self.possible_agents = AGENTS[:]
        self.agents = AGENTS[:]
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self.np_random = np.random.default_rng()
        self._clear()

    def _new_adapter(self, seed: int):
        """A fresh game; a dark game without ``position`` gets two deployments drawn from
        ``seed``."""
        mode, rules, position, colour_rule, attack_face_down, flag = self._args
        return new_adapter(
            mode,
            rules,
            position,
            colour_rule,
            attack_face_down,
            marshal_reveals_flag=flag,
            seed=seed if mode == "dark" and not position.strip() else None,
        )

    def _clear(self) -> None:
        self.agents = AGENTS[:]
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.adapter.player()]

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
        if not done and self.adapter.player() == i and self.adapter.outcome() is None:
            mask = np.asarray(self.adapter.legal_action_mask(), dtype=np.int8)
        else:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": obs, "action_mask": mask}

    def _colours(self) -> None:
        game = getattr(self.adapter, "game", None)
        if self.mode == "flip" and game is not None:
            for i, a in enumerate(AGENTS):
                c = game.colour_of(i)
                if c is not None:
                    self.infos[a]["colour"] = c

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"luzhanqi_v0: {agent} is to act and must give an action, not None")
        action = int(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if action not in self.adapter.legal_actions():
            EnvLogger.warn_on_illegal_move()
            other = AGENTS[1 - AGENTS.index(agent)]
            info = {
                "illegal_action": action,
                "reason": f"{agent} played the illegal action {action}",
                "outcome": f"{other} illegal-action",
            }
            for a in self.agents:
                self.terminations[a] = True
                self.rewards[a] = -1.0 if a == agent else 1.0
                self.infos[a] = dict(info)
            self._accumulate_rewards()
            return
        self.adapter.apply(action)
        if self.adapter.player() == CHANCE:
            outcomes = self.adapter.chance_outcomes()
            probs = np.array([p for _, p in outcomes])
            k = int(self.np_random.choice(len(outcomes), p=probs / probs.sum()))
            self.adapter.apply_chance(outcomes[k][0])
        self._colours()
        o = self.adapter.outcome()
        if o is not None:
            winner, reason = o
            for i, a in enumerate(AGENTS):
                self.terminations[a] = True
                if winner is not None:
                    self.rewards[a] = 1.0 if i == winner else -1.0
                self.infos[a]["outcome"] = reason if winner is None else f"{AGENTS[winner]} {reason}"
        elif self.adapter.plies >= self.max_plies:
            for a in AGENTS:
                self.truncations[a] = True
                self.infos[a]["outcome"] = "draw ply-limit"
        if o is None and self.adapter.player() != CHANCE:
            self.agent_selection = AGENTS[self.adapter.player()]
        else:
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
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
