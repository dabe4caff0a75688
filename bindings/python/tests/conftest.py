"""Shared helpers: the repository's data files and seeded random games."""

import pathlib
import random
from typing import List, Optional

import pytest

import gjjq

REPO = pathlib.Path(__file__).resolve().parents[3]
DATA = REPO / "crates" / "gjjq-core" / "tests" / "data"


def parse_perft_file(path: pathlib.Path) -> List[dict]:
    """The `.perft` format of docs/notation.md, read independently of the Rust reader:
    blocks of `id`, `position`, optional `rules` and `perft <depth> <nodes>` lines."""
    entries: List[dict] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            entries.append({"id": value, "rules": None, "counts": []})
        elif key == "position":
            entries[-1]["position"] = value
        elif key == "rules":
            entries[-1]["rules"] = value
        elif key == "perft":
            depth, nodes = value.split()
            entries[-1]["counts"].append((int(depth), int(nodes)))
        else:
            raise AssertionError(f"{path}:{number}: unknown line {raw!r}")
    return entries


def random_game(seed: int, max_plies: int = 400, start: Optional[gjjq.Position] = None) -> gjjq.Game:
    """A seeded game of random legal moves, to an outcome or `max_plies`."""
    rng = random.Random(seed)
    game = gjjq.Game(start)
    while not game.is_over() and game.ply < max_plies:
        game.push(rng.choice(game.legal_moves()))
    return game


def random_hidden_play(state, plies: int, rng: random.Random):
    """An OpenSpiel state of ``python_gjjq_hidden`` played on by random proposals (chance
    outcomes drawn) until ``plies`` moves are played or the end."""
    while not state.is_terminal() and (state.hidden is None or state.hidden.ply < plies):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def fixed_sampler(u: float):
    """A ``rng`` for OpenSpiel's ``resample_from_infostate`` that always draws ``u``."""
    return lambda: u


@pytest.fixture(scope="session")
def perft_entries() -> List[dict]:
    files = sorted(DATA.glob("*.perft"))
    assert len(files) >= 2, f"no perft files under {DATA}"
    return [dict(e, file=f.name) for f in files for e in parse_perft_file(f)]
