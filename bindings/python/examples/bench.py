#!/usr/bin/env python3
"""Speed of the Python bindings, beside python-chess (a benchmark, not a test).

Measures, at the Python level:

- random playouts of 国际军棋 from the default opening: each ply calls ``legal_moves()`` and
  ``play()`` of a random move (a ``Position`` loop) or ``push()`` (a ``Game`` loop, which also
  keeps the repetition history), to the end of the game;
- the same loop for chess in python-chess (``list(board.legal_moves)``, ``board.push``), to
  the end of the game (no legal move, insufficient material, or the 75-move rule);
- the cost of one observation tensor and of one legal-action mask, beside PettingZoo's chess
  observation (``chess_utils.get_observation``) when pettingzoo and python-chess are there.

Install python-chess only in the benchmark's environment: ``pip install chess``. Prints a
Markdown table (the one in docs/python.md).

    python bench.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import platform
import random
import time
import timeit
from typing import Callable, List, Optional, Tuple

import gjjq


def playouts(one: Callable[[random.Random], int], seconds: float, seed: int = 1) -> Tuple[float, float]:
    """(playouts per second, plies per second) of ``one`` run for about ``seconds``."""
    rng = random.Random(seed)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        plies += one(rng)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed


def gjjq_position_playout(rng: random.Random) -> int:
    pos = gjjq.Position()
    plies = 0
    while True:
        moves = pos.legal_moves()
        if not moves:  # a decided position has no legal moves (R-21 … R-24)
            return plies
        pos = pos.play(rng.choice(moves))
        plies += 1


def gjjq_game_playout(rng: random.Random) -> int:
    game = gjjq.Game()
    while True:
        moves = game.legal_moves()  # none once the game is over, repetition included
        if not moves:
            return game.ply
        game.push(rng.choice(moves))


def chess_playout(rng: random.Random) -> int:
    import chess

    board = chess.Board()
    plies = 0
    while True:
        moves = list(board.legal_moves)
        if not moves or board.is_insufficient_material() or board.halfmove_clock >= 150:
            return plies
        board.push(rng.choice(moves))
        plies += 1


def per_call(stmt: Callable[[], object], seconds: float) -> float:
    """Microseconds per call."""
    timer = timeit.Timer(stmt)
    n, t = timer.autorange()
    reps = max(1, int(seconds / max(t, 1e-9)))
    best = min(timer.repeat(repeat=3, number=n * reps) or [t])
    return best / (n * reps) * 1e6


def midgame_positions(k: int = 20) -> List[gjjq.Position]:
    rng = random.Random(7)
    out = []
    while len(out) < k:
        pos = gjjq.Position()
        for _ in range(40):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        if pos.legal_moves():
            out.append(pos)
    return out


def main(argv: Optional[List[str]] = None) -> None:
    p = argparse.ArgumentParser(description="Speed of the gjjq Python bindings")
    p.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = p.parse_args(argv)
    rows = []

    g_po, g_pl = playouts(gjjq_position_playout, args.seconds)
    rows.append(("gjjq `Position`: `legal_moves()` + `play()`", f"{g_po:,.0f}", f"{g_pl:,.0f}"))
    g2_po, g2_pl = playouts(gjjq_game_playout, args.seconds)
    rows.append(("gjjq `Game`: `legal_moves()` + `push()`", f"{g2_po:,.0f}", f"{g2_pl:,.0f}"))
    try:
        import chess

        c_po, c_pl = playouts(chess_playout, args.seconds)
        rows.append(
            (f"python-chess {chess.__version__}: `list(legal_moves)` + `push()`", f"{c_po:,.1f}", f"{c_pl:,.0f}")
        )
    except ImportError:
        chess = None

    positions = midgame_positions()
    it = iter(range(10**12))
    obs_us = per_call(lambda: positions[next(it) % len(positions)].observation(), args.seconds / 2)
    mask_us = per_call(lambda: positions[next(it) % len(positions)].legal_action_mask(), args.seconds / 2)
    moves_us = per_call(lambda: positions[next(it) % len(positions)].legal_moves(), args.seconds / 2)
    costs = [
        ("gjjq `Position.observation()` (32 × 10 × 9 float32)", f"{obs_us:.1f} µs"),
        ("gjjq `Position.legal_action_mask()` (8,100 bool)", f"{mask_us:.1f} µs"),
        ("gjjq `Position.legal_moves()` (mid-game)", f"{moves_us:.1f} µs"),
    ]
    if chess is not None:
        try:
            from pettingzoo.classic.chess import chess_utils

            board = chess.Board()
            rng = random.Random(3)
            for _ in range(40):
                board.push(rng.choice(list(board.legal_moves)))
            c_obs = per_call(lambda: chess_utils.get_observation(board, 0), args.seconds / 2)
            costs.append(("PettingZoo chess `get_observation` (8 × 8 × 111 bool)", f"{c_obs:.1f} µs"))
        except ImportError:
            pass

    print(f"CPython {platform.python_version()}, {platform.machine()}, gjjq {gjjq.__version__}\n")
    print("| loop | playouts / s | plies / s |")
    print("|---|---:|---:|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} |")
    print()
    print("| one call | time |")
    print("|---|---:|")
    for c in costs:
        print(f"| {c[0]} | {c[1]} |")


if __name__ == "__main__":
    main()
