"""The adapters behind the 四國軍棋 OpenSpiel games and PettingZoo environment: one per mode of
play in :data:`ADAPTERS`, each holding one game in progress behind the small interface both
share (so the team returns, the ply cap and the seat bookkeeping have one home):

- ``player()``: the player to act, 0 … 3 (Red, Green, Blue, Yellow), only ever a seat in
  play (L-51: a seat out is skipped);
- ``legal_actions()`` / ``legal_action_mask()``: its dense actions (none once over);
- ``apply(action)``: plays one;
- ``outcome()``: ``None`` while the game goes on by the rules, else ``(winning team or None,
  reason)``; ``capped()``: the adapter's ply cap is reached (a draw, ``ply-limit``);
- ``returns()``: by team (:func:`gjjq.siguo.team_returns`), 0 each while undecided;
- ``observation(player)``: the tensor of shape ``observation_shape`` seen by the player;
  ``text()``: the state; ``in_play(player)``;
- ``plies``: the actions played; ``clone()``; pickling.

The dark games (四暗 with a referee, 雙明) slot in as further classes here once the referee and
the information states of ``crates/siguo`` exist: a dark adapter adds the information state of
each player and the world sampler, the interface above stays.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple, Type

import numpy as np

from gjjq._gjjq import SG_NUM_ACTIONS, SG_OBSERVATION_SHAPE, SG_SEATS, SgGame, SgPosition, echo
from gjjq._pools import index_in
from gjjq.siguo import team_returns

PLY_LIMIT = "ply-limit"
"""The reason of the draw at the adapter's cap."""

Outcome = Optional[Tuple[Optional[str], str]]


class OpenAdapter:
    """全明 (every piece seen by every seat): perfect information, no chance."""

    mode = "open"
    observation_shape = tuple(SG_OBSERVATION_SHAPE)

    def __init__(self, game: SgGame, max_plies: int) -> None:
        self.game = game
        self.max_plies = max_plies

    @classmethod
    def start(
        cls, rules: Optional[str], position: str, seed: Optional[int], max_plies: int
    ) -> "OpenAdapter":
        """A game from a position string, else from four deployments drawn from ``seed``,
        else from the default start."""
        if position.strip():
            start = SgPosition(position, rules)
        elif seed is not None:
            start = SgPosition.random(seed, rules)
        else:
            start = SgPosition(None, rules)
        return cls(SgGame(start), max_plies)

    def clone(self) -> "OpenAdapter":
        return OpenAdapter(self.game.copy(), self.max_plies)

    def __reduce__(self):
        return (OpenAdapter, (self.game, self.max_plies))

    @property
    def plies(self) -> int:
        return self.game.ply

    def player(self) -> int:
        return self.game.player

    def in_play(self, player: int) -> bool:
        return self.game.position.in_play(SG_SEATS[player])

    def legal_actions(self) -> List[int]:
        if self.capped():
            return []
        return self.game.legal_actions()

    def legal_action_mask(self) -> np.ndarray:
        if self.capped():
            return np.zeros(SG_NUM_ACTIONS, bool)
        return self.game.legal_action_mask()

    def apply(self, action: int) -> None:
        self.game.push(index_in(action, SG_NUM_ACTIONS, "action"))

    def outcome(self) -> Outcome:
        return self.game.outcome()

    def capped(self) -> bool:
        return self.game.outcome() is None and self.game.ply >= self.max_plies

    def is_over(self) -> bool:
        return self.outcome() is not None or self.capped()

    def result(self) -> Outcome:
        """The outcome, the cap's draw ``(None, "ply-limit")`` included."""
        o = self.outcome()
        if o is None and self.capped():
            return (None, PLY_LIMIT)
        return o

    def returns(self) -> List[float]:
        o = self.outcome()
        return team_returns(None if o is None else o[0])

    def observation(self, player: int) -> np.ndarray:
        return self.game.observation(SG_SEATS[player])

    def text(self) -> str:
        return str(self.game)


ADAPTERS: Dict[str, Type[OpenAdapter]] = {"open": OpenAdapter}
"""The adapter of each mode built so far."""

PLANNED = ("dark", "double_open")
"""The modes that wait for the 四暗 referee of ``crates/siguo``."""


def new_adapter(
    mode: str,
    rules: Optional[str] = None,
    position: str = "",
    seed: Optional[int] = None,
    max_plies: int = 2000,
) -> OpenAdapter:
    """A fresh game of ``mode``; ``ValueError`` for a mode not built (yet)."""
    cls = ADAPTERS.get(mode)
    if cls is None:
        later = " (not built yet: it waits for the 四暗 referee)" if mode in PLANNED else ""
        raise ValueError(
            f"siguo: mode {echo(repr(mode))} is not one of {', '.join(ADAPTERS)}{later}"
        )
    return cls.start(rules, position, seed, max_plies)
