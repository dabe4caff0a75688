"""The open game registered with OpenSpiel: its game type, OpenSpiel's random simulation test,
and a short MCTS-vs-random game."""

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import gjjq  # noqa: E402
import gjjq.openspiel  # noqa: E402,F401  (registers the game)


def load(**params):
    return pyspiel.load_game(gjjq.openspiel.SHORT_NAME, params)


def test_game_type_and_info():
    game = load()
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game.num_distinct_actions() == 8100 and game.num_players() == 2
    assert game.max_game_length() == gjjq.openspiel.DEFAULT_MAX_PLIES
    assert load(max_plies=77).max_game_length() == 77
    assert game.observation_tensor_shape() == list(gjjq.OBSERVATION_SHAPE)
    with pytest.raises(Exception):
        load(rules="no-such-rules")


def test_random_simulation():
    pyspiel.random_sim_test(load(max_plies=400), num_sims=3, serialize=False, verbose=False)
    pyspiel.random_sim_test(
        load(max_plies=60, rules='{"return_rule":"immediate"}'),
        num_sims=2,
        serialize=True,
        verbose=False,
    )


def test_state_follows_the_library():
    game = load()
    state = game.new_initial_state()
    pos = gjjq.Position()
    assert state.current_player() == 0
    assert state.legal_actions() == pos.legal_actions()
    a = gjjq.Move.from_ascii("3E7d").action
    assert state.action_to_string(0, a) == "3E7d"
    state.apply_action(a)
    assert state.current_player() == 1 and str(state) == str(pos.play("3E7d"))
    obs = np.array(state.observation_tensor(1)).reshape(gjjq.OBSERVATION_SHAPE)
    assert np.array_equal(obs, pos.play("3E7d").observation("green"))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.game.ply == 1 and clone.game.ply == 2
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


def test_ply_cap_is_a_draw():
    game = load(max_plies=4)
    state = game.new_initial_state()
    for m in ("5E5D", "5e5d", "5D5E", "5d5e"):
        assert not state.is_terminal()
        state.apply_action(gjjq.Move.from_ascii(m).action)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.outcome() == gjjq.Outcome(None, gjjq.openspiel.PLY_LIMIT)


def test_decisive_game_returns():
    # A small position played out at random: the returns follow the outcome, whatever it is.
    game = load(position="4k4/9/9/9/9/9/9/4M4/4I4/4K4 g -")
    state = game.new_initial_state()
    assert state.current_player() == 1
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    o = state.outcome()
    assert o is not None
    expected = {None: [0.0, 0.0], "red": [1.0, -1.0], "green": [-1.0, 1.0]}[o.winner]
    assert state.returns() == expected


def test_mcts_against_random():
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots import uniform_random

    game = load(max_plies=40)
    rng = np.random.RandomState(3)
    bots = [
        mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0.0
    assert state.game.ply <= 40


def test_hidden_game_has_its_place():
    with pytest.raises(NotImplementedError):
        gjjq.openspiel.register_hidden_game()
