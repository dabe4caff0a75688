"""国际军棋 as OpenSpiel games.

Importing this module registers with ``pyspiel.register_game``:

``python_gjjq``
    The open game (明式): perfect information, sequential, deterministic, zero-sum, terminal
    rewards (+1 / -1 / 0). Player 0 is Red, player 1 Green. An action is
    ``from_index * 90 + to_index`` (8,100 distinct actions; points indexed ``y * 9 + x``,
    R-2). The observation tensor is :meth:`gjjq.Game.observation` seen from the observing
    player, shape ``(32, 10, 9)``.

    Parameters: ``max_plies`` (int, default 1000) and ``rules`` (a preset name or ruleset
    JSON, default ``"standard"``), ``position`` (a position string; empty for the default
    opening).

    The rules have no bound on a game's length unless the ruleset's ``no_capture_limit`` is
    set (R-25); repetition (R-24) alone does not bound it. OpenSpiel needs one, so a game that
    reaches ``max_plies`` plies is ended as a draw (``Outcome(None, 'ply-limit')``); this is
    the adapter's rule, not the game's. Random games end by themselves well within 1,000
    plies (the longest of 200 seeded random games took 806).

The hidden game (暗式, R-37 … R-41) will be registered here as ``python_gjjq_hidden``
(imperfect information, with information-state tensors) once the library has hidden play;
see ``register_hidden_game`` below.

Example::

    import pyspiel
    import gjjq.openspiel  # registers the games

    game = pyspiel.load_game("python_gjjq", {"max_plies": 300})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel

import gjjq

SHORT_NAME = "python_gjjq"
"""The name to pass to ``pyspiel.load_game``."""

DEFAULT_MAX_PLIES = 1000
"""The default ply cap (see the module's docs)."""

PLY_LIMIT = "ply-limit"
"""The reason of the draw at the ply cap."""

_NUM_PLAYERS = 2
_SIDES = (gjjq.RED, gjjq.GREEN)

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="International Military Chess (国际军棋), open play",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_NUM_PLAYERS,
    min_num_players=_NUM_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "max_plies": DEFAULT_MAX_PLIES,
        "rules": "standard",
        "position": "",
    },
)


def _game_info(max_plies: int) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=gjjq.NUM_ACTIONS,
        max_chance_outcomes=0,
        num_players=_NUM_PLAYERS,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_plies,
    )


class GjjqGame(pyspiel.Game):
    """The open game (明式) as an OpenSpiel game."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.max_plies = int(params.get("max_plies", DEFAULT_MAX_PLIES))
        if self.max_plies < 1:
            raise gjjq.GjjqError(f"max_plies is {self.max_plies}; it must be at least 1")
        self.rules = str(params.get("rules", "standard"))
        position = str(params.get("position", ""))
        # Validates the parameters now, so a bad one fails at load_game.
        self.start = (
            gjjq.Position.from_string(position, self.rules)
            if position
            else gjjq.Position(self.rules)
        )
        super().__init__(_GAME_TYPE, _game_info(self.max_plies), params)

    def new_initial_state(self) -> "GjjqState":
        """A state at the start position."""
        return GjjqState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer: the board tensor, or the public-information observer for
        perfect-recall information states (the history of moves)."""
        if iig_obs_type is None or (
            iig_obs_type.public_info and not iig_obs_type.perfect_recall
        ):
            return BoardObserver(params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class GjjqState(pyspiel.State):
    """A state of the open game: a :class:`gjjq.Game` and the ply cap."""

    def __init__(self, game: GjjqGame) -> None:
        super().__init__(game)
        self.game = gjjq.Game(game.start)
        self._max_plies = game.max_plies

    def outcome(self) -> Optional[gjjq.Outcome]:
        """The game's outcome, the ply cap's draw included, or ``None``."""
        o = self.game.outcome()
        if o is None and self.game.ply >= self._max_plies:
            return gjjq.Outcome(None, PLY_LIMIT)
        return o

    def current_player(self) -> int:
        """Red is player 0, Green player 1; ``TERMINAL`` once the game is over."""
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return _SIDES.index(self.game.position.turn)

    def _legal_actions(self, player: int) -> List[int]:
        """The legal actions of the player to move, ascending."""
        del player
        return self.game.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.game.push_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The ASCII form (R-30), e.g. ``5B5A``."""
        del player
        return gjjq.Move.from_action(action).ascii()

    def is_terminal(self) -> bool:
        return self.game.is_over() or self.game.ply >= self._max_plies

    def returns(self) -> List[float]:
        o = self.outcome()
        if o is None or o.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if o.winner == gjjq.RED else [-1.0, 1.0]

    def __str__(self) -> str:
        return str(self.game.position)


class BoardObserver:
    """The observation of a state from a player's side: the planes of docs/python.md."""

    def __init__(self, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        shape = gjjq.OBSERVATION_SHAPE
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: GjjqState, player: int) -> None:
        self.dict["observation"][...] = state.game.observation(_SIDES[player])

    def string_from(self, state: GjjqState, player: int) -> str:
        del player
        return str(state.game.position)


def register_hidden_game() -> None:
    """Register the hidden game (暗式, R-37 … R-41): not yet available.

    It will be ``python_gjjq_hidden``: ``Information.IMPERFECT_INFORMATION``, the same action
    space (a proposal is a (from, to) pair, R-38), an observation of the player's view (enemy
    kinds unknown, R-37) and an information-state tensor of what R-39 told the player.
    """
    raise NotImplementedError("hidden play (R-37 … R-41) is not in the library yet")


pyspiel.register_game(_GAME_TYPE, GjjqGame)
