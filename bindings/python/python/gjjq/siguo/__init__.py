"""四國軍棋 (Siguo Junqi, four-player army chess) for Python: the Rust library ``siguo`` behind
the same habits as :mod:`gjjq.luzhanqi`.

- :class:`Position`: a four-seat position (L-59), immutable, ``play`` and ``surrender``
  return a new one; ``Position()`` is the library's default start (陸戰棋's default
  deployment for each seat, Red to move), ``Position.random(seed)`` four uniformly drawn
  deployments (L-58), ``Position.from_deployments(red, green, blue, yellow)``;
- :class:`Game`: an open game (全明) with its history: repetition (L-56) and surrenders
  (L-54, ``resign-r`` in its steps);
- the dense action index (:data:`NUM_ACTIONS` = 16,642): a move is ``from * 129 + to``
  (points 0 … 128 rank by rank from rank 1, each rank from file a), a pass (L-55)
  :data:`PASS_ACTION` = 16,641; :func:`action_index`, :func:`action_text`;
- players 0 … 3 are the seats Red, Green, Blue, Yellow (:data:`SEATS`); teams Red–Blue and
  Green–Yellow; an outcome is ``(winning team or None, reason)``, ``("red-blue",
  "flag-captured")``;
- observation tensors of shape :data:`OBSERVATION_SHAPE` (57, 17, 17), in the viewer's frame;
- :class:`DarkGame`: 四暗 or 雙明 with a referee (L-63 … L-65; the rules' ``mode``), each
  seat's information state (``info_state``), view (``view``) and view tensor
  (:data:`DARK_OBSERVATION_SHAPE`, (65, 17, 17)), legal actions read from the mover's
  information state; :class:`WorldSampler`: the worlds behind an information state;
- :mod:`gjjq.siguo.openspiel` (``python_siguo``, ``python_siguo_dark``,
  ``python_siguo_double_open``) and :mod:`gjjq.siguo.pettingzoo` (``env(mode=…)``, one of
  :data:`MODES`), built on the adapters of :mod:`gjjq.siguo.modes`.

Example::

    from gjjq.siguo import Game

    g = Game()
    g.push("g6g7")             # Red's engineer… any legal action, text or index
    assert g.position.turn == "green"
"""

from gjjq._gjjq import SG_DARK_OBSERVATION_SHAPE as DARK_OBSERVATION_SHAPE
from gjjq._gjjq import SG_KINDS as KINDS
from gjjq._gjjq import SG_NUM_ACTIONS as NUM_ACTIONS
from gjjq._gjjq import SG_NUM_POINTS as NUM_POINTS
from gjjq._gjjq import SG_OBSERVATION_SHAPE as OBSERVATION_SHAPE
from gjjq._gjjq import SG_PASS_ACTION as PASS_ACTION
from gjjq._gjjq import SG_SEATS as SEATS
from gjjq._gjjq import SgDarkGame as DarkGame
from gjjq._gjjq import SgGame as Game
from gjjq._gjjq import SgPosition as Position
from gjjq._gjjq import SgWorldSampler as WorldSampler
from gjjq._gjjq import (  # noqa: F401  (pickle finds them here)
    SgDarkGame,
    SgGame,
    SgPosition,
    SgWorldSampler,
)
from gjjq._gjjq import sg_action_index as action_index
from gjjq._gjjq import sg_action_text as action_text
from gjjq._gjjq import echo

TEAMS = ("red-blue", "green-yellow")
"""The two teams (L-49), as outcomes name them."""

MODES = ("open", "dark", "double_open")
"""The modes of play the research interfaces offer: 全明, 四暗 and 雙明 (L-62 … L-64)."""


def team_of(player: int) -> str:
    """The team of a player 0 … 3 (Red, Green, Blue, Yellow): ``red-blue`` for 0 and 2."""
    if not 0 <= player < 4:
        raise ValueError(f"player {echo(repr(player))} is not 0 … 3")
    return TEAMS[player % 2]


def team_returns(team: "str | None") -> "list[float]":
    """The four players' returns of a result: +1 to both seats of the winning team, -1 to
    the others; 0 each for a draw (``team`` None)."""
    if team is None:
        return [0.0, 0.0, 0.0, 0.0]
    if team not in TEAMS:
        raise ValueError(f"team {echo(repr(team))} is not red-blue or green-yellow")
    return [1.0 if team_of(p) == team else -1.0 for p in range(4)]


__all__ = [
    "DARK_OBSERVATION_SHAPE",
    "KINDS",
    "MODES",
    "NUM_ACTIONS",
    "NUM_POINTS",
    "OBSERVATION_SHAPE",
    "PASS_ACTION",
    "SEATS",
    "TEAMS",
    "DarkGame",
    "Game",
    "Position",
    "WorldSampler",
    "action_index",
    "action_text",
    "team_of",
    "team_returns",
]
