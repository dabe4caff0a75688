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

Deployments and openings (R-32 … R-36): ``Deployment`` (one side's sixteen pieces, its
string ``"9/3III3/9/1DA3AD1/FPMGKGMPF"``), ``Opening`` (two deployments and the first mover;
``Opening.random(seed)``, ``Opening.fanshi(seed)``; ``opening.position()``, ``.game()``,
``.hidden_game()``). Hidden play (暗式, R-37 … R-41): ``HiddenGame`` (the referee:
``propose(side, move)``), ``InfoState`` (what a side was told), ``PlayerView``,
``check_world`` and ``WorldSampler``; ``gjjq.worlds`` replays an information state's history
in a drawn world (OpenSpiel's ``resample_from_infostate``), ``gjjq.pettingzoo_hidden`` is
the PettingZoo environment ``gjjq_hidden_v0``. The baseline engine: ``Engine(nodes=..., depth=...)``
with ``search(position_or_game) -> Move``.
"""

from ._gjjq import (
    DEFAULT_OPENING,
    HIDDEN_OBSERVATION_PLANES,
    HIDDEN_OBSERVATION_SHAPE,
    INFO_STATE_PLANES,
    INFO_STATE_SHAPE,
    NUM_ACTIONS,
    NUM_SQUARES,
    OBSERVATION_PLANES,
    OBSERVATION_SHAPE,
    PIECE_KINDS,
    PLAY_MODES,
    Deployment,
    DeploymentError,
    Engine,
    Event,
    Game,
    GameFileError,
    GameFileReader,
    GameNode,
    GameOverError,
    GjjqError,
    HiddenGame,
    IllegalMoveError,
    Inconsistency,
    InfoState,
    InfoStateError,
    InvalidPositionError,
    Move,
    MoveParseError,
    NotYourTurnError,
    Opening,
    OpeningError,
    Outcome,
    Piece,
    PlayerView,
    Position,
    PositionStringError,
    RulesetError,
    SearchResult,
    Tablebase,
    TablebaseError,
    Told,
    WdlTablebase,
    WorldError,
    WorldSampler,
    __version__,
    check_world,
    flip_square,
    parse_games,
    perft,
    random_endgames,
    read_games,
    square_index,
    square_label,
    svg,
    write_games,
)

RED = "red"
"""The side that moves first by default (R-8)."""
GREEN = "green"
"""The other side."""

from .dataset import DATASET_DTYPE, DatasetError, dataset_green, dataset_kinds, load_dataset

__all__ = [
    "DATASET_DTYPE",
    "DatasetError",
    "dataset_green",
    "dataset_kinds",
    "load_dataset",
    "DEFAULT_OPENING",
    "GREEN",
    "HIDDEN_OBSERVATION_PLANES",
    "HIDDEN_OBSERVATION_SHAPE",
    "INFO_STATE_PLANES",
    "INFO_STATE_SHAPE",
    "NUM_ACTIONS",
    "NUM_SQUARES",
    "OBSERVATION_PLANES",
    "OBSERVATION_SHAPE",
    "PIECE_KINDS",
    "PLAY_MODES",
    "RED",
    "Deployment",
    "DeploymentError",
    "Engine",
    "Event",
    "Game",
    "GameFileError",
    "GameFileReader",
    "GameNode",
    "GameOverError",
    "GjjqError",
    "HiddenGame",
    "IllegalMoveError",
    "Inconsistency",
    "InfoState",
    "InfoStateError",
    "InvalidPositionError",
    "Move",
    "MoveParseError",
    "NotYourTurnError",
    "Opening",
    "OpeningError",
    "Outcome",
    "Piece",
    "PlayerView",
    "Position",
    "PositionStringError",
    "RulesetError",
    "SearchResult",
    "Tablebase",
    "TablebaseError",
    "Told",
    "WdlTablebase",
    "WorldError",
    "WorldSampler",
    "__version__",
    "check_world",
    "flip_square",
    "parse_games",
    "perft",
    "random_endgames",
    "read_games",
    "square_index",
    "square_label",
    "svg",
    "write_games",
]
