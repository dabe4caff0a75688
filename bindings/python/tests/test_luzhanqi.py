"""陸戰棋 through Python (gjjq.luzhanqi): rules of the open and flip games, the action index,
OpenSpiel's random simulation test with serialization on both games, PettingZoo's API test on
both environments."""

import pickle
import random

import numpy as np
import pytest

from gjjq import IllegalMoveError, InvalidPositionError, PositionStringError
from gjjq.luzhanqi import (
    NUM_ACTIONS,
    OBSERVATION_SHAPE,
    FlipGame,
    Game,
    Position,
    action_index,
    action_text,
    piece_letter,
)


def test_action_index():
    assert NUM_ACTIONS == 3660
    assert action_index("a1a2") == 0 * 60 + 5
    assert action_index("c6") == 3600 + 27
    for a in (5, 27 * 60 + 32, 3600, 3659):
        assert action_index(action_text(a)) == a
    with pytest.raises(ValueError):
        action_text(3660)
    with pytest.raises(ValueError):
        action_text(0)  # a1 to a1
    assert piece_letter(0) == "S" and piece_letter(12 + 11) == "f"


def test_open_position_follows_the_library():
    pos = Position()
    assert pos.turn == "red"
    assert len(pos.legal_moves()) == pos.perft(1) == len(pos.legal_actions())
    mask = pos.legal_action_mask()
    assert mask.shape == (NUM_ACTIONS,) and mask.sum() == pos.perft(1)
    after = pos.play("c6c7")
    assert after.turn == "blue" and after.piece_at("c6") is None
    assert pos.record("c6c7") == "工c6xc7"
    with pytest.raises(IllegalMoveError):
        pos.play("a1a2")
    with pytest.raises(PositionStringError):
        Position("5/5/5 r")
    with pytest.raises(InvalidPositionError):
        Position("5/5/5/5/5/5/5/5/5/5/5/5 r")  # both flags gone
    assert pickle.loads(pickle.dumps(pos)) == pos
    obs = pos.observation("blue")
    assert obs.shape == OBSERVATION_SHAPE and obs.dtype == np.float32
    # Blue's pieces are its own (planes 0-11), seen from its side: its flag on its back row.
    assert obs[11].sum() == 1 and obs[11][11].sum() == 1
    assert pos.outcome() is None
    won = Position("5/5/5/5/5/5/5/5/5/5/5/1F1S1 b")
    assert won.outcome() == ("red", "flag-captured")


def test_open_game_and_random_deployments():
    g = Game(Position.random(3))
    rng = random.Random(3)
    while g.outcome() is None and g.ply < 300:
        g.push(rng.choice(g.legal_actions()))
    assert g.ply == len(g.moves)
    assert Position.random(3) == Position.random(3) != Position.random(4)


def test_flip_start_and_chance():
    g = FlipGame()
    acts = g.legal_actions()
    assert len(acts) == 50 and all(a >= 3600 for a in acts)
    assert all(g.is_chance(a) for a in acts)
    outs = g.chance_outcomes()
    assert len(outs) == 24 and abs(sum(p for _, p in outs) - 1.0) < 1e-12
    assert dict(outs)[11] == pytest.approx(1 / 50)  # Red's flag
    assert g.colour_of(0) is None and g.player == 0
    with pytest.raises(IllegalMoveError):
        g.apply(action_index("c6"))  # a flip needs its outcome
    assert g.apply(action_index("c6"), 12 + 8) == "c6=e"  # a blue engineer
    assert g.colour_of(0) == "blue" and g.colour_of(1) == "red" and g.player == 1
    assert g.player_of("red") == 1
    assert g.undo() and g.ply == 0 and g.colour_of(0) is None


def test_flip_rules_through_python():
    # Face-down c7 blocks the engineer on c6 and cannot be attacked, unless attack_face_down.
    text = "5/5/5/5/5/2?2/2E2/5/5/5/5/?4 1 r Ff 0 1"
    g = FlipGame(text)
    assert action_index("c6c7") not in g.legal_actions()
    assert action_index("c6b7") in g.legal_actions()
    assert g.outcome() is None
    g = FlipGame(text, attack_face_down=True)
    assert g.is_chance(action_index("c6c7"))
    g.apply(action_index("c6c7"), 12 + 11)  # Blue's flag, no Blue landmine left
    assert g.outcome() == ("red", "flag-captured")
    # The first-engineer rule waits for an engineer.
    g = FlipGame(colour_rule="first_engineer")
    g.apply(action_index("a1"), 0)
    assert g.colour_of(0) is None and g.player == 1
    g.apply(action_index("a2"), 12 + 8)
    assert g.colour_of(1) == "blue"
    with pytest.raises(PositionStringError):
        FlipGame("5/5 1 - -")
    with pytest.raises(InvalidPositionError):
        FlipGame("5/5/5/5/5/2?2/2E2/5/5/5/5/?4 1 r F 0 1")  # one unseen piece, two face down
    with pytest.raises(ValueError):
        FlipGame(colour_rule="first_bomb")


def test_flip_game_pickles_and_replays():
    g = FlipGame(colour_rule="first_mine", attack_face_down=True)
    rng = random.Random(1)
    while g.outcome() is None and g.ply < 200:
        a = rng.choice(g.legal_actions())
        if g.is_chance(a):
            pieces, probs = zip(*g.chance_outcomes())
            g.apply(a, rng.choices(pieces, probs)[0])
        else:
            g.apply(a)
    h = pickle.loads(pickle.dumps(g))
    assert h.state == g.state and h.plies == g.plies
    assert FlipGame.replay(g.plies, colour_rule="first_mine", attack_face_down=True).state == g.state
    obs = g.observation(1)
    assert obs.shape == OBSERVATION_SHAPE and obs.min() >= 0.0 and obs.max() <= 1.0


def test_open_game_pickles_mid_game():
    # Issue 50, item 13: LzGame pickles as its start (with its ruleset) and its moves, and the
    # copy goes on as the original does (repetition counts the history it was rebuilt with).
    rules = '{"repetition": 3}'
    g = Game(Position.random(4, rules))
    rng = random.Random(4)
    for _ in range(40):
        if g.outcome() is not None:
            break
        g.push(rng.choice(g.legal_actions()))
    assert g.ply > 0
    h = pickle.loads(pickle.dumps(g))
    assert isinstance(h, Game)
    assert h.start == g.start and h.moves == g.moves and h.position == g.position
    assert h.position.rules == g.position.rules == Position(None, rules).rules
    assert h.outcome() == g.outcome() and h.legal_actions() == g.legal_actions()
    if g.outcome() is None:
        a = g.legal_actions()[0]
        g.push(a)
        h.push(a)
        assert h.position == g.position
    assert Game.replay(g.start, g.moves).moves == g.moves
    with pytest.raises(IllegalMoveError):
        Game.replay(Position(), ["a1a2"])  # a landmine does not move


def test_flip_game_draws_its_own_chance():
    # Issue 50, item 15: the library's draw, bound: a seeded draw is repeatable, follows the
    # unseen pieces' counts, and apply_drawn plays a flip with what it draws.
    g = FlipGame()
    outcomes = dict(g.chance_outcomes())
    draws = [g.draw(seed) for seed in range(2000)]
    assert draws == [g.draw(seed) for seed in range(2000)]
    assert set(draws) <= set(outcomes)
    # Each of the 24 pieces has probability count / 50 (L-5); the landmines (3 of 50 per
    # side) come out about 6 % of the time each.
    for piece in (10, 22):  # Red's and Blue's landmine (L)
        assert piece_letter(piece) in "Ll"
        assert abs(draws.count(piece) / 2000 - outcomes[piece]) < 0.025
    assert len(set(draws)) == 24
    a = g.legal_actions()[0]
    text = g.apply_drawn(a, seed=7)
    assert text == f"{action_text(a)}={piece_letter(FlipGame().draw(7))}"
    assert g.ply == 1 and g.plies == [text]
    # The ply's text replays to the same state.
    assert FlipGame.replay(g.plies).state == g.state
    random.seed(11)
    x = FlipGame().draw()
    random.seed(11)
    assert FlipGame().draw() == x  # without a seed, from Python's random
    # Nothing is unseen once every piece is face up.
    assert FlipGame("5/5/5/5/5/5/5/5/5/5/5/F3f 1 r -").draw() is None


pyspiel = pytest.importorskip("pyspiel")
import gjjq.luzhanqi.openspiel as lz_openspiel  # noqa: E402


def test_openspiel_game_types():
    open_game = pyspiel.load_game(lz_openspiel.SHORT_NAME)
    flip_game = pyspiel.load_game(lz_openspiel.FLIP_SHORT_NAME)
    for game in (open_game, flip_game):
        assert game.num_distinct_actions() == NUM_ACTIONS
        assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
        assert game.observation_tensor_shape() == list(OBSERVATION_SHAPE)
    assert flip_game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert flip_game.max_chance_outcomes() == 24
    state = flip_game.new_initial_state()
    assert state.current_player() == 0
    state.apply_action(action_index("c6"))
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 24 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    state.apply_action(0)
    assert state.current_player() == 1
    assert state.history_str() == f"{action_index('c6')}, 0"
    with pytest.raises(Exception):
        pyspiel.load_game(lz_openspiel.FLIP_SHORT_NAME, {"colour_rule": "nope"})


def test_openspiel_random_simulation_with_serialization():
    pyspiel.random_sim_test(
        pyspiel.load_game(lz_openspiel.SHORT_NAME, {"max_plies": 150, "seed": 2}),
        num_sims=3,
        serialize=True,
        verbose=False,
    )
    pyspiel.random_sim_test(
        pyspiel.load_game(lz_openspiel.FLIP_SHORT_NAME, {"max_plies": 300}),
        num_sims=3,
        serialize=True,
        verbose=False,
    )
    pyspiel.random_sim_test(
        pyspiel.load_game(
            lz_openspiel.FLIP_SHORT_NAME,
            {"max_plies": 200, "attack_face_down": True, "colour_rule": "first_engineer"},
        ),
        num_sims=2,
        serialize=True,
        verbose=False,
    )


def test_openspiel_state_pickles_and_clones():
    game = pyspiel.load_game(lz_openspiel.FLIP_SHORT_NAME)
    state = game.new_initial_state()
    state.apply_action(action_index("a1"))
    clone = state.clone()
    clone.apply_action(3)
    assert state.is_chance_node() and not clone.is_chance_node()
    again = pickle.loads(pickle.dumps(clone))
    assert str(again) == str(clone)


pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from gjjq.luzhanqi.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("mode", ["open", "flip", "dark"])
def test_pettingzoo_api(mode):
    api_test(env(mode=mode, max_plies=300), num_cycles=400)


@pytest.mark.parametrize("mode", ["open", "flip", "dark"])
def test_pettingzoo_whole_games_are_zero_sum(mode):
    e = env(mode=mode)
    e.reset(seed=7)
    rng = np.random.default_rng(7)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() > 0
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert sum(totals.values()) == 0.0


def test_pettingzoo_illegal_action_loses_and_bad_mode():
    e = raw_env(mode="flip")
    e.reset(seed=0)
    e.step(0)  # a1a2: no move before the colours are settled
    assert e.rewards == {"player_0": -1.0, "player_1": 1.0}
    with pytest.raises(ValueError):
        raw_env(mode="dark-ish")
