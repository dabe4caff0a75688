#!/usr/bin/env python3
"""Self-play at scale on Ray: workers play games and each writes its own game file.

The same command runs on a laptop and on a cluster::

    # a laptop: starts a local Ray instance with one worker per core
    python selfplay_ray.py --games 1000 --workers 8 --out games/

    # a cluster: run on the head node (or with RAY_ADDRESS set), e.g. --address auto
    python selfplay_ray.py --games 1000000 --workers 512 --out /shared/games --address auto

Each worker ``i`` plays its share of the games and appends them to ``<out>/worker-<i>.gjjq``
as it goes (a game file: readable with ``gjjq.read_games``). On a cluster ``--out`` must be
storage that every node can write (a shared filesystem); with ``--collect`` the workers
return their games to the driver instead, which writes them under ``--out`` itself.

The move chooser is pluggable: ``--chooser random`` (the default, uniform over legal moves),
``--chooser engine`` (the baseline engine of crate gjjq-engine, ``gjjq.Engine``, searching
``--engine-nodes`` nodes or ``--engine-depth`` plies per move after ``--random-plies``
seeded random plies that make each game different), or ``--chooser package.module:factory``,
where ``factory(seed)`` returns a function from a ``gjjq.Game`` to the ``gjjq.Move`` to play. On a cluster, ``gjjq`` and the chooser's module must be importable
on every node (installed there, or shipped with Ray's ``runtime_env``); this script's own
functions travel with the tasks. Games are reproducible: worker ``i`` seeds its choosers from
``--seed`` and ``i``.

The script prints one line per worker and a summary; ``main()`` returns the per-worker
statistics.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import random
import sys
import time
from collections import Counter
from typing import Any, Callable, Dict, List, Optional

import gjjq

Chooser = Callable[[gjjq.Game], gjjq.Move]
"""Picks the move to play in a game that is not over."""
ChooserFactory = Callable[[int], Chooser]
"""Makes a chooser from a seed."""


def random_chooser(seed: int) -> Chooser:
    """Uniformly random legal moves."""
    rng = random.Random(seed)
    return lambda game: rng.choice(game.legal_moves())


def engine_chooser(
    seed: int, nodes: Optional[int] = 20_000, depth: Optional[int] = None, random_plies: int = 4
) -> Chooser:
    """The baseline engine (``gjjq.Engine``): uniformly random moves (seeded) for the game's
    first ``random_plies`` plies, so that games differ, then the engine's move within
    ``nodes`` nodes or ``depth`` plies. The engine sees the game's history (repetition,
    R-24). Its table is 4 MiB and kept through the game."""
    rng = random.Random(seed)
    engine = gjjq.Engine(nodes=nodes, depth=depth, hash_mb=4)

    def choose(game: gjjq.Game) -> gjjq.Move:
        if game.ply < random_plies:
            return rng.choice(game.legal_moves())
        return engine.search(game)

    return choose


CHOOSERS: Dict[str, ChooserFactory] = {"random": random_chooser, "engine": engine_chooser}
"""Choosers known by name; any other is loaded as ``module:factory``."""


def load_chooser(spec: str, options: Optional[Dict[str, Any]] = None) -> ChooserFactory:
    """The chooser factory named by ``spec``; ``options`` are the engine's settings
    (``nodes``, ``depth``, ``random_plies``) for ``engine``."""
    if spec == "engine" and options:
        return functools.partial(engine_chooser, **options)
    if spec in CHOOSERS:
        return CHOOSERS[spec]
    module, sep, name = spec.partition(":")
    if not sep:
        raise SystemExit(f"unknown chooser {spec!r}: use one of {sorted(CHOOSERS)} or module:factory")
    return getattr(importlib.import_module(module), name)


def play_game(red: Chooser, green: Chooser, max_plies: int) -> gjjq.Game:
    """One game from the default opening; a game still going at ``max_plies`` is left
    unfinished (result ``*``)."""
    game = gjjq.Game()
    choosers = {gjjq.RED: red, gjjq.GREEN: green}
    while not game.is_over() and game.ply < max_plies:
        game.push(choosers[game.position.turn](game))
    return game


def run_worker(
    worker: int,
    games: int,
    seed: int,
    out: str,
    chooser: str,
    max_plies: int,
    collect: bool,
    options: Optional[Dict[str, Any]] = None,
) -> dict:
    """Play ``games`` games and append each to this worker's file (or return the texts)."""
    factory = load_chooser(chooser, options)
    path = os.path.join(out, f"worker-{worker:04d}.gjjq")
    if not collect:
        os.makedirs(out, exist_ok=True)
        open(path, "w").close()
    started = time.perf_counter()
    results: Counter = Counter()
    plies = 0
    texts: List[str] = []
    for i in range(games):
        game_seed = seed * 1_000_003 + worker * 10_007 + i
        game = play_game(factory(2 * game_seed), factory(2 * game_seed + 1), max_plies)
        game.set_tag("Event", "gjjq self-play")
        game.set_tag("Round", f"{worker}.{i + 1}")
        player = chooser + "".join(f" {k}={v}" for k, v in sorted((options or {}).items()) if v is not None)
        game.set_tag("Red", player)
        game.set_tag("Green", player)
        game.set_tag("Seed", str(game_seed))
        outcome = game.outcome()
        results[str(outcome) if outcome else "unfinished"] += 1
        plies += game.ply
        if collect:
            texts.append(game.to_text())
        else:
            gjjq.write_games(path, [game], append=True)
    return {
        "worker": worker,
        "games": games,
        "plies": plies,
        "results": dict(results),
        "path": None if collect else path,
        "texts": texts,
        "seconds": time.perf_counter() - started,
        "host": os.uname().nodename,
    }


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100, help="games in all (default 100)")
    p.add_argument("--workers", type=int, default=2, help="Ray tasks (default 2)")
    p.add_argument("--out", default="selfplay-games", help="directory of the game files")
    p.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    p.add_argument("--chooser", default="random", help="random, engine, or module:factory")
    p.add_argument("--engine-nodes", type=int, default=20_000, help="engine: nodes per move (default 20000)")
    p.add_argument("--engine-depth", type=int, default=None, help="engine: plies per move (default: no depth limit)")
    p.add_argument("--random-plies", type=int, default=4, help="engine: random plies opening each game (default 4)")
    p.add_argument("--max-plies", type=int, default=1000, help="ply cap per game (default 1000)")
    p.add_argument("--address", default=None, help="Ray cluster address (e.g. auto); local when absent")
    p.add_argument("--num-cpus", type=int, default=None, help="CPUs of a local Ray instance")
    p.add_argument("--collect", action="store_true", help="return games to the driver, which writes them")
    return p.parse_args(argv)


def main(argv: Optional[List[str]] = None) -> List[dict]:
    args = parse_args(argv)
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        if args.address:
            ray.init(address=args.address)
        else:
            ray.init(num_cpus=args.num_cpus, include_dashboard=False)
    try:
        remote = ray.remote(num_cpus=1)(run_worker)
        shares = [args.games // args.workers + (w < args.games % args.workers) for w in range(args.workers)]
        out = os.path.abspath(args.out)
        options = (
            {"nodes": args.engine_nodes, "depth": args.engine_depth, "random_plies": args.random_plies}
            if args.chooser == "engine"
            else None
        )
        futures = [
            remote.remote(w, n, args.seed, out, args.chooser, args.max_plies, args.collect, options)
            for w, n in enumerate(shares)
            if n > 0
        ]
        stats = ray.get(futures)
    finally:
        if started_here:
            ray.shutdown()
    if args.collect:
        os.makedirs(args.out, exist_ok=True)
        for s in stats:
            s["path"] = os.path.join(args.out, f"worker-{s['worker']:04d}.gjjq")
            with open(s["path"], "w", encoding="utf-8") as f:
                f.write("\n".join(s["texts"]))
    total = Counter()
    for s in stats:
        total.update(s["results"])
        print(
            f"worker {s['worker']} on {s['host']}: {s['games']} games, {s['plies']} plies, "
            f"{s['seconds']:.1f} s -> {s['path']}"
        )
    games = sum(s["games"] for s in stats)
    plies = sum(s["plies"] for s in stats)
    print(f"{games} games, {plies} plies; " + ", ".join(f"{k}: {v}" for k, v in sorted(total.items())))
    return stats


if __name__ == "__main__":
    main(sys.argv[1:])
