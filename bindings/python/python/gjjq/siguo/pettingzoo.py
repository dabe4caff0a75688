"""四國軍棋 as a PettingZoo AEC environment: ``env(mode="open")`` (全明, the default),
``env(mode="dark")`` (四暗 with a referee, L-63) or ``env(mode="double_open")`` (雙明, L-64).

Agents are ``"red"``, ``"green"``, ``"blue"`` and ``"yellow"`` (players 0 … 3), allies
opposite: Red–Blue against Green–Yellow (L-49). The agent to act is the seat to move; a seat
that goes out (L-51) stays among the agents, is never selected again and gets its team's
reward at the end (its ``info`` says ``"in_play": False``). Each observation is a dict:

- ``"observation"``: in its own frame (docs/python.md lists the planes): under 全明 float32
  (57, 17, 17), the position; under 四暗 and 雙明 float32 (65, 17, 17), the agent's view,
  made from its information state only (the kinds it was not shown are a plane of
  "unknown");
- ``"action_mask"``: int8 (16642,), 1 at the agent's legal actions (all 0 when it is not to
  act).

An action is :mod:`gjjq.siguo`'s dense index: a move ``from * 129 + to``, the pass 16,641.
Each ``reset(seed)`` draws four deployments uniformly (L-58) from that seed unless
``position`` gives the start (a position string, or ``"default"``). Rewards come at the end, by
team: +1 to both seats of the winning team, -1 to the other two, 0 each for a draw; a game
reaching ``max_plies`` actions is truncated (a draw). An illegal action ends the game as
PettingZoo's classic environments do, by team: the mover's team loses (-1 each, the other
team +1), and each ``info`` says why.

Example: the loop of :mod:`gjjq.pettingzoo`'s example, on ``env`` of this module::

    from gjjq.siguo.pettingzoo import env

    e = env(mode="open")
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from gymnasium.utils import EzPickle

from gjjq._aec import AdapterEnv, entry_points, env_metadata
from gjjq.siguo import NUM_ACTIONS, SEATS, team_of, team_returns
from gjjq.siguo.modes import ADAPTERS, new_adapter

DEFAULT_MAX_PLIES = 2000
"""The default cap on actions, after which a game is truncated."""

AGENTS = list(SEATS)


class raw_env(AdapterEnv):
    """The unwrapped AEC environment of one 四國軍棋 mode (全明, 四暗 or 雙明)."""

    metadata: Dict[str, Any] = env_metadata("siguo_v0")
    AGENTS = AGENTS
    NUM_ACTIONS = NUM_ACTIONS

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
        self._rules = rules
        self._position = "" if position.strip() == "default" else position
        self._default = position.strip() == "default"
        self._setup(mode, ADAPTERS, render_mode, max_plies, DEFAULT_MAX_PLIES)

    def _new_adapter(self, seed: int):
        """A fresh game: from ``position`` when given, else four deployments from ``seed``."""
        drawn = None if self._position.strip() or self._default else seed
        return new_adapter(self.mode, self._rules, self._position, drawn, self.max_plies)

    def _clear(self) -> None:
        super()._clear()
        self._seat_infos()

    def _seat_infos(self) -> None:
        for i, a in enumerate(AGENTS):
            self.infos[a]["team"] = team_of(i)
            self.infos[a]["in_play"] = self.adapter.in_play(i)

    def _side(self, player: int) -> str:
        return team_of(player)

    def _end_info(self, agent: str, info: Dict[str, Any]) -> None:
        self.infos[agent].update(info)  # keeps the seat's team and in_play

    def _after_apply(self) -> None:
        self._seat_infos()

    def _result(self, outcome: Tuple[Optional[str], str]) -> Tuple[List[float], str]:
        team, reason = outcome
        return team_returns(team), f"draw {reason}" if team is None else f"{team} {reason}"

    def _capped(self) -> bool:
        return self.adapter.capped()


env, parallel_env = entry_points(raw_env)
