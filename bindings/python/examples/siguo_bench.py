"""States per second of 四國軍棋 play from Python: random play through the Rust objects
(``gjjq.siguo.Game``), and a self-play loop through OpenSpiel states (``python_siguo``, and
``python_siguo_dark`` for 四暗) that reads the observation tensor and the legal actions at
every state, as a learning loop does.

    python examples/siguo_bench.py [--games N] [--max-plies N]
"""

import argparse
import random
import time

import numpy as np

from gjjq.siguo import Game, Position


def random_open(games: int, seed: int, max_plies: int) -> float:
    rng = random.Random(seed)
    states, t = 0, time.perf_counter()
    for g in range(games):
        game = Game(Position.random(seed + g))
        while game.outcome() is None and game.ply < max_plies:
            game.push(rng.choice(game.legal_actions()))
            states += 1
    return states / (time.perf_counter() - t)


def selfplay(
    games: int, seed: int, max_plies: int, as_list: bool = False, game_name: str = "python_siguo"
) -> float:
    """Self-play through OpenSpiel states. The tensor is read through the game's observer
    (``make_observation``, a numpy array filled in place), or with ``as_list`` through
    ``state.observation_tensor``, which hands Python a list of 16,473 floats per call.
    ``game_name`` ``python_siguo_dark``: 四暗, its four deployments drawn at chance nodes
    (not counted as states), the view tensor read from the mover's information state."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    import gjjq.siguo.openspiel  # noqa: F401  (registers the game)

    rng = np.random.default_rng(seed)
    states, t = 0, time.perf_counter()
    for g in range(games):
        game = pyspiel.load_game(game_name, {"max_plies": max_plies, "seed": seed + g})
        observer = make_observation(game)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            player = state.current_player()
            if as_list:
                np.asarray(state.observation_tensor(player))
            else:
                observer.set_from(state, player)
                np.asarray(observer.tensor)
            state.apply_action(int(rng.choice(state.legal_actions())))
            states += 1
    return states / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=2000)
    a = ap.parse_args()
    print(f"random open play: {random_open(a.games, a.seed, a.max_plies):,.0f} states/s")
    try:
        rate = selfplay(a.games, a.seed, a.max_plies)
        print(f"self-play open (OpenSpiel + observer tensors): {rate:,.0f} states/s")
        rate = selfplay(a.games, a.seed, a.max_plies, as_list=True)
        print(f"self-play open (OpenSpiel + observation_tensor lists): {rate:,.0f} states/s")
        rate = selfplay(a.games, a.seed, a.max_plies, game_name="python_siguo_dark")
        print(f"self-play 四暗 (OpenSpiel + observer view tensors): {rate:,.0f} states/s")
    except ImportError:
        print("(OpenSpiel not installed: no self-play figure)")


if __name__ == "__main__":
    main()
