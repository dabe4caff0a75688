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


def load_hidden(**params):
    return pyspiel.load_game(gjjq.openspiel.HIDDEN_SHORT_NAME, params)


def test_hidden_game_type_and_info():
    game = load_hidden(deployments=20, max_plies=300)
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.provides_information_state_string and t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    assert game.num_distinct_actions() == 8100 and game.max_chance_outcomes() == 20
    assert game.max_game_length() == 300 * gjjq.openspiel.MAX_PROPOSALS_PER_TURN
    assert game.information_state_tensor_shape() == list(gjjq.INFO_STATE_SHAPE)
    assert game.observation_tensor_shape() == list(gjjq.HIDDEN_OBSERVATION_SHAPE)
    gjjq.openspiel.register_hidden_game()  # already registered: nothing happens
    for bad in ({"rules": "nonsense"}, {"opening": "9/9"}, {"first": "blue"}, {"deployments": 0}):
        with pytest.raises(Exception):
            load_hidden(**bad)


def test_hidden_random_simulation():
    pyspiel.random_sim_test(load_hidden(deployments=30, max_plies=150), num_sims=2, serialize=False, verbose=False)
    pyspiel.random_sim_test(
        load_hidden(
            deployments=5,
            max_plies=60,
            first="green",
            # OpenSpiel's game strings split at commas: the adapter reads ';' as ','.
            rules='{"announce_illegal":"both";"reveal_captured":"to_captor";"return_rule":"immediate"}',
        ),
        num_sims=2,
        serialize=True,
        verbose=False,
    )


def test_hidden_state_follows_the_referee():
    game = load_hidden(deployments=10, seed=4)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 10
    assert state.information_state_string(0) == "r deploying"
    state.apply_action(3)
    assert state.information_state_string(0) == f"r deployed {game.pool[3]}"
    state.apply_action(7)
    assert state.current_player() == 0
    assert state.hidden.opening == gjjq.Opening(game.pool[3], game.pool[7])
    info = state.hidden.info_state("red")
    assert state.information_state_string(0) == str(info)
    assert state.legal_actions() == info.proposal_actions()
    assert set(state.hidden.true_game.legal_actions()) <= set(state.legal_actions())
    tensor = np.array(state.information_state_tensor(0)).reshape(gjjq.INFO_STATE_SHAPE)
    assert np.array_equal(tensor, info.information_state_tensor())
    obs = np.array(state.observation_tensor(1)).reshape(gjjq.HIDDEN_OBSERVATION_SHAPE)
    assert np.array_equal(obs, state.hidden.info_state("green").observation())
    # Play legal moves until the player to move has a candidate that is not legal.
    rng = np.random.RandomState(0)
    while True:
        p = state.current_player()
        legal = set(state.hidden.true_game.legal_actions())
        extra = [a for a in state.legal_actions() if a not in legal]
        if extra:
            break
        state.apply_action(int(rng.choice(sorted(legal))))
        assert not state.is_terminal()
    # A refused proposal: the same player acts again, without that proposal.
    other = 1 - p
    before = state.information_state_string(other)
    state.apply_action(extra[0])
    assert state.current_player() == p and extra[0] not in state.legal_actions()
    assert state.information_state_string(p).endswith("?" + gjjq.Move.from_action(extra[0]).ascii())
    assert state.information_state_string(other) == before  # announce_illegal: mover
    state.apply_action(min(legal))
    assert state.current_player() == other
    view = state.observation_string(other)
    assert view.count("?") == state.hidden.view(gjjq.openspiel._SIDES[other]).enemy_count
    assert view.split()[1] == "rg"[other]


def play_same(game, actions):
    state = game.new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def test_hidden_information_state_leaks_nothing():
    red = str(gjjq.Deployment())
    swapped = "9/3III3/9/1DA3DA1/FPMGKGMPF"  # Green's army and division on 7D/8D swapped
    moves = [gjjq.Move.from_ascii(m).action for m in ("5B3B", "3E7d", "5b5a", "4E4D")]
    for rules, told in (("standard", False), ('{"reveal_captured":"to_captor"}', True)):
        a = play_same(load_hidden(opening=f"{red} {red}", rules=rules), moves)
        b = play_same(load_hidden(opening=f"{red} {swapped}", rules=rules), moves)
        # Red cannot tell the worlds apart unless it is told the captured kind.
        assert (a.information_state_string(0) == b.information_state_string(0)) == (not told)
        assert (a.information_state_tensor(0) == b.information_state_tensor(0)) or told
        assert a.observation_string(0) == b.observation_string(0)
        assert a.legal_actions(0) == b.legal_actions(0)
        # Green sees its own deployment.
        assert a.information_state_string(1) != b.information_state_string(1)
    # A world whose occupied points differ is seen at once.
    other = "9/3III3/9/1DA3A1D/FPMGKGMPF"
    c = play_same(load_hidden(opening=f"{red} {other}"), [])
    assert c.information_state_string(0) != load_hidden(opening=f"{red} {red}").new_initial_state().information_state_string(0)


def test_hidden_game_with_a_fixed_opening_has_no_chance_node():
    state = load_hidden(opening="default", first="green").new_initial_state()
    assert state.current_player() == 1 and state.hidden.opening == gjjq.Opening(first="green")


def test_hidden_public_observer_is_the_same_for_both_players():
    from open_spiel.python.observation import make_observation

    game = load_hidden(opening="default", rules='{"announce_illegal":"both"}')
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for recall in (False, True):
        obs = make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=recall, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
            ),
        )
        obs.set_from(state, 0)
        red = (obs.tensor.copy(), obs.string_from(state, 0))
        obs.set_from(state, 1)
        assert np.array_equal(red[0], obs.tensor) and red[1] == obs.string_from(state, 1)
        assert red[0].sum() == len(state.hidden.true_game.position.pieces())
        # Nothing private: no captured kind, no refused move.
        assert "?" not in red[1]
