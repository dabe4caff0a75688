"""The AEC plumbing that every PettingZoo environment of the package shares: PettingZoo's
wrappers, the spaces, the per-agent dicts, the end of a game (an outcome of the rules, the ply
cap, an illegal action) and rendering. :class:`TurnBasedEnv` serves 国际军棋's open
(``gjjq_v0``) and hidden (``gjjq_hidden_v0``) environments, :class:`AdapterEnv` those played
through a mode adapter (``luzhanqi_v0``, ``siguo_v0``).

Each environment keeps what differs: its game object, its observation, its mask and how an
action is played. Private: the public names are in :mod:`gjjq.pettingzoo`,
:mod:`gjjq.pettingzoo_hidden`, :mod:`gjjq.luzhanqi.pettingzoo` and
:mod:`gjjq.siguo.pettingzoo`.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, fields
from typing import Any, Callable, ClassVar, Dict, Iterable, List, Optional, Tuple

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.env_logger import EnvLogger

import gjjq
from gjjq._gjjq import echo

RENDER_MODES = ["ansi", "human"]


def wrapped(raw: Callable[..., AECEnv], **kwargs: Any) -> AECEnv:
    """``raw(**kwargs)`` in PettingZoo's usual checks (action bounds, order of calls)."""
    e: AECEnv = raw(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def parallel(raw: Callable[..., AECEnv], **kwargs: Any) -> ParallelEnv:
    """The wrapped environment behind PettingZoo's parallel API
    (``turn_based_aec_to_parallel``): every live agent gives an action each step, and only the
    one of the agent to act is used."""
    return turn_based_aec_to_parallel(wrapped(raw, **kwargs))


def env_metadata(name: str) -> Dict[str, Any]:
    """The metadata of the environment ``name``: drawn as text, turn-based."""
    return {
        "render_modes": RENDER_MODES,
        "name": name,
        "is_parallelizable": False,
        "render_fps": 1,
    }


def entry_points(
    raw: Callable[..., AECEnv],
) -> Tuple[Callable[..., AECEnv], Callable[..., ParallelEnv]]:
    """A module's ``env`` and ``parallel_env`` for its ``raw_env``: the environment in
    PettingZoo's usual checks, and the same behind PettingZoo's parallel API."""

    def env(**kwargs: Any) -> AECEnv:
        """The environment in PettingZoo's usual checks (action bounds, order of calls)."""
        return wrapped(raw, **kwargs)

    def parallel_env(**kwargs: Any) -> ParallelEnv:
        """The environment behind PettingZoo's parallel API (``turn_based_aec_to_parallel``):
        every live agent gives an action each step, and only the one of the agent to act is
        used."""
        return parallel(raw, **kwargs)

    env.__module__ = parallel_env.__module__ = raw.__module__
    env.__qualname__, parallel_env.__qualname__ = "env", "parallel_env"
    return env, parallel_env


def positive(what: str, value: Any) -> int:
    """``value`` as a positive int, else ``ValueError`` saying ``what`` must be one."""
    try:
        n = operator.index(value)
    except TypeError:
        n = 0
    if isinstance(value, bool) or n < 1:
        raise ValueError(f"{what} must be a positive integer, not {echo(repr(value))}")
    return n


class _Env(AECEnv, EzPickle):  # type: ignore[misc]  # pettingzoo has no stubs
    """What every environment of the package shares: the render mode, the spaces, the
    per-agent dicts, the start of a step, the end by an illegal action and rendering."""

    metadata: Dict[str, Any]
    rewards: Dict[str, float]
    _cumulative_rewards: Dict[str, float]
    terminations: Dict[str, bool]
    truncations: Dict[str, bool]
    infos: Dict[str, Dict[str, Any]]

    def _check_render_mode(self, render_mode: Optional[str]) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"{self.metadata['name']}: render_mode {echo(repr(render_mode))} is not one of "
                "ansi, human"
            )
        self.render_mode = render_mode

    def _set_spaces(self, agents: List[str], num_actions: int, shape: Tuple[int, ...]) -> None:
        """The agents and their spaces: an observation of ``shape`` and the action mask."""
        self.possible_agents = list(agents)
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _reset_agents(self, turn: str) -> None:
        """Every agent live again, nothing rewarded, ``turn`` to act."""
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = turn

    def _is_done(self, agent: str) -> bool:
        return self.terminations.get(agent, False) or self.truncations.get(agent, False)

    def _begin_step(self, action: Optional[int]) -> Optional[str]:
        """The agent to act, with its step's rewards cleared; ``None`` when the step was a
        dead agent's (PettingZoo's ``_was_dead_step``, already handled)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return None
        if action is None:
            raise gjjq.GjjqError(
                f"{self.metadata['name']}: {agent} is to act and must give an action, not None"
            )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        return agent

    def _end_info(self, agent: str, info: Dict[str, Any]) -> None:
        """What an illegal action's end does to an agent's ``info``: replaces it."""
        self.infos[agent] = dict(info)

    def _end_illegal(
        self, action: int, reason: str, winner: str, lost: Callable[[str], bool]
    ) -> None:
        """The classic environments' rule (chess, tic-tac-toe) for an action outside the mask:
        the mover's side loses (-1 to each agent ``lost`` names, +1 to the others, so the game
        stays zero-sum) and the game is over for all, each ``info`` saying why (``winner``
        ``illegal-action``)."""
        EnvLogger.warn_on_illegal_move()
        info = {
            "illegal_action": action,
            "reason": reason,
            "outcome": f"{winner} illegal-action",
        }
        for a in self.agents:
            self.terminations[a] = True
            self.rewards[a] = -1.0 if lost(a) else 1.0
            self._end_info(a, info)
        self._accumulate_rewards()

    def _show(self, text: str) -> Optional[str]:
        """``render``'s contract: print under ``"human"``, return the text under ``"ansi"``."""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class TurnBasedEnv(_Env):
    """An AEC environment of two agents, ``"red"`` and ``"green"``, rewarded ±1/0 at the end.

    Subclasses call :meth:`_setup` from ``__init__``, :meth:`_reset_agents` from ``reset``, and
    after playing an action :meth:`_after_action`; they define ``observe`` and ``render``
    (through :meth:`_show`)."""

    def _setup(self, render_mode: Optional[str], max_plies: int, shape: Tuple[int, ...]) -> None:
        """Checks the render mode and sets the spaces (an observation of ``shape`` and the
        action mask) and the empty per-agent dicts."""
        self._check_render_mode(render_mode)
        self.max_plies = max_plies
        self._set_spaces([gjjq.RED, gjjq.GREEN], gjjq.NUM_ACTIONS, shape)
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}

    def _after_action(self, outcome: Any, plies: int, turn: str) -> None:
        """Ends the game on an outcome of the rules (R-21 … R-25: +1 to the winner, -1 to the
        loser, 0 for a draw) or truncates it once ``plies`` reaches the cap (a draw), then
        hands the turn on."""
        if outcome is not None:
            for a in self.agents:
                self.terminations[a] = True
                if outcome.winner is not None:
                    self.rewards[a] = 1.0 if a == outcome.winner else -1.0
                self.infos[a] = {"outcome": str(outcome)}
        elif plies >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"outcome": "draw ply-limit"}
        self.agent_selection = turn
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str, action: int, reason: str) -> None:
        """The mover loses by an action outside the mask (:meth:`_Env._end_illegal`)."""
        winner = gjjq.GREEN if agent == gjjq.RED else gjjq.RED
        self._end_illegal(action, reason, winner, lambda a: a == agent)
        if self.render_mode == "human":
            self.render()


@dataclass(eq=False, repr=False)
class AdapterEnv(_Env):
    """An AEC environment over one game in progress behind a mode adapter
    (:mod:`gjjq.luzhanqi.modes`, :mod:`gjjq.siguo.modes`: ``player()``, ``legal_actions()``,
    ``legal_action_mask()``, ``apply``, ``outcome()``, ``observation(player)``, ``text()``,
    ``observation_shape``), its agents ``AGENTS`` (player 0, 1, …) taking turns as the
    adapter says, rewarded at the end.

    The constructor's arguments are the dataclass fields below (each kept as the attribute of
    its name), then those a subclass adds as fields of its own: each subclass is a
    ``@dataclass(eq=False, repr=False)`` (environments compare by identity and keep AECEnv's
    text), whose fields follow its base's in the order written. That is the whole
    ``__init__``, and ``EzPickle`` gets the same arguments in the same order. A subclass
    states ``metadata``
    (:func:`env_metadata`), ``AGENTS``, ``NUM_ACTIONS``, ``MODES`` (the modes it plays) and
    ``DEFAULT_MAX_PLIES`` (the cap when ``max_plies`` is ``None``, after which ``max_plies``
    is the cap), and defines ``_new_adapter`` (a fresh game from the arguments), ``_side``
    (the name of a player's side: the agents that share it win or lose together),
    ``_result`` (an outcome's rewards and text) and ``_capped``; ``_after_apply`` runs after
    each action played."""

    AGENTS: ClassVar[List[str]]
    NUM_ACTIONS: ClassVar[int]
    MODES: ClassVar[Iterable[str]]
    DEFAULT_MAX_PLIES: ClassVar[int]

    mode: str = "open"
    render_mode: Optional[str] = None
    max_plies: Optional[int] = None
    rules: Optional[str] = None
    position: str = ""

    def __post_init__(self) -> None:
        # The arguments as given, before _setup makes max_plies the cap.
        EzPickle.__init__(self, *(getattr(self, f.name) for f in fields(self)))
        super().__init__()
        self._setup(
            self.mode, self.MODES, self.render_mode, self.max_plies, self.DEFAULT_MAX_PLIES
        )

    def _setup(
        self,
        mode: str,
        modes: Iterable[str],
        render_mode: Optional[str],
        max_plies: Optional[int],
        default_max_plies: int,
        later: str = "",
    ) -> None:
        """Checks ``mode`` (one of ``modes``; ``later`` is added to the error), the render mode
        and the cap, starts a game (so a bad argument fails now) and sets the spaces."""
        name = self.metadata["name"]
        if mode not in modes:
            raise ValueError(
                f"{name}: mode {echo(repr(mode))} is not one of {', '.join(modes)}{later}"
            )
        self._check_render_mode(render_mode)
        self.mode = mode
        self.max_plies = positive(
            f"{name}: the ply cap", default_max_plies if max_plies is None else max_plies
        )
        self.adapter = self._new_adapter(0)
        self._set_spaces(self.AGENTS, self.NUM_ACTIONS, tuple(self.adapter.observation_shape))
        self.np_random = np.random.default_rng()
        self._clear()

    def _new_adapter(self, seed: int) -> Any:
        raise NotImplementedError

    def _side(self, player: int) -> str:
        raise NotImplementedError

    def _result(self, outcome: Any) -> Tuple[List[float], str]:
        """The players' rewards and the ``info`` outcome of an outcome of the rules."""
        raise NotImplementedError

    def _capped(self) -> bool:
        raise NotImplementedError

    def _after_apply(self) -> None:
        pass

    def _clear(self) -> None:
        self._reset_agents(self.AGENTS[self.adapter.player()])

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self.np_random = np.random.default_rng(seed)
        self.adapter = self._new_adapter(int(self.np_random.integers(0, 2**63 - 1)))
        self._clear()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        i = self.AGENTS.index(agent)
        obs = np.asarray(self.adapter.observation(i), dtype=np.float32)
        live = self.adapter.outcome() is None and not self._capped()
        if not self._is_done(agent) and live and self.adapter.player() == i:
            mask = np.asarray(self.adapter.legal_action_mask(), dtype=np.int8)
        else:
            mask = np.zeros(self.NUM_ACTIONS, np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self._begin_step(action)
        if agent is None:
            return
        action = int(action)  # type: ignore[arg-type]  # not None: _begin_step refused it
        mover = self.AGENTS.index(agent)
        after = (mover + 1) % len(self.AGENTS)
        if action not in self.adapter.legal_actions():
            loser = self._side(mover)
            self._end_illegal(
                action,
                f"{agent} played the illegal action {action}",
                self._side(after),
                lambda a: self._side(self.AGENTS.index(a)) == loser,
            )
            return
        self.adapter.apply(action)
        self._after_apply()
        o = self.adapter.outcome()
        if o is not None:
            rewards, text = self._result(o)
            for i, a in enumerate(self.AGENTS):
                self.terminations[a] = True
                self.rewards[a] = rewards[i]
                self.infos[a]["outcome"] = text
        elif self._capped():
            for a in self.AGENTS:
                self.truncations[a] = True
                self.infos[a]["outcome"] = "draw ply-limit"
        live = o is None and not self._capped()
        self.agent_selection = self.AGENTS[self.adapter.player() if live else after]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        return self._show(self.adapter.text())
