"""四國軍棋 as an OpenSpiel game. Importing this module registers with ``pyspiel.register_game``:

``python_siguo``
    全明 (every piece seen by every seat): perfect information, sequential, deterministic,
    zero-sum, terminal rewards, ``num_players() == 4``. Players 0 … 3 are Red, Green, Blue and
    Yellow; the player to act is the seat to move, and a seat out of play (L-51) is skipped.
    Returns are by team: +1 to both seats of the winning team, -1 to the other two, 0 each on
    a draw. Deployment is not part of the game: the start is the parameter ``position`` (a
    position string, L-59; empty for the library's default start) or, with ``seed`` ≥ 0, four
    deployments drawn uniformly (L-58) from that seed. ``rules``: ``standard`` or rules JSON
    (its commas written as semicolons in a game string), section 9's options included
    (``pass_limit`` adds the pass action). ``max_plies`` (default 2000): a game reaching that
    many actions is a draw (``ply-limit``), the adapter's rule. Surrenders (L-54) are not
    actions of the game.

The action index is :mod:`gjjq.siguo`'s (16,642 actions: a move ``from * 129 + to``, the pass
16,641); the observation tensor is (57, 17, 17), seen by the observing player in its own frame
(docs/python.md lists the planes).

Example::

    import pyspiel
    import gjjq.siguo.openspiel  # registers the game

    game = pyspiel.load_game("python_siguo", {"seed": 7})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1   # Green
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pyspiel

import gjjq
from gjjq.siguo import NUM_ACTIONS, OBSERVATION_SHAPE, action_text
from gjjq._spiel import (
    AdapterObserver,
    AdapterState,
    board_observer,
    game_info,
    game_type,
    max_plies_param,
    rules_param,
)
from gjjq.siguo.modes import new_adapter

SHORT_NAME = "python_siguo"
"""The open game's name for ``pyspiel.load_game``."""

DEFAULT_MAX_PLIES = 2000
"""The default cap on actions."""

_OPEN_TYPE = game_type(
    SHORT_NAME,
    "Siguo Junqi (四國軍棋), open play (全明)",
    {
        "max_plies": DEFAULT_MAX_PLIES,
        "rules": "standard",
        "position": "",
        "seed": -1,
    },
    players=4,
)


class SiguoGame(pyspiel.Game):
    """``python_siguo``: 四國軍棋, 全明, as an OpenSpiel game."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.max_plies = max_plies_param(params, DEFAULT_MAX_PLIES)
        self.rules = rules_param(params) or None
        self.position = str(params.get("position", ""))
        seed = int(params.get("seed", -1))
        if seed >= 0 and self.position.strip():
            raise gjjq.GjjqError("give position or seed, not both")
        self.seed = seed if seed >= 0 else None
        self._new_adapter()  # validates the parameters now, so a bad one fails at load_game
        super().__init__(_OPEN_TYPE, game_info(NUM_ACTIONS, self.max_plies, players=4), params)

    def _new_adapter(self):
        return new_adapter("open", self.rules, self.position, self.seed, self.max_plies)

    def new_initial_state(self) -> "SiguoState":
        return SiguoState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return board_observer(iig_obs_type, params, BoardObserver)


class SiguoState(AdapterState):
    """A state: the open adapter (its game and the cap)."""

    def outcome(self):
        """``(winning team or None, reason)``, the cap's draw included, or ``None``."""
        return self.adapter.result()

    def _action_to_string(self, player: int, action: int) -> str:
        del player
        return action_text(action)

    def returns(self) -> List[float]:
        return self.adapter.returns()


class BoardObserver(AdapterObserver):
    """The observation tensor of docs/python.md from a player's seat; the string is the
    state's text (全明: every player sees the same board)."""

    SHAPE = tuple(OBSERVATION_SHAPE)


pyspiel.register_game(_OPEN_TYPE, SiguoGame)
