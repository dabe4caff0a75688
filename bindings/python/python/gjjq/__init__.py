"""gjjq: the rules of 国际军棋 (International Military Chess) for Python.

A thin binding over the Rust library gjjq, in the habits of python-chess::

    import gjjq

    pos = gjjq.Position()                      # the default opening (R-27)
    print(len(pos.legal_moves()))              # 51
    pos = pos.play("3E7d")                     # the missile strikes the army on 7d
    print(pos, pos.outcome())

Positions are immutable (``play`` returns a new one); a ``Game`` keeps the history
(``push``/``pop``), the draws that need it (repetition, R-24) and game files.
Points are labelled as in the rules (``"5E"``, ``"7d"``) or indexed ``y * 9 + x`` in the
internal frame (R-2); an action is ``from_index * 90 + to_index``. See docs/python.md.

Errors are subclasses of :class:`GjjqError` (itself a ``ValueError``) carrying the Rust
library's message.

Deployment (R-32 … R-36) and hidden play (R-37 … R-41) are to come: they will be added as new
classes beside ``Position`` and ``Game`` without changing these.
"""

from ._gjjq import (
    DEFAULT_OPENING,
    NUM_ACTIONS,
    NUM_SQUARES,
    OBSERVATION_PLANES,
    OBSERVATION_SHAPE,
    PIECE_KINDS,
    Game,
    GameFileError,
    GameFileReader,
    GameOverError,
    GjjqError,
    IllegalMoveError,
    InvalidPositionError,
    Move,
    MoveParseError,
    Outcome,
    Piece,
    Position,
    PositionStringError,
    RulesetError,
    __version__,
    flip_square,
    parse_games,
    perft,
    read_games,
    square_index,
    square_label,
    write_games,
)

RED = "red"
"""The side that moves first by default (R-8)."""
GREEN = "green"
"""The other side."""

__all__ = [
    "DEFAULT_OPENING",
    "GREEN",
    "NUM_ACTIONS",
    "NUM_SQUARES",
    "OBSERVATION_PLANES",
    "OBSERVATION_SHAPE",
    "PIECE_KINDS",
    "RED",
    "Game",
    "GameFileError",
    "GameFileReader",
    "GameOverError",
    "GjjqError",
    "IllegalMoveError",
    "InvalidPositionError",
    "Move",
    "MoveParseError",
    "Outcome",
    "Piece",
    "Position",
    "PositionStringError",
    "RulesetError",
    "__version__",
    "flip_square",
    "parse_games",
    "perft",
    "read_games",
    "square_index",
    "square_label",
    "write_games",
]
