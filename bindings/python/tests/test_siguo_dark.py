"""四國軍棋's dark modes for Python (L-63 … L-65): ``gjjq.siguo.DarkGame``, the OpenSpiel games
``python_siguo_dark`` (四暗) and ``python_siguo_double_open`` (雙明) with
``resample_from_infostate`` (OpenSpiel's ``random_sim_test`` with serialization, ``ISMCTSBot``
playing whole games), PettingZoo's ``env(mode="dark" | "double_open")``, and the no-leak
tests: a seat's strings, tensors and legal actions do not change when only hidden kinds of
other seats change."""

import pickle
import random
import re

import numpy as np
import pytest

import gjjq
from gjjq.luzhanqi.modes import deployment_pool
from gjjq.siguo import DARK_OBSERVATION_SHAPE, SEATS, DarkGame, Position, WorldSampler

pyspiel = pytest.importorskip("pyspiel")
import gjjq.siguo.openspiel as sg_openspiel  # noqa: E402

DARK = {"mode": "dark"}

# A legal deployment (L-17 via L-58) and the same with two untouched middle pieces swapped:
# row 5 "J+P+S" holds a general (J), a platoon (P) and a marshal (S), none an engineer, a bomb
# or a landmine, so the swap keeps the deployment legal (L-17) and changes no move of Green's
# other pieces.
DEPLOY = "LFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCETP"
SWAPPED = "LFLCP/TLEYE/B+Z+D/DB+ZC/J+S+P/YCETP"


def _rules(mode: str, **extra) -> str:
    import json

    return json.dumps({"mode": mode, **extra})


def _game(mode: str, green: str = DEPLOY, seed: int = 1) -> DarkGame:
    rng = random.Random(seed)
    d = deployment_pool(8, seed)
    red, blue, yellow = rng.choice(d), rng.choice(d), rng.choice(d)
    return DarkGame(Position.from_deployments(red, green, blue, yellow, "red", _rules(mode)))


def test_dark_game_basics_and_typed_errors():
    g = _game("dark")
    assert g.mode == "dark" and g.player == 0 and g.ply == 0
    # The mover's actions from its information state are the true position's (L-63).
    assert g.legal_actions() == g.position.legal_actions()
    red = g.info_state("red")
    assert red.startswith("siguo-info r\n") and "g?" in red and "gF" not in red
    assert g.info_state("green").count("gF") == 1  # its own flag
    assert g.observation("red").shape == tuple(DARK_OBSERVATION_SHAPE) == (65, 17, 17)
    with pytest.raises(gjjq.IllegalMoveError):
        g.push(gjjq.siguo.PASS_ACTION)  # pass_limit 0 (L-55)
    with pytest.raises(gjjq.MoveParseError):
        g.push(10**6)
    with pytest.raises(gjjq.MoveParseError):
        g.info_state("purple")
    # Dark play needs flag_capture any (L-63): JSON refuses the rest, and so does the game.
    with pytest.raises(gjjq.RulesetError):
        Position(None, _rules("dark", flag_capture="after_mines"))
    with pytest.raises(gjjq.InfoStateError, match="line 1"):
        WorldSampler("siguo-info x\n")
    with pytest.raises(ValueError, match="not this game's"):
        pyspiel.load_game("python_siguo_dark", {"rules": '{"mode":"open"}'})


def test_dark_game_plays_pickles_and_replays():
    g = _game("double_open", seed=4)
    rng = random.Random(4)
    for _ in range(30):
        if g.outcome() is not None:
            break
        g.push(rng.choice(g.legal_actions()))
    g2 = pickle.loads(pickle.dumps(g))
    assert g2.steps == g.steps and g2.text() == g.text()
    for s in SEATS:
        assert g2.info_state(s) == g.info_state(s)
    c = g.copy()
    c.push(c.legal_actions()[0])
    assert c.ply == g.ply + 1
    # 雙明 (L-64): Red sees Blue's kinds, not Green's.
    view = g.view("red")
    assert "b?" not in view and "g?" in view


N = gjjq.siguo.NUM_POINTS
LABELS = [
    re.fullmatch(r"([a-q]\d+)([a-q]\d+)", gjjq.siguo.action_text(i * N + (1 if i == 0 else 0)))[1]
    for i in range(N)
]
"""The point labels by index (an action's text names its two points)."""


def _play_around(a: DarkGame, b: DarkGame, avoid, plies: int, seed: int) -> None:
    """Play the same actions in both games: quiet moves only (an attack's result would
    depend on the kinds), none from or onto the points in ``avoid``."""
    rng = random.Random(seed)
    for _ in range(plies):
        assert a.legal_actions() == b.legal_actions()
        pos = a.position
        quiet = [
            x
            for x in a.legal_actions()
            if x != gjjq.siguo.PASS_ACTION
            and pos.piece_at(LABELS[x % N]) is None
            and LABELS[x // N] not in avoid
            and LABELS[x % N] not in avoid
        ]
        if not quiet:
            break
        x = rng.choice(quiet)
        a.push(x)
        b.push(x)


@pytest.mark.parametrize("mode", ["dark", "double_open"])
def test_hidden_kinds_of_others_do_not_leak(mode):
    a, b = _game(mode, DEPLOY, seed=2), _game(mode, SWAPPED, seed=2)
    differ = [p for p in LABELS if a.position.piece_at(p) != b.position.piece_at(p)]
    assert len(differ) == 2  # the two swapped pieces, and nothing else
    _play_around(a, b, differ, 24, seed=2)
    assert a.ply > 8
    # Green knows; so does Yellow under 雙明 (L-64): the test can tell a difference.
    assert a.info_state("green") != b.info_state("green")
    assert not np.array_equal(a.observation("green"), b.observation("green"))
    blind = ["red", "blue"] + (["yellow"] if mode == "dark" else [])
    for s in blind:
        assert a.info_state(s) == b.info_state(s)
        assert a.view(s) == b.view(s)
        assert np.array_equal(a.observation(s), b.observation(s))
    game = pyspiel.load_game(
        sg_openspiel.DARK_SHORT_NAME if mode == "dark" else sg_openspiel.DOUBLE_OPEN_SHORT_NAME,
        {"seed": 3},
    )
    sa, sb = _os_state(game, a), _os_state(game, b)
    for p, s in enumerate(SEATS):
        if s not in blind:
            continue
        assert sa.information_state_string(p) == sb.information_state_string(p)
        assert sa.information_state_tensor(p) == sb.information_state_tensor(p)
        assert sa.observation_string(p) == sb.observation_string(p)
        assert sa.observation_tensor(p) == sb.observation_tensor(p)
        # The same sampler value gives the same world: the resample reads what p knows only.
        wa = sa.resample_from_infostate(p, lambda: 0.25)
        wb = sb.resample_from_infostate(p, lambda: 0.25)
        assert wa.adapter.text() == wb.adapter.text()
    assert sa.legal_actions() == sb.legal_actions()


def _os_state(game, dark: DarkGame):
    state = game.new_initial_state()
    state.adapter = type(state.adapter)(dark.copy(), state.adapter.max_plies)
    return state


@pytest.mark.parametrize("name", ["python_siguo_dark", "python_siguo_double_open"])
def test_openspiel_random_simulation_with_serialization(name):
    game = pyspiel.load_game(name, {"max_plies": 400, "deployments": 20})
    assert game.num_players() == 4
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.information_state_tensor_shape() == [65, 17, 17]
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    fixed = pyspiel.load_game(name, {"max_plies": 200, "position": "default", "rules": '{"pass_limit":2}'})
    pyspiel.random_sim_test(fixed, num_sims=2, serialize=True, verbose=False)


def test_openspiel_serialize_and_deserialize_state():
    game = pyspiel.load_game("python_siguo_double_open", {"deployments": 7, "seed": 2})
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(4):
        state.apply_action(rng.randrange(7))
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    for p in range(4):
        assert again.information_state_string(p) == state.information_state_string(p)
    _, both = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(both) == str(state)


def test_openspiel_chance_nodes_draw_four_deployments():
    game = pyspiel.load_game("python_siguo_dark", {"deployments": 5, "seed": 9})
    state = game.new_initial_state()
    for seat in SEATS:
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 5 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0).startswith(f"{seat} deploys ")
        state.apply_action(0)
    assert state.current_player() == 0
    pool = deployment_pool(5, 9)
    assert state.adapter.game.start == Position.from_deployments(*[pool[0]] * 4, "red", _rules("dark"))


def test_openspiel_observers_private_and_public():
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_siguo_dark", {"position": "default"})
    state = game.new_initial_state()
    for a in (state.legal_actions()[0], None):
        if a is not None:
            state.apply_action(a)
        view = make_observation(game)
        view.set_from(state, 1)
        assert view.tensor.reshape(65, 17, 17).tolist() == state.adapter.observation(1).tolist()
        public = make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
            ),
        )
        public.set_from(state, 1)
        t = public.tensor.reshape(65, 17, 17)
        kinds = [s * 13 + k for s in range(4) for k in range(12)]
        assert t[kinds].sum() == 0 and t[[12, 25, 38, 51]].sum() == 100  # 4 × 25 pieces
        text = public.string_from(state, 1)
        assert text.count("?") == 100 and "r" in text
        assert public.string_from(state, 1) == public.string_from(state, 3)  # absolute board
        assert state.observation_string(1).count("?") == 75  # its own 25 kinds are seen


def test_resample_keeps_the_information_state():
    game = pyspiel.load_game("python_siguo_dark", {"deployments": 30, "seed": 1})
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.randrange(30))
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    worlds = set()
    for p in range(4):
        for u in (0.1, 0.7):
            w = state.resample_from_infostate(p, lambda: u)
            assert w.information_state_string(p) == state.information_state_string(p)
            assert w.current_player() == state.current_player()
            worlds.add(w.adapter.text())
    assert len(worlds) > 1  # other worlds, not the true one again and again


def test_openspiel_ismcts_plays_whole_dark_games():
    # 30 plies keeps the test fast; the sampler itself reaches 600-ply games
    # (docs/python.md, "Cost of a resample"); a game of 30 plies is whole, to its cap.
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_siguo_dark", {"deployments": 10, "seed": 5, "max_plies": 30})
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=4, random_state=rng
    )
    for searcher in (0, 1):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif state.current_player() % 2 == searcher:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert sum(state.returns()) == 0.0
        assert state.adapter.outcome() is not None or state.adapter.plies == 30


pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from gjjq.siguo.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("mode", ["dark", "double_open"])
def test_pettingzoo_dark_api_and_observations(mode):
    api_test(env(mode=mode, max_plies=200), num_cycles=300)
    e = env(mode=mode, max_plies=50)
    e.reset(seed=3)
    obs = e.observe("red")
    assert obs["observation"].shape == (65, 17, 17)
    assert obs["action_mask"].sum() > 0 and e.observe("green")["action_mask"].sum() == 0
    # The observation is the agent's view tensor, from its information state.
    game = e.unwrapped.adapter.game
    for s in SEATS:
        assert np.array_equal(e.observe(s)["observation"], game.observation(s))
    assert np.flatnonzero(obs["action_mask"]).tolist() == game.position.legal_actions()
    assert env().unwrapped.mode == "open"  # the default stays 全明
