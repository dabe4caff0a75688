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

``python_luzhanqi_dark``
    暗棋 (dark play with a referee, L-31): imperfect information, explicit chance. Two chance
    nodes draw Red's and then Blue's deployment uniformly from a pool of ``deployments``
    (default 1,000) deployments drawn once (L-18) from ``seed``; ``opening`` (``"default"`` or
    ``"<red deployment> <blue deployment> [first]"``) fixes them instead. Player 0 is Red.
    ``information_state_string`` is the compact information-state string (perfect recall),
    ``information_state_tensor`` the (74, 12, 5) tensor, ``observation_string`` the view as a
    board (own letters, enemies ``?``) and ``observation_tensor`` the (17, 12, 5) view tensor:
    none holds an enemy kind. ``resample_from_infostate`` draws the enemy deployment with the
    library's exact sampler and replays the history, so OpenSpiel's ``ISMCTSBot`` runs.
    Parameters ``marshal_reveals_flag`` (bool, default True), ``first``.

All: the action index of docs/luzhanqi.md (3,660 actions: a move ``from * 60 + to``, a flip
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

from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
import pyspiel

import gjjq
from gjjq.luzhanqi import NUM_ACTIONS, NUM_CHANCE_OUTCOMES, OBSERVATION_SHAPE, Position
from gjjq.luzhanqi import action_text, piece_letter
from gjjq._pools import chance_index, index_in
from gjjq._spiel import AdapterObserver, AdapterState, InfoObserver, board_observer, game_info
from gjjq._spiel import game_type, max_plies_param, rules_param
from gjjq.luzhanqi.modes import CHANCE, SIDES, deployment_pool, new_adapter
from gjjq.worlds import mix_seed
from gjjq._gjjq import echo

SHORT_NAME = "python_luzhanqi"
"""The open game's name for ``pyspiel.load_game``."""

FLIP_SHORT_NAME = "python_luzhanqi_flip"
"""The flip game's name for ``pyspiel.load_game``."""

DEFAULT_MAX_PLIES = 1000
"""The default cap on player actions."""

PLY_LIMIT = "ply-limit"
"""The reason of the draw at the cap."""


_OPEN_TYPE = game_type(
    SHORT_NAME,
    "Luzhanqi (陸戰棋), open play",
    {"max_plies": DEFAULT_MAX_PLIES, "rules": "standard", "position": "", "seed": -1},
)
_FLIP_TYPE = game_type(
    FLIP_SHORT_NAME,
    "Luzhanqi (陸戰棋), flip play (翻棋)",
    {
        "max_plies": DEFAULT_MAX_PLIES,
        "rules": "",
        "position": "",
        "colour_rule": "first_flip",
        "attack_face_down": False,
    },
    chance=True,
)


def _rules(params: Dict[str, Any], default: str) -> Optional[str]:
    return rules_param(params, default) or None


class LuzhanqiGame(pyspiel.Game):
    """A 陸戰棋 game of one mode as an OpenSpiel game."""

    def __init__(self, params: Optional[Dict[str, Any]], mode: str, game_type) -> None:
        params = dict(params or {})
        self.mode = mode
        self.max_plies = max_plies_param(params, DEFAULT_MAX_PLIES)
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
        chance = NUM_CHANCE_OUTCOMES if mode == "flip" else 0
        info = game_info(NUM_ACTIONS, self.max_plies, chance_outcomes=chance)
        super().__init__(game_type, info, params)

    def _new_adapter(self):
        return new_adapter(
            self.mode, self.rules, self.position, self.colour_rule, self.attack_face_down
        )

    def new_initial_state(self) -> "LuzhanqiState":
        return LuzhanqiState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return board_observer(iig_obs_type, params, BoardObserver)


class OpenGame(LuzhanqiGame):
    """``python_luzhanqi``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(params, "open", _OPEN_TYPE)


class FlipGame(LuzhanqiGame):
    """``python_luzhanqi_flip``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(params, "flip", _FLIP_TYPE)


class LuzhanqiState(AdapterState):
    """A state: the mode's adapter and the cap."""

    CHANCE = CHANCE

    def __init__(self, game: LuzhanqiGame) -> None:
        super().__init__(game)
        self._max_plies = game.max_plies

    def outcome(self):
        """``(winner player or None, reason)``, the cap's draw included, or ``None``."""
        o = self.adapter.outcome()
        if o is None and self.adapter.plies >= self._max_plies and self.adapter.player() != CHANCE:
            return (None, PLY_LIMIT)
        return o

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"={piece_letter(action)}"
        return action_text(action)

    def returns(self) -> List[float]:
        o = self.outcome()
        if o is None or o[0] is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if o[0] == 0 else [-1.0, 1.0]


class BoardObserver(AdapterObserver):
    """The observation tensor of docs/python.md from a player's side; the string is the
    state's text."""

    SHAPE = tuple(OBSERVATION_SHAPE)


DARK_SHORT_NAME = "python_luzhanqi_dark"
"""The dark game's name for ``pyspiel.load_game``."""

DEFAULT_POOL = 1000
"""The default number of deployments the dark game's chance nodes draw from."""

MAX_POOL = 100_000
"""The most deployments a dark game's pool may hold (its chance node lists them all)."""

_DARK_TYPE = game_type(
    DARK_SHORT_NAME,
    "Luzhanqi (陸戰棋), dark play with a referee (暗棋)",
    {
        "max_plies": DEFAULT_MAX_PLIES,
        "rules": "standard",
        "marshal_reveals_flag": True,
        "first": "red",
        "deployments": DEFAULT_POOL,
        "seed": 0,
        "opening": "",
    },
    chance=True,
    hidden=True,
)

_SAMPLERS: Dict[Tuple[str, str, bool], Any] = {}
"""The last few world samplers by (information-state string, rules, flag option): IS-MCTS
resamples the same information state once per simulation, and a sampler costs tens of
milliseconds to build and microseconds to draw from."""

_SAMPLER_CACHE = 4


def world_sampler(info: "gjjq.luzhanqi.InfoState") -> Any:
    """The exact world sampler of ``info`` (cached for the last few states)."""
    key = (str(info), info.rules, info.marshal_reveals_flag)
    sampler = _SAMPLERS.get(key)
    if sampler is None:
        if len(_SAMPLERS) >= _SAMPLER_CACHE:
            _SAMPLERS.pop(next(iter(_SAMPLERS)))
        sampler = gjjq.luzhanqi.WorldSampler(info, 0)
        _SAMPLERS[key] = sampler
    return sampler


class DarkGame(pyspiel.Game):
    """``python_luzhanqi_dark``: 暗棋 as an OpenSpiel game."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.mode = "dark"
        self.max_plies = max_plies_param(params, DEFAULT_MAX_PLIES)
        self.rules = _rules(params, "standard")
        self.marshal_reveals_flag = bool(params.get("marshal_reveals_flag", True))
        self.first = str(params.get("first", "red"))
        if self.first not in SIDES:
            raise gjjq.GjjqError(f"first is {echo(repr(self.first))}; it must be red or blue")
        size = int(params.get("deployments", DEFAULT_POOL))
        if not 1 <= size <= MAX_POOL:
            raise gjjq.GjjqError(f"deployments is {size}; it must be from 1 to {MAX_POOL}")
        self.seed = int(params.get("seed", 0))
        self.opening = str(params.get("opening", ""))
        self.pool = None if self.opening.strip() else (size, self.seed)
        self._new_adapter()  # validates the parameters now, so a bad one fails at load_game
        info = game_info(NUM_ACTIONS, self.max_plies, chance_outcomes=size if self.pool else 1)
        super().__init__(_DARK_TYPE, info, params)

    def _new_adapter(self):
        return new_adapter(
            "dark",
            self.rules,
            self.opening,
            marshal_reveals_flag=self.marshal_reveals_flag,
            pool=self.pool,
            first=self.first,
        )

    def new_initial_state(self) -> "DarkState":
        return DarkState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The information state for perfect-recall types, else the view; the public
        observer when no private information is asked for."""
        if iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE:
            return DarkPublicObserver(iig_obs_type, params)
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return DarkInfoStateObserver(params)
        return DarkViewObserver(params)


class DarkState(LuzhanqiState):
    """A state of the dark game: the deployments drawn, then the referee's game."""

    def __init__(self, game: DarkGame) -> None:
        super().__init__(game)
        self._seed = game.seed

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            side = SIDES[len(self.adapter.deployments)] if len(self.adapter.deployments) < 2 else "?"
            assert self.adapter.pool is not None
            pool = deployment_pool(*self.adapter.pool)
            return f"{side} deploys {pool[chance_index(action, len(pool))]}"
        return action_text(action)

    def info_state(self, player: int):
        """What ``player`` knows (a :class:`gjjq.luzhanqi.InfoState`), or ``None`` before its
        deployment is drawn."""
        return self.adapter.info_state(player)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> "DarkState":
        """A state of another world that gives ``player_id`` the same information state: its
        own deployment, the enemy's drawn uniformly among those consistent with what it was
        told (:class:`gjjq.luzhanqi.WorldSampler`, exact; seeded by
        :func:`gjjq.worlds.mix_seed` from the game's ``seed`` and one value of
        ``probability_sampler``), and the announced moves replayed through
        ``apply_action``. Only the player's information state is read. Before both
        deployments are drawn the state is cloned. Raises :class:`gjjq.WorldError` if the
        replay does not give the same information state (never, by the sampler's
        exactness)."""
        if player_id not in (0, 1):
            raise gjjq.GjjqError(
                f"resample_from_infostate: player_id is {echo(repr(player_id))}; it must be 0 or 1"
            )
        if self.adapter.game is None:
            clone: DarkState = self.clone()
            return clone
        info = self.adapter.info_state(player_id)
        seed = mix_seed(self._seed, float(probability_sampler()))
        world = world_sampler(info).draw(seed)
        own = info.deployment
        red, blue = (own, world) if player_id == 0 else (world, own)
        state = DarkState(self.get_game())
        adapter = state.adapter
        adapter.game = gjjq.luzhanqi.DarkGame(
            red, blue, info.first, adapter.rules, adapter.marshal_reveals_flag
        )
        adapter.deployments = [red, blue]
        for a in info.history:
            state.apply_action(a.action)
        if str(state.adapter.info_state(player_id)) != str(info):
            raise gjjq.WorldError(
                f"resample_from_infostate: the drawn world {world} does not replay to {info}"
            )
        return state


def _before_play(state: DarkState, player: int) -> str:
    return f"{SIDES[index_in(player, 2, 'player')][0]} deploying"


class _DarkObserver(InfoObserver):
    """One player's information as one named tensor and a string (zero before its
    deployment is drawn)."""

    before_play = staticmethod(_before_play)


class DarkInfoStateObserver(_DarkObserver):
    """The information state: its compact string and the (74, 12, 5) tensor."""

    key = "info_state"
    shape = tuple(gjjq.luzhanqi.DARK_INFO_STATE_SHAPE)

    def _tensor(self, info) -> Any:
        return info.information_state_tensor()

    def _string(self, info) -> str:
        return str(info)


class DarkViewObserver(_DarkObserver):
    """The view now: the board with own letters and ``?`` for enemies, and the (17, 12, 5)
    tensor."""

    key = "observation"
    shape = tuple(gjjq.luzhanqi.DARK_OBSERVATION_SHAPE)

    def _tensor(self, info) -> Any:
        return info.observation()

    def _string(self, info) -> str:
        return info.view().board_string()


class DarkPublicObserver:
    """What both players see: the occupied points of each side (absolute frame, Red's plane
    first, rank 1 in row 0) and, with perfect recall, the announcements."""

    def __init__(self, iig_obs_type, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self._recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(2 * 60, np.float32)
        self.dict = {"occupied": np.reshape(self.tensor, (2, 12, 5))}

    def _points(self, state: DarkState, player: int):
        info = state.info_state(player)
        if info is None or state.adapter.game is None:
            return None
        own, enemy = info.view().occupied()
        return (own, enemy) if info.side == "red" else (enemy, own)

    def set_from(self, state: DarkState, player: int) -> None:
        self.tensor.fill(0)
        points = self._points(state, player)
        if points is None:
            return
        for i, side in enumerate(points):
            for label in side:
                file, rank = "abcde".index(label[0]), int(label[1:])
                self.dict["occupied"][i, rank - 1, file] = 1.0

    def string_from(self, state: DarkState, player: int) -> str:
        points = self._points(state, player)
        if points is None:
            return "deploying"
        text = f"red {' '.join(points[0])} / blue {' '.join(points[1])}"
        if self._recall:
            text += " | " + " ".join(str(a) for a in state.adapter.game.history)
        return text


pyspiel.register_game(_OPEN_TYPE, OpenGame)
pyspiel.register_game(_FLIP_TYPE, FlipGame)
pyspiel.register_game(_DARK_TYPE, DarkGame)
