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

``python_siguo_dark`` and ``python_siguo_double_open``
    四暗 (each seat sees its own kinds, L-63) and 雙明 (each seat also sees its ally's, L-64)
    with a referee: imperfect information, explicit chance, ``num_players() == 4``, returns by
    team as above. Unless ``position`` gives the start, four chance nodes draw Red's, Green's,
    Blue's and Yellow's deployments uniformly from a pool of ``deployments`` (default 1,000)
    deployments drawn once (L-58) from ``seed`` (default 0). ``information_state_string(p)``
    is seat ``p``'s information state (the text of docs/siguo.md: perfect recall),
    ``observation_string(p)`` its view now (board with unseen kinds as ``?``, seat to move,
    seats in play); both tensors are the (65, 17, 17) view tensor of docs/python.md. Legal
    actions are read from the mover's information state; ``resample_from_infostate`` draws
    the hidden armies with the library's world sampler, so OpenSpiel's ``ISMCTSBot`` runs.
    ``rules`` as above, its ``mode`` set by the game; ``max_plies`` (default 2000).

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

from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
import pyspiel

import gjjq
from gjjq._gjjq import SG_DARK_OBSERVATION_SHAPE, SG_SEATS, SgWorldSampler, echo
from gjjq._pools import chance_index
from gjjq.siguo import NUM_ACTIONS, OBSERVATION_SHAPE, action_text
from gjjq._spiel import AdapterObserver, AdapterState, board_observer, game_info, game_type
from gjjq._spiel import max_plies_param, rules_param
from gjjq.luzhanqi.modes import deployment_pool
from gjjq.siguo.modes import CHANCE, DarkAdapter, new_adapter
from gjjq.worlds import mix_seed

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


DARK_SHORT_NAME = "python_siguo_dark"
"""四暗's name for ``pyspiel.load_game``."""

DOUBLE_OPEN_SHORT_NAME = "python_siguo_double_open"
"""雙明's name for ``pyspiel.load_game``."""

DEFAULT_POOL = 1000
"""The default number of deployments the dark games' chance nodes draw from."""

MAX_POOL = 100_000
"""The most deployments a pool may hold (its chance node lists them all)."""


def _dark_type(short_name: str, long_name: str) -> pyspiel.GameType:
    return game_type(
        short_name,
        long_name,
        {
            "max_plies": DEFAULT_MAX_PLIES,
            "rules": "standard",
            "position": "",
            "deployments": DEFAULT_POOL,
            "seed": 0,
        },
        players=4,
        chance=True,
        hidden=True,
    )


_DARK_TYPE = _dark_type(DARK_SHORT_NAME, "Siguo Junqi (四國軍棋), dark play with a referee (四暗)")
_DOUBLE_OPEN_TYPE = _dark_type(
    DOUBLE_OPEN_SHORT_NAME, "Siguo Junqi (四國軍棋), allies open (雙明) with a referee"
)

_SAMPLERS: Dict[str, SgWorldSampler] = {}
"""The last few world samplers by information-state text: IS-MCTS resamples the same
information state once per simulation."""

_SAMPLER_CACHE = 4


def world_sampler(info: str) -> SgWorldSampler:
    """The world sampler of an information state's text (cached for the last few)."""
    sampler = _SAMPLERS.get(info)
    if sampler is None:
        if len(_SAMPLERS) >= _SAMPLER_CACHE:
            _SAMPLERS.pop(next(iter(_SAMPLERS)))
        sampler = SgWorldSampler(info)
        _SAMPLERS[info] = sampler
    return sampler


class SiguoDarkGame(pyspiel.Game):
    """``python_siguo_dark`` (and, as :class:`SiguoDoubleOpenGame`, ``python_siguo_double_open``)."""

    MODE = "dark"
    TYPE = _DARK_TYPE

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.max_plies = max_plies_param(params, DEFAULT_MAX_PLIES)
        self.rules = rules_param(params) or None
        self.position = str(params.get("position", ""))
        size = int(params.get("deployments", DEFAULT_POOL))
        if not 1 <= size <= MAX_POOL:
            raise gjjq.GjjqError(f"deployments is {size}; it must be from 1 to {MAX_POOL}")
        self.seed = int(params.get("seed", 0))
        self.pool = None if self.position.strip() else (size, self.seed)
        self._new_adapter()  # validates the parameters now, so a bad one fails at load_game
        info = game_info(
            NUM_ACTIONS, self.max_plies, players=4, chance_outcomes=size if self.pool else 1
        )
        super().__init__(self.TYPE, info, params)

    def _new_adapter(self) -> DarkAdapter:
        a = new_adapter(self.MODE, self.rules, self.position, None, self.max_plies, self.pool)
        assert isinstance(a, DarkAdapter)
        return a

    def new_initial_state(self) -> "SiguoDarkState":
        return SiguoDarkState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The information state for perfect-recall types, else the view; the public
        observer (who stands where, the seats in play and to move) when no private
        information is asked for."""
        if iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE:
            return SeatObserver(params, "public")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return SeatObserver(params, "info_state")
        return SeatObserver(params, "view")


class SiguoDoubleOpenGame(SiguoDarkGame):
    """``python_siguo_double_open``."""

    MODE = "double_open"
    TYPE = _DOUBLE_OPEN_TYPE


class SiguoDarkState(SiguoState):
    """A state of a dark game: the deployments drawn, then the referee's game."""

    CHANCE = CHANCE
    adapter: DarkAdapter

    def __init__(self, game: SiguoDarkGame) -> None:
        super().__init__(game)
        self._seed = game.seed

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            n = len(self.adapter.deployments)
            seat = SG_SEATS[n] if n < 4 else "?"
            assert self.adapter.pool is not None
            pool = deployment_pool(*self.adapter.pool)
            return f"{seat} deploys {pool[chance_index(action, len(pool))]}"
        return action_text(action)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> "SiguoDarkState":
        """A state of another world that gives ``player_id`` the same information state: the
        armies it was not shown drawn by :class:`gjjq.siguo.WorldSampler` (each world
        consistent with what it was told equally likely, docs/python.md) with a generator
        seeded by :func:`gjjq.worlds.mix_seed` from the game's ``seed`` and one value of
        ``probability_sampler``, and the announced actions replayed. Only the player's
        information-state text is read. While deployments are still to be drawn the state is
        cloned. Raises :class:`gjjq.WorldError` when no world is found, or if the replay
        does not give the same information state (never, by the sampler's replay check)."""
        if player_id not in range(4):
            raise gjjq.GjjqError(
                f"resample_from_infostate: player_id is {echo(repr(player_id))}; it must be 0 … 3"
            )
        info = self.adapter.info_state(player_id)
        if info is None:
            clone: SiguoDarkState = self.clone()
            return clone
        seed = mix_seed(self._seed, float(probability_sampler()))
        game = world_sampler(info).draw(seed)
        state = SiguoDarkState(self.get_game())
        state.adapter = type(self.adapter)(game, self.adapter.max_plies)
        if state.adapter.info_state(player_id) != info:
            raise gjjq.WorldError(
                "resample_from_infostate: the drawn world does not replay to the information state"
            )
        return state


class SeatObserver:
    """One player's information as one named tensor and a string: ``info_state`` (the
    information-state text, perfect recall), ``view`` (the view now) or ``public`` (the
    view with every kind hidden). Zero, and a ``deploying`` string, while deployments are to
    be drawn. Both private tensors are the (65, 17, 17) view tensor; the public one keeps its
    planes of seats, in play, to move and moved pieces, every piece in the "unknown" plane."""

    SHAPE: Tuple[int, ...] = tuple(SG_DARK_OBSERVATION_SHAPE)

    def __init__(self, params: Optional[Dict[str, Any]], kind: str) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.kind = kind
        self.tensor = np.zeros(int(np.prod(self.SHAPE)), np.float32)
        key = "info_state" if kind == "info_state" else "observation"
        self.dict = {key: np.reshape(self.tensor, self.SHAPE)}
        self._view = self.dict[key]

    def set_from(self, state: SiguoDarkState, player: int) -> None:
        t = state.adapter.observation(player)
        if self.kind == "public":
            t = _public_tensor(t)
        self._view[...] = t

    def string_from(self, state: SiguoDarkState, player: int) -> str:
        a = state.adapter
        if a.game is None:
            return f"deploying {len(a.deployments)}/4"
        if self.kind == "info_state":
            return a.info_state(player) or ""
        view = a.view(player) or ""
        if self.kind == "public":
            return _public_text(view)
        return view


def _public_tensor(t: np.ndarray) -> np.ndarray:
    """A view tensor with every kind plane folded into its seat's "unknown" plane."""
    out = t.copy()
    for s in range(4):
        out[s * 13 + 12] = t[s * 13 : s * 13 + 13].max(axis=0)
        out[s * 13 : s * 13 + 12] = 0.0
    return out


def _public_text(view: str) -> str:
    """A view's text with every kind shown as ``?``: who stands where, who moves, who plays."""
    board, rest = view.split(" ", 1)
    chars = list(board)
    for i in range(len(chars) - 1):
        if chars[i] in "rgby" and chars[i + 1].isalpha() and chars[i + 1].isupper():
            chars[i + 1] = "?"
    return "".join(chars) + " " + rest


pyspiel.register_game(_OPEN_TYPE, SiguoGame)
pyspiel.register_game(_DARK_TYPE, SiguoDarkGame)
pyspiel.register_game(_DOUBLE_OPEN_TYPE, SiguoDoubleOpenGame)
