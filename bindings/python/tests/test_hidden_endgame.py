"""Hidden endgames as a parameter of ``python_gjjq_hidden`` (issue 25, item 5): the start
drawn by one chance node from a pool of endgame positions, each side knowing its own pieces,
the enemy's points and the enemy's force; resampling backed by the world sampler with the
enemy's force counted; OpenSpiel's own tests, IS-MCTS and CFR on small ones."""

import random
import time

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, exploitability, get_all_states, ismcts, mcts  # noqa: E402

import gjjq  # noqa: E402
import gjjq.openspiel  # noqa: E402,F401  (registers the games)
from conftest import fixed_sampler, random_hidden_play  # noqa: E402


def load(**params):
    return pyspiel.load_game(gjjq.openspiel.HIDDEN_SHORT_NAME, params)


def test_library_calls():
    starts = gjjq.random_endgames("IID", "AF", 4, seed=2, first="green")
    assert len(starts) == 4 and len({str(s) for s in starts}) == 4
    assert starts == gjjq.random_endgames("IID", "AF", 4, seed=2, first="green")
    game = gjjq.HiddenGame.endgame(starts[0], "IID", "AF")
    assert game.is_endgame and game.turn == "green"
    red = game.info_state("red")
    assert red.is_endgame and red.enemy_force == "AF"
    assert len(red.enemy_start) == 3
    assert gjjq.InfoState.from_string(str(red)) == red
    world = gjjq.WorldSampler(red, 1).draw_start()
    assert str(world).split()[1] == "g"
    with pytest.raises(gjjq.GjjqError, match="green's endgame force 'AX'"):
        gjjq.HiddenGame.endgame(starts[0], "IID", "AX")
    with pytest.raises(gjjq.GjjqError, match="green has 0 division on the board, its force DAF has 1"):
        gjjq.HiddenGame.endgame(starts[0], "IID", "AFD")


@pytest.mark.parametrize(
    "bad, match",
    [
        ("IIX:AF", "endgame 'IIX:AF': red's endgame force 'IIX': column 3"),
        ("IID", "endgame 'IID': expected"),
        ("IID:AF:I", "expected"),
        ("IIII:A", "endgame 'IIII:A'"),
        ("GG:AA", "endgame 'GG:AA': no undecided position"),
    ],
)
def test_bad_parameters_fail_at_load_game(bad, match):
    with pytest.raises(ValueError, match=match):
        load(endgame=bad)


def test_endgame_excludes_opening_and_an_empty_pool():
    with pytest.raises(gjjq.GjjqError, match="exclude"):
        load(endgame="I:I", opening="default")
    with pytest.raises(gjjq.GjjqError, match="endgame_pool is 0"):
        load(endgame="I:I", endgame_pool=0)


def test_the_chance_node_and_the_sizes():
    game = load(endgame="IID:AF", endgame_pool=7, seed=4, max_plies=12)
    assert game.max_chance_outcomes() == 7
    assert game.max_game_length() == 12 * 4 * 89
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(7))
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3).startswith("start ")
    assert state.information_state_string(0) == "r before the start"
    state.apply_action(3)
    assert state.hidden.is_endgame
    assert state.hidden.info_state("green").enemy_force == "IID"


def test_random_sim_test_on_endgames():
    for forces, plies in (("IID:AF", 60), ("I:I", 8), ("PM:GD", 30)):
        game = load(endgame=forces, endgame_pool=5, seed=1, max_plies=plies)
        pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_resample_keeps_the_information_state_and_reads_only_it():
    game = load(endgame="IID:IAP", endgame_pool=10, seed=3, max_plies=80)
    rng = random.Random(4)
    fresh = 0
    for plies in (0, 3, 10, 30):
        state = random_hidden_play(game.new_initial_state(), plies, rng)
        for player in (0, 1):
            starts = set()
            for u in (0.1, 0.4, 0.7, 0.9):
                new = state.resample_from_infostate(player, fixed_sampler(u))
                assert new.information_state_string(player) == state.information_state_string(
                    player
                )
                assert np.array_equal(
                    new.information_state_tensor(player), state.information_state_tensor(player)
                )
                starts.add(str(new.hidden.true_game.start))
                # No leak: the twin world (same information state) resamples the same.
                assert str(new.resample_from_infostate(player, fixed_sampler(u))) == str(
                    state.resample_from_infostate(player, fixed_sampler(u))
                )
            fresh += len(starts) > 1
    assert fresh > 0, "every resample gave the same start"


def test_ismcts_plays_endgames_to_the_end_against_random():
    start = time.monotonic()
    for seed in range(3):
        game = load(endgame="IID:AF", endgame_pool=5, seed=seed, max_plies=30)
        # IS-MCTS plays Red in even seeds, Green in odd ones.
        searcher = seed % 2
        bots = [
            ismcts.ISMCTSBot(
                game,
                mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0)),
                uct_c=2.0,
                max_simulations=20,
                random_state=np.random.RandomState(seed),
            )
            if player == searcher
            else pyspiel.make_uniform_random_bot(player, seed)
            for player in (0, 1)
        ]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[seed][0])
            else:
                state.apply_action(bots[state.current_player()].step(state))
        assert state.hidden.ply > 0
        assert state.returns()[0] == -state.returns()[1]
    assert time.monotonic() - start < 120


def test_cfr_on_a_tiny_endgame():
    # King + infantry against king + infantry, two starts, a cap of 4 plies: every state and
    # information state enumerated, and CFR's average policy gets less exploitable.
    game = load(endgame="I:I", endgame_pool=2, seed=1, max_plies=4)
    states = get_all_states.get_all_states(
        game, depth_limit=-1, include_terminals=True, include_chance_states=True
    )
    infos = {
        s.information_state_string()
        for s in states.values()
        if not s.is_terminal() and not s.is_chance_node()
    }
    assert 50 < len(infos) < 5_000, len(infos)
    solver = cfr.CFRSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(15):
        solver.evaluate_and_update_policy()
    later = exploitability.nash_conv(game, solver.average_policy())
    assert later < first, (first, later)
    assert set(solver.average_policy().state_lookup) == infos


def test_the_sizes_example_runs(capsys):
    import importlib.util

    from conftest import REPO

    path = REPO / "bindings" / "python" / "examples" / "hidden_endgame_sizes.py"
    spec = importlib.util.spec_from_file_location("hidden_endgame_sizes", path)
    sizes = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sizes)
    sizes.main(["I:I", "2", "1", "--iterations", "1"])
    row = capsys.readouterr().out.strip()
    assert row.startswith("| `I:I` | 2 | 1 | ") and row.endswith(" s |"), row


def test_the_information_state_tensor_holds_the_own_start():
    # Red's infantry on 7E or on 8E, everything else alike: Red's tensors differ (the own
    # pieces of a hidden endgame come from its start, not from a deployment).
    tensors = []
    for start in (
        "4k4/9/1ii6/9/9/9/9/9/9/4K1I2 r - 0 1",
        "4k4/9/1ii6/9/9/9/9/9/9/4K2I1 r - 0 1",
    ):
        game = gjjq.HiddenGame.endgame(start, "I", "II")
        game.propose("red", "5E5D")
        tensors.append(game.info_state("red").information_state_tensor())
        assert np.array_equal(tensors[-1], game.information_state_tensor("red"))
    assert not np.array_equal(tensors[0], tensors[1])
