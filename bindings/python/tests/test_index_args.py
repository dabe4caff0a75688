"""Negative or out-of-range action, player and outcome indices given to the Python API raise a
``ValueError`` that names the argument and says why: never Python's ``OverflowError``, a
``TypeError`` from a later conversion, indexing from the end (``sides[-2]``) or a panic."""

import pytest

import gjjq
import gjjq.luzhanqi as lz
import gjjq.siguo as sg

BAD = (-2, -1, 2**70, -(2**70))


def _raises(call, what):
    with pytest.raises(ValueError, match=what) as e:
        call()
    return str(e.value)


@pytest.mark.parametrize("bad", BAD)
def test_luzhanqi_actions_and_players(bad):
    pos = lz.Position()
    game = lz.FlipGame()
    for call in (
        lambda: pos.play(bad),
        lambda: game.apply(bad),
        lambda: game.apply_drawn(bad),
        lambda: game.is_chance(bad),
        lambda: lz.action_text(bad),
    ):
        msg = _raises(call, "action")
        assert ("negative" in msg) == (bad < 0), msg
        assert "3659" in msg, msg
    for call in (lambda: game.colour_of(bad), lambda: game.observation(bad)):
        _raises(call, "player")
    _raises(lambda: lz.piece_letter(bad), "piece index")
    flip = game.legal_actions()[0]
    _raises(lambda: game.apply(flip, bad), "outcome")


def test_luzhanqi_player_two_is_out_of_range():
    msg = _raises(lambda: lz.FlipGame().colour_of(2), "player 2 is too large")
    assert "0 … 1" in msg


@pytest.mark.parametrize("bad", BAD)
def test_siguo_actions(bad):
    pos = sg.Position()
    _raises(lambda: pos.play(bad), "action")
    _raises(lambda: sg.action_text(bad), "action")


@pytest.mark.parametrize("bad", BAD)
def test_gjjq_actions(bad):
    pos = gjjq.Position()
    _raises(lambda: pos.play_action(bad), "action")
    _raises(lambda: gjjq.Game().push_action(bad), "action")


def test_non_int_stays_a_type_error():
    with pytest.raises(TypeError, match="action must be an int"):
        lz.action_text(1.5)
    with pytest.raises(TypeError, match="player must be an int"):
        lz.FlipGame().colour_of("red")


pyspiel = pytest.importorskip("pyspiel")
import gjjq.openspiel  # noqa: E402,F401  (registers the games)
import gjjq.luzhanqi.openspiel  # noqa: E402,F401
import gjjq.siguo.openspiel  # noqa: E402,F401


@pytest.mark.parametrize(
    "name",
    ["python_gjjq", "python_luzhanqi", "python_luzhanqi_flip", "python_siguo"],
)
def test_openspiel_apply_action_out_of_range(name):
    state = pyspiel.load_game(name).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for bad in (-2, 10**9):
        with pytest.raises(ValueError, match="action"):
            state.apply_action(bad)


@pytest.mark.parametrize(
    "name, players",
    [("python_gjjq", 2), ("python_luzhanqi", 2), ("python_luzhanqi_flip", 2), ("python_siguo", 4)],
)
def test_openspiel_observation_of_a_player_out_of_range(name, players):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(state.observation_tensor(0)) > 0
    observer = game.make_py_observer()
    for bad in (-2, players):
        # OpenSpiel's State checks the player itself before it reaches the game's observer.
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(bad)
        # The observer, called directly (as OpenSpiel's own tools do), names the player.
        with pytest.raises(ValueError, match="player"):
            observer.set_from(state, bad)
