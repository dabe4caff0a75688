"""陸戰棋 (Luzhanqi, Chinese army chess) for Python: the Rust library ``luzhanqi`` behind the
same habits as :mod:`gjjq`.

- :class:`Position` (明棋, open play, L-30): immutable, ``play`` returns a new one;
  ``Position()`` is the library's default start, ``Position.random(seed)`` two uniformly drawn
  deployments, ``Position.from_deployments(red, blue)``;
- :class:`Game`: an open game with its history (repetition, L-15);
- :class:`FlipGame` (翻棋, L-32): all 50 pieces face down; an action is a flip or a move, and a
  flip is followed by its chance outcome (``is_chance``, ``chance_outcomes``,
  ``apply(action, outcome)``);
- the dense action index shared by the modes (:data:`NUM_ACTIONS` = 3,660): a move is
  ``from * 60 + to`` (points ``(rank - 1) * 5 + file``), a flip ``3600 + point``; a chance
  outcome is a piece index ``side * 12 + kind`` (:func:`piece_letter`);
- :class:`DarkGame` (暗棋, L-31): the referee of two deployments; each side's
  :class:`InfoState` (perfect recall, a compact string), its :class:`DarkView`, the
  :class:`Announcement` of each move; :class:`WorldSampler` (enemy deployments consistent
  with an information state, each equally likely, exact) and :class:`Beliefs` (each enemy
  piece's probability of each kind);
- observation tensors of shape :data:`OBSERVATION_SHAPE` (50, 12, 5); in the dark game
  :data:`DARK_OBSERVATION_SHAPE` (17, 12, 5) and the information-state tensor
  :data:`DARK_INFO_STATE_SHAPE` (74, 12, 5);
- :mod:`gjjq.luzhanqi.openspiel` (``python_luzhanqi``, ``python_luzhanqi_flip``,
  ``python_luzhanqi_dark``) and :mod:`gjjq.luzhanqi.pettingzoo`
  (``env(mode="open"|"flip"|"dark")``), built on the per-mode adapters of
  :mod:`gjjq.luzhanqi.modes`.

Example::

    from gjjq.luzhanqi import FlipGame

    g = FlipGame()
    a = g.legal_actions()[0]            # flip a1
    assert g.is_chance(a)
    piece, p = g.chance_outcomes()[0]   # (0, 0.02): the red field marshal, 1 in 50
    g.apply(a, piece)                   # 'a1=S': the first player plays Red
"""

from gjjq._gjjq import LZ_DARK_INFO_STATE_SHAPE as DARK_INFO_STATE_SHAPE
from gjjq._gjjq import LZ_DARK_OBSERVATION_SHAPE as DARK_OBSERVATION_SHAPE
from gjjq._gjjq import LZ_NUM_ACTIONS as NUM_ACTIONS
from gjjq._gjjq import LZ_NUM_CHANCE_OUTCOMES as NUM_CHANCE_OUTCOMES
from gjjq._gjjq import LZ_OBSERVATION_SHAPE as OBSERVATION_SHAPE
from gjjq._gjjq import LzAnnouncement as Announcement
from gjjq._gjjq import LzBeliefs as Beliefs
from gjjq._gjjq import LzDarkGame as DarkGame
from gjjq._gjjq import LzDarkView as DarkView
from gjjq._gjjq import LzFlipGame as FlipGame
from gjjq._gjjq import LzInfoState as InfoState
from gjjq._gjjq import LzWorldSampler as WorldSampler
from gjjq._gjjq import LzGame as Game
from gjjq._gjjq import LzPosition as Position
from gjjq._gjjq import (  # noqa: F401  (pickle finds them here)
    LzAnnouncement,
    LzDarkGame,
    LzFlipGame,
    LzGame,
    LzInfoState,
    LzPosition,
)
from gjjq._gjjq import lz_action_index as action_index
from gjjq._gjjq import lz_action_text as action_text
from gjjq._gjjq import lz_piece_letter as piece_letter
from gjjq._gjjq import lz_random_deployments as random_deployments

MODES = ("open", "flip", "dark")
"""The modes of play the research interfaces offer."""

__all__ = [
    "DARK_INFO_STATE_SHAPE",
    "DARK_OBSERVATION_SHAPE",
    "MODES",
    "NUM_ACTIONS",
    "NUM_CHANCE_OUTCOMES",
    "OBSERVATION_SHAPE",
    "Announcement",
    "Beliefs",
    "DarkGame",
    "DarkView",
    "FlipGame",
    "InfoState",
    "WorldSampler",
    "Game",
    "Position",
    "action_index",
    "action_text",
    "piece_letter",
    "random_deployments",
]
