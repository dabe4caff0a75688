"""陸戰棋 as OpenSpiel games. Importing this module registers with ``pyspiel.register_game``:

``python_luzhanqi``
    明棋 (open play, L-30): perfect information, sequential, deterministic, zero-sum, terminal
    rewards (+1 / -1 / 0). Player 0 is Red. Deployment is not part of the game: the start is
    the parameter ``position`` (a position string, L-20; empty for the library's default
    start) or, with ``seed`` ≥ 0, two deployments drawn uniformly (L-18) from that seed.

``python_luzhanqi_flip``
    翻棋 (flip play, L-32): perfect information with explicit chance. Player 0 acts first;
    the colours are settled by the flips (``colour_rule``). A flip action is followed by a
    chance node whose outcomes are the unseen pieces (index ``side * 12 + kind``, 24
    outcomes) with their probabilities. Parameters ``colour_rule`` (``first_flip``,
    ``first_engineer``, ``first_mine``), ``attack_face_down`` (bool), ``position`` (a flip
    state string; empty for the start).

Both: the action index of docs/luzhanqi.md (3,660 actions: a move ``from * 60 + to``, a flip
``3600 + point``); ``rules`` (``standard`` or ruleset JSON, its commas written as semicolons
in a game string; the flip game's default is the flip ruleset); ``max_plies`` (default 1000):
a game reaching that many player actions is a draw (``ply-limit``), the adapter's rule; the
observation tensor is (50, 12, 5) (docs/python.md).

Example::

    import pyspiel
    import gjjq.luzhanqi.openspiel  # registers the games

    game = pyspiel.load_game("python_luzhanqi_flip")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])   # a flip
    assert state.is_chance_node()
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel

import gjjq
from gjjq.luzhanqi import NUM_ACTIONS, NUM_CHANCE_OUTCOMES, OBSERVATION_SHAPE, Position
from gjjq.luzhanqi import action_text, piece_letter
from gjjq.luzhanqi.modes import CHANCE, new_adapter

SHORT_NAME = "python_luzhanqi"
"""The open game's name for ``pyspiel.load_game``."""

FLIP_SHORT_NAME = "python_luzhanqi_flip"
"""The flip game's name for ``pyspiel.load_game``."""

DEFAULT_MAX_PLIES = 1000
"""The default cap on player actions."""

PLY_LIMIT = "ply-limit"
"""The reason of the draw at the cap."""


def _game_type(short_name: str, long_name: str, chance: bool, params: Dict[str, Any]):
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


_OPEN_TYPE = _game_type(
    SHORT_NAME,
    "Luzhanqi (陸戰棋), open play",
    False,
    {"max_plies": DEFAULT_MAX_PLIES, "rules": "standard", "position": "", "seed": -1},
)
_FLIP_TYPE = _game_type(
    FLIP_SHORT_NAME,
    "Luzhanqi (陸戰棋), flip play (翻棋)",
    True,
    {
        "max_plies": DEFAULT_MAX_PLIES,
        "rules": "",
        "position": "",
        "colour_rule": "first_flip",
        "attack_face_down": False,
    },
)


def _rules(params: Dict[str, Any], default: str) -> Optional[str]:
    text = str(params.get("rules", default)).replace(";", ",")
    return text or None


class LuzhanqiGame(pyspiel.Game):
    """A 陸戰棋 game of one mode as an OpenSpiel game."""

    def __init__(self, params: Optional[Dict[str, Any]], mode: str, game_type) -> None:
        params = dict(params or {})
        self.mode = mode
        self.max_plies = int(params.get("max_plies", DEFAULT_MAX_PLIES))
        if self.max_plies < 1:
            raise gjjq.GjjqError(f"max_plies is {self.max_plies}; it must be at least 1")
        self.rules = _rules(params, "standard" if mode == "open" else "")
        self.position = str(params.get("position", ""))
        self.colour_rule = str(params.get("colour_rule", "first_flip"))
        self.attack_face_down = bool(params.get("attack_face_down", False))
        seed = int(params.get("seed", -1))
        if mode == "open" and seed >= 0:
            if self.position:
                raise gjjq.GjjqError("give position or seed, not both")
            self.position = str(Position.random(seed, self.rules))
        self._new_adapter()  # validates the parameters now, so a bad one fails at load_game
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CHANCE_OUTCOMES if mode == "flip" else 0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_plies,
        )
        super().__init__(game_type, info, params)

    def _new_adapter(self):
        return new_adapter(
            self.mode, self.rules, self.position, self.colour_rule, self.attack_face_down
        )

    def new_initial_state(self) -> "LuzhanqiState":
        return LuzhanqiState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class OpenGame(LuzhanqiGame):
    """``python_luzhanqi``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(params, "open", _OPEN_TYPE)


class FlipGame(LuzhanqiGame):
    """``python_luzhanqi_flip``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(params, "flip", _FLIP_TYPE)


class LuzhanqiState(pyspiel.State):
    """A state: the mode's adapter and the cap."""

    def __init__(self, game: LuzhanqiGame) -> None:
        super().__init__(game)
        self.adapter = game._new_adapter()
        self._max_plies = game.max_plies

    def outcome(self):
        """``(winner player or None, reason)``, the cap's draw included, or ``None``."""
        o = self.adapter.outcome()
        if o is None and self.adapter.plies >= self._max_plies and self.adapter.player() != CHANCE:
            return (None, PLY_LIMIT)
        return o

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        p = self.adapter.player()
        return pyspiel.PlayerId.CHANCE if p == CHANCE else p

    def _legal_actions(self, player: int) -> List[int]:
        del player
        return self.adapter.legal_actions()

    def chance_outcomes(self):
        return self.adapter.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.adapter.player() == CHANCE:
            self.adapter.apply_chance(action)
        else:
            self.adapter.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"={piece_letter(action)}"
        return action_text(action)

    def is_terminal(self) -> bool:
        return self.outcome() is not None

    def returns(self) -> List[float]:
        o = self.outcome()
        if o is None or o[0] is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if o[0] == 0 else [-1.0, 1.0]

    def __str__(self) -> str:
        return self.adapter.text()


class BoardObserver:
    """The observation tensor of docs/python.md from a player's side; the string is the
    state's text."""

    def __init__(self, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.tensor = np.zeros(int(np.prod(OBSERVATION_SHAPE)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, OBSERVATION_SHAPE)}

    def set_from(self, state: LuzhanqiState, player: int) -> None:
        self.dict["observation"][...] = state.adapter.observation(player)

    def string_from(self, state: LuzhanqiState, player: int) -> str:
        del player
        return state.adapter.text()


pyspiel.register_game(_OPEN_TYPE, OpenGame)
pyspiel.register_game(_FLIP_TYPE, FlipGame)
