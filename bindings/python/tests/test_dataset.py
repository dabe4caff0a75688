"""``gjjq.load_dataset`` reads what ``gjjq datagen`` writes: the fixture written by the CLI
(crates/gjjq-engine/tests/data/sample.gjjqd) gives the same values as the Rust reader
(sample.json, checked by the engine crate's tests/dataset.rs)."""

import json
import pathlib

import numpy as np
import pytest

import gjjq

DATA = pathlib.Path(__file__).resolve().parents[3] / "crates" / "gjjq-engine" / "tests" / "data"


def test_the_datagen_fixture_reads_as_the_rust_reader_reads_it():
    data = gjjq.load_dataset(DATA / "sample.gjjqd")
    want = json.loads((DATA / "sample.json").read_text())
    assert len(data) == len(want) > 0
    kinds = gjjq.dataset_kinds(data)
    green = gjjq.dataset_green(data)
    for i, w in enumerate(want):
        assert kinds[i].tolist() == w["kinds"]
        assert green[i].astype(int).tolist() == w["green"]
        for field in ("turn", "result", "flags", "score", "ply", "plies_since_capture", "best_move", "game"):
            assert int(data[field][i]) == w[field], (i, field)
        assert data["pending"][i].tolist() == w["pending"]
        # The board agrees with the position the record stands for.
        pos = gjjq.Position.from_string(w["position"])
        for sq in range(90):
            piece = pos.piece_at(sq)
            assert (piece is None) == (kinds[i][sq] == 0)


def test_damaged_files_are_typed_errors(tmp_path):
    good = (DATA / "sample.gjjqd").read_bytes()
    cases = {
        "magic": b"NOTADATA" + good[8:],
        "version": good[:8] + (2).to_bytes(2, "little") + good[10:],
        "cut": good[:-5],
        "short": good[:10],
    }
    for name, content in cases.items():
        f = tmp_path / f"{name}.gjjqd"
        f.write_bytes(content)
        with pytest.raises(gjjq.DatasetError):
            gjjq.load_dataset(f)
    empty = tmp_path / "empty.gjjqd"
    empty.write_bytes(good[:32])
    assert len(gjjq.load_dataset(empty)) == 0
    assert gjjq.DATASET_DTYPE.itemsize == 80
    assert issubclass(gjjq.DatasetError, gjjq.GjjqError)
    assert np.dtype(gjjq.DATASET_DTYPE) == gjjq.DATASET_DTYPE
