"""国际军棋 hidden play (暗式, R-37 … R-41) as a PettingZoo AEC environment:
``gjjq_hidden_v0``.

Agents are ``"red"`` and ``"green"``; the one to act is ``agent_selection``. An action is a
*proposal* (R-38) in the open game's space, ``from_index * 90 + to_index``: the referee plays
a legal proposal and refuses an illegal one, which tells the proposer (and the opponent under
``announce_illegal: both``) and leaves the same agent to act, so an agent may act several
times in a row. Each observation is a dict computed from the observing agent's own
information state (:class:`gjjq.InfoState`) alone:

- ``"observation"``: float32, the information-state tensor ``(71, 10, 9)``
  (:meth:`gjjq.InfoState.information_state_tensor`), or with ``observation="view"`` the
  view's observation ``(24, 10, 9)`` (:meth:`gjjq.InfoState.observation`); docs/python.md
  lists the planes;
- ``"action_mask"``: int8 ``(8100,)``, 1 at the untried candidates: the proposals the agent
  may still make this turn (:meth:`gjjq.InfoState.proposal_actions`, the view's candidates
  minus its proposals refused since the last move; all 0 when it is not to act).

Rewards are given at the end: +1 to the winner, -1 to the loser, 0 each for a draw; a refused
proposal gives 0 and its proposer's ``info`` is ``{"refused": action}``. The game terminates
on an outcome of the rules (R-21 … R-25) and is truncated (a draw) after ``max_plies`` moves
played (refusals not counted).

An action outside the mask (an action that is no candidate, or a proposal already refused
this turn) ends the game as PettingZoo's classic environments do: the mover loses (-1, the
other +1), both agents are terminated and each ``info`` says why (``"illegal_action"``,
``"reason"``, ``"outcome"``). The referee would only have refused it; the classic rule keeps
agents from probing.

Each ``reset`` deals a new opening (two deployments drawn uniformly among the legal ones,
R-35, from the reset's seed) unless ``opening`` fixes it. With ``endgame="<red force>:<green
force>"`` (endgame types of ``gjjq deploy endgame`` without the king, e.g. ``"IID:AF"``) each
``reset`` instead draws a start position of those two forces from the seed
(:func:`gjjq.random_endgames`) and plays a hidden endgame from it
(:meth:`gjjq.HiddenGame.endgame`: each side knows its own pieces, the enemy's points and the
enemy's force; docs/rules.md, "Hidden endgames"). ``parallel_env`` is the game behind
PettingZoo's ``ParallelEnv`` API (``turn_based_aec_to_parallel``): each step takes an action
from every live agent, and only the one of the agent to act is used.

Example: the loop of :mod:`gjjq.pettingzoo`'s example, on ``env`` of this module (a refused
proposal simply comes back to the same agent)::

    from gjjq.pettingzoo_hidden import env

    e = env(max_plies=200)
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import numpy as np
from gymnasium.utils import EzPickle

import gjjq
from gjjq._aec import TurnBasedEnv, entry_points, env_metadata, positive
from gjjq._gjjq import echo

DEFAULT_MAX_PLIES = 1000
"""The default cap on moves played, after which a game is truncated."""

OBSERVATIONS = ("info_state", "view")
"""The observation kinds: the information-state tensor or the view's observation."""


class raw_env(TurnBasedEnv):
    """The unwrapped AEC environment of hidden play (暗式)."""

    metadata: Dict[str, Any] = env_metadata("gjjq_hidden_v0")

    def __init__(
        self,
        render_mode: Optional[str] = None,
        max_plies: Optional[int] = None,
        rules: Optional[str] = None,
        opening: Union[gjjq.Opening, str, None] = None,
        first: str = "red",
        observation: str = "info_state",
        endgame: Optional[str] = None,
    ) -> None:
        EzPickle.__init__(self, render_mode, max_plies, rules, opening, first, observation, endgame)
        super().__init__()
        if observation not in OBSERVATIONS:
            raise ValueError(
                f"gjjq_hidden_v0: observation {echo(repr(observation))} is not one of "
                + ", ".join(OBSERVATIONS)
            )
        if first not in (gjjq.RED, gjjq.GREEN):
            raise ValueError(f"gjjq_hidden_v0: first {echo(repr(first))} is not red or green")
        shape = tuple(
            gjjq.INFO_STATE_SHAPE if observation == "info_state" else gjjq.HIDDEN_OBSERVATION_SHAPE
        )
        cap = positive(
            "gjjq_hidden_v0: max_plies", DEFAULT_MAX_PLIES if max_plies is None else max_plies
        )
        self._setup(render_mode, cap, shape)
        self.rules = rules
        self.first = first
        self.observation_kind = observation
        if isinstance(opening, str):
            opening = (
                gjjq.Opening(first=first)
                if opening == "default"
                else _parse_opening(opening, first, rules)
            )
        self.opening: Optional[gjjq.Opening] = opening
        self.endgame = _parse_endgame(endgame)
        if self.endgame is not None and opening is not None:
            raise ValueError("gjjq_hidden_v0: endgame and opening exclude each other; give one")
        # Validates the rules (and the fixed opening or the endgame's forces) now.
        self.game: gjjq.HiddenGame = self._new_game(0)
        self.agent_selection = self.game.turn

    def _new_game(self, seed: Optional[int]) -> gjjq.HiddenGame:
        """The fixed opening's game, else a hidden endgame or an opening drawn from ``seed``."""
        if self.endgame is not None:
            red, green = self.endgame
            try:
                start = gjjq.random_endgames(
                    red, green, 1, seed=seed, first=self.first, rules=self.rules
                )[0]
                return gjjq.HiddenGame.endgame(start, red, green, self.rules)
            except gjjq.GjjqError as e:
                endgame = echo(red + ":" + green)
                raise ValueError(f"gjjq_hidden_v0: endgame '{endgame}': {e}") from None
        opening = self.opening or gjjq.Opening.random(seed, self.first, self.rules)
        return opening.hidden_game(self.rules)

    def action_mask(self, agent: str) -> np.ndarray:
        """int8 ``(8100,)``: 1 at the proposals ``agent`` may still make this turn, from its
        information state alone; all 0 when it is not to act."""
        mask = np.zeros(gjjq.NUM_ACTIONS, np.int8)
        if not self._is_done(agent):
            mask[self.game.info_state(agent).proposal_actions()] = 1
        return mask

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """``agent``'s observation and action mask, computed from its information state."""
        info = self.game.info_state(agent)
        if self.observation_kind == "info_state":
            obs = info.information_state_tensor()
        else:
            obs = info.observation()
        return {"observation": obs, "action_mask": self.action_mask(agent)}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game: the fixed opening, two deployments drawn from ``seed`` (uniformly
        among the legal ones, R-35; from Python's ``random`` when ``None``), or with
        ``endgame`` a start position of the two forces drawn from ``seed``."""
        self.game = self._new_game(seed)
        self._reset_agents(self.game.turn)

    def step(self, action: Optional[int]) -> None:
        agent = self._begin_step(action)
        if agent is None:
            return
        self.infos = {a: {} for a in self.agents}
        action = int(action)  # type: ignore[arg-type]  # not None: _begin_step refused it
        if action not in self.game.info_state(agent).proposal_actions():
            move = gjjq.Move.from_action(action).ascii()
            self._illegal(
                agent,
                action,
                f"{agent} proposed {move} (action {action}), which is not among its "
                "untried candidates",
            )
            return
        told = self.game.propose(agent, action)
        if not told.played:
            self.infos[agent] = {"refused": action}
        self._after_action(self.game.outcome(), self.game.ply, self.game.turn)

    def render(self) -> Optional[str]:
        """The referee's board (both sides' kinds): for a human onlooker, never an agent."""
        return self._show(self.game.true_game.position.diagram())


def _parse_opening(text: str, first: str, rules: Optional[str]) -> gjjq.Opening:
    """``"<red deployment> <green deployment> [first]"`` as an opening."""
    parts = text.split()
    if len(parts) not in (2, 3):
        raise ValueError(
            f"gjjq_hidden_v0: opening {echo(repr(text))}: expected 'default' or "
            "'<red deployment> <green deployment> [first]'"
        )
    red = gjjq.Deployment.from_string(parts[0], rules)
    green = gjjq.Deployment.from_string(parts[1], rules)
    return gjjq.Opening(red, green, parts[2] if len(parts) == 3 else first)


def _parse_endgame(text: Optional[str]) -> Optional[Tuple[str, str]]:
    """``"<red force>:<green force>"`` as the two forces; ``None`` or empty for deployments.
    The forces themselves are checked by the library when the first game is drawn."""
    if text is None or not text.strip():
        return None
    parts = text.strip().split(":")
    if len(parts) != 2:
        raise ValueError(
            f"gjjq_hidden_v0: endgame {echo(repr(text))}: expected '<red force>:<green force>', "
            "e.g. 'IID:AF'"
        )
    return parts[0], parts[1]


env, parallel_env = entry_points(raw_env)
