"""States per second of 陸戰棋 play from Python: random play through the Rust objects
(``Game``, ``FlipGame``), and a self-play loop through OpenSpiel states that reads the
observation tensor and the legal actions at every state, as a learning loop does.

    python examples/luzhanqi_bench.py [--games N]
"""

import argparse
import random
import time

import numpy as np

from gjjq.luzhanqi import FlipGame, Game, Position


def random_open(games: int, seed: int) -> float:
    rng = random.Random(seed)
    states, t = 0, time.perf_counter()
    for g in range(games):
        game = Game(Position.random(seed + g))
        while game.outcome() is None and game.ply < 1000:
            game.push(rng.choice(game.legal_actions()))
            states += 1
    return states / (time.perf_counter() - t)


def random_flip(games: int, seed: int) -> float:
    rng = random.Random(seed)
    states, t = 0, time.perf_counter()
    for _ in range(games):
        game = FlipGame()
        while game.outcome() is None and game.ply < 1000:
            a = rng.choice(game.legal_actions())
            if game.is_chance(a):
                pieces, probs = zip(*game.chance_outcomes())
                game.apply(a, rng.choices(pieces, probs)[0])
            else:
                game.apply(a)
            states += 1
    return states / (time.perf_counter() - t)


def selfplay(name: str, games: int, seed: int) -> float:
    import pyspiel

    import gjjq.luzhanqi.openspiel  # noqa: F401  (registers the games)

    rng = np.random.default_rng(seed)
    game = pyspiel.load_game(name, {"max_plies": 1000})
    states, t = 0, time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            player = state.current_player()
            np.asarray(state.observation_tensor(player))
            state.apply_action(int(rng.choice(state.legal_actions())))
            states += 1
    return states / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    print(f"random open play: {random_open(a.games, a.seed):,.0f} states/s")
    print(f"random flip play: {random_flip(a.games, a.seed):,.0f} states/s")
    try:
        print(f"self-play open (OpenSpiel + tensors): {selfplay('python_luzhanqi', a.games, a.seed):,.0f} states/s")
        print(f"self-play flip (OpenSpiel + tensors): {selfplay('python_luzhanqi_flip', a.games, a.seed):,.0f} states/s")
    except ImportError:
        print("(OpenSpiel not installed: no self-play figures)")


if __name__ == "__main__":
    main()
