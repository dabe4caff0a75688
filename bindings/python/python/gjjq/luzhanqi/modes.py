"""One adapter per mode of play, behind the small interface that the OpenSpiel games and the
PettingZoo environment share: a third mode (暗棋) slots in by adding an adapter class to
:data:`ADAPTERS`.

An adapter holds one game in progress:

- ``player()``: the player to act, 0 or 1, or :data:`CHANCE` while a chance outcome is due;
- ``legal_actions()``: the dense actions of that player (none at a chance node or the end);
- ``apply(action)``: plays it; a chance action (a flip) leaves a chance node;
- ``chance_outcomes()`` / ``apply_chance(outcome)``: the piece indices a chance node may
  reveal with their probabilities, and revealing one;
- ``outcome()``: ``None`` while the game goes on, else ``(winner player or None, reason)``;
- ``observation(player)``: the (50, 12, 5) tensor seen by the player; ``text()``: the state;
- ``plies``: the player actions played; ``clone()``.

Player 0 is Red in the open game (Red moves first unless the position says otherwise), and the
first to act in the flip game, whose colours are settled by its flips.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple, Type

import numpy as np

from gjjq._gjjq import LzFlipGame, LzGame, LzPosition

CHANCE = -1
"""What ``player()`` returns at a chance node."""

Outcome = Optional[Tuple[Optional[int], str]]


class OpenAdapter:
    """明棋 (L-30): perfect information, no chance."""

    mode = "open"
    has_chance = False

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
        self.game.push(int(action))

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
        return self.game.position.observation("red" if player == 0 else "blue")

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
            return np.zeros(LzFlipGame().legal_action_mask().shape, bool)
        return self.game.legal_action_mask()

    def apply(self, action: int) -> None:
        action = int(action)
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
        self.game.apply(self.pending, int(outcome))
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


ADAPTERS: Dict[str, Type] = {"open": OpenAdapter, "flip": FlipAdapter}
"""The adapter class of each mode."""


def new_adapter(
    mode: str,
    rules: Optional[str] = None,
    position: str = "",
    colour_rule: str = "first_flip",
    attack_face_down: bool = False,
):
    """A fresh game of ``mode``: ``open`` from ``position`` (a position string; empty for the
    default start), ``flip`` from ``position`` (a flip state string; empty for the start)."""
    if mode == "open":
        return OpenAdapter(LzPosition(position or None, rules))
    if mode == "flip":
        return FlipAdapter(LzFlipGame(position or None, colour_rule, attack_face_down, rules))
    raise ValueError(f"mode {mode!r} is not one of {', '.join(ADAPTERS)}")
