"""OpenSpiel's ``ISMCTSBot`` against our best 陸戰棋 dark-play agent (issue 40, "Done when").

Paired games of 暗棋 (dark play with a referee, L-31): pair ``i`` takes deployments ``2i`` and
``2i + 1`` of ``gjjq.luzhanqi.random_deployments(2 * pairs, seed)`` (L-18); in its first game
the bot plays Red with the first against the engine's Blue with the second, in its second the
engine plays Red with the first against the bot's Blue with the second. The referee is the
Python ``DarkGame`` inside OpenSpiel's ``python_luzhanqi_dark`` game (its ``opening``
parameter fixes the deployments, its ``max_plies`` is the ply limit: the rules' own ends, L-15
and the flag, apply first, then a game reaching the limit is a draw, ``ply-limit``).

- The bot: ``ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, rng),
  uct_c=2.0, max_simulations=--sims, rng)``, every other argument OpenSpiel's default
  (unlimited world samples, the most visited action, information-state keys, UCT). The
  constructor has no default for ``uct_c`` or the evaluator: 2.0 and one random rollout are
  the defaults of OpenSpiel's own ``examples/mcts.py``. Its worlds come from the game's
  ``resample_from_infostate`` with the uniform draw taken from the game's seeded generator
  instead of an unseeded ``pyspiel.UniformProbabilitySampler`` (``set_resampler``), so that a
  game is repeatable with ``--engine-nodes``.
- The engine: ``luzhanqi engine`` as a subprocess speaking the line protocol
  (docs/protocol.md, 陸戰棋): ``setoption name Mode value dark``, ``Seed`` per game,
  ``position hidden <its side's information-state string>``, ``go nodes N`` (or ``go movetime
  N``), ``bestmove``. Its dark agent is the default, ``ismcts`` (docs/luzhanqi-engine.md).

An engine that dies, answers an illegal move or stays silent for ``--timeout`` seconds (60 by
default) while the bot waits for its ``uciok``, ``readyok`` or ``bestmove`` forfeits the game
(``engine-failed``, ``engine-illegal-move``, ``engine-timeout``); a silent engine is killed and
a fresh process plays the next game.

Each game prints one line; the end prints the bot's score with two 95 % intervals: Wilson's
over games (a draw half a win; it does not collapse when every game is lost) and the normal
interval over pair scores that ``lz_match`` prints (docs/luzhanqi-engine.md), then a result
line::

    result games 2 bot 0 draws 0 engine 2 score 0.0000 wilson 0.0000 0.6576 pairs 0.0000 0.0000

    python examples/luzhanqi_ismcts_match.py --engine target/release/luzhanqi \\
        [--games 2] [--seed 1] [--sims 1000] [--engine-nodes 8000 | --movetime MS] \\
        [--max-plies 1000] [--timeout 60] [--jobs 1] [--progress]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import gjjq.luzhanqi.openspiel as lz_openspiel
from gjjq.luzhanqi import action_index, action_text, random_deployments

UCT_C = 2.0
"""OpenSpiel's ``examples/mcts.py`` default (the bot's constructor has none)."""


@dataclass
class GameResult:
    """How a game ended, from the bot's side."""

    points: float
    """1, ½ or 0."""
    winner: str
    """``bot``, ``engine`` or ``draw``."""
    reason: str
    """The rules' reason (``flag-captured``, ``no-move``, ``no-combat-limit``, …), the limit's
    ``ply-limit``, or the engine's forfeit (``engine-failed``, ``engine-illegal-move``,
    ``engine-timeout``)."""
    plies: int
    bot_moves: int
    bot_seconds: float


class EngineError(RuntimeError):
    """The engine died or answered what the referee refuses."""


class EngineTimeout(EngineError):
    """The engine stayed silent past the timeout."""


DEFAULT_TIMEOUT = 60.0
"""Seconds the bot waits for each answer of the engine (``--timeout``)."""


class Engine:
    """``luzhanqi engine`` in a subprocess, in dark mode. Its output is read by a thread into
    a queue, so that every wait has a deadline: ``timeout`` seconds for each answer awaited
    (``uciok``, ``readyok``, ``bestmove``), after which the engine is killed."""

    def __init__(self, command: Sequence[str], timeout: float = DEFAULT_TIMEOUT) -> None:
        self.timeout = timeout
        self.ready = False
        self.proc = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self.lines: "queue.Queue[Optional[str]]" = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        try:
            for line in self.proc.stdout:
                self.lines.put(line)
        except (OSError, ValueError):
            pass
        self.lines.put(None)  # the end of its output

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise EngineError(f"engine: writing {line!r}: {e}") from e

    def wait_for(self, head: str) -> str:
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.proc.kill()
                self.proc.wait()
                raise EngineTimeout(
                    f"engine: no {head!r} within {self.timeout:g} s; killed"
                ) from None
            if line is None:
                self.proc.wait()
                raise EngineError(f"engine: exited (code {self.proc.poll()}) before {head!r}")
            line = line.strip()
            if line.startswith("info string"):
                print(f"engine: {line}", file=sys.stderr)
            if line.split(" ", 1)[0] == head:
                return line

    def new_game(self, seed: int) -> None:
        if not self.ready:
            self.send("uci")
            self.wait_for("uciok")
            self.send("setoption name Mode value dark")
            self.ready = True
        self.send(f"setoption name Seed value {seed}")
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def best_move(self, info_state: str, go: str) -> str:
        self.send(f"position hidden {info_state}")
        self.send(go)
        return self.wait_for("bestmove").split()[1]

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (EngineError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` (the engine's ``Seed``, the bot's generator): never 0, which
    the engine reads as "draw one"."""
    return (seed * 1_000_003 + game) % (2**31 - 1) + 1


def play_game(
    engine: Engine,
    red: str,
    blue: str,
    bot_side: int,
    seed: int,
    sims: int,
    go: str,
    max_plies: int,
    progress: bool = False,
) -> GameResult:
    """One game; the bot plays ``bot_side`` (0 Red, 1 Blue)."""
    game = pyspiel.load_game(
        lz_openspiel.DARK_SHORT_NAME,
        {"opening": f"{red} {blue}", "max_plies": max_plies, "seed": seed},
    )
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=UCT_C,
        max_simulations=sims,
        random_state=rng,
    )
    bot.set_resampler(lambda s, player: s.resample_from_infostate(player, rng.uniform))
    state = game.new_initial_state()
    bot_moves, bot_seconds, forfeit = 0, 0.0, None
    try:
        engine.new_game(seed)
    except EngineError as e:
        print(f"game: {e}", file=sys.stderr)
        forfeit = "engine-timeout" if isinstance(e, EngineTimeout) else "engine-failed"
    while forfeit is None and not state.is_terminal():
        player = state.current_player()
        if player == bot_side:
            t = time.perf_counter()
            action = int(bot.step(state))
            spent = time.perf_counter() - t
            bot_moves += 1
            bot_seconds += spent
            if progress:
                print(
                    f"  ply {state.adapter.plies}: bot {action_text(action)} {spent:.1f} s",
                    file=sys.stderr,
                    flush=True,
                )
        else:
            info = str(state.info_state(player))
            try:
                move = engine.best_move(info, go)
            except EngineError as e:
                print(f"game: {e}", file=sys.stderr)
                forfeit = "engine-timeout" if isinstance(e, EngineTimeout) else "engine-failed"
                break
            try:
                action = action_index(move)
            except Exception:  # noqa: BLE001  (any refusal of the text is the engine's fault)
                action = -1
            if action not in state.legal_actions():
                print(f"game: the engine answered {move!r}, not a legal move", file=sys.stderr)
                forfeit = "engine-illegal-move"
                break
        state.apply_action(action)
    if forfeit is not None:
        winner, reason = "bot", forfeit  # the engine forfeits the game
    else:
        side, reason = state.outcome()
        winner = "draw" if side is None else ("bot" if side == bot_side else "engine")
    points = {"bot": 1.0, "draw": 0.5, "engine": 0.0}[winner]
    return GameResult(points, winner, reason, state.adapter.plies, bot_moves, bot_seconds)


def wilson(score: float, n: int, z: float = 1.96) -> Tuple[float, float]:
    """Wilson's 95 % interval of a proportion ``score`` over ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    d = 1 + z * z / n
    mid = (score + z * z / (2 * n)) / d
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def pair_interval(points: List[float]) -> Tuple[float, float]:
    """The normal 95 % interval over pair scores, as ``lz_match`` computes it (the score
    itself with fewer than two pairs)."""
    pairs = [sum(points[i : i + 2]) / len(points[i : i + 2]) for i in range(0, len(points), 2)]
    mean = sum(points) / len(points) if points else 0.0
    if len(pairs) < 2:
        return (mean, mean)
    m = sum(pairs) / len(pairs)
    var = sum((x - m) ** 2 for x in pairs) / (len(pairs) - 1)
    half = 1.96 * math.sqrt(var / len(pairs))
    return (max(0.0, mean - half), min(1.0, mean + half))


def _worker(job: Tuple[argparse.Namespace, List[int]]) -> List[Tuple[int, GameResult]]:
    args, games = job
    deployments = random_deployments(2 * ((args.games + 1) // 2), args.seed)
    engine = Engine(args.engine_command, args.timeout)
    out = []
    try:
        for g in games:
            pair, second = divmod(g, 2)
            red, blue = deployments[2 * pair], deployments[2 * pair + 1]
            r = play_game(
                engine, red, blue, second, game_seed(args.seed, g), args.sims, args.go,
                args.max_plies, args.progress,
            )
            print(format_game(g, r), flush=True)
            out.append((g, r))
            if engine.proc.poll() is not None:  # it died: a fresh one for the next game
                engine = Engine(args.engine_command, args.timeout)
    finally:
        engine.close()
    return out


def format_game(g: int, r: GameResult) -> str:
    """The line of game ``g`` (0-based)."""
    side = "blue" if g % 2 else "red"
    per = r.bot_seconds / r.bot_moves if r.bot_moves else 0.0
    return (
        f"game {g + 1} pair {g // 2 + 1} bot {side} winner {r.winner} reason {r.reason} "
        f"plies {r.plies} bot-moves {r.bot_moves} bot-s/move {per:.2f}"
    )


def parse(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("--engine", default="luzhanqi", help="the luzhanqi binary (runs `engine`)")
    ap.add_argument("--games", type=int, default=2, help="games (pairs of two; default 2)")
    ap.add_argument("--seed", type=int, default=1, help="deployments and agents' seeds")
    ap.add_argument("--sims", type=int, default=1000, help="the bot's max_simulations")
    limit = ap.add_mutually_exclusive_group()
    limit.add_argument("--engine-nodes", type=int, default=8000, help="go nodes N (8000)")
    limit.add_argument("--movetime", type=int, help="go movetime N (ms) instead of nodes")
    ap.add_argument("--max-plies", type=int, default=1000, help="a draw at this many plies")
    ap.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help="seconds to wait for each answer of the engine; a silent engine forfeits (60)",
    )
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--progress", action="store_true", help="each bot move's time on stderr")
    args = ap.parse_args(argv)
    for name in ("games", "sims", "max_plies", "jobs"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if not args.timeout > 0:
        ap.error("--timeout must be positive")
    if args.movetime is not None and args.movetime < 1:
        ap.error("--movetime must be at least 1")
    if args.movetime is None and args.engine_nodes < 1:
        ap.error("--engine-nodes must be at least 1")
    args.go = f"go movetime {args.movetime}" if args.movetime else f"go nodes {args.engine_nodes}"
    args.engine_command = [args.engine, "engine"]
    return args


def main(argv: Optional[Sequence[str]] = None) -> Dict[str, object]:
    args = parse(argv)
    print(
        f"ISMCTSBot (uct_c {UCT_C}, max_simulations {args.sims}, 1 random rollout) vs "
        f"luzhanqi engine ({args.go}), {args.games} games, seed {args.seed}, "
        f"max plies {args.max_plies}",
        flush=True,
    )
    start = time.perf_counter()
    jobs = min(args.jobs, args.games)
    chunks = [(args, list(range(j, args.games, jobs))) for j in range(jobs)]
    if jobs == 1:
        results = _worker(chunks[0])
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = [r for chunk in pool.map(_worker, chunks) for r in chunk]
    results.sort(key=lambda gr: gr[0])
    points = [r.points for _, r in results]
    n = len(points)
    score = sum(points) / n
    won = sum(1 for p in points if p == 1.0)
    drawn = sum(1 for p in points if p == 0.5)
    lo, hi = wilson(score, n)
    plo, phi = pair_interval(points)
    moves = sum(r.bot_moves for _, r in results)
    seconds = sum(r.bot_seconds for _, r in results)
    print(
        f"ISMCTSBot scored {100 * score:.1f} % ({won} won, {drawn} drawn, {n - won - drawn} "
        f"lost) in {n} games; 95 % interval (Wilson, games) [{100 * lo:.1f}, {100 * hi:.1f}] %, "
        f"(normal, pairs) [{100 * plo:.1f}, {100 * phi:.1f}] %; "
        f"{seconds / max(moves, 1):.2f} s per bot move over {moves} moves; "
        f"{time.perf_counter() - start:.0f} s wall"
    )
    print(
        f"result games {n} bot {won} draws {drawn} engine {n - won - drawn} "
        f"score {score:.4f} wilson {lo:.4f} {hi:.4f} pairs {plo:.4f} {phi:.4f}",
        flush=True,
    )
    return {"games": n, "score": score, "wilson": (lo, hi), "pairs": (plo, phi)}


if __name__ == "__main__":
    main()
