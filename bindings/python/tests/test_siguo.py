"""四國軍棋 through Python (gjjq.siguo): positions, the action index, tensors, pickling, the open
game's history (repetition, L-56; surrender, L-54), OpenSpiel's random simulation test with
serialization on ``python_siguo`` and its team returns, PettingZoo's API test on the
four-agent environment."""

import pickle
import random
import re

import numpy as np
import pytest

import gjjq
from gjjq import (
    GameOverError,
    IllegalMoveError,
    InvalidPositionError,
    MoveParseError,
    PositionStringError,
    RulesetError,
)
from gjjq.siguo import (
    NUM_ACTIONS,
    OBSERVATION_SHAPE,
    PASS_ACTION,
    SEATS,
    Game,
    Position,
    action_index,
    action_text,
    team_of,
    team_returns,
)

# The brief's L-59 example (crates/siguo/tests/check_values.rs), Red to move.
EXAMPLE = (
    "bPbCbLbFbL/bPbTbZbLbE/bY1bB1bD/bYbJ1bZbC/bT1bS1bE/bEbPbCbDbB/"
    "yLyEyDyCyEyB3gEgTgYgYgPgP/yFyL1yZ1yDgP1gJ1gTgC/yLyZyB1ySyC3gCgS1gBgZgL/"
    "yCyT1yJ1yPgD1gZ1gLgF/yPyPyYyYyTyE3gBgEgCgDgEgL/rBrDrCrPrE/rE1rS1rT/rCrZ1rJrY/"
    "rD1rB1rY/rErLrZrTrP/rLrFrLrCrP r rgby 0 1"
)

# Yellow out; Red's general next to Green's flag, whose landmine does not shut it under the
# standard `flag_capture` (L-12: any). Taking it puts Green out (L-52) and wins (L-53).
ONE_FROM_WIN = "3bF1/5/5/5/5/5/15/12/15/10rJgF/14gL/5/5/5/5/5/1rF3 r rgb 0 1"


def ends(move):
    """The two points of an ASCII move (`g6g7`, `p10q10`)."""
    m = re.fullmatch(r"([a-q][0-9]+)([a-q][0-9]+)", move)
    assert m, move
    return m.group(1), m.group(2)


def test_action_index():
    assert NUM_ACTIONS == 129 * 129 + 1 and PASS_ACTION == 129 * 129
    assert action_index("pass") == PASS_ACTION
    # a1 does not exist; g1 is point 0, h1 point 1 (rank by rank from rank 1, file a first).
    assert action_index("g1h1") == 0 * 129 + 1
    for a in (1, 5 * 129 + 17, 128 * 129 + 127, PASS_ACTION):
        assert action_index(action_text(a)) == a
    with pytest.raises(MoveParseError, match="too large"):
        action_text(NUM_ACTIONS)
    with pytest.raises(MoveParseError, match="to itself"):
        action_text(130)
    with pytest.raises(MoveParseError):
        action_index("a1a2")  # no point a1 (L-40)


def test_l59_example_53_actions_for_each_seat_and_perft_2():
    for seat in "rgby":
        pos = Position(EXAMPLE.replace(" r rgby", f" {seat} rgby"))
        assert pos.turn == SEATS["rgby".index(seat)]
        assert len(pos.legal_actions()) == 53
        assert pos.legal_action_mask().sum() == 53
    pos = Position(EXAMPLE)
    assert str(pos) == EXAMPLE
    assert pos.perft(1) == 53 and pos.perft(2) == 2831


def test_actions_by_text_and_index_agree():
    pos = Position.random(3)
    moves = pos.legal_moves()
    actions = pos.legal_actions()
    assert sorted(action_index(m) for m in moves) == actions
    assert len(actions) == pos.perft(1)
    mask = pos.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (NUM_ACTIONS,)
    assert list(np.flatnonzero(mask)) == actions
    for m in moves[:5]:
        assert pos.play(m) == pos.play(action_index(m))
        assert pos.play(m).turn == "green"


def test_bad_input_gets_typed_errors():
    with pytest.raises(PositionStringError):
        Position("not a position")
    with pytest.raises(InvalidPositionError):
        Position("3bF1/5/5/5/5/5/15/12/15/12/15/5/5/5/5/5/1rF3 r rgby 0 1")  # flags missing
    with pytest.raises(RulesetError):
        Position(None, '{"pass_limit": 10}')
    pos = Position()
    with pytest.raises(IllegalMoveError):
        pos.play("i9i7")  # no piece on i9, the 九宮's centre, at the start
    with pytest.raises(IllegalMoveError):
        pos.play(PASS_ACTION)  # pass_limit 0 (L-55)
    with pytest.raises(MoveParseError):
        pos.observation("purple")
    with pytest.raises(PositionStringError, match="red's deployment"):
        Position.from_deployments("x", "y", "z", "w")


def test_passes_by_index_and_text():
    pos = Position(None, '{"pass_limit": 1}')
    assert pos.can_pass() and PASS_ACTION in pos.legal_actions()
    after = pos.play(PASS_ACTION)
    assert after == pos.play("pass")
    assert after.passes_used("red") == 1 and after.turn == "green"


def test_team_outcome_and_returns():
    pos = Position(ONE_FROM_WIN)
    assert not pos.in_play("yellow") and pos.outcome() is None
    take = [m for m in pos.legal_moves() if pos.piece_at(ends(m)[1]) == "gF"]
    assert len(take) == 1
    won = pos.play(take[0])
    assert won.outcome() == ("red-blue", "flag-captured")
    assert not won.in_play("green")
    assert won.legal_actions() == []
    with pytest.raises(GameOverError):
        won.play(0)
    assert [team_of(p) for p in range(4)] == ["red-blue", "green-yellow"] * 2
    assert team_returns("red-blue") == [1.0, -1.0, 1.0, -1.0]
    assert team_returns("green-yellow") == [-1.0, 1.0, -1.0, 1.0]
    assert team_returns(None) == [0.0] * 4


def test_surrender_of_a_team_ends_the_game():
    g = Game(Position(None, '{"surrender_after": 0}'))
    g.surrender("green")
    assert g.outcome() is None and not g.position.in_play("green")
    g.surrender("y")
    assert g.outcome() == ("red-blue", "resigned")
    assert g.steps == ["resign-g", "resign-y"] and g.ply == 0
    again = pickle.loads(pickle.dumps(g))
    assert again.outcome() == g.outcome() and again.steps == g.steps
    with pytest.raises(GameOverError):
        g.surrender("red")
    with pytest.raises(IllegalMoveError, match="surrender"):
        Game().surrender("green")  # before `surrender_after` plies (L-54: 20 by default)
    with pytest.raises(MoveParseError):
        Game().surrender("purple")


def test_observation_is_each_seats_own_frame():
    """L-41: every seat deploys the same default deployment in its own frame, so each seat
    sees the same board from its side; only the seat-to-move planes differ."""
    pos = Position()
    obs = {s: pos.observation(s) for s in SEATS}
    for s in SEATS:
        o = obs[s]
        assert o.shape == tuple(OBSERVATION_SHAPE) and o.dtype == np.float32
        assert o[56].sum() == 129  # the board's points
        assert o[:48].sum() == 100  # 25 pieces a seat
        assert o[:12].sum() == 25
        assert np.array_equal(o[:52], obs["red"][:52])
        assert o[48:52].min() == 1.0  # all four seats in play
    # The seat to move (Red) is seat 0 of Red's view, 3 of Green's, 2 of Blue's, 1 of Yellow's.
    for s, k in zip(SEATS, (0, 3, 2, 1)):
        assert obs[s][52 + k].min() == 1.0 and obs[s][52:56].sum() == 17 * 17
    # Red's own pieces are in the bottom six rows of its view; Blue's (its ally's) at the top.
    assert obs["red"][:12, 11:].sum() == 25 and obs["red"][24:36, :6].sum() == 25


def test_position_pickles_and_hashes():
    pos = Position.random(5, '{"pass_limit": 2}')
    again = pickle.loads(pickle.dumps(pos))
    assert again == pos and hash(again) == hash(pos) and again.rules == pos.rules
    assert pos.can_pass()


def _reversible(pos):
    """A legal step of the seat to move onto an empty point from which it can step back."""
    for m in pos.legal_moves():
        a, b = ends(m)
        after = pos.play(m)
        fields = str(after).split(" ")
        fields[1] = str(pos).split(" ")[1]  # the mover to move again, to see the way back
        if pos.piece_at(b) is None and b + a in Position(" ".join(fields), pos.rules).legal_moves():
            return m, b + a, after
    raise AssertionError("no reversible step")


def test_game_declares_repetition_l56():
    rules = '{"repetition": 3}'
    g = Game(Position(None, rules))
    out, back = [], []
    pos = g.position
    for _ in range(4):
        m, b, pos = _reversible(pos)
        out.append(m)
        back.append(b)
    cycle = out + back
    plain = g.position
    for i in range(2):
        for m in cycle:
            assert g.outcome() is None
            g.push(m)
            plain = plain.play(m)
    # The start occurred three times: the game (which keeps the history) is drawn; the bare
    # position, which does not, is not.
    assert g.outcome() == (None, "repetition")
    assert plain.outcome() is None
    assert g.legal_actions() == []
    with pytest.raises(GameOverError):
        g.push(cycle[0])
    again = pickle.loads(pickle.dumps(g))
    assert again.outcome() == (None, "repetition") and again.steps == g.steps


def test_random_game_by_indices_replays():
    rng = random.Random(11)
    g = Game(Position.random(11))
    while g.outcome() is None and g.ply < 300:
        g.push(rng.choice(g.legal_actions()))
    again = Game.replay(g.start, g.steps)
    assert str(again.position) == str(g.position) and again.outcome() == g.outcome()
    c = g.copy()
    assert c.steps == g.steps


# --- OpenSpiel ---------------------------------------------------------------------------


def test_openspiel_game():
    pyspiel = pytest.importorskip("pyspiel")
    from gjjq.siguo import openspiel as sg_openspiel

    game = pyspiel.load_game(sg_openspiel.SHORT_NAME)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert len(state.legal_actions()) == Position().perft(1)
    assert np.asarray(state.observation_tensor(2)).size == int(np.prod(OBSERVATION_SHAPE))
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1
    with pytest.raises(Exception):
        pyspiel.load_game(sg_openspiel.SHORT_NAME, {"max_plies": 0})
    with pytest.raises(Exception):
        pyspiel.load_game(sg_openspiel.SHORT_NAME, {"position": "nonsense"})


def test_adapter_and_openspiel_state_refuse_an_action_out_of_range():
    # As 陸戰棋's adapters (issue 50, item 11): a ValueError naming the range, not a
    # TypeError for a negative index or Python's reading of a float.
    from gjjq.siguo.modes import new_adapter

    a = new_adapter("open")
    for bad in (-2, NUM_ACTIONS, 2.5, 10**30):
        with pytest.raises(ValueError, match="out of range 0 … 16641"):
            a.clone().apply(bad)
    assert a.plies == 0
    pyspiel = pytest.importorskip("pyspiel")
    import gjjq.siguo.openspiel  # noqa: F401  (registers python_siguo)

    state = pyspiel.load_game("python_siguo").new_initial_state()
    with pytest.raises(ValueError, match="out of range 0 … 16641"):
        state.clone().apply_action(-2)


def test_openspiel_returns_by_team():
    pyspiel = pytest.importorskip("pyspiel")
    from gjjq.siguo import openspiel  # noqa: F401

    game = pyspiel.load_game("python_siguo", {"position": ONE_FROM_WIN})
    state = game.new_initial_state()
    take = action_index([m for m in Position(ONE_FROM_WIN).legal_moves() if m.endswith("q8")][0])
    state.apply_action(take)
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]
    capped = pyspiel.load_game("python_siguo", {"max_plies": 3, "seed": 1}).new_initial_state()
    for _ in range(3):
        capped.apply_action(capped.legal_actions()[0])
    assert capped.is_terminal() and capped.returns() == [0.0] * 4
    assert capped.outcome() == (None, "ply-limit")


def test_openspiel_seat_out_is_skipped():
    pyspiel = pytest.importorskip("pyspiel")
    from gjjq.siguo import openspiel  # noqa: F401

    # Yellow is out: after Green (1) comes Blue (2), after Blue comes Red (0).
    text = "3bF1/5/5/2bS2/5/5/15/12/10gS4/11gF/15/5/5/2rS2/5/5/1rF3 g rgb 0 1"
    game = pyspiel.load_game("python_siguo", {"position": text})
    state = game.new_initial_state()
    assert state.current_player() == 1
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 2
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 0


def test_openspiel_random_simulation_with_serialization():
    pyspiel = pytest.importorskip("pyspiel")
    from gjjq.siguo import openspiel  # noqa: F401

    pyspiel.random_sim_test(
        pyspiel.load_game("python_siguo", {"max_plies": 200, "seed": 2}),
        num_sims=3,
        serialize=True,
        verbose=False,
    )
    pyspiel.random_sim_test(
        pyspiel.load_game(
            "python_siguo", {"max_plies": 200, "rules": '{"pass_limit": 2; "out_pieces": "frozen"}'}
        ),
        num_sims=2,
        serialize=True,
        verbose=False,
    )


def test_openspiel_state_clones_and_pickles():
    pyspiel = pytest.importorskip("pyspiel")
    from gjjq.siguo import openspiel  # noqa: F401

    game = pyspiel.load_game("python_siguo", {"seed": 4})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.current_player() == 1 and clone.current_player() == 2
    again = pickle.loads(pickle.dumps(clone))
    assert str(again) == str(clone) and again.history() == clone.history()


# --- PettingZoo --------------------------------------------------------------------------


def test_pettingzoo_api():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from gjjq.siguo.pettingzoo import env

    api_test(env(mode="open", max_plies=200), num_cycles=300)


def test_pettingzoo_team_rewards_and_masks():
    pytest.importorskip("pettingzoo")
    from gjjq.siguo.pettingzoo import env

    e = env(mode="open", position=ONE_FROM_WIN)
    e.reset(seed=0)
    assert e.possible_agents == ["red", "green", "blue", "yellow"]
    obs, _, _, _, info = e.last()
    assert e.agent_selection == "red" and info["team"] == "red-blue"
    assert obs["action_mask"].sum() == len(Position(ONE_FROM_WIN).legal_actions())
    assert e.observe("green")["action_mask"].sum() == 0
    assert e.infos["yellow"]["in_play"] is False
    take = action_index([m for m in Position(ONE_FROM_WIN).legal_moves() if m.endswith("q8")][0])
    e.step(take)
    rewards = {a: e._cumulative_rewards[a] for a in e.agents}
    assert rewards == {"red": 1.0, "green": -1.0, "blue": 1.0, "yellow": -1.0}
    assert all(e.terminations.values())
    assert e.infos["red"]["outcome"] == "red-blue flag-captured"


def test_pettingzoo_illegal_action_loses_for_the_team():
    pytest.importorskip("pettingzoo")
    from gjjq.siguo.pettingzoo import env

    e = env(mode="open")
    e.reset(seed=3)
    e.step(PASS_ACTION)  # no pass under pass_limit 0
    assert e.rewards == {"red": -1.0, "green": 1.0, "blue": -1.0, "yellow": 1.0}
    assert e.infos["red"]["outcome"] == "green-yellow illegal-action"
    # The seats' own entries stay beside the end's (L-49's team, L-51's in_play).
    assert e.infos["blue"]["team"] == "red-blue" and e.infos["blue"]["in_play"] is True
    assert e.infos["green"]["illegal_action"] == PASS_ACTION


def test_pettingzoo_unknown_mode_is_refused():
    pytest.importorskip("pettingzoo")
    from gjjq.siguo.pettingzoo import env

    with pytest.raises(ValueError, match="not one of open, dark, double_open"):
        env(mode="nope")


def test_bench_script_runs():
    """examples/siguo_bench.py (docs/python.md's states-per-second figure) still runs."""
    import importlib.util

    from conftest import REPO

    path = REPO / "bindings" / "python" / "examples" / "siguo_bench.py"
    spec = importlib.util.spec_from_file_location("siguo_bench", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.random_open(1, 1, 30) > 0
    pytest.importorskip("pyspiel")
    assert bench.selfplay(1, 1, 30) > 0
    assert bench.selfplay(1, 1, 30, as_list=True) > 0
    assert bench.selfplay(1, 1, 30, game_name="python_siguo_dark") > 0


def test_perft_file_of_crates_siguo():
    """The four-player perft file (hand-derived depth-1 counts, seats out, passes, arcs, the
    九宮, engineers; docs/siguo.md) through the bindings, its rules JSON included."""
    from conftest import REPO, parse_perft_file

    entries = parse_perft_file(REPO / "crates" / "siguo" / "tests" / "data" / "perft.txt")
    assert len(entries) >= 15
    for e in entries:
        pos = Position(e["position"], e["rules"])
        for depth, nodes in e["counts"]:
            if depth == 1:
                assert len(pos.legal_actions()) == nodes, e["id"]
            if depth <= 2:
                assert pos.perft(depth) == nodes, e["id"]


def test_pettingzoo_whole_random_game_rewards_by_team():
    pytest.importorskip("pettingzoo")
    from gjjq.siguo.pettingzoo import env

    e = env(mode="open")
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        assert obs["action_mask"].sum() > 0 and info["in_play"]
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    # This seeded game is won by Green–Yellow (the last Red–Blue seat without a move): both
    # seats of a team get its reward, the seat that went out first included.
    assert info["outcome"] == "green-yellow no-move"
    assert totals == {"red": -1.0, "green": 1.0, "blue": -1.0, "yellow": 1.0}


def test_pettingzoo_default_position_is_the_same_every_reset():
    pytest.importorskip("pettingzoo")
    from gjjq.siguo.pettingzoo import env

    e = env(mode="open", position="default")
    e.reset(seed=1)
    first = e.observe("red")["observation"].copy()
    e.reset(seed=2)
    assert np.array_equal(first, e.observe("red")["observation"])
    assert np.array_equal(first, Position().observation("red"))
    drawn = env(mode="open")
    drawn.reset(seed=1)
    assert not np.array_equal(first, drawn.observe("red")["observation"])


def test_pettingzoo_truncation_none_and_parallel_api():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import parallel_api_test

    from gjjq.siguo.pettingzoo import env, parallel_env, raw_env

    e = raw_env(max_plies=3)
    e.reset(seed=2)
    with pytest.raises(ValueError, match="must give an action"):
        e.step(None)
    for agent in ("red", "green", "blue"):
        assert e.agent_selection == agent and not any(e.truncations.values())
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.infos["yellow"]["outcome"] == "draw ply-limit"
    assert e.observe("yellow")["action_mask"].sum() == 0
    with pytest.raises(ValueError, match="positive integer"):
        env(max_plies=0)
    parallel_api_test(parallel_env(max_plies=60), num_cycles=300)
