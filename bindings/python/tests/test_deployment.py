"""Deployments and openings (R-32 … R-36): strings, random draws, counts, errors, and the
positions and games an opening starts."""

import pickle

import pytest

import gjjq

DEFAULT = "9/3III3/9/1DA3AD1/FPMGKGMPF"
BACK_RANKS = '{"missile_deployment": "back_ranks"}'


def test_the_prescribed_formation():
    d = gjjq.Deployment()
    assert d == gjjq.Deployment.default() == gjjq.Deployment.from_string(DEFAULT)
    assert str(d) == DEFAULT and len(d) == 16
    assert d.piece_at("5E") == "king" and d.piece_at("5e") == "king" and d.piece_at("5A") is None
    assert d.items()[0] == ("4B", "infantry")
    counts = {}
    for _, kind in d.items():
        counts[kind] = counts.get(kind, 0) + 1
    assert counts == {"king": 1, "guard": 2, "missile": 2, "fleet": 2, "aircraft": 2, "army": 2, "division": 2, "infantry": 3}
    assert gjjq.Deployment.board_point("green", "2D") == "2d"
    assert gjjq.Deployment.board_point("red", "2D") == "2D"


def test_strings_and_points_round_trip():
    for d in gjjq.Deployment.random_many(200, seed=5):
        d.validate()
        assert gjjq.Deployment.from_string(str(d)) == d
        assert gjjq.Deployment.from_points(d.items()) == d
        assert gjjq.Deployment.from_points(dict(d.items())) == d
        assert pickle.loads(pickle.dumps(d)) == d
        assert hash(gjjq.Deployment(str(d))) == hash(d)


def test_random_draws_are_seeded_and_spread():
    a = gjjq.Deployment.random(seed=11)
    assert a == gjjq.Deployment.random(seed=11)
    draws = gjjq.Deployment.random_many(100, seed=1)
    assert len(set(draws)) == 100
    # Where the king stands: all nine palace points come up in 100 uniform draws.
    kings = {next(p for p, k in d.items() if k == "king") for d in draws}
    assert len(kings) == 9


def test_counts_follow_from_the_rules():
    # As the Rust test derives it: king and guards in the palace, missiles and fleets
    # by the number of missiles on the coast, then the other nine pieces on what is left.
    from math import comb

    rest = 38 * 37 * 36 * 35 * 34 * 33 * 32 * 31 * 30 // (2 * 2 * 2 * 6)

    def mf(c):
        return sum(comb(c, j) * comb(12, 2 - j) * comb(30 - j, 2) for j in range(3))

    assert gjjq.Deployment.count() == 9 * 28 * mf(9) * rest
    assert gjjq.Deployment.count(BACK_RANKS) == 9 * 28 * mf(6) * rest
    for d in gjjq.Deployment.random_many(50, seed=2, rules=BACK_RANKS):
        d.validate(BACK_RANKS)


def test_errors_carry_the_library_messages():
    with pytest.raises(gjjq.DeploymentError, match=r"column 27 \(rank E\)"):
        gjjq.Deployment.from_string("9/3III3/9/1DA3AD1/FPMGKGMPX")
    with pytest.raises(gjjq.DeploymentError, match="stands inland"):
        gjjq.Deployment.from_string("9/3III3/9/1DA3AD1/PFMGKGMPF")
    with pytest.raises(gjjq.DeploymentError, match="5 rows"):
        gjjq.Deployment("9/9")
    with pytest.raises(gjjq.DeploymentError, match="two pieces on 5E"):
        gjjq.Deployment.from_points([("5E", "king"), ("5e", "guard")])
    with pytest.raises(gjjq.GjjqError):
        gjjq.Deployment.from_points([("5E", "queen")])
    missile_on_5b = gjjq.Deployment("9/3IMI3/9/1DA3AD1/FPIGKGMPF")
    with pytest.raises(gjjq.DeploymentError, match="5B"):
        missile_on_5b.validate(BACK_RANKS)
    assert issubclass(gjjq.DeploymentError, gjjq.GjjqError)


def test_openings():
    o = gjjq.Opening()
    assert o == gjjq.Opening.default() and o.is_default() and o.first == "red"
    assert o.position() == gjjq.Position()
    assert str(o) == str(gjjq.Position())
    red, green = gjjq.Deployment.random_many(2, seed=9)
    g = gjjq.Opening(red, str(green), first="green")
    assert (g.red, g.green, g.first) == (red, green, "green")
    assert g.deployment("green") == green and not g.is_default()
    pos = g.position()
    assert pos.turn == "green"
    assert gjjq.Opening.from_position(pos) == g
    assert gjjq.Opening.from_position(str(pos)) == g
    # Green's deployment stands on Green's own labels.
    for label, kind in green.items():
        piece = pos.piece_at(gjjq.Deployment.board_point("green", label))
        assert (piece.side, piece.kind) == ("green", kind)
    assert pickle.loads(pickle.dumps(g)) == g
    assert eval("gjjq." + repr(g)) == g
    game = g.game()
    assert game.start == pos and game.legal_moves() == pos.legal_moves()


def test_random_and_fanshi_openings():
    assert gjjq.Opening.fanshi(42) == gjjq.Opening.fanshi(42)
    assert gjjq.Opening.fanshi(42) != gjjq.Opening.fanshi(43)
    a, b = gjjq.Opening.fanshi(42), gjjq.Opening.fanshi(42, first="green")
    assert (a.red, a.green) == (b.red, b.green) and b.first == "green"
    firsts = {gjjq.Opening.random(seed=s).first for s in range(40)}
    assert firsts == {"red", "green"}
    assert gjjq.Opening.random(seed=3, first="red").first == "red"


def test_opening_errors():
    later = gjjq.Position().play("5B5A").play("5b5a")
    with pytest.raises(gjjq.OpeningError, match="counters"):
        gjjq.Opening.from_position(later)
    missile_on_5b = gjjq.Deployment("9/3IMI3/9/1DA3AD1/FPIGKGMPF")
    o = gjjq.Opening(missile_on_5b, None)
    o.position()
    with pytest.raises(gjjq.OpeningError, match="red's deployment"):
        o.position(BACK_RANKS)
    with pytest.raises(gjjq.OpeningError):
        o.hidden_game(BACK_RANKS)
    assert gjjq.PLAY_MODES == ["open", "fanshi", "hidden"]
