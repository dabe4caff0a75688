"""The AEC plumbing that the open (``gjjq_v0``) and the hidden (``gjjq_hidden_v0``)
PettingZoo environments share: PettingZoo's wrappers, the spaces, the per-agent dicts, the end
of a game (an outcome of the rules, the ply cap, an illegal action) and rendering.

Each environment keeps what differs: its game object, its observation, its mask and how an
action is played. Private: the public names are in :mod:`gjjq.pettingzoo` and
:mod:`gjjq.pettingzoo_hidden`.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, Optional, Tuple

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.env_logger import EnvLogger

import gjjq
from gjjq._gjjq import echo

RENDER_MODES = ["ansi", "human"]


def wrapped(raw: Callable[..., AECEnv], **kwargs: Any) -> AECEnv:
    """``raw(**kwargs)`` in PettingZoo's usual checks (action bounds, order of calls)."""
    e: AECEnv = raw(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def parallel(raw: Callable[..., AECEnv], **kwargs: Any) -> ParallelEnv:
    """The wrapped environment behind PettingZoo's parallel API
    (``turn_based_aec_to_parallel``): every live agent gives an action each step, and only the
    one of the agent to act is used."""
    return turn_based_aec_to_parallel(wrapped(raw, **kwargs))


def positive(what: str, value: Any) -> int:
    """``value`` as a positive int, else ``ValueError`` saying ``what`` must be one."""
    try:
        n = operator.index(value)
    except TypeError:
        n = 0
    if isinstance(value, bool) or n < 1:
        raise ValueError(f"{what} must be a positive integer, not {echo(repr(value))}")
    return n


class TurnBasedEnv(AECEnv, EzPickle):  # type: ignore[misc]  # pettingzoo has no stubs
    """An AEC environment of two agents, ``"red"`` and ``"green"``, rewarded ±1/0 at the end.

    Subclasses call :meth:`_setup` from ``__init__``, :meth:`_reset_agents` from ``reset``, and
    after playing an action :meth:`_after_action`; they define ``observe`` and ``render``
    (through :meth:`_show`)."""

    metadata: Dict[str, Any]

    def _setup(self, render_mode: Optional[str], max_plies: int, shape: Tuple[int, ...]) -> None:
        """Checks the render mode and sets the spaces (an observation of ``shape`` and the
        action mask) and the empty per-agent dicts."""
        name = self.metadata["name"]
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"{name}: render_mode {echo(repr(render_mode))} is not one of ansi, human"
            )
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.possible_agents = [gjjq.RED, gjjq.GREEN]
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(gjjq.NUM_ACTIONS) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
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

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _reset_agents(self, turn: str) -> None:
        """Both agents live again, nothing rewarded, ``turn`` to act."""
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = turn

    def _is_done(self, agent: str) -> bool:
        return self.terminations.get(agent, False) or self.truncations.get(agent, False)

    def _begin_step(self, action: Optional[int]) -> Optional[str]:
        """The agent to act, with its step's rewards cleared; ``None`` when the step was a
        dead agent's (PettingZoo's ``_was_dead_step``, already handled)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return None
        if action is None:
            raise gjjq.GjjqError(
                f"{self.metadata['name']}: {agent} is to act and must give an action, not None"
            )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        return agent

    def _after_action(self, outcome: Any, plies: int, turn: str) -> None:
        """Ends the game on an outcome of the rules (R-21 … R-25: +1 to the winner, -1 to the
        loser, 0 for a draw) or truncates it once ``plies`` reaches the cap (a draw), then
        hands the turn on."""
        if outcome is not None:
            for a in self.agents:
                self.terminations[a] = True
                if outcome.winner is not None:
                    self.rewards[a] = 1.0 if a == outcome.winner else -1.0
                self.infos[a] = {"outcome": str(outcome)}
        elif plies >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"outcome": "draw ply-limit"}
        self.agent_selection = turn
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str, action: int, reason: str) -> None:
        """The classic environments' rule (chess, tic-tac-toe) for an action outside the mask:
        the mover loses (-1, the other +1, so the game stays zero-sum) and the game is over for
        both, each ``info`` saying why."""
        EnvLogger.warn_on_illegal_move()
        winner = gjjq.GREEN if agent == gjjq.RED else gjjq.RED
        info = {
            "illegal_action": action,
            "reason": reason,
            "outcome": f"{winner} illegal-action",
        }
        for a in self.agents:
            self.terminations[a] = True
            self.rewards[a] = -1.0 if a == agent else 1.0
            self.infos[a] = dict(info)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _show(self, text: str) -> Optional[str]:
        """``render``'s contract: print under ``"human"``, return the text under ``"ansi"``."""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
