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

``python_gjjq_hidden``
    The hidden game (暗式, R-37 … R-41): imperfect information, sequential, zero-sum,
    terminal rewards, explicit chance. Two chance nodes first draw Red's and then Green's
    deployment uniformly from a pool of ``deployments`` deployments (drawn once, uniformly
    among all legal ones, R-35, from ``seed``); or the parameter ``opening`` fixes both and
    there is no chance node. Then a player's action is a *proposal* (R-38) in the same 8,100
    space: the referee plays a legal proposal and refuses an illegal one, which tells the
    proposer (and the opponent under ``announce_illegal: both``) and leaves the same player
    to act. The legal actions are the proposals the player's own information state allows:
    its view's candidates (a superset of the legal moves) minus those refused this turn.

    The information-state string is the library's canonical :class:`gjjq.InfoState`
    string, the tensor :meth:`gjjq.InfoState.information_state_tensor` (71, 10, 9); the
    observation is the player's view, tensor (24, 10, 9). See docs/python.md.

    Parameters: ``max_plies`` (moves played; default 1000; a game reaching it is a draw,
    ``ply-limit``), ``rules``, ``deployments`` (pool size, default 1000), ``seed`` (of the
    pool, default 0), ``first`` (``red`` or ``green``, default ``red``), ``opening`` (empty,
    ``default`` for R-27, or ``"<red deployment> <green deployment> [first]"``).

    ``max_game_length`` is ``max_plies * 1424``: a turn takes at most one proposal per
    candidate, and a side's candidates are at most its 16 pieces times 89 destinations.

    *Hidden endgames* (docs/rules.md, "Hidden endgames"; sizes in docs/hidden.md): the
    parameter ``endgame="<red force>:<green force>"`` (endgame types of ``gjjq deploy
    endgame`` without the king, e.g. ``"IID:AF"`` or ``"I:I"``) replaces the deployments by
    one chance node that draws the start position uniformly from a pool of
    ``endgame_pool`` positions (default 100; drawn once with :func:`gjjq.random_endgames`
    from ``seed``, ``first`` to move): valid (R-26), undecided, the side to move unable to
    take the enemy king at once. Each side knows its own pieces, every enemy point and the
    enemy's force, not which enemy piece is which. ``max_plies`` is the ply cap as in the
    full game (keep it small for tabular algorithms, e.g. 2–10); ``max_game_length`` is
    ``max_plies`` times 89 per piece of the larger force. A malformed ``endgame`` is a
    :class:`gjjq.GjjqError` (a ``ValueError``) at ``load_game`` naming the parameter; it
    excludes ``opening``.

    ``state.resample_from_infostate(player, probability_sampler)`` (what OpenSpiel's
    ``ISMCTSBot`` calls) returns a state of a world drawn uniformly among the enemy
    deployments consistent with the player's information state (:class:`gjjq.WorldSampler`,
    seeded from ``seed`` and ``probability_sampler()``), the player's own deployment kept
    and its history replayed (:func:`gjjq.worlds.replay_in_world`): the new state gives the
    player the same information state. It reads the player's information state only. In a
    hidden endgame the world is a start position
    (:meth:`gjjq.WorldSampler.draw_start`, the enemy's force counted, not R-7's).

Example::

    import pyspiel
    import gjjq.openspiel  # registers the games

    game = pyspiel.load_game("python_gjjq", {"max_plies": 300})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
import pyspiel

import gjjq
from gjjq.worlds import check_replayed, mix_seed, replay_actions, sample_world
from gjjq._gjjq import echo
from gjjq._pools import PoolCache, chance_index, index_in
from gjjq._spiel import AdapterObserver, InfoObserver, board_observer, game_info, game_type
from gjjq._spiel import max_plies_param, rules_param

SHORT_NAME = "python_gjjq"
"""The name to pass to ``pyspiel.load_game``."""

DEFAULT_MAX_PLIES = 1000
"""The default ply cap (see the module's docs)."""

PLY_LIMIT = "ply-limit"
"""The reason of the draw at the ply cap."""

_SIDES = (gjjq.RED, gjjq.GREEN)


def _side(player: Any) -> str:
    """The side of player 0 (Red) or 1 (Green); a ``ValueError`` naming the player for any
    other value (never Python's indexing from the end, ``_SIDES[-2]``)."""
    return _SIDES[index_in(player, 2, "player")]

_GAME_TYPE = game_type(
    SHORT_NAME,
    "International Military Chess (国际军棋), open play",
    {
        "max_plies": DEFAULT_MAX_PLIES,
        "rules": "standard",
        "position": "",
    },
)


class GjjqGame(pyspiel.Game):
    """The open game (明式) as an OpenSpiel game."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.max_plies = max_plies_param(params, DEFAULT_MAX_PLIES)
        self.rules = rules_param(params)
        position = str(params.get("position", ""))
        # Validates the parameters now, so a bad one fails at load_game.
        self.start = (
            gjjq.Position.from_string(position, self.rules)
            if position
            else gjjq.Position(self.rules)
        )
        super().__init__(_GAME_TYPE, game_info(gjjq.NUM_ACTIONS, self.max_plies), params)

    def new_initial_state(self) -> "GjjqState":
        """A state at the start position."""
        return GjjqState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer: the board tensor, or the public-information observer for
        perfect-recall information states (the history of moves)."""
        return board_observer(iig_obs_type, params, BoardObserver)


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


class BoardObserver(AdapterObserver):
    """The observation of a state from a player's side: the planes of docs/python.md."""

    SHAPE = tuple(gjjq.OBSERVATION_SHAPE)

    def set_from(self, state: GjjqState, player: int) -> None:
        self.dict["observation"][...] = state.game.observation(_side(player))

    def string_from(self, state: GjjqState, player: int) -> str:
        del player
        return str(state.game.position)


HIDDEN_SHORT_NAME = "python_gjjq_hidden"
"""The name of the hidden game for ``pyspiel.load_game``."""

DEFAULT_POOL = 1000
"""The default number of deployments the chance nodes draw from."""

MAX_POOL = 100_000
"""The most deployments (or endgames) a hidden game's pool may hold: its chance node lists
them all."""

MAX_PROPOSALS_PER_TURN = 16 * 89
"""A bound on the proposals of one turn: each candidate is proposed at most once, and the
candidates are (from, to) pairs with ``from`` one of the side's at most 16 pieces."""

_HIDDEN_GAME_TYPE = game_type(
    HIDDEN_SHORT_NAME,
    "International Military Chess (国际军棋), hidden play (暗式)",
    {
        "max_plies": DEFAULT_MAX_PLIES,
        "rules": "standard",
        "deployments": DEFAULT_POOL,
        "seed": 0,
        "first": "red",
        "opening": "",
        "endgame": "",
        "endgame_pool": 100,
    },
    chance=True,
    hidden=True,
)

DEFAULT_ENDGAME_POOL = 100
"""The default number of start positions the chance node of a hidden endgame draws from."""


def _parse_endgame(text: str) -> Optional[Tuple[str, str]]:
    """The ``endgame`` parameter: empty (deployments), or ``"<red force>:<green force>"``;
    each force is checked by the library (:class:`gjjq.GjjqError` naming the parameter)."""
    text = text.strip()
    if not text:
        return None
    parts = text.split(":")
    if len(parts) != 2:
        raise gjjq.GjjqError(
            f"endgame {echo(repr(text))}: expected '<red force>:<green force>', e.g. 'IID:AF'"
        )
    try:
        # One position checks both forces (and that some start exists for them).
        gjjq.random_endgames(parts[0], parts[1], 0, seed=0)
    except gjjq.GjjqError as e:
        raise gjjq.GjjqError(f"endgame {echo(repr(text))}: {e}") from None
    return parts[0], parts[1]


def _parse_opening(text: str, first: str, rules: str) -> Optional[gjjq.Opening]:
    """The ``opening`` parameter: empty (chance draws), ``default``, or two deployment strings
    and an optional first mover."""
    text = text.strip()
    if not text:
        return None
    if text == "default":
        return gjjq.Opening(first=first)
    parts = text.split()
    if len(parts) not in (2, 3):
        raise gjjq.GjjqError(
            f"opening {echo(repr(text))}: expected 'default' or "
            "'<red deployment> <green deployment> [first]'"
        )
    red = gjjq.Deployment.from_string(parts[0], rules)
    green = gjjq.Deployment.from_string(parts[1], rules)
    return gjjq.Opening(red, green, parts[2] if len(parts) == 3 else first)


def _draw_pool(key: Tuple[Any, ...]) -> List[Any]:
    """The pool of a key: ``("endgame", red, green, size, seed, first, rules)`` or ``(size,
    seed, rules)``."""
    if key[0] == "endgame":
        _, red, green, size, seed, first, rules = key
        return gjjq.random_endgames(red, green, size, seed=seed, first=first, rules=rules)
    size, seed, rules = key
    return gjjq.Deployment.random_many(size, seed, rules)


_POOLS: PoolCache[Any] = PoolCache(_draw_pool)
"""The deployment pools by (size, seed, rules), shared by games and their states (a state
holds only the key, so cloning a state does not copy its pool); bounded: the least recently
used of more than :data:`gjjq._pools.CAPACITY` is dropped (and drawn again, the same, if
asked for)."""


class GjjqHiddenGame(pyspiel.Game):
    """The hidden game (暗式) as an OpenSpiel game."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.max_plies = max_plies_param(params, DEFAULT_MAX_PLIES)
        self.rules = rules_param(params)
        self.first = str(params.get("first", "red"))
        if self.first not in _SIDES:
            raise gjjq.GjjqError(f"first is {echo(repr(self.first))}; it must be red or green")
        size = int(params.get("deployments", DEFAULT_POOL))
        if not 1 <= size <= MAX_POOL:
            raise gjjq.GjjqError(f"deployments is {size}; it must be from 1 to {MAX_POOL}")
        self.opening = _parse_opening(str(params.get("opening", "")), self.first, self.rules)
        self.endgame = _parse_endgame(str(params.get("endgame", "")))
        seed = int(params.get("seed", 0))
        per_turn = MAX_PROPOSALS_PER_TURN
        if self.endgame is not None:
            if self.opening is not None:
                raise gjjq.GjjqError("endgame and opening exclude each other; give one")
            size = int(params.get("endgame_pool", DEFAULT_ENDGAME_POOL))
            if not 1 <= size <= MAX_POOL:
                raise gjjq.GjjqError(f"endgame_pool is {size}; it must be from 1 to {MAX_POOL}")
            red, green = self.endgame
            self.pool_key: Tuple[Any, ...] = ("endgame", red, green, size, seed, self.first, self.rules)
            try:
                self.pool: List[Any] = _POOLS.get(self.pool_key)
            except gjjq.GjjqError as e:
                raise gjjq.GjjqError(f"endgame '{echo(red + ':' + green)}': {e}") from None
            # Validates the forces against a start now, so a bad parameter fails at load_game.
            gjjq.HiddenGame.endgame(self.pool[0], red, green)
            pieces = 1 + max(len(red), len(green))
            per_turn = pieces * 89
        else:
            self.pool_key = (size, seed, self.rules)
            self.pool = [] if self.opening else _POOLS.get(self.pool_key)
            # Validates the rules against the opening now, so a bad parameter fails at load_game.
            (self.opening or gjjq.Opening(self.pool[0], self.pool[0], self.first)).hidden_game(self.rules)
        info = game_info(
            gjjq.NUM_ACTIONS, self.max_plies * per_turn, chance_outcomes=max(len(self.pool), 1)
        )
        super().__init__(_HIDDEN_GAME_TYPE, info, params)

    def new_initial_state(self) -> "GjjqHiddenState":
        """A state before the deployments are drawn (or at the fixed opening)."""
        return GjjqHiddenState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The information-state observer for perfect-recall types, else the view's
        observation; the public observer when no private information is asked for."""
        if iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE:
            return HiddenPublicObserver(iig_obs_type, params)
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver(params)
        return HiddenViewObserver(params)


class GjjqHiddenState(pyspiel.State):
    """A state of the hidden game: the drawn deployments, then a :class:`gjjq.HiddenGame`."""

    def __init__(self, game: GjjqHiddenGame) -> None:
        super().__init__(game)
        # Plain values only: OpenSpiel copies a state's attributes when it clones it.
        self._max_plies = game.max_plies
        self._first = game.first
        self._rules = game.rules
        self._pool_key = game.pool_key
        self._seed = int(game.pool_key[4] if game.endgame else game.pool_key[1])
        self._endgame = game.endgame
        self.deployments: List[gjjq.Deployment] = []
        self.hidden: Optional[gjjq.HiddenGame] = None
        if game.opening is not None:
            self.deployments = [game.opening.red, game.opening.green]
            self.hidden = game.opening.hidden_game(game.rules)

    def outcome(self) -> Optional[gjjq.Outcome]:
        """The game's outcome, the ply cap's draw included, or ``None``."""
        if self.hidden is None:
            return None
        o = self.hidden.outcome()
        if o is None and self.hidden.ply >= self._max_plies:
            return gjjq.Outcome(None, PLY_LIMIT)
        return o

    def info_state(self, player: int) -> Optional[gjjq.InfoState]:
        """What ``player`` has been told, or ``None`` before play."""
        side = _side(player)
        return None if self.hidden is None else self.hidden.info_state(side)

    def current_player(self) -> int:
        if self.hidden is None:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return _SIDES.index(self.hidden.turn)

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """The next side's deployment (in a hidden endgame, the start position): each of the
        pool equally likely."""
        n = len(_POOLS.get(self._pool_key))
        return [(i, 1.0 / n) for i in range(n)]

    def _pool_entry(self, outcome: int) -> Any:
        """The pool's entry of a chance outcome (a ``ValueError`` out of its range)."""
        pool = _POOLS.get(self._pool_key)
        return pool[chance_index(outcome, len(pool))]

    def _legal_actions(self, player: int) -> List[int]:
        """The proposals ``player``'s information state allows, ascending."""
        assert self.hidden is not None
        return self.hidden.info_state(_side(player)).proposal_actions()

    def _apply_action(self, action: int) -> None:
        if self.hidden is None and self._endgame is not None:
            self.hidden = gjjq.HiddenGame.endgame(self._pool_entry(action), *self._endgame)
            return
        if self.hidden is None:
            self.deployments.append(self._pool_entry(action))
            if len(self.deployments) == 2:
                red, green = self.deployments
                opening = gjjq.Opening(red, green, self._first)
                self.hidden = opening.hidden_game(self._rules)
            return
        self.hidden.propose(self.hidden.turn, action)

    def _action_to_string(self, player: int, action: int) -> str:
        """A chance outcome as ``red deploys <deployment>``; a proposal in ASCII (``5B5A``)."""
        if player == pyspiel.PlayerId.CHANCE and self._endgame is not None:
            return f"start {self._pool_entry(action)}"
        if player == pyspiel.PlayerId.CHANCE:
            side = _SIDES[len(self.deployments)] if len(self.deployments) < 2 else "?"
            return f"{side} deploys {self._pool_entry(action)}"
        return gjjq.Move.from_action(action).ascii()

    def is_terminal(self) -> bool:
        return self.hidden is not None and (
            self.hidden.is_over() or self.hidden.ply >= self._max_plies
        )

    def returns(self) -> List[float]:
        o = self.outcome()
        if o is None or o.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if o.winner == gjjq.RED else [-1.0, 1.0]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> "GjjqHiddenState":
        """A state of another world with the same information state for ``player_id``:
        its own deployment, an enemy deployment drawn uniformly among those consistent with
        what it was told (:class:`gjjq.WorldSampler`, seeded by :func:`gjjq.worlds.mix_seed`
        from the game's ``seed`` and one value of ``probability_sampler``, a callable
        returning a float in ``[0, 1)`` such as ``pyspiel.UniformProbabilitySampler``), and
        the history it was told replayed (:func:`gjjq.worlds.replay_in_world`). Only the
        player's information state is read, never the true enemy deployment.

        Before play (chance nodes) the player knows at most its own deployment, and the state
        is cloned. The new state's ``history()`` holds the replayed proposals only (the drawn
        world need not be one of the pool's chance outcomes). Raises :class:`gjjq.GjjqError`
        when ``player_id`` is not 0 or 1, :class:`gjjq.WorldError` when no world is found.
        """
        if player_id not in (0, 1):
            raise gjjq.GjjqError(
                f"resample_from_infostate: player_id is {echo(repr(player_id))}; it must be 0 or 1"
            )
        if self.hidden is None:
            clone: GjjqHiddenState = self.clone()
            return clone
        info = self.hidden.info_state(_SIDES[player_id])
        seed = mix_seed(self._seed, float(probability_sampler()))
        if self._endgame is not None:
            start = gjjq.WorldSampler(info, seed).draw_start()
            state = GjjqHiddenState(self.get_game())
            state.hidden = gjjq.HiddenGame.endgame(start, *self._endgame)
            for action in replay_actions(info):
                state.apply_action(action)
            check_replayed(state.hidden, info)
            return state
        world = sample_world(info, seed)
        red, green = (info.deployment, world) if player_id == 0 else (world, info.deployment)
        state = GjjqHiddenState(self.get_game())
        state.deployments = [red, green]
        state.hidden = gjjq.Opening(red, green, self._first).hidden_game(self._rules)
        # Through apply_action, so that the new state's history() has the proposals.
        for action in replay_actions(info):
            state.apply_action(action)
        check_replayed(state.hidden, info)
        return state

    def __str__(self) -> str:
        """The referee's record (both deployments, moves, refusals) once play has begun."""
        if self.hidden is None and self._endgame is not None:
            return "drawing the endgame start"
        if self.hidden is None:
            return "deploying: " + " ".join(str(d) for d in self.deployments)
        if self.hidden.is_endgame:
            game = self.hidden.true_game
            moves = " ".join(m.ascii() for m in game.moves)
            return f"endgame {game.start} moves {moves}".rstrip()
        return self.hidden.to_text("ascii")


def _before_play(state: GjjqHiddenState, player: int) -> str:
    """A player's information before play: its own deployment once drawn (nothing before a
    hidden endgame's start is drawn)."""
    player = index_in(player, 2, "player")
    if state._endgame is not None:
        return f"{'rg'[player]} before the start"
    if len(state.deployments) > player:
        return f"{'rg'[player]} deployed {state.deployments[player]}"
    return f"{'rg'[player]} deploying"


class _HiddenObserver(InfoObserver):
    """What one player may see of a hidden game, as one named tensor and a string; before
    play (the chance nodes) the tensor is zero."""

    before_play = staticmethod(_before_play)


class InfoStateObserver(_HiddenObserver):
    """A player's information state: the canonical :class:`gjjq.InfoState` string and the
    information-state tensor (71, 10, 9)."""

    key = "info_state"
    shape = tuple(gjjq.INFO_STATE_SHAPE)

    def _tensor(self, info: "gjjq.InfoState") -> Any:
        return info.information_state_tensor()

    def _string(self, info: "gjjq.InfoState") -> str:
        return str(info)


class HiddenViewObserver(_HiddenObserver):
    """A player's view now: the hidden-play observation tensor (24, 10, 9) and a board string
    with own pieces by letter and enemy pieces as ``?``."""

    key = "observation"
    shape = tuple(gjjq.HIDDEN_OBSERVATION_SHAPE)

    def _tensor(self, info: "gjjq.InfoState") -> Any:
        return info.observation()

    def _string(self, info: "gjjq.InfoState") -> str:
        return view_string(info)


def view_string(info: gjjq.InfoState) -> str:
    """A side's view as a position-string-like board (R-31's placement: rank e of Green's
    country first): own pieces by letter, enemy pieces as ``?``; then the side to move and
    the own pending return (striker and origin), if any."""
    view = info.view()
    own = view.own()
    enemy = view.enemy()
    upper = info.side == gjjq.RED
    rows = []
    for y in range(9, -1, -1):
        row, empty = "", 0
        for x in range(9):
            label = gjjq.square_label(y * 9 + x)
            if label in own:
                letter = "KGMFPADI"[gjjq.PIECE_KINDS.index(own[label])]
                char = letter if upper else letter.lower()
            elif label in enemy:
                char = "?"
            else:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += char
        rows.append(row + (str(empty) if empty else ""))
    pending = view.pending_return()
    tail = f"{pending[0]}{pending[1]}" if pending else "-"
    return f"{'/'.join(rows)} {info.turn[0]} {tail}"


class HiddenPublicObserver:
    """What both players see: the occupied points of each side (absolute frame, Red's first)
    and, with perfect recall, the moves played with their public marks."""

    def __init__(self, iig_obs_type, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self._recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(2 * gjjq.NUM_SQUARES, np.float32)
        self.dict = {"occupied": np.reshape(self.tensor, (2, 10, 9))}

    def set_from(self, state: GjjqHiddenState, player: int) -> None:
        self.tensor.fill(0)
        info = state.info_state(player)
        if info is None:
            return
        own, enemy = info.view().occupied()
        me = _SIDES.index(info.side)
        for i, points in ((me, own), (1 - me, enemy)):
            for label in points:
                sq = gjjq.square_index(label)
                self.dict["occupied"][i, sq // 9, sq % 9] = 1.0

    def string_from(self, state: GjjqHiddenState, player: int) -> str:
        info = state.info_state(player)
        if info is None:
            return "deploying"
        own, enemy = info.view().occupied()
        red, green = (own, enemy) if info.side == gjjq.RED else (enemy, own)
        text = f"red {' '.join(red)} / green {' '.join(green)}"
        if self._recall:
            # Played moves with their public marks; what only one side is told (refusals of
            # one's own, captured kinds) is left out.
            public = []
            for e in info.events:
                if e.kind == "played" and e.move is not None:
                    mark = ("x" if e.capture else "") + ("=" if e.stayed else "")
                    mark += f"~{e.removed}" if e.removed else ""
                    public.append(e.move.ascii() + mark)
            text += " | " + " ".join(public)
        return text


_HIDDEN_REGISTERED = False


def register_hidden_game() -> None:
    """Register the hidden game (暗式, R-37 … R-41) as ``python_gjjq_hidden``; importing
    this module already does. Calling it again does nothing."""
    global _HIDDEN_REGISTERED
    if not _HIDDEN_REGISTERED:
        pyspiel.register_game(_HIDDEN_GAME_TYPE, GjjqHiddenGame)
        _HIDDEN_REGISTERED = True


pyspiel.register_game(_GAME_TYPE, GjjqGame)
register_hidden_game()
