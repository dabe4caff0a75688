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


def test_huge_counts_are_refused_before_any_memory_is_claimed():
    # Each of these would build the whole list first: a hostile number is refused at once.
    import gjjq.luzhanqi as lz

    with pytest.raises(gjjq.GjjqError, match="at most 1000000"):
        lz.random_deployments(10**9, 1)
    with pytest.raises(gjjq.GjjqError, match="at most 1000000"):
        gjjq.Deployment.random_many(10**9, seed=1)
    with pytest.raises(gjjq.GjjqError, match="at most 1000000"):
        gjjq.random_endgames("I", "I", 10**9, seed=1)
    assert len(lz.random_deployments(3, 1)) == 3


def test_openspiel_pools_are_bounded():
    pyspiel = pytest.importorskip("pyspiel")
    import gjjq.luzhanqi.openspiel  # noqa: F401  (registers the 陸戰棋 games)
    import gjjq.openspiel  # noqa: F401  (registers the 国际军棋 games)

    for name, param in (
        ("python_luzhanqi_dark", "deployments"),
        ("python_gjjq_hidden", "deployments"),
        ("python_gjjq_hidden", "endgame_pool"),
    ):
        params = {param: 10**9}
        if param == "endgame_pool":
            params["endgame"] = "I:I"
        with pytest.raises(gjjq.GjjqError, match="must be from 1 to 100000"):
            pyspiel.load_game(name, params)
