"""Sizes of small hidden endgames (``python_gjjq_hidden`` with ``endgame``), for tabular
algorithms: every state enumerated, the information states counted, the legal actions per
decision, the worlds behind each information state, and the time of OpenSpiel's CFR.

    python bindings/python/examples/hidden_endgame_sizes.py I:I 4 2 --iterations 3

prints one row of the table in docs/hidden.md ("Hidden endgames"): forces, ply cap, pool
(chance outcomes), states, information states, legal actions (mean / max), worlds per
information state (assignments fitting the domains, an upper bound; mean / max), CFR set-up
and seconds per iteration.
"""

from __future__ import annotations

import argparse
import time
from typing import List, Optional

import pyspiel
from open_spiel.python.algorithms import cfr, get_all_states

import gjjq
import gjjq.openspiel  # noqa: F401  (registers the games)


def measure(forces: str, plies: int, pool: int, iterations: int, seed: int = 1) -> str:
    game = pyspiel.load_game(
        gjjq.openspiel.HIDDEN_SHORT_NAME,
        {"endgame": forces, "max_plies": plies, "endgame_pool": pool, "seed": seed},
    )
    states = get_all_states.get_all_states(
        game, depth_limit=-1, include_terminals=True, include_chance_states=True
    )
    infos = {}
    legal: List[int] = []
    for state in states.values():
        if state.is_terminal() or state.is_chance_node():
            continue
        player = state.current_player()
        infos[state.information_state_string()] = state.info_state(player)
        legal.append(len(state.legal_actions()))
    # The assignments of the enemy force's kinds that fit the narrowed domains: at least the
    # consistent worlds (docs/hidden.md, "Worlds").
    worlds = [gjjq.WorldSampler(info, 0).assignments for info in infos.values()]
    start = time.perf_counter()
    solver = cfr.CFRSolver(game)
    setup = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    per_iteration = (time.perf_counter() - start) / max(iterations, 1)
    return (
        f"| `{forces}` | {plies} | {pool} | {len(states):,} | {len(infos):,} "
        f"| {sum(legal) / len(legal):.1f} / {max(legal)} "
        f"| {sum(worlds) / len(worlds):.2f} / {max(worlds)} "
        f"| {setup:.1f} s | {per_iteration:.2f} s |"
    )


def main(argv: Optional[List[str]] = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("forces", help="Red's force : Green's force, e.g. I:I or IID:AF")
    p.add_argument("plies", type=int, help="the ply cap (max_plies)")
    p.add_argument("pool", type=int, help="the start positions (endgame_pool)")
    p.add_argument("--iterations", type=int, default=3, help="CFR iterations timed")
    p.add_argument("--seed", type=int, default=1, help="the game's seed (of the pool)")
    a = p.parse_args(argv)
    print(measure(a.forces, a.plies, a.pool, a.iterations, a.seed))


if __name__ == "__main__":
    main()
