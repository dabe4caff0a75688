"""What the OpenSpiel games of the package share: their game type and information, their
``max_plies`` and ``rules`` parameters, the board observer of a perfect-information game, and
the state of a game played through a mode adapter.

Private: the games are in :mod:`gjjq.openspiel`, :mod:`gjjq.luzhanqi.openspiel` and
:mod:`gjjq.siguo.openspiel`.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
import pyspiel

import gjjq


def game_type(
    short_name: str,
    long_name: str,
    params: Dict[str, Any],
    players: int = 2,
    chance: bool = False,
    hidden: bool = False,
) -> pyspiel.GameType:
    """A sequential, zero-sum game type with terminal rewards and observation strings and
    tensors: with explicit chance nodes when ``chance``; of imperfect information, with
    information-state tensors, when ``hidden``."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=hidden,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def game_info(
    num_actions: int, max_game_length: int, players: int = 2, chance_outcomes: int = 0
) -> pyspiel.GameInfo:
    """A zero-sum game's information: each player's return -1, 0 or +1."""
    return pyspiel.GameInfo(
        num_distinct_actions=num_actions,
        max_chance_outcomes=chance_outcomes,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_game_length,
    )


def max_plies_param(params: Dict[str, Any], default: int) -> int:
    """The ``max_plies`` parameter, at least 1."""
    max_plies = int(params.get("max_plies", default))
    if max_plies < 1:
        raise gjjq.GjjqError(f"max_plies is {max_plies}; it must be at least 1")
    return max_plies


def rules_param(params: Dict[str, Any], default: str = "standard") -> str:
    """The ``rules`` parameter: a preset name or rules JSON. OpenSpiel's game strings split
    parameters at commas, so the JSON's commas may be written as semicolons
    (``{"announce_illegal":"both";"reveal_captured":"to_captor"}``); JSON has no semicolon
    outside strings, and no rules value holds one."""
    return str(params.get("rules", default)).replace(";", ",")


def board_observer(iig_obs_type: Any, params: Any, board: Callable[[Any], Any]) -> Any:
    """A perfect-information game's observer: ``board(params)``, or OpenSpiel's
    public-information observer for perfect-recall information states (the history)."""
    if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
        return board(params)
    from open_spiel.python.observation import IIGObserverForPublicInfoGame

    return IIGObserverForPublicInfoGame(iig_obs_type, params)


class AdapterObserver:
    """The observation tensor (of shape ``SHAPE``) of a state played through a mode adapter
    (``state.adapter``), from a player's side; the string is the state's text (every player
    sees the same board)."""

    SHAPE: Tuple[int, ...]

    def __init__(self, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.tensor = np.zeros(int(np.prod(self.SHAPE)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, self.SHAPE)}

    def set_from(self, state: Any, player: int) -> None:
        self.dict["observation"][...] = state.adapter.observation(player)

    def string_from(self, state: Any, player: int) -> str:
        del player
        return state.adapter.text()


class InfoObserver:
    """What one player may see of a game with hidden information, as one named tensor
    (``key``, of shape ``shape``) and a string, computed from the player's information state
    (``state.info_state(player)``) by ``_tensor`` and ``_string``; before the player has one
    (the chance nodes before play) the tensor is zero and the string is ``before_play(state,
    player)``."""

    key: str = ""
    shape: Tuple[int, ...] = ()
    before_play: Callable[[Any, int], str]

    def __init__(self, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.tensor = np.zeros(int(np.prod(self.shape)), np.float32)
        self.dict = {self.key: np.reshape(self.tensor, self.shape)}

    def _tensor(self, info: Any) -> Any:
        raise NotImplementedError

    def _string(self, info: Any) -> str:
        raise NotImplementedError

    def set_from(self, state: Any, player: int) -> None:
        info = state.info_state(player)
        if info is None:
            self.tensor.fill(0)
        else:
            self.dict[self.key][...] = self._tensor(info)

    def string_from(self, state: Any, player: int) -> str:
        info = state.info_state(player)
        return self.before_play(state, player) if info is None else self._string(info)


class AdapterState(pyspiel.State):
    """A state played through a mode adapter (``game._new_adapter()``; :mod:`gjjq.luzhanqi.modes`,
    :mod:`gjjq.siguo.modes`): its player to act, legal actions, chance outcomes, actions and
    text are the adapter's. Subclasses define ``outcome()`` (``None`` while the game goes on,
    else ``(winner, reason)``, the cap's draw included), ``returns`` and
    ``_action_to_string``; ``CHANCE`` is what the adapter's ``player()`` says at a chance node
    (``None``: the game has none)."""

    CHANCE: Optional[int] = None

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.adapter = game._new_adapter()

    def outcome(self) -> Any:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.outcome() is not None

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        p = self.adapter.player()
        return pyspiel.PlayerId.CHANCE if p == self.CHANCE else p

    def _legal_actions(self, player: int) -> List[int]:
        del player
        return self.adapter.legal_actions()

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        return self.adapter.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.CHANCE is not None and self.adapter.player() == self.CHANCE:
            self.adapter.apply_chance(action)
        else:
            self.adapter.apply(action)

    def __str__(self) -> str:
        return self.adapter.text()
