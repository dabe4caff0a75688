"""examples/luzhanqi_ismcts_match.py (OpenSpiel's ISMCTSBot against ``luzhanqi engine`` in
dark play, issue 40) plays a short game through the protocol and prints its lines, so the
script cannot rot. The engine is ``$LUZHANQI_ENGINE`` or the debug ``luzhanqi`` that
``cargo build -p luzhanqi-cli`` leaves (CI's ``cargo test --workspace`` has built it)."""

import importlib.util
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

import pytest

from conftest import REPO

SCRIPT = REPO / "bindings" / "python" / "examples" / "luzhanqi_ismcts_match.py"


def _script():
    spec = importlib.util.spec_from_file_location("luzhanqi_ismcts_match", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def _engine() -> str:
    given = os.environ.get("LUZHANQI_ENGINE")
    if given:
        return given
    if shutil.which("cargo") is None:
        pytest.skip("no cargo to build luzhanqi-cli and no $LUZHANQI_ENGINE")
    subprocess.run(["cargo", "build", "--quiet", "-p", "luzhanqi-cli"], cwd=REPO, check=True)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", "target"))
    if not target.is_absolute():
        target = REPO / target
    return str(target / "debug" / "luzhanqi")


def test_one_short_game_prints_its_lines(capsys):
    script = _script()
    engine = _engine()
    args = ["--engine", engine, "--games", "1", "--seed", "3", "--sims", "3"]
    summary = script.main(args + ["--engine-nodes", "50", "--max-plies", "24"])
    out = capsys.readouterr().out
    game = re.search(
        r"^game 1 pair 1 bot red winner (bot|engine|draw) reason (\S+) plies (\d+) "
        r"bot-moves (\d+) bot-s/move \d+\.\d\d$",
        out,
        re.M,
    )
    assert game, out
    plies, bot_moves = int(game.group(3)), int(game.group(4))
    assert 1 <= plies <= 24 and bot_moves == (plies + 1) // 2
    draws = ("ply-limit", "no-combat-limit", "no-movable-pieces", "repetition")
    assert (game.group(1) == "draw") == (game.group(2) in draws), out
    assert game.group(2) in draws + ("flag-captured", "no-move"), out
    result = re.search(
        r"^result games 1 bot (\d) draws (\d) engine (\d) score (\d\.\d{4}) "
        r"wilson (\d\.\d{4}) (\d\.\d{4}) pairs (\d\.\d{4}) (\d\.\d{4})$",
        out,
        re.M,
    )
    assert result, out
    won, drawn, lost = (int(result.group(i)) for i in (1, 2, 3))
    assert won + drawn + lost == 1
    assert float(result.group(4)) == pytest.approx(won + drawn / 2) == summary["score"]
    lo, hi = float(result.group(5)), float(result.group(6))
    assert lo <= summary["score"] <= hi and hi - lo > 0.5  # one game says little


def test_intervals():
    script = _script()
    # Wilson's interval of 0 in 8: [0, z²/(8 + z²)].
    lo, hi = script.wilson(0.0, 8)
    assert lo == 0.0 and hi == pytest.approx(1.96**2 / (8 + 1.96**2))
    lo, hi = script.wilson(0.5, 200)
    assert lo == pytest.approx(0.5 - 0.0689, abs=2e-3) and hi == pytest.approx(1 - lo)
    # Pairs (1, 0) and (1, 1): pair scores 0.5 and 1, mean 0.75, sd 0.3536, half-width
    # 1.96 * 0.3536 / sqrt(2) = 0.49.
    lo, hi = script.pair_interval([1.0, 0.0, 1.0, 1.0])
    assert lo == pytest.approx(0.75 - 0.49, abs=1e-3) and hi == 1.0
    assert script.pair_interval([0.0, 0.0]) == (0.0, 0.0)
    assert script.game_seed(1, 0) != script.game_seed(1, 1) and script.game_seed(0, 0) > 0


SILENT_AT_GO = """
import sys
for line in sys.stdin:
    words = line.split()
    if words and words[0] == "uci":
        print("uciok", flush=True)
    elif words and words[0] == "isready":
        print("readyok", flush=True)
    elif words and words[0] == "quit":
        break
    # and to "go", nothing at all
"""


def test_a_silent_engine_forfeits(tmp_path, capsys):
    # Issue 50, item 12: the script read the engine without a timeout, so a silent engine
    # hung it for ever. Two stand-ins: one that answers the handshake and then never a
    # "go", one that never says anything (sleep); each loses both games on time.
    script = _script()
    stand_ins = {
        "silent-at-go": f"#!{sys.executable}\n{SILENT_AT_GO}",
        "sleeps": "#!/bin/sh\nexec sleep 600\n",
    }
    for name, body in stand_ins.items():
        engine = tmp_path / name
        engine.write_text(body)
        engine.chmod(0o755)
        start = time.monotonic()
        args = ["--engine", str(engine), "--games", "2", "--seed", "3", "--sims", "2"]
        summary = script.main(args + ["--max-plies", "24", "--timeout", "1"])
        out = capsys.readouterr().out
        assert time.monotonic() - start < 60, name
        assert summary["games"] == 2 and summary["score"] == 1.0, out
        timeouts = re.findall(r"^game \d .* winner bot reason engine-timeout ", out, re.M)
        assert len(timeouts) == 2, out
