"""The benchmark script still runs (briefly, without python-chess): it cannot rot."""

import importlib.util
import random

from conftest import REPO

BENCH = REPO / "bindings" / "python" / "examples" / "bench.py"


def test_bench_runs(capsys):
    spec = importlib.util.spec_from_file_location("bench", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    plies = bench.gjjq_position_playout(random.Random(1))
    assert plies > 0
    bench.main(["--seconds", "0.05"])
    out = capsys.readouterr().out
    assert "| gjjq `Position`: `legal_moves()` + `play()` |" in out
    assert "observation()" in out
