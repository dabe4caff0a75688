"""Exact beliefs (issue 25 item 3, R-41): `InfoState.beliefs()` as a (kinds, rows, columns)
array against the drawn worlds, hand-derived cases and the no-leak property."""

import numpy as np
import pytest

import gjjq

from test_hidden import play_hidden, swapped_green

TO_CAPTOR = '{"no_capture_limit": 60, "reveal_captured": "to_captor"}'


def cell(point, side):
    """(row, column) of a point label in `side`'s tensors, as the observation planes."""
    digit, letter = int(point[0]), point[1]
    if letter.isupper():  # Red's country: file x + 1, ranks E..A for y = 0..4
        x, y = digit - 1, "EDCBA".index(letter)
    else:  # Green's: file 9 - x, ranks a..e for y = 5..9
        x, y = 9 - digit, 5 + "abcde".index(letter)
    return (y, x) if side == "red" else (9 - y, 8 - x)


def test_shape_axes_and_sums():
    game = play_hidden(3, TO_CAPTOR, max_plies=40)
    for side in ("red", "green"):
        state = game.info_state(side)
        b = state.beliefs()
        assert b.shape == (len(gjjq.PIECE_KINDS), 10, 9) == (8, 10, 9)
        assert b.dtype == np.float64
        enemy = state.view().enemy()
        on = np.zeros((10, 9), dtype=bool)
        for point in enemy:
            on[cell(point, side)] = True
        # Each enemy piece's probabilities sum to 1; nothing elsewhere.
        assert np.allclose(b.sum(axis=0)[on], 1.0)
        assert np.all(b.sum(axis=0)[~on] == 0.0)


def test_figures_against_drawn_worlds():
    # A state with few enough assignments to be replayed: exact, and it matches the
    # frequencies of 4,000 drawn worlds within five binomial standard deviations.
    game = play_hidden(4, TO_CAPTOR, max_plies=60)
    side = "green"
    state = game.info_state(side)
    sampler = gjjq.WorldSampler(state, seed=1)
    assert sampler.assignments <= 20000
    b = state.beliefs(exact=True)
    n = 4000
    counts = np.zeros_like(b)
    enemy = "red"
    view = state.view().enemy()  # point -> identity
    where = {ident: point for point, ident in view.items()}
    for w in sampler.draw_many(n):
        for p, kind in w.items():
            ident = str(gjjq.Deployment.board_point(enemy, p))
            if ident in where:
                counts[(gjjq.PIECE_KINDS.index(kind),) + cell(where[ident], side)] += 1
    freq = counts / n
    sd = np.sqrt(b * (1 - b) / n)
    assert np.all(np.abs(freq - b) <= 5 * sd + 1e-12)


def test_a_two_point_move_on_land_and_the_end():
    game = gjjq.HiddenGame()
    assert game.propose("red", "5B5A").played
    assert game.propose("green", "3d5d").played  # Green's army, two points along rank d
    b = game.info_state("red").beliefs()
    probs = b[(slice(None),) + cell("5d", "red")]
    possible = [k for k, p in zip(gjjq.PIECE_KINDS, probs) if p > 0]
    assert possible == ["missile", "aircraft", "army"]
    # Nothing told yet, Red to move: exact without replaying; Green's second place is not.
    assert gjjq.HiddenGame().info_state("red").beliefs(exact=True).shape == (8, 10, 9)
    g = gjjq.HiddenGame()
    assert g.propose("red", "5B5A").played
    with pytest.raises(gjjq.WorldError):
        g.info_state("green").beliefs(max_replays=0, exact=True)


def test_no_leak_same_information_same_beliefs():
    a = gjjq.Opening().hidden_game(None)
    b = swapped_green().hidden_game(None)
    for game in (a, b):
        assert game.propose("red", "3E7d").played
        assert game.propose("green", "5b5a").played
    ra, rb = a.info_state("red"), b.info_state("red")
    assert ra == rb
    assert np.array_equal(ra.beliefs(), rb.beliefs())
    assert np.array_equal(ra.beliefs(max_replays=0), rb.beliefs(max_replays=0))
