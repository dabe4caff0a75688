"""暗棋 (dark play with a referee, L-31) through Python: the referee, information states and
their strings, records and pickles; the exact world sampler and the beliefs; OpenSpiel's
``python_luzhanqi_dark`` (random simulation with serialization, resampling, OpenSpiel's own
``ISMCTSBot`` playing whole games); PettingZoo's ``env(mode="dark")``; and the no-leak test:
two true worlds that share a player's information state give that player the same strings,
tensors, legal actions and environment observations."""

import pickle
import random

import numpy as np
import pytest

from gjjq import (
    DeploymentError,
    GameOverError,
    IllegalMoveError,
    InfoStateError,
    RulesetError,
)
from gjjq.luzhanqi import (
    DARK_INFO_STATE_SHAPE,
    DARK_OBSERVATION_SHAPE,
    Announcement,
    DarkGame,
    InfoState,
    WorldSampler,
    action_index,
)

DEFAULT = "LFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCETP"


def test_referee_announces_only_what_was_removed():
    game = DarkGame(DEFAULT, DEFAULT)
    told = game.play("c6c7")  # Red's engineer attacks Blue's: both removed
    assert str(told) == "c6c7=" and told.result == "both-removed" and told.end is None
    assert told.action == action_index("c6c7")
    assert game.turn == "blue" and game.ply == 1
    red, blue = game.info_state("red"), game.info_state("blue")
    assert str(red) == f"r r {DEFAULT} c6c7="
    assert str(blue) == f"b r {DEFAULT} c6c7="
    # Blue's engineer on c7 is known to Red to be an engineer: the only kind the result allows.
    assert dict(red.domains())["c7"] == "E"
    assert (1, "c7", "defended E both-removed") in red.deductions()
    assert Announcement.from_string("c6c7=!d1!b12").flag_shown == ["d1", "b12"]
    with pytest.raises(IllegalMoveError):
        game.play("a1a2")  # a landmine
    with pytest.raises(RulesetError):
        DarkGame(DEFAULT, DEFAULT, rules='{"flag_capture": "after_mines"}')
    # The 翻棋 app's option needs the defender's kind, which dark play hides: a ruleset
    # error, not an illegal move (issue 50, item 14).
    with pytest.raises(RulesetError):
        DarkGame(DEFAULT, DEFAULT, rules='{"forbid_losing_attacks": true}')
    with pytest.raises(DeploymentError):
        DarkGame("LFLCP", DEFAULT)


def test_whole_random_game_strings_records_and_pickles():
    game = DarkGame.random(5)
    outcome = game.play_random(5)
    assert outcome is not None and outcome == game.outcome()
    with pytest.raises(GameOverError):
        game.play(0)
    for side in ("red", "blue"):
        info = game.info_state(side)
        assert InfoState.from_string(str(info)) == info
        assert InfoState.from_record(info.to_record()) == info
        assert pickle.loads(pickle.dumps(info)) == info
        assert info.outcome() == outcome
        # A player's record holds no enemy kind: its only deployment is its own.
        other = game.deployment("blue" if side == "red" else "red")
        assert other not in info.to_record()
    again = DarkGame.from_record(game.to_record())
    assert [str(a) for a in again.history] == [str(a) for a in game.history]
    copy = pickle.loads(pickle.dumps(game))
    assert copy.info_state("red") == game.info_state("red")
    assert copy.position == game.position
    # Each ply's legal actions are the view's, from the side's information alone.
    g = DarkGame.random(6)
    rng = random.Random(6)
    for _ in range(60):
        side = g.turn
        assert g.info_state(side).legal_actions() == g.legal_actions()
        assert g.info_state("blue" if side == "red" else "red").legal_actions() == []
        g.play(rng.choice(g.legal_actions()))
    with pytest.raises(InfoStateError):
        InfoState.from_string(f"r r {DEFAULT} a1a2")  # Red's landmine never moves


def test_sampler_draws_consistent_worlds_and_beliefs_add_up():
    game = DarkGame.random(11)
    game.play_random(11, 60)
    info = game.info_state("red")
    sampler = WorldSampler(info, seed=3)
    assert sampler.is_exact and sampler.count > 1
    assert sampler.state == info
    worlds = sampler.draw_many(30)
    for w in worlds:
        assert info.check_world(w) is None
    assert info.check_world(game.deployment("blue")) is None
    assert sampler.draw(seed=9) == sampler.draw(seed=9)
    replayed = sampler.draw_game(seed=4)
    assert replayed.info_state("red") == info
    beliefs = info.beliefs()
    assert beliefs.is_exact and beliefs.worlds == sampler.count
    table = beliefs.array()
    assert table.shape == (25, 12)
    assert np.allclose(table.sum(axis=1), 1.0)
    # Over all 25 enemy pieces each kind's probabilities add up to its count (L-5).
    counts = [1, 1, 2, 2, 2, 2, 3, 3, 3, 2, 3, 1]
    assert np.allclose(table.sum(axis=0), counts)
    for piece in beliefs.pieces():
        assert set(piece["probabilities"]) <= set(piece["public"])
        assert set(piece["probabilities"]) <= set(sampler.domain(piece["id"]))
        if piece["forced"] is not None:
            assert piece["probabilities"] == {piece["forced"]: pytest.approx(1.0)}


def test_tensors_have_their_shapes_and_hold_no_enemy_kind():
    game = DarkGame.random(2)
    game.play_random(2, 40)
    info = game.info_state("blue")
    obs, tensor, actions = info.tensors()
    assert obs.shape == tuple(DARK_OBSERVATION_SHAPE) == (17, 12, 5)
    assert tensor.shape == tuple(DARK_INFO_STATE_SHAPE) == (74, 12, 5)
    assert np.array_equal(tensor[:17], obs)
    assert np.array_equal(info.observation(), obs)
    assert np.array_equal(info.information_state_tensor(), tensor)
    assert actions == info.legal_actions()
    view = info.view()
    # Own pieces by kind on planes 0-11, enemy pieces on plane 12 with no kind.
    assert int(obs[:12].sum()) == len(view.own())
    assert int(obs[12].sum()) == len(view.enemy())
    # The possible kinds of an enemy piece (planes 17-28) are its knowledge domain.
    domains = dict(info.domains())
    for at, ident in view.enemy().items():
        file, rank = "abcde".index(at[0]), int(at[1:])
        row, col = rank - 1, 4 - file  # Blue's frame: row 0 is rank 1, column 0 file e
        letters = "".join("SJDBTYCPEZLF"[k] for k in range(12) if tensor[17 + k, row, col])
        assert letters == domains[ident]
    assert 0.0 <= tensor.min() and tensor.max() <= 1.0


def _twin_worlds(seed, plies, side):
    """A random game and a game of another enemy deployment that gives ``side`` the same
    information state (drawn by the exact sampler, replayed by the referee)."""
    game = DarkGame.random(seed)
    game.play_random(seed, plies)
    info = game.info_state(side)
    enemy = "blue" if side == "red" else "red"
    sampler = WorldSampler(info, seed=seed)
    for k in range(100):
        twin = sampler.draw_game(seed=k)
        if twin.deployment(enemy) != game.deployment(enemy):
            return game, twin
    raise AssertionError("no second world found")


@pytest.mark.parametrize("seed,plies,side", [(1, 0, "red"), (2, 30, "red"), (3, 90, "blue")])
def test_no_leak_two_worlds_sharing_an_information_state(seed, plies, side):
    game, twin = _twin_worlds(seed, plies, side)
    enemy = "blue" if side == "red" else "red"
    a, b = game.info_state(side), twin.info_state(side)
    assert a == b and str(a) == str(b)
    assert np.array_equal(a.information_state_tensor(), b.information_state_tensor())
    assert np.array_equal(a.observation(), b.observation())
    assert a.view().board_string() == b.view().board_string()
    assert a.legal_actions() == b.legal_actions()
    assert a.to_record() == b.to_record()
    # The enemy's own information differs: the test can tell worlds apart.
    assert twin.info_state(enemy) != game.info_state(enemy)
    assert not np.array_equal(
        twin.info_state(enemy).information_state_tensor(),
        game.info_state(enemy).information_state_tensor(),
    )


pyspiel = pytest.importorskip("pyspiel")
import gjjq.luzhanqi.openspiel as lz_openspiel  # noqa: E402
from gjjq.luzhanqi.modes import DarkAdapter  # noqa: E402


def _os_state(game, dark):
    """An OpenSpiel state holding the referee's game ``dark``."""
    state = game.new_initial_state()
    state.adapter = DarkAdapter(dark.copy(), rules=None)
    return state


def test_openspiel_dark_game_type_and_chance():
    game = pyspiel.load_game(lz_openspiel.DARK_SHORT_NAME, {"deployments": 5, "seed": 1})
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.provides_information_state_tensor and t.provides_observation_tensor
    assert game.information_state_tensor_shape() == list(DARK_INFO_STATE_SHAPE)
    assert game.observation_tensor_shape() == list(DARK_OBSERVATION_SHAPE)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 5
    assert state.information_state_string(0) == "r deploying"
    state.apply_action(2)
    assert state.information_state_string(0).startswith("r r ")
    assert state.information_state_string(1) == "b deploying"
    state.apply_action(4)
    assert state.current_player() == 0
    fixed = pyspiel.load_game(lz_openspiel.DARK_SHORT_NAME, {"opening": "default"})
    s = fixed.new_initial_state()
    assert s.information_state_string(0) == f"r r {DEFAULT}"
    assert s.observation_string(1).endswith(" r 0")
    with pytest.raises(Exception):
        pyspiel.load_game(lz_openspiel.DARK_SHORT_NAME, {"rules": '{"flag_capture": "after_mines"}'})


def test_openspiel_dark_random_simulation_with_serialization():
    pyspiel.random_sim_test(
        pyspiel.load_game(lz_openspiel.DARK_SHORT_NAME, {"max_plies": 300, "deployments": 20}),
        num_sims=3,
        serialize=True,
        verbose=False,
    )
    pyspiel.random_sim_test(
        pyspiel.load_game(
            lz_openspiel.DARK_SHORT_NAME,
            {"max_plies": 120, "opening": "default", "first": "blue", "marshal_reveals_flag": False},
        ),
        num_sims=2,
        serialize=True,
        verbose=False,
    )


@pytest.mark.parametrize("plies,player", [(0, 0), (25, 1), (80, 0)])
def test_openspiel_resample_keeps_the_information_state(plies, player):
    game = pyspiel.load_game(lz_openspiel.DARK_SHORT_NAME, {"opening": "default", "seed": 3})
    state = game.new_initial_state()
    rng = random.Random(plies)
    while len(state.history()) < plies and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    info = state.information_state_string(player)
    tensor = state.information_state_tensor(player)
    other = 1 - player
    seen = set()
    for k in range(6):
        u = (k + 0.5) / 6
        world = state.resample_from_infostate(player, lambda: u)
        assert world.information_state_string(player) == info
        assert world.information_state_tensor(player) == tensor
        assert world.observation_string(player) == state.observation_string(player)
        assert world.legal_actions() == state.legal_actions()
        assert world.history() == state.history()
        seen.add(world.adapter.deployments[other])
        again = state.resample_from_infostate(player, lambda: u)
        assert again.adapter.deployments == world.adapter.deployments
    assert len(seen) > 1


def test_openspiel_ismcts_plays_whole_dark_games():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(
        lz_openspiel.DARK_SHORT_NAME, {"deployments": 10, "seed": 5, "max_plies": 400}
    )
    rng = np.random.RandomState(5)
    for searcher in (0, 1):
        bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=4,
            random_state=rng,
        )
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif state.current_player() == searcher:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert sum(state.returns()) == 0.0
        assert state.adapter.outcome() is not None or state.adapter.plies == 400


def test_openspiel_no_leak():
    game = pyspiel.load_game(lz_openspiel.DARK_SHORT_NAME, {"seed": 7})
    dark, twin = _twin_worlds(7, 50, "red")
    a, b = _os_state(game, dark), _os_state(game, twin)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.legal_actions(0) == b.legal_actions(0)
    for u in (0.1, 0.6):
        wa = a.resample_from_infostate(0, lambda: u)
        wb = b.resample_from_infostate(0, lambda: u)
        assert wa.adapter.deployments == wb.adapter.deployments
    assert a.information_state_string(1) != b.information_state_string(1)


pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

from gjjq.luzhanqi.pettingzoo import env, parallel_env  # noqa: E402


def test_pettingzoo_dark_api_and_observations():
    api_test(env(mode="dark", max_plies=300), num_cycles=400)
    parallel_api_test(parallel_env(mode="dark", max_plies=100), num_cycles=100)
    e = env(mode="dark", max_plies=50)
    e.reset(seed=3)
    obs = e.observe("player_0")
    assert obs["observation"].shape == (74, 12, 5)
    assert obs["action_mask"].sum() > 0 and e.observe("player_1")["action_mask"].sum() == 0
    e2 = env(mode="dark")
    e2.reset(seed=3)
    assert np.array_equal(e2.observe("player_0")["observation"], obs["observation"])
    e2.reset(seed=4)
    assert not np.array_equal(e2.observe("player_0")["observation"], obs["observation"])


def test_pettingzoo_dark_no_leak():
    dark, twin = _twin_worlds(8, 40, "blue")
    envs = []
    for g in (dark, twin):
        e = env(mode="dark", position=f"{g.deployment('red')} {g.deployment('blue')}")
        e.reset(seed=0)
        for a in g.history:
            e.step(a.action)
        envs.append(e)
    a, b = (e.observe("player_1") for e in envs)
    assert np.array_equal(a["observation"], b["observation"])
    assert np.array_equal(a["action_mask"], b["action_mask"])
    ra, rb = (e.observe("player_0") for e in envs)
    assert not np.array_equal(ra["observation"], rb["observation"])
