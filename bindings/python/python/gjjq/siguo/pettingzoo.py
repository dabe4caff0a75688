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

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple, cast

from gjjq._aec import AdapterEnv, entry_points, env_metadata
from gjjq.siguo import NUM_ACTIONS, SEATS, team_of, team_returns
from gjjq.siguo.modes import ADAPTERS, new_adapter

DEFAULT_MAX_PLIES = 2000
"""The default cap on actions, after which a game is truncated."""

AGENTS = list(SEATS)


@dataclass(eq=False, repr=False)
class raw_env(AdapterEnv):
    """The unwrapped AEC environment of one 四國軍棋 mode (全明, 四暗 or 雙明): the arguments
    of :class:`gjjq._aec.AdapterEnv`."""

    metadata = env_metadata("siguo_v0")
    AGENTS = AGENTS
    NUM_ACTIONS = NUM_ACTIONS
    MODES = ADAPTERS
    DEFAULT_MAX_PLIES = DEFAULT_MAX_PLIES

    def _new_adapter(self, seed: int):
        """A fresh game: from ``position`` when given (``"default"``: the default start), else
        four deployments from ``seed``."""
        default = self.position.strip() == "default"
        position = "" if default else self.position
        drawn = None if position.strip() or default else seed
        # max_plies is the cap once set (an int), read when the game starts.
        return new_adapter(self.mode, self.rules, position, drawn, cast(int, self.max_plies))

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
