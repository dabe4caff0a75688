"""The Ray self-play script on a local Ray instance with two workers and a handful of games:
each worker's file is read back; the chooser is pluggable."""

import importlib.util
import sys

import pytest

ray = pytest.importorskip("ray")

import gjjq  # noqa: E402
from conftest import REPO  # noqa: E402

SCRIPT = REPO / "bindings" / "python" / "examples" / "selfplay_ray.py"


def load_script():
    spec = importlib.util.spec_from_file_location("selfplay_ray", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False)
    yield
    ray.shutdown()


def read_all(directory):
    files = sorted(directory.glob("worker-*.gjjq"))
    return files, [g for f in files for g in gjjq.read_games(f)]


def test_two_workers_write_their_games(tmp_path, local_ray):
    script = load_script()
    out = tmp_path / "games"
    args = ["--games", "5", "--workers", "2", "--seed", "3", "--max-plies", "300"]
    stats = script.main(args + ["--out", str(out)])
    assert sorted(s["worker"] for s in stats) == [0, 1]
    assert sorted(s["games"] for s in stats) == [2, 3]
    files, games = read_all(out)
    assert len(files) == 2 and len(games) == 5
    for g in games:
        assert g.tags["Event"] == "gjjq self-play"
        assert g.ply <= 300 and (g.is_over() or g.ply == 300)
    # Reproducible: the same seed plays the same game, here or through --collect.
    seed = int(games[0].tags["Seed"])
    replay = script.play_game(script.random_chooser(2 * seed), script.random_chooser(2 * seed + 1), 300)
    assert replay.moves == games[0].moves
    collected = tmp_path / "collected"
    script.main(args + ["--out", str(collected), "--collect"])
    _, again = read_all(collected)
    assert [g.moves for g in again] == [g.moves for g in games]


def test_engine_chooser_on_two_workers(tmp_path, local_ray):
    script = load_script()
    out = tmp_path / "engine"
    args = ["--games", "4", "--workers", "2", "--seed", "5", "--max-plies", "200", "--chooser", "engine"]
    stats = script.main(args + ["--engine-nodes", "400", "--random-plies", "2", "--out", str(out)])
    assert sorted(s["games"] for s in stats) == [2, 2]
    files, games = read_all(out)
    assert len(files) == 2 and len(games) == 4
    assert len({tuple(g.moves) for g in games}) == 4  # the random plies make them differ
    for g in games:
        assert g.tags["Red"] == "engine nodes=400 random_plies=2"
        # Replayed outside Ray with the same seeds and settings: the same game.
        seed = int(g.tags["Seed"])
        red = script.engine_chooser(2 * seed, nodes=400, random_plies=2)
        green = script.engine_chooser(2 * seed + 1, nodes=400, random_plies=2)
        assert script.play_game(red, green, 200).moves == g.moves
    # After its random plies each move is the engine's: a fresh engine agrees on the first.
    g = games[0]
    replay = gjjq.Game()
    for m in g.moves[:2]:
        replay.push(m)
    if not replay.is_over():
        assert gjjq.Engine(nodes=400, hash_mb=4).search(replay) == g.moves[2]


def test_chooser_is_pluggable(tmp_path, monkeypatch):
    (tmp_path / "first_move.py").write_text(
        "def factory(seed):\n    return lambda game: min(game.legal_moves())\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    script = load_script()
    assert script.load_chooser("random") is script.random_chooser
    factory = script.load_chooser("first_move:factory")
    game = script.play_game(factory(0), factory(1), 20)
    expected = gjjq.Game()
    for _ in range(20):
        if expected.is_over():
            break
        expected.push(min(expected.legal_moves()))
    assert game.moves == expected.moves and game.ply > 0
    with pytest.raises(SystemExit):
        script.load_chooser("nonsense")
    sys.modules.pop("first_move", None)
