"""Perft and legal move counts through the binding agree with the perft files of the Rust
library (crates/gjjq-core/tests/data/*.perft), both bulk-counted in Rust and walked move by move in Python."""

import os

import gjjq

RUST_BUDGET = int(os.environ.get("GJJQ_PY_PERFT_BUDGET", "2000000"))
PYTHON_BUDGET = 3000


def python_perft(pos: gjjq.Position, depth: int) -> int:
    """Leaf count by legal_moves + play alone: every move crosses the binding."""
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(python_perft(pos.play(m), depth - 1) for m in moves)


def test_rust_perft_matches_files(perft_entries):
    checked = 0
    for e in perft_entries:
        pos = gjjq.Position.from_string(e["position"], e["rules"])
        for depth, nodes in e["counts"]:
            if nodes <= RUST_BUDGET:
                assert gjjq.perft(pos, depth) == nodes, (e["file"], e["id"], depth)
                checked += 1
    assert checked >= 60


def test_python_perft_matches_files(perft_entries):
    checked = 0
    for e in perft_entries:
        pos = gjjq.Position.from_string(e["position"], e["rules"])
        for depth, nodes in e["counts"]:
            if nodes <= PYTHON_BUDGET:
                assert python_perft(pos, depth) == nodes, (e["file"], e["id"], depth)
                checked += 1
    assert checked >= 30


def test_depth_one_counts_agree_across_views(perft_entries):
    for e in perft_entries:
        pos = gjjq.Position.from_string(e["position"], e["rules"])
        (d1,) = [n for d, n in e["counts"] if d == 1]
        moves = pos.legal_moves()
        actions = pos.legal_actions()
        mask = pos.legal_action_mask()
        assert len(moves) == d1, e["id"]
        assert len(set(moves)) == d1
        assert actions == sorted(m.action for m in moves)
        assert int(mask.sum()) == d1 and all(mask[a] for a in actions)
        assert all(pos.is_legal(m) and pos.is_legal(m.ascii()) for m in moves)
        assert pos.perft(1) == d1 == gjjq.perft(pos, 1)


def test_is_legal_agrees_with_legal_moves_for_every_pair():
    pos = gjjq.Position.from_string(
        "fpmgkgmpf/1dM3ad1/9/3i1i3/4i4/9/3III3/9/1DA3AD1/FP1GKGMPF r r7d3E 0 2"
    )
    legal = set(pos.legal_actions())
    for a in range(gjjq.NUM_ACTIONS):
        assert pos.is_legal(gjjq.Move.from_action(a)) == (a in legal)
