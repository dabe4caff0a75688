"""No panic crosses into Python: bad input of every kind raises a GjjqError (or OSError /
IndexError), never pyo3's PanicException (a BaseException, which these tests would not catch)."""

import random

import pytest

import gjjq

ALPHABET = "0123456789/ rgRG-kgmfpadiKGMFPADI团5B进A弹攻e\n[]\"{}.*"


def garbage(rng, n):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(n)))


def test_garbage_never_panics():
    rng = random.Random(7)
    pos = gjjq.Position()
    for _ in range(3000):
        s = garbage(rng, 40)
        for call in (
            lambda: gjjq.Position.from_string(s),
            lambda: gjjq.Move.from_ascii(s),
            lambda: pos.play(s),
            lambda: pos.parse_move(s),
            lambda: gjjq.parse_games(s),
            lambda: gjjq.Position(s),
            lambda: gjjq.square_index(s),
        ):
            try:
                call()
            except gjjq.GjjqError:
                pass


def test_out_of_range_numbers_raise():
    for bad in (-1, 90, 2**70):
        with pytest.raises(gjjq.GjjqError):
            gjjq.square_label(bad)
    for bad in (-1, 8100, 2**70):
        with pytest.raises(gjjq.GjjqError):
            gjjq.Position().play_action(bad)
    with pytest.raises(gjjq.GjjqError):
        gjjq.Position().play(3.5)
