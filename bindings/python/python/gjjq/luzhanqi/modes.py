"""One adapter per mode of play, behind the small interface that the OpenSpiel games and the
PettingZoo environment share: 明棋, 翻棋 and 暗棋 each have one in :data:`ADAPTERS`, and a
further mode slots in by adding its class there.

An adapter holds one game in progress:

- ``player()``: the player to act, 0 or 1, or :data:`CHANCE` while a chance outcome is due;
- ``legal_actions()``: the dense actions of that player (none at a chance node or the end);
- ``apply(action)``: plays it; a chance action (a flip) leaves a chance node;
- ``chance_outcomes()`` / ``apply_chance(outcome)``: the piece indices a chance node may
  reveal with their probabilities, and revealing one;
- ``outcome()``: ``None`` while the game goes on, else ``(winner player or None, reason)``;
- ``observation(player)``: the tensor seen by the player, of shape ``observation_shape``
  ((50, 12, 5) in the open and flip games, the (74, 12, 5) information-state tensor in the
  dark game); ``text()``: the state;
- ``plies``: the player actions played; ``clone()``.

Player 0 is Red in the open and dark games (Red moves first unless the position says
otherwise), and the first to act in the flip game, whose colours are settled by its flips.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Type

import numpy as np

from gjjq._gjjq import (
    LZ_DARK_INFO_STATE_SHAPE,
    LZ_NUM_ACTIONS,
    LZ_NUM_CHANCE_OUTCOMES,
    LZ_OBSERVATION_SHAPE,
    LzDarkGame,
    LzFlipGame,
    LzGame,
    LzInfoState,
    LzPosition,
    echo,
    lz_random_deployments,
)
from gjjq._pools import PoolCache, chance_index, index_in

CHANCE = -1
"""What ``player()`` returns at a chance node."""

Outcome = Optional[Tuple[Optional[int], str]]


class OpenAdapter:
    """明棋 (L-30): perfect information, no chance."""

    mode = "open"
    has_chance = False
    observation_shape = tuple(LZ_OBSERVATION_SHAPE)

    def __init__(self, position: LzPosition) -> None:
        self.game = LzGame(position)

    def clone(self) -> "OpenAdapter":
        c = OpenAdapter.__new__(OpenAdapter)
        c.game = self.game.copy()
        return c

    def __reduce__(self):
        # Pickled as its start, ruleset and moves (OpenSpiel pickles states).
        start = self.game.start
        return (_open_replay, (str(start), start.rules, self.game.moves))

    @property
    def plies(self) -> int:
        return self.game.ply

    def player(self) -> int:
        return 0 if self.game.position.turn == "red" else 1

    def legal_actions(self) -> List[int]:
        return self.game.legal_actions()

    def legal_action_mask(self) -> np.ndarray:
        return self.game.legal_action_mask()

    def apply(self, action: int) -> None:
        self.game.push(_action(action))

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        return []

    def apply_chance(self, outcome: int) -> None:
        raise ValueError("the open game has no chance nodes")

    def outcome(self) -> Outcome:
        o = self.game.outcome()
        if o is None:
            return None
        winner, reason = o
        return (None if winner is None else (0 if winner == "red" else 1), reason)

    def observation(self, player: int) -> np.ndarray:
        return self.game.position.observation(SIDES[index_in(player, 2, "player")])

    def text(self) -> str:
        return str(self.game.position)


def _open_replay(start: str, rules: str, moves: List[str]) -> OpenAdapter:
    a = OpenAdapter(LzPosition(start, rules))
    for m in moves:
        a.game.push(m)
    return a


class FlipAdapter:
    """翻棋 (L-32): a flip is followed by a chance node that reveals the piece."""

    mode = "flip"
    has_chance = True
    observation_shape = tuple(LZ_OBSERVATION_SHAPE)

    def __init__(self, game: LzFlipGame) -> None:
        self.game = game
        self.pending: Optional[int] = None
        self.actions = 0

    def clone(self) -> "FlipAdapter":
        c = FlipAdapter(self.game.copy())
        c.pending = self.pending
        c.actions = self.actions
        return c

    @property
    def plies(self) -> int:
        return self.actions

    def player(self) -> int:
        return CHANCE if self.pending is not None else self.game.player

    def legal_actions(self) -> List[int]:
        return [] if self.pending is not None else self.game.legal_actions()

    def legal_action_mask(self) -> np.ndarray:
        if self.pending is not None:
            return np.zeros(LZ_NUM_ACTIONS, bool)
        return self.game.legal_action_mask()

    def apply(self, action: int) -> None:
        action = _action(action)
        if self.pending is not None:
            raise ValueError("a chance outcome is due, not an action")
        if action not in self.game.legal_actions():
            # The library's own message for an illegal action.
            self.game.apply(action, None)
        self.actions += 1
        if self.game.is_chance(action):
            self.pending = action
        else:
            self.game.apply(action)

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        return self.game.chance_outcomes() if self.pending is not None else []

    def apply_chance(self, outcome: int) -> None:
        if self.pending is None:
            raise ValueError("no chance outcome is due")
        self.game.apply(self.pending, chance_index(outcome, LZ_NUM_CHANCE_OUTCOMES))
        self.pending = None

    def outcome(self) -> Outcome:
        if self.pending is not None:
            return None
        o = self.game.outcome()
        if o is None:
            return None
        winner, reason = o
        return (None if winner is None else self.game.player_of(winner), reason)

    def observation(self, player: int) -> np.ndarray:
        return self.game.observation(player)

    def text(self) -> str:
        s = str(self.game)
        return s if self.pending is None else f"{s} (revealing {self.pending})"


SIDES = ("red", "blue")
"""The side of player 0 and player 1 in the open and dark games."""

def _draw_pool(key: Tuple[int, int]) -> List[str]:
    return lz_random_deployments(key[0], key[1])


_POOLS: PoolCache[str] = PoolCache(_draw_pool)
"""Deployment pools by (size, seed), shared by adapters (a clone or a pickle holds the key);
bounded: the least recently used of more than :data:`gjjq._pools.CAPACITY` is dropped (and
drawn again, the same, if asked for)."""


def deployment_pool(size: int, seed: int) -> List[str]:
    """``size`` deployment strings drawn uniformly (L-18) from ``seed``."""
    return _POOLS.get((int(size), int(seed)))


class DeploymentChance:
    """Chance nodes that deal each army its deployment, uniformly from a pool of deployment
    strings (L-18; L-58 for 四國): ``pool`` = (size, seed), or ``None`` when the game was
    given; ``deployments`` holds those dealt so far. Once ``armies`` are dealt, the subclass's
    ``_deployed()`` makes ``game`` from them. One home for 陸戰棋's 暗棋 and 四國's dark modes."""

    armies: int
    game: Any
    pool: Optional[Tuple[int, int]]
    deployments: List[str]

    def clone(self) -> Any:
        c = self.__class__.__new__(self.__class__)
        c.__dict__.update(self.__dict__)
        c.game = None if self.game is None else self.game.copy()
        c.deployments = list(self.deployments)
        return c

    @property
    def plies(self) -> int:
        return 0 if self.game is None else self.game.ply

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        if self.game is not None or self.pool is None:
            return []
        n = self.pool[0]
        return [(i, 1.0 / n) for i in range(n)]

    def apply_chance(self, outcome: int) -> None:
        if self.game is not None or self.pool is None:
            raise ValueError("no chance outcome is due")
        pool = deployment_pool(*self.pool)
        self.deployments.append(pool[chance_index(outcome, len(pool))])
        if len(self.deployments) == self.armies:
            self._deployed()

    def _deployed(self) -> None:
        raise NotImplementedError


def _action(action: int) -> int:
    """A player's action as an index of the action space, or a ``ValueError`` naming it."""
    return index_in(action, LZ_NUM_ACTIONS, "action")


class DarkAdapter(DeploymentChance):
    """暗棋 (L-31): imperfect information. Two chance nodes draw Red's and then Blue's
    deployment from a pool (``pool`` = (size, seed)) unless the adapter starts from a game;
    then each player acts on what it was told. Player 0 is Red."""

    mode = "dark"
    has_chance = True
    armies = 2
    observation_shape = tuple(LZ_DARK_INFO_STATE_SHAPE)

    def __init__(
        self,
        game: Optional[LzDarkGame] = None,
        pool: Optional[Tuple[int, int]] = None,
        first: str = "red",
        rules: Optional[str] = None,
        marshal_reveals_flag: bool = True,
    ) -> None:
        if game is None and pool is None:
            raise ValueError("a dark adapter needs a game or a deployment pool")
        self.game = game
        self.pool = pool
        self.first = first if game is None else game.first
        self.rules = rules
        self.marshal_reveals_flag = marshal_reveals_flag if game is None else game.marshal_reveals_flag
        self.deployments: List[str] = (
            [] if game is None else [game.deployment("red"), game.deployment("blue")]
        )

    def player(self) -> int:
        if self.game is None:
            return CHANCE
        return SIDES.index(self.game.turn)

    def legal_actions(self) -> List[int]:
        return [] if self.game is None else self.game.legal_actions()

    def legal_action_mask(self) -> np.ndarray:
        if self.game is None:
            return np.zeros(LZ_NUM_ACTIONS, bool)
        return self.game.legal_action_mask()

    def apply(self, action: int) -> None:
        if self.game is None:
            raise ValueError("a deployment (chance outcome) is due, not an action")
        self.game.play(_action(action))

    def _deployed(self) -> None:
        red, blue = self.deployments
        self.game = LzDarkGame(red, blue, self.first, self.rules, self.marshal_reveals_flag)

    def outcome(self) -> Outcome:
        if self.game is None:
            return None
        o = self.game.outcome()
        if o is None:
            return None
        winner, reason = o
        return (None if winner is None else SIDES.index(winner), reason)

    def info_state(self, player: int) -> Optional[LzInfoState]:
        """What ``player`` knows: its information state once its deployment is drawn (before
        any move while the other's is still due), else ``None``."""
        player = index_in(player, 2, "player")
        if self.game is not None:
            return self.game.info_state(SIDES[player])
        if len(self.deployments) > player:
            return LzInfoState.start(
                SIDES[player],
                self.first,
                self.deployments[player],
                self.rules,
                self.marshal_reveals_flag,
            )
        return None

    def observation(self, player: int) -> np.ndarray:
        """The information-state tensor seen by ``player`` (zero before its deployment)."""
        info = self.info_state(player)
        if info is None:
            return np.zeros(self.observation_shape, np.float32)
        return info.information_state_tensor()

    def text(self) -> str:
        """The referee's state: the deployments drawn and the announcements."""
        if self.game is None:
            return "deploying: " + " ".join(self.deployments)
        red, blue = self.deployments
        moves = " ".join(str(a) for a in self.game.history)
        return f"{red} {blue} {self.first} {moves}".rstrip()


ADAPTERS: Dict[str, Type] = {"open": OpenAdapter, "flip": FlipAdapter, "dark": DarkAdapter}
"""The adapter class of each mode."""


def new_adapter(
    mode: str,
    rules: Optional[str] = None,
    position: str = "",
    colour_rule: str = "first_flip",
    attack_face_down: bool = False,
    marshal_reveals_flag: bool = True,
    seed: Optional[int] = None,
    pool: Optional[Tuple[int, int]] = None,
    first: str = "red",
):
    """A fresh game of ``mode``: ``open`` from ``position`` (a position string; empty for the
    default start), ``flip`` from ``position`` (a flip state string; empty for the start),
    ``dark`` from ``position`` (``"<red deployment> <blue deployment> [first]"``, or
    ``"default"`` for the library's default deployment on both sides), else two deployments
    drawn from ``seed``, else chance nodes drawing them from ``pool`` = (size, seed)."""
    if mode == "open":
        return OpenAdapter(LzPosition(position or None, rules))
    if mode == "flip":
        return FlipAdapter(LzFlipGame(position or None, colour_rule, attack_face_down, rules))
    if mode == "dark":
        return new_dark_adapter(rules, position, marshal_reveals_flag, seed, pool, first)
    raise ValueError(f"mode {echo(repr(mode))} is not one of {', '.join(ADAPTERS)}")


DEFAULT_DEPLOYMENT = "LFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCETP"
"""The library's default deployment (docs/luzhanqi.md, decision 8)."""


def new_dark_adapter(
    rules: Optional[str] = None,
    position: str = "",
    marshal_reveals_flag: bool = True,
    seed: Optional[int] = None,
    pool: Optional[Tuple[int, int]] = None,
    first: str = "red",
) -> DarkAdapter:
    """A dark game: of ``position`` (``"<red> <blue> [first]"`` or ``"default"``), else of two
    deployments drawn from ``seed``, else with chance nodes over ``pool`` = (size, seed)."""
    text = position.strip()
    if text:
        parts = text.split()
        if parts == ["default"]:
            parts = [DEFAULT_DEPLOYMENT, DEFAULT_DEPLOYMENT]
        if len(parts) not in (2, 3):
            raise ValueError(
                f"dark position {echo(repr(position))}: expected 'default' or "
                "'<red deployment> <blue deployment> [first]'"
            )
        game = LzDarkGame(
            parts[0], parts[1], parts[2] if len(parts) == 3 else first, rules, marshal_reveals_flag
        )
        return DarkAdapter(game, rules=rules)
    if seed is not None:
        red, blue = lz_random_deployments(2, int(seed))
        return DarkAdapter(LzDarkGame(red, blue, first, rules, marshal_reveals_flag), rules=rules)
    if pool is None:
        raise ValueError("a dark game needs a position, a seed or a deployment pool")
    # Checks the rules now, so that a bad one fails before the first chance node.
    deployments = deployment_pool(*pool)
    LzDarkGame(deployments[0], deployments[0], first, rules, marshal_reveals_flag)
    return DarkAdapter(None, pool, first, rules, marshal_reveals_flag)
