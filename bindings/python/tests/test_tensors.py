"""The action space and the observation planes, against the position they describe and the
plane list in docs/python.md."""

import re

import numpy as np

import gjjq
from conftest import REPO, random_game

KINDS = gjjq.PIECE_KINDS


def plane(name):
    return gjjq.OBSERVATION_PLANES.index(name)


def documented_planes(heading):
    """The (plane, name) rows of the table under `heading` in docs/python.md."""
    doc = (REPO / "docs" / "python.md").read_text(encoding="utf-8")
    section = doc.split(heading + "\n", 1)[1]
    section = re.split(r"^#{2,3} ", section, maxsplit=1, flags=re.M)[0]
    return [(int(i), n) for i, n in re.findall(r"^\| (\d+) \| `([a-z-]+)` \|", section, flags=re.M)]


def test_shape_and_documentation_agree():
    assert gjjq.OBSERVATION_SHAPE == (len(gjjq.OBSERVATION_PLANES), 10, 9)
    assert documented_planes("## The observation tensor") == list(enumerate(gjjq.OBSERVATION_PLANES))


def test_hidden_planes_and_documentation_agree():
    hidden = gjjq.HIDDEN_OBSERVATION_PLANES
    assert documented_planes("### The hidden-play observation") == list(enumerate(hidden))
    info = gjjq.INFO_STATE_PLANES
    rows = documented_planes("### The information-state tensor")
    assert rows == [(i, info[i]) for i in range(len(hidden), len(hidden) + len(rows))]
    window = len(hidden) + len(rows)
    parts = ["origin", "destination", "capture", "removed", "by-self"]
    assert info[window:] == [f"move-{k + 1}-{p}" for k in range(8) for p in parts]
    assert window == 31 and len(info) == 71


def test_pieces_planes_match_the_board_from_both_sides():
    for seed in range(5):
        game = random_game(seed, max_plies=80)
        pos = game.position
        for viewer in ("red", "green"):
            obs = pos.observation(viewer)
            assert obs.dtype == np.float32 and obs.shape == gjjq.OBSERVATION_SHAPE
            for label, piece in pos.pieces().items():
                i = gjjq.square_index(label)
                x, y = i % 9, i // 9
                r, c = (y, x) if viewer == "red" else (9 - y, 8 - x)
                own = "own" if piece.side == viewer else "enemy"
                assert obs[plane(f"{own}-{piece.kind}"), r, c] == 1.0
            assert obs[:16].sum() == len(pos.pieces())
            assert obs[plane("to-move")].all() == (pos.turn == viewer)
            assert obs[plane("is-green")].all() == (viewer == "green")


def test_each_side_sees_its_own_country_at_the_bottom():
    pos = gjjq.Position()
    red, green = pos.observation("red"), pos.observation("green")
    # The default opening is symmetric: both sides see the same picture.
    assert np.array_equal(red[:27], green[:27])
    assert red[plane("own-king"), 0, 4] == 1.0
    assert red[plane("enemy-king"), 9, 4] == 1.0
    assert red[plane("own-palace")].sum() == 9 and red[plane("own-palace"), 0:3, 3:6].all()
    assert red[plane("sea")].sum() == 42 and red[plane("coast")].sum() == 18
    assert red[plane("inland")].sum() == 30
    assert red[plane("seal")].all() and not red[plane("kings-may-face")].any()
    assert np.array_equal(pos.observation(), red)


def test_pending_return_and_counters():
    pos = gjjq.Position().play("3E7d")
    obs = pos.observation("green")  # Green to move; Red owes the return
    striker, origin = gjjq.square_index("7d"), gjjq.square_index("3E")
    rc = lambda i: (9 - i // 9, 8 - i % 9)
    assert obs[plane("enemy-striker")][rc(striker)] == 1.0
    assert obs[plane("enemy-return-origin")][rc(origin)] == 1.0
    assert obs[plane("enemy-striker")].sum() == 1 and not obs[plane("own-striker")].any()
    later = pos.play("5b5a")
    assert later.plies_since_capture == 1
    assert np.allclose(later.observation()[plane("plies-since-capture")], 0.01)
    assert np.allclose(later.observation()[plane("move-number")], 2 / 500)


def test_game_observation_counts_repetitions():
    game = gjjq.Game()
    for m in ("5E5D", "5e5d", "5D5E", "5d5e"):
        game.push(m)
    assert game.repetitions() == 2
    assert np.allclose(game.observation()[plane("repetitions")], 0.5)
    assert not game.position.observation()[plane("repetitions")].any()


def test_mask_and_actions():
    game = random_game(3, max_plies=40)
    mask = game.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (gjjq.NUM_ACTIONS,)
    assert list(np.flatnonzero(mask)) == game.legal_actions()
    assert sorted(m.action for m in game.legal_moves()) == game.legal_actions()
