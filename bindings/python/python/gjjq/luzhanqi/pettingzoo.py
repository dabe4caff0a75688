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

Example: the loop of :mod:`gjjq.pettingzoo`'s example, on ``env`` of this module::

    from gjjq.luzhanqi.pettingzoo import env

    e = env(mode="flip")
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from gjjq._aec import AdapterEnv, entry_points, env_metadata
from gjjq.luzhanqi import NUM_ACTIONS
from gjjq.luzhanqi.modes import ADAPTERS, CHANCE, new_adapter

DEFAULT_MAX_PLIES = 1000
"""The default cap on actions, after which a game is truncated."""

AGENTS = ["player_0", "player_1"]


@dataclass(eq=False, repr=False)
class raw_env(AdapterEnv):
    """The unwrapped AEC environment of one 陸戰棋 mode (open, flip or dark): the arguments
    of :class:`gjjq._aec.AdapterEnv`, then the rule options of the dark and flip games."""

    metadata = env_metadata("luzhanqi_v0")
    AGENTS = AGENTS
    NUM_ACTIONS = NUM_ACTIONS
    MODES = ADAPTERS
    DEFAULT_MAX_PLIES = DEFAULT_MAX_PLIES

    colour_rule: str = "first_flip"
    attack_face_down: bool = False
    marshal_reveals_flag: bool = True

    def _new_adapter(self, seed: int):
        """A fresh game; a dark game without ``position`` gets two deployments drawn from
        ``seed``."""
        return new_adapter(
            self.mode,
            self.rules,
            self.position,
            self.colour_rule,
            self.attack_face_down,
            marshal_reveals_flag=self.marshal_reveals_flag,
            seed=seed if self.mode == "dark" and not self.position.strip() else None,
        )

    def _side(self, player: int) -> str:
        return AGENTS[player]

    def _after_apply(self) -> None:
        """Draws the piece a flip reveals, then notes the colours known (the flip game)."""
        if self.adapter.player() == CHANCE:
            outcomes = self.adapter.chance_outcomes()
            probs = np.array([p for _, p in outcomes])
            k = int(self.np_random.choice(len(outcomes), p=probs / probs.sum()))
            self.adapter.apply_chance(outcomes[k][0])
        game = getattr(self.adapter, "game", None)
        if self.mode == "flip" and game is not None:
            for i, a in enumerate(AGENTS):
                c = game.colour_of(i)
                if c is not None:
                    self.infos[a]["colour"] = c

    def _result(self, outcome: Tuple[Optional[int], str]) -> Tuple[List[float], str]:
        winner, reason = outcome
        if winner is None:
            return [0.0, 0.0], reason
        return [1.0 if i == winner else -1.0 for i in range(2)], f"{AGENTS[winner]} {reason}"

    def _capped(self) -> bool:
        return self.adapter.plies >= self.max_plies


env, parallel_env = entry_points(raw_env)
