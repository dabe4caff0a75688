"""The adapters behind the 四國軍棋 OpenSpiel games and PettingZoo environment: one per mode of
play in :data:`ADAPTERS`, each holding one game in progress behind the small interface both
share (so the team returns, the ply cap and the seat bookkeeping have one home):

- ``player()``: the player to act, 0 … 3 (Red, Green, Blue, Yellow), only ever a seat in
  play (L-51: a seat out is skipped), or :data:`CHANCE` while a deployment is to be drawn;
- ``legal_actions()`` / ``legal_action_mask()``: its dense actions (none once over or at a
  chance node);
- ``apply(action)``: plays one; ``chance_outcomes()`` / ``apply_chance(outcome)``: the
  deployments a chance node may draw, and drawing one (dark modes started from a pool);
- ``outcome()``: ``None`` while the game goes on by the rules, else ``(winning team or None,
  reason)``; ``capped()``: the adapter's ply cap is reached (a draw, ``ply-limit``);
- ``returns()``: by team (:func:`gjjq.siguo.team_returns`), 0 each while undecided;
- ``observation(player)``: the tensor of shape ``observation_shape`` seen by the player;
  ``text()``: the state; ``in_play(player)``;
- ``plies``: the actions played; ``clone()``; pickling.

全明 is :class:`OpenAdapter`; 四暗 and 雙明 are :class:`DarkAdapter` and
:class:`DoubleOpenAdapter`, games refereed by :class:`gjjq.siguo.DarkGame`: a player's legal
actions, observation and information state come from what it was told only.
"""

from __future__ import annotations

import json
from typing import Dict, List, Optional, Tuple, Type

import numpy as np

from gjjq._gjjq import (
    SG_DARK_OBSERVATION_SHAPE,
    SG_NUM_ACTIONS,
    SG_OBSERVATION_SHAPE,
    SG_SEATS,
    SgDarkGame,
    SgGame,
    SgPosition,
    echo,
)
from gjjq._pools import index_in

# 四國 deploys as 陸戰棋 (L-58 as L-18): the dark games' chance nodes draw from 陸戰棋's pools
# (one cache for both games).
from gjjq.luzhanqi.modes import DeploymentChance, deployment_pool
from gjjq.siguo import team_returns

PLY_LIMIT = "ply-limit"
"""The reason of the draw at the adapter's cap."""

CHANCE = -1
"""What ``player()`` returns while a deployment is to be drawn."""

Outcome = Optional[Tuple[Optional[str], str]]


class _Adapter:
    """What every mode shares: a game (``SgGame`` or ``SgDarkGame``) and the cap."""

    observation_shape: Tuple[int, ...]

    def __init__(self, game, max_plies: int) -> None:
        self.game = game
        self.max_plies = max_plies

    @property
    def plies(self) -> int:
        return self.game.ply

    def player(self) -> int:
        return int(self.game.player)

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

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        return []

    def apply_chance(self, outcome: int) -> None:
        raise ValueError("no chance outcome is due")

    def outcome(self) -> Outcome:
        return self.game.outcome()

    def capped(self) -> bool:
        return self.outcome() is None and self.plies >= self.max_plies

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


class OpenAdapter(_Adapter):
    """全明 (every piece seen by every seat): perfect information, no chance."""

    mode = "open"
    observation_shape = tuple(SG_OBSERVATION_SHAPE)

    @classmethod
    def start(
        cls, rules: Optional[str], position: str, seed: Optional[int], max_plies: int
    ) -> "OpenAdapter":
        """A game from a position string, else from four deployments drawn from ``seed``,
        else from the default start."""
        return cls(SgGame(_start(rules, position, seed)), max_plies)

    def clone(self) -> "OpenAdapter":
        return OpenAdapter(self.game.copy(), self.max_plies)

    def __reduce__(self):
        return (OpenAdapter, (self.game, self.max_plies))

    def in_play(self, player: int) -> bool:
        return self.game.position.in_play(SG_SEATS[index_in(player, 4, "player")])

    def observation(self, player: int) -> np.ndarray:
        return self.game.observation(SG_SEATS[index_in(player, 4, "player")])

    def text(self) -> str:
        return str(self.game)


def _start(rules: Optional[str], position: str, seed: Optional[int]) -> SgPosition:
    """The first position: of a position string, else four deployments drawn from ``seed``,
    else the default start."""
    if position.strip():
        return SgPosition(position, rules)
    if seed is not None:
        return SgPosition.random(seed, rules)
    return SgPosition(None, rules)


def mode_rules(rules: Optional[str], mode: str) -> str:
    """Rules JSON for a dark mode: ``rules`` (``None``, ``standard`` or JSON) with its
    ``mode`` set to ``mode``; ``ValueError`` when the JSON names another mode."""
    text = (rules or "").strip()
    if text in ("", "standard"):
        obj: Dict[str, object] = {}
    else:
        try:
            obj = json.loads(text)
        except ValueError as e:
            raise ValueError(f"siguo: rules {echo(repr(rules))} are not JSON: {e}") from None
        if not isinstance(obj, dict):
            raise ValueError(f"siguo: rules {echo(repr(rules))} are not a JSON object")
    if obj.get("mode", mode) != mode:
        raise ValueError(
            f"siguo: the rules' mode {echo(repr(obj['mode']))} is not this game's {mode!r}"
        )
    obj["mode"] = mode
    return json.dumps(obj, separators=(",", ":"))


class DarkAdapter(DeploymentChance, _Adapter):
    """四暗 with a referee (L-63): each seat sees its own kinds only. Started from a pool
    (``pool`` = (size, seed)), four chance nodes first draw Red's, Green's, Blue's and
    Yellow's deployments from it, uniformly; otherwise the game is given. A player's legal
    actions, observation and information state come from its information state alone."""

    mode = "dark"
    armies = 4
    observation_shape = tuple(SG_DARK_OBSERVATION_SHAPE)

    def __init__(
        self,
        game: Optional[SgDarkGame],
        max_plies: int,
        pool: Optional[Tuple[int, int]] = None,
        rules: Optional[str] = None,
    ) -> None:
        if game is None and pool is None:
            raise ValueError("a dark adapter needs a game or a deployment pool")
        super().__init__(game, max_plies)
        self.pool = pool
        self.rules = rules
        self.deployments: List[str] = []

    @classmethod
    def start(
        cls,
        rules: Optional[str],
        position: str,
        seed: Optional[int],
        max_plies: int,
        pool: Optional[Tuple[int, int]] = None,
    ) -> "DarkAdapter":
        """A game from a position string (``default``: the default start), else from four
        deployments drawn from ``seed``, else with chance nodes over ``pool``, else from the
        default start."""
        rules = mode_rules(rules, cls.mode)
        if position.strip() == "default":
            return cls(SgDarkGame(SgPosition(None, rules)), max_plies)
        if position.strip() or seed is not None or pool is None:
            return cls(SgDarkGame(_start(rules, position, seed)), max_plies)
        first = deployment_pool(*pool)[0]
        SgDarkGame(SgPosition.from_deployments(first, first, first, first, "red", rules))
        return cls(None, max_plies, pool, rules)

    def player(self) -> int:
        return CHANCE if self.game is None else int(self.game.player)

    def in_play(self, player: int) -> bool:
        seat = SG_SEATS[index_in(player, 4, "player")]
        return True if self.game is None else self.game.in_play(seat)

    def legal_actions(self) -> List[int]:
        return [] if self.game is None else super().legal_actions()

    def legal_action_mask(self) -> np.ndarray:
        if self.game is None:
            return np.zeros(SG_NUM_ACTIONS, bool)
        return super().legal_action_mask()

    def apply(self, action: int) -> None:
        if self.game is None:
            raise ValueError("a deployment (chance outcome) is due, not an action")
        super().apply(action)

    def _deployed(self) -> None:
        r, g, b, y = self.deployments
        self.game = SgDarkGame(SgPosition.from_deployments(r, g, b, y, "red", self.rules))

    def outcome(self) -> Outcome:
        return None if self.game is None else self.game.outcome()

    def info_state(self, player: int) -> Optional[str]:
        """What ``player`` knows (the information-state text of docs/siguo.md), or ``None``
        while deployments are still to be drawn."""
        return None if self.game is None else self.game.info_state(SG_SEATS[player])

    def view(self, player: int) -> Optional[str]:
        """What ``player`` sees now (board, seat to move, seats in play), or ``None`` while
        deployments are still to be drawn."""
        return None if self.game is None else self.game.view(SG_SEATS[player])

    def observation(self, player: int) -> np.ndarray:
        """The view tensor of ``player`` (zero while deployments are to be drawn)."""
        if self.game is None:
            return np.zeros(self.observation_shape, np.float32)
        return self.game.observation(SG_SEATS[index_in(player, 4, "player")])

    def text(self) -> str:
        """The referee's state: the first position and the steps (every kind in it)."""
        if self.game is None:
            return "deploying: " + " ".join(self.deployments)
        return self.game.text()


class DoubleOpenAdapter(DarkAdapter):
    """雙明 with a referee (L-64): each seat also sees its ally's kinds."""

    mode = "double_open"


ADAPTERS: Dict[str, Type[_Adapter]] = {
    "open": OpenAdapter,
    "dark": DarkAdapter,
    "double_open": DoubleOpenAdapter,
}
"""The adapter of each mode."""


def new_adapter(
    mode: str,
    rules: Optional[str] = None,
    position: str = "",
    seed: Optional[int] = None,
    max_plies: int = 2000,
    pool: Optional[Tuple[int, int]] = None,
) -> _Adapter:
    """A fresh game of ``mode`` (``open``, ``dark``, ``double_open``): from ``position``,
    else four deployments drawn from ``seed``, else (dark modes) chance nodes over ``pool`` =
    (size, seed), else the default start; ``ValueError`` for another mode."""
    if mode == "open":
        return OpenAdapter.start(rules, position, seed, max_plies)
    if mode == "dark":
        return DarkAdapter.start(rules, position, seed, max_plies, pool)
    if mode == "double_open":
        return DoubleOpenAdapter.start(rules, position, seed, max_plies, pool)
    raise ValueError(f"siguo: mode {echo(repr(mode))} is not one of {', '.join(ADAPTERS)}")
