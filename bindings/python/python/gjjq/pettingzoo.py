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

from typing import Any, Dict, Optional

import numpy as np
from gymnasium.utils import EzPickle

import gjjq
from gjjq._aec import TurnBasedEnv, entry_points, env_metadata, positive

DEFAULT_MAX_PLIES = 1000
"""The default ply cap, after which a game is truncated."""


class raw_env(TurnBasedEnv):
    """The unwrapped AEC environment of the open game (明式)."""

    metadata: Dict[str, Any] = env_metadata("gjjq_v0")

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
        if max_plies is not None and max_cycles is not None:
            raise ValueError(
                "gjjq_v0: give max_plies or max_cycles, not both (max_cycles=n is max_plies=2*n)"
            )
        if max_cycles is not None:
            max_plies = 2 * max_cycles
        cap = positive(
            "gjjq_v0: the ply cap", DEFAULT_MAX_PLIES if max_plies is None else max_plies
        )
        self._setup(render_mode, cap, tuple(gjjq.OBSERVATION_SHAPE))
        self.start = (
            gjjq.Position.from_string(position, rules) if position else gjjq.Position(rules)
        )
        self.game = gjjq.Game(self.start)
        self.agent_selection = self.start.turn

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        obs = self.game.observation(agent)
        if agent == self.game.position.turn and not self.game.is_over() and not self._is_done(agent):
            mask = self.game.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(gjjq.NUM_ACTIONS, np.int8)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self.game = gjjq.Game(self.start)
        self._reset_agents(self.start.turn)

    def step(self, action: Optional[int]) -> None:
        agent = self._begin_step(action)
        if agent is None:
            return
        action = int(action)  # type: ignore[arg-type]  # not None: _begin_step refused it
        try:
            self.game.push_action(action)
        except gjjq.IllegalMoveError as e:
            self._illegal(agent, action, f"{agent} played the illegal action {action}: {e}")
            return
        self._after_action(self.game.outcome(), self.game.ply, self.game.position.turn)

    def render(self) -> Optional[str]:
        return self._show(self.game.position.diagram())


env, parallel_env = entry_points(raw_env)
